//! The Kernel's own rendering of its messages for a model: what upstream's `renderMessages`
//! (`packages/core/src/stream.ts`) hands the AI SDK, written with the pinned `ai` 7 names and
//! checked as AI SDK `ModelMessage`s. Not a conversion (nothing comes back): a rule, as
//! agent-swarm-kit's history rule is ([`super::check::swarm_history`]), with a finding for
//! everything it leaves out or invents. docs/CONVERSIONS.md ("kernelRender") says it in full.
//!
//! In order, per Kernel message (JSON form, already valid):
//! - `input` whose text is not blank (JavaScript's `trim()`): `{ role: "user", content: text }`;
//!   its files are not rendered; an input with no text left is dropped.
//! - `system`: `{ role: "system", content: text }` (even blank: upstream renders it).
//! - `reply` whose text is not blank: `{ role: "assistant", content: text }`.
//! - `tool-calls`: an assistant message of `tool-call` parts (absent `args`: `input: {}`); then,
//!   when a next message exists and is not a `tool-results` answering every call, a tool
//!   message with a pending result per call. Without calls: nothing (an empty assistant
//!   content is refused by providers).
//! - `tool-results`: unless the message before is a `tool-calls` it answers in full, first an
//!   assistant message with a `tool-call` per result (`input: {}`); then a tool message with a
//!   `tool-result` per result (a missing `callId` or `name` written `""`). `error` is never
//!   rendered.
//! - `reasoning`, `log`, `tool-call`, `tool-result` and registered types: nothing.

use super::canonical::{keys, nth, under, Path};
use super::check::{Finding, Severity};
use crate::tape::value::{obj, Built, Name, Value};
use crate::validate::{quoted, Issue, Options, Revive};

macro_rules! render_codes {
    ($($(#[$doc:meta])* $konst:ident $name:literal,)*) => {
        $($(#[$doc])* pub const $konst: &str = $name;)*

        /// Every finding code of [`render`], in declaration order.
        pub const CODES: &[&str] = &[$($konst),*];
    };
}

render_codes! {
    /// An input's file: upstream renders the text of an input only.
    FILE_NOT_RENDERED "file_not_rendered",
    /// An input or a reply whose text is absent or blank (`text.trim() === ""`): dropped.
    BLANK_DROPPED "blank_dropped",
    /// A message of a type the rule does not render: `reasoning`, `log`, `tool-call`,
    /// `tool-result`, or a registered type.
    TYPE_NOT_RENDERED "type_not_rendered",
    /// A `tool-calls` message without calls: an assistant message without content is refused,
    /// so nothing is rendered.
    NO_CALLS "no_calls",
    /// A call without `args`: rendered with `input: {}`.
    EMPTY_INPUT "empty_input",
    /// A call with no answer in the next message: a synthetic result, output
    /// `{ type: "json", value: { status: "pending" } }`, follows it.
    PENDING_RESULT "pending_result",
    /// A result whose call is not in the message just before: a synthetic `tool-call` part
    /// (`input: {}`) precedes it.
    SYNTHETIC_CALL "synthetic_call",
    /// A result without `callId`: its `toolCallId` is written `""`.
    EMPTY_CALL_ID "empty_call_id",
    /// A result without `name`: its `toolName` is written `""`.
    EMPTY_TOOL_NAME "empty_tool_name",
    /// A result's `error`: never rendered.
    ERROR_NOT_RENDERED "error_not_rendered",
    /// An output holding what JSON cannot (a `Uint8Array`, `ArrayBuffer`, `URL` or `Error`):
    /// rendered as a JSON value in the form `toJSON` writes it (`{ "$bytes": base64 }`, ...).
    OUTPUT_NOT_JSON "output_not_json",
}

/// The rendered model messages (AI SDK `ModelMessage`s in their JSON form) and the findings.
#[derive(Clone, Debug, PartialEq)]
pub struct Rendered {
    pub messages: Vec<Value>,
    pub findings: Vec<Finding>,
}

/// Render Kernel messages (JSON form, valid) as the Kernel hands them to the AI SDK.
pub fn render(values: &[Value]) -> Rendered {
    let mut r = Renderer {
        out: Vec::new(),
        findings: Vec::new(),
    };
    for (i, v) in values.iter().enumerate() {
        let before = i.checked_sub(1).map(|p| &values[p]);
        let next = values.get(i + 1);
        match kind(v) {
            "input" => r.input(i, v),
            "system" => r.out.push(text_message("system", text(v).unwrap_or(""))),
            "reply" => r.reply(i, v),
            "tool-calls" => r.tool_calls(i, v, next),
            "tool-results" => r.tool_results(i, v, before),
            other => r.note(
                i,
                vec![],
                TYPE_NOT_RENDERED,
                format!("a {} message is not rendered for the model", quoted(other)),
            ),
        }
    }
    Rendered {
        messages: r.out,
        findings: r.findings,
    }
}

/// What rendering has written so far.
struct Renderer {
    out: Vec<Value>,
    findings: Vec<Finding>,
}

impl Renderer {
    fn note(&mut self, index: usize, path: Path, code: &'static str, message: String) {
        self.findings.push(Finding {
            index,
            path,
            code,
            severity: Severity::Warning,
            message,
            pos: None,
        });
    }

    fn input(&mut self, i: usize, v: &Value) {
        let files = v.get("files").and_then(Value::as_array).map_or(0, Vec::len);
        for k in 0..files {
            self.note(
                i,
                nth(&keys(&["files"]), k),
                FILE_NOT_RENDERED,
                "the Kernel renders an input's text only: this file is not sent to the model"
                    .into(),
            );
        }
        match text(v) {
            Some(t) if !js_blank(t) => self.out.push(text_message("user", t)),
            _ => self.note(
                i,
                vec![],
                BLANK_DROPPED,
                "the input has no text that is not blank: it is not rendered".into(),
            ),
        }
    }

    fn reply(&mut self, i: usize, v: &Value) {
        match text(v) {
            Some(t) if !js_blank(t) => self.out.push(text_message("assistant", t)),
            _ => self.note(
                i,
                vec![],
                BLANK_DROPPED,
                "the reply's text is blank: it is not rendered".into(),
            ),
        }
    }

    fn tool_calls(&mut self, i: usize, v: &Value, next: Option<&Value>) {
        let calls = items(v, "calls");
        if calls.is_empty() {
            return self.note(
                i,
                keys(&["calls"]),
                NO_CALLS,
                "a tool-calls message without calls is not rendered (an assistant message needs content)".into(),
            );
        }
        let mut parts = Vec::with_capacity(calls.len());
        for (k, c) in calls.iter().enumerate() {
            let input = match c.get("args") {
                Some(args) => escape(args),
                None => {
                    self.note(
                        i,
                        nth(&keys(&["calls"]), k),
                        EMPTY_INPUT,
                        "the call has no args: rendered with input {}".into(),
                    );
                    Value::Obj(vec![])
                }
            };
            parts.push(tool_call(field(c, "id"), field(c, "name"), input));
        }
        self.out.push(content_message("assistant", parts));
        let answered = next.is_some_and(|n| kind(n) == "tool-results" && answers(v, n));
        if next.is_none() || answered {
            return;
        }
        let mut pending = Vec::with_capacity(calls.len());
        for (k, c) in calls.iter().enumerate() {
            let id = field(c, "id");
            self.note(
                i,
                nth(&keys(&["calls"]), k),
                PENDING_RESULT,
                format!(
                    "the next message does not answer call {}: a pending result is rendered after it",
                    quoted(id)
                ),
            );
            let status = obj([("status", Value::from("pending"))]);
            let output = obj([("type", Value::from("json")), ("value", status)]);
            pending.push(tool_result(id, field(c, "name"), output));
        }
        self.out.push(content_message("tool", pending));
    }

    fn tool_results(&mut self, i: usize, v: &Value, before: Option<&Value>) {
        let results = items(v, "results");
        let called = before.is_some_and(|b| kind(b) == "tool-calls" && answers(b, v));
        let mut calls = Vec::new();
        let mut parts = Vec::with_capacity(results.len());
        for (k, r) in results.iter().enumerate() {
            let at = nth(&keys(&["results"]), k);
            let id = r.get("callId").and_then(Value::as_str);
            let name = r.get("name").and_then(Value::as_str);
            if id.is_none() {
                self.note(
                    i,
                    under(&at, &["callId"]),
                    EMPTY_CALL_ID,
                    "the result names no call: its toolCallId is written \"\"".into(),
                );
            }
            if name.is_none() {
                self.note(
                    i,
                    under(&at, &["name"]),
                    EMPTY_TOOL_NAME,
                    "the result names no tool: its toolName is written \"\"".into(),
                );
            }
            let (id, name) = (id.unwrap_or(""), name.unwrap_or(""));
            if !called {
                self.note(
                    i,
                    at.clone(),
                    SYNTHETIC_CALL,
                    format!(
                        "the message before is not the tool-calls this result answers: a call {} with input {{}} is rendered before it",
                        quoted(id)
                    ),
                );
                calls.push(tool_call(id, name, Value::Obj(vec![])));
            }
            if r.has("error") {
                self.note(
                    i,
                    under(&at, &["error"]),
                    ERROR_NOT_RENDERED,
                    "the result's error is not rendered for the model".into(),
                );
            }
            let (output, json) = output(r.get("output").unwrap_or(&Value::Null));
            if !json {
                self.note(
                    i,
                    under(&at, &["output"]),
                    OUTPUT_NOT_JSON,
                    "the output holds what JSON cannot (bytes, a URL or an Error): rendered as toJSON writes it".into(),
                );
            }
            parts.push(tool_result(id, name, output));
        }
        if !calls.is_empty() {
            self.out.push(content_message("assistant", calls));
        }
        self.out.push(content_message("tool", parts));
    }
}

/// A Kernel message's `type` (`""` when it has none).
fn kind(v: &Value) -> &str {
    v.get("type").and_then(Value::as_str).unwrap_or("")
}

fn text(v: &Value) -> Option<&str> {
    v.get("text").and_then(Value::as_str)
}

/// A string field (`""` when absent).
fn field<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

fn items<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

/// Whether the `tool-results` message `results` answers every call of the `tool-calls` message
/// `calls` (one of its results has each call's id); never for a message without calls.
fn answers(calls: &Value, results: &Value) -> bool {
    let calls = items(calls, "calls");
    let results = items(results, "results");
    !calls.is_empty()
        && calls.iter().all(|c| {
            let id = c.get("id").and_then(Value::as_str);
            results
                .iter()
                .any(|r| r.get("callId").and_then(Value::as_str) == id)
        })
}

/// Blank as JavaScript's `trim()` sees it: only white space (Unicode `Zs`, tab, vertical tab,
/// form feed, U+FEFF) and line terminators (LF, CR, U+2028, U+2029). Rust's `trim` differs on
/// U+0085 (not white space in JavaScript) and U+FEFF (white space there).
pub fn js_blank(s: &str) -> bool {
    s.chars()
        .all(|c| c == '\u{feff}' || (c.is_whitespace() && c != '\u{85}'))
}

fn text_message(role: &'static str, text: &str) -> Value {
    obj([("role", Value::from(role)), ("content", Value::from(text))])
}

fn content_message(role: &'static str, parts: Vec<Value>) -> Value {
    obj([("role", Value::from(role)), ("content", Value::Arr(parts))])
}

fn tool_call(id: &str, name: &str, input: Value) -> Value {
    obj([
        ("type", Value::from("tool-call")),
        ("toolCallId", Value::from(id)),
        ("toolName", Value::from(name)),
        ("input", input),
    ])
}

fn tool_result(id: &str, name: &str, output: Value) -> Value {
    obj([
        ("type", Value::from("tool-result")),
        ("toolCallId", Value::from(id)),
        ("toolName", Value::from(name)),
        ("output", output),
    ])
}

/// The tags of the JSON form's free-form values (an object whose only key is one of them).
const TAGS: [&str; 5] = ["$bytes", "$arrayBuffer", "$url", "$error", "$escape"];

/// The only key of a one-key object, if it is a tag.
fn tag_of(entries: &[(Name, Value)]) -> Option<&'static str> {
    match entries {
        [(k, _)] => TAGS.into_iter().find(|t| *t == k.as_ref()),
        _ => None,
    }
}

/// A Kernel tool output (JSON form of `any`) as an AI SDK `ToolResultOutput`: a string is
/// `{ type: "text", value }`, anything else `{ type: "json", value }`; `false` when the output
/// holds what JSON cannot (then `value` is its JSON form, tags as plain keys).
fn output(v: &Value) -> (Value, bool) {
    if let Value::Str(s) = v {
        let out = obj([("type", Value::from("text")), ("value", Value::from(s))]);
        return (out, true);
    }
    let mut json = true;
    let plain = plain(v, &mut json);
    let out = obj([("type", Value::from("json")), ("value", escape(&plain))]);
    (out, json)
}

/// The JSON value a free-form (`any`) JSON-form value stands for: `$escape` undone; a tagged
/// `Uint8Array`, `ArrayBuffer`, `URL` or `Error` kept as its tag object, clearing `json`.
fn plain(v: &Value, json: &mut bool) -> Value {
    match v {
        Value::Arr(items) => Value::Arr(items.iter().map(|x| plain(x, json)).collect()),
        Value::Obj(entries) => match (tag_of(entries), entries.as_slice()) {
            (Some("$escape"), [(_, Value::Obj(inner))]) => Value::Obj(
                inner
                    .iter()
                    .map(|(k, x)| (k.clone(), plain(x, json)))
                    .collect(),
            ),
            (Some(_), _) => {
                *json = false;
                v.clone()
            }
            (None, _) => Value::Obj(
                entries
                    .iter()
                    .map(|(k, x)| (k.clone(), plain(x, json)))
                    .collect(),
            ),
        },
        _ => v.clone(),
    }
}

/// A JSON value in the AI SDK's JSON form of a `JSONValue`: an object that looks like a tag is
/// wrapped in `{ "$escape": ... }`, so that `fromJSON` gives it back as written.
fn escape(v: &Value) -> Value {
    match v {
        Value::Arr(items) => Value::Arr(items.iter().map(escape).collect()),
        Value::Obj(entries) => {
            let inner = Value::Obj(
                entries
                    .iter()
                    .map(|(k, x)| (k.clone(), escape(x)))
                    .collect(),
            );
            match tag_of(entries) {
                Some(_) => obj([("$escape", inner)]),
                None => inner,
            }
        }
        _ => v.clone(),
    }
}

impl Rendered {
    /// The messages as the host builds them back (a tape over their strings, see [`Built`]),
    /// checked there against the AI SDK's `ModelMessage` in JSON mode (a rule bug is an
    /// issue, never a bad message), with what reviving their JS form takes.
    pub fn checked(&mut self, opts: &Options) -> Result<(Built, Revive), Vec<Issue>> {
        let mut built = Built::default();
        // Written as one array, without copying the messages.
        let list = Value::Arr(std::mem::take(&mut self.messages));
        let depth = list.write_built(&mut built);
        built.finish();
        if let Value::Arr(messages) = list {
            self.messages = messages;
        }
        if depth > opts.max_depth {
            return Err(vec![super::report::failure(format!(
                "the rendered messages nest deeper than maxDepth ({})",
                opts.max_depth
            ))]);
        }
        let revive = super::report::plan(&built, &crate::formats::ai_sdk::MESSAGE, opts)?;
        Ok((built, revive))
    }

    /// `{ "findings": [...], "plan": <plan> }` appended to `out` (the messages are built from
    /// their tape).
    pub fn write_json(&self, plan: &str, out: &mut String) {
        out.push_str("{\"findings\":[");
        for (n, f) in self.findings.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            f.write_json(out);
        }
        out.push_str("],\"plan\":");
        out.push_str(plan);
        out.push('}');
    }
}
