//! What the first stage hands the second for each single message: a line of JSON text
//! (`{"l":line,"f":format,"o":offset,"v":valid,"s":strict,"k":group,"st":steps}`), written by the
//! worker that read the message ([`write_record`]) and read back in order by the thread that
//! checks the conversations ([`read_record`]). Steps are written with their places located,
//! so that the second stage never needs the text.

use super::detect::Match;
use crate::convert::conversation::{Place, Pos, Step, StepBody, EMPTY_WORDS};
use crate::formats::Format;
use crate::json_text::{write_num, write_str};
use crate::tape::value::Value;
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
    out.push_str(&line.to_string());
    out.push_str(",\"f\":");
    write_str(out, format.name());
    out.push_str(&format!(
        ",\"o\":{offset},\"v\":{},\"s\":{}",
        matched.valid, matched.strict
    ));
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
        out.push_str(&format!(",\"c\":{column}"));
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
            out.push_str("[\"c\",[");
            for (n, (id, place)) in calls.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                out.push('[');
                write_str(out, id);
                out.push(',');
                write_place(out, place);
                out.push(']');
            }
            out.push_str("]]");
        }
        StepBody::Outputs(outputs) => {
            out.push_str("[\"o\",[");
            for (n, (id, place)) in outputs.iter().enumerate() {
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
        StepBody::Empty(place, words) => {
            out.push_str("[\"e\",");
            write_place(out, place);
            let n = EMPTY_WORDS.iter().position(|w| w == words).unwrap_or(0);
            out.push_str(&format!(",{n}]"));
        }
    }
    out.push(']');
}

fn write_place(out: &mut String, p: &Place) {
    let pos = p.pos.unwrap_or_default();
    out.push('[');
    write_path(out, &p.path);
    out.push_str(&format!(",{},{}]", pos.line, pos.column));
}

/// A record written by [`write_record`] or [`write_unreadable`], its lines moved by `base`;
/// `None` for text no writer here wrote.
pub fn read_record(text: &str, base: u64) -> Option<Record> {
    let v = Value::parse(text).ok()?;
    let line = v.get("l")?.as_f64()? as u64 + base;
    let Some(format) = v.get("f") else {
        return Some(Record { line, read: None });
    };
    let format = Format::parse(format.as_str()?)?;
    let matched = Match {
        valid: v.get("v")?.as_f64()? as u16,
        strict: v.get("s")?.as_f64()? as u16,
    };
    let key = v.get("k").and_then(Value::as_str).map(str::to_string);
    let steps = match v.get("st") {
        Some(list) => Some(
            list.as_array()?
                .iter()
                .map(|s| read_step(s, line, base))
                .collect::<Option<Vec<Step>>>()?,
        ),
        None => None,
    };
    let deferred = match v.get("x") {
        Some(x) => Some((x.as_str()?.to_string(), v.get("c")?.as_f64()? as u32)),
        None => None,
    };
    Some(Record {
        line,
        read: Some(Read {
            format,
            matched,
            key,
            steps,
            deferred,
            json: v.get("j").cloned(),
            offset: v.get("o").and_then(Value::as_f64).unwrap_or(0.0) as u64,
            turn: v.get("u").is_some(),
            reply: v.get("r").is_some(),
        }),
    })
}

fn read_step(v: &Value, index: u64, base: u64) -> Option<Step> {
    let parts = v.as_array()?;
    let pair = |v: &Value| -> Option<(Value, Place)> {
        let pair = v.as_array()?;
        Some((pair.first()?.clone(), read_place(pair.get(1)?, base)?))
    };
    let id = match parts.first()? {
        Value::Null => None,
        v => {
            let (id, place) = pair(v)?;
            Some((id.as_str()?.to_string(), place))
        }
    };
    let timestamp = match parts.get(1)? {
        Value::Null => None,
        v => {
            let (t, place) = pair(v)?;
            Some((t.as_f64()?, place))
        }
    };
    let body = match parts.get(2)? {
        Value::Arr(b) => match b.first()?.as_str()? {
            "c" => StepBody::Calls(
                b.get(1)?
                    .as_array()?
                    .iter()
                    .map(|c| {
                        let (id, place) = pair(c)?;
                        Some((id.as_str()?.to_string(), place))
                    })
                    .collect::<Option<_>>()?,
            ),
            "o" => StepBody::Outputs(
                b.get(1)?
                    .as_array()?
                    .iter()
                    .map(|c| {
                        let (id, place) = pair(c)?;
                        Some((id.as_str().map(str::to_string), place))
                    })
                    .collect::<Option<_>>()?,
            ),
            "e" => StepBody::Empty(
                read_place(b.get(1)?, base)?,
                EMPTY_WORDS.get(b.get(2)?.as_f64()? as usize)?,
            ),
            _ => return None,
        },
        _ => StepBody::Other,
    };
    Some(Step {
        index: index as usize,
        id,
        timestamp,
        body,
    })
}

fn read_place(v: &Value, base: u64) -> Option<Place> {
    let parts = v.as_array()?;
    let path = parts
        .first()?
        .as_array()?
        .iter()
        .map(|s| match s {
            Value::Str(k) => Some(PathSeg::Key(k.to_string())),
            other => other.as_f64().map(|n| PathSeg::Index(n as u32)),
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Place {
        path,
        pos: Some(Pos {
            line: parts.get(1)?.as_f64()? as u64 + base,
            column: parts.get(2)?.as_f64()? as u32,
        }),
    })
}
