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
//! What the canonical model has no field for is carried: the `agentName` (as `author`, unless it
//! is [`DEFAULT_AGENT`], the value converting back would give anyway), a `mode` other than the
//! role's upstream default, and the entries of `payload`. In the other direction the carried
//! fields of a message go into `payload`, so that converting back restores them.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{parse_data_url, report_unknown, text};
use crate::tape::value::{obj, Name, Value};
use crate::validate::{base64_check, quoted};

/// The `agentName` written when the source carries no author (an empty name is not valid).
pub const DEFAULT_AGENT: &str = "agent";

/// Carried keys this mapping reads back: the agent's name, a mode that is not the default,
/// how the images were written, and the mark of tool calls that continue the reply before them
/// (the same mark the OpenAI mapping uses).
const AUTHOR: &str = "author";
const MODE: &str = "mode";
const IMAGES: &str = "images";
const CONTINUES: &str = "continues";
const PAYLOAD: &str = "payload";

/// The documented keys of an `IModelMessage`, in the shape's order.
const DOCUMENTED: &[&str] = &[
    "role",
    "agentName",
    "content",
    "mode",
    "tool_calls",
    "images",
    "tool_call_id",
    "payload",
];

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
fn image(v: &Value) -> Part {
    let (source, media_type) = match v {
        Value::Str(s) => match parse_data_url(s) {
            Some((media, data)) => (ImageSource::Base64(data), Some(media)),
            None if s.contains(':') || base64_check(s.as_bytes()).is_err() => {
                (ImageSource::Url(s.clone()), None)
            }
            None => (ImageSource::Base64(s.clone()), None),
        },
        other => (
            ImageSource::Base64(text(other, "$bytes").unwrap_or_default()),
            None,
        ),
    };
    Part::File {
        source,
        media_type,
        filename: None,
    }
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    // Tool names by call id, to name each tool output after its call.
    let mut names: Vec<(String, String)> = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        let message = |body, carried| Message {
            source: i,
            body,
            id: None,
            timestamp: None,
            carried,
        };
        if role == "flush" || role == "resque" {
            out.push(message(
                Body::Other {
                    format: "swarm",
                    value: v.clone(),
                },
                Vec::new(),
            ));
            continue;
        }
        let content = text(v, "content").unwrap_or_default();
        let mut carried: Vec<(Name, Value)> = Vec::new();
        let agent = text(v, "agentName").unwrap_or_default();
        if agent != DEFAULT_AGENT {
            carried.push((AUTHOR.into(), Value::from(agent)));
        }
        let mode = text(v, "mode").unwrap_or_default();
        if mode != default_mode(&role) {
            carried.push((MODE.into(), Value::from(mode)));
        }
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
        for (key, x) in v.as_object().into_iter().flatten() {
            if !DOCUMENTED.contains(&key.as_ref()) {
                losses.push(Loss::new(
                    i,
                    &[key],
                    loss::DROPPED_FIELD,
                    format!(
                        "{} is carried, and comes back into swarm inside payload",
                        quoted(key)
                    ),
                ));
                carried.push((key.clone(), x.clone()));
            }
        }
        let calls = if role == "assistant" {
            v.get("tool_calls").and_then(Value::as_array)
        } else {
            None
        };
        // The payload's entries are carried one by one where that reads back the same;
        // otherwise (null, empty, or a key this mapping reads) the payload is carried whole.
        let continues_allowed = calls.is_some() && content.is_empty();
        match v.get(PAYLOAD) {
            None => {}
            Some(Value::Obj(entries))
                if !entries.is_empty()
                    && entries.iter().all(|(k, _)| {
                        ![PAYLOAD, AUTHOR, MODE, IMAGES].contains(&k.as_ref())
                            && (k != CONTINUES || continues_allowed)
                            && !carried.iter().any(|(c, _)| c == k)
                    }) =>
            {
                carried.extend(entries.iter().cloned())
            }
            Some(p) => carried.push((PAYLOAD.into(), p.clone())),
        }
        match role.as_str() {
            "system" | "developer" => out.push(message(
                Body::Instructions {
                    text: content,
                    developer: role == "developer",
                },
                carried,
            )),
            "user" => {
                let images = v.get("images").and_then(Value::as_array);
                let mut parts = Vec::new();
                if !content.is_empty() || images.is_none_or(|l| l.is_empty()) {
                    parts.push(Part::Text(content));
                }
                parts.extend(images.into_iter().flatten().map(image));
                match images {
                    Some(list) if list.is_empty() => {
                        carried.push((IMAGES.into(), Value::Arr(Vec::new())))
                    }
                    // Base64 strings, none of them a URL: converting back would write bytes.
                    Some(list)
                        if list
                            .iter()
                            .all(|x| matches!(x, Value::Str(s) if !s.contains(':'))) =>
                    {
                        carried.push((IMAGES.into(), Value::from("string")))
                    }
                    _ => {}
                }
                out.push(message(Body::UserInput { parts }, carried));
            }
            "assistant" => {
                let Some(calls) = calls else {
                    out.push(message(Body::Reply { text: content }, carried));
                    continue;
                };
                let calls: Vec<Call> = calls
                    .iter()
                    .map(|c| {
                        let f = c.get("function").cloned().unwrap_or(Value::Null);
                        report_unknown(
                            c,
                            &["id", "type", "function"],
                            i,
                            &["tool_calls"],
                            "a swarm tool call",
                            losses,
                        );
                        report_unknown(
                            &f,
                            &["name", "arguments"],
                            i,
                            &["tool_calls", "function"],
                            "a swarm tool call's function",
                            losses,
                        );
                        let call = Call {
                            id: text(c, "id").unwrap_or_default(),
                            name: text(&f, "name").unwrap_or_default(),
                            args: f.get("arguments").cloned(),
                        };
                        names.push((call.id.clone(), call.name.clone()));
                        call
                    })
                    .collect();
                if content.is_empty() {
                    out.push(message(Body::ToolCalls { calls }, carried));
                } else {
                    out.push(message(Body::Reply { text: content }, carried));
                    out.push(message(
                        Body::ToolCalls { calls },
                        vec![(CONTINUES.into(), Value::Bool(true))],
                    ));
                }
            }
            "tool" => {
                let call_id = text(v, "tool_call_id");
                let name = call_id
                    .as_ref()
                    .and_then(|id| names.iter().rev().find(|(c, _)| c == id))
                    .map(|(_, n)| n.clone());
                out.push(message(
                    Body::ToolOutputs {
                        outputs: vec![Output {
                            call_id,
                            name,
                            output: Value::Str(content),
                            error: None,
                        }],
                    },
                    carried,
                ));
            }
            _ => {}
        }
    }
    out
}

/// The carried fields of a message, sorted into what swarm has a field for and the payload.
struct Head {
    agent: String,
    mode: Option<String>,
    images: Option<Value>,
    continues: bool,
    payload: Vec<(Name, Value)>,
}

fn head(m: &Message, agent: &str) -> Head {
    let mut h = Head {
        agent: agent.into(),
        mode: None,
        images: None,
        continues: false,
        payload: Vec::new(),
    };
    let mut author = false;
    for (k, v) in &m.carried {
        match (k.as_ref(), v) {
            // An empty name is a valid swarm `agentName`: kept, not replaced by the default.
            (AUTHOR, Value::Str(s)) if !author => {
                author = true;
                h.agent = s.clone();
            }
            (MODE, Value::Str(s)) if h.mode.is_none() && (s == "user" || s == "tool") => {
                h.mode = Some(s.clone())
            }
            (IMAGES, x)
                if h.images.is_none()
                    && matches!(m.body, Body::UserInput { .. })
                    && (*x == Value::from("string") || *x == Value::Arr(Vec::new())) =>
            {
                h.images = Some(x.clone())
            }
            (CONTINUES, Value::Bool(true)) if matches!(m.body, Body::ToolCalls { .. }) => {
                h.continues = true;
                h.payload.push((k.clone(), v.clone()));
            }
            _ => h.payload.push((k.clone(), v.clone())),
        }
    }
    h
}

/// The payload for carried entries (see `to_canonical` for the other direction).
fn payload(entries: Vec<(Name, Value)>, index: usize, losses: &mut Vec<Loss>) -> Option<Value> {
    if let [(k, v)] = entries.as_slice() {
        let whole = match v {
            Value::Null => true,
            Value::Obj(e) => e.is_empty() || e.iter().any(|(k, _)| k == PAYLOAD),
            _ => false,
        };
        if k == PAYLOAD && whole {
            return Some(v.clone());
        }
    }
    if entries.is_empty() {
        return None;
    }
    if entries.iter().any(|(k, _)| k == PAYLOAD) {
        // Every entry reads back inside the one named payload, not as itself.
        for (k, _) in &entries {
            losses.push(Loss::new(
                index,
                &[k],
                loss::DROPPED_FIELD,
                "beside a carried property named payload, carried properties are kept inside payload, but do not read back the same",
            ));
        }
    }
    Some(Value::Obj(entries))
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
    let mut names: Vec<(String, String)> = Vec::new();
    for (n, m) in msgs.iter().enumerate() {
        let i = m.source;
        let unsupported = match &m.body {
            Body::Reasoning { .. } | Body::Log { .. } => true,
            Body::Other { format, .. } => *format != "swarm",
            _ => false,
        };
        if unsupported {
            losses.push(Loss::new(
                i,
                &[],
                loss::UNSUPPORTED_MESSAGE,
                "swarm has no such message",
            ));
            continue;
        }
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(Loss::new(
                i,
                &["id"],
                loss::DROPPED_FIELD,
                "swarm messages carry no id or timestamp",
            ));
        }
        let mut h = head(m, agent);
        let mut o = match &m.body {
            Body::Instructions { text, developer } => message(
                if *developer { "developer" } else { "system" },
                &h,
                text.clone(),
            ),
            Body::Reply { text } => message("assistant", &h, text.clone()),
            Body::UserInput { parts } => {
                let (content, images) = user_input(parts, &h, i, losses);
                let mut o = message("user", &h, content);
                if let Some(images) = images {
                    o.set("images", images);
                }
                o
            }
            Body::ToolCalls { calls } => {
                let tool_calls: Vec<Value> = calls
                    .iter()
                    .map(|c| {
                        names.push((c.id.clone(), c.name.clone()));
                        super::object_call(c, i, losses, "swarm")
                    })
                    .collect();
                // A reply and the calls that continue it are one assistant message, unless the
                // calls carry more than the mark or the reply is empty (swarm reads an empty
                // content with calls as calls alone).
                let merges = n > 0
                    && (msgs[n - 1].source == i || h.continues)
                    && h.payload.iter().all(|(k, _)| k == CONTINUES)
                    && matches!(&msgs[n - 1].body, Body::Reply { text } if !text.is_empty());
                if merges {
                    if let Some(prev) = out.last_mut().filter(|p| {
                        text(p, "role").as_deref() == Some("assistant") && !p.has("tool_calls")
                    }) {
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
                        continue;
                    }
                }
                let mut o = message("assistant", &h, String::new());
                o.set("tool_calls", Value::Arr(tool_calls));
                o
            }
            Body::ToolOutputs { outputs } => {
                if outputs.is_empty() {
                    losses.push(Loss::new(
                        i,
                        &["results"],
                        loss::UNSUPPORTED_MESSAGE,
                        "an empty list of tool results is no swarm message",
                    ));
                }
                let payload = payload(std::mem::take(&mut h.payload), i, losses);
                for r in outputs {
                    let mut o = message("tool", &h, super::output_text(r, i, losses, "swarm"));
                    if let (Some(name), Some(id)) = (&r.name, &r.call_id) {
                        let called = names.iter().rev().find(|(c, _)| c == id).map(|(_, n)| n);
                        if called != Some(name) {
                            losses.push(Loss::new(
                                i,
                                &["results", "name"],
                                loss::DROPPED_FIELD,
                                "a swarm tool message has no tool name; it is not its call's",
                            ));
                        }
                    } else if r.name.is_some() {
                        losses.push(Loss::new(
                            i,
                            &["results", "name"],
                            loss::DROPPED_FIELD,
                            "a swarm tool message has no tool name",
                        ));
                    }
                    if let Some(id) = &r.call_id {
                        o.set("tool_call_id", Value::from(id));
                    }
                    if let Some(p) = &payload {
                        o.set(PAYLOAD, p.clone());
                    }
                    out.push(o);
                }
                continue;
            }
            // A swarm history reset, kept whole (the others were reported above).
            Body::Other { value, .. } => {
                out.push(value.clone());
                continue;
            }
            Body::Reasoning { .. } | Body::Log { .. } => continue,
        };
        if let Some(p) = payload(std::mem::take(&mut h.payload), i, losses) {
            o.set(PAYLOAD, p);
        }
        out.push(o);
    }
    out
}

/// A user input's content and images. Images are bytes unless one of them needs a string (a
/// URL, or a media type kept in a `data:` URL) or the source wrote base64 strings: swarm images
/// are all of one kind.
fn user_input(
    parts: &[Part],
    h: &Head,
    i: usize,
    losses: &mut Vec<Loss>,
) -> (String, Option<Value>) {
    let mut content: Option<String> = None;
    let mut files: Vec<(&ImageSource, &Option<String>)> = Vec::new();
    for part in parts {
        match part {
            Part::Text(t) => {
                if content.is_some() {
                    losses.push(Loss::new(
                        i,
                        &["content"],
                        loss::DROPPED_FIELD,
                        "a swarm message holds one text; a further text part is not carried",
                    ));
                    continue;
                }
                if !files.is_empty() {
                    losses.push(Loss::new(
                        i,
                        &["content"],
                        loss::DROPPED_FIELD,
                        "a swarm message's text comes before its images; the part order is not kept",
                    ));
                }
                content = Some(t.clone());
            }
            Part::File {
                source,
                media_type,
                filename,
            } => {
                if filename.is_some() {
                    losses.push(Loss::new(
                        i,
                        &["files", "filename"],
                        loss::DROPPED_FIELD,
                        "a swarm image has no file name",
                    ));
                }
                let image = media_type
                    .as_deref()
                    .is_none_or(|m| m.starts_with("image/") || m == "application/octet-stream");
                if !image {
                    losses.push(Loss::new(
                        i,
                        &["files"],
                        loss::DROPPED_FIELD,
                        format!(
                            "swarm carries images only, not {}",
                            media_type.as_deref().unwrap_or("")
                        ),
                    ));
                    continue;
                }
                files.push((source, media_type));
            }
        }
    }
    match (&content, files.is_empty(), &h.images) {
        (None, true, _) => losses.push(Loss::new(
            i,
            &["content"],
            loss::DROPPED_FIELD,
            "an input with neither text nor images is written with empty content (an empty text)",
        )),
        (Some(t), false, _) if t.is_empty() => losses.push(Loss::new(
            i,
            &["content"],
            loss::DROPPED_FIELD,
            "an empty text beside images is not kept (swarm content is always a string)",
        )),
        _ => {}
    }
    let strings = h.images == Some(Value::from("string"))
        || files
            .iter()
            .any(|(s, mt)| matches!(s, ImageSource::Url(_)) || mt.is_some());
    let images: Vec<Value> = files
        .iter()
        .map(|(source, media_type)| match (source, media_type) {
            (ImageSource::Url(url), _) => Value::from(url),
            (ImageSource::Base64(data), Some(mt)) => {
                Value::from(format!("data:{mt};base64,{data}"))
            }
            (ImageSource::Base64(data), None) if strings => Value::from(data),
            (ImageSource::Base64(data), None) => obj([("$bytes", Value::from(data))]),
        })
        .collect();
    let images = if images.is_empty() {
        (h.images == Some(Value::Arr(Vec::new()))).then(|| Value::Arr(Vec::new()))
    } else {
        Some(Value::Arr(images))
    };
    (content.unwrap_or_default(), images)
}
