//! OpenAI Chat Completions: every role and part, the format rules (JSON-text arguments, image
//! URLs) with their codes and paths, the JSON text path and the codec.

use crate::support::{codes, num, s};
use agent_messages::formats::openai;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::validate::{check, Checked, Mode, Options, Shape};

fn validate_as(shape: &Shape, value: &Js) -> Checked {
    crate::support::check_js(shape, value)
}

fn validate(value: &Js) -> Checked {
    validate_as(&openai::MESSAGE, value)
}

fn validate_text(text: &str) -> Checked {
    crate::support::check_text(&openai::MESSAGE, text)
}

fn to_json(value: &Js) -> Checked {
    crate::support::encode(&openai::MESSAGE, value)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

fn tool_call(args: &str) -> Js {
    Js::obj([
        ("id", s("call_abc")),
        ("type", s("function")),
        (
            "function",
            Js::obj([("name", s("search")), ("arguments", s(args))]),
        ),
    ])
}

fn text_part(t: &str) -> Js {
    Js::obj([("type", s("text")), ("text", s(t))])
}

#[test]
fn every_role_in_its_documented_forms_is_valid() {
    let image = Js::obj([
        ("type", s("image_url")),
        (
            "image_url",
            Js::obj([
                ("url", s("https://example.com/a.png")),
                ("detail", s("low")),
            ]),
        ),
    ]);
    let audio = Js::obj([
        ("type", s("input_audio")),
        (
            "input_audio",
            Js::obj([("data", s("UklGRg==")), ("format", s("wav"))]),
        ),
    ]);
    let file = Js::obj([
        ("type", s("file")),
        (
            "file",
            Js::obj([("file_id", s("file-1")), ("filename", s("a.pdf"))]),
        ),
    ]);
    let valid = [
        Js::obj([("role", s("developer")), ("content", s("Be brief."))]),
        Js::obj([
            ("role", s("system")),
            ("content", Js::Arr(vec![text_part("a"), text_part("b")])),
            ("name", s("rules")),
        ]),
        Js::obj([("role", s("user")), ("content", s(""))]),
        Js::obj([
            ("role", s("user")),
            (
                "content",
                Js::Arr(vec![text_part("look"), image, audio, file]),
            ),
        ]),
        Js::obj([
            ("role", s("assistant")),
            ("content", Js::Null),
            ("refusal", Js::Null),
            ("audio", Js::Null),
            ("tool_calls", Js::Arr(vec![tool_call(r#"{"q":"rust"}"#)])),
        ]),
        Js::obj([
            ("role", s("assistant")),
            (
                "content",
                Js::Arr(vec![
                    text_part("no"),
                    Js::obj([("type", s("refusal")), ("refusal", s("I can't"))]),
                ]),
            ),
            ("audio", Js::obj([("id", s("audio_1"))])),
            ("name", s("bot")),
        ]),
        Js::obj([
            ("role", s("tool")),
            ("tool_call_id", s("call_abc")),
            ("content", s("42")),
        ]),
    ];
    for v in &valid {
        assert_eq!(codes(&validate(v)), vec![], "{v:?}");
    }
}

#[test]
fn unparseable_arguments_are_an_issue_with_line_and_column() {
    let msg = Js::obj([
        ("role", s("assistant")),
        (
            "tool_calls",
            Js::Arr(vec![
                tool_call("{}"),
                tool_call("{\n  \"q\": \"rust\",\n}"),
                tool_call(""),
            ]),
        ),
    ]);
    let c = validate(&msg);
    assert_eq!(
        codes(&c),
        pairs(&[
            (
                "invalid_json_string",
                r#"["tool_calls",1,"function","arguments"]"#
            ),
            (
                "invalid_json_string",
                r#"["tool_calls",2,"function","arguments"]"#
            ),
        ])
    );
    assert!(
        c.issues[0].message.contains("line 3, column 1"),
        "{}",
        c.issues[0].message
    );
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some("JSON text of an object")
    );
    // Arguments as an object (agent-swarm-kit's form) are not OpenAI's.
    let obj = Js::obj([
        ("id", s("c")),
        ("type", s("function")),
        (
            "function",
            Js::obj([("name", s("f")), ("arguments", Js::obj([("q", num(1.0))]))]),
        ),
    ]);
    assert_eq!(
        codes(&validate_as(&Shape::Object(&openai::TOOL_CALL), &obj)),
        pairs(&[("invalid_type", r#"["function","arguments"]"#)])
    );
}

#[test]
fn long_arguments_are_read_whole() {
    // The walker copies `arguments` whole (a rule reads it whole): the codec's full tape.
    let validate_as = |shape: &Shape, value: &Js| {
        let tape = Tape::from_js(value, true);
        check(&tape.view(), 0, shape, Mode::Js, &Options::default())
    };
    let long = format!("{{\"q\":\"{}\"", "x".repeat(10_000));
    let c = validate_as(&Shape::Object(&openai::TOOL_CALL), &tool_call(&long));
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_json_string", r#"["function","arguments"]"#)])
    );
    let ok = format!("{{\"q\":\"{}\"}}", "x".repeat(10_000));
    assert_eq!(
        codes(&validate_as(
            &Shape::Object(&openai::TOOL_CALL),
            &tool_call(&ok)
        )),
        vec![]
    );
}

#[test]
fn image_urls_must_be_http_or_data() {
    let part = |url: &str| {
        Js::obj([
            ("type", s("image_url")),
            ("image_url", Js::obj([("url", s(url))])),
        ])
    };
    for good in ["http://x/a.png", "HTTPS://X", "data:image/png;base64,AAAA"] {
        assert_eq!(
            codes(&validate_as(&openai::CONTENT_PART, &part(good))),
            vec![],
            "{good}"
        );
    }
    for bad in ["ftp://x", "/a.png", "", "file:///etc/passwd"] {
        let c = validate_as(&openai::CONTENT_PART, &part(bad));
        assert_eq!(
            codes(&c),
            pairs(&[("invalid_format", r#"["image_url","url"]"#)]),
            "{bad}"
        );
    }
}

#[test]
fn every_problem_is_reported_with_its_path() {
    let msg = Js::obj([
        ("role", s("user")),
        (
            "content",
            Js::Arr(vec![
                Js::obj([("type", s("text"))]),
                Js::obj([
                    ("type", s("image_url")),
                    (
                        "image_url",
                        Js::obj([("url", s("https://x")), ("detail", s("ultra"))]),
                    ),
                ]),
                Js::obj([
                    ("type", s("input_audio")),
                    (
                        "input_audio",
                        Js::obj([("data", s("x")), ("format", s("ogg"))]),
                    ),
                ]),
                Js::obj([("type", s("refusal")), ("refusal", s("no"))]),
                Js::obj([("type", s("file")), ("file", s("a.pdf"))]),
                s("plain"),
            ]),
        ),
        ("name", num(1.0)),
    ]);
    let c = validate(&msg);
    assert_eq!(
        codes(&c),
        pairs(&[
            ("missing", r#"["content",0,"text"]"#),
            ("invalid_literal", r#"["content",1,"image_url","detail"]"#),
            ("invalid_literal", r#"["content",2,"input_audio","format"]"#),
            ("unknown_type", r#"["content",3,"type"]"#),
            ("invalid_type", r#"["content",4,"file"]"#),
            ("invalid_type", r#"["content",5]"#),
            ("invalid_type", r#"["name"]"#),
        ])
    );
    assert_eq!(
        c.issues[1].expected.as_deref(),
        Some(r#""auto" | "low" | "high""#)
    );
}

#[test]
fn content_is_checked_per_role() {
    let image = Js::obj([
        ("type", s("image_url")),
        ("image_url", Js::obj([("url", s("https://x"))])),
    ]);
    // System, developer and tool content takes text parts only.
    for role in ["system", "developer"] {
        let m = Js::obj([("role", s(role)), ("content", Js::Arr(vec![image.clone()]))]);
        assert_eq!(
            codes(&validate(&m)),
            pairs(&[
                ("invalid_literal", r#"["content",0,"type"]"#),
                ("missing", r#"["content",0,"text"]"#),
            ]),
            "{role}"
        );
    }
    // Assistant parts are text or refusal; content may be null but not a number.
    let m = Js::obj([
        ("role", s("assistant")),
        ("content", Js::Arr(vec![image])),
        ("refusal", num(1.0)),
        ("audio", Js::obj([])),
    ]);
    assert_eq!(
        codes(&validate(&m)),
        pairs(&[
            ("unknown_type", r#"["content",0,"type"]"#),
            ("invalid_type", r#"["refusal"]"#),
            ("missing", r#"["audio","id"]"#),
        ])
    );
    let m = Js::obj([("role", s("assistant")), ("content", num(3.0))]);
    let c = validate(&m);
    assert_eq!(codes(&c), pairs(&[("invalid_type", r#"["content"]"#)]));
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some(
            "string | (ChatCompletionContentPartText | ChatCompletionContentPartRefusal)[] | null"
        )
    );
    // Required content and tool_call_id.
    assert_eq!(
        codes(&validate(&Js::obj([("role", s("tool"))]))),
        pairs(&[
            ("missing", r#"["content"]"#),
            ("missing", r#"["tool_call_id"]"#),
        ])
    );
    assert_eq!(
        codes(&validate(&Js::obj([
            ("role", s("user")),
            ("content", Js::Null)
        ]))),
        pairs(&[("invalid_type", r#"["content"]"#)])
    );
}

#[test]
fn roles_are_a_closed_set_and_the_role_is_required() {
    let c = validate(&Js::obj([("role", s("function")), ("content", s("x"))]));
    assert_eq!(codes(&c), pairs(&[("unknown_type", r#"["role"]"#)]));
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some(r#""developer" | "system" | "user" | "assistant" | "tool""#)
    );
    assert_eq!(
        codes(&validate(&Js::obj([("content", s("x"))]))),
        pairs(&[("missing", r#"["role"]"#)])
    );
    assert_eq!(
        codes(&validate(&s("hello"))),
        pairs(&[("invalid_type", "[]")])
    );
}

#[test]
fn tool_calls_are_checked_whole() {
    let bad = Js::obj([
        ("id", num(1.0)),
        ("type", s("custom")),
        ("function", Js::obj([("arguments", s("{}"))])),
    ]);
    let m = Js::obj([("role", s("assistant")), ("tool_calls", Js::Arr(vec![bad]))]);
    assert_eq!(
        codes(&validate(&m)),
        pairs(&[
            ("invalid_type", r#"["tool_calls",0,"id"]"#),
            ("invalid_literal", r#"["tool_calls",0,"type"]"#),
            ("missing", r#"["tool_calls",0,"function","name"]"#),
        ])
    );
}

#[test]
fn extra_properties_are_kept_and_reported_only_when_strict() {
    let m = Js::obj([
        ("role", s("user")),
        ("content", s("hi")),
        ("cache_control", Js::obj([("type", s("ephemeral"))])),
    ]);
    assert_eq!(codes(&validate(&m)), vec![]);
    let tape = Tape::from_js(&m, false);
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    let c = check(&tape.view(), 0, &openai::MESSAGE, Mode::Js, &strict);
    assert_eq!(
        codes(&c),
        pairs(&[("unrecognized_key", r#"["cache_control"]"#)])
    );
}

#[test]
fn json_text_is_judged_like_the_js_form() {
    let text = r#"{"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{\"a\":[1,2,{\"b\":null}]}"}}]}"#;
    assert_eq!(codes(&validate_text(text)), vec![]);
    let broken = r#"{"role":"assistant","tool_calls":[{"id":"call_1","type":"function","function":{"name":"f","arguments":"{\"a\":"}}]}"#;
    let c = validate_text(broken);
    assert_eq!(
        codes(&c),
        pairs(&[(
            "invalid_json_string",
            r#"["tool_calls",0,"function","arguments"]"#
        )])
    );
    assert!(
        c.issues[0].message.contains("line 1, column 6"),
        "{}",
        c.issues[0].message
    );
    // Escapes in the arguments are read as JSON.parse reads them.
    let escaped = r#"{"role":"assistant","tool_calls":[{"id":"c","type":"function","function":{"name":"f","arguments":"{\"q\":\"\\u00e9\\n\"}"}}]}"#;
    assert_eq!(codes(&validate_text(escaped)), vec![]);
    let dup = r#"{"role":"user","content":"a","content":"b"}"#;
    assert_eq!(
        codes(&validate_text(dup)),
        pairs(&[("duplicate_key", r#"["content"]"#)])
    );
    let url =
        r#"{"role":"user","content":[{"type":"image_url","image_url":{"url":"gopher://x"}}]}"#;
    assert_eq!(
        codes(&validate_text(url)),
        pairs(&[("invalid_format", r#"["content",0,"image_url","url"]"#)])
    );
}

#[test]
fn the_codec_writes_what_it_was_given() {
    let msg = Js::obj([
        ("role", s("assistant")),
        ("content", Js::Null),
        ("tool_calls", Js::Arr(vec![tool_call(r#"{"q": "a\"b"}"#)])),
        ("meta", Js::obj([("raw", Js::Bytes(vec![1, 2, 3]))])),
    ]);
    let out = to_json(&msg);
    assert_eq!(codes(&out), vec![]);
    let json = out.json.expect("encodes");
    assert_eq!(
        json,
        r#"{"role":"assistant","content":null,"tool_calls":[{"id":"call_abc","type":"function","function":{"name":"search","arguments":"{\"q\": \"a\\\"b\"}"}}],"meta":{"raw":{"$bytes":"AQID"}}}"#
    );
    let back = validate_text(&json);
    assert_eq!(codes(&back), vec![]);
    assert_eq!(back.revive.bytes, vec![1, 2, 3]);
    // An invalid message has no JSON form.
    let bad = Js::obj([("role", s("user"))]);
    assert!(to_json(&bad).json.is_none());
}

#[test]
fn hostile_values_are_issues_not_crashes() {
    let cases = [
        (Js::Num(f64::NAN), "invalid_type"),
        (Js::BigInt, "invalid_type"),
        (Js::Cycle, "cycle"),
        (Js::Deep, "too_deep"),
        (Js::Threw("getter".into()), "unreadable"),
        (Js::Utf16(vec![0x61, 0xD800]), "ill_formed_string"),
    ];
    for (value, code) in cases {
        let m = Js::Obj(vec![
            ("role".into(), s("user")),
            ("content".into(), value.clone()),
        ]);
        let c = validate(&m);
        assert_eq!(
            c.issues.first().map(|i| i.code.as_str()),
            Some(code),
            "{value:?}"
        );
    }
}

#[test]
fn the_validators_list_the_message_type_first() {
    assert_eq!(openai::VALIDATORS[0].0, "ChatCompletionMessageParam");
    assert_eq!(openai::VALIDATORS.len(), 13);
    assert_eq!(
        openai::roles().collect::<Vec<_>>(),
        ["developer", "system", "user", "assistant", "tool"]
    );
}

#[test]
fn arguments_hold_an_object_without_repeated_keys_or_lone_surrogates() {
    for (args, needle) in [
        ("5", "not an object"),
        ("[1,2]", "not an object"),
        ("null", "not an object"),
        (r#"{"a":1,"a":2}"#, "more than once"),
        // A repeat written with an escape, one of a name beyond ASCII (bytes compared, and
        // escaped), and one among more keys than are compared pairwise.
        (r#"{"a":1,"b":2,"\u0061":3}"#, "more than once"),
        (r#"{"é":1,"x":2,"é":3}"#, "more than once"),
        (r#"{"é":1,"\u00e9":2}"#, "more than once"),
        (
            r#"{"a":1,"b":2,"c":3,"d":4,"e":5,"f":6,"g":7,"h":8,"i":9,"b":10}"#,
            "more than once",
        ),
        (r#"{"a":"\ud800"}"#, "lone surrogate"),
    ] {
        let msg = Js::obj([
            ("role", s("assistant")),
            (
                "tool_calls",
                Js::Arr(vec![Js::obj([
                    ("id", s("c")),
                    ("type", s("function")),
                    (
                        "function",
                        Js::obj([("name", s("f")), ("arguments", s(args))]),
                    ),
                ])]),
            ),
        ]);
        let c = validate(&msg);
        assert_eq!(c.issues.len(), 1, "{args}: {:?}", c.issues);
        assert_eq!(c.issues[0].code.as_str(), "invalid_json_string", "{args}");
        assert!(
            c.issues[0].message.contains(needle),
            "{args}: {}",
            c.issues[0].message
        );
    }
}

#[test]
fn an_assistant_needs_content_or_tool_calls_and_part_lists_are_not_empty() {
    let missing = validate(&Js::obj([("role", s("assistant")), ("content", Js::Null)]));
    assert_eq!(codes(&missing), pairs(&[("missing", r#"["content"]"#)]));
    assert!(missing.issues[0]
        .message
        .contains("unless \"tool_calls\" or \"function_call\" or \"refusal\" or \"audio\""));
    let legacy = Js::obj([
        ("role", s("assistant")),
        (
            "function_call",
            Js::obj([("name", s("f")), ("arguments", s("{}"))]),
        ),
    ]);
    assert_eq!(codes(&validate(&legacy)), vec![]);
    for role in ["user", "system", "developer"] {
        let empty = Js::obj([("role", s(role)), ("content", Js::Arr(vec![]))]);
        assert_eq!(
            codes(&validate(&empty)),
            pairs(&[("too_small", r#"["content"]"#)]),
            "{role}"
        );
    }
}

/// `createToolCall(name, args)`: the arguments' JSON text as JSON.stringify writes it, or what
/// JSON would drop or change, each with its path (the facade prefixes `function.arguments`).
#[test]
fn plain_json_text_is_json_stringify_or_what_it_would_lose() {
    use agent_messages::boundary::other_kind;
    use agent_messages::validate::plain_json_text;
    let text = |v: &Js| {
        let t = Tape::from_js(v, true);
        plain_json_text(&t.view(), 0, &Options::default())
    };
    let good = Js::obj([
        ("q", s("a\"b\n")),
        (
            "n",
            Js::Arr(vec![num(-0.0), num(1.0), Js::Null, Js::Bool(true)]),
        ),
        // A tag of the codec's JSON form is data here.
        ("$bytes", s("AA")),
        ("lone", Js::Utf16(vec![0x61, 0xD800])),
    ]);
    let c = text(&good);
    assert_eq!(codes(&c), vec![]);
    assert_eq!(
        c.json.as_deref(),
        Some(r#"{"q":"a\"b\n","n":[0,1,null,true],"$bytes":"AA","lone":"a\ud800"}"#)
    );
    let bad = Js::obj([
        ("f", Js::Function),
        ("u", Js::Undefined),
        (
            "list",
            Js::Arr(vec![Js::Undefined, num(f64::NAN), Js::BigInt]),
        ),
        ("bytes", Js::Bytes(vec![1])),
        ("error", Js::Error(vec![("message".into(), s("x"))])),
        ("point", Js::Other(other_kind::INSTANCE)),
        ("when", Js::Other(other_kind::DATE)),
        ("self", Js::Cycle),
        ("threw", Js::Threw("no".into())),
    ]);
    let c = text(&bad);
    assert!(c.json.is_none());
    assert_eq!(
        codes(&c),
        vec![
            ("not_serializable".into(), r#"["f"]"#.into()),
            ("not_serializable".into(), r#"["u"]"#.into()),
            ("not_serializable".into(), r#"["list",0]"#.into()),
            ("not_finite".into(), r#"["list",1]"#.into()),
            ("not_serializable".into(), r#"["list",2]"#.into()),
            ("not_serializable".into(), r#"["bytes"]"#.into()),
            ("not_serializable".into(), r#"["error"]"#.into()),
            ("not_serializable".into(), r#"["point"]"#.into()),
            ("not_serializable".into(), r#"["when"]"#.into()),
            ("cycle".into(), r#"["self"]"#.into()),
            ("unreadable".into(), r#"["threw"]"#.into()),
        ]
    );
    assert!(c
        .issues
        .iter()
        .filter(|i| i.code.as_str() == "not_serializable")
        .all(|i| i.expected.as_deref() == Some("a JSON value")));
    assert_eq!(
        c.issues[7].message,
        "object of a class cannot be written as JSON without loss"
    );
}
