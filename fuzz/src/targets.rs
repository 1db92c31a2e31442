//! What each fuzz target checks, one function per target over the fuzzer's bytes. The fuzz
//! crate runs them under libFuzzer (`fuzz/fuzz_targets/`); the native test suite includes this
//! file too (`tests/native/fuzz_replay.rs`) and replays every minimised finding kept in
//! `fuzz/regressions/TARGET/` through the same function, so a fixed finding stays fixed.
//!
//! Each asserts more than "no panic": see each function. Both crates provide the round-trip
//! law as `crate::convert_law` (the native tests' own module; the fuzz crate includes it).

use crate::support::{last_value_wins, CONVERTIBLE};
use agent_messages::convert::check::check as check_conversation;
use agent_messages::convert::report::SYSTEM;
use agent_messages::formats::{schemas, Format};
use agent_messages::log::conversations::Conversations;
use agent_messages::log::detect::{bit, Detector};
use agent_messages::log::scan::{Scanner, Verdict};
use agent_messages::log::units::Units;
use agent_messages::log::Config;
use agent_messages::stream::partial_json;
use agent_messages::stream::{Accumulator, Finished};
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::json::{parse_bytes_into, JsonTape};
use agent_messages::tape::number;
use agent_messages::tape::value::Value;
use agent_messages::tape::TapeView;
use agent_messages::validate::{
    base64_check, base64_decode, base64_encode, check, encode_json, read_values, Input, Issue,
    IssueCode, Mode, ObjectShape, Options, PathSeg, Revive, ReviveKind, Shape,
};
use arbitrary::Unstructured;

/// A target's check over the fuzzer's bytes.
pub type Target = fn(&[u8]) -> bool;

/// The targets, by name: the names of `fuzz/fuzz_targets/*.rs` and of the regression folders.
/// Each says whether the input went past its first gate (JSON text that parses, a conversation
/// valid in its format): the inputs whose times are comparable (`fuzz/src/linear.rs`).
pub const TARGETS: &[(&str, Target)] = &[
    ("json_text", json_text),
    ("tape", tape),
    ("convert_law", convert_law),
    ("conversation", conversation),
    ("codecs", codecs),
    ("streams", streams),
    ("log_stages", log_stages),
];

/// An issue says what is wrong in words, and where.
fn well_formed(issues: &[Issue]) {
    for issue in issues {
        assert!(
            !issue.message.trim().is_empty(),
            "an issue without words: {issue:?}"
        );
        assert!(
            issue.expected.as_deref() != Some(""),
            "an empty `expected`: {issue:?}"
        );
    }
}

/// JSON text into the tape, and what reads the tape (the first byte picks a documented type,
/// and strict mode by its high bit; the rest is the text): any bytes parse or give a syntax
/// error; what parses is UTF-8 and reads back into a value whose JSON text is stable (written,
/// parsed and written again, the same text) and that the other reader reads alike; the type's
/// validator takes it, each issue well formed, and a value valid in the type reads back (as a
/// conversion reads it) as itself; what the check's fast lane is sure of parses and is valid.
pub fn json_text(data: &[u8]) -> bool {
    let Some((&pick, data)) = data.split_first() else {
        return false;
    };
    // The check's fast lane (`log::scan`), lenient or strict by the pick's high bit: what it
    // is sure of parses and the walk finds nothing in.
    let schema = &schemas()[(pick & 0x7f) as usize % schemas().len()];
    let opts = Options {
        strict: pick >= 0x80,
        max_depth: 64,
        ..Options::default()
    };
    let sure = Scanner::default()
        .check(data, schema.shape, &opts)
        .is_some();
    let mut tape = JsonTape::default();
    if parse_bytes_into(data, 64, &mut tape).is_err() {
        assert!(!sure, "the fast lane is sure of text that does not parse");
        return false;
    }
    let text = std::str::from_utf8(data).expect("JSON text that parsed is UTF-8");
    let view = tape.view_bytes(data);
    let value = Value::from_tape(&view, 0);
    let written = value.to_json();
    let again = Value::parse(&written).expect("written JSON text parses");
    assert_eq!(again.to_json(), written, "written JSON text is stable");
    assert_eq!(
        Value::parse(text).as_ref(),
        Ok(&value),
        "two readers, one value"
    );
    let checked = check(&view, 0, schema.shape, Mode::Json, &opts);
    well_formed(&checked.issues);
    if sure {
        assert_eq!(
            checked.issues,
            vec![],
            "{}: the fast lane is sure",
            schema.name
        );
    }
    if checked.issues.is_empty() {
        let read = read_values(&view, 0, schema.shape, Mode::Json, &opts, Input::One);
        assert_eq!(read.issues, vec![], "{}: check and read agree", schema.name);
        assert_eq!(
            read.value,
            Some(value),
            "{}: read back as itself",
            schema.name
        );
    }
    true
}

/// Keys and strings the shapes know, so that generated values reach past the first check (and
/// the fuzzer's dictionary, `write_fuzz_seeds` in `tests/native/fuzz_replay.rs`).
pub fn words() -> &'static [&'static str] {
    static WORDS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    WORDS.get_or_init(|| {
        let mut out: Vec<&'static str> = agent_messages::keys::KEYS.to_vec();
        let mut seen = Vec::new();
        for schema in schemas() {
            literals(schema.shape, &mut out, &mut seen, 0);
        }
        out.sort_unstable();
        out.dedup();
        out
    })
}

/// The literal strings under `shape` (tags, enums, union cases), to a depth.
fn literals(shape: &'static Shape, out: &mut Vec<&'static str>, seen: &mut Vec<usize>, depth: u32) {
    let id = shape as *const Shape as usize;
    if depth > 24 || seen.contains(&id) {
        return;
    }
    seen.push(id);
    match shape {
        Shape::Literal(s) => out.push(s),
        Shape::Enum(list) => out.extend_from_slice(list),
        Shape::Nullable(inner)
        | Shape::Array(inner)
        | Shape::Record(inner)
        | Shape::Rule(inner, _) => literals(inner, out, seen, depth + 1),
        Shape::OneOf(list) => list.iter().for_each(|s| literals(s, out, seen, depth + 1)),
        Shape::Object(o) => fields(o, out, seen, depth),
        Shape::Tagged(t) => {
            fields(t.base, out, seen, depth);
            for (tag, o) in t.variants {
                out.push(tag);
                fields(o, out, seen, depth);
            }
        }
        Shape::Union(u) => {
            fields(u.base, out, seen, depth);
            for (tag, s) in u.cases {
                out.push(tag.trim_end_matches("${string}"));
                literals(s, out, seen, depth + 1);
            }
        }
        _ => {}
    }
}

fn fields(o: &'static ObjectShape, out: &mut Vec<&'static str>, seen: &mut Vec<usize>, depth: u32) {
    for f in o.fields {
        literals(&f.shape, out, seen, depth + 1);
    }
}

/// A string: mostly a word the shapes know, else any.
fn string(u: &mut Unstructured) -> arbitrary::Result<String> {
    Ok(match u.int_in_range(0..=3u8)? {
        0 | 1 => u.choose(words())?.to_string(),
        2 => String::new(),
        _ => u.arbitrary::<String>()?,
    })
}

/// A number, often one of the edges.
fn number(u: &mut Unstructured) -> arbitrary::Result<f64> {
    const EDGES: &[f64] = &[
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        1e21,
        1e-7,
        9007199254740993.0,
        1.7e12,
        f64::MAX,
        f64::MIN_POSITIVE,
        f64::NAN,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    Ok(match u.ratio(1u8, 2)? {
        true => *u.choose(EDGES)?,
        false => u.arbitrary::<f64>()?,
    })
}

/// A JavaScript value as the walker would classify it (every kind it reports), to `depth`.
fn js(u: &mut Unstructured, depth: u32) -> arbitrary::Result<Js> {
    let leaf = depth == 0 || u.is_empty();
    let kind = u.int_in_range(0..=if leaf { 11u8 } else { 17 })?;
    Ok(match kind {
        0 => Js::Null,
        1 => Js::Undefined,
        2 => Js::Bool(u.arbitrary()?),
        3 => Js::Num(number(u)?),
        4..=6 => Js::Str(string(u)?),
        7 => Js::Utf16(u.arbitrary()?),
        8 => Js::Bytes(u.arbitrary()?),
        // A `URL`'s `href` is always absolute.
        9 => Js::Url(format!(
            "{}:{}",
            u.choose(&["https", "data", "file", "x-y.z"])?,
            string(u)?
        )),
        10 => match u.int_in_range(0..=6u8)? {
            0 => Js::ArrayBuffer(u.arbitrary()?),
            1 => Js::BigInt,
            2 => Js::Symbol,
            3 => Js::Function,
            4 => Js::Other(u.arbitrary()?),
            5 => Js::Cycle,
            _ => Js::Threw(string(u)?),
        },
        11 => Js::Deep,
        12 | 13 => {
            let n = u.int_in_range(0..=4u8)?;
            Js::Arr((0..n).map(|_| js(u, depth - 1)).collect::<Result<_, _>>()?)
        }
        14 => Js::Error(entries(u, depth)?),
        _ => Js::Obj(entries(u, depth)?),
    })
}

/// An object's properties: a key given twice keeps its first place and its last value, as
/// in JavaScript (the walker never sees a key twice).
fn entries(u: &mut Unstructured, depth: u32) -> arbitrary::Result<Vec<(String, Js)>> {
    let n = u.int_in_range(0..=6u8)?;
    let mut out: Vec<(String, Js)> = Vec::new();
    for _ in 0..n {
        let (key, value) = (string(u)?, js(u, depth - 1)?);
        match out.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = value,
            None => out.push((key, value)),
        }
    }
    Ok(out)
}

/// The tape and the engine over structured values (a tape as the JavaScript walker writes it,
/// of any kind the walker reports, keys and strings mostly ones the shapes know), against every
/// documented type: the three walks (check, toJSON's text, the values a conversion reads)
/// report the same issues, each well formed; what toJSON writes is JSON text that fromJSON
/// takes without an issue and reads back as the same values; and what fromJSON revives from
/// it, toJSON writes as the same text.
pub fn tape(data: &[u8]) -> bool {
    let mut u = Unstructured::new(data);
    let Ok(schema) = u.choose(schemas()) else {
        return false;
    };
    let Ok(value) = js(&mut u, 6) else {
        return false;
    };
    let opts = Options::default();
    let tape = Tape::from_js(&value, true);
    let view = tape.view();
    let checked = check(&view, 0, schema.shape, Mode::Js, &opts);
    well_formed(&checked.issues);
    let text = encode_json(&view, 0, schema.shape, &opts);
    let values = read_values(&view, 0, schema.shape, Mode::Js, &opts, Input::One);
    let name = schema.name;
    // Writing finds what validating does not look for: values JSON cannot carry where
    // anything goes (a class instance, a cycle), and output past the limits.
    let written_only = |i: &&Issue| {
        matches!(
            i.code,
            IssueCode::NotSerializable
                | IssueCode::Cycle
                | IssueCode::TooLarge
                | IssueCode::TooDeep
        )
    };
    // (Writing stops at the limits: then the rest is not looked at.)
    if !text.issues.iter().any(|i| written_only(&i)) {
        let checked_alike: Vec<&Issue> =
            checked.issues.iter().filter(|i| !written_only(i)).collect();
        let validated: Vec<&Issue> = text.issues.iter().collect();
        assert_eq!(
            checked_alike, validated,
            "{name}: check and toJSON agree\n{value:?}"
        );
    }
    assert_eq!(
        values.issues, text.issues,
        "{name}: toJSON and read agree\n{value:?}"
    );
    assert_eq!(
        values.revive, text.revive,
        "{name}: one revival plan\n{value:?}"
    );
    let Some(json) = text.json else {
        assert!(
            !text.issues.is_empty(),
            "{name}: no issue, yet no JSON text"
        );
        return false;
    };
    let parsed = agent_messages::tape::json::parse(&json, 1024)
        .unwrap_or_else(|e| panic!("{name}: toJSON wrote what does not parse ({e:?}): {json}"));
    let back = read_values(
        &parsed.view(&json),
        0,
        schema.shape,
        Mode::Json,
        &opts,
        Input::One,
    );
    assert!(
        back.issues.is_empty(),
        "{name}: fromJSON refuses toJSON's text {json}: {:?}",
        back.issues
    );
    assert_eq!(
        back.value, values.value,
        "{name}: the text reads back as the values"
    );
    let Some(back_value) = back.value else {
        panic!("{name}: no issue, yet no values");
    };
    let revived = revive(&back_value, &back.revive);
    let again = encode_json(
        &Tape::from_js(&revived, true).view(),
        0,
        schema.shape,
        &opts,
    );
    assert_eq!(
        again.json.as_ref(),
        Some(&json),
        "{name}: toJSON(fromJSON(text)) is the text\n{revived:?}"
    );
    true
}

/// What `fromJSON` gives: the JSON-form value with its revival plan carried out.
fn revive(value: &Value, plan: &Revive) -> Js {
    let mut js = plain(value);
    for (path, kind) in &plan.ops {
        let Some(at) = place(&mut js, path) else {
            panic!("the revival plan names no place: {path:?} in {value:?}");
        };
        let old = std::mem::replace(at, Js::Null);
        *at = match (kind, old) {
            (ReviveKind::Bytes { off, len }, _) => Js::Bytes(plan.bytes[*off..off + len].to_vec()),
            (ReviveKind::ArrayBuffer { off, len }, _) => {
                Js::ArrayBuffer(plan.bytes[*off..off + len].to_vec())
            }
            (ReviveKind::Url, Js::Str(href)) => Js::Url(href),
            (ReviveKind::Error, Js::Obj(entries)) => Js::Error(entries),
            (ReviveKind::Unwrap, Js::Obj(mut entries)) if entries.len() == 1 => {
                entries.pop().map(|(_, v)| v).unwrap_or(Js::Null)
            }
            (kind, old) => panic!("the revival plan's {kind:?} cannot apply to {old:?}"),
        };
    }
    js
}

/// A JSON value as the walker sees it.
fn plain(value: &Value) -> Js {
    match value {
        Value::Null => Js::Null,
        Value::Bool(b) => Js::Bool(*b),
        Value::Num(n) => Js::Num(*n),
        Value::Str(s) => Js::Str(s.to_string()),
        Value::Arr(items) => Js::Arr(items.iter().map(plain).collect()),
        Value::Obj(entries) => Js::Obj(
            entries
                .iter()
                .map(|(k, v)| (k.to_string(), plain(v)))
                .collect(),
        ),
    }
}

fn place<'a>(js: &'a mut Js, path: &[PathSeg]) -> Option<&'a mut Js> {
    let Some((first, rest)) = path.split_first() else {
        return Some(js);
    };
    let next = match (js, first) {
        (Js::Arr(items), PathSeg::Index(i)) => items.get_mut(*i as usize)?,
        (Js::Obj(entries) | Js::Error(entries), PathSeg::Key(k)) => entries
            .iter_mut()
            .find(|(name, _)| name == k)
            .map(|(_, v)| v)?,
        _ => return None,
    };
    place(next, rest)
}

/// A list of messages valid in `format`, from JSON text (a list, or one message).
fn valid_list(format: Format, text: &[u8]) -> Option<Vec<Value>> {
    let text = std::str::from_utf8(text).ok()?;
    let tape = agent_messages::tape::json::parse(text, 64).ok()?;
    let read = read_values(
        &tape.view(text),
        0,
        format.message_schema().shape,
        Mode::Json,
        &Options::default(),
        Input::List,
    );
    match read.value? {
        Value::Arr(values) => Some(values),
        one => Some(vec![one]),
    }
}

/// Every conversion pair (the first two bytes pick it) over any conversation valid in its
/// source, held to the round-trip law (`tests/native/convert_law.rs`): valid output both ways;
/// without a loss reported, back exactly; with losses, everything not reported comes back.
pub fn convert_law(data: &[u8]) -> bool {
    let [a, b, rest @ ..] = data else {
        return false;
    };
    let formats = CONVERTIBLE;
    let from = formats[*a as usize % formats.len()];
    let to = formats[*b as usize % formats.len()];
    let Some(values) = valid_list(from, rest) else {
        return false;
    };
    if let Err(e) = crate::convert_law::law(from, to, &values) {
        panic!("{e}");
    }
    true
}

/// The checks across a conversation and format detection, over any conversation valid in a
/// format (the first byte picks it): findings name a message of the conversation and say what
/// is wrong; the detector's bits are what each format's validators say of each message.
pub fn conversation(data: &[u8]) -> bool {
    let Some((&pick, rest)) = data.split_first() else {
        return false;
    };
    let formats = CONVERTIBLE;
    let format = formats[pick as usize % formats.len()];
    if let Some(values) = valid_list(format, rest) {
        for finding in check_conversation(format, &values).findings {
            assert!(!finding.message.is_empty() && !finding.code.is_empty());
            assert!(
                finding.index < values.len() || finding.index == SYSTEM,
                "{finding:?} names no message"
            );
        }
    }
    let Ok(text) = std::str::from_utf8(rest) else {
        return false;
    };
    let Ok(tape) = agent_messages::tape::json::parse(text, 64) else {
        return false;
    };
    detected_as_validated(&tape.view(text), text.as_bytes());
    true
}

/// Format detection at the tape's start says what each format's validators say, loosely and
/// strictly (`detection_says_what_the_validators_say` in tests/native/log.rs uses it too); so
/// does the fast lane's, off `text` (the tape's text), where it is sure: each stored type's
/// verdict, and the detection built of them (also forgiving a top-level key, as `--group-by`
/// does).
pub fn detected_as_validated(view: &TapeView, text: &[u8]) {
    let opts = Options::default();
    let m = Detector::new(&opts, None).matches(view, 0);
    let mut scanner = Scanner::default();
    if let Some((fast, _)) = Detector::new(&opts, None).matches_text(text, &mut scanner) {
        assert_eq!(fast, m, "the fast lane's detection");
    }
    if let Some((k, _)) = (view.word(0) == agent_messages::tape::OBJ)
        .then(|| view.entries(0).next())
        .flatten()
    {
        let name = view.key_name(k);
        let detector = Detector::new(&opts, Some(&name));
        if let Some((fast, _)) = detector.matches_text(text, &mut scanner) {
            assert_eq!(fast, detector.matches(view, 0), "forgiving {name}");
        }
    }
    for &f in CONVERTIBLE {
        for s in f.stored() {
            let issues = check(view, 0, s.shape, Mode::Json, &opts).issues;
            match scanner.verdict(text, s.shape, &opts, None) {
                Verdict::Sure(sure) => {
                    assert_eq!(issues, vec![], "{f}: the fast lane is sure");
                    let strict = Options {
                        strict: true,
                        ..opts.clone()
                    };
                    let strictly = check(view, 0, s.shape, Mode::Json, &strict).issues;
                    assert_eq!(strictly.is_empty(), !sure.unknown, "{f}: strictly");
                }
                Verdict::Invalid => assert_ne!(issues, vec![], "{f}: the fast lane's defect"),
                Verdict::Unknown => {}
            }
        }
    }
    assert_eq!(m.strict & !m.valid, 0, "strictly valid, yet not valid");
    let strict = Options {
        strict: true,
        ..opts.clone()
    };
    for &f in CONVERTIBLE {
        let valid_in = |o: &Options| {
            f.stored()
                .iter()
                .any(|s| check(view, 0, s.shape, Mode::Json, o).issues.is_empty())
        };
        assert_eq!(
            m.valid & bit(f) != 0,
            valid_in(&opts),
            "{f}: detected valid"
        );
        assert_eq!(
            m.strict & bit(f) != 0,
            valid_in(&strict),
            "{f}: detected strict"
        );
    }
}

/// The base64 and number readers. Base64: `check` accepts what `decode` does; bytes encoded
/// decode back; text that decodes encodes back to itself but for the bits after the last
/// byte, which the decoder ignores as `atob` and Node's `Buffer` do (RFC 4648 3.5 lets a
/// decoder take them). Numbers: any text the JSON
/// grammar accepts reads as the correctly rounded double (Rust's own parser is the oracle).
pub fn codecs(data: &[u8]) -> bool {
    assert_eq!(base64_check(data), base64_decode(data).map(|_| ()));
    let mut text = String::new();
    base64_encode(data, &mut text);
    assert_eq!(base64_decode(text.as_bytes()).as_deref(), Ok(data));
    if let Ok(bytes) = base64_decode(data) {
        let mut again = String::new();
        base64_encode(&bytes, &mut again);
        let quads = data.len().saturating_sub(4);
        assert_eq!(
            &again.as_bytes()[..quads],
            &data[..quads],
            "one spelling per bytes"
        );
        assert_eq!(base64_decode(again.as_bytes()), Ok(bytes));
    }
    if json_number(data) {
        let text = std::str::from_utf8(data).expect("ASCII");
        let ours = number::parse(data);
        let theirs: f64 = text.parse().expect("a JSON number is a Rust float");
        assert_eq!(ours.to_bits(), theirs.to_bits(), "{text}");
    }
    true
}

/// Whether `s` is a number by the JSON grammar.
fn json_number(s: &[u8]) -> bool {
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while s.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i > start
    };
    if s.first() == Some(&b'-') {
        i += 1;
    }
    match s.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if s.get(i) == Some(&b'.') {
        i += 1;
        if !digits(&mut i) {
            return false;
        }
    }
    if matches!(s.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(s.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if !digits(&mut i) {
            return false;
        }
    }
    i == s.len()
}

/// The streamed formats, in [`Format::ALL`]'s order (the `streams` target's first byte picks
/// among them).
pub fn streamed() -> Vec<Format> {
    Format::ALL
        .iter()
        .copied()
        .filter(|f| f.streamed_type().is_some())
        .collect()
}

fn fold(format: Format, bytes: &[u8], piece: usize) -> Finished {
    let mut acc = Accumulator::new(format, Options::default()).expect("a streamed format");
    let mut issues = Vec::new();
    for chunk in bytes.chunks(piece.max(1)) {
        issues.extend(acc.push_bytes(chunk));
    }
    issues.extend(acc.end_bytes());
    well_formed(&issues);
    acc.finish()
}

/// The stream accumulators over any bytes as server-sent events or JSON lines (the first byte
/// picks the format and a piece size): the bytes in pieces fold as they do whole; what a fold
/// writes parses back as its message; and the partial-JSON parser over the same text: where the
/// text is complete JSON, it reads exactly what `JSON.parse` does (the strict reader's value,
/// a key given twice keeping its last value).
pub fn streams(data: &[u8]) -> bool {
    let Some((&pick, rest)) = data.split_first() else {
        return false;
    };
    let formats = streamed();
    let format = formats[pick as usize % formats.len()];
    let piece = 1 + (pick as usize / formats.len()) % 64;
    let whole = fold(format, rest, rest.len());
    let pieces = fold(format, rest, piece);
    assert_eq!(whole.messages, pieces.messages, "in pieces of {piece}");
    assert_eq!(whole.issues, pieces.issues, "in pieces of {piece}");
    assert_eq!(whole.ok, pieces.ok);
    well_formed(&whole.issues);
    for (message, text) in whole.messages.iter().zip(&whole.texts) {
        assert_eq!(
            Value::parse(text).as_ref(),
            Ok(message),
            "a folded message's text"
        );
    }
    if let Ok(text) = std::str::from_utf8(rest) {
        let partial = partial_json::parse(text);
        if let Ok(strict) = Value::parse(text) {
            assert!(partial.complete, "complete JSON, read as incomplete");
            assert_eq!(partial.value, Some(last_value_wins(strict)));
        }
    }
    true
}

/// The command line's two stages over any bytes as JSONL (the first byte picks a format, or
/// detection, and a group): the digest a first stage writes always reads back, and the second
/// stage finds the same through a digest (a worker's batch) as through the records kept on its
/// own thread; the first stage without its fast lane writes the same, byte for byte.
pub fn log_stages(data: &[u8]) -> bool {
    let Some((&pick, text)) = data.split_first() else {
        return false;
    };
    let formats = Format::ALL.len() + 1;
    let config = Config {
        format: Format::ALL.get(pick as usize % formats).copied(),
        group_by: (pick as usize / formats % 2 == 1).then(|| "thread_id".to_string()),
        ..Config::default()
    };
    let mut units = Units::new(config.clone());
    let mut second = Conversations::new(config.clone());
    let batch = units.check_lines(text, 0);
    let found = second.feed(&batch.digest, 1).expect("a digest reads back");
    let mut kept = Units::new(config.clone());
    kept.fuse();
    let mut fused = Conversations::new(config.clone());
    let batch2 = kept.check_lines(text, 0);
    let found2 = fused.feed_records(kept.take_records(), 1);
    assert_eq!(batch.issues, batch2.issues);
    assert_eq!(found, found2);
    // The fast lane changes nothing: the tape's way alone finds the same, digest included.
    let mut tape_only = Units::new(Config {
        fast_lane: false,
        ..config.clone()
    });
    let batch3 = tape_only.check_lines(text, 0);
    assert_eq!(batch.issues, batch3.issues, "the fast lane's issues");
    assert_eq!(batch.digest, batch3.digest, "the fast lane's digest");
    assert_eq!(batch.stats, batch3.stats, "the fast lane's counts");
    assert_eq!(second.finish(), fused.finish());
    assert_eq!(second.records, fused.records);
    true
}
