//! `agent_messages_fuzz::targets::convert_law`, under libFuzzer, held to linear memory and time.
#![no_main]
use agent_messages_fuzz::{run, targets};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| run(targets::convert_law, data));
