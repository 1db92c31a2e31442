//! Every conversion pair over any conversation valid in its source: the conversion never
//! fails and never writes a message its target rejects (`convert_values` checks the target's
//! JSON text), and the way back is valid too.
#![no_main]
use agent_messages::formats::Format;
use agent_messages::log::convert::{convert_values, Target};
use agent_messages::tape::json::parse;
use agent_messages::tape::value::Value;
use agent_messages::validate::{read_values, Input, Mode, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [a, b, rest @ ..] = data else {
        return;
    };
    let formats: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|f| f.convertible())
        .collect();
    let from = formats[*a as usize % formats.len()];
    let to = formats[*b as usize % formats.len()];
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let Ok(tape) = parse(text, 64) else {
        return;
    };
    let opts = Options::default();
    let read = read_values(
        &tape.view(text),
        0,
        from.message_schema().shape,
        Mode::Json,
        &opts,
        Input::List,
    );
    let Some(Value::Arr(values)) = read.value else {
        return;
    };
    let target = |to| Target {
        to,
        now: 1.7e12,
        agent_name: String::new(),
    };
    let there = match convert_values(from, &values, &target(to), 0, &opts) {
        Ok(c) => c,
        Err(issues) => panic!("{from} -> {to} wrote messages {to} rejects: {issues:?}\n{text}"),
    };
    let mid: Vec<Value> = there
        .messages
        .iter()
        .map(|m| Value::parse(m).expect("JSON text"))
        .collect();
    if let Err(issues) = convert_values(to, &mid, &target(from), 0, &opts) {
        panic!("{to} -> {from} wrote messages {from} rejects: {issues:?}\n{text}");
    }
});
