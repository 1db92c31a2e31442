//! What a conversion could not carry.

use super::canonical::Path;
use crate::validate::{write_json_string, write_path, PathSeg};
use std::borrow::Cow;

/// One thing the target cannot carry: the source message `index`, the `path` inside it (in the
/// source format's words, array positions included), a stable `code`, and a sentence.
#[derive(Clone, Debug, PartialEq)]
pub struct Loss {
    pub index: usize,
    pub path: Vec<PathSeg>,
    pub code: LossCode,
    /// (Most details are fixed sentences: borrowed, not copied for every loss.)
    pub detail: Cow<'static, str>,
}

impl Loss {
    /// A loss at a path of keys.
    pub fn new(
        index: usize,
        path: &[&str],
        code: LossCode,
        detail: impl Into<Cow<'static, str>>,
    ) -> Loss {
        Loss::at(
            index,
            path.iter().map(|k| PathSeg::key(k)).collect(),
            code,
            detail,
        )
    }

    /// A loss at any path.
    pub fn at(
        index: usize,
        path: Path,
        code: LossCode,
        detail: impl Into<Cow<'static, str>>,
    ) -> Loss {
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
        write_json_string(out, &self.detail);
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
