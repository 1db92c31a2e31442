//! A lenient parser for JSON text that may stop anywhere (tool-call arguments while they
//! stream): an unterminated string, object or array closes where the text stops.
//!
//! It gives what the AI SDK's `parsePartialJson` gives (its `fixJson`, then `JSON.parse` as
//! its `secureJsonParse` runs it), in two linear passes and without recursion:
//!
//! 1. `Fixer` runs `fixJson`'s state machine over the text: where the text's last valid
//!    character is (everything after it is dropped: a dangling key, a trailing comma, half an
//!    escape, a number's trailing `.`, `e` or `-`) and what closes what is left open (`"`,
//!    `}`, `]`, the rest of `true`, `false` or `null`). It allocates nothing but its stack of
//!    states, one byte per open level.
//! 2. `Reader`, a strict JSON reader building the [`Value`] as it goes (its own stack, no
//!    recursion), reads the text up to that character, then the closers. Before the closers,
//!    `JSON.parse` of the whole text comes first (`complete`): when only white space follows
//!    the cut, the reader there knows; in the rare other cases another reader reads it all.
//!
//! Where this differs from JavaScript, it is because a [`Value`] cannot say it: a lone
//! surrogate escape (`"\ud83d`, half a pair cut by the stream) reads as U+FFFD; keys keep
//! their order in the text (JavaScript puts integer-like keys first); nesting deeper than
//! [`DEPTH_CEILING`](crate::boundary::limit::DEPTH_CEILING) gives no value.

use crate::fnv;
use crate::tape::value::{Name, Value};

/// What [`parse`] made of a text.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// The best value the text holds so far; `None` when nothing parses yet (empty text).
    pub value: Option<Value>,
    /// Whether the text is complete JSON (then `value` is exactly its value).
    pub complete: bool,
}

/// The best value of `text`, a prefix of JSON text.
pub fn parse(text: &str) -> Partial {
    let fix = Fixer::run(text);
    let mut reader = Reader::default();
    reader.feed(&text[..fix.cut]);
    let rest = &text[fix.cut..];
    if fix.balanced {
        // `JSON.parse(text)` first. (Unbalanced text cannot be JSON: no need to try.)
        if rest.bytes().all(is_space) {
            if reader.can_end() {
                return Partial {
                    value: reader.end(),
                    complete: true,
                };
            }
        } else {
            // Rare: whole JSON followed by more, a root number whose tail fixJson drops (`12.`,
            // `1e+5`), a key holding `\"` (where fixJson loses its way). The reader must stay
            // at the cut for the closers: another reads the whole text.
            let mut whole = Reader::default();
            whole.feed(text);
            if whole.can_end() {
                return Partial {
                    value: whole.end(),
                    complete: true,
                };
            }
        }
    }
    reader.feed(&fix.closers(text));
    Partial {
        value: reader.end(),
        complete: false,
    }
}

/// JSON's white space.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

// ---------------------------------------------------------------------------------------------
// Pass 1: `fixJson`.

/// The states of `fixJson`'s stack, named as it names them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Fix {
    Root,
    Finish,
    ObjectStart,
    ObjectAfterComma,
    ObjectKey,
    ObjectAfterKey,
    ObjectBeforeValue,
    ObjectAfterValue,
    String,
    StringEscape,
    StringUnicodeEscape,
    ArrayStart,
    ArrayAfterValue,
    ArrayAfterComma,
    Number,
    Literal,
}

/// A character `fixJson` has no case for (every non-ASCII UTF-16 unit).
const OTHER: u8 = 0x80;

/// `fixJson` over a text, step by step as it runs over its UTF-16 units: `cut` is the byte
/// offset just past its `lastValidIndex`. Alongside, whether the text's brackets balance
/// outside strings, which JSON text must.
struct Fixer {
    stack: Vec<Fix>,
    cut: usize,
    literal_start: usize,
    hex_digits: u8,
    balanced: bool,
}

impl Fixer {
    fn run(text: &str) -> Fixer {
        let mut f = Fixer {
            stack: vec![Fix::Root],
            cut: 0,
            literal_start: 0,
            hex_digits: 0,
            balanced: true,
        };
        let bytes = text.as_bytes();
        let (mut depth, mut in_string, mut escaped) = (0isize, false, false);
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            if b < 0x80 {
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        in_string = false;
                    }
                } else {
                    match b {
                        b'"' => in_string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => depth -= 1,
                        _ => {}
                    }
                }
                f.step(bytes, b, i, i + 1);
                i += 1;
            } else {
                escaped = false;
                // One step per UTF-16 unit: a character beyond the BMP is two.
                let (len, units) = match b {
                    0xF0.. => (4, 2),
                    0xE0.. => (3, 1),
                    _ => (2, 1),
                };
                for _ in 0..units {
                    f.step(bytes, OTHER, i, i + len);
                }
                i += len;
            }
        }
        f.balanced = depth == 0 && !in_string;
        f
    }

    fn top(&self) -> Fix {
        self.stack.last().copied().unwrap_or(Fix::Finish)
    }

    fn swap(&mut self, state: Fix) {
        self.stack.pop();
        self.stack.push(state);
    }

    /// One unit `c` (ASCII, or [`OTHER`]), the character at `at..end` of `text`.
    fn step(&mut self, text: &[u8], c: u8, at: usize, end: usize) {
        match self.top() {
            Fix::Root => self.value_start(c, at, end, Fix::Finish),
            Fix::Finish => {}
            Fix::ObjectStart => match c {
                b'"' => self.swap(Fix::ObjectKey),
                b'}' => self.close(end),
                _ => {}
            },
            Fix::ObjectAfterComma => {
                if c == b'"' {
                    self.swap(Fix::ObjectKey);
                }
            }
            // Escapes are not followed in keys: `\"` ends one.
            Fix::ObjectKey => {
                if c == b'"' {
                    self.swap(Fix::ObjectAfterKey);
                }
            }
            Fix::ObjectAfterKey => {
                if c == b':' {
                    self.swap(Fix::ObjectBeforeValue);
                }
            }
            Fix::ObjectBeforeValue => self.value_start(c, at, end, Fix::ObjectAfterValue),
            Fix::ObjectAfterValue => self.after_value(c, end, b'}', Fix::ObjectAfterComma),
            Fix::String => match c {
                b'"' => self.close(end),
                b'\\' => self.stack.push(Fix::StringEscape),
                _ => self.cut = end,
            },
            Fix::ArrayStart => match c {
                b']' => self.close(end),
                _ => self.value_start(c, at, end, Fix::ArrayAfterValue),
            },
            Fix::ArrayAfterValue => match c {
                b',' => self.swap(Fix::ArrayAfterComma),
                b']' => self.close(end),
                // Anything else counts as valid (and JSON.parse then refuses it).
                _ => self.cut = end,
            },
            Fix::ArrayAfterComma => self.value_start(c, at, end, Fix::ArrayAfterValue),
            Fix::StringEscape => {
                self.stack.pop();
                if c == b'u' {
                    self.hex_digits = 0;
                    self.stack.push(Fix::StringUnicodeEscape);
                } else {
                    self.cut = end;
                }
            }
            // What is not a hex digit is skipped, a quote too.
            Fix::StringUnicodeEscape => {
                if c.is_ascii_hexdigit() {
                    self.hex_digits += 1;
                    if self.hex_digits == 4 {
                        self.close(end);
                    }
                }
            }
            Fix::Number => match c {
                b'0'..=b'9' => self.cut = end,
                // `+` is not among them: `1e+5` ends the number at `+`.
                b'e' | b'E' | b'-' | b'.' => {}
                b',' | b'}' | b']' => {
                    self.stack.pop();
                    match (self.top(), c) {
                        (Fix::ArrayAfterValue, b',' | b']') => {
                            self.after_value(c, end, b']', Fix::ArrayAfterComma)
                        }
                        (Fix::ObjectAfterValue, b',' | b'}') => {
                            self.after_value(c, end, b'}', Fix::ObjectAfterComma)
                        }
                        _ => {}
                    }
                }
                // Ends the number, and is not read again.
                _ => {
                    self.stack.pop();
                }
            },
            Fix::Literal => {
                let partial = &text[self.literal_start..end];
                let word = |w: &[u8]| w.starts_with(partial);
                if word(b"false") || word(b"true") || word(b"null") {
                    self.cut = end;
                } else {
                    self.stack.pop();
                    match self.top() {
                        Fix::ObjectAfterValue => {
                            self.after_value(c, end, b'}', Fix::ObjectAfterComma)
                        }
                        Fix::ArrayAfterValue => {
                            self.after_value(c, end, b']', Fix::ArrayAfterComma)
                        }
                        _ => {}
                    }
                }
            }
        }
    }

    /// `processValueStart`: a value begins (or `c` is skipped); `then` is the state after it.
    fn value_start(&mut self, c: u8, at: usize, end: usize, then: Fix) {
        let state = match c {
            b'"' => Fix::String,
            b'f' | b't' | b'n' => {
                self.literal_start = at;
                Fix::Literal
            }
            b'-' | b'0'..=b'9' => Fix::Number,
            b'{' => Fix::ObjectStart,
            b'[' => Fix::ArrayStart,
            _ => return,
        };
        if c != b'-' {
            self.cut = end;
        }
        self.swap(then);
        self.stack.push(state);
    }

    /// `processAfterObjectValue` and `processAfterArrayValue`.
    fn after_value(&mut self, c: u8, end: usize, close: u8, after_comma: Fix) {
        if c == b',' {
            self.swap(after_comma);
        } else if c == close {
            self.close(end);
        }
    }

    /// The character ending at `end` closes the state on top.
    fn close(&mut self, end: usize) {
        self.cut = end;
        self.stack.pop();
    }

    /// What `fixJson` appends to close what the text leaves open.
    fn closers(&self, text: &str) -> String {
        let mut out = String::new();
        for state in self.stack.iter().rev() {
            match state {
                Fix::String => out.push('"'),
                Fix::ObjectKey
                | Fix::ObjectAfterKey
                | Fix::ObjectAfterComma
                | Fix::ObjectStart
                | Fix::ObjectBeforeValue
                | Fix::ObjectAfterValue => out.push('}'),
                Fix::ArrayStart | Fix::ArrayAfterComma | Fix::ArrayAfterValue => out.push(']'),
                Fix::Literal => {
                    let partial = &text.as_bytes()[self.literal_start..];
                    if let Some(word) = ["true", "false", "null"]
                        .into_iter()
                        .find(|w| w.as_bytes().starts_with(partial))
                    {
                        out.push_str(&word[partial.len()..]);
                    }
                }
                _ => {}
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Pass 2: `JSON.parse`, as `secureJsonParse` runs it.

/// Where the reader is in JSON's grammar.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum State {
    /// A value must come (the text's start, after `:`, after `,` in an array).
    Value,
    /// After `[`: a value or `]`.
    ValueOrEnd,
    /// After `{`: a key or `}`.
    KeyOrEnd,
    /// After `,` in an object.
    Key,
    Colon,
    /// After a value in an array or object.
    CommaOrEnd,
    /// After the root value: only white space.
    Done,
    /// In a string (a key if `key`), after `\`, or in `\u` with `n` hex digits read.
    Str {
        key: bool,
    },
    Escape {
        key: bool,
    },
    Unicode {
        key: bool,
        n: u8,
        unit: u16,
    },
    Number(Num),
    /// A literal, `at` bytes of `word` read.
    Literal {
        word: &'static [u8],
        at: u8,
    },
    Failed,
}

/// Where a number is in its grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Num {
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    E,
    ESign,
    Exp,
}

impl Num {
    /// Whether the number may end here.
    fn whole(self) -> bool {
        matches!(self, Num::Zero | Num::Int | Num::Frac | Num::Exp)
    }

    /// The part after one more byte, `None` if the number cannot take it.
    fn next(self, b: u8) -> Option<Num> {
        use Num::*;
        Some(match (self, b) {
            (Minus, b'0') => Zero,
            (Minus, b'1'..=b'9') | (Int, b'0'..=b'9') => Int,
            (Zero | Int, b'.') => Dot,
            (Dot | Frac, b'0'..=b'9') => Frac,
            (Zero | Int | Frac, b'e' | b'E') => E,
            (E, b'+' | b'-') => ESign,
            (E | ESign | Exp, b'0'..=b'9') => Exp,
            _ => return None,
        })
    }
}

/// An array or object being read.
enum Frame {
    Arr(Vec<Value>),
    /// The entries so far, and the key whose value comes next.
    Obj(Vec<(Name, Value)>, Name),
}

/// A strict JSON reader fed text in pieces (each piece ends on a character boundary).
struct Reader {
    state: State,
    frames: Vec<Frame>,
    root: Option<Value>,
    /// The string or the number text being read.
    buf: String,
    /// A `\u` escape of a high surrogate, waiting for its low half.
    high: Option<u16>,
    /// A key `secureJsonParse` refuses (`__proto__`, `constructor` with a `prototype`).
    forbidden: bool,
}

impl Default for Reader {
    fn default() -> Reader {
        Reader {
            state: State::Value,
            frames: Vec::new(),
            root: None,
            buf: String::new(),
            high: None,
            forbidden: false,
        }
    }
}

impl Reader {
    fn feed(&mut self, text: &str) {
        let bytes = text.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let b = bytes[i];
            match self.state {
                State::Failed => return,
                State::Str { key } => {
                    // The run of plain characters up to a quote, a backslash or a control
                    // character, at once.
                    let run = bytes[i..]
                        .iter()
                        .position(|&c| c == b'"' || c == b'\\' || c < 0x20)
                        .map_or(bytes.len(), |n| i + n);
                    if run > i {
                        self.flush_high();
                        self.buf.push_str(&text[i..run]);
                        i = run;
                        continue;
                    }
                    match b {
                        b'"' => {
                            self.flush_high();
                            self.string_end(key);
                        }
                        b'\\' => self.state = State::Escape { key },
                        _ => self.state = State::Failed,
                    }
                }
                State::Escape { key } => {
                    let c = match b {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            self.state = State::Unicode { key, n: 0, unit: 0 };
                            i += 1;
                            continue;
                        }
                        _ => {
                            self.state = State::Failed;
                            return;
                        }
                    };
                    self.flush_high();
                    self.buf.push(c);
                    self.state = State::Str { key };
                }
                State::Unicode { key, n, unit } => {
                    let Some(digit) = (b as char).to_digit(16) else {
                        self.state = State::Failed;
                        return;
                    };
                    let unit = unit << 4 | digit as u16;
                    if n < 3 {
                        self.state = State::Unicode {
                            key,
                            n: n + 1,
                            unit,
                        };
                    } else {
                        self.unit(unit);
                        self.state = State::Str { key };
                    }
                }
                State::Number(part) => match part.next(b) {
                    Some(part) => {
                        self.buf.push(b as char);
                        self.state = State::Number(part);
                    }
                    None if part.whole() => {
                        self.number_end();
                        // The byte is read again after the number.
                        continue;
                    }
                    None => self.state = State::Failed,
                },
                State::Literal { word, at } => {
                    if word.get(at as usize) != Some(&b) {
                        self.state = State::Failed;
                    } else if at as usize + 1 < word.len() {
                        self.state = State::Literal { word, at: at + 1 };
                    } else {
                        self.value(match word {
                            b"true" => Value::Bool(true),
                            b"false" => Value::Bool(false),
                            _ => Value::Null,
                        });
                    }
                }
                _ if is_space(b) => {}
                State::Value | State::ValueOrEnd => match b {
                    b']' if self.state == State::ValueOrEnd => self.close(),
                    _ => self.value_start(b),
                },
                State::KeyOrEnd | State::Key => match b {
                    b'"' => self.string_start(true),
                    b'}' if self.state == State::KeyOrEnd => self.close(),
                    _ => self.state = State::Failed,
                },
                State::Colon => {
                    self.state = if b == b':' {
                        State::Value
                    } else {
                        State::Failed
                    }
                }
                State::CommaOrEnd => match (self.frames.last(), b) {
                    (Some(Frame::Arr(_)), b',') => self.state = State::Value,
                    (Some(Frame::Obj(..)), b',') => self.state = State::Key,
                    (Some(Frame::Arr(_)), b']') | (Some(Frame::Obj(..)), b'}') => self.close(),
                    _ => self.state = State::Failed,
                },
                State::Done => self.state = State::Failed,
            }
            i += 1;
        }
    }

    /// The first byte of a value.
    fn value_start(&mut self, b: u8) {
        self.state = match b {
            b'"' => return self.string_start(false),
            b'{' | b'[' => {
                if self.frames.len() >= crate::boundary::limit::DEPTH_CEILING as usize {
                    State::Failed
                } else if b == b'{' {
                    self.frames.push(Frame::Obj(Vec::new(), Name::Borrowed("")));
                    State::KeyOrEnd
                } else {
                    self.frames.push(Frame::Arr(Vec::new()));
                    State::ValueOrEnd
                }
            }
            b'-' | b'0'..=b'9' => {
                self.buf.clear();
                self.buf.push(b as char);
                State::Number(match b {
                    b'-' => Num::Minus,
                    b'0' => Num::Zero,
                    _ => Num::Int,
                })
            }
            b't' => State::Literal {
                word: b"true",
                at: 1,
            },
            b'f' => State::Literal {
                word: b"false",
                at: 1,
            },
            b'n' => State::Literal {
                word: b"null",
                at: 1,
            },
            _ => State::Failed,
        }
    }

    fn string_start(&mut self, key: bool) {
        self.buf.clear();
        self.state = State::Str { key };
    }

    fn string_end(&mut self, key: bool) {
        let text = std::mem::take(&mut self.buf);
        if !key {
            return self.value(Value::Str(text));
        }
        if text == "__proto__" {
            self.forbidden = true;
        }
        if let Some(Frame::Obj(_, pending)) = self.frames.last_mut() {
            // A known key is borrowed (as `name` does), any other keeps the text read.
            *pending = match crate::keys::lookup(text.as_bytes()) {
                Some(k) => Name::Borrowed(k.name()),
                None => Name::Owned(text),
            };
        }
        self.state = State::Colon;
    }

    /// One UTF-16 unit of a `\u` escape; a surrogate without its other half is U+FFFD.
    fn unit(&mut self, unit: u16) {
        match (self.high.take(), unit) {
            (Some(high), 0xDC00..=0xDFFF) => {
                let c = 0x10000 + ((high as u32 - 0xD800) << 10) + (unit as u32 - 0xDC00);
                self.buf.push(char::from_u32(c).unwrap_or('\u{FFFD}'));
            }
            (high, _) => {
                if high.is_some() {
                    self.buf.push('\u{FFFD}');
                }
                match unit {
                    0xD800..=0xDBFF => self.high = Some(unit),
                    _ => self
                        .buf
                        .push(char::from_u32(unit as u32).unwrap_or('\u{FFFD}')),
                }
            }
        }
    }

    /// A high surrogate followed by anything but its low half.
    fn flush_high(&mut self) {
        if self.high.take().is_some() {
            self.buf.push('\u{FFFD}');
        }
    }

    fn number_end(&mut self) {
        let n = crate::host::parse_number(&self.buf);
        self.value(Value::Num(n));
    }

    /// A value is read: it goes into the array or object open, or is the root.
    fn value(&mut self, v: Value) {
        match self.frames.last_mut() {
            Some(Frame::Arr(items)) => items.push(v),
            Some(Frame::Obj(entries, key)) => {
                entries.push((std::mem::replace(key, Name::Borrowed("")), v))
            }
            None => {
                self.root = Some(v);
                self.state = State::Done;
                return;
            }
        }
        self.state = State::CommaOrEnd;
    }

    /// `]` or `}` closes the array or object on top.
    fn close(&mut self) {
        let v = match self.frames.pop() {
            Some(Frame::Arr(items)) => Value::Arr(items),
            Some(Frame::Obj(mut entries, _)) => {
                last_value_wins(&mut entries);
                let prototype = |v: &Value| matches!(v, Value::Obj(e) if e.iter().any(|(k, _)| k == "prototype"));
                if entries
                    .iter()
                    .any(|(k, v)| k == "constructor" && prototype(v))
                {
                    self.forbidden = true;
                }
                Value::Obj(entries)
            }
            None => {
                self.state = State::Failed;
                return;
            }
        };
        self.value(v);
    }

    /// Whether the text read so far is whole JSON text `secureJsonParse` accepts (and
    /// [`Reader::end`] gives its value).
    fn can_end(&self) -> bool {
        if self.forbidden {
            return false;
        }
        match self.state {
            State::Done => true,
            State::Number(part) => part.whole() && self.frames.is_empty(),
            _ => false,
        }
    }

    /// The text ended: its value, if it is whole JSON text `secureJsonParse` accepts.
    fn end(mut self) -> Option<Value> {
        if !self.can_end() {
            return None;
        }
        if let State::Number(_) = self.state {
            self.number_end();
        }
        self.root
    }
}

/// As `JSON.parse` keeps a repeated key: at its first place, with its last value.
fn last_value_wins(entries: &mut Vec<(Name, Value)>) {
    if entries.len() < 2 {
        return;
    }
    let mut table = fnv::Table::with_capacity(entries.len());
    let mut repeated = Vec::new();
    for n in 0..entries.len() {
        let hash = fnv::bytes(entries[n].0.as_bytes());
        if let Some(first) = table.insert(hash, n, |k| entries[k].0 == entries[n].0) {
            entries[first].1 = std::mem::replace(&mut entries[n].1, Value::Null);
            repeated.push(n);
        }
    }
    if !repeated.is_empty() {
        let mut n = 0;
        let mut next = repeated.iter().peekable();
        entries.retain(|_| {
            let keep = next.peek() != Some(&&n);
            if !keep {
                next.next();
            }
            n += 1;
            keep
        });
    }
}
