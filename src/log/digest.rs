//! What the first stage hands the second for each single message, when the two run on
//! different threads: a record of bytes, written by the worker that read the message
//! ([`write_record`]) and read back in order by the thread that checks the conversations
//! ([`Reader`]). Steps are written with their places located, so that the second stage never
//! needs the text.
//!
//! The bytes never leave one run of one build, so their layout is this file's alone: unsigned
//! numbers as LEB128, strings as their length and UTF-8 bytes, a record as
//!
//! | field | bytes |
//! |---|---|
//! | what follows | a number of [`LINE_NEXT`], [`SAME_HEAD`], ... bits |
//! | line (relative to the batch) | a number, unless [`LINE_NEXT`]: the line after the last record's |
//! | (the line could not be read: [`UNREADABLE`]; the record ends) | |
//! | format, valid, strict | one byte (its place in [`Format::ALL`]) and two numbers ([`Match`]'s bits), unless [`SAME_HEAD`]: the last record's |
//! | key, steps, deferred text and column | each when its bit is set |
//! | JSON text, offset | when [`HAS_JSON`] (the offset seeds a conversion's ids) |
//!
//! and a step as its [`STEP_ID`] / [`STEP_TIME`] bits with its body's tag, then its id and
//! place, its timestamp (8 bytes) and place, and its body's items; a place's position on the
//! record's own line is its column alone. A record of a log's usual message (the line after
//! the last, matched as the last) is then one byte before its steps: reading the records of a
//! 1 MB batch is a small part of checking it (the JSON text they replaced cost as much as the
//! first stage itself).

use super::detect::Match;
use super::steps::PLACES;
use crate::convert::conversation::{Place, Pos, Step, StepBody, EMPTY_WORDS};
use crate::formats::Format;
use crate::tape::value::Value;
use crate::validate::PathSeg;
use std::borrow::Cow;

/// One message as the second stage reads it.
#[derive(Debug, PartialEq)]
pub struct Record<'a> {
    /// Its line, relative to its batch.
    pub line: u64,
    /// `None`: the line could not be read.
    pub read: Option<Read<'a>>,
}

/// Its ids are borrowed from the digest's bytes (kept records own theirs).
#[derive(Debug, PartialEq)]
pub struct Read<'a> {
    pub format: Format,
    pub matched: Match,
    /// Its group (`--group-by`), if it names one.
    pub key: Option<Cow<'a, str>>,
    /// `None`: the message is not valid (its issues are reported already, or deferred).
    pub steps: Option<Vec<Step<'a>>>,
    /// A message valid in no format, whose issues the second stage reports against its
    /// conversation's format: its text, and the column it starts at.
    pub deferred: Option<(String, u32)>,
    /// When converting: the message in its JSON form.
    pub json: Option<Value>,
    /// The message's first byte in its file (what seeds a conversion's ids).
    pub offset: u64,
    /// When converting: a user's message (see [`Payload::turn`]).
    pub turn: bool,
    /// When converting: it ends with the assistant's text (see [`Payload::reply`]).
    pub reply: bool,
}

/// Writes a batch's records: what the last one was, so that the next says only how it
/// differs ([`LINE_NEXT`], [`SAME_HEAD`]). A new batch starts with a new writer.
#[derive(Default)]
pub struct Writer {
    last: Last,
    /// The numbers of known keys met last, by the address and length of their text (a key
    /// the shapes know is written as its number; a `'static` text is found here before it is
    /// looked up).
    keys: [(usize, usize, u16); 8],
}

/// What the last record of a batch said, for the next.
#[derive(Default)]
struct Last {
    line: Option<u64>,
    head: Option<(Format, Match)>,
}

impl Last {
    /// The bits of a record on `line` (and the last's line noted).
    fn line_bits(&mut self, line: u64) -> u32 {
        let next = self.line.is_some_and(|l| l + 1 == line);
        self.line = Some(line);
        if next {
            LINE_NEXT
        } else {
            0
        }
    }
}

impl Writer {
    /// The record of a line that could not be read.
    pub fn unreadable(&mut self, out: &mut Vec<u8>, line: u64) {
        let bits = self.last.line_bits(line) | UNREADABLE;
        number(out, u64::from(bits));
        if bits & LINE_NEXT == 0 {
            number(out, line);
        }
    }

    /// The record of a message.
    pub fn record(
        &mut self,
        out: &mut Vec<u8>,
        line: u64,
        format: Format,
        matched: Match,
        key: Option<&str>,
        payload: Payload,
    ) {
        let Payload {
            steps,
            deferred,
            json,
            offset,
            turn,
            reply,
        } = payload;
        let same_head = self.last.head == Some((format, matched));
        self.last.head = Some((format, matched));
        let bits = [
            (same_head, SAME_HEAD),
            (key.is_some(), HAS_KEY),
            (steps.is_some(), HAS_STEPS),
            (deferred.is_some(), HAS_DEFERRED),
            (json.is_some(), HAS_JSON),
            (turn, TURN),
            (reply, REPLY),
        ];
        let bits = bits
            .iter()
            .filter(|b| b.0)
            .fold(self.last.line_bits(line), |all, b| all | b.1);
        number(out, u64::from(bits));
        if bits & LINE_NEXT == 0 {
            number(out, line);
        }
        if !same_head {
            out.push(format as u8);
            number(out, u64::from(matched.valid));
            number(out, u64::from(matched.strict));
        }
        if let Some(k) = key {
            string(out, k);
        }
        if let Some(steps) = steps {
            number(out, steps.len() as u64);
            for s in steps {
                self.step(out, s, line);
            }
        }
        if let Some((text, column)) = deferred {
            string(out, text);
            number(out, u64::from(column));
        }
        if let Some(v) = json {
            let mut text = String::new();
            v.write(&mut text);
            string(out, &text);
            number(out, offset);
        }
    }

    fn step(&mut self, out: &mut Vec<u8>, s: &Step<'_>, line: u64) {
        let tag = match &s.body {
            StepBody::Other => BODY_OTHER,
            StepBody::Calls(_) => BODY_CALLS,
            StepBody::Outputs(_) => BODY_OUTPUTS,
            StepBody::Empty(..) => BODY_EMPTY,
        };
        let mut first = tag << 4;
        if s.id.is_some() {
            first |= STEP_ID;
        }
        if s.timestamp.is_some() {
            first |= STEP_TIME;
        }
        out.push(first);
        if let Some((id, place)) = &s.id {
            string(out, id);
            self.place(out, place, line);
        }
        if let Some((t, place)) = &s.timestamp {
            out.extend_from_slice(&t.to_le_bytes());
            self.place(out, place, line);
        }
        match &s.body {
            StepBody::Other => {}
            StepBody::Calls(calls) => {
                number(out, calls.len() as u64);
                for (id, place) in calls {
                    string(out, id);
                    self.place(out, place, line);
                }
            }
            StepBody::Outputs(outputs) => {
                number(out, outputs.len() as u64);
                for (id, place) in outputs {
                    match id {
                        Some(id) => {
                            out.push(1);
                            string(out, id);
                        }
                        None => out.push(0),
                    }
                    self.place(out, place, line);
                }
            }
            StepBody::Empty(place, words) => {
                self.place(out, place, line);
                out.push(EMPTY_WORDS.iter().position(|w| w == words).unwrap_or(0) as u8);
            }
        }
    }

    /// A place: its path (one of the paths the steps' reader names, [`PLACES`], as twice its
    /// number and one: read back borrowed, no list made; else twice its length, then per step
    /// `0` and a key, `2` and the number of a key the shapes know ([`crate::keys`]: read back
    /// without a copy), or `1` and an index), then `0`, or `1` and its line (relative to the
    /// batch) and column, or `2` and its column on the record's own `line`.
    fn place(&mut self, out: &mut Vec<u8>, p: &Place, line: u64) {
        let known = match &p.path {
            Cow::Borrowed(path) => PLACES.iter().position(|k| std::ptr::eq(*k, *path)),
            Cow::Owned(_) => None,
        };
        match known {
            Some(n) => number(out, n as u64 * 2 + 1),
            None => self.path(out, &p.path),
        }
        self.pos(out, p.pos, line);
    }

    fn path(&mut self, out: &mut Vec<u8>, path: &[PathSeg]) {
        number(out, path.len() as u64 * 2);
        for seg in path {
            match seg {
                PathSeg::Key(k) => match self.key_number(k) {
                    Some(known) => {
                        out.push(2);
                        number(out, u64::from(known));
                    }
                    None => {
                        out.push(0);
                        string(out, k);
                    }
                },
                PathSeg::Index(n) => {
                    out.push(1);
                    number(out, u64::from(*n));
                }
            }
        }
    }

    fn pos(&mut self, out: &mut Vec<u8>, pos: Option<Pos>, line: u64) {
        match pos {
            Some(pos) if pos.line == line => {
                out.push(2);
                number(out, u64::from(pos.column));
            }
            Some(pos) => {
                out.push(1);
                number(out, pos.line);
                number(out, u64::from(pos.column));
            }
            None => out.push(0),
        }
    }

    /// The number of a key the shapes know: a `'static` text met before by its address, else
    /// looked up ([`crate::keys::lookup`]).
    #[allow(clippy::ptr_arg)] // (Which `Cow` it is is what this reads.)
    fn key_number(&mut self, k: &std::borrow::Cow<'static, str>) -> Option<u16> {
        let std::borrow::Cow::Borrowed(name) = k else {
            return crate::keys::lookup(k.as_bytes()).map(|known| known.0);
        };
        // (A `'static` text never moves nor changes: its address and length name it.)
        let (address, len) = (name.as_ptr() as usize, name.len());
        let slot = &mut self.keys[(address >> 3) % 8];
        if (slot.0, slot.1) == (address, len) {
            return Some(slot.2);
        }
        let known = crate::keys::lookup(name.as_bytes())?.0;
        *slot = (address, len, known);
        Some(known)
    }
}

/// What a record carries besides the message's line, format and group: see [`Read`].
#[derive(Default)]
pub struct Payload<'a> {
    pub steps: Option<&'a [Step<'a>]>,
    pub deferred: Option<(&'a str, u32)>,
    pub json: Option<&'a Value>,
    /// The message's first byte in its file.
    pub offset: u64,
    /// When converting: the message is a user's, which may start a turn.
    pub turn: bool,
    /// When converting: the message ends with the assistant's text, which may end a turn.
    pub reply: bool,
}

/// The bits of the number that says what a record carries (the usual ones first: a record
/// whose bits fit in seven spends one byte on them).
pub const LINE_NEXT: u32 = 1;
pub const SAME_HEAD: u32 = 2;
pub const HAS_STEPS: u32 = 4;
pub const HAS_KEY: u32 = 8;
pub const UNREADABLE: u32 = 16;
pub const HAS_DEFERRED: u32 = 32;
pub const HAS_JSON: u32 = 64;
pub const TURN: u32 = 128;
pub const REPLY: u32 = 256;

/// A log's usual record ([`Reader::plain`]): the line after the last, matched as the last,
/// one step of no id, no timestamp and nothing to check.
const PLAIN: [u8; 3] = [
    (LINE_NEXT | SAME_HEAD | HAS_STEPS) as u8,
    1,
    BODY_OTHER << 4,
];

/// The bits of a step's first byte; its body's tag is the byte shifted right by 4
/// ([`BODY_OTHER`] ...).
pub const STEP_ID: u8 = 1;
pub const STEP_TIME: u8 = 2;
const BODY_OTHER: u8 = 0;
const BODY_CALLS: u8 = 1;
const BODY_OUTPUTS: u8 = 2;
const BODY_EMPTY: u8 = 3;

/// An unsigned number as LEB128: seven bits a byte, the low first, the high bit set on all
/// bytes but the last.
fn number(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

fn string(out: &mut Vec<u8>, s: &str) {
    number(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// Reads the records of a batch back, in order; every read is checked, so bytes no writer
/// here wrote end the reading with `None`, never a panic.
/// Reads the records of a batch back, in order; every read is checked, so bytes no writer
/// here wrote end the reading with `None`, never a panic.
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    last: Last,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader {
            bytes,
            at: 0,
            last: Last::default(),
        }
    }

    /// Is every record read?
    pub fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// Where the reader is, for an error's message.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The next record if it is a log's usual message, consumed: the line after the last
    /// record's, matched as the last, of one step with no id, no timestamp and nothing to
    /// check ([`StepBody::Other`]), in no group, with nothing deferred or converted. Its line
    /// moved by `base` (its step's index) and its head; `None` (nothing consumed) for any
    /// other record, which [`Reader::read`] reads.
    pub fn plain(&mut self, base: u64) -> Option<(usize, (Format, Match))> {
        if self.bytes.get(self.at..self.at + PLAIN.len())? != PLAIN {
            return None;
        }
        let line = self.last.line?.checked_add(1)?;
        let index = usize::try_from(line.checked_add(base)?).ok()?;
        let head = self.last.head?;
        self.at += PLAIN.len();
        self.last.line = Some(line);
        Some((index, head))
    }

    /// The next record, its lines moved by `base`.
    pub fn read(&mut self, base: u64) -> Option<Record<'a>> {
        self.read_with(base, Vec::new())
    }

    /// [`Reader::read`], its steps (if any) in `spare`'s memory: the list a record before
    /// held, given back (no list made for each record of a batch).
    pub fn read_with(&mut self, base: u64, spare: Vec<Step<'static>>) -> Option<Record<'a>> {
        let bits = u32::try_from(self.number()?).ok()?;
        let line = match bits & LINE_NEXT {
            0 => self.number()?,
            _ => self.last.line?.checked_add(1)?,
        };
        self.last.line = Some(line);
        if bits & UNREADABLE != 0 {
            return Some(Record {
                line: line + base,
                read: None,
            });
        }
        let (format, matched) = match bits & SAME_HEAD {
            0 => {
                let format = *Format::ALL.get(self.byte()? as usize)?;
                let valid = u16::try_from(self.number()?).ok()?;
                let strict = u16::try_from(self.number()?).ok()?;
                (format, Match { valid, strict })
            }
            _ => self.last.head?,
        };
        self.last.head = Some((format, matched));
        let key = match bits & HAS_KEY {
            0 => None,
            _ => Some(Cow::Borrowed(self.text()?)),
        };
        let steps = match bits & HAS_STEPS {
            0 => None,
            _ => {
                let n = self.count()?;
                let mut steps: Vec<Step<'a>> = spare;
                steps.clear();
                steps.reserve_exact(n);
                for _ in 0..n {
                    steps.push(self.step(line, base)?);
                }
                Some(steps)
            }
        };
        let deferred = match bits & HAS_DEFERRED {
            0 => None,
            _ => Some((
                self.text()?.to_string(),
                u32::try_from(self.number()?).ok()?,
            )),
        };
        let (json, offset) = match bits & HAS_JSON {
            0 => (None, 0),
            _ => (Some(Value::parse(self.text()?).ok()?), self.number()?),
        };
        Some(Record {
            line: line + base,
            read: Some(Read {
                format,
                matched,
                key,
                steps,
                deferred,
                json,
                offset,
                turn: bits & TURN != 0,
                reply: bits & REPLY != 0,
            }),
        })
    }

    /// A step of the record on `line` (relative to the batch, which starts at `base`).
    fn step(&mut self, line: u64, base: u64) -> Option<Step<'a>> {
        let first = self.byte()?;
        let id = match first & STEP_ID {
            0 => None,
            _ => Some((Cow::Borrowed(self.text()?), self.place(line, base)?)),
        };
        let timestamp = match first & STEP_TIME {
            0 => None,
            _ => {
                let raw = self.bytes.get(self.at..self.at + 8)?;
                self.at += 8;
                let t = f64::from_le_bytes(raw.try_into().ok()?);
                Some((t, self.place(line, base)?))
            }
        };
        let body = match first >> 4 {
            BODY_OTHER => StepBody::Other,
            BODY_CALLS => {
                let n = self.count()?;
                let mut calls = Vec::with_capacity(n);
                for _ in 0..n {
                    calls.push((Cow::Borrowed(self.text()?), self.place(line, base)?));
                }
                StepBody::Calls(calls)
            }
            BODY_OUTPUTS => {
                let n = self.count()?;
                let mut outputs = Vec::with_capacity(n);
                for _ in 0..n {
                    let id = match self.byte()? {
                        0 => None,
                        _ => Some(Cow::Borrowed(self.text()?)),
                    };
                    outputs.push((id, self.place(line, base)?));
                }
                StepBody::Outputs(outputs)
            }
            BODY_EMPTY => {
                let place = self.place(line, base)?;
                StepBody::Empty(place, EMPTY_WORDS.get(self.byte()? as usize)?)
            }
            _ => return None,
        };
        Some(Step {
            index: usize::try_from(line + base).ok()?,
            id,
            timestamp,
            body,
        })
    }

    fn place(&mut self, line: u64, base: u64) -> Option<Place> {
        let head = usize::try_from(self.number()?).ok()?;
        let path = match head % 2 {
            1 => Cow::Borrowed(*PLACES.get(head / 2)?),
            _ => Cow::Owned(self.path(head / 2)?),
        };
        let pos = match self.byte()? {
            0 => None,
            1 => Some(Pos {
                line: self.number()? + base,
                column: u32::try_from(self.number()?).ok()?,
            }),
            2 => Some(Pos {
                line: line + base,
                column: u32::try_from(self.number()?).ok()?,
            }),
            _ => return None,
        };
        Some(Place { path, pos })
    }

    /// A path of `n` steps (its length checked as [`Reader::count`] checks one).
    fn path(&mut self, n: usize) -> Option<Vec<PathSeg>> {
        if !self.holds(n) {
            return None;
        }
        let mut path = Vec::with_capacity(n);
        for _ in 0..n {
            path.push(match self.byte()? {
                0 => PathSeg::key(self.text()?),
                1 => PathSeg::Index(u32::try_from(self.number()?).ok()?),
                2 => {
                    let n = usize::try_from(self.number()?).ok()?;
                    PathSeg::name(crate::keys::KEYS.get(n)?)
                }
                _ => return None,
            });
        }
        Some(path)
    }

    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn number(&mut self) -> Option<u64> {
        // (Most numbers here are below 128: one byte.)
        let b = self.byte()?;
        if b < 0x80 {
            return Some(u64::from(b));
        }
        let mut n = u64::from(b & 0x7f);
        for shift in (7..64).step_by(7) {
            let b = self.byte()?;
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return Some(n);
            }
        }
        None
    }

    /// A count of items to come: never more than the bytes left could hold (so that a
    /// capacity taken from it is bounded by the input).
    fn count(&mut self) -> Option<usize> {
        let n = usize::try_from(self.number()?).ok()?;
        self.holds(n).then_some(n)
    }

    /// Could the bytes left hold `n` items (each at least a byte)?
    fn holds(&self, n: usize) -> bool {
        n <= self.bytes.len().saturating_sub(self.at)
    }

    /// A string, borrowed from the bytes.
    fn text(&mut self) -> Option<&'a str> {
        let n = self.count()?;
        let raw = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        std::str::from_utf8(raw).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(path: Vec<PathSeg>, line: u64, column: u32) -> Place {
        Place {
            path: path.into(),
            pos: Some(Pos { line, column }),
        }
    }

    /// Every field of a record, written and read back, lines moved by the base.
    #[test]
    fn a_record_reads_back_as_written() {
        let steps = vec![
            Step {
                index: 0,
                id: Some(("m1".into(), place(vec![PathSeg::Key("id".into())], 0, 3))),
                timestamp: Some((1.5e12, place(vec![], 0, 1))),
                body: StepBody::Calls(vec![(
                    "call é".into(),
                    place(
                        vec!["tool_calls".into(), PathSeg::Index(300), "id".into()],
                        0,
                        9,
                    ),
                )]),
            },
            Step {
                index: 0,
                id: None,
                timestamp: None,
                body: StepBody::Outputs(vec![
                    // (A key the shapes know travels as its number; this one as its text.)
                    (None, place(vec![PathSeg::key("nobody's key")], 0, 1)),
                    (Some("c".into()), Place::at(vec![])),
                ]),
            },
            Step {
                index: 0,
                id: None,
                timestamp: None,
                body: StepBody::Empty(place(vec![], 0, 1), EMPTY_WORDS[4]),
            },
        ];
        let json = Value::parse(r#"{"role":"user","content":"hi"}"#).unwrap();
        let mut out = Vec::new();
        let mut w = Writer::default();
        w.unreadable(&mut out, 2);
        w.record(
            &mut out,
            3,
            Format::Anthropic,
            Match {
                valid: 0x1ff,
                strict: 3,
            },
            Some("\"t1\""),
            Payload {
                steps: Some(&steps),
                deferred: Some(("{\"x\":1}", 7)),
                json: Some(&json),
                offset: 1 << 40,
                turn: true,
                reply: false,
            },
        );
        let mut r = Reader::new(&out);
        assert_eq!(
            r.read(10),
            Some(Record {
                line: 12,
                read: None
            })
        );
        let record = r.read(10).unwrap();
        assert!(r.done());
        assert_eq!(record.line, 13);
        let read = record.read.unwrap();
        assert_eq!(
            (read.format, read.matched.valid, read.matched.strict),
            (Format::Anthropic, 0x1ff, 3)
        );
        assert_eq!(read.key.as_deref(), Some("\"t1\""));
        assert_eq!(read.deferred, Some(("{\"x\":1}".to_string(), 7)));
        assert_eq!(read.json, Some(json));
        assert_eq!((read.offset, read.turn, read.reply), (1 << 40, true, false));
        // Steps: indexed by the record's line, places' lines moved by the base.
        let mut expected = steps;
        for s in &mut expected {
            s.index = 13;
            s.for_each_place(|p| {
                if let Some(pos) = &mut p.pos {
                    pos.line += 10;
                }
            });
        }
        assert_eq!(read.steps, Some(expected));
    }

    /// A path of [`PLACES`] crosses as its number and reads back borrowed, the same path
    /// (no list made for it); the same path made afresh crosses whole and reads back made.
    #[test]
    fn the_readers_places_cross_as_their_numbers() {
        for (n, known) in PLACES.iter().enumerate() {
            let made = Place::at(known.to_vec());
            let borrowed = Place::at(*known);
            let mut out = Vec::new();
            let mut w = Writer::default();
            w.place(&mut out, &borrowed, 0);
            let short = out.len();
            w.place(&mut out, &made, 0);
            assert!(
                short <= 2 && short < out.len() - short || known.is_empty(),
                "{n}"
            );
            let mut r = Reader::new(&out);
            let back = r.place(0, 0).unwrap();
            assert!(
                matches!(back.path, Cow::Borrowed(p) if std::ptr::eq(p, *known)),
                "{n}"
            );
            let back = r.place(0, 0).unwrap();
            assert!(matches!(&back.path, Cow::Owned(p) if p == known), "{n}");
            assert!(r.done());
        }
    }

    /// Records in a row say only how each differs from the last: a usual message (the next
    /// line, matched as the last, one plain step) is three bytes; lines that skip, a format
    /// that changes and places on other lines read back as written.
    #[test]
    fn records_say_only_how_they_differ() {
        let matched = Match {
            valid: 0x1ff,
            strict: 1,
        };
        let plain = [Step {
            index: 0,
            id: None,
            timestamp: None,
            body: StepBody::Other,
        }];
        let call = |line| {
            [Step {
                index: 0,
                id: None,
                timestamp: None,
                body: StepBody::Calls(vec![(
                    "c".into(),
                    place(
                        vec!["tool_calls".into(), PathSeg::Index(0), PathSeg::name("id")],
                        line,
                        5,
                    ),
                )]),
            }]
        };
        let (on_its_line, elsewhere) = (call(5), call(2));
        let mut out = Vec::new();
        let mut w = Writer::default();
        let mut record = |out: &mut Vec<u8>, line, format, s: &[Step]| {
            let payload = Payload {
                steps: Some(s),
                ..Payload::default()
            };
            w.record(out, line, format, matched, None, payload);
        };
        record(&mut out, 3, Format::OpenAI, &plain);
        let first = out.len();
        record(&mut out, 4, Format::OpenAI, &plain);
        assert_eq!(out.len() - first, 3, "{:?}", &out[first..]);
        record(&mut out, 5, Format::OpenAI, &on_its_line);
        record(&mut out, 9, Format::Kernel, &elsewhere);
        record(&mut out, 10, Format::Kernel, &elsewhere);
        let mut r = Reader::new(&out);
        let mut read = Vec::new();
        while !r.done() {
            let rec = r.read(100).unwrap();
            let got = rec.read.unwrap();
            read.push((rec.line, got.format, got.matched, got.steps.unwrap()));
        }
        let at = |s: &[Step<'static>], line: u64| {
            let mut s = s.to_vec();
            for step in &mut s {
                step.index = line as usize;
                step.for_each_place(|p| p.pos.as_mut().unwrap().line += 100);
            }
            s
        };
        assert_eq!(
            read,
            vec![
                (103, Format::OpenAI, matched, at(&plain, 103)),
                (104, Format::OpenAI, matched, at(&plain, 104)),
                (105, Format::OpenAI, matched, at(&on_its_line, 105)),
                (109, Format::Kernel, matched, at(&elsewhere, 109)),
                (110, Format::Kernel, matched, at(&elsewhere, 110)),
            ]
        );
    }

    /// A log's usual record is taken by [`Reader::plain`] as [`Reader::read`] reads it, and
    /// no other record is: records of every kind in a row, read either way, read alike.
    #[test]
    fn plain_records_are_taken_as_read_reads_them() {
        let matched = Match {
            valid: 1,
            strict: 1,
        };
        let step = |body: StepBody<'static>, id: bool, time: bool| Step {
            index: 0,
            id: id.then(|| ("m".into(), place(vec![], 0, 1))),
            timestamp: time.then(|| (1.0, place(vec![], 0, 1))),
            body,
        };
        let other = vec![step(StepBody::Other, false, false)];
        let calls = vec![step(
            StepBody::Calls(vec![("c".into(), place(vec![], 0, 1))]),
            false,
            false,
        )];
        let empty = vec![step(
            StepBody::Empty(place(vec![], 0, 1), EMPTY_WORDS[0]),
            false,
            false,
        )];
        let (with_id, with_time) = (
            vec![step(StepBody::Other, true, false)],
            vec![step(StepBody::Other, false, true)],
        );
        let two = vec![other[0].clone(), other[0].clone()];
        let mut out = Vec::new();
        let mut w = Writer::default();
        let mut line = 0;
        let mut record =
            |out: &mut Vec<u8>, skip: u64, f: Format, key: Option<&str>, s: Option<&[Step]>| {
                line += 1 + skip;
                let payload = Payload {
                    steps: s,
                    turn: key == Some("turn"),
                    ..Payload::default()
                };
                let key = key.filter(|k| *k != "turn");
                w.record(out, line, f, matched, key, payload);
            };
        let openai = Format::OpenAI;
        record(&mut out, 0, openai, None, Some(&other)); // the first: its line and head written
        record(&mut out, 0, openai, None, Some(&other)); // plain
        record(&mut out, 0, openai, None, Some(&other)); // plain
        record(&mut out, 0, openai, None, Some(&calls));
        record(&mut out, 0, openai, None, Some(&other)); // plain
        record(&mut out, 2, openai, None, Some(&other)); // a line skipped
        record(&mut out, 0, Format::Kernel, None, Some(&other)); // another head
        record(&mut out, 0, Format::Kernel, None, Some(&other)); // plain
        record(&mut out, 0, Format::Kernel, Some("\"g\""), Some(&other)); // grouped
        record(&mut out, 0, Format::Kernel, Some("turn"), Some(&other));
        record(&mut out, 0, Format::Kernel, None, Some(&empty));
        record(&mut out, 0, Format::Kernel, None, Some(&with_id));
        record(&mut out, 0, Format::Kernel, None, Some(&with_time));
        record(&mut out, 0, Format::Kernel, None, Some(&two));
        record(&mut out, 0, Format::Kernel, None, None); // not valid: no steps
        record(&mut out, 0, Format::Kernel, None, Some(&other)); // plain
        w.unreadable(&mut out, line + 1);
        let mut read = Reader::new(&out);
        let mut by_read = Vec::new();
        while !read.done() {
            by_read.push(read.read(100).unwrap());
        }
        let mut either = Reader::new(&out);
        let (mut by_either, mut plain) = (Vec::new(), Vec::new());
        while !either.done() {
            match either.plain(100) {
                Some((index, (format, matched))) => {
                    plain.push(index);
                    by_either.push(Record {
                        line: index as u64,
                        read: Some(Read {
                            format,
                            matched,
                            key: None,
                            steps: Some(vec![Step {
                                index,
                                ..other[0].clone()
                            }]),
                            deferred: None,
                            json: None,
                            offset: 0,
                            turn: false,
                            reply: false,
                        }),
                    })
                }
                None => by_either.push(either.read(100).unwrap()),
            }
        }
        assert_eq!(by_either, by_read);
        assert_eq!(plain, [102, 103, 105, 110, 118]);
    }

    /// Cut anywhere, or with a byte changed anywhere, a record reads as `None` or as some
    /// record: never a panic.
    #[test]
    fn damaged_bytes_never_panic() {
        let steps = vec![Step {
            index: 0,
            id: None,
            timestamp: Some((1.0, place(vec!["t".into()], 0, 1))),
            body: StepBody::Calls(vec![("a".into(), place(vec![PathSeg::Index(1)], 0, 2))]),
        }];
        let mut out = Vec::new();
        let payload = Payload {
            steps: Some(&steps),
            ..Payload::default()
        };
        Writer::default().record(
            &mut out,
            1,
            Format::OpenAI,
            Match::default(),
            Some("k"),
            payload,
        );
        for cut in 0..out.len() {
            let _ = Reader::new(&out[..cut]).read(0);
            for b in [0u8, 0x7f, 0x80, 0xff] {
                let mut bad = out.clone();
                bad[cut] = b;
                let mut r = Reader::new(&bad);
                while !r.done() && r.read(0).is_some() {}
            }
        }
    }
}
