//! A small JSON value that keeps key order, read from a JSON-text tape and written with the
//! engine's writers ([`crate::json_text`]): the converters work on it, so the wasm carries
//! no second JSON library.

use super::json::{self, SyntaxError};
use super::*;
use crate::json_text::{write_num, write_str};

/// A property name: the known keys (every name a format defines, and those the converters
/// write) are borrowed, so that building and dropping a message allocates no key.
pub type Name = std::borrow::Cow<'static, str>;

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Value>),
    /// Properties in their order; keys are unique (the validator reports duplicates).
    Obj(Vec<(Name, Value)>),
}

impl Value {
    /// Parse JSON text.
    pub fn parse(text: &str) -> Result<Value, SyntaxError> {
        let tape = json::parse(text, crate::boundary::limit::DEPTH_CEILING as usize)?;
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
                    .map(|(k, v)| (key_of(tape, k), Value::from_tape(tape, v)))
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
            Value::Num(n) => write_num(out, *n),
            Value::Str(s) => write_str(out, s),
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
                    write_str(out, k);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// The value as JSON text appended to `out`, and at once the tape [`json::parse`] would
    /// read from that text (strings point into `out`), so that text just written need not be
    /// parsed to be checked. Returns how deep the value nests (a scalar: 0).
    pub fn write_with_tape(&self, out: &mut String, tape: &mut json::JsonTape) -> usize {
        let words = &mut tape.words;
        match self {
            Value::Null => {
                words.push(NULL);
                out.push_str("null");
            }
            Value::Bool(b) => {
                words.push(if *b { TRUE } else { FALSE });
                out.push_str(if *b { "true" } else { "false" });
            }
            Value::Num(n) => {
                words.extend([NUM, tape.nums.len() as u32]);
                tape.nums.push(*n);
                write_num(out, *n);
            }
            Value::Str(s) => {
                words.push(STR);
                push_string(out, words, s);
            }
            Value::Arr(items) => {
                words.extend([ARR, 0]);
                let slot = words.len() - 1;
                out.push('[');
                let mut depth = 0;
                for (n, v) in items.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    depth = depth.max(v.write_with_tape(out, tape));
                }
                out.push(']');
                tape.words.push(END);
                tape.words[slot] = tape.words.len() as u32;
                return depth + 1;
            }
            Value::Obj(entries) => {
                words.extend([OBJ, 0]);
                let slot = words.len() - 1;
                out.push('{');
                let mut depth = 0;
                for (n, (k, v)) in entries.iter().enumerate() {
                    if n > 0 {
                        out.push(',');
                    }
                    match crate::keys::lookup(k.as_bytes()) {
                        Some(id) => {
                            tape.words.extend([KEY_ID, id.0 as u32]);
                            write_str(out, k);
                        }
                        None => {
                            tape.words.push(KEY_STR);
                            push_string(out, &mut tape.words, k);
                        }
                    }
                    out.push(':');
                    depth = depth.max(v.write_with_tape(out, tape));
                }
                out.push('}');
                tape.words.push(END);
                tape.words[slot] = tape.words.len() as u32;
                return depth + 1;
            }
        }
        0
    }

    /// The value on `out` (see [`Built`]) for a host that builds it back from the words;
    /// returns how deep it nests (a scalar: 0). NaN is `null`, as the JSON text says it.
    pub fn write_built(&self, out: &mut Built) -> usize {
        let words = &mut out.tape.words;
        match self {
            Value::Null => words.push(NULL),
            Value::Num(n) if n.is_nan() => words.push(NULL),
            Value::Bool(b) => words.push(if *b { TRUE } else { FALSE }),
            Value::Num(n) => {
                words.extend([NUM, out.tape.nums.len() as u32]);
                out.tape.nums.push(*n);
            }
            Value::Str(s) => {
                words.push(STR);
                out.push_str(s);
            }
            Value::Arr(items) => {
                words.extend([ARR, 0]);
                let slot = words.len() - 1;
                let depth = items.iter().map(|v| v.write_built(out)).max();
                out.close(slot);
                return depth.unwrap_or(0) + 1;
            }
            Value::Obj(entries) => {
                words.extend([OBJ, 0]);
                let slot = words.len() - 1;
                if let [(k, _)] = entries.as_slice() {
                    out.tagged |= k.starts_with('$');
                }
                let mut depth = 0;
                for (k, v) in entries {
                    match crate::keys::lookup(k.as_bytes()) {
                        Some(id) => out.tape.words.extend([KEY_ID, id.0 as u32]),
                        None => {
                            out.tape.words.push(KEY_STR);
                            out.push_str(k);
                        }
                    }
                    depth = depth.max(v.write_built(out));
                }
                out.close(slot);
                return depth + 1;
            }
        }
        0
    }

    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }

    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(entries) => entries.iter().find(|(k, _)| same(k, key)).map(|(_, v)| v),
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

    pub fn as_object(&self) -> Option<&Vec<(Name, Value)>> {
        match self {
            Value::Obj(entries) => Some(entries),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut Value> {
        match self {
            Value::Obj(entries) => entries
                .iter_mut()
                .find(|(k, _)| same(k, key))
                .map(|(_, v)| v),
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
            match entries.iter_mut().find(|(k, _)| same(k, key)) {
                Some((_, v)) => *v = value,
                None => entries.push((name(key), value)),
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

/// `s` as a JSON string literal appended to `out`, and its operands (len, off, copied, flags)
/// as [`json::parse`] records them: the raw text between the quotes, escaped if it differs
/// from `s` (every escape is longer than what it stands for).
fn push_string(out: &mut String, words: &mut Vec<u32>, s: &str) {
    let off = out.len() + 1;
    write_str(out, s);
    let len = out.len() - 1 - off;
    let flags = if len == s.len() { 0 } else { F_ESCAPED };
    words.extend([len as u32, off as u32, len as u32, flags]);
}

/// Values written for a host that builds them back ([`Value::write_built`]): the tape
/// [`json::parse`] reads, over a text that holds each string as it is, one after the other
/// (no quotes, no escapes, so each reads as an unescaped JSON string: the engine checks it as
/// it checks JSON text), and where each string (or key) of the tape starts in UTF-16 units,
/// with the total last, so that the host decodes the text once and cuts each string from it.
#[derive(Default)]
pub struct Built {
    pub tape: json::JsonTape,
    pub text: String,
    pub units: Vec<u32>,
    /// UTF-16 units in `text` so far.
    total: u32,
    /// An object with a single `$`-key was written (see [`Built::tagged`]).
    tagged: bool,
}

impl Built {
    /// The view the engine checks.
    pub fn view(&self) -> TapeView<'_> {
        self.tape.view(&self.text)
    }

    /// Does the value hold an object whose single key starts with `$`: what may be a tagging
    /// object of the JSON form (`{"$bytes": ...}`), revived in the JS form?
    pub fn tagged(&self) -> bool {
        self.tagged
    }

    /// Close the list of starts: the total follows the last string's start.
    pub fn finish(&mut self) {
        self.units.push(self.total);
    }

    fn push_str(&mut self, s: &str) {
        let off = self.text.len() as u32;
        let len = s.len() as u32;
        self.tape.words.extend([len, off, len, 0]);
        self.text.push_str(s);
        self.units.push(self.total);
        self.total += if s.is_ascii() { len } else { utf16_len(s) };
    }

    fn close(&mut self, slot: usize) {
        self.tape.words.push(END);
        self.tape.words[slot] = self.tape.words.len() as u32;
    }
}

/// The name of the key whose tag is at `i` (`TapeView::key_name`, through `str_lossy`).
pub(crate) fn key_of(tape: &TapeView, i: usize) -> Name {
    match tape.key_id(i) {
        Some(k) => Name::Borrowed(k.name()),
        None if tape.word(i) == KEY_STR => Name::Owned(tape.str_lossy(tape.str_at(i))),
        None => Name::Owned(tape.key_name(i)),
    }
}

/// Are two names the same text? A known key read from a message borrows the same static
/// text as the literal a mapping asks for (one constant after linking), so the address
/// usually answers before the bytes are compared.
#[inline]
fn same(name: &str, key: &str) -> bool {
    name.len() == key.len() && (name.as_ptr() == key.as_ptr() || name == key)
}

/// `key` as a [`Name`]: borrowed if it is a known key.
pub fn name(key: &str) -> Name {
    match crate::keys::lookup(key.as_bytes()) {
        Some(k) => Name::Borrowed(k.name()),
        None => Name::Owned(key.to_string()),
    }
}

/// An object from `(key, value)` pairs, in order.
pub fn obj<const N: usize>(entries: [(&'static str, Value); N]) -> Value {
    Value::Obj(
        entries
            .into_iter()
            .map(|(k, v)| (Name::Borrowed(k), v))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_len_counts_what_encode_utf16_gives() {
        for s in [
            "",
            "a",
            "é",
            "✓",
            "😀",
            "a😀é✓\u{FFFF}\u{10FFFF}\u{80}\u{7FF}\u{800}",
        ] {
            assert_eq!(
                crate::tape::utf16_len(s) as usize,
                s.encode_utf16().count(),
                "{s}"
            );
        }
    }

    /// Found by the `json_text` fuzz target: a number too large for a double reads as an
    /// infinity, which was written back as `inf` (natively; `Infinity` in the wasm), not JSON.
    #[test]
    fn a_number_too_large_is_written_as_json_that_reads_back() {
        let v = Value::parse("5344444441024.3533e352").unwrap();
        assert_eq!(v.to_json(), "1e999");
        assert_eq!(Value::parse(&v.to_json()).unwrap(), v);
        let v = Value::parse("[-1e400]").unwrap();
        assert_eq!(v.to_json(), "[-1e999]");
        assert_eq!(Value::parse(&v.to_json()).unwrap(), v);
    }

    #[test]
    fn text_reads_and_writes_back_in_order() {
        let text = r#"{"b":1,"a":[true,null,"x\n"],"c":{"d":-0.5}}"#;
        let v = Value::parse(text).unwrap();
        assert_eq!(v.to_json(), text);
        assert_eq!(v.get("a").and_then(Value::as_array).map(Vec::len), Some(3));
        assert_eq!(obj([("k", Value::from("v"))]).to_json(), r#"{"k":"v"}"#);
    }

    #[test]
    fn the_tape_written_with_the_text_is_the_one_parsed_from_it() {
        let text = r#"[{"role":"user","content":"a\"b\né","zz\tkey":[1,-0.5,true,null,{}],"type":"x"},[],"",-0]"#;
        let v = Value::parse(text).unwrap();
        let mut out = String::new();
        let mut tape = json::JsonTape::default();
        let depth = v.write_with_tape(&mut out, &mut tape);
        let parsed = json::parse(&out, 8).unwrap();
        assert_eq!(out, v.to_json());
        assert_eq!(tape.words, parsed.words);
        assert_eq!(
            tape.nums.iter().map(|n| n.to_bits()).collect::<Vec<_>>(),
            parsed.nums.iter().map(|n| n.to_bits()).collect::<Vec<_>>()
        );
        assert_eq!(depth, 4);
    }

    #[test]
    fn strings_read_the_same_by_every_path() {
        // Plain ASCII, non-ASCII, escapes (one of them a lone surrogate), as keys and values.
        let text =
            r#"{"plain":"abc","é":"日本語 ü","esc\n":"a\"b\u00e9\ud83d\ude00","lone":"x\ud800y"}"#;
        let v = Value::parse(text).unwrap();
        let tape = json::parse(text, 8).unwrap();
        let view = tape.view(text);
        let expected: Vec<(String, String)> = view
            .entries(0)
            .map(|(k, x)| (view.key_name(k), view.str_lossy(view.str_at(x))))
            .collect();
        let got: Vec<(String, String)> = v
            .as_object()
            .unwrap()
            .iter()
            .map(|(k, x)| (k.to_string(), x.as_str().unwrap().to_string()))
            .collect();
        assert_eq!(got, expected);
        assert_eq!(
            got[2],
            ("esc\n".to_string(), "a\"b\u{e9}\u{1f600}".to_string())
        );
        assert_eq!(got[3].1, "x\u{fffd}y");
    }

    #[test]
    fn js_strings_read_the_same_as_str_lossy() {
        use crate::tape::builder::{Js, Tape};
        let t = Tape::from_js(
            &Js::Arr(vec![Js::str("reply"), Js::str("é ü 日本"), Js::str("")]),
            true,
        );
        let view = t.view();
        for i in view.items(0) {
            let Value::Str(s) = Value::from_tape(&view, i) else {
                panic!("not a string")
            };
            assert_eq!(s, view.str_lossy(view.str_at(i)));
        }
    }
}
