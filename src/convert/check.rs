//! Conversation checks: what breaks a real model call (tool pairing, duplicate ids, time going
//! backwards, empty messages), and agent-swarm-kit's history rule.

use super::canonical::{keys, nth, Path};
pub use super::conversation::check_conversation;
use super::conversation::Pos;
use super::report::{push_decimal, write_indices};
use crate::fnv::IdMap;
use crate::formats::Format;
use crate::tape::value::Value;
use crate::validate::{quoted, write_json_string, write_path, PathSeg};

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
    /// Where it is in the text the messages were read from, when known (the command line).
    pub pos: Option<Pos>,
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
            pos: None,
        }
    }

    pub fn write_json(&self, out: &mut String) {
        if self.index == super::report::SYSTEM {
            out.push_str("{\"index\":null,\"path\":");
        } else {
            out.push_str(&format!("{{\"index\":{},\"path\":", self.index));
        }
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

/// What agent-swarm-kit sends to a model from a history of `IModelMessage`s (JSON form). A
/// `resque` or `flush` discards everything before it and itself; a tool call without a matching
/// tool output is dropped from its message (a message left with neither content nor calls is
/// dropped), and a tool output whose call is not kept is dropped.
pub fn swarm_history(values: &[Value]) -> (Vec<Kept>, Vec<Finding>) {
    let start = values
        .iter()
        .rposition(|v| matches!(swarm_role(v).as_str(), "flush" | "resque"))
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
                swarm_role(&values[start - 1]),
                start - 1
            ),
        ));
    }
    // The call ids answered by some output, and those of the calls kept so far: sets by hash
    // (searched as lists, for every call and every output, they made a long history's
    // reading quadratic).
    let mut outputs = IdMap::<usize>::default();
    for v in values[start..].iter().filter(|v| swarm_role(v) == "tool") {
        if let Some(id) = v.get("tool_call_id").and_then(Value::as_str) {
            outputs.insert(id, 0);
        }
    }
    let mut kept_calls = IdMap::<usize>::default();
    let mut kept = Vec::new();
    for (i, v) in values.iter().enumerate().skip(start) {
        if swarm_role(v) == "tool" {
            let id = v.get("tool_call_id").and_then(Value::as_str).unwrap_or("");
            if !kept_calls.contains(id) {
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
        if !v.has("tool_calls") {
            kept.push(Kept {
                index: i,
                calls: None,
            });
            continue;
        }
        kept.extend(keep_answered_calls(
            i,
            v,
            &outputs,
            &mut kept_calls,
            &mut findings,
        ));
    }
    (kept, findings)
}

/// A swarm message's role (`""` when it has none).
fn swarm_role(v: &Value) -> String {
    v.get("role")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string()
}

/// The ids of a swarm message's tool calls.
fn call_ids(v: &Value) -> Vec<String> {
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
}

/// An assistant message with tool calls: the calls with an output are kept (and noted), the
/// rest reported; the message is kept whole, with some of its calls, or (neither content nor
/// calls left) not at all.
fn keep_answered_calls(
    i: usize,
    v: &Value,
    outputs: &IdMap<usize>,
    kept_calls: &mut IdMap<usize>,
    findings: &mut Vec<Finding>,
) -> Option<Kept> {
    let ids = call_ids(v);
    let mut answered: Vec<usize> = Vec::new();
    for (k, id) in ids.iter().enumerate() {
        if outputs.contains(id) {
            answered.push(k);
            kept_calls.insert(id, 0);
        } else {
            findings.push(Finding::new(
                i,
                nth(&keys(&["tool_calls"]), k),
                "call_without_result",
                Severity::Warning,
                format!("dropped: tool call {} has no output", quoted(id)),
            ));
        }
    }
    let content = v.get("content").and_then(Value::as_str).unwrap_or("");
    if answered.len() == ids.len() {
        Some(Kept {
            index: i,
            calls: None,
        })
    } else if !answered.is_empty() || !content.is_empty() {
        Some(Kept {
            index: i,
            calls: Some(answered),
        })
    } else {
        None
    }
}
