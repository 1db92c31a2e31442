//! Conversation checks: what breaks a real model call (tool pairing, duplicate ids, time going
//! backwards, empty messages), and agent-swarm-kit's history rule.

use super::canonical::{keys, nth, under, Body, Call, Field, Message, Output, Part, Path, What};
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
    let mut c = Checker {
        out: Vec::new(),
        calls: Vec::new(),
        answered: Vec::new(),
        ids: Vec::new(),
        last_time: None,
        open: 0,
        results_next: results_right_after_calls(format),
    };
    for m in msgs {
        c.check_id(m);
        c.check_time(m);
        c.close_calls(m);
        match &m.body {
            Body::ToolCalls { calls } => c.note_calls(m, calls),
            Body::ToolOutputs { outputs } => c.note_outputs(m, outputs),
            Body::UserInput { parts }
                if parts
                    .iter()
                    .all(|p| matches!(p, Part::Text(t) if t.trim().is_empty())) =>
            {
                c.empty_message(m)
            }
            Body::Reply { text } | Body::Instructions { text, .. } if text.trim().is_empty() => {
                c.empty_message(m)
            }
            _ => {}
        }
    }
    if format != Format::Bedrock {
        c.report_unanswered();
    }
    let mut out = c.out;
    super::by_index(&mut out, |f| f.index);
    out
}

/// Does the API of `format` take a tool's results only right after the message that calls it
/// (OpenAI: `tool` messages after the assistant message; Anthropic: `tool_result` blocks in the
/// next user message; the AI SDK: `tool` messages before the next message, or `generateText`
/// throws `MissingToolResultsError`)?
fn results_right_after_calls(format: Format) -> bool {
    matches!(format, Format::OpenAI | Format::Anthropic | Format::AiSdk)
}

/// What checking a conversation has seen so far, and its findings.
struct Checker {
    /// The calls from `open` on are still waiting in their window (no other message since).
    open: usize,
    /// See [`results_right_after_calls`].
    results_next: bool,
    out: Vec<Finding>,
    /// (call id, message index, the id's path)
    calls: Vec<(String, usize, Path)>,
    answered: Vec<String>,
    ids: Vec<(String, usize)>,
    last_time: Option<(f64, usize)>,
}

impl Checker {
    /// A message id used by an earlier message.
    fn check_id(&mut self, m: &Message) {
        let i = m.source;
        let Some(id) = &m.id else { return };
        if let Some((_, first)) = self.ids.iter().find(|(seen, at)| seen == id && *at != i) {
            self.out.push(Finding::new(
                i,
                m.path(What::Id),
                "duplicate_id",
                Severity::Error,
                format!(
                    "message id {} is already used by message {first}",
                    quoted(id)
                ),
            ));
        } else if !self.ids.iter().any(|(seen, _)| seen == id) {
            self.ids.push((id.clone(), i));
        }
    }

    /// A timestamp earlier than the last one.
    fn check_time(&mut self, m: &Message) {
        let i = m.source;
        let Some(t) = m.timestamp else { return };
        if let Some((prev, at)) = self.last_time {
            if t < prev {
                self.out.push(Finding::new(
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
        self.last_time = Some((t, i));
    }

    /// A message that is neither a result nor a piece of the calling message closes the window
    /// of every call before it.
    fn close_calls(&mut self, m: &Message) {
        let piece_of_caller = self
            .calls
            .last()
            .is_some_and(|(_, source, _)| *source == m.source);
        if !matches!(m.body, Body::ToolOutputs { .. }) && !piece_of_caller {
            self.open = self.calls.len();
        }
    }

    /// Notes the calls; a call id used twice is reported.
    fn note_calls(&mut self, m: &Message, cs: &[Call]) {
        for (k, c) in cs.iter().enumerate() {
            let at = under(&m.path(What::Item(k)), &["id"]);
            if self.calls.iter().any(|(id, _, _)| *id == c.id) {
                self.out.push(Finding::new(
                    m.source,
                    at,
                    "duplicate_call_id",
                    Severity::Error,
                    format!("tool call id {} is used twice", quoted(&c.id)),
                ));
            } else {
                self.calls.push((c.id.clone(), m.source, at));
            }
        }
    }

    /// Notes the calls answered; a result for no earlier call is reported.
    fn note_outputs(&mut self, m: &Message, outputs: &[Output]) {
        for (k, o) in outputs.iter().enumerate() {
            let at = m.path(What::Field(k, Field::CallId));
            match &o.call_id {
                Some(id) if self.calls.iter().any(|(c, _, _)| c == id) => {
                    let waiting = self.calls[self.open..].iter().any(|(c, _, _)| c == id);
                    if self.results_next && !waiting {
                        let caller = self
                            .calls
                            .iter()
                            .find(|(c, _, _)| c == id)
                            .map_or(0, |(_, source, _)| *source);
                        self.out.push(Finding::new(
                            m.source,
                            at.clone(),
                            "result_not_next",
                            Severity::Error,
                            format!(
                                "the result for {} comes after other messages; the API takes a tool's results only right after the message that calls it (message {caller})",
                                quoted(id)
                            ),
                        ));
                    }
                    self.answered.push(id.clone())
                }
                Some(id) => self.out.push(Finding::new(
                    m.source,
                    at,
                    "result_without_call",
                    Severity::Error,
                    format!(
                        "a tool result for {}, but no earlier message calls it",
                        quoted(id)
                    ),
                )),
                None => self.out.push(Finding::new(
                    m.source,
                    at,
                    "result_without_call",
                    Severity::Warning,
                    "a tool result that names no call".into(),
                )),
            }
        }
    }

    fn empty_message(&mut self, m: &Message) {
        self.out.push(Finding::new(
            m.source,
            m.path(What::Message),
            "empty_message",
            Severity::Warning,
            empty_words(m).into(),
        ));
    }

    /// Calls without a result.
    fn report_unanswered(&mut self) {
        for (id, at, path) in &self.calls {
            if !self.answered.contains(id) {
                self.out.push(Finding::new(
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
    let outputs: Vec<String> = values[start..]
        .iter()
        .filter(|v| swarm_role(v) == "tool")
        .filter_map(|v| {
            v.get("tool_call_id")
                .and_then(Value::as_str)
                .map(str::to_string)
        })
        .collect();
    let mut kept_calls: Vec<String> = Vec::new();
    let mut kept = Vec::new();
    for (i, v) in values.iter().enumerate().skip(start) {
        if swarm_role(v) == "tool" {
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
    outputs: &[String],
    kept_calls: &mut Vec<String>,
    findings: &mut Vec<Finding>,
) -> Option<Kept> {
    let ids = call_ids(v);
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
