//! checkConversation in the core: findings name the field in the checked format's own words.

use agent_messages::convert::check::{check, Finding};
use agent_messages::formats::Format::*;
use agent_messages::tape::value::Value;
use serde_json::json;

fn values(list: serde_json::Value) -> Vec<Value> {
    match Value::parse(&list.to_string()).expect("test JSON parses") {
        Value::Arr(items) => items,
        other => vec![other],
    }
}

/// `index code severity path` of every finding.
fn rows(findings: &[Finding]) -> Vec<String> {
    findings
        .iter()
        .map(|f| {
            let path = serde_json::to_string(&f.path).unwrap();
            format!("{} {} {} {path}", f.index, f.code, f.severity)
        })
        .collect()
}

#[test]
fn openai_findings_point_at_openai_fields() {
    let chat = values(json!([
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": null, "tool_calls": [
            {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}
        ]},
        {"role": "tool", "tool_call_id": "zzz", "content": "orphan"},
        {"role": "assistant", "content": "   "}
    ]));
    let got = check(OpenAI, &chat);
    assert_eq!(
        rows(&got.findings),
        [
            r#"1 call_without_result error ["tool_calls",0,"id"]"#,
            r#"2 result_without_call error ["tool_call_id"]"#,
            "3 empty_message warning []",
        ]
    );
    assert!(got.kept.is_none());
}

#[test]
fn kernel_findings_point_at_kernel_fields() {
    let id = "01JD7Z8Q0000000000000000AB";
    let stream = values(json!([
        {"id": id, "timestamp": 2000, "type": "tool-calls",
         "calls": [{"id": "c1", "name": "f", "args": {}}]},
        {"id": id, "timestamp": 1000, "type": "tool-results",
         "results": [{"callId": "c2", "name": "f", "output": "x"}]}
    ]));
    assert_eq!(
        rows(&check(Kernel, &stream).findings),
        [
            r#"0 call_without_result error ["calls",0,"id"]"#,
            r#"1 duplicate_id error ["id"]"#,
            r#"1 timestamp_backwards warning ["timestamp"]"#,
            r#"1 result_without_call error ["results",0,"callId"]"#,
        ]
    );
}

#[test]
fn swarm_checks_add_the_history_rule_once() {
    let history = values(json!([
        {"role": "user", "agentName": "a", "content": "old", "mode": "user"},
        {"role": "flush", "agentName": "a", "content": "", "mode": "tool"},
        {"role": "tool", "agentName": "a", "content": "out", "mode": "tool", "tool_call_id": "nope"}
    ]));
    let got = check(Swarm, &history);
    assert_eq!(got.kept.as_deref(), Some(&[][..]));
    let codes: Vec<_> = got.findings.iter().map(|f| (f.index, f.code)).collect();
    assert_eq!(
        codes,
        [(1, "history_reset"), (2, "result_without_call")],
        "the pairing problem is said once, by the history rule"
    );
    assert!(got.findings[0].message.contains("discards the 1 message"));
}

/// OpenAI, Anthropic and the AI SDK take a tool's results only right after the message that
/// calls it: a result after another message is `result_not_next`; Kernel has no such rule.
#[test]
fn results_must_follow_their_calls_where_the_api_says_so() {
    use agent_messages::convert::check::check;
    use agent_messages::formats::Format::*;
    use agent_messages::tape::value::Value;
    let codes = |format, text: &str| -> Vec<(usize, String)> {
        let Value::Arr(values) = Value::parse(text).unwrap() else {
            unreachable!()
        };
        check(format, &values)
            .findings
            .iter()
            .map(|f| (f.index, f.code.to_string()))
            .collect()
    };
    let late = || vec![(2, "result_not_next".to_string())];
    assert_eq!(
        codes(
            OpenAI,
            r#"[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"user","content":"wait"},{"role":"tool","tool_call_id":"c1","content":"ok"}]"#
        ),
        late()
    );
    // Right after, in any order and over several tool messages: nothing.
    assert_eq!(
        codes(
            OpenAI,
            r#"[{"role":"assistant","content":"x","tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}},{"id":"c2","type":"function","function":{"name":"f","arguments":"{}"}}]},{"role":"tool","tool_call_id":"c2","content":"ok"},{"role":"tool","tool_call_id":"c1","content":"ok"}]"#
        ),
        []
    );
    assert_eq!(
        codes(
            Anthropic,
            r#"[{"role":"assistant","content":[{"type":"tool_use","id":"t1","name":"f","input":{}}]},{"role":"user","content":"wait"},{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"}]}]"#
        ),
        late()
    );
    assert_eq!(
        codes(
            AiSdk,
            r#"[{"role":"assistant","content":[{"type":"tool-call","toolCallId":"c1","toolName":"f","input":{}}]},{"role":"assistant","content":"hm"},{"role":"tool","content":[{"type":"tool-result","toolCallId":"c1","toolName":"f","output":{"type":"text","value":"ok"}}]}]"#
        ),
        late()
    );
    assert_eq!(
        codes(
            Kernel,
            r#"[{"id":"a","timestamp":1,"type":"tool-calls","calls":[{"id":"c1","name":"f"}]},{"id":"b","timestamp":2,"type":"reply","text":"hm"},{"id":"c","timestamp":3,"type":"tool-results","results":[{"callId":"c1","output":"ok"}]}]"#
        ),
        []
    );
}

/// The tool pairing of a long conversation, fed step by step, against a model of it kept with
/// std's maps: every call made, every call still open, the calls of the last calling message.
/// Calls pile up past the point where the conversation indexes its open calls, and are
/// answered in any order, some twice, some never, some ids reused.
mod pairing {
    use agent_messages::convert::conversation::{Conversation, Place, Step, StepBody};
    use agent_messages::formats::Format;
    use proptest::prelude::*;
    use std::collections::HashSet;

    #[derive(Clone, Debug)]
    enum Event {
        Calls(Vec<u8>),
        Results(Vec<u8>),
        Text,
    }

    fn event() -> impl Strategy<Value = Event> {
        prop_oneof![
            3 => proptest::collection::vec(0u8..60, 1..30).prop_map(Event::Calls),
            3 => proptest::collection::vec(0u8..60, 1..30).prop_map(Event::Results),
            1 => Just(Event::Text),
        ]
    }

    fn place() -> Place {
        Place::at(Vec::new())
    }

    /// `index code` of every finding the model expects, in the order found, then those of
    /// the end (`index call_without_result id`).
    fn model(events: &[Event]) -> (Vec<String>, Vec<String>) {
        let (mut called, mut window) = (HashSet::new(), HashSet::new());
        let mut open: Vec<Option<(u8, usize)>> = Vec::new();
        let mut out = Vec::new();
        for (index, e) in events.iter().enumerate() {
            match e {
                Event::Calls(ids) => {
                    window.clear();
                    for id in ids {
                        if !called.insert(*id) {
                            out.push(format!("{index} duplicate_call_id"));
                        } else {
                            open.push(Some((*id, index)));
                            window.insert(*id);
                        }
                    }
                }
                Event::Results(ids) => {
                    for id in ids {
                        if !called.contains(id) {
                            out.push(format!("{index} result_without_call"));
                            continue;
                        }
                        if !window.contains(id) {
                            out.push(format!("{index} result_not_next"));
                        }
                        if let Some(slot) = open.iter_mut().find(|c| c.is_some_and(|c| c.0 == *id))
                        {
                            *slot = None;
                        }
                    }
                }
                Event::Text => window.clear(),
            }
        }
        let end = open
            .iter()
            .flatten()
            .map(|(id, at)| format!("{at} call_without_result call_{id}"))
            .collect();
        (out, end)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn open_calls_are_found_however_many(events in proptest::collection::vec(event(), 1..40)) {
            let mut c = Conversation::new(Format::OpenAI);
            let mut found = Vec::new();
            for (index, e) in events.iter().enumerate() {
                let body = match e {
                    Event::Calls(ids) => StepBody::Calls(ids.iter().map(|id| (format!("call_{id}").into(), place())).collect()),
                    Event::Results(ids) => StepBody::Outputs(ids.iter().map(|id| (Some(format!("call_{id}").into()), place())).collect()),
                    Event::Text => StepBody::Other,
                };
                c.push(Step { index, id: None, timestamp: None, body });
                found.extend(c.take().into_iter().map(|f| format!("{} {}", f.index, f.code)));
            }
            let left = c.open_calls();
            let end: Vec<String> = c
                .finish()
                .into_iter()
                .map(|f| format!("{} {} {}", f.index, f.code, f.message.split('"').nth(1).unwrap_or("")))
                .collect();
            let (expected, expected_end) = model(&events);
            prop_assert_eq!(&found, &expected);
            prop_assert_eq!(&end, &expected_end);
            prop_assert_eq!(left, expected_end.len());
        }
    }
}
