// Where checking a log spends its time, natively: a JSONL file (default
// /tmp/amb/a.jsonl) through the first stage in 1 MB batches, then the second, each timed; and
// the parse alone for the floor. Run under a profiler: `cargo build --release --example
// log_profile && perf record -g target/release/examples/log_profile FILE`.
use agent_messages::formats::Format;
use agent_messages::log::conversations::Conversations;
use agent_messages::log::units::Units;
use agent_messages::log::Config;
use agent_messages::tape::json::{parse_bytes_into, JsonTape};
use std::time::Instant;

fn main() {
    let file = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "/tmp/amb/a.jsonl".into());
    let text = std::fs::read(&file).unwrap();
    let mb = text.len() as f64 / 1e6;
    // Batches of about 1 MB, cut after a newline.
    let mut batches = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = (start + (1 << 20)).min(text.len());
        let end = text[end..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(text.len(), |n| end + n + 1);
        batches.push(&text[start..end]);
        start = end;
    }
    // `FUSED_ONLY=1`: the fused path alone (to profile it).
    let fused_only = std::env::var_os("FUSED_ONLY").is_some();
    // `DIGEST_ONLY=1`: the two stages apart, through the digest (as with `--jobs 2`).
    // (`DETECT=1`: no format given, each message's detected.)
    if std::env::var_os("DIGEST_ONLY").is_some() {
        let format = std::env::var_os("DETECT")
            .is_none()
            .then_some(Format::OpenAI);
        return through_digest(&batches, format, mb);
    }
    let t = Instant::now();
    let mut tape = JsonTape::default();
    for b in batches.iter().filter(|_| !fused_only) {
        for line in b.split(|&c| c == b'\n').filter(|l| !l.is_empty()) {
            parse_bytes_into(line, 128, &mut tape).unwrap();
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!("parse alone      {:7.3} s {:6.0} MB/s", s, mb / s);
    let t = Instant::now();
    let opts = agent_messages::validate::Options::default();
    let shape = Format::OpenAI.message_schema().shape;
    for b in batches.iter().filter(|_| !fused_only) {
        for line in b.split(|&c| c == b'\n').filter(|l| !l.is_empty()) {
            parse_bytes_into(line, 128, &mut tape).unwrap();
            let c = agent_messages::validate::check(
                &tape.view_bytes(line),
                0,
                shape,
                agent_messages::validate::Mode::Json,
                &opts,
            );
            assert!(c.issues.is_empty());
        }
    }
    let s = t.elapsed().as_secs_f64();
    println!("parse + validate {:7.3} s {:6.0} MB/s", s, mb / s);
    {
        let config = Config {
            format: Some(Format::OpenAI),
            ..Config::default()
        };
        let mut units = Units::new(config.clone());
        units.fuse();
        let mut second = Conversations::new(config);
        let t = Instant::now();
        let mut base = 1;
        let mut in_second = 0.0;
        for (n, b) in batches.iter().enumerate() {
            let batch = units.check_lines(b, n as u64);
            let records = units.take_records();
            let t2 = Instant::now();
            second.feed_records(records, base);
            in_second += t2.elapsed().as_secs_f64();
            base += batch.lines;
        }
        second.finish();
        let s = t.elapsed().as_secs_f64();
        println!(
            "fused (openai)   {:7.3} s {:6.0} MB/s (second stage {:.3} s)",
            s,
            mb / s,
            in_second
        );
    }
    if fused_only {
        return;
    }
    for format in [Some(Format::OpenAI), None] {
        through_digest(&batches, format, mb);
    }
}

/// The two stages apart, batch after batch through the digest (as with `--jobs 2`), each
/// timed: `format` given, or (`None`) each message's detected.
fn through_digest(batches: &[&[u8]], format: Option<Format>, mb: f64) {
    let config = Config {
        format,
        ..Config::default()
    };
    let mut units = Units::new(config.clone());
    let mut second = Conversations::new(config);
    let (mut first, mut in_second, mut bytes) = (0.0, 0.0, 0);
    let mut base = 1;
    for (n, b) in batches.iter().enumerate() {
        let t = Instant::now();
        let batch = units.check_lines(b, n as u64);
        first += t.elapsed().as_secs_f64();
        bytes += batch.digest.len();
        let t = Instant::now();
        second.feed(&batch.digest, base).unwrap();
        in_second += t.elapsed().as_secs_f64();
        base += batch.lines;
    }
    second.finish();
    println!(
        "{:?}: first stage {first:7.3} s {:6.0} MB/s; second {in_second:7.3} s; digest {:.0} MB",
        format.map(|f| f.name()),
        mb / first,
        bytes as f64 / 1e6
    );
}
