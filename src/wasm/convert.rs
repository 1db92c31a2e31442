//! Conversions: the source messages arrive as a tape (written in full, as for `toJSON`); the
//! result is one JSON text `{ "messages": [...], "losses": [...], "plan": [...] }`, where `plan`
//! revives the target's JS form.

use super::ids::next_ulid;
use super::interop::{
    publish, set_result, with_options, with_tape, INVALID, OK_WITH_DATA, RESULT_BYTES,
};
use crate::convert::loss::Loss;
use crate::convert::{convert, Fill};
use crate::fnv;
use crate::formats::schemas;
use crate::ids::UlidGenerator;
use crate::tape::json;
use crate::tape::value::Value;
use crate::validate::{
    issues_json, quoted, read_values, run, write_json_string, write_path, Input, Issue, IssueCode,
    Mode, Output, PathSeg,
};
use wasm_bindgen::prelude::*;

/// The values a conversion generates: ids and timestamps from one clock reading, the swarm
/// `agentName`; the ids are kept so that the facade can find (and, given `newId`, replace) them.
struct Generated {
    now: f64,
    /// For the caller's clock: ULIDs of this conversion only, so that every generated
    /// timestamp is the caller's reading (the shared generator never steps back in time).
    own: Option<UlidGenerator>,
    agent: String,
    ids: Vec<String>,
}

impl Fill for Generated {
    fn id_and_time(&mut self) -> (String, f64) {
        let made = match &mut self.own {
            Some(g) => g.next(self.now).map(|(id, ms)| (id.to_string(), ms as f64)),
            None => next_ulid(self.now),
        };
        let (id, t) = made.unwrap_or_else(|_| (String::new(), self.now));
        self.ids.push(id.clone());
        (id, t)
    }

    fn agent_name(&self) -> &str {
        if self.agent.is_empty() {
            crate::convert::swarm::DEFAULT_AGENT
        } else {
            &self.agent
        }
    }
}

fn message_schema(format: &str) -> Option<&'static crate::formats::Schema> {
    schemas().iter().find(|s| s.format == format)
}

fn fail(message: String) -> u32 {
    let mut out = String::new();
    issues_json(
        &[Issue::new(IssueCode::InvalidInput, vec![], message)],
        &mut out,
    );
    set_result(out);
    INVALID
}

/// The list on the tape, validated as `schema` and read in its JSON form; `Err` holds the
/// result code (issues published).
fn source_values(
    schema: &crate::formats::Schema,
    (nw, nn, nc, nb): (usize, usize, usize, usize),
    opts: &crate::validate::Options,
) -> Result<Vec<Value>, u32> {
    let mut read = with_tape(nw, nn, nc, nb, |tape| {
        read_values(tape, 0, schema.shape, Mode::Js, opts, Input::List)
    });
    if !read.issues.is_empty() {
        return Err(publish(read, false));
    }
    match read.value.take() {
        Some(Value::Arr(items)) => Ok(items),
        Some(one) => Ok(vec![one]),
        None => Err(fail("internal: the JSON form was not built".into())),
    }
}

/// Check the conversation on the tape (format `format`): `{ "findings": [...] }`, and for
/// agent-swarm-kit also `"kept"`, the indices its history rule would send to a model.
#[wasm_bindgen]
pub fn check_conversation_tape(
    format: &str,
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_depth: u32,
) -> u32 {
    let Some(schema) = message_schema(format) else {
        return fail(format!("unknown format {}", quoted(format)));
    };
    let max_issues = crate::boundary::limit::DEFAULT_MAX_ISSUES as u32;
    with_options(0, max_issues, max_depth, |opts| {
        let values = match source_values(schema, (nw, nn, nc, nb), opts) {
            Ok(values) => values,
            Err(code) => return code,
        };
        let crate::convert::check::Checked { findings, kept } =
            crate::convert::check::check(format, &values);
        let mut out = String::from("{\"findings\":[");
        for (n, f) in findings.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            f.write_json(&mut out);
        }
        out.push(']');
        if let Some(k) = kept {
            out.push_str(",\"kept\":[");
            // An index, or `[index, [kept call positions]]` for a message to trim.
            for (n, kept) in k.iter().enumerate() {
                if n > 0 {
                    out.push(',');
                }
                match &kept.calls {
                    None => out.push_str(&kept.index.to_string()),
                    Some(calls) => {
                        out.push_str(&format!("[{},[", kept.index));
                        let list: Vec<String> = calls.iter().map(usize::to_string).collect();
                        out.push_str(&list.join(","));
                        out.push_str("]]");
                    }
                }
            }
            out.push(']');
        }
        out.push('}');
        set_result(out);
        OK_WITH_DATA
    })
}

/// Convert the list on the tape from format `from` to format `to`; `now` is the clock for
/// generated ids and timestamps (`own_clock`: the caller's, see [`Generated`]), `agent_name` the
/// swarm `agentName` where the source has none
/// (empty: the default). The result also lists, as `generated`, the indices of the converted
/// messages whose `id` was generated.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn convert_tape(
    from: &str,
    to: &str,
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_issues: u32,
    max_depth: u32,
    now: f64,
    own_clock: bool,
    agent_name: &str,
) -> u32 {
    let (Some(source), Some(target)) = (message_schema(from), message_schema(to)) else {
        return fail(format!("unknown format {} or {}", quoted(from), quoted(to)));
    };
    with_options(0, max_issues, max_depth, |opts| {
        // 1. The source, validated and in its JSON form.
        let values = match source_values(source, (nw, nn, nc, nb), opts) {
            Ok(values) => values,
            Err(code) => return code,
        };
        // 2. Through the canonical model.
        let mut generated = Generated {
            now,
            own: own_clock.then(UlidGenerator::default),
            agent: agent_name.to_string(),
            ids: Vec::new(),
        };
        let (messages, losses) = match convert(from, to, &values, &mut generated) {
            Ok(done) => done,
            Err(e) => return fail(e),
        };
        let fresh = generated_at(&messages, &generated.ids);
        // 3. The target is checked as the JSON text it is (a mapping bug is an issue, never a
        //    bad message), on the tape written along with that text; the check also plans
        //    the revival of bytes and errors.
        let mut text = String::new();
        let mut tape = json::JsonTape::default();
        if Value::Arr(messages).write_with_tape(&mut text, &mut tape) > opts.max_depth {
            return fail(format!(
                "internal: the converted messages nest deeper than maxDepth ({})",
                opts.max_depth
            ));
        }
        let messages = text;
        let checked = run(
            &tape.view(&messages),
            0,
            target.shape,
            Mode::Json,
            opts,
            Output::None,
            Input::List,
        );
        if !checked.issues.is_empty() {
            let mut out = String::new();
            issues_json(&checked.issues, &mut out);
            set_result(out);
            return INVALID;
        }
        let mut out = format!("{{\"messages\":{messages},\"losses\":");
        write_losses(&losses, &mut out);
        out.push_str(",\"generated\":[");
        for (n, i) in fresh.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str(&i.to_string());
        }
        out.push_str("],\"plan\":");
        out.push_str(&super::interop::revive_json(&checked.revive.ops));
        out.push('}');
        RESULT_BYTES.set(checked.revive.bytes);
        set_result(out);
        OK_WITH_DATA
    })
}

/// The losses in the compact form the facade expands: `{ "kinds": [[path, code, detail], ...],
/// "at": [index, kind, index, kind, ...] }`. A conversion repeats the same few losses for
/// every message (an Agens step loses the same dozen fields each time): each distinct loss is
/// written and parsed once, not per message.
fn write_losses(losses: &[Loss], out: &mut String) {
    // An open-addressing table of FNV-1a hashes (crate::fnv) over the distinct losses.
    let mask = (losses.len() * 2).next_power_of_two() - 1;
    let mut table = vec![usize::MAX; mask + 1];
    let mut kinds: Vec<&Loss> = Vec::new();
    let mut at = String::new();
    for (n, l) in losses.iter().enumerate() {
        let mut h = fnv::SEED;
        let mut mix = |bytes: &[u8]| {
            for &b in bytes {
                h = fnv::step(h, b as u32);
            }
            // A separator, so that ("ab", "c") and ("a", "bc") differ.
            h = fnv::step(h, 0xff);
        };
        mix(l.code.as_str().as_bytes());
        mix(l.detail.as_bytes());
        for seg in &l.path {
            match seg {
                PathSeg::Key(k) => mix(k.as_bytes()),
                PathSeg::Index(i) => mix(&i.to_le_bytes()),
            }
        }
        let mut slot = h as usize & mask;
        let kind = loop {
            match table[slot] {
                usize::MAX => {
                    table[slot] = kinds.len();
                    kinds.push(l);
                    break kinds.len() - 1;
                }
                k if kinds[k].code == l.code
                    && kinds[k].detail == l.detail
                    && kinds[k].path == l.path =>
                {
                    break k
                }
                _ => slot = (slot + 1) & mask,
            }
        };
        if n > 0 {
            at.push(',');
        }
        push_decimal(&mut at, l.index);
        at.push(',');
        push_decimal(&mut at, kind);
    }
    out.push_str("{\"kinds\":[");
    for (n, k) in kinds.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        write_path(out, &k.path);
        out.push(',');
        write_json_string(out, k.code.as_str());
        out.push(',');
        write_json_string(out, &k.detail);
        out.push(']');
    }
    out.push_str("],\"at\":[");
    out.push_str(&at);
    out.push_str("]}");
}

/// The indices of the messages whose `id` is one of `ids` (those the conversion generated).
/// Through a table of FNV-1a hashes: a conversion may generate an id for every message.
fn generated_at(messages: &[Value], ids: &[String]) -> Vec<usize> {
    let hash = |s: &str| fnv::bytes(s.as_bytes());
    let mask = (ids.len() * 2).next_power_of_two() - 1;
    let mut table = vec![usize::MAX; mask + 1];
    for (n, id) in ids.iter().enumerate() {
        let mut slot = hash(id) as usize & mask;
        while table[slot] != usize::MAX {
            slot = (slot + 1) & mask;
        }
        table[slot] = n;
    }
    let known = |id: &str| {
        let mut slot = hash(id) as usize & mask;
        loop {
            match table[slot] {
                usize::MAX => return false,
                n if ids[n] == id => return true,
                _ => slot = (slot + 1) & mask,
            }
        }
    };
    (0..messages.len())
        .filter(|&n| {
            messages[n]
                .get("id")
                .and_then(Value::as_str)
                .is_some_and(known)
        })
        .collect()
}

/// `n` in decimal, appended without a `String` of its own.
fn push_decimal(out: &mut String, mut n: usize) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or("0"));
}
