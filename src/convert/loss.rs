//! What a conversion could not carry.

use crate::tape::value::Value;
use crate::validate::{write_json_string, write_path, PathSeg};

/// One thing the target cannot carry: the source message `index`, the `path` inside it, a
/// stable `code`, and a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Loss {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: &'static str,
    pub detail: String,
}

impl Loss {
    pub fn new(index: usize, path: &[&str], code: &'static str, detail: impl Into<String>) -> Loss {
        Loss {
            index,
            path: path.iter().map(|p| PathSeg::Key(p.to_string())).collect(),
            code,
            detail: detail.into(),
        }
    }

    /// The loss as JSON text, appended to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str(&format!("{{\"index\":{},\"path\":", self.index));
        write_path(out, &self.path);
        out.push_str(",\"code\":");
        write_json_string(out, self.code);
        out.push_str(",\"detail\":");
        write_json_string(out, &self.detail);
        out.push('}');
    }
}

/// Codes (see docs/CONVERSIONS.md).
pub const UNSUPPORTED_MESSAGE: &str = "unsupported_message";
pub const DROPPED_FIELD: &str = "dropped_field";
pub const STRINGIFIED_OUTPUT: &str = "stringified_output";
pub const ERROR_AS_TEXT: &str = "error_as_text";

type Words = &'static [&'static str];

/// A loss found while writing the target names the canonical model's field (`calls.args`,
/// `results.output`, `files`, `content`, a carried property): `(scope, canonical path, source
/// path)`, the first match (the path or a path under it) wins. Scopes: a format,
/// `kernel/<type>`, `chat` (OpenAI and swarm) or `any` (all but Kernel).
const IN_SOURCE: &[(&str, Words, Words)] = &[
    ("kernel/tool-call", &["calls", "args"], &["args"]),
    ("kernel/tool-result", &["results", "output"], &["result"]),
    ("kernel/tool-result", &["results", "error"], &["error"]),
    ("kernel/tool-result", &["results", "callId"], &["callId"]),
    ("kernel", &["content"], &["text"]),
    ("agens", &["calls", "args"], &["tool_calls", "arguments"]),
    (
        "any",
        &["calls", "args"],
        &["tool_calls", "function", "arguments"],
    ),
    ("any", &["calls"], &["tool_calls"]),
    ("agens", &["results"], &["tool_results"]),
    ("chat", &["results", "output"], &["content"]),
    // One tool message is one result: a result not carried is the message.
    ("chat", &["results", "callId"], &[]),
    ("chat", &["results"], &["tool_call_id"]),
    (
        "openai",
        &["files", "filename"],
        &["content", "file", "filename"],
    ),
    ("openai", &["files"], &["content"]),
    ("swarm", &["files"], &["images"]),
    ("chat", &["developer"], &["role"]),
    ("any", &["continues"], &["tool_calls"]),
    ("swarm", &["author"], &["agentName"]),
    ("agens", &["content"], &["input"]),
    ("agens", &["agens_step"], &["input"]),
    ("agens", &["agens_id"], &["id"]),
    ("agens", &["tool_call_servers"], &["tool_calls"]),
];

pub type Row = (&'static str, Words, Words);

/// The rows of [`IN_SOURCE`] that may apply to the source format `from`, in order (a
/// `<format>/<type>` row still depends on the message's type): found once per conversion, not
/// per loss.
pub fn rows_for(from: &str) -> Vec<&'static Row> {
    let kernel = from == "kernel";
    IN_SOURCE
        .iter()
        .filter(|(scope, _, _)| match *scope {
            "any" => !kernel,
            "chat" => from == "openai" || from == "swarm",
            _ => scope
                .strip_prefix(from)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/')),
        })
        .collect()
}

/// The same field in the words of the source format `from`, for the source message `m` (array
/// positions are not kept); `rows` are [`rows_for`] `from`. `None`: the path stays as it is.
pub fn in_source(rows: &[&Row], from: &str, m: &Value, path: &[PathSeg]) -> Option<Vec<PathSeg>> {
    for (scope, canonical, source) in rows {
        let under = canonical.len() <= path.len()
            && canonical
                .iter()
                .zip(path)
                .all(|(c, p)| matches!(p, PathSeg::Key(k) if k == c));
        let applies = || match scope.split_once('/') {
            Some((_, ty)) => m.get("type").and_then(Value::as_str) == Some(ty),
            None => true,
        };
        if under && applies() {
            return Some(source.iter().map(|k| PathSeg::Key(k.to_string())).collect());
        }
    }
    // A carried property swarm has no field for came from its payload.
    match path {
        [PathSeg::Key(key)] if from == "swarm" && !m.has(key) => Some(vec![
            PathSeg::Key("payload".into()),
            PathSeg::Key(key.clone()),
        ]),
        _ => None,
    }
}
