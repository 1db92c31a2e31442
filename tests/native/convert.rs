//! Conversions Kernel ⇄ OpenAI through the canonical model: the FORMATS.md rows, losses
//! reported for what the target cannot carry, and exact round trips when nothing is lost.
use crate::support::{ours, theirs, Counter};
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use agent_messages::formats::{kernel, openai};
use agent_messages::tape::value::Value;
use agent_messages::validate::Shape;
use serde_json::json;

fn run(
    from: Format,
    to: Format,
    values: &[serde_json::Value],
) -> (Vec<serde_json::Value>, Vec<(usize, String, String)>) {
    let (out, losses) = convert(from, to, &ours(values), &mut Counter(0));
    let out = theirs(&out);
    let losses = crate::support::loss_rows(&losses);
    (out, losses)
}

fn assert_valid(shape: &Shape, values: &[serde_json::Value]) {
    crate::support::assert_valid_json(shape, values)
}

fn openai_chat() -> Vec<serde_json::Value> {
    vec![
        json!({"role": "developer", "content": "Be brief."}),
        json!({"role": "system", "content": "You are a travel agent."}),
        json!({"role": "user", "content": "Weather in Paris?"}),
        json!({"role": "user", "content": [
            {"type": "text", "text": "And this photo?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
        ]}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}},
            {"id": "call_2", "type": "function", "function": {"name": "describe", "arguments": "{}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "18°C"}),
        json!({"role": "tool", "tool_call_id": "call_2", "content": "a cat"}),
        json!({"role": "assistant", "content": "18°C, and a cat."}),
    ]
}

#[test]
fn openai_to_kernel_and_back_is_exact_when_nothing_is_lost() {
    let chat = openai_chat();
    let (k, losses) = run(OpenAI, Kernel, &chat);
    assert_eq!(losses, vec![]);
    assert_valid(&kernel::MESSAGE, &k);
    let types: Vec<&str> = k.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "system",
            "system",
            "input",
            "input",
            "tool-calls",
            "tool-results",
            "reply"
        ]
    );
    // The developer role is carried in a custom property; tool results are one call group,
    // each named after its call; the image is a file with its media type.
    assert_eq!(k[0]["agentMessages"], json!({"developer": true}));
    assert_eq!(
        k[5]["results"],
        json!([
            {"callId": "call_1", "name": "weather", "output": "18°C"},
            {"callId": "call_2", "name": "describe", "output": "a cat"}
        ])
    );
    assert_eq!(
        k[3]["files"],
        json!([{"data": "iVBORw0KGgo=", "mimeType": "image/png"}])
    );
    assert_eq!(k[4]["calls"][0]["args"], json!({"city": "Paris"}));
    // Back: the same chat, except what a Kernel message adds (ids, timestamps) is reported.
    let (back, losses) = run(Kernel, OpenAI, &k);
    assert_eq!(back, chat);
    // Exactly, to the text: key order kept.
    let texts = [
        r#"{"role":"developer","content":"Be brief."}"#,
        r#"{"role":"user","content":[{"type":"text","text":"Look"},{"type":"image_url","image_url":{"url":"data:image/png;base64,AQID"}}]}"#,
        r#"{"role":"assistant","content":"On it.","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{\"b\":1,\"a\":[true]}"}}]}"#,
        r#"{"role":"tool","tool_call_id":"c1","content":"done"}"#,
    ];
    let source: Vec<Value> = texts.iter().map(|t| Value::parse(t).unwrap()).collect();
    let (k2, lost) = convert(OpenAI, Kernel, &source, &mut Counter(0));
    assert_eq!(lost, vec![]);
    let (back2, _) = convert(Kernel, OpenAI, &k2, &mut Counter(0));
    assert_eq!(back2.iter().map(Value::to_json).collect::<Vec<_>>(), texts);
    assert!(
        losses
            .iter()
            .all(|(_, code, path)| code == "dropped_field" && path == r#"["id"]"#),
        "{losses:?}"
    );
}

#[test]
fn kernel_rows_map_as_the_table_says_and_losses_are_reported() {
    let k = vec![
        json!({"id": "a", "timestamp": 1, "type": "input", "text": "hi", "files": [{"data": "AQID", "mimeType": "image/jpeg", "filename": "x.jpg"}]}),
        json!({"id": "b", "timestamp": 2, "type": "reasoning", "title": "t", "summary": "s"}),
        json!({"id": "c", "timestamp": 3, "type": "tool-calls", "calls": [{"id": "c1", "name": "f"}]}),
        json!({"id": "d", "timestamp": 4, "type": "tool-results", "results": [
            {"callId": "c1", "name": "f", "output": {"n": 1}},
            {"name": "g", "output": "lost"},
            {"callId": "c2", "output": null, "error": {"name": "TypeError", "message": "bad"}}
        ]}),
        json!({"id": "e", "timestamp": 5, "type": "log", "text": "debug"}),
        json!({"id": "f", "timestamp": 6, "type": "reply", "text": "done", "threadId": "t1"}),
    ];
    let (o, losses) = run(Kernel, OpenAI, &k);
    assert_valid(&openai::MESSAGE, &o);
    assert_eq!(
        o,
        vec![
            json!({"role": "user", "content": [
                {"type": "text", "text": "hi"},
                {"type": "image_url", "image_url": {"url": "data:image/jpeg;base64,AQID"}}
            ]}),
            json!({"role": "assistant", "content": null, "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ]}),
            json!({"role": "tool", "tool_call_id": "c1", "content": "{\"n\":1}"}),
            json!({"role": "tool", "tool_call_id": "c2", "content": "Error: bad"}),
            json!({"role": "assistant", "content": "done"}),
        ]
    );
    let codes: Vec<(usize, &str, &str)> = losses
        .iter()
        .filter(|(_, _, p)| p != r#"["id"]"#)
        .map(|(i, c, p)| (*i, c.as_str(), p.as_str()))
        .collect();
    assert_eq!(
        codes,
        vec![
            (0, "dropped_field", r#"["files",0,"filename"]"#),
            (1, "unsupported_message", "[]"),
            (2, "dropped_field", r#"["calls",0,"args"]"#),
            (3, "stringified_output", r#"["results",0,"output"]"#),
            (3, "unsupported_message", r#"["results",1]"#),
            (3, "error_as_text", r#"["results",2]"#),
            (4, "unsupported_message", "[]"),
            (5, "dropped_field", r#"["threadId"]"#),
        ]
    );
}

#[test]
fn kernel_to_kernel_through_the_model_is_the_identity() {
    let k = vec![
        json!({"id": "a", "timestamp": 1, "type": "reasoning", "title": "t", "summary": "s", "x": [1]}),
        json!({"id": "b", "timestamp": 2, "type": "thought", "depth": 3}),
        json!({"id": "c", "timestamp": 3, "type": "system", "text": "s"}),
    ];
    let (out, losses) = run(Kernel, Kernel, &k);
    assert_eq!(losses, vec![]);
    assert_eq!(out, k);
}

#[test]
fn every_pair_has_a_mapping_and_only_the_formats_names_parse() {
    for &from in crate::support::CONVERTIBLE {
        assert_eq!(Format::parse(from.name()), Some(from));
        for &to in crate::support::CONVERTIBLE {
            assert_eq!(convert(from, to, &[], &mut Counter(0)), (vec![], vec![]));
        }
    }
    assert_eq!(Format::parse("nope"), None);
}

// What the round-trip law (convert_law.rs) found changed without a loss, as fixed cases.

#[test]
fn openai_changes_the_law_found_are_reported() {
    let chat = vec![
        // One text part stays a part: Kernel carries the mark `listed`.
        json!({"role": "user", "content": [{"type": "text", "text": "hi"}]}),
        // A refusal alone is no message of the target.
        json!({"role": "assistant", "content": null, "refusal": "I can't."}),
        // An image sent as a file part reads back as an image_url part, and data that is not
        // an image sent as an image_url part reads back as a file part.
        json!({"role": "user", "content": [
            {"type": "file", "file": {"file_data": "data:image/png;base64,AQID"}},
            {"type": "image_url", "image_url": {"url": "data:application/pdf;base64,AQID"}}
        ]}),
    ];
    let (k, losses) = run(OpenAI, Kernel, &chat);
    assert_valid(&kernel::MESSAGE, &k);
    assert_eq!(
        losses,
        vec![
            (1, "dropped_field".into(), r#"["refusal"]"#.into()),
            (1, "unsupported_message".into(), "[]".into()),
            (2, "dropped_field".into(), r#"["content",0]"#.into()),
            (2, "dropped_field".into(), r#"["content",1]"#.into()),
        ]
    );
    let (back, _) = run(Kernel, OpenAI, &k);
    assert_eq!(
        back,
        vec![
            json!({"role": "user", "content": [{"type": "text", "text": "hi"}]}),
            json!({"role": "user", "content": [
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,AQID"}},
                {"type": "file", "file": {"file_data": "data:application/pdf;base64,AQID"}}
            ]}),
        ]
    );
}

#[test]
fn kernel_messages_openai_cannot_write_as_they_are_are_reported() {
    let k = vec![
        // An input with neither text nor files: an empty text (an empty list of parts is not
        // a valid OpenAI message).
        json!({"id": "a", "timestamp": 1, "type": "input"}),
        // An empty list of tool results is no tool message.
        json!({"id": "b", "timestamp": 2, "type": "tool-results", "results": []}),
        // A result named otherwise than its call: OpenAI names it after the call.
        json!({"id": "c", "timestamp": 3, "type": "tool-calls", "calls": [{"id": "c1", "name": "f", "args": {}}]}),
        json!({"id": "d", "timestamp": 4, "type": "tool-results", "results": [
            {"callId": "c1", "name": "g", "output": "x"},
            {"callId": "c2", "name": "h", "output": "y"}
        ]}),
    ];
    let (o, losses) = run(Kernel, OpenAI, &k);
    assert_valid(&openai::MESSAGE, &o);
    assert_eq!(o[0], json!({"role": "user", "content": ""}));
    assert_eq!(o.len(), 4);
    let rows: Vec<(usize, &str, &str)> = losses
        .iter()
        .filter(|(_, _, p)| p != r#"["id"]"#)
        .map(|(i, c, p)| (*i, c.as_str(), p.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            (0, "dropped_field", "[]"),
            (1, "unsupported_message", "[]"),
            (3, "dropped_field", r#"["results",0,"name"]"#),
            (3, "dropped_field", r#"["results",1,"name"]"#),
        ]
    );
}

#[test]
fn an_empty_kernel_files_list_is_carried() {
    let k = vec![json!({"id": "a", "timestamp": 1, "type": "input", "text": "hi", "files": []})];
    let (same, losses) = run(Kernel, Kernel, &k);
    assert_eq!(losses, vec![]);
    assert_eq!(same, k);
    let (_, losses) = run(Kernel, OpenAI, &k);
    assert!(
        losses.contains(&(0, "dropped_field".into(), r#"["files"]"#.into())),
        "{losses:?}"
    );
}

#[test]
fn a_kernel_reasoning_carries_a_thinking_signature_and_an_empty_title() {
    let k = vec![
        json!({"id": "a", "timestamp": 1, "type": "reasoning", "title": "", "summary": "s",
               "agentMessages": {"signature": "EqQBCkYI"}}),
        json!({"id": "b", "timestamp": 2, "type": "reasoning", "title": "Plan", "summary": "s"}),
    ];
    let canonical = agent_messages::convert::to_canonical(Kernel, &ours(&k), &mut Vec::new());
    assert!(matches!(
        &canonical[0].body,
        agent_messages::convert::canonical::Body::Reasoning { title: None, signature: Some(s), .. } if s == "EqQBCkYI"
    ));
    let (out, losses) = run(Kernel, Kernel, &k);
    assert_eq!(losses, vec![]);
    assert_eq!(out, k);
    // A signature that is not one string is reported, not carried.
    let bad = vec![
        json!({"id": "a", "timestamp": 1, "type": "reasoning", "title": "", "summary": "s",
                          "agentMessages": {"signature": 7}}),
    ];
    let (out, losses) = run(Kernel, Kernel, &bad);
    assert_eq!(losses.len(), 1, "{losses:?}");
    assert_eq!(losses[0].1, "reserved_name");
    assert!(out[0].get("agentMessages").is_none());
}
