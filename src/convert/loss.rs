//! What a conversion could not carry.

use super::canonical::Path;
use crate::tape::value::Name;
use crate::validate::{write_json_string, write_path, PathSeg};
use std::borrow::Cow;

/// One thing the target cannot carry: the source message `index`, the `path` inside it (in the
/// source format's words, array positions included), a stable `code`, and a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Loss {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: LossCode,
    pub detail: Detail,
}

/// A loss's sentence. Most are fixed sentences, borrowed, not copied for every loss; a field
/// or mark a target has no place for (an Agens step loses a dozen in most targets, every step)
/// is kept as its parts until it is written, so that no sentence is built, compared or hashed
/// whole for each loss.
#[derive(Clone, Debug)]
pub enum Detail {
    Text(Cow<'static, str>),
    /// `<target> messages have no place for "<name>"`, or with `says`, `... for what "<name>"
    /// says`: a user's extra property, or a mapping's mark.
    NoPlace {
        target: &'static str,
        name: Name,
        says: bool,
    },
}

impl Detail {
    /// The sentence.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Detail::Text(t) => Cow::Borrowed(t),
            Detail::NoPlace { target, name, says } => {
                let mut out = String::with_capacity(target.len() + name.len() + 48);
                out.push_str(target);
                out.push_str(if *says {
                    " messages have no place for what "
                } else {
                    " messages have no place for "
                });
                crate::json_text::write_str(&mut out, name);
                if *says {
                    out.push_str(" says");
                }
                Cow::Owned(out)
            }
        }
    }

    /// The same parts (a fixed sentence where it is the same place, first): what tells two
    /// losses' kinds apart when they are written (a sentence and parts that spell it are two
    /// kinds there, each with its own copy of the text).
    pub(crate) fn same_parts(&self, other: &Detail) -> bool {
        match (self, other) {
            (Detail::Text(a), Detail::Text(b)) => std::ptr::eq(a.as_ref(), b.as_ref()) || a == b,
            (
                Detail::NoPlace { target, name, says },
                Detail::NoPlace {
                    target: t,
                    name: n,
                    says: s,
                },
            ) => says == s && name == n && target == t,
            _ => false,
        }
    }

    /// `h` with the parts mixed in (FNV-1a; equal parts, equal hashes).
    pub(crate) fn hash(&self, h: u32) -> u32 {
        match self {
            Detail::Text(t) => crate::fnv::field(h, t.as_bytes()),
            Detail::NoPlace { target, name, says } => {
                let h = crate::fnv::step(h, u32::from(*says) + 1);
                crate::fnv::field(crate::fnv::field(h, target.as_bytes()), name.as_bytes())
            }
        }
    }
}

/// Two details are the same sentence, however each is kept.
impl PartialEq for Detail {
    fn eq(&self, other: &Detail) -> bool {
        self.same_parts(other) || self.text() == other.text()
    }
}

impl From<&'static str> for Detail {
    fn from(s: &'static str) -> Detail {
        Detail::Text(Cow::Borrowed(s))
    }
}

impl From<String> for Detail {
    fn from(s: String) -> Detail {
        Detail::Text(Cow::Owned(s))
    }
}

impl From<Cow<'static, str>> for Detail {
    fn from(s: Cow<'static, str>) -> Detail {
        Detail::Text(s)
    }
}

impl Loss {
    /// A loss at a path of keys.
    pub fn new(index: usize, path: &[&str], code: LossCode, detail: impl Into<Detail>) -> Loss {
        Loss::at(
            index,
            path.iter().map(|k| PathSeg::key(k)).collect(),
            code,
            detail,
        )
    }

    /// A loss at any path.
    pub fn at(index: usize, path: Path, code: LossCode, detail: impl Into<Detail>) -> Loss {
        Loss {
            index,
            path,
            code,
            detail: detail.into(),
        }
    }

    /// The loss as JSON text, appended to `out`.
    pub fn write_json(&self, out: &mut String) {
        if self.index == super::report::SYSTEM {
            out.push_str("{\"index\":null,\"path\":");
        } else {
            out.push_str(&format!("{{\"index\":{},\"path\":", self.index));
        }
        write_path(out, &self.path);
        out.push_str(",\"code\":");
        write_json_string(out, self.code.as_str());
        out.push_str(",\"detail\":");
        write_json_string(out, &self.detail.text());
        out.push('}');
    }
}

macro_rules! loss_codes {
    ($($(#[$doc:meta])* $konst:ident = $variant:ident $name:literal,)*) => {
        /// What kind of loss (see docs/CONVERSIONS.md); its text is stable.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum LossCode {
            $($(#[$doc])* $variant,)*
        }

        impl LossCode {
            /// Every code, in declaration order.
            pub const ALL: &'static [LossCode] = &[$(LossCode::$variant),*];

            pub const fn as_str(self) -> &'static str {
                match self {
                    $(LossCode::$variant => $name,)*
                }
            }
        }

        $($(#[$doc])* pub const $konst: LossCode = LossCode::$variant;)*
    };
}

loss_codes! {
    /// The target has no such message (reasoning into OpenAI, a flush into Kernel).
    UNSUPPORTED_MESSAGE = UnsupportedMessage "unsupported_message",
    /// A field the target cannot carry.
    DROPPED_FIELD = DroppedField "dropped_field",
    /// A non-string value written as JSON text where the target takes a string.
    STRINGIFIED_OUTPUT = StringifiedOutput "stringified_output",
    /// An `Error` flattened into text.
    ERROR_AS_TEXT = ErrorAsText "error_as_text",
    /// Tool results of one call group in several messages, which the target writes as one group.
    SPLIT_RESULTS = SplitResults "split_results",
    /// Parts whose order the target cannot keep (Kernel and swarm hold the text before files).
    PART_ORDER = PartOrder "part_order",
    /// A tool result's call id the source left out, paired with the call at its position.
    INFERRED_CALL_ID = InferredCallId "inferred_call_id",
    /// A value the target needs in another form (a media type it requires, an id it rewrites).
    CHANGED_VALUE = ChangedValue "changed_value",
    /// The reserved property (`agentMessages`) holding what is not a conversion's marks.
    RESERVED_NAME = ReservedName "reserved_name",
    /// An opaque value the target has no place for: a thinking signature, redacted reasoning
    /// data, provider options or metadata, a `cache_control`, an item id.
    DROPPED_OPAQUE = DroppedOpaque "dropped_opaque",
    /// A tool-call id rewritten to fit the target's pattern (Anthropic's `^[a-zA-Z0-9_-]+$`,
    /// at most 64 characters); the detail names both ids, and every use of the id is rewritten
    /// the same way.
    ID_REWRITTEN = IdRewritten "id_rewritten",
    /// A tool-call id an earlier call has too, or a result for a call answered already: every
    /// format pairs results with calls by id, so which call a result answers may change on the
    /// way (`checkConversation` reports such ids as `duplicate_call_id`).
    REUSED_CALL_ID = ReusedCallId "reused_call_id",
    /// Two messages the target writes (or reads back) as one: the loss is at the later one,
    /// whose content comes back inside the message before it.
    MERGED_MESSAGES = MergedMessages "merged_messages",
    /// One message the target writes as several: the loss is at the piece that begins each
    /// further one, which comes back as a message of its own.
    SPLIT_MESSAGE = SplitMessage "split_message",
}

impl std::fmt::Display for LossCode {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl PartialEq<&str> for LossCode {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A field or mark kept as its parts reads as the sentence that was written out for it
    /// (quotes and escapes in the name included), is the same detail as that sentence, and
    /// parts that are the same hash the same.
    #[test]
    fn parts_read_as_their_sentence() {
        let parts = |name: &str, says| Detail::NoPlace {
            target: "OpenAI",
            name: Name::Owned(name.to_string()),
            says,
        };
        let field = parts("run_id", false);
        let mark = parts("say \"hi\"\n", true);
        assert_eq!(field.text(), "OpenAI messages have no place for \"run_id\"");
        assert_eq!(
            mark.text(),
            "OpenAI messages have no place for what \"say \\\"hi\\\"\\n\" says"
        );
        assert_eq!(
            field,
            Detail::from("OpenAI messages have no place for \"run_id\"")
        );
        assert_ne!(field, parts("run_id", true));
        assert_ne!(field, parts("job_id", false));
        let borrowed = Detail::NoPlace {
            target: "OpenAI",
            name: Name::Borrowed("run_id"),
            says: false,
        };
        assert!(field.same_parts(&borrowed));
        assert_eq!(
            field.hash(crate::fnv::SEED),
            borrowed.hash(crate::fnv::SEED)
        );
        assert!(!field.same_parts(&Detail::from(field.text().into_owned())));
    }
}
