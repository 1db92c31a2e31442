//! The JSON form built as [`Value`]s rather than written as text: a conversion reads its
//! source this way, with no text written and parsed back. The walk calls the same points as
//! for text (open, key, value, close), so both outputs follow the same JSON-form rules.

use crate::tape::value::{Name, Value};

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
    pub size: usize,
}

impl ValuesOut {
    pub fn open_object(&mut self) {
        let key = self.key.take();
        self.stack.push((Value::Obj(Vec::new()), key));
    }

    pub fn open_array(&mut self) {
        let key = self.key.take();
        self.stack.push((Value::Arr(Vec::new()), key));
    }

    pub fn close(&mut self) {
        if let Some((v, key)) = self.stack.pop() {
            self.key = key;
            self.push(v);
        }
    }

    pub fn key(&mut self, key: Name) {
        self.key = Some(key);
    }

    pub fn push(&mut self, v: Value) {
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
