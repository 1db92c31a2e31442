//! A small JSON value that keeps key order, read from a JSON-text tape and written with the
//! engine's own writer: the converters work on it, so the wasm carries no second JSON library.

use super::json::{self, SyntaxError};
use super::*;
use crate::validate::write_json_string;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Value>),
    /// Properties in their order; keys are unique (the validator reports duplicates).
    Obj(Vec<(String, Value)>),
}

impl Value {
    /// Parse JSON text.
    pub fn parse(text: &str) -> Result<Value, SyntaxError> {
        let tape = json::parse(text, crate::validate::DEPTH_CEILING)?;
        Ok(Value::from_tape(&tape.view(text), 0))
    }

    /// The value at tape index `at` (a tape of JSON text or of a JS value in full mode).
    pub fn from_tape(tape: &TapeView, at: usize) -> Value {
        match tape.word(at) {
            TRUE => Value::Bool(true),
            FALSE => Value::Bool(false),
            NUM => Value::Num(tape.num(at)),
            STR => Value::Str(tape.str_lossy(tape.str_at(at))),
            ARR => Value::Arr(tape.items(at).map(|i| Value::from_tape(tape, i)).collect()),
            OBJ => Value::Obj(
                tape.entries(at)
                    .map(|(k, v)| (tape.key_name(k), Value::from_tape(tape, v)))
                    .collect(),
            ),
            _ => Value::Null,
        }
    }

    /// The value as JSON text, appended to `out`.
    pub fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Num(n) => crate::validate::write_json_number(out, *n),
            Value::Str(s) => write_json_string(out, s),
            Value::Arr(items) => {
                out.push('[');
                for (n, v) in items.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    v.write(out);
                }
                out.push(']');
            }
            Value::Obj(entries) => {
                out.push('{');
                for (n, (k, v)) in entries.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    write_json_string(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Value::Num(n) => Some(*n),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&Vec<Value>> {
        match self {
            Value::Arr(items) => Some(items),
            _ => None,
        }
    }

    pub fn as_object(&self) -> Option<&Vec<(String, Value)>> {
        match self {
            Value::Obj(entries) => Some(entries),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        match self {
            Value::Obj(entries) => entries.iter_mut().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn as_array_mut(&mut self) -> Option<&mut Vec<Value>> {
        match self {
            Value::Arr(items) => Some(items),
            _ => None,
        }
    }

    /// Set a property of an object: replaced where it is, or added last.
    pub fn set(&mut self, key: &str, value: Value) {
        if let Value::Obj(entries) = self {
            match entries.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v = value,
                None => entries.push((key.to_string(), value)),
            }
        }
    }

    /// Does the object have this property?
    pub fn has(&self, key: &str) -> bool {
        self.get(key).is_some()
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(s.to_string())
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(s)
    }
}

impl From<&String> for Value {
    fn from(s: &String) -> Value {
        Value::Str(s.clone())
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<f64> for Value {
    fn from(n: f64) -> Value {
        Value::Num(n)
    }
}

/// An object from `(key, value)` pairs, in order.
pub fn obj<const N: usize>(entries: [(&str, Value); N]) -> Value {
    Value::Obj(
        entries
            .into_iter()
            .map(|(k, v)| (k.to_string(), v))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_reads_and_writes_back_in_order() {
        let text = r#"{"b":1,"a":[true,null,"x\n"],"c":{"d":-0.5}}"#;
        let v = Value::parse(text).unwrap();
        assert_eq!(v.to_json(), text);
        assert_eq!(v.get("a").and_then(Value::as_array).map(Vec::len), Some(3));
        assert_eq!(obj([("k", Value::from("v"))]).to_json(), r#"{"k":"v"}"#);
    }
}
