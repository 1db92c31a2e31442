//! One module per message format: its documented types (tsify emits their TypeScript and
//! `#[derive(Described)]` their validation shapes) and, in `shape.rs`, what no struct says
//! (unions told apart by a tag, the list of validators). Constructors live in the facade.

pub mod agens;
pub mod ai_sdk;
pub mod ai_sdk_ui;
pub mod anthropic;
pub mod bedrock;
mod describe;
pub mod kernel;
pub mod openai;
pub mod swarm;

pub use describe::{describe_json, Describe};

/// Named lists of a format's words (`("ROLES", ["user", ...])`), as `describe()` sends them.
pub type Lists = Vec<(&'static str, Vec<&'static str>)>;
use crate::validate::Shape;
use std::sync::OnceLock;

macro_rules! formats {
    ($($(#[$doc:meta])* $variant:ident $name:literal $title:literal $word:literal $short:literal $namespace:literal $module:ident $family:literal,)*) => {
        /// A message format. This declaration is the one list of formats: [`Format::ALL`] (in
        /// the order that numbers the schemas at the boundary), each one's name (the word the
        /// package's user passes and reports carry) and what each format has follow from it.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Format {
            $($(#[$doc])* $variant,)*
        }

        impl Format {
            /// Every format, in declaration order.
            pub const ALL: &'static [Format] = &[$(Format::$variant),*];

            /// The format's name: `"kernel"`, `"openai"`, ...
            pub const fn name(self) -> &'static str {
                match self {
                    $(Format::$variant => $name,)*
                }
            }

            /// How a sentence names the format (`"OpenAI"`; agent-swarm-kit's is `"swarm"`).
            pub const fn title(self) -> &'static str {
                match self {
                    $(Format::$variant => $title,)*
                }
            }

            /// The format's word in the names of the conversion shortcuts, in PascalCase
            /// (`"OpenAI"`: `swarmToOpenAI`, `openAIToKernel`; `"AiSdk"`: `kernelToAiSdk`).
            pub const fn word(self) -> &'static str {
                match self {
                    $(Format::$variant => $word,)*
                }
            }

            /// The format's word among the formats of its namespace, for the shortcuts between
            /// them (`"UI"` and `"Model"`: `uiToModel`, `modelToUI`); empty when the namespace
            /// has one format.
            pub const fn short(self) -> &'static str {
                match self {
                    $(Format::$variant => $short,)*
                }
            }

            /// The package's namespace (and entry point) that holds the format's validators:
            /// `"openai"`; the AI SDK's two formats share `"aiSdk"`.
            pub const fn namespace(self) -> &'static str {
                match self {
                    $(Format::$variant => $namespace,)*
                }
            }

            /// The cargo feature of the format's family: a build without it has no shapes of
            /// the format (and so does not describe it to the facade).
            pub const fn family(self) -> &'static str {
                match self {
                    $(Format::$variant => $family,)*
                }
            }

            /// Whether this build has the format's family ([`Format::family`]).
            pub const fn built(self) -> bool {
                match self {
                    $(Format::$variant => cfg!(feature = $family),)*
                }
            }

            /// The format's validators: TypeScript name and shape, the message type first
            /// (none in a build without its family).
            fn validators(self) -> &'static [(&'static str, &'static Shape)] {
                match self {
                    $(Format::$variant => {
                        #[cfg(feature = $family)]
                        return $module::VALIDATORS;
                        #[cfg(not(feature = $family))]
                        return &[];
                    })*
                }
            }

            /// The named lists of the format's words the facade exports (Kernel's `TYPES`,
            /// OpenAI's `ROLES`, ...), each read from the declaration it names.
            pub fn lists(self) -> Lists {
                match self {
                    $(Format::$variant => {
                        #[cfg(feature = $family)]
                        return $module::lists();
                        #[cfg(not(feature = $family))]
                        return Vec::new();
                    })*
                }
            }
        }
    };
}

formats! {
    /// Kernel message stream (`@unternet/kernel`).
    Kernel "kernel" "Kernel" "Kernel" "" "kernel" kernel "seed",
    /// agent-swarm-kit's `IModelMessage`.
    Swarm "swarm" "swarm" "Swarm" "" "swarm" swarm "seed",
    /// Elixir `Agens.Message`.
    Agens "agens" "Agens" "Agens" "" "agens" agens "seed",
    /// Bedrock Swarm's `AgentResponse`.
    Bedrock "bedrock" "Bedrock" "Bedrock" "" "bedrock" bedrock "seed",
    /// OpenAI Chat Completions' `ChatCompletionMessageParam`.
    OpenAI "openai" "OpenAI" "OpenAI" "" "openai" openai "seed",
    /// Anthropic Messages' `MessageParam` (`@anthropic-ai/sdk`).
    Anthropic "anthropic" "Anthropic" "Anthropic" "" "anthropic" anthropic "anthropic",
    /// The AI SDK's `ModelMessage` (`ai`).
    AiSdk "ai-sdk" "AI SDK" "AiSdk" "Model" "aiSdk" ai_sdk "ai-sdk",
    /// The AI SDK's `UIMessage` (`ai`), in the same namespace as its `ModelMessage`.
    AiSdkUi "ai-sdk-ui" "AI SDK UI" "AiSdkUI" "UI" "aiSdk" ai_sdk_ui "ai-sdk",
}

impl Format {
    /// Whether `convert` and `checkConversation` take the format in this build (every format
    /// does where the conversions are built; the validation-only builds convert nothing).
    pub const fn convertible(self) -> bool {
        cfg!(feature = "convert") && self.built()
    }
}

impl Format {
    /// The documented type a stream of this format folds into (one message per response),
    /// for the formats whose streams the package folds (`crate::stream`, in the builds with the
    /// `stream` feature: the validation-only builds have none).
    pub const fn streamed_type(self) -> Option<&'static str> {
        if !self.built() {
            return None;
        }
        match self {
            Format::OpenAI => Some("ChatCompletionAssistantMessageParam"),
            Format::Anthropic => Some("Message"),
            Format::AiSdkUi => Some("UIMessage"),
            _ => None,
        }
    }

    /// The format named `name` (the boundary's word for it), if there is one.
    pub fn parse(name: &str) -> Option<Format> {
        Format::ALL.iter().copied().find(|f| f.name() == name)
    }

    /// The types a stored message of the format may be: those its list `STORED` names (Bedrock
    /// stores responses and events), or its message type. What format detection tries.
    pub fn stored(self) -> Vec<&'static Schema> {
        let lists = self.lists();
        match lists.iter().find(|(name, _)| *name == "STORED") {
            Some((_, names)) => schemas()
                .iter()
                .filter(|s| s.format == self && names.contains(&s.name))
                .collect(),
            None => vec![self.message_schema()],
        }
    }

    /// The schema of the format's message type.
    pub fn message_schema(self) -> &'static Schema {
        let all = schemas();
        let at = all.iter().position(|s| s.format == self);
        // Every format has validators (a test says so), the message type first.
        &all[at.unwrap_or_default()]
    }
}

impl serde::Serialize for Format {
    /// The name, as the boundary writes a format.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl std::fmt::Display for Format {
    /// The name.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A documented type the package validates: which format, its TypeScript name, its shape.
#[derive(Debug)]
pub struct Schema {
    pub format: Format,
    pub name: &'static str,
    pub shape: &'static Shape,
}

/// Every validator of every format, the formats in [`Format::ALL`]'s order. The position in
/// this list is the schema's number at the wasm boundary.
pub fn schemas() -> &'static [Schema] {
    static ALL: OnceLock<Vec<Schema>> = OnceLock::new();
    ALL.get_or_init(|| {
        Format::ALL
            .iter()
            .flat_map(|&format| {
                format
                    .validators()
                    .iter()
                    .map(move |&(name, shape)| Schema {
                        format,
                        name,
                        shape,
                    })
            })
            .collect()
    })
}

/// Keys whose string values some rule of `format`'s shapes reads, with how much of them (a
/// [`crate::boundary::content`] level): a head (a `type` tag, a literal, a pid) or the whole
/// string (JSON text). The JavaScript walker copies only these strings when it only validates
/// a value of the format (so that one format's rules, Anthropic's on every `id`, cost the
/// others nothing).
pub fn content_keys(format: Format) -> Vec<(&'static str, u8)> {
    use crate::boundary::content::{HEAD, NONE};
    /// How much of a string value of this shape some rule reads.
    fn reads(shape: &Shape) -> u8 {
        match shape {
            Shape::Literal(_) | Shape::Enum(_) => HEAD,
            Shape::Nullable(inner) => reads(inner),
            Shape::OneOf(alternatives) => alternatives.iter().map(reads).max().unwrap_or(NONE),
            Shape::Rule(inner, rule) => reads(inner).max(rule.reads()),
            _ => NONE,
        }
    }
    fn visit(shape: &Shape, out: &mut Vec<(&'static str, u8)>, seen: &mut Vec<*const ()>) {
        match shape {
            Shape::Array(item)
            | Shape::Record(item)
            | Shape::Nullable(item)
            | Shape::Rule(item, _) => visit(item, out, seen),
            Shape::OneOf(alternatives) => alternatives.iter().for_each(|a| visit(a, out, seen)),
            Shape::Object(os) => {
                let id = *os as *const _ as *const ();
                if seen.contains(&id) {
                    return;
                }
                seen.push(id);
                for f in os.fields {
                    let level = reads(&f.shape);
                    if level > NONE {
                        out.push((f.key.name(), level));
                    }
                    visit(&f.shape, out, seen);
                }
            }
            Shape::Tagged(ts) => {
                out.push((ts.tag.name(), HEAD));
                for (_, variant) in ts.variants {
                    visit(&Shape::Object(variant), out, seen);
                }
            }
            Shape::Media(m) => {
                if let Some(ts) = m.tagged {
                    visit(&Shape::Tagged(ts), out, seen);
                }
            }
            Shape::Union(u) => {
                out.push((u.tag.name(), HEAD));
                visit(&Shape::Object(u.base), out, seen);
                for (_, case) in u.cases {
                    visit(case, out, seen);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for s in schemas().iter().filter(|s| s.format == format) {
        visit(s.shape, &mut out, &mut seen);
    }
    // One entry per key, at the most any shape reads (no sort: it would add a quicksort to the
    // wasm for a list of a few dozen).
    let mut merged: Vec<(&'static str, u8)> = Vec::new();
    for (key, level) in out {
        match merged.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = entry.1.max(level),
            None => merged.push((key, level)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    use super::{schemas, Format};

    #[test]
    fn every_format_is_listed_once_and_its_name_round_trips() {
        // An exhaustive match: a new variant fails to compile here until it is placed.
        let position = |f: Format| match f {
            Format::Kernel => 0,
            Format::Swarm => 1,
            Format::Agens => 2,
            Format::Bedrock => 3,
            Format::OpenAI => 4,
            Format::Anthropic => 5,
            Format::AiSdk => 6,
            Format::AiSdkUi => 7,
        };
        assert_eq!(Format::ALL.len(), 8);
        for (n, &f) in Format::ALL.iter().enumerate() {
            assert_eq!(position(f), n, "{f:?}");
            assert_eq!(Format::parse(f.name()), Some(f));
            assert_eq!(f.name(), f.name().to_lowercase());
            assert!(
                f.title().replace(' ', "-").eq_ignore_ascii_case(f.name()),
                "{f:?}"
            );
        }
        for name in ["", "nope", "Kernel", "kernel ", "open-ai"] {
            assert_eq!(Format::parse(name), None, "{name}");
        }
    }

    /// The shortcut words name each format once (`{from}To{To}` names are unique), spell its
    /// title without spaces, and a namespace's formats have short words exactly when it holds
    /// more than one.
    #[test]
    fn shortcut_words_are_one_per_format() {
        for (n, &f) in Format::ALL.iter().enumerate() {
            let w = f.word();
            assert!(w.chars().all(|c| c.is_ascii_alphanumeric()), "{f:?}");
            assert!(w.starts_with(|c: char| c.is_ascii_uppercase()), "{f:?}");
            assert!(
                w.eq_ignore_ascii_case(&f.title().replace(' ', "")),
                "{f:?}: {w} spells {}",
                f.title()
            );
            let shared = Format::ALL
                .iter()
                .filter(|g| g.namespace() == f.namespace())
                .count();
            assert_eq!(f.short().is_empty(), shared == 1, "{f:?}");
            for g in &Format::ALL[n + 1..] {
                assert_ne!(w.to_lowercase(), g.word().to_lowercase(), "{f:?} {g:?}");
                if g.namespace() == f.namespace() {
                    assert_ne!(f.short(), g.short(), "{f:?} {g:?}");
                }
            }
        }
    }

    #[test]
    fn every_format_has_schemas_in_order_its_message_type_first() {
        let order: Vec<Format> = schemas().iter().fold(Vec::new(), |mut v, s| {
            if v.last() != Some(&s.format) {
                v.push(s.format);
            }
            v
        });
        assert_eq!(order, Format::ALL);
        for &f in Format::ALL {
            let m = f.message_schema();
            assert_eq!(m.format, f);
            assert!(std::ptr::eq(
                m,
                schemas().iter().find(|s| s.format == f).unwrap()
            ));
        }
    }
    #[test]
    fn the_kernel_tag_is_a_content_key_and_free_text_is_not() {
        use crate::boundary::content::HEAD;
        let keys = super::content_keys(Format::Kernel);
        assert!(keys.contains(&("type", HEAD)));
        assert!(!keys.iter().any(|(k, _)| *k == "text"));
        // No Kernel rule reads an id: the walker leaves Kernel ids uncopied.
        assert!(!keys.iter().any(|(k, _)| *k == "id"));
        // Anthropic's ids are read to their head only: a tool-use id has a pattern of at most
        // 64 characters, and a tool_result names one.
        let keys = super::content_keys(Format::Anthropic);
        assert!(keys.contains(&("id", HEAD)));
        assert!(keys.contains(&("tool_use_id", HEAD)));
    }
}
