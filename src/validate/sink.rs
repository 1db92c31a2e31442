//! What a walk writes besides its issues: nothing (validation alone), the JSON form as text
//! ([`TextOut`]) or as values ([`ValuesOut`]). Each output is a [`Sink`], one per file; the
//! walk holds an [`Out`] and calls it at the same points (open, key, value, close) whichever
//! output it is, so both follow the same JSON-form rules.
//!
//! One enum matched at each write point rather than a walk generic over its sink: the walk is
//! compiled once (a copy per output would grow the wasm), and validation, which writes
//! nothing, pays one test of the variant where it would write.

use super::engine::Output;
use super::text_out::TextOut;
use super::values_out::ValuesOut;
use crate::tape::value::Value;
use crate::tape::TapeView;

/// The most JSON text one encode may write: V8's longest string is 2^29 - 24 units.
pub(super) const MAX_OUTPUT: usize = (1 << 29) - 24;

/// A container of the JSON form.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Nest {
    Object,
    Array,
}

/// The points at which a walk writes the JSON form.
pub(super) trait Sink {
    fn open(&mut self, nest: Nest);
    fn close(&mut self, nest: Nest);
    /// Between two items of an array.
    fn comma(&mut self);
    /// The key whose tag is at tape index `k`; `first`: none written yet in this object.
    fn key(&mut self, tape: &TapeView, k: usize, first: &mut bool);
    /// The key of a free-form tag (`$bytes`, `$error`, `$escape`), after its `{`.
    fn tag(&mut self, tag: &'static str);
    /// The room a string of `len` units may take.
    fn str_room(&self, len: usize) -> usize;
    /// Room for `n` more bytes; when there is none, what was written is dropped.
    fn room(&mut self, n: usize) -> bool;
    /// The null, boolean, number or string at tape index `at`.
    fn scalar(&mut self, tape: &TapeView, at: usize);
    /// Bytes, as their base64 string.
    fn bytes(&mut self, bytes: &[u8]);
}

/// The output of one walk. (`repr(u8)`: the variant is a byte of its own, so that the test
/// at each write point is one byte compared, not a niche decoded.)
#[repr(u8)]
pub(super) enum Out {
    None,
    Text(TextOut),
    /// Boxed, to keep the walk small for the validation that writes nothing.
    Values(Box<ValuesOut>),
}

/// `$sink.$call` on the output being written; nothing when there is none.
macro_rules! each {
    ($out:expr, $sink:ident => $call:expr) => {
        match $out {
            Out::None => {}
            Out::Text($sink) => $call,
            Out::Values($sink) => $call,
        }
    };
}

impl Out {
    pub fn new(output: Output) -> Self {
        match output {
            Output::None => Out::None,
            Output::Text => Out::Text(TextOut::new(false)),
            Output::Values => Out::Values(Box::default()),
        }
    }

    /// Plain JSON text ([`super::plain_json_text`]).
    pub fn plain_text() -> Self {
        Out::Text(TextOut::new(true))
    }

    /// Is anything being written?
    #[inline(always)]
    pub fn writes(&self) -> bool {
        !matches!(self, Out::None)
    }

    pub fn is_plain(&self) -> bool {
        matches!(self, Out::Text(t) if t.plain)
    }

    pub fn open(&mut self, nest: Nest) {
        each!(self, s => s.open(nest))
    }

    pub fn close(&mut self, nest: Nest) {
        each!(self, s => s.close(nest))
    }

    pub fn comma(&mut self) {
        each!(self, s => s.comma())
    }

    pub fn key(&mut self, tape: &TapeView, k: usize, first: &mut bool) {
        each!(self, s => s.key(tape, k, first))
    }

    pub fn tag(&mut self, tag: &'static str) {
        each!(self, s => s.tag(tag))
    }

    pub fn str_room(&self, len: usize) -> usize {
        match self {
            Out::None => 0,
            Out::Text(s) => s.str_room(len),
            Out::Values(s) => s.str_room(len),
        }
    }

    pub fn room(&mut self, n: usize) -> bool {
        match self {
            Out::None => true,
            Out::Text(s) => s.room(n),
            Out::Values(s) => s.room(n),
        }
    }

    pub fn scalar(&mut self, tape: &TapeView, at: usize) {
        each!(self, s => s.scalar(tape, at))
    }

    pub fn bytes(&mut self, bytes: &[u8]) {
        each!(self, s => s.bytes(bytes))
    }

    /// What was written: the text, or the value (`None` if nothing was).
    pub fn finish(self) -> (Option<String>, Option<Value>) {
        match self {
            Out::None => (None, None),
            Out::Text(s) => (Some(s.finish()), None),
            Out::Values(s) => (None, s.finish()),
        }
    }
}
