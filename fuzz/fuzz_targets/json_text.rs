//! JSON text into the tape, and what reads the tape: any bytes parse or give a syntax error
//! (never a panic); what parses reads back into a value whose JSON text is stable (written,
//! parsed and written again, the same text); every format's validator takes it, each issue
//! with a code and a message.
#![no_main]
use agent_messages::formats::Format;
use agent_messages::tape::json::{parse_bytes_into, JsonTape};
use agent_messages::tape::value::Value;
use agent_messages::validate::{check, Mode, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut tape = JsonTape::default();
    if parse_bytes_into(data, 64, &mut tape).is_err() {
        return;
    }
    assert!(
        std::str::from_utf8(data).is_ok(),
        "JSON text that parsed is UTF-8"
    );
    let view = tape.view_bytes(data);
    let value = Value::from_tape(&view, 0);
    let text = value.to_json();
    let again = Value::parse(&text).expect("written JSON text parses");
    assert_eq!(again.to_json(), text, "written JSON text is stable");
    let opts = Options::default();
    for format in Format::ALL {
        for schema in format.stored() {
            let checked = check(&view, 0, schema.shape, Mode::Json, &opts);
            for issue in &checked.issues {
                assert!(!issue.message.is_empty(), "{issue:?}");
            }
        }
    }
});
