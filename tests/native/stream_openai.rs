//! OpenAI Chat Completions streams folded by `stream::openai`: every recorded stream in
//! `../shared/fixtures/streams/openai-chat/` folds with no issue, and the hand-written broken
//! streams give their issue at the chunk's position while the rest still folds.

use super::stream_support::{fixture_dir, fold_file, fold_values};
use agent_messages::formats::Format;
use agent_messages::tape::value::Value;

fn dir() -> std::path::PathBuf {
    fixture_dir("openai-chat")
}

#[test]
fn every_recorded_stream_folds_without_an_issue() {
    let mut seen = 0;
    for entry in std::fs::read_dir(dir()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let done = fold_file(Format::OpenAI, &path);
        assert!(
            done.ok && done.issues.is_empty(),
            "{}: {:#?}",
            path.display(),
            done.issues
        );
        assert!(!done.messages.is_empty(), "{}", path.display());
        seen += 1;
    }
    assert_eq!(seen, 17);
}

#[test]
fn two_completions_in_one_file_are_two_messages() {
    let done = fold_file(
        Format::OpenAI,
        &dir().join("cererebras-structured-output-tools.1.chunks.txt"),
    );
    assert_eq!(done.messages.len(), 2);
    assert_eq!(done.responses.len(), 2);
    let ids: Vec<_> = done
        .responses
        .iter()
        .map(|r| r.get("id").unwrap().as_str().unwrap().to_owned())
        .collect();
    assert_ne!(ids[0], ids[1]);
}

#[test]
fn reasoning_content_continues_and_null_never_erases() {
    let done = fold_file(
        Format::OpenAI,
        &dir().join("azure-deepseek-reasoning.1.chunks.txt"),
    );
    let m = &done.messages[0];
    let reasoning = m.get("reasoning_content").unwrap().as_str().unwrap();
    let content = m.get("content").unwrap().as_str().unwrap();
    assert!(reasoning.len() > 400, "{reasoning}");
    assert!(content.len() > 300, "{content}");
}

#[test]
fn a_call_without_index_and_an_empty_trailing_delta_keep_their_call() {
    for file in [
        "mistral-tool-call.chunks.txt",
        "mistral-incremental-tool-call.chunks.txt",
        "alibaba-tool-call.chunks.txt",
    ] {
        let done = fold_file(Format::OpenAI, &dir().join(file));
        let calls = done.messages[0]
            .get("tool_calls")
            .unwrap()
            .as_array()
            .unwrap();
        assert_eq!(calls.len(), 1, "{file}");
        let f = calls[0].get("function").unwrap();
        assert!(
            !f.get("name").unwrap().as_str().unwrap().is_empty(),
            "{file}"
        );
        let args = f.get("arguments").unwrap().as_str().unwrap();
        assert!(Value::parse(args).is_ok(), "{file}: {args}");
        assert!(
            !calls[0].get("id").unwrap().as_str().unwrap().is_empty(),
            "{file}"
        );
    }
}

fn chunk(delta: &str, finish: &str) -> String {
    format!(
        r#"{{"id":"c1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{{"index":0,"delta":{delta},"finish_reason":{finish}}}]}}"#
    )
}

#[test]
fn broken_streams_give_issues_at_their_chunk_and_still_fold() {
    let chunks = [
        chunk(r#"{"role":"assistant","content":"Hel"}"#, "null"),
        // A tool-call delta for a call that never began (no id, no name).
        chunk(
            r#"{"tool_calls":[{"index":0,"function":{"arguments":"{\"a\""}}]}"#,
            "null",
        ),
        chunk(r#"{"content":"lo"}"#, r#""stop""#),
        // After the finish_reason.
        chunk(r#"{"content":"!"}"#, "null"),
    ];
    let done = fold_values(Format::OpenAI, &chunks);
    let codes: Vec<_> = done
        .issues
        .iter()
        .map(|i| (i.code.as_str(), serde_json::to_string(&i.path).unwrap()))
        .collect();
    assert!(!done.ok);
    assert!(
        codes.contains(&(
            "delta_before_start",
            r#"[1,"choices",0,"delta","tool_calls",0]"#.into()
        )),
        "{codes:?}"
    );
    assert!(
        codes.contains(&("after_stop", r#"[3,"choices",0]"#.into())),
        "{codes:?}"
    );
    assert!(
        codes.contains(&(
            "invalid_json_arguments",
            r#"[1,"choices",0,"delta","tool_calls",0,"function","arguments"]"#.into()
        )),
        "{codes:?}"
    );
    assert_eq!(
        done.messages[0].get("content").unwrap().as_str(),
        Some("Hello!")
    );
}

#[test]
fn a_stream_without_finish_reason_folds_and_says_it_is_incomplete() {
    let chunks = [chunk(r#"{"role":"assistant","content":"Hi"}"#, "null")];
    let done = fold_values(Format::OpenAI, &chunks);
    assert_eq!(done.issues.len(), 1, "{:?}", done.issues);
    assert_eq!(done.issues[0].code.as_str(), "incomplete");
    assert_eq!(serde_json::to_string(&done.issues[0].path).unwrap(), "[1]");
    assert_eq!(
        done.messages[0].get("content").unwrap().as_str(),
        Some("Hi")
    );
}

#[test]
fn a_chunk_that_is_not_a_chunk_is_an_issue_and_the_rest_folds() {
    let chunks = [
        chunk(r#"{"role":"assistant","content":"A"}"#, "null"),
        "[1,2]".to_owned(),
        r#"{"id":"c1","choices":"no"}"#.to_owned(),
        "{not json".to_owned(),
        chunk(r#"{"content":"B"}"#, r#""stop""#),
    ];
    let done = fold_values(Format::OpenAI, &chunks);
    let at: Vec<_> = done
        .issues
        .iter()
        .map(|i| (i.code.as_str(), serde_json::to_string(&i.path).unwrap()))
        .collect();
    assert_eq!(
        at,
        [
            ("invalid_type", "[1]".to_owned()),
            ("invalid_type", r#"[2,"choices"]"#.to_owned()),
            ("invalid_json", "[3]".to_owned()),
        ]
    );
    assert_eq!(
        done.messages[0].get("content").unwrap().as_str(),
        Some("AB")
    );
}
