//! Anthropic Messages streams: `MessageStreamEvent`s folded into the `Message` of each
//! response, as `@anthropic-ai/sdk`'s `MessageStream` (`finalMessage()`) does, with these
//! differences (each on purpose, listed in `docs/STREAMS.md`): `signature_delta`s continue the
//! signature instead of replacing it; a `compaction_delta` fills its block (as the SDK's
//! `BetaMessageStream` does); `mcp_tool_use` input streams like `tool_use` input; every field
//! of `message_delta`'s `usage` and every other field of the event is kept, not only those the
//! SDK names; a `message_start` after `message_stop` begins the next response where the SDK
//! throws; events out of order are issues where the SDK ignores them or throws.

use super::chunk::{key_is, push_text_of};
use super::{issue, partial_json, replace_field, wrong_kind, Fold, PARTIAL};
use crate::tape::value::{name, Name, Value};
use crate::tape::{TapeView, NUM, OBJ, STR};
use crate::validate::{Issue, IssueCode, PathSeg};

/// The block types whose `input` streams as `input_json_delta`s.
const INPUT_BLOCKS: &[&str] = &["tool_use", "server_tool_use", "mcp_tool_use"];

/// One content block.
struct Block {
    /// The `index` the stream gives it.
    index: u32,
    /// The block as `content_block_start` gave it, updated by its deltas (a tool input's
    /// `input` is set from `json` when the message is written).
    value: Value,
    /// The input's JSON text so far, once an `input_json_delta` came.
    json: Option<String>,
    /// The chunk of the input's last piece (its path there: `delta.partial_json`).
    last: u32,
    stopped: bool,
    start: u32,
}

/// One response.
struct Message {
    /// `message_start`'s message, without its `content` (that is `blocks`).
    value: Vec<(Name, Value)>,
    blocks: Vec<Block>,
    stopped: bool,
    start: u32,
}

/// The fold of a Messages stream.
#[derive(Default)]
pub struct EventFold {
    done: Vec<Message>,
    current: Option<Message>,
}

/// The event's `index`, or an issue.
fn index_of(event: &Value, at: u32, issues: &mut Vec<Issue>) -> Option<u32> {
    match event.get("index") {
        Some(Value::Num(n)) if *n >= 0.0 && n.fract() == 0.0 && *n <= f64::from(u32::MAX) => {
            Some(*n as u32)
        }
        Some(other) => {
            issues.push(wrong_kind(
                at,
                &[PathSeg::from("index")],
                "a non-negative integer",
                other,
            ));
            None
        }
        None => {
            issues.push(issue(
                IssueCode::Missing,
                at,
                &[PathSeg::from("index")],
                "a content block event has an index",
            ));
            None
        }
    }
}

impl Fold for EventFold {
    fn push(&mut self, at: u32, event: &Value, issues: &mut Vec<Issue>) {
        if event.as_object().is_none() {
            issues.push(wrong_kind(at, &[], "a MessageStreamEvent object", event));
            return;
        }
        let kind = match event.get("type") {
            Some(Value::Str(t)) => t.as_str(),
            Some(other) => {
                issues.push(wrong_kind(at, &[PathSeg::from("type")], "a string", other));
                return;
            }
            None => {
                issues.push(issue(
                    IssueCode::Missing,
                    at,
                    &[PathSeg::from("type")],
                    "an event has a type",
                ));
                return;
            }
        };
        match kind {
            "ping" => {}
            "error" => {
                let message = event
                    .get("error")
                    .and_then(|e| e.get("message"))
                    .and_then(Value::as_str)
                    .map(str::to_owned)
                    .unwrap_or_else(|| event.to_json());
                issues.push(issue(
                    IssueCode::StreamError,
                    at,
                    &[PathSeg::from("error")],
                    format!("the provider sent an error: {message}"),
                ));
            }
            "message_start" => self.start(at, event, issues),
            "message_delta"
            | "message_stop"
            | "content_block_start"
            | "content_block_delta"
            | "content_block_stop" => {
                let Some(message) = self.current.as_mut() else {
                    issues.push(issue(
                        IssueCode::DeltaBeforeStart,
                        at,
                        &[PathSeg::from("type")],
                        format!("a {kind} event before message_start"),
                    ));
                    return;
                };
                if message.stopped {
                    issues.push(issue(
                        IssueCode::AfterStop,
                        at,
                        &[PathSeg::from("type")],
                        format!("a {kind} event after message_stop"),
                    ));
                    return;
                }
                match kind {
                    "message_delta" => message_delta(message, at, event, issues),
                    "message_stop" => message.stopped = true,
                    "content_block_start" => block_start(message, at, event, issues),
                    "content_block_delta" => block_delta(message, at, event, issues),
                    _ => block_stop(message, at, event, issues),
                }
            }
            other => {
                let mut i = issue(
                    IssueCode::UnknownType,
                    at,
                    &[PathSeg::from("type")],
                    format!("an event of unknown type \"{other}\""),
                );
                i.expected = Some("a MessageStreamEvent type".into());
                issues.push(i);
            }
        }
    }

    fn snapshot(&self) -> Option<Value> {
        self.current.as_ref().map(|m| write(m, true))
    }

    /// A `content_block_delta` of text, thinking, signature or tool input for an open block of
    /// its kind, and nothing else in the event: appended straight from the tape.
    fn push_tape(&mut self, at: u32, tape: &TapeView, root: usize) -> bool {
        let Some(message) = self.current.as_mut().filter(|m| !m.stopped) else {
            return false;
        };
        let Some(fast) = FastDelta::read(tape, root) else {
            return false;
        };
        let Some(block) = message
            .blocks
            .iter_mut()
            .find(|b| b.index == fast.index && !b.stopped)
        else {
            return false;
        };
        let block_type = block.value.get("type").and_then(Value::as_str);
        if block_type.is_none_or(|t| !fast.takes.contains(&t)) {
            return false;
        }
        if fast.field == "partial_json" {
            let json = block.json.get_or_insert_with(String::new);
            push_text_of(tape, fast.text, json);
            block.last = at;
            return true;
        }
        match block.value.get_mut(fast.field) {
            Some(Value::Str(s)) => push_text_of(tape, fast.text, s),
            _ => {
                let mut s = String::new();
                push_text_of(tape, fast.text, &mut s);
                block.value.set(fast.field, Value::Str(s));
            }
        }
        true
    }

    fn finish(&mut self, count: u32, issues: &mut Vec<Issue>) -> Vec<Value> {
        self.done.extend(self.current.take());
        std::mem::take(&mut self.done)
            .into_iter()
            .map(|m| {
                ended(&m, count, issues);
                written(m)
            })
            .collect()
    }
}

impl EventFold {
    fn start(&mut self, at: u32, event: &Value, issues: &mut Vec<Issue>) {
        let Some(Value::Obj(fields)) = event.get("message") else {
            let found = event.get("message").unwrap_or(&Value::Null);
            issues.push(wrong_kind(
                at,
                &[PathSeg::from("message")],
                "a message object",
                found,
            ));
            return;
        };
        if let Some(current) = &self.current {
            if !current.stopped {
                let same = current
                    .value
                    .iter()
                    .find(|(k, _)| k == "id")
                    .map(|(_, v)| v)
                    == event.get("message").and_then(|m| m.get("id"));
                let mut i = issue(
                    IssueCode::DuplicateStart,
                    at,
                    &[PathSeg::from("type")],
                    format!(
                        "a message_start before the message begun at chunk {} stopped",
                        current.start
                    ),
                );
                // The same message announced again before any content: nothing to begin.
                if same && current.blocks.is_empty() {
                    i.message.push_str(" (the same message again: ignored)");
                    issues.push(i);
                    return;
                }
                i.message.push_str(" (it begins the next message)");
                issues.push(i);
            }
        }
        self.done.extend(self.current.take());
        let mut value = Vec::with_capacity(fields.len());
        let mut blocks = Vec::new();
        for (k, v) in fields {
            if k == "content" {
                // A response can come whole in `message_start` (programmatic tool calling).
                if let Value::Arr(items) = v {
                    for (n, b) in items.iter().enumerate() {
                        blocks.push(Block {
                            index: n as u32,
                            value: b.clone(),
                            json: None,
                            last: at,
                            stopped: true,
                            start: at,
                        });
                    }
                }
                value.push((k.clone(), Value::Null));
            } else {
                value.push((k.clone(), v.clone()));
            }
        }
        self.current = Some(Message {
            value,
            blocks,
            stopped: false,
            start: at,
        });
    }
}

fn message_delta(message: &mut Message, at: u32, event: &Value, issues: &mut Vec<Issue>) {
    for (key, value) in event.as_object().into_iter().flatten() {
        match (key.as_ref(), value) {
            ("type", _) => {}
            ("delta", Value::Obj(delta)) => {
                for (k, v) in delta {
                    set(&mut message.value, k, v);
                }
            }
            ("usage", Value::Obj(usage)) => {
                let slot = match message.value.iter_mut().find(|(k, _)| k == "usage") {
                    Some((_, slot)) => slot,
                    None => {
                        message.value.push((name("usage"), Value::Obj(Vec::new())));
                        &mut message.value.last_mut().expect("just pushed").1
                    }
                };
                if let Value::Obj(old) = slot {
                    for (k, v) in usage {
                        replace_field(old, k, v);
                    }
                } else {
                    *slot = value.clone();
                }
            }
            ("delta" | "usage", other) => {
                issues.push(wrong_kind(
                    at,
                    &[PathSeg::from(key.as_ref())],
                    "an object",
                    other,
                ));
            }
            (k, v) => set(&mut message.value, k, v),
        }
    }
}

/// Set a field of the message where it is, or last.
fn set(entries: &mut Vec<(Name, Value)>, key: &str, value: &Value) {
    match entries.iter_mut().find(|(k, _)| k == key) {
        Some((_, old)) => *old = value.clone(),
        None => entries.push((name(key), value.clone())),
    }
}

fn block_start(message: &mut Message, at: u32, event: &Value, issues: &mut Vec<Issue>) {
    let Some(index) = index_of(event, at, issues) else {
        return;
    };
    let block = match event.get("content_block") {
        Some(b @ Value::Obj(_)) => b,
        other => {
            let found = other.unwrap_or(&Value::Null);
            issues.push(wrong_kind(
                at,
                &[PathSeg::from("content_block")],
                "a content block object",
                found,
            ));
            return;
        }
    };
    if let Some(old) = message.blocks.iter().find(|b| b.index == index) {
        issues.push(issue(
            IssueCode::DuplicateStart,
            at,
            &[PathSeg::from("index")],
            format!("block {index} began already at chunk {}", old.start),
        ));
        return;
    }
    let next = message.blocks.len() as u32;
    if index != next {
        issues.push(issue(
            IssueCode::UnknownIndex,
            at,
            &[PathSeg::from("index")],
            format!("block {index} begins where block {next} was due"),
        ));
    }
    message.blocks.push(Block {
        index,
        value: block.clone(),
        json: None,
        last: at,
        stopped: false,
        start: at,
    });
}

/// The block an event names, or an issue: never begun, or stopped already.
fn block_of<'m>(
    message: &'m mut Message,
    at: u32,
    event: &Value,
    what: &str,
    issues: &mut Vec<Issue>,
) -> Option<&'m mut Block> {
    let index = index_of(event, at, issues)?;
    match message.blocks.iter_mut().find(|b| b.index == index) {
        None => {
            issues.push(issue(
                IssueCode::DeltaBeforeStart,
                at,
                &[PathSeg::from("index")],
                format!("a {what} for block {index}, which never began"),
            ));
            None
        }
        Some(b) if b.stopped => {
            issues.push(issue(
                IssueCode::AfterStop,
                at,
                &[PathSeg::from("index")],
                format!("a {what} for block {index}, which stopped already"),
            ));
            None
        }
        Some(b) => Some(b),
    }
}

fn block_stop(message: &mut Message, at: u32, event: &Value, issues: &mut Vec<Issue>) {
    if let Some(block) = block_of(message, at, event, "content_block_stop", issues) {
        block.stopped = true;
    }
}

/// Append `text` to the string field `key` of `block` (created when absent or `null`).
fn append(block: &mut Value, key: &str, text: &str) {
    match block.get_mut(key) {
        Some(Value::Str(s)) => s.push_str(text),
        _ => block.set(key, Value::Str(text.to_owned())),
    }
}

fn block_delta(message: &mut Message, at: u32, event: &Value, issues: &mut Vec<Issue>) {
    let Some(block) = block_of(message, at, event, "content_block_delta", issues) else {
        return;
    };
    let delta = match event.get("delta") {
        Some(d @ Value::Obj(_)) => d,
        other => {
            let found = other.unwrap_or(&Value::Null);
            issues.push(wrong_kind(
                at,
                &[PathSeg::from("delta")],
                "a delta object",
                found,
            ));
            return;
        }
    };
    let block_type = block
        .value
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_owned();
    let delta_type = delta.get("type").and_then(Value::as_str).unwrap_or("");
    // Which block type takes the delta, and which field of the delta is its text.
    let (takes, field): (&[&str], &str) = match delta_type {
        "text_delta" => (&["text"], "text"),
        "citations_delta" => (&["text"], "citation"),
        "input_json_delta" => (INPUT_BLOCKS, "partial_json"),
        "thinking_delta" => (&["thinking"], "thinking"),
        "signature_delta" => (&["thinking"], "signature"),
        "compaction_delta" => (&["compaction"], "content"),
        other => {
            let mut i = issue(
                IssueCode::UnknownType,
                at,
                &[PathSeg::from("delta"), PathSeg::from("type")],
                format!("a delta of unknown type \"{other}\""),
            );
            i.expected = Some("a content block delta type".into());
            issues.push(i);
            return;
        }
    };
    if !takes.contains(&block_type.as_str()) {
        let mut i = issue(
            IssueCode::InvalidType,
            at,
            &[PathSeg::from("delta"), PathSeg::from("type")],
            format!("a {delta_type} for a {block_type} block"),
        );
        i.expected = Some(takes.join(" | "));
        i.received = Some(block_type);
        issues.push(i);
        return;
    }
    let value = delta.get(field).unwrap_or(&Value::Null);
    let text = value.as_str();
    match delta_type {
        "citations_delta" => match value {
            Value::Obj(_) => match block.value.get_mut("citations") {
                Some(Value::Arr(list)) => list.push(value.clone()),
                _ => block
                    .value
                    .set("citations", Value::Arr(vec![value.clone()])),
            },
            other => issues.push(wrong_kind(
                at,
                &[PathSeg::from("delta"), PathSeg::from(field)],
                "an object",
                other,
            )),
        },
        "compaction_delta" => {
            // The delta carries the block's final value (null: the compaction failed).
            for (k, v) in delta.as_object().into_iter().flatten() {
                if k != "type" {
                    block.value.set(k, v.clone());
                }
            }
        }
        _ => match text {
            None => issues.push(wrong_kind(
                at,
                &[PathSeg::from("delta"), PathSeg::from(field)],
                "a string",
                value,
            )),
            Some(text) if delta_type == "input_json_delta" => {
                block.json.get_or_insert_with(String::new).push_str(text);
                block.last = at;
            }
            Some(text) => append(&mut block.value, field, text),
        },
    }
}

/// A delta event the fast path folds: `{ type: "content_block_delta", index, delta: { type,
/// <field>: string } }` with no other property and a well-formed string.
struct FastDelta {
    index: u32,
    field: &'static str,
    takes: &'static [&'static str],
    text: crate::tape::Str,
}

impl FastDelta {
    fn read(tape: &TapeView, root: usize) -> Option<FastDelta> {
        if tape.word(root) != OBJ {
            return None;
        }
        let (mut kind, mut index, mut delta) = (None, None, None);
        for (k, v) in tape.entries(root) {
            let slot = if key_is(tape, k, "type") {
                &mut kind
            } else if key_is(tape, k, "index") {
                &mut index
            } else if key_is(tape, k, "delta") {
                &mut delta
            } else {
                return None;
            };
            if slot.replace(v).is_some() {
                return None;
            }
        }
        let (kind, index, delta) = (kind?, index?, delta?);
        if tape.word(kind) != STR || !tape.str_eq(tape.str_at(kind), "content_block_delta") {
            return None;
        }
        let n = (tape.word(index) == NUM).then(|| tape.num(index))?;
        if !(n >= 0.0 && n.fract() == 0.0 && n <= f64::from(u32::MAX)) || tape.word(delta) != OBJ {
            return None;
        }
        let (mut delta_type, mut text, mut count) = (None, None, 0);
        for (k, v) in tape.entries(delta) {
            count += 1;
            if key_is(tape, k, "type") {
                delta_type = Some(v);
            } else {
                text = Some((k, v));
            }
        }
        let (delta_type, (key, text)) = (delta_type?, text?);
        if count != 2 || tape.word(delta_type) != STR || tape.word(text) != STR {
            return None;
        }
        let s = tape.str_at(text);
        if s.ill_formed() || !s.complete() {
            return None;
        }
        let dt = tape.str_at(delta_type);
        let (name, field, takes): (&str, &'static str, &'static [&'static str]) = [
            ("text_delta", "text", &["text"][..]),
            ("input_json_delta", "partial_json", INPUT_BLOCKS),
            ("thinking_delta", "thinking", &["thinking"][..]),
            ("signature_delta", "signature", &["thinking"][..]),
        ]
        .into_iter()
        .find(|(name, _, _)| tape.str_eq(dt, name))?;
        let _ = name;
        key_is(tape, key, field).then_some(FastDelta {
            index: n as u32,
            field,
            takes,
            text: s,
        })
    }
}

/// Report what a message left open at the end of the stream.
fn ended(message: &Message, count: u32, issues: &mut Vec<Issue>) {
    let end = || vec![PathSeg::Index(count)];
    for block in &message.blocks {
        if !block.stopped {
            issues.push(Issue::new(
                IssueCode::Incomplete,
                end(),
                format!(
                    "block {} (begun at chunk {}) never got its content_block_stop",
                    block.index, block.start
                ),
            ));
        }
        if let Some(json) = &block.json {
            if !json.is_empty() && !partial_json::parse(json).complete {
                let full = vec![
                    PathSeg::Index(block.last),
                    PathSeg::from("delta"),
                    PathSeg::from("partial_json"),
                ];
                let mut i = Issue::new(
                    IssueCode::InvalidJsonArguments,
                    full,
                    format!(
                        "the input of block {} is not JSON when the stream ends",
                        block.index
                    ),
                );
                i.expected = Some("JSON text".into());
                issues.push(i);
            }
        }
    }
    if !message.stopped {
        issues.push(Issue::new(
            IssueCode::Incomplete,
            end(),
            format!(
                "the message begun at chunk {} never got its message_stop",
                message.start
            ),
        ));
    }
}

/// The message as a `Message`; in a snapshot, a tool input still streaming also as
/// [`super::partial_input`].
fn write(message: &Message, snapshot: bool) -> Value {
    let content = message
        .blocks
        .iter()
        .map(|b| {
            let mut v = b.value.clone();
            if let Some(json) = &b.json {
                v.set("input", input_of(json));
                if snapshot && !b.stopped {
                    v.set(PARTIAL, super::partial_input(json));
                }
            }
            v
        })
        .collect();
    with_content(message.value.clone(), content)
}

/// The finished message, its blocks moved rather than copied.
fn written(message: Message) -> Value {
    let content = message
        .blocks
        .into_iter()
        .map(|b| {
            let mut v = b.value;
            if let Some(json) = &b.json {
                v.set("input", input_of(json));
            }
            v
        })
        .collect();
    with_content(message.value, content)
}

/// A streamed tool input's value: `{}` for no text (as the SDK reads it), else the best value.
fn input_of(json: &str) -> Value {
    if json.is_empty() {
        return Value::Obj(Vec::new());
    }
    partial_json::parse(json)
        .value
        .unwrap_or(Value::Obj(Vec::new()))
}

/// `fields` with `content` set where it stands, or last.
fn with_content(mut fields: Vec<(Name, Value)>, content: Vec<Value>) -> Value {
    match fields.iter_mut().find(|(k, _)| k == "content") {
        Some((_, slot)) => *slot = Value::Arr(content),
        None => fields.push((name("content"), Value::Arr(content))),
    }
    Value::Obj(fields)
}
