//! Conversions of `ai-sdk-ui`: its generator of valid conversations (in the key order its mapping
//! writes), what its losses cover for the round-trip law, the law for its pairs, and fixed
//! cases.
use crate::support::Counter;
use agent_messages::convert::{convert, Loss};
use agent_messages::formats::Format::{self, *};
use agent_messages::tape::value::Value;
use proptest::prelude::*;

/// One valid message, as the mapping writes it.
pub fn message() -> BoxedStrategy<Value> {
    crate::gen_wide::message("ai-sdk-ui")
}

/// The source paths a loss of a `ai-sdk-ui` source covers beyond its own field (see
/// `convert_law::covers`); `None`: only its own.
///
/// A loss of a UI source covers its own path (a part's path, `["parts", k]`, covers the parts:
/// paths are compared without positions), except a piece not carried at all
/// (`unsupported_message`): when it is the message's first, the message's own fields (its id,
/// role, metadata, user keys) rode on it, so it covers the message.
pub fn covers(keys: &[&'static str], loss: &Loss) -> Option<Vec<Vec<&'static str>>> {
    if loss.code == "unsupported_message" {
        return Some(vec![vec![]]);
    }
    let v = |paths: &[&[&'static str]]| paths.iter().map(|p| p.to_vec()).collect::<Vec<_>>();
    Some(match keys {
        // Without ids, assistant messages in a row read back as one (each a step of it): the
        // message boundary goes with the id, and its parts stand after the ones before.
        ["id"] => v(&[&["id"], &["role"], &["parts"]]),
        // A tool part's type not carried (a dynamic tool read back as a static one): its
        // `toolName` goes with it.
        ["parts", "type"] => v(&[&["parts", "type"], &["parts", "toolName"]]),
        // An error not carried as one (written into the output's text): the part's state
        // goes with it.
        ["parts", "errorText"] => v(&[&["parts", "errorText"], &["parts", "state"]]),
        // A file's media type changed: its data: URL says it too.
        ["parts", "mediaType"] => v(&[&["parts", "mediaType"], &["parts", "url"]]),
        keys => vec![keys.to_vec()],
    })
}

crate::convert_law::pairs! {
    ui_kernel, ui_kernel_written_by_kernel, ui_kernel_wide: AiSdkUi -> Kernel;
    kernel_ui, kernel_ui_written_by_ui, kernel_ui_wide: Kernel -> AiSdkUi;
    ui_openai, ui_openai_written_by_openai, ui_openai_wide: AiSdkUi -> OpenAI;
    openai_ui, openai_ui_written_by_ui, openai_ui_wide: OpenAI -> AiSdkUi;
    ui_swarm, ui_swarm_written_by_swarm, ui_swarm_wide: AiSdkUi -> Swarm;
    swarm_ui, swarm_ui_written_by_ui, swarm_ui_wide: Swarm -> AiSdkUi;
    ui_bedrock, ui_bedrock_written_by_bedrock, ui_bedrock_wide: AiSdkUi -> Bedrock;
    bedrock_ui, bedrock_ui_written_by_ui, bedrock_ui_wide: Bedrock -> AiSdkUi;
    ui_ui, ui_ui_written_by_ui, ui_ui_wide: AiSdkUi -> AiSdkUi;
    ai_sdk_ui_pair, ai_sdk_ui_written_by_ui, ai_sdk_ui_wide: AiSdk -> AiSdkUi;
    ui_ai_sdk, ui_ai_sdk_written_by_ai_sdk, ui_ai_sdk_wide: AiSdkUi -> AiSdk;
    ui_agens, ui_agens_written_by_agens, ui_agens_wide: AiSdkUi -> Agens;
    agens_ui, agens_ui_written_by_ui, agens_ui_wide: Agens -> AiSdkUi;
}

// ---------------------------------------------------------------------------------------------
// Fixed cases

fn j(text: &str) -> Value {
    Value::parse(text).unwrap_or_else(|e| panic!("{e:?}: {text}"))
}

fn list(text: &str) -> Vec<Value> {
    match j(text) {
        Value::Arr(items) => items,
        one => vec![one],
    }
}

fn run(from: Format, to: Format, text: &str) -> (Vec<Value>, Vec<String>) {
    let source = list(text);
    crate::gen::assert_valid(from.name(), &source);
    let (out, losses) = convert(from, to, &source, &mut Counter(0));
    crate::gen::assert_valid(to.name(), &out);
    let rows = losses
        .iter()
        .map(|l| {
            let mut s = String::new();
            l.write_json(&mut s);
            s
        })
        .collect();
    (out, rows)
}

fn texts(values: &[Value]) -> String {
    Value::Arr(values.to_vec()).to_json()
}

/// `from` → `to` gives `want` with `losses` (JSON rows), and `to` → `from` gives the source
/// back exactly when `exact`.
fn case(from: Format, to: Format, src: &str, want: &str, losses: &[&str], exact: bool) {
    let (out, rows) = run(from, to, src);
    assert_eq!(texts(&out), j(want).to_json(), "{from} -> {to}");
    let want_rows: Vec<String> = losses.iter().map(|l| j(l).to_json()).collect();
    assert_eq!(rows, want_rows, "{from} -> {to} losses");
    if exact {
        let (back, _) = run(to, from, &texts(&out));
        assert_eq!(texts(&back), j(src).to_json(), "{to} -> {from}");
    }
}

const NO_TIMESTAMP: &str =
    r#"{"index":0,"path":["id"],"code":"dropped_field","detail":"UI messages have no timestamp"}"#;

/// Row "user input": text and a file (a `data:` URL of its media type is bytes).
#[test]
fn user_input_text_and_data_url_file() {
    let ui = r#"[{"id":"u1","role":"user","parts":[{"type":"text","text":"Look"},{"type":"file","mediaType":"image/png","filename":"a.png","url":"data:image/png;base64,iVBORw0KGgo="}]}]"#;
    let kernel = r#"[{"id":"u1","timestamp":1732233600001,"type":"input","text":"Look","files":[{"data":"iVBORw0KGgo=","filename":"a.png","mimeType":"image/png"}]}]"#;
    case(AiSdkUi, Kernel, ui, kernel, &[], true);
    case(Kernel, AiSdkUi, kernel, ui, &[NO_TIMESTAMP], false);
}

/// A file by URL stays a URL; a `data:` URL of another media type is a URL too.
#[test]
fn user_file_urls() {
    let ui = r#"[{"id":"u1","role":"user","parts":[{"type":"file","mediaType":"image/png","url":"https://x.test/a.png"},{"type":"file","mediaType":"image/png","url":"data:image/jpeg;base64,/9j/4A=="}]}]"#;
    case(
        AiSdkUi,
        OpenAI,
        ui,
        r#"[{"role":"user","content":[{"type":"image_url","image_url":{"url":"https://x.test/a.png"}},{"type":"image_url","image_url":{"url":"data:image/jpeg;base64,/9j/4A=="}}]}]"#,
        &[
            r#"{"index":0,"path":["id"],"code":"dropped_field","detail":"OpenAI messages carry no id or timestamp"}"#,
            r#"{"index":0,"path":["parts",0,"mediaType"],"code":"dropped_field","detail":"an OpenAI image part by URL has no media type"}"#,
            r#"{"index":0,"path":["parts",1,"mediaType"],"code":"dropped_field","detail":"an OpenAI image part by URL has no media type"}"#,
        ],
        false,
    );
}

/// Row "instructions": a system message's text; its provider metadata is the message's.
#[test]
fn instructions() {
    case(
        AiSdkUi,
        OpenAI,
        r#"[{"id":"s1","role":"system","parts":[{"type":"text","text":"Be brief.","providerMetadata":{"anthropic":{"cacheControl":{"type":"ephemeral"}}}}]}]"#,
        r#"[{"role":"system","content":"Be brief."}]"#,
        &[
            r#"{"index":0,"path":["id"],"code":"dropped_field","detail":"OpenAI messages carry no id or timestamp"}"#,
            r#"{"index":0,"path":["parts",0,"providerMetadata"],"code":"dropped_opaque","detail":"OpenAI messages have no place for provider options"}"#,
        ],
        false,
    );
    // A developer message elsewhere: a mark, read back.
    case(
        OpenAI,
        AiSdkUi,
        r#"[{"role":"developer","content":"Be brief."}]"#,
        r#"[{"id":"01JD7Z8Q000000000000000001","role":"system","parts":[{"type":"text","text":"Be brief."}],"agentMessages":{"developer":true}}]"#,
        &[],
        true,
    );
}

/// Rows "reply", "reasoning", "tool calls" and "tool output": one assistant message of two
/// steps; the signature rides in the provider metadata, as @ai-sdk/anthropic reads it.
#[test]
fn assistant_turn_of_two_steps() {
    let ui = r#"[{"id":"a1","role":"assistant","metadata":{"u":1},"parts":[{"type":"step-start"},{"type":"reasoning","text":"Need tool","providerMetadata":{"anthropic":{"signature":"sig1"}}},{"type":"text","text":"Checking.","state":"done"},{"type":"tool-weather","toolCallId":"c1","state":"output-error","input":{"city":"Oslo"},"errorText":"down"},{"type":"step-start"},{"type":"text","text":"3 degrees."}]}]"#;
    let kernel = r#"[{"id":"a1","timestamp":1732233600001,"type":"reasoning","title":"","summary":"Need tool","metadata":{"u":1},"agentMessages":{"signature":"sig1"}},{"id":"01JD7Z8Q000000000000000002","timestamp":1732233600002,"type":"reply","text":"Checking.","agentMessages":{"state":"done","continues":true}},{"id":"01JD7Z8Q000000000000000003","timestamp":1732233600003,"type":"tool-calls","calls":[{"id":"c1","name":"weather","args":{"city":"Oslo"}}],"agentMessages":{"continues":true}},{"id":"01JD7Z8Q000000000000000004","timestamp":1732233600004,"type":"tool-results","results":[{"callId":"c1","name":"weather","output":null,"error":{"name":"Error","message":"down"}}]},{"id":"01JD7Z8Q000000000000000005","timestamp":1732233600005,"type":"reply","text":"3 degrees.","agentMessages":{"step":true}}]"#;
    case(AiSdkUi, Kernel, ui, kernel, &[], true);
    // OpenAI: the reasoning is lost; the first step's text and call are one message, as
    // convertToModelMessages makes them.
    case(
        AiSdkUi,
        OpenAI,
        ui,
        r#"[{"role":"assistant","content":"Checking.","tool_calls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Oslo\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"Error: down"},{"role":"assistant","content":"3 degrees."}]"#,
        &[
            // (The message's id and metadata ride on its first piece, the reasoning, and go
            // with it; the piece after it begins what OpenAI writes of the message.)
            r#"{"index":0,"path":["parts",1],"code":"unsupported_message","detail":"OpenAI Chat has no reasoning message"}"#,
            r#"{"index":0,"path":["parts",2,"state"],"code":"dropped_field","detail":"OpenAI messages have no place for what \"state\" says"}"#,
            r#"{"index":0,"path":["parts",3],"code":"error_as_text","detail":"the error is written as text into the content, after the output"}"#,
            r#"{"index":0,"path":["parts",4],"code":"dropped_field","detail":"OpenAI messages have no place for what \"step\" says"}"#,
            r#"{"index":0,"path":["metadata"],"code":"dropped_field","detail":"the part of the message this rode on is not written, and this with it"}"#,
            r#"{"index":0,"path":["id"],"code":"dropped_field","detail":"the message's id and timestamp ride on its first piece, which the target leaves out"}"#,
        ],
        false,
    );
}

/// Every tool state: those no output implies ride as marks, with the approval, title,
/// preliminary, providerExecuted; the call's and the result's provider metadata are options.
#[test]
fn tool_states() {
    let ui = r#"[{"id":"a1","role":"assistant","parts":[{"type":"step-start"},{"type":"tool-search","toolCallId":"c1","state":"input-streaming","input":{"q":"os"}},{"type":"tool-search","toolCallId":"c2","state":"input-available","input":{"q":"oslo"}},{"type":"tool-search","toolCallId":"c3","state":"approval-requested","input":{},"approval":{"id":"ap0"}},{"type":"tool-search","toolCallId":"c4","state":"approval-responded","input":{},"approval":{"id":"ap","approved":false,"reason":"no"}},{"type":"tool-search","toolCallId":"c5","state":"output-denied","input":{},"approval":{"id":"ap2","approved":false}},{"type":"dynamic-tool","toolName":"mcp","toolCallId":"c6","title":"S","providerExecuted":true,"state":"output-available","callProviderMetadata":{"openai":{"itemId":"i1"}},"input":{},"output":[1],"resultProviderMetadata":{"openai":{"r":1}},"preliminary":true}]}]"#;
    case(AiSdkUi, AiSdkUi, ui, ui, &[], true);
    let (kernel, rows) = run(AiSdkUi, Kernel, ui);
    assert_eq!(
        rows,
        [
            r#"{"index":0,"path":["parts",6,"callProviderMetadata"],"code":"dropped_opaque","detail":"Kernel messages have no place for provider options"}"#,
            r#"{"index":0,"path":["parts",6,"resultProviderMetadata"],"code":"dropped_opaque","detail":"Kernel messages have no place for provider options"}"#,
        ]
    );
    assert_eq!(
        kernel[1].to_json(),
        r#"{"id":"01JD7Z8Q000000000000000002","timestamp":1732233600002,"type":"tool-calls","calls":[{"id":"c2","name":"search","args":{"q":"oslo"}}],"agentMessages":{"continues":true}}"#
    );
    assert_eq!(
        kernel[3].to_json(),
        r#"{"id":"01JD7Z8Q000000000000000004","timestamp":1732233600004,"type":"tool-calls","calls":[{"id":"c4","name":"search","args":{}}],"agentMessages":{"state":"approval-responded","approval":{"id":"ap","approved":false,"reason":"no"},"continues":true}}"#
    );
    assert_eq!(
        kernel[6].to_json(),
        r#"{"id":"01JD7Z8Q000000000000000007","timestamp":1732233600007,"type":"tool-results","results":[{"callId":"c6","name":"mcp","output":[1]}]}"#
    );
}

/// Kernel: a turn of messages with ids is a UI message each; results go into their call's
/// part; an error object becomes its message; a result whose call is not there is lost.
#[test]
fn kernel_turn() {
    case(
        Kernel,
        AiSdkUi,
        r#"[{"id":"k1","timestamp":1,"type":"reply","text":"Hi"},{"id":"k2","timestamp":2,"type":"tool-calls","calls":[{"id":"c1","name":"w","args":{"a":1}},{"id":"c2","name":"w"}]},{"id":"k3","timestamp":3,"type":"tool-results","results":[{"callId":"c1","name":"w","output":"ok"},{"callId":"c9","output":"lost"},{"callId":"c2","output":null,"error":{"name":"TypeError","message":"bad"}}]}]"#,
        r#"[{"id":"k1","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"Hi"}]},{"id":"k2","role":"assistant","parts":[{"type":"step-start"},{"type":"tool-w","toolCallId":"c1","state":"output-available","input":{"a":1},"output":"ok"},{"type":"tool-w","toolCallId":"c2","state":"output-error","input":{},"errorText":"bad"}]}]"#,
        &[
            NO_TIMESTAMP,
            r#"{"index":1,"path":["id"],"code":"dropped_field","detail":"UI messages have no timestamp"}"#,
            r#"{"index":1,"path":["calls",1,"args"],"code":"dropped_field","detail":"a UI tool part needs its input; absent input is written as {}"}"#,
            r#"{"index":2,"path":["id"],"code":"dropped_field","detail":"written into the UI message before it, which has an id of its own"}"#,
            r#"{"index":2,"path":["results",1],"code":"unsupported_message","detail":"a UI tool output is in the part of its call; no call of this id waits for it in the UI message, so it is not carried"}"#,
            r#"{"index":2,"path":["results",2,"error"],"code":"error_as_text","detail":"a UI tool part's error is its errorText: the error's message (or its JSON text); its name and other fields are not carried"}"#,
        ],
        false,
    );
}

/// OpenAI: a turn without ids is one UI message, a step per assistant message.
#[test]
fn openai_turn_is_one_message() {
    case(
        OpenAI,
        AiSdkUi,
        r#"[{"role":"user","content":"Weather?"},{"role":"assistant","content":"Checking.","tool_calls":[{"id":"c1","type":"function","function":{"name":"weather","arguments":"{\"city\":\"Oslo\"}"}}]},{"role":"tool","tool_call_id":"c1","content":"3"},{"role":"assistant","content":"3 degrees."}]"#,
        r#"[{"id":"01JD7Z8Q000000000000000001","role":"user","parts":[{"type":"text","text":"Weather?"}]},{"id":"01JD7Z8Q000000000000000002","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"Checking."},{"type":"tool-weather","toolCallId":"c1","state":"output-available","input":{"city":"Oslo"},"output":"3"},{"type":"step-start"},{"type":"text","text":"3 degrees."}]}]"#,
        &[],
        true,
    );
}

/// Provider metadata, data and source parts, an empty step and a streaming message with no
/// parts: UI to itself unchanged; `metadata` is a Kernel custom property.
#[test]
fn ui_only_parts_and_metadata() {
    let ui = r#"[{"id":"a1","role":"assistant","metadata":{"pinned":true},"parts":[{"type":"text","text":"hi","providerMetadata":{"openai":{"itemId":"m1"}}},{"type":"source-url","sourceId":"s","url":"https://x.test"},{"type":"data-x","data":1},{"type":"step-start"}]},{"id":"a2","role":"assistant","parts":[]}]"#;
    case(AiSdkUi, AiSdkUi, ui, ui, &[], true);
    case(
        AiSdkUi,
        Kernel,
        ui,
        r#"[{"id":"a1","timestamp":1732233600001,"type":"reply","text":"hi","metadata":{"pinned":true},"agentMessages":{"step_start":false}}]"#,
        &[
            r#"{"index":0,"path":["parts",0,"providerMetadata"],"code":"dropped_opaque","detail":"Kernel messages have no place for provider options"}"#,
            r#"{"index":0,"path":["parts",1],"code":"unsupported_message","detail":"a ai-sdk-ui message Kernel has no type for"}"#,
            r#"{"index":0,"path":["parts",2],"code":"unsupported_message","detail":"a ai-sdk-ui message Kernel has no type for"}"#,
            r#"{"index":0,"path":["parts",3],"code":"unsupported_message","detail":"a ai-sdk-ui message Kernel has no type for"}"#,
            r#"{"index":1,"path":[],"code":"unsupported_message","detail":"a ai-sdk-ui message Kernel has no type for"}"#,
        ],
        false,
    );
}

const AI_SDK_NO_ID: &str = r#"{"index":0,"path":["id"],"code":"dropped_field","detail":"AI SDK messages carry no id or timestamp"}"#;

/// ModelMessage ⇄ UI: assistant model messages in a row are steps of one UI message, and each
/// step is an assistant model message again (as `convertToModelMessages` makes them), with no
/// `step` mark: the UI reads an assistant message without an id back as a step.
#[test]
fn model_steps_are_ui_steps() {
    let model = r#"[{"role":"assistant","content":[{"type":"reasoning","text":""}],"agentMessages":{"step_start":false}},{"role":"assistant","content":""},{"role":"assistant","content":"Hello"}]"#;
    let ui = r#"[{"id":"01JD7Z8Q000000000000000001","role":"assistant","parts":[{"type":"reasoning","text":""},{"type":"step-start"},{"type":"text","text":""},{"type":"step-start"},{"type":"text","text":"Hello"}]}]"#;
    case(AiSdk, AiSdkUi, model, ui, &[], true);
    case(
        AiSdkUi,
        AiSdk,
        r#"[{"id":"a1","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"A"},{"type":"tool-w","toolCallId":"c1","state":"output-available","input":{},"output":"ok"},{"type":"step-start"},{"type":"text","text":"B"}]}]"#,
        r#"[{"role":"assistant","content":[{"type":"text","text":"A"},{"type":"tool-call","toolCallId":"c1","toolName":"w","input":{}}]},{"role":"tool","content":[{"type":"tool-result","toolCallId":"c1","toolName":"w","output":{"type":"text","value":"ok"}}]},{"role":"assistant","content":"B"}]"#,
        &[AI_SDK_NO_ID],
        false,
    );
}

/// A file's form is its format's: base64 text comes back as base64 text through the UI's
/// `data:` URL, and a UI `data:` URL is written as the ModelMessage's base64 text (bytes are
/// bytes); a `data:` URL the ModelMessage held comes back by its `files` mark.
#[test]
fn model_file_forms_through_ui() {
    let model = r#"[{"role":"user","content":[{"type":"file","data":"AQID","filename":"a.pdf","mediaType":"application/pdf"}]}]"#;
    let ui = r#"[{"id":"01JD7Z8Q000000000000000001","role":"user","parts":[{"type":"file","mediaType":"application/pdf","filename":"a.pdf","url":"data:application/pdf;base64,AQID"}]}]"#;
    case(AiSdk, AiSdkUi, model, ui, &[], true);
    case(AiSdkUi, AiSdk, ui, model, &[AI_SDK_NO_ID], true);
    let model = r#"[{"role":"user","content":[{"type":"file","data":"data:application/pdf;base64,AQID","mediaType":"application/pdf"}]}]"#;
    case(
        AiSdk,
        AiSdkUi,
        model,
        r#"[{"id":"01JD7Z8Q000000000000000001","role":"user","parts":[{"type":"file","mediaType":"application/pdf","url":"data:application/pdf;base64,AQID"}],"agentMessages":{"files":["dataUrl"]}}]"#,
        &[],
        true,
    );
}

/// A provider reference naming a provider `type` is written tagged (bare, it would be invalid
/// `FileData`), and read back with no `files` mark.
#[test]
fn reference_naming_type_is_tagged() {
    let ui = r#"[{"id":"01JD7Z8Q000000000000000001","role":"user","parts":[{"type":"file","mediaType":"image/png","url":"","providerReference":{"type":"x","b":"y"}}]}]"#;
    let model = r#"[{"role":"user","content":[{"type":"file","data":{"type":"reference","reference":{"type":"x","b":"y"}},"mediaType":"image/png"}]}]"#;
    case(
        AiSdkUi,
        AiSdk,
        ui,
        model,
        &[
            r#"{"index":0,"path":["parts",0,"url"],"code":"dropped_field","detail":"a file with a provider reference is that provider's file; its url is not carried (convertToModelMessages does not send it either)"}"#,
            AI_SDK_NO_ID,
        ],
        true,
    );
}

/// A piece continuing one the UI does not write (a `custom` part) begins a step: joined to the
/// step before, it would read back into the message before.
#[test]
fn continues_after_a_part_not_written() {
    case(
        AiSdk,
        AiSdkUi,
        r#"[{"role":"assistant","content":"Hello"},{"role":"assistant","content":[{"type":"custom","kind":"openai.compaction"},{"type":"tool-call","toolCallId":"c1","toolName":"w","input":{}}]}]"#,
        r#"[{"id":"01JD7Z8Q000000000000000001","role":"assistant","parts":[{"type":"step-start"},{"type":"text","text":"Hello"},{"type":"step-start"},{"type":"tool-w","toolCallId":"c1","state":"input-available","input":{}}]}]"#,
        &[
            r#"{"index":1,"path":["content",0],"code":"unsupported_message","detail":"a ai-sdk message UI messages have no part for"}"#,
        ],
        false,
    );
}

/// Prints conversions (`PROBE=1 cargo test --test native probe_ui -- --nocapture`).
#[test]
fn probe_ui() {
    let Ok(path) = std::env::var("PROBE") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = text.lines();
    while let (Some(dir), Some(src)) = (lines.next(), lines.next()) {
        let (from, to) = dir.split_once("->").unwrap();
        let f = |n: &str| {
            Format::ALL
                .iter()
                .copied()
                .find(|x| x.name() == n.trim())
                .unwrap()
        };
        let (out, rows) = run(f(from), f(to), src);
        println!("{dir}\n{}\n{}\n", texts(&out), rows.join("\n"));
        let (back, rows) = run(f(to), f(from), &texts(&out));
        println!("back\n{}\n{}\n----", texts(&back), rows.join("\n"));
    }
}
