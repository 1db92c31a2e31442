//! agent-swarm-kit `IModelMessage` ⇄ canonical.
//!
//! - `user` + `images` ⇄ user input (text first, then the images);
//! - `system` / `developer` ⇄ instructions;
//! - `assistant` ⇄ a reply, tool calls, or both (a reply, then the calls marked as continuing it,
//!   as the OpenAI mapping does);
//! - one `tool` message per output ⇄ tool outputs (each output is named after its call);
//! - `flush` / `resque` have no meaning elsewhere: they travel whole as [`Body::Other`], come back
//!   unchanged into swarm and are reported by every other target.
//!
//! What the canonical model has no field for is kept: the `agentName` (the mark `author`,
//! unless it is [`DEFAULT_AGENT`], the value converting back would give anyway), a `mode` other
//! than the role's upstream default (`mode`), how the images were written (`images`), a
//! `payload` that is null or empty (`payload`); the entries of `payload` are the user's extra
//! properties. In the other direction extra properties go into `payload`, and the marks swarm
//! has no field for into the payload's reserved entry (`agentMessages`), so that converting
//! back restores them.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{one_of_each, parse_data_url, read_reserved, reserved_value, text};
use crate::formats::Format;
use crate::tape::value::{obj, Value};
use crate::validate::{base64_check, quoted};

/// The `agentName` written when the source carries no author (an empty name is not valid).
pub const DEFAULT_AGENT: &str = "agent";

/// Marks this mapping reads and writes: the agent's name, a mode that is not the default, how
/// the images were written, a payload that holds no entries, and the mark of tool calls that
/// continue the reply before them (the same mark the OpenAI mapping uses).
const AUTHOR: &str = "author";
const MODE: &str = "mode";
const IMAGES: &str = "images";
const PAYLOAD: &str = "payload";

/// The marks the swarm reader gives from the message's own fields (a reserved entry of one of
/// these names is reported, not read: the fields are the truth).
pub(crate) const OWN_MARKS: &[&str] = &[AUTHOR, MODE, IMAGES, PAYLOAD];

/// Upstream's `mode` for a role: a user message is `"user"`, everything else `"tool"`.
fn default_mode(role: &str) -> &'static str {
    if role == "user" {
        "user"
    } else {
        "tool"
    }
}

/// A swarm image: bytes, a `data:` URL, or a string: base64 if it is standard padded base64,
/// otherwise a URL (or some other reference: what is not base64 is never sent as bytes).
/// Whether the reader reads an image string (not a `data:` URL) as base64: one with no colon
/// (so no scheme) that is base64; any other is a URL.
fn is_base64_image(s: &str) -> bool {
    !s.as_bytes().contains(&b':') && base64_check(s.as_bytes()).is_ok()
}

fn image(v: &Value) -> Part {
    let (source, media_type) = match v {
        Value::Str(s) => match parse_data_url(s) {
            Some((media, data)) => (ImageSource::Base64(data), Some(media)),
            None if !is_base64_image(s) => (ImageSource::Url(s.clone()), None),
            None => (ImageSource::Base64(s.clone()), None),
        },
        other => (
            ImageSource::Base64(text(other, "$bytes").unwrap_or_default()),
            None,
        ),
    };
    Part::file(source, media_type, None)
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    // Tool names by call id, to name each tool output after its call.
    let mut names = super::pairing::CallNames::default();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        if role == "flush" || role == "resque" {
            out.push(Message::new(
                i,
                Format::Swarm,
                Body::Other {
                    format: Format::Swarm,
                    value: v.clone(),
                },
            ));
            continue;
        }
        // The body is set below; the marks and extras first.
        let mut m = Message::new(
            i,
            Format::Swarm,
            Body::Reply {
                text: String::new(),
            },
        );
        let content = text(v, "content").unwrap_or_default();
        read_agent_and_mode(&mut m, v, &role);
        report_misplaced(v, i, &role, losses);
        read_extras(&mut m, v, losses);
        let reported = m.extra.len();
        read_payload(&mut m, v, losses);
        one_of_each(&mut m, reported, losses);
        // The payload's entries first: the properties swarm does not define come back after
        // them, inside the payload, and so do not push the entries under its reserved entry.
        let (entries, outside): (Vec<Tagged>, Vec<Tagged>) =
            m.extra.drain(..).partition(|t| t.at.len() > 1);
        m.extra = entries.into_iter().chain(outside).collect();
        match role.as_str() {
            "system" | "developer" => {
                m.body = Body::Instructions {
                    text: content,
                    developer: role == "developer",
                };
                out.push(m);
            }
            "user" => {
                read_user(&mut m, v, content);
                out.push(m);
            }
            "assistant" => match v.get("tool_calls").and_then(Value::as_array) {
                None => {
                    m.body = Body::Reply { text: content };
                    out.push(m);
                }
                Some(calls) => {
                    let (calls, items) = read_tool_calls(calls, i, &mut names, losses);
                    push_assistant(&mut out, m, content, calls, items);
                }
            },
            "tool" => {
                let call_id = text(v, "tool_call_id");
                let name = call_id
                    .as_ref()
                    .and_then(|id| names.get(id))
                    .map(str::to_string);
                m.body = Body::ToolOutputs {
                    outputs: vec![Output {
                        call_id,
                        name,
                        output: Value::Str(content),
                        error: None,
                    }],
                };
                m.items = vec![Vec::new()];
                out.push(m);
            }
            _ => {}
        }
    }
    out
}

/// The `agentName` and `mode` as marks, when they are not what converting back would give.
fn read_agent_and_mode(m: &mut Message, v: &Value, role: &str) {
    let agent = text(v, "agentName").unwrap_or_default();
    if agent != DEFAULT_AGENT {
        m.set_mark(AUTHOR, Value::from(agent), keys(&["agentName"]));
    }
    let mode = text(v, "mode").unwrap_or_default();
    if mode != default_mode(role) {
        m.set_mark(MODE, Value::from(mode), keys(&["mode"]));
    }
}

/// Reports the fields of one role found on a message of another.
fn report_misplaced(v: &Value, i: usize, role: &str, losses: &mut Vec<Loss>) {
    for (key, owner) in [
        ("tool_calls", "assistant"),
        ("images", "user"),
        ("tool_call_id", "tool"),
    ] {
        if role != owner && v.has(key) {
            losses.push(Loss::new(
                i,
                &[key],
                loss::DROPPED_FIELD,
                format!(
                    "{} on a {role} message has no place in the target",
                    quoted(key)
                ),
            ));
        }
    }
}

/// Properties swarm does not define: carried (and reported, as they come back in the payload).
fn read_extras(m: &mut Message, v: &Value, losses: &mut Vec<Loss>) {
    let mut any = false;
    for (key, x) in v.as_object().into_iter().flatten() {
        if !crate::formats::swarm::MODEL_MESSAGE.has(key) {
            any = true;
            losses.push(Loss::new(
                m.source,
                &[key],
                loss::DROPPED_FIELD,
                format!(
                    "{} is carried, and comes back into swarm inside payload",
                    quoted(key)
                ),
            ));
            m.extra
                .push(Tagged::new(key.clone(), x.clone(), under_key(&[], key)));
        }
    }
    // A payload of no entries cannot stay one once they come back inside it.
    let holds_nothing = |p: &Value| p.is_null() || *p == Value::Obj(Vec::new());
    if any && v.get(PAYLOAD).is_some_and(holds_nothing) {
        losses.push(Loss::new(
            m.source,
            &[PAYLOAD],
            loss::CHANGED_VALUE,
            "the properties swarm does not define come back inside the payload, which then holds them",
        ));
    }
}

/// The payload's entries are extra properties (its reserved entry is read); a payload that is
/// null or empty is a mark.
fn read_payload(m: &mut Message, v: &Value, losses: &mut Vec<Loss>) {
    match v.get(PAYLOAD) {
        None => {}
        Some(Value::Obj(entries)) if !entries.is_empty() => {
            for (k, x) in entries.iter() {
                if k == RESERVED {
                    let at = keys(&[PAYLOAD, RESERVED]);
                    read_reserved(x, &at, m, losses);
                } else {
                    m.extra.push(Tagged::new(
                        k.clone(),
                        x.clone(),
                        under_key(&keys(&[PAYLOAD]), k),
                    ));
                }
            }
            // The reserved object's extra properties follow the plain ones.
            let (plain, props): (Vec<Tagged>, Vec<Tagged>) = m.extra.drain(..).partition(|t| {
                t.at.get(1) != Some(&crate::validate::PathSeg::Key(RESERVED.into()))
            });
            m.extra = plain.into_iter().chain(props).collect();
        }
        Some(p) => m.set_mark(PAYLOAD, p.clone(), keys(&[PAYLOAD])),
    }
}

/// A user message: its text, then its images (how they were written is a mark).
fn read_user(m: &mut Message, v: &Value, content: String) {
    let images = v.get("images").and_then(Value::as_array);
    let mut parts = Vec::new();
    let mut items = Vec::new();
    if !content.is_empty() || images.is_none_or(|l| l.is_empty()) {
        parts.push(Part::Text(content));
        items.push(keys(&["content"]));
    }
    for (k, x) in images.into_iter().flatten().enumerate() {
        parts.push(image(x));
        items.push(nth(&keys(&["images"]), k));
    }
    match images {
        Some(list) if list.is_empty() => {
            m.set_mark(IMAGES, Value::Arr(Vec::new()), keys(&["images"]))
        }
        // Base64 strings, none of them a URL: converting back would write bytes.
        // (Where one of them is not base64, it is read as a URL, and converting
        // back writes strings anyway: the mark would say nothing.)
        Some(list)
            if list
                .iter()
                .all(|x| matches!(x, Value::Str(s) if is_base64_image(s))) =>
        {
            m.set_mark(IMAGES, Value::from("string"), keys(&["images"]))
        }
        // Base64 strings beside a URL: strings because of it. A target that leaves the URLs
        // out says so.
        Some(list)
            if list
                .iter()
                .any(|x| matches!(x, Value::Str(s) if is_base64_image(s))) =>
        {
            m.if_left_out.push(Tagged::new(
                IMAGES,
                Value::from("string"),
                keys(&["images"]),
            ))
        }
        _ => {}
    }
    m.body = Body::UserInput { parts };
    m.items = items;
}

/// An assistant message's tool calls and their paths, remembering each call's name.
fn read_tool_calls(
    calls: &[Value],
    i: usize,
    names: &mut super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> (Vec<Call>, Vec<Path>) {
    let mut items = Vec::new();
    let calls: Vec<Call> = calls
        .iter()
        .enumerate()
        .map(|(k, c)| {
            use crate::formats::swarm::{TOOL_CALL, TOOL_CALL_FUNCTION};
            let (at, f) = super::function_call(
                c,
                k,
                i,
                (&TOOL_CALL, &TOOL_CALL_FUNCTION),
                ("a swarm tool call", "a swarm tool call's function"),
                losses,
            );
            items.push(at);
            let call = Call {
                id: text(c, "id").unwrap_or_default(),
                name: text(f, "name").unwrap_or_default(),
                args: f.get("arguments").cloned(),
            };
            names.push(&call.id, &call.name);
            call
        })
        .collect();
    (calls, items)
}

/// An assistant message with tool calls: the calls, or a reply and then the calls marked as
/// continuing it.
fn push_assistant(
    out: &mut Vec<Message>,
    mut m: Message,
    content: String,
    calls: Vec<Call>,
    items: Vec<Path>,
) {
    if content.is_empty() {
        m.body = Body::ToolCalls { calls };
        m.items = items;
        out.push(m);
    } else {
        let i = m.source;
        m.body = Body::Reply { text: content };
        m.at = keys(&["content"]);
        out.push(m);
        let mut c = Message::new(i, Format::Swarm, Body::ToolCalls { calls })
            .at(keys(&["tool_calls"]), items);
        c.set_mark(CONTINUES, Value::Bool(true), keys(&["tool_calls"]));
        out.push(c);
    }
}

/// A message's marks, sorted into what swarm has a field for and the rest.
#[derive(Clone)]
struct Head<'a> {
    agent: String,
    mode: Option<String>,
    /// The `images` mark, when the message is a user input.
    images: Option<&'a Value>,
    continues: bool,
    /// A null or empty payload.
    payload: Option<&'a Value>,
    /// Marks swarm has no field for (written into the payload's reserved entry).
    rest: Vec<&'a Tagged>,
    /// Marks of swarm's own fields ([`OWN_MARKS`]) that these fields cannot say (an author
    /// that is no string or is the default, a null payload beside other entries): reported,
    /// never written into the reserved entry, whose entries of these names are not read.
    unsaid: Vec<&'a Tagged>,
}

fn head<'a>(m: &'a Message, role: &str, agent: &str) -> Head<'a> {
    let mut h = Head {
        agent: agent.into(),
        mode: None,
        images: None,
        continues: false,
        payload: None,
        rest: Vec::new(),
        unsaid: Vec::new(),
    };
    let mut author = false;
    for t in &m.marks {
        // A mark is used only where reading the message back gives it again.
        match (t.name.as_ref(), &t.value) {
            (AUTHOR, Value::Str(s)) if !author && s != DEFAULT_AGENT => {
                author = true;
                h.agent = s.clone();
            }
            (MODE, Value::Str(s))
                if h.mode.is_none() && (s == "user" || s == "tool") && s != default_mode(role) =>
            {
                h.mode = Some(s.clone())
            }
            (IMAGES, x)
                if h.images.is_none()
                    && matches!(m.body, Body::UserInput { .. })
                    && (*x == Value::from("string") || *x == Value::Arr(Vec::new())) =>
            {
                h.images = Some(x)
            }
            (CONTINUES, Value::Bool(true))
                if matches!(m.body, Body::ToolCalls { .. }) && !h.continues =>
            {
                h.continues = true;
            }
            (PAYLOAD, x)
                if h.payload.is_none() && (x.is_null() || *x == Value::Obj(Vec::new())) =>
            {
                h.payload = Some(x)
            }
            _ if super::agens::implied_step(m, t) => {}
            _ if OWN_MARKS.contains(&t.name.as_ref()) => h.unsaid.push(t),
            _ => h.rest.push(t),
        }
    }
    h
}

/// Reports the marks of swarm's own fields that the message's fields cannot say.
fn report_unsaid<'a>(
    m: &Message,
    unsaid: impl IntoIterator<Item = &'a Tagged>,
    losses: &mut Vec<Loss>,
) {
    for t in unsaid {
        losses.push(m.loss(
            What::Mark(&t.name),
            loss::DROPPED_FIELD,
            format!(
                "swarm's own fields cannot say this {} ({})",
                quoted(&t.name),
                t.value.to_json()
            ),
        ));
    }
}

/// The payload of a message: its extra properties, then the reserved entry with the marks
/// swarm has no field for (`continues` among them when the calls could not merge).
fn payload(m: &Message, h: &Head, continues_used: bool, losses: &mut Vec<Loss>) -> Option<Value> {
    let mut rest = h.rest.clone();
    let continues = m.marks.iter().find(|t| t.name == CONTINUES && h.continues);
    if let (Some(c), false) = (continues, continues_used) {
        rest.insert(0, c);
    }
    let (plain, props) = super::split_props(&m.extra, |t| t.name != RESERVED);
    let mut entries: Vec<(crate::tape::value::Name, Value)> = plain
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    // A null or empty payload, when nothing else goes into it; otherwise the payload cannot
    // say it.
    if let Some(p) = h.payload {
        if entries.is_empty() && rest.is_empty() && props.is_empty() {
            return Some(p.clone());
        }
        report_unsaid(m, m.marks.iter().find(|t| t.name == PAYLOAD), losses);
    }
    if let Some(r) = reserved_value(&rest, &props) {
        entries.push((RESERVED.into(), r));
    }
    (!entries.is_empty()).then_some(Value::Obj(entries))
}

fn message(role: &str, h: &Head, content: String) -> Value {
    obj([
        ("role", Value::from(role)),
        ("agentName", Value::from(&h.agent)),
        ("content", Value::from(content)),
        (
            "mode",
            Value::from(h.mode.as_deref().unwrap_or(default_mode(role))),
        ),
    ])
}

/// `agent` is the `agentName` of messages that carry none (the `agentName` option; by default
/// [`DEFAULT_AGENT`]).
pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, agent: &str) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let mut names = super::pairing::CallNames::default();
    for (n, m) in msgs.iter().enumerate() {
        super::report_options(m, losses, Format::Swarm);
        if is_unsupported(&m.body) {
            losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                "swarm has no such message",
            ));
            continue;
        }
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "swarm messages carry no id or timestamp",
            ));
        }
        let role = role_of(&m.body);
        let h = head(m, role, agent);
        report_unsaid(m, h.unsaid.iter().copied(), losses);
        let mut o = match &m.body {
            Body::Instructions { text, .. } => message(role, &h, text.clone()),
            Body::Reply { text } => message(role, &h, text.clone()),
            Body::UserInput { parts } => {
                out.push(write_user(m, parts, &h, losses));
                continue;
            }
            Body::ToolCalls { calls } => {
                let tool_calls = write_tool_calls(m, calls, &mut names, losses);
                if merges_into_reply(msgs, n, &h) {
                    if let Some(prev) = out.last_mut().filter(|p| {
                        text(p, "role").as_deref() == Some("assistant") && !p.has("tool_calls")
                    }) {
                        add_calls(prev, tool_calls);
                        continue;
                    }
                }
                let mut o = message(role, &h, String::new());
                o.set("tool_calls", Value::Arr(tool_calls));
                o
            }
            Body::ToolOutputs { outputs } => {
                write_tool_outputs(&mut out, m, outputs, &h, &names, losses);
                continue;
            }
            // A swarm history reset, kept whole (the others were reported above).
            Body::Other { value, .. } => {
                out.push(value.clone());
                continue;
            }
            Body::Reasoning { .. } | Body::RedactedReasoning { .. } | Body::Log { .. } => continue,
        };
        if let Some(p) = payload(m, &h, false, losses) {
            o.set(PAYLOAD, p);
        }
        out.push(o);
    }
    out
}

/// Is this a message swarm has no role for?
fn is_unsupported(body: &Body) -> bool {
    match body {
        Body::Reasoning { .. } | Body::RedactedReasoning { .. } | Body::Log { .. } => true,
        Body::Other { format, .. } => *format != Format::Swarm,
        _ => false,
    }
}

/// The swarm role of a (supported) message.
fn role_of(body: &Body) -> &'static str {
    match body {
        Body::Instructions {
            developer: true, ..
        } => "developer",
        Body::Instructions { .. } => "system",
        Body::UserInput { .. } => "user",
        Body::ToolOutputs { .. } => "tool",
        _ => "assistant",
    }
}

/// A user message: its content, images and payload.
fn write_user(m: &Message, parts: &[Part], h: &Head, losses: &mut Vec<Loss>) -> Value {
    let (content, images, images_used, left_out) = user_input(m, parts, h, losses);
    // The marks of parts left out lose those parts' entries.
    let trimmed = m.marks_without(&left_out);
    let own;
    let h = match &trimmed {
        Some(t) => {
            own = Head {
                rest: h
                    .rest
                    .iter()
                    .filter_map(|r| t.iter().find(|x| x.name == r.name))
                    .collect(),
                ..h.clone()
            };
            &own
        }
        None => h,
    };
    let mut o = message("user", h, content);
    if let Some(images) = images {
        o.set("images", images);
    }
    if !images_used {
        report_unsaid(m, m.marks.iter().find(|t| t.name == IMAGES), losses);
    }
    if let Some(p) = payload(m, h, true, losses) {
        o.set(PAYLOAD, p);
    }
    o
}

/// Tool calls as swarm's, remembering each call's name for its output.
fn write_tool_calls(
    m: &Message,
    calls: &[Call],
    names: &mut super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Vec<Value> {
    calls
        .iter()
        .enumerate()
        .map(|(k, c)| {
            names.push(&c.id, &c.name);
            super::object_call(m, k, c, losses, Format::Swarm)
        })
        .collect()
}

/// A reply and the calls that continue it are one assistant message, unless the calls carry
/// more than the mark or the reply is empty (swarm reads an empty content with calls as calls
/// alone).
fn merges_into_reply(msgs: &[Message], n: usize, h: &Head) -> bool {
    let m = &msgs[n];
    n > 0
        && (super::same_message(&msgs[n - 1], m) || h.continues)
        && m.extra.is_empty()
        && h.rest.is_empty()
        && h.payload.is_none()
        && h.mode.is_none()
        && m.mark(AUTHOR).is_none()
        && matches!(&msgs[n - 1].body, Body::Reply { text } if !text.is_empty())
}

/// Adds tool calls to the reply just written, before its payload.
fn add_calls(prev: &mut Value, tool_calls: Vec<Value>) {
    let payload = prev.as_object().and_then(|o| {
        o.iter()
            .position(|(k, _)| k == PAYLOAD)
            .map(|at| o[at].clone())
    });
    if let Value::Obj(entries) = prev {
        entries.retain(|(k, _)| k != PAYLOAD);
    }
    prev.set("tool_calls", Value::Arr(tool_calls));
    if let Some((_, p)) = payload {
        prev.set(PAYLOAD, p);
    }
}

/// Tool outputs: one tool message each.
fn write_tool_outputs(
    out: &mut Vec<Value>,
    m: &Message,
    outputs: &[Output],
    h: &Head,
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) {
    if outputs.is_empty() {
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "an empty list of tool results is no swarm message",
        ));
    }
    // The AI SDK's mark of the outputs' types, one entry per output: each message gets its own
    // entry (none for the default, `null`), so that each reads back with its type.
    let types = h.rest.iter().find_map(|t| match &t.value {
        Value::Arr(entries) if t.name == OUTPUT_TYPES && entries.len() <= outputs.len() => {
            Some((*t, entries))
        }
        _ => None,
    });
    let own: Vec<Option<Tagged>> = outputs
        .iter()
        .enumerate()
        .map(|(k, _)| {
            let (t, entries) = types?;
            let entry = entries.get(k).cloned().unwrap_or(Value::Null);
            (!entry.is_null())
                .then(|| Tagged::new(OUTPUT_TYPES, Value::Arr(vec![entry]), t.at.clone()))
        })
        .collect();
    /// `base` with output `k`'s own entry of the types mark.
    fn with_type<'b>(base: &Head<'b>, own: Option<&'b [Option<Tagged>]>, k: usize) -> Head<'b> {
        let mut h = base.clone();
        if let Some(own) = own {
            h.rest.retain(|t| t.name != OUTPUT_TYPES);
            h.rest.extend(own[k].as_ref());
        }
        h
    }
    let own = types.is_some().then_some(own.as_slice());
    let payload = payload(m, &with_type(h, own, 0), false, losses);
    // The marks of where a message begins (an Agens step's, `after_tools`) ride on the first
    // result alone: on each, every result would begin a message of its own when read back.
    // (What the first payload could not say is reported once, with it.)
    let begins = |t: &Tagged| super::agens::starts_step_mark(t) || t.name == AFTER_TOOLS;
    let mut later = h.clone();
    if h.rest.iter().any(|t| begins(t)) {
        later.unsaid.clear();
        later.rest.retain(|t| !begins(t));
    }
    let rest_payload = |k: usize| {
        if types.is_none() && later.rest.len() == h.rest.len() {
            return payload.clone();
        }
        let mut later = with_type(&later, own, k);
        later.unsaid.clear();
        self::payload(m, &later, false, &mut Vec::new())
    };
    for (k, r) in outputs.iter().enumerate() {
        let mut o = message(
            "tool",
            h,
            super::output_text(m, k, r, losses, Format::Swarm),
        );
        report_output_name(m, k, r, names, losses);
        if let Some(id) = &r.call_id {
            o.set("tool_call_id", Value::from(id));
        }
        if let Some(p) = if k == 0 {
            payload.clone()
        } else {
            rest_payload(k)
        } {
            o.set(PAYLOAD, p);
        }
        out.push(o);
    }
}

/// A swarm tool message has no tool name: a name that is not its call's is reported.
fn report_output_name(
    m: &Message,
    k: usize,
    r: &Output,
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) {
    if let (Some(name), Some(id)) = (&r.name, &r.call_id) {
        let called = names.get(id);
        if called != Some(name) {
            losses.push(m.loss(
                What::Field(k, Field::Name),
                loss::DROPPED_FIELD,
                "a swarm tool message has no tool name; it is not its call's",
            ));
        }
    } else if r.name.is_some() {
        losses.push(m.loss(
            What::Field(k, Field::Name),
            loss::DROPPED_FIELD,
            "a swarm tool message has no tool name",
        ));
    }
}

/// A user input's content and images, whether the `images` mark was used, and the parts left
/// out. Images are bytes unless one of them needs a string (a URL, or a media type kept in a
/// `data:` URL) or the source wrote base64 strings: swarm images are all of one kind.
fn user_input(
    m: &Message,
    parts: &[Part],
    h: &Head,
    losses: &mut Vec<Loss>,
) -> (String, Option<Value>, bool, Vec<usize>) {
    let mut left_out = Vec::new();
    let mut content: Option<String> = None;
    let mut files: Vec<(&ImageSource, Option<&str>)> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        match part {
            Part::Text(t) => {
                if content.is_some() {
                    losses.push(m.loss(
                        What::Item(k),
                        loss::DROPPED_FIELD,
                        "a swarm message holds one text; a further text part is not carried",
                    ));
                    left_out.push(k);
                    continue;
                }
                if !files.is_empty() {
                    losses.push(m.loss(
                        What::Item(k),
                        loss::PART_ORDER,
                        "a swarm message's text comes before its images; the text is written first",
                    ));
                }
                content = Some(t.clone());
            }
            Part::FileId { refs, .. } => {
                left_out.push(k);
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!(
                        "a swarm image is bytes or a URL, not a provider's file id ({})",
                        refs_text(refs)
                    ),
                ))
            }
            Part::File {
                source: ImageSource::Text(_),
                ..
            } => {
                left_out.push(k);
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    "a swarm image is bytes or a URL, not a plain-text document",
                ))
            }
            Part::File {
                source,
                media_type,
                filename,
                ..
            } => {
                let before = losses.len();
                let typed = image_media_type(m, k, media_type, losses);
                if let ImageSource::Url(url) = source {
                    if media_type.is_some() && losses.len() == before {
                        losses.push(m.loss(
                            What::Field(k, Field::MediaType),
                            loss::DROPPED_FIELD,
                            "a swarm image by URL is the URL alone: its media type is not carried",
                        ));
                    }
                    if is_base64_image(url) {
                        losses.push(m.loss(
                            What::Item(k),
                            loss::CHANGED_VALUE,
                            format!(
                                "a swarm image string without a scheme is base64: {} reads back as bytes, not a URL",
                                quoted(url)
                            ),
                        ));
                    }
                }
                if filename.is_some() {
                    losses.push(m.loss(
                        What::Field(k, Field::Filename),
                        loss::DROPPED_FIELD,
                        "a swarm image has no file name",
                    ));
                }
                files.push((source, typed));
            }
        }
    }
    report_empty_content(m, parts, &content, files.is_empty(), losses);
    let (images, used) = write_images(&files, h);
    (content.unwrap_or_default(), images, used, left_out)
}

/// Swarm has images only: a file of another type goes into `images` as a data: URL (what the
/// swarm reader reads as a file), reported; a media type that cannot stand in a data: URL is
/// not written. The media type written, if any.
fn image_media_type<'a>(
    m: &Message,
    k: usize,
    media_type: &'a Option<String>,
    losses: &mut Vec<Loss>,
) -> Option<&'a str> {
    let typed = super::writable_media_type(media_type);
    match (media_type.as_deref(), typed) {
        (Some(mt), None) => losses.push(m.loss(
            What::Item(k),
            loss::CHANGED_VALUE,
            format!(
                "{} is no media type a data: URL can carry; the file is written as an image without one",
                quoted(mt)
            ),
        )),
        (_, Some(mt)) if !mt.starts_with("image/") && mt != "application/octet-stream" => {
            losses.push(m.loss(
                What::Item(k),
                loss::CHANGED_VALUE,
                format!(
                    "swarm has images only: this {} file is written into images as a data: URL, which a model may refuse",
                    quoted(mt)
                ),
            ))
        }
        _ => {}
    }
    typed
}

/// Reports content swarm cannot say: no text and no images, or an empty text beside images.
fn report_empty_content(
    m: &Message,
    parts: &[Part],
    content: &Option<String>,
    no_files: bool,
    losses: &mut Vec<Loss>,
) {
    match (content, no_files) {
        (None, true) => losses.push(m.loss(
            What::Message,
            loss::DROPPED_FIELD,
            "an input with neither text nor images is written with empty content (an empty text)",
        )),
        (Some(t), false) if t.is_empty() => {
            let k = parts
                .iter()
                .position(|p| matches!(p, Part::Text(_)))
                .unwrap_or(0);
            losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                "an empty text beside images is not kept (swarm content is always a string)",
            ))
        }
        _ => {}
    }
}

/// The `images` written (all of one kind: strings where one needs it or the mark says so,
/// bytes otherwise), and whether the `images` mark was used.
fn write_images(files: &[(&ImageSource, Option<&str>)], h: &Head) -> (Option<Value>, bool) {
    let marked_strings = h.images == Some(&Value::from("string"));
    let needs_strings = files
        .iter()
        .any(|(s, mt)| matches!(s, ImageSource::Url(_)) || mt.is_some());
    let strings = marked_strings || needs_strings;
    let images: Vec<Value> = files
        .iter()
        .map(|(source, media_type)| match (source, media_type) {
            (ImageSource::Url(url), _) => Value::from(url),
            (ImageSource::Base64(data), Some(mt)) => Value::from(super::data_url(mt, data)),
            (ImageSource::Base64(data), None) if strings => Value::from(data),
            (ImageSource::Base64(data), None) => obj([("$bytes", Value::from(data))]),
            // Reported by the caller, never written.
            (ImageSource::Text(text), _) => Value::from(text),
        })
        .collect();
    // The mark reads back only where the images are base64 strings without a colon.
    let used = match h.images {
        Some(Value::Arr(_)) => images.is_empty(),
        Some(_) => {
            !images.is_empty()
                && images
                    .iter()
                    .all(|x| matches!(x, Value::Str(s) if !s.as_bytes().contains(&b':')))
        }
        None => true,
    };
    let images = if images.is_empty() {
        (used && h.images == Some(&Value::Arr(Vec::new()))).then(|| Value::Arr(Vec::new()))
    } else {
        Some(Value::Arr(images))
    };
    (images, used)
}
