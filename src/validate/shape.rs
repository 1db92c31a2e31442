//! How a format describes its messages to the engine: static data, no code.

use super::issue::IssueCode;
use crate::json_text::quoted;
use crate::keys::Key;

/// A documented type with a validation shape: derived (`#[derive(Described)]`, from the same
/// struct tsify emits TypeScript from) or, for unions, written by hand.
pub trait Described {
    const SHAPE: Shape;
}

/// The names of an enum shape (a derived unit enum's serde names), at compile time.
pub const fn enum_names(shape: Shape) -> &'static [&'static str] {
    match shape {
        Shape::Enum(names) => names,
        _ => panic!("not an enum shape"),
    }
}

/// The expected form of one value.
#[derive(Debug)]
pub enum Shape {
    /// Anything at all (`any`, `unknown`, custom properties). Still read, so that a value that
    /// throws when read is reported, and encoded losslessly by the codec.
    Any,
    /// A JSON value: string, finite number, boolean, null, array or plain object of those.
    Json,
    String,
    /// A finite number.
    Number,
    Boolean,
    /// `Uint8Array` in the JS form, a base64 string in the JSON form.
    Bytes,
    /// `Uint8Array` in the JS form, `{"$bytes": base64}` in the JSON form: for places where
    /// a string may stand instead (swarm `images`), so the two stay apart in JSON.
    TaggedBytes,
    /// `Error` in the JS form (or an object with string `name` and `message`), and
    /// `{ name, message, stack?, cause? }` in the JSON form.
    Error,
    /// A `URL` object in the JS form, `{"$url": href}` in the JSON form.
    Url,
    /// Inline or referenced media, as the AI SDK's file parts hold it (see [`MediaShape`]).
    Media(&'static MediaShape),
    Literal(&'static str),
    /// One of these strings (a TypeScript union of string literals).
    Enum(&'static [&'static str]),
    /// A finite whole number of at least `min`.
    Integer {
        min: i32,
    },
    /// `null`, or the shape (Python's `Optional[X]`, Elixir's `nil`).
    Nullable(&'static Shape),
    /// The first alternative whose kind (string, array, object, ...) fits the value; a
    /// value of no listed kind is an `invalid_type` naming them all.
    OneOf(&'static [Shape]),
    Array(&'static Shape),
    /// An object used as a map: any keys, every value of the shape.
    Record(&'static Shape),
    Object(&'static ObjectShape),
    Tagged(&'static TaggedShape),
    /// A union by a string property whose cases may be tag prefixes and unions themselves
    /// (the AI SDK's UI parts: `tool-${string}`, then a tool part by its `state`).
    Union(&'static UnionShape),
    /// Never given: a key a union case forbids (`output?: never`). Absent or `undefined` is
    /// fine; any value is an issue.
    Never,
    /// Only this boolean (`approved: true`).
    Bool(bool),
    /// The shape, with a format's own rule on top (see [`Rule`]).
    Rule(&'static Shape, Rule),
}

/// Rules that one format or another needs, each with its own issue code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rule {
    /// A string or an array that must not be empty (`too_small`).
    NonEmpty,
    /// Arguments must be an object; a string there is most likely OpenAI's JSON text
    /// (`arguments_json_string`, whose message points to the converter).
    NotJsonText,
    /// A string holding the JSON text of an object (OpenAI's `arguments`): text that does not
    /// parse, holds something other than an object, or repeats a key is an
    /// `invalid_json_string`, with line and column where it does not parse.
    JsonText,
    /// An Erlang pid written `#PID<a.b.c>` (`invalid_format`).
    Pid,
    /// An ISO 8601 date-time, with or without a zone (`invalid_format`).
    IsoDateTime,
    /// An `http(s):` or `data:` URL (`invalid_format`).
    ImageUrl,
    /// An array whose items are all of one kind (`mixed_items`).
    SameKind,
    /// A string among the inner shape's literals, or an `unsupported_media_type` naming them
    /// (the media types an API takes; the list is the field's type).
    MediaType,
    /// An Anthropic tool-use id: `^[a-zA-Z0-9_-]+$`, at most 64 characters (`invalid_format`).
    ToolUseId,
    /// Anthropic user content: `tool_result` blocks before any other (`misplaced_tool_result`).
    ToolResultsFirst,
    /// Anthropic assistant content: no `tool_result` blocks (`misplaced_tool_result`).
    NoToolResult,
    /// Anthropic messages: each `tool_result` names a `tool_use` of the assistant message just
    /// before it (`unmatched_tool_result`).
    ToolResultPairs,
    /// A value a provider can be sent: JSON (`JSON.stringify` keeps it unchanged), with
    /// `undefined` allowed only as an object's property, which JSON drops (`not_json`).
    JsonValue,
    /// `{provider}.{type}`: a string with a dot (`invalid_format`).
    ProviderKind,
    /// A static tool part's `type`, `tool-` and the tool's name: the name must not be empty
    /// (`empty_tool_name`).
    ToolPartType,
    /// A message whose `parts` must not be empty unless its `role` is `"assistant"` (the AI
    /// SDK's UI messages: `empty_content`). (A unit rule: a rule with data would make every
    /// shape larger.)
    PartsUnlessAssistant,
}

impl Rule {
    /// How much of a string the rule reads (a [`crate::boundary::content`] level).
    pub fn reads(self) -> u8 {
        use crate::boundary::content::{HEAD, NONE, WHOLE};
        match self {
            Rule::NonEmpty
            | Rule::NotJsonText
            | Rule::SameKind
            | Rule::ToolResultsFirst
            | Rule::NoToolResult
            | Rule::ToolResultPairs
            | Rule::JsonValue
            | Rule::PartsUnlessAssistant => NONE,
            // (A tool-use id is at most 64 characters, a head.)
            Rule::Pid
            | Rule::IsoDateTime
            | Rule::ImageUrl
            | Rule::MediaType
            | Rule::ToolUseId
            | Rule::ToolPartType => HEAD,
            Rule::JsonText | Rule::ProviderKind => WHOLE,
        }
    }
}

/// Media data as the AI SDK takes it (`DataContent | URL | FileData | ProviderReference`, or
/// fewer): a string (base64, or a URL's text), a `Uint8Array` (or `Buffer`), an `ArrayBuffer`;
/// with `url`, a `URL` object; with `tagged`, an object with a `type` is one of those variants;
/// with `reference`, an object without one is a provider reference (`Record<string, string>`).
/// The JSON form tags what JSON cannot hold: `{"$bytes": base64}`, `{"$arrayBuffer": base64}`,
/// `{"$url": href}` (a reference whose only key is one of those is written `{"$escape": ...}`).
#[derive(Debug)]
pub struct MediaShape {
    /// The TypeScript type, for `expected`.
    pub name: &'static str,
    pub url: bool,
    pub tagged: Option<&'static TaggedShape>,
    pub reference: bool,
}

/// One documented property.
#[derive(Debug)]
pub struct Field {
    pub key: Key,
    pub shape: Shape,
    pub optional: bool,
    /// Optional in the type, but required (present and not null) unless one of these is given:
    /// OpenAI's assistant `content`, "required unless `tool_calls` or `function_call`".
    pub unless: &'static [Key],
    /// The code of the issue when a required property is absent (`missing`, unless a rule
    /// users trip on has its own: Anthropic's `missing_signature`).
    pub missing: IssueCode,
}

impl Field {
    pub const fn required(key: Key, shape: Shape) -> Field {
        Field {
            key,
            shape,
            optional: false,
            unless: &[],
            missing: IssueCode::Missing,
        }
    }
    pub const fn optional(key: Key, shape: Shape) -> Field {
        Field {
            key,
            shape,
            optional: true,
            unless: &[],
            missing: IssueCode::Missing,
        }
    }
    pub const fn required_unless(key: Key, shape: Shape, unless: &'static [Key]) -> Field {
        Field {
            key,
            shape,
            optional: true,
            unless,
            missing: IssueCode::Missing,
        }
    }
    /// The field, reported with `code` when absent.
    pub const fn missing_as(self, code: IssueCode) -> Field {
        Field {
            missing: code,
            ..self
        }
    }
}

/// A documented interface. Objects are open: other properties are kept (and reported only in
/// strict mode). At most 64 fields.
#[derive(Debug)]
pub struct ObjectShape {
    /// The TypeScript name, used in `expected`.
    pub name: &'static str,
    pub fields: &'static [Field],
}

impl ObjectShape {
    /// Does the interface document a property of this name?
    pub fn has(&self, key: &str) -> bool {
        self.fields.iter().any(|f| f.key.name() == key)
    }
}

/// A union discriminated by one string property (Kernel's `type`).
#[derive(Debug)]
pub struct TaggedShape {
    pub name: &'static str,
    pub tag: Key,
    pub variants: &'static [(&'static str, &'static ObjectShape)],
    /// What every variant shares; a registered extra tag is checked against this alone.
    pub base: &'static ObjectShape,
    /// Whether callers may register extra tags ([`super::Options::custom_types`]).
    pub extensible: bool,
    /// The tags of another documented type, often given here by mistake, and what to tell the
    /// caller who does (a Bedrock Event's `type` handed to the AgentResponse verbs).
    pub elsewhere: Option<&'static Elsewhere>,
}

/// Tags that are not this union's but another type's: [`TaggedShape::elsewhere`].
#[derive(Debug)]
pub struct Elsewhere {
    /// That type's tags (from its own declaration, never a copy).
    pub tags: &'static [&'static str],
    /// Added to the unknown-tag message when the tag found is one of `tags`.
    pub note: &'static str,
}

impl TaggedShape {
    pub fn variant(&self, tag: &str) -> Option<&'static ObjectShape> {
        self.variants
            .iter()
            .find(|(name, _)| *name == tag)
            .map(|(_, shape)| *shape)
    }

    /// The union's tags, in order.
    pub fn tags(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.variants.iter().map(|(name, _)| *name)
    }

    /// What to add to the unknown-tag message for a tag that `is` one of another type's
    /// ([`Self::elsewhere`]); empty otherwise.
    pub fn elsewhere_note(&self, is: impl Fn(&str) -> bool) -> &'static str {
        match self.elsewhere {
            Some(e) if e.tags.iter().any(|t| is(t)) => e.note,
            _ => "",
        }
    }

    /// `"a" | "b" | ...`, for `expected`.
    pub fn expected_tags(&self, custom: &[String]) -> String {
        let mut names: Vec<String> = self.variants.iter().map(|(name, _)| quoted(name)).collect();
        if self.extensible {
            names.extend(custom.iter().map(|c| quoted(c)));
        }
        names.join(" | ")
    }
}

/// How a case of a [`UnionShape`] names a tag prefix: `tool-${string}` is every tag that
/// starts with `tool-` (as TypeScript writes it, so `expected` reads as the type does).
pub const PREFIX_MARK: &str = "${string}";

/// A union told apart by one string property, whose cases are tags or tag prefixes
/// ([`PREFIX_MARK`]) and whose case shapes may be unions by another property.
#[derive(Debug)]
pub struct UnionShape {
    /// The TypeScript name, used in messages.
    pub name: &'static str,
    pub tag: Key,
    /// Each case: its tag (or `prefix${string}`) and the shape of a value with that tag.
    /// The first case that matches is taken.
    pub cases: &'static [(&'static str, &'static Shape)],
    /// Fields every case that is an interface has besides its own (checked with them, as one
    /// interface): cases can then be shared by unions that differ in these (a static and a
    /// dynamic tool part, by `state`). At most 64 fields with a case's.
    pub base: &'static ObjectShape,
    /// Keys whose presence this union's tag decides (a tool part's `output`, by `state`): one
    /// a case requires and lacks, or forbids ([`Shape::Never`]) and has, is a
    /// `tool_state_mismatch` naming the case, not a plain `missing`.
    pub per_case: &'static [Key],
}

impl UnionShape {
    /// The case whose tag (or prefix) `tag` matches.
    pub fn case(&self, tag: &str) -> Option<&'static Shape> {
        self.cases
            .iter()
            .find(|(name, _)| match name.strip_suffix(PREFIX_MARK) {
                Some(prefix) => tag.starts_with(prefix),
                None => *name == tag,
            })
            .map(|(_, shape)| *shape)
    }

    /// The cases' tags, in order (prefixes written `tool-${string}`).
    pub fn tags(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.cases.iter().map(|(name, _)| *name)
    }

    /// `"a" | "b" | "tool-${string}"`, for `expected`.
    pub fn expected_tags(&self) -> String {
        self.tags().map(quoted).collect::<Vec<_>>().join(" | ")
    }
}
