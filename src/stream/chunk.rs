//! One chunk off the tape, as a [`Value`]: the JSON a chunk can hold, and an issue for anything
//! else (a getter that threw, a cycle, a function, a `Date`, a lone surrogate), so that a
//! hostile chunk object is a chunk with issues, never a crash. A property whose value is
//! `undefined` is absent, as `JSON.stringify` and every SDK read it.

use crate::tape::value::{key_of, text_of, Value};
use crate::tape::*;
use crate::validate::{Issue, IssueCode, PathSeg};

/// The chunk at tape index `at` (chunk number `pos`), or `None` when it is unusable as a
/// whole; each problem is an issue, its path starting with `pos`.
pub fn read(tape: &TapeView, at: usize, pos: u32, issues: &mut Vec<Issue>) -> Option<Value> {
    let mut path = vec![PathSeg::Index(pos)];
    let before = issues.len();
    let value = read_at(tape, at, &mut path, issues);
    // A chunk whose own root is not JSON (undefined, a function) is no chunk at all.
    match value {
        Some(v) => Some(v),
        None => {
            if issues.len() == before {
                issues.push(Issue::new(
                    IssueCode::InvalidType,
                    vec![PathSeg::Index(pos)],
                    format!("expected a chunk object, found {}", tape.kind_name(at)),
                ));
            }
            None
        }
    }
}

fn read_at(
    tape: &TapeView,
    at: usize,
    path: &mut Vec<PathSeg>,
    issues: &mut Vec<Issue>,
) -> Option<Value> {
    Some(match tape.word(at) {
        NULL => Value::Null,
        TRUE => Value::Bool(true),
        FALSE => Value::Bool(false),
        NUM => {
            let n = tape.num(at);
            if !n.is_finite() {
                issues.push(Issue::new(
                    IssueCode::NotFinite,
                    path.clone(),
                    "a number JSON cannot hold",
                ));
                return None;
            }
            Value::Num(n)
        }
        STR => {
            let s = tape.str_at(at);
            if s.ill_formed() {
                issues.push(Issue::new(
                    IssueCode::IllFormedString,
                    path.clone(),
                    "a string with a lone surrogate (read as U+FFFD)",
                ));
            }
            Value::Str(text_of(tape, s))
        }
        ARR => {
            let mut items = Vec::new();
            for (n, i) in tape.items(at).enumerate() {
                path.push(PathSeg::Index(n as u32));
                // An array keeps its positions: what JSON cannot hold is `null`, as
                // `JSON.stringify` writes it, and reported.
                items.push(read_at(tape, i, path, issues).unwrap_or(Value::Null));
                path.pop();
            }
            Value::Arr(items)
        }
        OBJ => {
            let mut entries = Vec::new();
            for (k, v) in tape.entries(at) {
                if tape.word(v) == UNDEF {
                    continue;
                }
                let key = key_of(tape, k);
                path.push(PathSeg::Key(key.to_string()));
                if let Some(value) = read_at(tape, v, path, issues) {
                    entries.push((key, value));
                }
                path.pop();
            }
            Value::Obj(entries)
        }
        UNDEF => return None,
        THREW => {
            let message = tape.str_lossy(tape.str_at(at + 1));
            issues.push(Issue::new(
                IssueCode::Unreadable,
                path.clone(),
                format!("reading the value threw: {message}"),
            ));
            return None;
        }
        CYCLE => {
            issues.push(Issue::new(
                IssueCode::Cycle,
                path.clone(),
                "an object that contains itself",
            ));
            return None;
        }
        DEEP => {
            issues.push(Issue::new(
                IssueCode::TooDeep,
                path.clone(),
                "nesting deeper than maxDepth",
            ));
            return None;
        }
        _ => {
            issues.push(Issue::new(
                IssueCode::NotSerializable,
                path.clone(),
                format!("{} is not JSON", tape.kind_name(at)),
            ));
            return None;
        }
    })
}

/// Is the key whose tag is at `i` the name `name`? (No allocation.)
pub fn key_is(tape: &TapeView, i: usize, name: &str) -> bool {
    match tape.key_id(i) {
        Some(k) => k.name() == name,
        None => tape.word(i) == KEY_STR && tape.str_eq(tape.str_at(i), name),
    }
}

/// A string of the tape appended to `out` (the stream folds' fast path, which appends a delta's
/// text straight from the tape).
pub fn push_text_of(tape: &TapeView, s: Str, out: &mut String) {
    out.push_str(&text_of(tape, s));
}
