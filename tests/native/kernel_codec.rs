use crate::support::*;
use agent_messages::boundary::other_kind;
use agent_messages::tape::builder::Js;
use agent_messages::validate::ReviveKind;

fn tool_results(output: Js, error: Option<Js>) -> Js {
    let mut result = vec![
        ("callId".to_string(), s("c1")),
        ("output".to_string(), output),
    ];
    if let Some(e) = error {
        result.push(("error".to_string(), e));
    }
    Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("tool-results")),
        ("results", Js::Arr(vec![Js::Obj(result)])),
    ])
}

fn error(name: &str, message: &str) -> Js {
    Js::Error(vec![
        ("name".into(), s(name)),
        ("message".into(), s(message)),
        ("stack".into(), s("Error: m\n    at f")),
    ])
}

#[test]
fn bytes_become_base64_and_errors_objects() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("input")),
        (
            "files",
            Js::Arr(vec![Js::obj([("data", Js::Bytes(b"hello".to_vec()))])]),
        ),
    ]);
    let json = to_json(&msg).json.expect("encodes");
    assert_eq!(
        json,
        r#"{"id":"x","timestamp":1,"type":"input","files":[{"data":"aGVsbG8="}]}"#
    );
    let c = validate_text(&json);
    assert_eq!(
        c.revive.ops,
        vec![(
            vec!["files".into(), 0.into(), "data".into()],
            ReviveKind::Bytes { off: 0, len: 5 }
        )]
    );
    assert_eq!(c.revive.bytes, b"hello");
}

#[test]
fn free_form_values_keep_bytes_errors_and_look_alike_objects() {
    let output = Js::obj([
        ("raw", Js::Bytes(vec![0, 255])),
        ("why", error("TypeError", "bad")),
        ("tricky", Js::obj([("$bytes", s("not really"))])),
    ]);
    let msg = tool_results(output, Some(error("RangeError", "out")));
    let json = to_json(&msg).json.expect("encodes");
    assert_eq!(
        json,
        concat!(
            r#"{"id":"x","timestamp":1,"type":"tool-results","results":[{"callId":"c1","output":"#,
            r#"{"raw":{"$bytes":"AP8="},"why":{"$error":{"name":"TypeError","message":"bad","stack":"Error: m\n    at f"}},"#,
            r#""tricky":{"$escape":{"$bytes":"not really"}}},"#,
            r#""error":{"name":"RangeError","message":"out","stack":"Error: m\n    at f"}}]}"#
        )
    );
    let back = validate_text(&json);
    assert_eq!(codes(&back), vec![]);
    let kinds: Vec<_> = back
        .revive
        .ops
        .iter()
        .map(|(p, k)| (serde_json::to_string(p).unwrap(), k.clone()))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (
                r#"["results",0,"output","raw","$bytes"]"#.into(),
                ReviveKind::Bytes { off: 0, len: 2 }
            ),
            (r#"["results",0,"output","raw"]"#.into(), ReviveKind::Unwrap),
            (
                r#"["results",0,"output","why","$error"]"#.into(),
                ReviveKind::Error
            ),
            (r#"["results",0,"output","why"]"#.into(), ReviveKind::Unwrap),
            (
                r#"["results",0,"output","tricky"]"#.into(),
                ReviveKind::Unwrap
            ),
            (r#"["results",0,"error"]"#.into(), ReviveKind::Error),
        ]
    );
}

#[test]
fn values_json_cannot_carry_are_refused_not_corrupted() {
    for (value, code) in [
        (Js::Function, "not_serializable"),
        (Js::Other(other_kind::DATE), "not_serializable"),
        (Js::BigInt, "not_serializable"),
        (num(f64::NAN), "not_serializable"),
        (Js::Cycle, "cycle"),
        (Js::Arr(vec![Js::Undefined]), "not_serializable"),
    ] {
        let c = to_json(&tool_results(Js::obj([("v", value.clone())]), None));
        assert!(c.json.is_none(), "{value:?}");
        assert_eq!(c.issues[0].code.as_str(), code, "{value:?}");
    }
}

#[test]
fn undefined_properties_are_left_out_like_json_does() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("input")),
        ("text", Js::Undefined),
        ("extra", Js::Undefined),
    ]);
    assert_eq!(
        to_json(&msg).json.unwrap(),
        r#"{"id":"x","timestamp":1,"type":"input"}"#
    );
}

#[test]
fn strings_round_trip_with_escapes_and_lone_surrogates_are_refused() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("log")),
        ("text", s("line\n\"quoted\" \u{1} é 😀")),
        ("custom\u{7f}", s("kept")),
    ]);
    let json = to_json(&msg).json.unwrap();
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed["text"], "line\n\"quoted\" \u{1} é 😀");
    assert_eq!(parsed["custom\u{7f}"], "kept");
    let lone = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("log")),
        ("text", s("t")),
        ("custom", Js::Utf16(vec![0xDC00])),
    ]);
    let c = to_json(&lone);
    assert!(c.json.is_none());
    assert_eq!(
        codes(&c),
        vec![("ill_formed_string".into(), r#"["custom"]"#.into())]
    );
}
