//! kernelRender in the core: a fixed case for every bullet of the Kernel's rendering rule
//! (FORMATS.md, "How the Kernel renders its messages for a model"), each output checked as AI
//! SDK `ModelMessage`s; and over generated Kernel conversations, the rendering is always valid.

use crate::gen::{assert_valid, conversation};
use crate::gen_wide;
use agent_messages::convert::kernel_render::{js_blank, render, Rendered, CODES};
use agent_messages::tape::value::Value;
use agent_messages::validate::Options;
use proptest::prelude::*;
use serde_json::json;

fn values(list: serde_json::Value) -> Vec<Value> {
    match Value::parse(&list.to_string()).expect("test JSON parses") {
        Value::Arr(items) => items,
        other => vec![other],
    }
}

/// A Kernel message of `type` with `fields`.
fn k(n: usize, ty: &str, fields: serde_json::Value) -> serde_json::Value {
    let mut m = json!({"id": format!("m{n}"), "timestamp": n, "type": ty});
    for (key, v) in fields.as_object().expect("fields are an object") {
        m[key] = v.clone();
    }
    m
}

/// Render, check the output (valid AI SDK model messages, by the crate's shapes and as the
/// package checks it), and give the messages as JSON and the findings as rows.
fn rendered(list: serde_json::Value) -> (serde_json::Value, Vec<String>) {
    let mut r = render(&values(list));
    valid(&mut r);
    let messages: serde_json::Value =
        serde_json::from_str(&Value::Arr(r.messages.clone()).to_json()).unwrap();
    (messages, rows(&r))
}

fn valid(r: &mut Rendered) {
    assert_valid("ai-sdk", &r.messages);
    if let Err(issues) = r.checked(&Options::default()) {
        panic!("the rendered messages are not valid: {issues:?}");
    }
}

/// `index code path` of every finding.
fn rows(r: &Rendered) -> Vec<String> {
    r.findings
        .iter()
        .map(|f| {
            assert_eq!(f.severity.as_str(), "warning");
            assert!(CODES.contains(&f.code), "undeclared code {}", f.code);
            let path = serde_json::to_string(&f.path).unwrap();
            format!("{} {} {path}", f.index, f.code)
        })
        .collect()
}

#[test]
fn input_with_text_is_a_user_message_and_its_files_are_not_rendered() {
    let (m, f) = rendered(json!([
        k(0, "input", json!({"text": "hi"})),
        k(
            1,
            "input",
            json!({"text": " look ", "files": [{"data": "AQID", "mimeType": "image/png"}, {"data": "AQID"}]})
        ),
        k(2, "input", json!({"files": [{"data": "AQID"}]})),
        k(3, "input", json!({"text": " \n\t\u{3000}\u{feff}"})),
        k(4, "input", json!({})),
    ]));
    assert_eq!(
        m,
        json!([{"role": "user", "content": "hi"}, {"role": "user", "content": " look "}])
    );
    assert_eq!(
        f,
        [
            r#"1 file_not_rendered ["files",0]"#,
            r#"1 file_not_rendered ["files",1]"#,
            r#"2 file_not_rendered ["files",0]"#,
            "2 blank_dropped []",
            "3 blank_dropped []",
            "4 blank_dropped []",
        ]
    );
}

#[test]
fn blank_is_what_javascript_trims() {
    assert!(js_blank(""));
    assert!(js_blank(
        " \t\n\r\u{b}\u{c}\u{a0}\u{1680}\u{2000}\u{2028}\u{2029}\u{202f}\u{205f}\u{3000}\u{feff}"
    ));
    // NEL is white space to Rust, not to JavaScript's trim(); a zero-width space is neither.
    assert!(!js_blank("\u{85}"));
    assert!(!js_blank("\u{200b}"));
    assert!(!js_blank(" a "));
    let (m, f) = rendered(json!([k(0, "reply", json!({"text": "\u{85}"}))]));
    assert_eq!(m, json!([{"role": "assistant", "content": "\u{85}"}]));
    assert!(f.is_empty());
}

#[test]
fn system_is_rendered_even_blank_and_blank_replies_are_dropped() {
    let (m, f) = rendered(json!([
        k(0, "system", json!({"text": "Be brief."})),
        k(1, "system", json!({"text": ""})),
        k(2, "reply", json!({"text": "Hello"})),
        k(3, "reply", json!({"text": "  "})),
    ]));
    assert_eq!(
        m,
        json!([
            {"role": "system", "content": "Be brief."},
            {"role": "system", "content": ""},
            {"role": "assistant", "content": "Hello"},
        ])
    );
    assert_eq!(f, ["3 blank_dropped []"]);
}

#[test]
fn answered_calls_render_as_a_call_message_and_a_tool_message() {
    let (m, f) = rendered(json!([
        k(
            0,
            "tool-calls",
            json!({"calls": [
                {"id": "a", "name": "weather", "args": {"city": "Oslo"}},
                {"id": "b", "name": "time"},
            ]})
        ),
        k(
            1,
            "tool-results",
            json!({"results": [
                {"callId": "b", "name": "time", "output": "12:00"},
                {"callId": "a", "name": "weather", "output": {"temp": 3, "sky": null}},
            ]})
        ),
    ]));
    assert_eq!(
        m,
        json!([
            {"role": "assistant", "content": [
                {"type": "tool-call", "toolCallId": "a", "toolName": "weather", "input": {"city": "Oslo"}},
                {"type": "tool-call", "toolCallId": "b", "toolName": "time", "input": {}},
            ]},
            {"role": "tool", "content": [
                {"type": "tool-result", "toolCallId": "b", "toolName": "time", "output": {"type": "text", "value": "12:00"}},
                {"type": "tool-result", "toolCallId": "a", "toolName": "weather", "output": {"type": "json", "value": {"temp": 3, "sky": null}}},
            ]},
        ])
    );
    assert_eq!(f, [r#"0 empty_input ["calls",1]"#]);
}

#[test]
fn calls_not_answered_by_the_next_message_get_pending_results() {
    let pending = json!({"type": "json", "value": {"status": "pending"}});
    let (m, f) = rendered(json!([
        k(
            0,
            "tool-calls",
            json!({"calls": [{"id": "a", "name": "f", "args": {}}, {"id": "b", "name": "g", "args": {}}]})
        ),
        // Answers a only: both calls get a pending result, and the results a synthetic call.
        k(
            1,
            "tool-results",
            json!({"results": [{"callId": "a", "name": "f", "output": 1}]})
        ),
        k(
            2,
            "tool-calls",
            json!({"calls": [{"id": "c", "name": "h", "args": {}}]})
        ),
        k(3, "log", json!({"text": "between"})),
        k(
            4,
            "tool-calls",
            json!({"calls": [{"id": "d", "name": "i", "args": {}}]})
        ),
    ]));
    let call = |id: &str, name: &str| json!({"type": "tool-call", "toolCallId": id, "toolName": name, "input": {}});
    let result = |id: &str, name: &str, output: &serde_json::Value| json!({"type": "tool-result", "toolCallId": id, "toolName": name, "output": output});
    assert_eq!(
        m,
        json!([
            {"role": "assistant", "content": [call("a", "f"), call("b", "g")]},
            {"role": "tool", "content": [result("a", "f", &pending), result("b", "g", &pending)]},
            {"role": "assistant", "content": [call("a", "f")]},
            {"role": "tool", "content": [result("a", "f", &json!({"type": "json", "value": 1}))]},
            {"role": "assistant", "content": [call("c", "h")]},
            {"role": "tool", "content": [result("c", "h", &pending)]},
            // The last message: no next message, nothing pending.
            {"role": "assistant", "content": [call("d", "i")]},
        ])
    );
    assert_eq!(
        f,
        [
            r#"0 pending_result ["calls",0]"#,
            r#"0 pending_result ["calls",1]"#,
            r#"1 synthetic_call ["results",0]"#,
            r#"2 pending_result ["calls",0]"#,
            "3 type_not_rendered []",
        ]
    );
}

#[test]
fn results_without_their_calls_just_before_get_synthetic_calls() {
    let (m, f) = rendered(json!([
        k(
            0,
            "tool-calls",
            json!({"calls": [{"id": "a", "name": "f", "args": {"x": 1}}]})
        ),
        k(1, "reply", json!({"text": "working"})),
        k(
            2,
            "tool-results",
            json!({"results": [
                {"callId": "a", "name": "f", "output": [1, 2]},
                {"output": "no ids", "error": {"name": "Error", "message": "boom"}},
            ]})
        ),
    ]));
    assert_eq!(
        m,
        json!([
            {"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {"x": 1}}]},
            {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "a", "toolName": "f", "output": {"type": "json", "value": {"status": "pending"}}}]},
            {"role": "assistant", "content": "working"},
            {"role": "assistant", "content": [
                {"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {}},
                {"type": "tool-call", "toolCallId": "", "toolName": "", "input": {}},
            ]},
            {"role": "tool", "content": [
                {"type": "tool-result", "toolCallId": "a", "toolName": "f", "output": {"type": "json", "value": [1, 2]}},
                {"type": "tool-result", "toolCallId": "", "toolName": "", "output": {"type": "text", "value": "no ids"}},
            ]},
        ])
    );
    assert_eq!(
        f,
        [
            r#"0 pending_result ["calls",0]"#,
            r#"2 synthetic_call ["results",0]"#,
            r#"2 empty_call_id ["results",1,"callId"]"#,
            r#"2 empty_tool_name ["results",1,"name"]"#,
            r#"2 synthetic_call ["results",1]"#,
            r#"2 error_not_rendered ["results",1,"error"]"#,
        ]
    );
}

#[test]
fn a_first_result_list_and_empty_lists() {
    let (m, f) = rendered(json!([
        k(
            0,
            "tool-results",
            json!({"results": [{"callId": "a", "name": "f", "output": null}]})
        ),
        k(1, "tool-calls", json!({"calls": []})),
        k(2, "tool-results", json!({"results": []})),
    ]));
    assert_eq!(
        m,
        json!([
            {"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {}}]},
            {"role": "tool", "content": [{"type": "tool-result", "toolCallId": "a", "toolName": "f", "output": {"type": "json", "value": null}}]},
            // No calls: nothing rendered, nothing pending; no results: an empty tool message.
            {"role": "tool", "content": []},
        ])
    );
    assert_eq!(
        f,
        [
            r#"0 synthetic_call ["results",0]"#,
            r#"1 no_calls ["calls"]"#
        ]
    );
}

#[test]
fn reasoning_log_single_tool_messages_and_registered_types_are_not_rendered() {
    let (m, f) = rendered(json!([
        k(0, "reasoning", json!({"title": "t", "summary": "s"})),
        k(1, "log", json!({"text": "x"})),
        k(2, "tool-call", json!({"name": "f", "args": {}})),
        k(3, "tool-result", json!({"callId": "a", "result": 1})),
        k(4, "thought", json!({"depth": 2})),
        k(5, "input", json!({"text": "ok"})),
    ]));
    assert_eq!(m, json!([{"role": "user", "content": "ok"}]));
    assert_eq!(
        f,
        [
            "0 type_not_rendered []",
            "1 type_not_rendered []",
            "2 type_not_rendered []",
            "3 type_not_rendered []",
            "4 type_not_rendered []",
        ]
    );
}

#[test]
fn outputs_and_args_keep_their_values_through_the_json_forms() {
    // Kernel JSON form: a plain object that looks like a tag is escaped in `any` (output), not
    // in `JSONValue` (args); bytes and errors are tags. The AI SDK's JSONValue escapes both.
    let (m, f) = rendered(json!([
        k(
            0,
            "tool-calls",
            json!({"calls": [{"id": "a", "name": "f", "args": {"$bytes": "not bytes"}}]})
        ),
        k(
            1,
            "tool-results",
            json!({"results": [
                {"callId": "a", "name": "f", "output": {"$escape": {"$url": "plain"}}},
                {"callId": "a", "name": "f", "output": {"file": {"$bytes": "AQID"}, "e": {"$error": {"name": "Error", "message": "x"}}}},
            ]})
        ),
    ]));
    assert_eq!(
        m[0]["content"][0]["input"],
        json!({"$escape": {"$bytes": "not bytes"}})
    );
    assert_eq!(
        m[1]["content"][0]["output"],
        json!({"type": "json", "value": {"$escape": {"$url": "plain"}}})
    );
    assert_eq!(
        m[1]["content"][1]["output"],
        json!({"type": "json", "value": {"file": {"$escape": {"$bytes": "AQID"}}, "e": {"$escape": {"$error": {"name": "Error", "message": "x"}}}}})
    );
    assert_eq!(f, [r#"1 output_not_json ["results",1,"output"]"#]);
}

#[test]
fn the_codes_are_declared_once() {
    for (n, c) in CODES.iter().enumerate() {
        assert!(!CODES[..n].contains(c), "{c} twice");
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(crate::convert_law::cases())
    })]

    /// Whatever the Kernel conversation, the rendering is valid AI SDK model messages, and
    /// the findings are in message order, with declared codes.
    #[test]
    fn the_rendering_is_always_valid(source in prop_oneof![
        conversation("kernel", crate::convert_law::MAX_MESSAGES),
        gen_wide::conversation("kernel", crate::convert_law::MAX_MESSAGES),
        gen_wide::threaded("kernel", crate::convert_law::MAX_MESSAGES),
    ]) {
        let mut r = render(&source);
        valid(&mut r);
        prop_assert!(r.findings.windows(2).all(|w| w[0].index <= w[1].index));
        prop_assert!(r.findings.iter().all(|f| CODES.contains(&f.code) && f.index < source.len()));
    }
}
