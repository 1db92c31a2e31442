//! The JSON form built as [`Value`]s rather than written as text: a conversion reads its
//! source this way, with no text written and parsed back.

use super::base64;
use super::sink::{Nest, Sink, MAX_OUTPUT};
use crate::tape::value::{key_of, Name, Value};
use crate::tape::*;

/// A [`Value`] under construction.
#[derive(Default)]
pub(super) struct ValuesOut {
    /// The open containers, each with the key it will be stored under in its parent.
    stack: Vec<(Value, Option<Name>)>,
    /// The key of the next value (inside an object).
    key: Option<Name>,
    root: Option<Value>,
    /// About how many bytes the JSON text of what was built would take (for the same limit as
    /// the text: what JavaScript can hold).
    size: usize,
}

impl ValuesOut {
    fn push(&mut self, v: Value) {
        match self.stack.last_mut() {
            Some((Value::Arr(items), _)) => items.push(v),
            Some((Value::Obj(entries), _)) => {
                entries.push((self.key.take().unwrap_or_default(), v));
            }
            _ => self.root = Some(v),
        }
    }

    /// The value built (`None` if nothing was).
    pub fn finish(self) -> Option<Value> {
        self.root
    }
}

impl Sink for ValuesOut {
    fn open(&mut self, nest: Nest) {
        let key = self.key.take();
        let v = match nest {
            Nest::Object => Value::Obj(Vec::new()),
            Nest::Array => Value::Arr(Vec::new()),
        };
        self.stack.push((v, key));
        self.size += 1;
    }

    fn close(&mut self, _: Nest) {
        if let Some((v, key)) = self.stack.pop() {
            self.key = key;
            self.push(v);
        }
        self.size += 1;
    }

    fn comma(&mut self) {
        self.size += 1;
    }

    fn key(&mut self, tape: &TapeView, k: usize, _: &mut bool) {
        self.key = Some(key_of(tape, k));
    }

    fn tag(&mut self, tag: &'static str) {
        self.key = Some(Name::Borrowed(tag));
    }

    /// The text's size without escapes.
    fn str_room(&self, len: usize) -> usize {
        len + 2
    }

    fn room(&mut self, n: usize) -> bool {
        self.size = self.size.saturating_add(n);
        if self.size <= MAX_OUTPUT {
            return true;
        }
        *self = ValuesOut::default();
        false
    }

    fn scalar(&mut self, tape: &TapeView, at: usize) {
        self.push(match tape.word(at) {
            TRUE => Value::Bool(true),
            FALSE => Value::Bool(false),
            NUM => Value::Num(tape.num(at)),
            STR => Value::Str(tape.str_lossy(tape.str_at(at))),
            _ => Value::Null,
        });
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let mut text = String::new();
        base64::encode(bytes, &mut text);
        self.push(Value::Str(text));
    }
}
