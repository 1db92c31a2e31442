//! The AI SDK's `ModelMessage`: every role, part, data form and output; the rules (`not_json`
//! tool input, `provider.type` kinds, no empty list of parts, string-only system content); the
//! JS form's URL and ArrayBuffer on the tape, their JSON form and its revival plan.

use crate::support::{check_js, check_text, codes, encode, num, s};
use agent_messages::formats::ai_sdk;
use agent_messages::tape::builder::Js;
use agent_messages::validate::{Checked, ReviveKind};

fn validate(value: &Js) -> Checked {
    check_js(&ai_sdk::MESSAGE, value)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

fn user(parts: Vec<Js>) -> Js {
    Js::obj([("role", s("user")), ("content", Js::Arr(parts))])
}

fn assistant(parts: Vec<Js>) -> Js {
    Js::obj([("role", s("assistant")), ("content", Js::Arr(parts))])
}

fn file(data: Js) -> Js {
    Js::obj([
        ("type", s("file")),
        ("data", data),
        ("mediaType", s("image/png")),
    ])
}

fn tool_call(input: Js) -> Js {
    Js::obj([
        ("type", s("tool-call")),
        ("toolCallId", s("c1")),
        ("toolName", s("search")),
        ("input", input),
    ])
}

fn url(href: &str) -> Js {
    Js::Url(href.to_string())
}

#[test]
fn every_data_form_of_a_file_part_is_valid() {
    let forms = [
        s("AQID"),
        Js::Bytes(vec![1, 2, 3]),
        Js::ArrayBuffer(vec![1, 2, 3]),
        url("https://example.com/a.png"),
        Js::obj([("type", s("data")), ("data", Js::ArrayBuffer(vec![1]))]),
        Js::obj([("type", s("url")), ("url", url("https://x.test/"))]),
        Js::obj([
            ("type", s("reference")),
            ("reference", Js::obj([("openai", s("file-1"))])),
        ]),
        Js::obj([("type", s("text")), ("text", s("hello"))]),
        Js::obj([("openai", s("file-1"))]),
    ];
    for data in forms {
        let c = validate(&user(vec![file(data.clone())]));
        assert_eq!(codes(&c), vec![], "{data:?}");
    }
}

#[test]
fn wrong_data_forms_are_reported_at_their_path() {
    let cases = [
        (num(1.0), "invalid_type"),
        (Js::Other(7), "invalid_type"),
        (Js::obj([("type", s("foo"))]), "unknown_type"),
        (
            Js::obj([("type", s("url")), ("url", s("https://x.test"))]),
            "invalid_type",
        ),
        (Js::obj([("openai", num(1.0))]), "invalid_type"),
    ];
    for (data, code) in cases {
        let c = validate(&user(vec![file(data.clone())]));
        assert_eq!(c.issues.len(), 1, "{data:?}: {:?}", c.issues);
        assert_eq!(c.issues[0].code.as_str(), code, "{data:?}");
    }
    // A reasoning file takes no reference.
    let c = validate(&assistant(vec![Js::obj([
        ("type", s("reasoning-file")),
        ("data", Js::obj([("a", s("b"))])),
        ("mediaType", s("x")),
    ])]));
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_type", r#"["content",0,"data"]"#)])
    );
}

#[test]
fn tool_input_must_be_json() {
    assert_eq!(
        codes(&validate(&assistant(vec![tool_call(Js::obj([(
            "a",
            Js::Undefined
        )]))]))),
        vec![]
    );
    for (input, path) in [
        (Js::Undefined, r#"["content",0,"input"]"#),
        (num(f64::NAN), r#"["content",0,"input"]"#),
        (Js::Function, r#"["content",0,"input"]"#),
        (Js::BigInt, r#"["content",0,"input"]"#),
        (
            Js::obj([("when", Js::Other(1))]),
            r#"["content",0,"input","when"]"#,
        ),
        (
            Js::Arr(vec![num(1.0), Js::Undefined]),
            r#"["content",0,"input",1]"#,
        ),
        (Js::Bytes(vec![1]), r#"["content",0,"input"]"#),
        (url("https://x.test"), r#"["content",0,"input"]"#),
    ] {
        let c = validate(&assistant(vec![tool_call(input.clone())]));
        assert_eq!(codes(&c), pairs(&[("not_json", path)]), "{input:?}");
    }
    // The codec reports the same code.
    let c = encode(&ai_sdk::MESSAGE, &assistant(vec![tool_call(num(f64::NAN))]));
    assert_eq!(
        codes(&c),
        pairs(&[("not_json", r#"["content",0,"input"]"#)])
    );
}

#[test]
fn a_custom_kind_is_provider_dot_type() {
    let part = |kind: &str| assistant(vec![Js::obj([("type", s("custom")), ("kind", s(kind))])]);
    assert_eq!(codes(&validate(&part("openai.compaction"))), vec![]);
    assert_eq!(
        codes(&validate(&part("nodot"))),
        pairs(&[("invalid_format", r#"["content",0,"kind"]"#)])
    );
}

#[test]
fn empty_lists_of_parts_and_system_parts() {
    assert_eq!(
        codes(&validate(&assistant(vec![]))),
        pairs(&[("too_small", r#"["content"]"#)])
    );
    assert_eq!(
        codes(&validate(&user(vec![]))),
        pairs(&[("too_small", r#"["content"]"#)])
    );
    let tool = Js::obj([("role", s("tool")), ("content", Js::Arr(vec![]))]);
    assert_eq!(codes(&validate(&tool)), vec![]);
    let system = Js::obj([
        ("role", s("system")),
        (
            "content",
            Js::Arr(vec![Js::obj([("type", s("text")), ("text", s("x"))])]),
        ),
    ]);
    assert_eq!(
        codes(&validate(&system)),
        pairs(&[("invalid_type", r#"["content"]"#)])
    );
}

#[test]
fn every_tool_output_and_content_item() {
    let item = |ty: &str, fields: Vec<(&str, Js)>| {
        let mut all = vec![("type".to_string(), s(ty))];
        all.extend(fields.into_iter().map(|(k, v)| (k.to_string(), v)));
        Js::Obj(all)
    };
    let items = vec![
        item("text", vec![("text", s("a"))]),
        item(
            "file",
            vec![
                ("data", Js::obj([("type", s("data")), ("data", s("AQID"))])),
                ("mediaType", s("x")),
            ],
        ),
        item(
            "file-data",
            vec![("data", s("AQID")), ("mediaType", s("x"))],
        ),
        item("file-url", vec![("url", s("https://x.test"))]),
        item("file-id", vec![("fileId", s("f"))]),
        item("file-id", vec![("fileId", Js::obj([("openai", s("f"))]))]),
        item("file-reference", vec![("providerReference", Js::obj([]))]),
        item(
            "image-data",
            vec![("data", s("AQID")), ("mediaType", s("x"))],
        ),
        item("image-url", vec![("url", s("https://x.test"))]),
        item("image-file-id", vec![("fileId", s("f"))]),
        item(
            "image-file-reference",
            vec![("providerReference", Js::obj([]))],
        ),
        item("custom", vec![]),
    ];
    let outputs = vec![
        item("text", vec![("value", s("ok"))]),
        item("json", vec![("value", Js::Null)]),
        item("execution-denied", vec![]),
        item("error-text", vec![("value", s("x"))]),
        item("error-json", vec![("value", num(1.0))]),
        item("content", vec![("value", Js::Arr(items))]),
    ];
    for output in outputs {
        let c = check_js(&ai_sdk::OUTPUT, &output);
        assert_eq!(codes(&c), vec![], "{output:?}");
    }
    let bad = item("json", vec![("value", num(f64::INFINITY))]);
    assert_eq!(
        codes(&check_js(&ai_sdk::OUTPUT, &bad)),
        pairs(&[("not_json", r#"["value"]"#)])
    );
}

#[test]
fn urls_and_buffers_have_a_json_form_and_a_revival_plan() {
    let m = user(vec![
        Js::obj([("type", s("image")), ("image", url("https://x.test/a.png"))]),
        file(Js::ArrayBuffer(vec![104, 105])),
        file(Js::Bytes(vec![0, 255])),
        // A reference that looks like a tag is escaped.
        file(Js::obj([("$url", s("not a url"))])),
    ]);
    let c = encode(&ai_sdk::MESSAGE, &m);
    assert_eq!(codes(&c), vec![]);
    let json = c.json.unwrap();
    assert_eq!(
        json,
        r#"{"role":"user","content":[{"type":"image","image":{"$url":"https://x.test/a.png"}},{"type":"file","data":{"$arrayBuffer":"aGk="},"mediaType":"image/png"},{"type":"file","data":{"$bytes":"AP8="},"mediaType":"image/png"},{"type":"file","data":{"$escape":{"$url":"not a url"}},"mediaType":"image/png"}]}"#
    );
    let back = check_text(&ai_sdk::MESSAGE, &json);
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
            (r#"["content",0,"image","$url"]"#.into(), ReviveKind::Url),
            (r#"["content",0,"image"]"#.into(), ReviveKind::Unwrap),
            (
                r#"["content",1,"data","$arrayBuffer"]"#.into(),
                ReviveKind::ArrayBuffer { off: 0, len: 2 }
            ),
            (r#"["content",1,"data"]"#.into(), ReviveKind::Unwrap),
            (
                r#"["content",2,"data","$bytes"]"#.into(),
                ReviveKind::Bytes { off: 2, len: 2 }
            ),
            (r#"["content",2,"data"]"#.into(), ReviveKind::Unwrap),
            (r#"["content",3,"data"]"#.into(), ReviveKind::Unwrap),
        ]
    );
    // A tagged URL must have a scheme.
    let bad = r#"{"role":"user","content":[{"type":"image","image":{"$url":"/relative"}}]}"#;
    assert_eq!(
        codes(&check_text(&ai_sdk::MESSAGE, bad)),
        pairs(&[("invalid_format", r#"["content",0,"image","$url"]"#)])
    );
    // The JS form's URL is not the JSON form's, and the other way round.
    let c = validate(&user(vec![Js::obj([
        ("type", s("file")),
        (
            "data",
            Js::obj([
                ("type", s("url")),
                ("url", Js::obj([("$url", s("https://x.test"))])),
            ]),
        ),
        ("mediaType", s("x")),
    ])]));
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_type", r#"["content",0,"data","url"]"#)])
    );
}

#[test]
fn free_form_values_carry_urls_and_buffers() {
    let request = assistant(vec![Js::obj([
        ("type", s("tool-approval-request")),
        ("approvalId", s("a")),
        ("toolCallId", s("c")),
        (
            "inputSchemaInput",
            Js::Arr(vec![url("https://x.test/"), Js::ArrayBuffer(vec![1])]),
        ),
    ])]);
    let c = encode(&ai_sdk::MESSAGE, &request);
    assert_eq!(codes(&c), vec![]);
    assert!(c
        .json
        .unwrap()
        .contains(r#""inputSchemaInput":[{"$url":"https://x.test/"},{"$arrayBuffer":"AQ=="}]"#));
}

#[test]
fn undefined_is_dropped_only_where_json_drops_it() {
    let with_options = |options: Js| {
        Js::obj([
            ("role", s("user")),
            ("content", s("x")),
            ("providerOptions", options),
        ])
    };
    // A JSONObject's property may be undefined (JSON drops it) ...
    let inner = Js::obj([("openai", Js::obj([("a", Js::Undefined)]))]);
    assert_eq!(codes(&validate(&with_options(inner))), vec![]);
    // ... a provider's options may not, nor a provider reference's id.
    let outer = Js::obj([("openai", Js::Undefined)]);
    assert_eq!(
        codes(&validate(&with_options(outer))),
        pairs(&[("invalid_type", r#"["providerOptions","openai"]"#)])
    );
    let reference = user(vec![file(Js::obj([("openai", Js::Undefined)]))]);
    assert_eq!(
        codes(&validate(&reference)),
        pairs(&[("invalid_type", r#"["content",0,"data","openai"]"#)])
    );
}
