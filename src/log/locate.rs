//! Where a path is in JSON text: the byte offset of the value a path names ([`locate`]), and
//! that offset as a line and column ([`position`]). Only for what is reported: a second, plain
//! pass over text that already parsed, stopping as soon as the path is found.

use crate::swar;
use crate::validate::PathSeg;

/// The offset of the first byte that is not JSON whitespace, from `i`.
fn skip_space(text: &[u8], mut i: usize) -> usize {
    while i < text.len() && matches!(text[i], b' ' | b'\t' | b'\n' | b'\r') {
        i += 1;
    }
    i
}

/// The offset just past the string whose opening quote is at `i`.
fn skip_string(text: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < text.len() {
        match text[i] {
            b'"' => return i + 1,
            b'\\' => i += 2,
            _ => i += 1,
        }
    }
    i
}

/// The offset just past the value that starts at `i`.
fn skip_value(text: &[u8], i: usize) -> usize {
    match text.get(i) {
        Some(b'"') => skip_string(text, i),
        Some(b'{' | b'[') => {
            let mut depth = 0usize;
            let mut j = i;
            while j < text.len() {
                match text[j] {
                    b'"' => {
                        j = skip_string(text, j);
                        continue;
                    }
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth -= 1;
                        if depth == 0 {
                            return j + 1;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            j
        }
        _ => {
            let mut j = i;
            while j < text.len()
                && !matches!(text[j], b',' | b'}' | b']' | b' ' | b'\n' | b'\r' | b'\t')
            {
                j += 1;
            }
            j
        }
    }
}

/// Does the raw (still escaped) key text equal `key`?
fn key_is(raw: &[u8], key: &str) -> bool {
    if !raw.contains(&b'\\') {
        return raw == key.as_bytes();
    }
    crate::tape::json::unescape(raw)
        .is_some_and(|units| units.iter().copied().eq(key.encode_utf16()))
}

/// The byte offset of the value at `path` in the JSON text `text` (which parsed), or of the
/// deepest value on the way that exists: a path to a missing property names its object.
pub fn locate(text: &[u8], path: &[PathSeg]) -> usize {
    let mut at = skip_space(text, 0);
    'steps: for seg in path {
        match (seg, text.get(at)) {
            (PathSeg::Key(key), Some(b'{')) => {
                let mut i = skip_space(text, at + 1);
                while text.get(i) == Some(&b'"') {
                    let end = skip_string(text, i);
                    let raw = &text[i + 1..end.saturating_sub(1).max(i + 1)];
                    let colon = skip_space(text, end);
                    let value = skip_space(text, colon + 1);
                    if key_is(raw, key) {
                        at = value;
                        continue 'steps;
                    }
                    let after = skip_space(text, skip_value(text, value));
                    if text.get(after) != Some(&b',') {
                        break;
                    }
                    i = skip_space(text, after + 1);
                }
                return at;
            }
            (PathSeg::Index(n), Some(b'[')) => {
                let mut i = skip_space(text, at + 1);
                for _ in 0..*n {
                    if matches!(text.get(i), None | Some(b']')) {
                        return at;
                    }
                    let after = skip_space(text, skip_value(text, i));
                    if text.get(after) != Some(&b',') {
                        return at;
                    }
                    i = skip_space(text, after + 1);
                }
                if matches!(text.get(i), None | Some(b']')) {
                    return at;
                }
                at = i;
            }
            _ => return at,
        }
    }
    at
}

/// Byte `offset` of `text` as (lines before it, 1-based column in characters on its line).
/// Eight bytes at a time: the first stage locates every call id and result of a log.
pub fn position(text: &[u8], offset: usize) -> (u64, u32) {
    let before = &text[..offset.min(text.len())];
    let lines = count(before, newlines);
    let line_start = match lines {
        0 => 0,
        _ => before
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |n| n + 1),
    };
    // Characters: every byte that does not continue a UTF-8 sequence (`10xxxxxx`).
    let line = &before[line_start..];
    let continuing = count(line, |x| x & !(x << 1) & swar::HIGHS);
    (lines as u64, (line.len() - continuing) as u32 + 1)
}

/// The offset of the first newline in `text` from `start`, or the text's length: eight bytes
/// at a time (the lines of a log are long and this runs over every byte).
pub fn next_newline(text: &[u8], start: usize) -> usize {
    let mut at = start;
    while let Some(x) = swar::word(text, at) {
        let found = newlines(x);
        if found != 0 {
            return at + swar::first(found);
        }
        at += 8;
    }
    text.get(at..)
        .and_then(|rest| rest.iter().position(|&b| b == b'\n'))
        .map_or(text.len(), |n| at + n)
}

/// The high bit of each newline among the eight bytes of `x`.
fn newlines(x: u64) -> u64 {
    swar::equal(x, b'\n')
}

/// How many bytes of `bytes` `mark` marks (it sets the high bit of each, given eight bytes).
fn count(bytes: &[u8], mark: impl Fn(u64) -> u64) -> usize {
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0;
    for c in &mut chunks {
        n += mark(u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).count_ones() as usize;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return n;
    }
    let mut last = [0u8; 8];
    last[..rest.len()].copy_from_slice(rest);
    let within = u64::MAX >> (64 - 8 * rest.len());
    n + (mark(u64::from_le_bytes(last)) & within).count_ones() as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(text: &str, path: &[PathSeg]) -> String {
        text[locate(text.as_bytes(), path)..]
            .chars()
            .take(6)
            .collect()
    }

    #[test]
    fn the_value_a_path_names() {
        let text = r#" {"a": [1, {"b\u0063": [[2]], "d": "x,]}"}, 3], "e" : {"f": true}}"#;
        assert_eq!(at(text, &[]), r#"{"a": "#);
        assert_eq!(at(text, &["a".into()]), "[1, {\"");
        assert_eq!(at(text, &["a".into(), 1.into(), "bc".into()]), "[[2]],");
        assert_eq!(at(text, &["a".into(), 2.into()]), "3], \"e");
        assert_eq!(at(text, &["e".into(), "f".into()]), "true}}");
        // Missing: the deepest value that exists.
        assert_eq!(at(text, &["e".into(), "g".into()]), r#"{"f": "#);
        assert_eq!(at(text, &["a".into(), 9.into()]), "[1, {\"");
        assert_eq!(
            at(text, &["a".into(), 1.into(), "d".into(), "z".into()]),
            "\"x,]}\""
        );
    }

    /// The eight-bytes-at-a-time count, against counting byte by byte, at every offset.
    #[test]
    fn position_counts_as_a_byte_by_byte_scan_does() {
        let text = "a\n{\"é\": \"€😀\",\n\n  \"k\": [\"\u{80}\u{7ff}\u{800}\u{ffff}\"]}\nend\n\n"
            .repeat(3);
        let bytes = text.as_bytes();
        for offset in 0..=bytes.len() + 2 {
            let before = &bytes[..offset.min(bytes.len())];
            let start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |n| n + 1);
            let lines = before.iter().filter(|&&b| b == b'\n').count() as u64;
            let column = before[start..]
                .iter()
                .filter(|&&b| b & 0xc0 != 0x80)
                .count() as u32;
            assert_eq!(position(bytes, offset), (lines, column + 1), "{offset}");
        }
    }

    /// The next newline, eight bytes at a time, against a byte-by-byte search, from every start.
    #[test]
    fn next_newline_finds_what_a_byte_by_byte_search_finds() {
        let text = "ab\ncdefghijklmnop\n\n\u{a0}\u{10a}xyz0123456789\nend".repeat(2);
        let bytes = text.as_bytes();
        for start in 0..=bytes.len() {
            let want = bytes[start..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |n| start + n);
            assert_eq!(next_newline(bytes, start), want, "{start}");
        }
    }

    #[test]
    fn lines_and_columns_count_characters() {
        let text = "ab\n\"é€😀\": 1";
        let colon = text.find(':').unwrap();
        assert_eq!(position(text.as_bytes(), colon), (1, 6));
        assert_eq!(position(text.as_bytes(), 0), (0, 1));
    }
}
