//! What the first stage hands the second for each single message: a line of JSON text
//! (`{"l":line,"f":format,"o":offset,"v":valid,"s":strict,"k":group,"st":steps}`), written by the
//! worker that read the message ([`write_record`]) and read back in order by the thread that
//! checks the conversations ([`read_record`]). Steps are written with their places located,
//! so that the second stage never needs the text.

use super::detect::Match;
use crate::convert::conversation::{Place, Pos, Step, StepBody, EMPTY_WORDS};
use crate::convert::report::push_decimal;
use crate::formats::Format;
use crate::json_text::{write_num, write_str};
use crate::tape::json::{parse_into, JsonTape};
use crate::tape::value::Value;
use crate::tape::{TapeView, ARR, NULL, NUM, OBJ, STR};
use crate::validate::{write_path, PathSeg};

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
pub fn write_unreadable(out: &mut String, line: u64) {
    out.push_str("{\"l\":");
    out.push_str(&line.to_string());
    out.push_str("}\n");
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

/// The record of a message.
pub fn write_record(
    out: &mut String,
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
    out.push_str("{\"l\":");
    push_decimal(out, line as usize);
    out.push_str(",\"f\":\"");
    out.push_str(format.name());
    out.push_str("\",\"o\":");
    push_decimal(out, offset as usize);
    out.push_str(",\"v\":");
    push_decimal(out, matched.valid as usize);
    out.push_str(",\"s\":");
    push_decimal(out, matched.strict as usize);
    if let Some(k) = key {
        out.push_str(",\"k\":");
        write_str(out, k);
    }
    if let Some(steps) = steps {
        out.push_str(",\"st\":[");
        for (n, s) in steps.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            write_step(out, s);
        }
        out.push(']');
    }
    if let Some(v) = json {
        out.push_str(",\"j\":");
        v.write(out);
    }
    if turn {
        out.push_str(",\"u\":1");
    }
    if reply {
        out.push_str(",\"r\":1");
    }
    if let Some((text, column)) = deferred {
        out.push_str(",\"x\":");
        write_str(out, text);
        out.push_str(",\"c\":");
        push_decimal(out, column as usize);
    }
    out.push_str("}\n");
}

/// `[id, timestamp, body]`: `id` is `[text, place]` or null, `timestamp` `[ms, place]` or
/// null, `body` 0 (nothing to check), `["c", [[id, place]...]]` (calls), `["o", [[id or null,
/// place]...]]` (results) or `["e", place, words]` (empty, `words` an index of
/// [`EMPTY_WORDS`]). A place is `[path, line, column]`.
fn write_step(out: &mut String, s: &Step) {
    out.push('[');
    match &s.id {
        Some((id, place)) => {
            out.push('[');
            write_str(out, id);
            out.push(',');
            write_place(out, place);
            out.push(']');
        }
        None => out.push_str("null"),
    }
    out.push(',');
    match &s.timestamp {
        Some((t, place)) => {
            out.push('[');
            write_num(out, *t);
            out.push(',');
            write_place(out, place);
            out.push(']');
        }
        None => out.push_str("null"),
    }
    out.push(',');
    match &s.body {
        StepBody::Other => out.push('0'),
        StepBody::Calls(calls) => {
            write_ids(out, "c", calls.iter().map(|(id, p)| (Some(id.as_str()), p)))
        }
        StepBody::Outputs(outputs) => {
            write_ids(out, "o", outputs.iter().map(|(id, p)| (id.as_deref(), p)))
        }
        StepBody::Empty(place, words) => {
            out.push_str("[\"e\",");
            write_place(out, place);
            let n = EMPTY_WORDS.iter().position(|w| w == words).unwrap_or(0);
            out.push(',');
            push_decimal(out, n);
            out.push(']');
        }
    }
    out.push(']');
}

/// `["tag", [[id or null, place]...]]`: a step's calls or results.
fn write_ids<'a>(
    out: &mut String,
    tag: &str,
    items: impl Iterator<Item = (Option<&'a str>, &'a Place)>,
) {
    out.push_str("[\"");
    out.push_str(tag);
    out.push_str("\",[");
    for (n, (id, place)) in items.enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        match id {
            Some(id) => write_str(out, id),
            None => out.push_str("null"),
        }
        out.push(',');
        write_place(out, place);
        out.push(']');
    }
    out.push_str("]]");
}

fn write_place(out: &mut String, p: &Place) {
    let pos = p.pos.unwrap_or_default();
    out.push('[');
    write_path(out, &p.path);
    out.push(',');
    push_decimal(out, pos.line as usize);
    out.push(',');
    push_decimal(out, pos.column as usize);
    out.push(']');
}

/// Reads records back: a tape reused from one record to the next, read where it lies (no
/// tree is built but the strings and values a record hands on).
#[derive(Default)]
pub struct Reader {
    tape: JsonTape,
}

impl Reader {
    /// A record written by [`write_record`] or [`write_unreadable`], its lines moved by
    /// `base`; `None` for text no writer here wrote.
    pub fn read(&mut self, text: &str, base: u64) -> Option<Record> {
        parse_into(text, 64, &mut self.tape).ok()?;
        let t = self.tape.view(text);
        if t.word(0) != OBJ {
            return None;
        }
        let mut line = None;
        let mut format = None;
        let (mut valid, mut strict, mut offset) = (0, 0, 0);
        let (mut key, mut steps_at, mut deferred, mut column, mut json) =
            (None, None, None, None, None);
        let (mut turn, mut reply) = (false, false);
        for (k, v) in t.entries(0) {
            match key_name(&t, k) {
                "l" => line = Some(num(&t, v)? as u64 + base),
                "f" => format = Some(Format::parse(&string(&t, v)?)?),
                "v" => valid = num(&t, v)? as u16,
                "s" => strict = num(&t, v)? as u16,
                "o" => offset = num(&t, v)? as u64,
                "k" => key = Some(string(&t, v)?),
                "st" => steps_at = Some(v),
                "x" => deferred = Some(string(&t, v)?),
                "c" => column = Some(num(&t, v)? as u32),
                "j" => json = Some(Value::from_tape(&t, v)),
                "u" => turn = true,
                "r" => reply = true,
                _ => return None,
            }
        }
        let line = line?;
        let Some(format) = format else {
            return Some(Record { line, read: None });
        };
        let steps = match steps_at {
            Some(v) => Some(
                items(&t, v)?
                    .map(|s| read_step(&t, s, line, base))
                    .collect::<Option<Vec<Step>>>()?,
            ),
            None => None,
        };
        let deferred = match deferred {
            Some(x) => Some((x, column?)),
            None => None,
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
                turn,
                reply,
            }),
        })
    }
}

/// The name of the key at `k`, without allocating (the digest's keys are plain ASCII).
fn key_name<'a>(t: &TapeView<'a>, k: usize) -> &'a str {
    if let Some(id) = t.key_id(k) {
        return id.name();
    }
    let s = t.str_at(k);
    match t.chars {
        crate::tape::Chars::Utf8(text) => text
            .get(s.off as usize..(s.off + s.len) as usize)
            .and_then(|b| std::str::from_utf8(b).ok())
            .unwrap_or(""),
        crate::tape::Chars::Utf16(_) => "",
    }
}

fn num(t: &TapeView, at: usize) -> Option<f64> {
    (t.word(at) == NUM).then(|| t.num(at))
}

fn string(t: &TapeView, at: usize) -> Option<String> {
    match (t.word(at) == STR).then(|| Value::from_tape(t, at))? {
        Value::Str(s) => Some(s),
        _ => None,
    }
}

fn items<'t, 'a>(t: &'t TapeView<'a>, at: usize) -> Option<crate::tape::Items<'t, 'a>> {
    (t.word(at) == ARR).then(|| t.items(at))
}

/// The `n`th item of the array at `at`.
fn nth(t: &TapeView, at: usize, n: usize) -> Option<usize> {
    items(t, at)?.nth(n)
}

fn read_step(t: &TapeView, at: usize, index: u64, base: u64) -> Option<Step> {
    // `[value, place]`, the value read by `read`.
    let pair = |at: usize, read: &dyn Fn(usize) -> Option<()>| -> Option<Place> {
        read(nth(t, at, 0)?)?;
        read_place(t, nth(t, at, 1)?, base)
    };
    let id = match nth(t, at, 0)? {
        v if t.word(v) == NULL => None,
        v => {
            let place = pair(v, &|_| Some(()))?;
            Some((string(t, nth(t, v, 0)?)?, place))
        }
    };
    let timestamp = match nth(t, at, 1)? {
        v if t.word(v) == NULL => None,
        v => {
            let place = pair(v, &|_| Some(()))?;
            Some((num(t, nth(t, v, 0)?)?, place))
        }
    };
    let body = nth(t, at, 2)?;
    let body = if t.word(body) != ARR {
        StepBody::Other
    } else {
        let tag = string(t, nth(t, body, 0)?)?;
        match tag.as_str() {
            "c" => StepBody::Calls(
                items(t, nth(t, body, 1)?)?
                    .map(|c| {
                        Some((
                            string(t, nth(t, c, 0)?)?,
                            read_place(t, nth(t, c, 1)?, base)?,
                        ))
                    })
                    .collect::<Option<_>>()?,
            ),
            "o" => StepBody::Outputs(
                items(t, nth(t, body, 1)?)?
                    .map(|c| {
                        let id = nth(t, c, 0)?;
                        let id = if t.word(id) == NULL {
                            None
                        } else {
                            Some(string(t, id)?)
                        };
                        Some((id, read_place(t, nth(t, c, 1)?, base)?))
                    })
                    .collect::<Option<_>>()?,
            ),
            "e" => StepBody::Empty(
                read_place(t, nth(t, body, 1)?, base)?,
                EMPTY_WORDS.get(num(t, nth(t, body, 2)?)? as usize)?,
            ),
            _ => return None,
        }
    };
    Some(Step {
        index: index as usize,
        id,
        timestamp,
        body,
    })
}

fn read_place(t: &TapeView, at: usize, base: u64) -> Option<Place> {
    let path = items(t, nth(t, at, 0)?)?
        .map(|s| match t.word(s) {
            STR => string(t, s).map(PathSeg::Key),
            NUM => Some(PathSeg::Index(t.num(s) as u32)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Place {
        path,
        pos: Some(Pos {
            line: num(t, nth(t, at, 1)?)? as u64 + base,
            column: num(t, nth(t, at, 2)?)? as u32,
        }),
    })
}
