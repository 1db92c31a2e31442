//! The one model every format maps to and from.
//!
//! A canonical message remembers where it came from: the source message (`source`), the path
//! of the part of it that it is (`at`: `[]` for a whole message, `["tool_calls"]` for the calls
//! of an OpenAI assistant message that also had content, `["result"]` for an Agens step's
//! result), and the path of each of its items (`items`: parts, calls or outputs, in order). A
//! writer that cannot carry something names it in the canonical model's words ([`What`]); the
//! message turns that into the source's words, array positions included.
//!
//! What the source's user wrote beyond the mapped fields (Kernel custom properties, swarm
//! `payload` entries) is `extra`; what a mapping needs to remember so that converting back
//! restores the source (a developer role, a swarm `agentName`, an Agens step's fields) is
//! `marks`. The two never mix: a user's key can never be read as a mapping's mark. Targets that
//! admit extra properties write the marks under one reserved key, [`RESERVED`].

use super::loss::Loss;
use crate::formats::Format;
use crate::tape::value::{Name, Value};
use crate::validate::PathSeg;

/// The one property (a Kernel custom property, a swarm `payload` entry) under which a target
/// that admits extra properties keeps the marks of a conversion. Documented in
/// `docs/CONVERSIONS.md`; a user's own property of this name is not carried as theirs.
pub const RESERVED: &str = "agentMessages";

/// The mark of tool calls that shared one message (or Agens step) with the reply before them:
/// every mapping that splits such a message reads and writes it.
pub const CONTINUES: &str = "continues";

/// The AI SDK's provider key for OpenAI (in `providerOptions`, a `ProviderReference`): what
/// OpenAI's own fields read as.
pub const OPENAI: &str = "openai";
/// The AI SDK's provider key for Anthropic.
pub const ANTHROPIC: &str = "anthropic";

/// The mark of a content that was a list of one text part (block) where one string says the
/// same (Anthropic: also a system message of no blocks), whether or not the part had provider
/// options: the writers of formats with both forms (Anthropic, OpenAI, the AI SDK) write a list
/// again; a target that drops the part's options keeps the list's form by this mark.
pub const LISTED: &str = "listed";

/// The mark of instructions that were a developer message (OpenAI's role) in a target without
/// that role: Kernel, the AI SDK's formats, and the reserved entries that name it.
pub const DEVELOPER: &str = "developer";

/// The UI mapping's mark of the first piece of a later step of a UIMessage: a target that gives
/// every message an id (Kernel) would make it a message of its own; the AI SDK's writer begins a
/// model message there.
pub const STEP: &str = "step";

/// The AI SDK's mark of a piece that continues one of the message before it which some targets
/// leave out (its value names that piece's kind, [`piece_kind`]): the AI SDK and Anthropic
/// writers join it to the message being written when that piece was written last, as they join
/// a piece marked [`CONTINUES`]. It says how pieces join, nothing of a message of its own.
pub const AFTER: &str = "after";

/// The AI SDK's mark of a tool message right after another one that nothing else tells apart
/// from it: a writer that joins tool results in a row (Kernel, as it joins OpenAI's) does not
/// join it to the one before.
pub const AFTER_TOOLS: &str = "after_tools";

/// The AI SDK's mark of its tool outputs' types, where the value alone does not say it: a list
/// with one entry per output of the piece (`null`: the default; trailing defaults left out).
/// A writer that writes each
/// output as a message of its own (swarm) gives each its entry, and the AI SDK's writer joins
/// such messages back.
pub const OUTPUT_TYPES: &str = "output_types";

/// A piece's kind, as the [`AFTER`] mark names it.
pub fn piece_kind(body: &Body) -> &'static str {
    match body {
        Body::Reply { .. } => "reply",
        Body::ToolCalls { .. } => "tool-calls",
        Body::ToolOutputs { .. } => "tool-results",
        Body::Reasoning { .. } => "reasoning",
        Body::RedactedReasoning { .. } => "redacted-reasoning",
        _ => "other",
    }
}

/// A path inside a source message.
pub type Path = Vec<PathSeg>;

/// A path from keys the mappings name (borrowed, not copied: every item of every message
/// has a path). A key read from a message is [`PathSeg::key`].
pub fn keys(path: &[&'static str]) -> Path {
    path.iter().map(|k| PathSeg::name(k)).collect()
}

/// `base` with `more` keys after it.
pub fn under(base: &[PathSeg], more: &[&'static str]) -> Path {
    let mut p = base.to_vec();
    p.extend(more.iter().map(|k| PathSeg::name(k)));
    p
}

/// `base` with a key read from a message after it (one the shapes know stays borrowed).
pub fn under_key(base: &[PathSeg], key: &Name) -> Path {
    let mut p = Vec::with_capacity(base.len() + 1);
    p.extend_from_slice(base);
    p.push(PathSeg::Key(key.clone()));
    p
}

/// `base` with one array position after it.
pub fn nth(base: &[PathSeg], n: usize) -> Path {
    let mut p = base.to_vec();
    p.push(PathSeg::Index(n as u32));
    p
}

/// A named value with the path it came from: a user's extra property or a mapping's mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Tagged {
    pub name: Name,
    pub value: Value,
    pub at: Path,
    /// A mark that says where a message begins, which the source's writer would otherwise join
    /// to the message before: a target with no place for it reports the message as merged.
    pub begins: bool,
    /// For a mark whose value is an array of one entry per part of some kind (a file's form,
    /// say): the part each entry is of. A writer that leaves a part out leaves its entry out
    /// ([`Message::marks_without`]), so the entries still line up with the parts written.
    pub items: Vec<usize>,
    /// A mark of the one part its piece holds: said only where the piece read back holds that
    /// part alone (a writer that would have other parts read back into it has no place for it).
    pub lone: bool,
}

impl Tagged {
    pub fn new(name: impl Into<Name>, value: Value, at: Path) -> Tagged {
        Tagged {
            name: name.into(),
            value,
            at,
            begins: false,
            items: Vec::new(),
            lone: false,
        }
    }

    /// This mark without the entries of the parts `left_out`: `None` when it has none of them;
    /// `Some(None)` when no entry that says something is left.
    fn without(&self, left_out: &[usize]) -> Option<Option<Tagged>> {
        let Value::Arr(entries) = &self.value else {
            return None;
        };
        if entries.len() != self.items.len() || !self.items.iter().any(|k| left_out.contains(k)) {
            return None;
        }
        let (items, entries): (Vec<usize>, Vec<Value>) = self
            .items
            .iter()
            .zip(entries)
            .filter(|(k, _)| !left_out.contains(k))
            .map(|(k, e)| (*k, e.clone()))
            .unzip();
        if entries.iter().all(Value::is_null) {
            return Some(None);
        }
        Some(Some(Tagged {
            value: Value::Arr(entries),
            items,
            ..self.clone()
        }))
    }

    /// A mark that says where a message begins ([`Tagged::begins`]).
    pub fn beginning(name: impl Into<Name>, value: Value, at: Path) -> Tagged {
        Tagged {
            begins: true,
            ..Tagged::new(name, value, at)
        }
    }
}

/// The same names with the same values, in the same order, wherever each was read: what tells
/// two messages' extra properties (or marks) apart for a writer that would join them.
pub fn same_tags<'a>(
    a: impl IntoIterator<Item = &'a Tagged>,
    b: impl IntoIterator<Item = &'a Tagged>,
) -> bool {
    a.into_iter()
        .map(|t| (&t.name, &t.value))
        .eq(b.into_iter().map(|t| (&t.name, &t.value)))
}

/// A field of an item, in the canonical model's words.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Field {
    Args,
    Output,
    Error,
    /// A tool call's own id.
    Id,
    /// A tool output's call id.
    CallId,
    /// A tool output's tool name.
    Name,
    Filename,
    MediaType,
}

/// What a loss (or a conversation finding) is about, in the canonical model's words.
#[derive(Clone, Copy, Debug)]
pub enum What<'a> {
    /// The whole canonical message (for an Agens step, the part of the step it is).
    Message,
    /// The id and the timestamp.
    Id,
    /// An item (a part, a call or an output) by its position in the body.
    Item(usize),
    /// A field of an item.
    Field(usize, Field),
    /// A user's extra property, by name.
    Extra(&'a str),
    /// A mapping's mark, by name.
    Mark(&'a str),
}

/// A message in no format's words.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The index of the source message it came from (for losses).
    pub source: usize,
    /// The format of the source: its words name item fields.
    pub from: Format,
    /// A Kernel `tool-call` / `tool-result` message, whose item is the message itself (its
    /// output field is `result`).
    pub single: bool,
    /// The path of this message inside the source message.
    pub at: Path,
    /// The source path of each item of the body (parts, calls or outputs), in order.
    pub items: Vec<Path>,
    pub body: Body,
    pub id: Option<String>,
    /// Milliseconds since the epoch.
    pub timestamp: Option<f64>,
    /// The user's own extra properties.
    pub extra: Vec<Tagged>,
    /// What the mappings remember to convert back exactly.
    pub marks: Vec<Tagged>,
    /// Provider options and metadata (the AI SDK's `providerOptions` / `providerMetadata`,
    /// Anthropic's `cache_control`), opaque, on the message or on one of its items.
    pub options: Vec<ProviderOptions>,
    /// Its id is what says where it begins: without it, the source's writer joins it to the
    /// message before, so a target that drops the id reports the message as merged (see
    /// [`Tagged::begins`] for a mark that says so).
    pub begins_by_id: bool,
    /// The kind of message this one joins, when the target loses what tells them apart (its
    /// id with [`Message::begins_by_id`], a [`Tagged::begins`] mark): the message written
    /// before it must be of that kind (a UI assistant message joins an assistant message, also
    /// across messages the target leaves out whole). `None`: the message before it, whatever
    /// it is (an Agens step's mark is set only where the step would join it).
    pub joins_kind: Option<&'static str>,
    /// What stands between this message and the one before it that the source's writer would
    /// join it to, as (source message, path) of each item: when the target leaves every one of
    /// them out, the message reads back joined to that one (`merged_messages` at `[]`). An
    /// Agens step's input after a step whose input is followed by other slots.
    pub apart_by: Vec<(usize, Path)>,
    /// The source message whose merge carries over to this one, and what else tells this one
    /// apart (as in [`Message::apart_by`]): when that one reads back joined to the one before
    /// it and the target leaves all of these out, this one reads back joined too (an Agens
    /// step's input pairs up with the step before once a step before that has moved).
    pub follows: Option<(usize, Vec<(usize, Path)>)>,
    /// A field of this one that its source does not write, carried from the source message
    /// given (an Agens step's input that repeats the one before), and its path here: where
    /// that one reads back joined to the one before it, this reads back as what that carries.
    pub carried_from: Option<(usize, Path)>,
    /// Marks said only by a writer that leaves a part of the message out: what the parts it
    /// writes would read back without, which the parts left out made plain (swarm base64
    /// strings beside a URL are strings because of the URL). [`Message::marks_without`]
    /// adds them.
    pub if_left_out: Vec<Tagged>,
}

/// Opaque provider data: `Record<provider, JSONObject>` as the AI SDK's `ProviderOptions` has
/// it (Anthropic's `cache_control` reads as `{ anthropic: { cacheControl } }`, as
/// `@ai-sdk/anthropic` writes it). Carried byte-exact where the target has a place for it, else
/// reported (`dropped_opaque`) at `at`, the source field it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct ProviderOptions {
    /// The item (part, call or output, by its position in the body) it belongs to; `None`: the
    /// whole message.
    pub item: Option<usize>,
    pub value: Value,
    pub at: Path,
}

impl ProviderOptions {
    /// Are these an AI SDK tool output's own (`output.providerOptions`), not its part's? Only
    /// the AI SDK tells the two apart; every other format reads them back as the part's.
    pub fn on_ai_sdk_output(&self, from: crate::formats::Format) -> bool {
        from == crate::formats::Format::AiSdk
            && self.at.ends_with(&[
                PathSeg::Key("output".into()),
                PathSeg::Key("providerOptions".into()),
            ])
    }
}

impl Message {
    /// A message with nothing but its body, from the whole source message `source`.
    pub fn new(source: usize, from: Format, body: Body) -> Message {
        Message {
            source,
            from,
            single: false,
            at: Vec::new(),
            items: Vec::new(),
            body,
            id: None,
            timestamp: None,
            extra: Vec::new(),
            marks: Vec::new(),
            options: Vec::new(),
            begins_by_id: false,
            joins_kind: None,
            apart_by: Vec::new(),
            follows: None,
            carried_from: None,
            if_left_out: Vec::new(),
        }
    }

    /// Adds provider options (`value`, read at `at`) for `item` (or the whole message).
    pub fn add_options(&mut self, item: Option<usize>, value: Value, at: Path) {
        self.options.push(ProviderOptions { item, value, at });
    }

    /// The provider options of `item` (or of the whole message, for `None`).
    pub fn options_of(&self, item: Option<usize>) -> impl Iterator<Item = &ProviderOptions> {
        self.options.iter().filter(move |o| o.item == item)
    }

    /// The first provider options of `item`, for a target that holds one value there; the
    /// others are reported (`dropped_opaque`, with `detail`).
    pub fn one_options(
        &self,
        item: Option<usize>,
        losses: &mut Vec<super::loss::Loss>,
        detail: &'static str,
    ) -> Option<&ProviderOptions> {
        let mut all = self.options_of(item);
        let first = all.next();
        for o in all {
            losses.push(super::loss::Loss::at(
                self.source,
                o.at.clone(),
                super::loss::DROPPED_OPAQUE,
                detail,
            ));
        }
        first
    }

    /// The same with the part of the source it is and its items' paths.
    pub fn at(mut self, at: Path, items: Vec<Path>) -> Message {
        self.at = at;
        self.items = items;
        self
    }

    /// The mark `name`, if any.
    pub fn mark(&self, name: &str) -> Option<&Value> {
        self.marks.iter().find(|t| t.name == name).map(|t| &t.value)
    }

    /// Is the mark `name` the value `true`?
    pub fn marked(&self, name: &str) -> bool {
        self.mark(name) == Some(&Value::Bool(true))
    }

    /// Sets a mark from the reading of the source, at `at`.
    pub fn set_mark(&mut self, name: &'static str, value: Value, at: Path) {
        self.marks.push(Tagged::new(name, value, at));
    }

    /// Sets a mark of the one part the message holds ([`Tagged::lone`]).
    pub fn set_part_mark(&mut self, name: &'static str, value: Value, at: Path) {
        let mut t = Tagged::new(name, value, at);
        t.lone = true;
        self.marks.push(t);
    }

    /// Sets a mark of one entry per part listed in `items` ([`Tagged::items`]).
    pub fn set_item_mark(
        &mut self,
        name: &'static str,
        entries: Vec<Value>,
        at: Path,
        items: Vec<usize>,
    ) {
        let mut t = Tagged::new(name, Value::Arr(entries), at);
        t.items = items;
        self.marks.push(t);
    }

    /// The marks as a writer that leaves the parts `left_out` unwritten carries them: the
    /// entries of those parts left out too ([`Tagged::items`]), and a mark with nothing left
    /// to say left out whole. `None` when that changes no mark.
    /// The marks said only then ([`Message::if_left_out`]) are added.
    pub fn marks_without(&self, left_out: &[usize]) -> Option<Vec<Tagged>> {
        if left_out.is_empty()
            || (self.if_left_out.is_empty() && self.marks.iter().all(|t| t.items.is_empty()))
        {
            return None;
        }
        let mut changed = !self.if_left_out.is_empty();
        let mut out = Vec::with_capacity(self.marks.len());
        for t in &self.marks {
            match t.without(left_out) {
                None => out.push(t.clone()),
                Some(kept) => {
                    changed = true;
                    out.extend(kept);
                }
            }
        }
        out.extend(self.if_left_out.iter().cloned());
        changed.then_some(out)
    }

    /// The source path of `what`.
    pub fn path(&self, what: What) -> Path {
        let item = |n: usize| {
            self.items
                .get(n)
                .cloned()
                .unwrap_or_else(|| self.at.clone())
        };
        match what {
            What::Message => self.at.clone(),
            What::Id => keys(&["id"]),
            What::Item(n) => item(n),
            What::Field(n, f) => under(&item(n), words(self.from, self.single, f)),
            What::Extra(name) => self
                .extra
                .iter()
                .find(|t| t.name == name)
                .map_or_else(|| vec![PathSeg::key(name)], |t| t.at.clone()),
            What::Mark(name) => self
                .marks
                .iter()
                .find(|t| t.name == name)
                .map_or_else(|| self.at.clone(), |t| t.at.clone()),
        }
    }

    /// A loss about `what` of this message, in the source's words.
    pub fn loss(
        &self,
        what: What,
        code: super::loss::LossCode,
        detail: impl Into<super::loss::Detail>,
    ) -> Loss {
        Loss {
            index: self.source,
            path: self.path(what),
            code,
            detail: detail.into(),
        }
    }
}

/// An item field in the words of the source `from` (`single`: see [`Message::single`]),
/// under the item's path.
fn words(from: Format, single: bool, f: Field) -> &'static [&'static str] {
    use Format::*;
    match (from, f) {
        // A Kernel `tool-call` message is its call: its id is the message's.
        (Kernel | OpenAI | Swarm | Bedrock | Agens | Anthropic, Field::Id) => &["id"],
        (AiSdk | AiSdkUi, Field::Id) => &["toolCallId"],
        (Kernel, Field::Args) => &["args"],
        (Kernel, Field::Output) if single => &["result"],
        (Kernel, Field::Output) => &["output"],
        (Kernel, Field::Error) => &["error"],
        (Kernel, Field::CallId) => &["callId"],
        (Kernel, Field::Name) => &["name"],
        (Kernel, Field::Filename) if !single => &["filename"],
        (Kernel, Field::MediaType) if !single => &["mimeType"],
        (OpenAI | Swarm | Bedrock, Field::Args) => &["function", "arguments"],
        (OpenAI | Swarm, Field::Output | Field::Error) => &["content"],
        // A chat tool message names its tool through its call.
        (OpenAI | Swarm, Field::CallId | Field::Name) => &["tool_call_id"],
        (OpenAI, Field::Filename) => &["file", "filename"],
        (Agens, Field::Args) => &["arguments"],
        (Anthropic, Field::Args) => &["input"],
        (Anthropic, Field::Output) => &["content"],
        (Anthropic, Field::Error) => &["is_error"],
        // A tool result names its tool through its call.
        (Anthropic, Field::CallId | Field::Name) => &["tool_use_id"],
        (Anthropic, Field::Filename) => &["title"],
        (Anthropic, Field::MediaType) => &["source", "media_type"],
        (AiSdk, Field::Args) => &["input"],
        (AiSdk, Field::Output | Field::Error) => &["output"],
        (AiSdk, Field::CallId) => &["toolCallId"],
        (AiSdk, Field::Name) => &["toolName"],
        (AiSdk, Field::Filename) => &["filename"],
        (AiSdk, Field::MediaType) => &["mediaType"],
        // A UI tool part is the call and its output; its name is its type (or toolName).
        (AiSdkUi, Field::Args) => &["input"],
        (AiSdkUi, Field::Output) => &["output"],
        (AiSdkUi, Field::Error) => &["errorText"],
        (AiSdkUi, Field::CallId) => &["toolCallId"],
        (AiSdkUi, Field::Filename) => &["filename"],
        (AiSdkUi, Field::MediaType) => &["mediaType"],
        // An Agens output is the value at `tool_results.<call id>`.
        _ => &[],
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    UserInput {
        parts: Vec<Part>,
    },
    Instructions {
        text: String,
        developer: bool,
    },
    Reply {
        text: String,
    },
    ToolCalls {
        calls: Vec<Call>,
    },
    ToolOutputs {
        outputs: Vec<Output>,
    },
    /// What the model thought before it answered: Kernel's reasoning (a title and a summary),
    /// Anthropic's `thinking`, the AI SDK's `reasoning` part.
    Reasoning {
        /// Kernel's title; formats without one have none.
        title: Option<String>,
        /// The reasoning itself: Kernel's summary, Anthropic's `thinking`, the AI SDK's `text`.
        text: String,
        /// Anthropic's signature, which the API wants back unmodified with the thinking.
        signature: Option<String>,
    },
    /// Reasoning the provider redacted: its opaque data (Anthropic `redacted_thinking`),
    /// carried byte for byte.
    RedactedReasoning {
        data: String,
    },
    Log {
        text: String,
    },
    /// A message the model has no place for (a registered Kernel type); kept whole.
    Other {
        format: Format,
        value: Value,
    },
}

impl Body {
    /// The kind of this message when it is one a chat of model messages (OpenAI, Agens) has
    /// no message for: `"reasoning"`, `"log"`, or `"such"` for another format's own kind.
    pub fn kind_chats_lack(&self) -> Option<&'static str> {
        match self {
            Body::Reasoning { .. } | Body::RedactedReasoning { .. } => Some("reasoning"),
            Body::Log { .. } => Some("log"),
            Body::Other { .. } => Some("such"),
            _ => None,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Text(String),
    /// An image or any other file: `data` is base64 (the JSON form of bytes) or a URL.
    File {
        source: ImageSource,
        media_type: Option<String>,
        filename: Option<String>,
        /// How the source held it; see [`Form`].
        form: Form,
    },
    /// A file a provider holds, by its id: `(provider, id)` pairs (OpenAI's `file_id` is
    /// `("openai", id)`, Anthropic's file source `("anthropic", id)`, an AI SDK
    /// `ProviderReference` one pair per provider, in its order).
    FileId {
        refs: Vec<(String, String)>,
        filename: Option<String>,
        media_type: Option<String>,
    },
}

impl Part {
    /// A file of base64 data or a URL, held as the target likes.
    pub fn file(source: ImageSource, media_type: Option<String>, filename: Option<String>) -> Part {
        Part::File {
            source,
            media_type,
            filename,
            form: Form::default(),
        }
    }

    /// A provider's file by its id.
    pub fn file_id(provider: &str, id: String, filename: Option<String>) -> Part {
        Part::FileId {
            refs: vec![(provider.to_string(), id)],
            filename,
            media_type: None,
        }
    }
}

/// A provider file's ids as a loss names them: `"file-abc" (openai)`, comma-separated.
pub fn refs_text(refs: &[(String, String)]) -> String {
    refs.iter()
        .map(|(provider, id)| format!("{} ({provider})", crate::validate::quoted(id)))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What a file is made of. Bytes are one thing however a JavaScript value held them (base64
/// text, a `Uint8Array`, an `ArrayBuffer`): see [`Form`].
#[derive(Clone, Debug, PartialEq)]
pub enum ImageSource {
    Base64(String),
    Url(String),
    /// A plain-text document (Anthropic's `text` source, the AI SDK's `FileData` of type
    /// `text`): the text itself.
    Text(String),
}

/// How a source held a file. A writer that has the same form uses it, so that a format
/// converted into itself is unchanged; another writer uses its own form of the same bytes or URL
/// without a loss (a `Uint8Array` and base64 text of the same bytes are the same file to every
/// provider; docs/CONVERSIONS.md), except where the kind changes (a `data:` URL written as
/// base64 and a media type), which it reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Form {
    pub held: Held,
    /// Inside the AI SDK's tagged `FileData` (`{ type: "data" | "url", ... }`).
    pub tagged: bool,
}

/// See [`Form`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Held {
    /// Base64 text, or a URL as a string.
    #[default]
    Plain,
    /// A `data:` URL (its media type is the file's).
    DataUrl,
    /// A `Uint8Array` (JSON form `{ "$bytes" }`).
    Bytes,
    /// An `ArrayBuffer` (JSON form `{ "$arrayBuffer" }`).
    ArrayBuffer,
    /// A `URL` object (JSON form `{ "$url" }`).
    UrlObject,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub id: String,
    pub name: String,
    /// Absent arguments stay absent (Kernel `args?`).
    pub args: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    pub call_id: Option<String>,
    pub name: Option<String>,
    pub output: Value,
    /// The JSON form of an `Error` (`{ name, message, ... }`).
    pub error: Option<Value>,
}
