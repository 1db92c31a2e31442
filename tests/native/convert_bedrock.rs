//! Conversions from and to Bedrock Swarm (`AgentResponse`) against Kernel and OpenAI: every
//! FORMATS.md row in both directions, exact outputs and exact losses, outputs valid in the
//! target, and the round-trip law where nothing is lost.
use crate::support::{ours, theirs, Counter};
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use agent_messages::formats::{agens, bedrock, kernel, openai, swarm};
use agent_messages::tape::value::Value;
use agent_messages::validate::Shape;
use serde_json::json;

type Lost = Vec<(usize, String, String)>;

/// Converts and returns the output and the losses as `(index, code, path as JSON)`.
fn run(from: Format, to: Format, values: &[serde_json::Value]) -> (Vec<serde_json::Value>, Lost) {
    let (out, losses) = convert(from, to, &ours(values), &mut Counter(0));
    let losses = crate::support::loss_rows(&losses);
    (theirs(&out), losses)
}

fn lost(list: &[(usize, &str, &str)]) -> Lost {
    list.iter()
        .map(|(i, c, p)| (*i, c.to_string(), p.to_string()))
        .collect()
}

fn assert_valid(shape: &Shape, values: &[serde_json::Value]) {
    crate::support::assert_valid_json(shape, values)
}

/// A Bedrock conversation with every response kind: a reply, tool calls (nested arguments,
/// empty arguments), an empty reply and an empty call list.
fn bedrock_chat() -> Vec<serde_json::Value> {
    vec![
        json!({"type": "message", "content": "Let me check."}),
        json!({"type": "tool_call", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris", "days": [1, 2], "units": {"temp": "C"}}}},
            {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": {}}}
        ]}),
        json!({"type": "message", "content": "18°C and 14:00."}),
        json!({"type": "message", "content": ""}),
        json!({"type": "tool_call", "tool_calls": []}),
    ]
}

#[test]
fn bedrock_to_kernel_maps_replies_and_tool_calls_without_loss() {
    let chat = bedrock_chat();
    assert_valid(&bedrock::AGENT_RESPONSE, &chat);
    let (k, losses) = run(Bedrock, Kernel, &chat);
    assert_eq!(losses, lost(&[]));
    assert_valid(&kernel::MESSAGE, &k);
    // Ids and timestamps come from the generator: never losses.
    assert_eq!(
        k,
        vec![
            json!({"id": "01JD7Z8Q000000000000000001", "timestamp": 1_732_233_600_001_u64, "type": "reply", "text": "Let me check."}),
            json!({"id": "01JD7Z8Q000000000000000002", "timestamp": 1_732_233_600_002_u64, "type": "tool-calls", "calls": [
                {"id": "call_1", "name": "weather", "args": {"city": "Paris", "days": [1, 2], "units": {"temp": "C"}}},
                {"id": "call_2", "name": "time", "args": {}}
            ]}),
            json!({"id": "01JD7Z8Q000000000000000003", "timestamp": 1_732_233_600_003_u64, "type": "reply", "text": "18°C and 14:00."}),
            json!({"id": "01JD7Z8Q000000000000000004", "timestamp": 1_732_233_600_004_u64, "type": "reply", "text": ""}),
            json!({"id": "01JD7Z8Q000000000000000005", "timestamp": 1_732_233_600_005_u64, "type": "tool-calls", "calls": []}),
        ]
    );
}

#[test]
fn bedrock_to_openai_maps_replies_and_tool_calls_without_loss() {
    let (o, losses) = run(Bedrock, OpenAI, &bedrock_chat());
    assert_eq!(losses, lost(&[]));
    assert_valid(&openai::MESSAGE, &o);
    assert_eq!(
        o,
        vec![
            json!({"role": "assistant", "content": "Let me check."}),
            json!({"role": "assistant", "content": null, "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\",\"days\":[1,2],\"units\":{\"temp\":\"C\"}}"}},
                {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": "{}"}}
            ]}),
            json!({"role": "assistant", "content": "18°C and 14:00."}),
            json!({"role": "assistant", "content": ""}),
            json!({"role": "assistant", "content": null, "tool_calls": []}),
        ]
    );
}

#[test]
fn bedrock_round_trips_through_kernel_and_openai_exactly() {
    let chat = bedrock_chat();
    // Through Kernel: the way back reports only what Kernel added (ids and timestamps).
    let (k, losses) = run(Bedrock, Kernel, &chat);
    assert_eq!(losses, lost(&[]));
    let (back, losses) = run(Kernel, Bedrock, &k);
    assert_eq!(back, chat);
    assert_valid(&bedrock::AGENT_RESPONSE, &back);
    assert_eq!(
        losses,
        lost(&[
            (0, "dropped_field", r#"["id"]"#),
            (1, "dropped_field", r#"["id"]"#),
            (2, "dropped_field", r#"["id"]"#),
            (3, "dropped_field", r#"["id"]"#),
            (4, "dropped_field", r#"["id"]"#),
        ])
    );
    // Through OpenAI: nothing lost either way.
    let (o, losses) = run(Bedrock, OpenAI, &chat);
    assert_eq!(losses, lost(&[]));
    let (back, losses) = run(OpenAI, Bedrock, &o);
    assert_eq!(losses, lost(&[]));
    assert_eq!(back, chat);
    // Exactly, to the text: key order inside the arguments is kept.
    let texts = [
        r#"{"type":"message","content":"On it."}"#,
        r#"{"type":"tool_call","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":{"b":1,"a":[true,null],"c":{"z":"","y":1.5}}}}]}"#,
    ];
    let source: Vec<Value> = texts.iter().map(|t| Value::parse(t).unwrap()).collect();
    for via in [Kernel, OpenAI] {
        let (mid, lost) = convert(Bedrock, via, &source, &mut Counter(0));
        assert_eq!(lost, vec![], "{via}");
        let (back, _) = convert(via, Bedrock, &mid, &mut Counter(0));
        assert_eq!(
            back.iter().map(Value::to_json).collect::<Vec<_>>(),
            texts,
            "{via}"
        );
    }
}

#[test]
fn openai_to_bedrock_and_back_is_exact_when_nothing_is_lost() {
    let chat = vec![
        json!({"role": "assistant", "content": "Checking."}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}}
        ]}),
        json!({"role": "assistant", "content": "18°C."}),
    ];
    let (b, losses) = run(OpenAI, Bedrock, &chat);
    assert_eq!(losses, lost(&[]));
    assert_valid(&bedrock::AGENT_RESPONSE, &b);
    assert_eq!(
        b,
        vec![
            json!({"type": "message", "content": "Checking."}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}}
            ]}),
            json!({"type": "message", "content": "18°C."}),
        ]
    );
    let (back, losses) = run(Bedrock, OpenAI, &b);
    assert_eq!(losses, lost(&[]));
    assert_eq!(back, chat);
}

#[test]
fn openai_rows_bedrock_has_no_place_for_are_reported() {
    let chat = vec![
        json!({"role": "developer", "content": "Be brief."}),
        json!({"role": "system", "content": "You are a travel agent."}),
        json!({"role": "user", "content": [
            {"type": "text", "text": "Weather here?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
        ]}),
        // A reply and tool calls in one message: two Bedrock responses.
        json!({"role": "assistant", "content": "Checking.", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}},
            {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": "{ }"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "18°C"}),
        json!({"role": "tool", "tool_call_id": "call_2", "content": "14:00"}),
        json!({"role": "assistant", "content": "18°C at 14:00.", "name": "agent-1"}),
    ];
    let (b, losses) = run(OpenAI, Bedrock, &chat);
    assert_valid(&bedrock::AGENT_RESPONSE, &b);
    assert_eq!(
        b,
        vec![
            json!({"type": "message", "content": "Checking."}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}},
                {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": {}}}
            ]}),
            json!({"type": "message", "content": "18°C at 14:00."}),
        ]
    );
    assert_eq!(
        losses,
        lost(&[
            (0, "unsupported_message", "[]"),
            (1, "unsupported_message", "[]"),
            (2, "unsupported_message", "[]"),
            // From the OpenAI side: the arguments' spacing.
            (
                3,
                "dropped_field",
                r#"["tool_calls",1,"function","arguments"]"#
            ),
            // From the Bedrock side: one message became two responses.
            (3, "split_message", r#"["tool_calls"]"#),
            (4, "unsupported_message", "[]"),
            (5, "unsupported_message", "[]"),
            (6, "dropped_field", r#"["name"]"#),
        ])
    );
}

#[test]
fn kernel_rows_map_as_the_table_says_and_losses_are_reported() {
    let k = vec![
        json!({"id": "a", "timestamp": 1, "type": "input", "text": "hi", "files": [{"data": "AQID", "mimeType": "image/jpeg"}]}),
        json!({"id": "b", "timestamp": 2, "type": "system", "text": "Be brief.", "developer": true}),
        json!({"id": "c", "timestamp": 3, "type": "reasoning", "title": "t", "summary": "s"}),
        json!({"id": "d", "timestamp": 4, "type": "tool-calls", "calls": [
            {"id": "c1", "name": "f", "args": {"x": 1}},
            {"id": "c2", "name": "g"},
            {"id": "c3", "name": "h", "args": [1, 2]}
        ]}),
        json!({"id": "e", "timestamp": 5, "type": "tool-results", "results": [
            {"callId": "c1", "name": "f", "output": "ok"}
        ]}),
        json!({"id": "f", "timestamp": 6, "type": "log", "text": "debug"}),
        json!({"id": "g", "timestamp": 7, "type": "reply", "text": "done", "threadId": "t1"}),
        json!({"id": "h", "timestamp": 8, "type": "thought", "depth": 3}),
        json!({"id": "c4", "timestamp": 9, "type": "tool-call", "name": "k", "args": {"y": "z"}}),
        json!({"id": "i", "timestamp": 10, "type": "tool-result", "callId": "c4", "result": 1}),
    ];
    // All valid Kernel messages ("thought" is a registered type).
    assert_valid(&kernel::MESSAGE, &[&k[..7], &k[8..]].concat());
    let (b, losses) = run(Kernel, Bedrock, &k);
    assert_valid(&bedrock::AGENT_RESPONSE, &b);
    assert_eq!(
        b,
        vec![
            json!({"type": "tool_call", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {"x": 1}}},
                {"id": "c2", "type": "function", "function": {"name": "g", "arguments": {}}},
                {"id": "c3", "type": "function", "function": {"name": "h", "arguments": {}}}
            ]}),
            json!({"type": "message", "content": "done"}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "c4", "type": "function", "function": {"name": "k", "arguments": {"y": "z"}}}
            ]}),
        ]
    );
    assert_eq!(
        losses,
        lost(&[
            (0, "unsupported_message", "[]"),
            (1, "unsupported_message", "[]"),
            (2, "unsupported_message", "[]"),
            (3, "dropped_field", r#"["calls",1,"args"]"#),
            (3, "dropped_field", r#"["calls",2,"args"]"#),
            (3, "dropped_field", r#"["id"]"#),
            (4, "unsupported_message", "[]"),
            (5, "unsupported_message", "[]"),
            (6, "dropped_field", r#"["id"]"#),
            (6, "dropped_field", r#"["threadId"]"#),
            (7, "unsupported_message", "[]"),
            // From the Kernel side: a single tool-call is read as a tool-calls message.
            (8, "dropped_field", r#"["type"]"#),
            (8, "dropped_field", r#"["id"]"#),
            (9, "dropped_field", r#"["type"]"#),
            (9, "unsupported_message", "[]"),
        ])
    );
    // The details say what happened.
    let (_, full) = convert(Kernel, Bedrock, &ours(&k[3..5]), &mut Counter(0));
    let details: Vec<String> = full.iter().map(|l| l.detail.text().into_owned()).collect();
    assert_eq!(
        details,
        [
            "absent args are written as {}",
            "Bedrock arguments are an object; [1,2] is written as {}",
            "Bedrock responses carry no id or timestamp",
            "Bedrock Swarm has no tool-output AgentResponse (ToolOutput and ToolResult are not messages)",
        ]
    );
}

#[test]
fn undocumented_fields_of_a_response_are_reported_not_carried() {
    let chat = vec![
        json!({"type": "message", "content": "hi", "agent_name": "a1"}),
        json!({"type": "tool_call", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}, "strict": true}, "index": 0},
            {"id": "c2", "type": "function", "function": {"name": "g", "arguments": {"n": 1}}, "index": 1}
        ], "usage": {"tokens": 3}}),
    ];
    assert_valid(&bedrock::AGENT_RESPONSE, &chat);
    for (to, shape) in [(Kernel, &kernel::MESSAGE), (OpenAI, &openai::MESSAGE)] {
        let (out, losses) = run(Bedrock, to, &chat);
        assert_valid(shape, &out);
        assert_eq!(out.len(), 2, "{to}");
        assert_eq!(
            losses,
            lost(&[
                (0, "dropped_field", r#"["agent_name"]"#),
                (1, "dropped_field", r#"["usage"]"#),
                (1, "dropped_field", r#"["tool_calls",0,"index"]"#),
                (
                    1,
                    "dropped_field",
                    r#"["tool_calls",0,"function","strict"]"#
                ),
                (1, "dropped_field", r#"["tool_calls",1,"index"]"#),
            ]),
            "{to}"
        );
    }
    // What is documented survives the round trip.
    let (k, _) = run(Bedrock, Kernel, &chat);
    let (back, _) = run(Kernel, Bedrock, &k);
    assert_eq!(
        back,
        vec![
            json!({"type": "message", "content": "hi"}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "f", "arguments": {}}},
                {"id": "c2", "type": "function", "function": {"name": "g", "arguments": {"n": 1}}}
            ]}),
        ]
    );
}

#[test]
fn bedrock_to_bedrock_through_the_model_is_the_identity() {
    let chat = bedrock_chat();
    let (out, losses) = run(Bedrock, Bedrock, &chat);
    assert_eq!(losses, lost(&[]));
    assert_eq!(out, chat);
}

// The FORMATS.md rows between Bedrock and the formats other than Kernel and OpenAI.

#[test]
fn bedrock_to_swarm_maps_replies_and_tool_calls_and_comes_back_exactly() {
    let (s, losses) = run(Bedrock, Swarm, &bedrock_chat());
    assert_eq!(losses, vec![]);
    assert_valid(&swarm::MESSAGE, &s);
    assert_eq!(
        s,
        vec![
            json!({"role": "assistant", "agentName": "agent", "content": "Let me check.", "mode": "tool"}),
            json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool", "tool_calls": [
                {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris", "days": [1, 2], "units": {"temp": "C"}}}},
                {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": {}}}
            ]}),
            json!({"role": "assistant", "agentName": "agent", "content": "18°C and 14:00.", "mode": "tool"}),
            json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool"}),
            json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool", "tool_calls": []}),
        ]
    );
    let (back, losses) = run(Swarm, Bedrock, &s);
    assert_eq!(losses, vec![]);
    assert_eq!(back, bedrock_chat());
}

#[test]
fn swarm_rows_bedrock_has_no_response_for_are_reported() {
    let chat = vec![
        json!({"role": "developer", "agentName": "agent", "content": "Be brief.", "mode": "tool"}),
        json!({"role": "system", "agentName": "agent", "content": "You are a travel agent.", "mode": "tool"}),
        json!({"role": "user", "agentName": "agent", "content": "Weather?", "mode": "user", "images": [{"$bytes": "AQID"}]}),
        json!({"role": "assistant", "agentName": "triage", "content": "Checking.", "mode": "tool", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}}
        ]}),
        json!({"role": "tool", "agentName": "agent", "content": "18°C", "mode": "tool", "tool_call_id": "c1"}),
        json!({"role": "assistant", "agentName": "agent", "content": "18°C.", "mode": "tool", "payload": {"trace": 7}}),
        json!({"role": "flush", "agentName": "agent", "content": "", "mode": "tool"}),
    ];
    let (b, losses) = run(Swarm, Bedrock, &chat);
    assert_valid(&bedrock::AGENT_RESPONSE, &b);
    assert_eq!(
        b,
        vec![
            json!({"type": "message", "content": "Checking."}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}}
            ]}),
            json!({"type": "message", "content": "18°C."}),
        ]
    );
    assert_eq!(
        losses,
        lost(&[
            (0, "unsupported_message", "[]"),
            (1, "unsupported_message", "[]"),
            (2, "unsupported_message", "[]"),
            // The agent's name; the reply and the calls become two responses.
            (3, "dropped_field", r#"["agentName"]"#),
            (3, "split_message", r#"["tool_calls"]"#),
            (4, "unsupported_message", "[]"),
            (5, "dropped_field", r#"["payload","trace"]"#),
            (6, "unsupported_message", "[]"),
        ])
    );
}

#[test]
fn bedrock_to_agens_maps_replies_and_tool_calls_and_comes_back_exactly() {
    let chat = vec![
        json!({"type": "message", "content": "Let me check."}),
        json!({"type": "tool_call", "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}},
            {"id": "call_2", "type": "function", "function": {"name": "time", "arguments": {}}}
        ]}),
        json!({"type": "message", "content": "18°C."}),
    ];
    let (a, losses) = run(Bedrock, Agens, &chat);
    assert_eq!(losses, vec![]);
    assert_valid(&agens::MESSAGE, &a);
    // Bedrock has no input: every step carries the placeholder; calls after a reply that did
    // not share a message with it begin a step.
    assert_eq!(
        a,
        vec![
            json!({"input": "(no input)", "result": "Let me check."}),
            json!({"input": "(no input)", "tool_calls": [
                {"id": "call_1", "name": "weather", "arguments": [{"key": "city", "value": "Paris"}], "server_name": "", "type": "tool_call"},
                {"id": "call_2", "name": "time", "arguments": [], "server_name": "", "type": "tool_call"}
            ]}),
            json!({"input": "(no input)", "result": "18°C."}),
        ]
    );
    let (back, losses) = run(Agens, Bedrock, &a);
    assert_eq!(losses, vec![]);
    assert_eq!(back, chat);
    // Argument values that are not strings are written as JSON text.
    let (a, losses) = run(
        Bedrock,
        Agens,
        &[json!({"type": "tool_call", "tool_calls": [
            {"id": "c", "type": "function", "function": {"name": "f", "arguments": {"n": 2}}}
        ]})],
    );
    assert_eq!(
        a[0]["tool_calls"][0]["arguments"],
        json!([{"key": "n", "value": "2"}])
    );
    assert_eq!(
        losses,
        lost(&[(
            0,
            "stringified_output",
            r#"["tool_calls",0,"function","arguments"]"#
        )])
    );
}

#[test]
fn agens_rows_bedrock_has_no_response_for_are_reported() {
    let steps = vec![
        json!({
            "thread_id": "t-1",
            "input": "Weather in Paris?",
            "system": "You are a travel agent.",
            "user": "Job: weather",
            "result": "Checking.",
            "tool_calls": [{"id": "c1", "name": "weather", "arguments": [{"key": "city", "value": "Paris"}], "server_name": "", "type": "tool_call"}],
            "tool_results": {"c1": "18°C"}
        }),
        json!({"input": "Weather in Paris?", "result": "18°C."}),
    ];
    let (b, losses) = run(Agens, Bedrock, &steps);
    assert_valid(&bedrock::AGENT_RESPONSE, &b);
    assert_eq!(
        b,
        vec![
            json!({"type": "message", "content": "Checking."}),
            json!({"type": "tool_call", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}}
            ]}),
            json!({"type": "message", "content": "18°C."}),
        ]
    );
    let mut losses = losses;
    losses.sort();
    assert_eq!(
        losses,
        lost(&[
            // The step's thread id (it rode on the instructions), the instructions, the
            // input, the prepared prompt, the tool results; the reply and its calls become two
            // responses.
            (0, "dropped_field", r#"["thread_id"]"#),
            (0, "split_message", r#"["tool_calls"]"#),
            (0, "unsupported_message", r#"["input"]"#),
            (0, "unsupported_message", r#"["system"]"#),
            (0, "unsupported_message", r#"["tool_results"]"#),
            (0, "unsupported_message", r#"["user"]"#),
            // The next step carries the first one's input forward: it goes with it.
            (1, "dropped_field", r#"["input"]"#),
        ])
    );
}
