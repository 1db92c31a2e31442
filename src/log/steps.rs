//! A message's [`Step`]s read straight off its tape or its text, for the formats whose
//! messages are simple enough: what reading it into `Value`s, `to_canonical` and [`Step::of`]
//! give, without building any of them (the first stage's cost on a valid log was that chain,
//! not validation).
//!
//! [`read`] answers `None` for whatever it does not know (another format, a content given as
//! parts, anything unexpected); the first stage then takes the canonical way. It reads through
//! [`Doc`]: a parsed tape, or text the fast lane ([`super::scan`]) found well formed
//! ([`Text`]). `tests/native/log.rs` holds the ways to the same steps for every generated
//! message.

use super::scan::{same, string_end, value_end, Layout};
use super::stats::KINDS;
use crate::convert::conversation::{Place, PlacePath, Pos, Step, StepBody, EMPTY_WORDS};
use crate::formats::Format;
use crate::keys::{key, Key};
use crate::tape::{TapeView, ARR, FALSE, NULL, NUM, OBJ, STR, TRUE};
use crate::validate::PathSeg;
use std::borrow::Cow;

/// What [`read`] found: the steps, and how many canonical messages of each of [`KINDS`] the
/// message is.
pub struct Reading {
    pub steps: Vec<Step<'static>>,
    pub kinds: [u32; KINDS.len()],
}

impl Reading {
    /// A step of no id and no timestamp, of the kind `kind`.
    fn add(&mut self, kind: usize, body: StepBody<'static>) {
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

/// A message as [`read`] reads it: values by a handle (`usize`), each of a tape word's kind.
pub trait Doc {
    /// The kind of the value at `v`, as a tape word (`OBJ`, `ARR`, `STR`, `NULL`, ...).
    fn kind(&self, v: usize) -> u32;
    /// The values of the properties `keys` of the object at `at` (the last of a repeat), in
    /// one pass over its properties.
    fn props<const N: usize>(&self, at: usize, keys: [Key; N]) -> [Option<usize>; N];
    /// The value of the property `key` of the object at `at` (the last, if repeated).
    fn prop(&self, at: usize, key: Key) -> Option<usize> {
        let [v] = self.props(at, [key]);
        v
    }
    /// The same, for a key of any name (the first, if repeated).
    fn prop_named(&self, at: usize, key: &str) -> Option<usize>;
    /// The items of the array at `at`.
    fn items(&self, at: usize) -> impl Iterator<Item = usize> + '_;
    /// Is the string at `v` this text?
    fn str_is(&self, v: usize, lit: &str) -> bool;
    /// Which of `names` the string at `v` is, if any.
    fn which(&self, v: usize, names: &[&str]) -> Option<usize> {
        names.iter().position(|n| self.str_is(v, n))
    }
    /// The string at `v` (lone surrogates replaced).
    fn text(&self, v: usize) -> String;
    /// The byte offset of the string at `v`'s first character in the message's text.
    fn offset(&self, v: usize) -> u32;
    /// Is the string at `v` empty or white space alone (as `str::trim` sees it)? `None` when
    /// not known (a tape that does not hold it whole).
    fn blank(&self, v: usize) -> Option<bool>;
    /// The number at `v`.
    fn number(&self, v: usize) -> f64;
}

/// The steps of the message at `at`, read as `format`; `None` when this reader does not know
/// the message (the canonical way reads it).
pub fn read(doc: &impl Doc, at: usize, format: Format, locate: &mut Locate<'_>) -> Option<Reading> {
    read_into(doc, at, format, locate, Vec::with_capacity(1))
}

/// [`read`], the steps in `spare`'s memory (a list given back: none made for each message).
pub fn read_into(
    doc: &impl Doc,
    at: usize,
    format: Format,
    locate: &mut Locate<'_>,
    mut spare: Vec<Step<'static>>,
) -> Option<Reading> {
    spare.clear();
    // (A list kept with its message gets room for one: most messages are one step.)
    spare.reserve_exact(1);
    match format {
        Format::OpenAI => openai(doc, at, locate, spare),
        _ => None,
    }
}

/// The formats [`read`] knows.
pub const READ: &[Format] = &[Format::OpenAI];

const ROLE: Key = key("role");
const CONTENT: Key = key("content");
const TOOL_CALLS: Key = key("tool_calls");
const TOOL_CALL_ID: Key = key("tool_call_id");
const ID: Key = key("id");

/// The paths of the places this reader names, made once (no list made for each message):
/// a call's id (of a message's first eight calls), a result's call id, an assistant
/// message's text beside its calls. The digest writes each as its number here.
pub static PLACES: [&[PathSeg]; 11] = [
    &CALL_ID_PATHS[0],
    &CALL_ID_PATHS[1],
    &CALL_ID_PATHS[2],
    &CALL_ID_PATHS[3],
    &CALL_ID_PATHS[4],
    &CALL_ID_PATHS[5],
    &CALL_ID_PATHS[6],
    &CALL_ID_PATHS[7],
    &CALL_ID_PATH,
    &CONTENT_PATH,
    &[],
];

static CALL_ID_PATHS: [[PathSeg; 3]; 8] = [
    call_id_path(0),
    call_id_path(1),
    call_id_path(2),
    call_id_path(3),
    call_id_path(4),
    call_id_path(5),
    call_id_path(6),
    call_id_path(7),
];
static CALL_ID_PATH: [PathSeg; 1] = [PathSeg::name(TOOL_CALL_ID.name())];
static CONTENT_PATH: [PathSeg; 1] = [PathSeg::name(CONTENT.name())];

/// The path of the id of a message's `k`th call.
const fn call_id_path(k: u32) -> [PathSeg; 3] {
    [
        PathSeg::name(TOOL_CALLS.name()),
        PathSeg::Index(k),
        PathSeg::name(ID.name()),
    ]
}

/// The kinds, as [`KINDS`] orders them.
const USER: usize = 0;
const SYSTEM: usize = 1;
const ASSISTANT: usize = 2;
const CALLS: usize = 3;
const RESULTS: usize = 4;

/// An OpenAI Chat Completions message (`src/convert/openai.rs` reads it the canonical way).
fn openai(
    doc: &impl Doc,
    at: usize,
    locate: &mut Locate<'_>,
    steps: Vec<Step<'static>>,
) -> Option<Reading> {
    if doc.kind(at) != OBJ {
        return None;
    }
    let [role, content, tool_calls, tool_call_id] =
        doc.props(at, [ROLE, CONTENT, TOOL_CALLS, TOOL_CALL_ID]);
    let role = role.filter(|&v| doc.kind(v) == STR)?;
    let mut reading = Reading {
        steps,
        kinds: [0; KINDS.len()],
    };
    let role = doc.which(role, &["system", "developer", "user", "assistant", "tool"]);
    if let Some(0 | 1) = role {
        let body = text_step(doc, locate, content, &[], 10)?;
        reading.add(SYSTEM, body);
    } else if role == Some(2) {
        let body = text_step(doc, locate, content, &[], 3)?;
        reading.add(USER, body);
    } else if role == Some(3) {
        let content = content.filter(|&v| doc.kind(v) != NULL);
        let calls = tool_calls.filter(|&v| doc.kind(v) == ARR);
        if content.is_some() {
            let path: &'static [PathSeg] = if calls.is_some() { &CONTENT_PATH } else { &[] };
            let body = text_step(doc, locate, content, path, 7)?;
            reading.add(ASSISTANT, body);
        }
        if let Some(list) = calls {
            let mut ids = Vec::new();
            for (k, c) in doc.items(list).enumerate() {
                if doc.kind(c) != OBJ {
                    return None;
                }
                let path: PlacePath = match CALL_ID_PATHS.get(k) {
                    Some(known) => Cow::Borrowed(known),
                    None => Cow::Owned(vec![
                        PathSeg::name(TOOL_CALLS.name()),
                        PathSeg::Index(k as u32),
                        PathSeg::name(ID.name()),
                    ]),
                };
                let (id, place) = string_at(doc, doc.prop(c, ID), path, locate);
                ids.push((id.unwrap_or_default(), place));
            }
            reading.add(CALLS, StepBody::Calls(ids));
        }
    } else if role == Some(4) {
        let output = string_at(doc, tool_call_id, Cow::Borrowed(&CALL_ID_PATH), locate);
        reading.add(RESULTS, StepBody::Outputs(vec![output]));
    }
    Some(reading)
}

/// The body of a message whose text is `content` (a string): empty at `path` when the text is
/// blank (`words`: [`EMPTY_WORDS`]'s); `None` for content given as parts, which the canonical
/// way joins.
fn text_step(
    doc: &impl Doc,
    locate: &mut Locate<'_>,
    content: Option<usize>,
    path: &'static [PathSeg],
    words: usize,
) -> Option<StepBody<'static>> {
    let blank = match content {
        Some(v) if doc.kind(v) == STR => doc.blank(v)?,
        None => true,
        Some(_) => return None,
    };
    Some(if blank {
        let pos = locate(None, path);
        StepBody::Empty(place(Cow::Borrowed(path), pos), EMPTY_WORDS[words])
    } else {
        StepBody::Other
    })
}

/// The string at `v` (if it is one), and its place at `path`: where the string is, or where
/// the path leads when it is missing.
fn string_at(
    doc: &impl Doc,
    v: Option<usize>,
    path: PlacePath,
    locate: &mut Locate<'_>,
) -> (Option<Cow<'static, str>>, Place) {
    match v.filter(|&v| doc.kind(v) == STR) {
        Some(v) => {
            let pos = locate(Some(doc.offset(v)), &path);
            (Some(Cow::Owned(doc.text(v))), place(path, pos))
        }
        None => {
            let pos = locate(None, &path);
            (None, place(path, pos))
        }
    }
}

fn place(path: PlacePath, pos: Pos) -> Place {
    Place {
        path,
        pos: Some(pos),
    }
}

/// Is this text, a string's whole content, blank? Most texts start with a letter: nothing to
/// decode.
fn blank_text(raw: &[u8]) -> Option<bool> {
    Some(match raw.first() {
        None => true,
        Some(b) if b.is_ascii_alphanumeric() => false,
        _ => std::str::from_utf8(raw).ok()?.trim().is_empty(),
    })
}

impl Doc for TapeView<'_> {
    fn kind(&self, v: usize) -> u32 {
        self.word(v)
    }

    fn props<const N: usize>(&self, at: usize, keys: [Key; N]) -> [Option<usize>; N] {
        let mut found = [None; N];
        for (k, v) in self.entries(at) {
            if let Some(n) = self
                .key_id(k)
                .and_then(|id| keys.iter().position(|&w| w == id))
            {
                found[n] = Some(v);
            }
        }
        found
    }

    fn prop_named(&self, at: usize, key: &str) -> Option<usize> {
        let (_, v) = self.entries(at).find(|&(k, _)| self.key_name(k) == key)?;
        Some(v)
    }

    fn items(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        TapeView::items(self, at)
    }

    fn str_is(&self, v: usize, lit: &str) -> bool {
        self.str_eq(self.str_at(v), lit)
    }

    fn text(&self, v: usize) -> String {
        self.str_lossy(self.str_at(v))
    }

    fn offset(&self, v: usize) -> u32 {
        self.str_at(v).off
    }

    fn blank(&self, v: usize) -> Option<bool> {
        let s = self.str_at(v);
        if !s.complete() {
            return None;
        }
        if let crate::tape::Chars::Utf8(text) = self.chars {
            if s.flags & crate::tape::F_ESCAPED == 0 {
                return blank_text(text.get(s.off as usize..(s.off + s.len) as usize)?);
            }
        }
        Some(self.str_lossy(s).trim().is_empty())
    }

    fn number(&self, v: usize) -> f64 {
        self.num(v)
    }
}

/// The text of one JSON value that [`super::scan`] found well formed, with no escaped key: a
/// value's handle is the offset of its first byte. `layout`: where its objects' entries and
/// its arrays' items are, as the scan found them ([`super::scan::Scanner::layout`]), read
/// without a pass over the text.
pub struct Text<'a> {
    pub text: &'a [u8],
    pub layout: &'a Layout,
}

impl Text<'_> {
    /// The offset of the closing quote of the string at `v`.
    fn string_end(&self, v: usize) -> usize {
        string_end(self.text, v).unwrap_or(self.text.len())
    }

    /// The raw content of the string at `v`, and whether it has escapes: as the scan found
    /// it for the value of an entry, else read now.
    fn raw(&self, v: usize) -> (&[u8], bool) {
        let entries = &self.layout.entries;
        let (end, escaped) = match entries.iter().find(|e| e.value.0 as usize == v) {
            Some(e) => (e.value.1 as usize - 1, e.escaped),
            None => {
                let end = self.string_end(v);
                let escaped = self
                    .text
                    .get(v + 1..end)
                    .is_some_and(|r| r.contains(&b'\\'));
                (end, escaped)
            }
        };
        (self.text.get(v + 1..end).unwrap_or_default(), escaped)
    }

    /// The entries of the object at `at`: each key's raw text, and its value.
    fn entries(&self, at: usize) -> impl Iterator<Item = (&[u8], usize)> + '_ {
        let within = at as u32;
        self.layout
            .entries
            .iter()
            .filter(move |e| e.within == within)
            .map(|e| {
                let key = self.text.get(e.key.0 as usize..e.key.1 as usize);
                (key.unwrap_or_default(), e.value.0 as usize)
            })
    }
}

impl Doc for Text<'_> {
    fn kind(&self, v: usize) -> u32 {
        match self.text.get(v) {
            Some(b'"') => STR,
            Some(b'{') => OBJ,
            Some(b'[') => ARR,
            Some(b't') => TRUE,
            Some(b'f') => FALSE,
            Some(b'n') => NULL,
            _ => NUM,
        }
    }

    fn props<const N: usize>(&self, at: usize, keys: [Key; N]) -> [Option<usize>; N] {
        let mut found = [None; N];
        for (k, v) in self.entries(at) {
            if let Some(n) = keys.iter().position(|w| same(w.name().as_bytes(), k)) {
                found[n] = Some(v);
            }
        }
        found
    }

    fn prop_named(&self, at: usize, key: &str) -> Option<usize> {
        let (_, v) = self.entries(at).find(|(k, _)| same(k, key.as_bytes()))?;
        Some(v)
    }

    fn items(&self, at: usize) -> impl Iterator<Item = usize> + '_ {
        let within = at as u32;
        let items = self.layout.items.iter();
        items.filter(move |i| i.0 == within).map(|i| i.1 as usize)
    }

    fn str_is(&self, v: usize, lit: &str) -> bool {
        self.which(v, &[lit]).is_some()
    }

    fn which(&self, v: usize, names: &[&str]) -> Option<usize> {
        match self.raw(v) {
            (raw, false) => names.iter().position(|n| same(raw, n.as_bytes())),
            (_, true) => {
                let text = self.text(v);
                names.iter().position(|n| text == *n)
            }
        }
    }

    fn text(&self, v: usize) -> String {
        match self.raw(v) {
            // (Well formed, so UTF-8: the lossy way is a slower check of the same.)
            (raw, false) => match std::str::from_utf8(raw) {
                Ok(text) => text.to_owned(),
                Err(_) => String::from_utf8_lossy(raw).into_owned(),
            },
            (raw, true) => crate::tape::json::unescape(raw)
                .map(|units| crate::tape::utf16_lossy(&units))
                .unwrap_or_default(),
        }
    }

    fn offset(&self, v: usize) -> u32 {
        v as u32 + 1
    }

    fn blank(&self, v: usize) -> Option<bool> {
        // (A text that starts with a letter, nothing to find its end for.)
        if self.text.get(v + 1).is_some_and(u8::is_ascii_alphanumeric) {
            return Some(false);
        }
        match self.raw(v) {
            (raw, false) => blank_text(raw),
            (_, true) => Some(self.text(v).trim().is_empty()),
        }
    }

    fn number(&self, v: usize) -> f64 {
        let end = value_end(self.text, v).unwrap_or(self.text.len());
        crate::tape::number::parse(self.text.get(v..end).unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tape::json::{parse_bytes_into, JsonTape};

    /// Every path this reader borrows is one of [`PLACES`] (which the digest writes as its
    /// number): a path added to the reader and not to the list would cross whole.
    #[test]
    fn every_path_the_reader_borrows_is_a_place() {
        let borrowed = CALL_ID_PATHS
            .iter()
            .map(|p| p.as_slice())
            .chain([CALL_ID_PATH.as_slice(), CONTENT_PATH.as_slice()]);
        for path in borrowed {
            assert!(PLACES.iter().any(|k| std::ptr::eq(*k, path)), "{path:?}");
        }
    }

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
