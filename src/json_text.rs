//! Writing JSON text by hand: the wasm build carries no JSON serializer. Below the tape and the
//! engine, which both write with it (the engine re-exports it as `validate::write_json_string`
//! and friends).

use crate::swar;

/// The escape of an ASCII byte inside a JSON string, if it needs one (`None` for a plain byte).
#[inline]
fn escape(b: u8) -> Option<&'static str> {
    Some(match b {
        b'"' => "\\\"",
        b'\\' => "\\\\",
        b'\n' => "\\n",
        b'\r' => "\\r",
        b'\t' => "\\t",
        0..=0x1F => "",
        _ => return None,
    })
}

/// Append the escape of ASCII byte `b` (one that [`escape`] names).
fn push_escape(out: &mut String, b: u8, esc: &str) {
    if esc.is_empty() {
        out.push_str(&format!("\\u{:04x}", b));
    } else {
        out.push_str(esc);
    }
}

/// Append `s` as a JSON string literal.
pub fn write_str(out: &mut String, s: &str) {
    out.reserve(s.len() + 2);
    out.push('"');
    let bytes = s.as_bytes();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        // Eight bytes at a time while none of them needs an escape (most text, all base64).
        if let Some(word) = swar::word(bytes, i) {
            if stops(word) == 0 {
                i += 8;
                continue;
            }
        }
        let b = bytes[i];
        i += 1;
        // The common case first, in three comparisons: a byte that needs no escape.
        if b >= 0x20 && b != b'"' && b != b'\\' {
            continue;
        }
        out.push_str(&s[start..i - 1]);
        push_escape(out, b, escape(b).unwrap_or_default());
        start = i;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Append `words` as a JSON array of string literals.
pub fn write_strs(out: &mut String, words: &[&str]) {
    out.push('[');
    for (n, w) in words.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        write_str(out, w);
    }
    out.push(']');
}

/// Marks the bytes of `x` a JSON string cannot hold as they are (a quote, a backslash, a
/// control character: what the writer escapes and the parsers stop at), the first mark
/// exactly, which is all a scan asks: a byte minus 1 borrows only when it is 0, minus 0x20
/// only when it is below 0x20, so a borrow marks a byte after a marked one at most; a byte
/// past ASCII is never marked (`!x` clears its high bit).
#[inline]
pub fn stops(x: u64) -> u64 {
    use swar::{HIGHS, ONES};
    let quote = (x ^ (ONES * u64::from(b'"'))).wrapping_sub(ONES);
    let backslash = (x ^ (ONES * u64::from(b'\\'))).wrapping_sub(ONES);
    (quote | backslash | x.wrapping_sub(ONES * 0x20)) & !x & HIGHS
}

/// Append UTF-16 units as a JSON string literal; a lone surrogate becomes a `\uXXXX` escape,
/// exactly as `JSON.stringify` writes it, so nothing is lost. Runs of ASCII that need no escape
/// (most of any message) are copied a chunk at a time rather than decoded character by character.
pub fn write_units(out: &mut String, units: &[u16]) {
    out.reserve(units.len() + 2);
    out.push('"');
    let mut i = 0;
    while i < units.len() {
        let run = units[i..]
            .iter()
            .position(|&u| !(0x20..0x80).contains(&u) || u == b'"' as u16 || u == b'\\' as u16)
            .unwrap_or(units.len() - i);
        for chunk in units[i..i + run].chunks(64) {
            let mut ascii = [0u8; 64];
            for (a, &u) in ascii.iter_mut().zip(chunk) {
                *a = u as u8;
            }
            // Bytes below 0x80 are always UTF-8.
            out.push_str(std::str::from_utf8(&ascii[..chunk.len()]).unwrap_or_default());
        }
        i += run;
        let Some(&u) = units.get(i) else { break };
        if u < 0x80 {
            push_escape(out, u as u8, escape(u as u8).unwrap_or_default());
            i += 1;
            continue;
        }
        // One character: a surrogate pair is two units; a lone surrogate is escaped.
        let pair = (0xD800..0xDC00).contains(&u)
            && units
                .get(i + 1)
                .is_some_and(|l| (0xDC00..0xE000).contains(l));
        let take = if pair { 2 } else { 1 };
        for c in char::decode_utf16(units[i..i + take].iter().copied()) {
            match c {
                Ok(c) => out.push(c),
                Err(e) => out.push_str(&format!("\\u{:04x}", e.unpaired_surrogate())),
            }
        }
        i += take;
    }
    out.push('"');
}

/// Is valid JSON text `text` exactly what [`write_str`] and [`write_num`] write for the value
/// it reads as (no insignificant whitespace, every string and number as the writer spells it)?
/// `Some(false)` at the first whitespace outside a string; `None` where only the value can tell
/// (a string with an escape, a number other than a short integer), when one comes first. A scan
/// of the bytes, where writing the value out to compare would write every string and number
/// again.
pub fn as_written(text: &str) -> Option<bool> {
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'"' => {
                // A string without an escape is written as it is (valid JSON text holds no
                // control character or lone quote inside one).
                i += 1;
                loop {
                    match bytes.get(i)? {
                        b'"' => break,
                        b'\\' => return None,
                        _ => i += 1,
                    }
                }
                i += 1;
            }
            b' ' | b'\t' | b'\n' | b'\r' => return Some(false),
            b'-' | b'0'..=b'9' => {
                // An integer below 1e15 is written in decimal, as short as it goes (`-0` too);
                // a fraction, an exponent or more digits only the value tells.
                i += usize::from(bytes[i] == b'-');
                let start = i;
                while i < bytes.len() && bytes[i].is_ascii_digit() {
                    i += 1;
                }
                let n = i - start;
                if n == 0
                    || n > 15
                    || (n > 1 && bytes[start] == b'0')
                    || matches!(bytes.get(i), Some(b'.' | b'e' | b'E'))
                {
                    return None;
                }
            }
            _ => i += 1,
        }
    }
    Some(true)
}

/// `s` as a JSON string literal: how messages quote a name or a value (core's `{:?}` would
/// bring its Unicode tables, ~8 KiB, into the wasm).
pub fn quoted(s: &str) -> String {
    let mut out = String::new();
    write_str(&mut out, s);
    out
}

/// Append a number as JSON text that parses back to the same `f64` (NaN, which no JSON text
/// reads as, as `null`).
pub fn write_num(out: &mut String, n: f64) {
    use std::fmt::Write;
    if n == 0.0 && n.is_sign_negative() {
        out.push_str("-0");
    } else if n == n.trunc() && n.abs() < 1e15 {
        // Writing into `out` directly: no String per number.
        let _ = write!(out, "{}", n as i64);
    } else if n.is_finite() {
        out.push_str(&number_text(n));
    } else {
        // JSON has no word for these. An infinity is what JSON text too large for a double
        // reads as (`1e400`), and `1e999` reads back as the same infinity, here and in
        // `JSON.parse`; NaN, which no JSON text reads as, is `null` as `JSON.stringify`
        // writes it.
        out.push_str(if n.is_nan() {
            "null"
        } else if n > 0.0 {
            "1e999"
        } else {
            "-1e999"
        });
    }
}

/// A number as text, the shortest form that parses back to the same `f64` (`NaN`, infinities
/// by name). Integers are written here; the rest by the platform ([`crate::host`]: in the wasm
/// JavaScript's `String(n)`, which is JSON's number form, so that the wasm carries no float
/// formatting of its own; natively Rust's).
pub fn number_text(n: f64) -> String {
    if n == n.trunc() && n.abs() < 1e15 {
        if n == 0.0 && n.is_sign_negative() {
            return "-0".into();
        }
        return format!("{}", n as i64);
    }
    crate::host::number_text(n)
}

/// Helper for comma-separated lists.
pub struct JsonList<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> JsonList<'a> {
    pub fn open(out: &'a mut String) -> Self {
        out.push('[');
        JsonList { out, first: true }
    }
    pub fn item(&mut self) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out
    }
    pub fn close(self) {
        self.out.push(']');
    }
}

/// `n` in decimal, appended without a `String` of its own. (Its digits from the highest, a
/// call each: the loop over a buffer of digits was half a kilobyte of wasm.)
pub fn push_decimal(out: &mut String, n: usize) {
    if n >= 10 {
        push_decimal(out, n / 10);
    }
    out.push(char::from(b'0' + (n % 10) as u8));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Infinities (what JSON text too large for a double reads as) are written as JSON text
    /// that reads back as them; NaN as `null`. (`tape::value`'s tests read them back.)
    #[test]
    fn numbers_json_has_no_word_for() {
        for (n, text) in [
            (f64::INFINITY, "1e999"),
            (f64::NEG_INFINITY, "-1e999"),
            (f64::NAN, "null"),
        ] {
            let mut out = String::new();
            write_num(&mut out, n);
            assert_eq!(out, text);
        }
    }

    #[test]
    fn strings_and_numbers_parse_back_exactly() {
        let mut out = String::new();
        write_str(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(out, r#""a\"b\\c\n\u0001é""#);
        let mut out = String::new();
        write_units(&mut out, &[0x61, 0xD800, 0x62]);
        assert_eq!(out, r#""a\ud800b""#);
        // Every path of write_units gives what write_str gives for the same text: ASCII runs
        // longer than a chunk, escapes, non-ASCII, a surrogate pair, a lone low surrogate.
        let text = format!(
            "{}\"q\\\n\t\u{1}é日😀 end{}",
            "x".repeat(150),
            "y".repeat(64)
        );
        let units: Vec<u16> = text.encode_utf16().collect();
        let (mut a, mut b) = (String::new(), String::new());
        write_units(&mut a, &units);
        write_str(&mut b, &text);
        assert_eq!(a, b);
        // An escape at every place of the eight-byte words write_str scans, and the bytes
        // around the limits of that scan (0x1F / 0x20, 0x21 / 0x22 / 0x23, 0x5B..0x5D, 0x7F,
        // non-ASCII).
        for c in [
            '"', '\\', '\n', '\u{1}', '\u{1f}', ' ', '!', '#', '[', ']', '\u{7f}', 'é', '😀',
        ] {
            for at in 0..20 {
                let text: String = (0..20).map(|i| if i == at { c } else { 'a' }).collect();
                let units: Vec<u16> = text.encode_utf16().collect();
                let (mut a, mut b) = (String::new(), String::new());
                write_units(&mut a, &units);
                write_str(&mut b, &text);
                assert_eq!(a, b, "{c:?} at {at}");
            }
        }
        let mut out = String::new();
        write_units(&mut out, &[0xDC00, 0x41, 0xD83D]);
        assert_eq!(out, r#""\udc00A\ud83d""#);
        for n in [0.0, -0.0, 1.5, 1e21, 1.7e12, -3.0, 5e-324, 0.1 + 0.2] {
            let mut out = String::new();
            write_num(&mut out, n);
            let back: f64 = serde_json::from_str(&out).unwrap();
            assert_eq!(back.to_bits(), n.to_bits(), "{n} -> {out}");
        }
    }
}
