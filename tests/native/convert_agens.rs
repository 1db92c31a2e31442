//! Conversions from and to Agens (`Agens.Message`, one message per Job step) through the
//! canonical model, against Kernel and OpenAI: the FORMATS.md rows in both directions, the exact
//! output and losses, target validity, and the round-trip law.
use crate::support::{ours, theirs, Counter};
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use agent_messages::formats::{agens, kernel, openai, swarm};
use agent_messages::tape::value::Value;
use agent_messages::validate::Shape;
use serde_json::json;

type Losses = Vec<(usize, String, String)>;

/// Converts, checks every output against the target's shape in JSON mode, and returns the
/// output with the losses as `(index, code, path)`.
fn run(from: Format, to: Format, values: &[serde_json::Value]) -> (Vec<serde_json::Value>, Losses) {
    let (out, losses) = convert(from, to, &ours(values), &mut Counter(0));
    let out = theirs(&out);
    assert_valid(to, &out);
    let losses = crate::support::loss_rows(&losses);
    (out, losses)
}

fn shape(format: Format) -> &'static Shape {
    match format {
        Agens => &agens::MESSAGE,
        Kernel => &kernel::MESSAGE,
        OpenAI => &openai::MESSAGE,
        Swarm => &swarm::MESSAGE,
        other => panic!("no shape for {other}"),
    }
}

fn assert_valid(format: Format, values: &[serde_json::Value]) {
    crate::support::assert_valid_json(shape(format), values)
}

fn loss(index: usize, code: &str, path: &str) -> (usize, String, String) {
    (index, code.to_string(), path.to_string())
}

/// A Job run of three steps that OpenAI carries whole: instructions, the input, tool calls and
/// their results; the next Node's result on the same (carried-forward) input; a new input with
/// a prepared prompt, a result and tool calls in one step.
fn plain_run() -> Vec<serde_json::Value> {
    vec![
        json!({
            "input": "Weather in Paris?",
            "system": "You are a travel agent.",
            "tool_calls": [{"id": "c1", "name": "weather", "arguments": [{"key": "city", "value": "Paris"}], "server_name": "", "type": "tool_call"}],
            "tool_results": {"c1": "18°C"}
        }),
        json!({"input": "Weather in Paris?", "result": "18°C in Paris."}),
        json!({
            "input": "And Rome?",
            "user": "Job: weather\nInput: And Rome?",
            "result": "On it.",
            "tool_calls": [{"id": "c2", "name": "weather", "arguments": [{"key": "city", "value": "Rome"}, {"key": "unit", "value": "C"}], "server_name": "", "type": "tool_call"}]
        }),
    ]
}

fn plain_run_as_openai() -> Vec<serde_json::Value> {
    vec![
        json!({"role": "system", "content": "You are a travel agent."}),
        json!({"role": "user", "content": "Weather in Paris?"}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\"}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "c1", "content": "18°C"}),
        json!({"role": "assistant", "content": "18°C in Paris."}),
        json!({"role": "user", "content": "And Rome?"}),
        json!({"role": "user", "content": "Job: weather\nInput: And Rome?"}),
        json!({"role": "assistant", "content": "On it.", "tool_calls": [
            {"id": "c2", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Rome\",\"unit\":\"C\"}"}}
        ]}),
    ]
}

#[test]
fn agens_to_openai_maps_every_row_and_comes_back_exactly() {
    let (o, losses) = run(Agens, OpenAI, &plain_run());
    assert_eq!(losses, vec![]);
    assert_eq!(o, plain_run_as_openai());
    let (back, losses) = run(OpenAI, Agens, &o);
    assert_eq!(losses, vec![]);
    assert_eq!(back, plain_run());
    // Exactly, to the text (keys in the struct's documented order; `json!` sorts them).
    let texts = [
        r#"{"input":"Weather in Paris?","system":"You are a travel agent.","tool_calls":[{"id":"c1","name":"weather","arguments":[{"key":"city","value":"Paris"}],"server_name":"","type":"tool_call"}],"tool_results":{"c1":"18°C"}}"#,
        r#"{"input":"Weather in Paris?","result":"18°C in Paris."}"#,
        r#"{"input":"And Rome?","user":"Job: weather\nInput: And Rome?","result":"On it.","tool_calls":[{"id":"c2","name":"weather","arguments":[{"key":"city","value":"Rome"},{"key":"unit","value":"C"}],"server_name":"","type":"tool_call"}]}"#,
    ];
    let source: Vec<Value> = texts.iter().map(|t| Value::parse(t).unwrap()).collect();
    let (o2, _) = convert(Agens, OpenAI, &source, &mut Counter(0));
    let (back2, _) = convert(OpenAI, Agens, &o2, &mut Counter(0));
    assert_eq!(
        back2.iter().map(Value::to_json).collect::<Vec<_>>(),
        source.iter().map(Value::to_json).collect::<Vec<_>>()
    );
}

#[test]
fn openai_to_agens_and_back_is_exact_when_nothing_is_lost() {
    let chat = vec![
        json!({"role": "user", "content": "Hi"}),
        json!({"role": "assistant", "content": "Hello."}),
        json!({"role": "user", "content": "Sum 1 and 2"}),
        json!({"role": "assistant", "content": "", "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "add", "arguments": "{\"x\":\"1\",\"y\":\"2\"}"}},
            {"id": "b", "type": "function", "function": {"name": "log", "arguments": "{}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "a", "content": "3"}),
        json!({"role": "tool", "tool_call_id": "b", "content": "ok"}),
        json!({"role": "assistant", "content": "3."}),
        json!({"role": "system", "content": "Be brief."}),
        json!({"role": "assistant", "content": "Done."}),
    ];
    let (a, losses) = run(OpenAI, Agens, &chat);
    assert_eq!(losses, vec![]);
    assert_eq!(
        a,
        vec![
            json!({"input": "Hi", "result": "Hello."}),
            json!({
                "input": "Sum 1 and 2",
                "result": "",
                "tool_calls": [
                    {"id": "a", "name": "add", "arguments": [{"key": "x", "value": "1"}, {"key": "y", "value": "2"}], "server_name": "", "type": "tool_call"},
                    {"id": "b", "name": "log", "arguments": [], "server_name": "", "type": "tool_call"}
                ],
                "tool_results": {"a": "3", "b": "ok"}
            }),
            json!({"input": "Sum 1 and 2", "result": "3."}),
            json!({"input": "Sum 1 and 2", "system": "Be brief.", "result": "Done."}),
        ]
    );
    let (back, losses) = run(Agens, OpenAI, &a);
    assert_eq!(losses, vec![]);
    assert_eq!(back, chat);
}

#[test]
fn openai_rows_agens_cannot_carry_are_reported() {
    let chat = vec![
        json!({"role": "developer", "content": "Be brief."}),
        json!({"role": "system", "content": "You are a travel agent."}),
        json!({"role": "user", "content": "Weather in Paris?"}),
        json!({"role": "user", "content": [
            {"type": "text", "text": "And this photo?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}}
        ]}),
        json!({"role": "assistant", "content": null, "tool_calls": [
            {"id": "call_1", "type": "function", "function": {"name": "weather", "arguments": "{\"city\":\"Paris\",\"days\":2}"}}
        ]}),
        json!({"role": "tool", "tool_call_id": "call_1", "content": "18°C"}),
        json!({"role": "assistant", "content": "18°C."}),
        json!({"role": "user", "content": "Weather in Paris?"}),
        json!({"role": "assistant", "content": "Still 18°C."}),
    ];
    let (a, losses) = run(OpenAI, Agens, &chat);
    assert_eq!(
        a,
        vec![
            json!({"input": "(no input)", "system": "Be brief."}),
            json!({
                "input": "Weather in Paris?",
                "system": "You are a travel agent.",
                "user": "And this photo?",
                "tool_calls": [{"id": "call_1", "name": "weather", "arguments": [{"key": "city", "value": "Paris"}, {"key": "days", "value": "2"}], "server_name": "", "type": "tool_call"}],
                "tool_results": {"call_1": "18°C"}
            }),
            json!({"input": "Weather in Paris?", "result": "18°C."}),
            json!({"input": "Weather in Paris?", "result": "Still 18°C."}),
        ]
    );
    assert_eq!(
        losses,
        vec![
            // No developer role; no images; a number argument becomes text; a user input equal
            // to the carried-forward input reads back as carried, not as a message.
            loss(0, "dropped_field", r#"["role"]"#),
            loss(3, "dropped_field", r#"["content",1]"#),
            loss(
                4,
                "stringified_output",
                r#"["tool_calls",0,"function","arguments"]"#
            ),
            loss(7, "unsupported_message", "[]"),
        ]
    );
}

#[test]
fn agens_to_kernel_carries_step_fields_and_comes_back_exactly() {
    let steps = vec![
        json!({
            "caller": "#PID<0.123.0>",
            "id": "5ffc72a101b4ea4e61eab006b118a68a",
            "run_id": "run-1",
            "parent_run_id": null,
            "thread_id": "t-1",
            "input": "Write a brief",
            "system": "You are...",
            "user": "Please...",
            "result": "Done",
            "previous_result": null,
            "outputs": {"ok": true},
            "job_id": "job",
            "node_id": "n1",
            "serving_name": "Elixir.MyServing",
            "tool_defs": [{"name": "search"}],
            "tool_calls": [{"id": "c1", "name": "search", "arguments": [{"key": "q", "value": "x"}], "server_name": "mcp", "type": "mcp_tool_use"}],
            "tool_results": {"c1": {"hits": 3}},
            "resources": [{"uri": "file:///a", "name": "a"}],
            "retries": 0,
            "next": [{"type": "route", "node_id": "n2", "count": 1}]
        }),
        json!({"input": "Write a brief", "result": null, "tool_calls": [], "next": [{"type": "end"}]}),
        json!({"input": "Write a brief", "tool_calls": [{"id": "c2", "name": "f", "arguments": [], "server_name": "", "type": "tool_call"}]}),
        json!({"input": "Write a brief", "tool_results": {"c2": "r"}}),
    ];
    let (k, losses) = run(Agens, Kernel, &steps);
    assert_eq!(losses, vec![]);
    assert_eq!(
        k,
        vec![
            json!({"id": "01JD7Z8Q000000000000000001", "timestamp": 1_732_233_600_001_u64, "type": "system", "text": "You are...",
                "agentMessages": {"caller": "#PID<0.123.0>", "agens_id": "5ffc72a101b4ea4e61eab006b118a68a", "run_id": "run-1", "parent_run_id": null,
                "thread_id": "t-1", "previous_result": null, "outputs": {"ok": true}, "job_id": "job", "node_id": "n1",
                "serving_name": "Elixir.MyServing", "tool_defs": [{"name": "search"}], "resources": [{"uri": "file:///a", "name": "a"}],
                "retries": 0, "next": [{"type": "route", "node_id": "n2", "count": 1}]}}),
            json!({"id": "01JD7Z8Q000000000000000002", "timestamp": 1_732_233_600_002_u64, "type": "input", "text": "Write a brief"}),
            json!({"id": "01JD7Z8Q000000000000000003", "timestamp": 1_732_233_600_003_u64, "type": "input", "text": "Please..."}),
            json!({"id": "01JD7Z8Q000000000000000004", "timestamp": 1_732_233_600_004_u64, "type": "reply", "text": "Done"}),
            json!({"id": "01JD7Z8Q000000000000000005", "timestamp": 1_732_233_600_005_u64, "type": "tool-calls",
                "calls": [{"id": "c1", "name": "search", "args": {"q": "x"}}],
                "agentMessages": {"continues": true, "tool_call_servers": [{"server_name": "mcp", "type": "mcp_tool_use"}]}}),
            json!({"id": "01JD7Z8Q000000000000000006", "timestamp": 1_732_233_600_006_u64, "type": "tool-results",
                "results": [{"callId": "c1", "name": "search", "output": {"hits": 3}}]}),
            // A step with nothing but routing: its input, carrying the step's fields (and the
            // mark of the boundary the slots alone would not tell).
            json!({"id": "01JD7Z8Q000000000000000007", "timestamp": 1_732_233_600_007_u64, "type": "input", "text": "Write a brief",
                "agentMessages": {"result": null, "tool_calls": [], "next": [{"type": "end"}]}}),
            // Calls alone would join the input before them, results alone the calls: the
            // boundaries are marked.
            json!({"id": "01JD7Z8Q000000000000000008", "timestamp": 1_732_233_600_008_u64, "type": "tool-calls",
                "calls": [{"id": "c2", "name": "f", "args": {}}], "agentMessages": {"agens_step": true}}),
            json!({"id": "01JD7Z8Q000000000000000009", "timestamp": 1_732_233_600_009_u64, "type": "tool-results",
                "results": [{"callId": "c2", "name": "f", "output": "r"}], "agentMessages": {"agens_step": true}}),
        ]
    );
    // Back: the same steps; Kernel's own ids and timestamps are what Agens cannot carry.
    let (back, losses) = run(Kernel, Agens, &k);
    assert_eq!(back, steps);
    assert_eq!(
        losses,
        (0..9)
            .map(|i| loss(i, "dropped_field", r#"["id"]"#))
            .collect::<Vec<_>>()
    );
    // The same steps to OpenAI: every step field is reported, nothing else.
    let (o, losses) = run(Agens, OpenAI, &steps);
    assert_eq!(
        o,
        vec![
            json!({"role": "system", "content": "You are..."}),
            json!({"role": "user", "content": "Write a brief"}),
            json!({"role": "user", "content": "Please..."}),
            json!({"role": "assistant", "content": "Done", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "search", "arguments": "{\"q\":\"x\"}"}}
            ]}),
            json!({"role": "tool", "tool_call_id": "c1", "content": "{\"hits\":3}"}),
            json!({"role": "user", "content": "Write a brief"}),
            json!({"role": "assistant", "content": null, "tool_calls": [
                {"id": "c2", "type": "function", "function": {"name": "f", "arguments": "{}"}}
            ]}),
            json!({"role": "tool", "tool_call_id": "c2", "content": "r"}),
        ]
    );
    let mut expected: Losses = [
        "caller",
        "id",
        "run_id",
        "parent_run_id",
        "thread_id",
        "previous_result",
        "outputs",
        "job_id",
        "node_id",
        "serving_name",
        "tool_defs",
        "resources",
        "retries",
        "next",
        "tool_calls",
    ]
    .iter()
    .map(|k| loss(0, "dropped_field", &format!("[\"{k}\"]")))
    .collect();
    expected.push(loss(0, "stringified_output", r#"["tool_results","c1"]"#));
    for k in ["result", "tool_calls", "next"] {
        expected.push(loss(1, "dropped_field", &format!("[\"{k}\"]")));
    }
    // The step boundaries only the mark told: read back, each step joins the one before.
    expected.push(loss(2, "merged_messages", "[]"));
    expected.push(loss(3, "merged_messages", "[]"));
    let mut losses = losses;
    losses.sort();
    expected.sort();
    assert_eq!(losses, expected);
}

#[test]
fn agens_round_trips_through_kernel_and_itself() {
    let mut steps = plain_run();
    steps[1]["thread_id"] = json!("t-2");
    steps[1]["retries"] = json!(2);
    steps[1]["retry_reason"] = json!("too short");
    steps.push(json!({"input": "(no input)", "next": [{"type": "retry", "reason": "x"}]}));
    for via in [Kernel, Agens] {
        let (mid, losses) = run(Agens, via, &steps);
        assert_eq!(losses, vec![], "via {via}");
        let (back, _) = run(via, Agens, &mid);
        assert_eq!(back, steps, "via {via}");
    }
}

#[test]
fn kernel_rows_map_to_agens_and_losses_are_reported() {
    let k = vec![
        json!({"id": "a", "timestamp": 1, "type": "system", "text": "s", "agentMessages": {"developer": true, "thread_id": "t1"}}),
        json!({"id": "b", "timestamp": 2, "type": "input", "text": "hi", "files": [{"data": "AQID", "mimeType": "image/jpeg"}], "threadId": "x"}),
        json!({"id": "c", "timestamp": 3, "type": "reasoning", "title": "t", "summary": "s"}),
        json!({"id": "d", "timestamp": 4, "type": "tool-calls", "calls": [
            {"id": "c1", "name": "f", "args": {"n": 1, "s": "x"}},
            {"id": "c2", "name": "g"},
            {"id": "c3", "name": "h", "args": [1]}
        ]}),
        json!({"id": "e", "timestamp": 5, "type": "tool-results", "results": [
            {"callId": "c1", "name": "f", "output": {"n": 1}},
            {"name": "g", "output": "lost"},
            {"callId": "c2", "output": null, "error": {"name": "TypeError", "message": "bad"}},
            {"callId": "c3", "name": "other", "output": 3}
        ]}),
        json!({"id": "f", "timestamp": 6, "type": "log", "text": "debug"}),
        json!({"id": "g", "timestamp": 7, "type": "reply", "text": "done", "agentMessages": {"retries": "many"}}),
        json!({"id": "h", "timestamp": 8, "type": "input"}),
    ];
    let (a, losses) = run(Kernel, Agens, &k);
    assert_eq!(
        a,
        vec![
            json!({
                "thread_id": "t1",
                "input": "hi",
                "system": "s",
                "tool_calls": [
                    {"id": "c1", "name": "f", "arguments": [{"key": "n", "value": "1"}, {"key": "s", "value": "x"}], "server_name": "", "type": "tool_call"},
                    {"id": "c2", "name": "g", "arguments": [], "server_name": "", "type": "tool_call"},
                    {"id": "c3", "name": "h", "arguments": [], "server_name": "", "type": "tool_call"}
                ],
                "tool_results": {"c1": {"n": 1}, "c2": "Error: bad", "c3": 3}
            }),
            json!({"input": "hi", "result": "done"}),
        ]
    );
    // Kernel's ids and timestamps (not of the messages not carried at all).
    let mut expected: Losses = (0..8)
        .filter(|i| ![2, 5, 7].contains(i))
        .map(|i| loss(i, "dropped_field", r#"["id"]"#))
        .collect();
    expected.extend([
        loss(0, "dropped_field", r#"["agentMessages","developer"]"#),
        loss(1, "dropped_field", r#"["files",0]"#),
        loss(1, "dropped_field", r#"["threadId"]"#),
        loss(2, "unsupported_message", "[]"),
        loss(3, "stringified_output", r#"["calls",0,"args"]"#),
        loss(3, "dropped_field", r#"["calls",1,"args"]"#),
        loss(3, "dropped_field", r#"["calls",2,"args"]"#),
        loss(4, "unsupported_message", r#"["results",1]"#),
        loss(4, "dropped_field", r#"["results",2,"name"]"#),
        loss(4, "error_as_text", r#"["results",2]"#),
        loss(4, "dropped_field", r#"["results",3,"name"]"#),
        loss(5, "unsupported_message", "[]"),
        loss(6, "dropped_field", r#"["agentMessages","retries"]"#),
        loss(7, "unsupported_message", "[]"),
    ]);
    let mut losses = losses;
    losses.sort();
    expected.sort();
    assert_eq!(losses, expected);
}

mod law {
    use super::*;
    use proptest::prelude::*;

    fn pick<T: Clone + std::fmt::Debug + 'static>(items: Vec<T>) -> impl Strategy<Value = T> {
        proptest::sample::select(items)
    }

    fn optional_text(
        key: &'static str,
    ) -> impl Strategy<Value = Option<(String, serde_json::Value)>> {
        pick(vec![
            None,
            Some(json!(null)),
            Some(json!("")),
            Some(json!("a")),
            Some(json!("b")),
        ])
        .prop_map(move |v| v.map(|v| (key.to_string(), v)))
    }

    fn call() -> impl Strategy<Value = serde_json::Value> {
        (
            pick(vec!["c1", "c2"]),
            pick(vec![json!([]), json!([{"key": "k", "value": "v"}]), json!([{"key": "a", "value": "1"}, {"key": "b", "value": ""}])]),
            pick(vec![("", "tool_call"), ("mcp", "mcp_tool_use")]),
        )
            .prop_map(|(id, arguments, (server, ty))| {
                json!({"id": id, "name": format!("f{id}"), "arguments": arguments, "server_name": server, "type": ty})
            })
    }

    /// Agens steps over a small alphabet, so that inputs repeat and boundaries are tested.
    fn step() -> impl Strategy<Value = serde_json::Value> {
        (
            pick(vec!["q", "r", "(no input)"]),
            optional_text("system"),
            optional_text("user"),
            optional_text("result"),
            prop_oneof![
                Just(None),
                Just(Some(json!(null))),
                Just(Some(json!([]))),
                proptest::collection::vec(call(), 1..3).prop_map(|c| Some(json!(c))),
            ],
            pick(vec![
                None,
                Some(json!(null)),
                Some(json!({})),
                Some(json!({"c1": "ok"})),
                Some(json!({"c2": {"n": 1}, "c1": "x"})),
            ]),
            pick(vec![None, Some(json!("t")), Some(json!(null))]),
            pick(vec![None, Some(json!([])), Some(json!([{"type": "end"}]))]),
        )
            .prop_map(
                |(input, system, user, result, calls, results, thread, next)| {
                    let mut m = serde_json::Map::new();
                    m.insert("input".into(), json!(input));
                    for (k, v) in [system, user, result].into_iter().flatten() {
                        m.insert(k, v);
                    }
                    for (k, v) in [
                        ("tool_calls", calls),
                        ("tool_results", results),
                        ("thread_id", thread),
                        ("next", next),
                    ] {
                        if let Some(v) = v {
                            m.insert(k.into(), v);
                        }
                    }
                    serde_json::Value::Object(m)
                },
            )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(400))]

        /// Agens → B with no loss implies B → Agens gives the steps back exactly.
        #[test]
        fn agens_there_and_back(steps in proptest::collection::vec(step(), 1..5)) {
            for via in [Kernel, OpenAI, Agens] {
                let (mid, losses) = run(Agens, via, &steps);
                if losses.is_empty() {
                    let (back, _) = run(via, Agens, &mid);
                    prop_assert_eq!(&back, &steps, "via {}", via);
                }
            }
        }

        /// OpenAI → Agens with no loss implies Agens → OpenAI gives the chat back exactly.
        #[test]
        fn openai_there_and_back(steps in proptest::collection::vec(step(), 1..5)) {
            let (chat, _) = run(Agens, OpenAI, &steps);
            let (a, losses) = run(OpenAI, Agens, &chat);
            if losses.is_empty() {
                let (back, _) = run(Agens, OpenAI, &a);
                prop_assert_eq!(back, chat);
            }
        }
    }
}

/// Found by the round-trip law: a step of tool results alone after one ending in tool results
/// was read with its carried-forward input as a user message of its own (a user turn nobody
/// wrote) even when the step's own fields tell where it begins; now those fields, and the
/// `agens_step` mark that keeps Kernel from joining the two tool-results, tell it.
#[test]
fn tool_results_steps_with_fields_read_back_without_an_invented_input() {
    let steps = vec![
        json!({"input": "(no input)", "tool_results": {"c1": "a"}, "retries": 0}),
        json!({"input": "(no input)", "tool_results": {"c2": "b"}, "retries": 0}),
    ];
    let (o, losses) = run(Agens, OpenAI, &steps);
    assert_eq!(
        o,
        vec![
            json!({"role": "tool", "tool_call_id": "c1", "content": "a"}),
            json!({"role": "tool", "tool_call_id": "c2", "content": "b"}),
        ]
    );
    assert_eq!(
        losses,
        vec![
            loss(0, "dropped_field", r#"["retries"]"#),
            loss(1, "dropped_field", r#"["retries"]"#),
            loss(1, "merged_messages", "[]"),
        ]
    );
    let (k, losses) = run(Agens, Kernel, &steps);
    assert_eq!(losses, vec![]);
    assert_eq!(k.len(), 2);
    // The step fields tell the boundary (the step mark is implied by them).
    assert_eq!(k[1]["agentMessages"], json!({"retries": 0}));
    let (back, _) = run(Kernel, Agens, &k);
    assert_eq!(back, steps);
}

// The FORMATS.md rows between Agens and swarm (both directions).

fn swarm_msg(role: &str, content: &str, mode: &str) -> serde_json::Value {
    json!({"role": role, "agentName": "agent", "content": content, "mode": mode})
}

#[test]
fn agens_to_swarm_maps_every_row_and_comes_back_exactly() {
    let (s, losses) = run(Agens, Swarm, &plain_run());
    assert_eq!(losses, vec![]);
    assert_eq!(
        s,
        vec![
            swarm_msg("system", "You are a travel agent.", "tool"),
            swarm_msg("user", "Weather in Paris?", "user"),
            json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool", "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris"}}}
            ]}),
            json!({"role": "tool", "agentName": "agent", "content": "18°C", "mode": "tool", "tool_call_id": "c1"}),
            swarm_msg("assistant", "18°C in Paris.", "tool"),
            swarm_msg("user", "And Rome?", "user"),
            swarm_msg("user", "Job: weather\nInput: And Rome?", "user"),
            json!({"role": "assistant", "agentName": "agent", "content": "On it.", "mode": "tool", "tool_calls": [
                {"id": "c2", "type": "function", "function": {"name": "weather", "arguments": {"city": "Rome", "unit": "C"}}}
            ]}),
        ]
    );
    let (back, losses) = run(Swarm, Agens, &s);
    assert_eq!(losses, vec![]);
    assert_eq!(back, plain_run());
}

#[test]
fn swarm_rows_agens_cannot_carry_are_reported() {
    let chat = vec![
        swarm_msg("developer", "Be brief.", "tool"),
        swarm_msg("user", "Weather?", "user"),
        json!({"role": "user", "agentName": "agent", "content": "This photo?", "mode": "user", "images": [{"$bytes": "AQID"}]}),
        json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool", "tool_calls": [
            {"id": "c1", "type": "function", "function": {"name": "weather", "arguments": {"city": "Paris", "days": 2}}}
        ]}),
        json!({"role": "tool", "agentName": "agent", "content": "18°C", "mode": "tool", "tool_call_id": "c1"}),
        json!({"role": "assistant", "agentName": "triage", "content": "18°C.", "mode": "tool"}),
        swarm_msg("resque", "", "tool"),
    ];
    let (a, losses) = run(Swarm, Agens, &chat);
    assert_eq!(
        a,
        vec![
            json!({
                "input": "Weather?",
                "system": "Be brief.",
                "user": "This photo?",
                "tool_calls": [{"id": "c1", "name": "weather", "arguments": [{"key": "city", "value": "Paris"}, {"key": "days", "value": "2"}], "server_name": "", "type": "tool_call"}],
                "tool_results": {"c1": "18°C"}
            }),
            json!({"input": "Weather?", "result": "18°C."}),
        ]
    );
    assert_eq!(
        losses,
        vec![
            // No developer role; no images; a number argument becomes text; the agent's name;
            // the history reset.
            loss(0, "dropped_field", r#"["role"]"#),
            loss(2, "dropped_field", r#"["images",0]"#),
            loss(
                3,
                "stringified_output",
                r#"["tool_calls",0,"function","arguments"]"#
            ),
            loss(5, "dropped_field", r#"["agentName"]"#),
            loss(6, "unsupported_message", "[]"),
        ]
    );
}

/// Losses found while writing the target name the source's field: a second result for one
/// call is its whole OpenAI tool message.
#[test]
fn a_second_result_for_one_call_is_reported_at_its_message() {
    let chat = vec![
        json!({"role": "tool", "tool_call_id": "c1", "content": "a"}),
        json!({"role": "tool", "tool_call_id": "c1", "content": "b"}),
    ];
    let (a, losses) = run(OpenAI, Agens, &chat);
    assert_eq!(
        a,
        vec![json!({"input": "(no input)", "tool_results": {"c1": "a"}})]
    );
    assert_eq!(
        losses,
        vec![
            loss(1, "reused_call_id", r#"["tool_call_id"]"#),
            loss(1, "dropped_field", "[]")
        ]
    );
}
