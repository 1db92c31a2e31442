//! What a conversion could not carry.

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
