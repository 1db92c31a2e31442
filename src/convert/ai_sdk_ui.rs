//! The AI SDK's `UIMessage` ⇄ canonical (docs/conversions/ai_sdk_ui.md).
//!
//! A UI message is read into canonical pieces in the order of its parts, the way the AI SDK's
//! `convertToModelMessages` cuts it: an assistant message is a list of steps (a `step-start`
//! part begins each); a step's content parts are one canonical message (a reply, reasoning,
//! tool calls: later pieces marked [`CONTINUES`]) and the outputs of its tool parts are one
//! tool-outputs message after them, as the model messages have it (an assistant message, then
//! a tool message). The writer puts a turn back into one assistant UI message: each new
//! canonical message of the turn after the first begins a step (`step-start`), tool outputs go
//! into the tool part of their call.
//!
//! What a part says that the canonical model has no field for (a tool part's state when it is
//! not implied by an output, its approval, title, ...; a text part's `state`) is a mark of the
//! field's name on the piece, which then holds that part alone. Parts with no canonical meaning
//! (data, sources, custom content, files of the assistant, ...) are kept whole as `Other`
//! pieces: other formats report them.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{one_of_each, parse_data_url, read_reserved, reserved_value, text, Fill, PROPS};
use crate::formats::ai_sdk_ui::UIMessagePart;
use crate::formats::Format;
use crate::tape::value::{obj, Name, Value};
use crate::validate::{quoted, Described, PathSeg, Shape};

const F: Format = Format::AiSdkUi;

/// The role of the UI message when its first piece does not imply it.
const ROLE: &str = "role";
/// `false`: an assistant message that does not begin with a `step-start` (the writer begins
/// every assistant message with one, as `useChat` stores them).
const STEP_START: &str = "step_start";
/// A `dynamic-tool` part (a static one is `tool-<name>`).
const DYNAMIC_TOOL: &str = "dynamic_tool";
/// A reasoning part's `id`.
const PART_ID: &str = "part_id";
/// An `Other` piece that is a whole UI message (an assistant message with no parts).
const WHOLE: &str = "ui_message";
/// A text or tool part's `state`, where the canonical model does not imply it.
const STATE: &str = "state";
/// A text part's citations.
const CITATIONS: &str = "citations";
/// A tool part's keys the canonical model has no field for, carried as marks of their name.
const TOOL_KEYS: &[&str] = &[
    "title",
    "toolMetadata",
    "providerExecuted",
    "rawInput",
    "inputEncoding",
    "preliminary",
    "approval",
    "dynamic",
];

/// Marks that a UI message's own fields say: the reserved property of a UI message may not
/// name them (reported, not carried), and the writer does not put them there.
fn own_mark(name: &str) -> bool {
    [
        CONTINUES,
        STEP,
        WHOLE,
        ROLE,
        STEP_START,
        DYNAMIC_TOOL,
        PART_ID,
        STATE,
        CITATIONS,
    ]
    .contains(&name)
        || TOOL_KEYS.contains(&name)
}

/// Is the mark `name` of `m` one its UI message holds in its reserved property (not one its own
/// fields or parts say)?
fn message_mark(m: &Message, name: &str) -> bool {
    !(own_mark(name)
        || (name == DEVELOPER && matches!(m.body, Body::Instructions { .. }))
        || name == PROPS)
}

/// The role a piece's body implies.
fn natural_role(body: &Body) -> &'static str {
    match body {
        Body::Instructions { .. } => "system",
        Body::UserInput { .. } => "user",
        _ => "assistant",
    }
}

fn part_path(k: usize) -> Path {
    nth(&keys(&["parts"]), k)
}

/// Is `key` a documented field of the UI part `p` (by its `type`, and for a tool part by its
/// `state`)?
fn known_key(p: &Value, key: &str) -> bool {
    let mut shape: &'static Shape = &UIMessagePart::SHAPE;
    loop {
        match shape {
            Shape::Union(u) => {
                if key == u.tag.name() || u.base.has(key) {
                    return true;
                }
                let tag = p.get(u.tag.name()).and_then(Value::as_str).unwrap_or("");
                match u.case(tag) {
                    Some(s) => shape = s,
                    None => return false,
                }
            }
            Shape::Object(o) => return o.has(key),
            _ => return false,
        }
    }
}

/// Reports every key of the part `p` (at `at`) that the part's type does not document.
fn report_unknown_keys(p: &Value, i: usize, at: &[PathSeg], losses: &mut Vec<Loss>) {
    for (key, _) in p.as_object().into_iter().flatten() {
        if !known_key(p, key) {
            losses.push(Loss::at(
                i,
                under_key(at, key),
                loss::DROPPED_FIELD,
                format!(
                    "{} is not a field of a UI message part; it has no place in the target",
                    quoted(key)
                ),
            ));
        }
    }
}

/// Is `v` a valid UI message part?
fn valid_part(v: &Value) -> bool {
    fits_shape(v, &UIMessagePart::SHAPE)
}

fn fits_shape(v: &Value, shape: &Shape) -> bool {
    use crate::tape::json;
    use crate::validate::{check, Mode, Options, DEPTH_CEILING};
    let text = v.to_json();
    let Ok(tape) = json::parse(&text, DEPTH_CEILING) else {
        return false;
    };
    check(&tape.view(&text), 0, shape, Mode::Json, &Options::default())
        .issues
        .is_empty()
}

/// A free-form value (a tool's input or output) in the JSON form: an object whose only key is
/// one of the form's tags (`$bytes`, `$error`, ...) but that is not what the tag says (another
/// format's reader made it, such as an argument Agens held as text) is escaped
/// (`{"$escape": ...}`), which is the same JavaScript value.
fn fit_any(v: &Value) -> Value {
    const TAGS: &[&str] = &["$bytes", "$error", "$escape", "$arrayBuffer", "$url"];
    match v {
        Value::Obj(entries) if entries.len() == 1 && TAGS.contains(&entries[0].0.as_ref()) => {
            if fits_shape(v, &Shape::Any) {
                v.clone()
            } else {
                let (k, x) = &entries[0];
                Value::Obj(vec![(
                    Name::from("$escape"),
                    Value::Obj(vec![(k.clone(), fit_any(x))]),
                )])
            }
        }
        Value::Obj(entries) => Value::Obj(
            entries
                .iter()
                .map(|(k, x)| (k.clone(), fit_any(x)))
                .collect(),
        ),
        Value::Arr(items) => Value::Arr(items.iter().map(fit_any).collect()),
        other => other.clone(),
    }
}

// ---------------------------------------------------------------------------------------------
// Reading

/// Anthropic's opaque value `key` (`signature`, `redactedData`) inside provider metadata, taken
/// out when the writer would put it back at the same place ([`unlift`]): the first key of the
/// `anthropic` entry, and that entry the first when it holds nothing else. Returns the value
/// and what is left (`None`: nothing).
fn lift(meta: &Value, key: &str) -> Option<(String, Option<Value>)> {
    let providers = meta.as_object()?;
    let at = providers.iter().position(|(p, _)| p == ANTHROPIC)?;
    let entries = providers[at].1.as_object()?;
    let (first, value) = entries.first()?;
    let value = value.as_str()?;
    if first != key || (entries.len() == 1 && at != 0) {
        return None;
    }
    let mut rest = providers.clone();
    if entries.len() == 1 {
        rest.remove(at);
    } else {
        rest[at].1 = Value::Obj(entries[1..].to_vec());
    }
    Some((
        value.to_string(),
        (!rest.is_empty()).then_some(Value::Obj(rest)),
    ))
}

/// Puts Anthropic's `key` back into provider metadata (see [`lift`]); `None` when `rest`
/// already has one.
fn unlift(rest: Option<&Value>, key: &str, value: &str) -> Option<Value> {
    let mut providers = rest.and_then(Value::as_object).cloned().unwrap_or_default();
    match providers.iter_mut().find(|(p, _)| p == ANTHROPIC) {
        Some((_, Value::Obj(entries))) => {
            if entries.iter().any(|(k, _)| k == key) {
                return None;
            }
            entries.insert(0, (Name::from(key.to_string()), Value::from(value)));
        }
        Some(_) => return None,
        None => providers.insert(
            0,
            (Name::from(ANTHROPIC), obj([]).with(key, Value::from(value))),
        ),
    }
    Some(Value::Obj(providers))
}

trait With {
    fn with(self, key: &str, value: Value) -> Value;
}

impl With for Value {
    fn with(mut self, key: &str, value: Value) -> Value {
        self.set(key, value);
        self
    }
}

/// The pieces of one UI message being read.
struct Reader<'a> {
    i: usize,
    out: &'a mut Vec<Message>,
    losses: &'a mut Vec<Loss>,
    /// Where this message's pieces begin in `out`.
    start: usize,
    /// The next piece begins a canonical message (a step) rather than continuing one.
    new_step: bool,
    /// The `step-start` part of the step being read.
    step_at: Option<usize>,
    /// The piece in `out` that more parts of the same kind may join (consecutive unmarked
    /// tool parts, consecutive unmarked text and file parts of a user).
    open: Option<usize>,
}

impl Reader<'_> {
    /// Adds a piece: it continues the message's pieces before it unless it begins a step.
    fn push(&mut self, mut m: Message) {
        if self.out.len() > self.start {
            if !self.new_step {
                let at = m.items.first().cloned().unwrap_or_else(|| m.at.clone());
                m.set_mark(CONTINUES, Value::Bool(true), at);
            } else if let Some(k) = self.step_at {
                m.set_mark(STEP, Value::Bool(true), part_path(k));
            }
        }
        self.new_step = false;
        self.open = None;
        self.out.push(m);
    }

    fn other(&mut self, p: &Value, k: usize) {
        let m = Message::new(
            self.i,
            F,
            Body::Other {
                format: F,
                value: p.clone(),
            },
        )
        .at(part_path(k), Vec::new());
        self.push(m);
    }

    /// Marks of a text part's `state` and `citations`.
    fn text_marks(m: &mut Message, p: &Value, k: usize) {
        for key in [STATE, CITATIONS] {
            if let Some(x) = p.get(key) {
                m.set_part_mark(key, x.clone(), under(&part_path(k), &[key]));
            }
        }
    }

    fn text_piece(&mut self, p: &Value, k: usize, body: Body) {
        report_unknown_keys(p, self.i, &part_path(k), self.losses);
        let mut m = Message::new(self.i, F, body).at(part_path(k), vec![part_path(k)]);
        Self::text_marks(&mut m, p, k);
        if let Some(meta) = p.get("providerMetadata") {
            // A system message's provider metadata is the message's (as convertToModelMessages
            // merges it into the model message's providerOptions); a reply's is its part's.
            let item = (!matches!(m.body, Body::Instructions { .. })).then_some(0);
            m.add_options(
                item,
                meta.clone(),
                under(&part_path(k), &["providerMetadata"]),
            );
        }
        self.push(m);
    }

    fn reasoning(&mut self, p: &Value, k: usize) {
        report_unknown_keys(p, self.i, &part_path(k), self.losses);
        let at = part_path(k);
        let text_of = text(p, "text").unwrap_or_default();
        let meta = p.get("providerMetadata");
        let redacted = meta
            .filter(|_| text_of.is_empty())
            .and_then(|m| lift(m, "redactedData"));
        let (body, rest) = match redacted {
            Some((data, rest)) => (Body::RedactedReasoning { data }, rest),
            None => match meta.and_then(|m| lift(m, "signature")) {
                Some((s, rest)) => (
                    Body::Reasoning {
                        title: None,
                        text: text_of,
                        signature: Some(s),
                    },
                    rest,
                ),
                None => (
                    Body::Reasoning {
                        title: None,
                        text: text_of,
                        signature: None,
                    },
                    meta.cloned(),
                ),
            },
        };
        let mut m = Message::new(self.i, F, body).at(at.clone(), vec![at.clone()]);
        if let Some(id) = p.get("id") {
            m.set_part_mark(PART_ID, id.clone(), under(&at, &["id"]));
        }
        if let Some(s) = p.get(STATE) {
            m.set_part_mark(STATE, s.clone(), under(&at, &[STATE]));
        }
        if let Some(rest) = rest {
            m.add_options(Some(0), rest, under(&at, &["providerMetadata"]));
        }
        self.push(m);
    }

    /// A text or file part of a user: joins the user input before it unless either has marks.
    fn user_part(&mut self, p: &Value, k: usize, part: Part, marked: bool) {
        let at = part_path(k);
        if let (Some(n), false) = (self.open, marked) {
            if let Body::UserInput { parts } = &mut self.out[n].body {
                parts.push(part);
                let item = parts.len() - 1;
                self.out[n].items.push(at.clone());
                if let Some(meta) = p.get("providerMetadata") {
                    self.out[n].add_options(
                        Some(item),
                        meta.clone(),
                        under(&at, &["providerMetadata"]),
                    );
                }
                return;
            }
        }
        let mut m = Message::new(self.i, F, Body::UserInput { parts: vec![part] })
            .at(at.clone(), vec![at.clone()]);
        if let Some(meta) = p.get("providerMetadata") {
            m.add_options(Some(0), meta.clone(), under(&at, &["providerMetadata"]));
        }
        Self::text_marks(&mut m, p, k);
        self.push(m);
        if !marked {
            self.open = Some(self.out.len() - 1);
        }
    }

    /// A `file` part (of a user): a `data:` URL of its media type is bytes, a provider
    /// reference is the provider's file, anything else a URL.
    fn file(&mut self, p: &Value, k: usize) -> Part {
        report_unknown_keys(p, self.i, &part_path(k), self.losses);
        let media = text(p, "mediaType").unwrap_or_default();
        let filename = text(p, "filename");
        let url = text(p, "url").unwrap_or_default();
        if let Some(Value::Obj(refs)) = p.get("providerReference") {
            self.losses.push(Loss::at(
                self.i,
                under(&part_path(k), &["url"]),
                loss::DROPPED_FIELD,
                "a file with a provider reference is that provider's file; its url is not carried (convertToModelMessages does not send it either)",
            ));
            return Part::FileId {
                refs: refs
                    .iter()
                    .map(|(p, id)| (p.to_string(), id.as_str().unwrap_or_default().to_string()))
                    .collect(),
                filename,
                media_type: Some(media),
            };
        }
        // (A media type no `data:` URL can carry stands beside an octet-stream one, as the
        // writer writes it.)
        let beside = |m: &str| {
            m == "application/octet-stream"
                && super::writable_media_type(&Some(media.clone())).is_none()
        };
        match parse_data_url(&url) {
            Some((m, data)) if m == media || beside(&m) => Part::File {
                source: ImageSource::Base64(data),
                media_type: Some(media),
                filename,
                form: Form {
                    held: Held::DataUrl,
                    tagged: false,
                },
            },
            _ => Part::file(ImageSource::Url(url), Some(media), filename),
        }
    }
}

/// A tool part read: its call, the marks of what the canonical model has no field for, the
/// call's provider metadata and its output (with the output's provider metadata).
struct ToolRead {
    call: Call,
    marks: Vec<(&'static str, Value, Path)>,
    call_meta: Option<(Value, Path)>,
    output: Option<(Output, Option<(Value, Path)>)>,
}

fn read_tool(p: &Value, k: usize) -> ToolRead {
    let at = part_path(k);
    let ty = text(p, "type").unwrap_or_default();
    let mut marks = Vec::new();
    let name = if ty == "dynamic-tool" {
        let name = text(p, "toolName").unwrap_or_default();
        // (An empty name can only be a dynamic tool's: the writer makes it one. The mark is the
        // part's: its type and its toolName both say it.)
        if !name.is_empty() {
            marks.push((DYNAMIC_TOOL, Value::Bool(true), at.clone()));
        }
        name
    } else {
        ty.strip_prefix("tool-").unwrap_or_default().to_string()
    };
    let id = text(p, "toolCallId").unwrap_or_default();
    let state = text(p, "state").unwrap_or_default();
    if !matches!(
        state.as_str(),
        "input-available" | "output-available" | "output-error"
    ) {
        marks.push((STATE, Value::from(state.as_str()), under(&at, &[STATE])));
    }
    for key in TOOL_KEYS {
        if let Some(x) = p.get(key) {
            marks.push((*key, x.clone(), under(&at, &[key])));
        }
    }
    let meta = |key: &'static str| p.get(key).map(|m| (m.clone(), under(&at, &[key])));
    let output = match state.as_str() {
        "output-available" => Some(Output {
            call_id: Some(id.clone()),
            name: Some(name.clone()),
            output: p.get("output").cloned().unwrap_or(Value::Null),
            error: None,
        }),
        "output-error" => Some(Output {
            call_id: Some(id.clone()),
            name: Some(name.clone()),
            output: Value::Null,
            error: Some(error_value(&text(p, "errorText").unwrap_or_default())),
        }),
        _ => None,
    };
    ToolRead {
        call: Call {
            id,
            name,
            args: p.get("input").cloned(),
        },
        marks,
        call_meta: meta("callProviderMetadata"),
        output: output.map(|o| (o, meta("resultProviderMetadata"))),
    }
}

/// An `errorText` as the JSON form of an `Error` (as Kernel's single tool result reads its
/// error text).
fn error_value(message: &str) -> Value {
    obj([
        ("name", Value::from("Error")),
        ("message", Value::from(message)),
    ])
}

/// The outputs of a step's tool parts, written after its content as one tool-outputs message.
#[derive(Default)]
struct StepOutputs {
    outputs: Vec<Output>,
    items: Vec<Path>,
    options: Vec<(usize, Value, Path)>,
}

impl StepOutputs {
    fn flush(&mut self, r: &mut Reader) {
        if self.outputs.is_empty() {
            return;
        }
        let mut m = Message::new(
            r.i,
            F,
            Body::ToolOutputs {
                outputs: std::mem::take(&mut self.outputs),
            },
        );
        m.at = self.items[0].clone();
        m.items = std::mem::take(&mut self.items);
        for (n, v, at) in self.options.drain(..) {
            m.add_options(Some(n), v, at);
        }
        // A message of its own (a tool message in model messages): it neither begins a step
        // nor continues the content before it.
        r.out.push(m);
        r.open = None;
    }
}

fn read_tool_part(r: &mut Reader, p: &Value, k: usize, outputs: &mut StepOutputs) {
    report_unknown_keys(p, r.i, &part_path(k), r.losses);
    let t = read_tool(p, k);
    let marked = !t.marks.is_empty();
    let joined = match (r.open, marked) {
        (Some(n), false) => match &mut r.out[n].body {
            Body::ToolCalls { calls } => {
                calls.push(t.call.clone());
                let item = calls.len() - 1;
                r.out[n].items.push(part_path(k));
                if let Some((v, at)) = &t.call_meta {
                    r.out[n].add_options(Some(item), v.clone(), at.clone());
                }
                true
            }
            _ => false,
        },
        _ => false,
    };
    if !joined {
        let mut m = Message::new(
            r.i,
            F,
            Body::ToolCalls {
                calls: vec![t.call.clone()],
            },
        )
        .at(part_path(k), vec![part_path(k)]);
        if let Some((v, at)) = &t.call_meta {
            m.add_options(Some(0), v.clone(), at.clone());
        }
        for (name, v, at) in t.marks {
            m.set_part_mark(name, v, at);
        }
        r.push(m);
        if !marked {
            r.open = Some(r.out.len() - 1);
        }
    }
    if let Some((o, meta)) = t.output {
        let n = outputs.outputs.len();
        outputs.outputs.push(o);
        outputs.items.push(part_path(k));
        if let Some((v, at)) = meta {
            outputs.options.push((n, v, at));
        }
    }
}

/// A UI tool part holds its own output; every other format pairs an output with its call by id.
/// An output whose part shares its `toolCallId` with an earlier part of the message still waiting
/// (read by id, the output would go to that one; the UI writer, pairing the same way, too) is
/// reported.
pub(crate) fn report_shared_call_ids(msgs: &[Message], losses: &mut Vec<Loss>) {
    // The part paths of the calls of the UI message being read, and by id those of its calls
    // not answered yet, in order (found by hash: a search of every call for each output was
    // quadratic in a message of many tool parts).
    let mut calls: Vec<&Path> = Vec::new();
    let mut waiting = crate::fnv::IdMap::<Vec<usize>>::default();
    let mut source = None;
    for m in msgs.iter().filter(|m| m.from == F) {
        if source != Some(m.source) {
            calls.clear();
            waiting.clear();
            source = Some(m.source);
        }
        match &m.body {
            Body::ToolCalls { calls: list } => {
                for (c, at) in list.iter().zip(&m.items) {
                    waiting.entry(&c.id).push(calls.len());
                    calls.push(at);
                }
            }
            Body::ToolOutputs { outputs } => {
                for (o, at) in outputs.iter().zip(&m.items) {
                    let Some(id) = o.call_id.as_deref() else {
                        continue;
                    };
                    let Some(first) = waiting
                        .get_mut(id)
                        .filter(|w| !w.is_empty())
                        .map(|w| w.remove(0))
                    else {
                        continue;
                    };
                    if calls[first] != at {
                        losses.push(Loss::at(
                            m.source,
                            under(at, &["toolCallId"]),
                            loss::DROPPED_FIELD,
                            "an earlier tool part of this message has the same toolCallId and no output: read back (outputs are paired with calls by id), this output goes to that part",
                        ));
                    }
                }
            }
            _ => {}
        }
    }
}

fn is_tool(ty: &str) -> bool {
    ty == "dynamic-tool" || ty.starts_with("tool-")
}

fn read_assistant(r: &mut Reader, parts: &[Value]) {
    let mut outputs = StepOutputs::default();
    // A step-start whose step has no piece yet.
    let mut pending: Option<usize> = None;
    for (k, p) in parts.iter().enumerate() {
        let ty = text(p, "type").unwrap_or_default();
        if ty == "step-start" {
            outputs.flush(r);
            if let Some(s) = pending {
                r.new_step = true;
                r.other(&parts[s], s);
            }
            report_unknown_keys(p, r.i, &part_path(k), r.losses);
            pending = Some(k);
            r.step_at = Some(k);
            r.new_step = true;
            r.open = None;
            continue;
        }
        match ty.as_str() {
            "text" => r.text_piece(
                p,
                k,
                Body::Reply {
                    text: text(p, "text").unwrap_or_default(),
                },
            ),
            "reasoning" => r.reasoning(p, k),
            t if is_tool(t) => read_tool_part(r, p, k, &mut outputs),
            _ => r.other(p, k),
        }
        pending = None;
    }
    outputs.flush(r);
    if let Some(s) = pending {
        r.new_step = true;
        r.other(&parts[s], s);
    }
    let leading = parts
        .first()
        .is_some_and(|p| text(p, "type").as_deref() == Some("step-start"));
    if !leading && r.out.len() > r.start {
        let first = &mut r.out[r.start];
        first.set_mark(
            STEP_START,
            Value::Bool(false),
            under(&part_path(0), &["type"]),
        );
    }
}

fn read_user_or_system(r: &mut Reader, parts: &[Value], system: bool) {
    for (k, p) in parts.iter().enumerate() {
        let ty = text(p, "type").unwrap_or_default();
        match (ty.as_str(), system) {
            ("text", true) => r.text_piece(
                p,
                k,
                Body::Instructions {
                    text: text(p, "text").unwrap_or_default(),
                    developer: false,
                },
            ),
            ("text", false) => {
                report_unknown_keys(p, r.i, &part_path(k), r.losses);
                let marked = p.has(STATE) || p.has(CITATIONS);
                let part = Part::Text(text(p, "text").unwrap_or_default());
                r.user_part(p, k, part, marked);
            }
            ("file", false) => {
                let part = r.file(p, k);
                r.user_part(p, k, part, false);
            }
            _ => r.other(p, k),
        }
    }
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let role = text(v, "role").unwrap_or_default();
        let parts = v
            .get("parts")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice);
        let start = out.len();
        let mut r = Reader {
            i,
            out: &mut out,
            losses: &mut *losses,
            start,
            new_step: true,
            step_at: None,
            open: None,
        };
        match role.as_str() {
            "assistant" => read_assistant(&mut r, parts),
            _ => read_user_or_system(&mut r, parts, role == "system"),
        }
        if out.len() == start {
            // An assistant message with no parts yet (it is streaming): kept whole.
            let mut m = Message::new(
                i,
                F,
                Body::Other {
                    format: F,
                    value: v.clone(),
                },
            );
            m.set_mark(WHOLE, Value::Bool(true), Vec::new());
            out.push(m);
            continue;
        }
        let first = &mut out[start];
        first.id = text(v, "id");
        if natural_role(&first.body) != role {
            first.set_mark(ROLE, Value::from(role.as_str()), keys(&["role"]));
        }
        // An assistant message written after another begins a message of its own: its
        // `step_start` mark says so where it has one (it begins with no step-start part), else
        // its id.
        if role == "assistant" {
            first.joins_kind = Some("assistant");
            if i > 0 {
                match first.marks.iter_mut().find(|t| t.name == STEP_START) {
                    Some(t) => t.begins = true,
                    None => first.begins_by_id = true,
                }
            }
        }
        read_message_keys(first, v, losses);
        super::take_filled_types(first, |_| true);
    }
    out
}

/// The message's keys beyond `id`, `role` and `parts`: `metadata` and the user's own keys are
/// extra properties (in their order, those the reserved property holds after them); the
/// reserved property's marks are read, those a UI message's own fields say refused.
fn read_message_keys(m: &mut Message, v: &Value, losses: &mut Vec<Loss>) {
    let reader_marks = m.marks.len();
    for (k, x) in v.as_object().into_iter().flatten() {
        match k.as_ref() {
            "id" | "role" | "parts" => {}
            RESERVED => read_reserved(x, &keys(&[RESERVED]), m, losses),
            _ => m
                .extra
                .push(Tagged::new(k.clone(), x.clone(), under_key(&[], k))),
        }
    }
    let (plain, props): (Vec<Tagged>, Vec<Tagged>) =
        m.extra.drain(..).partition(|t| t.at.len() == 1);
    m.extra = plain.into_iter().chain(props).collect();
    // `metadata` is the message's field: first (the writer writes it as the field when it is).
    if let Some(at) = m
        .extra
        .iter()
        .position(|t| t.name == "metadata" && t.at.len() == 1)
    {
        let t = m.extra.remove(at);
        m.extra.insert(0, t);
    }
    one_of_each(m, 0, losses);
    let mut n = reader_marks;
    while n < m.marks.len() {
        let name = m.marks[n].name.clone();
        let developer = name == DEVELOPER && matches!(m.body, Body::Instructions { .. });
        if own_mark(&name) || (developer && m.marks[n].value != Value::Bool(true)) {
            let t = m.marks.remove(n);
            losses.push(Loss::at(
                m.source,
                t.at,
                loss::RESERVED_NAME,
                format!(
                    "the UI message's own fields say what {} would; this entry is not carried",
                    quoted(&name)
                ),
            ));
        } else if developer {
            m.marks.remove(n);
            if let Body::Instructions { developer, .. } = &mut m.body {
                *developer = true;
            }
        } else {
            n += 1;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Writing

/// A part's fields, in the order they are set.
type Fields = Vec<(&'static str, Value)>;

/// A tool part being written: its call, and its output once merged.
struct ToolPart {
    /// The canonical message and the call's position in it.
    n: usize,
    k: usize,
    /// The marks applied (their names), reported if the part they make is not valid.
    marks: Vec<&'static str>,
    fields: Vec<(&'static str, Value)>,
    /// The merged output: the tool-outputs message, the output's position, and its fields.
    output: Option<(usize, usize, Fields)>,
}

enum UiPart {
    Plain(Value),
    Tool(Box<ToolPart>),
}

struct UiMessage {
    /// The first canonical message (its extra properties and marks are the message's).
    first: usize,
    role: &'static str,
    id: String,
    parts: Vec<UiPart>,
    /// Marks of the first piece written as fields, and marks to write under the reserved
    /// property besides its unused ones.
    used: Vec<&'static str>,
    developer: bool,
    /// A message kept whole (an assistant message with no parts).
    whole: Option<Value>,
    /// Where the last step begins in `parts`, and the furthest part of it an output went into
    /// (the reader reads a step's outputs back in the order of its parts, after its content).
    step_at: usize,
    merged: Option<usize>,
    /// Whether files' media types were filled in, and none names that type.
    untyped: super::Untyped,
    /// The canonical message whose outputs went into the last step last.
    merged_from: Option<usize>,
    /// The parts of the first canonical message left out (its marks lose their entries).
    left_out: Vec<usize>,
    /// The tool parts by call id, in order, and how many of `parts` are indexed (parts are
    /// only ever appended): an output finds its call's part by hash (a search of every part
    /// for each output was quadratic in a message of many tool parts).
    by_call: (crate::fnv::IdMap<Vec<usize>>, usize),
}

impl UiMessage {
    /// The first of the tool parts of `call` that waits for an output.
    fn waiting(&mut self, call: &str) -> Option<usize> {
        let (index, indexed) = &mut self.by_call;
        for (n, p) in self.parts.iter().enumerate().skip(*indexed) {
            if let UiPart::Tool(t) = p {
                for (_, id) in t.fields.iter().filter(|(f, _)| *f == "toolCallId") {
                    if let Some(id) = id.as_str() {
                        index.entry(id).push(n);
                    }
                }
            }
        }
        *indexed = self.parts.len();
        let parts = &self.parts;
        index.get(call)?.iter().copied().find(|&p| {
            matches!(&parts[p], UiPart::Tool(t) if t.output.is_none() && !t.marks.contains(&STATE))
        })
    }
}

struct Writer<'a> {
    msgs: &'a [Message],
    losses: &'a mut Vec<Loss>,
    out: Vec<UiMessage>,
    /// The last canonical message written (not left out).
    written: Option<usize>,
}

/// How a canonical message joins the UI messages written so far.
#[derive(PartialEq)]
enum Join {
    /// A new UI message.
    New,
    /// Into the last one, continuing its step.
    Append,
    /// Into the last one, beginning a step.
    Step,
}

/// Does `m` hold one part with marks the writer applies to it (the reader keeps such a part a
/// piece of its own: it does not join the tool calls or user input before it)?
fn part_marked(m: &Message) -> bool {
    match &m.body {
        Body::ToolCalls { calls } if calls.len() == 1 => m.marks.iter().any(|t| {
            t.name == STATE || t.name == DYNAMIC_TOOL || TOOL_KEYS.contains(&t.name.as_ref())
        }),
        Body::UserInput { parts } if parts.len() == 1 => {
            matches!(parts[0], Part::Text(_))
                && (m.mark(STATE).is_some() || m.mark(CITATIONS).is_some())
        }
        _ => false,
    }
}

/// Do `prev` and `m`, in one UI message, read back as one piece (tool calls, or user input, in a
/// row, neither with marks of its part)? What they are, if so.
fn pieces_join(prev: &Message, m: &Message) -> Option<&'static str> {
    match (&prev.body, &m.body) {
        _ if part_marked(m) || part_marked(prev) => None,
        (Body::ToolCalls { .. }, Body::ToolCalls { .. }) => Some("tool calls"),
        (Body::UserInput { .. }, Body::UserInput { .. }) => Some("user input"),
        _ => None,
    }
}

/// Does the writer write `m`, right after `prev`, into `prev`'s UI message so that they read back
/// as one piece? (Pieces of one source message in a row, as an Agens step's `input` and `user`.)
pub(crate) fn one_piece(prev: &Message, m: &Message) -> bool {
    prev.source == m.source
        && prev.from == m.from
        && m.from != F
        && m.mark(ROLE).is_none()
        && pieces_join(prev, m).is_some()
}

/// Does the reader read `body` back from a message of `role`? (Parts it has no meaning for
/// are kept whole in any role.)
fn fits(role: &str, body: &Body) -> bool {
    match body {
        Body::Other { .. } => true,
        _ => natural_role(body) == role,
    }
}

/// Whether the options of `m`'s parts keep its list's form where the source's writer reads
/// them (a block's `cache_control`): then a UI message, which is parts, needs no `listed` mark.
fn lists_by_options(m: &Message) -> bool {
    m.options.iter().any(|o| o.item.is_some())
}

fn is_step_start(m: &Message) -> bool {
    matches!(&m.body, Body::Other { format: F, value } if text(value, "type").as_deref() == Some("step-start"))
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let mut w = Writer {
        msgs,
        losses,
        out: Vec::new(),
        written: None,
    };
    for (n, m) in msgs.iter().enumerate() {
        match &m.body {
            Body::Log { .. } => {
                w.losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "UI messages have no log message",
                ));
                continue;
            }
            Body::Other { format, .. } if *format != F => {
                w.losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    format!("a {} message UI messages have no part for", format.name()),
                ));
                continue;
            }
            Body::ToolCalls { calls } if calls.is_empty() => {
                w.losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "an empty list of tool calls is no UI part",
                ));
                continue;
            }
            Body::ToolOutputs { outputs } if outputs.is_empty() => {
                w.losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "an empty list of tool results is no UI part",
                ));
                continue;
            }
            // Outputs that would begin a UI message have no tool part to go into (a fresh
            // message holds no call): nothing is written for them, not even an empty message.
            Body::ToolOutputs { .. } if w.join(n) == Join::New => {
                w.losses.push(m.loss(
                    What::Message,
                    loss::UNSUPPORTED_MESSAGE,
                    "a UI tool output is in the part of its call; no call waits for these outputs in the UI message before them, so they are not carried",
                ));
                continue;
            }
            Body::Other { value, .. } if m.marked(WHOLE) => {
                w.out.push(UiMessage {
                    first: n,
                    role: "assistant",
                    id: String::new(),
                    parts: Vec::new(),
                    used: Vec::new(),
                    developer: false,
                    whole: Some(value.clone()),
                    step_at: 0,
                    merged: None,
                    untyped: super::Untyped::default(),
                    merged_from: None,
                    left_out: Vec::new(),
                    by_call: Default::default(),
                });
                w.written = Some(n);
                continue;
            }
            _ => {}
        }
        w.write(n, fill);
        w.written = Some(n);
    }
    let Writer { out, losses, .. } = w;
    out.into_iter()
        .map(|u| serialize(u, msgs, losses))
        .collect()
}

impl Writer<'_> {
    /// The role of the UI message `m` begins: its mark's, when the reader reads the piece back
    /// from a message of that role.
    fn role(&self, m: &Message) -> &'static str {
        let marked = match m.mark(ROLE).and_then(Value::as_str) {
            Some("system") => "system",
            Some("user") => "user",
            Some("assistant") => "assistant",
            _ => return natural_role(&m.body),
        };
        if fits(marked, &m.body) {
            marked
        } else {
            natural_role(&m.body)
        }
    }

    fn join(&self, n: usize) -> Join {
        let m = &self.msgs[n];
        let Some(cur) = self.out.last().filter(|u| u.whole.is_none()) else {
            return Join::New;
        };
        if !fits(cur.role, &m.body) {
            return Join::New;
        }
        // A piece continuing one that is not written (another format's part, a log) is not
        // joined to what stands before that one: read back, it would join a message it was not
        // in (its `continues` is reported).
        let after_written = n > 0 && self.written == Some(n - 1);
        if m.marked(CONTINUES) && after_written {
            return Join::Append;
        }
        // Marks a UI message holds in its reserved property: joined into the message before,
        // they have no place (read back from a format that keeps them, they were lost then).
        // (The AI SDK's mark of how pieces join says nothing of a message of its own.)
        // (Nor does a list's form that the parts' own options keep.)
        let carries = m.marks.iter().any(|t| {
            message_mark(m, &t.name)
                && t.name != AFTER
                && !(t.name == LISTED && lists_by_options(m))
        });
        if m.marked(STEP)
            && cur.role == "assistant"
            && !matches!(m.body, Body::ToolOutputs { .. })
            && !carries
        {
            return Join::Step;
        }
        // (A UI message's own pieces say it with CONTINUES: its steps are of one source.)
        let same_source = m.from != F
            && after_written
            && self.msgs[n - 1].source == m.source
            && self.msgs[n - 1].from == m.from;
        let role = self.role(m);
        if matches!(m.body, Body::ToolOutputs { .. }) {
            return if cur.role == "assistant" || same_source {
                Join::Append
            } else {
                Join::New
            };
        }
        if cur.role != role || m.mark(ROLE).is_some() {
            return Join::New;
        }
        // (A piece with a message's own fields began a message.)
        let heads = !m.extra.is_empty() || m.mark(STEP_START).is_some() || carries;
        // (Two user inputs of one source, an Agens step's input and prompt, are two messages:
        // the reader reads one UI message as one input.)
        if same_source && role != "user" {
            Join::Append
        } else if role == "assistant" && m.id.is_none() && !heads {
            Join::Step
        } else {
            Join::New
        }
    }

    fn write(&mut self, n: usize, fill: &mut dyn Fill) {
        let msgs = self.msgs;
        let m = &msgs[n];
        let join = self.join(n);
        let mut used: Vec<&'static str> = Vec::new();
        if join == Join::New {
            let role = self.role(m);
            if m.mark(ROLE).is_some() && role != natural_role(&m.body) {
                used.push(ROLE);
            }
            let id = m.id.clone().unwrap_or_else(|| fill.id_and_time().0);
            if m.timestamp.is_some() {
                self.losses.push(m.loss(
                    What::Id,
                    loss::DROPPED_FIELD,
                    "UI messages have no timestamp",
                ));
            }
            let mut parts = Vec::new();
            if role == "assistant" {
                if m.mark(STEP_START) == Some(&Value::Bool(false)) {
                    used.push(STEP_START);
                } else if !is_step_start(m) {
                    parts.push(UiPart::Plain(obj([("type", Value::from("step-start"))])));
                }
            }
            self.out.push(UiMessage {
                first: n,
                role,
                id,
                parts,
                used: Vec::new(),
                developer: false,
                whole: None,
                step_at: 0,
                merged: None,
                untyped: super::Untyped::default(),
                merged_from: None,
                left_out: Vec::new(),
                by_call: Default::default(),
            });
        } else {
            if join == Join::Append && m.marked(CONTINUES) {
                used.push(CONTINUES);
            }
            if join == Join::Step && m.marked(STEP) {
                used.push(STEP);
            }
            // A message joined as a step of the one before: read back, it is marked `step`,
            // which a format that keeps marks (Kernel, swarm, Agens) then holds.
            if join == Join::Step
                && !m.marked(STEP)
                && matches!(m.from, Format::Kernel | Format::Swarm | Format::Agens)
            {
                self.losses.push(m.loss(
                    What::Message,
                    loss::DROPPED_FIELD,
                    "written as a step of the UI message before it: read back, it carries the mark \"step\"",
                ));
            }
            if join == Join::Step && !is_step_start(m) {
                self.push(UiPart::Plain(obj([("type", Value::from("step-start"))])));
            }
            let prev = &msgs[n - 1];
            if let (Join::Append, Some(what)) = (&join, pieces_join(prev, m)) {
                for (piece, detail) in [
                    (m, "written into the UI message right after more"),
                    (prev, "followed in the UI message by more"),
                ] {
                    self.losses.push(piece.loss(
                        What::Message,
                        loss::DROPPED_FIELD,
                        format!("{what} {detail} {what}: read back, they are one piece"),
                    ));
                }
            }
            if let Some(u) = self.out.last_mut() {
                if join == Join::Step {
                    u.step_at = u.parts.len();
                    u.merged = None;
                    u.merged_from = None;
                } else if u.merged.is_some() && !matches!(m.body, Body::ToolOutputs { .. }) {
                    self.losses.push(m.loss(
                        What::Message,
                        loss::PART_ORDER,
                        "a UI step's tool outputs are in its tool parts: read back, they come after this",
                    ));
                }
            }
            if join == Join::Step
                && matches!(m.body, Body::ToolCalls { .. })
                && matches!(msgs[n - 1].body, Body::Reply { .. })
            {
                self.losses.push(m.loss(
                    What::Message,
                    loss::DROPPED_FIELD,
                    "tool calls after a reply of another message begin a step of the UI message; read back, a target that joins a reply and the calls after it from one message (OpenAI, swarm) joins them",
                ));
            }
            if m.id.is_some() || m.timestamp.is_some() {
                self.losses.push(m.loss(
                    What::Id,
                    loss::DROPPED_FIELD,
                    "written into the UI message before it, which has an id of its own",
                ));
            }
        }
        let first = join == Join::New;
        self.body(n, first, &mut used);
        // A UI message is parts: its part's options keep a list's form where the source's
        // writer reads them (a block's `cache_control`); without options the mark is carried.
        if m.marked(LISTED) && lists_by_options(m) {
            used.push(LISTED);
        }
        if first {
            if let Some(u) = self.out.last_mut() {
                u.used = used;
            }
        } else {
            self.report_rest(m, &used);
        }
    }

    fn push(&mut self, p: UiPart) {
        if let Some(u) = self.out.last_mut() {
            u.parts.push(p);
        }
    }

    /// An output of `n` went into a part before others of the step that hold outputs of other
    /// messages: read back, those move too.
    /// Is piece `n` the one piece of its source message written, the others left out?
    fn alone_written(&self, n: usize) -> bool {
        let m = &self.msgs[n];
        let left_out = |x: &Message| {
            self.losses.iter().any(|l| {
                l.index == x.source && l.code == loss::UNSUPPORTED_MESSAGE && l.path == x.at
            })
        };
        self.msgs
            .iter()
            .enumerate()
            .filter(|(k, x)| *k != n && x.source == m.source)
            .all(|(_, x)| left_out(x))
    }

    fn report_moved(&mut self, n: usize, call: Option<&str>) {
        let msgs = self.msgs;
        let Some(u) = self.out.last() else { return };
        let at = u.parts.iter().position(|p| matches!(p, UiPart::Tool(t) if t.output.as_ref().is_some_and(|(o, _, _)| *o == n) && t.fields.iter().any(|(f, v)| *f == "toolCallId" && v.as_str() == call)));
        let Some(at) = at else { return };
        let later: Vec<(usize, usize)> = u.parts[at + 1..]
            .iter()
            .filter_map(|p| match p {
                UiPart::Tool(t) => t.output.as_ref().map(|(o, k, _)| (*o, *k)),
                _ => None,
            })
            .filter(|(o, _)| *o != n)
            .collect();
        for (o, k) in later {
            self.losses.push(msgs[o].loss(
                What::Item(k),
                loss::PART_ORDER,
                "an output of a later message went into a tool part before this one's: read back, this output comes after it",
            ));
        }
    }

    /// Marks and extra properties of a piece written into a UI message it does not begin.
    fn report_rest(&mut self, m: &Message, used: &[&str]) {
        for t in &m.extra {
            self.losses.push(m.loss(
                What::Extra(&t.name),
                loss::DROPPED_FIELD,
                format!(
                    "written into the UI message before it, whose properties are that message's; {} is not carried",
                    quoted(&t.name)
                ),
            ));
        }
        for t in m.marks.iter().filter(|t| !used.contains(&t.name.as_ref())) {
            self.losses.push(m.loss(
                What::Mark(&t.name),
                loss::DROPPED_FIELD,
                format!(
                    "written into the UI message before it, which has no place for what {} says",
                    quoted(&t.name)
                ),
            ));
        }
    }

    /// The provider metadata of item `item` of `m`: the first found (others reported).
    fn options(&mut self, m: &Message, item: Option<usize>) -> Option<Value> {
        let o = m.one_options(item, self.losses, "a UI part holds one providerMetadata")?;
        if o.on_ai_sdk_output(m.from) {
            self.losses.push(Loss::at(
                m.source,
                o.at.clone(),
                loss::CHANGED_VALUE,
                "the output's provider options are written as the tool part's resultProviderMetadata, which reads back as the tool-result part's",
            ));
        }
        Some(o.value.clone())
    }

    /// Reports provider options of `m` that no part of the UI message takes (`taken` says which
    /// items' are taken).
    fn report_options(&mut self, m: &Message, taken: impl Fn(Option<usize>) -> bool) {
        for o in &m.options {
            if !taken(o.item) {
                self.losses.push(Loss::at(
                    m.source,
                    o.at.clone(),
                    loss::DROPPED_OPAQUE,
                    "UI messages have no place for provider options of the whole message",
                ));
            }
        }
    }

    /// A text or reasoning part with its marks, checked: marks that make it invalid are
    /// reported and left out.
    fn marked_part(
        &mut self,
        m: &Message,
        build: &dyn Fn(bool) -> Value,
        marks: &[&'static str],
        used: &mut Vec<&'static str>,
    ) -> Value {
        let present: Vec<&'static str> = marks
            .iter()
            .copied()
            .filter(|k| m.mark(k).is_some())
            .collect();
        used.extend(&present);
        let v = build(true);
        if present.is_empty() || valid_part(&v) {
            return v;
        }
        for k in present {
            self.losses.push(m.loss(
                What::Message,
                loss::DROPPED_FIELD,
                format!("{} is not a valid value of this UI part's {k}", quoted(k)),
            ));
        }
        build(false)
    }

    fn text_part(
        &mut self,
        m: &Message,
        text: &str,
        meta: Option<Value>,
        with_marks: bool,
        used: &mut Vec<&'static str>,
    ) -> Value {
        let build = |marks: bool| {
            let mut p = obj([("type", Value::from("text"))]);
            if let (true, Some(c)) = (marks, m.mark(CITATIONS)) {
                p.set(CITATIONS, c.clone());
            }
            p.set("text", Value::from(text));
            if let (true, Some(s)) = (marks, m.mark(STATE)) {
                p.set(STATE, s.clone());
            }
            if let Some(meta) = &meta {
                p.set("providerMetadata", meta.clone());
            }
            p
        };
        if with_marks {
            self.marked_part(m, &build, &[CITATIONS, STATE], used)
        } else {
            build(false)
        }
    }

    fn body(&mut self, n: usize, first: bool, used: &mut Vec<&'static str>) {
        let msgs = self.msgs;
        let m = &msgs[n];
        match &m.body {
            Body::Instructions { text, developer } => {
                let meta = self.options(m, None);
                self.report_options(m, |i| i.is_none());
                let p = self.text_part(m, text, meta, true, used);
                self.push(UiPart::Plain(p));
                if *developer {
                    if first {
                        if let Some(u) = self.out.last_mut() {
                            u.developer = true;
                        }
                    } else {
                        self.losses.push(m.loss(
                            What::Message,
                            loss::DROPPED_FIELD,
                            "UI messages have no developer role; within a system message it is not carried",
                        ));
                    }
                }
            }
            Body::Reply { text } => {
                let meta = self.options(m, Some(0));
                self.report_options(m, |i| i == Some(0));
                let p = self.text_part(m, text, meta, true, used);
                self.push(UiPart::Plain(p));
            }
            Body::UserInput { parts } => self.user_input(m, parts, first, used),
            Body::Reasoning {
                title,
                text,
                signature,
            } => {
                if title.is_some() {
                    self.losses.push(m.loss(
                        What::Message,
                        loss::DROPPED_FIELD,
                        "a UI reasoning part has no title",
                    ));
                }
                let mut meta = self.options(m, Some(0));
                self.report_options(m, |i| i == Some(0));
                if let Some(s) = signature {
                    match unlift(meta.as_ref(), "signature", s) {
                        Some(v) => meta = Some(v),
                        None => self.losses.push(m.loss(
                            What::Message,
                            loss::DROPPED_OPAQUE,
                            "the provider metadata already has an Anthropic signature; the reasoning's own is not carried",
                        )),
                    }
                }
                let p = self.reasoning_part(m, text, meta, used);
                self.push(UiPart::Plain(p));
            }
            Body::RedactedReasoning { data } => {
                let meta = self.options(m, Some(0));
                self.report_options(m, |i| i == Some(0));
                let meta = match unlift(meta.as_ref(), "redactedData", data) {
                    Some(v) => Some(v),
                    None => {
                        self.losses.push(m.loss(
                            What::Message,
                            loss::DROPPED_OPAQUE,
                            "the provider metadata already has Anthropic redacted data; the reasoning's own is not carried",
                        ));
                        meta
                    }
                };
                let p = self.reasoning_part(m, "", meta, used);
                self.push(UiPart::Plain(p));
            }
            Body::ToolCalls { calls } => {
                self.report_options(m, |i| i.is_some());
                for (k, c) in calls.iter().enumerate() {
                    let p = self.tool_part(n, k, c, calls.len() == 1, used);
                    self.push(UiPart::Tool(Box::new(p)));
                }
            }
            Body::ToolOutputs { outputs } => {
                self.report_options(m, |i| i.is_some());
                for (k, o) in outputs.iter().enumerate() {
                    self.merge_output(n, k, o);
                }
            }
            Body::Other { value, .. } => self.push(UiPart::Plain(value.clone())),
            Body::Log { .. } => {}
        }
    }

    fn reasoning_part(
        &mut self,
        m: &Message,
        text: &str,
        meta: Option<Value>,
        used: &mut Vec<&'static str>,
    ) -> Value {
        let build = |marks: bool| {
            let mut p = obj([("type", Value::from("reasoning"))]);
            if let (true, Some(id)) = (marks, m.mark(PART_ID)) {
                p.set("id", id.clone());
            }
            p.set("text", Value::from(text));
            if let (true, Some(s)) = (marks, m.mark(STATE)) {
                p.set(STATE, s.clone());
            }
            if let Some(meta) = &meta {
                p.set("providerMetadata", meta.clone());
            }
            p
        };
        self.marked_part(m, &build, &[PART_ID, STATE], used)
    }

    fn user_input(
        &mut self,
        m: &Message,
        parts: &[Part],
        first: bool,
        used: &mut Vec<&'static str>,
    ) {
        self.report_options(m, |i| i.is_some());
        let mut written = 0;
        for (k, part) in parts.iter().enumerate() {
            let meta = self.options(m, Some(k));
            let p = match part {
                Part::Text(t) => self.text_part(m, t, meta, parts.len() == 1, used),
                Part::File {
                    source,
                    media_type,
                    filename,
                    ..
                } => {
                    let Some(p) = self.file_part(m, k, source, media_type, filename, meta) else {
                        if let (true, Some(u)) = (first, self.out.last_mut()) {
                            u.left_out.push(k);
                        }
                        continue;
                    };
                    p
                }
                Part::FileId {
                    refs,
                    filename,
                    media_type,
                } => {
                    let mut reference: Vec<(Name, Value)> = Vec::new();
                    for (provider, id) in refs {
                        if reference.iter().any(|(p, _)| p == provider) {
                            self.losses.push(m.loss(
                                What::Item(k),
                                loss::DROPPED_FIELD,
                                format!("a UI file's provider reference holds one id per provider; {} is not carried", quoted(id)),
                            ));
                        } else {
                            reference.push((Name::from(provider.clone()), Value::from(id)));
                        }
                    }
                    let mut p = obj([
                        ("type", Value::from("file")),
                        ("mediaType", Value::from(self.media(m, k, None, media_type))),
                    ]);
                    if let Some(f) = filename {
                        p.set("filename", Value::from(f));
                    }
                    p.set("url", Value::from(""));
                    p.set("providerReference", Value::Obj(reference));
                    if let Some(meta) = meta {
                        p.set("providerMetadata", meta);
                    }
                    p
                }
            };
            written += 1;
            self.push(UiPart::Plain(p));
        }
        let empty = self.out.last().is_some_and(|u| u.parts.is_empty());
        if written == 0 && parts.is_empty() && !empty {
            self.losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                "an input with neither text nor files adds no part to the UI message",
            ));
        }
        if written == 0 && empty {
            self.losses.push(m.loss(
                What::Message,
                loss::DROPPED_FIELD,
                "a UI user message needs a part; an input with neither text nor files is written as an empty text",
            ));
            self.push(UiPart::Plain(obj([
                ("type", Value::from("text")),
                ("text", Value::from("")),
            ])));
        }
    }

    /// A file's media type (UI files require one).
    fn media(
        &mut self,
        m: &Message,
        k: usize,
        source: Option<&ImageSource>,
        media_type: &Option<String>,
    ) -> String {
        match media_type {
            Some(mt) => {
                if let Some(u) = self.out.last_mut() {
                    u.untyped.named |= mt == super::filled_type(source);
                }
                mt.clone()
            }
            None => {
                self.losses.push(m.loss(
                    What::Field(k, Field::MediaType),
                    loss::CHANGED_VALUE,
                    "a UI file needs a media type; one without is written as application/octet-stream",
                ));
                if let Some(u) = self.out.last_mut() {
                    u.untyped.filled = true;
                }
                super::filled_type(source).into()
            }
        }
    }

    fn file_part(
        &mut self,
        m: &Message,
        k: usize,
        source: &ImageSource,
        media_type: &Option<String>,
        filename: &Option<String>,
        meta: Option<Value>,
    ) -> Option<Value> {
        let url = match source {
            ImageSource::Text(_) => {
                self.losses.push(m.loss(
                    What::Item(k),
                    loss::DROPPED_FIELD,
                    "a UI file is a URL; a plain-text document has no place",
                ));
                return None;
            }
            ImageSource::Url(u) => u.clone(),
            ImageSource::Base64(data) => {
                // A media type no `data:` URL can carry stands beside an octet-stream one (the
                // part's `mediaType` says it; the reader reads it so).
                let typed = super::writable_media_type(media_type);
                super::data_url(typed.unwrap_or("application/octet-stream"), data)
            }
        };
        let mut p = obj([
            ("type", Value::from("file")),
            (
                "mediaType",
                Value::from(self.media(m, k, Some(source), media_type)),
            ),
        ]);
        if let Some(f) = filename {
            p.set("filename", Value::from(f));
        }
        p.set("url", Value::from(url));
        if let Some(meta) = meta {
            p.set("providerMetadata", meta);
        }
        Some(p)
    }

    fn tool_part(
        &mut self,
        n: usize,
        k: usize,
        c: &Call,
        alone: bool,
        used: &mut Vec<&'static str>,
    ) -> ToolPart {
        let msgs = self.msgs;
        let m = &msgs[n];
        let mut marks = Vec::new();
        let mut fields: Vec<(&'static str, Value)> = Vec::new();
        let mark = |name: &'static str| if alone { m.mark(name) } else { None };
        let dynamic = c.name.is_empty() || mark(DYNAMIC_TOOL) == Some(&Value::Bool(true));
        if mark(DYNAMIC_TOOL).is_some() && !c.name.is_empty() {
            marks.push(DYNAMIC_TOOL);
        }
        if dynamic {
            fields.push(("type", Value::from("dynamic-tool")));
            fields.push(("toolName", Value::from(&c.name)));
        } else {
            fields.push(("type", Value::from(format!("tool-{}", c.name))));
        }
        fields.push(("toolCallId", Value::from(&c.id)));
        for key in TOOL_KEYS {
            if let Some(v) = mark(key) {
                marks.push(*key);
                fields.push((*key, v.clone()));
            }
        }
        if let Some(s) = mark(STATE) {
            marks.push(STATE);
            fields.push((STATE, s.clone()));
        }
        if let Some(meta) = self.options(m, Some(k)) {
            fields.push(("callProviderMetadata", meta));
        }
        if let Some(a) = &c.args {
            let fit = fit_any(a);
            if fit != *a {
                self.losses.push(m.loss(
                    What::Field(k, Field::Args),
                    loss::CHANGED_VALUE,
                    "an object in the input that looks like a tag of the JSON form ($bytes, $error, ...) and is not one is written escaped ({\"$escape\": ...})",
                ));
            }
            fields.push(("input", fit));
        }
        used.extend(&marks);
        ToolPart {
            n,
            k,
            marks,
            fields,
            output: None,
        }
    }

    /// An output into the tool part of its call in the UI message being written; one whose
    /// call is not there is a tool part of its own.
    fn merge_output(&mut self, n: usize, k: usize, o: &Output) {
        let msgs = self.msgs;
        let m = &msgs[n];
        let meta = self.options(m, Some(k));
        let mut fields: Vec<(&'static str, Value)> = Vec::new();
        match &o.error {
            None => {
                let fit = fit_any(&o.output);
                if fit != o.output {
                    self.losses.push(m.loss(
                        What::Field(k, Field::Output),
                        loss::CHANGED_VALUE,
                        "an object in the output that looks like a tag of the JSON form ($bytes, $error, ...) and is not one is written escaped ({\"$escape\": ...})",
                    ));
                }
                fields.push(("output", fit));
            }
            Some(e) => {
                if !o.output.is_null() {
                    self.losses.push(m.loss(
                        What::Field(k, Field::Output),
                        loss::DROPPED_FIELD,
                        "a UI tool part that failed holds its error text, not an output",
                    ));
                }
                let message = text(e, "message");
                let plain = e.as_object().is_some_and(|f| f.len() == 2)
                    && text(e, "name").as_deref() == Some("Error")
                    && message.is_some();
                if !plain {
                    self.losses.push(m.loss(
                        What::Field(k, Field::Error),
                        loss::ERROR_AS_TEXT,
                        "a UI tool part's error is its errorText: the error's message (or its JSON text); its name and other fields are not carried",
                    ));
                }
                fields.push((
                    "errorText",
                    Value::from(message.unwrap_or_else(|| e.to_json())),
                ));
            }
        }
        if let Some(meta) = meta {
            fields.push(("resultProviderMetadata", meta));
        }
        let call = o.call_id.as_deref();
        let found = self.out.last_mut().and_then(|u| {
            let (step_at, merged) = (u.step_at, u.merged);
            let at = u.waiting(call?)?;
            u.merged = Some(merged.map_or(at, |m| m.max(at)));
            // (Into a step before: past the messages of the steps between.)
            let before_step = at < step_at;
            let moved = before_step || merged.is_some_and(|m| at < m);
            // Outputs of an earlier message in this step: read back, one message with them.
            let split = u.merged_from.is_some_and(|o| o != n);
            u.merged_from = Some(n);
            let UiPart::Tool(t) = &mut u.parts[at] else {
                return None;
            };
            t.output = Some((n, k, fields.clone()));
            let name = t.fields.iter().find_map(|(f, v)| match *f {
                "toolName" => v.as_str().map(str::to_string),
                "type" => v
                    .as_str()
                    .and_then(|s| s.strip_prefix("tool-"))
                    .map(str::to_string),
                _ => None,
            });
            Some((name, moved.then_some(before_step), split, t.n))
        });
        if let Some((name, moved, split, of)) = found {
            if split {
                self.losses.push(m.loss(
                    What::Message,
                    loss::SPLIT_RESULTS,
                    "tool outputs of the same UI step as outputs of another message before them: read back, one tool-outputs message with those",
                ));
            }
            if let Some(before_step) = moved {
                self.report_moved(n, call);
                // A message of its own that goes into a step before moves whole.
                // (So does one whose other pieces are left out.)
                let whole = before_step && (m.at.is_empty() || self.alone_written(n));
                if before_step && msgs[of].source != m.source {
                    self.losses.push(called_before(&msgs[of]));
                }
                let detail = "a UI tool output is in its call's part: read back, it comes with its step's outputs, in the order of the parts";
                self.losses.push(match whole {
                    true => Loss::new(m.source, &[], loss::PART_ORDER, detail),
                    false => m.loss(What::Item(k), loss::PART_ORDER, detail),
                });
            }
            if o.name.is_some() && o.name != name {
                self.losses.push(m.loss(
                    What::Field(k, Field::Name),
                    loss::DROPPED_FIELD,
                    "a UI tool output is named by its call; this name is not its call's",
                ));
            }
            return;
        }
        // Its call waits in a UI message before: the output goes into its part there, so it
        // comes back before the messages written between them.
        let earlier = self.out.len().saturating_sub(1);
        let before = self.out[..earlier]
            .iter_mut()
            .rev()
            .find_map(|u| Some((u.waiting(call?)?, u)));
        if let Some((at, u)) = before {
            let mut of = None;
            if let UiPart::Tool(t) = &mut u.parts[at] {
                t.output = Some((n, k, fields));
                of = Some(t.n);
            }
            // Read back, the call's message holds the output (an Agens step its results).
            if let Some(c) = of.filter(|&c| msgs[c].source != m.source) {
                self.losses.push(called_before(&msgs[c]));
            }
            self.losses.push(m.loss(
                What::Message,
                loss::PART_ORDER,
                "a UI tool output is in its call's part, which is in a UI message before this one's: read back, it comes before the messages between them",
            ));
            return;
        }
        // No call to answer: a UI tool output is its call's part.
        self.losses.push(m.loss(
            What::Item(k),
            loss::UNSUPPORTED_MESSAGE,
            "a UI tool output is in the part of its call; no call of this id waits for it in the UI message, so it is not carried",
        ));
    }
}

/// The loss of the source message `m` (its whole) that an output of a later message goes
/// into: read back, the message holds it (an Agens step in its results).
fn called_before(m: &Message) -> Loss {
    Loss::new(
        m.source,
        &[],
        loss::PART_ORDER,
        "the output of a later message goes into a call part of this one: read back, it comes with this message",
    )
}

/// The order of a tool part's keys (the shape's: those of every state, then the state's own).
const TOOL_ORDER: &[&str] = &[
    "type",
    "dynamic",
    "toolName",
    "toolCallId",
    "title",
    "toolMetadata",
    "providerExecuted",
    "state",
    "callProviderMetadata",
    "input",
    "rawInput",
    "inputEncoding",
    "output",
    "errorText",
    "resultProviderMetadata",
    "preliminary",
    "approval",
];

/// A tool part's JSON: its state from its mark, else from its output.
fn tool_json(t: &ToolPart, marks: bool) -> Value {
    let mut all: Vec<(&str, Value)> = t
        .fields
        .iter()
        .filter(|(k, _)| marks || !(TOOL_KEYS.contains(k) || *k == STATE))
        .cloned()
        .collect();
    if !marks && t.marks.contains(&DYNAMIC_TOOL) {
        // (A static tool part, unless its name is empty.)
        let name = all
            .iter()
            .find(|(k, _)| *k == "toolName")
            .and_then(|(_, v)| v.as_str().map(str::to_string));
        if let Some(name) = name.filter(|n| !n.is_empty()) {
            all.retain(|(k, _)| *k != "toolName");
            if let Some(ty) = all.iter_mut().find(|(k, _)| *k == "type") {
                ty.1 = Value::from(format!("tool-{name}"));
            }
        }
    }
    let state = all.iter().any(|(k, _)| *k == STATE);
    if let Some((_, _, out)) = &t.output {
        if !state {
            let failed = out.iter().any(|(k, _)| *k == "errorText");
            all.push((
                STATE,
                Value::from(if failed {
                    "output-error"
                } else {
                    "output-available"
                }),
            ));
        }
        all.extend(out.iter().cloned());
    } else if !state {
        all.push((STATE, Value::from("input-available")));
    }
    let streaming = all
        .iter()
        .any(|(k, v)| *k == STATE && v.as_str() == Some("input-streaming"));
    if !streaming && !all.iter().any(|(k, _)| *k == "input") {
        all.push(("input", obj([])));
    }
    let mut o = Value::Obj(Vec::new());
    for key in TOOL_ORDER {
        if let Some((_, v)) = all.iter().find(|(k, _)| k == key) {
            o.set(key, v.clone());
        }
    }
    o
}

fn tool_value(t: &ToolPart, msgs: &[Message], losses: &mut Vec<Loss>) -> Value {
    let m = &msgs[t.n];
    let mut v = tool_json(t, true);
    if !t.marks.is_empty() && !valid_part(&v) {
        // (At the message: without the marks, the source format may read the rest otherwise,
        // such as swarm joining calls to the reply before them.)
        for k in &t.marks {
            losses.push(m.loss(
                What::Message,
                loss::DROPPED_FIELD,
                format!(
                    "{} does not make a valid UI tool part with the rest of the call; not carried",
                    quoted(k)
                ),
            ));
        }
        v = tool_json(t, false);
    }
    let state = v.get(STATE).and_then(Value::as_str);
    let absent = !t.fields.iter().any(|(k, _)| *k == "input");
    if absent && state != Some("input-streaming") {
        losses.push(m.loss(
            What::Field(t.k, Field::Args),
            loss::DROPPED_FIELD,
            "a UI tool part needs its input; absent input is written as {}",
        ));
    }
    v
}

fn serialize(u: UiMessage, msgs: &[Message], losses: &mut Vec<Loss>) -> Value {
    if let Some(v) = u.whole {
        return v;
    }
    let m = &msgs[u.first];
    let mut o = obj([("id", Value::from(&u.id)), ("role", Value::from(u.role))]);
    // `metadata`, when it is the first extra property, is the message's own field (otherwise
    // it goes under the reserved property, with the extra properties after it).
    let meta_at = m.extra.first().filter(|t| t.name == "metadata").map(|_| 0);
    if let Some(at) = meta_at {
        o.set("metadata", m.extra[at].value.clone());
    }
    let parts: Vec<Value> = u
        .parts
        .iter()
        .map(|p| match p {
            UiPart::Plain(v) => v.clone(),
            UiPart::Tool(t) => tool_value(t, msgs, losses),
        })
        .collect();
    o.set("parts", Value::Arr(parts));
    let rest = &m.extra[meta_at.map_or(0, |_| 1)..];
    let (plain, props) = super::split_props(rest, |t| {
        !["id", "role", "metadata", "parts", RESERVED].contains(&t.name.as_ref())
    });
    for t in plain {
        o.set(&t.name, t.value.clone());
    }
    let developer = Tagged::new(DEVELOPER, Value::Bool(true), Vec::new());
    let mut marks: Vec<&Tagged> = Vec::new();
    if u.developer {
        marks.push(&developer);
    }
    let untyped = Tagged::new(super::UNTYPED, Value::Bool(true), Vec::new());
    if u.untyped.holds() {
        marks.push(&untyped);
    }
    let trimmed = m.marks_without(&u.left_out);
    for t in trimmed.as_deref().unwrap_or(&m.marks) {
        if u.used.contains(&t.name.as_ref()) || u.untyped.holds() && t.name == super::UNTYPED {
            continue;
        }
        if t.name == CONTINUES || t.name == AFTER {
            // (A piece that is not joined where it continued or followed one is split off.)
            losses.push(m.loss(What::Mark(&t.name), loss::SPLIT_MESSAGE, super::SPLIT_OFF));
        } else if !message_mark(m, &t.name) {
            losses.push(super::mark_lost(
                m,
                t,
                format!(
                    "what {} says has no place in this UI message",
                    quoted(&t.name)
                ),
            ));
        } else {
            marks.push(t);
        }
    }
    if let Some(r) = reserved_value(&marks, &props) {
        o.set(RESERVED, r);
    }
    o
}
