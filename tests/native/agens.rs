//! Agens (`Agens.Message`): valid and invalid messages with exact codes and paths, the JSON
//! text path, the codec, and the `next` instructions.

use crate::support::{codes, num, s};
use agent_messages::formats::agens;
use agent_messages::tape::builder::Js;
use agent_messages::tape::json;
use agent_messages::validate::{encode_json, Checked, Options, ReviveKind, Shape};

fn validate_shape(value: &Js, shape: &Shape) -> Checked {
    crate::support::check_js(shape, value)
}

fn validate(value: &Js) -> Checked {
    validate_shape(value, &agens::MESSAGE)
}

fn validate_strict(value: &Js) -> Checked {
    let opts = Options {
        strict: true,
        ..Options::default()
    };
    crate::support::check_js_with(&agens::MESSAGE, value, &opts)
}

fn validate_text(text: &str) -> Checked {
    crate::support::check_text(&agens::MESSAGE, text)
}

fn to_json(value: &Js) -> Checked {
    crate::support::encode(&agens::MESSAGE, value)
}

fn pairs(c: &Checked) -> Vec<(String, String)> {
    codes(c)
}

fn issue(code: &str, path: &str) -> (String, String) {
    (code.to_string(), path.to_string())
}

fn arr<const N: usize>(items: [Js; N]) -> Js {
    Js::Arr(items.into())
}

/// A message with every documented field set.
fn full() -> Js {
    Js::obj([
        ("caller", s("#PID<0.123.0>")),
        ("id", s("5ffc72a101b4ea4e61eab006b118a68a")),
        ("run_id", s("run-1")),
        ("parent_run_id", Js::Null),
        ("thread_id", s("t-1")),
        ("input", s("Write a brief")),
        ("system", s("You are...")),
        ("user", s("Please...")),
        ("result", s("Done")),
        ("previous_result", Js::Null),
        (
            "outputs",
            Js::obj([("score", num(8.0)), ("pass", Js::Bool(true))]),
        ),
        ("job_id", s("industry_brief")),
        ("job_description", s("desc")),
        ("node_id", s("research")),
        ("node_objective", s("find sources")),
        ("agent_id", s("researcher")),
        ("serving_name", s("Elixir.MyApp.Serving")),
        (
            "tool_defs",
            arr([Js::obj([
                ("name", s("search")),
                (
                    "inputSchema",
                    Js::obj([("type", s("object")), ("required", arr([s("q")]))]),
                ),
            ])]),
        ),
        (
            "tool_calls",
            arr([Js::obj([
                ("id", s("call-1")),
                ("name", s("search")),
                (
                    "arguments",
                    arr([Js::obj([("key", s("q")), ("value", s("elixir"))])]),
                ),
                ("server_name", s("web")),
                ("type", s("mcp_tool_use")),
            ])]),
        ),
        (
            "tool_results",
            Js::obj([("call-1", Js::obj([("hits", arr([num(1.0), s("two")]))]))]),
        ),
        (
            "resources",
            arr([Js::obj([
                ("uri", s("file:///brief.md")),
                ("name", s("brief")),
                ("description", Js::Null),
                ("content", s("# Brief")),
            ])]),
        ),
        ("retries", num(2.0)),
        ("retry_reason", s("too short")),
        (
            "next",
            arr([
                Js::obj([
                    ("type", s("route")),
                    ("node_id", s("write")),
                    ("count", num(3.0)),
                ]),
                Js::obj([("type", s("yield")), ("node_id", s("merge"))]),
                Js::obj([("type", s("sub")), ("job_id", s("child"))]),
                Js::obj([("type", s("end"))]),
                Js::obj([("type", s("retry"))]),
                Js::obj([("type", s("retry")), ("reason", s("again"))]),
            ]),
        ),
    ])
}

#[test]
fn only_input_is_required() {
    assert_eq!(pairs(&validate(&Js::obj([("input", s("hi"))]))), vec![]);
    assert_eq!(pairs(&validate(&full())), vec![]);
    assert_eq!(pairs(&validate_strict(&full())), vec![]);
    assert_eq!(
        pairs(&validate(&Js::obj([]))),
        vec![issue("missing", r#"["input"]"#)]
    );
}

#[test]
fn every_optional_field_but_retries_and_next_may_be_null_or_absent() {
    let nullable = [
        "caller",
        "id",
        "run_id",
        "parent_run_id",
        "thread_id",
        "system",
        "user",
        "result",
        "previous_result",
        "outputs",
        "job_id",
        "job_description",
        "node_id",
        "node_objective",
        "agent_id",
        "serving_name",
        "tool_defs",
        "tool_calls",
        "tool_results",
        "resources",
        "retry_reason",
    ];
    let mut entries = vec![("input".to_string(), s("x"))];
    entries.extend(nullable.iter().map(|k| (k.to_string(), Js::Null)));
    entries.push(("retries".into(), Js::Undefined));
    entries.push(("next".into(), Js::Undefined));
    assert_eq!(pairs(&validate(&Js::Obj(entries))), vec![]);
    let c = validate(&Js::obj([
        ("input", s("x")),
        ("retries", Js::Null),
        ("next", Js::Null),
    ]));
    assert_eq!(
        pairs(&c),
        vec![
            issue("invalid_type", r#"["retries"]"#),
            issue("invalid_type", r#"["next"]"#),
        ]
    );
    assert_eq!(c.issues[1].expected.as_deref(), Some("NextInstruction[]"));
}

#[test]
fn format_rules_have_their_own_codes() {
    let c = validate(&Js::obj([
        ("input", s("")),
        ("caller", s("#PID<0.1>")),
        ("retries", num(-1.0)),
    ]));
    assert_eq!(
        pairs(&c),
        vec![
            issue("too_small", r#"["input"]"#),
            issue("invalid_format", r#"["caller"]"#),
            issue("too_small", r#"["retries"]"#),
        ]
    );
    assert_eq!(c.issues[1].expected.as_deref(), Some("#PID<a.b.c>"));
    assert_eq!(c.issues[1].received.as_deref(), Some("\"#PID<0.1>\""));
    let frac = validate(&Js::obj([("input", s("x")), ("retries", num(1.5))]));
    assert_eq!(pairs(&frac), vec![issue("invalid_type", r#"["retries"]"#)]);
    assert_eq!(frac.issues[0].expected.as_deref(), Some("an integer"));
    let nan = validate(&Js::obj([("input", s("x")), ("retries", num(f64::NAN))]));
    assert_eq!(pairs(&nan), vec![issue("not_finite", r#"["retries"]"#)]);
}

#[test]
fn next_instructions_are_told_apart_by_type() {
    let c = validate(&Js::obj([
        ("input", s("x")),
        (
            "next",
            arr([
                Js::obj([
                    ("type", s("route")),
                    ("node_id", s("a")),
                    ("count", num(0.0)),
                ]),
                Js::obj([("type", s("route")), ("node_id", s("a"))]),
                Js::obj([("type", s("yield")), ("job_id", s("a"))]),
                Js::obj([("type", s("sub")), ("job_id", num(1.0))]),
                Js::obj([("type", s("retry")), ("reason", Js::Null)]),
                Js::obj([("type", s("stop"))]),
                Js::obj([("node_id", s("a"))]),
                s("end"),
            ]),
        ),
    ]));
    assert_eq!(
        pairs(&c),
        vec![
            issue("too_small", r#"["next",0,"count"]"#),
            issue("missing", r#"["next",1,"count"]"#),
            issue("missing", r#"["next",2,"node_id"]"#),
            issue("invalid_type", r#"["next",3,"job_id"]"#),
            issue("invalid_type", r#"["next",4,"reason"]"#),
            issue("unknown_type", r#"["next",5,"type"]"#),
            issue("missing", r#"["next",6,"type"]"#),
            issue("invalid_type", r#"["next",7]"#),
        ]
    );
    assert_eq!(
        c.issues[5].expected.as_deref(),
        Some(r#""route" | "yield" | "sub" | "end" | "retry""#)
    );
    // The union's own validator.
    let route = Js::obj([
        ("type", s("route")),
        ("node_id", s("a")),
        ("count", num(1.0)),
    ]);
    assert_eq!(
        pairs(&validate_shape(&route, &agens::NEXT_INSTRUCTION)),
        vec![]
    );
}

#[test]
fn tool_calls_resources_and_tool_defs_are_checked_inside() {
    let c = validate(&Js::obj([
        ("input", s("x")),
        (
            "tool_calls",
            arr([Js::obj([
                ("id", s("c")),
                ("name", s("n")),
                ("arguments", Js::obj([("q", s("v"))])),
                ("type", s("function")),
            ])]),
        ),
        (
            "resources",
            arr([Js::obj([("uri", s("u")), ("content", num(1.0))])]),
        ),
        (
            "tool_defs",
            arr([Js::obj([("name", num(1.0))]), s("search")]),
        ),
        ("tool_results", arr([])),
        ("outputs", s("{}")),
    ]));
    assert_eq!(
        pairs(&c),
        vec![
            issue("invalid_type", r#"["tool_calls",0,"arguments"]"#),
            issue("invalid_literal", r#"["tool_calls",0,"type"]"#),
            issue("missing", r#"["tool_calls",0,"server_name"]"#),
            issue("invalid_type", r#"["resources",0,"content"]"#),
            issue("missing", r#"["resources",0,"name"]"#),
            issue("invalid_type", r#"["tool_defs",0,"name"]"#),
            issue("invalid_type", r#"["tool_defs",1]"#),
            issue("invalid_type", r#"["tool_results"]"#),
            issue("invalid_type", r#"["outputs"]"#),
        ]
    );
    assert_eq!(
        c.issues[1].expected.as_deref(),
        Some(r#""mcp_tool_use" | "tool_call""#)
    );
}

#[test]
fn extra_properties_are_kept_and_reported_only_when_strict() {
    let msg = Js::obj([("input", s("x")), ("prompt", s("old field"))]);
    assert_eq!(pairs(&validate(&msg)), vec![]);
    assert_eq!(
        pairs(&validate_strict(&msg)),
        vec![issue("unrecognized_key", r#"["prompt"]"#)]
    );
    // MCP's tool fields are known; the map-like fields have any keys.
    assert_eq!(pairs(&validate_strict(&full())), vec![]);
    let def = Js::obj([
        ("input", s("x")),
        (
            "tool_defs",
            arr([Js::obj([
                ("name", s("n")),
                ("description", s("d")),
                ("outputSchema", Js::obj([])),
                ("vendor", s("v")),
            ])]),
        ),
    ]);
    assert_eq!(pairs(&validate(&def)), vec![]);
    assert_eq!(
        pairs(&validate_strict(&def)),
        vec![issue("unrecognized_key", r#"["tool_defs",0,"vendor"]"#)]
    );
}

#[test]
fn json_text_is_judged_like_the_js_form() {
    let text = r##"{"input":"x","caller":"#PID<0.1.2>","retries":0,"next":[{"type":"route","node_id":"a","count":1},{"type":"end"}],"outputs":{"k":[1,{"a":null}]}}"##;
    assert_eq!(pairs(&validate_text(text)), vec![]);
    let bad = r#"{"input":"","caller":"<0.1.2>","retries":1.5,"next":[{"type":"retry","reason":"a","reason":"b"}]}"#;
    assert_eq!(
        pairs(&validate_text(bad)),
        vec![
            issue("too_small", r#"["input"]"#),
            issue("invalid_format", r#"["caller"]"#),
            issue("invalid_type", r#"["retries"]"#),
            issue("duplicate_key", r#"["next",0,"reason"]"#),
        ]
    );
}

#[test]
fn the_codec_round_trips_everything_including_bytes_in_free_form_values() {
    let json = to_json(&full()).json.expect("encodes");
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(parsed["next"][0]["count"], 3);
    assert_eq!(parsed["caller"], "#PID<0.123.0>");
    assert!(parsed["parent_run_id"].is_null());
    // The JSON form validates, needs no revival, and encodes to the same text again.
    let back = validate_text(&json);
    assert_eq!(pairs(&back), vec![]);
    assert!(back.revive.ops.is_empty());
    let t = json::parse(&json, 128).unwrap();
    let again = encode_json(&t.view(&json), 0, &agens::MESSAGE, &Options::default());
    assert_eq!(again.json.as_deref(), Some(json.as_str()));
    // Free-form outputs and tool results keep bytes and errors.
    let msg = Js::obj([
        ("input", s("x")),
        ("outputs", Js::obj([("raw", Js::Bytes(vec![1, 2, 3]))])),
        (
            "tool_results",
            Js::obj([(
                "c1",
                Js::Error(vec![
                    ("name".into(), s("Error")),
                    ("message".into(), s("m")),
                ]),
            )]),
        ),
    ]);
    let json = to_json(&msg).json.expect("encodes");
    assert_eq!(
        json,
        r#"{"input":"x","outputs":{"raw":{"$bytes":"AQID"}},"tool_results":{"c1":{"$error":{"name":"Error","message":"m"}}}}"#
    );
    let back = validate_text(&json);
    assert_eq!(pairs(&back), vec![]);
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
                r#"["outputs","raw","$bytes"]"#.into(),
                ReviveKind::Bytes { off: 0, len: 3 }
            ),
            (r#"["outputs","raw"]"#.into(), ReviveKind::Unwrap),
            (
                r#"["tool_results","c1","$error"]"#.into(),
                ReviveKind::Error
            ),
            (r#"["tool_results","c1"]"#.into(), ReviveKind::Unwrap),
        ]
    );
}

#[test]
fn the_codec_refuses_invalid_messages_and_unserializable_values() {
    let c = to_json(&Js::obj([("input", s(""))]));
    assert!(c.json.is_none());
    assert_eq!(pairs(&c), vec![issue("too_small", r#"["input"]"#)]);
    let c = to_json(&Js::obj([
        ("input", s("x")),
        ("outputs", Js::obj([("f", Js::Function)])),
    ]));
    assert!(c.json.is_none());
    assert_eq!(
        pairs(&c),
        vec![issue("not_serializable", r#"["outputs","f"]"#)]
    );
}

#[test]
fn hostile_values_are_issues() {
    let c = validate(&Js::obj([
        ("input", Js::Utf16(vec![0x61, 0xD800])),
        ("caller", Js::Threw("getter".into())),
        ("outputs", Js::Cycle),
        ("retries", Js::BigInt),
        ("tool_results", Js::obj([("x", Js::Deep)])),
    ]));
    assert_eq!(
        pairs(&c),
        vec![
            issue("ill_formed_string", r#"["input"]"#),
            issue("unreadable", r#"["caller"]"#),
            issue("cycle", r#"["outputs"]"#),
            issue("invalid_type", r#"["retries"]"#),
            // Nesting past maxDepth is an issue also where anything goes (one depth rule for
            // validating and writing JSON).
            issue("too_deep", r#"["tool_results","x"]"#),
        ]
    );
}

#[test]
fn the_pid_and_tag_strings_are_content_keys() {
    use agent_messages::boundary::content::HEAD;
    let keys = agent_messages::formats::content_keys(agent_messages::formats::Format::Agens);
    assert!(keys.contains(&("caller", HEAD)));
    assert!(keys.contains(&("type", HEAD)));
    assert!(!keys.iter().any(|(k, _)| *k == "input"));
}
