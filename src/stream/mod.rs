//! Streams: a model's answer, chunk by chunk, folded into the format's own message and checked
//! as it comes. One [`Fold`] per streamed format (OpenAI `chat.completion.chunk`, Anthropic
//! `MessageStreamEvent`, AI SDK `UIMessageChunk`); one [`Accumulator`] drives any of them over
//! chunks given as values (a JavaScript object on a tape), as JSON text, or as raw
//! server-sent-events bytes ([`sse`]), and checks the folded messages at the end.
//!
//! Issues follow one rule: an issue about a chunk has a path that starts with the chunk's
//! 0-based position in the stream; an issue about the end of the stream (something left open)
//! has the path `[count]`, the position the missing chunk would have had; an issue about a
//! folded message (its validation) has the path `["messages", m, ...]`.

pub mod chunk;
pub mod partial_json;
pub mod sse;

#[cfg(feature = "ai-sdk")]
pub mod ai_sdk_ui;
#[cfg(feature = "anthropic")]
pub mod anthropic;
#[cfg(feature = "seed")]
pub mod openai;

mod accumulator;
pub use accumulator::{fold_of, Accumulator, Finished};

use crate::tape::value::Value;
use crate::validate::{Issue, IssueCode, PathSeg};

/// How one streamed format folds its chunks. The fold never fails: a chunk it cannot use is an
/// issue, and it goes on with the next.
pub trait Fold {
    /// Fold chunk number `at`. Each issue's path starts with `at`.
    fn push(&mut self, at: u32, chunk: &Value, issues: &mut Vec<Issue>);
    /// The response being folded, as the format's message so far, with each tool input still
    /// streaming shown by [`partial_input`]; `None` before a response has begun.
    fn snapshot(&self) -> Option<Value>;
    /// The stream ended after `count` chunks: report what is left open (path `[count]`) and
    /// give every folded message, one per response, in order.
    fn finish(&mut self, count: u32, issues: &mut Vec<Issue>) -> Vec<Value>;
    /// The fast path: fold chunk `at` straight from the tape (a JS value or JSON text) when it
    /// is one of the format's common small deltas and folds without an issue; `false` to have
    /// it read as a [`Value`] and given to [`Fold::push`], which gives the same result.
    fn push_tape(&mut self, _at: u32, _tape: &crate::tape::TapeView, _root: usize) -> bool {
        false
    }
    /// After [`Fold::finish`]: each response around its messages, where the message type does
    /// not hold all of it (OpenAI's `ChatCompletion`: id, model, usage, `finish_reason`);
    /// empty where the message is the whole response.
    fn responses(&self) -> Vec<Value> {
        Vec::new()
    }
}

/// An issue about chunk `at`, at `path` inside it.
pub fn issue(code: IssueCode, at: u32, path: &[PathSeg], message: impl Into<String>) -> Issue {
    let mut full = Vec::with_capacity(path.len() + 1);
    full.push(PathSeg::Index(at));
    full.extend_from_slice(path);
    Issue::new(code, full, message)
}

/// How a snapshot shows a tool input still streaming: `{ "text": <the JSON text so far>,
/// "value": <the best value parsed from it> }` (no `value` before anything parses), under the
/// key [`PARTIAL`] of the tool call.
pub fn partial_input(text: &str) -> Value {
    let mut entries = vec![(
        crate::tape::value::name("text"),
        Value::Str(text.to_owned()),
    )];
    if let Some(value) = partial_json::parse(text).value {
        entries.push((crate::tape::value::name("value"), value));
    }
    Value::Obj(entries)
}

/// The key of a snapshot's tool call that holds its [`partial_input`].
pub const PARTIAL: &str = "partial";

/// The JSON kind of a value, as issues name it.
pub fn kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "boolean",
        Value::Num(_) => "number",
        Value::Str(_) => "string",
        Value::Arr(_) => "array",
        Value::Obj(_) => "object",
    }
}

/// An issue for a value of the wrong kind at `path` of chunk `at`.
pub fn wrong_kind(at: u32, path: &[PathSeg], expected: &str, found: &Value) -> Issue {
    let mut issue = issue(
        IssueCode::InvalidType,
        at,
        path,
        format!("expected {expected}, found {}", kind(found)),
    );
    issue.expected = Some(expected.to_owned());
    issue.received = Some(kind(found).to_owned());
    issue
}

/// Merge a field a format does not name into `entries`, as streams send such fields: a string
/// continues the string before it (`reasoning_content`, `reasoning`), an array the array before
/// it, `null` never erases a value, anything else replaces.
pub fn merge_field(entries: &mut Vec<(crate::tape::value::Name, Value)>, key: &str, value: &Value) {
    match entries.iter_mut().find(|(k, _)| k == key) {
        None => {
            if !value.is_null() {
                entries.push((crate::tape::value::name(key), value.clone()));
            }
        }
        Some((_, old)) => match (old, value) {
            (_, Value::Null) => {}
            (Value::Str(a), Value::Str(b)) => a.push_str(b),
            (Value::Arr(a), Value::Arr(b)) => a.extend(b.iter().cloned()),
            (old, new) => *old = new.clone(),
        },
    }
}

/// Set a field of a response's envelope (`model`, `usage`, ...): each chunk repeats or updates
/// these whole, so a later value replaces an earlier one, and `null` never erases a value.
pub fn replace_field(
    entries: &mut Vec<(crate::tape::value::Name, Value)>,
    key: &str,
    value: &Value,
) {
    if value.is_null() {
        if !entries.iter().any(|(k, _)| k == key) {
            entries.push((crate::tape::value::name(key), Value::Null));
        }
        return;
    }
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some((_, old)) => *old = value.clone(),
        None => entries.push((crate::tape::value::name(key), value.clone())),
    }
}
