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
use super::text;
use crate::tape::value::{obj, Value};
use crate::validate::{quoted, PathSeg};

/// The carried mark (written by the OpenAI mapping) of tool calls that shared one message with
/// the reply before them; Bedrock has two responses for them.
const CONTINUES: &str = "continues";

/// A loss whose path holds array indices.
fn loss_at(index: usize, path: Vec<PathSeg>, code: &'static str, detail: String) -> Loss {
    Loss {
        index,
        path,
        code,
        detail,
    }
}

/// Reports every key of `v` not in `documented`, under `at`.
fn report_extra(
    v: &Value,
    documented: &[&str],
    index: usize,
    at: &[PathSeg],
    what: &str,
    losses: &mut Vec<Loss>,
) {
    for (key, _) in v.as_object().into_iter().flatten() {
        if !documented.contains(&key.as_ref()) {
            let mut path = at.to_vec();
            path.push(PathSeg::Key(key.to_string()));
            losses.push(loss_at(
                index,
                path,
                loss::DROPPED_FIELD,
                format!("{} is not a documented field of a Bedrock {what}; it has no place in the target", quoted(key)),
            ));
        }
    }
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let body = match text(v, "type").as_deref() {
            Some("message") => {
                report_extra(v, &["type", "content"], i, &[], "MessageResponse", losses);
                Body::Reply {
                    text: text(v, "content").unwrap_or_default(),
                }
            }
            Some("tool_call") => {
                report_extra(
                    v,
                    &["type", "tool_calls"],
                    i,
                    &[],
                    "ToolCallResponse",
                    losses,
                );
                let calls = v
                    .get("tool_calls")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .enumerate()
                    .map(|(n, c)| {
                        let at = [PathSeg::Key("tool_calls".into()), PathSeg::Index(n as u32)];
                        report_extra(c, &["id", "type", "function"], i, &at, "ToolCall", losses);
                        let f = c.get("function").cloned().unwrap_or(Value::Null);
                        let at_f = [
                            at[0].clone(),
                            at[1].clone(),
                            PathSeg::Key("function".into()),
                        ];
                        report_extra(
                            &f,
                            &["name", "arguments"],
                            i,
                            &at_f,
                            "ToolCallFunction",
                            losses,
                        );
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
        out.push(Message {
            source: i,
            body,
            id: None,
            timestamp: None,
            carried: Vec::new(),
        });
    }
    out
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    let mut out = Vec::new();
    for m in msgs {
        let i = m.source;
        let unsupported = |what: &str| {
            Loss::new(
                i,
                &[],
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
                    .map(|c| super::object_call(c, i, losses, "Bedrock"))
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
                losses.push(Loss::new(
                    i,
                    &[],
                    loss::UNSUPPORTED_MESSAGE,
                    "Bedrock Swarm has no tool-output AgentResponse (ToolOutput and ToolResult are not messages)",
                ));
                continue;
            }
            Body::Reasoning { .. } => {
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
            losses.push(Loss::new(
                i,
                &["id"],
                loss::DROPPED_FIELD,
                "Bedrock responses carry no id or timestamp",
            ));
        }
        for (key, v) in &m.carried {
            if key == CONTINUES && *v == Value::Bool(true) {
                losses.push(Loss::new(
                    i,
                    &["tool_calls"],
                    loss::DROPPED_FIELD,
                    "a reply and tool calls in one message become two Bedrock responses (they convert back as two messages)",
                ));
            } else {
                losses.push(Loss::new(
                    i,
                    &[key],
                    loss::DROPPED_FIELD,
                    format!("Bedrock responses have no place for {}", quoted(key)),
                ));
            }
        }
        out.push(value);
    }
    out
}
