//! The cases a generator written outside the project found against the round-trip law as
//! docs/CONVERSIONS.md states it, one test each (`convert(values, { from, to })`, then back):
//! what the conversion must say, and the law judged by the documented rule.
use crate::convert_law::law_as_documented;
use crate::gen::assert_valid_output;
use crate::support::{loss_rows, ours, theirs, Counter};
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use serde_json::{json, Value};

type Losses = Vec<(usize, String, String)>;

/// `from` → `to`: the target's messages (checked valid, as a list too) and the losses as
/// (index, code, path).
fn run(from: Format, to: Format, source: &[Value]) -> (Vec<Value>, Losses) {
    let values = ours(source);
    crate::gen::assert_valid(from.name(), &values);
    let (out, losses) = convert(from, to, &values, &mut Counter(0));
    assert_valid_output(to.name(), &out);
    (theirs(&out), loss_rows(&losses))
}

fn row(index: usize, code: &str, path: Value) -> (usize, String, String) {
    (index, code.to_string(), path.to_string())
}

/// The law holds for `from` → `to` on `source`, by the documented rule.
fn holds(from: Format, to: Format, source: &[Value]) {
    let r = law_as_documented(from, to, &ours(source));
    assert!(r.is_ok(), "{r:?}");
}

/// A run of things dropped is reported at each of them, or, where nothing of the message is
/// written, as the message: an AI SDK tool message of two results and an approval response,
/// and a UI user message of a PDF by URL and a text, into Bedrock Swarm.
#[test]
fn a_run_of_dropped_things_is_reported_whole() {
    let tool = [
        json!({"role": "assistant", "content": [
            {"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {}},
            {"type": "tool-call", "toolCallId": "b", "toolName": "f", "input": {}},
            {"type": "tool-approval-request", "approvalId": "ap", "toolCallId": "a"}
        ]}),
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "a", "toolName": "f", "output": {"type": "text", "value": "A"}},
            {"type": "tool-result", "toolCallId": "b", "toolName": "f", "output": {"type": "text", "value": "B"}},
            {"type": "tool-approval-response", "approvalId": "ap", "approved": true}
        ]}),
    ];
    let (_, losses) = run(AiSdk, Bedrock, &tool);
    assert_eq!(
        losses,
        vec![
            row(0, "unsupported_message", json!(["content", 2])),
            row(1, "unsupported_message", json!([])),
        ]
    );
    holds(AiSdk, Bedrock, &tool);
    let user = [json!({"id": "u1", "role": "user", "parts": [
        {"type": "file", "mediaType": "application/pdf", "url": "https://example.com/a.pdf"},
        {"type": "text", "text": "hi"}
    ]})];
    let (_, losses) = run(AiSdkUi, Bedrock, &user);
    assert_eq!(losses, vec![row(0, "unsupported_message", json!([]))]);
    holds(AiSdkUi, Bedrock, &user);
}

/// What goes into Anthropic is a valid `Prompt`: calls that results answer are in the
/// assistant message right before them, and a result with no call there is reported, not
/// written.
#[test]
fn the_output_is_valid_in_the_target() {
    let ui = [
        json!({"id": "s", "role": "system", "parts": [{"type": "text", "text": "Be brief."}]}),
        json!({"id": "a1", "role": "assistant", "parts": [
            {"type": "tool-a", "toolCallId": "c1", "state": "output-available", "input": {}, "output": 1},
            {"type": "tool-b", "toolCallId": "c2", "state": "approval-requested", "input": {}, "approval": {"id": "ap1"}}
        ]}),
    ];
    let (a, _) = run(AiSdkUi, Anthropic, &ui);
    assert_eq!(
        a[1..],
        [
            json!({"role": "assistant", "content": [
                {"type": "tool_use", "id": "c1", "name": "a", "input": {}},
                {"type": "tool_use", "id": "c2", "name": "b", "input": {}}
            ]}),
            json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "c1", "content": "1"}]}),
        ]
    );
    // And back, which threw.
    run(Anthropic, AiSdkUi, &a);
    let kernel = [
        json!({"id": "01JD7Z8Q000000000000000001", "timestamp": 1, "type": "system", "text": "sys"}),
        json!({"id": "01JD7Z8Q000000000000000002", "timestamp": 2, "type": "tool-results",
            "results": [{"callId": "c1", "name": "f", "output": 1}]}),
    ];
    let (a, losses) = run(Kernel, Anthropic, &kernel);
    assert_eq!(a, [json!({"role": "system", "content": "sys"})]);
    assert_eq!(
        losses,
        vec![
            row(0, "dropped_field", json!(["id"])),
            row(1, "unsupported_message", json!([])),
        ]
    );
    run(Anthropic, Kernel, &a);
    holds(Kernel, Anthropic, &kernel);
}

/// Repeated Agens argument keys: an object keeps the last value, so the loss is at the
/// argument whose value is lost, the earlier one.
#[test]
fn a_repeated_argument_is_lost_where_its_value_is() {
    let steps = [
        json!({"input": "q", "tool_calls": [{"id": "c1", "name": "f", "arguments": [
        {"key": "x", "value": "Paris Привет"}, {"key": "x", "value": "check"}
    ], "server_name": "", "type": "tool_call"}]}),
    ];
    for to in [Kernel, Swarm, AiSdk] {
        let (_, losses) = run(Agens, to, &steps);
        assert!(
            losses.contains(&row(
                0,
                "dropped_field",
                json!(["tool_calls", 0, "arguments", 0])
            )),
            "{to}: {losses:?}"
        );
        assert!(
            !losses.iter().any(|(_, _, p)| p.contains("arguments\",1")),
            "{to}: {losses:?}"
        );
        holds(Agens, to, &steps);
    }
}

/// A loss path is in the source's words: an AI SDK call id Anthropic rewrites is reported at
/// the part's `toolCallId`, and so is a UI tool part's.
#[test]
fn a_rewritten_id_is_reported_at_the_source_field() {
    let model = [
        json!({"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "a.b", "toolName": "f", "input": {}}]}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "a.b", "toolName": "f", "output": {"type": "text", "value": "ok"}}]}),
    ];
    let (_, losses) = run(AiSdk, Anthropic, &model);
    assert_eq!(
        losses,
        vec![
            row(0, "id_rewritten", json!(["content", 0, "toolCallId"])),
            row(1, "id_rewritten", json!(["content", 0, "toolCallId"])),
        ]
    );
    holds(AiSdk, Anthropic, &model);
    let ui = [json!({"id": "m1", "role": "assistant", "parts": [
        {"type": "tool-f", "toolCallId": "a.b", "state": "input-available", "input": {}}
    ]})];
    let (_, losses) = run(AiSdkUi, Anthropic, &ui);
    assert!(
        losses.contains(&row(0, "id_rewritten", json!(["parts", 0, "toolCallId"]))),
        "{losses:?}"
    );
}

/// Long law runs: a reply between two calls of one AI SDK message, into OpenAI, is the calls'
/// content, and the calls before it stay (they were replaced); Anthropic calls that a thinking
/// block (which swarm leaves out) split, answered in one user message, join again where any of
/// the results that follow answers the earlier ones.
#[test]
fn calls_around_what_a_target_moves_or_leaves_out_stay_answered() {
    let model = [
        json!({"role": "assistant", "content": [
            {"type": "tool-call", "toolCallId": "", "toolName": "hi", "input": null},
            {"type": "text", "text": ""},
            {"type": "tool-call", "toolCallId": "hi", "toolName": "", "input": null}
        ]}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "", "toolName": "hi", "output": {"type": "text", "value": "out 0"}}]}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "hi", "toolName": "", "output": {"type": "text", "value": "out 1"}}]}),
    ];
    let (o, _) = run(AiSdk, OpenAI, &model);
    assert_eq!(
        o[0]["tool_calls"].as_array().map(Vec::len),
        Some(2),
        "{o:?}"
    );
    let r = crate::convert_law::law(AiSdk, OpenAI, &ours(&model));
    assert!(r.is_ok(), "{r:?}");
    let anthropic = [
        json!({"role": "assistant", "content": [
            {"type": "tool_use", "id": "call_1", "name": "", "input": {}},
            {"type": "thinking", "thinking": "", "signature": ""},
            {"type": "tool_use", "id": "toolu_01A", "name": "", "input": {}}
        ]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01A", "content": "out 0"},
            {"type": "tool_result", "tool_use_id": "call_1", "content": "out 1"},
            {"type": "text", "text": "and then?"}
        ]}),
    ];
    let (s, _) = run(Anthropic, Swarm, &anthropic);
    let (back, losses) = run(Swarm, Anthropic, &s);
    assert!(
        !losses
            .iter()
            .any(|(_, code, _)| code == "unsupported_message"),
        "{losses:?} {back:?}"
    );
    let r = crate::convert_law::law(Anthropic, Swarm, &ours(&anthropic));
    assert!(r.is_ok(), "{r:?}");
}

/// Where a message begins rides on the first of the messages a target writes it as: an AI SDK
/// tool message of two results, after a tool message, into swarm (one message per result)
/// and back is the same three messages.
#[test]
fn a_message_written_as_several_begins_once() {
    let source = [
        json!({"role": "assistant", "content": [
            {"type": "tool-call", "toolCallId": "a", "toolName": "f", "input": {}},
            {"type": "tool-call", "toolCallId": "b", "toolName": "f", "input": {}},
            {"type": "tool-call", "toolCallId": "c", "toolName": "f", "input": {}}
        ]}),
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "a", "toolName": "f", "output": {"type": "text", "value": "A"}}
        ]}),
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "b", "toolName": "f", "output": {"type": "text", "value": "B"}},
            {"type": "tool-result", "toolCallId": "c", "toolName": "f", "output": {"type": "text", "value": "C"}}
        ]}),
    ];
    let (swarm, losses) = run(AiSdk, Swarm, &source);
    assert_eq!(losses, vec![]);
    let (back, losses) = run(Swarm, AiSdk, &swarm);
    assert_eq!(losses, vec![]);
    assert_eq!(back, source);
}

/// Text parts (class 7): into Kernel, which holds one text, the second is lost and the first
/// comes back as the string content it is the same as; into Agens, the texts are joined, and
/// the report says so at each of them.
#[test]
fn text_parts_say_what_happened_to_them() {
    let source = [json!({"role": "user", "content": [
        {"type": "text", "text": "a"}, {"type": "text", "text": "b"}
    ]})];
    for from in [AiSdk, Anthropic, OpenAI] {
        let (_, losses) = run(from, Kernel, &source);
        assert_eq!(losses, vec![row(0, "dropped_field", json!(["content", 1]))]);
        holds(from, Kernel, &source);
        let (agens, losses) = run(from, Agens, &source);
        assert_eq!(agens, vec![json!({"input": "ab"})]);
        assert_eq!(
            losses,
            vec![
                row(0, "changed_value", json!(["content", 0])),
                row(0, "dropped_field", json!(["content", 1])),
            ]
        );
        holds(from, Agens, &source);
    }
}

/// A piece that followed one a target leaves out is written as a message of its own, and
/// that is reported; where nothing of the message is written before it, it is what is
/// written of the message, with nothing split, and the message's id, which rode on the
/// piece left out, is reported.
#[test]
fn a_piece_after_one_left_out() {
    let source = [json!({"role": "assistant", "content": [
        {"type": "text", "text": "Hello"}, {"type": "reasoning", "text": "think"},
        {"type": "text", "text": "Hello"}
    ]})];
    let (_, losses) = run(AiSdk, Swarm, &source);
    assert_eq!(
        losses,
        vec![
            row(0, "split_message", json!(["content", 2])),
            row(0, "unsupported_message", json!(["content", 1])),
        ]
    );
    holds(AiSdk, Swarm, &source);
    let ui = [json!({"id": "x", "role": "system", "parts": [
        {"type": "custom", "kind": "openai.compaction"}, {"type": "text", "text": "s"}
    ]})];
    let (_, losses) = run(AiSdkUi, OpenAI, &ui);
    assert_eq!(
        losses,
        vec![
            row(0, "unsupported_message", json!(["parts", 0])),
            row(0, "dropped_field", json!(["id"])),
        ]
    );
    holds(AiSdkUi, OpenAI, &ui);
}

/// A user message of which Kernel holds nothing (an image by a provider's file id) is one
/// loss, at the message; an empty tool message after tool results stays a message.
#[test]
fn what_kernel_holds_nothing_of() {
    let source = [json!({"role": "user", "content": [
        {"type": "image", "source": {"type": "file", "file_id": "f1"}}
    ]})];
    let (out, losses) = run(Anthropic, Kernel, &source);
    assert_eq!(out, Vec::<Value>::new());
    assert_eq!(losses, vec![row(0, "unsupported_message", json!([]))]);
    holds(Anthropic, Kernel, &source);
    let tools = [
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "c1", "toolName": "get", "output": {"type": "text", "value": "x"}}
        ]}),
        json!({"role": "tool", "content": []}),
    ];
    let (out, losses) = run(AiSdk, Kernel, &tools);
    assert_eq!(out.len(), 2);
    assert_eq!(losses, vec![]);
}

/// A message merged into the one the target wrote before it, past one that comes back as none:
/// OpenAI tool calls, a refusal Anthropic has no message for, a reply the calls' message takes.
#[test]
fn merged_past_a_message_left_out() {
    let source = [
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        ]}),
        json!({"role": "assistant", "content": null, "refusal": "I can't."}),
        json!({"role": "assistant", "content": "hi"}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "hi"}),
    ];
    let (_, losses) = run(OpenAI, Anthropic, &source);
    assert!(
        losses.contains(&row(2, "merged_messages", json!([]))),
        "{losses:?}"
    );
    holds(OpenAI, Anthropic, &source);
    let r = crate::convert_law::law(OpenAI, Anthropic, &ours(&source));
    assert!(r.is_ok(), "{r:?}");
}

/// An error written as text into a result's content changes its output too: the loss is the
/// result's (Kernel into OpenAI, Anthropic into swarm).
#[test]
fn an_error_as_text_is_the_results_loss() {
    let kernel = [
        json!({"id": "01JD7Z8Q0000000000000000AB", "timestamp": 1_700_000_000_000_u64,
        "type": "tool-results", "results": [{"callId": "call_1", "output": null, "error": {"name": "Error", "message": "hi"}}]}),
    ];
    let (_, losses) = run(Kernel, OpenAI, &kernel);
    assert!(
        losses.contains(&row(0, "error_as_text", json!(["results", 0]))),
        "{losses:?}"
    );
    holds(Kernel, OpenAI, &kernel);
    let anthropic = [
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A", "name": "", "input": {}}]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "toolu_01A", "content": "out 0", "is_error": true},
            {"type": "text", "text": "and then?"}
        ]}),
    ];
    holds(Anthropic, Swarm, &anthropic);
}

/// Steps and messages whose boundary a target cannot carry are reported as merged: Agens
/// steps through OpenAI, UI assistant messages through OpenAI and swarm.
#[test]
fn boundaries_a_target_cannot_carry_are_merges() {
    let steps = [json!({"input": "q"}), json!({"input": "q"})];
    let (_, losses) = run(Agens, OpenAI, &steps);
    assert_eq!(losses, vec![row(1, "merged_messages", json!([]))]);
    holds(Agens, OpenAI, &steps);
    let ui = [
        json!({"id": "a", "role": "assistant", "parts": [{"type": "step-start"}, {"type": "text", "text": "x"}]}),
        json!({"id": "b", "role": "assistant", "parts": [{"type": "step-start"}, {"type": "text", "text": "y"}]}),
    ];
    let (_, losses) = run(AiSdkUi, Swarm, &ui);
    assert!(
        losses.contains(&row(1, "merged_messages", json!([]))),
        "{losses:?}"
    );
    holds(AiSdkUi, Swarm, &ui);
    let texts = [
        json!({"id": "", "role": "assistant", "parts": [{"type": "text", "text": ""}]}),
        json!({"id": "", "role": "assistant", "parts": [{"type": "text", "text": ""}]}),
    ];
    holds(AiSdkUi, OpenAI, &texts);
    // Through Kernel, which keeps ids and marks, they stay two messages, with no such loss.
    let (_, losses) = run(AiSdkUi, Kernel, &ui);
    assert!(
        !losses.iter().any(|l| l.1 == "merged_messages"),
        "{losses:?}"
    );
    holds(AiSdkUi, Kernel, &ui);
}

/// A media type a writer fills in comes back as none: swarm bytes through the AI SDK, an AI SDK
/// image through the UI; a UI media type no data: URL can carry comes back from Kernel.
#[test]
fn filled_in_media_types_are_taken_away_again() {
    let swarm = [
        json!({"role": "user", "agentName": "agent", "content": "hi", "mode": "user",
        "images": [{"$bytes": "iVBORw0KGgo="}, {"$bytes": "AQID"}]}),
    ];
    let (out, _) = run(Swarm, AiSdk, &swarm);
    assert_eq!(out[0]["agentMessages"], json!({"untyped": true}));
    assert_eq!(round_trip_of(Swarm, AiSdk, &swarm), swarm);
    holds(Swarm, AiSdk, &swarm);
    let image = [
        json!({"role": "user", "content": [{"type": "image", "image": "iVBORw0KGgo="}, {"type": "text", "text": "hi"}]}),
    ];
    assert_eq!(round_trip_of(AiSdk, AiSdkUi, &image), image);
    let kernel = [
        json!({"id": "", "timestamp": 0, "type": "input", "files": [{"data": "", "mimeType": "hi"}]}),
    ];
    holds(Kernel, AiSdkUi, &kernel);
    let payload = [
        json!({"role": "user", "agentName": "", "content": "", "mode": "user",
        "payload": {"id": null}, "agentMessages": null}),
    ];
    holds(Swarm, Kernel, &payload);
    let next = [
        json!({"input": "q", "tool_calls": [{"id": "call_1", "name": "weather", "arguments": [], "server_name": "", "type": "tool_call"}], "next": []}),
    ];
    holds(Agens, Bedrock, &next);
}

/// Results that follow an approval answer Kernel leaves out stay apart from the tool message
/// after them: joined, the second's output type would be lost unreported.
#[test]
fn results_after_a_left_out_answer_stay_apart() {
    let output = json!({"type": "content", "value": [{"type": "text", "text": "t"},
        {"type": "image-data", "data": "AQID", "mediaType": "image/png"}]});
    let tool = [
        json!({"role": "tool", "content": [
            {"type": "tool-approval-response", "approvalId": "a1", "approved": true},
            {"type": "tool-result", "toolCallId": "call_1", "toolName": "get", "output": output}]}),
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "call_2", "toolName": "get", "output": output}]}),
    ];
    let (out, _) = run(AiSdk, Kernel, &tool);
    assert_eq!(out.len(), 2, "{out:?}");
    assert_eq!(round_trip_of(AiSdk, Kernel, &tool)[1], tool[1]);
    holds(AiSdk, Kernel, &tool);
}

/// A UI assistant message after one the target leaves out whole joins, read back, the
/// assistant message before that: reported as merged where the target does not keep them
/// apart, and not after a user message.
#[test]
fn an_assistant_message_past_one_left_out_is_merged() {
    let custom = json!({"id": "s", "role": "system", "parts": [{"type": "custom", "kind": "a.b"}]});
    let ui = [
        json!({"id": "a", "role": "assistant", "parts": [{"type": "text", "text": "x"}]}),
        custom.clone(),
        json!({"id": "b", "role": "assistant", "parts": [{"type": "text", "text": "y"}]}),
    ];
    for to in [OpenAI, Bedrock, Anthropic] {
        let (_, losses) = run(AiSdkUi, to, &ui);
        assert!(
            losses.contains(&row(2, "merged_messages", json!([]))),
            "{to}: {losses:?}"
        );
        holds(AiSdkUi, to, &ui);
    }
    // Swarm keeps them apart (each begins a step).
    let (out, _) = run(AiSdkUi, Swarm, &ui);
    assert_eq!(round_trip_of(Swarm, AiSdkUi, &out).len(), 2);
    holds(AiSdkUi, Swarm, &ui);
    let after_user = [
        json!({"id": "u", "role": "user", "parts": [{"type": "text", "text": "x"}]}),
        custom,
        json!({"id": "b", "role": "assistant", "parts": [{"type": "text", "text": "y"}]}),
    ];
    let (_, losses) = run(AiSdkUi, OpenAI, &after_user);
    assert!(
        !losses.iter().any(|l| l.1 == "merged_messages"),
        "{losses:?}"
    );
    holds(AiSdkUi, OpenAI, &after_user);
}

/// A tool output whose call is in a UI message before the one being written goes into its
/// call's part there (reported as moved), so a UI output Kernel writes after a split-off
/// message comes back.
#[test]
fn an_output_finds_its_call_in_an_earlier_ui_message() {
    let ui = [json!({"id": "", "role": "assistant", "parts": [
        {"type": "dynamic-tool", "toolName": "", "toolCallId": "", "input": null, "output": null, "state": "output-available"},
        {"type": "source-url", "sourceId": "", "url": ""},
        {"type": "reasoning", "text": ""}]})];
    let back = round_trip_of(AiSdkUi, Kernel, &ui);
    assert_eq!(
        back[0]["parts"][0]["state"],
        json!("output-available"),
        "{back:?}"
    );
    holds(AiSdkUi, Kernel, &ui);
    let (there, _) = run(AiSdkUi, Kernel, &ui);
    let (_, losses) = run(Kernel, AiSdkUi, &there);
    assert!(
        losses.contains(&row(2, "part_order", json!([]))),
        "{losses:?}"
    );
    holds(Kernel, AiSdkUi, &there);
    // An AI SDK tool message whose output goes into a step before moves whole.
    let ai = [
        json!({"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "", "toolName": "search", "input": null}], "agentMessages": {"step_start": false}}),
        json!({"role": "assistant", "content": [{"type": "reasoning", "text": ""}]}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "", "toolName": "search", "output": {"type": "json", "value": null}}]}),
    ];
    let (_, losses) = run(AiSdk, AiSdkUi, &ai);
    assert!(
        losses.contains(&row(2, "part_order", json!([]))),
        "{losses:?}"
    );
    holds(AiSdk, AiSdkUi, &ai);
}

/// A swarm message marked to continue one the target leaves out: the mark is lost, reported.
#[test]
fn a_continues_mark_past_a_message_left_out_is_reported() {
    let swarm = [
        json!({"role": "resque", "agentName": "", "content": "", "mode": "user"}),
        json!({"role": "user", "agentName": "", "content": "hi", "mode": "user",
        "payload": {"agentMessages": {"continues": true}}}),
    ];
    for to in [Agens, OpenAI, Kernel, AiSdkUi] {
        let (_, losses) = run(Swarm, to, &swarm);
        let at = json!(["payload", "agentMessages", "continues"]);
        assert!(
            losses.contains(&row(1, "dropped_field", at)),
            "{to}: {losses:?}"
        );
        holds(Swarm, to, &swarm);
    }
}

/// A reasoning part after one Anthropic leaves out (no signature) is not joined to the one
/// before it: it is split off, and says so.
#[test]
fn a_piece_not_joined_past_one_left_out_is_split() {
    let signed = json!({"type": "reasoning", "text": "signed",
        "providerOptions": {"anthropic": {"signature": "sig"}}});
    let ai = [
        json!({"role": "assistant", "content": [signed, {"type": "reasoning", "text": "think"}, signed]}),
    ];
    let (out, losses) = run(AiSdk, Anthropic, &ai);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(
        losses.contains(&row(0, "split_message", json!(["content", 2]))),
        "{losses:?}"
    );
    holds(AiSdk, Anthropic, &ai);
}

/// An Agens step's results that the UI writes into the call part of a step before change that
/// step read back: reported at it.
#[test]
fn an_output_into_an_earlier_step_is_that_steps_loss() {
    let call = |id: &str| json!([{"id": id, "name": "weather", "arguments": [], "server_name": "", "type": "tool_call"}]);
    let agens = [
        json!({"input": "q", "tool_calls": call("c3"), "tool_results": null}),
        json!({"input": "q", "tool_calls": call("call_1"), "tool_results": {"c3": null}}),
    ];
    let (_, losses) = run(Agens, AiSdkUi, &agens);
    assert!(
        losses.contains(&row(0, "part_order", json!([]))),
        "{losses:?}"
    );
    holds(Agens, AiSdkUi, &agens);
}

/// A swarm user message that repeats the input Agens carries forward is not told apart from
/// it: the message is left out whole, and the loss says so at `[]`.
#[test]
fn an_input_repeating_the_carried_one_is_left_out_whole() {
    let swarm = [
        json!({"role": "user", "agentName": "", "content": "(no input)", "mode": "user", "images": [""]}),
        json!({"role": "assistant", "agentName": "", "content": "", "mode": "user"}),
    ];
    let (_, losses) = run(Swarm, Agens, &swarm);
    assert!(
        losses.contains(&row(0, "unsupported_message", json!([]))),
        "{losses:?}"
    );
    holds(Swarm, Agens, &swarm);
}

/// A Kernel file holds bytes: a plain-text document is written as the file of its bytes, so a
/// text/plain file that Anthropic writes as a document comes back.
#[test]
fn a_plain_text_document_is_a_file_of_its_bytes_in_kernel() {
    let kernel = [
        json!({"id": "01JD7Z8Q0000000000000000AB", "timestamp": 1700000000000i64, "type": "input",
               "files": [{"data": "SGVsbG8=", "mimeType": "text/plain"}]}),
    ];
    let (back, _) = run(Anthropic, Kernel, &run(Kernel, Anthropic, &kernel).0);
    assert_eq!(back[0]["files"], kernel[0]["files"]);
    holds(Kernel, Anthropic, &kernel);
    let anthropic = [json!({"role": "user", "content": [
        {"type": "document", "source": {"type": "text", "media_type": "text/plain", "data": "Hello"}}]})];
    let (_, losses) = run(Anthropic, Kernel, &anthropic);
    assert_eq!(losses, vec![row(0, "changed_value", json!(["content", 0]))]);
    holds(Anthropic, Kernel, &anthropic);
}

/// The AI SDK's mark of each file's form loses the entries of the files a target leaves out:
/// the files after them keep their forms. An entry that no longer fits its file leaves the
/// others in force.
#[test]
fn file_forms_line_up_past_a_file_left_out() {
    let by_url = json!({"type": "image", "image": "https://example.com/a.png"});
    let bytes = json!({"type": "image", "image": "AQID"});
    let text = json!({"type": "file", "data": {"type": "text", "text": "plain"}, "mediaType": "text/plain"});
    for (to, first) in [(Kernel, &by_url), (AiSdkUi, &text)] {
        let ai = [json!({"role": "user", "content": [first, bytes]})];
        assert_eq!(
            round_trip_of(AiSdk, to, &ai)[0]["content"],
            json!([bytes]),
            "{to}"
        );
        holds(AiSdk, to, &ai);
    }
    let pdf = json!({"type": "file", "data": {"type": "url", "url": {"$url": "https://example.com/a.pdf"}},
                     "mediaType": "application/pdf"});
    let ai = [json!({"role": "user", "content": [bytes, pdf]})];
    assert_eq!(round_trip_of(AiSdk, Swarm, &ai)[0]["content"][0], bytes);
    holds(AiSdk, Swarm, &ai);
}

/// A swarm image by URL is the URL alone: a media type beside it is reported; one no `data:`
/// URL can carry changes the file into an image, reported at the part.
#[test]
fn media_types_swarm_cannot_hold_are_reported() {
    let ui = [json!({"id": "", "role": "user", "parts": [
        {"type": "file", "mediaType": "image/png", "url": "https://example.com/a.png"}]})];
    let (_, losses) = run(AiSdkUi, Swarm, &ui);
    assert!(
        losses.contains(&row(0, "dropped_field", json!(["parts", 0, "mediaType"]))),
        "{losses:?}"
    );
    holds(AiSdkUi, Swarm, &ui);
    let ai = [json!({"role": "user", "content": [
        {"type": "image", "image": "https://example.com/a.png", "mediaType": "image/jpeg"}]})];
    holds(AiSdk, Swarm, &ai);
    let ai = [
        json!({"role": "user", "content": [{"type": "file", "data": "iVBORw0KGgo=", "mediaType": "hi"}]}),
    ];
    let (_, losses) = run(AiSdk, Swarm, &ai);
    assert_eq!(losses, vec![row(0, "changed_value", json!(["content", 0]))]);
    holds(AiSdk, Swarm, &ai);
}

/// AI SDK tool results that a target writes right after those of the message before, because
/// the approval answer between them is not carried, read back inside that message: merged.
#[test]
fn results_past_a_left_out_answer_are_merged() {
    let result = |id: &str| {
        json!({"type": "tool-result", "toolCallId": id, "toolName": "get",
                                   "output": {"type": "text", "value": "ok"}})
    };
    let ai = [
        json!({"role": "tool", "content": [result("c3")]}),
        json!({"role": "tool", "content": [
            {"type": "tool-approval-response", "approvalId": "a1", "approved": true}, result("call_1")]}),
    ];
    for to in [Agens, Swarm] {
        let (_, losses) = run(AiSdk, to, &ai);
        assert!(
            losses.contains(&row(1, "merged_messages", json!([]))),
            "{to}: {losses:?}"
        );
        holds(AiSdk, to, &ai);
    }
}

/// Two UI user messages that Agens writes as one step's input and prompt come back as two UI
/// messages (the UI reads one user message as one input).
#[test]
fn an_agens_steps_input_and_prompt_are_two_ui_messages() {
    let agens = [json!({"input": "a", "user": "b"})];
    let (ui, _) = run(Agens, AiSdkUi, &agens);
    assert_eq!(ui.len(), 2, "{ui:?}");
    let ui = [
        json!({"id": "", "role": "user", "parts": [{"type": "text", "text": "hi"}]}),
        json!({"id": "", "role": "user", "parts": [{"type": "file", "mediaType": "", "url": ""}]}),
    ];
    holds(AiSdkUi, Agens, &ui);
}

/// An Agens step whose boundary only what stood before it told (tool results a target leaves
/// out, step fields it drops) reads back inside the step before: merged, at `[]`.
#[test]
fn a_step_past_what_a_target_leaves_out_is_merged() {
    let steps = [
        json!({"input": "x", "tool_results": {"call_1": null}}),
        json!({"input": "q"}),
    ];
    let (_, losses) = run(Agens, Anthropic, &steps);
    assert!(
        losses.contains(&row(1, "merged_messages", json!([]))),
        "{losses:?}"
    );
    holds(Agens, Anthropic, &steps);
    let steps = [
        json!({"input": "hi", "tool_results": {"id": null}}),
        json!({"input": "hi", "next": []}),
    ];
    holds(Agens, Anthropic, &steps);
    // Kernel keeps the results: nothing merges.
    let (_, losses) = run(Agens, Kernel, &steps);
    assert!(
        !losses.iter().any(|(_, code, _)| code == "merged_messages"),
        "{losses:?}"
    );
}

/// A user message none of whose parts Agens carries is one loss, at the message: written as
/// an empty prompt, a target may have no message to read it back as.
#[test]
fn a_message_agens_carries_nothing_of_is_one_loss() {
    let anthropic = [
        json!({"role": "user", "content": "hi"}),
        json!({"role": "user", "content": [{"type": "document", "source": {"type": "file", "file_id": ""}}]}),
    ];
    let (_, losses) = run(Anthropic, Agens, &anthropic);
    assert_eq!(losses, vec![row(1, "dropped_field", json!([]))]);
    holds(Anthropic, Agens, &anthropic);
}

/// Kernel writes results apart across what it leaves out, and a piece whose message's earlier
/// pieces it leaves out continues nothing there.
#[test]
fn kernel_keeps_apart_what_it_writes_apart() {
    let ai = [
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "a", "toolName": "", "output": {"type": "text", "value": ""}},
            {"type": "tool-approval-response", "approvalId": "", "approved": false}]}),
        json!({"role": "tool", "content": [
            {"type": "tool-result", "toolCallId": "b", "toolName": "", "output": {"type": "text", "value": ""}},
            {"type": "tool-approval-response", "approvalId": "", "approved": false},
            {"type": "tool-result", "toolCallId": "", "toolName": "", "output": {"type": "text", "value": ""}}]}),
    ];
    holds(AiSdk, Kernel, &ai);
    let ui = [
        json!({"id": "", "role": "user", "parts": [{"type": "text", "text": ""}]}),
        json!({"id": "", "role": "user", "parts": [{"type": "file", "mediaType": "", "url": ""},
                                                   {"type": "text", "citations": [], "text": ""}]}),
    ];
    let (kernel, _) = run(AiSdkUi, Kernel, &ui);
    assert_eq!(kernel[1]["agentMessages"], json!({"citations": []}));
    holds(AiSdkUi, Kernel, &ui);
}

/// A UI tool part's state rides on the AI SDK message only while the part stands alone in
/// it: with more calls joined after it, it would read back as theirs, and is reported.
#[test]
fn a_lone_parts_mark_is_not_spread_over_the_parts_joined_to_it() {
    let ui = [json!({"id": "", "role": "assistant", "parts": [
        {"type": "tool-search", "toolCallId": "", "state": "input-streaming"},
        {"type": "tool-search", "toolCallId": "hi", "state": "input-streaming"}]})];
    let (ai, losses) = run(AiSdkUi, AiSdk, &ui);
    assert!(ai[0]["agentMessages"].get("state").is_none(), "{ai:?}");
    assert!(
        losses.contains(&row(0, "dropped_field", json!(["parts", 0, "state"]))),
        "{losses:?}"
    );
    holds(AiSdkUi, AiSdk, &ui);
}

/// AI SDK tool messages told apart by a user key only: a target that drops it has them read
/// back as one message, merged; one that keeps it keeps them apart.
#[test]
fn results_told_apart_by_a_dropped_key_are_merged() {
    let ai = [
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "", "toolName": "",
               "output": {"type": "text", "value": ""}}], "id": null}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "hi", "toolName": "",
               "output": {"type": "error-text", "value": ""}}]}),
    ];
    for to in [OpenAI, Agens] {
        let (_, losses) = run(AiSdk, to, &ai);
        assert!(
            losses.contains(&row(1, "merged_messages", json!([]))),
            "{to}: {losses:?}"
        );
        holds(AiSdk, to, &ai);
    }
    let (_, losses) = run(AiSdk, Kernel, &ai);
    assert!(
        !losses.iter().any(|(_, code, _)| code == "merged_messages"),
        "{losses:?}"
    );
}

/// Files of a piece Agens carries nothing of are each reported (the piece is not the message).
#[test]
fn files_of_a_piece_agens_drops_are_each_reported() {
    let ui = [json!({"id": "", "role": "user", "parts": [
        {"type": "text", "citations": [], "text": "hi"},
        {"type": "file", "mediaType": "", "url": ""}, {"type": "file", "mediaType": "", "url": ""}]})];
    let (_, losses) = run(AiSdkUi, Agens, &ui);
    assert!(
        losses.contains(&row(0, "dropped_field", json!(["parts", 2]))),
        "{losses:?}"
    );
    holds(AiSdkUi, Agens, &ui);
}

/// `to` of `source`, then back.
fn round_trip_of(from: Format, to: Format, source: &[Value]) -> Vec<Value> {
    let (there, _) = run(from, to, source);
    run(to, from, &there).0
}

/// The empty output of a failed call that Anthropic writes as the error's message alone is
/// reported (it comes back as no output).
#[test]
fn empty_output_of_a_failed_call_is_reported() {
    for output in [json!(""), json!([])] {
        let kernel = [
            json!({"id": "", "timestamp": 0, "type": "tool-call", "name": ""}),
            json!({"id": "", "timestamp": 0, "type": "tool-results",
                   "results": [{"output": output, "error": {"name": "Error", "message": "hi"}}]}),
        ];
        let (_, losses) = run(Kernel, Anthropic, &kernel);
        assert!(
            losses.contains(&row(1, "dropped_field", json!(["results", 0, "output"]))),
            "{losses:?}"
        );
        holds(Kernel, Anthropic, &kernel);
    }
}

/// Swarm base64 strings beside a URL that Kernel leaves out come back as strings.
#[test]
fn swarm_strings_beside_a_url_kernel_drops_stay_strings() {
    for images in [
        json!(["AQID", "https://example.com/cat.png"]),
        json!(["user", "hi"]),
    ] {
        let swarm = [
            json!({"role": "user", "agentName": "agent", "content": "hi", "mode": "user",
                            "images": images}),
        ];
        assert_eq!(
            round_trip_of(Swarm, Kernel, &swarm)[0]["images"][0],
            images[0]
        );
        holds(Swarm, Kernel, &swarm);
    }
    // Where nothing is left out, the strings say it themselves: no mark is written.
    let ai = [json!({"role": "user", "content": [
        {"type": "image", "image": "https://example.com/cat.png"},
        {"type": "image", "image": {"$bytes": "AQID"}}]})];
    holds(AiSdk, Swarm, &ai);
}

/// A UI step the AI SDK writes as a list because of its part's options is one UI message
/// again: the list's form is the options', not a message of its own.
#[test]
fn a_step_listed_by_its_options_joins_its_message() {
    for first in [
        json!({"type": "text", "text": ""}),
        json!({"type": "reasoning", "text": ""}),
    ] {
        let ui = [
            json!({"id": "01JD7Z8Q000000000000000201", "role": "assistant", "parts": [
            {"type": "step-start"}, first, {"type": "step-start"},
            {"type": "text", "text": "", "providerMetadata": {}}]}),
        ];
        assert_eq!(round_trip_of(AiSdkUi, AiSdk, &ui).len(), 1);
        holds(AiSdkUi, AiSdk, &ui);
    }
}

/// Once an Agens step reads back joined to the one before, the steps after it that pair up
/// anew are reported merged too.
#[test]
fn agens_steps_that_pair_up_anew_are_reported_merged() {
    let agens = [
        json!({"input": "hi", "tool_results": {"id": null}}),
        json!({"input": "hi", "user": "hi"}),
        json!({"input": "hi", "user": "hi"}),
    ];
    let (_, losses) = run(Agens, Anthropic, &agens);
    for i in [1, 2] {
        assert!(
            losses.contains(&row(i, "merged_messages", json!([]))),
            "{losses:?}"
        );
    }
    holds(Agens, Anthropic, &agens);
    // Where the step before keeps its place, nothing is merged.
    let (_, losses) = run(Agens, Anthropic, &agens[1..]);
    assert!(
        !losses.iter().any(|(_, code, _)| code == "merged_messages"),
        "{losses:?}"
    );
}

/// An Anthropic user message of tool results and text, whose results go into the UI tool
/// parts: the text is a UI message of its own, reported split off.
#[test]
fn text_after_results_the_ui_moves_is_reported_split() {
    let anthropic = [
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "call_1", "name": "", "input": {}}]}),
        json!({"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "call_1", "content": "out 1", "is_error": true},
            {"type": "text", "text": "and then?"}]}),
    ];
    let (_, losses) = run(Anthropic, AiSdkUi, &anthropic);
    assert!(
        losses.contains(&row(1, "split_message", json!(["content", 1]))),
        "{losses:?}"
    );
    holds(Anthropic, AiSdkUi, &anthropic);
}

/// An Agens input carried from a step that reads back joined to the one before is reported
/// changed.
#[test]
fn an_input_carried_from_a_merged_step_is_reported() {
    let agens = [
        json!({"input": "hi", "tool_calls": [{"id": "c3", "name": "", "arguments": [],
                                                 "server_name": "", "type": "tool_call"}]}),
        json!({"input": "q", "tool_results": {"c3": "out 0"}}),
        json!({"input": "p"}),
        json!({"input": "p", "system": ""}),
    ];
    let (_, losses) = run(Agens, Anthropic, &agens);
    assert!(
        losses.contains(&row(2, "merged_messages", json!([]))),
        "{losses:?}"
    );
    assert!(
        losses.contains(&row(3, "changed_value", json!(["input"]))),
        "{losses:?}"
    );
    holds(Agens, Anthropic, &agens);
}

/// Empty texts an Anthropic message of several blocks leaves out are each reported.
#[test]
fn empty_texts_beside_blocks_are_reported() {
    for (parts, left_out) in [
        (
            json!([{"type": "text", "text": ""}, {"type": "text", "text": ""}]),
            vec![0, 1],
        ),
        (
            json!([{"type": "text", "text": "a"}, {"type": "text", "text": ""}]),
            vec![1],
        ),
        (
            json!([{"type": "text", "text": ""}, {"type": "text", "text": "b"}]),
            vec![0],
        ),
    ] {
        let ui = [json!({"id": "", "role": "system", "parts": parts})];
        let (_, losses) = run(AiSdkUi, Anthropic, &ui);
        for k in left_out {
            assert!(
                losses.contains(&row(0, "dropped_field", json!(["parts", k]))),
                "{losses:?}"
            );
        }
        holds(AiSdkUi, Anthropic, &ui);
    }
}

/// OpenAI assistant messages Anthropic joins so that the results after them answer one
/// message: the merge is reported at the message, not its content.
#[test]
fn a_message_anthropic_joins_is_merged_at_the_message() {
    let openai = [
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}),
        json!({"role": "assistant", "content": "hi", "tool_calls": [
            {"id": "call_2", "type": "function", "function": {"name": "weather", "arguments": "{}"}}]}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "hi"}),
    ];
    let (_, losses) = run(OpenAI, Anthropic, &openai);
    assert!(
        losses.contains(&row(1, "merged_messages", json!([]))),
        "{losses:?}"
    );
    holds(OpenAI, Anthropic, &openai);
}

/// A tool message whose one written result the UI moves into a step before moves whole.
#[test]
fn a_tool_message_moved_into_a_step_before_is_moved_whole() {
    let ai = [
        json!({"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "call_2",
               "toolName": "put", "input": {}}]}),
        json!({"role": "assistant", "content": ""}),
        json!({"role": "tool", "content": [
            {"type": "tool-approval-response", "approvalId": "a1", "approved": true},
            {"type": "tool-result", "toolCallId": "call_2", "toolName": "put",
             "output": {"type": "text", "value": "ok"}}]}),
    ];
    let (_, losses) = run(AiSdk, AiSdkUi, &ai);
    assert!(
        losses.contains(&row(2, "part_order", json!([]))),
        "{losses:?}"
    );
    holds(AiSdk, AiSdkUi, &ai);
}

/// An AI SDK tool message with a step mark that swarm writes one message per result comes
/// back one message: the mark, on the first result's message, says where the message begins.
#[test]
fn results_after_a_step_marked_result_join_again() {
    let ai = [json!({"role": "tool", "content": [
        {"type": "tool-result", "toolCallId": "", "toolName": "", "output": {"type": "text", "value": ""}},
        {"type": "tool-result", "toolCallId": "hi", "toolName": "", "output": {"type": "text", "value": ""}}],
        "agentMessages": {"agens_step": null}})];
    assert_eq!(round_trip_of(AiSdk, Swarm, &ai).len(), 1);
    holds(AiSdk, Swarm, &ai);
}
