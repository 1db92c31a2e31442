//! Bedrock Swarm ⇄ canonical. The message type is `AgentResponse`: a `MessageResponse`
//! (`{type: "message", content}`) is a reply, a `ToolCallResponse` (`{type: "tool_call",
//! tool_calls}`, arguments as objects) is a list of tool calls. Bedrock has no user input,
//! instructions, tool-output, reasoning or log *response* (`ToolOutput` / `ToolResult` are
//! separate types, not `AgentResponse`s): those canonical messages are reported as
//! `unsupported_message`.
//!
//! Bedrock's TypedDicts document no extra-property slot (unlike Kernel custom properties or the
//! swarm `payload`), so, as for OpenAI, fields a response does not document are reported as
//! `dropped_field` in both directions and never written: a converted response holds exactly the
//! documented keys.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{report_rest, report_unknown, text};
use crate::formats::Format;
use crate::tape::value::{obj, Value};

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let mut items = Vec::new();
        let body = match text(v, "type").as_deref() {
            Some("message") => {
                report_unknown(
                    v,
                    &crate::formats::bedrock::MESSAGE_RESPONSE,
                    i,
                    &[],
                    "a Bedrock MessageResponse",
                    losses,
                );
                Body::Reply {
                    text: text(v, "content").unwrap_or_default(),
                }
            }
            Some("tool_call") => {
                report_unknown(
                    v,
                    &crate::formats::bedrock::TOOL_CALL_RESPONSE,
                    i,
                    &[],
                    "a Bedrock ToolCallResponse",
                    losses,
                );
                let calls = v
                    .get("tool_calls")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .map(|(n, c)| {
                        let at = nth(&keys(&["tool_calls"]), n);
                        report_unknown(
                            c,
                            &crate::formats::bedrock::TOOL_CALL,
                            i,
                            &at,
                            "a Bedrock ToolCall",
                            losses,
                        );
                        let f = c.get("function").cloned().unwrap_or(Value::Null);
                        report_unknown(
                            &f,
                            &crate::formats::bedrock::TOOL_CALL_FUNCTION,
                            i,
                            &under(&at, &["function"]),
                            "a Bedrock ToolCallFunction",
                            losses,
                        );
                        items.push(at);
                        Call {
                            id: text(c, "id").unwrap_or_default(),
                            name: text(&f, "name").unwrap_or_default(),
                            args: Some(
                                f.get("arguments")
                                    .cloned()
                                    .unwrap_or(Value::Obj(Vec::new())),
                            ),
                        }
                    })
                    .collect();
                Body::ToolCalls { calls }
            }
            // Validation admits only the two responses; anything else is said, not guessed.
            _ => {
                losses.push(Loss::new(
                    i,
                    &["type"],
                    loss::UNSUPPORTED_MESSAGE,
                    "not a Bedrock AgentResponse (type \"message\" or \"tool_call\")",
                ));
                continue;
            }
        };
        out.push(Message::new(i, Format::Bedrock, body).at(Vec::new(), items));
    }
    out
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    let mut out = Vec::new();
    for m in msgs {
        let unsupported = |what: &str| {
            m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                format!("Bedrock Swarm has no {what} AgentResponse"),
            )
        };
        let value = match &m.body {
            Body::Reply { text } => obj([
                ("type", Value::from("message")),
                ("content", Value::from(text)),
            ]),
            Body::ToolCalls { calls } => {
                let tool_calls = calls
                    .iter()
                    .enumerate()
                    .map(|(k, c)| super::object_call(m, k, c, losses, Format::Bedrock))
                    .collect();
                obj([
                    ("type", Value::from("tool_call")),
                    ("tool_calls", Value::Arr(tool_calls)),
                ])
            }
            Body::UserInput { .. } => {
                losses.push(unsupported("user input"));
                continue;
            }
            Body::Instructions { .. } => {
                losses.push(unsupported("instructions"));
                continue;
            }
            Body::ToolOutputs { .. } => {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "Bedrock Swarm has no tool-output AgentResponse (ToolOutput and ToolResult are not messages)",
                ));
                continue;
            }
            Body::Reasoning { .. } | Body::RedactedReasoning { .. } => {
                losses.push(unsupported("reasoning"));
                continue;
            }
            Body::Log { .. } => {
                losses.push(unsupported("log"));
                continue;
            }
            Body::Other { .. } => {
                losses.push(unsupported("such"));
                continue;
            }
        };
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "Bedrock responses carry no id or timestamp",
            ));
        }
        if m.marked(CONTINUES) {
            losses.push(m.loss(
                What::Mark(CONTINUES),
                loss::SPLIT_MESSAGE,
                "a reply and tool calls in one message become two Bedrock responses (they convert back as two messages)",
            ));
        }
        let used: &[&str] = if m.marked(CONTINUES) {
            &[CONTINUES]
        } else {
            &[]
        };
        report_rest(m, used, losses, Format::Bedrock);
        out.push(value);
    }
    out
}
