//! A message's [`Step`]s read straight off its tape, for the formats whose messages are simple
//! enough: what reading it into `Value`s, `to_canonical` and [`Step::of`] give, without
//! building any of them (the first stage's cost on a valid log was that chain, not validation).
//!
//! [`read`] answers `None` for whatever it does not know (another format, a content given as
//! parts, anything unexpected on the tape); the first stage then takes the canonical way.
//! `tests/native/log.rs` holds the two ways to the same steps for every generated message.

use super::stats::KINDS;
use crate::convert::canonical::{keys, nth, under, Path};
use crate::convert::conversation::{Place, Pos, Step, StepBody, EMPTY_WORDS};
use crate::formats::Format;
use crate::keys::{key, Key};
use crate::tape::{TapeView, ARR, NULL, OBJ, STR};

/// What [`read`] found: the steps, and how many canonical messages of each of [`KINDS`] the
/// message is.
pub struct Reading {
    pub steps: Vec<Step>,
    pub kinds: [u32; KINDS.len()],
}

impl Reading {
    /// A step of no id and no timestamp, of the kind `kind`.
    fn add(&mut self, kind: usize, body: StepBody) {
        self.kinds[kind] += 1;
        self.steps.push(Step {
            index: 0,
            id: None,
            timestamp: None,
            body,
        });
    }
}

/// Where a value is in the message's text: given the byte offset of a string's first
/// character when the value is a string, else its path.
pub type Locate<'a> = dyn FnMut(Option<u32>, &[crate::validate::PathSeg]) -> Pos + 'a;

/// The steps of the message at tape index `at`, read as `format`; `None` when this reader
/// does not know the message (the canonical way reads it).
pub fn read(
    tape: &TapeView,
    at: usize,
    format: Format,
    locate: &mut Locate<'_>,
) -> Option<Reading> {
    match format {
        Format::OpenAI => openai(tape, at, locate),
        _ => None,
    }
}

const ROLE: Key = key("role");
const CONTENT: Key = key("content");
const TOOL_CALLS: Key = key("tool_calls");
const TOOL_CALL_ID: Key = key("tool_call_id");
const ID: Key = key("id");

/// The kinds, as [`KINDS`] orders them.
const USER: usize = 0;
const SYSTEM: usize = 1;
const ASSISTANT: usize = 2;
const CALLS: usize = 3;
const RESULTS: usize = 4;

/// An OpenAI Chat Completions message (`src/convert/openai.rs` reads it the canonical way).
fn openai(tape: &TapeView, at: usize, locate: &mut Locate<'_>) -> Option<Reading> {
    if tape.word(at) != OBJ {
        return None;
    }
    // The properties read, in one pass over the message's.
    let (mut role, mut content, mut tool_calls, mut tool_call_id) = (None, None, None, None);
    for (k, v) in tape.entries(at) {
        match tape.key_id(k) {
            Some(ROLE) => role = Some(v),
            Some(CONTENT) => content = Some(v),
            Some(TOOL_CALLS) => tool_calls = Some(v),
            Some(TOOL_CALL_ID) => tool_call_id = Some(v),
            _ => {}
        }
    }
    let role = tape.str_at(role.filter(|&v| tape.word(v) == STR)?);
    let mut reading = Reading {
        steps: Vec::with_capacity(1),
        kinds: [0; KINDS.len()],
    };
    if tape.str_eq(role, "system") || tape.str_eq(role, "developer") {
        let body = text_step(tape, locate, content, Vec::new(), 10)?;
        reading.add(SYSTEM, body);
    } else if tape.str_eq(role, "user") {
        let body = text_step(tape, locate, content, Vec::new(), 3)?;
        reading.add(USER, body);
    } else if tape.str_eq(role, "assistant") {
        let content = content.filter(|&v| tape.word(v) != NULL);
        let calls = tool_calls.filter(|&v| tape.word(v) == ARR);
        if content.is_some() {
            let path = if calls.is_some() {
                keys(&["content"])
            } else {
                Vec::new()
            };
            let body = text_step(tape, locate, content, path, 7)?;
            reading.add(ASSISTANT, body);
        }
        if let Some(list) = calls {
            let mut ids = Vec::new();
            for (k, c) in tape.items(list).enumerate() {
                if tape.word(c) != OBJ {
                    return None;
                }
                let path = under(&nth(&keys(&["tool_calls"]), k), &["id"]);
                let (id, place) = string_at(tape, tape.find(c, ID), path, locate);
                ids.push((id.unwrap_or_default(), place));
            }
            reading.add(CALLS, StepBody::Calls(ids));
        }
    } else if tape.str_eq(role, "tool") {
        let output = string_at(tape, tool_call_id, keys(&["tool_call_id"]), locate);
        reading.add(RESULTS, StepBody::Outputs(vec![output]));
    }
    Some(reading)
}

/// The body of a message whose text is `content` (a string): empty at `path` when the text is
/// blank (`words`: [`EMPTY_WORDS`]'s); `None` for content given as parts, which the canonical
/// way joins.
fn text_step(
    tape: &TapeView,
    locate: &mut Locate<'_>,
    content: Option<usize>,
    path: Path,
    words: usize,
) -> Option<StepBody> {
    let blank = match content {
        Some(v) if tape.word(v) == STR => blank(tape, v)?,
        None => true,
        Some(_) => return None,
    };
    Some(if blank {
        let pos = locate(None, &path);
        StepBody::Empty(place(path, pos), EMPTY_WORDS[words])
    } else {
        StepBody::Other
    })
}

/// The string at `v` (if it is one), and its place at `path`: where the string is, or where
/// the path leads when it is missing.
fn string_at(
    tape: &TapeView,
    v: Option<usize>,
    path: Path,
    locate: &mut Locate<'_>,
) -> (Option<String>, Place) {
    match v.filter(|&v| tape.word(v) == STR) {
        Some(v) => {
            let s = tape.str_at(v);
            let pos = locate(Some(s.off), &path);
            (Some(tape.str_lossy(s)), place(path, pos))
        }
        None => {
            let pos = locate(None, &path);
            (None, place(path, pos))
        }
    }
}

fn place(path: Path, pos: Pos) -> Place {
    Place {
        path,
        pos: Some(pos),
    }
}

/// Is the string at `v` empty or white space alone (as `str::trim` sees it)? `None` when the
/// tape does not hold it whole.
fn blank(tape: &TapeView, v: usize) -> Option<bool> {
    let s = tape.str_at(v);
    if !s.complete() {
        return None;
    }
    if let crate::tape::Chars::Utf8(text) = tape.chars {
        if s.flags & crate::tape::F_ESCAPED == 0 {
            let raw = text.get(s.off as usize..(s.off + s.len) as usize)?;
            // Most texts start with a letter: nothing to decode.
            return Some(match raw.first() {
                None => true,
                Some(b) if b.is_ascii_alphanumeric() => false,
                _ => std::str::from_utf8(raw).ok()?.trim().is_empty(),
            });
        }
    }
    Some(tape.str_lossy(s).trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::json::{parse_bytes_into, JsonTape};

    /// A tape with no words reads as `END`: no steps, no panic.
    #[test]
    fn an_empty_tape_is_not_read() {
        let tape = JsonTape::default();
        let view = tape.view_bytes(b"");
        assert_eq!(view.word(0), crate::tape::END);
        let mut locate = |_: Option<u32>, _: &[crate::validate::PathSeg]| Pos::default();
        assert!(read(&view, 0, Format::OpenAI, &mut locate).is_none());
    }

    #[test]
    fn content_given_as_parts_is_left_to_the_canonical_way() {
        let text = br#"{"role":"user","content":[{"type":"text","text":" "}]}"#;
        let mut tape = JsonTape::default();
        parse_bytes_into(text, 64, &mut tape).unwrap();
        let view = tape.view_bytes(text);
        let mut locate = |_: Option<u32>, _: &[crate::validate::PathSeg]| Pos::default();
        assert!(read(&view, 0, Format::OpenAI, &mut locate).is_none());
    }
}
