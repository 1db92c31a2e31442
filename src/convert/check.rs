//! Conversation checks: what breaks a real model call (tool pairing, duplicate ids, time going
//! backwards, empty messages), and agent-swarm-kit's history rule.

use super::canonical::{Body, Message, Part};
use super::loss;
use crate::tape::value::Value;
use crate::validate::{number_text, quoted, write_json_string, write_path, PathSeg};

/// One finding about a conversation.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: &'static str,
    /// `"error"`: a model API refuses it; `"warning"`: allowed, but likely a mistake.
    pub severity: &'static str,
    pub message: String,
}

impl Finding {
    fn new(
        index: usize,
        path: &[&str],
        code: &'static str,
        severity: &'static str,
        message: String,
    ) -> Finding {
        Finding {
            index,
            path: path.iter().map(|p| PathSeg::Key(p.to_string())).collect(),
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
        write_json_string(out, self.severity);
        out.push_str(",\"message\":");
        write_json_string(out, &self.message);
        out.push('}');
    }
}

/// What [`check`] finds in a conversation of one format.
pub struct Checked {
    pub findings: Vec<Finding>,
    /// For agent-swarm-kit: the indices its history rule would send to a model.
    pub kept: Option<Vec<usize>>,
}

/// Check JSON-form messages (already valid in `format`): the canonical checks with paths in
/// the format's own words, and for agent-swarm-kit its history rule.
pub fn check(format: &str, values: &[Value]) -> Checked {
    let mut ignored = Vec::new();
    let canonical = super::to_canonical(format, values, &mut ignored);
    let mut findings = check_conversation(&canonical);
    let rows = loss::rows_for(format);
    for f in &mut findings {
        if let Some(path) = values
            .get(f.index)
            .and_then(|m| in_source(&rows, format, m, &f.path))
        {
            f.path = path;
        }
    }
    let mut kept = None;
    if format == "swarm" {
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

/// A finding's canonical path in the words of `format`: as for losses, except that a chat
/// tool message names its call in `tool_call_id`.
fn in_source(
    rows: &[&loss::Row],
    format: &str,
    m: &Value,
    path: &[PathSeg],
) -> Option<Vec<PathSeg>> {
    let chat = format == "openai" || format == "swarm";
    let result_call =
        matches!(path, [PathSeg::Key(a), PathSeg::Key(b)] if a == "results" && b == "callId");
    if chat && result_call {
        return Some(vec![PathSeg::Key("tool_call_id".into())]);
    }
    loss::in_source(rows, format, m, path)
}

/// Check a conversation given as canonical messages (paths in the canonical model's words).
pub fn check_conversation(msgs: &[Message]) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut calls: Vec<(String, usize)> = Vec::new();
    let mut answered: Vec<String> = Vec::new();
    let mut ids: Vec<(String, usize)> = Vec::new();
    let mut last_time: Option<(f64, usize)> = None;
    for m in msgs {
        let i = m.source;
        if let Some(id) = &m.id {
            if let Some((_, first)) = ids.iter().find(|(seen, at)| seen == id && *at != i) {
                out.push(Finding::new(
                    i,
                    &["id"],
                    "duplicate_id",
                    "error",
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
                        &["timestamp"],
                        "timestamp_backwards",
                        "warning",
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
                for c in cs {
                    if calls.iter().any(|(id, _)| *id == c.id) {
                        out.push(Finding::new(
                            i,
                            &["calls", "id"],
                            "duplicate_call_id",
                            "error",
                            format!("tool call id {} is used twice", quoted(&c.id)),
                        ));
                    } else {
                        calls.push((c.id.clone(), i));
                    }
                }
            }
            Body::ToolOutputs { outputs } => {
                for o in outputs {
                    match &o.call_id {
                        Some(id) if calls.iter().any(|(c, _)| c == id) => answered.push(id.clone()),
                        Some(id) => out.push(Finding::new(
                            i,
                            &["results", "callId"],
                            "result_without_call",
                            "error",
                            format!(
                                "a tool result for {}, but no earlier message calls it",
                                quoted(id)
                            ),
                        )),
                        None => out.push(Finding::new(
                            i,
                            &["results", "callId"],
                            "result_without_call",
                            "warning",
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
                    &[],
                    "empty_message",
                    "warning",
                    "the input has no text and no files".into(),
                ));
            }
            Body::Reply { text } | Body::Instructions { text, .. } if text.trim().is_empty() => {
                out.push(Finding::new(
                    i,
                    &[],
                    "empty_message",
                    "warning",
                    "the message has no text".into(),
                ));
            }
            _ => {}
        }
    }
    for (id, at) in &calls {
        if !answered.contains(id) {
            out.push(Finding::new(
                *at,
                &["calls", "id"],
                "call_without_result",
                "error",
                format!(
                    "tool call {} has no result (model APIs refuse such a conversation)",
                    quoted(id)
                ),
            ));
        }
    }
    super::by_index(&mut out, |f| f.index);
    out
}

/// What agent-swarm-kit sends to a model from a history of `IModelMessage`s (JSON form): the
/// indices kept. A `resque` or `flush` discards everything before it and itself; tool calls
/// without a matching tool output, and tool outputs without a matching call, are dropped.
/// Returns the kept indices and, per kept assistant message, the call ids it keeps.
pub fn swarm_history(values: &[Value]) -> (Vec<usize>, Vec<Finding>) {
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
            &["role"],
            "history_reset",
            "warning",
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
                    .filter_map(|c| c.get("id").and_then(Value::as_str).map(str::to_string))
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
    let called: Vec<String> = values[start..].iter().flat_map(call_ids).collect();
    let mut kept = Vec::new();
    for (i, v) in values.iter().enumerate().skip(start) {
        if role(v) == "tool" {
            let id = v.get("tool_call_id").and_then(Value::as_str).unwrap_or("");
            if !called.iter().any(|c| c == id) {
                findings.push(Finding::new(
                    i,
                    &["tool_call_id"],
                    "result_without_call",
                    "warning",
                    "dropped: no tool call asks for this output".into(),
                ));
                continue;
            }
        }
        let ids = call_ids(v);
        if !ids.is_empty() && !ids.iter().all(|id| outputs.contains(id)) {
            findings.push(Finding::new(
                i,
                &["tool_calls"],
                "call_without_result",
                "warning",
                "dropped: a tool call here has no output".into(),
            ));
            continue;
        }
        kept.push(i);
    }
    (kept, findings)
}
