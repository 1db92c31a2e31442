//! Checking logs of messages (the command line's `check`, `detect` and `stats`), in two
//! stages so that the first can run on every core and the second keeps memory bounded:
//!
//! - [`units`]: each JSONL line (or item of a JSON array file) parsed, its format detected
//!   ([`detect`]) or given, validated, its issues located at `line:column` ([`locate`]); a
//!   conversation on one line is checked there whole; a single message is reduced to a
//!   [`digest`] record;
//! - [`conversations`]: the records, in order, fed to the conversation each message belongs
//!   to ([`crate::convert::conversation`]).
//!
//! Both count what they see ([`stats`]). The host (`src/wasm/log.rs`, and the command line in
//! `pkg-template/cli/`) reads files, splits them into batches and prints.

pub mod conversations;
pub mod convert;
pub mod detect;
pub mod digest;
pub mod locate;
pub mod scan;
pub mod stats;
pub mod steps;
pub mod units;

use crate::formats::Format;
use crate::json_text::write_str;
use detect::Tally;

/// What a check is asked.
#[derive(Clone, Debug)]
pub struct Config {
    /// The format of every message (`--format`), or `None` to detect each one's.
    pub format: Option<Format>,
    /// The top-level property whose value names a message's conversation (`--group-by`).
    pub group_by: Option<String>,
    /// Report properties the formats do not name (`--strict`).
    pub strict: bool,
    pub max_depth: usize,
    pub max_issues: usize,
    /// Kernel message types registered besides the built-in ones (`--kernel-type`).
    pub kernel_types: Vec<String>,
    /// Convert every message into this target (`convert`) instead of checking conversations.
    pub target: Option<convert::Target>,
    /// Take the fast lane ([`scan`]) where it is sure (always, but in the tests and fuzz
    /// targets that hold it to the tape's way: the output must not change).
    pub fast_lane: bool,
}

impl Default for Config {
    fn default() -> Self {
        let o = crate::validate::Options::default();
        Config {
            format: None,
            group_by: None,
            strict: false,
            max_depth: o.max_depth,
            max_issues: o.max_issues,
            kernel_types: Vec::new(),
            target: None,
            fast_lane: true,
        }
    }
}

/// A conversation's record, as a JSON line: `{ line, key?, format, messages, given,
/// detected: [{ format, confidence, matched, exact }] }` (`detected` empty when the format was
/// given).
pub fn write_conversation(
    out: &mut String,
    line: u64,
    key: Option<&str>,
    format: Format,
    messages: u64,
    tally: &Tally,
    given: bool,
) {
    out.push_str("{\"line\":");
    out.push_str(&line.to_string());
    if let Some(k) = key {
        // The group's value, as its JSON text.
        out.push_str(",\"key\":");
        out.push_str(k);
    }
    out.push_str(",\"format\":");
    write_str(out, format.name());
    out.push_str(&format!(
        ",\"messages\":{messages},\"given\":{given},\"detected\":"
    ));
    tally.write_ranked(out, false);
    out.push_str("}\n");
}
