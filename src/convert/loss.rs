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

/// A loss found while writing the target names the canonical model's field (`calls.args`,
/// `results.output`, `files`, `content`, a carried property): the same field in the words of
/// the source format `from`, for the source message `m` (array positions are not kept).
pub fn in_source(from: &str, m: &Value, path: &[PathSeg]) -> Vec<PathSeg> {
    let keys: Vec<&str> = path
        .iter()
        .map(|p| match p {
            PathSeg::Key(k) => k.as_str(),
            PathSeg::Index(_) => "",
        })
        .collect();
    let ty = m.get("type").and_then(Value::as_str).unwrap_or("");
    let chat = from == "openai" || from == "swarm";
    let to: &[&str] = match (from, keys.as_slice()) {
        ("kernel", ["calls", "args"]) if ty == "tool-call" => &["args"],
        ("kernel", ["results", "output"]) if ty == "tool-result" => &["result"],
        ("kernel", ["results", key]) if ty == "tool-result" => return vec![seg(key)],
        ("kernel", ["content"]) => &["text"],
        ("kernel", _) => return path.to_vec(),
        ("agens", ["calls", "args"]) => &["tool_calls", "arguments"],
        (_, ["calls", "args"]) => &["tool_calls", "function", "arguments"],
        (_, ["calls"]) => &["tool_calls"],
        ("agens", ["results", ..]) => &["tool_results"],
        (_, ["results", "output"]) if chat => &["content"],
        // One tool message is one result: a result not carried is the message.
        (_, ["results", "callId"]) if chat => &[],
        (_, ["results", _]) if chat => &["tool_call_id"],
        ("openai", ["files", "filename"]) => &["content", "file", "filename"],
        ("openai", ["files", ..]) => &["content"],
        ("swarm", ["files", ..]) => &["images"],
        (_, ["developer"]) if chat => &["role"],
        (_, ["continues"]) => &["tool_calls"],
        ("swarm", ["author"]) => &["agentName"],
        ("swarm", [key]) if !m.has(key) => return vec![seg("payload"), seg(key)],
        ("agens", ["content"] | ["agens_step"]) => &["input"],
        ("agens", ["agens_id"]) => &["id"],
        ("agens", ["tool_call_servers"]) => &["tool_calls"],
        _ => return path.to_vec(),
    };
    to.iter().map(|k| seg(k)).collect()
}

fn seg(key: &str) -> PathSeg {
    PathSeg::Key(key.to_string())
}
