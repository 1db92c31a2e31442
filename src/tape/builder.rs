//! An owned tape and a Rust model of what the JavaScript walker sees, so that the engine can
//! be tested natively with exactly the tapes the walker writes.

use super::*;

/// A JavaScript value as the walker classifies it.
#[derive(Clone, Debug, PartialEq)]
pub enum Js {
    Null,
    Undefined,
    Bool(bool),
    Num(f64),
    Str(String),
    /// A string given as UTF-16 units, for lone surrogates.
    Utf16(Vec<u16>),
    Arr(Vec<Js>),
    Obj(Vec<(String, Js)>),
    Bytes(Vec<u8>),
    ArrayBuffer(Vec<u8>),
    /// A `URL` object, by its `href`.
    Url(String),
    /// An `Error`: its name, message, stack, cause and own enumerable properties.
    Error(Vec<(String, Js)>),
    BigInt,
    Symbol,
    Function,
    Other(u32),
    Cycle,
    Deep,
    Threw(String),
}

/// A JSON value as the walker sees it: numbers as `f64`, objects in their key order.
impl From<&serde_json::Value> for Js {
    fn from(v: &serde_json::Value) -> Js {
        use serde_json::Value as J;
        match v {
            J::Null => Js::Null,
            J::Bool(b) => Js::Bool(*b),
            J::Number(n) => Js::Num(n.as_f64().unwrap_or(f64::NAN)),
            J::String(s) => Js::Str(s.clone()),
            J::Array(a) => Js::Arr(a.iter().map(Js::from).collect()),
            J::Object(o) => Js::Obj(o.iter().map(|(k, v)| (k.clone(), Js::from(v))).collect()),
        }
    }
}

impl Js {
    pub fn obj<const N: usize>(entries: [(&str, Js); N]) -> Js {
        Js::Obj(
            entries
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect(),
        )
    }
    pub fn str(s: &str) -> Js {
        Js::Str(s.to_string())
    }
}

/// A tape that owns its buffers.
#[derive(Default, Debug, Clone)]
pub struct Tape {
    pub words: Vec<u32>,
    pub nums: Vec<f64>,
    pub chars: Vec<u16>,
    pub bytes: Vec<u8>,
}

impl Tape {
    /// Encode a value the way the JavaScript walker does; `full` copies every string and byte
    /// (the codec's mode), otherwise long strings keep only their head and bytes their length.
    pub fn from_js(value: &Js, full: bool) -> Tape {
        let mut t = Tape::default();
        t.put(value, full);
        t
    }

    pub fn view(&self) -> TapeView<'_> {
        TapeView {
            words: &self.words,
            nums: &self.nums,
            chars: Chars::Utf16(&self.chars),
            bytes: &self.bytes,
        }
    }

    fn put_units(&mut self, units: &[u16], full: bool, key: bool) {
        let len = units.len() as u32;
        let copied = if full || key {
            len
        } else {
            len.min(SHORT_STRING)
        };
        let ill = String::from_utf16(units).is_err();
        self.words.extend([len, self.chars.len() as u32, copied]);
        self.words.push(if ill { F_ILL_FORMED } else { 0 });
        self.chars.extend_from_slice(&units[..copied as usize]);
    }

    fn put_key(&mut self, k: &str) {
        match crate::keys::lookup(k.as_bytes()) {
            Some(id) => self.words.extend([KEY_ID, id.0 as u32]),
            None => {
                self.words.push(KEY_STR);
                let units: Vec<u16> = k.encode_utf16().collect();
                self.put_units(&units, true, true);
            }
        }
    }

    fn open(&mut self, tag: u32) -> usize {
        self.words.extend([tag, 0]);
        self.words.len() - 1
    }

    fn close(&mut self, slot: usize) {
        self.words.push(END);
        self.words[slot] = self.words.len() as u32;
    }

    fn put_entries(&mut self, entries: &[(String, Js)], full: bool) {
        let slot = self.open(OBJ);
        for (k, v) in entries {
            self.put_key(k);
            self.put(v, full);
        }
        self.close(slot);
    }

    pub fn put(&mut self, value: &Js, full: bool) {
        match value {
            Js::Null => self.words.push(NULL),
            Js::Undefined => self.words.push(UNDEF),
            Js::Bool(b) => self.words.push(if *b { TRUE } else { FALSE }),
            Js::Num(n) => {
                self.words.extend([NUM, self.nums.len() as u32]);
                self.nums.push(*n);
            }
            Js::Str(s) => {
                self.words.push(STR);
                let units: Vec<u16> = s.encode_utf16().collect();
                self.put_units(&units, full, false);
            }
            Js::Utf16(units) => {
                self.words.push(STR);
                self.put_units(units, full, false);
            }
            Js::Arr(items) => {
                let slot = self.open(ARR);
                for v in items {
                    self.put(v, full);
                }
                self.close(slot);
            }
            Js::Obj(entries) => self.put_entries(entries, full),
            Js::Bytes(b) => {
                self.words
                    .extend([BYTES, b.len() as u32, self.bytes.len() as u32]);
                if full {
                    self.bytes.extend_from_slice(b);
                }
            }
            Js::ArrayBuffer(b) => {
                self.words
                    .extend([ARRAY_BUFFER, b.len() as u32, self.bytes.len() as u32]);
                if full {
                    self.bytes.extend_from_slice(b);
                }
            }
            Js::Url(href) => {
                self.words.push(URL);
                self.put(&Js::Str(href.clone()), true);
            }
            Js::Error(entries) => {
                self.words.push(ERROR);
                self.put_entries(entries, full);
            }
            Js::BigInt => self.words.push(BIGINT),
            Js::Symbol => self.words.push(SYMBOL),
            Js::Function => self.words.push(FUNCTION),
            Js::Other(kind) => self.words.extend([OTHER, *kind]),
            Js::Cycle => self.words.push(CYCLE),
            Js::Deep => self.words.push(DEEP),
            Js::Threw(msg) => {
                self.words.push(THREW);
                self.put(&Js::Str(msg.clone()), true);
            }
        }
    }
}
