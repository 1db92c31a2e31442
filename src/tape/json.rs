//! JSON text to tape, in one pass and without building a tree. Strings stay where they are in
//! the text (the tape records their byte range); syntax errors carry their position.

use super::*;

/// Where and why JSON text could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct SyntaxError {
    /// `"invalid_json"` or `"too_deep"`.
    pub code: &'static str,
    pub message: String,
    /// Byte offset into the text.
    pub offset: usize,
    /// 1-based line and column (column in characters).
    pub line: usize,
    pub column: usize,
}

/// The words and numbers of a parsed text; strings point into the text.
#[derive(Default, Debug)]
pub struct JsonTape {
    pub words: Vec<u32>,
    pub nums: Vec<f64>,
    /// Is the text parsed last ASCII alone? (Outside strings JSON text always is; a byte
    /// counts as a character then, which makes a position's column its offset.)
    pub ascii: bool,
}

impl JsonTape {
    pub fn view<'a>(&'a self, text: &'a str) -> TapeView<'a> {
        self.view_bytes(text.as_bytes())
    }

    /// The view over text given as bytes (already checked by [`parse_bytes_into`]).
    pub fn view_bytes<'a>(&'a self, text: &'a [u8]) -> TapeView<'a> {
        TapeView {
            words: &self.words,
            nums: &self.nums,
            chars: Chars::Utf8(text),
            bytes: &[],
        }
    }
}

/// Parse `text` into a tape; `max_depth` bounds nesting. Room for a word a byte is made first
/// (up to [`PRESIZE`] bytes): the tape of a short text, such as a tool call's arguments
/// checked in every OpenAI message, is then allocated once instead of growing four or five
/// times (`openai.validateMany` 4-5% faster).
pub fn parse(text: &str, max_depth: usize) -> Result<JsonTape, SyntaxError> {
    let mut tape = JsonTape {
        words: Vec::with_capacity(text.len().min(PRESIZE) + 8),
        ..JsonTape::default()
    };
    parse_into(text, max_depth, &mut tape)?;
    Ok(tape)
}

/// The most bytes of text [`parse`] makes room for in advance.
pub const PRESIZE: usize = 4096;

/// [`parse`] into a tape whose buffers are reused (they are cleared first).
pub fn parse_into(text: &str, max_depth: usize, tape: &mut JsonTape) -> Result<(), SyntaxError> {
    parse_bytes_into(text.as_bytes(), max_depth, tape)
}

/// [`parse_into`] from bytes that should be UTF-8. Only string contents may hold non-ASCII
/// bytes (anywhere else they are a syntax error), so only those are checked, and text that is
/// all ASCII costs nothing extra.
pub fn parse_bytes_into(
    text: &[u8],
    max_depth: usize,
    tape: &mut JsonTape,
) -> Result<(), SyntaxError> {
    tape.words.clear();
    tape.nums.clear();
    tape.ascii = true;
    let mut p = Parser {
        s: text,
        i: 0,
        out: std::mem::take(tape),
        max_depth,
    };
    let parsed = p.document();
    *tape = p.out;
    parsed
}

/// Bytes that end the fast scan of a string: the quote, the backslash, control characters.
pub(crate) static STOPS: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 0x20 {
        t[b] = true;
        b += 1;
    }
    t[b'"' as usize] = true;
    t[b'\\' as usize] = true;
    t
};

/// The length of the run of plain bytes (no quote, backslash or control character) that
/// starts `rest`, and its bytes or-ed together (a byte past ASCII when `>= 0x80`). A byte at
/// a time: eight at a time costs the validation build bytes it does not have (the log's fast
/// lane, in the Node build alone, has its own word loop: `log::scan`).
#[inline]
pub(crate) fn plain(rest: &[u8]) -> (usize, u8) {
    let mut high = 0u8;
    for (j, &b) in rest.iter().enumerate() {
        if STOPS[b as usize] {
            return (j, high);
        }
        high |= b;
    }
    (rest.len(), high)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    out: JsonTape,
    max_depth: usize,
}

impl Parser<'_> {
    fn document(&mut self) -> Result<(), SyntaxError> {
        self.ws();
        self.value(0)?;
        self.ws();
        if self.i < self.s.len() {
            return Err(self.error("unexpected text after the JSON value"));
        }
        Ok(())
    }

    fn error(&self, what: &str) -> SyntaxError {
        self.error_code("invalid_json", what)
    }

    fn error_code(&self, code: &'static str, what: &str) -> SyntaxError {
        let at = self.i.min(self.s.len());
        let before = &self.s[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let line_start = before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        let column = String::from_utf8_lossy(&before[line_start..])
            .chars()
            .count()
            + 1;
        let found = match self.s.get(at) {
            None => "the end of the text".to_string(),
            Some(_) => {
                let rest = String::from_utf8_lossy(&self.s[at..(at + 4).min(self.s.len())]);
                let c = rest.chars().next().unwrap_or('?');
                crate::json_text::quoted(c.encode_utf8(&mut [0; 4]))
            }
        };
        SyntaxError {
            code,
            message: format!("{what} at line {line}, column {column} (found {found})"),
            offset: at,
            line,
            column,
        }
    }

    #[inline]
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<(), SyntaxError> {
        match self.s.get(self.i) {
            Some(b'{') => self.object(depth),
            Some(b'[') => self.array(depth),
            Some(b'"') => {
                self.out.words.push(STR);
                self.string()
            }
            Some(b't') => self.literal(b"true", TRUE),
            Some(b'f') => self.literal(b"false", FALSE),
            Some(b'n') => self.literal(b"null", NULL),
            Some(b'-' | b'0'..=b'9') => self.number(),
            _ => Err(self.error("expected a JSON value")),
        }
    }

    fn literal(&mut self, lit: &[u8], tag: u32) -> Result<(), SyntaxError> {
        if self.s[self.i..].starts_with(lit) {
            self.i += lit.len();
            self.out.words.push(tag);
            Ok(())
        } else {
            Err(self.error("expected a JSON value"))
        }
    }

    fn open(&mut self, tag: u32, depth: usize) -> Result<usize, SyntaxError> {
        if depth >= self.max_depth {
            return Err(self.error_code(
                "too_deep",
                &format!("nesting deeper than {} levels", self.max_depth),
            ));
        }
        self.i += 1;
        self.out.words.extend([tag, 0]);
        Ok(self.out.words.len() - 1)
    }

    fn close(&mut self, slot: usize) {
        self.i += 1;
        self.out.words.push(END);
        self.out.words[slot] = self.out.words.len() as u32;
    }

    fn object(&mut self, depth: usize) -> Result<(), SyntaxError> {
        let slot = self.open(OBJ, depth)?;
        self.ws();
        if self.s.get(self.i) == Some(&b'}') {
            self.close(slot);
            return Ok(());
        }
        loop {
            if self.s.get(self.i) != Some(&b'"') {
                return Err(self.error("expected a property name in double quotes"));
            }
            self.key()?;
            self.ws();
            if self.s.get(self.i) != Some(&b':') {
                return Err(self.error("expected ':' after a property name"));
            }
            self.i += 1;
            self.ws();
            self.value(depth + 1)?;
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                }
                Some(b'}') => {
                    self.close(slot);
                    return Ok(());
                }
                _ => return Err(self.error("expected ',' or '}' in an object")),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<(), SyntaxError> {
        let slot = self.open(ARR, depth)?;
        self.ws();
        if self.s.get(self.i) == Some(&b']') {
            self.close(slot);
            return Ok(());
        }
        loop {
            self.value(depth + 1)?;
            self.ws();
            match self.s.get(self.i) {
                Some(b',') => {
                    self.i += 1;
                    self.ws();
                }
                Some(b']') => {
                    self.close(slot);
                    return Ok(());
                }
                _ => return Err(self.error("expected ',' or ']' in an array")),
            }
        }
    }

    fn key(&mut self) -> Result<(), SyntaxError> {
        let start = self.i + 1;
        let at = self.out.words.len();
        self.out.words.push(KEY_STR);
        self.string()?;
        // A known key becomes its number, however it is spelled (`"t\u0079pe"` is `type`,
        // as JSON.parse reads it).
        let raw = &self.s[start..self.i - 1];
        let known = if self.out.words[at + 4] & F_ESCAPED == 0 {
            crate::keys::lookup(raw)
        } else {
            unescape(raw)
                .and_then(|units| String::from_utf16(&units).ok())
                .and_then(|text| crate::keys::lookup(text.as_bytes()))
        };
        if let Some(k) = known {
            self.out.words.truncate(at);
            self.out.words.extend([KEY_ID, k.0 as u32]);
        }
        Ok(())
    }

    /// A string starting at the opening quote; pushes len, off, copied, flags.
    fn string(&mut self) -> Result<(), SyntaxError> {
        self.i += 1;
        let start = self.i;
        let mut flags = 0;
        // A high surrogate escape waiting for its low half.
        let mut pending_high = false;
        loop {
            // Fast scan over plain bytes.
            let before = self.i;
            let rest = &self.s[self.i..];
            let (run, high) = plain(rest);
            if high >= 0x80 {
                self.out.ascii = false;
                if let Err(e) = std::str::from_utf8(&rest[..run]) {
                    self.i += e.valid_up_to();
                    return Err(self.error("the text is not valid UTF-8"));
                }
            }
            self.i += run;
            if pending_high && self.i > before {
                flags |= F_ILL_FORMED;
                pending_high = false;
            }
            match self.s.get(self.i) {
                None => return Err(self.error("unterminated string")),
                Some(b'"') => break,
                Some(b'\\') => {
                    flags |= F_ESCAPED;
                    self.i += 1;
                    match self.s.get(self.i) {
                        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                            self.i += 1;
                            if pending_high {
                                flags |= F_ILL_FORMED;
                            }
                            pending_high = false;
                        }
                        Some(b'u') => {
                            let hex = self.s.get(self.i + 1..self.i + 5).and_then(hex4);
                            let Some(unit) = hex else {
                                return Err(self.error("invalid \\u escape"));
                            };
                            self.i += 5;
                            match unit {
                                0xD800..=0xDBFF => {
                                    if pending_high {
                                        flags |= F_ILL_FORMED;
                                    }
                                    pending_high = true;
                                }
                                0xDC00..=0xDFFF => {
                                    if !pending_high {
                                        flags |= F_ILL_FORMED;
                                    }
                                    pending_high = false;
                                }
                                _ => {
                                    if pending_high {
                                        flags |= F_ILL_FORMED;
                                    }
                                    pending_high = false;
                                }
                            }
                        }
                        _ => return Err(self.error("invalid escape in a string")),
                    }
                }
                Some(_) => return Err(self.error("control character in a string")),
            }
        }
        if pending_high {
            flags |= F_ILL_FORMED;
        }
        let len = (self.i - start) as u32;
        self.i += 1;
        self.out.words.extend([len, start as u32, len, flags]);
        Ok(())
    }

    fn number(&mut self) -> Result<(), SyntaxError> {
        let start = self.i;
        match number_end(self.s, start) {
            Ok(end) => self.i = end,
            Err((at, what)) => {
                self.i = at;
                return Err(self.error(what));
            }
        }
        let n = super::number::value(&self.s[start..self.i]);
        self.out.words.extend([NUM, self.out.nums.len() as u32]);
        self.out.nums.push(n);
        Ok(())
    }
}

/// The end of the JSON number that starts at byte `i` of `s` (the grammar: a sign, digits
/// without a leading zero, a fraction, an exponent); or where its text breaks the grammar,
/// and how.
#[inline]
pub(crate) fn number_end(s: &[u8], mut i: usize) -> Result<usize, (usize, &'static str)> {
    let digits = |mut i: usize| {
        while let Some(b'0'..=b'9') = s.get(i) {
            i += 1;
        }
        i
    };
    if s.get(i) == Some(&b'-') {
        i += 1;
    }
    i = match s.get(i) {
        Some(b'0') => i + 1,
        Some(b'1'..=b'9') => digits(i),
        _ => return Err((i, "invalid number")),
    };
    if s.get(i) == Some(&b'.') {
        i += 1;
        if !matches!(s.get(i), Some(b'0'..=b'9')) {
            return Err((i, "invalid number: digits must follow '.'"));
        }
        i = digits(i);
    }
    if let Some(b'e' | b'E') = s.get(i) {
        i += 1;
        if let Some(b'+' | b'-') = s.get(i) {
            i += 1;
        }
        if !matches!(s.get(i), Some(b'0'..=b'9')) {
            return Err((i, "invalid number: digits must follow the exponent"));
        }
        i = digits(i);
    }
    Ok(i)
}

/// Decode the raw text of a JSON string (between its quotes) to UTF-16 units, lone surrogates
/// kept. `None` when an escape is malformed (the parser has already rejected such text).
pub fn unescape(raw: &[u8]) -> Option<Vec<u16>> {
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let run_end = raw[i..]
            .iter()
            .position(|&b| b == b'\\')
            .map_or(raw.len(), |p| i + p);
        out.extend(std::str::from_utf8(&raw[i..run_end]).ok()?.encode_utf16());
        i = run_end;
        if i >= raw.len() {
            break;
        }
        let unit = match raw.get(i + 1)? {
            b'"' => 0x22,
            b'\\' => 0x5C,
            b'/' => 0x2F,
            b'b' => 0x08,
            b'f' => 0x0C,
            b'n' => 0x0A,
            b'r' => 0x0D,
            b't' => 0x09,
            b'u' => {
                let unit = hex4(raw.get(i + 2..i + 6)?)?;
                i += 4;
                unit
            }
            _ => return None,
        };
        out.push(unit);
        i += 2;
    }
    Some(out)
}

/// The code unit of a `\u` escape's four hex digits (`from_str_radix` alone would also take a
/// leading `+`, which JSON does not).
pub(crate) fn hex4(h: &[u8]) -> Option<u16> {
    if h.len() != 4 || !h.iter().all(u8::is_ascii_hexdigit) {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(h).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The eight-at-a-time test and the table name the same bytes.
    #[test]
    fn stops_are_the_table() {
        for b in 0..=255u8 {
            let marked = crate::json_text::stops(u64::from(b)) & 0x80 != 0;
            assert_eq!(marked, STOPS[b as usize], "{b:#x}");
        }
    }

    fn tape(text: &str) -> JsonTape {
        parse(text, 64).unwrap()
    }

    #[test]
    fn objects_record_their_end_and_known_keys_their_number() {
        let t = tape(r#"{"type":"reply","zz":[1,true,null]}"#);
        let v = t.view(r#"{"type":"reply","zz":[1,true,null]}"#);
        assert_eq!(v.word(0), OBJ);
        assert_eq!(v.skip(0), t.words.len());
        let entries: Vec<_> = v.entries(0).collect();
        assert_eq!(entries.len(), 2);
        assert_eq!(v.key_id(entries[0].0), Some(crate::keys::TYPE));
        assert_eq!(v.key_name(entries[1].0), "zz");
        assert!(v.str_eq(v.str_at(entries[0].1), "reply"));
        assert_eq!(v.items(entries[1].1).count(), 3);
    }

    #[test]
    fn a_unicode_escape_is_four_hex_digits_and_nothing_else() {
        // `from_str_radix` takes a leading `+`: "\u+123" was read as U+0123 (found by the
        // partial-JSON parser's tests, which compare with JSON.parse).
        for bad in [r#""\u+123""#, r#""\u-123""#, r#""\u 123""#, r#""\u12""#] {
            assert!(parse(bad, 64).is_err(), "{bad}");
        }
        assert!(parse(r#""\u00e9\uD83D\uDE00""#, 64).is_ok());
        assert_eq!(unescape(br"\u+123"), None);
        assert_eq!(unescape(br"\u00e9"), Some(vec![0xe9]));
    }

    #[test]
    fn syntax_errors_say_where() {
        let e = parse("{\n  \"a\": tru }", 64).unwrap_err();
        assert_eq!(e.code, "invalid_json");
        assert_eq!((e.line, e.column), (2, 8));
        assert!(e.message.contains("line 2, column 8"), "{}", e.message);
        assert_eq!(parse("[1,]", 64).unwrap_err().offset, 3);
        assert!(parse("", 64).is_err());
        assert!(parse("01", 64).is_err());
        assert!(parse("\"a\u{1}\"", 64).is_err());
        assert!(parse("[1] x", 64).is_err());
        assert!(parse("\"\\x\"", 64).is_err());
        assert!(parse("1.", 64).is_err());
    }

    #[test]
    fn nesting_is_bounded_without_recursion_overflow() {
        let deep = "[".repeat(100_000);
        let e = parse(&deep, 128).unwrap_err();
        assert_eq!(e.code, "too_deep");
    }

    #[test]
    fn escapes_decode_and_lone_surrogates_are_flagged() {
        let text = r#"["a\"\u00e9\n", "\ud83d\ude00", "\ud800x", "\udc00"]"#;
        let t = tape(text);
        let v = t.view(text);
        let items: Vec<_> = v.items(0).map(|i| v.str_at(i)).collect();
        assert_eq!(v.str_lossy(items[0]), "a\"é\n");
        assert!(v.str_eq(items[0], "a\"é\n"));
        assert_eq!(v.str_lossy(items[1]), "😀");
        assert!(!items[1].ill_formed());
        assert!(items[2].ill_formed());
        assert!(items[3].ill_formed());
        assert_eq!(v.str_units(items[3]), vec![0xDC00]);
    }

    #[test]
    fn escaped_known_keys_are_known_keys() {
        let text = r#"{"t\u0079pe":"reply"}"#;
        let t = tape(text);
        let v = t.view(text);
        let (k, _) = v.entries(0).next().unwrap();
        assert_eq!(v.key_id(k), Some(crate::keys::TYPE));
    }

    #[test]
    fn bytes_that_are_not_utf8_are_a_syntax_error() {
        let mut t = JsonTape::default();
        assert!(parse_bytes_into(b"\"ok \xc3\xa9\"", 8, &mut t).is_ok());
        let e = parse_bytes_into(b"\"bad \xff\"", 8, &mut t).unwrap_err();
        assert_eq!((e.code, e.offset), ("invalid_json", 5));
        assert!(parse_bytes_into(b"[\xc3\xa9]", 8, &mut t).is_err());
    }

    #[test]
    fn numbers_parse_exactly() {
        let text = "[0, -1, 1700000000000, 1.5e3, -0.25, 123456789012345678901]";
        let t = tape(text);
        assert_eq!(
            t.nums,
            vec![0.0, -1.0, 1.7e12, 1500.0, -0.25, 123456789012345678901.0]
        );
    }
}
