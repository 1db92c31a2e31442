//! Kernel ⇄ canonical.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{one_of_each, read_reserved, report_unknown, reserved_value, text, Fill};
use crate::formats::Format;
use crate::tape::value::{obj, Value};
use crate::validate::quoted;

/// Keys each Kernel type documents; the rest of a message is carried (custom properties).
fn documented(ty: &str) -> &'static [&'static str] {
    match ty {
        "input" => &["id", "timestamp", "type", "text", "files"],
        "reply" | "system" | "log" => &["id", "timestamp", "type", "text"],
        "reasoning" => &["id", "timestamp", "type", "title", "summary"],
        "tool-calls" => &["id", "timestamp", "type", "calls"],
        "tool-results" => &["id", "timestamp", "type", "results"],
        "tool-call" => &["id", "timestamp", "type", "name", "args"],
        "tool-result" => &["id", "timestamp", "type", "callId", "result", "error"],
        _ => &["id", "timestamp", "type"],
    }
}

/// The mark of a reasoning message that carries Anthropic's signature of its thinking.
const SIGNATURE: &str = "signature";

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let ty = text(v, "type").unwrap_or_default();
        let single = ty == "tool-call" || ty == "tool-result";
        let mut items = Vec::new();
        let Some(body) = read_body(&ty, v, i, &mut items, losses) else {
            out.push(Message::new(
                i,
                Format::Kernel,
                Body::Other {
                    format: Format::Kernel,
                    value: v.clone(),
                },
            ));
            continue;
        };
        let mut m = Message::new(i, Format::Kernel, body).at(Vec::new(), items);
        m.single = single;
        m.id = text(v, "id");
        m.timestamp = v.get("timestamp").and_then(Value::as_f64);
        read_properties(&mut m, v, &ty, losses);
        one_of_each(&mut m, 0, losses);
        read_developer(&mut m, losses);
        read_signature(&mut m, losses);
        out.push(m);
    }
    out
}

/// The body of a Kernel message of type `ty`, noting its items' paths; `None` for a type
/// Kernel does not document.
fn read_body(
    ty: &str,
    v: &Value,
    i: usize,
    items: &mut Vec<Path>,
    losses: &mut Vec<Loss>,
) -> Option<Body> {
    Some(match ty {
        "input" => read_input(v, i, items, losses),
        "reply" => Body::Reply {
            text: text(v, "text").unwrap_or_default(),
        },
        "system" => Body::Instructions {
            text: text(v, "text").unwrap_or_default(),
            developer: false,
        },
        "log" => Body::Log {
            text: text(v, "text").unwrap_or_default(),
        },
        // An empty title is none: formats without titles write that.
        "reasoning" => Body::Reasoning {
            title: text(v, "title").filter(|t| !t.is_empty()),
            text: text(v, "summary").unwrap_or_default(),
            signature: None,
        },
        "tool-calls" => read_tool_calls(v, i, items, losses),
        "tool-results" => read_tool_results(v, i, items, losses),
        "tool-call" => read_single_call(v, i, items, losses),
        "tool-result" => read_single_result(v, i, items, losses),
        _ => return None,
    })
}

/// An input: its text, then its files.
fn read_input(v: &Value, i: usize, items: &mut Vec<Path>, losses: &mut Vec<Loss>) -> Body {
    let mut parts = Vec::new();
    if let Some(t) = text(v, "text") {
        parts.push(Part::Text(t));
        items.push(keys(&["text"]));
    }
    for (k, f) in v
        .get("files")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let at = nth(&keys(&["files"]), k);
        report_unknown(
            f,
            &crate::formats::kernel::FILE_ATTACHMENT,
            i,
            &at,
            "a Kernel file",
            losses,
        );
        parts.push(Part::file(
            ImageSource::Base64(text(f, "data").unwrap_or_default()),
            text(f, "mimeType"),
            text(f, "filename"),
        ));
        items.push(at);
    }
    Body::UserInput { parts }
}

/// A tool-calls message's calls.
fn read_tool_calls(v: &Value, i: usize, items: &mut Vec<Path>, losses: &mut Vec<Loss>) -> Body {
    Body::ToolCalls {
        calls: v
            .get("calls")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(k, c)| {
                let at = nth(&keys(&["calls"]), k);
                report_unknown(
                    c,
                    &crate::formats::kernel::TOOL_CALL,
                    i,
                    &at,
                    "a Kernel tool call",
                    losses,
                );
                items.push(at);
                Call {
                    id: text(c, "id").unwrap_or_default(),
                    name: text(c, "name").unwrap_or_default(),
                    args: c.get("args").cloned(),
                }
            })
            .collect(),
    }
}

/// A tool-results message's results.
fn read_tool_results(v: &Value, i: usize, items: &mut Vec<Path>, losses: &mut Vec<Loss>) -> Body {
    Body::ToolOutputs {
        outputs: v
            .get("results")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .enumerate()
            .map(|(k, r)| {
                let at = nth(&keys(&["results"]), k);
                report_unknown(
                    r,
                    &crate::formats::kernel::TOOL_RESULT,
                    i,
                    &at,
                    "a Kernel tool result",
                    losses,
                );
                items.push(at);
                Output {
                    call_id: text(r, "callId"),
                    name: text(r, "name"),
                    output: r.get("output").cloned().unwrap_or(Value::Null),
                    error: r.get("error").cloned(),
                }
            })
            .collect(),
    }
}

/// A single tool-call message, as tool calls of one.
fn read_single_call(v: &Value, i: usize, items: &mut Vec<Path>, losses: &mut Vec<Loss>) -> Body {
    losses.push(Loss::new(
        i,
        &["type"],
        loss::DROPPED_FIELD,
        "a single tool-call message is carried as a tool-calls message",
    ));
    items.push(Vec::new());
    Body::ToolCalls {
        calls: vec![Call {
            id: text(v, "id").unwrap_or_default(),
            name: text(v, "name").unwrap_or_default(),
            args: v.get("args").cloned(),
        }],
    }
}

/// A single tool-result message, as tool outputs of one.
fn read_single_result(v: &Value, i: usize, items: &mut Vec<Path>, losses: &mut Vec<Loss>) -> Body {
    losses.push(Loss::new(
        i,
        &["type"],
        loss::DROPPED_FIELD,
        "a single tool-result message is carried as a tool-results message",
    ));
    items.push(Vec::new());
    Body::ToolOutputs {
        outputs: vec![Output {
            call_id: text(v, "callId"),
            name: None,
            output: v.get("result").cloned().unwrap_or(Value::Null),
            error: text(v, "error")
                .map(|m| obj([("name", Value::from("Error")), ("message", Value::from(m))])),
        }],
    }
}

/// The message's undocumented properties are carried, and its reserved object read; the
/// reserved object's extra properties follow the plain ones.
fn read_properties(m: &mut Message, v: &Value, ty: &str, losses: &mut Vec<Loss>) {
    let entries = v.as_object().map_or(&[][..], Vec::as_slice);
    for (k, x) in entries.iter() {
        // (An empty `files` list is carried: no part says it was there.)
        let empty_files = k == "files" && *x == Value::Arr(Vec::new());
        if k == RESERVED {
            read_reserved(x, &keys(&[RESERVED]), m, losses);
        } else if !documented(ty).contains(&k.as_ref()) || empty_files {
            m.extra
                .push(Tagged::new(k.clone(), x.clone(), under_key(&[], k)));
        }
    }
    let (plain, props): (Vec<Tagged>, Vec<Tagged>) =
        m.extra.drain(..).partition(|t| t.at.len() == 1);
    m.extra = plain.into_iter().chain(props).collect();
}

/// On a system message `developer` is Kernel's own: `true` is the developer role, anything
/// else says nothing Kernel reads (reported, not carried).
fn read_developer(m: &mut Message, losses: &mut Vec<Loss>) {
    if let Body::Instructions { developer, .. } = &mut m.body {
        *developer = m
            .marks
            .iter()
            .any(|t| t.name == DEVELOPER && t.value == Value::Bool(true));
        for t in m.marks.iter().filter(|t| t.name == DEVELOPER) {
            if t.value != Value::Bool(true) {
                losses.push(Loss::at(
                    m.source,
                    t.at.clone(),
                    loss::RESERVED_NAME,
                    format!(
                        "on a system message {} is the developer role (true); this value is not carried",
                        quoted(DEVELOPER)
                    ),
                ));
            }
        }
        m.marks.retain(|t| t.name != DEVELOPER);
    }
}

/// On a reasoning message `signature` is the thinking's signature (a string; reported and not
/// carried otherwise), read into the body.
fn read_signature(m: &mut Message, losses: &mut Vec<Loss>) {
    let Body::Reasoning { signature, .. } = &mut m.body else {
        return;
    };
    for t in m.marks.iter().filter(|t| t.name == SIGNATURE) {
        match &t.value {
            Value::Str(s) if signature.is_none() => *signature = Some(s.clone()),
            _ => losses.push(Loss::at(
                m.source,
                t.at.clone(),
                loss::RESERVED_NAME,
                format!(
                    "on a reasoning message {} is the signature of its thinking (one string); this value is not carried",
                    quoted(SIGNATURE)
                ),
            )),
        }
    }
    m.marks.retain(|t| t.name != SIGNATURE);
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    let developer = Tagged::new(DEVELOPER, Value::Bool(true), Vec::new());
    // The source of the last piece written (not left out).
    let mut written: Option<usize> = None;
    for (n, m) in msgs.iter().enumerate() {
        // A piece that continues one of its message not written continues nothing here: read
        // back, the mark would join it to a message it was not in.
        let stale = |t: &&Tagged| {
            t.name == CONTINUES && t.value == Value::Bool(true) && written != Some(m.source)
        };
        super::report_options(m, losses, Format::Kernel);
        // Kernel has no field for a signature: a mark, read back by to_canonical.
        let signed = match &m.body {
            Body::Reasoning {
                signature: Some(s), ..
            } => Some(Tagged::new(SIGNATURE, Value::from(s), Vec::new())),
            _ => None,
        };
        let (id, timestamp) = id_and_time(m, fill);
        let mut o = obj([
            ("id", Value::from(id)),
            ("timestamp", Value::from(timestamp)),
        ]);
        let left_out = match &m.body {
            Body::UserInput { parts } => match write_input(&mut o, m, parts, losses) {
                Some(left_out) => left_out,
                None => continue,
            },
            _ => Vec::new(),
        };
        let trimmed = m.marks_without(&left_out);
        let mut marks: Vec<&Tagged> = trimmed
            .as_deref()
            .unwrap_or(&m.marks)
            .iter()
            .filter(|t| !super::agens::implied_step(m, t) && !stale(t))
            .collect();
        match &m.body {
            Body::UserInput { .. } => {}
            Body::Instructions { text, developer: d } => {
                o.set("type", Value::from("system"));
                o.set("text", Value::from(text));
                drop_developer_marks(&mut marks, m, losses);
                if *d {
                    // Kernel has no developer role: a mark, read back by to_canonical.
                    marks.insert(0, &developer);
                }
            }
            Body::Reply { text } => {
                o.set("type", Value::from("reply"));
                o.set("text", Value::from(text));
            }
            Body::Log { text } => {
                o.set("type", Value::from("log"));
                o.set("text", Value::from(text));
            }
            Body::Reasoning { title, text, .. } => {
                o.set("type", Value::from("reasoning"));
                o.set("title", Value::from(title.as_deref().unwrap_or_default()));
                o.set("summary", Value::from(text));
                marks.retain(|t| t.name != SIGNATURE);
                marks.extend(signed.as_ref());
            }
            Body::RedactedReasoning { .. } => {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "redacted reasoning (opaque data) has no Kernel type",
                ));
                continue;
            }
            Body::ToolCalls { calls } => write_tool_calls(&mut o, calls),
            Body::ToolOutputs { outputs } => {
                let results: Vec<Value> = outputs.iter().map(result).collect();
                if joins_previous_results(msgs, n) {
                    if let Some(prev) = out
                        .last_mut()
                        .and_then(|p| p.get_mut("results"))
                        .and_then(Value::as_array_mut)
                    {
                        prev.extend(results);
                        written = Some(m.source);
                        continue;
                    }
                }
                o.set("type", Value::from("tool-results"));
                o.set("results", Value::Arr(results));
            }
            Body::Other {
                format: Format::Kernel,
                value,
            } => {
                out.push(value.clone());
                written = Some(m.source);
                continue;
            }
            Body::Other { format, .. } => {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    format!("a {} message Kernel has no type for", format.name()),
                ));
                continue;
            }
        }
        write_properties(&mut o, m, &marks);
        out.push(o);
        written = Some(m.source);
    }
    out
}

/// The message's id and timestamp, filled when it lacks either.
fn id_and_time(m: &Message, fill: &mut dyn Fill) -> (String, f64) {
    match (&m.id, m.timestamp) {
        (Some(id), Some(t)) => (id.clone(), t),
        (id, t) => {
            let (new_id, now) = fill.id_and_time();
            (id.clone().unwrap_or(new_id), t.unwrap_or(now))
        }
    }
}

/// A user input: one text, then the files that hold bytes; the rest is reported. The parts
/// left out, when the input is written: of parts none of which Kernel holds, and nothing else,
/// it is not (reported as the message).
fn write_input(
    o: &mut Value,
    m: &Message,
    parts: &[Part],
    losses: &mut Vec<Loss>,
) -> Option<Vec<usize>> {
    o.set("type", Value::from("input"));
    let before = losses.len();
    let mut files = Vec::new();
    let mut kept = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        if matches!(part, Part::Text(_)) && !o.has("text")
            || matches!(
                part,
                Part::File {
                    source: ImageSource::Base64(_) | ImageSource::Text(_),
                    ..
                }
            )
        {
            kept.push(k);
        }
        match part {
            Part::Text(_) if o.has("text") => losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                "a Kernel input holds one text; a further text part is not carried",
            )),
            Part::Text(t) => {
                if !files.is_empty() {
                    losses.push(m.loss(
                        What::Item(k),
                        loss::PART_ORDER,
                        "a Kernel input's text comes before its files; the text is written first",
                    ));
                }
                o.set("text", Value::from(t))
            }
            Part::File {
                source: ImageSource::Base64(data),
                media_type,
                filename,
                ..
            } => files.push(file(data, media_type, filename)),
            Part::File {
                source: ImageSource::Text(t),
                media_type,
                filename,
                ..
            } => {
                let mut data = String::new();
                crate::validate::base64_encode(t.as_bytes(), &mut data);
                let mt = Some(media_type.clone().unwrap_or_else(|| "text/plain".into()));
                files.push(file(&data, &mt, filename));
                losses.push(m.loss(
                    What::Item(k),
                    loss::CHANGED_VALUE,
                    "a Kernel file holds bytes: a plain-text document is written as a file of its UTF-8 bytes",
                ));
            }
            Part::File {
                source: ImageSource::Url(url),
                ..
            } => losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                format!("a Kernel file holds bytes, not a URL ({})", quoted(url)),
            )),
            Part::FileId { refs, .. } => losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                format!(
                    "a Kernel file holds bytes, not a provider's file id ({})",
                    refs_text(refs)
                ),
            )),
        }
    }
    // (A message that holds the user's properties or marks is written for them.)
    if kept.is_empty() && !parts.is_empty() && m.extra.is_empty() && m.marks.is_empty() {
        // One loss for the message, which says what each part's would.
        losses.truncate(before);
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "a Kernel input holds a text and files of bytes; this message has neither (no files by URL or by a provider's id)",
        ));
        return None;
    }
    if !files.is_empty() {
        o.set("files", Value::Arr(files));
    }
    Some((0..parts.len()).filter(|k| !kept.contains(k)).collect())
}

/// A Kernel file attachment.
fn file(data: &str, media_type: &Option<String>, filename: &Option<String>) -> Value {
    let mut f = obj([("data", Value::from(data))]);
    if let Some(name) = filename {
        f.set("filename", Value::from(name));
    }
    if let Some(mt) = media_type {
        f.set("mimeType", Value::from(mt));
    }
    f
}

/// On a system message `developer` is Kernel's own mark of the role: another format's mark of
/// that name cannot be written there (reported).
fn drop_developer_marks(marks: &mut Vec<&Tagged>, m: &Message, losses: &mut Vec<Loss>) {
    marks.retain(|t| {
        let own = t.name == DEVELOPER;
        if own {
            losses.push(m.loss(
                What::Mark(&t.name),
                loss::DROPPED_FIELD,
                "on a Kernel system message \"developer\" is the role's own mark; this one is not carried",
            ));
        }
        !own
    });
}

/// Tool calls as a tool-calls message.
fn write_tool_calls(o: &mut Value, calls: &[Call]) {
    o.set("type", Value::from("tool-calls"));
    let calls: Vec<Value> = calls
        .iter()
        .map(|c| {
            let mut call = obj([("id", Value::from(&c.id)), ("name", Value::from(&c.name))]);
            if let Some(args) = &c.args {
                call.set("args", args.clone());
            }
            call
        })
        .collect();
    o.set("calls", Value::Arr(calls));
}

/// Consecutive outputs (one OpenAI tool message each) answer one call group: they join the
/// tool-results message just written, when nothing tells them apart (ids, extra properties,
/// marks such as an Agens step's fields, the AI SDK's [`AFTER_TOOLS`]).
fn joins_previous_results(msgs: &[Message], n: usize) -> bool {
    let m = &msgs[n];
    // (An empty list of results joined would vanish.)
    let some = matches!(&m.body, Body::ToolOutputs { outputs } if !outputs.is_empty());
    some && n > 0
        && matches!(msgs[n - 1].body, Body::ToolOutputs { .. })
        && !m.marked(AFTER_TOOLS)
        && m.id.is_none()
        && msgs[n - 1].id.is_none()
        && same_tags(&msgs[n - 1].extra, &m.extra)
        && same_tags(&msgs[n - 1].marks, &m.marks)
        && !super::agens::starts_step(m)
}

/// Extra properties are custom properties, from the first one whose name the message uses:
/// that one and the rest go into the reserved object, in order, with the marks.
fn write_properties(o: &mut Value, m: &Message, marks: &[&Tagged]) {
    let ty = text(o, "type").unwrap_or_default();
    let (plain, props) = super::split_props(&m.extra, |t| {
        let empty_files = t.name == "files" && t.value == Value::Arr(Vec::new());
        !o.has(&t.name)
            && t.name != RESERVED
            && (empty_files || !documented(&ty).contains(&t.name.as_ref()))
    });
    for t in plain {
        o.set(&t.name, t.value.clone());
    }
    if let Some(r) = reserved_value(marks, &props) {
        o.set(RESERVED, r);
    }
}

fn result(r: &Output) -> Value {
    let mut o = Value::Obj(Vec::new());
    if let Some(id) = &r.call_id {
        o.set("callId", Value::from(id));
    }
    if let Some(name) = &r.name {
        o.set("name", Value::from(name));
    }
    o.set("output", r.output.clone());
    if let Some(e) = &r.error {
        o.set("error", e.clone());
    }
    o
}
