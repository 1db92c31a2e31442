//! OpenAI Chat Completions streams: `chat.completion.chunk`s folded into the assistant message
//! of each choice, and the `ChatCompletion` around it, as `openai`'s
//! `ChatCompletionStream.finalChatCompletion()` does, with these differences (each on purpose,
//! listed in `docs/STREAMS.md`): a string field the type does not name (`reasoning_content`,
//! `reasoning`) continues across deltas instead of being replaced by the last one; `null` never
//! erases a value; a chunk whose `id` differs from the response's begins the next response; a
//! tool call is found by `index`, or by `id` when a provider sends no index, and a new `id` at
//! an index whose call has one already begins another call (providers that number every call
//! 0); a tool call without `type` is a `function` call; content sent as typed parts (Mistral)
//! is folded into the text and, for `thinking` parts, `reasoning_content`; a stream without
//! `finish_reason` still folds, with an `incomplete` issue, where the SDK throws.

use super::{issue, merge_field, replace_field, wrong_kind, Fold};
use crate::tape::value::{name, Name, Value};
use crate::validate::{Issue, IssueCode, PathSeg};

/// One tool call of a choice.
#[derive(Default)]
struct Call {
    /// The provider's index for it (`None` when the provider sends none).
    index: Option<u32>,
    id: Option<String>,
    kind: Option<String>,
    name: String,
    arguments: String,
    /// Fields of the call or its function the format does not name.
    extra: Vec<(Name, Value)>,
    function_extra: Vec<(Name, Value)>,
    /// The chunk and path of the last piece of the arguments (where an issue about them points).
    last: (u32, Vec<PathSeg>),
}

/// One choice of a response.
#[derive(Default)]
struct Choice {
    index: u32,
    role: Option<String>,
    content: Option<String>,
    refusal: Option<String>,
    calls: Vec<Call>,
    /// Fields of the message the format does not name (`reasoning_content`, `audio`, ...).
    extra: Vec<(Name, Value)>,
    function_call: Option<(String, String)>,
    finish_reason: Option<Value>,
    logprobs: Option<Value>,
    /// Fields of the choice besides those (`content_filter_results`, ...).
    other: Vec<(Name, Value)>,
    /// Where the choice began.
    first: u32,
}

/// One response: the envelope of its chunks and its choices, in the order they began.
#[derive(Default)]
struct Response {
    id: String,
    envelope: Vec<(Name, Value)>,
    choices: Vec<Choice>,
}

/// The fold of a Chat Completions stream.
#[derive(Default)]
pub struct ChunkFold {
    done: Vec<Response>,
    current: Option<Response>,
}

/// Whether a number is an index (a whole number from 0 to 2^32 - 1).
fn is_index(n: f64) -> bool {
    n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX)
}

impl Fold for ChunkFold {
    fn push(&mut self, at: u32, chunk: &Value, issues: &mut Vec<Issue>) {
        let Some(entries) = chunk.as_object() else {
            issues.push(wrong_kind(at, &[], "a chat.completion.chunk object", chunk));
            return;
        };
        if let Some(error) = chunk.get("error") {
            let message = error
                .get("message")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .unwrap_or_else(|| error.to_json());
            issues.push(issue(
                IssueCode::StreamError,
                at,
                &[PathSeg::from("error")],
                format!("the provider sent an error: {message}"),
            ));
            return;
        }
        let choices = match chunk.get("choices") {
            Some(Value::Arr(items)) => items.as_slice(),
            Some(other) => {
                issues.push(wrong_kind(
                    at,
                    &[PathSeg::from("choices")],
                    "an array",
                    other,
                ));
                return;
            }
            None => {
                let mut missing = issue(
                    IssueCode::Missing,
                    at,
                    &[PathSeg::from("choices")],
                    "a chat.completion.chunk has choices",
                );
                missing.expected = Some("array".into());
                issues.push(missing);
                return;
            }
        };
        let id = match chunk.get("id") {
            Some(Value::Str(s)) => s.as_str(),
            None | Some(Value::Null) => "",
            Some(other) => {
                issues.push(wrong_kind(at, &[PathSeg::from("id")], "a string", other));
                ""
            }
        };
        // A new id after another one: the next response of a file that holds several.
        if let Some(current) = &self.current {
            if !id.is_empty() && !current.id.is_empty() && current.id != id {
                self.done.extend(self.current.take());
            }
        }
        let response = self.current.get_or_insert_with(Response::default);
        if response.id.is_empty() && !id.is_empty() {
            response.id = id.to_owned();
        }
        for (key, value) in entries {
            match key.as_ref() {
                "choices" | "obfuscation" => {}
                "id" if id.is_empty() => {}
                key => replace_field(&mut response.envelope, key, value),
            }
        }
        for (n, choice) in choices.iter().enumerate() {
            let path = [PathSeg::from("choices"), PathSeg::Index(n as u32)];
            fold_choice(response, at, &path, choice, issues);
        }
    }

    fn snapshot(&self) -> Option<Value> {
        let response = self.current.as_ref()?;
        let choice = response.choices.first()?;
        Some(message(choice, true))
    }

    fn finish(&mut self, count: u32, issues: &mut Vec<Issue>) -> Vec<Value> {
        self.done.extend(self.current.take());
        let mut messages = Vec::new();
        for response in &self.done {
            for choice in &response.choices {
                check_ended(choice, count, issues);
                messages.push(message(choice, false));
            }
        }
        messages
    }

    /// Each response as a `ChatCompletion`.
    fn responses(&self) -> Vec<Value> {
        self.done.iter().map(completion).collect()
    }
}

fn fold_choice(
    response: &mut Response,
    at: u32,
    path: &[PathSeg],
    choice: &Value,
    issues: &mut Vec<Issue>,
) {
    let Some(entries) = choice.as_object() else {
        issues.push(wrong_kind(at, path, "a choice object", choice));
        return;
    };
    let index = match choice.get("index") {
        Some(Value::Num(n)) if is_index(*n) => *n as u32,
        None => 0,
        Some(other) => {
            let mut p = path.to_vec();
            p.push(PathSeg::from("index"));
            issues.push(wrong_kind(at, &p, "a non-negative integer", other));
            return;
        }
    };
    let slot = match response.choices.iter().position(|c| c.index == index) {
        Some(i) => i,
        None => {
            response.choices.push(Choice {
                index,
                first: at,
                ..Choice::default()
            });
            response.choices.len() - 1
        }
    };
    let state = &mut response.choices[slot];
    let delta = choice.get("delta");
    let has_content = delta.and_then(Value::as_object).is_some_and(|d| {
        d.iter().any(|(k, v)| {
            !v.is_null() && k != "role" && !matches!(v, Value::Str(s) if s.is_empty())
        })
    });
    if state.finish_reason.is_some() && has_content {
        issues.push(issue(
            IssueCode::AfterStop,
            at,
            path,
            format!("a delta for choice {index} after its finish_reason"),
        ));
    }
    for (key, value) in entries {
        match key.as_ref() {
            "delta" | "index" => {}
            "finish_reason" => {
                if !value.is_null() {
                    state.finish_reason = Some(value.clone());
                }
            }
            "logprobs" => merge_logprobs(&mut state.logprobs, value),
            key => replace_field(&mut state.other, key, value),
        }
    }
    match delta {
        None | Some(Value::Null) => {}
        Some(Value::Obj(fields)) => {
            let mut p = path.to_vec();
            p.push(PathSeg::from("delta"));
            fold_delta(state, at, &p, fields, issues);
        }
        Some(other) => {
            let mut p = path.to_vec();
            p.push(PathSeg::from("delta"));
            issues.push(wrong_kind(at, &p, "a delta object", other));
        }
    }
}

fn merge_logprobs(slot: &mut Option<Value>, value: &Value) {
    match (slot.as_mut(), value) {
        (_, Value::Null) => {}
        (None, v) => *slot = Some(v.clone()),
        (Some(Value::Obj(old)), Value::Obj(new)) => {
            for (k, v) in new {
                merge_field(old, k, v);
            }
        }
        (Some(old), v) => *old = v.clone(),
    }
}

/// Append a string delta (`None` for `null`); an issue when it is not a string.
fn append(
    slot: &mut Option<String>,
    at: u32,
    path: &[PathSeg],
    key: &str,
    value: &Value,
    issues: &mut Vec<Issue>,
) {
    match value {
        Value::Null => {}
        Value::Str(s) => slot.get_or_insert_with(String::new).push_str(s),
        other => {
            let mut p = path.to_vec();
            p.push(PathSeg::from(key));
            issues.push(wrong_kind(at, &p, "a string", other));
        }
    }
}

fn fold_delta(
    state: &mut Choice,
    at: u32,
    path: &[PathSeg],
    fields: &[(Name, Value)],
    issues: &mut Vec<Issue>,
) {
    for (key, value) in fields {
        match key.as_ref() {
            "role" => match value {
                Value::Null => {}
                Value::Str(s) if s.is_empty() => {}
                Value::Str(s) => state.role = Some(s.clone()),
                other => {
                    let mut p = path.to_vec();
                    p.push(PathSeg::from("role"));
                    issues.push(wrong_kind(at, &p, "a string", other));
                }
            },
            "content" => match value {
                Value::Arr(parts) => {
                    let mut p = path.to_vec();
                    p.push(PathSeg::from("content"));
                    fold_content_parts(state, at, &p, parts, issues);
                }
                other => append(&mut state.content, at, path, "content", other, issues),
            },
            "refusal" => append(&mut state.refusal, at, path, "refusal", value, issues),
            "tool_calls" => match value {
                Value::Null => {}
                Value::Arr(calls) => {
                    for (n, call) in calls.iter().enumerate() {
                        let mut p = path.to_vec();
                        p.extend([PathSeg::from("tool_calls"), PathSeg::Index(n as u32)]);
                        fold_call(state, at, &p, call, issues);
                    }
                }
                other => {
                    let mut p = path.to_vec();
                    p.push(PathSeg::from("tool_calls"));
                    issues.push(wrong_kind(at, &p, "an array", other));
                }
            },
            "function_call" => {
                if let Value::Obj(_) = value {
                    let (name, args) = state
                        .function_call
                        .get_or_insert_with(|| (String::new(), String::new()));
                    if let Some(n) = value.get("name").and_then(Value::as_str) {
                        if !n.is_empty() {
                            *name = n.to_owned();
                        }
                    }
                    if let Some(a) = value.get("arguments").and_then(Value::as_str) {
                        args.push_str(a);
                    }
                }
            }
            key => merge_field(&mut state.extra, key, value),
        }
    }
}

/// Content sent as typed parts (Mistral): `text` parts continue the text, `thinking` parts
/// (whose own `thinking` is a list of text parts) continue `reasoning_content`.
fn fold_content_parts(
    state: &mut Choice,
    at: u32,
    path: &[PathSeg],
    parts: &[Value],
    issues: &mut Vec<Issue>,
) {
    for (n, part) in parts.iter().enumerate() {
        let mut p = path.to_vec();
        p.push(PathSeg::Index(n as u32));
        match part.get("type").and_then(Value::as_str) {
            Some("text") => match part.get("text") {
                Some(Value::Str(s)) => state.content.get_or_insert_with(String::new).push_str(s),
                other => {
                    p.push(PathSeg::from("text"));
                    issues.push(wrong_kind(
                        at,
                        &p,
                        "a string",
                        other.unwrap_or(&Value::Null),
                    ));
                }
            },
            Some("thinking") => {
                let mut text = String::new();
                match part.get("thinking") {
                    Some(Value::Arr(inner)) => {
                        for t in inner {
                            if let Some(s) = t.get("text").and_then(Value::as_str) {
                                text.push_str(s);
                            }
                        }
                    }
                    Some(Value::Str(s)) => text.push_str(s),
                    _ => {}
                }
                merge_field(&mut state.extra, "reasoning_content", &Value::Str(text));
            }
            _ => {
                let mut i = issue(
                    IssueCode::UnknownType,
                    at,
                    &p,
                    format!(
                        "a content part of type {} (text and thinking parts are folded)",
                        part.get("type").map(Value::to_json).unwrap_or_default()
                    ),
                );
                i.expected = Some("\"text\" | \"thinking\"".into());
                issues.push(i);
            }
        }
    }
}

fn fold_call(state: &mut Choice, at: u32, path: &[PathSeg], call: &Value, issues: &mut Vec<Issue>) {
    let Some(fields) = call.as_object() else {
        issues.push(wrong_kind(at, path, "a tool call delta object", call));
        return;
    };
    let index = match call.get("index") {
        Some(Value::Num(n)) if is_index(*n) => Some(*n as u32),
        None | Some(Value::Null) => None,
        Some(other) => {
            let mut p = path.to_vec();
            p.push(PathSeg::from("index"));
            issues.push(wrong_kind(at, &p, "an integer", other));
            return;
        }
    };
    let id = call
        .get("id")
        .and_then(Value::as_str)
        .filter(|s| !s.is_empty());
    let fresh = |calls: &mut Vec<Call>| {
        calls.push(Call {
            index,
            ..Call::default()
        });
        calls.len() - 1
    };
    // The call this delta continues: the last one with its index, unless it brings an id that
    // call does not have; without an index, the one with its id, or the last call.
    let slot = match index {
        Some(_) => match state.calls.iter().rposition(|c| c.index == index) {
            Some(i)
                if id.is_none()
                    || state.calls[i].id.is_none()
                    || state.calls[i].id.as_deref() == id =>
            {
                i
            }
            _ => fresh(&mut state.calls),
        },
        None => match id {
            Some(id) => match state.calls.iter().position(|c| c.id.as_deref() == Some(id)) {
                Some(i) => i,
                None => fresh(&mut state.calls),
            },
            None => match state.calls.len() {
                0 => fresh(&mut state.calls),
                n => n - 1,
            },
        },
    };
    let target = &mut state.calls[slot];
    if target.id.is_none() && id.is_none() && target.name.is_empty() && target.arguments.is_empty()
    {
        // A call's first delta says which call it is; a delta for a call that never began is
        // still folded (its id and name may come later).
        let has_name = call
            .get("function")
            .and_then(|f| f.get("name"))
            .and_then(Value::as_str)
            .is_some_and(|n| !n.is_empty());
        if !has_name {
            issues.push(issue(
                IssueCode::DeltaBeforeStart,
                at,
                path,
                "a tool call delta before the call's id and name",
            ));
        }
    }
    for (key, value) in fields {
        match key.as_ref() {
            "index" => {}
            "id" => {
                if let Some(id) = id {
                    target.id = Some(id.to_owned());
                }
            }
            "type" => {
                if let Some(t) = value.as_str().filter(|t| !t.is_empty()) {
                    target.kind = Some(t.to_owned());
                }
            }
            "function" | "custom" => match value {
                Value::Obj(f) => {
                    for (k, v) in f {
                        match (k.as_ref(), v) {
                            ("name", Value::Str(n)) if n.is_empty() => {}
                            ("name", Value::Str(n)) => target.name = n.clone(),
                            ("arguments" | "input", Value::Str(a)) => {
                                target.arguments.push_str(a);
                                let mut p = path.to_vec();
                                p.extend([PathSeg::from(key.as_ref()), PathSeg::from(k.as_ref())]);
                                target.last = (at, p);
                            }
                            ("name" | "arguments" | "input", Value::Null) => {}
                            ("name" | "arguments" | "input", other) => {
                                let mut p = path.to_vec();
                                p.extend([PathSeg::from(key.as_ref()), PathSeg::from(k.as_ref())]);
                                issues.push(wrong_kind(at, &p, "a string", other));
                            }
                            (k, v) => merge_field(&mut target.function_extra, k, v),
                        }
                    }
                }
                Value::Null => {}
                other => {
                    let mut p = path.to_vec();
                    p.push(PathSeg::from(key.as_ref()));
                    issues.push(wrong_kind(at, &p, "an object", other));
                }
            },
            key => merge_field(&mut target.extra, key, value),
        }
    }
}

/// Report what a choice left open at the end of the stream.
fn check_ended(choice: &Choice, count: u32, issues: &mut Vec<Issue>) {
    if choice.finish_reason.is_none() {
        issues.push(Issue::new(
            IssueCode::Incomplete,
            vec![PathSeg::Index(count)],
            format!(
                "the stream ended without a finish_reason for choice {} (begun at chunk {})",
                choice.index, choice.first
            ),
        ));
    }
    for call in &choice.calls {
        let (at, path) = &call.last;
        if call.id.is_none() || call.name.is_empty() {
            issues.push(Issue::new(
                IssueCode::Missing,
                vec![PathSeg::Index(count)],
                format!(
                    "tool call {} of choice {} never got its {}",
                    call.index.map(|i| i.to_string()).unwrap_or_default(),
                    choice.index,
                    if call.id.is_none() { "id" } else { "name" }
                ),
            ));
        }
        if super::partial_json::parse(&call.arguments).complete {
            continue;
        }
        let mut full = vec![PathSeg::Index(*at)];
        full.extend_from_slice(path);
        let mut i = Issue::new(
            IssueCode::InvalidJsonArguments,
            full,
            format!(
                "the arguments of tool call {} are not JSON when the stream ends",
                call.id.as_deref().unwrap_or(&call.name)
            ),
        );
        i.expected = Some("JSON text".into());
        issues.push(i);
    }
}

/// The assistant message of a choice; in a snapshot, each call's arguments also as
/// [`super::partial_input`].
fn message(choice: &Choice, snapshot: bool) -> Value {
    let mut m: Vec<(Name, Value)> = vec![
        (
            name("role"),
            Value::Str(choice.role.clone().unwrap_or_else(|| "assistant".into())),
        ),
        (
            name("content"),
            choice
                .content
                .clone()
                .map(Value::Str)
                .unwrap_or(Value::Null),
        ),
        (
            name("refusal"),
            choice
                .refusal
                .clone()
                .map(Value::Str)
                .unwrap_or(Value::Null),
        ),
    ];
    m.extend(choice.extra.iter().cloned());
    if let Some((n, a)) = &choice.function_call {
        m.push((
            name("function_call"),
            Value::Obj(vec![
                (name("name"), Value::Str(n.clone())),
                (name("arguments"), Value::Str(a.clone())),
            ]),
        ));
    }
    if !choice.calls.is_empty() {
        let calls = choice
            .calls
            .iter()
            .map(|c| {
                let kind = c.kind.clone().unwrap_or_else(|| "function".into());
                let body = if kind == "custom" {
                    "custom"
                } else {
                    "function"
                };
                let args = if body == "custom" {
                    "input"
                } else {
                    "arguments"
                };
                let mut f = vec![
                    (name("name"), Value::Str(c.name.clone())),
                    (name(args), Value::Str(c.arguments.clone())),
                ];
                f.extend(c.function_extra.iter().cloned());
                let mut call = vec![
                    (name("id"), Value::Str(c.id.clone().unwrap_or_default())),
                    (name("type"), Value::Str(kind.clone())),
                    (name(body), Value::Obj(f)),
                ];
                call.extend(c.extra.iter().cloned());
                if snapshot {
                    call.push((name(super::PARTIAL), super::partial_input(&c.arguments)));
                }
                Value::Obj(call)
            })
            .collect();
        m.push((name("tool_calls"), Value::Arr(calls)));
    }
    Value::Obj(m)
}

/// A response as a `ChatCompletion`.
fn completion(response: &Response) -> Value {
    let mut c: Vec<(Name, Value)> = vec![(name("id"), Value::Str(response.id.clone()))];
    for (k, v) in &response.envelope {
        match k.as_ref() {
            "object" => c.push((name("object"), Value::Str("chat.completion".into()))),
            _ => c.push((k.clone(), v.clone())),
        }
    }
    let choices = response
        .choices
        .iter()
        .map(|choice| {
            let mut e = vec![
                (name("index"), Value::Num(f64::from(choice.index))),
                (name("message"), message(choice, false)),
                (
                    name("finish_reason"),
                    choice.finish_reason.clone().unwrap_or(Value::Null),
                ),
                (
                    name("logprobs"),
                    choice.logprobs.clone().unwrap_or(Value::Null),
                ),
            ];
            e.extend(choice.other.iter().cloned());
            Value::Obj(e)
        })
        .collect();
    c.push((name("choices"), Value::Arr(choices)));
    Value::Obj(c)
}
