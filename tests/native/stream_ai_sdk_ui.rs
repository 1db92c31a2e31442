//! Folding AI SDK `UIMessageChunk`s into `UIMessage`s: the recorded streams, and hand-written
//! streams of every chunk type and every issue. Each expected message is what the AI SDK's own
//! `readUIMessageStream` (ai 7) yields last for the same chunks (for a stream with chunks we
//! skip, for the stream without them), read back from `JSON.stringify`, keys in its order.

use agent_messages::formats::Format;
use agent_messages::stream::{Accumulator, Finished};
use agent_messages::tape::value::Value;
use agent_messages::validate::Options;

const FIXTURES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/fixtures/streams/ai-sdk-ui/"
);

fn chunks(text: &str) -> Vec<Value> {
    match Value::parse(text).expect("a JSON array of chunks") {
        Value::Arr(items) => items,
        other => panic!("not an array: {}", other.to_json()),
    }
}

fn fixture(name: &str) -> Vec<Value> {
    chunks(&std::fs::read_to_string(format!("{FIXTURES}{name}")).unwrap())
}

fn accumulator() -> Accumulator {
    Accumulator::new(Format::AiSdkUi, Options::default()).unwrap()
}

fn fold(chunks: &[Value]) -> Finished {
    let mut acc = accumulator();
    for c in chunks {
        acc.push(c);
    }
    acc.finish()
}

/// Each issue as (code, path as JSON).
fn rows(done: &Finished) -> Vec<(String, String)> {
    super::support::issue_rows(&done.issues)
}

fn owned(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

/// `stream` folds into `expected` (the AI SDK's messages, keys in order too) with `issues`.
fn same_as_ai_sdk(stream: &str, expected: &str, issues: &[(&str, &str)]) {
    let done = fold(&chunks(stream));
    let got = Value::Arr(done.messages.clone());
    assert_eq!(
        got.to_json(),
        Value::parse(expected).unwrap().to_json(),
        "the folded messages"
    );
    assert_eq!(rows(&done), owned(issues), "{:#?}", done.issues);
    assert_eq!(done.ok, issues.is_empty());
}

fn get<'v>(v: &'v Value, path: &[&str]) -> &'v Value {
    path.iter().fold(v, |v, k| match k.parse::<usize>() {
        Ok(i) => &v.as_array().unwrap()[i],
        Err(_) => v
            .get(k)
            .unwrap_or_else(|| panic!("no {k} in {}", v.to_json())),
    })
}

fn text_of(chunks: &[Value], ty: &str) -> String {
    chunks
        .iter()
        .filter(|c| c.get("type").and_then(Value::as_str) == Some(ty))
        .map(|c| c.get("delta").and_then(Value::as_str).unwrap())
        .collect()
}

/// (type, state, toolCallId) of each part.
fn outline(message: &Value) -> Vec<(String, String, String)> {
    let field = |p: &Value, k: &str| p.get(k).and_then(Value::as_str).unwrap_or("").to_owned();
    get(message, &["parts"])
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (field(p, "type"), field(p, "state"), field(p, "toolCallId")))
        .collect()
}

fn row(ty: &str, state: &str, call: &str) -> (String, String, String) {
    (ty.to_owned(), state.to_owned(), call.to_owned())
}

// ---------------------------------------------------------------------------------------------
// The recorded streams (the AI SDK's LangChain adapter).

#[test]
fn langgraph_hitl_request_1_ends_with_an_approval_request() {
    let stream = fixture("langgraph-hitl-request-1.json");
    let done = fold(&stream);
    assert!(done.issues.is_empty(), "{:#?}", done.issues);
    assert!(done.ok);
    assert_eq!(done.messages.len(), 1);
    let m = &done.messages[0];
    let call = "call_LOd3dMxgYxmNLWZVWXra9xWQ";
    assert_eq!(
        outline(m),
        [
            row("step-start", "", ""),
            row("reasoning", "done", ""),
            row("dynamic-tool", "approval-requested", call),
        ]
    );
    assert_eq!(get(m, &["id"]).as_str(), Some(""));
    assert!(m.get("metadata").is_none());
    assert_eq!(
        get(m, &["parts", "1", "text"]).as_str().unwrap(),
        text_of(&stream, "reasoning-delta")
    );
    let tool = get(m, &["parts", "2"]);
    assert_eq!(
        tool.to_json(),
        format!(
            r#"{{"type":"dynamic-tool","toolName":"delete_file","toolCallId":"{call}","state":"approval-requested","input":{{"filename":"report.pdf"}},"rawInput":"{{\"filename\":\"report.pdf\"}}","approval":{{"id":"{call}"}}}}"#
        )
    );
}

#[test]
fn langgraph_hitl_request_2_resumes_with_the_output_and_a_text() {
    let done = fold(&fixture("langgraph-hitl-request-2.json"));
    assert!(done.issues.is_empty(), "{:#?}", done.issues);
    assert!(done.ok);
    let expected = r#"[{"id":"","role":"assistant","parts":[{"type":"dynamic-tool","toolName":"delete_file","toolCallId":"call_LOd3dMxgYxmNLWZVWXra9xWQ","state":"output-available","input":{"filename":"report.pdf"},"output":"File \"report.pdf\" has been deleted successfully"},{"type":"step-start"},{"type":"step-start"},{"type":"text","text":"The file \"report.pdf\" has been queued for deletion. You’ll receive a confirmation once the action is approved and completed.","state":"done"}]}]"#;
    assert_eq!(
        Value::Arr(done.messages).to_json(),
        Value::parse(expected).unwrap().to_json()
    );
}

#[test]
fn react_agent_tool_calling_gets_outputs_without_input_available() {
    let stream = fixture("react-agent-tool-calling.json");
    let done = fold(&stream);
    assert!(done.issues.is_empty(), "{:#?}", done.issues);
    assert!(done.ok);
    assert_eq!(done.messages.len(), 1);
    let m = &done.messages[0];
    let (weather, time) = (
        "call_lxFuvuhpu9gvtx04WrmXZF9h",
        "call_U3RijXRN09TXMyKWFZwqWjnJ",
    );
    assert_eq!(
        outline(m),
        [
            row("step-start", "", ""),
            row("reasoning", "done", ""),
            row("dynamic-tool", "output-available", weather),
            row("dynamic-tool", "output-available", time),
            row("step-start", "", ""),
            row("step-start", "", ""),
            row("text", "done", ""),
        ]
    );
    assert_eq!(
        get(m, &["parts", "1", "text"]).as_str().unwrap(),
        text_of(&stream, "reasoning-delta")
    );
    assert_eq!(
        get(m, &["parts", "6", "text"]).as_str().unwrap(),
        text_of(&stream, "text-delta")
    );
    // The input parsed from the streamed text; rawInput gone with the output.
    assert_eq!(
        get(m, &["parts", "2"]).to_json(),
        format!(
            r#"{{"type":"dynamic-tool","toolName":"get_weather","toolCallId":"{weather}","state":"output-available","input":{{"city":"Tokyo","units":"celsius"}},"output":"Weather in Tokyo: 20°C, Clear skies"}}"#
        )
    );
    assert_eq!(
        get(m, &["parts", "3", "input"]).to_json(),
        r#"{"timezone":"Asia/Tokyo","format":"full"}"#
    );
}

#[test]
fn a_fixture_read_as_json_lines_folds_the_same() {
    let stream = fixture("react-agent-tool-calling.json");
    let mut acc = accumulator();
    for c in &stream {
        acc.push_bytes(format!("{}\n", c.to_json()).as_bytes());
    }
    acc.end_bytes();
    let done = acc.finish();
    assert!(done.ok, "{:#?}", done.issues);
    assert_eq!(done.messages, fold(&stream).messages);
}

// ---------------------------------------------------------------------------------------------
// Hand-written streams, each message checked against readUIMessageStream's.

/// Text and reasoning: start, delta, end with ids, `providerMetadata` replaced by a later one,
/// citations, and the message metadata merged (`start`, `message-metadata`, `finish`).
#[test]
fn text_reasoning() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageId":"m1","messageMetadata":{"a":1,"n":{"x":1}}},
        {"type":"start-step"},
        {"type":"reasoning-start","id":"r1","providerMetadata":{"p":{"k":1}}},
        {"type":"reasoning-delta","id":"r1","delta":"think "},
        {"type":"reasoning-delta","id":"r1","delta":"more","providerMetadata":{"p":{"k":2}}},
        {"type":"reasoning-end","id":"r1"},
        {"type":"text-start","id":"t1"},
        {"type":"text-delta","id":"t1","delta":"Hel"},
        {"type":"text-delta","id":"t1","delta":"lo","providerMetadata":{"o":{"z":true}}},
        {"type":"text-end","id":"t1","citations":[{"source":{"type":"source","sourceType":"url","id":"s1","url":"https://x"}}]},
        {"type":"finish-step"},
        {"type":"message-metadata","messageMetadata":{"n":{"y":2},"b":[1]}},
        {"type":"finish","finishReason":"stop","messageMetadata":{"n":{"x":3},"b":[2]}}
    ]"#,
        r#"[{"id":"m1","metadata":{"a":1,"n":{"x":3,"y":2},"b":[2]},"role":"assistant","parts":[{"type":"step-start"},{"type":"reasoning","id":"r1","text":"think more","providerMetadata":{"p":{"k":2}},"state":"done"},{"type":"text","text":"Hello","providerMetadata":{"o":{"z":true}},"state":"done","citations":[{"source":{"type":"source","sourceType":"url","id":"s1","url":"https://x"}}]}]}]"#,
        &[],
    );
}

/// Files, reasoning files, sources, custom and steering-message parts; data parts replaced by type
/// and id, kept without id, `transient` ones left out.
#[test]
fn parts() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"file","url":"https://f/a.png","mediaType":"image/png"},
        {"type":"file","url":"data:x","mediaType":"text/plain","providerMetadata":{"p":{}}},
        {"type":"reasoning-file","url":"https://f/r","mediaType":"image/png"},
        {"type":"source-url","sourceId":"s1","url":"https://s","title":"T"},
        {"type":"source-url","sourceId":"s2","url":"https://s2"},
        {"type":"source-document","sourceId":"d1","mediaType":"application/pdf","title":"Doc","filename":"d.pdf","providerMetadata":{"p":{"q":null}}},
        {"type":"custom","kind":"openai.thing","providerMetadata":{"p":{}}},
        {"type":"custom","kind":"acme.k2"},
        {"type":"steering-message","id":"st1","parts":[{"type":"text","text":"steer"},{"type":"file","mediaType":"image/png","url":"u","filename":"f"}]},
        {"type":"data-weather","id":"w1","data":{"t":1}},
        {"type":"data-weather","id":"w2","data":{"t":2},"extra":"kept"},
        {"type":"data-weather","id":"w1","data":{"t":3}},
        {"type":"data-note","data":"no id"},
        {"type":"data-note","data":"no id again"},
        {"type":"data-status","id":"w1","data":"other type same id"},
        {"type":"data-progress","id":"p","data":50,"transient":true},
        {"type":"data-kept","id":"k","data":1,"transient":false},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"file","mediaType":"image/png","url":"https://f/a.png"},{"type":"file","mediaType":"text/plain","url":"data:x","providerMetadata":{"p":{}}},{"type":"reasoning-file","mediaType":"image/png","url":"https://f/r"},{"type":"source-url","sourceId":"s1","url":"https://s","title":"T"},{"type":"source-url","sourceId":"s2","url":"https://s2"},{"type":"source-document","sourceId":"d1","mediaType":"application/pdf","title":"Doc","filename":"d.pdf","providerMetadata":{"p":{"q":null}}},{"type":"custom","kind":"openai.thing","providerMetadata":{"p":{}}},{"type":"custom","kind":"acme.k2"},{"type":"steering-message","id":"st1","parts":[{"type":"text","text":"steer"},{"type":"file","mediaType":"image/png","url":"u","filename":"f"}]},{"type":"data-weather","id":"w1","data":{"t":3}},{"type":"data-weather","id":"w2","data":{"t":2},"extra":"kept"},{"type":"data-note","data":"no id"},{"type":"data-note","data":"no id again"},{"type":"data-status","id":"w1","data":"other type same id"},{"type":"data-kept","id":"k","data":1,"transient":false}]}]"#,
        &[],
    );
}

/// Static tools: streamed and given input, preliminary and final output, text-encoded input, input
/// and output errors, approval request and response, denial, call and result provider metadata.
#[test]
fn static_tools() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageId":"m2"},
        {"type":"start-step"},
        {"type":"tool-input-start","toolCallId":"c1","toolName":"weather","providerMetadata":{"p":{"a":1}},"title":"Weather","toolMetadata":{"v":1}},
        {"type":"tool-input-delta","toolCallId":"c1","inputTextDelta":"{\"ci"},
        {"type":"tool-input-delta","toolCallId":"c1","inputTextDelta":"ty\":\"Pa"},
        {"type":"tool-input-delta","toolCallId":"c1","inputTextDelta":"ris\"}"},
        {"type":"tool-input-available","toolCallId":"c1","toolName":"weather","input":{"city":"Paris"},"providerMetadata":{"p":{"b":2}}},
        {"type":"tool-output-available","toolCallId":"c1","output":{"temp":20},"preliminary":true},
        {"type":"tool-output-available","toolCallId":"c1","output":{"temp":21},"providerMetadata":{"r":{}},"toolMetadata":{"v":2}},
        {"type":"tool-input-start","toolCallId":"c2","toolName":"search","inputEncoding":"text"},
        {"type":"tool-input-delta","toolCallId":"c2","inputTextDelta":"plain "},
        {"type":"tool-input-delta","toolCallId":"c2","inputTextDelta":"text"},
        {"type":"tool-output-error","toolCallId":"c2","errorText":"boom"},
        {"type":"tool-input-error","toolCallId":"c3","toolName":"calc","input":"{bad","errorText":"not json"},
        {"type":"tool-input-start","toolCallId":"c4","toolName":"rm","providerExecuted":true},
        {"type":"tool-input-delta","toolCallId":"c4","inputTextDelta":"{\"f\":1}"},
        {"type":"tool-input-available","toolCallId":"c4","toolName":"rm","input":{"f":1},"providerExecuted":true},
        {"type":"tool-approval-request","approvalId":"a4","toolCallId":"c4","approvalDescriptor":{"d":1},"reason":"danger","isAutomatic":true,"signature":"sig"},
        {"type":"tool-approval-response","approvalId":"a4","approved":false,"reason":"no","providerMetadata":{"p":{}}},
        {"type":"tool-output-denied","toolCallId":"c4"},
        {"type":"tool-input-available","toolCallId":"c5","toolName":"x","input":{}},
        {"type":"tool-approval-request","approvalId":"a5","toolCallId":"c5","inputSchemaInput":null},
        {"type":"tool-approval-response","approvalId":"a5","approved":true,"providerExecuted":false},
        {"type":"tool-output-error","toolCallId":"c5","errorText":"failed","providerMetadata":{"z":{}}},
        {"type":"finish-step"},
        {"type":"finish","finishReason":"tool-calls"}
    ]"#,
        r#"[{"id":"m2","role":"assistant","parts":[{"type":"step-start"},{"type":"tool-weather","toolCallId":"c1","state":"output-available","title":"Weather","toolMetadata":{"v":2},"input":{"city":"Paris"},"output":{"temp":21},"callProviderMetadata":{"p":{"b":2}},"resultProviderMetadata":{"r":{}}},{"type":"tool-search","toolCallId":"c2","state":"output-error","input":"plain text","rawInput":"plain text","errorText":"boom"},{"type":"tool-calc","toolCallId":"c3","state":"output-error","input":"{bad","errorText":"not json"},{"type":"tool-rm","toolCallId":"c4","state":"output-denied","input":{"f":1},"providerExecuted":true,"approval":{"id":"a4","descriptor":{"d":1},"requestReason":"danger","isAutomatic":true,"signature":"sig","approved":false,"reason":"no"},"callProviderMetadata":{"p":{}}},{"type":"tool-x","toolCallId":"c5","state":"output-error","input":{},"errorText":"failed","providerExecuted":false,"approval":{"id":"a5","inputSchemaInput":null,"approved":true},"resultProviderMetadata":{"z":{}}}]}]"#,
        &[],
    );
}

/// Dynamic tools, across a step: output for a call of the step before, errors, approval,
/// `toolMetadata` and `title`.
#[test]
fn dynamic_tools() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"d1","toolName":"dyn","dynamic":true,"title":"D","toolMetadata":{"m":1}},
        {"type":"tool-input-delta","toolCallId":"d1","inputTextDelta":"{\"a\":[1,"},
        {"type":"tool-input-delta","toolCallId":"d1","inputTextDelta":"2]}"},
        {"type":"start-step"},
        {"type":"tool-output-available","toolCallId":"d1","output":"ok","providerExecuted":true},
        {"type":"tool-input-start","toolCallId":"d2","toolName":"dyn2","dynamic":true,"inputEncoding":"json"},
        {"type":"tool-input-delta","toolCallId":"d2","inputTextDelta":"{}"},
        {"type":"tool-output-error","toolCallId":"d2","errorText":"bad","toolMetadata":{"q":1}},
        {"type":"tool-input-error","toolCallId":"d3","toolName":"dyn3","dynamic":true,"input":{"x":1},"errorText":"e","providerMetadata":{"p":{}}},
        {"type":"tool-input-available","toolCallId":"d4","toolName":"dyn4","dynamic":true,"input":{"y":1},"title":"T4"},
        {"type":"tool-approval-request","approvalId":"ap","toolCallId":"d4"},
        {"type":"tool-approval-response","approvalId":"ap","approved":true},
        {"type":"tool-output-available","toolCallId":"d4","output":[1,2],"preliminary":false},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"dynamic-tool","toolName":"dyn","toolCallId":"d1","state":"output-available","input":{"a":[1,2]},"output":"ok","providerExecuted":true,"title":"D","toolMetadata":{"m":1}},{"type":"step-start"},{"type":"dynamic-tool","toolName":"dyn2","toolCallId":"d2","state":"output-error","input":{},"errorText":"bad","toolMetadata":{"q":1}},{"type":"dynamic-tool","toolName":"dyn3","toolCallId":"d3","state":"output-error","input":{"x":1},"errorText":"e","resultProviderMetadata":{"p":{}}},{"type":"dynamic-tool","toolName":"dyn4","toolCallId":"d4","state":"output-available","input":{"y":1},"output":[1,2],"preliminary":false,"title":"T4","approval":{"id":"ap","approved":true}}]}]"#,
        &[],
    );
}

/// Steps: `start-step` parts, `reset-step` drops the current step's parts (and its open text and
/// tool input), a data part replaced after it.
#[test]
fn steps_and_reset() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"start-step"},
        {"type":"text-start","id":"a"},
        {"type":"text-delta","id":"a","delta":"kept"},
        {"type":"text-end","id":"a"},
        {"type":"finish-step"},
        {"type":"start-step"},
        {"type":"text-start","id":"b"},
        {"type":"text-delta","id":"b","delta":"dropped"},
        {"type":"tool-input-start","toolCallId":"x","toolName":"t"},
        {"type":"data-d","id":"1","data":1},
        {"type":"reset-step"},
        {"type":"text-start","id":"c"},
        {"type":"text-delta","id":"c","delta":"retry"},
        {"type":"text-end","id":"c"},
        {"type":"data-d","id":"1","data":2},
        {"type":"finish-step"},
        {"type":"start-step"},
        {"type":"finish-step"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"kept","state":"done"},{"type":"step-start"},{"type":"text","text":"retry","state":"done"},{"type":"data-d","id":"1","data":2}]}]"#,
        &[],
    );
}

/// A `start` with the same id continues the message; one with another id begins a new one, and both
/// are kept.
#[test]
fn two_messages() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageId":"a"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"first"},
        {"type":"text-end","id":"t"},
        {"type":"finish"},
        {"type":"start","messageId":"a","messageMetadata":{"k":1}},
        {"type":"text-start","id":"t2"},
        {"type":"text-end","id":"t2"},
        {"type":"finish"},
        {"type":"start","messageId":"b","messageMetadata":{"k":2}},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"second"},
        {"type":"text-end","id":"t"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"a","metadata":{"k":1},"role":"assistant","parts":[{"type":"text","text":"first","state":"done"},{"type":"text","text":"","state":"done"}]},{"id":"b","metadata":{"k":2},"role":"assistant","parts":[{"type":"text","text":"second","state":"done"}]}]"#,
        &[],
    );
}

/// Chunks before the first `start`: a message with id "" (left without finish when a `start` gives
/// another id).
#[test]
fn before_start() {
    same_as_ai_sdk(
        r#"[
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"orphan"},
        {"type":"text-end","id":"t"},
        {"type":"start","messageId":"m"},
        {"type":"start-step"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"hi"},
        {"type":"text-end","id":"t"},
        {"type":"finish-step"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"orphan","state":"done"}]},{"id":"m","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"hi","state":"done"}]}]"#,
        &[("incomplete", r#"[3]"#)],
    );
}

/// A second start of an open text, reasoning or tool input: reported, then the AI SDK's way (a new
/// part; the tool input starts again).
#[test]
fn duplicates() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"a"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"b"},
        {"type":"text-end","id":"t"},
        {"type":"reasoning-start","id":"r"},
        {"type":"reasoning-start","id":"r"},
        {"type":"reasoning-end","id":"r"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{\"a\":"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t2","inputEncoding":"text"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"raw"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"t2","input":"raw"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"a","state":"streaming"},{"type":"text","text":"b","state":"done"},{"type":"reasoning","id":"r","text":"","state":"streaming"},{"type":"reasoning","id":"r","text":"","state":"done"},{"type":"tool-t2","toolCallId":"c","state":"input-available","input":"raw"}]}]"#,
        &[
            ("duplicate_start", r#"[3,"id"]"#),
            ("duplicate_start", r#"[7,"id"]"#),
            ("duplicate_start", r#"[11,"toolCallId"]"#),
            ("incomplete", r#"[15]"#),
            ("incomplete", r#"[15]"#),
        ],
    );
}

/// A `start-step` at the end is in no snapshot of the AI SDK (it writes none): not in the message.
#[test]
fn trailing_step() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"text-start","id":"t"},
        {"type":"text-end","id":"t"},
        {"type":"start-step"},
        {"type":"finish-step"},
        {"type":"start-step"},
        {"type":"reset-step"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"","state":"done"}]}]"#,
        &[],
    );
}

/// A stream the AI SDK yields no snapshot for: no message, which the accumulator reports
/// (a stream that folds into nothing is not a sound stream).
#[test]
fn nothing_written() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"start-step"},
        {"type":"finish-step"},
        {"type":"finish"}
    ]"#,
        r#"[]"#,
        &[("incomplete", "[4]")],
    );
}

/// `mergeObjects`: an array replaced by an object, objects merged deeply, arrays and `null`
/// replacing, the prototype keys skipped.
#[test]
fn metadata_merge() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageMetadata":[1,2]},
        {"type":"message-metadata","messageMetadata":{"a":{"b":1}}},
        {"type":"message-metadata","messageMetadata":{"a":{"c":2},"d":null}},
        {"type":"message-metadata","messageMetadata":{"a":[9],"e":"x"}},
        {"type":"message-metadata","messageMetadata":null},
        {"type":"finish","messageMetadata":{"a":{"z":1},"__proto__":{"bad":1},"constructor":1}}
    ]"#,
        r#"[{"id":"","metadata":{"0":1,"1":2,"a":{"z":1},"d":null,"e":"x"},"role":"assistant","parts":[]}]"#,
        &[],
    );
}

/// Metadata that is not an object: replaced as `mergeObjects` does with a string and a number.
#[test]
fn metadata_scalar() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageMetadata":"str"},
        {"type":"finish","messageMetadata":5}
    ]"#,
        r#"[{"id":"","metadata":{"0":"s","1":"t","2":"r"},"role":"assistant","parts":[]}]"#,
        &[],
    );
}

/// A call given as static then dynamic (two parts), an input error, two approval requests on one
/// part.
#[test]
fn static_dynamic_mix() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"x","toolName":"s"},
        {"type":"tool-input-available","toolCallId":"x","toolName":"s","input":{},"dynamic":true},
        {"type":"tool-input-error","toolCallId":"x","toolName":"s2","input":1,"errorText":"e","dynamic":true},
        {"type":"tool-approval-request","approvalId":"a","toolCallId":"x"},
        {"type":"tool-approval-request","approvalId":"a","toolCallId":"x"},
        {"type":"tool-approval-response","approvalId":"a","approved":true},
        {"type":"tool-output-available","toolCallId":"x","output":2},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"tool-s2","toolCallId":"x","state":"output-available","input":1,"output":2,"approval":{"id":"a","approved":true}},{"type":"dynamic-tool","toolName":"s","toolCallId":"x","state":"input-available","input":{}}]}]"#,
        &[],
    );
}

/// Chunks that are not `UIMessageChunk`s: each reported at its field and skipped; the rest folds as
/// the AI SDK folds the stream without them. Skipped: chunks [1, 2, 3, 4, 5, 6, 8, 9, 11, 12, 14,
/// 15, 17, 19, 20, 21, 22, 23, 25, 26, 27, 28, 30].
#[test]
fn invalid_chunks() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        [1,2],
        "text",
        null,
        {"id":"x"},
        {"type":7},
        {"type":"text-begin","id":"t"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t"},
        {"type":"text-delta","id":"t","delta":5},
        {"type":"text-delta","id":"t","delta":"ok"},
        {"type":"text-end","id":"t","providerMetadata":null},
        {"type":"text-end","id":"t","providerMetadata":{"p":1}},
        {"type":"text-end","id":"t","providerMetadata":{"p":{"a":1}}},
        {"type":"tool-input-start","toolCallId":"c"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"n","inputEncoding":"xml"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"n"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":{"a":1}},
        {"type":"tool-input-available","toolCallId":"c","toolName":"n","input":{"a":1}},
        {"type":"tool-approval-request","toolCallId":"c"},
        {"type":"steering-message","id":"s","parts":[{"type":"text"},{"type":"image"},3]},
        {"type":"data-x","id":5,"data":1},
        {"type":"data-x","id":"5","data":1,"transient":"yes"},
        {"type":"tool-approval-response","approvalId":"a"},
        {"type":"data-x","id":"5","data":1},
        {"type":"start","messageId":3},
        {"type":"text-end","id":"t","citations":{}},
        {"type":"file","url":"u"},
        {"type":"tool-output-available","output":1},
        {"type":"tool-output-available","toolCallId":"c","output":1},
        {"type":"finish","finishReason":"bogus"},
        {"type":"finish","finishReason":"stop"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"ok","providerMetadata":{"p":{"a":1}},"state":"done"},{"type":"tool-n","toolCallId":"c","state":"output-available","input":{"a":1},"output":1},{"type":"data-x","id":"5","data":1}]}]"#,
        &[
            ("invalid_type", r#"[1]"#),
            ("invalid_type", r#"[2]"#),
            ("invalid_type", r#"[3]"#),
            ("missing", r#"[4,"type"]"#),
            ("invalid_type", r#"[5,"type"]"#),
            ("unknown_type", r#"[6,"type"]"#),
            ("missing", r#"[8,"delta"]"#),
            ("invalid_type", r#"[9,"delta"]"#),
            ("invalid_type", r#"[11,"providerMetadata"]"#),
            ("invalid_type", r#"[12,"providerMetadata","p"]"#),
            ("missing", r#"[14,"toolName"]"#),
            ("invalid_literal", r#"[15,"inputEncoding"]"#),
            ("invalid_type", r#"[17,"inputTextDelta"]"#),
            ("missing", r#"[19,"approvalId"]"#),
            ("missing", r#"[20,"parts",0,"text"]"#),
            ("unknown_type", r#"[20,"parts",1,"type"]"#),
            ("invalid_type", r#"[20,"parts",2]"#),
            ("invalid_type", r#"[21,"id"]"#),
            ("invalid_type", r#"[22,"transient"]"#),
            ("missing", r#"[23,"approved"]"#),
            ("invalid_type", r#"[25,"messageId"]"#),
            ("invalid_type", r#"[26,"citations"]"#),
            ("missing", r#"[27,"mediaType"]"#),
            ("missing", r#"[28,"toolCallId"]"#),
            ("invalid_literal", r#"[30,"finishReason"]"#),
        ],
    );
}

/// Deltas and ends of parts never started, outputs and approvals for unknown calls: reported and
/// skipped. Skipped: chunks [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].
#[test]
fn before_start_and_unknown() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"text-delta","id":"t","delta":"x"},
        {"type":"text-end","id":"t"},
        {"type":"reasoning-delta","id":"r","delta":"x"},
        {"type":"reasoning-end","id":"r"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{"},
        {"type":"tool-output-available","toolCallId":"c","output":1},
        {"type":"tool-output-error","toolCallId":"c","errorText":"e"},
        {"type":"tool-output-denied","toolCallId":"c"},
        {"type":"tool-approval-request","approvalId":"a","toolCallId":"c"},
        {"type":"tool-approval-response","approvalId":"a","approved":true},
        {"type":"text-delta","id":"t2","delta":"after end"},
        {"type":"text-start","id":"t2"},
        {"type":"text-delta","id":"t2","delta":"fine"},
        {"type":"text-end","id":"t2"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"fine","state":"done"}]}]"#,
        &[
            ("delta_before_start", r#"[1,"id"]"#),
            ("delta_before_start", r#"[2,"id"]"#),
            ("delta_before_start", r#"[3,"id"]"#),
            ("delta_before_start", r#"[4,"id"]"#),
            ("delta_before_start", r#"[5,"toolCallId"]"#),
            ("unknown_call", r#"[6,"toolCallId"]"#),
            ("unknown_call", r#"[7,"toolCallId"]"#),
            ("unknown_call", r#"[8,"toolCallId"]"#),
            ("unknown_call", r#"[9,"toolCallId"]"#),
            ("unknown_call", r#"[10,"approvalId"]"#),
            ("delta_before_start", r#"[11,"id"]"#),
        ],
    );
}

/// A delta after its text ended, a tool input delta after `reset-step` dropped the call, an output
/// for the dropped call. Skipped: chunks [3, 8, 9].
#[test]
fn after_end_and_reset() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"text-start","id":"t"},
        {"type":"text-end","id":"t"},
        {"type":"text-delta","id":"t","delta":"late"},
        {"type":"start-step"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"n"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{}"},
        {"type":"reset-step"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{}"},
        {"type":"tool-output-available","toolCallId":"c","output":1},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"","state":"done"},{"type":"step-start"}]}]"#,
        &[
            ("delta_before_start", r#"[3,"id"]"#),
            ("delta_before_start", r#"[8,"toolCallId"]"#),
            ("unknown_call", r#"[9,"toolCallId"]"#),
        ],
    );
}

/// `error` and `abort` chunks are stream errors; the message is kept as it was (no finish is needed
/// after an abort).
#[test]
fn error_abort() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"partial"},
        {"type":"error","errorText":"rate limited"},
        {"type":"text-end","id":"t"},
        {"type":"abort","reason":"user cancelled"},
        {"type":"abort"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"text","text":"partial","state":"done"}]}]"#,
        &[
            ("stream_error", r#"[3]"#),
            ("stream_error", r#"[5]"#),
            ("stream_error", r#"[6]"#),
        ],
    );
}

/// Metadata the AI SDK fails to merge (properties into a string): reported and skipped. Skipped:
/// chunks [1].
#[test]
fn metadata_throw() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageMetadata":"str"},
        {"type":"message-metadata","messageMetadata":{"a":1}},
        {"type":"message-metadata","messageMetadata":3},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","metadata":{"0":"s","1":"t","2":"r"},"role":"assistant","parts":[]}]"#,
        &[("invalid_type", r#"[1,"messageMetadata"]"#)],
    );
}

/// A `start` with a new id while the message has an open text and no finish: both reported at that
/// `start`, and both messages kept.
#[test]
fn open_then_new_message() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageId":"a"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"cut off"},
        {"type":"start","messageId":"b"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"new"},
        {"type":"text-end","id":"t"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"a","role":"assistant","parts":[{"type":"text","text":"cut off","state":"streaming"}]},{"id":"b","role":"assistant","parts":[{"type":"text","text":"new","state":"done"}]}]"#,
        &[("incomplete", r#"[3]"#), ("incomplete", r#"[3]"#)],
    );
}

/// A static tool renamed by a later chunk, `inputEncoding` moved, an output error after a
/// preliminary output (the streamed `rawInput` kept), an input error then input after it.
#[test]
fn rename_and_errors() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"a","toolName":"one","inputEncoding":"json","providerExecuted":true,"title":"A"},
        {"type":"tool-input-delta","toolCallId":"a","inputTextDelta":"{\"x\":1}"},
        {"type":"tool-input-delta","toolCallId":"a","inputTextDelta":" "},
        {"type":"tool-output-available","toolCallId":"a","output":1,"preliminary":true},
        {"type":"tool-output-error","toolCallId":"a","errorText":"late fail"},
        {"type":"tool-input-start","toolCallId":"b","toolName":"two"},
        {"type":"tool-input-delta","toolCallId":"b","inputTextDelta":"{\"y\":2}"},
        {"type":"tool-input-error","toolCallId":"b","toolName":"renamed","input":{"y":3},"errorText":"bad input","providerMetadata":{"p":{}}},
        {"type":"tool-input-available","toolCallId":"b","toolName":"renamed2","input":{"y":4},"toolMetadata":{"t":1}},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"tool-one","toolCallId":"a","state":"output-error","title":"A","input":{"x":1},"errorText":"late fail","providerExecuted":true},{"type":"tool-renamed2","toolCallId":"b","state":"input-available","input":{"y":4},"resultProviderMetadata":{"p":{}},"toolMetadata":{"t":1}}]}]"#,
        &[],
    );
}

/// One approval id on two parts (the first part takes the responses), a response reason kept by a
/// later response, a second request replacing the approval.
#[test]
fn approvals() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-available","toolCallId":"a","toolName":"t","input":{}},
        {"type":"tool-input-available","toolCallId":"b","toolName":"t","input":{}},
        {"type":"tool-approval-request","approvalId":"same","toolCallId":"b"},
        {"type":"tool-approval-request","approvalId":"same","toolCallId":"a","reason":"r1"},
        {"type":"tool-approval-response","approvalId":"same","approved":false,"reason":"first"},
        {"type":"tool-approval-response","approvalId":"same","approved":true},
        {"type":"tool-approval-request","approvalId":"other","toolCallId":"b","signature":"s"},
        {"type":"tool-approval-response","approvalId":"same","approved":true,"reason":"to a"},
        {"type":"tool-approval-response","approvalId":"other","approved":true,"providerExecuted":true,"providerMetadata":{"q":{}}},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"tool-t","toolCallId":"a","state":"approval-responded","input":{},"approval":{"id":"same","requestReason":"r1","approved":true,"reason":"to a"}},{"type":"tool-t","toolCallId":"b","state":"approval-responded","input":{},"providerExecuted":true,"approval":{"id":"other","signature":"s","approved":true},"callProviderMetadata":{"q":{}}}]}]"#,
        &[],
    );
}

/// Outputs find the current step's part of a call, else the last one of the message; `reset-step`
/// drops parts the lookups and data parts then miss.
#[test]
fn steps_lookup() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"start-step"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"t","input":1},
        {"type":"start-step"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"t","input":2},
        {"type":"start-step"},
        {"type":"tool-output-available","toolCallId":"c","output":"to the second"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"t","input":3},
        {"type":"tool-output-available","toolCallId":"c","output":"to the third"},
        {"type":"tool-approval-request","approvalId":"ap","toolCallId":"c"},
        {"type":"reset-step"},
        {"type":"tool-output-available","toolCallId":"c","output":"to the second again"},
        {"type":"data-x","id":"1","data":"a"},
        {"type":"reset-step"},
        {"type":"data-x","id":"1","data":"b"},
        {"type":"data-x","id":"1","data":"c"},
        {"type":"start-step"},
        {"type":"reset-step"},
        {"type":"start-step"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"step-start"},{"type":"tool-t","toolCallId":"c","state":"input-available","input":1},{"type":"step-start"},{"type":"tool-t","toolCallId":"c","state":"output-available","input":2,"output":"to the second again"},{"type":"step-start"},{"type":"data-x","id":"1","data":"c"}]}]"#,
        &[],
    );
}

/// Three responses: a message with only metadata, and `start`s without or with the same id that
/// continue a message.
#[test]
fn three_messages() {
    same_as_ai_sdk(
        r#"[
        {"type":"start","messageId":"a"},
        {"type":"text-start","id":"t"},
        {"type":"text-end","id":"t"},
        {"type":"finish"},
        {"type":"start","messageId":"b","messageMetadata":{"x":1}},
        {"type":"message-metadata","messageMetadata":{"y":2}},
        {"type":"finish"},
        {"type":"start","messageId":"c"},
        {"type":"start"},
        {"type":"start","messageId":"c","messageMetadata":{"z":[1]}},
        {"type":"file","url":"u","mediaType":"m"},
        {"type":"finish","messageMetadata":{"z":{"k":1}}}
    ]"#,
        r#"[{"id":"a","role":"assistant","parts":[{"type":"text","text":"","state":"done"}]},{"id":"b","metadata":{"x":1,"y":2},"role":"assistant","parts":[]},{"id":"c","metadata":{"z":{"k":1}},"role":"assistant","parts":[{"type":"file","mediaType":"m","url":"u"}]}]"#,
        &[],
    );
}

/// A call started static then dynamic: two parts (a duplicate start), the later chunks on the first
/// of the step.
#[test]
fn dynamic_vs_static_search() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"s"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"d","dynamic":true},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{}"},
        {"type":"tool-input-error","toolCallId":"c","toolName":"e","input":null,"errorText":"x","dynamic":true},
        {"type":"tool-output-denied","toolCallId":"c"},
        {"type":"tool-output-available","toolCallId":"c","output":null,"dynamic":true},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"tool-e","toolCallId":"c","state":"output-available","input":null,"output":null},{"type":"dynamic-tool","toolName":"d","toolCallId":"c","state":"input-streaming","input":{},"rawInput":"{}"}]}]"#,
        &[
            ("duplicate_start", r#"[2,"toolCallId"]"#),
            ("incomplete", r#"[8]"#),
        ],
    );
}

/// A text-encoded input: its text is the input, and a delta after an output error streams it again.
#[test]
fn text_encoding_error_keep_raw() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"s","inputEncoding":"text"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"hello"},
        {"type":"tool-output-error","toolCallId":"c","errorText":"x","providerExecuted":false},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":" again"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"s","input":"hello again"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"tool-s","toolCallId":"c","state":"input-available","input":"hello again","providerExecuted":false}]}]"#,
        &[],
    );
}

/// The keys of tool parts in the AI SDK's order: a dynamic part begun by a delta in a later step
/// gets `rawInput` from the next delta; `inputEncoding` stays where it was.
#[test]
fn tool_keys_in_order() {
    same_as_ai_sdk(
        r#"[
        {"type":"start"},
        {"type":"tool-input-start","toolCallId":"d","toolName":"dyn","dynamic":true,"inputEncoding":"json"},
        {"type":"tool-input-delta","toolCallId":"d","inputTextDelta":"1"},
        {"type":"start-step"},
        {"type":"tool-input-delta","toolCallId":"d","inputTextDelta":"2"},
        {"type":"tool-input-delta","toolCallId":"d","inputTextDelta":"3"},
        {"type":"tool-input-available","toolCallId":"s","toolName":"st","input":{}},
        {"type":"tool-input-start","toolCallId":"s","toolName":"st","inputEncoding":"json","toolMetadata":{"m":1},"providerExecuted":false},
        {"type":"tool-input-delta","toolCallId":"s","inputTextDelta":"4"},
        {"type":"tool-input-delta","toolCallId":"s","inputTextDelta":"5"},
        {"type":"tool-approval-request","approvalId":"ap","toolCallId":"s"},
        {"type":"tool-approval-response","approvalId":"ap","approved":true},
        {"type":"tool-output-available","toolCallId":"s","output":"ok"},
        {"type":"tool-output-available","toolCallId":"d","output":"ok"},
        {"type":"finish"}
    ]"#,
        r#"[{"id":"","role":"assistant","parts":[{"type":"dynamic-tool","toolName":"dyn","toolCallId":"d","state":"input-streaming","input":1,"inputEncoding":"json","rawInput":"1"},{"type":"step-start"},{"type":"dynamic-tool","toolName":"dyn","toolCallId":"d","state":"output-available","input":123,"output":"ok"},{"type":"tool-st","toolCallId":"s","state":"output-available","input":45,"output":"ok","providerExecuted":false,"toolMetadata":{"m":1},"approval":{"id":"ap","approved":true}}]}]"#,
        &[
            ("duplicate_start", r#"[7,"toolCallId"]"#),
            ("incomplete", r#"[15]"#),
        ],
    );
}

// ---------------------------------------------------------------------------------------------
// What depends on partial JSON, snapshots, the end, and the cost.

/// What is left open at the end is reported at `[count]`, and the message stays as the AI
/// SDK's last snapshot (parts still streaming); a streamed input that is not JSON when its call
/// moved on is `invalid_json_arguments`.
#[test]
fn what_is_left_open_is_incomplete() {
    let stream = chunks(
        r#"[
        {"type":"start"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"cut"},
        {"type":"reasoning-start","id":"r"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{\"a\":1"},
        {"type":"tool-input-start","toolCallId":"c2","toolName":"t","dynamic":true},
        {"type":"tool-input-delta","toolCallId":"c2","inputTextDelta":"{\"b\""},
        {"type":"tool-approval-request","approvalId":"ap","toolCallId":"c2"}
    ]"#,
    );
    let done = fold(&stream);
    let fold_issues: Vec<_> = rows(&done)
        .into_iter()
        .filter(|(_, path)| !path.starts_with("[\"messages\""))
        .collect();
    assert_eq!(
        fold_issues,
        owned(&[
            ("incomplete", "[9]"),
            ("incomplete", "[9]"),
            ("incomplete", "[9]"),
            ("invalid_json_arguments", "[9]"),
            ("incomplete", "[9]"),
        ]),
        "{:#?}",
        done.issues
    );
    assert!(done.issues[0].message.contains("text part"));
    assert!(done.issues[1].message.contains("reasoning part \"r\""));
    assert!(done.issues[2].message.contains("\"c\""));
    assert!(done.issues[3].message.contains("\"c2\""));
    assert!(done.issues[4].message.contains("finish"));
    assert!(!done.ok);
    let m = &done.messages[0];
    assert_eq!(
        outline(m),
        [
            row("text", "streaming", ""),
            row("reasoning", "streaming", ""),
            row("tool-t", "input-streaming", "c"),
            row("dynamic-tool", "approval-requested", "c2"),
        ]
    );
    assert_eq!(
        get(m, &["parts", "2", "rawInput"]).as_str(),
        Some("{\"a\":1")
    );
    assert_eq!(get(m, &["parts", "3", "rawInput"]).as_str(), Some("{\"b\""));
    // The final message has no `partial`.
    assert!(get(m, &["parts", "2"]).get("partial").is_none());
}

/// A delta after `start-step` for a call of the step before: the AI SDK adds a second part for
/// it (the first stays `input-streaming`, reported at the end).
#[test]
fn a_tool_input_delta_in_a_later_step_adds_a_part() {
    let stream = chunks(
        r#"[
        {"type":"start"},
        {"type":"start-step"},
        {"type":"tool-input-start","toolCallId":"c","toolName":"t"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{\"a\":"},
        {"type":"finish-step"},
        {"type":"start-step"},
        {"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"1}"},
        {"type":"tool-input-available","toolCallId":"c","toolName":"t","input":{"a":1}},
        {"type":"tool-output-available","toolCallId":"c","output":1},
        {"type":"finish-step"},
        {"type":"finish"}
    ]"#,
    );
    let done = fold(&stream);
    assert_eq!(rows(&done), owned(&[("incomplete", "[11]")]));
    let m = &done.messages[0];
    assert_eq!(
        outline(m),
        [
            row("step-start", "", ""),
            row("tool-t", "input-streaming", "c"),
            row("step-start", "", ""),
            row("tool-t", "output-available", "c"),
        ]
    );
    assert_eq!(
        get(m, &["parts", "1", "rawInput"]).as_str(),
        Some("{\"a\":")
    );
    assert_eq!(
        get(m, &["parts", "3"]).to_json(),
        r#"{"type":"tool-t","toolCallId":"c","state":"output-available","input":{"a":1},"output":1}"#
    );
}

#[test]
fn snapshots_show_the_message_so_far_with_partial_tool_inputs() {
    let mut acc = accumulator();
    let push = |acc: &mut Accumulator, text: &str| {
        let issues = acc.push(&Value::parse(text).unwrap());
        assert!(issues.is_empty(), "{issues:#?}");
    };
    assert!(acc.snapshot().is_none());
    // A start without id writes no snapshot in the AI SDK.
    push(&mut acc, r#"{"type":"start"}"#);
    assert!(acc.snapshot().is_none());
    push(&mut acc, r#"{"type":"text-start","id":"t"}"#);
    push(&mut acc, r#"{"type":"text-delta","id":"t","delta":"Hi"}"#);
    assert_eq!(
        acc.snapshot().unwrap().to_json(),
        r#"{"id":"","role":"assistant","parts":[{"type":"text","text":"Hi","state":"streaming"}]}"#
    );
    push(
        &mut acc,
        r#"{"type":"tool-input-start","toolCallId":"c","toolName":"get"}"#,
    );
    let snap = acc.snapshot().unwrap();
    assert_eq!(
        get(&snap, &["parts", "1"]).to_json(),
        r#"{"type":"tool-get","toolCallId":"c","state":"input-streaming","partial":{"text":""}}"#
    );
    push(
        &mut acc,
        r#"{"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"{\"q\":"}"#,
    );
    let snap = acc.snapshot().unwrap();
    assert_eq!(
        get(&snap, &["parts", "1", "partial", "text"]).as_str(),
        Some("{\"q\":")
    );
    assert_eq!(
        get(&snap, &["parts", "1", "rawInput"]).as_str(),
        Some("{\"q\":")
    );
    push(
        &mut acc,
        r#"{"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"1}"}"#,
    );
    let snap = acc.snapshot().unwrap();
    assert_eq!(
        get(&snap, &["parts", "1", "partial"]).to_json(),
        r#"{"text":"{\"q\":1}","value":{"q":1}}"#
    );
    assert_eq!(get(&snap, &["parts", "1", "input"]).to_json(), r#"{"q":1}"#);
    push(
        &mut acc,
        r#"{"type":"tool-input-available","toolCallId":"c","toolName":"get","input":{"q":1}}"#,
    );
    let snap = acc.snapshot().unwrap();
    assert_eq!(
        get(&snap, &["parts", "1"]).to_json(),
        r#"{"type":"tool-get","toolCallId":"c","state":"input-available","input":{"q":1}}"#
    );
    push(&mut acc, r#"{"type":"text-end","id":"t"}"#);
    push(&mut acc, r#"{"type":"finish"}"#);
    let done = acc.finish();
    assert!(done.ok, "{:#?}", done.issues);
    assert_eq!(
        done.messages[0].to_json(),
        r#"{"id":"","role":"assistant","parts":[{"type":"text","text":"Hi","state":"done"},{"type":"tool-get","toolCallId":"c","state":"input-available","input":{"q":1}}]}"#
    );
}

/// The `partial` of a snapshot is on every part still `input-streaming`, with its own text.
#[test]
fn snapshots_show_each_streaming_input() {
    let mut acc = accumulator();
    for text in [
        r#"{"type":"start","messageId":"m"}"#,
        r#"{"type":"tool-input-start","toolCallId":"a","toolName":"x","dynamic":true}"#,
        r#"{"type":"tool-input-start","toolCallId":"b","toolName":"y","inputEncoding":"text"}"#,
        r#"{"type":"tool-input-delta","toolCallId":"a","inputTextDelta":"[1"}"#,
        r#"{"type":"tool-input-delta","toolCallId":"b","inputTextDelta":"free"}"#,
        r#"{"type":"tool-input-delta","toolCallId":"b","inputTextDelta":" text"}"#,
    ] {
        assert!(acc.push(&Value::parse(text).unwrap()).is_empty());
    }
    let snap = acc.snapshot().unwrap();
    assert_eq!(get(&snap, &["id"]).as_str(), Some("m"));
    assert_eq!(
        get(&snap, &["parts", "0", "partial", "text"]).as_str(),
        Some("[1")
    );
    assert_eq!(
        get(&snap, &["parts", "1", "partial", "text"]).as_str(),
        Some("free text")
    );
    // A text-encoded input is the text itself.
    assert_eq!(
        get(&snap, &["parts", "1", "input"]).as_str(),
        Some("free text")
    );
    assert_eq!(
        get(&snap, &["parts", "1", "inputEncoding"]).as_str(),
        Some("text")
    );
}

/// A million one-character deltas of a tool input and of a text fold in linear time: appended
/// in place, the input parsed once at the end.
#[test]
fn a_million_deltas_fold_in_linear_time() {
    const N: usize = 1_000_000;
    let start = std::time::Instant::now();
    let mut acc = accumulator();
    let parse = |t: &str| Value::parse(t).unwrap();
    acc.push(&parse(r#"{"type":"start"}"#));
    acc.push(&parse(r#"{"type":"text-start","id":"t"}"#));
    acc.push(&parse(
        r#"{"type":"tool-input-start","toolCallId":"c","toolName":"big"}"#,
    ));
    acc.push(&parse(
        r#"{"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"["}"#,
    ));
    let item = parse(r#"{"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"1,"}"#);
    let letter = parse(r#"{"type":"text-delta","id":"t","delta":"a"}"#);
    for _ in 0..N {
        assert!(acc.push(&item).is_empty());
        assert!(acc.push(&letter).is_empty());
    }
    for text in [
        r#"{"type":"tool-input-delta","toolCallId":"c","inputTextDelta":"1]"}"#,
        r#"{"type":"text-end","id":"t"}"#,
        r#"{"type":"tool-output-available","toolCallId":"c","output":"done"}"#,
        r#"{"type":"finish"}"#,
    ] {
        assert!(acc.push(&parse(text)).is_empty());
    }
    let done = acc.finish();
    assert!(done.ok, "{:#?}", done.issues);
    let m = &done.messages[0];
    assert_eq!(get(m, &["parts", "0", "text"]).as_str().unwrap().len(), N);
    assert_eq!(
        get(m, &["parts", "1", "input"]).as_array().unwrap().len(),
        N + 1
    );
    // Quadratic work would take hours; linear takes well under a second natively (a generous
    // bound for slow machines and debug builds).
    assert!(start.elapsed().as_secs() < 30, "{:?}", start.elapsed());
}

/// An empty stream has no message, and says so.
#[test]
fn an_empty_stream_has_no_message() {
    let done = fold(&[]);
    assert!(done.messages.is_empty());
    assert_eq!(rows(&done), owned(&[("incomplete", "[0]")]));
    assert!(!done.ok);
}

/// The messages of the fold's issues say what was expected and what was found.
#[test]
fn issue_messages_say_what_was_expected() {
    let done = fold(&chunks(
        r#"[
        {"type":"start"},
        {"type":"text-delta","id":"t","delta":5},
        {"type":"text-delta","id":"nope","delta":"x"},
        {"type":"error","errorText":"rate limited"},
        {"type":"abort","reason":"user"},
        {"type":"tool-output-available","toolCallId":"zz","output":1},
        {"type":"tool-approval-response","approvalId":"ap","approved":true},
        {"type":"bogus"}
    ]"#,
    ));
    let messages: Vec<&str> = done.issues.iter().map(|i| i.message.as_str()).collect();
    assert_eq!(
        messages,
        [
            "expected string for delta of a text-delta chunk, received number",
            "a text-delta for the text part \"nope\", which is not streaming (no text-start with this id is open)",
            "the stream sent an error: rate limited",
            "the stream was aborted: user",
            "a tool-output-available for the tool call \"zz\", which no tool part of the message has",
            "a tool-approval-response for the approval \"ap\", which no tool part of the message has requested",
            "\"bogus\" is not a UIMessageChunk type",
            "the stream ended before a response began",
        ]
    );
    assert_eq!(done.issues[0].expected.as_deref(), Some("string"));
    assert_eq!(done.issues[0].received.as_deref(), Some("number"));
}

/// The `finish` chunk's `finishReason` is no part of a UIMessage: the result's `responses`
/// carry it, one per message.
#[test]
fn the_finish_reason_is_in_the_responses() {
    let done = fold(&chunks(
        r#"[
        {"type":"start","messageId":"m1"},
        {"type":"text-start","id":"t"},
        {"type":"text-delta","id":"t","delta":"hi"},
        {"type":"text-end","id":"t"},
        {"type":"finish","finishReason":"stop"}
    ]"#,
    ));
    assert!(done.ok, "{:?}", done.issues);
    assert_eq!(
        Value::Arr(done.responses).to_json(),
        r#"[{"finishReason":"stop"}]"#
    );
}
