//! One chunk off the tape, as a [`Value`]: the JSON a chunk can hold, and an issue for anything
//! else (a getter that threw, a cycle, a function, a `Date`, a lone surrogate), so that a
//! hostile chunk object is a chunk with issues, never a crash. A property whose value is
//! `undefined` is absent, as `JSON.stringify` and every SDK read it.

use crate::tape::value::{key_of, Value};
use crate::tape::*;
use crate::validate::{Issue, IssueCode, PathSeg};

/// A step of the path from the chunk's root, kept as the tape has it (a key's tag, an item's
/// position) and made into a [`PathSeg`] only when an issue needs it.
#[derive(Clone, Copy)]
enum Step {
    Key(usize),
    Item(u32),
}

/// The chunk at tape index `at` (chunk number `pos`), or `None` when it is unusable as a
/// whole; each problem is an issue, its path starting with `pos`.
pub fn read(tape: &TapeView, at: usize, pos: u32, issues: &mut Vec<Issue>) -> Option<Value> {
    let before = issues.len();
    let mut reader = Reader {
        tape,
        pos,
        steps: Vec::new(),
        issues,
    };
    let value = reader.value(at);
    // A chunk whose own root is not JSON (undefined, a function) is no chunk at all.
    if value.is_none() && issues.len() == before {
        issues.push(Issue::new(
            IssueCode::InvalidType,
            vec![PathSeg::Index(pos)],
            format!("expected a chunk object, found {}", tape.kind_name(at)),
        ));
    }
    value
}

struct Reader<'r, 't> {
    tape: &'r TapeView<'t>,
    pos: u32,
    steps: Vec<Step>,
    issues: &'r mut Vec<Issue>,
}

impl Reader<'_, '_> {
    /// An issue at the current path; `None`, for the value it stands for.
    fn report(&mut self, code: IssueCode, message: impl Into<String>) -> Option<Value> {
        let mut path = vec![PathSeg::Index(self.pos)];
        path.extend(self.steps.iter().map(|&step| match step {
            Step::Key(k) => PathSeg::Key(self.tape.key_name(k).into()),
            Step::Item(n) => PathSeg::Index(n),
        }));
        self.issues.push(Issue::new(code, path, message));
        None
    }

    fn value(&mut self, at: usize) -> Option<Value> {
        let tape = self.tape;
        Some(match tape.word(at) {
            NULL => Value::Null,
            TRUE => Value::Bool(true),
            FALSE => Value::Bool(false),
            NUM => {
                let n = tape.num(at);
                if !n.is_finite() {
                    return self.report(IssueCode::NotFinite, "a number JSON cannot hold");
                }
                Value::Num(n)
            }
            STR => {
                let s = tape.str_at(at);
                if s.ill_formed() {
                    self.report(
                        IssueCode::IllFormedString,
                        "a string with a lone surrogate (read as U+FFFD)",
                    );
                }
                Value::Str(tape.str_lossy(s))
            }
            ARR => {
                let mut items = Vec::new();
                for (n, i) in tape.items(at).enumerate() {
                    self.steps.push(Step::Item(n as u32));
                    // An array keeps its positions: what JSON cannot hold is `null`, as
                    // `JSON.stringify` writes it, and reported.
                    items.push(self.value(i).unwrap_or(Value::Null));
                    self.steps.pop();
                }
                Value::Arr(items)
            }
            OBJ => {
                let mut entries = Vec::new();
                for (k, v) in tape.entries(at) {
                    if tape.word(v) == UNDEF {
                        continue;
                    }
                    self.steps.push(Step::Key(k));
                    if let Some(value) = self.value(v) {
                        entries.push((key_of(tape, k), value));
                    }
                    self.steps.pop();
                }
                Value::Obj(entries)
            }
            UNDEF => return None,
            THREW => {
                let message = tape.str_lossy(tape.str_at(at + 1));
                return self.report(
                    IssueCode::Unreadable,
                    format!("reading the value threw: {message}"),
                );
            }
            CYCLE => return self.report(IssueCode::Cycle, "an object that contains itself"),
            DEEP => return self.report(IssueCode::TooDeep, "nesting deeper than maxDepth"),
            _ => {
                let kind = tape.kind_name(at);
                return self.report(IssueCode::NotSerializable, format!("{kind} is not JSON"));
            }
        })
    }
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
    out.push_str(&tape.str_lossy(s));
}
