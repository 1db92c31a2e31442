//! The stream parsers: partial JSON text read as the AI SDK's `parsePartialJson` reads it, and
//! server-sent events read from bytes split anywhere.
use crate::support::last_value_wins;
use agent_messages::stream::partial_json::{self, Partial};
use agent_messages::stream::sse;
use agent_messages::tape::value::{name, Value};
use proptest::prelude::*;
use proptest::sample::select;

// ---------------------------------------------------------------------------------------------
// Partial JSON

/// `(text, the value parsePartialJson gives as JSON text, whether the text parsed whole)`,
/// each as the AI SDK 7.0.173 gives it (run through node). A lone surrogate (`"a\ud83d`) is
/// U+FFFD here, as `Value::parse` reads the expected text too.
const CASES: &[(&str, Option<&str>, bool)] = &[
    // Whole JSON.
    ("{\"a\":1}", Some("{\"a\":1}"), true),
    (" [1, 2] ", Some("[1,2]"), true),
    ("\"x\"", Some("\"x\""), true),
    ("0", Some("0"), true),
    ("-0", Some("-0"), true),
    ("true", Some("true"), true),
    ("null", Some("null"), true),
    ("1e+5", Some("100000"), true),
    // Nothing yet.
    ("", None, false),
    ("   ", None, false),
    ("-", None, false),
    // A dangling key, colon or comma is dropped.
    ("{", Some("{}"), false),
    ("[", Some("[]"), false),
    ("\"", Some("\"\""), false),
    ("{\"", Some("{}"), false),
    ("{\"a", Some("{}"), false),
    ("{\"a\"", Some("{}"), false),
    ("{\"a\":", Some("{}"), false),
    ("{\"a\": ", Some("{}"), false),
    ("[1,", Some("[1]"), false),
    ("{\"a\":1,", Some("{\"a\":1}"), false),
    ("{\"a\":1, \"b", Some("{\"a\":1}"), false),
    // Strings close; half an escape is dropped.
    ("\"abc", Some("\"abc\""), false),
    ("\"abc\\", Some("\"abc\""), false),
    ("\"abc\\n", Some("\"abc\\n\""), false),
    ("\"abc\\u00", Some("\"abc\""), false),
    ("\"abc\\u00e9", Some("\"abcé\""), false),
    ("\"a\\ud83d", Some("\"a\\ud83d\""), false),
    ("\"a\\ud83d\\ude00", Some("\"a😀\""), false),
    ("{\"a\": \"hel", Some("{\"a\":\"hel\"}"), false),
    // Arrays and objects close.
    ("[1, 2", Some("[1,2]"), false),
    ("[1, [2, [3", Some("[1,[2,[3]]]"), false),
    ("[1, 2]", Some("[1,2]"), true),
    ("[[], {}", Some("[[],{}]"), false),
    (
        "{\"a\": {\"b\": [1, {\"c\": \"x",
        Some("{\"a\":{\"b\":[1,{\"c\":\"x\"}]}}"),
        false,
    ),
    (
        "{\"a\": {\"b\": [1, {\"c\": \"x\"}], \"d",
        Some("{\"a\":{\"b\":[1,{\"c\":\"x\"}]}}"),
        false,
    ),
    ("[{\"a\":1},{\"b\":", Some("[{\"a\":1},{}]"), false),
    // Literals complete.
    ("{\"a\": tr", Some("{\"a\":true}"), false),
    ("{\"a\": f", Some("{\"a\":false}"), false),
    ("[n", Some("[null]"), false),
    ("nu", Some("null"), false),
    ("t", Some("true"), false),
    ("[true, fals", Some("[true,false]"), false),
    // Numbers end at their last digit.
    ("12.", Some("12"), false),
    ("12.5", Some("12.5"), true),
    ("-1", Some("-1"), true),
    ("1e", Some("1"), false),
    ("1e-", Some("1"), false),
    ("1E5", Some("100000"), true),
    ("1.5e+", Some("1.5"), false),
    ("[1.5e+", Some("[1.5]"), false),
    ("[-", Some("[]"), false),
    ("{\"a\": -", Some("{}"), false),
    // fixJson has no `+` in numbers: `+` ends one; the exponent's digits then count in an
    // array (any character does) and are skipped in an object.
    ("[1.5e+3", Some("[1500]"), false),
    ("{\"a\":1.5e+3", Some("{\"a\":1.5}"), false),
    // What follows whole JSON, or a value, is dropped up to where the text goes on.
    ("{\"a\":1}xyz", Some("{\"a\":1}"), false),
    ("{\"a\":1} {\"b\":2}", Some("{\"a\":1}"), false),
    ("truex", Some("true"), false),
    ("1 2", Some("1"), false),
    ("{\"a\":1 x", Some("{\"a\":1}"), false),
    ("{\"a\":1 x, \"b\": 2", None, false),
    ("[1 2", None, false),
    // A trailing comma is dropped; so is what fixJson skips while it waits for a `:`.
    ("[1,]", Some("[1]"), false),
    ("{\"a\":1,}", Some("{\"a\":1}"), false),
    ("{\"a\" 1}", Some("{}"), false),
    // Not JSON at all.
    ("{,}", None, false),
    ("x", None, false),
    ("]", None, false),
    ("\"a\nb", None, false),
    ("\"\\x", None, false),
    ("[01", None, false),
    // fixJson skips what is not a hex digit in `\u`, a quote too.
    ("\"\\u+123\"", Some("\"\""), false),
    // fixJson ends a key at `\"`: a `:` after it in the key starts the value early.
    ("{\"a\\\":1\": 2", None, false),
    ("{\"a\\\":1\": 2}", Some("{\"a\\\":1\":2}"), true),
    ("{\"a\\\"b\": 2", Some("{\"a\\\"b\":2}"), false),
    // A repeated key keeps its first place and its last value.
    ("{\"b\":1,\"a\":2,\"b\":3}", Some("{\"b\":3,\"a\":2}"), true),
    ("{\"b\":1,\"a\":2,\"b\":3", Some("{\"b\":3,\"a\":2}"), false),
    // secureJsonParse refuses `__proto__` keys and a `constructor` holding a `prototype`.
    ("{\"__proto__\":1}", None, false),
    ("{\"__proto__\":", Some("{}"), false),
    ("{\"x\":{\"__proto__\":{}}}", None, false),
    ("{\"constructor\":{\"prototype\":1}}", None, false),
    (
        "{\"constructor\":{\"prototype\":1},\"constructor\":2}",
        Some("{\"constructor\":2}"),
        true,
    ),
    ("{\"constructor\":[1]}", Some("{\"constructor\":[1]}"), true),
    (
        "{\"constructor\":{\"prototype\":",
        Some("{\"constructor\":{}}"),
        false,
    ),
];

#[test]
fn partial_json_reads_as_the_ai_sdk_does() {
    for &(text, want, complete) in CASES {
        let got = partial_json::parse(text);
        let want = want.map(|w| Value::parse(w).expect("expected text parses"));
        assert_eq!(got.value, want, "{text:?}");
        assert_eq!(got.complete, complete, "{text:?}");
        // Where fixJson's port and the engine's parser agree (no repeated or refused keys).
        if !["__proto__", "constructor", "\\u+"]
            .iter()
            .any(|w| text.contains(w))
        {
            assert_eq!(got, reference(text), "{text:?}");
        }
    }
}

/// The AI SDK's `fixJson` (ai/src/util/fix-json.ts), line for line over UTF-16 units as
/// JavaScript runs it: the reference the parser is checked against.
fn fix_json(input: &str) -> String {
    #[derive(Clone, Copy, PartialEq, Debug)]
    enum S {
        Root,
        Finish,
        ObjectStart,
        ObjectAfterComma,
        ObjectKey,
        ObjectAfterKey,
        ObjectBeforeValue,
        ObjectAfterValue,
        Str,
        StrEscape,
        StrUnicodeEscape,
        ArrayStart,
        ArrayAfterValue,
        ArrayAfterComma,
        Number,
        Literal,
    }
    use S::*;
    let input: Vec<u16> = input.encode_utf16().collect();
    let mut stack = vec![Root];
    let mut last_valid: isize = -1;
    let mut literal_start = 0;
    let mut hex_digits = 0;
    let unit = |i: usize| char::from_u32(input[i] as u32).unwrap_or('\u{FFFD}');
    let starts = |word: &str, from: usize, to: usize| {
        let part: Vec<u16> = input[from..to].to_vec();
        let word: Vec<u16> = word.encode_utf16().collect();
        word.starts_with(&part)
    };
    fn value_start(
        c: char,
        i: usize,
        swap: S,
        stack: &mut Vec<S>,
        last_valid: &mut isize,
        literal_start: &mut usize,
    ) {
        let state = match c {
            '"' => Str,
            'f' | 't' | 'n' => {
                *literal_start = i;
                Literal
            }
            '-' | '0'..='9' => Number,
            '{' => ObjectStart,
            '[' => ArrayStart,
            _ => return,
        };
        if c != '-' {
            *last_valid = i as isize;
        }
        stack.pop();
        stack.push(swap);
        stack.push(state);
    }
    fn after_object_value(c: char, i: usize, stack: &mut Vec<S>, last_valid: &mut isize) {
        match c {
            ',' => {
                stack.pop();
                stack.push(ObjectAfterComma);
            }
            '}' => {
                *last_valid = i as isize;
                stack.pop();
            }
            _ => {}
        }
    }
    fn after_array_value(c: char, i: usize, stack: &mut Vec<S>, last_valid: &mut isize) {
        match c {
            ',' => {
                stack.pop();
                stack.push(ArrayAfterComma);
            }
            ']' => {
                *last_valid = i as isize;
                stack.pop();
            }
            _ => {}
        }
    }
    for i in 0..input.len() {
        let c = unit(i);
        let (lv, ls) = (&mut last_valid, &mut literal_start);
        match *stack.last().unwrap() {
            Root => value_start(c, i, Finish, &mut stack, lv, ls),
            Finish => {}
            ObjectStart => match c {
                '"' => {
                    stack.pop();
                    stack.push(ObjectKey);
                }
                '}' => {
                    *lv = i as isize;
                    stack.pop();
                }
                _ => {}
            },
            ObjectAfterComma => {
                if c == '"' {
                    stack.pop();
                    stack.push(ObjectKey);
                }
            }
            ObjectKey => {
                if c == '"' {
                    stack.pop();
                    stack.push(ObjectAfterKey);
                }
            }
            ObjectAfterKey => {
                if c == ':' {
                    stack.pop();
                    stack.push(ObjectBeforeValue);
                }
            }
            ObjectBeforeValue => value_start(c, i, ObjectAfterValue, &mut stack, lv, ls),
            ObjectAfterValue => after_object_value(c, i, &mut stack, lv),
            Str => match c {
                '"' => {
                    stack.pop();
                    *lv = i as isize;
                }
                '\\' => stack.push(StrEscape),
                _ => *lv = i as isize,
            },
            ArrayStart => match c {
                ']' => {
                    *lv = i as isize;
                    stack.pop();
                }
                _ => value_start(c, i, ArrayAfterValue, &mut stack, lv, ls),
            },
            ArrayAfterValue => match c {
                ',' => {
                    stack.pop();
                    stack.push(ArrayAfterComma);
                }
                ']' => {
                    *lv = i as isize;
                    stack.pop();
                }
                _ => *lv = i as isize,
            },
            ArrayAfterComma => value_start(c, i, ArrayAfterValue, &mut stack, lv, ls),
            StrEscape => {
                stack.pop();
                if c == 'u' {
                    hex_digits = 0;
                    stack.push(StrUnicodeEscape);
                } else {
                    *lv = i as isize;
                }
            }
            StrUnicodeEscape => {
                if c.is_ascii_hexdigit() {
                    hex_digits += 1;
                    if hex_digits == 4 {
                        stack.pop();
                        *lv = i as isize;
                    }
                }
            }
            Number => match c {
                '0'..='9' => *lv = i as isize,
                'e' | 'E' | '-' | '.' => {}
                ',' => {
                    stack.pop();
                    if stack.last() == Some(&ArrayAfterValue) {
                        after_array_value(c, i, &mut stack, lv);
                    }
                    if stack.last() == Some(&ObjectAfterValue) {
                        after_object_value(c, i, &mut stack, lv);
                    }
                }
                '}' => {
                    stack.pop();
                    if stack.last() == Some(&ObjectAfterValue) {
                        after_object_value(c, i, &mut stack, lv);
                    }
                }
                ']' => {
                    stack.pop();
                    if stack.last() == Some(&ArrayAfterValue) {
                        after_array_value(c, i, &mut stack, lv);
                    }
                }
                _ => {
                    stack.pop();
                }
            },
            Literal => {
                if !starts("false", *ls, i + 1)
                    && !starts("true", *ls, i + 1)
                    && !starts("null", *ls, i + 1)
                {
                    stack.pop();
                    if stack.last() == Some(&ObjectAfterValue) {
                        after_object_value(c, i, &mut stack, lv);
                    } else if stack.last() == Some(&ArrayAfterValue) {
                        after_array_value(c, i, &mut stack, lv);
                    }
                } else {
                    *lv = i as isize;
                }
            }
        }
    }
    let mut result = String::from_utf16_lossy(&input[..(last_valid + 1) as usize]);
    for state in stack.iter().rev() {
        match state {
            Str => result.push('"'),
            ObjectKey | ObjectAfterKey | ObjectAfterComma | ObjectStart | ObjectBeforeValue
            | ObjectAfterValue => result.push('}'),
            ArrayStart | ArrayAfterComma | ArrayAfterValue => result.push(']'),
            Literal => {
                let partial = &input[literal_start..];
                for word in ["true", "false", "null"] {
                    let w: Vec<u16> = word.encode_utf16().collect();
                    if w.starts_with(partial) {
                        result.push_str(&word[partial.len()..]);
                        break;
                    }
                }
            }
            _ => {}
        }
    }
    result
}

/// `parsePartialJson` by the port of `fixJson` and the engine's strict parser, a repeated key
/// kept as `JSON.parse` keeps it (for texts without keys `secureJsonParse` refuses).
fn reference(text: &str) -> Partial {
    if let Ok(v) = Value::parse(text) {
        return Partial {
            value: Some(last_value_wins(v)),
            complete: true,
        };
    }
    Partial {
        value: Value::parse(&fix_json(text)).ok().map(last_value_wins),
        complete: false,
    }
}

/// Text without surrogates, with JSON's troublemakers (quotes, backslashes, control
/// characters) and multi-byte and astral characters.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-z ]{0,8}",
        "[\"\\\\/\u{0}-\u{1f}aé日\u{1F600}\u{10FFFF}:,{}\\[\\] ]{0,8}",
        "\\PC{0,6}",
    ]
}

fn number() -> impl Strategy<Value = f64> {
    prop_oneof![
        (-1000i64..1000).prop_map(|n| n as f64),
        any::<f64>().prop_filter("finite", |n| n.is_finite()),
        (-1e6f64..1e6),
        Just(-0.0),
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Num),
        text().prop_map(Value::Str),
    ];
    leaf.prop_recursive(4, 40, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Arr),
            prop::collection::vec((text(), inner), 0..5).prop_map(|entries| {
                // Distinct keys, in the order drawn.
                let mut seen = std::collections::HashSet::new();
                Value::Obj(
                    entries
                        .into_iter()
                        .filter(|(k, _)| seen.insert(k.clone()))
                        .map(|(k, v)| (name(&k), v))
                        .collect(),
                )
            }),
        ]
    })
}

/// `value` as JSON text, with some white space, and with its non-ASCII characters as `\u`
/// escapes (astral ones as surrogate pairs) if `escape`.
fn json_text(value: &Value, spaced: bool, escape: bool) -> String {
    let compact = value.to_json();
    let mut out = String::with_capacity(compact.len());
    let mut in_string = false;
    let mut escaped = false;
    for c in compact.chars() {
        if in_string {
            if escape && !c.is_ascii() {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
                continue;
            }
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
        } else if c == '"' {
            in_string = true;
        }
        out.push(c);
        if spaced && !in_string && matches!(c, ',' | ':' | '[' | '{') {
            out.push(' ');
        }
    }
    out
}

/// Each prefix of `text` that ends on a character boundary.
fn prefixes(text: &str) -> impl Iterator<Item = &str> {
    (0..=text.len())
        .filter(|&n| text.is_char_boundary(n))
        .map(|n| &text[..n])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Every prefix of JSON text reads as fixJson and `JSON.parse` read it, and the whole
    /// text is complete, its value the value written.
    #[test]
    fn every_prefix_of_json_reads_as_fix_json(
        value in json_value(),
        spaced in any::<bool>(),
        escape in any::<bool>(),
    ) {
        let text = json_text(&value, spaced, escape);
        for prefix in prefixes(&text) {
            prop_assert_eq!(partial_json::parse(prefix), reference(prefix), "{:?}", prefix);
        }
        let whole = partial_json::parse(&text);
        prop_assert!(whole.complete);
        prop_assert_eq!(whole.value, Some(value));
    }

    /// Edited JSON (a character put in, taken out or replaced, a few times), and every prefix
    /// of it: what fixJson skips, where it stops.
    #[test]
    fn edited_json_reads_as_fix_json(
        value in json_value(),
        edits in prop::collection::vec(
            (any::<prop::sample::Index>(), 0..3u8, select(&[
                "{", "}", "[", "]", "\"", ":", ",", " ", "\\", "\\\"", "\\u", "t", "r", "e", "n",
                "l", "0", "1", "-", "+", ".", "E", "x", "é", "\u{1F600}", "\n",
            ][..])),
            1..4,
        ),
    ) {
        let mut text = json_text(&value, false, false);
        for (at, op, piece) in edits {
            let mut at = at.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            let next = text[at..].chars().next().map_or(0, char::len_utf8);
            match op {
                0 => text.insert_str(at, piece),
                1 => text.replace_range(at..at + next, ""),
                _ => text.replace_range(at..at + next, piece),
            }
        }
        // The engine's parser takes `\u+123` for an escape (`u16::from_str_radix` allows the
        // sign); JSON.parse does not, nor does this parser.
        prop_assume!(!text.contains("\\u+"));
        for prefix in prefixes(&text) {
            prop_assert_eq!(partial_json::parse(prefix), reference(prefix), "{:?}", prefix);
        }
    }
}

#[test]
fn deep_nesting_stops_cleanly() {
    use agent_messages::boundary::limit::DEPTH_CEILING;
    let ceiling = DEPTH_CEILING as usize;
    // As deep as the engine reads: a value.
    let at_ceiling = "[".repeat(ceiling);
    let got = partial_json::parse(&at_ceiling);
    assert!(!got.complete);
    let mut depth = 0;
    let mut v = got.value.as_ref();
    while let Some(Value::Arr(items)) = v {
        depth += 1;
        v = items.first();
    }
    assert_eq!(depth, ceiling);
    // Deeper: no value, and no stack overflow however deep.
    for text in [
        "[".repeat(ceiling + 1),
        "[".repeat(100_000),
        format!("{}{}", "[".repeat(100_000), "]".repeat(100_000)),
        "{\"a\":".repeat(100_000),
        "{\"a\":[".repeat(100_000),
        "[{\"a\":\"x\",\"b\":".repeat(50_000),
    ] {
        assert_eq!(
            partial_json::parse(&text),
            Partial {
                value: None,
                complete: false
            }
        );
    }
    // Closers alone read nothing.
    assert_eq!(partial_json::parse(&"]".repeat(100_000)).value, None);
}

#[test]
fn long_texts_read_in_one_go() {
    // A 10 MB string, streaming and whole.
    let body = "ab\\\"cd\u{e9}".repeat(10_000_000 / 8);
    let open = format!("{{\"content\": \"{body}");
    let got = partial_json::parse(&open);
    let Some(Value::Obj(entries)) = got.value else {
        panic!("an object")
    };
    let want = "ab\"cd\u{e9}".repeat(10_000_000 / 8);
    assert_eq!(entries[0].1.as_str(), Some(&want[..]));
    let whole = partial_json::parse(&format!("{open}\"}}"));
    assert!(whole.complete);
    // A long array of numbers, and an object of many keys, some repeated.
    let numbers = format!("[{}", "12.5,".repeat(200_000));
    let got = partial_json::parse(&numbers).value.unwrap();
    assert_eq!(got.as_array().unwrap().len(), 200_000);
    let mut keys = String::from("{");
    for n in 0..200_000 {
        keys.push_str(&format!("\"k{}\":{n},", n % 150_000));
    }
    let got = partial_json::parse(&keys).value.unwrap();
    let entries = got.as_object().unwrap();
    assert_eq!(entries.len(), 150_000);
    assert_eq!(entries[0], (name("k0"), Value::Num(150_000.0)));
    assert_eq!(entries[149_999], (name("k149999"), Value::Num(149_999.0)));
}

// ---------------------------------------------------------------------------------------------
// Server-sent events

type Ev = (Option<Vec<u8>>, Vec<u8>);

/// The events of a stream fed in these pieces, then ended.
fn events_of(pieces: &[&[u8]]) -> Vec<Ev> {
    let mut out = Vec::new();
    let mut parser = sse::Parser::default();
    let mut on = |e: sse::Event<'_>| out.push((e.event.map(<[u8]>::to_vec), e.data.to_vec()));
    for piece in pieces {
        parser.feed(piece, &mut on);
    }
    parser.end(&mut on);
    out
}

/// The events of a stream fed whole, and fed byte by byte (which must agree).
fn events(stream: &str) -> Vec<Ev> {
    let whole = events_of(&[stream.as_bytes()]);
    let bytes: Vec<&[u8]> = stream.as_bytes().chunks(1).collect();
    assert_eq!(events_of(&bytes), whole, "byte by byte: {stream:?}");
    whole
}

fn ev(event: Option<&str>, data: &str) -> Ev {
    (
        event.map(|e| e.as_bytes().to_vec()),
        data.as_bytes().to_vec(),
    )
}

#[test]
fn sse_fields_and_comments() {
    assert_eq!(
        events(": hello\n\ndata: {\"a\":1}\n\n:comment\ndata:x\n\n"),
        [ev(None, "{\"a\":1}"), ev(None, "x")]
    );
    // One space is taken after the colon, no more.
    assert_eq!(events("data:  x \n\n"), [ev(None, " x ")]);
    // Data lines join with `\n`; an empty one is an empty line of data.
    assert_eq!(events("data: a\ndata: b\n\n"), [ev(None, "a\nb")]);
    assert_eq!(
        events("data\n\ndata:\ndata:\n\ndata: a\ndata\n\n"),
        [ev(None, ""), ev(None, "\n"), ev(None, "a\n")]
    );
    // Event names; a blank line without data resets the name and dispatches nothing.
    assert_eq!(
        events("event: delta\ndata: 1\n\nevent: ping\n\ndata: 2\n\nevent:\ndata: 3\n\n"),
        [ev(Some("delta"), "1"), ev(None, "2"), ev(None, "3")]
    );
    // id, retry and unknown fields are read and ignored; field names are case-sensitive.
    assert_eq!(
        events("id: 7\nretry: 100\nfoo: bar\nData: no\ndata: yes\nevent: a:b\n\n"),
        [ev(Some("a:b"), "yes")]
    );
    // `[DONE]` is data like any other.
    assert_eq!(events("data: [DONE]\n\n"), [ev(None, "[DONE]")]);
    assert_eq!(events(""), []);
    assert_eq!(events("\n\n\n: only comments\n"), []);
}

#[test]
fn sse_line_ends() {
    let want = [ev(Some("e"), "a\nb"), ev(None, "c")];
    for stream in [
        "event: e\ndata: a\ndata: b\n\ndata: c\n\n",
        "event: e\r\ndata: a\r\ndata: b\r\n\r\ndata: c\r\n\r\n",
        "event: e\rdata: a\rdata: b\r\rdata: c\r\r",
        "event: e\r\ndata: a\rdata: b\n\r\ndata: c\r\n\n",
    ] {
        assert_eq!(events(stream), want, "{stream:?}");
    }
    // `\r` ending one piece and `\n` starting the next are one line end.
    assert_eq!(
        events_of(&[b"data: a\r", b"\ndata: b\r", b"", b"\n\r", b"\n"]),
        [ev(None, "a\nb")]
    );
    assert_eq!(
        events_of(&[b"data: a\r", b"\r", b"\ndata: b\n\n"]),
        [ev(None, "a"), ev(None, "b")]
    );
}

#[test]
fn sse_bom_and_the_last_event() {
    // A BOM at the start is skipped, in whatever pieces it comes; elsewhere it is data.
    assert_eq!(events("\u{FEFF}data: x\n\n"), [ev(None, "x")]);
    assert_eq!(
        events_of(&[b"\xEF", b"\xBB", b"\xBFdata: x\n\n"]),
        [ev(None, "x")]
    );
    assert_eq!(events("data: \u{FEFF}x\n\n"), [ev(None, "\u{FEFF}x")]);
    // Only one BOM; bytes that begin like one are the first line's.
    assert_eq!(events("\u{FEFF}\u{FEFF}data: x\n\n"), []);
    assert_eq!(
        events_of(&[b"\xEF\xBB", b"data: x\n\n", b"data: y\n\n"]),
        [ev(None, "y")]
    );
    assert_eq!(events_of(&[b"\xEF\xBB"]), []);
    // A last event without its blank line, or without any line end, is dispatched at the end.
    assert_eq!(
        events("data: a\n\ndata: b\n"),
        [ev(None, "a"), ev(None, "b")]
    );
    assert_eq!(events("event: x\ndata: b"), [ev(Some("x"), "b")]);
    assert_eq!(events("data: b\r"), [ev(None, "b")]);
}

#[test]
fn sse_data_split_inside_characters() {
    let stream = "data: h\u{e9}llo \u{1F600}\n\n".as_bytes();
    // Every split of the stream in two or three pieces.
    for i in 0..=stream.len() {
        for j in i..=stream.len() {
            let got = events_of(&[&stream[..i], &stream[i..j], &stream[j..]]);
            assert_eq!(got, [ev(None, "h\u{e9}llo \u{1F600}")], "{i} {j}");
        }
    }
}

#[test]
fn sse_an_event_in_one_piece_is_handed_out_in_place() {
    let piece = b"event: a\ndata: {\"x\":1}\n\ndata: a\ndata: b\n\ndata: c";
    let mut parser = sse::Parser::default();
    let mut in_place = Vec::new();
    let mut on = |e: sse::Event<'_>| {
        in_place.push(piece.as_ptr_range().contains(&e.data.as_ptr()));
    };
    parser.feed(piece, &mut on);
    parser.end(&mut on);
    // Two data lines are joined, and what the piece left is kept.
    assert_eq!(in_place, [true, false, false]);
}

/// One event of the property: maybe a name, and data (lines joined by `\n`).
fn sse_event() -> impl Strategy<Value = (Option<String>, String)> {
    let line = "[a-z0-9 :{}\"\\[\\]é日\u{1F600}\u{FEFF}]{0,12}";
    (
        prop::option::of("[a-z_.: é\u{1F600}]{1,10}"),
        prop::collection::vec(line, 1..4).prop_map(|lines| lines.join("\n")),
    )
}

/// How each line of the stream is written: its end, and what may come before it.
#[derive(Debug, Clone)]
struct Framing {
    /// 0: `\n`, 1: `\r\n`, 2: `\r`.
    end: u8,
    /// A comment, an ignored field or a blank line (0..3) before each line of the event (the
    /// blank line before its first only), or nothing.
    noise: u8,
    /// `data:value` without the space, where the value allows it.
    tight: bool,
}

fn framing() -> impl Strategy<Value = Framing> {
    (0..3u8, 0..8u8, any::<bool>()).prop_map(|(end, noise, tight)| Framing { end, noise, tight })
}

/// The stream of `events`, framed by `framings` (cycled), after a BOM if `bom`; the last
/// event's blank line is left out if `cut`.
fn sse_stream(
    events: &[(Option<String>, String)],
    framings: &[Framing],
    bom: bool,
    cut: bool,
) -> Vec<u8> {
    let mut out = Vec::new();
    if bom {
        out.extend_from_slice(b"\xEF\xBB\xBF");
    }
    let mut n = 0;
    // A line ended by a lone `\r`, then a blank line ended by `\n`, would read as one `\r\n`.
    let mut after_cr = false;
    let mut line = |out: &mut Vec<u8>, text: &[u8], framing: Option<&Framing>| {
        let f = &framings[n % framings.len()];
        n += 1;
        let mut end = framing.map_or(f.end, |f| f.end);
        if text.is_empty() && after_cr && end == 0 {
            end = 1;
        }
        out.extend_from_slice(text);
        out.extend_from_slice([&b"\n"[..], b"\r\n", b"\r"][end as usize]);
        after_cr = end == 2;
    };
    for (e, (name, data)) in events.iter().enumerate() {
        let f = framings[e % framings.len()].clone();
        let mut first = true;
        let mut field = |out: &mut Vec<u8>, key: &str, value: &str| {
            match f.noise {
                0 => line(out, b": a comment", None),
                1 => line(out, b"id: 42", None),
                // A blank line inside an event would end it.
                2 if first => line(out, b"", None),
                _ => {}
            }
            first = false;
            let sep = if f.tight && !value.starts_with(' ') {
                ":"
            } else {
                ": "
            };
            line(out, format!("{key}{sep}{value}").as_bytes(), None);
        };
        if let Some(name) = name {
            field(&mut out, "event", name);
        }
        for data_line in data.split('\n') {
            field(&mut out, "data", data_line);
        }
        if !(cut && e + 1 == events.len()) {
            line(&mut out, b"", Some(&f));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Events framed any way (line ends, comments, ignored fields, blank lines, a BOM, a last
    /// event without its blank line), fed in random pieces (single bytes, pieces splitting
    /// UTF-8 sequences and `\r\n`): the events read are the events written.
    #[test]
    fn sse_events_come_out_as_they_went_in(
        events in prop::collection::vec(sse_event(), 0..6),
        framings in prop::collection::vec(framing(), 1..8),
        bom in any::<bool>(),
        cut in any::<bool>(),
        splits in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        singles in any::<bool>(),
    ) {
        let stream = sse_stream(&events, &framings, bom, cut);
        let pieces: Vec<&[u8]> = if singles {
            stream.chunks(1).collect()
        } else {
            let mut at: Vec<usize> = splits.iter().map(|i| i.index(stream.len() + 1)).collect();
            at.push(0);
            at.push(stream.len());
            at.sort_unstable();
            at.windows(2).map(|w| &stream[w[0]..w[1]]).collect()
        };
        let want: Vec<Ev> = events
            .iter()
            .map(|(name, data)| (name.as_ref().map(|n| n.as_bytes().to_vec()), data.as_bytes().to_vec()))
            .collect();
        prop_assert_eq!(events_of(&pieces), want);
    }
}
