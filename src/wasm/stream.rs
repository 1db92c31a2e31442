//! The stream accumulators ([`crate::stream`]) as a JavaScript class: each handle owns one
//! [`Accumulator`]. A chunk object crosses as a tape (written in full, as for `toJSON`); raw
//! stream bytes or one chunk's JSON text cross as bytes. Each push answers `OK` (no issue) or
//! `INVALID` with the chunk's issues in `take_result`; `snapshot` and `finish` answer JSON text.

use super::interop::{invalid, set_result, with_options, with_tape, OK, OK_WITH_DATA};
use super::validate::with_text;
use crate::formats::Format;
use crate::json_text::JsonList;
use crate::stream::Accumulator;
use crate::validate::{issues_compact, Issue, Options};
use wasm_bindgen::prelude::*;

/// One stream being folded.
#[wasm_bindgen]
pub struct StreamHandle {
    /// `None` once finished.
    acc: Option<Accumulator>,
}

/// Publish a push's issues: `OK`, or `INVALID` with the issues.
fn answer(issues: Vec<Issue>) -> u32 {
    if issues.is_empty() {
        return OK;
    }
    invalid(&issues)
}

#[wasm_bindgen]
impl StreamHandle {
    /// An accumulator for `format` (a streamed format's name; the facade checks it), or
    /// `undefined` for any other name.
    pub fn open(format: &str, max_issues: u32, max_depth: u32) -> Option<StreamHandle> {
        let format = Format::parse(format)?;
        let opts = with_options(0, max_issues, max_depth, |o| Options {
            custom_types: Vec::new(),
            ..o.clone()
        });
        Some(StreamHandle {
            acc: Some(Accumulator::new(format, opts)?),
        })
    }

    /// Fold the chunk on the tape.
    pub fn push_tape(&mut self, nw: usize, nn: usize, nc: usize, nb: usize) -> u32 {
        let Some(acc) = self.acc.as_mut() else {
            return OK;
        };
        answer(with_tape(nw, nn, nc, nb, |tape| acc.push_tape(tape, 0)))
    }

    /// Fold one chunk given as JSON text (UTF-8).
    pub fn push_json(&mut self, text: &[u8]) -> u32 {
        self.acc
            .as_mut()
            .map_or(OK, |acc| answer(acc.push_json(text)))
    }

    /// Read a piece of a raw stream body (server-sent events or JSON lines, UTF-8).
    pub fn push_bytes(&mut self, bytes: &[u8]) -> u32 {
        self.acc
            .as_mut()
            .map_or(OK, |acc| answer(acc.push_bytes(bytes)))
    }

    /// One chunk's JSON text, the first `len` bytes of the text buffer (a string the facade
    /// encoded there, its lone surrogates escaped so that they are reported, not replaced).
    pub fn push_json_text(&mut self, len: usize) -> u32 {
        with_text(len, |text| self.push_json(text))
    }

    /// A piece of a raw stream body given as a string: the first `len` bytes of the text
    /// buffer, as for [`StreamHandle::push_json_text`].
    pub fn push_raw_text(&mut self, len: usize) -> u32 {
        with_text(len, |text| self.push_bytes(text))
    }

    /// The raw body ended.
    pub fn end_bytes(&mut self) -> u32 {
        self.acc.as_mut().map_or(OK, |acc| answer(acc.end_bytes()))
    }

    /// The source failed with `message`.
    pub fn fail(&mut self, message: &str) -> u32 {
        self.acc
            .as_mut()
            .map_or(OK, |acc| answer(acc.fail(message)))
    }

    /// A chunk too large to write on the tape: counted, with a `too_large` issue.
    pub fn too_large(&mut self) -> u32 {
        self.acc.as_mut().map_or(OK, |acc| {
            answer(acc.refuse(
                crate::validate::IssueCode::TooLarge,
                "the chunk is too large to read in the memory available",
            ))
        })
    }

    /// How many chunks have been pushed.
    pub fn count(&self) -> u32 {
        self.acc.as_ref().map_or(0, Accumulator::count)
    }

    /// The message so far: `OK_WITH_DATA` with its JSON text, or `OK` before a response began.
    pub fn snapshot(&self) -> u32 {
        match self.acc.as_ref().and_then(Accumulator::snapshot) {
            Some(v) => {
                set_result(v.to_json());
                OK_WITH_DATA
            }
            None => OK,
        }
    }

    /// End the stream: its issues (as [`issues_compact`] writes them), then `{ "ok",
    /// "messages", "responses" }`. A second call answers `OK` and nothing.
    pub fn finish(&mut self) -> u32 {
        let Some(acc) = self.acc.take() else {
            return OK;
        };
        let done = acc.finish();
        let mut out = String::new();
        issues_compact(&done.issues, &mut out);
        out.push_str("{\"ok\":");
        out.push_str(if done.ok { "true" } else { "false" });
        out.push_str(",\"messages\":");
        let mut list = JsonList::open(&mut out);
        for text in &done.texts {
            list.item().push_str(text);
        }
        list.close();
        out.push_str(",\"responses\":");
        let mut list = JsonList::open(&mut out);
        for v in &done.responses {
            v.write(list.item());
        }
        list.close();
        out.push('}');
        set_result(out);
        OK_WITH_DATA
    }
}
