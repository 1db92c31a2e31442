//! The tape: a flat, pre-order encoding of one value (or of many, inside an array).
//!
//! A JavaScript value is written by the facade's walker (`pkg-template/src/tape.mjs`) straight
//! into wasm memory in one crossing; JSON text is parsed into the same layout by [`json`].
//! The validator then reads words, never a tree. Every container records where it ends, so a
//! subtree is skipped in O(1).
//!
//! Word layout (`[tag, operands...]`; the numbers are in [`crate::boundary::tag`]):
//!
//! | tag | operands | meaning |
//! |---|---|---|
//! | `NULL` `UNDEF` `TRUE` `FALSE` | | scalars |
//! | `NUM` | index into `nums` | a number (maybe NaN or infinite) |
//! | `STR` | len, off, copied, flags | a string; see [`Str`] |
//! | `OBJ` | end | properties as `KEY_*` then a value, closed by `END`; `end` is the index after `END` |
//! | `ARR` | end | items, closed by `END` |
//! | `BYTES` | len, off | a `Uint8Array`; `off` into `bytes` when the walker copied them |
//! | `ARRAY_BUFFER` | len, off | an `ArrayBuffer`, as `BYTES` |
//! | `URL` | | a `URL` object, followed by a `STR` with its `href` |
//! | `ERROR` | | an `Error`, followed by an `OBJ` of its name, message, stack, cause and own properties |
//! | `BIGINT` `SYMBOL` `FUNCTION` `CYCLE` `DEEP` | | values JSON cannot hold, a cycle, the depth limit |
//! | `OTHER` | kind | an object of a kind we do not walk (`Date`, `Map`, ...); see [`other_kind_name`] |
//! | `THREW` | | reading the value threw (a getter, a Proxy); followed by a `STR` with the message |
//! | `KEY_ID` | id | a key from [`crate::keys`] |
//! | `KEY_STR` | len, off, copied, flags | any other key, always copied whole |

pub mod builder;
pub mod json;
pub mod number;
pub mod value;

// The tags and string flags are declared with every other number the facade shares.
pub use crate::boundary::string_flag::{
    ESCAPED as F_ESCAPED, ILL_FORMED as F_ILL_FORMED, NOT_BASE64 as F_NOT_BASE64,
};
pub use crate::boundary::tag::{
    ARR, BIGINT, BYTES, CYCLE, DEEP, END, ERROR, FALSE, FUNCTION, KEY_ID, KEY_STR, NULL, NUM, OBJ,
    OTHER, STR, SYMBOL, THREW, TRUE, UNDEF,
};
pub use crate::boundary::tag::{ARRAY_BUFFER, URL};

/// [`crate::boundary::limit::SHORT_STRING`], as the tape counts: how many UTF-16 units of a
/// string the walker copies when it only validates.
pub const SHORT_STRING: u32 = crate::boundary::limit::SHORT_STRING as u32;

/// Names for `OTHER` kinds ([`crate::boundary::other_kind`]) in issues.
pub fn other_kind_name(kind: u32) -> &'static str {
    use crate::boundary::other_kind::*;
    match kind {
        DATE => "Date",
        MAP => "Map",
        SET => "Set",
        REG_EXP => "RegExp",
        PROMISE => "Promise",
        ARRAY_BUFFER => "SharedArrayBuffer",
        TYPED_ARRAY => "typed array",
        WEAK_MAP => "WeakMap",
        WEAK_SET => "WeakSet",
        STRING_OBJECT => "String object",
        NUMBER_OBJECT => "Number object",
        BOOLEAN_OBJECT => "Boolean object",
        BIGINT_OBJECT => "BigInt object",
        SYMBOL_OBJECT => "Symbol object",
        INSTANCE => "object of a class",
        _ => "object",
    }
}

/// Where the characters of a tape's strings live.
#[derive(Clone, Copy)]
pub enum Chars<'a> {
    /// JavaScript strings, as UTF-16 code units.
    Utf16(&'a [u16]),
    /// JSON text: strings are byte ranges of the text, escapes undecoded.
    Utf8(&'a [u8]),
}

/// A read-only view of a tape.
#[derive(Clone, Copy)]
pub struct TapeView<'a> {
    pub words: &'a [u32],
    pub nums: &'a [f64],
    pub chars: Chars<'a>,
    pub bytes: &'a [u8],
}

/// A string (or a key) on the tape.
#[derive(Clone, Copy, Debug)]
pub struct Str {
    /// Length in the source's units (UTF-16 units for JS, bytes of raw text for JSON).
    pub len: u32,
    pub off: u32,
    /// How many units were copied (all of them for JSON text and for keys).
    pub copied: u32,
    pub flags: u32,
}

impl Str {
    pub fn complete(&self) -> bool {
        self.copied >= self.len
    }
    pub fn ill_formed(&self) -> bool {
        self.flags & F_ILL_FORMED != 0
    }
}

impl<'a> TapeView<'a> {
    /// The word at `i`, or `END` past the end: a truncated tape reads as closed containers
    /// rather than panicking.
    #[inline]
    pub fn word(&self, i: usize) -> u32 {
        self.words.get(i).copied().unwrap_or(END)
    }

    #[inline]
    pub fn num(&self, i: usize) -> f64 {
        self.nums
            .get(self.word(i + 1) as usize)
            .copied()
            .unwrap_or(f64::NAN)
    }

    /// The string whose `STR` or `KEY_STR` tag is at `i`.
    #[inline]
    pub fn str_at(&self, i: usize) -> Str {
        Str {
            len: self.word(i + 1),
            off: self.word(i + 2),
            copied: self.word(i + 3),
            flags: self.word(i + 4),
        }
    }

    /// Index of the value after the one starting at `i`.
    pub fn skip(&self, i: usize) -> usize {
        match self.word(i) {
            NUM | OTHER | KEY_ID => i + 2,
            STR | KEY_STR => i + 5,
            BYTES | ARRAY_BUFFER => i + 3,
            OBJ | ARR => (self.word(i + 1) as usize).max(i + 2),
            ERROR | THREW | URL => self.skip(i + 1),
            _ => i + 1,
        }
    }

    /// Does the (copied part of the) string equal `lit`? False when it was not copied whole.
    pub fn str_eq(&self, s: Str, lit: &str) -> bool {
        if !s.complete() {
            return false;
        }
        match self.chars {
            Chars::Utf16(units) => {
                let Some(src) = units.get(s.off as usize..(s.off + s.len) as usize) else {
                    return false;
                };
                // A UTF-16 string is never longer than its UTF-8 form; for the common case
                // (ASCII tags and literals) the lengths are equal and each unit is its byte.
                if src.len() > lit.len() {
                    return false;
                }
                if src.len() == lit.len()
                    && src
                        .iter()
                        .zip(lit.bytes())
                        .all(|(&u, b)| b < 0x80 && u == b as u16)
                {
                    return true;
                }
                !lit.is_ascii() && src.iter().copied().eq(lit.encode_utf16())
            }
            Chars::Utf8(text) => {
                let Some(raw) = text.get(s.off as usize..(s.off + s.len) as usize) else {
                    return false;
                };
                if s.flags & F_ESCAPED == 0 {
                    raw == lit.as_bytes()
                } else if raw.len() > lit.len() * 6 {
                    false
                } else {
                    json::unescape(raw).is_some_and(|u| u.iter().copied().eq(lit.encode_utf16()))
                }
            }
        }
    }

    /// Does the (copied part of the) string start with `prefix`? (A tag's head is always
    /// copied.)
    pub fn str_starts(&self, s: Str, prefix: &str) -> bool {
        match self.chars {
            Chars::Utf16(units) => {
                let end = (s.off + s.copied.min(s.len)) as usize;
                let mut src = units.get(s.off as usize..end).unwrap_or(&[]).iter();
                prefix.encode_utf16().all(|u| src.next() == Some(&u))
            }
            Chars::Utf8(text) => {
                let raw = text
                    .get(s.off as usize..(s.off + s.len) as usize)
                    .unwrap_or(&[]);
                if s.flags & F_ESCAPED == 0 {
                    raw.starts_with(prefix.as_bytes())
                } else {
                    json::unescape(raw).is_some_and(|u| {
                        let mut src = u.iter();
                        prefix.encode_utf16().all(|p| src.next() == Some(&p))
                    })
                }
            }
        }
    }

    /// The bytes of a string of JSON text written without escapes: two such strings are the
    /// same string when their bytes are the same (the parser checked they are UTF-8). `None`
    /// for an escaped string or a JS value's.
    pub fn str_raw(&self, s: Str) -> Option<&'a [u8]> {
        match self.chars {
            Chars::Utf8(text) if s.flags & F_ESCAPED == 0 => {
                text.get(s.off as usize..(s.off + s.len) as usize)
            }
            _ => None,
        }
    }

    /// The copied part of the string as UTF-16 units (lone surrogates kept).
    pub fn str_units(&self, s: Str) -> Vec<u16> {
        match self.chars {
            Chars::Utf16(units) => {
                let end = (s.off + s.copied.min(s.len)) as usize;
                units.get(s.off as usize..end).unwrap_or(&[]).to_vec()
            }
            Chars::Utf8(text) => {
                let raw = text
                    .get(s.off as usize..(s.off + s.len) as usize)
                    .unwrap_or(&[]);
                if s.flags & F_ESCAPED == 0 {
                    String::from_utf8_lossy(raw).encode_utf16().collect()
                } else {
                    json::unescape(raw).unwrap_or_default()
                }
            }
        }
    }

    /// The copied part of the string as Rust text (lone surrogates become U+FFFD), without a
    /// detour through UTF-16 for the common cases: unescaped JSON text is UTF-8 already (the
    /// parser checked it), and ASCII UTF-16 units are their bytes. (The converters read every
    /// string of every message through here, the rules every URL and date.)
    pub fn str_lossy(&self, s: Str) -> String {
        match self.chars {
            Chars::Utf8(text) if s.flags & F_ESCAPED == 0 => {
                let raw = text
                    .get(s.off as usize..(s.off + s.len) as usize)
                    .unwrap_or(&[]);
                String::from_utf8_lossy(raw).into_owned()
            }
            Chars::Utf16(units) => {
                let end = (s.off + s.copied.min(s.len)) as usize;
                let units = units.get(s.off as usize..end).unwrap_or(&[]);
                // One pass: the low bytes, and whether any unit was not ASCII.
                let mut high = 0u16;
                let bytes: Vec<u8> = units
                    .iter()
                    .map(|&u| {
                        high |= u;
                        u as u8
                    })
                    .collect();
                if high < 0x80 {
                    // SAFETY: every byte is below 0x80, ASCII, which is UTF-8. (The checked
                    // form validated every string of every conversion again: 2% of one.)
                    unsafe { String::from_utf8_unchecked(bytes) }
                } else {
                    utf16_lossy(units)
                }
            }
            Chars::Utf8(_) => utf16_lossy(&self.str_units(s)),
        }
    }

    /// The string quoted for a message: `"abc"`, or `"abc…" (5000000 characters)` when only
    /// its head was copied.
    pub fn str_display(&self, s: Str) -> String {
        const SHOWN: usize = SHORT_STRING as usize;
        let head: Vec<u16> = match self.chars {
            Chars::Utf16(units) => {
                let end = (s.off + s.copied.min(s.len)) as usize;
                let units = units.get(s.off as usize..end).unwrap_or(&[]);
                units[..units.len().min(SHOWN)].to_vec()
            }
            Chars::Utf8(text) => {
                // At most 6 bytes of raw text per unit (`\uXXXX`), so this bounds the work.
                let end = (s.off + s.len.min(SHOWN as u32 * 6 + 6)) as usize;
                let raw = text.get(s.off as usize..end).unwrap_or(&[]);
                let units = if s.flags & F_ESCAPED == 0 {
                    String::from_utf8_lossy(raw).encode_utf16().collect()
                } else {
                    json::unescape(raw).unwrap_or_default()
                };
                units[..units.len().min(SHOWN)].to_vec()
            }
        };
        let shown = crate::json_text::quoted(&utf16_lossy(&head));
        let whole = match self.chars {
            Chars::Utf16(_) => head.len() as u32 == s.len,
            Chars::Utf8(_) => s.len as usize <= SHOWN && s.flags & F_ESCAPED == 0,
        };
        if whole {
            shown
        } else {
            format!(
                "{}…\" ({} {})",
                &shown[..shown.len() - 1],
                s.len,
                match self.chars {
                    Chars::Utf16(_) => "characters",
                    Chars::Utf8(_) => "bytes of JSON text",
                }
            )
        }
    }

    /// The name of the key whose tag is at `i`.
    pub fn key_name(&self, i: usize) -> String {
        match self.word(i) {
            KEY_ID => crate::keys::KEYS
                .get(self.word(i + 1) as usize)
                .map(|k| k.to_string())
                .unwrap_or_default(),
            _ => self.str_lossy(self.str_at(i)),
        }
    }

    /// The known key at `i`, if it is one.
    #[inline]
    pub fn key_id(&self, i: usize) -> Option<crate::keys::Key> {
        if self.word(i) == KEY_ID {
            let id = self.word(i + 1);
            if (id as usize) < crate::keys::KEYS.len() {
                return Some(crate::keys::Key(id as u16));
            }
        }
        None
    }

    /// Index of the value of a key whose tag is at `i`.
    #[inline]
    pub fn key_end(&self, i: usize) -> usize {
        if self.word(i) == KEY_ID {
            i + 2
        } else {
            i + 5
        }
    }

    /// The entries of the object whose `OBJ` tag is at `i`: (key index, value index).
    pub fn entries(&self, i: usize) -> Entries<'_, 'a> {
        Entries {
            tape: self,
            at: i + 2,
        }
    }

    /// The items of the array whose `ARR` tag is at `i`.
    pub fn items(&self, i: usize) -> Items<'_, 'a> {
        Items {
            tape: self,
            at: i + 2,
        }
    }

    /// Find a known key in the object at `i`: the index of its value.
    pub fn find(&self, i: usize, key: crate::keys::Key) -> Option<usize> {
        self.entries(i)
            .find(|&(k, _)| self.key_id(k) == Some(key))
            .map(|(_, v)| v)
    }

    /// What a value is, in the words an issue uses for "received".
    pub fn kind_name(&self, i: usize) -> String {
        match self.word(i) {
            NULL => "null".into(),
            UNDEF => "undefined".into(),
            TRUE | FALSE => "boolean".into(),
            NUM => {
                let n = self.num(i);
                if n.is_nan() {
                    "NaN".into()
                } else if n.is_infinite() {
                    if n > 0.0 { "Infinity" } else { "-Infinity" }.into()
                } else {
                    "number".into()
                }
            }
            STR => "string".into(),
            OBJ => "object".into(),
            ARR => "array".into(),
            BYTES => "Uint8Array".into(),
            ARRAY_BUFFER => "ArrayBuffer".into(),
            URL => "URL".into(),
            ERROR => "Error".into(),
            BIGINT => "bigint".into(),
            SYMBOL => "symbol".into(),
            FUNCTION => "function".into(),
            OTHER => other_kind_name(self.word(i + 1)).into(),
            CYCLE => "a cycle".into(),
            DEEP => "nesting deeper than the limit".into(),
            THREW => "a value that threw when read".into(),
            _ => "nothing".into(),
        }
    }
}

pub struct Entries<'t, 'a> {
    tape: &'t TapeView<'a>,
    at: usize,
}

impl Iterator for Entries<'_, '_> {
    type Item = (usize, usize);
    fn next(&mut self) -> Option<(usize, usize)> {
        let w = self.tape.word(self.at);
        if w != KEY_ID && w != KEY_STR {
            return None;
        }
        let k = self.at;
        let v = self.tape.key_end(k);
        self.at = self.tape.skip(v);
        Some((k, v))
    }
}

pub struct Items<'t, 'a> {
    tape: &'t TapeView<'a>,
    at: usize,
}

impl Iterator for Items<'_, '_> {
    type Item = usize;
    fn next(&mut self) -> Option<usize> {
        if self.tape.word(self.at) == END || self.at >= self.tape.words.len() {
            return None;
        }
        let v = self.at;
        self.at = self.tape.skip(v);
        Some(v)
    }
}

/// The UTF-16 units of `s`, from its bytes: one for each byte that starts a character, and
/// one more for each that starts a character past U+FFFF (four bytes, a surrogate pair).
#[inline(never)]
pub fn utf16_len(s: &str) -> u32 {
    s.bytes()
        .map(|b| u32::from(b & 0xC0 != 0x80) + u32::from(b >= 0xF0))
        .sum()
}

/// UTF-16 as UTF-8 text, a lone surrogate as U+FFFD: what `String::from_utf16_lossy` gives,
/// a unit at a time into bytes sized first (that one collects `char`s, growing as it goes:
/// a tenth of a conversion of text beyond ASCII).
pub fn utf16_lossy(units: &[u16]) -> String {
    // A valid pair is two bytes a unit; a lone surrogate (three) may make it grow once.
    let size = |u: &u16| match *u {
        0..=0x7F => 1,
        0x80..=0x7FF | 0xD800..=0xDFFF => 2,
        _ => 3,
    };
    let mut out = Vec::with_capacity(units.iter().map(size).sum());
    let mut i = 0;
    while let Some(&u) = units.get(i) {
        i += 1;
        let u = u32::from(u);
        let low = units.get(i).map_or(0, |&l| u32::from(l));
        let c = match u {
            0..=0x7F => {
                out.push(u as u8);
                continue;
            }
            0xD800..=0xDBFF if (0xDC00..=0xDFFF).contains(&low) => {
                i += 1;
                0x10000 + ((u - 0xD800) << 10) + (low - 0xDC00)
            }
            0xD800..=0xDFFF => 0xFFFD,
            _ => u,
        };
        let tail = |shift: u32| 0x80 | (c >> shift & 0x3F) as u8;
        match c {
            0..=0x7FF => out.extend_from_slice(&[0xC0 | (c >> 6) as u8, tail(0)]),
            0x800..=0xFFFF => out.extend_from_slice(&[0xE0 | (c >> 12) as u8, tail(6), tail(0)]),
            _ => out.extend_from_slice(&[0xF0 | (c >> 18) as u8, tail(12), tail(6), tail(0)]),
        }
    }
    // SAFETY: each unit, or pair of units, was written above as the UTF-8 of one scalar value
    // (a surrogate alone as U+FFFD's).
    unsafe { String::from_utf8_unchecked(out) }
}

#[cfg(test)]
mod tests {
    use super::builder::{Js, Tape};

    /// Every string of up to four units drawn from the edges of each UTF-8 length and of
    /// the surrogates reads as the standard library reads it.
    #[test]
    fn utf16_lossy_is_the_standard_reading() {
        const EDGES: [u16; 12] = [
            0x41, 0x7F, 0x80, 0x7FF, 0x800, 0xD7FF, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000, 0xFFFF,
        ];
        let mut units = Vec::new();
        for len in 0..=4u32 {
            for n in 0..EDGES.len().pow(len) {
                units.clear();
                let mut k = n;
                for _ in 0..len {
                    units.push(EDGES[k % EDGES.len()]);
                    k /= EDGES.len();
                }
                assert_eq!(
                    super::utf16_lossy(&units),
                    String::from_utf16_lossy(&units),
                    "{units:x?}"
                );
            }
        }
    }

    #[test]
    fn str_eq_compares_characters_not_bytes() {
        let t = Tape::from_js(
            &Js::Arr(vec![Js::str("é"), Js::str("Ã©"), Js::str("reply")]),
            true,
        );
        let v = t.view();
        let items: Vec<_> = v.items(0).map(|i| v.str_at(i)).collect();
        assert!(v.str_eq(items[0], "é"));
        assert!(!v.str_eq(items[1], "é"));
        assert!(!v.str_eq(items[0], "Ã©"));
        assert!(v.str_eq(items[2], "reply"));
        assert!(!v.str_eq(items[2], "repl"));
        assert!(!v.str_eq(items[2], "replies"));
    }
}
