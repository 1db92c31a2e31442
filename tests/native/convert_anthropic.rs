//! Conversions of `anthropic`: its generator of valid conversations (in the key order its mapping
//! writes), what its losses cover for the round-trip law, the law for its pairs, and fixed
//! cases.
use agent_messages::convert::Loss;
use agent_messages::formats::Format::*;
use agent_messages::tape::value::Value;
use proptest::prelude::*;

/// One valid message, as the mapping writes it.
pub fn message() -> BoxedStrategy<Value> {
    crate::gen_wide::message("anthropic")
}

/// The source paths a loss of a `anthropic` source covers beyond its own field (see
/// `convert_law::covers`); `None`: only its own.
pub fn covers(keys: &[&'static str], loss: &Loss) -> Option<Vec<Vec<&'static str>>> {
    match keys {
        // A block not carried: when no block is left, the message goes with it (Anthropic
        // refuses an empty content).
        ["content"] if loss.code != "unsupported_message" => {
            Some(vec![vec!["content"], vec!["role"]])
        }
        // An error written into the content: the content changes with it.
        ["content", "is_error"] => Some(vec![
            vec!["content", "is_error"],
            vec!["content", "content"],
        ]),
        // A block's cache_control not carried: a lone text block, which needed no mark to be
        // written as a block, is written back as a string.
        ["content", "cache_control"] => Some(vec![
            vec!["content", "cache_control"],
            vec!["content", "type"],
            vec!["content", "text"],
        ]),
        _ => None,
    }
}

crate::convert_law::pairs! {
    anthropic_kernel, anthropic_kernel_written_by_kernel, anthropic_kernel_wide: Anthropic -> Kernel;
    kernel_anthropic, kernel_anthropic_written_by_anthropic, kernel_anthropic_wide: Kernel -> Anthropic;
    anthropic_openai, anthropic_openai_written_by_openai, anthropic_openai_wide: Anthropic -> OpenAI;
    openai_anthropic, openai_anthropic_written_by_anthropic, openai_anthropic_wide: OpenAI -> Anthropic;
    anthropic_swarm, anthropic_swarm_written_by_swarm, anthropic_swarm_wide: Anthropic -> Swarm;
    swarm_anthropic, swarm_anthropic_written_by_anthropic, swarm_anthropic_wide: Swarm -> Anthropic;
    anthropic_bedrock, anthropic_bedrock_written_by_bedrock, anthropic_bedrock_wide: Anthropic -> Bedrock;
    bedrock_anthropic, bedrock_anthropic_written_by_anthropic, bedrock_anthropic_wide: Bedrock -> Anthropic;
    anthropic_agens, anthropic_agens_written_by_agens, anthropic_agens_wide: Anthropic -> Agens;
    agens_anthropic, agens_anthropic_written_by_anthropic, agens_anthropic_wide: Agens -> Anthropic;
    anthropic_anthropic, anthropic_anthropic_written_by_anthropic, anthropic_anthropic_wide: Anthropic -> Anthropic;
}

// ---------------------------------------------------------------------------------------------
// Fixed cases: one per row of FORMATS.md's provider table, and one per decision.

use crate::support::{loss_rows, ours, theirs, Counter};
use agent_messages::convert::convert;
use agent_messages::formats::Format;
use serde_json::json;

type Rows = Vec<(usize, String, String)>;

fn run(from: Format, to: Format, values: &[serde_json::Value]) -> (Vec<serde_json::Value>, Rows) {
    let (out, losses) = convert(from, to, &ours(values), &mut Counter(0));
    crate::gen::assert_valid(to.name(), &out);
    (theirs(&out), loss_rows(&losses))
}

fn row(index: usize, code: &str, path: serde_json::Value) -> (usize, String, String) {
    (index, code.to_string(), path.to_string())
}

/// Anthropic → Anthropic gives the same messages and no loss.
fn same_back(chat: &[serde_json::Value]) {
    let (back, losses) = run(Anthropic, Anthropic, chat);
    assert_eq!(losses, vec![]);
    assert_eq!(back, chat);
}

fn chat() -> Vec<serde_json::Value> {
    vec![
        json!({"role": "system", "content": "Be brief."}),
        json!({"role": "user", "content": [
            {"type": "text", "text": "What is in these?"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}},
            {"type": "document", "source": {"type": "base64", "media_type": "application/pdf", "data": "JVBERi0="}, "title": "a.pdf"},
            {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}},
            {"type": "document", "source": {"type": "file", "file_id": "file_01"}}
        ]}),
        json!({"role": "assistant", "content": [
            {"type": "thinking", "thinking": "Look first.", "signature": "sig=="},
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "id": "toolu_01", "name": "zoom", "input": {"x": 1}},
            {"type": "tool_use", "id": "toolu_02", "name": "ocr", "input": {}}
        ]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01", "content": "a cat"},
            {"type": "tool_result", "tool_use_id": "toolu_02", "content": "boom", "is_error": true},
            {"type": "text", "text": "Go on."}
        ]}),
        json!({"role": "assistant", "content": "A cat, and no text."}),
    ]
}

#[test]
fn anthropic_to_itself_is_exact() {
    same_back(&chat());
}

#[test]
fn every_row_to_kernel_and_back() {
    let (k, losses) = run(Anthropic, Kernel, &chat());
    // Kernel has no URL or provider file: those two parts are reported.
    assert_eq!(
        losses,
        vec![
            row(1, "dropped_field", json!(["content", 3])),
            row(1, "dropped_field", json!(["content", 4])),
        ]
    );
    let types: Vec<&str> = k.iter().map(|m| m["type"].as_str().unwrap()).collect();
    assert_eq!(
        types,
        [
            "system",
            "input",
            "reasoning",
            "reply",
            "tool-calls",
            "tool-results",
            "input",
            "reply"
        ]
    );
    // Instructions.
    assert_eq!(k[0]["text"], "Be brief.");
    // User input: the text, then the files; the document's title is its file name.
    assert_eq!(k[1]["text"], "What is in these?");
    assert_eq!(
        k[1]["files"],
        json!([
            {"data": "iVBORw0KGgo=", "mimeType": "image/png"},
            {"data": "JVBERi0=", "filename": "a.pdf", "mimeType": "application/pdf"}
        ])
    );
    // Reasoning with its signature (a mark), the reply and the calls that continue it.
    assert_eq!(k[2]["summary"], "Look first.");
    assert_eq!(k[2]["agentMessages"], json!({"signature": "sig=="}));
    assert_eq!(k[3]["agentMessages"], json!({"continues": true}));
    assert_eq!(
        k[4]["calls"],
        json!([{"id": "toolu_01", "name": "zoom", "args": {"x": 1}}, {"id": "toolu_02", "name": "ocr", "args": {}}])
    );
    // Tool outputs, named after their calls; is_error is an error.
    assert_eq!(
        k[5]["results"],
        json!([
            {"callId": "toolu_01", "name": "zoom", "output": "a cat"},
            {"callId": "toolu_02", "name": "ocr", "output": null, "error": {"name": "Error", "message": "boom"}}
        ])
    );
    assert_eq!(k[6]["agentMessages"], json!({"continues": true}));
    // Back: the same chat without what Kernel could not hold, and the ids Kernel added.
    let (back, losses) = run(Kernel, Anthropic, &k);
    assert_eq!(losses.len(), 8);
    assert!(losses
        .iter()
        .all(|(_, code, path)| code == "dropped_field" && path == "[\"id\"]"));
    let mut want = chat();
    want[1]["content"].as_array_mut().unwrap().truncate(3);
    assert_eq!(back, want);
}

#[test]
fn every_row_to_openai_and_back() {
    let (o, losses) = run(Anthropic, OpenAI, &chat());
    assert_eq!(
        losses,
        vec![
            // An OpenAI file part by id takes OpenAI's ids only.
            row(1, "dropped_field", json!(["content", 4])),
            // The thinking, which OpenAI has no place for: the reply is what is written of
            // the message.
            row(2, "unsupported_message", json!(["content", 0])),
            row(3, "error_as_text", json!(["content", 1])),
            // The input after the results is a message of its own in OpenAI.
            row(3, "split_message", json!(["content", 2])),
        ]
    );
    assert_eq!(
        o,
        vec![
            json!({"role": "system", "content": "Be brief."}),
            json!({"role": "user", "content": [
                {"type": "text", "text": "What is in these?"},
                {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}},
                {"type": "file", "file": {"file_data": "data:application/pdf;base64,JVBERi0=", "filename": "a.pdf"}},
                {"type": "image_url", "image_url": {"url": "https://example.com/a.png"}}
            ]}),
            json!({"role": "assistant", "content": "Let me look.", "tool_calls": [
                {"id": "toolu_01", "type": "function", "function": {"name": "zoom", "arguments": "{\"x\":1}"}},
                {"id": "toolu_02", "type": "function", "function": {"name": "ocr", "arguments": "{}"}}
            ]}),
            json!({"role": "tool", "tool_call_id": "toolu_01", "content": "a cat"}),
            json!({"role": "tool", "tool_call_id": "toolu_02", "content": "Error: boom"}),
            json!({"role": "user", "content": "Go on."}),
            json!({"role": "assistant", "content": "A cat, and no text."}),
        ]
    );
}

#[test]
fn instructions_are_system_messages_and_developer_is_reported() {
    let chat = [
        json!({"role": "developer", "content": "Be brief."}),
        json!({"role": "system", "content": "Be kind."}),
    ];
    let (a, losses) = run(OpenAI, Anthropic, &chat);
    assert_eq!(
        a,
        [
            json!({"role": "system", "content": "Be brief."}),
            json!({"role": "system", "content": "Be kind."})
        ]
    );
    assert_eq!(losses, vec![row(0, "changed_value", json!(["role"]))]);
    // Several text blocks are one message again; a single block stays a block.
    same_back(&[
        json!({"role": "system", "content": [{"type": "text", "text": "A"}, {"type": "text", "text": "B"}]}),
        json!({"role": "system", "content": [{"type": "text", "text": "C"}]}),
        json!({"role": "system", "content": []}),
        json!({"role": "system", "content": ""}),
    ]);
}

#[test]
fn replies_of_several_texts_are_one_message() {
    let chat = [json!({"role": "assistant", "content": [
        {"type": "text", "text": "One."},
        {"type": "text", "text": "Two."}
    ]})];
    let (k, losses) = run(Anthropic, Kernel, &chat);
    assert_eq!(losses, vec![]);
    assert_eq!(k[0]["text"], "One.");
    assert_eq!(k[1]["text"], "Two.");
    assert_eq!(k[1]["agentMessages"], json!({"continues": true}));
    let (back, _) = run(Kernel, Anthropic, &k);
    assert_eq!(back, chat);
    same_back(&chat);
}

#[test]
fn thinking_needs_its_signature() {
    // With one: carried (Kernel keeps it as a mark) and written back.
    let signed = [json!({"role": "assistant", "content": [
        {"type": "thinking", "thinking": "Hmm.", "signature": "c2ln"}
    ]})];
    let (k, losses) = run(Anthropic, Kernel, &signed);
    assert_eq!(losses, vec![]);
    assert_eq!(k[0]["agentMessages"], json!({"signature": "c2ln"}));
    assert_eq!(run(Kernel, Anthropic, &k).0, signed);
    same_back(&signed);
    // Without one (Kernel reasoning): the API would refuse it; not written, reported.
    let kernel =
        [json!({"id": "r1", "timestamp": 1, "type": "reasoning", "title": "", "summary": "Hmm."})];
    let (a, losses) = run(Kernel, Anthropic, &kernel);
    assert_eq!(a, Vec::<serde_json::Value>::new());
    assert_eq!(losses, vec![row(0, "unsupported_message", json!([]))]);
    // OpenAI has no reasoning.
    let (_, losses) = run(Anthropic, OpenAI, &signed);
    assert_eq!(losses, vec![row(0, "unsupported_message", json!([]))]);
}

#[test]
fn redacted_thinking_is_carried_byte_for_byte() {
    let chat = [json!({"role": "assistant", "content": [
        {"type": "redacted_thinking", "data": "EmwKAhgB"},
        {"type": "text", "text": "Done."}
    ]})];
    same_back(&chat);
    // Kernel has no type for it.
    let (k, losses) = run(Anthropic, Kernel, &chat);
    assert_eq!(
        losses,
        vec![row(0, "unsupported_message", json!(["content", 0]))]
    );
    assert_eq!(k.len(), 1);
}

#[test]
fn tool_calls_and_results_from_openai_are_one_turn() {
    let chat = [
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}},
            {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": "{}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "18°C"}),
        json!({"role": "tool", "tool_call_id": "call_2", "content": "noon"}),
    ];
    let (a, losses) = run(OpenAI, Anthropic, &chat);
    assert_eq!(losses, vec![]);
    assert_eq!(
        a,
        [
            json!({"role": "assistant", "content": [
                {"type": "tool_use", "id": "call_1", "name": "weather", "input": {"city": "Paris"}},
                {"type": "tool_use", "id": "call_2", "name": "time", "input": {}}
            ]}),
            json!({"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "call_1", "content": "18°C"},
                {"type": "tool_result", "tool_use_id": "call_2", "content": "noon"}
            ]}),
        ]
    );
    let (back, losses) = run(Anthropic, OpenAI, &a);
    assert_eq!(losses, vec![]);
    assert_eq!(back, chat);
}

#[test]
fn kernel_results_split_over_messages_are_one_user_message() {
    let kernel = [
        json!({"id": "a", "timestamp": 1, "type": "tool-calls", "calls": [
            {"id": "c1", "name": "f", "args": {}}, {"id": "c2", "name": "g", "args": {}}
        ]}),
        json!({"id": "b", "timestamp": 2, "type": "tool-results", "results": [{"callId": "c1", "name": "f", "output": "1"}]}),
        json!({"id": "c", "timestamp": 3, "type": "tool-results", "results": [{"callId": "c2", "name": "g", "output": "2"}]}),
    ];
    let (a, losses) = run(Kernel, Anthropic, &kernel);
    assert_eq!(
        a[1],
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "c1", "content": "1"},
            {"type": "tool_result", "tool_use_id": "c2", "content": "2"}
        ]})
    );
    assert_eq!(
        losses,
        vec![
            row(0, "dropped_field", json!(["id"])),
            row(1, "dropped_field", json!(["id"])),
            row(2, "dropped_field", json!(["id"])),
            row(2, "split_results", json!([])),
        ]
    );
    // A result without a call id is paired with the call at its position, as for OpenAI.
    let unnamed = [
        kernel[0].clone(),
        json!({"id": "b", "timestamp": 2, "type": "tool-results", "results": [{"output": "1"}, {"output": "2"}]}),
    ];
    let (a, losses) = run(Kernel, Anthropic, &unnamed);
    assert_eq!(a[1]["content"][1]["tool_use_id"], "c2");
    assert!(losses.contains(&row(1, "inferred_call_id", json!(["results", 1, "callId"]))));
}

#[test]
fn tool_use_ids_that_do_not_fit_are_rewritten_the_same_way() {
    let long = "x".repeat(70);
    let chat = [
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call.1/ü", "type": "function", "function": {"name": "f", "arguments": "{}"}},
            {"id": long, "type": "function", "function": {"name": "g", "arguments": "{}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "call.1/ü", "content": "ok"}),
        json!({"role": "tool", "tool_call_id": long, "content": "ok"}),
    ];
    let (a, losses) = run(OpenAI, Anthropic, &chat);
    let first = agent_messages::convert::anthropic::tool_use_id("call.1/ü").unwrap();
    let second = agent_messages::convert::anthropic::tool_use_id(&long).unwrap();
    assert_eq!(
        first,
        format!(
            "call_1___{:08x}",
            agent_messages::fnv::bytes("call.1/ü".as_bytes())
        )
    );
    assert_eq!(second.len(), 64);
    assert!(second.starts_with(&"x".repeat(55)));
    assert_eq!(a[0]["content"][0]["id"], first.as_str());
    assert_eq!(a[0]["content"][1]["id"], second.as_str());
    assert_eq!(a[1]["content"][0]["tool_use_id"], first.as_str());
    assert_eq!(a[1]["content"][1]["tool_use_id"], second.as_str());
    assert_eq!(
        losses,
        vec![
            row(0, "id_rewritten", json!(["tool_calls", 0, "id"])),
            row(0, "id_rewritten", json!(["tool_calls", 1, "id"])),
            row(1, "id_rewritten", json!(["tool_call_id"])),
            row(2, "id_rewritten", json!(["tool_call_id"])),
        ]
    );
    // The same every time; an id that fits is kept.
    assert_eq!(
        agent_messages::convert::anthropic::tool_use_id("call.1/ü").unwrap(),
        first
    );
    assert_eq!(
        agent_messages::convert::anthropic::tool_use_id("toolu_01-A"),
        None
    );
}

#[test]
fn cache_control_round_trips_and_is_reported_elsewhere() {
    let cc = json!({"type": "ephemeral", "ttl": "5m"});
    let chat = [
        json!({"role": "system", "content": [{"type": "text", "text": "Long rules.", "cache_control": cc}]}),
        json!({"role": "user", "content": [
            {"type": "text", "text": "Hi", "cache_control": {"type": "ephemeral"}},
            {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "notes"},
             "title": "notes.txt", "context": "mine", "citations": {"enabled": true}, "cache_control": cc}
        ]}),
        json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "toolu_1", "name": "f", "input": {}, "cache_control": cc}
        ]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "text", "text": "r"}], "cache_control": cc}
        ]}),
    ];
    same_back(&chat);
    let (_, losses) = run(Anthropic, Kernel, &chat);
    assert_eq!(
        losses,
        vec![
            row(0, "dropped_opaque", json!(["content", 0, "cache_control"])),
            row(1, "dropped_opaque", json!(["content", 0, "cache_control"])),
            row(1, "dropped_opaque", json!(["content", 1, "context"])),
            row(1, "dropped_opaque", json!(["content", 1, "citations"])),
            row(1, "dropped_opaque", json!(["content", 1, "cache_control"])),
            // Kernel holds bytes: the plain-text document is not carried.
            // A plain-text document becomes a file of its UTF-8 bytes.
            row(1, "changed_value", json!(["content", 1])),
            row(2, "dropped_opaque", json!(["content", 0, "cache_control"])),
            row(3, "dropped_opaque", json!(["content", 0, "cache_control"])),
        ]
    );
}

#[test]
fn tool_errors_are_errors() {
    let chat = [
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "t1", "content": "boom", "is_error": true}
        ]}),
    ];
    same_back(&chat);
    let (k, _) = run(Anthropic, Kernel, &chat);
    assert_eq!(
        k[1]["results"][0]["error"],
        json!({"name": "Error", "message": "boom"})
    );
    assert_eq!(run(Kernel, Anthropic, &k).0, chat);
    // A Kernel error with more than a message: is_error and the message, reported.
    let kernel = [
        json!({"id": "c", "timestamp": 1, "type": "tool-calls", "calls": [{"id": "t1", "name": "f", "args": {}}]}),
        json!({"id": "r", "timestamp": 1, "type": "tool-results", "results": [
            {"callId": "t1", "output": null, "error": {"name": "TypeError", "message": "bad"}}
        ]}),
    ];
    let (a, losses) = run(Kernel, Anthropic, &kernel);
    assert_eq!(
        a[1]["content"][0],
        json!({"type": "tool_result", "tool_use_id": "t1", "content": "bad", "is_error": true})
    );
    assert!(losses.contains(&row(1, "error_as_text", json!(["results", 0, "error"]))));
}

#[test]
fn empty_content_is_never_written() {
    let kernel = [
        json!({"id": "a", "timestamp": 1, "type": "input", "text": ""}),
        json!({"id": "b", "timestamp": 2, "type": "reply", "text": ""}),
    ];
    let (a, losses) = run(Kernel, Anthropic, &kernel);
    assert_eq!(a, Vec::<serde_json::Value>::new());
    assert_eq!(
        losses,
        vec![
            row(0, "dropped_field", json!(["id"])),
            row(0, "dropped_field", json!(["text"])),
            row(0, "unsupported_message", json!([])),
            row(1, "dropped_field", json!(["id"])),
            row(1, "unsupported_message", json!([])),
        ]
    );
}

#[test]
fn media_sources_keep_their_kind() {
    let chat = [json!({"role": "user", "content": [
        {"type": "image", "source": {"type": "file", "file_id": "file_img"}},
        {"type": "document", "source": {"type": "url", "url": "https://example.com/a.pdf"}},
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "plain"}}
    ]})];
    same_back(&chat);
    // A file by another provider's id, and a document of content blocks, are reported.
    let (a, losses) = run(
        OpenAI,
        Anthropic,
        &[json!({"role": "user", "content": [
            {"type": "text", "text": "see"},
            {"type": "file", "file": {"file_id": "file-abc"}}
        ]})],
    );
    assert_eq!(a, [json!({"role": "user", "content": "see"})]);
    assert_eq!(losses, vec![row(0, "dropped_field", json!(["content", 1]))]);
    let (_, losses) = run(
        Anthropic,
        Anthropic,
        &[json!({"role": "user", "content": [
            {"type": "text", "text": "see"},
            {"type": "document", "source": {"type": "content", "content": "inner"}}
        ]})],
    );
    assert_eq!(losses, vec![row(0, "dropped_field", json!(["content", 1]))]);
}

#[test]
fn a_pdf_by_url_is_reported_by_openai() {
    let chat = [json!({"role": "user", "content": [
        {"type": "document", "source": {"type": "url", "url": "https://example.com/a.pdf"}}
    ]})];
    let (o, losses) = run(Anthropic, OpenAI, &chat);
    assert_eq!(
        o,
        [json!({"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": "https://example.com/a.pdf"}}
        ]})]
    );
    assert_eq!(losses, vec![row(0, "changed_value", json!(["content", 0]))]);
}

// Between Anthropic and the AI SDK's formats (the pairs' law: `convert_providers.rs`).

#[test]
fn a_cached_lone_block_needs_no_blocks_mark() {
    let cc = json!({"type": "ephemeral"});
    for chat in [
        json!({"role": "assistant", "content": [{"type": "text", "text": "Hello", "cache_control": cc}]}),
        json!({"role": "user", "content": [{"type": "text", "text": "Hi", "cache_control": cc}]}),
        json!({"role": "system", "content": [{"type": "text", "text": "Rules.", "cache_control": cc}]}),
    ] {
        let chat = [chat];
        let (s, losses) = run(Anthropic, AiSdk, &chat);
        assert_eq!(losses, vec![]);
        assert!(s[0].get("agentMessages").is_none(), "{s:?}");
        assert_eq!(run(AiSdk, Anthropic, &s).0, chat);
        let (u, losses) = run(Anthropic, AiSdkUi, &chat);
        assert_eq!(losses, vec![]);
        assert!(u[0].get("metadata").is_none(), "{u:?}");
        assert_eq!(run(AiSdkUi, Anthropic, &u).0, chat);
    }
    // An assistant's text block's cache_control is its text part's.
    let (s, _) = run(
        Anthropic,
        AiSdk,
        &[
            json!({"role": "assistant", "content": [{"type": "text", "text": "Hello", "cache_control": cc}]}),
        ],
    );
    assert_eq!(
        s,
        [json!({"role": "assistant", "content": [
            {"type": "text", "text": "Hello", "providerOptions": {"anthropic": {"cacheControl": cc}}}
        ]})]
    );
    // Kernel drops it (reported) and keeps the list's form by the mark `listed`: the lone
    // block comes back a block.
    let chat =
        [json!({"role": "user", "content": [{"type": "text", "text": "Hi", "cache_control": cc}]})];
    let (k, losses) = run(Anthropic, Kernel, &chat);
    assert_eq!(
        losses,
        vec![row(
            0,
            "dropped_opaque",
            json!(["content", 0, "cache_control"])
        )]
    );
    assert_eq!(k[0]["agentMessages"], json!({"listed": true}));
    assert_eq!(
        run(Kernel, Anthropic, &k).0,
        [json!({"role": "user", "content": [{"type": "text", "text": "Hi"}]})]
    );
}

#[test]
fn message_level_cache_control_goes_on_the_last_block() {
    let cc = json!({"type": "ephemeral"});
    let po = json!({"anthropic": {"cacheControl": cc}});
    // A system message has no parts: its block's cache_control is the message's, exactly.
    let system = [json!({"role": "system", "content": "Rules.", "providerOptions": po})];
    let (a, losses) = run(AiSdk, Anthropic, &system);
    assert_eq!(losses, vec![]);
    assert_eq!(
        a,
        [
            json!({"role": "system", "content": [{"type": "text", "text": "Rules.", "cache_control": cc}]})
        ]
    );
    assert_eq!(run(Anthropic, AiSdk, &a).0, system);
    // Elsewhere, as @ai-sdk/anthropic does, on the last block, which reads back as the last
    // part's: reported, and a string content reads back as a part.
    for role in ["assistant", "user"] {
        let chat = [json!({"role": role, "content": "Hello", "providerOptions": po})];
        let (a, losses) = run(AiSdk, Anthropic, &chat);
        assert_eq!(
            a,
            [
                json!({"role": role, "content": [{"type": "text", "text": "Hello", "cache_control": cc}]})
            ]
        );
        assert_eq!(
            losses,
            vec![
                row(0, "changed_value", json!(["providerOptions"])),
                row(0, "changed_value", json!(["content"])),
            ]
        );
    }
    let chat = [json!({"role": "user", "content": [
        {"type": "text", "text": "A"}, {"type": "text", "text": "B"}
    ], "providerOptions": po})];
    let (a, losses) = run(AiSdk, Anthropic, &chat);
    assert_eq!(
        a[0]["content"],
        json!([{"type": "text", "text": "A"}, {"type": "text", "text": "B", "cache_control": cc}])
    );
    assert_eq!(
        losses,
        vec![row(0, "changed_value", json!(["providerOptions"]))]
    );
    // The last block of the whole message, not of its first piece (which holds the options
    // in canonical form): a reply's text before calls, a reasoning that is not written.
    let chat = [json!({"role": "assistant", "content": [
        {"type": "text", "text": "y"},
        {"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {}}
    ], "providerOptions": po})];
    let (a, losses) = run(AiSdk, Anthropic, &chat);
    assert_eq!(
        a[0]["content"],
        json!([
            {"type": "text", "text": "y"},
            {"type": "tool_use", "id": "a", "name": "f", "input": {}, "cache_control": cc}
        ])
    );
    assert_eq!(
        losses,
        vec![row(0, "changed_value", json!(["providerOptions"]))]
    );
    let chat = [json!({"role": "assistant", "content": [
        {"type": "reasoning", "text": "x"}, {"type": "text", "text": "y"}
    ], "providerOptions": po})];
    let (a, losses) = run(AiSdk, Anthropic, &chat);
    assert_eq!(
        a,
        [
            json!({"role": "assistant", "content": [{"type": "text", "text": "y", "cache_control": cc}]})
        ]
    );
    assert!(losses.contains(&row(0, "changed_value", json!(["providerOptions"]))));
    // A part's own cache_control wins over the message's (reported), as upstream; a message's
    // other keys are no block's.
    let chat = [json!({"role": "user", "content": [
        {"type": "text", "text": "A", "providerOptions": {"anthropic": {"cacheControl": {"type": "ephemeral", "ttl": "1h"}}}}
    ], "providerOptions": {"anthropic": {"cacheControl": cc, "title": "t"}}})];
    let (a, losses) = run(AiSdk, Anthropic, &chat);
    assert_eq!(
        a[0]["content"],
        json!([{"type": "text", "text": "A", "cache_control": {"type": "ephemeral", "ttl": "1h"}}])
    );
    assert_eq!(
        losses,
        vec![
            row(
                0,
                "dropped_opaque",
                json!(["providerOptions", "anthropic", "cacheControl"])
            ),
            row(
                0,
                "dropped_opaque",
                json!(["providerOptions", "anthropic", "title"])
            ),
        ]
    );
}

#[test]
fn a_text_after_thinking_from_the_ai_sdk_joins_it() {
    // The AI SDK marks a piece after reasoning `after` (not `continues`).
    let chat = [json!({"role": "assistant", "content": [
        {"type": "thinking", "thinking": "", "signature": ""},
        {"type": "text", "text": "hi"}
    ]})];
    let (s, losses) = run(Anthropic, AiSdk, &chat);
    assert_eq!(losses, vec![]);
    let (back, losses) = run(AiSdk, Anthropic, &s);
    assert_eq!(losses, vec![]);
    assert_eq!(back, chat);
}

#[test]
fn an_untyped_image_by_url_comes_back_from_the_ui() {
    // The UI types every file: an image by URL is application/octet-stream there (reported,
    // and marked as filled in), which Anthropic sends as an image by URL again, with nothing
    // invented.
    let chat = [json!({"role": "user", "content": [
        {"type": "image", "source": {"type": "url", "url": "https://example.com/a.png"}}
    ]})];
    let (u, losses) = run(Anthropic, AiSdkUi, &chat);
    assert_eq!(u[0]["parts"][0]["mediaType"], "application/octet-stream");
    assert_eq!(
        losses,
        vec![row(
            0,
            "changed_value",
            json!(["content", 0, "source", "media_type"])
        )]
    );
    assert_eq!(u[0]["agentMessages"], json!({"untyped": true}));
    let (back, losses) = run(AiSdkUi, Anthropic, &u);
    assert_eq!(back, chat);
    assert_eq!(losses, vec![row(0, "dropped_field", json!(["id"]))]);
}
