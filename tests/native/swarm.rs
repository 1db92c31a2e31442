//! agent-swarm-kit's `IModelMessage` and `IToolCall`: valid and invalid messages with exact
//! codes and paths, the JSON text path, and the codec (byte images stay bytes).

use crate::support::{codes, num, s};
use agent_messages::formats::schemas;
use agent_messages::formats::swarm;
use agent_messages::tape::builder::Js;
use agent_messages::validate::{Checked, Options, ReviveKind, Shape};

fn validate_as(shape: &Shape, value: &Js, opts: &Options) -> Checked {
    crate::support::check_js_with(shape, value, opts)
}

fn validate(value: &Js) -> Checked {
    validate_as(&swarm::MESSAGE, value, &Options::default())
}

fn validate_text(text: &str) -> Checked {
    crate::support::check_text(&swarm::MESSAGE, text)
}

fn to_json(value: &Js) -> Checked {
    crate::support::encode(&swarm::MESSAGE, value)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

fn message(role: &str, mode: &str, extra: Vec<(&str, Js)>) -> Js {
    let mut fields = vec![
        ("role".to_string(), s(role)),
        ("agentName".to_string(), s("triage")),
        ("content".to_string(), s("hello")),
        ("mode".to_string(), s(mode)),
    ];
    for (k, v) in extra {
        match fields.iter_mut().find(|(name, _)| name == k) {
            Some(slot) => slot.1 = v,
            None => fields.push((k.to_string(), v)),
        }
    }
    Js::Obj(fields)
}

fn tool_call(id: &str, name: &str, arguments: Js) -> Js {
    Js::obj([
        ("id", s(id)),
        ("type", s("function")),
        (
            "function",
            Js::obj([("name", s(name)), ("arguments", arguments)]),
        ),
    ])
}

#[test]
fn the_format_registers_its_message_type_first() {
    let names: Vec<_> = schemas()
        .iter()
        .filter(|s| s.format == agent_messages::formats::Format::Swarm)
        .map(|s| s.name)
        .collect();
    assert_eq!(
        names,
        [
            "IModelMessage",
            "IToolCall",
            "ExecutionMode",
            "ModelMessageRole"
        ]
    );
}

#[test]
fn every_role_and_both_modes_are_valid_and_content_may_be_empty() {
    for role in swarm::ROLES {
        for mode in swarm::MODES {
            assert_eq!(codes(&validate(&message(role, mode, vec![]))), vec![]);
        }
    }
    let flush = Js::obj([
        ("role", s("flush")),
        ("agentName", s("a")),
        ("content", s("")),
        ("mode", s("tool")),
    ]);
    assert_eq!(codes(&validate(&flush)), vec![]);
}

#[test]
fn a_full_message_with_every_optional_field_is_valid() {
    let msg = message(
        "assistant",
        "tool",
        vec![
            (
                "tool_calls",
                Js::Arr(vec![tool_call(
                    "call_abc123xyz",
                    "search",
                    Js::obj([("q", s("x")), ("n", num(3.0))]),
                )]),
            ),
            ("images", Js::Arr(vec![s("https://x/a.png"), s("iVBORw0K")])),
            ("tool_call_id", s("call_abc123xyz")),
            ("payload", Js::obj([("image_id", s("u-1"))])),
        ],
    );
    assert_eq!(codes(&validate(&msg)), vec![]);
    for payload in [Js::Null, Js::Undefined, Js::obj([])] {
        let m = message("user", "user", vec![("payload", payload)]);
        assert_eq!(codes(&validate(&m)), vec![]);
    }
    let bytes = message(
        "user",
        "user",
        vec![(
            "images",
            Js::Arr(vec![Js::Bytes(vec![1, 2]), Js::Bytes(vec![])]),
        )],
    );
    assert_eq!(codes(&validate(&bytes)), vec![]);
}

#[test]
fn missing_required_fields_are_all_reported() {
    let c = validate(&Js::obj([]));
    assert_eq!(
        codes(&c),
        pairs(&[
            ("missing", r#"["role"]"#),
            ("missing", r#"["agentName"]"#),
            ("missing", r#"["content"]"#),
            ("missing", r#"["mode"]"#),
        ])
    );
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some(r#""tool" | "user" | "assistant" | "system" | "resque" | "flush" | "developer""#)
    );
    assert_eq!(c.issues[3].expected.as_deref(), Some(r#""user" | "tool""#));
}

#[test]
fn unknown_roles_and_modes_are_invalid_literals() {
    let c = validate(&message("bot", "auto", vec![]));
    assert_eq!(
        codes(&c),
        pairs(&[
            ("invalid_literal", r#"["role"]"#),
            ("invalid_literal", r#"["mode"]"#)
        ])
    );
    assert_eq!(c.issues[0].received.as_deref(), Some(r#""bot""#));
    let c = validate(&Js::obj([
        ("role", num(1.0)),
        ("agentName", Js::Null),
        ("content", Js::Undefined),
        ("mode", s("user")),
    ]));
    assert_eq!(
        codes(&c),
        pairs(&[
            ("invalid_type", r#"["role"]"#),
            ("invalid_type", r#"["agentName"]"#),
            ("invalid_type", r#"["content"]"#),
        ])
    );
}

#[test]
fn tool_call_arguments_must_be_an_object_not_json_text() {
    let msg = message(
        "assistant",
        "tool",
        vec![(
            "tool_calls",
            Js::Arr(vec![
                tool_call("c1", "search", Js::obj([])),
                tool_call("c2", "search", s(r#"{"q":"x"}"#)),
                tool_call("c3", "search", Js::Arr(vec![])),
            ]),
        )],
    );
    let c = validate(&msg);
    assert_eq!(
        codes(&c),
        pairs(&[
            (
                "arguments_json_string",
                r#"["tool_calls",1,"function","arguments"]"#
            ),
            ("invalid_type", r#"["tool_calls",2,"function","arguments"]"#),
        ])
    );
    assert!(c.issues[0].message.contains("OpenAI converter"));
    assert_eq!(c.issues[0].expected.as_deref(), Some("object"));
}

#[test]
fn a_tool_call_has_an_id_the_literal_type_and_a_named_function() {
    let bad = Js::obj([
        ("type", s("tool")),
        ("function", Js::obj([("arguments", Js::obj([]))])),
    ]);
    let c = validate_as(&Shape::Object(&swarm::TOOL_CALL), &bad, &Options::default());
    assert_eq!(
        codes(&c),
        pairs(&[
            ("invalid_literal", r#"["type"]"#),
            ("missing", r#"["function","name"]"#),
            ("missing", r#"["id"]"#),
        ])
    );
    let good = tool_call("call_0123456789", "f", Js::obj([("deep", Js::Arr(vec![]))]));
    let c = validate_as(
        &Shape::Object(&swarm::TOOL_CALL),
        &good,
        &Options::default(),
    );
    assert_eq!(codes(&c), vec![]);
}

#[test]
fn images_are_strings_or_bytes_but_never_both() {
    let mixed = message(
        "user",
        "user",
        vec![(
            "images",
            Js::Arr(vec![s("aGk="), Js::Bytes(vec![1]), s("x")]),
        )],
    );
    let c = validate(&mixed);
    assert_eq!(codes(&c), pairs(&[("mixed_items", r#"["images",1]"#)]));
    assert_eq!(c.issues[0].expected.as_deref(), Some("string"));
    assert_eq!(c.issues[0].received.as_deref(), Some("Uint8Array"));
    let wrong = message(
        "user",
        "user",
        vec![("images", Js::Arr(vec![num(1.0), Js::obj([])]))],
    );
    assert_eq!(
        codes(&validate(&wrong)),
        pairs(&[
            ("invalid_type", r#"["images",0]"#),
            ("invalid_type", r#"["images",1]"#),
        ])
    );
    let not_array = message("user", "user", vec![("images", s("a.png"))]);
    assert_eq!(
        codes(&validate(&not_array)),
        pairs(&[("invalid_type", r#"["images"]"#)])
    );
}

#[test]
fn payload_is_an_object_or_null() {
    for (bad, received) in [
        (s("x"), "string"),
        (Js::Arr(vec![]), "array"),
        (num(1.0), "number"),
    ] {
        let c = validate(&message("user", "user", vec![("payload", bad)]));
        assert_eq!(codes(&c), pairs(&[("invalid_type", r#"["payload"]"#)]));
        assert_eq!(c.issues[0].received.as_deref(), Some(received));
        assert_eq!(
            c.issues[0].expected.as_deref(),
            Some("{ [key: string]: any } | null")
        );
    }
}

#[test]
fn extra_properties_are_kept_and_reported_only_when_strict() {
    let msg = message("user", "user", vec![("clientId", s("c"))]);
    assert_eq!(codes(&validate(&msg)), vec![]);
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert_eq!(
        codes(&validate_as(&swarm::MESSAGE, &msg, &strict)),
        pairs(&[("unrecognized_key", r#"["clientId"]"#)])
    );
    // A payload and tool arguments are free-form: nothing in them is unrecognized.
    let free = message(
        "assistant",
        "tool",
        vec![
            ("payload", Js::obj([("anything", num(1.0))])),
            (
                "tool_calls",
                Js::Arr(vec![tool_call("c", "f", Js::obj([("k", s("v"))]))]),
            ),
        ],
    );
    assert_eq!(codes(&validate_as(&swarm::MESSAGE, &free, &strict)), vec![]);
}

#[test]
fn the_role_and_mode_shapes_take_bare_strings() {
    let opts = Options::default();
    assert_eq!(
        codes(&validate_as(&swarm::ROLE_SHAPE, &s("developer"), &opts)),
        vec![]
    );
    assert_eq!(
        codes(&validate_as(&swarm::ROLE_SHAPE, &s("Developer"), &opts)),
        pairs(&[("invalid_literal", "[]")])
    );
    assert_eq!(
        codes(&validate_as(&swarm::MODE_SHAPE, &s("tool"), &opts)),
        vec![]
    );
    assert_eq!(
        codes(&validate_as(&swarm::MODE_SHAPE, &Js::Null, &opts)),
        pairs(&[("invalid_type", "[]")])
    );
}

#[test]
fn json_text_is_checked_with_the_same_codes_and_paths() {
    let ok =
        r#"{"role":"tool","agentName":"a","content":"42","mode":"tool","tool_call_id":"call_1"}"#;
    assert_eq!(codes(&validate_text(ok)), vec![]);
    let bad = concat!(
        r#"{"role":"robot","agentName":"a","content":"","mode":"tool","#,
        r#""tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}],"#,
        r#""images":["aGk=",{"$bytes":"AQ=="}],"payload":[]}"#
    );
    assert_eq!(
        codes(&validate_text(bad)),
        pairs(&[
            ("invalid_literal", r#"["role"]"#),
            (
                "arguments_json_string",
                r#"["tool_calls",0,"function","arguments"]"#
            ),
            ("mixed_items", r#"["images",1]"#),
            ("invalid_type", r#"["payload"]"#),
        ])
    );
    // In the JSON form a byte image is {"$bytes": base64}: anything else is not an image.
    let wrong_tag =
        r#"{"role":"user","agentName":"a","content":"","mode":"user","images":[{"bytes":"AQ=="}]}"#;
    assert_eq!(
        codes(&validate_text(wrong_tag)),
        pairs(&[("invalid_type", r#"["images",0]"#)])
    );
    let bad_base64 =
        r#"{"role":"user","agentName":"a","content":"","mode":"user","images":[{"$bytes":"@@"}]}"#;
    assert_eq!(
        codes(&validate_text(bad_base64)),
        pairs(&[("invalid_base64", r#"["images",0,"$bytes"]"#)])
    );
}

#[test]
fn byte_images_are_tagged_in_json_and_string_images_stay_strings() {
    let bytes = message(
        "user",
        "user",
        vec![(
            "images",
            Js::Arr(vec![Js::Bytes(b"hi".to_vec()), Js::Bytes(vec![0, 255])]),
        )],
    );
    let json = to_json(&bytes).json.expect("encodes");
    assert_eq!(
        json,
        r#"{"role":"user","agentName":"triage","content":"hello","mode":"user","images":[{"$bytes":"aGk="},{"$bytes":"AP8="}]}"#
    );
    let back = validate_text(&json);
    assert_eq!(codes(&back), vec![]);
    let ops: Vec<_> = back
        .revive
        .ops
        .iter()
        .map(|(p, k)| (serde_json::to_string(p).unwrap(), k.clone()))
        .collect();
    assert_eq!(
        ops,
        vec![
            (
                r#"["images",0,"$bytes"]"#.to_string(),
                ReviveKind::Bytes { off: 0, len: 2 }
            ),
            (r#"["images",0]"#.to_string(), ReviveKind::Unwrap),
            (
                r#"["images",1,"$bytes"]"#.to_string(),
                ReviveKind::Bytes { off: 2, len: 2 }
            ),
            (r#"["images",1]"#.to_string(), ReviveKind::Unwrap),
        ]
    );
    assert_eq!(back.revive.bytes, b"hi\x00\xff");

    // A string image that happens to be base64 is written and read back as a string.
    let strings = message("user", "user", vec![("images", Js::Arr(vec![s("aGk=")]))]);
    let json = to_json(&strings).json.expect("encodes");
    assert!(json.ends_with(r#""images":["aGk="]}"#), "{json}");
    let back = validate_text(&json);
    assert_eq!(codes(&back), vec![]);
    assert!(back.revive.ops.is_empty());
}

#[test]
fn payloads_and_arguments_keep_bytes_and_look_alikes_through_json() {
    let msg = message(
        "assistant",
        "tool",
        vec![
            (
                "tool_calls",
                Js::Arr(vec![tool_call(
                    "c",
                    "upload",
                    Js::obj([("file", Js::Bytes(vec![7])), ("n", num(-0.0))]),
                )]),
            ),
            (
                "payload",
                Js::obj([
                    ("tricky", Js::obj([("$bytes", s("not really"))])),
                    ("list", Js::Arr(vec![Js::Null, Js::Bool(true)])),
                ]),
            ),
        ],
    );
    let json = to_json(&msg).json.expect("encodes");
    assert_eq!(
        json,
        concat!(
            r#"{"role":"assistant","agentName":"triage","content":"hello","mode":"tool","#,
            r#""tool_calls":[{"id":"c","type":"function","function":{"name":"upload","arguments":{"file":{"$bytes":"Bw=="},"n":-0}}}],"#,
            r#""payload":{"tricky":{"$escape":{"$bytes":"not really"}},"list":[null,true]}}"#
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
                r#"["tool_calls",0,"function","arguments","file","$bytes"]"#.to_string(),
                ReviveKind::Bytes { off: 0, len: 1 }
            ),
            (
                r#"["tool_calls",0,"function","arguments","file"]"#.to_string(),
                ReviveKind::Unwrap
            ),
            (r#"["payload","tricky"]"#.to_string(), ReviveKind::Unwrap),
        ]
    );
}

#[test]
fn the_codec_refuses_invalid_messages_and_what_json_cannot_carry() {
    let c = to_json(&message("bot", "user", vec![]));
    assert!(c.json.is_none());
    assert_eq!(codes(&c), pairs(&[("invalid_literal", r#"["role"]"#)]));
    let c = to_json(&message(
        "user",
        "user",
        vec![("payload", Js::obj([("f", Js::Function)]))],
    ));
    assert!(c.json.is_none());
    assert_eq!(
        codes(&c),
        pairs(&[("not_serializable", r#"["payload","f"]"#)])
    );
}

#[test]
fn hostile_values_are_issues() {
    let cases = [
        (
            message("user", "user", vec![("agentName", Js::Utf16(vec![0xD800]))]),
            "ill_formed_string",
        ),
        (
            message("user", "user", vec![("payload", Js::Cycle)]),
            "cycle",
        ),
        (
            message(
                "user",
                "user",
                vec![("payload", Js::Threw("getter".into()))],
            ),
            "unreadable",
        ),
        (
            message("user", "user", vec![("content", Js::BigInt)]),
            "invalid_type",
        ),
    ];
    for (value, code) in cases {
        let c = validate(&value);
        assert_eq!(
            c.issues.first().map(|i| i.code.as_str()),
            Some(code),
            "{value:?}"
        );
    }
    // Inside a free-form payload, a cycle is a valid JS value (as for any `object`), but the
    // codec cannot write it; nesting past maxDepth is an issue for both (one depth rule).
    for (inner, code, valid) in [(Js::Deep, "too_deep", false), (Js::Cycle, "cycle", true)] {
        let m = message("user", "user", vec![("payload", Js::obj([("d", inner)]))]);
        let expected = if valid {
            vec![]
        } else {
            pairs(&[(code, r#"["payload","d"]"#)])
        };
        assert_eq!(codes(&validate(&m)), expected);
        let c = to_json(&m);
        assert!(c.json.is_none());
        assert_eq!(codes(&c), pairs(&[(code, r#"["payload","d"]"#)]));
    }
}
