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
//! | line (relative to the batch) | number |
//! | read | `0` (the line could not be read; the record ends) or `1` |
//! | format | one byte, its place in [`Format::ALL`] |
//! | valid, strict | numbers ([`Match`]'s bits) |
//! | offset | number |
//! | what follows | one byte of [`HAS_KEY`], [`HAS_STEPS`], ... bits |
//! | key, steps, deferred text and column, JSON text | each when its bit is set |
//!
//! and a step as its [`STEP_ID`] / [`STEP_TIME`] bits with its body's tag, then its id and
//! place, its timestamp (8 bytes) and place, and its body's items. Reading the records of a
//! 1 MB batch is then a small part of checking it (the JSON text it replaced cost as much as
//! the first stage itself).

use super::detect::Match;
use crate::convert::conversation::{Place, Pos, Step, StepBody, EMPTY_WORDS};
use crate::formats::Format;
use crate::tape::value::Value;
use crate::validate::PathSeg;

/// One message as the second stage reads it.
#[derive(Debug, PartialEq)]
pub struct Record {
    /// Its line, relative to its batch.
    pub line: u64,
    /// `None`: the line could not be read.
    pub read: Option<Read>,
}

#[derive(Debug, PartialEq)]
pub struct Read {
    pub format: Format,
    pub matched: Match,
    /// Its group (`--group-by`), if it names one.
    pub key: Option<String>,
    /// `None`: the message is not valid (its issues are reported already, or deferred).
    pub steps: Option<Vec<Step>>,
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

/// The record of a line that could not be read.
pub fn write_unreadable(out: &mut Vec<u8>, line: u64) {
    number(out, line);
    out.push(0);
}

/// What a record carries besides the message's line, format and group: see [`Read`].
#[derive(Default)]
pub struct Payload<'a> {
    pub steps: Option<&'a [Step]>,
    pub deferred: Option<(&'a str, u32)>,
    pub json: Option<&'a Value>,
    /// The message's first byte in its file.
    pub offset: u64,
    /// When converting: the message is a user's, which may start a turn.
    pub turn: bool,
    /// When converting: the message ends with the assistant's text, which may end a turn.
    pub reply: bool,
}

/// The bits of the byte that says what a record carries.
pub const HAS_KEY: u8 = 1;
pub const HAS_STEPS: u8 = 2;
pub const HAS_DEFERRED: u8 = 4;
pub const HAS_JSON: u8 = 8;
pub const TURN: u8 = 16;
pub const REPLY: u8 = 32;

/// The bits of a step's first byte; its body's tag is the byte shifted right by 4
/// ([`BODY_OTHER`] ...).
pub const STEP_ID: u8 = 1;
pub const STEP_TIME: u8 = 2;
const BODY_OTHER: u8 = 0;
const BODY_CALLS: u8 = 1;
const BODY_OUTPUTS: u8 = 2;
const BODY_EMPTY: u8 = 3;

/// The record of a message.
pub fn write_record(
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
    number(out, line);
    out.push(1);
    out.push(format as u8);
    number(out, u64::from(matched.valid));
    number(out, u64::from(matched.strict));
    number(out, offset);
    let bits = [
        (key.is_some(), HAS_KEY),
        (steps.is_some(), HAS_STEPS),
        (deferred.is_some(), HAS_DEFERRED),
        (json.is_some(), HAS_JSON),
        (turn, TURN),
        (reply, REPLY),
    ];
    out.push(bits.iter().filter(|b| b.0).fold(0, |all, b| all | b.1));
    if let Some(k) = key {
        string(out, k);
    }
    if let Some(steps) = steps {
        number(out, steps.len() as u64);
        for s in steps {
            write_step(out, s);
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
    }
}

fn write_step(out: &mut Vec<u8>, s: &Step) {
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
        write_place(out, place);
    }
    if let Some((t, place)) = &s.timestamp {
        out.extend_from_slice(&t.to_le_bytes());
        write_place(out, place);
    }
    match &s.body {
        StepBody::Other => {}
        StepBody::Calls(calls) => {
            number(out, calls.len() as u64);
            for (id, place) in calls {
                string(out, id);
                write_place(out, place);
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
                write_place(out, place);
            }
        }
        StepBody::Empty(place, words) => {
            write_place(out, place);
            out.push(EMPTY_WORDS.iter().position(|w| w == words).unwrap_or(0) as u8);
        }
    }
}

/// A place: its path (a count, then per step `0` and a key, `2` and the number of a key
/// the shapes know ([`crate::keys`]: read back without a copy), or `1` and an index), then
/// `0` or `1` and its line (relative to the batch) and column.
fn write_place(out: &mut Vec<u8>, p: &Place) {
    number(out, p.path.len() as u64);
    for seg in &p.path {
        match seg {
            PathSeg::Key(k) => match crate::keys::lookup(k.as_bytes()) {
                Some(known) => {
                    out.push(2);
                    number(out, u64::from(known.0));
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
    match p.pos {
        Some(pos) => {
            out.push(1);
            number(out, pos.line);
            number(out, u64::from(pos.column));
        }
        None => out.push(0),
    }
}

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
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// Is every record read?
    pub fn done(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// Where the reader is, for an error's message.
    pub fn at(&self) -> usize {
        self.at
    }

    /// The next record, its lines moved by `base`.
    pub fn read(&mut self, base: u64) -> Option<Record> {
        let line = self.number()? + base;
        if self.byte()? == 0 {
            return Some(Record { line, read: None });
        }
        let format = *Format::ALL.get(self.byte()? as usize)?;
        let valid = u16::try_from(self.number()?).ok()?;
        let strict = u16::try_from(self.number()?).ok()?;
        let offset = self.number()?;
        let bits = self.byte()?;
        let key = match bits & HAS_KEY {
            0 => None,
            _ => Some(self.string()?),
        };
        let steps = match bits & HAS_STEPS {
            0 => None,
            _ => {
                let n = self.count()?;
                let mut steps = Vec::with_capacity(n);
                for _ in 0..n {
                    steps.push(self.step(line, base)?);
                }
                Some(steps)
            }
        };
        let deferred = match bits & HAS_DEFERRED {
            0 => None,
            _ => Some((self.string()?, u32::try_from(self.number()?).ok()?)),
        };
        let json = match bits & HAS_JSON {
            0 => None,
            _ => Some(Value::parse(&self.string()?).ok()?),
        };
        Some(Record {
            line,
            read: Some(Read {
                format,
                matched: Match { valid, strict },
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

    fn step(&mut self, index: u64, base: u64) -> Option<Step> {
        let first = self.byte()?;
        let id = match first & STEP_ID {
            0 => None,
            _ => Some((self.string()?, self.place(base)?)),
        };
        let timestamp = match first & STEP_TIME {
            0 => None,
            _ => {
                let raw = self.bytes.get(self.at..self.at + 8)?;
                self.at += 8;
                let t = f64::from_le_bytes(raw.try_into().ok()?);
                Some((t, self.place(base)?))
            }
        };
        let body = match first >> 4 {
            BODY_OTHER => StepBody::Other,
            BODY_CALLS => {
                let n = self.count()?;
                let mut calls = Vec::with_capacity(n);
                for _ in 0..n {
                    calls.push((self.string()?, self.place(base)?));
                }
                StepBody::Calls(calls)
            }
            BODY_OUTPUTS => {
                let n = self.count()?;
                let mut outputs = Vec::with_capacity(n);
                for _ in 0..n {
                    let id = match self.byte()? {
                        0 => None,
                        _ => Some(self.string()?),
                    };
                    outputs.push((id, self.place(base)?));
                }
                StepBody::Outputs(outputs)
            }
            BODY_EMPTY => {
                let place = self.place(base)?;
                StepBody::Empty(place, EMPTY_WORDS.get(self.byte()? as usize)?)
            }
            _ => return None,
        };
        Some(Step {
            index: usize::try_from(index).ok()?,
            id,
            timestamp,
            body,
        })
    }

    fn place(&mut self, base: u64) -> Option<Place> {
        let n = self.count()?;
        let mut path = Vec::with_capacity(n);
        for _ in 0..n {
            path.push(match self.byte()? {
                0 => PathSeg::Key(self.string()?.into()),
                1 => PathSeg::Index(u32::try_from(self.number()?).ok()?),
                2 => {
                    let n = usize::try_from(self.number()?).ok()?;
                    PathSeg::name(crate::keys::KEYS.get(n)?)
                }
                _ => return None,
            });
        }
        let pos = match self.byte()? {
            0 => None,
            _ => Some(Pos {
                line: self.number()? + base,
                column: u32::try_from(self.number()?).ok()?,
            }),
        };
        Some(Place { path, pos })
    }

    fn byte(&mut self) -> Option<u8> {
        let b = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(b)
    }

    fn number(&mut self) -> Option<u64> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
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
        (n <= self.bytes.len() - self.at.min(self.bytes.len())).then_some(n)
    }

    fn string(&mut self) -> Option<String> {
        let n = self.count()?;
        let raw = self.bytes.get(self.at..self.at + n)?;
        self.at += n;
        String::from_utf8(raw.to_vec()).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn place(path: Vec<PathSeg>, line: u64, column: u32) -> Place {
        Place {
            path,
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
        write_unreadable(&mut out, 2);
        write_record(
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
        write_record(
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
