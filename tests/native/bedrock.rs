//! Bedrock Swarm: shapes (valid and invalid cases with exact codes and paths), JSON text, the
//! codec, the Rust types against the seed's examples, and the event tree.

use crate::support::{num, s};
use agent_messages::formats::bedrock::{self, tree};
use agent_messages::tape::builder::Js;
use agent_messages::validate::{Checked, Options, PathSeg, Shape};

fn shape(name: &str) -> &'static Shape {
    bedrock::VALIDATORS
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no validator {name}"))
        .1
}

// The shared routes of `crate::support`, by validator name.
fn check_js_with(name: &str, value: &Js, opts: &Options) -> Checked {
    crate::support::check_js_with(shape(name), value, opts)
}

fn check_js(name: &str, value: &Js) -> Checked {
    crate::support::check_js(shape(name), value)
}

fn check_text(name: &str, text: &str) -> Checked {
    crate::support::check_text(shape(name), text)
}

fn encode(name: &str, value: &Js) -> Checked {
    crate::support::encode(shape(name), value)
}

fn codes(c: &Checked) -> Vec<String> {
    c.issues
        .iter()
        .map(|i| {
            format!(
                "{} {}",
                i.code.as_str(),
                serde_json::to_string(&i.path).unwrap()
            )
        })
        .collect()
}

fn tool_call(args: Js) -> Js {
    Js::obj([
        ("id", s("call_123")),
        ("type", s("function")),
        (
            "function",
            Js::obj([("name", s("calculator")), ("arguments", args)]),
        ),
    ])
}

fn args() -> Js {
    Js::obj([("x", num(5.0)), ("y", num(3.0))])
}

fn event() -> Js {
    Js::obj([
        ("id", s("evt_123")),
        ("type", s("tool_start")),
        ("timestamp", s("2024-02-21T14:30:00Z")),
        ("agent_name", s("calculator")),
        ("run_id", s("run_456")),
        ("thread_id", s("thread_789")),
        ("parent_event_id", Js::Null),
        ("details", Js::obj([("tool_name", s("calculator"))])),
        ("metadata", Js::obj([("duration_ms", num(150.0))])),
    ])
}

fn with(value: &Js, key: &str, v: Js) -> Js {
    let Js::Obj(mut entries) = value.clone() else {
        panic!("not an object")
    };
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some(e) => e.1 = v,
        None => entries.push((key.to_string(), v)),
    }
    Js::Obj(entries)
}

fn without(value: &Js, key: &str) -> Js {
    let Js::Obj(mut entries) = value.clone() else {
        panic!("not an object")
    };
    entries.retain(|(k, _)| k != key);
    Js::Obj(entries)
}

#[test]
fn the_message_type_comes_first_and_every_documented_type_has_a_validator() {
    let names: Vec<&str> = bedrock::VALIDATORS.iter().map(|(n, _)| *n).collect();
    assert_eq!(
        names,
        [
            "AgentResponse",
            "MessageResponse",
            "ToolCallResponse",
            "ToolCall",
            "ToolCallFunction",
            "ToolOutput",
            "ToolResult",
            "Event",
            "EventType"
        ]
    );
}

#[test]
fn the_seed_examples_are_valid() {
    let call = tool_call(args());
    assert!(check_js("ToolCall", &call).issues.is_empty());
    let output = Js::obj([("tool_call_id", s("call_123")), ("output", s("8"))]);
    assert!(check_js("ToolOutput", &output).issues.is_empty());
    let result = Js::obj([
        ("success", Js::Bool(true)),
        ("result", s("8")),
        ("error", Js::Null),
    ]);
    assert!(check_js("ToolResult", &result).issues.is_empty());
    let message = Js::obj([("type", s("message")), ("content", s("The result is 8"))]);
    assert!(check_js("AgentResponse", &message).issues.is_empty());
    assert!(check_js("MessageResponse", &message).issues.is_empty());
    let tools = Js::obj([
        ("type", s("tool_call")),
        ("tool_calls", Js::Arr(vec![call])),
    ]);
    assert!(check_js("AgentResponse", &tools).issues.is_empty());
    assert!(check_js("ToolCallResponse", &tools).issues.is_empty());
    assert!(check_js("Event", &event()).issues.is_empty());
    assert!(check_js("EventType", &s("run_complete")).issues.is_empty());
}

#[test]
fn every_key_is_required_and_optional_means_nullable() {
    let result = Js::obj([("success", Js::Bool(false)), ("result", s(""))]);
    assert_eq!(
        codes(&check_js("ToolResult", &result)),
        ["missing [\"error\"]"]
    );
    let failed = with(&result, "error", s("boom"));
    assert!(check_js("ToolResult", &failed).issues.is_empty());
    let undef = with(&result, "error", Js::Undefined);
    assert_eq!(
        codes(&check_js("ToolResult", &undef)),
        ["invalid_type [\"error\"]"]
    );
    let c = check_js("ToolResult", &with(&result, "error", num(1.0)));
    assert_eq!(c.issues[0].expected.as_deref(), Some("string | null"));
    assert_eq!(
        codes(&check_js("Event", &without(&event(), "parent_event_id"))),
        ["missing [\"parent_event_id\"]"]
    );
    assert!(
        check_js("Event", &with(&event(), "parent_event_id", s("evt_0")))
            .issues
            .is_empty()
    );
    assert_eq!(
        codes(&check_js("Event", &Js::obj([]))),
        [
            "missing [\"id\"]",
            "missing [\"type\"]",
            "missing [\"timestamp\"]",
            "missing [\"agent_name\"]",
            "missing [\"run_id\"]",
            "missing [\"thread_id\"]",
            "missing [\"parent_event_id\"]",
            "missing [\"details\"]",
            "missing [\"metadata\"]",
        ]
    );
}

#[test]
fn arguments_must_be_an_object_not_json_text() {
    let c = check_js("ToolCall", &tool_call(s("{\"x\":5}")));
    assert_eq!(
        codes(&c),
        ["arguments_json_string [\"function\",\"arguments\"]"]
    );
    assert!(c.issues[0].message.contains("OpenAI"));
    assert_eq!(
        codes(&check_js("ToolCall", &tool_call(Js::Arr(vec![])))),
        ["invalid_type [\"function\",\"arguments\"]"]
    );
    assert_eq!(
        codes(&check_js("ToolCall", &tool_call(Js::Null))),
        ["invalid_type [\"function\",\"arguments\"]"]
    );
    // Any values inside, even bytes (the codec tags them).
    let free = Js::obj([("raw", Js::Bytes(vec![1, 2])), ("n", Js::Null)]);
    assert!(check_js("ToolCall", &tool_call(free)).issues.is_empty());
}

#[test]
fn literals_tags_and_event_types() {
    let call = with(&tool_call(args()), "type", s("tool"));
    assert_eq!(
        codes(&check_js("ToolCall", &call)),
        ["invalid_literal [\"type\"]"]
    );
    let unknown = Js::obj([("type", s("text")), ("content", s("x"))]);
    let c = check_js("AgentResponse", &unknown);
    assert_eq!(codes(&c), ["unknown_type [\"type\"]"]);
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some("\"message\" | \"tool_call\"")
    );
    assert_eq!(
        codes(&check_js("AgentResponse", &Js::obj([("content", s("x"))]))),
        ["missing [\"type\"]"]
    );
    let bad_calls = Js::obj([
        ("type", s("tool_call")),
        (
            "tool_calls",
            Js::Arr(vec![
                tool_call(args()),
                with(&tool_call(args()), "id", num(1.0)),
            ]),
        ),
    ]);
    assert_eq!(
        codes(&check_js("AgentResponse", &bad_calls)),
        ["invalid_type [\"tool_calls\",1,\"id\"]"]
    );
    // A message with a tool_call tag is judged as a ToolCallResponse.
    let mixed = Js::obj([("type", s("tool_call")), ("content", s("x"))]);
    assert_eq!(
        codes(&check_js("AgentResponse", &mixed)),
        ["missing [\"tool_calls\"]"]
    );
    assert_eq!(
        codes(&check_js("MessageResponse", &mixed)),
        ["invalid_literal [\"type\"]"]
    );
    for t in bedrock::EVENT_TYPES {
        assert!(
            check_js("Event", &with(&event(), "type", s(t)))
                .issues
                .is_empty(),
            "{t}"
        );
    }
    assert!(bedrock::EVENT_TYPES.contains(&"tool_error"));
    let c = check_js("Event", &with(&event(), "type", s("tool_end")));
    assert_eq!(codes(&c), ["invalid_literal [\"type\"]"]);
    assert!(c.issues[0]
        .expected
        .as_deref()
        .unwrap()
        .contains("\"tool_error\""));
    assert_eq!(
        codes(&check_js("EventType", &num(1.0))),
        ["invalid_type []"]
    );
}

#[test]
fn an_event_given_as_an_agent_response_is_pointed_to_the_event_verbs() {
    // Every event type, in each way AgentResponse is checked: the JS form, JSON text, encoding.
    for t in bedrock::EVENT_TYPES {
        let value = with(&event(), "type", s(t));
        let text = format!(
            r#"{{"id":"e","type":"{t}","timestamp":"2025-02-21T15:52:52Z","agent_name":"a","run_id":"r","thread_id":"t","parent_event_id":null,"details":{{}},"metadata":{{}}}}"#
        );
        for c in [
            check_js("AgentResponse", &value),
            check_text("AgentResponse", &text),
            encode("AgentResponse", &value),
        ] {
            let issue = c.issues.iter().find(|i| i.code.as_str() == "unknown_type");
            let message = &issue
                .unwrap_or_else(|| panic!("{t}: {:?}", codes(&c)))
                .message;
            assert!(message.contains(&format!("type \"{t}\"")), "{message}");
            assert!(
                message.contains("that is a Bedrock Event type"),
                "{message}"
            );
            assert!(message.contains("bedrock.Event.toJSON"), "{message}");
        }
    }
    // Any other unknown type is told only what the union expects.
    let c = check_js("AgentResponse", &Js::obj([("type", s("tool_end"))]));
    assert!(
        !c.issues[0].message.contains("Event"),
        "{}",
        c.issues[0].message
    );
}

#[test]
fn timestamps_are_iso_date_times_with_or_without_a_zone() {
    for good in [
        "2025-02-21T15:52:52.123456",
        "2024-02-21T14:30:00Z",
        "2024-02-21T14:30:00.123+05:30",
    ] {
        assert!(
            check_js("Event", &with(&event(), "timestamp", s(good)))
                .issues
                .is_empty(),
            "{good}"
        );
    }
    for bad in ["yesterday", "2024-02-21", "2024-02-21 14:30:00", ""] {
        let c = check_js("Event", &with(&event(), "timestamp", s(bad)));
        assert_eq!(codes(&c), ["invalid_format [\"timestamp\"]"], "{bad}");
    }
    let c = check_js("Event", &with(&event(), "timestamp", num(1.7e12)));
    assert_eq!(codes(&c), ["invalid_type [\"timestamp\"]"]);
}

#[test]
fn details_and_metadata_are_objects_of_anything() {
    let c = check_js("Event", &with(&event(), "details", Js::Arr(vec![])));
    assert_eq!(codes(&c), ["invalid_type [\"details\"]"]);
    let c = check_js("Event", &with(&event(), "metadata", Js::Null));
    assert_eq!(codes(&c), ["invalid_type [\"metadata\"]"]);
    let nested = Js::obj([("a", Js::Arr(vec![Js::obj([("b", Js::Bool(true))])]))]);
    assert!(check_js("Event", &with(&event(), "details", nested))
        .issues
        .is_empty());
}

#[test]
fn objects_are_open_and_strict_mode_reports_extras() {
    let extra = with(&event(), "source", s("ui"));
    assert!(check_js("Event", &extra).issues.is_empty());
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert_eq!(
        codes(&check_js_with("Event", &extra, &strict)),
        ["unrecognized_key [\"source\"]"]
    );
    let msg = Js::obj([("type", s("message")), ("content", s("x")), ("x", num(1.0))]);
    assert_eq!(
        codes(&check_js_with("AgentResponse", &msg, &strict)),
        ["unrecognized_key [\"x\"]"]
    );
}

#[test]
fn hostile_values_are_issues() {
    let c = check_js(
        "Event",
        &with(&event(), "agent_name", Js::Utf16(vec![0x61, 0xD800])),
    );
    assert_eq!(codes(&c), ["ill_formed_string [\"agent_name\"]"]);
    let c = check_js("Event", &with(&event(), "details", Js::Cycle));
    assert_eq!(codes(&c), ["cycle [\"details\"]"]);
    let c = check_js("ToolResult", &Js::Threw("getter".into()));
    assert_eq!(codes(&c), ["unreadable []"]);
    let c = check_js("ToolCall", &tool_call(Js::obj([("big", Js::BigInt)])));
    assert!(c.issues.is_empty(), "any value is a valid JS value");
}

#[test]
fn json_text_is_checked_with_paths() {
    let text = r#"{"type":"tool_call","tool_calls":[{"id":"call_1","type":"function","function":{"name":"calc","arguments":"{\"x\":1}"}}]}"#;
    assert_eq!(
        codes(&check_text("AgentResponse", text)),
        ["arguments_json_string [\"tool_calls\",0,\"function\",\"arguments\"]"]
    );
    let ok = r#"{"id":"e","type":"tool_error","timestamp":"2025-02-21T15:52:52.123456","agent_name":"a","run_id":"r","thread_id":"t","parent_event_id":null,"details":{},"metadata":{}}"#;
    assert!(check_text("Event", ok).issues.is_empty());
    let dup = r#"{"type":"message","content":"a","content":"b"}"#;
    assert_eq!(
        codes(&check_text("AgentResponse", dup)),
        ["duplicate_key [\"content\"]"]
    );
}

#[test]
fn the_codec_round_trips_nested_values_and_bytes() {
    let free = Js::obj([
        ("raw", Js::Bytes(vec![0, 1, 255])),
        ("list", Js::Arr(vec![num(1.0), s("two"), Js::Null])),
        ("nested", Js::obj([("deep", Js::obj([("x", num(-0.5))]))])),
    ]);
    let response = Js::obj([
        ("type", s("tool_call")),
        ("tool_calls", Js::Arr(vec![tool_call(free)])),
    ]);
    let json = encode("AgentResponse", &response).json.expect("encodes");
    assert_eq!(
        json,
        r#"{"type":"tool_call","tool_calls":[{"id":"call_123","type":"function","function":{"name":"calculator","arguments":{"raw":{"$bytes":"AAH/"},"list":[1,"two",null],"nested":{"deep":{"x":-0.5}}}}}]}"#
    );
    let back = check_text("AgentResponse", &json);
    assert!(back.issues.is_empty());
    assert_eq!(back.revive.bytes, vec![0, 1, 255]);
    assert_eq!(back.revive.ops.len(), 2, "{:?}", back.revive.ops);

    let ev = encode("Event", &event()).json.expect("encodes");
    assert_eq!(
        ev,
        r#"{"id":"evt_123","type":"tool_start","timestamp":"2024-02-21T14:30:00Z","agent_name":"calculator","run_id":"run_456","thread_id":"thread_789","parent_event_id":null,"details":{"tool_name":"calculator"},"metadata":{"duration_ms":150}}"#
    );
    let typed: bedrock::BedrockEvent = serde_json::from_str(&ev).expect("the Rust type reads it");
    assert_eq!(typed.r#type, bedrock::BedrockEventType::ToolStart);
    assert_eq!(typed.parent_event_id, None);
    assert_eq!(serde_json::to_string(&typed).unwrap(), ev);
    // Invalid values are not encoded.
    assert!(encode("Event", &without(&event(), "id")).json.is_none());
}

#[test]
fn the_rust_types_read_the_seed_examples() {
    let call: bedrock::BedrockToolCall = serde_json::from_str(
        r#"{"id":"call_123","type":"function","function":{"name":"calculator","arguments":{"x":5,"y":3}}}"#,
    )
    .unwrap();
    assert_eq!(call.function.arguments["x"], 5);
    let result: bedrock::BedrockToolResult =
        serde_json::from_str(r#"{"success":true,"result":"8","error":null}"#).unwrap();
    assert_eq!(
        serde_json::to_string(&result).unwrap(),
        r#"{"success":true,"result":"8","error":null}"#
    );
    let r: bedrock::BedrockAgentResponse =
        serde_json::from_str(r#"{"type":"message","content":"The result is 8"}"#).unwrap();
    assert!(matches!(r, bedrock::BedrockAgentResponse::Message(_)));
    let t: bedrock::BedrockEventType = serde_json::from_str("\"tool_error\"").unwrap();
    assert_eq!(t, bedrock::BedrockEventType::ToolError);
}

// ----- the event tree ---------------------------------------------------------------------

fn ev(id: &str, parent: Option<&str>) -> tree::EventRef {
    tree::EventRef::new(Some(id), parent)
}

fn issue_codes(t: &tree::EventTree) -> Vec<String> {
    t.issues
        .iter()
        .map(|i| format!("{} {}", i.code, serde_json::to_string(&i.path).unwrap()))
        .collect()
}

#[test]
fn a_tree_links_children_to_parents_in_list_order() {
    let t = tree::build(&[
        ev("run", None),
        ev("agent", Some("run")),
        ev("tool1", Some("agent")),
        ev("tool2", Some("agent")),
        ev("other", None),
    ]);
    assert_eq!(t.roots, [0, 4]);
    assert_eq!(t.children, [(0, vec![1]), (1, vec![2, 3])]);
    assert!(t.issues.is_empty());
    // A child may come before its parent.
    let t = tree::build(&[ev("c", Some("p")), ev("p", None)]);
    assert_eq!(t.roots, [1]);
    assert_eq!(t.children, [(1, vec![0])]);
}

#[test]
fn dangling_parents_become_roots_with_an_issue() {
    let t = tree::build(&[ev("a", None), ev("b", Some("gone")), ev("c", Some("b"))]);
    assert_eq!(t.roots, [0, 1]);
    assert_eq!(t.children, [(1, vec![2])]);
    assert_eq!(issue_codes(&t), ["dangling_parent [1,\"parent_event_id\"]"]);
    assert_eq!(t.issues[0].received.as_deref(), Some("\"gone\""));
}

#[test]
fn cycles_are_reported_once_and_cut_at_their_first_event() {
    let t = tree::build(&[
        ev("root", None),
        ev("x", Some("z")),
        ev("y", Some("x")),
        ev("z", Some("y")),
        ev("leaf", Some("y")),
        ev("self", Some("self")),
    ]);
    assert_eq!(
        issue_codes(&t),
        [
            "cycle [1,\"parent_event_id\"]",
            "cycle [5,\"parent_event_id\"]"
        ]
    );
    assert!(
        t.issues[0]
            .message
            .contains("\"x\" → \"z\" → \"y\" → \"x\""),
        "{}",
        t.issues[0].message
    );
    assert_eq!(t.roots, [0, 1, 5]);
    assert_eq!(t.children, [(1, vec![2]), (2, vec![3, 4])]);
    // Every placed event is reachable exactly once from the roots.
    let mut seen = vec![0; 6];
    let mut stack = t.roots.clone();
    while let Some(i) = stack.pop() {
        seen[i] += 1;
        if let Some((_, c)) = t.children.iter().find(|(p, _)| *p == i) {
            stack.extend(c);
        }
    }
    assert_eq!(seen, [1; 6]);
}

#[test]
fn unusable_and_duplicate_ids_are_left_out() {
    use tree::{
        SLOT_NOT_OBJECT as NOT_OBJECT, SLOT_NULL as NULL, SLOT_OTHER as OTHER, SLOT_STR as STR,
    };
    let slots: &[(u8, &str, u8, &str)] = &[
        (STR, "a", NULL, ""),
        (NOT_OBJECT, "number", NULL, ""),
        (OTHER, "undefined", NULL, ""),
        (STR, "a", NULL, ""),
        (STR, "b", OTHER, "number"),
        (NULL, "", STR, "a"),
        (OTHER, "ill_formed", NULL, ""),
        (STR, "c", STR, "a"),
        (OTHER, "unreadable", NULL, ""),
    ];
    let codes: Vec<u8> = slots.iter().flat_map(|s| [s.0, s.2]).collect();
    let texts: Vec<String> = slots
        .iter()
        .flat_map(|s| [s.1.to_string(), s.3.to_string()])
        .collect();
    let events = tree::from_slots(&codes, texts);
    assert_eq!(events[1], tree::EventRef::NotObject("number".into()));
    let t = tree::build(&events);
    assert_eq!(
        issue_codes(&t),
        [
            "invalid_type [1]",
            "missing [2,\"id\"]",
            "duplicate_id [3,\"id\"]",
            "invalid_type [4,\"parent_event_id\"]",
            "invalid_type [5,\"id\"]",
            "ill_formed_string [6,\"id\"]",
            "unreadable [8,\"id\"]",
        ]
    );
    assert_eq!(t.roots, [0, 4]);
    assert_eq!(t.children, [(0, vec![7])]);
    assert_eq!(t.issues[0].path, [PathSeg::Index(1)]);
    // Short input is cut to whole events, never read past.
    assert_eq!(
        tree::from_slots(&[STR, NULL, STR], vec!["x".into()]).len(),
        0
    );
}

#[test]
fn the_tree_survives_long_chains_and_big_rings() {
    let n = 100_000;
    let ids: Vec<String> = (0..n).map(|i| format!("e{i}")).collect();
    let chain: Vec<tree::EventRef> = (0..n)
        .map(|i| ev(&ids[i], (i > 0).then(|| ids[i - 1].as_str())))
        .collect();
    let t = tree::build(&chain);
    assert_eq!(t.roots, [0]);
    assert!(t.issues.is_empty());
    let ring: Vec<tree::EventRef> = (0..n)
        .map(|i| ev(&ids[i], Some(&ids[(i + 1) % n])))
        .collect();
    let t = tree::build(&ring);
    assert_eq!(issue_codes(&t), ["cycle [0,\"parent_event_id\"]"]);
    assert_eq!(t.roots, [0]);
    assert!(
        t.issues[0]
            .message
            .contains("… 100000 events in all → \"e0\""),
        "{}",
        t.issues[0].message
    );
}

#[test]
fn the_tree_speaks_json() {
    let t = tree::build(&[ev("a", None), ev("b", Some("a")), ev("q\"\n", Some("gone"))]);
    let text = t.to_json();
    let v: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
    assert_eq!(v["roots"], serde_json::json!([0, 2]));
    assert_eq!(v["children"], serde_json::json!([[0, [1]]]));
    assert_eq!(v["issues"][0]["code"], "dangling_parent");
    assert_eq!(
        v["issues"][0]["path"],
        serde_json::json!([2, "parent_event_id"])
    );
    assert_eq!(v["issues"][0]["received"], "\"gone\"");
    assert!(text.starts_with(r#"{"roots":[0,2],"children":[[0,[1]]],"issues":[{"code":"dangling_parent","path":[2,"parent_event_id"],"message":"#));
    assert_eq!(
        tree::build(&[]).to_json(),
        r#"{"roots":[],"children":[],"issues":[]}"#
    );
}
