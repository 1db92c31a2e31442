//! Anthropic Messages streams folded by `stream::anthropic`: every recorded stream folds with
//! no issue but the two hand-written ones that repeat `message_start`, which give
//! `duplicate_start` at the repeated event and still fold.

use super::stream_support::{fixture_dir, fold_file, fold_values};
use agent_messages::formats::Format;
use agent_messages::tape::value::Value;

fn dir() -> std::path::PathBuf {
    fixture_dir("anthropic")
}

/// The recordings that repeat `message_start` within one response, on purpose.
const BROKEN: &[&str] = &["duplicate-message-start", "spliced-message-start"];

fn codes(done: &agent_messages::stream::Finished) -> Vec<(String, String)> {
    super::support::issue_rows(&done.issues)
}

#[test]
fn every_recorded_stream_folds_without_an_issue() {
    let mut seen = 0;
    let mut failed = Vec::new();
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        let stem = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() || BROKEN.iter().any(|b| stem.starts_with(b)) {
            continue;
        }
        let done = fold_file(Format::Anthropic, &path);
        if !done.ok || !done.issues.is_empty() || done.messages.is_empty() {
            failed.push((
                stem,
                codes(&done),
                done.issues.first().map(|i| i.message.clone()),
            ));
        }
        seen += 1;
    }
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(seen, 22);
}

#[test]
fn several_responses_in_one_file_are_several_messages() {
    let many = fold_file(
        Format::Anthropic,
        &dir().join("anthropic-programmatic-tool-calling.1.chunks.txt"),
    );
    assert_eq!(many.messages.len(), 15);
    let two = fold_file(
        Format::Anthropic,
        &dir().join("anthropic-tool-search-regex.1.chunks.txt"),
    );
    assert_eq!(two.messages.len(), 2);
}

#[test]
fn a_repeated_message_start_is_an_issue_and_the_stream_still_folds() {
    let dup = fold_file(
        Format::Anthropic,
        &dir().join("duplicate-message-start.chunks.txt"),
    );
    assert_eq!(
        codes(&dup),
        [("duplicate_start".to_owned(), r#"[1,"type"]"#.to_owned())]
    );
    assert_eq!(dup.messages.len(), 1);
    let spliced = fold_file(
        Format::Anthropic,
        &dir().join("spliced-message-start.chunks.txt"),
    );
    let found = codes(&spliced);
    assert!(
        found.iter().any(|(c, _)| c == "duplicate_start"),
        "{found:?}"
    );
    assert!(found.iter().any(|(c, _)| c == "incomplete"), "{found:?}");
    assert_eq!(spliced.messages.len(), 2);
}

#[test]
fn an_empty_input_is_an_empty_object_and_split_escapes_join() {
    let done = fold_file(
        Format::Anthropic,
        &dir().join("anthropic-tool-no-args.chunks.txt"),
    );
    let content = done.messages[0].get("content").unwrap().as_array().unwrap();
    let tool = content
        .iter()
        .find(|b| b.get("type").unwrap().as_str() == Some("tool_use"))
        .unwrap();
    assert_eq!(tool.get("input"), Some(&Value::Obj(vec![])));
    let quoted = fold_file(
        Format::Anthropic,
        &dir().join("anthropic-issue-11719-quoted-tool-input.chunks.txt"),
    );
    let content = quoted.messages[0]
        .get("content")
        .unwrap()
        .as_array()
        .unwrap();
    let tool = content
        .iter()
        .find(|b| b.get("type").unwrap().as_str() == Some("tool_use"))
        .unwrap();
    assert!(tool.get("input").unwrap().to_json().contains(r#"\""#));
}

#[test]
fn the_signature_is_every_signature_delta_joined() {
    let chunks = [
        r#"{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}"#,
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":"","signature":""}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"hm"}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"AB"}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"CD"}}"#,
        r#"{"type":"content_block_stop","index":0}"#,
        r#"{"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":null},"usage":{"output_tokens":5}}"#,
        r#"{"type":"message_stop"}"#,
    ]
    .map(str::to_owned);
    let done = fold_values(Format::Anthropic, &chunks);
    assert!(done.ok, "{:?}", done.issues);
    let block = &done.messages[0].get("content").unwrap().as_array().unwrap()[0];
    assert_eq!(block.get("signature").unwrap().as_str(), Some("ABCD"));
    assert_eq!(block.get("thinking").unwrap().as_str(), Some("hm"));
}

#[test]
fn events_out_of_order_give_issues_at_their_position() {
    let chunks = [
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}"#,
        r#"{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"x"}}"#,
        r#"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#,
        r#"{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}"#,
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"ok"}}"#,
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{"}}"#,
        r#"{"type":"content_block_stop","index":1}"#,
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"late"}}"#,
        r#"{"type":"content_block_delta","index":1,"delta":{"type":"mystery_delta"}}"#,
        r#"{"type":"surprise"}"#,
        r#"{"type":"message_stop"}"#,
        r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":1}}"#,
    ]
    .map(str::to_owned);
    let done = fold_values(Format::Anthropic, &chunks);
    let want = [
        ("delta_before_start", r#"[0,"type"]"#),
        ("delta_before_start", r#"[2,"index"]"#),
        ("unknown_index", r#"[3,"index"]"#),
        ("duplicate_start", r#"[4,"index"]"#),
        ("invalid_type", r#"[6,"delta","type"]"#),
        ("after_stop", r#"[8,"index"]"#),
        ("after_stop", r#"[9,"index"]"#),
        ("unknown_type", r#"[10,"type"]"#),
        ("after_stop", r#"[12,"type"]"#),
    ];
    let found = codes(&done);
    let found: Vec<_> = found
        .iter()
        .map(|(c, p)| (c.as_str(), p.as_str()))
        .collect();
    assert_eq!(found, want);
    let block = &done.messages[0].get("content").unwrap().as_array().unwrap()[0];
    assert_eq!(block.get("text").unwrap().as_str(), Some("ok"));
}

#[test]
fn a_stream_cut_short_folds_what_came_and_says_what_is_open() {
    let chunks = [
        r#"{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}"#,
        r#"{"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":"toolu_1","name":"f","input":{}}}"#,
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"city\": \"Par"}}"#,
    ]
    .map(str::to_owned);
    let done = fold_values(Format::Anthropic, &chunks);
    let found = codes(&done);
    assert!(
        found.contains(&("incomplete".into(), "[3]".into())),
        "{found:?}"
    );
    assert!(
        found.contains(&(
            "invalid_json_arguments".into(),
            r#"[2,"delta","partial_json"]"#.into()
        )),
        "{found:?}"
    );
    assert!(!done.ok);
}

#[test]
fn an_escaped_lone_surrogate_in_chunk_text_is_reported_as_for_a_chunk_object() {
    let chunks = [r#"{"type":"ping","note":"\ud800"}"#.to_owned()];
    let done = fold_values(Format::Anthropic, &chunks);
    assert_eq!(
        codes(&done)[0],
        ("ill_formed_string".to_owned(), r#"[0,"note"]"#.to_owned())
    );
}
