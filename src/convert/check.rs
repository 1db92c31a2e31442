//! Conversation checks: what breaks a real model call (tool pairing, duplicate ids, time going
//! backwards, empty messages), and agent-swarm-kit's history rule.

use super::canonical::{keys, nth, under, Body, Field, Message, Part, Path, What};
use super::report::{push_decimal, write_indices};
use crate::formats::Format;
use crate::tape::value::Value;
use crate::validate::{number_text, quoted, write_json_string, write_path, PathSeg};

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// A model API refuses it.
    Error,
    /// Allowed, but likely a mistake.
    Warning,
}

impl Severity {
    pub const fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding about a conversation.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: &'static str,
    pub severity: Severity,
    pub message: String,
}

impl Finding {
    fn new(
        index: usize,
        path: Path,
        code: &'static str,
        severity: Severity,
        message: String,
    ) -> Finding {
        Finding {
            index,
            path,
            code,
            severity,
            message,
        }
    }

    pub fn write_json(&self, out: &mut String) {
        out.push_str(&format!("{{\"index\":{},\"path\":", self.index));
        write_path(out, &self.path);
        out.push_str(",\"code\":");
        write_json_string(out, self.code);
        out.push_str(",\"severity\":");
        write_json_string(out, self.severity.as_str());
        out.push_str(",\"message\":");
        write_json_string(out, &self.message);
        out.push('}');
    }
}

/// What [`check`] finds in a conversation of one format.
pub struct Checked {
    pub findings: Vec<Finding>,
    /// For agent-swarm-kit: what its history rule would send to a model.
    pub kept: Option<Vec<Kept>>,
}

impl Checked {
    /// `{ "findings": [...] }`, and for agent-swarm-kit also `"kept"`: per message it keeps,
    /// its index, or `[index, [kept call positions]]` for a message to trim; appended to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"findings\":[");
        for (n, f) in self.findings.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            f.write_json(out);
        }
        out.push(']');
        if let Some(k) = &self.kept {
            out.push_str(",\"kept\":[");
            for (n, kept) in k.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                match &kept.calls {
                    None => push_decimal(out, kept.index),
                    Some(calls) => {
                        out.push('[');
                        push_decimal(out, kept.index);
                        out.push(',');
                        write_indices(calls, out);
                        out.push(']');
                    }
                }
            }
            out.push(']');
        }
        out.push('}');
    }
}

/// A message agent-swarm-kit's history rule keeps: its index, and when only some of its tool
/// calls are kept (the others have no output), their positions.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub index: usize,
    pub calls: Option<Vec<usize>>,
}

/// Check JSON-form messages (already valid in `format`): the canonical checks with paths in
/// the format's own words, and for agent-swarm-kit its history rule.
pub fn check(format: Format, values: &[Value]) -> Checked {
    let mut ignored = Vec::new();
    let canonical = super::to_canonical(format, values, &mut ignored);
    let mut findings = check_conversation(&canonical, format);
    let mut kept = None;
    if format == Format::Swarm {
        let (k, more) = swarm_history(values);
        // The history rule names what it leaves out; the same pairing problem found on the
        // canonical messages would say it twice.
        findings.retain(|f| !more.iter().any(|m| m.index == f.index && m.code == f.code));
        findings.extend(more);
        super::by_index(&mut findings, |f| f.index);
        kept = Some(k);
    }
    Checked { findings, kept }
}

/// An empty message described in the words of the format it came from.
fn empty_words(m: &Message) -> &'static str {
    match (&m.body, m.from) {
        (Body::UserInput { .. }, Format::Kernel) => "the input has no text and no files",
        (Body::UserInput { .. }, Format::Swarm) => {
            "the user message's content is empty and it has no images"
        }
        (Body::UserInput { .. }, Format::Agens) => "the step's user prompt is empty",
        (Body::UserInput { .. }, _) => "the user message's content is empty",
        (Body::Reply { .. }, Format::Kernel) => "the reply has no text",
        (Body::Reply { .. }, Format::Agens) => "the step's result is empty",
        (Body::Reply { .. }, Format::Bedrock) => "the MessageResponse's content is empty",
        (Body::Reply { .. }, _) => "the assistant message's content is empty",
        (_, Format::Kernel) => "the system message has no text",
        (_, Format::Agens) => "the step's system prompt is empty",
        _ => "the system message's content is empty",
    }
}

/// Check a conversation given as canonical messages read from `format` (paths in its words).
/// Bedrock `AgentResponse` lists never hold tool outputs (they are not responses): a call
/// without a result is no finding there.
pub fn check_conversation(msgs: &[Message], format: Format) -> Vec<Finding> {
    let mut out = Vec::new();
    // (call id, message index, the id's path)
    let mut calls: Vec<(String, usize, Path)> = Vec::new();
    let mut answered: Vec<String> = Vec::new();
    let mut ids: Vec<(String, usize)> = Vec::new();
    let mut last_time: Option<(f64, usize)> = None;
    for m in msgs {
        let i = m.source;
        if let Some(id) = &m.id {
            if let Some((_, first)) = ids.iter().find(|(seen, at)| seen == id && *at != i) {
                out.push(Finding::new(
                    i,
                    m.path(What::Id),
                    "duplicate_id",
                    Severity::Error,
                    format!(
                        "message id {} is already used by message {first}",
                        quoted(id)
                    ),
                ));
            } else if !ids.iter().any(|(seen, _)| seen == id) {
                ids.push((id.clone(), i));
            }
        }
        if let Some(t) = m.timestamp {
            if let Some((prev, at)) = last_time {
                if t < prev {
                    out.push(Finding::new(
                        i,
                        keys(&["timestamp"]),
                        "timestamp_backwards",
                        Severity::Warning,
                        format!(
                            "the timestamp {} is earlier than message {at}'s ({})",
                            number_text(t),
                            number_text(prev)
                        ),
                    ));
                }
            }
            last_time = Some((t, i));
        }
        match &m.body {
            Body::ToolCalls { calls: cs } => {
                for (k, c) in cs.iter().enumerate() {
                    let at = under(&m.path(What::Item(k)), &["id"]);
                    if calls.iter().any(|(id, _, _)| *id == c.id) {
                        out.push(Finding::new(
                            i,
                            at,
                            "duplicate_call_id",
                            Severity::Error,
                            format!("tool call id {} is used twice", quoted(&c.id)),
                        ));
                    } else {
                        calls.push((c.id.clone(), i, at));
                    }
                }
            }
            Body::ToolOutputs { outputs } => {
                for (k, o) in outputs.iter().enumerate() {
                    let at = m.path(What::Field(k, Field::CallId));
                    match &o.call_id {
                        Some(id) if calls.iter().any(|(c, _, _)| c == id) => {
                            answered.push(id.clone())
                        }
                        Some(id) => out.push(Finding::new(
                            i,
                            at,
                            "result_without_call",
                            Severity::Error,
                            format!(
                                "a tool result for {}, but no earlier message calls it",
                                quoted(id)
                            ),
                        )),
                        None => out.push(Finding::new(
                            i,
                            at,
                            "result_without_call",
                            Severity::Warning,
                            "a tool result that names no call".into(),
                        )),
                    }
                }
            }
            Body::UserInput { parts }
                if parts
                    .iter()
                    .all(|p| matches!(p, Part::Text(t) if t.trim().is_empty())) =>
            {
                out.push(Finding::new(
                    i,
                    m.path(What::Message),
                    "empty_message",
                    Severity::Warning,
                    empty_words(m).into(),
                ));
            }
            Body::Reply { text } | Body::Instructions { text, .. } if text.trim().is_empty() => {
                out.push(Finding::new(
                    i,
                    m.path(What::Message),
                    "empty_message",
                    Severity::Warning,
                    empty_words(m).into(),
                ));
            }
            _ => {}
        }
    }
    if format != Format::Bedrock {
        for (id, at, path) in &calls {
            if !answered.contains(id) {
                out.push(Finding::new(
                    *at,
                    path.clone(),
                    "call_without_result",
                    Severity::Error,
                    format!(
                        "tool call {} has no result (model APIs refuse such a conversation)",
                        quoted(id)
                    ),
                ));
            }
        }
    }
    super::by_index(&mut out, |f| f.index);
    out
}

/// What agent-swarm-kit sends to a model from a history of `IModelMessage`s (JSON form). A
/// `resque` or `flush` discards everything before it and itself; a tool call without a matching
/// tool output is dropped from its message (a message left with neither content nor calls is
/// dropped), and a tool output whose call is not kept is dropped.
pub fn swarm_history(values: &[Value]) -> (Vec<Kept>, Vec<Finding>) {
    let role = |v: &Value| {
        v.get("role")
            .and_then(Value::as_str)
            .unwrap_or("")
            .to_string()
    };
    let start = values
        .iter()
        .rposition(|v| matches!(role(v).as_str(), "flush" | "resque"))
        .map_or(0, |p| p + 1);
    let mut findings = Vec::new();
    if start > 0 {
        findings.push(Finding::new(
            start - 1,
            keys(&["role"]),
            "history_reset",
            Severity::Warning,
            format!(
                "this {} discards the {} message(s) before it, and itself",
                role(&values[start - 1]),
                start - 1
            ),
        ));
    }
    let call_ids = |v: &Value| -> Vec<String> {
        v.get("tool_calls")
            .and_then(Value::as_array)
            .map(|cs| {
                cs.iter()
                    .map(|c| {
                        c.get("id")
                            .and_then(Value::as_str)
                            .unwrap_or("")
                            .to_string()
                    })
                    .collect()
            })
            .unwrap_or_default()
    };
    let outputs: Vec<String> = values[start..]
        .iter()
        .filter(|v| role(v) == "tool")
        .filter_map(|v| {
            v.get("tool_call_id")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect();
    let mut kept_calls: Vec<String> = Vec::new();
    let mut kept = Vec::new();
    for (i, v) in values.iter().enumerate().skip(start) {
        if role(v) == "tool" {
            let id = v.get("tool_call_id").and_then(Value::as_str).unwrap_or("");
            if !kept_calls.iter().any(|c| c == id) {
                findings.push(Finding::new(
                    i,
                    keys(&["tool_call_id"]),
                    "result_without_call",
                    Severity::Warning,
                    "dropped: no kept tool call asks for this output".into(),
                ));
                continue;
            }
            kept.push(Kept {
                index: i,
                calls: None,
            });
            continue;
        }
        let ids = call_ids(v);
        if !v.has("tool_calls") {
            kept.push(Kept {
                index: i,
                calls: None,
            });
            continue;
        }
        let answered: Vec<usize> = (0..ids.len())
            .filter(|&k| outputs.contains(&ids[k]))
            .collect();
        for (k, id) in ids.iter().enumerate() {
            if !answered.contains(&k) {
                findings.push(Finding::new(
                    i,
                    nth(&keys(&["tool_calls"]), k),
                    "call_without_result",
                    Severity::Warning,
                    format!("dropped: tool call {} has no output", quoted(id)),
                ));
            }
        }
        kept_calls.extend(answered.iter().map(|&k| ids[k].clone()));
        let content = v.get("content").and_then(Value::as_str).unwrap_or("");
        if answered.len() == ids.len() {
            kept.push(Kept {
                index: i,
                calls: None,
            });
        } else if !answered.is_empty() || !content.is_empty() {
            kept.push(Kept {
                index: i,
                calls: Some(answered),
            });
        }
    }
    (kept, findings)
}
