//! What a conversion could not carry.

use super::canonical::Path;
use crate::validate::{write_json_string, write_path, PathSeg};

/// One thing the target cannot carry: the source message `index`, the `path` inside it (in the
/// source format's words, array positions included), a stable `code`, and a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Loss {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: &'static str,
    pub detail: String,
}

impl Loss {
    /// A loss at a path of keys.
    pub fn new(index: usize, path: &[&str], code: &'static str, detail: impl Into<String>) -> Loss {
        Loss::at(index, super::canonical::keys(path), code, detail)
    }

    /// A loss at any path.
    pub fn at(index: usize, path: Path, code: &'static str, detail: impl Into<String>) -> Loss {
        Loss {
            index,
            path,
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
/// The target has no such message (reasoning into OpenAI, a flush into Kernel).
pub const UNSUPPORTED_MESSAGE: &str = "unsupported_message";
/// A field the target cannot carry.
pub const DROPPED_FIELD: &str = "dropped_field";
/// A non-string value written as JSON text where the target takes a string.
pub const STRINGIFIED_OUTPUT: &str = "stringified_output";
/// An `Error` flattened into text.
pub const ERROR_AS_TEXT: &str = "error_as_text";
/// Tool results of one call group in several messages, which the target writes as one group.
pub const SPLIT_RESULTS: &str = "split_results";
/// Parts whose order the target cannot keep (Kernel and swarm hold the text before files).
pub const PART_ORDER: &str = "part_order";
/// A tool result's call id the source left out, paired with the call at its position.
pub const INFERRED_CALL_ID: &str = "inferred_call_id";
/// A value the target needs in another form (a media type it requires, an id it rewrites).
pub const CHANGED_VALUE: &str = "changed_value";
/// The reserved property (`agentMessages`) holding what is not a conversion's marks.
pub const RESERVED_NAME: &str = "reserved_name";
