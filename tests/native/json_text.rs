//! JSON text as the writer writes it ([`agent_messages::json_text`]).
use agent_messages::json_text::as_written;
use agent_messages::tape::value::{Name, Value};
use proptest::prelude::*;

/// `as_written`, where it answers, answers what writing the value out and comparing says:
/// OpenAI's reader asks it of every tool call's arguments (is their spacing kept?).
#[test]
fn as_written_says_what_writing_the_value_out_says() {
    let check = |text: &str| {
        let Ok(v) = Value::parse(text) else { return };
        let same = v.to_json() == text;
        if let Some(said) = as_written(text) {
            assert_eq!(said, same, "{text:?}");
        }
    };
    for text in [
        "{}",
        "[]",
        "{\"a\":1}",
        "{\"a\": 1}",
        "{ \"a\":1}",
        "{\"a\":1 }",
        "\n{}",
        "{}\n",
        "{\"a b\":\"c d\"}",
        "{\"a\":\"\\n\"}",
        "{\"a\":\"\\u0041\"}",
        "{\"a\":\"\\/\"}",
        "{\"a\":0}",
        "{\"a\":-0}",
        "{\"a\":00}",
        "{\"a\":1.0}",
        "{\"a\":1e3}",
        "{\"a\":1E3}",
        "{\"a\":-12}",
        "{\"a\":123456789012345}",
        "{\"a\":1234567890123456}",
        "{\"a\":999999999999999}",
        "{\"a\":-999999999999999}",
        "{\"a\":1000000000000000}",
        "{\"a\":\"\\n\" }",
        "{\"a\":0.5}",
        "{\"a\":[true,false,null]}",
        "{\"a\":[true, false]}",
        "{\"é\":\"✓\"}",
        "\"x\"",
        "12",
    ] {
        check(text);
    }
    // Some of every answer, from the list above.
    assert_eq!(as_written("{\"a\":1}"), Some(true));
    assert_eq!(as_written("{\"a\": 1}"), Some(false));
    assert_eq!(as_written("{\"a\":\"\\n\"}"), None);
    assert_eq!(as_written("{\"a\":1.0}"), None);
    // Any value, written as the writer writes it, then with one edit: a space, an escape,
    // a number spelled another way (somewhere, inside a string or not).
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-2_000_000i64..2_000_000).prop_map(|n| Value::Num(n as f64)),
        any::<f64>()
            .prop_filter("finite", |n| n.is_finite())
            .prop_map(Value::Num),
        "[a-c \"\\\\/é✓\n]{0,6}".prop_map(Value::Str),
    ];
    let value = leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Arr),
            prop::collection::vec(("[a-c]{1,2}", inner), 0..4).prop_map(|entries| {
                let mut seen = Vec::new();
                Value::Obj(
                    entries
                        .into_iter()
                        .filter(|(k, _)| {
                            let new = !seen.contains(k);
                            seen.push(k.clone());
                            new
                        })
                        .map(|(k, v)| (Name::Owned(k), v))
                        .collect(),
                )
            }),
        ]
    });
    let edits = [" ", "\n", "\\u0061", ".0", "e0", "0"];
    proptest!(ProptestConfig::with_cases(3000), |(v in value, at in 0usize..64, edit in 0usize..7)| {
        let text = v.to_json();
        assert!(as_written(&text).unwrap_or(true), "{text:?}");
        check(&text);
        if let Some(e) = edits.get(edit) {
            let at = at.min(text.len());
            if text.is_char_boundary(at) {
                check(&format!("{}{e}{}", &text[..at], &text[at..]));
            }
        }
    });
}
