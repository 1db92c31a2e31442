//! OpenAI Chat Completions ⇄ canonical.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{parse_data_url, report_unknown, text};
use crate::formats::Format;
use crate::tape::value::{obj, Value};
use crate::validate::{quoted, PathSeg};

/// Text content: a string, or text parts (joined, with a loss: their boundaries are not kept;
/// a part that is not text, a refusal, is reported).
fn content_text(v: &Value, index: usize, losses: &mut Vec<Loss>) -> String {
    match v.get("content") {
        Some(Value::Str(s)) => s.clone(),
        Some(Value::Arr(parts)) => {
            losses.push(Loss::new(
                index,
                &["content"],
                loss::DROPPED_FIELD,
                "text parts are joined into one text",
            ));
            let mut out = String::new();
            for (j, p) in parts.iter().enumerate() {
                match text(p, "type").as_deref() {
                    Some("text") => out.push_str(&text(p, "text").unwrap_or_default()),
                    _ => losses.push(Loss::at(
                        index,
                        nth(&keys(&["content"]), j),
                        loss::DROPPED_FIELD,
                        "a part that is not text has no place in the target",
                    )),
                }
            }
            out
        }
        _ => String::new(),
    }
}

/// The text of a content that is a list of one text part (with nothing the part does not
/// document: the reader reports that).
fn lone_text_part(v: &Value) -> Option<String> {
    match v.get("content").and_then(Value::as_array)?.as_slice() {
        [p] if text(p, "type").as_deref() == Some("text") => text(p, "text"),
        _ => None,
    }
}

/// A `data:` URL of a media type [`super::writable_media_type`] gave (or none: octet-stream).
fn data_url(media_type: Option<&str>, data: &str) -> String {
    super::data_url(media_type.unwrap_or("application/octet-stream"), data)
}

/// The mark of an assistant message with tool calls and no `content` key (OpenAI writes
/// `content: null` otherwise, as the API does).
const NO_CONTENT: &str = "no_content";

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    // Tool names by call id, to name each tool output after its call.
    let mut names = super::pairing::CallNames::default();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        report_undocumented(v, i, &role, losses);
        match role.as_str() {
            "system" | "developer" => {
                let lone = lone_text_part(v);
                let text = match &lone {
                    Some(t) => {
                        if let Some(p) = v
                            .get("content")
                            .and_then(Value::as_array)
                            .and_then(|l| l.first())
                        {
                            let at = nth(&keys(&["content"]), 0);
                            let shape = &crate::formats::openai::TEXT_PART;
                            report_unknown(p, shape, i, &at, "an OpenAI text part", losses);
                        }
                        t.clone()
                    }
                    None => content_text(v, i, losses),
                };
                let developer = role == "developer";
                let mut m = Message::new(i, Format::OpenAI, Body::Instructions { text, developer });
                if lone.is_some() {
                    m.set_mark(LISTED, Value::Bool(true), keys(&["content"]));
                }
                out.push(m);
            }
            "user" => out.push(read_user(v, i, losses)),
            "assistant" => read_assistant(v, i, &mut names, &mut out, losses),
            "tool" => out.push(read_tool(v, i, &names, losses)),
            _ => {}
        }
    }
    out
}

/// Reports what the role does not document, and a participant's name (documented, and no
/// target has a place for it).
fn report_undocumented(v: &Value, i: usize, role: &str, losses: &mut Vec<Loss>) {
    use crate::formats::openai as f;
    let documented = match role {
        "assistant" => &f::ASSISTANT,
        "tool" => &f::TOOL,
        "user" => &f::USER,
        "developer" => &f::DEVELOPER,
        _ => &f::SYSTEM,
    };
    report_unknown(v, documented, i, &[], "an OpenAI message", losses);
    if v.has("name") {
        losses.push(Loss::new(
            i,
            &["name"],
            loss::DROPPED_FIELD,
            "a participant's name has no place in the target",
        ));
    }
}

/// A user message: a string, or a list of parts.
fn read_user(v: &Value, i: usize, losses: &mut Vec<Loss>) -> Message {
    let mut items = Vec::new();
    let parts = match v.get("content") {
        Some(Value::Str(s)) => {
            items.push(keys(&["content"]));
            vec![Part::Text(s.clone())]
        }
        Some(Value::Arr(list)) => {
            let mut parts = Vec::new();
            let mut details = Vec::new();
            for (j, p) in list.iter().enumerate() {
                let at = nth(&keys(&["content"]), j);
                if let Some(part) = user_part(p, i, &at, losses) {
                    if let Some(d) = p.get("image_url").and_then(|u| u.get("detail")) {
                        details.push((
                            parts.len(),
                            d.clone(),
                            under(&at, &["image_url", "detail"]),
                        ));
                    }
                    parts.push(part);
                    items.push(at);
                }
            }
            let listed = matches!(parts.as_slice(), [Part::Text(_)]);
            let mut m =
                Message::new(i, Format::OpenAI, Body::UserInput { parts }).at(Vec::new(), items);
            if listed {
                m.set_mark(LISTED, Value::Bool(true), keys(&["content"]));
            }
            for (k, detail, at) in details {
                m.add_options(Some(k), image_detail(detail), at);
            }
            return m;
        }
        _ => Vec::new(),
    };
    Message::new(i, Format::OpenAI, Body::UserInput { parts }).at(Vec::new(), items)
}

/// An image's `detail` as the AI SDK's provider option for it, which `@ai-sdk/openai` writes
/// as the detail: `{ openai: { imageDetail } }`.
fn image_detail(detail: Value) -> Value {
    obj([(OPENAI, obj([(IMAGE_DETAIL, detail)]))])
}

/// The key of an image's detail in the AI SDK's OpenAI provider options.
const IMAGE_DETAIL: &str = "imageDetail";

/// The detail of item `k` of `m`, when its provider options are exactly an image detail (what
/// the OpenAI reader gives): the options then have their place in the image part.
fn detail_of(m: &Message, k: usize) -> Option<&ProviderOptions> {
    m.options_of(Some(k)).find(|o| {
        matches!(&o.value, Value::Obj(p) if p.len() == 1 && p[0].0 == OPENAI
            && matches!(&p[0].1, Value::Obj(d) if d.len() == 1 && d[0].0 == IMAGE_DETAIL && d[0].1.as_str().is_some()))
    })
}

/// An assistant message: a reply, tool calls, or a reply and the calls that continue it.
fn read_assistant(
    v: &Value,
    i: usize,
    names: &mut super::pairing::CallNames,
    out: &mut Vec<Message>,
    losses: &mut Vec<Loss>,
) {
    for key in ["refusal", "audio"] {
        if v.get(key).is_some_and(|x| !x.is_null()) {
            losses.push(Loss::new(
                i,
                &[key],
                loss::DROPPED_FIELD,
                format!("an assistant's {key} has no place in the target"),
            ));
        }
    }
    let has_content = v.get("content").is_some_and(|c| !c.is_null());
    let calls = v.get("tool_calls").and_then(Value::as_array);
    if has_content {
        let at = if calls.is_some() {
            keys(&["content"])
        } else {
            Vec::new()
        };
        let text = content_text(v, i, losses);
        out.push(Message::new(i, Format::OpenAI, Body::Reply { text }).at(at, Vec::new()));
    }
    if !has_content && calls.is_none() {
        losses.push(Loss::new(
            i,
            &[],
            loss::UNSUPPORTED_MESSAGE,
            "an assistant message with neither content nor tool calls is not carried",
        ));
    }
    let Some(list) = calls else {
        keep_nulls(v, i, out);
        return;
    };
    let mut items = Vec::new();
    let calls: Vec<Call> = list
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let (call, at) = read_tool_call(c, k, i, losses);
            items.push(at);
            names.push(&call.id, &call.name);
            call
        })
        .collect();
    let at = if has_content {
        keys(&["tool_calls"])
    } else {
        Vec::new()
    };
    let mut m = Message::new(i, Format::OpenAI, Body::ToolCalls { calls }).at(at, items);
    if has_content {
        // The calls continue the reply: converting back puts them in one message
        // again.
        m.set_mark(CONTINUES, Value::Bool(true), keys(&["tool_calls"]));
    } else if !v.has("content") {
        m.set_mark(NO_CONTENT, Value::Bool(true), keys(&["content"]));
    }
    out.push(m);
    keep_nulls(v, i, out);
}

/// The `k`th tool call of message `i`, and its path.
fn read_tool_call(c: &Value, k: usize, i: usize, losses: &mut Vec<Loss>) -> (Call, Path) {
    use crate::formats::openai::{TOOL_CALL, TOOL_CALL_FUNCTION};
    let (at, f) = super::function_call(
        c,
        k,
        i,
        (&TOOL_CALL, &TOOL_CALL_FUNCTION),
        ("an OpenAI tool call", "an OpenAI tool call's function"),
        losses,
    );
    let raw = f
        .get("arguments")
        .and_then(Value::as_str)
        .unwrap_or_default();
    // Validation has checked this is the JSON text of an object.
    let (args, read) = match Value::parse(raw) {
        Ok(args) => (args, true),
        Err(_) => (Value::Null, false),
    };
    // Written back, is it the same text? (A scan tells, unless an escape or a number other
    // than a short integer needs the value written out.)
    let same = match crate::json_text::as_written(raw) {
        Some(same) if read => same,
        _ => args.to_json() == raw,
    };
    if !same {
        losses.push(Loss::at(
            i,
            under(&at, &["function", "arguments"]),
            loss::DROPPED_FIELD,
            "the arguments' JSON text is kept as its value; its spacing is not",
        ));
    }
    let call = Call {
        id: text(c, "id").unwrap_or_default(),
        name: text(f, "name").unwrap_or_default(),
        args: Some(args),
    };
    (call, at)
}

/// A tool message: one output, named after its call.
fn read_tool(
    v: &Value,
    i: usize,
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Message {
    let call_id = text(v, "tool_call_id");
    let name = call_id
        .as_ref()
        .and_then(|id| names.get(id))
        .map(str::to_string);
    Message::new(
        i,
        Format::OpenAI,
        Body::ToolOutputs {
            outputs: vec![Output {
                call_id,
                name,
                output: Value::Str(content_text(v, i, losses)),
                error: None,
            }],
        },
    )
    .at(Vec::new(), vec![Vec::new()])
}

/// An assistant's optional fields that the API reads as absent when null; an explicit null
/// is what the source wrote, so it rides as a mark of the field's name (on the message's first
/// canonical message) and the OpenAI writer writes it again.
const NULLABLE: &[&str] = &["refusal", "audio"];

fn keep_nulls(v: &Value, i: usize, out: &mut [Message]) {
    // The messages of source `i` are the last ones read: the first of them is found from the
    // end (a search from the start made a conversation's reading quadratic in its length).
    let ours = out.iter().rev().take_while(|m| m.source == i).count();
    if ours == 0 {
        return;
    }
    let first = &mut out[out.len() - ours];
    for key in NULLABLE {
        if v.get(key).is_some_and(Value::is_null) {
            first.set_mark(key, Value::Null, keys(&[key]));
        }
    }
}

fn user_part(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) -> Option<Part> {
    match text(p, "type").as_deref() {
        Some("text") => {
            report_unknown(
                p,
                &crate::formats::openai::TEXT_PART,
                i,
                at,
                "an OpenAI text part",
                losses,
            );
            Some(Part::Text(text(p, "text").unwrap_or_default()))
        }
        Some("image_url") => read_image_part(p, i, at, losses),
        Some("file") => read_file_part(p, i, at, losses),
        _ => {
            lose(
                i,
                losses,
                at.to_vec(),
                "an audio part has no place in the target",
            );
            None
        }
    }
}

/// Reports a dropped field of message `i`.
fn lose(i: usize, losses: &mut Vec<Loss>, path: Path, detail: &'static str) {
    losses.push(Loss::at(i, path, loss::DROPPED_FIELD, detail));
}

/// An `image_url` part: bytes from a `data:` URL, or a URL.
fn read_image_part(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) -> Option<Part> {
    let img = p.get("image_url")?;
    report_unknown(
        p,
        &crate::formats::openai::IMAGE_PART,
        i,
        at,
        "an OpenAI image part",
        losses,
    );
    let at_img = under(at, &["image_url"]);
    report_unknown(
        img,
        &crate::formats::openai::IMAGE_URL_OBJECT,
        i,
        &at_img,
        "an OpenAI image",
        losses,
    );
    let url = text(img, "url").unwrap_or_default();
    Some(match parse_data_url(&url) {
        Some((media, data)) => {
            if !media.starts_with("image/") {
                lose(
                    i,
                    losses,
                    at.to_vec(),
                    "data that is not an image is written back as a file part",
                );
            }
            Part::file(ImageSource::Base64(data), Some(media), None)
        }
        None => Part::file(ImageSource::Url(url), None, None),
    })
}

/// A `file` part: bytes from a `data:` URL, or a provider's file id.
fn read_file_part(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) -> Option<Part> {
    let f = p.get("file")?;
    report_unknown(
        p,
        &crate::formats::openai::FILE_PART,
        i,
        at,
        "an OpenAI file part",
        losses,
    );
    let at_file = under(at, &["file"]);
    report_unknown(
        f,
        &crate::formats::openai::FILE_OBJECT,
        i,
        &at_file,
        "an OpenAI file",
        losses,
    );
    let data = text(f, "file_data");
    match (data.as_deref().map(parse_data_url), text(f, "file_id")) {
        (Some(Some((media, data))), id) => {
            if media.starts_with("image/") {
                lose(
                    i,
                    losses,
                    at.to_vec(),
                    "an image sent as a file part is written back as an image_url part",
                );
            }
            if id.is_some() {
                lose(
                    i,
                    losses,
                    under(&at_file, &["file_id"]),
                    "a file part with data and an id is written with its data alone",
                );
            }
            Some(Part::file(
                ImageSource::Base64(data),
                Some(media),
                text(f, "filename"),
            ))
        }
        (None, Some(id)) => Some(Part::file_id(OPENAI, id, text(f, "filename"))),
        _ => {
            lose(
                i,
                losses,
                at.to_vec(),
                if f.has("file_data") {
                    "file data that is not a base64 data: URL has no place in the target"
                } else {
                    "a file part with neither data nor id has no place in the target"
                },
            );
            None
        }
    }
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    // Tool names by call id: a tool message is named after its call, and names nothing else.
    let mut names = super::pairing::CallNames::default();
    for (n, m) in msgs.iter().enumerate() {
        if let Some(what) = m.body.kind_chats_lack() {
            losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                format!("OpenAI Chat has no {what} message"),
            ));
            continue;
        }
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "OpenAI messages carry no id or timestamp",
            ));
        }
        let mut used: Vec<&str> = Vec::new();
        // The items whose image detail is written in their part.
        let mut details: Vec<usize> = Vec::new();
        match &m.body {
            Body::Instructions { text, developer } => {
                let content = if m.marked(LISTED) {
                    used.push(LISTED);
                    Value::Arr(vec![obj([
                        ("type", Value::from("text")),
                        ("text", Value::from(text)),
                    ])])
                } else {
                    Value::from(text)
                };
                out.push(obj([
                    (
                        "role",
                        Value::from(if *developer { "developer" } else { "system" }),
                    ),
                    ("content", content),
                ]));
            }
            Body::UserInput { parts } => {
                let user = write_user(m, parts, losses, &mut details);
                if m.marked(LISTED) && user.get("content").is_some_and(|c| c.as_array().is_some()) {
                    used.push(LISTED);
                }
                out.push(user);
            }
            Body::Reply { text } => {
                if !reply_after_calls(&mut out, msgs, n, text, losses, &mut used) {
                    out.push(obj([
                        ("role", Value::from("assistant")),
                        ("content", Value::from(text)),
                    ]));
                }
            }
            Body::ToolCalls { calls } => {
                let tool_calls = write_tool_calls(m, calls, &mut names, losses);
                push_tool_calls(&mut out, msgs, n, tool_calls, &mut used);
            }
            Body::ToolOutputs { outputs } => {
                write_tool_outputs(&mut out, m, outputs, &names, losses)
            }
            Body::Reasoning { .. }
            | Body::RedactedReasoning { .. }
            | Body::Log { .. }
            | Body::Other { .. } => {}
        }
        if matches!(m.body, Body::Reply { .. } | Body::ToolCalls { .. }) {
            write_nulls(&mut out, m, &mut used);
        }
        // An image's detail written in its part is no loss.
        let detail_written = |o: &ProviderOptions| {
            o.item.is_some_and(|k| {
                details.contains(&k) && detail_of(m, k).is_some_and(|d| std::ptr::eq(d, o))
            })
        };
        super::report_rest_but(m, &used, losses, Format::OpenAI, &detail_written);
    }
    out
}

/// A user message: one text as a string, anything else as parts.
fn write_user(
    m: &Message,
    parts: &[Part],
    losses: &mut Vec<Loss>,
    details: &mut Vec<usize>,
) -> Value {
    let mut sendable: Vec<(usize, &Part)> = Vec::new();
    for (k, p) in parts.iter().enumerate() {
        match p {
            // A URL OpenAI cannot take (a swarm image string that is neither base64
            // nor an http(s) URL) is reported, not written as an invalid part.
            Part::File {
                source: ImageSource::Url(url),
                ..
            } if !crate::validate::is_image_url(url) => {
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!(
                        "{} is not an http(s) or data: URL, which OpenAI image parts need",
                        quoted(url)
                    ),
                ));
            }
            Part::FileId { refs, .. } if !refs.iter().any(|(p, _)| p == OPENAI) => {
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!(
                        "an OpenAI file part takes an OpenAI file id; {} is none",
                        refs_text(refs)
                    ),
                ));
            }
            Part::File {
                source: ImageSource::Text(_),
                ..
            } => {
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    "OpenAI has no part for a plain-text document",
                ));
            }
            _ => sendable.push((k, p)),
        }
    }
    let content = match sendable.as_slice() {
        [(_, Part::Text(t))] if !m.marked(LISTED) => Value::from(t),
        [] => {
            losses.push(m.loss(
                What::Message,
                loss::DROPPED_FIELD,
                "an input with neither text nor files is written as an empty text",
            ));
            Value::from("")
        }
        _ => Value::Arr(
            sendable
                .iter()
                .map(|(k, p)| part(m, *k, p, losses, details))
                .collect(),
        ),
    };
    obj([("role", Value::from("user")), ("content", content)])
}

/// Tool calls as OpenAI's, remembering each call's name for its tool message.
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
            let args = arguments_text(m, k, c, losses);
            obj([
                ("id", Value::from(&c.id)),
                ("type", Value::from("function")),
                (
                    "function",
                    obj([
                        ("name", Value::from(&c.name)),
                        ("arguments", Value::from(args)),
                    ]),
                ),
            ])
        })
        .collect()
}

/// A call's arguments as the JSON text of an object (`{}` when they are not one).
fn arguments_text(m: &Message, k: usize, c: &Call, losses: &mut Vec<Loss>) -> String {
    match &c.args {
        Some(a @ Value::Obj(_)) => a.to_json(),
        Some(other) => {
            losses.push(m.loss(
                What::Field(k, Field::Args),
                loss::DROPPED_FIELD,
                format!(
                    "OpenAI arguments are the JSON text of an object; {} is written as {{}}",
                    other.to_json()
                ),
            ));
            "{}".into()
        }
        None => {
            losses.push(m.loss(
                What::Field(k, Field::Args),
                loss::DROPPED_FIELD,
                "absent args are written as {}",
            ));
            "{}".into()
        }
    }
}

/// A reply after tool calls of the same message (Anthropic and the AI SDK keep their order)
/// is the content of the calls' message when it has none: written apart, it would stand
/// between the calls and their tool messages, which the API refuses. An OpenAI assistant's
/// content comes before its calls, so its place is reported (`part_order`). Whether it was.
fn reply_after_calls(
    out: &mut [Value],
    msgs: &[Message],
    n: usize,
    text: &str,
    losses: &mut Vec<Loss>,
    used: &mut Vec<&str>,
) -> bool {
    let m = &msgs[n];
    let joins = n > 0
        && (super::same_message(&msgs[n - 1], m) || m.marked(CONTINUES))
        && matches!(msgs[n - 1].body, Body::ToolCalls { .. });
    let Some(prev) = out.last_mut().filter(|p| {
        joins && p.get("tool_calls").is_some() && p.get("content").is_none_or(Value::is_null)
    }) else {
        return false;
    };
    if prev.get("content").is_some() {
        prev.set("content", Value::from(text));
    } else {
        // (No `content` key: the calls' mark `no_content`.) Written in its place, first.
        if let Value::Obj(entries) = prev {
            entries.insert(1, ("content".into(), Value::from(text)));
        }
    }
    used.push(CONTINUES);
    losses.push(m.loss(
        What::Message,
        loss::PART_ORDER,
        "an OpenAI assistant message holds its text before its tool calls: the text after the calls is written as the content of their message, and reads back before them",
    ));
    true
}

/// A reply and the calls that follow it from the same message are one message; other calls
/// are an assistant message of their own.
fn push_tool_calls(
    out: &mut Vec<Value>,
    msgs: &[Message],
    n: usize,
    tool_calls: Vec<Value>,
    used: &mut Vec<&str>,
) {
    let m = &msgs[n];
    let merged = n > 0
        && (super::same_message(&msgs[n - 1], m) || m.marked(CONTINUES))
        && matches!(msgs[n - 1].body, Body::Reply { .. });
    match out.last_mut() {
        Some(prev) if merged => {
            used.push(CONTINUES);
            // (Calls before the reply, whose message the reply joined, come first.)
            match prev.get_mut("tool_calls") {
                Some(Value::Arr(before)) => before.extend(tool_calls),
                _ => prev.set("tool_calls", Value::Arr(tool_calls)),
            }
        }
        _ => {
            let mut o = obj([("role", Value::from("assistant"))]);
            if m.marked(NO_CONTENT) {
                used.push(NO_CONTENT);
            } else {
                o.set("content", Value::Null);
            }
            o.set("tool_calls", Value::Arr(tool_calls));
            out.push(o);
        }
    }
}

/// Tool outputs: one tool message each, for those with a call id.
fn write_tool_outputs(
    out: &mut Vec<Value>,
    m: &Message,
    outputs: &[Output],
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) {
    if outputs.is_empty() {
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "an empty list of tool results is no OpenAI message",
        ));
    }
    for (k, o) in outputs.iter().enumerate() {
        let Some(call_id) = &o.call_id else {
            losses.push(m.loss(What::Item(k), loss::UNSUPPORTED_MESSAGE, "an OpenAI tool message needs the call id; a result without one (and no call at its position to pair it with) is not carried"));
            continue;
        };
        let called = names.get(call_id);
        if o.name.is_some() && o.name.as_deref() != called {
            losses.push(m.loss(
                What::Field(k, Field::Name),
                loss::DROPPED_FIELD,
                "an OpenAI tool message has no tool name; it is not its call's",
            ));
        }
        let content = super::output_text(m, k, o, losses, Format::OpenAI);
        out.push(obj([
            ("role", Value::from("tool")),
            ("tool_call_id", Value::from(call_id)),
            ("content", Value::from(content)),
        ]));
    }
}

/// The assistant's explicit nulls ([`NULLABLE`]), written again on the message just written.
fn write_nulls(out: &mut [Value], m: &Message, used: &mut Vec<&str>) {
    if let Some(o) = out.last_mut() {
        for key in NULLABLE {
            if m.mark(key).is_some_and(Value::is_null) {
                o.set(key, Value::Null);
                used.push(key);
            }
        }
    }
}

/// Part `k` of `m` as OpenAI's; written as an image, with its detail ([`detail_of`]), and
/// then `k` is noted in `details`.
fn part(
    m: &Message,
    k: usize,
    p: &Part,
    losses: &mut Vec<Loss>,
    details: &mut Vec<usize>,
) -> Value {
    let mut written = file_or_text_part(m, k, p, losses);
    let detail = detail_of(m, k).and_then(|o| o.value.get(OPENAI)?.get(IMAGE_DETAIL).cloned());
    if let (Some(mut img @ Value::Obj(_)), Some(d)) = (written.get("image_url").cloned(), detail) {
        img.set("detail", d);
        written.set("image_url", img);
        details.push(k);
    }
    written
}

fn file_or_text_part(m: &Message, k: usize, p: &Part, losses: &mut Vec<Loss>) -> Value {
    match p {
        Part::Text(t) => obj([("type", Value::from("text")), ("text", Value::from(t))]),
        Part::FileId {
            refs,
            filename,
            media_type,
        } => {
            let id = refs
                .iter()
                .find(|(p, _)| p == OPENAI)
                .map_or("", |(_, id)| id.as_str());
            if refs.len() > 1 {
                losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!(
                        "an OpenAI file part holds one file id; of {} only OpenAI's is written",
                        refs_text(refs)
                    ),
                ));
            }
            if media_type.is_some() {
                losses.push(m.loss(
                    What::Field(k, Field::MediaType),
                    loss::DROPPED_FIELD,
                    "an OpenAI file part by id has no media type",
                ));
            }
            let mut file = obj([("file_id", Value::from(id))]);
            if let Some(name) = filename {
                file.set("filename", Value::from(name));
            }
            obj([("type", Value::from("file")), ("file", file)])
        }
        Part::File {
            source,
            media_type,
            filename,
            ..
        } => {
            // A media type that cannot stand in a data: URL is sent as none, reported once.
            let typed = super::writable_media_type(media_type);
            let untyped = media_type.is_none();
            if let (Some(mt), None, ImageSource::Base64(_)) = (media_type, typed, source) {
                losses.push(m.loss(
                    What::Field(k, Field::MediaType),
                    loss::CHANGED_VALUE,
                    format!("{} is no media type a data: URL can carry; the file is sent as one without", quoted(mt)),
                ));
            }
            let is_image = typed.is_some_and(|m| m.starts_with("image/"));
            match source {
                ImageSource::Url(url) => {
                    // An image part has no media type; a file at a URL that is not an image
                    // is sent as one all the same.
                    match media_type.as_deref() {
                        Some(mt) if mt.starts_with("image/") => losses.push(m.loss(
                            What::Field(k, Field::MediaType),
                            loss::DROPPED_FIELD,
                            "an OpenAI image part by URL has no media type",
                        )),
                        Some(mt) => losses.push(m.loss(
                            What::Item(k),
                            loss::CHANGED_VALUE,
                            format!(
                                "OpenAI takes files by URL only as image parts; this {} file is written as one",
                                quoted(mt)
                            ),
                        )),
                        None => {}
                    }
                    if filename.is_some() {
                        losses.push(m.loss(
                            What::Field(k, Field::Filename),
                            loss::DROPPED_FIELD,
                            "an OpenAI image part has no file name",
                        ));
                    }
                    image_part(url.clone())
                }
                ImageSource::Base64(data) if is_image => {
                    if filename.is_some() {
                        losses.push(m.loss(
                            What::Field(k, Field::Filename),
                            loss::DROPPED_FIELD,
                            "an OpenAI image part has no file name",
                        ));
                    }
                    image_part(data_url(typed, data))
                }
                ImageSource::Base64(data) if typed.is_none() && sniff_image(data).is_some() => {
                    let found = sniff_image(data);
                    if untyped {
                        // (The part's: read back, it is a file of that type, which may be
                        // another kind of part.)
                        losses.push(m.loss(
                            What::Item(k),
                            loss::CHANGED_VALUE,
                            format!(
                            "a file without a media type is sent as the image its bytes are ({})",
                            found.unwrap_or("")
                        ),
                        ));
                    }
                    if filename.is_some() {
                        losses.push(m.loss(
                            What::Field(k, Field::Filename),
                            loss::DROPPED_FIELD,
                            "an OpenAI image part has no file name",
                        ));
                    }
                    image_part(data_url(found, data))
                }
                // Left out by `write_user`, reported there.
                ImageSource::Text(text) => {
                    obj([("type", Value::from("text")), ("text", Value::from(text))])
                }
                ImageSource::Base64(data) => {
                    // A file of unknown type is sent as a file part (OpenAI refuses an image
                    // part that is not an image), typed application/octet-stream.
                    if untyped {
                        losses.push(m.loss(What::Field(k, Field::MediaType), loss::CHANGED_VALUE, "a file without a media type is sent as an application/octet-stream file part"));
                    }
                    let mut file = obj([("file_data", Value::from(data_url(typed, data)))]);
                    if let Some(name) = filename {
                        file.set("filename", Value::from(name));
                    }
                    obj([("type", Value::from("file")), ("file", file)])
                }
            }
        }
    }
}

fn image_part(url: String) -> Value {
    obj([
        ("type", Value::from("image_url")),
        ("image_url", obj([("url", Value::from(url))])),
    ])
}

/// The image type of base64 data by its first bytes (PNG, JPEG, GIF, WebP), for files that
/// name no media type: OpenAI takes images only with an image type.
pub(crate) fn sniff_image(data: &str) -> Option<&'static str> {
    let head = data.get(..data.len().min(16) / 4 * 4)?;
    let bytes = crate::validate::base64_decode(head.as_bytes()).ok()?;
    match bytes.as_slice() {
        [0x89, b'P', b'N', b'G', ..] => Some("image/png"),
        [0xff, 0xd8, 0xff, ..] => Some("image/jpeg"),
        [b'G', b'I', b'F', b'8', ..] => Some("image/gif"),
        [b'R', b'I', b'F', b'F', _, _, _, _, b'W', b'E', b'B', b'P', ..] => Some("image/webp"),
        _ => None,
    }
}
