//! The core, natively: validation, the codec and ids, with the tapes the JS walker writes.
#![cfg(not(target_arch = "wasm32"))]

mod agens;
mod ai_sdk;
mod ai_sdk_ui;
mod anthropic;
mod bedrock;
mod built_fields;
mod built_tape;
mod convert;
mod convert_agens;
mod convert_ai_sdk;
mod convert_ai_sdk_ui;
mod convert_anthropic;
mod convert_bedrock;
mod convert_check;
mod convert_hostile;
mod convert_law;
mod convert_law_cases;
mod convert_options;
mod convert_providers;
mod convert_regressions;
mod convert_render;
mod convert_report;
mod convert_swarm;
mod engine_shapes;
mod fuzz_replay;
#[path = "../../fuzz/src/targets.rs"]
mod fuzz_targets;
mod gen;
mod gen_wide;
mod json_text;
mod kernel_codec;
mod kernel_props;
mod kernel_validate;
mod layers;
mod log;
mod openai;
mod stream_ai_sdk_ui;
mod stream_anthropic;
mod stream_formats;
mod stream_openai;
mod stream_parsers;
mod stream_support;
mod support;
mod swarm;
