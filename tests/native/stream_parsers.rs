//! The stream parsers: partial JSON text read as the AI SDK's `parsePartialJson` reads it.
use agent_messages::stream::partial_json::{self, Partial};
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

/// A repeated key at its first place with its last value, as `JSON.parse` keeps it.
fn last_value_wins(v: Value) -> Value {
    match v {
        Value::Arr(items) => Value::Arr(items.into_iter().map(last_value_wins).collect()),
        Value::Obj(entries) => {
            let mut out: Vec<(_, Value)> = Vec::new();
            for (k, v) in entries {
                let v = last_value_wins(v);
                match out.iter_mut().find(|(seen, _)| *seen == k) {
                    Some(entry) => entry.1 = v,
                    None => out.push((k, v)),
                }
            }
            Value::Obj(out)
        }
        v => v,
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
