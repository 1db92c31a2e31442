//! What validation reports: one [`Issue`] per problem, each with a stable code and a path.

use crate::boundary::issue_form;
use crate::json_text::{write_str, JsonList};
use std::borrow::Cow;

/// A stable, machine-readable reason. Serialized in snake_case.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, tsify::Tsify)]
#[serde(rename_all = "snake_case")]
pub enum IssueCode {
    /// The value has the wrong kind (`expected` and `received` say which).
    InvalidType,
    /// A required property is absent.
    Missing,
    /// A string is not the one literal allowed here.
    InvalidLiteral,
    /// A message's `type` is neither documented nor registered.
    UnknownType,
    /// Strict mode: a property the interface does not name.
    UnrecognizedKey,
    /// JSON text names the same property twice.
    DuplicateKey,
    /// NaN or an infinity where a number is expected (JSON cannot hold them).
    NotFinite,
    /// A string with a lone surrogate: it cannot be sent as UTF-8 unchanged.
    IllFormedString,
    /// A bytes field in the JSON form that is not base64.
    InvalidBase64,
    /// Nesting deeper than `maxDepth`.
    TooDeep,
    /// An object that contains itself.
    Cycle,
    /// Reading the value threw (a getter, a revoked Proxy).
    Unreadable,
    /// JSON text that does not parse; the message gives line and column.
    InvalidJson,
    /// The JSON codec met a value JSON cannot carry without loss (a function, a `Date`, ...).
    NotSerializable,
    /// An input the API does not take at all (wrong argument kind).
    InvalidInput,
    /// More than the engine or a JavaScript string can hold.
    TooLarge,
    /// A value below its minimum: an empty string that must not be, a count below 1.
    TooSmall,
    /// A string not in the form the field needs (a pid, a timestamp, a URL).
    InvalidFormat,
    /// A string holding JSON text that does not parse; the message gives line and column.
    InvalidJsonString,
    /// Tool-call arguments given as a JSON string where the format wants an object.
    ArgumentsJsonString,
    /// An array whose items must all be of one kind mixes kinds.
    MixedItems,
    /// Anthropic: a `tool_result` block after another kind of block in its user message (they
    /// must come first), or in an assistant message.
    MisplacedToolResult,
    /// Anthropic (in a `Prompt`): a `tool_result` whose `tool_use_id` names no `tool_use` of
    /// the assistant message just before it.
    UnmatchedToolResult,
    /// Anthropic: a thinking block without the `signature` the API returned with it.
    MissingSignature,
    /// A media type the API does not take here (Anthropic images: JPEG, PNG, GIF, WebP;
    /// base64 documents: PDF).
    UnsupportedMediaType,
    /// A value a provider must be sent as JSON that JSON cannot carry unchanged (AI SDK tool
    /// `input`: `undefined`, a function, `NaN`, a `Date`, ...).
    NotJson,
    /// A key that a union case (an AI SDK tool part's `state`) requires is missing, or one it
    /// forbids is given: the message names the case and the key.
    ToolStateMismatch,
    /// A static tool part's `type` is `tool-` with no tool name after it.
    EmptyToolName,
    /// Content the API refuses when empty (a UI message's `parts`, unless the assistant's).
    EmptyContent,
    /// Streams: a delta (or an end) for a block, part or tool call that never started.
    DeltaBeforeStart,
    /// Streams: an index that skips one (a content block or tool call out of order), or that
    /// no block has.
    UnknownIndex,
    /// Streams: a start for a block, part, call or message that has started already.
    DuplicateStart,
    /// Streams: a chunk after the end of its block or of its message.
    AfterStop,
    /// Streams: a tool output, approval or denial for a call no part of the message has.
    UnknownCall,
    /// Streams: tool-call arguments that are not JSON when the stream ends.
    InvalidJsonArguments,
    /// Streams: the stream ended before its end (no stop, no finish, a block left open).
    Incomplete,
    /// Streams: the provider sent an error, the stream was aborted, or the source failed.
    StreamError,
}

impl IssueCode {
    pub fn as_str(self) -> &'static str {
        match self {
            IssueCode::InvalidType => "invalid_type",
            IssueCode::Missing => "missing",
            IssueCode::InvalidLiteral => "invalid_literal",
            IssueCode::UnknownType => "unknown_type",
            IssueCode::UnrecognizedKey => "unrecognized_key",
            IssueCode::DuplicateKey => "duplicate_key",
            IssueCode::NotFinite => "not_finite",
            IssueCode::IllFormedString => "ill_formed_string",
            IssueCode::InvalidBase64 => "invalid_base64",
            IssueCode::TooDeep => "too_deep",
            IssueCode::Cycle => "cycle",
            IssueCode::Unreadable => "unreadable",
            IssueCode::InvalidJson => "invalid_json",
            IssueCode::NotSerializable => "not_serializable",
            IssueCode::InvalidInput => "invalid_input",
            IssueCode::TooLarge => "too_large",
            IssueCode::TooSmall => "too_small",
            IssueCode::InvalidFormat => "invalid_format",
            IssueCode::InvalidJsonString => "invalid_json_string",
            IssueCode::ArgumentsJsonString => "arguments_json_string",
            IssueCode::MixedItems => "mixed_items",
            IssueCode::MisplacedToolResult => "misplaced_tool_result",
            IssueCode::UnmatchedToolResult => "unmatched_tool_result",
            IssueCode::MissingSignature => "missing_signature",
            IssueCode::UnsupportedMediaType => "unsupported_media_type",
            IssueCode::NotJson => "not_json",
            IssueCode::ToolStateMismatch => "tool_state_mismatch",
            IssueCode::EmptyToolName => "empty_tool_name",
            IssueCode::EmptyContent => "empty_content",
            IssueCode::DeltaBeforeStart => "delta_before_start",
            IssueCode::UnknownIndex => "unknown_index",
            IssueCode::DuplicateStart => "duplicate_start",
            IssueCode::AfterStop => "after_stop",
            IssueCode::UnknownCall => "unknown_call",
            IssueCode::InvalidJsonArguments => "invalid_json_arguments",
            IssueCode::Incomplete => "incomplete",
            IssueCode::StreamError => "stream_error",
        }
    }
}

/// One step of a path: a property name or an array index. A name the shapes know is
/// borrowed, not copied (the fast lane's steps and most issues name one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(untagged)]
pub enum PathSeg {
    Key(Cow<'static, str>),
    Index(u32),
}

impl PathSeg {
    /// A property name the shapes know ([`crate::keys`]), or any `&'static str`.
    pub const fn name(name: &'static str) -> PathSeg {
        PathSeg::Key(Cow::Borrowed(name))
    }

    /// Any property name, copied.
    pub fn key(name: &str) -> PathSeg {
        PathSeg::Key(Cow::Owned(name.to_string()))
    }
}

impl From<&str> for PathSeg {
    fn from(s: &str) -> Self {
        PathSeg::key(s)
    }
}

impl From<u32> for PathSeg {
    fn from(i: u32) -> Self {
        PathSeg::Index(i)
    }
}

/// One problem with the input.
#[derive(Clone, Debug, PartialEq, serde::Serialize, tsify::Tsify)]
pub struct Issue {
    pub code: IssueCode,
    /// Keys and indices from the validated value down to the problem.
    #[tsify(type = "(string | number)[]")]
    pub path: Vec<PathSeg>,
    /// A sentence for people.
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub expected: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub received: Option<String>,
}

impl Issue {
    pub fn new(code: IssueCode, path: Vec<PathSeg>, message: impl Into<String>) -> Issue {
        Issue {
            code,
            path,
            message: message.into(),
            expected: None,
            received: None,
        }
    }

    /// The issue as JSON text, appended to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push_str("{\"code\":");
        write_str(out, self.code.as_str());
        out.push_str(",\"path\":");
        write_path(out, &self.path);
        out.push_str(",\"message\":");
        write_str(out, &self.message);
        if let Some(e) = &self.expected {
            out.push_str(",\"expected\":");
            write_str(out, e);
        }
        if let Some(r) = &self.received {
            out.push_str(",\"received\":");
            write_str(out, r);
        }
        out.push('}');
    }
}

/// A path as a JSON array.
pub fn write_path(out: &mut String, path: &[PathSeg]) {
    let mut list = JsonList::open(out);
    for seg in path {
        let out = list.item();
        match seg {
            PathSeg::Key(k) => write_str(out, k),
            PathSeg::Index(i) => out.push_str(&i.to_string()),
        }
    }
    list.close();
}

/// A list of issues as JSON text.
pub fn issues_json(issues: &[Issue], out: &mut String) {
    let mut list = JsonList::open(out);
    for issue in issues {
        issue.write_json(list.item());
    }
    list.close();
}

/// A list of issues as the facade reads them (`pkg-template/src/issues.mjs`): the form every
/// `INVALID` result of the wasm takes (the marks: [`crate::boundary::issue_form`]). Each
/// string is its length in UTF-16 units, `:`, and the string as it is (nothing escaped), so
/// that JavaScript cuts it out with `slice`; a number ends with `,`. The list is its count,
/// then each issue: its code, the count of its path's steps, each step (`i` and an index, or
/// `k` and a name), its message, and its `expected` and `received` (`-` for none). Reading it
/// is about 5x faster than `JSON.parse` of the JSON text (the most of an invalid message's
/// validation), and nothing is escaped to write it.
pub fn issues_compact(issues: &[Issue], out: &mut String) {
    push_count(out, issues.len());
    for issue in issues {
        push_compact_str(out, issue.code.as_str());
        push_count(out, issue.path.len());
        for seg in &issue.path {
            match seg {
                PathSeg::Index(i) => {
                    out.push(issue_form::INDEX as char);
                    push_count(out, *i as usize);
                }
                PathSeg::Key(k) => {
                    out.push(issue_form::KEY as char);
                    push_compact_str(out, k);
                }
            }
        }
        push_compact_str(out, &issue.message);
        for s in [&issue.expected, &issue.received] {
            match s {
                Some(s) => push_compact_str(out, s),
                None => out.push(issue_form::NONE as char),
            }
        }
    }
}

/// The invalid items of a list (`validateMany`), in the form of [`issues_compact`]: their
/// count, then each item's index and its issues.
pub fn failures_compact(failures: &[(usize, &[Issue])], out: &mut String) {
    push_count(out, failures.len());
    for (index, issues) in failures {
        push_count(out, *index);
        issues_compact(issues, out);
    }
}

// (Out of line, as the two below: inlined at each use, they made the validating page's
// wasm 1.3 KB gzip larger.)
#[inline(never)]
fn push_count(out: &mut String, n: usize) {
    crate::json_text::push_decimal(out, n);
    out.push(issue_form::END_NUMBER as char);
}

#[inline(never)]
fn push_compact_str(out: &mut String, s: &str) {
    crate::json_text::push_decimal(out, crate::tape::utf16_len(s) as usize);
    out.push(issue_form::END_LENGTH as char);
    out.push_str(s);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issues_serialize_as_the_documented_json() {
        let mut issue = Issue::new(
            IssueCode::InvalidType,
            vec!["files".into(), 0.into(), "data".into()],
            "expected \"Uint8Array\"",
        );
        issue.expected = Some("Uint8Array".into());
        let mut out = String::new();
        issues_json(&[issue.clone()], &mut out);
        assert_eq!(
            out,
            r#"[{"code":"invalid_type","path":["files",0,"data"],"message":"expected \"Uint8Array\"","expected":"Uint8Array"}]"#
        );
        let via_serde = serde_json::to_string(&[issue]).unwrap();
        assert_eq!(out, via_serde);
    }

    /// The form the facade reads (`issues.mjs`): lengths in UTF-16 units (`é` one, `😀`
    /// two), nothing escaped, `-` for an absent `expected` or `received`.
    #[test]
    fn issues_compact_as_the_facade_reads_them() {
        let mut first = Issue::new(
            IssueCode::InvalidType,
            vec!["a\"1,".into(), 12.into(), "é😀".into()],
            "got \"x\"\n",
        );
        first.received = Some(String::new());
        let second = Issue::new(IssueCode::Missing, vec![], "-");
        let mut out = String::new();
        issues_compact(&[first.clone(), second.clone()], &mut out);
        assert_eq!(
            out,
            "2,12:invalid_type3,k4:a\"1,i12,k3:é😀8:got \"x\"\n-0:7:missing0,1:---"
        );
        out.clear();
        failures_compact(
            &[
                (3, &[first]),
                (10, &[second, Issue::new(IssueCode::Cycle, vec![], "c")]),
            ],
            &mut out,
        );
        assert!(out.starts_with("2,3,1,12:invalid_type3,"), "{out}");
        assert!(
            out.ends_with("10,2,7:missing0,1:---5:cycle0,1:c--"),
            "{out}"
        );
    }
}

/// The issue for JSON text that could not be read (`invalid_json`, or `too_deep` at the path
/// of the container that went too deep).
pub fn syntax_issue(e: &crate::tape::json::SyntaxError, text: &[u8]) -> Issue {
    let (code, path) = if e.code == "too_deep" {
        (IssueCode::TooDeep, path_at(text, e.offset))
    } else {
        (IssueCode::InvalidJson, Vec::new())
    };
    let mut issue = Issue::new(code, path, e.message.clone());
    issue.expected = Some("JSON text".into());
    issue
}

/// The path of the value that starts at byte `offset` of JSON text that reads well up to
/// there. Only for errors: a second, plain pass, so that parsing keeps no path.
pub fn path_at(text: &[u8], offset: usize) -> Vec<PathSeg> {
    // Per open container: its path segment so far (the key being read, or the index).
    let mut path: Vec<PathSeg> = Vec::new();
    // Per open container: is it an object, and is its key still to come?
    let mut open: Vec<(bool, bool)> = Vec::new();
    let mut i = 0;
    let end = offset.min(text.len());
    while i < end {
        match text[i] {
            b'"' => {
                let start = i + 1;
                i += 1;
                while i < text.len() && text[i] != b'"' {
                    i += if text[i] == b'\\' { 2 } else { 1 };
                }
                if let Some((true, key_next)) = open.last_mut() {
                    if *key_next {
                        *key_next = false;
                        let raw = &text[start..i.min(text.len())];
                        let key = crate::tape::json::unescape(raw)
                            .map(|u| crate::tape::utf16_lossy(&u))
                            .unwrap_or_default();
                        if let Some(last) = path.last_mut() {
                            *last = PathSeg::Key(key.into());
                        }
                    }
                }
            }
            b'{' => {
                open.push((true, true));
                path.push(PathSeg::name(""));
            }
            b'[' => {
                open.push((false, false));
                path.push(PathSeg::Index(0));
            }
            b'}' | b']' => {
                open.pop();
                path.pop();
            }
            b',' => match open.last_mut() {
                Some((true, key_next)) => *key_next = true,
                Some((false, _)) => {
                    if let Some(PathSeg::Index(n)) = path.last_mut() {
                        *n += 1;
                    }
                }
                None => {}
            },
            _ => {}
        }
        i += 1;
    }
    // The segment of the container being opened at `offset` is already the last one.
    path
}

#[cfg(test)]
mod path_at_tests {
    use super::*;

    fn keys(p: &[PathSeg]) -> String {
        let mut s = String::new();
        write_path(&mut s, p);
        s
    }

    #[test]
    fn the_path_of_the_value_at_an_offset() {
        let text = br#"{"a": [1, {"b\u0063": [[2]]}], "d": {"e": 3}}"#;
        let at = |needle: &str| {
            let n = std::str::from_utf8(text).unwrap().find(needle).unwrap();
            keys(&path_at(text, n))
        };
        assert_eq!(at("[[2]]"), r#"["a",1,"bc"]"#);
        assert_eq!(at("[2]]"), r#"["a",1,"bc",0]"#);
        assert_eq!(at("{\"e\""), r#"["d"]"#);
        assert_eq!(at("{\"a\""), "[]");
        // A comma inside a string is no separator.
        let text = br#"["x,y", [3]]"#;
        assert_eq!(keys(&path_at(text, 8)), "[1]");
    }
}
