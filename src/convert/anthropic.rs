//! Anthropic Messages (`MessageParam`) ⇄ canonical (docs/conversions/anthropic.md).
//!
//! One Anthropic message is read as one canonical message per meaning, in block order: a
//! `system` message's text blocks are instructions; a `user` message's leading `tool_result`
//! blocks are one set of tool outputs and the `text` / `image` / `document` blocks after them one
//! user input; an assistant's `text` blocks are replies, `thinking` reasoning,
//! `redacted_thinking` redacted reasoning, and each run of consecutive `tool_use` blocks one set
//! of tool calls. Every piece after the first carries the mark [`CONTINUES`], so that the
//! writer puts them back into one message. `cache_control` (and a document's `context` and
//! `citations`) are provider options, as `@ai-sdk/anthropic` reads them.

use super::canonical::*;
use super::loss::{self, Loss, LossCode};
use super::{report_rest, report_unknown, text, Fill};
use crate::formats::anthropic as f;
use crate::formats::Format;
use crate::tape::value::{obj, Name, Value};
use crate::validate::{quoted, Described, ObjectShape, PathSeg};

/// The mark of tool results that begin a user message of their own right after another user
/// message of tool results (targets with one message per result would join them): their place
/// in the run of such messages (1, 2, ...), so that consecutive results join only when their
/// marks are equal (as Kernel's tool-results do).
const NEW_MESSAGE: &str = "new_message";

/// The provider-option keys a block's fields read as (`@ai-sdk/anthropic`'s names).
const CACHE_CONTROL: &str = "cacheControl";
/// A document's fields other than its source, carried as provider options of the file.
const DOCUMENT_FIELDS: &[&str] = &["title", "context", "citations"];

/// The four image types the API takes in a base64 image source.
const IMAGE_TYPES: &[&str] = &["image/jpeg", "image/png", "image/gif", "image/webp"];

/// The media type a file read from an image's `file` source has: it is an image, of a type the
/// source does not say (the AI SDK's wildcard).
const ANY_IMAGE: &str = "image/*";
const PDF: &str = "application/pdf";
const PLAIN_TEXT: &str = "text/plain";
const OCTET_STREAM: &str = "application/octet-stream";

// ---------------------------------------------------------------------------------------------
// Reading

/// A piece of a source message being read: its body, its items' paths, the blocks it was read
/// from, and its provider options (item, value, path).
struct Piece {
    body: Body,
    items: Vec<Path>,
    blocks: Vec<usize>,
    options: Vec<(Option<usize>, Value, Path)>,
    /// Tool results in a message of their own right after other results: their place in the
    /// run.
    apart: Option<f64>,
}

impl Piece {
    fn new(body: Body, block: usize) -> Piece {
        Piece {
            body,
            items: Vec::new(),
            blocks: vec![block],
            options: Vec::new(),
            apart: None,
        }
    }
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    // Tool names by call id, to name each tool result after its call.
    let mut names = super::pairing::CallNames::default();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        let shape: &ObjectShape = match role.as_str() {
            "user" => &f::USER_MESSAGE_PARAM,
            "assistant" => &f::ASSISTANT_MESSAGE_PARAM,
            _ => &f::SYSTEM_MESSAGE_PARAM,
        };
        report_unknown(v, shape, i, &[], "an Anthropic message", losses);
        let content = v.get("content").cloned().unwrap_or(Value::Null);
        let mut pieces = match &content {
            Value::Str(s) => {
                let body = match role.as_str() {
                    "user" => Body::UserInput {
                        parts: vec![Part::Text(s.clone())],
                    },
                    "assistant" => Body::Reply { text: s.clone() },
                    _ => Body::Instructions {
                        text: s.clone(),
                        developer: false,
                    },
                };
                let mut p = Piece::new(body, 0);
                if role == "user" {
                    p.items.push(keys(&["content"]));
                }
                vec![p]
            }
            Value::Arr(blocks) => match role.as_str() {
                "user" => read_user(blocks, i, &names, losses),
                "assistant" => read_assistant(blocks, i, &mut names, losses),
                _ => read_system(blocks, i, losses),
            },
            _ => Vec::new(),
        };
        if pieces.is_empty() && role != "system" {
            losses.push(Loss::new(
                i,
                &[],
                loss::UNSUPPORTED_MESSAGE,
                "nothing of this message has a place in the target",
            ));
            continue;
        }
        // A system message of no blocks is still one (empty) instruction.
        if pieces.is_empty() {
            pieces.push(Piece::new(
                Body::Instructions {
                    text: String::new(),
                    developer: false,
                },
                0,
            ));
        }
        // Results right after other results, in a message of their own.
        let after_results = out
            .last()
            .is_some_and(|p: &Message| matches!(p.body, Body::ToolOutputs { .. }));
        if let (true, Some(first)) = (after_results, pieces.first_mut()) {
            if matches!(first.body, Body::ToolOutputs { .. }) {
                // Its place in the run (1 for the second message of results): consecutive
                // results with equal marks would be one group to a target that joins them.
                let before = out
                    .last()
                    .and_then(|p| p.mark(NEW_MESSAGE))
                    .and_then(Value::as_f64);
                first.apart = Some(before.unwrap_or(0.0) + 1.0);
            }
        }
        // (Also where the block carries what only a block holds, `cache_control`: a target
        // may drop that, and the form with it.)
        let blocks_form =
            content.as_array().is_some() && pieces.len() == 1 && stringable(&pieces[0]);
        let single = pieces.len() == 1;
        for (n, p) in pieces.into_iter().enumerate() {
            let at = if single {
                Vec::new()
            } else if p.blocks.len() == 1 {
                nth(&keys(&["content"]), p.blocks[0])
            } else {
                keys(&["content"])
            };
            let mut m = Message::new(i, Format::Anthropic, p.body).at(at.clone(), p.items);
            for (item, value, path) in p.options {
                m.add_options(item, value, path);
            }
            if let Some(place) = p.apart {
                m.set_mark(NEW_MESSAGE, Value::Num(place), at.clone());
            }
            if n > 0 {
                m.set_mark(CONTINUES, Value::Bool(true), at);
            }
            if blocks_form {
                m.set_mark(LISTED, Value::Bool(true), keys(&["content"]));
            }
            out.push(m);
        }
    }
    out
}

/// An http(s) URL: what Anthropic's URL sources take (and what no reader takes for base64).
fn web_url(url: &str) -> bool {
    let lower = url.get(..8).unwrap_or(url).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://")
}

/// Could the writer write this piece, alone in its message, as a string content (provider
/// options aside)?
fn stringable(p: &Piece) -> bool {
    match &p.body {
        Body::Instructions { .. } => true,
        Body::Reply { text } => !text.is_empty(),
        Body::UserInput { parts } => matches!(parts.as_slice(), [Part::Text(t)] if !t.is_empty()),
        _ => false,
    }
}

/// `{ anthropic: { <key>: value } }`.
fn option(key: &'static str, value: Value) -> Value {
    Value::Obj(vec![(
        Name::from(ANTHROPIC),
        Value::Obj(vec![(Name::from(key), value)]),
    )])
}

/// A block's `cache_control`, as provider options of `item` (or of the piece).
fn read_cache_control(b: &Value, at: &[PathSeg], item: Option<usize>, p: &mut Piece) {
    if let Some(cc) = b.get("cache_control") {
        p.options.push((
            item,
            option(CACHE_CONTROL, cc.clone()),
            under(at, &["cache_control"]),
        ));
    }
}

/// A text block's citations: what the model cited has no canonical place.
fn read_citations(b: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) {
    if b.has("citations") {
        losses.push(Loss::at(
            i,
            under(at, &["citations"]),
            loss::DROPPED_FIELD,
            "a text's citations have no place in the target",
        ));
    }
}

fn block_type(b: &Value) -> String {
    text(b, "type").unwrap_or_default()
}

/// A block the mapping has no meaning for in this role.
fn unsupported_block(ty: &str, role: &str, i: usize, at: Path, losses: &mut Vec<Loss>) {
    losses.push(Loss::at(
        i,
        at,
        loss::UNSUPPORTED_MESSAGE,
        format!(
            "a {} block in {role} message has no place in the target",
            quoted(ty)
        ),
    ));
}

fn read_system(blocks: &[Value], i: usize, losses: &mut Vec<Loss>) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (k, b) in blocks.iter().enumerate() {
        let at = nth(&keys(&["content"]), k);
        report_unknown(
            b,
            &f::TEXT_BLOCK_PARAM,
            i,
            &at,
            "an Anthropic text block",
            losses,
        );
        let mut p = Piece::new(
            Body::Instructions {
                text: text(b, "text").unwrap_or_default(),
                developer: false,
            },
            k,
        );
        read_cache_control(b, &at, None, &mut p);
        read_citations(b, i, &at, losses);
        pieces.push(p);
    }
    pieces
}

fn read_user(
    blocks: &[Value],
    i: usize,
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Vec<Piece> {
    let mut results: Option<Piece> = None;
    let mut input: Option<Piece> = None;
    for (k, b) in blocks.iter().enumerate() {
        let at = nth(&keys(&["content"]), k);
        let ty = block_type(b);
        match ty.as_str() {
            "tool_result" => {
                let p = results.get_or_insert_with(|| {
                    let mut p = Piece::new(
                        Body::ToolOutputs {
                            outputs: Vec::new(),
                        },
                        k,
                    );
                    p.blocks.clear();
                    p
                });
                let n = p.items.len();
                let output = read_tool_result(b, i, &at, names, losses);
                read_cache_control(b, &at, Some(n), p);
                if let Body::ToolOutputs { outputs } = &mut p.body {
                    outputs.push(output);
                }
                p.items.push(at);
                p.blocks.push(k);
            }
            "text" | "image" | "document" => {
                let p = input.get_or_insert_with(|| {
                    let mut p = Piece::new(Body::UserInput { parts: Vec::new() }, k);
                    p.blocks.clear();
                    p
                });
                let n = p.items.len();
                let Some(part) = read_user_part(&ty, b, i, &at, n, p, losses) else {
                    continue;
                };
                if let Body::UserInput { parts } = &mut p.body {
                    parts.push(part);
                }
                p.items.push(at);
                p.blocks.push(k);
            }
            _ => unsupported_block(&ty, "a user", i, at, losses),
        }
    }
    // A user input whose every block was left out is none.
    let input = input.filter(|p| !p.blocks.is_empty());
    results.into_iter().chain(input).collect()
}

/// A `tool_result` block as a tool output named after its call.
fn read_tool_result(
    b: &Value,
    i: usize,
    at: &[PathSeg],
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Output {
    report_unknown(
        b,
        &f::TOOL_RESULT_BLOCK_PARAM,
        i,
        at,
        "an Anthropic tool_result block",
        losses,
    );
    if b.has("toolset_name") {
        losses.push(Loss::at(
            i,
            under(at, &["toolset_name"]),
            loss::DROPPED_FIELD,
            "a tool result's toolset name has no place in the target",
        ));
    }
    let call_id = text(b, "tool_use_id");
    let name = call_id
        .as_ref()
        .and_then(|id| names.get(id))
        .map(str::to_string);
    let content = b.get("content").cloned();
    let (output, error) = match b.get("is_error") {
        Some(Value::Bool(true)) => match content {
            // The error's text is its message.
            Some(Value::Str(s)) if !s.is_empty() => (Value::Null, error_value(&s)),
            Some(c) => (c, error_value("")),
            None => (Value::Null, error_value("")),
        },
        other => {
            if other.is_some() {
                losses.push(Loss::at(
                    i,
                    under(at, &["is_error"]),
                    loss::DROPPED_FIELD,
                    "is_error: false is what an absent is_error says; it is not written back",
                ));
            }
            (content.unwrap_or(Value::Null), None)
        }
    };
    Output {
        call_id,
        name,
        output,
        error,
    }
}

/// The JSON form of an `Error` with this message.
fn error_value(message: &str) -> Option<Value> {
    Some(obj([
        ("name", Value::from("Error")),
        ("message", Value::from(message)),
    ]))
}

/// A user's `text`, `image` or `document` block as a part (the `n`th of the input `p`).
fn read_user_part(
    ty: &str,
    b: &Value,
    i: usize,
    at: &[PathSeg],
    n: usize,
    p: &mut Piece,
    losses: &mut Vec<Loss>,
) -> Option<Part> {
    let source = b.get("source").cloned().unwrap_or(Value::Null);
    let at_source = under(at, &["source"]);
    // Data that is not standard padded base64 is no bytes (the validator does not check it;
    // the API refuses it): it is not read as a file.
    let bad_data = text(&source, "type").as_deref() == Some("base64")
        && crate::validate::base64_check(text(&source, "data").unwrap_or_default().as_bytes())
            .is_err();
    let url = text(&source, "url").unwrap_or_default();
    if text(&source, "type").as_deref() == Some("url") && !web_url(&url) {
        losses.push(Loss::at(
            i,
            at.to_vec(),
            loss::DROPPED_FIELD,
            format!(
                "{} is not an http(s) URL, which Anthropic URL sources take; it is not carried",
                quoted(&url)
            ),
        ));
        return None;
    }
    if ty != "text" && bad_data {
        losses.push(Loss::at(
            i,
            at.to_vec(),
            loss::DROPPED_FIELD,
            "base64 data that is not standard padded base64 is not carried",
        ));
        return None;
    }
    let part = match ty {
        "text" => {
            report_unknown(
                b,
                &f::TEXT_BLOCK_PARAM,
                i,
                at,
                "an Anthropic text block",
                losses,
            );
            read_citations(b, i, at, losses);
            Part::Text(text(b, "text").unwrap_or_default())
        }
        "image" => {
            report_unknown(
                b,
                &f::IMAGE_BLOCK_PARAM,
                i,
                at,
                "an Anthropic image block",
                losses,
            );
            if b.has("transformations") {
                losses.push(Loss::at(
                    i,
                    under(at, &["transformations"]),
                    loss::DROPPED_FIELD,
                    "an image's transformations have no place in the target",
                ));
            }
            match text(&source, "type").as_deref() {
                Some("base64") => {
                    report_unknown(
                        &source,
                        &f::BASE64_IMAGE_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic image source",
                        losses,
                    );
                    Part::file(
                        ImageSource::Base64(text(&source, "data").unwrap_or_default()),
                        text(&source, "media_type"),
                        None,
                    )
                }
                Some("url") => {
                    report_unknown(
                        &source,
                        &f::URL_IMAGE_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic image source",
                        losses,
                    );
                    Part::file(
                        ImageSource::Url(text(&source, "url").unwrap_or_default()),
                        None,
                        None,
                    )
                }
                _ => {
                    report_unknown(
                        &source,
                        &f::FILE_IMAGE_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic image source",
                        losses,
                    );
                    Part::FileId {
                        refs: vec![(
                            ANTHROPIC.to_string(),
                            text(&source, "file_id").unwrap_or_default(),
                        )],
                        filename: None,
                        media_type: Some(ANY_IMAGE.to_string()),
                    }
                }
            }
        }
        _ => {
            report_unknown(
                b,
                &f::DOCUMENT_BLOCK_PARAM,
                i,
                at,
                "an Anthropic document block",
                losses,
            );
            // The title is the file's name (as @ai-sdk/anthropic writes a file name as the
            // title); a null title, the context and the citations setting are provider options.
            let filename = text(b, "title");
            for key in DOCUMENT_FIELDS {
                if let Some(x) = b.get(key) {
                    if *key == "title" && filename.is_some() {
                        continue;
                    }
                    p.options
                        .push((Some(n), option(key, x.clone()), under(at, &[key])));
                }
            }
            match text(&source, "type").as_deref() {
                Some("base64") => {
                    report_unknown(
                        &source,
                        &f::BASE64_PDF_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic document source",
                        losses,
                    );
                    Part::file(
                        ImageSource::Base64(text(&source, "data").unwrap_or_default()),
                        text(&source, "media_type"),
                        filename,
                    )
                }
                Some("text") => {
                    report_unknown(
                        &source,
                        &f::PLAIN_TEXT_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic document source",
                        losses,
                    );
                    Part::file(
                        ImageSource::Text(text(&source, "data").unwrap_or_default()),
                        text(&source, "media_type"),
                        filename,
                    )
                }
                Some("url") => {
                    report_unknown(
                        &source,
                        &f::URL_PDF_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic document source",
                        losses,
                    );
                    Part::file(
                        ImageSource::Url(text(&source, "url").unwrap_or_default()),
                        Some(PDF.to_string()),
                        filename,
                    )
                }
                Some("file") => {
                    report_unknown(
                        &source,
                        &f::FILE_DOCUMENT_SOURCE,
                        i,
                        &at_source,
                        "an Anthropic document source",
                        losses,
                    );
                    Part::FileId {
                        refs: vec![(
                            ANTHROPIC.to_string(),
                            text(&source, "file_id").unwrap_or_default(),
                        )],
                        filename,
                        media_type: None,
                    }
                }
                _ => {
                    // Its options go with it.
                    p.options.retain(|(item, _, _)| *item != Some(n));
                    losses.push(Loss::at(
                        i,
                        at.to_vec(),
                        loss::DROPPED_FIELD,
                        "a document of content blocks has no place in the target",
                    ));
                    return None;
                }
            }
        }
    };
    read_cache_control(b, at, Some(n), p);
    Some(part)
}

fn read_assistant(
    blocks: &[Value],
    i: usize,
    names: &mut super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Vec<Piece> {
    let mut pieces: Vec<Piece> = Vec::new();
    for (k, b) in blocks.iter().enumerate() {
        let at = nth(&keys(&["content"]), k);
        let ty = block_type(b);
        match ty.as_str() {
            "text" => {
                report_unknown(
                    b,
                    &f::TEXT_BLOCK_PARAM,
                    i,
                    &at,
                    "an Anthropic text block",
                    losses,
                );
                let mut p = Piece::new(
                    Body::Reply {
                        text: text(b, "text").unwrap_or_default(),
                    },
                    k,
                );
                // The text part's own (item 0), as the AI SDK reads a text part's options.
                read_cache_control(b, &at, Some(0), &mut p);
                read_citations(b, i, &at, losses);
                pieces.push(p);
            }
            "thinking" => {
                report_unknown(
                    b,
                    &f::THINKING_BLOCK_PARAM,
                    i,
                    &at,
                    "an Anthropic thinking block",
                    losses,
                );
                pieces.push(Piece::new(
                    Body::Reasoning {
                        title: None,
                        text: text(b, "thinking").unwrap_or_default(),
                        signature: text(b, "signature"),
                    },
                    k,
                ));
            }
            "redacted_thinking" => {
                report_unknown(
                    b,
                    &f::REDACTED_THINKING_BLOCK_PARAM,
                    i,
                    &at,
                    "an Anthropic redacted_thinking block",
                    losses,
                );
                pieces.push(Piece::new(
                    Body::RedactedReasoning {
                        data: text(b, "data").unwrap_or_default(),
                    },
                    k,
                ));
            }
            "tool_use" => {
                report_unknown(
                    b,
                    &f::TOOL_USE_BLOCK_PARAM,
                    i,
                    &at,
                    "an Anthropic tool_use block",
                    losses,
                );
                for key in ["caller", "toolset_name"] {
                    if b.has(key) {
                        losses.push(Loss::at(
                            i,
                            under(&at, &[key]),
                            loss::DROPPED_FIELD,
                            format!("a tool call's {key} has no place in the target"),
                        ));
                    }
                }
                let call = Call {
                    id: text(b, "id").unwrap_or_default(),
                    name: text(b, "name").unwrap_or_default(),
                    args: b.get("input").cloned(),
                };
                names.push(&call.id, &call.name);
                // A run of tool_use blocks is one set of calls.
                let run = pieces.last().is_some_and(|p| {
                    matches!(p.body, Body::ToolCalls { .. }) && p.blocks.last() == Some(&(k - 1))
                });
                if !run {
                    let mut p = Piece::new(Body::ToolCalls { calls: Vec::new() }, k);
                    p.blocks.clear();
                    pieces.push(p);
                }
                let p = pieces.last_mut().expect("a piece of calls");
                let n = p.items.len();
                read_cache_control(b, &at, Some(n), p);
                if let Body::ToolCalls { calls } = &mut p.body {
                    calls.push(call);
                }
                p.items.push(at);
                p.blocks.push(k);
            }
            _ => unsupported_block(&ty, "an assistant", i, at, losses),
        }
    }
    pieces
}

// ---------------------------------------------------------------------------------------------
// Writing

/// The role a canonical message is written in; `None`: none (reported by the writer).
fn role_of(body: &Body) -> Option<&'static str> {
    Some(match body {
        Body::Instructions { .. } => "system",
        Body::UserInput { .. } | Body::ToolOutputs { .. } => "user",
        Body::Reply { .. }
        | Body::ToolCalls { .. }
        | Body::Reasoning { .. }
        | Body::RedactedReasoning { .. } => "assistant",
        Body::Log { .. } | Body::Other { .. } => return None,
    })
}

/// The message being written: its place in the output, its role, the last canonical message
/// written into it, whether it holds tool results only, and its text when it may be written as
/// a string (one piece, one plain text block).
struct Open {
    index: usize,
    role: &'static str,
    last: usize,
    results_only: bool,
    string: Option<String>,
    /// The canonical message whose mark [`LISTED`] the message's form keeps, while it does.
    blocks_mark: Option<usize>,
}

/// A tool-use id as the API takes it (`^[a-zA-Z0-9_-]+$`, at most 64 characters), `None` when
/// `id` is one already. Otherwise the same rewrite every time: every other character becomes
/// `_`, and `_` and the 8 hex digits of the FNV-1a hash of the original id follow, the prefix
/// cut so that the whole has at most 64 characters.
pub fn tool_use_id(id: &str) -> Option<String> {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
    if !id.is_empty() && id.len() <= 64 && id.chars().all(ok) {
        return None;
    }
    let suffix = format!("_{:08x}", crate::fnv::bytes(id.as_bytes()));
    let prefix: String = id
        .chars()
        .map(|c| if ok(c) { c } else { '_' })
        .take(64 - suffix.len())
        .collect();
    Some(prefix + &suffix)
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let _ = fill;
    let mut out: Vec<Value> = Vec::new();
    let mut open: Option<Open> = None;
    // Messages written, settled (a string content where it may be) once every option is on.
    let mut closed: Vec<Open> = Vec::new();
    // (call id, tool name) of the calls written, to check a result's tool name.
    let mut calls = super::pairing::CallNames::default();
    // Options of the whole source message (not of a system message), written on the last
    // block written of that message once it is written (as @ai-sdk/anthropic writes a
    // message's cacheControl on its last part).
    let mut whole = Whole::default();
    for (n, m) in msgs.iter().enumerate() {
        if whole.source != Some((m.source, m.from)) {
            whole.flush(msgs, &mut out, losses);
            whole.source = Some((m.source, m.from));
        }
        if !matches!(m.body, Body::Instructions { .. }) {
            whole.pending.extend(
                (0..m.options.len())
                    .filter(|&j| m.options[j].item.is_none())
                    .map(|j| (n, j)),
            );
        }
        let Some(role) = role_of(&m.body) else {
            losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                format!(
                    "Anthropic has no {} message",
                    m.body.kind_chats_lack().unwrap_or("such")
                ),
            ));
            continue;
        };
        if let Body::Reasoning {
            signature: None, ..
        } = &m.body
        {
            losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                "Anthropic takes thinking back only with the signature the API gave it; this reasoning has none",
            ));
            continue;
        }
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "Anthropic messages carry no id or timestamp",
            ));
        }
        let mut used: Vec<&str> = Vec::new();
        let is_results = matches!(m.body, Body::ToolOutputs { .. });
        let follows = open
            .as_ref()
            .is_some_and(|o| o.role == role && n > 0 && o.last == n - 1);
        let after_calls = n > 0 && matches!(msgs[n - 1].body, Body::ToolCalls { .. });
        let join = match &m.body {
            // The results of one turn are one user message: the API takes results only in the
            // user message right after the calls.
            Body::ToolOutputs { .. } => {
                follows
                    && open.as_ref().is_some_and(|o| o.results_only)
                    && matches!(msgs[n - 1].body, Body::ToolOutputs { .. })
            }
            // Calls after calls would read back as one; they are one message only where they
            // were (the mark), or where results follow them, which must answer calls of the
            // assistant message right before.
            Body::ToolCalls { .. } if after_calls => {
                follows && (m.marked(CONTINUES) || results_follow(msgs, n))
            }
            // An input after an input would read back as one.
            Body::UserInput { .. }
                if n > 0 && matches!(msgs[n - 1].body, Body::UserInput { .. }) =>
            {
                false
            }
            // An assistant's piece where results follow the run it is in joins it too.
            _ => {
                follows
                    && (m.marked(CONTINUES)
                        || after_written(m, &msgs[n - 1])
                        || role == "assistant" && results_follow(msgs, n))
            }
        };
        // The ids of the calls a result may answer here: those of the assistant message right
        // before the user message the results go into.
        let answerable: Vec<String> = if is_results {
            let before = match (&open, join) {
                (Some(o), true) => o.index.checked_sub(1),
                _ => out.len().checked_sub(1),
            };
            before
                .map(|b| &out[b])
                .filter(|b| text(b, "role").as_deref() == Some("assistant"))
                .and_then(|b| b.get("content"))
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter(|b| text(b, "type").as_deref() == Some("tool_use"))
                .filter_map(|b| text(b, "id"))
                .collect()
        } else {
            Vec::new()
        };
        let mut blocks = write_blocks(m, &mut calls, &answerable, losses);
        apply_options(m, &mut blocks, losses);
        let last_item = blocks.last().and_then(|(item, _)| *item);
        let blocks: Vec<Value> = blocks.into_iter().map(|(_, b)| b).collect();
        let empty_instructions =
            matches!(&m.body, Body::Instructions { text, .. } if text.is_empty());
        if blocks.is_empty() && !empty_instructions {
            // Reported by write_blocks.
            report_rest(m, &[], losses, Format::Anthropic);
            continue;
        }
        // (Results joined are a merge only where the source told the messages apart by the
        // mark; a target's reader of one message per result splits them again.)
        let merged = join
            && match &m.body {
                Body::ToolOutputs { .. } => m.mark(NEW_MESSAGE).is_some(),
                // (The reader reads calls in a row as one piece: pieces of one message come
                // back as that message; of two messages, as one.)
                Body::ToolCalls { .. } if after_calls => {
                    m.source != msgs[n - 1].source
                        || !(m.marked(CONTINUES) || super::same_message(&msgs[n - 1], m))
                }
                _ => {
                    !(m.marked(CONTINUES)
                        || after_written(m, &msgs[n - 1])
                        || super::same_message(&msgs[n - 1], m))
                }
            };
        if merged {
            let detail = if is_results {
                "tool results right after other tool results are written into their user message (the API takes results only right after the calls): read back, one message with them"
            } else {
                "written into the assistant message before it, so that the tool results after them answer one message (the API takes results only right after their calls): read back, one message with it"
            };
            // (At the message where it is the first piece of its source: the message merges.)
            losses.push(match msgs[n - 1].source != m.source {
                true => Loss::new(m.source, &[], loss::MERGED_MESSAGES, detail),
                false => m.loss(What::Message, loss::MERGED_MESSAGES, detail),
            });
        }
        if m.marked(CONTINUES) && join && !is_results {
            used.push(CONTINUES);
        }
        if join && after_written(m, &msgs[n - 1]) {
            used.push(AFTER);
        }
        if is_results && m.mark(NEW_MESSAGE).is_some() && join {
            used.push(NEW_MESSAGE);
        }
        if m.mark(LISTED) == Some(&Value::Bool(true)) {
            used.push(LISTED);
        }
        match (&mut open, join) {
            (Some(o), true) => {
                // An empty text is no block (the API refuses one): written joined to others,
                // it is left out.
                if o.string.as_deref() == Some("") {
                    losses.push(msgs[o.last].loss(
                        What::Message,
                        loss::DROPPED_FIELD,
                        EMPTY_LEFT_OUT,
                    ));
                }
                if blocks.is_empty() && empty_instructions {
                    losses.push(m.loss(What::Message, loss::DROPPED_FIELD, EMPTY_LEFT_OUT));
                }
                if let Some(first) = o.blocks_mark.take() {
                    // Blocks without it: the mark says nothing more, and is not read back.
                    losses.push(msgs[first].loss(
                        What::Mark(LISTED),
                        loss::DROPPED_FIELD,
                        "the message holds several blocks: the mark of a single text written as a block is not kept",
                    ));
                }
                if let Some(Value::Arr(content)) = out[o.index].get_mut("content") {
                    if !blocks.is_empty() {
                        whole.last =
                            Some((o.index, content.len() + blocks.len() - 1, n, last_item));
                    }
                    content.extend(blocks);
                }
                o.last = n;
                o.results_only &= is_results;
                o.string = None;
            }
            _ => {
                if let Some(o) = open.take() {
                    closed.push(o);
                }
                let string = string_form(m, &blocks);
                if !blocks.is_empty() {
                    whole.last = Some((out.len(), blocks.len() - 1, n, last_item));
                }
                out.push(obj([
                    ("role", Value::from(role)),
                    ("content", Value::Arr(blocks)),
                ]));
                open = Some(Open {
                    index: out.len() - 1,
                    role,
                    last: n,
                    results_only: is_results,
                    string,
                    blocks_mark: m.marked(LISTED).then_some(n),
                });
            }
        }
        if let Body::Instructions {
            developer: true, ..
        } = &m.body
        {
            let at = if m.from == Format::Kernel {
                keys(&[RESERVED, DEVELOPER])
            } else {
                under(&m.at, &["role"])
            };
            losses.push(Loss::at(
                m.source,
                at,
                loss::CHANGED_VALUE,
                "Anthropic has no developer role: the instructions are written as a system message",
            ));
        }
        report_rest(m, &used, losses, Format::Anthropic);
    }
    whole.flush(msgs, &mut out, losses);
    closed.extend(open.take());
    for o in closed {
        settle(&mut out, o);
    }
    out
}

/// Do the tool results right after the run of assistant pieces that message `n` is in answer
/// a call of the run before `n`? Then `n` must join the message before it: results answer only
/// the assistant message right before them.
fn results_follow(msgs: &[Message], n: usize) -> bool {
    let assistant = |m: &Message| role_of(&m.body) == Some("assistant");
    let start = msgs[..n]
        .iter()
        .rposition(|m| !assistant(m))
        .map_or(0, |p| p + 1);
    let Some(after) = msgs[n..].iter().position(|m| !assistant(m)) else {
        return false;
    };
    // The results right after the run, however many messages they come in.
    let outputs = msgs[n + after..].iter().map_while(|m| match &m.body {
        Body::ToolOutputs { outputs } => Some(outputs),
        _ => None,
    });
    outputs.flatten().any(|o| {
        msgs[start..n].iter().any(|m| match &m.body {
            Body::ToolCalls { calls } => calls.iter().any(|c| o.call_id.as_deref() == Some(&c.id)),
            _ => false,
        })
    })
}

/// The options of a whole source message, kept until its last block is written.
#[derive(Default)]
struct Whole {
    /// The source message (index and format) they are of.
    source: Option<(usize, Format)>,
    /// (canonical message, option) of each.
    pending: Vec<(usize, usize)>,
    /// The last block written of that message: (output message, block, canonical message,
    /// item).
    last: Option<(usize, usize, usize, Option<usize>)>,
}

impl Whole {
    /// Writes the options on the message's last block (reported: they read back as that
    /// block's), or reports them when nothing of the message was written.
    fn flush(&mut self, msgs: &[Message], out: &mut [Value], losses: &mut Vec<Loss>) {
        for (n, j) in std::mem::take(&mut self.pending) {
            let (m, o) = (&msgs[n], &msgs[n].options[j]);
            let Some((index, k, writer, item)) = self.last else {
                put_option(m, o, None, losses);
                continue;
            };
            let block = match out[index].get_mut("content") {
                Some(Value::Arr(content)) => content.get_mut(k),
                _ => None,
            };
            if !put_option(m, o, block, losses) {
                continue;
            }
            losses.push(Loss::at(
                m.source,
                o.at.clone(),
                loss::CHANGED_VALUE,
                "the message's provider options are written on its last block, whose own they read back as",
            ));
            // An item that was the whole content (an AI SDK string) reads back as a part of
            // its own, which holds the options.
            let w = &msgs[writer];
            let whole = match item.and_then(|k| w.items.get(k)) {
                Some(at) => Some(at.clone()),
                // A reply of a string content.
                None if w.at.is_empty() && matches!(w.from, Format::AiSdk | Format::Anthropic) => {
                    Some(keys(&["content"]))
                }
                None => None,
            };
            if let Some(at) =
                whole.filter(|at| !matches!(at.last(), Some(PathSeg::Index(_)) | None))
            {
                losses.push(Loss::at(
                    m.source,
                    at,
                    loss::CHANGED_VALUE,
                    "the content is written as a block holding the message's provider options: it reads back as a part",
                ));
            }
        }
        self.last = None;
    }
}

/// Does `m` carry the AI SDK's [`AFTER`] mark naming the kind of `before`, the message before
/// it?
fn after_written(m: &Message, before: &Message) -> bool {
    let kind = piece_kind(&before.body);
    kind != "other" && m.mark(AFTER).and_then(Value::as_str) == Some(kind)
}

/// The message's content as a string, when it was one piece that a string says exactly.
fn settle(out: &mut [Value], o: Open) {
    let plain = match out[o.index].get("content") {
        Some(Value::Arr(content)) => match content.as_slice() {
            [b] => b.as_object().is_some_and(|e| e.len() == 2),
            [] => true,
            _ => false,
        },
        _ => false,
    };
    if let (Some(s), true) = (o.string, plain) {
        out[o.index].set("content", Value::from(s));
    }
}

/// The detail of an empty text written beside other blocks.
const EMPTY_LEFT_OUT: &str =
    "an empty text is no Anthropic block (the API refuses one): beside other blocks it is left out";

/// The text a message of one piece is written as (instead of its blocks), when the piece is
/// one plain text (not empty, except for instructions) and the source did not write blocks.
fn string_form(m: &Message, blocks: &[Value]) -> Option<String> {
    if m.mark(LISTED).is_some() {
        return None;
    }
    let plain = |b: &Value| {
        b.as_object().is_some_and(|o| o.len() == 2) && text(b, "type").as_deref() == Some("text")
    };
    match (&m.body, blocks) {
        (Body::Instructions { text, .. }, []) if text.is_empty() => Some(String::new()),
        (Body::Instructions { .. } | Body::Reply { .. } | Body::UserInput { .. }, [b])
            if plain(b) =>
        {
            text(b, "text")
        }
        _ => None,
    }
}

/// A text block (`None`: an empty text, which the API refuses as a block).
fn text_block(t: &str) -> Option<Value> {
    (!t.is_empty()).then(|| obj([("type", Value::from("text")), ("text", Value::from(t))]))
}

/// The blocks of one canonical message, each with the item it holds (`None`: the message's one
/// block); what cannot be written is reported.
fn write_blocks(
    m: &Message,
    calls: &mut super::pairing::CallNames,
    answerable: &[String],
    losses: &mut Vec<Loss>,
) -> Vec<(Option<usize>, Value)> {
    let mut out = Vec::new();
    match &m.body {
        Body::Instructions { text, .. } => {
            out.extend(text_block(text).map(|b| (None, b)));
        }
        Body::Reply { text } => match text_block(text) {
            Some(b) => out.push((Some(0), b)),
            None => losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                "Anthropic refuses an empty text: the empty reply is not written",
            )),
        },
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
                    "an Anthropic thinking block has no title",
                ));
            }
            out.push((
                None,
                obj([
                    ("type", Value::from("thinking")),
                    ("thinking", Value::from(text)),
                    (
                        "signature",
                        Value::from(signature.as_deref().unwrap_or_default()),
                    ),
                ]),
            ));
        }
        Body::RedactedReasoning { data } => out.push((
            None,
            obj([
                ("type", Value::from("redacted_thinking")),
                ("data", Value::from(data)),
            ]),
        )),
        Body::UserInput { parts } => {
            for (k, p) in parts.iter().enumerate() {
                if let Some(b) = user_block(m, k, p, losses) {
                    out.push((Some(k), b));
                }
            }
            if out.is_empty() {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "Anthropic refuses a user message without content: nothing of this input can be written",
                ));
            }
        }
        Body::ToolCalls { calls: list } => {
            if list.is_empty() {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "an empty list of tool calls is no Anthropic block",
                ));
            }
            for (k, c) in list.iter().enumerate() {
                calls.push(&c.id, &c.name);
                out.push((Some(k), tool_use(m, k, c, losses)));
            }
        }
        Body::ToolOutputs { outputs } => {
            if outputs.is_empty() {
                losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "an empty list of tool results is no Anthropic block",
                ));
            }
            for (k, o) in outputs.iter().enumerate() {
                if let Some(b) = tool_result(m, k, o, calls, answerable, losses) {
                    out.push((Some(k), b));
                }
            }
        }
        Body::Log { .. } | Body::Other { .. } => {}
    }
    out
}

/// The id a call or result is written with, reporting a rewrite at `at`.
fn written_id(m: &Message, id: &str, at: Path, losses: &mut Vec<Loss>) -> String {
    match tool_use_id(id) {
        None => id.to_string(),
        Some(new) => {
            losses.push(Loss::at(
                m.source,
                at,
                loss::ID_REWRITTEN,
                format!(
                    "the tool-use id {} is written as {} (Anthropic takes ^[a-zA-Z0-9_-]+$, at most 64 characters)",
                    quoted(id),
                    quoted(&new)
                ),
            ));
            new
        }
    }
}

fn tool_use(m: &Message, k: usize, c: &Call, losses: &mut Vec<Loss>) -> Value {
    let id = written_id(m, &c.id, m.path(What::Field(k, Field::Id)), losses);
    let input = match &c.args {
        Some(a @ Value::Obj(_)) => a.clone(),
        other => {
            losses.push(m.loss(
                What::Field(k, Field::Args),
                loss::DROPPED_FIELD,
                match other {
                    Some(v) => format!(
                        "an Anthropic tool input is an object; {} is written as {{}}",
                        v.to_json()
                    ),
                    None => "absent args are written as {}".to_string(),
                },
            ));
            Value::Obj(Vec::new())
        }
    };
    obj([
        ("type", Value::from("tool_use")),
        ("id", Value::from(id)),
        ("name", Value::from(&c.name)),
        ("input", input),
    ])
}

/// Does `v` fit `shape` (JSON form)?
fn fits(v: &Value, shape: &crate::validate::Shape) -> bool {
    let text = v.to_json();
    let Ok(tape) = crate::tape::json::parse(&text, 64) else {
        return false;
    };
    crate::validate::check(
        &tape.view(&text),
        0,
        shape,
        crate::validate::Mode::Json,
        &crate::validate::Options::default(),
    )
    .issues
    .is_empty()
}

/// A tool result's content: a string or blocks as they are, anything else as its JSON text
/// (reported); `None` for no content.
fn result_content(m: &Message, k: usize, output: &Value, losses: &mut Vec<Loss>) -> Option<Value> {
    match output {
        Value::Null => None,
        Value::Str(_) => Some(output.clone()),
        Value::Arr(_) if fits(output, &f::ToolResultContent::SHAPE) => Some(output.clone()),
        other => {
            losses.push(m.loss(
                What::Field(k, Field::Output),
                loss::STRINGIFIED_OUTPUT,
                "the output is written as JSON text (an Anthropic tool result holds text or content blocks)",
            ));
            Some(Value::from(other.to_json()))
        }
    }
}

fn tool_result(
    m: &Message,
    k: usize,
    o: &Output,
    calls: &super::pairing::CallNames,
    answerable: &[String],
    losses: &mut Vec<Loss>,
) -> Option<Value> {
    let Some(call_id) = &o.call_id else {
        losses.push(m.loss(
            What::Item(k),
            loss::UNSUPPORTED_MESSAGE,
            "an Anthropic tool_result needs the call id; a result without one (and no call at its position to pair it with) is not carried",
        ));
        return None;
    };
    let written = tool_use_id(call_id);
    if !answerable.contains(written.as_ref().unwrap_or(call_id)) {
        losses.push(m.loss(
            What::Item(k),
            loss::UNSUPPORTED_MESSAGE,
            "Anthropic takes a tool result only in the user message right after the assistant message that calls it, and this call is not there: the result is not written",
        ));
        return None;
    }
    let called = calls.get(call_id);
    if o.name.is_some() && o.name.as_deref() != called {
        losses.push(m.loss(
            What::Field(k, Field::Name),
            loss::DROPPED_FIELD,
            "an Anthropic tool result has no tool name; it is not its call's",
        ));
    }
    let id = written_id(m, call_id, m.path(What::Field(k, Field::CallId)), losses);
    let mut b = obj([
        ("type", Value::from("tool_result")),
        ("tool_use_id", Value::from(id)),
    ]);
    let content = match &o.error {
        None => result_content(m, k, &o.output, losses),
        Some(e) => {
            let message = text(e, "message").unwrap_or_default();
            let plain = e.as_object().is_some_and(|entries| {
                entries.len() == 2
                    && text(e, "name").as_deref() == Some("Error")
                    && e.get("message").is_some_and(|x| x.as_str().is_some())
            });
            if !plain {
                losses.push(m.loss(
                    What::Field(k, Field::Error),
                    loss::ERROR_AS_TEXT,
                    "an Anthropic tool result says is_error and holds the error's message as its content; the rest of the error is not written",
                ));
            }
            match (&o.output, message.is_empty()) {
                (Value::Null, true) => None,
                (Value::Null, false) => Some(Value::from(message)),
                (output, true) => {
                    let content = result_content(m, k, output, losses);
                    if plain && matches!(&content, Some(Value::Str(s)) if !s.is_empty()) {
                        // The text of a failed call reads back as the error's message.
                        losses.push(m.loss(
                            What::Field(k, Field::Error),
                            loss::ERROR_AS_TEXT,
                            "the output of a failed call is written as the content, which reads back as the error's message",
                        ));
                    }
                    content
                }
                (output, false) => {
                    if plain {
                        losses.push(m.loss(
                            What::Field(k, Field::Error),
                            loss::ERROR_AS_TEXT,
                            "the error's message is written into the content after the output",
                        ));
                    }
                    let mut content = result_content(m, k, output, losses);
                    if matches!(&content, Some(Value::Str(s)) if s.is_empty())
                        || matches!(&content, Some(Value::Arr(b)) if b.is_empty())
                    {
                        losses.push(m.loss(
                            What::Field(k, Field::Output),
                            loss::DROPPED_FIELD,
                            "the empty output of a failed call is not written: the content holds only the error's message",
                        ));
                    }
                    let line = format!("Error: {message}");
                    match &mut content {
                        Some(Value::Arr(blocks)) => blocks.push(obj([
                            ("type", Value::from("text")),
                            ("text", Value::from(line)),
                        ])),
                        Some(Value::Str(s)) if s.is_empty() => *s = line,
                        Some(Value::Str(s)) => {
                            s.push('\n');
                            s.push_str(&line);
                        }
                        _ => content = Some(Value::from(line)),
                    }
                    content
                }
            }
        }
    };
    if let Some(c) = content {
        b.set("content", c);
    }
    if o.error.is_some() {
        b.set("is_error", Value::Bool(true));
    }
    Some(b)
}

/// A media-type loss at the part's media type.
fn lose(
    m: &Message,
    what: What,
    code: LossCode,
    detail: impl Into<super::loss::Detail>,
    losses: &mut Vec<Loss>,
) {
    losses.push(m.loss(what, code, detail));
}

/// An image block of `source`; a file name is reported (an image has no title).
fn image(
    m: &Message,
    k: usize,
    source: Value,
    filename: &Option<String>,
    losses: &mut Vec<Loss>,
) -> Value {
    if filename.is_some() {
        lose(
            m,
            What::Field(k, Field::Filename),
            loss::DROPPED_FIELD,
            "an Anthropic image has no file name",
            losses,
        );
    }
    obj([("type", Value::from("image")), ("source", source)])
}

/// A document block of `source`, titled with the file name.
fn document(source: Value, filename: &Option<String>) -> Value {
    let mut b = obj([("type", Value::from("document")), ("source", source)]);
    if let Some(name) = filename {
        b.set("title", Value::from(name));
    }
    b
}

fn user_block(m: &Message, k: usize, p: &Part, losses: &mut Vec<Loss>) -> Option<Value> {
    match p {
        Part::Text(t) => {
            let b = text_block(t);
            if b.is_none() {
                lose(
                    m,
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    "Anthropic refuses an empty text block: the empty text is not written",
                    losses,
                );
            }
            b
        }
        Part::FileId {
            refs,
            filename,
            media_type,
        } => {
            let Some((_, id)) = refs.iter().find(|(p, _)| p == ANTHROPIC) else {
                lose(
                    m,
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!(
                        "an Anthropic file source takes an Anthropic file id; {} is none",
                        refs_text(refs)
                    ),
                    losses,
                );
                return None;
            };
            if refs.len() > 1 {
                lose(
                    m,
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    format!("an Anthropic file source holds one file id; of {} only Anthropic's is written", refs_text(refs)),
                    losses,
                );
            }
            let source = obj([("type", Value::from("file")), ("file_id", Value::from(id))]);
            let is_image = media_type
                .as_deref()
                .is_some_and(|t| t.starts_with("image/"));
            if is_image {
                if media_type.as_deref() != Some(ANY_IMAGE) {
                    lose(
                        m,
                        What::Field(k, Field::MediaType),
                        loss::DROPPED_FIELD,
                        "an Anthropic image by file id has no media type",
                        losses,
                    );
                }
                Some(image(m, k, source, filename, losses))
            } else {
                if media_type.is_some() {
                    lose(
                        m,
                        What::Field(k, Field::MediaType),
                        loss::DROPPED_FIELD,
                        "an Anthropic document by file id has no media type",
                        losses,
                    );
                }
                Some(document(source, filename))
            }
        }
        Part::File {
            source,
            media_type,
            filename,
            form,
        } => {
            let mt = media_type.as_deref();
            match source {
                ImageSource::Text(t) => {
                    if mt.is_some_and(|t| t != PLAIN_TEXT) {
                        lose(
                            m,
                            What::Field(k, Field::MediaType),
                            loss::CHANGED_VALUE,
                            "an Anthropic plain-text document is text/plain",
                            losses,
                        );
                    }
                    Some(document(
                        obj([
                            ("type", Value::from("text")),
                            ("media_type", Value::from(PLAIN_TEXT)),
                            ("data", Value::from(t)),
                        ]),
                        filename,
                    ))
                }
                ImageSource::Url(url) if !web_url(url) => {
                    lose(
                        m,
                        What::Item(k),
                        loss::DROPPED_FIELD,
                        format!(
                            "{} is not an http(s) URL, which Anthropic URL sources take",
                            quoted(url)
                        ),
                        losses,
                    );
                    None
                }
                ImageSource::Url(url) => {
                    let source = obj([("type", Value::from("url")), ("url", Value::from(url))]);
                    match mt {
                        Some(PDF) => Some(document(source, filename)),
                        None => Some(image(m, k, source, filename, losses)),
                        // What a format that must type its files says of an untyped one (the
                        // UI writes an Anthropic image by URL so): sent as an image by URL.
                        Some(OCTET_STREAM) => {
                            lose(
                                m,
                                What::Field(k, Field::MediaType),
                                loss::CHANGED_VALUE,
                                "a file of no known type by URL is sent as an Anthropic image by URL, which has no media type",
                                losses,
                            );
                            Some(image(m, k, source, filename, losses))
                        }
                        Some(t) if t.starts_with("image/") => {
                            lose(
                                m,
                                What::Field(k, Field::MediaType),
                                loss::DROPPED_FIELD,
                                "an Anthropic image by URL has no media type",
                                losses,
                            );
                            Some(image(m, k, source, filename, losses))
                        }
                        Some(t) => {
                            lose(
                                m,
                                What::Item(k),
                                loss::DROPPED_FIELD,
                                format!(
                                    "Anthropic takes images and PDFs by URL, not {}",
                                    quoted(t)
                                ),
                                losses,
                            );
                            None
                        }
                    }
                }
                ImageSource::Base64(data) => {
                    if form.held == Held::DataUrl {
                        lose(
                            m,
                            What::Item(k),
                            loss::CHANGED_VALUE,
                            "a data: URL is written as base64 data and its media type",
                            losses,
                        );
                    }
                    let base64 = |mt: &str| {
                        obj([
                            ("type", Value::from("base64")),
                            ("media_type", Value::from(mt)),
                            ("data", Value::from(data)),
                        ])
                    };
                    match mt {
                        Some(t) if IMAGE_TYPES.contains(&t) => {
                            Some(image(m, k, base64(t), filename, losses))
                        }
                        Some(PDF) => Some(document(base64(PDF), filename)),
                        Some(PLAIN_TEXT) => match crate::validate::base64_decode(data.as_bytes())
                            .ok()
                            .and_then(|bytes| String::from_utf8(bytes).ok())
                        {
                            Some(t) => {
                                lose(m, What::Item(k), loss::CHANGED_VALUE, "a text/plain file's bytes are written as a plain-text document", losses);
                                Some(document(
                                    obj([
                                        ("type", Value::from("text")),
                                        ("media_type", Value::from(PLAIN_TEXT)),
                                        ("data", Value::from(t)),
                                    ]),
                                    filename,
                                ))
                            }
                            None => {
                                lose(m, What::Item(k), loss::DROPPED_FIELD, "a text/plain file whose bytes are not UTF-8 text has no place in Anthropic", losses);
                                None
                            }
                        },
                        None => match super::openai::sniff_image(data) {
                            Some(found) => {
                                // (The part's: read back, it is a file of that type,
                                // which may be another kind of part.)
                                lose(
                                    m,
                                    What::Item(k),
                                    loss::CHANGED_VALUE,
                                    format!("a file without a media type is sent as the image its bytes are ({found})"),
                                    losses,
                                );
                                Some(image(m, k, base64(found), filename, losses))
                            }
                            None => {
                                lose(m, What::Item(k), loss::DROPPED_FIELD, "a file without a media type has no place in Anthropic (images, PDFs and plain text are typed)", losses);
                                None
                            }
                        },
                        Some(t) => {
                            lose(
                                m,
                                What::Item(k),
                                loss::DROPPED_FIELD,
                                format!(
                                    "Anthropic takes JPEG, PNG, GIF and WebP images, PDFs and plain text, not {}",
                                    quoted(t)
                                ),
                                losses,
                            );
                            None
                        }
                    }
                }
            }
        }
    }
}

/// Can a block of this type hold `cache_control`?
fn caches(block: &Value) -> bool {
    !matches!(
        text(block, "type").as_deref(),
        Some("thinking" | "redacted_thinking")
    )
}

/// Writes the message's provider options on its blocks: Anthropic's `cacheControl` as
/// `cache_control`, a document's `title`, `context` and `citations` as themselves; anything
/// else (another provider's options, a key Anthropic has no field for, a field the block does
/// not have) is reported (`dropped_opaque`). A system message's own options go on its block;
/// the options of any other whole message wait for its last block ([`Whole`]).
fn apply_options(m: &Message, blocks: &mut [(Option<usize>, Value)], losses: &mut Vec<Loss>) {
    let instructions = matches!(m.body, Body::Instructions { .. });
    for o in &m.options {
        let target = match o.item {
            Some(k) => blocks.iter().position(|(item, _)| *item == Some(k)),
            None if instructions => (!blocks.is_empty()).then_some(0),
            None => continue,
        };
        put_option(m, o, target.map(|t| &mut blocks[t].1), losses);
    }
}

/// Writes one option of `m` on `block` (`None`: what it is of is not written); whether any of
/// it was written. Of a whole
/// message (`o.item` is `None`) only `cacheControl` is written on a block other than a system
/// message's, as @ai-sdk/anthropic reads no other key of a message's options.
fn put_option(
    m: &Message,
    o: &ProviderOptions,
    block: Option<&mut Value>,
    losses: &mut Vec<Loss>,
) -> bool {
    let mut written = false;
    let whole = o.item.is_none() && !matches!(m.body, Body::Instructions { .. });
    let entries: Vec<(&Name, &Value)> = match &o.value {
        Value::Obj(providers) => providers.iter().map(|(k, v)| (k, v)).collect(),
        _ => Vec::new(),
    };
    // One loss at the option's path when it holds one thing, else one per thing.
    let single = entries.len() == 1 && entries[0].1.as_object().is_some_and(|e| e.len() == 1);
    let Some(block) = block else {
        losses.push(Loss::at(
            m.source,
            o.at.clone(),
            loss::DROPPED_OPAQUE,
            "provider options of what is not written",
        ));
        return false;
    };
    if entries.is_empty() {
        losses.push(Loss::at(
            m.source,
            o.at.clone(),
            loss::DROPPED_OPAQUE,
            "provider options that are not an object have no place in Anthropic",
        ));
    }
    for (provider, value) in entries {
        if provider != ANTHROPIC || value.as_object().is_none() {
            let at = if single {
                o.at.clone()
            } else {
                under_key(&o.at, provider)
            };
            losses.push(Loss::at(
                m.source,
                at,
                loss::DROPPED_OPAQUE,
                format!(
                    "Anthropic messages have no place for {} provider options",
                    quoted(provider)
                ),
            ));
            continue;
        }
        for (key, x) in value.as_object().into_iter().flatten() {
            let field = match key.as_ref() {
                CACHE_CONTROL if caches(block) => Some("cache_control"),
                k if !whole
                    && DOCUMENT_FIELDS.contains(&k)
                    && text(block, "type").as_deref() == Some("document") =>
                {
                    DOCUMENT_FIELDS.iter().copied().find(|d| *d == k)
                }
                _ => None,
            };
            let at = if single {
                o.at.clone()
            } else {
                under_key(&under_key(&o.at, provider), key)
            };
            match field {
                Some(name) if name == "title" && block.has("title") => {
                    // The option's title wins over the file name, as in @ai-sdk/anthropic.
                    let filename = m.loss(What::Field(o.item.unwrap_or(0), Field::Filename), loss::DROPPED_FIELD, "the document's title option is written as its title instead of the file name");
                    losses.push(filename);
                    block.set(name, x.clone());
                    written = true;
                }
                Some(name) if !block.has(name) => {
                    block.set(name, x.clone());
                    written = true;
                }
                Some(_) => losses.push(Loss::at(
                    m.source,
                    at,
                    loss::DROPPED_OPAQUE,
                    format!(
                        "the block has its {} from other provider options",
                        quoted(key)
                    ),
                )),
                None => losses.push(Loss::at(
                    m.source,
                    at,
                    loss::DROPPED_OPAQUE,
                    format!(
                        "an Anthropic {} block has no place for the provider option {}",
                        text(block, "type").unwrap_or_default(),
                        quoted(key)
                    ),
                )),
            }
        }
    }
    // An AI SDK tool output's own options (upstream writes them on the block as it writes the
    // part's): read back, they are the tool-result part's.
    if written && o.on_ai_sdk_output(m.from) {
        losses.push(Loss::at(
            m.source,
            o.at.clone(),
            loss::CHANGED_VALUE,
            "the output's provider options are written on the tool_result block, which reads back as the tool-result part's",
        ));
    }
    written
}
