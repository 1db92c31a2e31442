//! OpenAI Chat Completions ⇄ canonical.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{parse_data_url, report_unknown, text};
use crate::tape::value::{obj, Value};
use crate::validate::quoted;

/// Text content: a string, or text parts (joined, with a loss: their boundaries are not kept).
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
            parts
                .iter()
                .filter_map(|p| text(p, "text"))
                .collect::<Vec<_>>()
                .join("")
        }
        _ => String::new(),
    }
}

/// What OpenAI takes as an image URL (the validator's rule): http(s) or `data:`.
fn is_image_url(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("data:")
}

fn data_url(media_type: &Option<String>, data: &str) -> String {
    format!(
        "data:{};base64,{data}",
        media_type.as_deref().unwrap_or("application/octet-stream")
    )
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    // Tool names by call id, to name each tool output after its call.
    let mut names: Vec<(String, String)> = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        let message = |body| Message::new(i, body);
        let documented: &[&str] = match role.as_str() {
            "assistant" => &["role", "content", "tool_calls", "refusal", "audio"],
            "tool" => &["role", "content", "tool_call_id"],
            _ => &["role", "content"],
        };
        for key in v
            .as_object()
            .map(|o| o.iter().map(|(k, _)| k.clone()).collect::<Vec<_>>())
            .unwrap_or_default()
        {
            if !documented.contains(&key.as_ref()) {
                losses.push(Loss::new(
                    i,
                    &[&key],
                    loss::DROPPED_FIELD,
                    format!("{} has no place in the target", quoted(&key)),
                ));
            }
        }
        match role.as_str() {
            "system" | "developer" => out.push(message(Body::Instructions {
                text: content_text(v, i, losses),
                developer: role == "developer",
            })),
            "user" => {
                let parts = match v.get("content") {
                    Some(Value::Str(s)) => vec![Part::Text(s.clone())],
                    Some(Value::Arr(parts))
                        if parts.len() == 1
                            && text(&parts[0], "type").as_deref() == Some("text") =>
                    {
                        losses.push(Loss::new(
                            i,
                            &["content"],
                            loss::DROPPED_FIELD,
                            "a single text part is written back as a string",
                        ));
                        vec![Part::Text(text(&parts[0], "text").unwrap_or_default())]
                    }
                    Some(Value::Arr(parts)) => parts
                        .iter()
                        .filter_map(|p| user_part(p, i, losses))
                        .collect(),
                    _ => Vec::new(),
                };
                out.push(message(Body::UserInput { parts }));
            }
            "assistant" => {
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
                if v.get("content").is_some_and(|c| !c.is_null()) {
                    out.push(message(Body::Reply {
                        text: content_text(v, i, losses),
                    }));
                }
                let has_content = v.get("content").is_some_and(|c| !c.is_null());
                if !has_content && !v.has("tool_calls") {
                    losses.push(Loss::new(
                        i,
                        &[],
                        loss::UNSUPPORTED_MESSAGE,
                        "an assistant message with neither content nor tool calls is not carried",
                    ));
                }
                if let Some(calls) = v.get("tool_calls").and_then(Value::as_array) {
                    let calls: Vec<Call> = calls
                        .iter()
                        .map(|c| {
                            let f = c.get("function").cloned().unwrap_or(Value::Null);
                            report_unknown(c, &["id", "type", "function"], i, &["tool_calls"], "an OpenAI tool call", losses);
                            report_unknown(&f, &["name", "arguments"], i, &["tool_calls", "function"], "an OpenAI tool call's function", losses);
                            let raw = text(&f, "arguments").unwrap_or_default();
                            // Validation has checked this is the JSON text of an object.
                            let args = Value::parse(&raw).unwrap_or(Value::Null);
                            if args.to_json() != raw {
                                losses.push(Loss::new(i, &["tool_calls", "function", "arguments"], loss::DROPPED_FIELD, "the arguments' JSON text is kept as its value; its spacing is not"));
                            }
                            let call = Call { id: text(c, "id").unwrap_or_default(), name: text(&f, "name").unwrap_or_default(), args: Some(args) };
                            names.push((call.id.clone(), call.name.clone()));
                            call
                        })
                        .collect();
                    let mut m = message(Body::ToolCalls { calls });
                    if v.get("content").is_some_and(|c| !c.is_null()) {
                        // One OpenAI message held both: say so, so that converting back joins
                        // them again (a Kernel custom property on the tool-calls message).
                        m.carried.push((CONTINUES.into(), Value::Bool(true)));
                    }
                    out.push(m);
                }
            }
            "tool" => {
                let call_id = text(v, "tool_call_id");
                let name = call_id
                    .as_ref()
                    .and_then(|id| names.iter().rev().find(|(c, _)| c == id))
                    .map(|(_, n)| n.clone());
                out.push(message(Body::ToolOutputs {
                    outputs: vec![Output {
                        call_id,
                        name,
                        output: Value::Str(content_text(v, i, losses)),
                        error: None,
                    }],
                }));
            }
            _ => {}
        }
    }
    out
}

fn user_part(p: &Value, i: usize, losses: &mut Vec<Loss>) -> Option<Part> {
    match text(p, "type").as_deref() {
        Some("text") => {
            report_unknown(
                p,
                &["type", "text"],
                i,
                &["content"],
                "an OpenAI text part",
                losses,
            );
            Some(Part::Text(text(p, "text").unwrap_or_default()))
        }
        Some("image_url") => {
            let img = p.get("image_url")?;
            report_unknown(
                p,
                &["type", "image_url"],
                i,
                &["content"],
                "an OpenAI image part",
                losses,
            );
            report_unknown(
                img,
                &["url", "detail"],
                i,
                &["content", "image_url"],
                "an OpenAI image",
                losses,
            );
            if img.get("detail").is_some() {
                losses.push(Loss::new(
                    i,
                    &["content", "image_url", "detail"],
                    loss::DROPPED_FIELD,
                    "an image's detail level has no place in the target",
                ));
            }
            let url = text(img, "url").unwrap_or_default();
            Some(match parse_data_url(&url) {
                Some((media, data)) => {
                    if !media.starts_with("image/") {
                        losses.push(Loss::new(
                            i,
                            &["content", "image_url"],
                            loss::DROPPED_FIELD,
                            "data that is not an image is written back as a file part",
                        ));
                    }
                    Part::File {
                        source: ImageSource::Base64(data),
                        media_type: Some(media),
                        filename: None,
                    }
                }
                None => Part::File {
                    source: ImageSource::Url(url),
                    media_type: None,
                    filename: None,
                },
            })
        }
        Some("file") => {
            let f = p.get("file")?;
            report_unknown(
                p,
                &["type", "file"],
                i,
                &["content"],
                "an OpenAI file part",
                losses,
            );
            report_unknown(
                f,
                &["file_data", "file_id", "filename"],
                i,
                &["content", "file"],
                "an OpenAI file",
                losses,
            );
            match text(f, "file_data").as_deref().and_then(parse_data_url) {
                Some((media, data)) => Some({
                    if media.starts_with("image/") {
                        losses.push(Loss::new(
                            i,
                            &["content", "file"],
                            loss::DROPPED_FIELD,
                            "an image sent as a file part is written back as an image_url part",
                        ));
                    }
                    Part::File {
                        source: ImageSource::Base64(data),
                        media_type: Some(media),
                        filename: text(f, "filename"),
                    }
                }),
                None => {
                    losses.push(Loss::new(
                        i,
                        &["content", "file"],
                        loss::DROPPED_FIELD,
                        if f.has("file_data") {
                            "file data that is not a base64 data: URL has no place in the target"
                        } else {
                            "a file given by id (not inline data) has no place in the target"
                        },
                    ));
                    None
                }
            }
        }
        _ => {
            losses.push(Loss::new(
                i,
                &["content"],
                loss::DROPPED_FIELD,
                "an audio part has no place in the target",
            ));
            None
        }
    }
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    // Tool names by call id: a tool message is named after its call, and names nothing else.
    let mut names: Vec<(&str, &str)> = Vec::new();
    for (n, m) in msgs.iter().enumerate() {
        let i = m.source;
        // A message that is not carried at all gets one loss (below), not one per field.
        let carried_at_all = !matches!(
            m.body,
            Body::Reasoning { .. } | Body::Log { .. } | Body::Other { .. }
        );
        if carried_at_all && (m.id.is_some() || m.timestamp.is_some()) {
            losses.push(Loss::new(
                i,
                &["id"],
                loss::DROPPED_FIELD,
                "OpenAI messages carry no id or timestamp",
            ));
        }
        for (key, _) in m
            .carried
            .iter()
            .filter(|(k, _)| carried_at_all && (k != CONTINUES || !continues(m)))
        {
            losses.push(Loss::new(
                i,
                &[key],
                loss::DROPPED_FIELD,
                format!("OpenAI messages have no place for {}", quoted(key)),
            ));
        }
        match &m.body {
            Body::Instructions { text, developer } => {
                out.push(obj([
                    (
                        "role",
                        Value::from(if *developer { "developer" } else { "system" }),
                    ),
                    ("content", Value::from(text)),
                ]));
            }
            Body::UserInput { parts } => {
                // A URL OpenAI cannot take (a swarm image string that is neither base64 nor an
                // http(s) URL) is reported, not written as an invalid image part.
                let sendable: Vec<&Part> = parts
                    .iter()
                    .filter(|p| match p {
                        Part::File {
                            source: ImageSource::Url(url),
                            ..
                        } if !is_image_url(url) => {
                            losses.push(Loss::new(
                                i,
                                &["content"],
                                loss::DROPPED_FIELD,
                                format!("{} is not an http(s) or data: URL, which OpenAI image parts need", quoted(url)),
                            ));
                            false
                        }
                        _ => true,
                    })
                    .collect();
                let content = match sendable.as_slice() {
                    [Part::Text(t)] => Value::from(t),
                    [] => {
                        losses.push(Loss::new(
                            i,
                            &["content"],
                            loss::DROPPED_FIELD,
                            "an input with neither text nor files is written as an empty text",
                        ));
                        Value::from("")
                    }
                    _ => Value::Arr(sendable.iter().map(|p| part(p, i, losses)).collect()),
                };
                out.push(obj([("role", Value::from("user")), ("content", content)]));
            }
            Body::Reply { text } => out.push(obj([
                ("role", Value::from("assistant")),
                ("content", Value::from(text)),
            ])),
            Body::ToolCalls { calls } => {
                let tool_calls: Vec<Value> = calls
                    .iter()
                    .map(|c| {
                        names.push((&c.id, &c.name));
                        let args = match &c.args {
                            Some(a) => a.to_json(),
                            None => {
                                losses.push(Loss::new(
                                    i,
                                    &["calls", "args"],
                                    loss::DROPPED_FIELD,
                                    "absent args are written as {}",
                                ));
                                "{}".into()
                            }
                        };
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
                    .collect();
                // A reply and the calls that follow it from the same message are one message.
                let merged = n > 0
                    && (msgs[n - 1].source == i || continues(m))
                    && matches!(msgs[n - 1].body, Body::Reply { .. });
                match out.last_mut() {
                    Some(prev) if merged => prev.set("tool_calls", Value::Arr(tool_calls)),
                    _ => out.push(obj([
                        ("role", Value::from("assistant")),
                        ("content", Value::Null),
                        ("tool_calls", Value::Arr(tool_calls)),
                    ])),
                }
            }
            Body::ToolOutputs { outputs } => {
                if outputs.is_empty() {
                    losses.push(Loss::new(
                        i,
                        &["results"],
                        loss::UNSUPPORTED_MESSAGE,
                        "an empty list of tool results is no OpenAI message",
                    ));
                }
                for o in outputs {
                    let Some(call_id) = &o.call_id else {
                        losses.push(Loss::new(i, &["results", "callId"], loss::UNSUPPORTED_MESSAGE, "an OpenAI tool message needs the call id; a result without one is not carried"));
                        continue;
                    };
                    let called = names.iter().rev().find(|(c, _)| c == call_id);
                    if o.name.is_some() && o.name.as_deref() != called.map(|(_, n)| *n) {
                        losses.push(Loss::new(
                            i,
                            &["results", "name"],
                            loss::DROPPED_FIELD,
                            "an OpenAI tool message has no tool name; it is not its call's",
                        ));
                    }
                    let content = super::output_text(o, i, losses, "OpenAI");
                    out.push(obj([
                        ("role", Value::from("tool")),
                        ("tool_call_id", Value::from(call_id)),
                        ("content", Value::from(content)),
                    ]));
                }
            }
            Body::Reasoning { .. } => losses.push(Loss::new(
                i,
                &[],
                loss::UNSUPPORTED_MESSAGE,
                "OpenAI Chat has no reasoning message",
            )),
            Body::Log { .. } => losses.push(Loss::new(
                i,
                &[],
                loss::UNSUPPORTED_MESSAGE,
                "OpenAI Chat has no log message",
            )),
            Body::Other { .. } => losses.push(Loss::new(
                i,
                &[],
                loss::UNSUPPORTED_MESSAGE,
                "a message type OpenAI Chat has no place for",
            )),
        }
    }
    out
}

fn part(p: &Part, i: usize, losses: &mut Vec<Loss>) -> Value {
    match p {
        Part::Text(t) => obj([("type", Value::from("text")), ("text", Value::from(t))]),
        Part::File {
            source,
            media_type,
            filename,
        } => {
            let is_image = media_type
                .as_deref()
                .is_none_or(|m| m.starts_with("image/"));
            match source {
                ImageSource::Url(url) => image_part(url.clone()),
                ImageSource::Base64(data) if is_image => {
                    if filename.is_some() {
                        losses.push(Loss::new(
                            i,
                            &["files", "filename"],
                            loss::DROPPED_FIELD,
                            "an OpenAI image part has no file name",
                        ));
                    }
                    if media_type.is_none() {
                        losses.push(Loss::new(
                            i,
                            &["files", "mimeType"],
                            loss::DROPPED_FIELD,
                            "a file without a media type is sent as an octet-stream image",
                        ));
                    }
                    image_part(data_url(media_type, data))
                }
                ImageSource::Base64(data) => {
                    let mut file = obj([("file_data", Value::from(data_url(media_type, data)))]);
                    if let Some(name) = filename {
                        file.set("filename", Value::from(name));
                    }
                    obj([("type", Value::from("file")), ("file", file)])
                }
            }
        }
    }
}

/// The carried mark of tool calls that shared an OpenAI message with the reply before them.
const CONTINUES: &str = "continues";

fn continues(m: &Message) -> bool {
    m.carried
        .iter()
        .any(|(k, v)| k == CONTINUES && *v == Value::Bool(true))
}

fn image_part(url: String) -> Value {
    obj([
        ("type", Value::from("image_url")),
        ("image_url", obj([("url", Value::from(url))])),
    ])
}
