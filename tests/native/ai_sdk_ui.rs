//! The AI SDK's `UIMessage`: every part, every tool state for static and dynamic tools, the
//! prefix tags (`tool-${string}`, `data-${string}`), and the rules with their own codes
//! (`tool_state_mismatch`, `empty_tool_name`, `empty_content`, the `provider.type` kind).

use crate::support::{check_text, codes};
use agent_messages::formats::ai_sdk_ui;
use agent_messages::validate::{Checked, Shape};
use serde_json::{json, Value};

fn validate(v: &Value) -> Checked {
    check_text(&ai_sdk_ui::MESSAGE, &v.to_string())
}

fn validator(name: &str) -> &'static Shape {
    ai_sdk_ui::VALIDATORS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
        .unwrap_or_else(|| panic!("no validator {name}"))
}

fn part_codes(part: Value) -> Vec<(String, String)> {
    let m = json!({ "id": "m1", "role": "assistant", "parts": [part] });
    codes(&validate(&m))
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

fn tool(state: &str, more: Value) -> Value {
    let mut part = json!({ "type": "tool-search", "toolCallId": "c1", "state": state });
    for (k, v) in more.as_object().unwrap() {
        part[k] = v.clone();
    }
    part
}

/// One valid part of every kind and every tool state, static and dynamic.
fn every_part() -> Vec<Value> {
    let pm = json!({ "openai": { "itemId": "x", "n": 1 } });
    let mut parts = vec![
        json!({ "type": "text", "text": "hi", "state": "done", "providerMetadata": pm,
            "citations": [{ "source": { "type": "source", "sourceType": "url", "id": "s", "url": "https://x" }, "startIndex": 0, "endIndex": 2 },
                          { "source": { "type": "source", "sourceType": "document", "id": "d", "mediaType": "text/plain", "title": "T" } }] }),
        json!({ "type": "custom", "kind": "openai.compaction" }),
        json!({ "type": "reasoning", "text": "hm", "id": "r1", "state": "streaming" }),
        json!({ "type": "source-url", "sourceId": "s1", "url": "https://x", "title": "X" }),
        json!({ "type": "source-document", "sourceId": "s2", "mediaType": "application/pdf", "title": "Doc", "filename": "a.pdf" }),
        json!({ "type": "file", "mediaType": "image/png", "url": "data:image/png;base64,AA==", "providerReference": { "openai": "file_1" } }),
        json!({ "type": "reasoning-file", "mediaType": "image/png", "url": "https://x/a.png" }),
        json!({ "type": "data-weather", "data": { "temp": 20 }, "id": "d1" }),
        json!({ "type": "steering-message", "id": "st", "parts": [{ "type": "text", "text": "wait" }, { "type": "file", "mediaType": "text/plain", "url": "https://x" }] }),
        json!({ "type": "step-start" }),
    ];
    let granted = json!({ "id": "a1", "approved": true, "reason": "ok" });
    let states = [
        tool(
            "input-streaming",
            json!({ "input": { "q": "ru" }, "rawInput": "{\"q\":\"ru", "inputEncoding": "json" }),
        ),
        tool("input-streaming", json!({})),
        tool(
            "input-available",
            json!({ "input": { "q": "rust" }, "title": "Search", "toolMetadata": { "a": 1 }, "providerExecuted": false }),
        ),
        tool(
            "approval-requested",
            json!({ "input": {}, "approval": { "id": "a1", "requestReason": "costly", "isAutomatic": false } }),
        ),
        tool(
            "approval-responded",
            json!({ "input": {}, "approval": { "id": "a1", "approved": false, "reason": "no" } }),
        ),
        tool(
            "output-available",
            json!({ "input": {}, "output": [1, 2], "preliminary": true, "approval": granted }),
        ),
        tool(
            "output-error",
            json!({ "input": null, "errorText": "boom", "rawInput": "x" }),
        ),
        tool(
            "output-denied",
            json!({ "input": {}, "approval": { "id": "a1", "approved": false } }),
        ),
    ];
    for t in states {
        let mut dynamic = t.clone();
        dynamic["type"] = json!("dynamic-tool");
        dynamic["toolName"] = json!("search");
        dynamic["dynamic"] = json!(false);
        parts.push(t);
        parts.push(dynamic);
    }
    parts
}

#[test]
fn every_part_and_every_tool_state_is_valid_in_every_role() {
    for role in ["system", "user", "assistant"] {
        let m =
            json!({ "id": "m1", "role": role, "metadata": { "any": [1] }, "parts": every_part() });
        assert_eq!(codes(&validate(&m)), vec![], "{role}");
    }
    for p in every_part() {
        assert_eq!(
            codes(&check_text(validator("UIMessagePart"), &p.to_string())),
            vec![],
            "{p}"
        );
    }
    assert!(codes(&validate(
        &json!({ "id": "m", "role": "assistant", "parts": [] })
    ))
    .is_empty());
}

#[test]
fn the_part_union_names_its_prefixes_when_the_type_is_unknown() {
    let c =
        validate(&json!({ "id": "m", "role": "user", "parts": [{ "type": "image", "url": "x" }] }));
    assert_eq!(
        codes(&c),
        pairs(&[("unknown_type", r#"["parts",0,"type"]"#)])
    );
    let expected = c.issues[0].expected.as_deref().unwrap();
    assert!(
        expected
            .starts_with(r#""text" | "custom" | "reasoning" | "tool-${string}" | "dynamic-tool""#),
        "{expected}"
    );
    assert!(expected.contains(r#""data-${string}""#), "{expected}");
    // Prefixes match any name, and only from the start.
    assert!(part_codes(json!({ "type": "data-", "data": 1 })).is_empty());
    assert_eq!(
        part_codes(json!({ "type": "my-data-x", "data": 1 })),
        pairs(&[("unknown_type", r#"["parts",0,"type"]"#)])
    );
    assert_eq!(
        part_codes(json!({ "type": "data-x" })),
        pairs(&[("missing", r#"["parts",0,"data"]"#)])
    );
    assert_eq!(
        part_codes(json!({ "text": "x" })),
        pairs(&[("missing", r#"["parts",0,"type"]"#)])
    );
    assert_eq!(
        part_codes(json!({ "type": 3 })),
        pairs(&[("invalid_type", r#"["parts",0,"type"]"#)])
    );
}

#[test]
fn a_tool_state_without_the_keys_it_needs_is_a_tool_state_mismatch() {
    let mismatch = |part: Value, path: &str| {
        let c = validate(&json!({ "id": "m", "role": "assistant", "parts": [part] }));
        assert_eq!(codes(&c), pairs(&[("tool_state_mismatch", path)]));
        c.issues[0].message.clone()
    };
    let msg = mismatch(
        tool("output-available", json!({ "input": {} })),
        r#"["parts",0,"output"]"#,
    );
    assert_eq!(
        msg,
        r#"ToolUIPart needs "output" when "state" is "output-available""#
    );
    mismatch(
        tool("output-error", json!({ "input": {} })),
        r#"["parts",0,"errorText"]"#,
    );
    mismatch(tool("input-available", json!({})), r#"["parts",0,"input"]"#);
    mismatch(
        tool("output-denied", json!({ "input": {} })),
        r#"["parts",0,"approval"]"#,
    );
    // A key the state forbids.
    let msg = mismatch(
        tool("input-available", json!({ "input": {}, "output": 1 })),
        r#"["parts",0,"output"]"#,
    );
    assert_eq!(
        msg,
        r#"ToolUIPart: "output" must be undefined when "state" is "input-available""#
    );
    mismatch(
        tool(
            "output-available",
            json!({ "input": {}, "output": 1, "errorText": "x" }),
        ),
        r#"["parts",0,"errorText"]"#,
    );
    mismatch(
        tool("input-streaming", json!({ "approval": { "id": "a" } })),
        r#"["parts",0,"approval"]"#,
    );
    // Inside the approval: what the state says of `approved` and `reason`.
    mismatch(
        tool(
            "approval-responded",
            json!({ "input": {}, "approval": { "id": "a" } }),
        ),
        r#"["parts",0,"approval","approved"]"#,
    );
    mismatch(
        tool(
            "approval-requested",
            json!({ "input": {}, "approval": { "id": "a", "approved": true } }),
        ),
        r#"["parts",0,"approval","approved"]"#,
    );
    mismatch(
        tool(
            "approval-requested",
            json!({ "input": {}, "approval": { "id": "a", "reason": "r" } }),
        ),
        r#"["parts",0,"approval","reason"]"#,
    );
    let msg = mismatch(
        tool(
            "output-denied",
            json!({ "input": {}, "approval": { "id": "a", "approved": true } }),
        ),
        r#"["parts",0,"approval","approved"]"#,
    );
    assert!(
        msg.contains("must be false") && msg.contains("output-denied"),
        "{msg}"
    );
    mismatch(
        tool(
            "output-available",
            json!({ "input": {}, "output": 1, "approval": { "id": "a", "approved": false } }),
        ),
        r#"["parts",0,"approval","approved"]"#,
    );
    // The dynamic tool part says its own name.
    let mut d = tool("output-available", json!({ "input": {} }));
    d["type"] = json!("dynamic-tool");
    d["toolName"] = json!("t");
    let msg = mismatch(d, r#"["parts",0,"output"]"#);
    assert!(msg.starts_with("DynamicToolUIPart"), "{msg}");
    // `output: undefined` is no output (the JS form): absent keys only.
    // An unknown state names the states.
    let c =
        validate(&json!({ "id": "m", "role": "assistant", "parts": [tool("done", json!({}))] }));
    assert_eq!(
        codes(&c),
        pairs(&[("unknown_type", r#"["parts",0,"state"]"#)])
    );
    assert!(c.issues[0]
        .expected
        .as_deref()
        .unwrap()
        .contains(r#""output-denied""#));
    // Keys not decided by the state are plain `missing`.
    let mut no_id = tool("input-available", json!({ "input": {} }));
    no_id.as_object_mut().unwrap().remove("toolCallId");
    assert_eq!(
        part_codes(no_id),
        pairs(&[("missing", r#"["parts",0,"toolCallId"]"#)])
    );
}

#[test]
fn a_static_tool_part_needs_a_tool_name() {
    let mut part = tool("input-available", json!({ "input": {} }));
    part["type"] = json!("tool-");
    assert_eq!(
        part_codes(part),
        pairs(&[("empty_tool_name", r#"["parts",0,"type"]"#)])
    );
    let mut part = tool("input-available", json!({ "input": {} }));
    part["type"] = json!("tool-a-b");
    assert!(part_codes(part).is_empty());
}

#[test]
fn a_custom_kind_is_provider_dot_type() {
    for bad in ["nodot", ""] {
        assert_eq!(
            part_codes(json!({ "type": "custom", "kind": bad })),
            pairs(&[("invalid_format", r#"["parts",0,"kind"]"#)]),
            "{bad}"
        );
    }
    // `${string}.${string}` admits empty words around the dot, as TypeScript does.
    for good in ["a.b.c", ".x", "x.", "."] {
        assert!(
            part_codes(json!({ "type": "custom", "kind": good })).is_empty(),
            "{good}"
        );
    }
}

#[test]
fn only_the_assistant_may_have_no_parts() {
    for role in ["user", "system"] {
        let c = validate(&json!({ "id": "m", "role": role, "parts": [] }));
        assert_eq!(
            codes(&c),
            pairs(&[("empty_content", r#"["parts"]"#)]),
            "{role}"
        );
    }
    // The wrong role is reported as such, not as empty parts.
    let c = validate(&json!({ "id": "m", "role": "tool", "parts": [] }));
    assert_eq!(codes(&c), pairs(&[("invalid_literal", r#"["role"]"#)]));
}

#[test]
fn parts_of_the_wrong_shape_are_reported_where_they_are() {
    assert_eq!(
        part_codes(json!({ "type": "text" })),
        pairs(&[("missing", r#"["parts",0,"text"]"#)])
    );
    assert_eq!(
        part_codes(json!({ "type": "text", "text": "x", "state": "finished" })),
        pairs(&[("invalid_literal", r#"["parts",0,"state"]"#)])
    );
    assert_eq!(
        part_codes(
            json!({ "type": "text", "text": "x", "citations": [{ "source": { "type": "source", "sourceType": "url", "id": "s", "url": "u" }, "startIndex": -1 }] })
        ),
        pairs(&[("too_small", r#"["parts",0,"citations",0,"startIndex"]"#)])
    );
    assert_eq!(
        part_codes(json!({ "type": "text", "text": "x", "providerMetadata": { "openai": 1 } })),
        pairs(&[("invalid_type", r#"["parts",0,"providerMetadata","openai"]"#)])
    );
    assert_eq!(
        part_codes(
            json!({ "type": "steering-message", "id": "s", "parts": [{ "type": "reasoning", "text": "x" }] })
        ),
        pairs(&[("unknown_type", r#"["parts",0,"parts",0,"type"]"#)])
    );
    assert_eq!(
        part_codes(
            json!({ "type": "dynamic-tool", "toolName": "t", "toolCallId": "c", "state": "input-available", "input": 1, "dynamic": true })
        ),
        pairs(&[("invalid_literal", r#"["parts",0,"dynamic"]"#)])
    );
}

#[test]
fn the_part_validators_check_their_own_tags() {
    let t = |name: &str, v: Value| codes(&check_text(validator(name), &v.to_string()));
    assert!(t("ToolUIPart", tool("input-available", json!({ "input": 1 }))).is_empty());
    assert_eq!(
        t(
            "ToolUIPart",
            json!({ "type": "dynamic-tool", "toolCallId": "c", "state": "input-available", "input": 1, "toolName": "x" })
        ),
        pairs(&[("unknown_type", r#"["type"]"#)])
    );
    assert!(t("DataUIPart", json!({ "type": "data-x", "data": null })).is_empty());
    assert_eq!(
        t("DataUIPart", json!({ "type": "text", "data": null })),
        pairs(&[("unknown_type", r#"["type"]"#)])
    );
    assert_eq!(
        t("TextUIPart", json!({ "type": "reasoning", "text": "x" })),
        pairs(&[("invalid_literal", r#"["type"]"#)])
    );
}

#[test]
fn the_lists_come_from_the_declarations() {
    let lists = ai_sdk_ui::lists();
    let get = |n: &str| lists.iter().find(|(k, _)| *k == n).unwrap().1.clone();
    assert_eq!(get("UI_ROLES"), ["system", "user", "assistant"]);
    assert_eq!(
        get("TOOL_STATES"),
        [
            "input-streaming",
            "input-available",
            "approval-requested",
            "approval-responded",
            "output-available",
            "output-error",
            "output-denied"
        ]
    );
    assert_eq!(get("UI_PART_TYPES").len(), 12);
    assert_eq!(ai_sdk_ui::VALIDATORS[0].0, "UIMessage");
}

#[test]
fn prefix_tags_match_escaped_json_text_and_the_js_form() {
    // `\u0074ool-x` is `tool-x`: the prefix is compared on the decoded text.
    let text = r#"{"id":"m","role":"user","parts":[{"type":"\u0074ool-x","toolCallId":"c","state":"input-available","input":1},{"type":"d\u0061ta-","data":1}]}"#;
    assert_eq!(codes(&check_text(&ai_sdk_ui::MESSAGE, text)), vec![]);
    let text = r#"{"id":"m","role":"user","parts":[{"type":"\u0074oo","data":1}]}"#;
    assert_eq!(
        codes(&check_text(&ai_sdk_ui::MESSAGE, text)),
        pairs(&[("unknown_type", r#"["parts",0,"type"]"#)])
    );
    use agent_messages::tape::builder::Js;
    let part = Js::obj([
        ("type", Js::Str("tool-search".into())),
        ("toolCallId", Js::Str("c".into())),
        ("state", Js::Str("output-available".into())),
        ("input", Js::Null),
    ]);
    let m = Js::obj([
        ("id", Js::Str("m".into())),
        ("role", Js::Str("assistant".into())),
        ("parts", Js::Arr(vec![part])),
    ]);
    assert_eq!(
        codes(&crate::support::check_js(&ai_sdk_ui::MESSAGE, &m)),
        pairs(&[("tool_state_mismatch", r#"["parts",0,"output"]"#)])
    );
}
