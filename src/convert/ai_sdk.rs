//! The AI SDK's `ModelMessage` ⇄ canonical (`docs/conversions/ai_sdk.md`).
//!
//! One AI SDK message may hold several meanings (an assistant's reasoning, text and tool calls):
//! it becomes several canonical messages with the same `source`, the later ones marked
//! [`CONTINUES`], and the writer puts a run of them back into one message. Parts the canonical
//! model has no meaning for (custom parts, reasoning files, an assistant's files, provider-executed
//! calls and their results, approval requests and answers) are `Body::Other` pieces of their own,
//! written back by this writer only. The AI SDK admits extra properties (our validator keeps
//! them; `ai`'s schema strips them from its copy): a message's user keys ride as themselves and
//! the marks under the reserved property, as in Kernel.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{
    one_of_each, parse_data_url, read_reserved, report_unknown, reserved_value, text, Fill,
};
use crate::formats::ai_sdk as f;
use crate::formats::Format;
use crate::tape::value::{obj, Name, Value};
use crate::validate::{quoted, PathSeg};

/// The mark of how each file of a user message was written, where it is not the default: one
/// entry per file (`null`: the default), flags joined by spaces (see [`Look`]).
const FILES: &str = "files";
/// The marks this mapping reads from the message's own fields: a source's reserved property
/// naming one of them says nothing this mapping reads, and is reported.
const OWN: &[&str] = &[
    CONTINUES,
    AFTER,
    LISTED,
    FILES,
    OUTPUT_TYPES,
    AFTER_TOOLS,
    DEVELOPER,
];

/// The message keys the AI SDK documents; the rest are the user's.
const DOCUMENTED: &[&str] = &["role", "content", "providerOptions"];

/// What `@ai-sdk/anthropic` and `@ai-sdk/openai` send for an `execution-denied` output without
/// a reason.
const DENIED: &str = "Tool call execution denied.";

/// `@ai-sdk/anthropic`'s keys in a reasoning part's `providerOptions.anthropic`.
const SIGNATURE: &str = "signature";
const REDACTED: &str = "redactedData";

// ---------------------------------------------------------------------------------------------
// Reading

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let start = out.len();
        match text(v, "role").as_deref() {
            Some("system") => out.push(read_system(v, i)),
            Some("user") => out.push(read_user(v, i, losses)),
            Some("assistant") => read_assistant(v, i, &mut out, losses),
            _ => read_tool(v, i, &mut out, losses),
        }
        if let Some(first) = out.get_mut(start) {
            if let Some(po) = v.get("providerOptions") {
                first.add_options(None, po.clone(), keys(&["providerOptions"]));
            }
            read_properties(first, v, losses);
            // (What this writer wrote as a file part it writes as one again.)
            super::take_filled_types(first, |bare| !default_image(bare));
        }
        if start > 0 && start < out.len() && out[start - 1].source + 1 == i {
            let (before, now) = out.split_at_mut(start);
            let prev = &before[start - 1];
            if alike_results(prev, &now[0]) {
                now[0].set_mark(AFTER_TOOLS, Value::Bool(true), Vec::new());
            } else if both_results(prev, &now[0]) {
                now[0].apart_by = told_apart(prev, &now[0]);
            }
        }
    }
    out
}

/// Tool results right after tool results, with the same user keys and marks: what Kernel (and
/// this writer, for one message per result) joins into one message; the [`AFTER_TOOLS`] mark
/// keeps them apart (and is no difference itself: either may carry it already, and the results
/// before may continue or follow a piece a target leaves out, losing their [`CONTINUES`] or
/// [`AFTER`]).
fn alike_results(prev: &Message, m: &Message) -> bool {
    both_results(prev, m) && {
        let same = |a: &[Tagged], b: &[Tagged]| same_tags(alike_but(a), alike_but(b));
        // (A mark of where the results before begin, an Agens step's, says nothing of these:
        // a writer of one message per result writes it on the first alone.)
        let marks = || alike_but(&prev.marks).filter(|t| !super::agens::starts_step_mark(t));
        same(&prev.extra, &m.extra) && same_tags(marks(), alike_but(&m.marks))
    }
}

fn both_results(prev: &Message, m: &Message) -> bool {
    matches!(prev.body, Body::ToolOutputs { .. }) && matches!(m.body, Body::ToolOutputs { .. })
}

/// What [`alike_results`] compares.
fn alike_but(a: &[Tagged]) -> impl Iterator<Item = &Tagged> {
    but_types(a).filter(|t| t.name != CONTINUES && t.name != AFTER)
}

/// The user keys and marks that tell tool results `m` apart from the results before them
/// (`prev`), each where it stands: a target that drops them all has them read back as one
/// message ([`Message::apart_by`]).
fn told_apart(prev: &Message, m: &Message) -> Vec<(usize, Path)> {
    let one_side = |a: &Message, b: &Message| {
        let has = |t: &Tagged, list: &[Tagged]| {
            list.iter().any(|o| o.name == t.name && o.value == t.value)
        };
        let (extra, marks) = (alike_but(&a.extra), alike_but(&a.marks));
        extra
            .filter(|t| !has(t, &b.extra))
            .chain(marks.filter(|t| !has(t, &b.marks)))
            .map(|t| (a.source, t.at.clone()))
            .collect::<Vec<_>>()
    };
    let mut out = one_side(m, prev);
    out.extend(one_side(prev, m));
    out
}

fn msg(i: usize, body: Body) -> Message {
    Message::new(i, Format::AiSdk, body)
}

fn read_system(v: &Value, i: usize) -> Message {
    msg(
        i,
        Body::Instructions {
            text: text(v, "content").unwrap_or_default(),
            developer: false,
        },
    )
}

/// The message's user keys (carried) and reserved property (its marks); this mapping's own
/// marks are read from the message's fields, so a reserved one is reported, except `developer`
/// on a system message (the developer role, as Kernel writes it).
fn read_properties(m: &mut Message, v: &Value, losses: &mut Vec<Loss>) {
    for (k, x) in v.as_object().into_iter().flatten() {
        if k == RESERVED {
            read_reserved(x, &keys(&[RESERVED]), m, losses);
        } else if !DOCUMENTED.contains(&k.as_ref()) {
            m.extra
                .push(Tagged::new(k.clone(), x.clone(), under_key(&[], k)));
        }
    }
    let (plain, props): (Vec<Tagged>, Vec<Tagged>) =
        m.extra.drain(..).partition(|t| t.at.len() == 1);
    m.extra = plain.into_iter().chain(props).collect();
    one_of_each(m, 0, losses);
    let system = matches!(m.body, Body::Instructions { .. });
    let mut developer = false;
    let mut n = 0;
    while n < m.marks.len() {
        let t = &m.marks[n];
        let reserved = t.at.first() == Some(&PathSeg::Key(RESERVED.into()));
        if !reserved || !OWN.contains(&t.name.as_ref()) {
            n += 1;
            continue;
        }
        let t = m.marks.remove(n);
        if system && t.name == DEVELOPER && t.value == Value::Bool(true) && !developer {
            developer = true;
            continue;
        }
        losses.push(Loss::at(
            m.source,
            t.at,
            loss::RESERVED_NAME,
            format!(
                "{} is what the AI SDK message's own fields say; this entry is not carried",
                quoted(&t.name)
            ),
        ));
    }
    if let Body::Instructions { developer: d, .. } = &mut m.body {
        *d = developer;
    }
}

/// A user message: a string, or text, image and file parts.
fn read_user(v: &Value, i: usize, losses: &mut Vec<Loss>) -> Message {
    let mut parts = Vec::new();
    let mut items = Vec::new();
    let mut options = Vec::new();
    let mut looks = Vec::new();
    match v.get("content") {
        Some(Value::Str(s)) => {
            parts.push(Part::Text(s.clone()));
            items.push(keys(&["content"]));
        }
        Some(Value::Arr(list)) => {
            for (j, p) in list.iter().enumerate() {
                let at = nth(&keys(&["content"]), j);
                let n = parts.len();
                let part = match text(p, "type").as_deref() {
                    Some("text") => {
                        report_unknown(p, &f::TEXT_PART, i, &at, "an AI SDK text part", losses);
                        Part::Text(text(p, "text").unwrap_or_default())
                    }
                    kind => {
                        let image = kind == Some("image");
                        let (part, look) = read_media(p, image, i, &at, losses);
                        looks.push((n, look));
                        part
                    }
                };
                if let Some(po) = p.get("providerOptions") {
                    options.push((Some(n), po.clone(), under(&at, &["providerOptions"])));
                }
                parts.push(part);
                items.push(at);
            }
        }
        _ => {}
    }
    // (With options too: a target may drop them, and the form with them.)
    let lone_text = matches!(v.get("content"), Some(Value::Arr(l)) if l.len() == 1)
        && matches!(parts.as_slice(), [Part::Text(_)]);
    let mut m = msg(i, Body::UserInput { parts }).at(Vec::new(), items);
    for (item, value, at) in options {
        m.add_options(item, value, at);
    }
    if lone_text {
        m.set_mark(LISTED, Value::Bool(true), keys(&["content"]));
    }
    if looks.iter().any(|(_, l)| *l != Look::default()) {
        let (items, entries) = looks.iter().map(|(k, l)| (*k, l.entry())).unzip();
        m.set_item_mark(FILES, entries, keys(&["content"]), items);
    }
    m
}

/// How a file part was written, beyond what the canonical part says: one entry of the
/// [`FILES`] mark. Kernel and swarm carry the mark, so that a file comes back as it was written.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct Look {
    /// An image part where the writer would write a file part.
    image: bool,
    /// An image part with a `data:` URL and its media type written beside it too.
    typed: bool,
    /// A provider reference tagged `{ type: "reference" }`.
    reference: bool,
    held: Held,
    /// Tagged `FileData` (`{ type: "data" | "url" }`).
    tagged: bool,
}

impl Look {
    fn entry(&self) -> Value {
        if *self == Look::default() {
            return Value::Null;
        }
        let mut flags: Vec<&str> = Vec::new();
        if self.image {
            flags.push("image");
        }
        if self.typed {
            flags.push("typed");
        }
        if self.reference {
            flags.push("reference");
        }
        flags.extend(match self.held {
            Held::Plain => None,
            Held::DataUrl => Some("dataUrl"),
            Held::Bytes => Some("bytes"),
            Held::ArrayBuffer => Some("arrayBuffer"),
            Held::UrlObject => Some("url"),
        });
        if self.tagged {
            flags.push("tagged");
        }
        Value::from(flags.join(" "))
    }

    fn parse(v: &Value) -> Option<Look> {
        let mut look = Look::default();
        match v {
            Value::Null => return Some(look),
            Value::Str(s) => {
                for flag in s.split(' ') {
                    match flag {
                        "image" => look.image = true,
                        "typed" => look.typed = true,
                        "reference" => look.reference = true,
                        "dataUrl" => look.held = Held::DataUrl,
                        "bytes" => look.held = Held::Bytes,
                        "arrayBuffer" => look.held = Held::ArrayBuffer,
                        "url" => look.held = Held::UrlObject,
                        "tagged" => look.tagged = true,
                        _ => return None,
                    }
                }
            }
            _ => return None,
        }
        // Only the text the reader writes is an entry.
        (look.entry() == *v).then_some(look)
    }
}

/// Does the writer write `part` as an image part when no mark says otherwise? A file without
/// a media type that is a URL or whose bytes are an image (the image part's media type is
/// optional; a file part's is not).
fn default_image(part: &Part) -> bool {
    match part {
        Part::File {
            media_type: None,
            source,
            ..
        } => match source {
            ImageSource::Url(_) => true,
            ImageSource::Base64(b) => super::openai::sniff_image(b).is_some(),
            ImageSource::Text(_) => false,
        },
        _ => false,
    }
}

/// Data read from a media field: the file, its form, and the media type a `data:` URL named.
enum Data {
    File(ImageSource, Form, Option<String>),
    Ref(Vec<(String, String)>, bool),
}

/// An image part (`image`) or a file part (`data`).
fn read_media(
    p: &Value,
    image: bool,
    i: usize,
    at: &[PathSeg],
    losses: &mut Vec<Loss>,
) -> (Part, Look) {
    let (shape, field, what) = if image {
        (&f::IMAGE_PART, "image", "an AI SDK image part")
    } else {
        (&f::FILE_PART, "data", "an AI SDK file part")
    };
    report_unknown(p, shape, i, at, what, losses);
    let media = text(p, "mediaType");
    let filename = text(p, "filename");
    let data = p.get(field).cloned().unwrap_or(Value::Null);
    let data_at = under(at, &[field]);
    let mut look = Look::default();
    let part = match read_data(&data, media.as_deref(), i, &data_at, losses) {
        Data::File(source, form, url_media) => {
            look.held = form.held;
            look.tagged = form.tagged && !matches!(source, ImageSource::Text(_));
            look.typed = image && url_media.is_some() && media.is_some();
            Part::File {
                source,
                media_type: media.or(url_media),
                filename,
                form,
            }
        }
        Data::Ref(refs, tagged) => {
            // (A reference naming a provider `type` is always tagged: bare, it would read as
            // tagged `FileData`.)
            look.reference = tagged && !names_type(&refs);
            Part::FileId {
                refs,
                filename,
                media_type: media,
            }
        }
    };
    look.image = image && !default_image(&part);
    (part, look)
}

/// The file in a media field: base64 text, a `data:` URL (read as its bytes when its media
/// type is the part's own or the part names none), another string (a URL, as the AI SDK reads
/// one), bytes, an `ArrayBuffer`, a `URL`, tagged `FileData`, a provider reference.
fn read_data(
    v: &Value,
    part_media: Option<&str>,
    i: usize,
    at: &[PathSeg],
    losses: &mut Vec<Loss>,
) -> Data {
    let plain = |held| Form {
        held,
        tagged: false,
    };
    match v {
        Value::Str(s) => match parse_data_url(s) {
            Some((mt, b64)) if part_media.is_none_or(|pm| pm == mt) => {
                Data::File(ImageSource::Base64(b64), plain(Held::DataUrl), Some(mt))
            }
            _ if crate::validate::base64_check(s.as_bytes()).is_ok() => {
                Data::File(ImageSource::Base64(s.clone()), plain(Held::Plain), None)
            }
            _ => Data::File(ImageSource::Url(s.clone()), plain(Held::Plain), None),
        },
        Value::Obj(entries) => {
            if let [(k, Value::Str(s))] = entries.as_slice() {
                match k.as_ref() {
                    "$bytes" => {
                        return Data::File(ImageSource::Base64(s.clone()), plain(Held::Bytes), None)
                    }
                    "$arrayBuffer" => {
                        return Data::File(
                            ImageSource::Base64(s.clone()),
                            plain(Held::ArrayBuffer),
                            None,
                        )
                    }
                    "$url" => {
                        return Data::File(
                            ImageSource::Url(s.clone()),
                            plain(Held::UrlObject),
                            None,
                        )
                    }
                    _ => {}
                }
            }
            match text(v, "type").as_deref() {
                Some("data") => {
                    report_unknown(v, &f::FILE_DATA_DATA, i, at, "AI SDK file data", losses);
                    let inner = v.get("data").cloned().unwrap_or(Value::Null);
                    match read_data(&inner, part_media, i, at, losses) {
                        Data::File(source, form, mt) => Data::File(
                            source,
                            Form {
                                held: form.held,
                                tagged: true,
                            },
                            mt,
                        ),
                        other => other,
                    }
                }
                Some("url") => {
                    report_unknown(v, &f::FILE_DATA_URL, i, at, "AI SDK file data", losses);
                    if v.has("originalUrl") {
                        losses.push(Loss::at(
                            i,
                            under(at, &["originalUrl"]),
                            loss::DROPPED_FIELD,
                            "a file's URL before redirects has no place in the target",
                        ));
                    }
                    let url = v
                        .get("url")
                        .and_then(|u| u.get("$url"))
                        .and_then(Value::as_str)
                        .unwrap_or_default();
                    Data::File(
                        ImageSource::Url(url.to_string()),
                        Form {
                            held: Held::UrlObject,
                            tagged: true,
                        },
                        None,
                    )
                }
                Some("reference") => {
                    report_unknown(
                        v,
                        &f::FILE_DATA_REFERENCE,
                        i,
                        at,
                        "AI SDK file data",
                        losses,
                    );
                    Data::Ref(refs_of(v.get("reference")), true)
                }
                Some("text") => {
                    report_unknown(v, &f::FILE_DATA_TEXT, i, at, "AI SDK file data", losses);
                    Data::File(
                        ImageSource::Text(text(v, "text").unwrap_or_default()),
                        Form {
                            held: Held::Plain,
                            tagged: true,
                        },
                        None,
                    )
                }
                _ => Data::Ref(refs_of(Some(v)), false),
            }
        }
        _ => Data::Ref(Vec::new(), false),
    }
}

/// Does a provider reference name a provider `type` (which a bare one cannot: it would be read
/// as tagged `FileData`)?
fn names_type(refs: &[(String, String)]) -> bool {
    refs.iter().any(|(p, _)| p == "type")
}

/// A provider reference's `(provider, id)` pairs, in order (the JSON form escapes one whose
/// only key is a tag).
fn refs_of(v: Option<&Value>) -> Vec<(String, String)> {
    let v = match v {
        Some(Value::Obj(e)) if e.len() == 1 && e[0].0 == "$escape" => Some(&e[0].1),
        other => other,
    };
    v.and_then(Value::as_object)
        .into_iter()
        .flatten()
        .filter_map(|(k, x)| x.as_str().map(|s| (k.to_string(), s.to_string())))
        .collect()
}

/// The pieces of an assistant message, in order.
fn read_assistant(v: &Value, i: usize, out: &mut Vec<Message>, losses: &mut Vec<Loss>) {
    let list = match v.get("content") {
        Some(Value::Arr(list)) => list,
        other => {
            let text = other
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            out.push(msg(i, Body::Reply { text }));
            return;
        }
    };
    let start = out.len();
    let lone = list.len() == 1;
    for (j, p) in list.iter().enumerate() {
        let at = nth(&keys(&["content"]), j);
        let po = p.get("providerOptions");
        let po_at = under(&at, &["providerOptions"]);
        match text(p, "type").as_deref() {
            Some("text") => {
                report_unknown(p, &f::TEXT_PART, i, &at, "an AI SDK text part", losses);
                let mut m = msg(
                    i,
                    Body::Reply {
                        text: text(p, "text").unwrap_or_default(),
                    },
                )
                .at(at.clone(), vec![at.clone()]);
                if let Some(po) = po {
                    m.add_options(Some(0), po.clone(), po_at);
                }
                if lone {
                    m.set_mark(LISTED, Value::Bool(true), keys(&["content"]));
                }
                out.push(m);
            }
            Some("reasoning") => {
                report_unknown(
                    p,
                    &f::REASONING_PART,
                    i,
                    &at,
                    "an AI SDK reasoning part",
                    losses,
                );
                out.push(read_reasoning(p, i, &at, losses));
            }
            Some("tool-call") if p.get("providerExecuted") != Some(&Value::Bool(true)) => {
                report_unknown(p, &f::TOOL_CALL_PART, i, &at, "an AI SDK tool call", losses);
                if p.has("providerExecuted") {
                    losses.push(Loss::at(
                        i,
                        under(&at, &["providerExecuted"]),
                        loss::DROPPED_FIELD,
                        "providerExecuted: false is what an absent one says; it is not carried",
                    ));
                }
                let call = Call {
                    id: text(p, "toolCallId").unwrap_or_default(),
                    name: text(p, "toolName").unwrap_or_default(),
                    args: p.get("input").cloned(),
                };
                let joins = out.len() > start
                    && matches!(out.last().map(|m| &m.body), Some(Body::ToolCalls { .. }));
                if !joins {
                    out.push(
                        msg(i, Body::ToolCalls { calls: Vec::new() }).at(at.clone(), Vec::new()),
                    );
                }
                if let Some(m) = out.last_mut() {
                    if let Body::ToolCalls { calls } = &mut m.body {
                        let k = calls.len();
                        calls.push(call);
                        m.items.push(at.clone());
                        if let Some(po) = po {
                            m.add_options(Some(k), po.clone(), po_at);
                        }
                    }
                }
            }
            _ => out.push(other_part(p, i, &at)),
        }
    }
    settle_pieces(out, start);
}

/// A part the canonical model has no meaning for: kept whole, for the AI SDK alone.
fn other_part(p: &Value, i: usize, at: &[PathSeg]) -> Message {
    msg(
        i,
        Body::Other {
            format: Format::AiSdk,
            value: p.clone(),
        },
    )
    .at(at.to_vec(), Vec::new())
}

/// The pieces of one message from `start`: later ones continue the first; a message of one
/// piece is the whole message.
fn settle_pieces(out: &mut [Message], start: usize) {
    for n in start + 1..out.len() {
        let before = piece_kind(&out[n - 1].body);
        let m = &mut out[n];
        let at = m.at.clone();
        if matches!(before, "reply" | "tool-calls" | "tool-results") {
            m.set_mark(CONTINUES, Value::Bool(true), at);
        } else {
            // Targets that leave the piece before out would join this one to whatever they
            // wrote before it: only this writer reads this mark.
            m.set_mark(AFTER, Value::from(before), at);
        }
    }
    if out.len() == start + 1 {
        out[start].at = Vec::new();
    }
}

/// A reasoning part: its signature or redacted data read as `@ai-sdk/anthropic` reads them
/// (`providerOptions.anthropic.signature`, else `.redactedData`), when they stand where the
/// writer writes them (first in `anthropic`, `anthropic` first); the rest of the provider
/// options stays opaque.
fn read_reasoning(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) -> Message {
    let text_ = text(p, "text").unwrap_or_default();
    let po = p.get("providerOptions");
    let po_at = under(at, &["providerOptions"]);
    let has_signature = po
        .and_then(|o| o.get(ANTHROPIC))
        .is_some_and(|a| a.has(SIGNATURE));
    let (body, rest) = match po.and_then(|o| take_opaque(o, SIGNATURE)) {
        Some((s, rest)) => (
            Body::Reasoning {
                title: None,
                text: text_,
                signature: Some(s),
            },
            rest,
        ),
        None => match po
            .filter(|_| !has_signature)
            .and_then(|o| take_opaque(o, REDACTED))
        {
            Some((data, rest)) => {
                if !text_.is_empty() {
                    losses.push(Loss::at(
                        i,
                        under(at, &["text"]),
                        loss::DROPPED_FIELD,
                        "redacted reasoning is its data alone (as @ai-sdk/anthropic sends it); its text is not carried",
                    ));
                }
                (Body::RedactedReasoning { data }, rest)
            }
            None => (
                Body::Reasoning {
                    title: None,
                    text: text_,
                    signature: None,
                },
                po.cloned(),
            ),
        },
    };
    let mut m = msg(i, body).at(at.to_vec(), vec![at.to_vec()]);
    if let Some(rest) = rest {
        m.add_options(Some(0), rest, po_at);
    }
    m
}

/// `options.anthropic.<key>` when it is a string standing first in `anthropic`, with
/// `anthropic` first (where [`put_opaque`] writes it): the string and the options without it
/// (`None`: nothing left).
fn take_opaque(options: &Value, key: &str) -> Option<(String, Option<Value>)> {
    let entries = options.as_object()?;
    let (first, a) = entries.first()?;
    if first != ANTHROPIC {
        return None;
    }
    let a = a.as_object()?;
    let (k, s) = a.first()?;
    let s = s.as_str().filter(|_| k == key)?.to_string();
    let mut rest: Vec<(Name, Value)> = Vec::new();
    if a.len() > 1 {
        rest.push((first.clone(), Value::Obj(a[1..].to_vec())));
    }
    rest.extend(entries[1..].iter().cloned());
    Some((s, (!rest.is_empty()).then_some(Value::Obj(rest))))
}

/// `options` with `anthropic.<key>` set to `s`, first (see [`take_opaque`]); `None` when the
/// options already hold a value there (reported by the caller).
fn put_opaque(options: Option<&Value>, key: &str, s: &str) -> Option<Value> {
    let entries = options
        .and_then(Value::as_object)
        .cloned()
        .unwrap_or_default();
    let mut a: Vec<(Name, Value)> = vec![(Name::Owned(key.to_string()), Value::from(s))];
    let mut rest = Vec::new();
    for (k, v) in entries {
        if k == ANTHROPIC {
            let inner = v.as_object()?;
            if inner.iter().any(|(ik, _)| ik == key) {
                return None;
            }
            a.extend(inner.iter().cloned());
        } else {
            rest.push((k, v));
        }
    }
    let mut out = vec![(Name::Borrowed(ANTHROPIC), Value::Obj(a))];
    out.extend(rest);
    Some(Value::Obj(out))
}

/// The pieces of a tool message: runs of results, and approval answers (kept whole). An empty
/// list is an empty list of results.
fn read_tool(v: &Value, i: usize, out: &mut Vec<Message>, losses: &mut Vec<Loss>) {
    let list = v
        .get("content")
        .and_then(Value::as_array)
        .cloned()
        .unwrap_or_default();
    let start = out.len();
    if list.is_empty() {
        out.push(msg(
            i,
            Body::ToolOutputs {
                outputs: Vec::new(),
            },
        ));
        return;
    }
    for (j, p) in list.iter().enumerate() {
        let at = nth(&keys(&["content"]), j);
        if text(p, "type").as_deref() != Some("tool-result") {
            out.push(other_part(p, i, &at));
            continue;
        }
        let joins = out.len() > start
            && matches!(out.last().map(|m| &m.body), Some(Body::ToolOutputs { .. }));
        if !joins {
            out.push(
                msg(
                    i,
                    Body::ToolOutputs {
                        outputs: Vec::new(),
                    },
                )
                .at(at.clone(), Vec::new()),
            );
        }
        let m = out.last_mut().expect("pushed");
        let k = m.items.len();
        let (output, entry) = read_result(p, i, &at, losses);
        if let Some(po) = p.get("providerOptions") {
            m.add_options(Some(k), po.clone(), under(&at, &["providerOptions"]));
        }
        if let Some(po) = p.get("output").and_then(|o| o.get("providerOptions")) {
            m.add_options(
                Some(k),
                po.clone(),
                under(&at, &["output", "providerOptions"]),
            );
        }
        if let Body::ToolOutputs { outputs } = &mut m.body {
            outputs.push(output);
        }
        m.items.push(at.clone());
        // (At the whole message: a target that drops the mark may join it to the next.)
        push_entry(m, OUTPUT_TYPES, k, entry, Vec::new());
    }
    settle_pieces(out, start);
}

/// Sets entry `k` of the list mark `name` (its other entries `null`), at `at` when it is the
/// first entry set.
fn push_entry(m: &mut Message, name: &'static str, k: usize, entry: Value, at: Path) {
    if entry.is_null() {
        return;
    }
    if m.mark(name).is_none() {
        m.set_mark(name, Value::Arr(Vec::new()), at);
    }
    if let Some(t) = m.marks.iter_mut().find(|t| t.name == name) {
        if let Value::Arr(list) = &mut t.value {
            list.resize(k, Value::Null);
            list.push(entry);
        }
    }
}

/// A tool result: the output and the [`OUTPUT_TYPES`] entry the writer needs to write its type
/// again (`null` when the value says it).
fn read_result(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) -> (Output, Value) {
    report_unknown(
        p,
        &f::TOOL_RESULT_PART,
        i,
        at,
        "an AI SDK tool result",
        losses,
    );
    let o = p.get("output").cloned().unwrap_or(Value::Null);
    let shape = match text(&o, "type").as_deref() {
        Some("text") => &f::OUTPUT_TEXT,
        Some("json") => &f::OUTPUT_JSON,
        Some("error-text") => &f::OUTPUT_ERROR_TEXT,
        Some("error-json") => &f::OUTPUT_ERROR_JSON,
        Some("execution-denied") => &f::OUTPUT_EXECUTION_DENIED,
        _ => &f::OUTPUT_CONTENT,
    };
    report_unknown(
        &o,
        shape,
        i,
        &under(at, &["output"]),
        "an AI SDK tool output",
        losses,
    );
    let (output, error, entry) = read_output(&o);
    (
        Output {
            call_id: text(p, "toolCallId"),
            name: text(p, "toolName"),
            output,
            error,
        },
        entry.map_or(Value::Null, Value::from),
    )
}

/// An output by its type: `text` and `json` are the output; `error-text` is an `Error` of that
/// message, `error-json` the error itself when it is one (`{ name, message }` strings), else an
/// `Error` whose message is its JSON text; `execution-denied` is its reason as text (as
/// `@ai-sdk/openai` and `@ai-sdk/anthropic` send it); `content` its list of items as JSON.
fn read_output(o: &Value) -> (Value, Option<Value>, Option<&'static str>) {
    let value = o.get("value").cloned().unwrap_or(Value::Null);
    match text(o, "type").as_deref() {
        Some("text") => (value, None, None),
        Some("json") => {
            let entry = matches!(value, Value::Str(_)).then_some("json");
            (value, None, entry)
        }
        Some("error-text") => (Value::Null, Some(plain_error(value)), None),
        Some("error-json") if error_like(&value) => {
            let entry = is_plain_error(&value).then_some("error-json");
            (Value::Null, Some(value), entry)
        }
        Some("error-json") => (
            Value::Null,
            Some(plain_error(Value::from(value.to_json()))),
            Some("error-json-text"),
        ),
        Some("execution-denied") => match text(o, "reason") {
            Some(r) => (Value::from(r), None, Some("execution-denied")),
            None => (
                Value::from(DENIED),
                None,
                Some("execution-denied-without-reason"),
            ),
        },
        _ => (value, None, Some("content")),
    }
}

/// `{ name: "Error", message }`.
fn plain_error(message: Value) -> Value {
    obj([("name", Value::from("Error")), ("message", message)])
}

/// Exactly `{ name: "Error", message: <string> }`: what `error-text` reads as.
fn is_plain_error(v: &Value) -> bool {
    matches!(v.as_object().map(Vec::as_slice), Some([(n, Value::Str(name)), (m, Value::Str(_))])
        if n == "name" && name == "Error" && m == "message")
}

/// The JSON form of an `Error`: an object whose `name` and `message` (and `stack`, if any) are
/// strings.
fn error_like(v: &Value) -> bool {
    v.as_object().is_some()
        && v.get("name").is_some_and(|x| x.as_str().is_some())
        && v.get("message").is_some_and(|x| x.as_str().is_some())
        && v.get("stack").is_none_or(|x| x.as_str().is_some())
}

/// A value JSON carries as it is: no tag of bytes, an `ArrayBuffer`, a `URL` or an `Error`
/// (the JSON form's own), which a JSON slot of the AI SDK cannot hold.
fn json_clean(v: &Value) -> bool {
    match v {
        Value::Arr(items) => items.iter().all(json_clean),
        Value::Obj(entries) => match entries.as_slice() {
            [(k, inner)] if k == "$escape" => inner
                .as_object()
                .is_some_and(|e| e.iter().all(|(_, x)| json_clean(x))),
            [(k, _)] if ["$bytes", "$arrayBuffer", "$url", "$error"].contains(&k.as_ref()) => false,
            _ => entries.iter().all(|(_, x)| json_clean(x)),
        },
        _ => true,
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// An AI SDK message being built from a run of canonical messages.
struct Group {
    role: &'static str,
    /// The canonical message it began with.
    first: usize,
    parts: Vec<Value>,
    /// A system message's text.
    string: Option<String>,
    options: Option<Value>,
    /// Marks of the first message this writer used.
    used: Vec<&'static str>,
    /// The kind of the last piece written into it.
    last: &'static str,
    /// Whether files' media types were filled in, and none names that type.
    untyped: super::Untyped,
    /// A piece joined right after the first one that reads back into it (calls after calls,
    /// parts of a user input after parts): the first one's marks of its one part
    /// ([`Tagged::lone`]), written on the message, would read back as the joined piece's.
    spread: bool,
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let _ = fill;
    let mut groups: Vec<Group> = Vec::new();
    // Tool names by call id: a result names its tool.
    let mut names = super::pairing::CallNames::default();
    // The last canonical message written (not left out).
    let mut written: Option<usize> = None;
    for (n, m) in msgs.iter().enumerate() {
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "AI SDK messages carry no id or timestamp",
            ));
        }
        let role = match &m.body {
            Body::Instructions { .. } => "system",
            Body::UserInput { .. } => "user",
            Body::Reply { .. }
            | Body::Reasoning { .. }
            | Body::RedactedReasoning { .. }
            | Body::ToolCalls { .. } => "assistant",
            Body::ToolOutputs { .. } => "tool",
            Body::Other {
                format: Format::AiSdk,
                value,
            } => match text(value, "type").as_deref() {
                Some("tool-approval-response") => "tool",
                _ => "assistant",
            },
            Body::Log { .. } => {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "the AI SDK has no log message",
                ));
                continue;
            }
            Body::Other { format, .. } => {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    format!("a {} message the AI SDK has no message for", format.name()),
                ));
                continue;
            }
        };
        let joins = matches!(role, "assistant" | "tool")
            && n > 0
            && groups.last().is_some_and(|g| {
                let after = m.mark(AFTER);
                g.role == role
                    && (m.marked(CONTINUES)
                        || after.is_some()
                        || super::same_message(&msgs[n - 1], m)
                        || results_join(&msgs[n - 1], m))
                    && after.is_none_or(|a| *a == Value::from(g.last))
                    && written == Some(n - 1)
            });
        // A tool message after one that nothing tells apart from it: the mark says it is one.
        let apart = !joins
            && m.marked(AFTER_TOOLS)
            && n > 0
            && alike_results(&msgs[n - 1], m)
            && groups.last().is_some_and(|g| g.role == "tool")
            && written == Some(n - 1);
        // A tool message not joined to the tool message written before it (what stood between
        // is not carried) that nothing tells apart from it: read back, it is marked
        // `after_tools`, which a format that keeps marks then holds.
        let marked_back = !joins
            && !m.marked(AFTER_TOOLS)
            && matches!(m.from, Format::Kernel | Format::Swarm | Format::Agens)
            && groups.last().is_some_and(|g| {
                g.role == "tool" && role == "tool" && alike_results(&msgs[g.first], m)
            });
        if marked_back {
            losses.push(m.loss(
                What::Message,
                loss::DROPPED_FIELD,
                "written right after a tool message it does not join: read back, it carries the mark \"after_tools\"",
            ));
        }
        if !joins {
            groups.push(Group {
                role,
                first: n,
                parts: Vec::new(),
                string: None,
                options: None,
                used: Vec::new(),
                last: piece_kind(&m.body),
                untyped: super::Untyped::default(),
                spread: false,
            });
        }
        let g = groups.last_mut().expect("pushed");
        let one_piece = |a: &Body, b: &Body| {
            matches!(
                (a, b),
                (Body::ToolCalls { .. }, Body::ToolCalls { .. })
                    | (Body::UserInput { .. }, Body::UserInput { .. })
            )
        };
        if joins && g.first + 1 == n && one_piece(&msgs[g.first].body, &m.body) {
            g.spread = true;
        }
        g.last = piece_kind(&m.body);
        written = Some(n);
        let mut used: Vec<&'static str> = Vec::new();
        if joins {
            used.extend([CONTINUES, AFTER]);
        } else if apart {
            used.push(AFTER_TOOLS);
        } else if m.from == Format::AiSdkUi {
            // A UI message's later step is a message of its own here, as
            // `convertToModelMessages` makes it; the UI reads an assistant message without an
            // id back as a step of the one before, so the mark says nothing more.
            used.push(STEP);
        }
        // Message-level options: the message's, once.
        for o in m.options_of(None) {
            if g.options.is_none() {
                g.options = Some(o.value.clone());
            } else {
                losses.push(Loss::at(
                    m.source,
                    o.at.clone(),
                    loss::DROPPED_OPAQUE,
                    "an AI SDK message has one providerOptions; these are not carried",
                ));
            }
        }
        match &m.body {
            Body::Instructions { text, developer } => {
                g.string = Some(text.clone());
                if *developer {
                    used.push(DEVELOPER);
                }
                // Its options, written on the message, read back as a block's (Anthropic):
                // they keep the list's form.
                if m.marked(LISTED) && m.options_of(None).next().is_some() {
                    used.push(LISTED);
                }
                drop_item_options(m, losses, "an AI SDK system message has no parts");
            }
            Body::UserInput { parts } => write_user(g, m, parts, &mut used, losses),
            Body::Reply { text } => {
                let po = item_options(m, 0, losses);
                g.parts.push(text_part_value(text, po));
            }
            Body::Reasoning {
                title,
                text,
                signature,
            } => {
                if title.is_some() {
                    losses.push(Loss::at(
                        m.source,
                        under(&m.at, &["title"]),
                        loss::DROPPED_FIELD,
                        "an AI SDK reasoning part has no title",
                    ));
                }
                let po = item_options(m, 0, losses);
                let po = match signature {
                    Some(s) => with_opaque(m, po, SIGNATURE, s, losses),
                    None => po,
                };
                g.parts.push(reasoning_part(text, po));
            }
            Body::RedactedReasoning { data } => {
                let po = item_options(m, 0, losses);
                let po = with_opaque(m, po, REDACTED, data, losses);
                g.parts.push(reasoning_part("", po));
            }
            Body::ToolCalls { calls } => {
                if calls.is_empty() && joins {
                    losses.push(m.loss(
                        What::Message,
                        loss::DROPPED_FIELD,
                        "an empty list of tool calls has no AI SDK part",
                    ));
                }
                for (k, c) in calls.iter().enumerate() {
                    names.push(&c.id, &c.name);
                    g.parts.push(call_part(m, k, c, losses));
                }
            }
            Body::ToolOutputs { outputs } => {
                write_outputs(g, m, outputs, &names, &mut used, losses)
            }
            Body::Other { value, .. } => g.parts.push(value.clone()),
            Body::Log { .. } => {}
        }
        if joins {
            // A later piece: what it carries beyond its part has no message of its own.
            report_piece_rest(m, &used, losses);
        } else {
            g.used = used;
        }
    }
    groups
        .iter()
        .map(|g| finish(g, &msgs[g.first], losses))
        .collect()
}

/// Tool results right after tool results from another source message join them, as Kernel
/// joins them (OpenAI and swarm write one message per result), when nothing tells them apart.
fn results_join(prev: &Message, m: &Message) -> bool {
    matches!(prev.body, Body::ToolOutputs { .. })
        && matches!(m.body, Body::ToolOutputs { .. })
        && prev.source != m.source
        && m.id.is_none()
        && prev.id.is_none()
        && m.timestamp.is_none()
        && prev.timestamp.is_none()
        // (Marks of this mapping are per message: a joined message could not say both; but
        // each piece's output types are written with its own outputs, and where the message
        // begins is said by its first piece.)
        && !own_marks(prev, &[OUTPUT_TYPES, AFTER_TOOLS])
        && !own_marks(m, &[OUTPUT_TYPES])
        && same_tags(&prev.extra, &m.extra)
        && same_tags(
            but_types(&prev.marks).filter(|t| !super::agens::starts_step_mark(t)),
            but_types(&m.marks),
        )
        && m.options.is_empty()
}

/// Whether `m` has marks of this mapping besides `but`.
fn own_marks(m: &Message, but: &[&str]) -> bool {
    m.marks
        .iter()
        .any(|t| OWN.contains(&t.name.as_ref()) && !but.contains(&t.name.as_ref()))
}

fn but_types(marks: &[Tagged]) -> impl Iterator<Item = &Tagged> {
    marks
        .iter()
        .filter(|t| t.name != OUTPUT_TYPES && t.name != AFTER_TOOLS)
}

/// The message of a group: its role, content, provider options, and the first message's user
/// keys and marks (under the reserved property).
fn finish(g: &Group, first: &Message, losses: &mut Vec<Loss>) -> Value {
    let mut o = obj([("role", Value::from(g.role))]);
    // A lone text without provider options is a string, unless the mark says it was a part.
    let lone_text = match g.parts.as_slice() {
        [p] => p.get("type").and_then(Value::as_str) == Some("text") && !p.has("providerOptions"),
        _ => false,
    };
    let mut used = g.used.clone();
    let listed = first.marked(LISTED);
    let content = match &g.string {
        Some(s) => Value::from(s),
        None if lone_text && !listed => g.parts[0].get("text").cloned().unwrap_or(Value::from("")),
        // An empty tool message is one (it sends nothing).
        None if g.parts.is_empty() && g.role == "tool" => Value::Arr(Vec::new()),
        None if g.parts.is_empty() => {
            losses.push(first.loss(
                What::Message,
                loss::DROPPED_FIELD,
                if g.role == "user" {
                    "an input with neither text nor files is written as an empty text"
                } else {
                    "an empty list of tool calls is written as an empty text (an AI SDK message has parts or text)"
                },
            ));
            Value::from("")
        }
        None => Value::Arr(g.parts.clone()),
    };
    // A list keeps the mark's form (whatever else made it one).
    if listed && content.as_array().is_some() {
        used.push(LISTED);
    }
    o.set("content", content);
    if let Some(po) = &g.options {
        o.set("providerOptions", po.clone());
    }
    let mut marks: Vec<&Tagged> = Vec::new();
    let developer = Tagged::new(DEVELOPER, Value::Bool(true), Vec::new());
    if used.contains(&DEVELOPER) {
        marks.push(&developer);
    }
    let untyped = Tagged::new(super::UNTYPED, Value::Bool(true), Vec::new());
    let filled = g.untyped.holds() && g.string.is_none();
    if filled {
        marks.push(&untyped);
    }
    for t in &first.marks {
        if filled && t.name == super::UNTYPED {
            continue;
        }
        // (The developer role is the message's own: a source's mark of that name beside it,
        // another format's reserved entry, is not what the mark written here says.)
        if used.contains(&t.name.as_ref()) && t.name != DEVELOPER {
            continue;
        }
        if t.name == CONTINUES {
            losses.push(first.loss(What::Mark(&t.name), loss::SPLIT_MESSAGE, super::SPLIT_OFF));
            continue;
        }
        if OWN.contains(&t.name.as_ref()) {
            losses.push(first.loss(
                What::Mark(&t.name),
                loss::DROPPED_FIELD,
                format!(
                    "{} says nothing this AI SDK message can say; it is not carried",
                    quoted(&t.name)
                ),
            ));
            continue;
        }
        if g.spread && t.lone {
            losses.push(first.loss(
                What::Mark(&t.name),
                loss::DROPPED_FIELD,
                format!(
                    "{} belongs to the message's first part; read back, the parts joined to it would hold it too: it is not carried",
                    quoted(&t.name)
                ),
            ));
            continue;
        }
        marks.push(t);
    }
    // User keys stand as themselves up to the first named like a field of the message (or the
    // reserved property): that one and the rest go under the reserved property's `props`.
    let (plain, props) = super::split_props(&first.extra, |t| {
        !(o.has(&t.name) || t.name == RESERVED || DOCUMENTED.contains(&t.name.as_ref()))
    });
    for t in plain {
        o.set(&t.name, t.value.clone());
    }
    if let Some(r) = reserved_value(&marks, &props) {
        o.set(RESERVED, r);
    }
    o
}

/// A later piece's user keys and marks (beyond those `used`): the message they join keeps the
/// first piece's.
fn report_piece_rest(m: &Message, used: &[&str], losses: &mut Vec<Loss>) {
    for t in &m.extra {
        losses.push(m.loss(
            What::Extra(&t.name),
            loss::DROPPED_FIELD,
            format!(
                "{} belongs to a part of an AI SDK message; the message keeps its first part's properties",
                quoted(&t.name)
            ),
        ));
    }
    for t in m.marks.iter().filter(|t| !used.contains(&t.name.as_ref())) {
        losses.push(m.loss(
            What::Mark(&t.name),
            loss::DROPPED_FIELD,
            format!(
                "{} belongs to a part of an AI SDK message; it is not carried",
                quoted(&t.name)
            ),
        ));
    }
}

/// The provider options of item `k` (one value: more are reported).
fn item_options(m: &Message, k: usize, losses: &mut Vec<Loss>) -> Option<Value> {
    m.one_options(
        Some(k),
        losses,
        "an AI SDK part has one providerOptions; these are not carried",
    )
    .map(|o| o.value.clone())
}

/// Reports item options of a message whose AI SDK form has no parts.
fn drop_item_options(m: &Message, losses: &mut Vec<Loss>, why: &'static str) {
    for o in m.options.iter().filter(|o| o.item.is_some()) {
        losses.push(Loss::at(m.source, o.at.clone(), loss::DROPPED_OPAQUE, why));
    }
}

/// Options with a signature or redacted data where `@ai-sdk/anthropic` reads it.
fn with_opaque(
    m: &Message,
    po: Option<Value>,
    key: &str,
    s: &str,
    losses: &mut Vec<Loss>,
) -> Option<Value> {
    match put_opaque(po.as_ref(), key, s) {
        Some(v) => Some(v),
        None => {
            losses.push(m.loss(
                What::Message,
                loss::DROPPED_OPAQUE,
                format!(
                    "the provider options hold another anthropic {key}; this one is not carried"
                ),
            ));
            po
        }
    }
}

fn text_part_value(text: &str, po: Option<Value>) -> Value {
    let mut p = obj([("type", Value::from("text")), ("text", Value::from(text))]);
    if let Some(po) = po {
        p.set("providerOptions", po);
    }
    p
}

fn reasoning_part(text: &str, po: Option<Value>) -> Value {
    let mut p = obj([
        ("type", Value::from("reasoning")),
        ("text", Value::from(text)),
    ]);
    if let Some(po) = po {
        p.set("providerOptions", po);
    }
    p
}

fn call_part(m: &Message, k: usize, c: &Call, losses: &mut Vec<Loss>) -> Value {
    let input = match &c.args {
        Some(a) if json_clean(a) => a.clone(),
        Some(_) => {
            losses.push(m.loss(
                What::Field(k, Field::Args),
                loss::DROPPED_FIELD,
                "an AI SDK tool call's input is JSON; these arguments hold bytes or an error, and are written as {}",
            ));
            Value::Obj(Vec::new())
        }
        None => {
            losses.push(m.loss(
                What::Field(k, Field::Args),
                loss::DROPPED_FIELD,
                "absent args are written as {}",
            ));
            Value::Obj(Vec::new())
        }
    };
    let mut p = obj([
        ("type", Value::from("tool-call")),
        ("toolCallId", Value::from(&c.id)),
        ("toolName", Value::from(&c.name)),
        ("input", input),
    ]);
    if let Some(po) = item_options(m, k, losses) {
        p.set("providerOptions", po);
    }
    p
}

/// A user message's parts; a lone text without options is a string unless marked.
fn write_user(
    g: &mut Group,
    m: &Message,
    parts: &[Part],
    used: &mut Vec<&'static str>,
    losses: &mut Vec<Loss>,
) {
    // The form a file was held in is the source's: the AI SDK's own comes back as it was;
    // another format's (a UI file's `data:` URL, its only way to hold bytes) is written in this
    // writer's default form or the one the [`FILES`] mark says, with no loss (bytes are bytes).
    let own: Vec<Part>;
    let parts = if m.from == Format::AiSdk {
        parts
    } else {
        own = parts
            .iter()
            .map(|p| match p {
                Part::File {
                    source,
                    media_type,
                    filename,
                    ..
                } => Part::File {
                    source: source.clone(),
                    media_type: media_type.clone(),
                    filename: filename.clone(),
                    form: Form::default(),
                },
                p => p.clone(),
            })
            .collect();
        &own
    };
    let files = parts.iter().filter(|p| !matches!(p, Part::Text(_))).count();
    let looks = file_looks(m, parts, files, losses);
    if looks.is_some() {
        used.push(FILES);
    }
    let mut ordinal = 0;
    for (k, p) in parts.iter().enumerate() {
        let po = item_options(m, k, losses);
        match p {
            Part::Text(t) => g.parts.push(text_part_value(t, po)),
            _ => {
                let look = looks
                    .as_ref()
                    .and_then(|l| l.get(ordinal).copied())
                    .unwrap_or_default();
                ordinal += 1;
                let (part, filled) = file_part(m, k, p, look, po, losses);
                g.untyped.filled |= filled;
                g.untyped.named |= super::names_filled_type(p);
                g.parts.push(part);
            }
        }
    }
}

/// The [`FILES`] mark's looks, when it has one per file: each one the reader would read back
/// from what the writer writes with it, and the default look for a file it does not fit
/// (reported).
fn file_looks(
    m: &Message,
    parts: &[Part],
    files: usize,
    losses: &mut Vec<Loss>,
) -> Option<Vec<Look>> {
    let Some(Value::Arr(entries)) = m.mark(FILES) else {
        return None;
    };
    if entries.len() != files || entries.iter().all(Value::is_null) {
        return None;
    }
    let looks: Vec<Look> = entries.iter().map(Look::parse).collect::<Option<_>>()?;
    // Each entry that fits its file (a target may have changed another file, reported).
    let looks: Vec<Look> = parts
        .iter()
        .filter(|p| !matches!(p, Part::Text(_)))
        .zip(looks)
        .enumerate()
        .map(|(n, (p, l))| {
            if look_fits(p, &l) {
                return l;
            }
            if l != Look::default() {
                losses.push(m.loss(
                    What::Mark(FILES),
                    loss::DROPPED_FIELD,
                    format!(
                        "the form {} of file {n} cannot be written for it",
                        l.entry().to_json()
                    ),
                ));
            }
            Look::default()
        })
        .collect();
    looks.iter().any(|l| *l != Look::default()).then_some(looks)
}

/// Would `part` written with `look` read back as `look`?
fn look_fits(part: &Part, look: &Look) -> bool {
    match part {
        Part::FileId { .. } => {
            let plain = look.held == Held::Plain && !look.tagged && !look.typed;
            plain && !(look.image && look.reference)
        }
        Part::File {
            source,
            media_type,
            form,
            ..
        } => {
            // (A plain-text document is tagged by nature: no flag says so.)
            let text = matches!(source, ImageSource::Text(_));
            if *form != Form::default()
                && (form.held != look.held || form.tagged != (look.tagged || text))
            {
                return false;
            }
            let held_ok = match (look.held, source) {
                (Held::Plain, _) => true,
                (Held::Bytes | Held::ArrayBuffer, ImageSource::Base64(_)) => true,
                (Held::DataUrl, ImageSource::Base64(_)) => {
                    super::writable_media_type(media_type).is_some()
                }
                (Held::UrlObject, ImageSource::Url(u)) => absolute(u),
                _ => false,
            };
            let url = matches!(source, ImageSource::Url(_));
            held_ok
                && !look.reference
                && !(text && (look.tagged || look.image))
                // A tagged URL is a `URL` object or a string inside `{ type: "data" }`.
                && !(look.tagged && url && !matches!(look.held, Held::UrlObject | Held::Plain))
                // Only a file part holds tagged data.
                && !(look.tagged && (look.image || default_image(part)))
                && (!look.image || !default_image(part))
                && (!look.typed || look.image && look.held == Held::DataUrl)
                // Plain base64 text that is a URL's would read back as a URL.
                && (!url || look.held != Held::Plain || look.tagged || reads_as_url(source, media_type))
        }
        Part::Text(_) => false,
    }
}

/// Does a string of this source read back as a URL (not base64, not a `data:` URL of the
/// part's media type)?
fn reads_as_url(source: &ImageSource, media_type: &Option<String>) -> bool {
    match source {
        ImageSource::Url(u) => {
            let bytes = parse_data_url(u)
                .is_some_and(|(mt, _)| media_type.as_deref().is_none_or(|pm| pm == mt));
            !bytes && crate::validate::base64_check(u.as_bytes()).is_err()
        }
        _ => true,
    }
}

/// A URL with a scheme (what a `URL` object holds).
fn absolute(u: &str) -> bool {
    let Some((scheme, _)) = u.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'))
}

/// An image or file part, and whether its media type was filled in.
fn file_part(
    m: &Message,
    k: usize,
    p: &Part,
    look: Look,
    po: Option<Value>,
    losses: &mut Vec<Loss>,
) -> (Value, bool) {
    let image = look.image || default_image(p);
    let (data, media, filename) = match p {
        Part::FileId {
            refs,
            filename,
            media_type,
        } => {
            let r = Value::Obj(
                refs.iter()
                    .map(|(p, id)| (Name::Owned(p.clone()), Value::from(id)))
                    .collect(),
            );
            let r = escape_tag(r);
            let data = if look.reference || names_type(refs) {
                obj([("type", Value::from("reference")), ("reference", r)])
            } else {
                r
            };
            (data, media_type.clone(), filename.clone())
        }
        Part::File {
            source,
            media_type,
            filename,
            form,
        } => {
            let form = if *form == Form::default() {
                Form {
                    held: look.held,
                    tagged: look.tagged,
                }
            } else {
                *form
            };
            (
                write_data(source, form, media_type.as_deref()),
                media_type.clone(),
                filename.clone(),
            )
        }
        Part::Text(_) => (Value::Null, None, None),
    };
    if let (
        Part::File {
            source: ImageSource::Url(u),
            ..
        },
        Value::Str(written),
    ) = (p, &data)
    {
        // (The reader reads a string that is base64 as bytes.)
        if written == u
            && parse_data_url(u).is_none()
            && crate::validate::base64_check(u.as_bytes()).is_ok()
        {
            losses.push(m.loss(
                What::Item(k),
                loss::CHANGED_VALUE,
                format!("an AI SDK string of file data that is base64 is the bytes it encodes: {} reads back as bytes, not a URL", quoted(u)),
            ));
        }
    }
    let held = match p {
        Part::File { form, .. } if *form != Form::default() => form.held,
        _ => look.held,
    };
    if image {
        let mut o = obj([("type", Value::from("image")), ("image", data)]);
        if filename.is_some() {
            losses.push(m.loss(
                What::Field(k, Field::Filename),
                loss::DROPPED_FIELD,
                "an AI SDK image part has no file name",
            ));
        }
        if let Some(mt) = media {
            if held != Held::DataUrl || look.typed {
                o.set("mediaType", Value::from(mt));
            }
        }
        if let Some(po) = po {
            o.set("providerOptions", po);
        }
        return (o, false);
    }
    let mut o = obj([("type", Value::from("file")), ("data", data)]);
    if let Some(name) = filename {
        o.set("filename", Value::from(name));
    }
    let filled = media.is_none();
    let mt = media.unwrap_or_else(|| {
        // (The type the readers take away again: see [`super::UNTYPED`].)
        let (source, what) = match p {
            Part::File {
                source: s @ ImageSource::Text(_),
                ..
            } => (Some(s), "a plain-text document"),
            _ => (None, "a file"),
        };
        let mt = super::filled_type(source);
        losses.push(m.loss(
            What::Field(k, Field::MediaType),
            loss::CHANGED_VALUE,
            format!("an AI SDK file part names its media type; {what} without one is sent as {mt}"),
        ));
        mt.to_string()
    });
    o.set("mediaType", Value::from(mt));
    if let Some(po) = po {
        o.set("providerOptions", po);
    }
    (o, filled)
}

/// An object whose only key is one of the JSON form's tags, escaped (`{ "$escape": ... }`).
fn escape_tag(v: Value) -> Value {
    match &v {
        Value::Obj(e)
            if e.len() == 1
                && ["$bytes", "$arrayBuffer", "$url", "$error", "$escape"]
                    .contains(&e[0].0.as_ref()) =>
        {
            obj([("$escape", v)])
        }
        _ => v,
    }
}

/// A file's data in its form.
fn write_data(source: &ImageSource, form: Form, media: Option<&str>) -> Value {
    let one = |tag: &'static str, s: &str| obj([(tag, Value::from(s))]);
    let inner = match (source, form.held) {
        (ImageSource::Text(t), _) => {
            return obj([("type", Value::from("text")), ("text", Value::from(t))]);
        }
        (ImageSource::Base64(b), Held::Bytes) => one("$bytes", b),
        (ImageSource::Base64(b), Held::ArrayBuffer) => one("$arrayBuffer", b),
        (ImageSource::Base64(b), Held::DataUrl) => {
            match super::writable_media_type(&media.map(str::to_string)) {
                Some(mt) => Value::from(super::data_url(mt, b)),
                None => Value::from(b),
            }
        }
        (ImageSource::Base64(b), _) => Value::from(b),
        (ImageSource::Url(u), Held::UrlObject) if absolute(u) => one("$url", u),
        (ImageSource::Url(u), _) => Value::from(u),
    };
    match (form.tagged, inner.get("$url")) {
        (false, _) => inner,
        (true, Some(_)) => obj([("type", Value::from("url")), ("url", inner)]),
        (true, None) => obj([("type", Value::from("data")), ("data", inner)]),
    }
}

/// Tool results (a result needs its call id and its tool's name).
fn write_outputs(
    g: &mut Group,
    m: &Message,
    outputs: &[Output],
    names: &super::pairing::CallNames,
    used: &mut Vec<&'static str>,
    losses: &mut Vec<Loss>,
) {
    let entries = output_entries(m, outputs);
    if entries.is_some() {
        used.push(OUTPUT_TYPES);
    }
    for (k, o) in outputs.iter().enumerate() {
        let Some(call_id) = &o.call_id else {
            losses.push(m.loss(
                What::Item(k),
                loss::UNSUPPORTED_MESSAGE,
                "an AI SDK tool result needs the call id; a result without one (and no call at its position to pair it with) is not carried",
            ));
            continue;
        };
        let name = o
            .name
            .clone()
            .or_else(|| names.get(call_id).map(str::to_string));
        let name = name.unwrap_or_else(|| {
            losses.push(m.loss(
                What::Field(k, Field::Name),
                loss::CHANGED_VALUE,
                "an AI SDK tool result names its tool; no call names this one, so the name is written empty",
            ));
            String::new()
        });
        let entry = entries.as_ref().and_then(|e| e.get(k).copied().flatten());
        let mut output = output_value(m, k, o, entry, losses);
        let mut part = obj([
            ("type", Value::from("tool-result")),
            ("toolCallId", Value::from(call_id)),
            ("toolName", Value::from(name)),
        ]);
        let mut part_options: Option<Value> = None;
        for po in m.options_of(Some(k)) {
            let on_output = po.on_ai_sdk_output(m.from);
            let slot = if on_output {
                output
                    .get("providerOptions")
                    .is_none()
                    .then_some(&mut output)
            } else {
                part_options.is_none().then_some(&mut part)
            };
            match slot {
                Some(target) if on_output => target.set("providerOptions", po.value.clone()),
                Some(_) => part_options = Some(po.value.clone()),
                None => losses.push(Loss::at(
                    m.source,
                    po.at.clone(),
                    loss::DROPPED_OPAQUE,
                    "an AI SDK tool result has one providerOptions; these are not carried",
                )),
            }
        }
        part.set("output", output);
        if let Some(po) = part_options {
            part.set("providerOptions", po);
        }
        g.parts.push(part);
    }
}

/// The [`OUTPUT_TYPES`] mark's entries when they fit these outputs.
fn output_entries(m: &Message, outputs: &[Output]) -> Option<Vec<Option<&'static str>>> {
    let Some(Value::Arr(list)) = m.mark(OUTPUT_TYPES) else {
        return None;
    };
    if list.is_empty() || list.len() > outputs.len() || list.last().is_some_and(Value::is_null) {
        return None;
    }
    let mut out = Vec::new();
    for (e, o) in list.iter().zip(outputs) {
        let entry = match e {
            Value::Null => None,
            Value::Str(s) => Some(output_entry(s, o)?),
            _ => return None,
        };
        out.push(entry);
    }
    Some(out)
}

/// An [`OUTPUT_TYPES`] entry that fits the output `o` (what the reader reads back from what the
/// writer writes with it).
fn output_entry(s: &str, o: &Output) -> Option<&'static str> {
    let error_text =
        |o: &Output| o.output.is_null() && o.error.as_ref().is_some_and(is_plain_error);
    let fits = match s {
        "json" => o.error.is_none() && matches!(o.output, Value::Str(_)),
        "error-json" => error_text(o),
        "error-json-text" => {
            error_text(o)
                && o.error
                    .as_ref()
                    .and_then(|e| e.get("message"))
                    .and_then(Value::as_str)
                    .and_then(|t| Value::parse(t).ok().filter(|v| v.to_json() == t))
                    .is_some_and(|v| !error_like(&v) && json_clean(&v))
        }
        "execution-denied" => o.error.is_none() && matches!(o.output, Value::Str(_)),
        "execution-denied-without-reason" => o.error.is_none() && o.output == Value::from(DENIED),
        "content" => o.error.is_none() && content_ok(&o.output),
        _ => false,
    };
    let name = [
        "json",
        "error-json",
        "error-json-text",
        "execution-denied",
        "execution-denied-without-reason",
        "content",
    ]
    .into_iter()
    .find(|n| *n == s)?;
    fits.then_some(name)
}

/// Is `v` a list of `content` output items (valid as the AI SDK has them)?
fn content_ok(v: &Value) -> bool {
    if !matches!(v, Value::Arr(_)) {
        return false;
    }
    let o = obj([("type", Value::from("content")), ("value", v.clone())]);
    let text = o.to_json();
    let Ok(tape) = crate::tape::json::parse(&text, 64) else {
        return false;
    };
    crate::validate::check(
        &tape.view(&text),
        0,
        &f::OUTPUT,
        crate::validate::Mode::Json,
        &crate::validate::Options::default(),
    )
    .issues
    .is_empty()
}

/// A tool output in the AI SDK's types: from its entry, or from the value (a string is
/// `text`, other JSON `json`, an error `error-text` when it is a plain `Error`, else
/// `error-json`).
fn output_value(
    m: &Message,
    k: usize,
    o: &Output,
    entry: Option<&str>,
    losses: &mut Vec<Loss>,
) -> Value {
    let typed = |t: &str, v: Value| obj([("type", Value::from(t)), ("value", v)]);
    let message = || {
        o.error
            .as_ref()
            .and_then(|e| e.get("message"))
            .cloned()
            .unwrap_or(Value::from(""))
    };
    match entry {
        Some("json") => return typed("json", o.output.clone()),
        Some("error-json") => return typed("error-json", o.error.clone().unwrap_or(Value::Null)),
        Some("error-json-text") => {
            let v = message()
                .as_str()
                .and_then(|t| Value::parse(t).ok())
                .unwrap_or(Value::Null);
            return typed("error-json", v);
        }
        Some("execution-denied") => {
            return obj([
                ("type", Value::from("execution-denied")),
                ("reason", o.output.clone()),
            ])
        }
        Some("execution-denied-without-reason") => {
            return obj([("type", Value::from("execution-denied"))])
        }
        Some("content") => return typed("content", o.output.clone()),
        _ => {}
    }
    let Some(e) = &o.error else {
        return match &o.output {
            Value::Str(_) => typed("text", o.output.clone()),
            v if json_clean(v) => typed("json", v.clone()),
            v => {
                losses.push(m.loss(
                    What::Field(k, Field::Output),
                    loss::STRINGIFIED_OUTPUT,
                    "an AI SDK output is JSON; one holding bytes or an error is written as its JSON text",
                ));
                typed("text", Value::from(v.to_json()))
            }
        };
    };
    if !o.output.is_null() {
        losses.push(m.loss(
            What::Field(k, Field::Output),
            loss::DROPPED_FIELD,
            "an AI SDK tool result is an output or an error; the error is written",
        ));
    }
    if is_plain_error(e) {
        typed("error-text", message())
    } else if json_clean(e) {
        typed("error-json", e.clone())
    } else {
        losses.push(m.loss(
            What::Field(k, Field::Error),
            loss::ERROR_AS_TEXT,
            "an AI SDK error is JSON; one holding bytes or another error is written as its message",
        ));
        typed("error-text", message())
    }
}
