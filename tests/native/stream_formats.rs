//! What every streamed format shares: the formats that stream are declared once
//! (`Format::streamed_type`, the type they fold into) and each has its fold; and any framing of
//! a recorded stream (chunk values, JSON lines, server-sent events with any line ends, comments,
//! event names and data split over lines, the bytes cut anywhere) folds to the same messages.

use super::stream_support::fixture_dir;
use agent_messages::formats::{schemas, Format};
use agent_messages::stream::{fold_of, Accumulator, Finished};
use agent_messages::tape::value::Value;
use agent_messages::validate::Options;
use proptest::prelude::*;

#[test]
fn the_streamed_formats_are_declared_once_and_each_has_its_fold() {
    let streamed: Vec<_> = Format::ALL
        .iter()
        .filter(|f| f.streamed_type().is_some())
        .collect();
    assert_eq!(streamed.len(), 3);
    for f in Format::ALL {
        assert_eq!(fold_of(*f).is_some(), f.streamed_type().is_some(), "{f}");
        if let Some(name) = f.streamed_type() {
            assert!(
                schemas().iter().any(|s| s.format == *f && s.name == name),
                "{f}: no validator {name}"
            );
        }
    }
}

/// Every chunk of every recorded stream of a folder (JSON lines or SSE files; the AI SDK's
/// are JSON arrays), by file.
fn recorded(folder: &str) -> Vec<(String, Vec<Value>)> {
    let mut out = Vec::new();
    let mut paths: Vec<_> = std::fs::read_dir(fixture_dir(folder))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    for path in paths {
        let text = std::fs::read_to_string(&path).unwrap();
        let chunks = if path.extension().is_some_and(|x| x == "json") {
            match Value::parse(&text).unwrap() {
                Value::Arr(items) => items,
                _ => unreachable!(),
            }
        } else {
            text.lines()
                .filter_map(|l| {
                    let data = l.strip_prefix("data:").map(str::trim).unwrap_or(l);
                    (!data.is_empty() && !l.starts_with("event:") && data != "[DONE]")
                        .then(|| Value::parse(data).unwrap())
                })
                .collect()
        };
        out.push((
            path.file_name().unwrap().to_string_lossy().into_owned(),
            chunks,
        ));
    }
    out
}

fn by_values(format: Format, chunks: &[Value]) -> Finished {
    let mut acc = Accumulator::new(format, Options::default()).unwrap();
    for c in chunks {
        acc.push(c);
    }
    acc.finish()
}

/// The chunks as server-sent events framed by `frame` (line end, comment and event-name and
/// multi-line choices drawn from `seed`), cut into pieces by the same seed.
fn framed(chunks: &[Value], seed: u64) -> Vec<Vec<u8>> {
    let mut rng = seed | 1;
    let mut next = move |n: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % n
    };
    let mut body = String::new();
    for c in chunks {
        let end = ["\n", "\r\n", "\r"][next(3) as usize];
        if next(4) == 0 {
            body.push_str(": keep-alive");
            body.push_str(end);
        }
        if next(2) == 0 {
            if let Some(t) = c.get("type").and_then(Value::as_str) {
                body.push_str(&format!("event: {t}{end}"));
            }
        }
        // Data over several lines: cut the JSON text between tokens (after a comma or colon
        // outside strings: the lines join with "\n", white space to JSON).
        let json = c.to_json();
        let mut line = String::new();
        let mut in_string = false;
        let mut escaped = false;
        for ch in json.chars() {
            line.push(ch);
            if in_string {
                match (escaped, ch) {
                    (true, _) => escaped = false,
                    (false, '\\') => escaped = true,
                    (false, '"') => in_string = false,
                    _ => {}
                }
            } else if ch == '"' {
                in_string = true;
            } else if (ch == ',' || ch == ':') && next(5) == 0 {
                body.push_str(&format!(
                    "data:{}{line}{end}",
                    if next(2) == 0 { " " } else { "" }
                ));
                line.clear();
            }
        }
        body.push_str(&format!("data: {line}{end}{end}"));
    }
    body.push_str("data: [DONE]\n\n");
    let bytes = body.into_bytes();
    let mut pieces = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let n = (1 + next(200) as usize).min(bytes.len() - at);
        pieces.push(bytes[at..at + n].to_vec());
        at += n;
    }
    pieces
}

/// Framings per run; `STREAM_CASES=1000 cargo test --release --test native stream_formats`
/// searches longer.
fn cases() -> u32 {
    std::env::var("STREAM_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(24)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases()))]
    #[test]
    fn any_framing_of_a_recorded_stream_folds_the_same(seed in any::<u64>()) {
        for (folder, format) in [("openai-chat", Format::OpenAI), ("anthropic", Format::Anthropic), ("ai-sdk-ui", Format::AiSdkUi)] {
            for (name, chunks) in recorded(folder) {
                let want = by_values(format, &chunks);
                let mut acc = Accumulator::new(format, Options::default()).unwrap();
                for piece in framed(&chunks, seed) {
                    acc.push_bytes(&piece);
                }
                acc.end_bytes();
                let got = acc.finish();
                prop_assert_eq!(&got.messages, &want.messages, "{}", name);
                prop_assert_eq!(&got.issues, &want.issues, "{}", name);
                prop_assert_eq!(got.ok, want.ok, "{}", name);
            }
        }
    }
}
