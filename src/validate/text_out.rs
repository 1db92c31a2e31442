//! The JSON form written as text (`toJSON`, and [`super::plain_json_text`]'s plain JSON).

use super::base64;
use super::sink::{Nest, Sink, MAX_OUTPUT};
use crate::json_text::{write_num, write_str, write_units};
use crate::tape::*;

/// JSON text under construction.
pub(super) struct TextOut {
    text: String,
    /// Plain JSON text: `-0` written `0`, as `JSON.stringify` does.
    pub plain: bool,
}

impl TextOut {
    pub fn new(plain: bool) -> Self {
        TextOut {
            text: String::new(),
            plain,
        }
    }

    pub fn finish(self) -> String {
        self.text
    }
}

impl Sink for TextOut {
    fn open(&mut self, nest: Nest) {
        self.text.push(match nest {
            Nest::Object => '{',
            Nest::Array => '[',
        });
    }

    fn close(&mut self, nest: Nest) {
        self.text.push(match nest {
            Nest::Object => '}',
            Nest::Array => ']',
        });
    }

    fn comma(&mut self) {
        self.text.push(',');
    }

    fn key(&mut self, tape: &TapeView, k: usize, first: &mut bool) {
        let out = &mut self.text;
        if !*first {
            out.push(',');
        }
        *first = false;
        match tape.key_id(k) {
            Some(id) => write_str(out, id.name()),
            None if tape.word(k) == KEY_STR => write_tape_str(out, tape, tape.str_at(k)),
            None => write_str(out, &tape.key_name(k)),
        }
        out.push(':');
    }

    fn tag(&mut self, tag: &'static str) {
        write_str(&mut self.text, tag);
        self.text.push(':');
    }

    /// The worst case of escapes.
    fn str_room(&self, len: usize) -> usize {
        len * 3 + 2
    }

    fn room(&mut self, n: usize) -> bool {
        let out = &mut self.text;
        if out.len().saturating_add(n) <= MAX_OUTPUT && out.try_reserve(n).is_ok() {
            return true;
        }
        self.text = String::new();
        false
    }

    fn scalar(&mut self, tape: &TapeView, at: usize) {
        let out = &mut self.text;
        match tape.word(at) {
            NULL => out.push_str("null"),
            TRUE => out.push_str("true"),
            FALSE => out.push_str("false"),
            NUM if self.plain && tape.num(at) == 0.0 => out.push('0'),
            NUM => write_num(out, tape.num(at)),
            STR => write_tape_str(out, tape, tape.str_at(at)),
            _ => {}
        }
    }

    fn bytes(&mut self, bytes: &[u8]) {
        let out = &mut self.text;
        out.push('"');
        base64::encode(bytes, out);
        out.push('"');
    }
}

/// Append a string of the tape as a JSON string literal, reading JS strings in place.
fn write_tape_str(out: &mut String, tape: &TapeView, s: Str) {
    match tape.chars {
        Chars::Utf16(units) => {
            let end = (s.off + s.copied.min(s.len)) as usize;
            write_units(out, units.get(s.off as usize..end).unwrap_or(&[]));
        }
        Chars::Utf8(_) => write_units(out, &tape.str_units(s)),
    }
}
