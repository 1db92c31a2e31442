//! What the stream tests share: the recorded fixtures, and folding a file or a list of
//! chunk texts.

use agent_messages::formats::Format;
use agent_messages::stream::{Accumulator, Finished};
use agent_messages::validate::Options;
use std::path::{Path, PathBuf};

/// `../shared/fixtures/streams/<name>`.
pub fn fixture_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/streams")
        .join(name)
}

/// Fold a recorded file, given as raw bytes (JSON lines or server-sent events), in pieces
/// of 7 bytes so that every chunk is split.
pub fn fold_file(format: Format, path: &Path) -> Finished {
    let bytes = std::fs::read(path).unwrap();
    let mut acc = Accumulator::new(format, Options::default()).unwrap();
    for piece in bytes.chunks(7) {
        acc.push_bytes(piece);
    }
    acc.end_bytes();
    acc.finish()
}

/// Fold chunks given one JSON text each.
pub fn fold_values(format: Format, chunks: &[String]) -> Finished {
    let mut acc = Accumulator::new(format, Options::default()).unwrap();
    for c in chunks {
        acc.push_json(c.as_bytes());
    }
    acc.finish()
}
