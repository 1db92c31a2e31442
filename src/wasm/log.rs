//! The log checks ([`crate::log`]) as JavaScript classes, for the command line: a [`LogUnits`]
//! in each worker and on the main thread (the first stage), one [`LogConversations`] per file
//! on the main thread (the second). Every answer is text: a batch is its sections joined by
//! `\0`.

use crate::formats::Format;
use crate::log::conversations::Conversations;
use crate::log::convert::Target;
use crate::log::units::{Batch, Units};
use crate::log::Config;
use wasm_bindgen::prelude::*;

/// A format the build converts, by name.
fn format(name: Option<String>) -> Result<Option<Format>, JsError> {
    match name {
        Some(name) => Ok(Some(
            Format::parse(&name)
                .filter(|f| f.convertible())
                .ok_or_else(|| JsError::new(&format!("no format named {name:?}")))?,
        )),
        None => Ok(None),
    }
}

/// The options, as the command line gives them to both stages.
#[wasm_bindgen]
pub struct LogOptions {
    config: Config,
}

#[wasm_bindgen]
impl LogOptions {
    /// `to`: convert into that format (with the run's clock `now` and the swarm `agent_name`)
    /// instead of checking conversations.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        format: Option<String>,
        group_by: Option<String>,
        strict: bool,
        max_issues: u32,
        max_depth: u32,
        kernel_types: Vec<String>,
        to: Option<String>,
        now: f64,
        agent_name: String,
    ) -> Result<LogOptions, JsError> {
        let config = Config {
            format: self::format(format)?,
            group_by,
            strict,
            max_issues: max_issues.max(1) as usize,
            max_depth: (max_depth as usize).min(crate::validate::DEPTH_CEILING),
            kernel_types,
            target: self::format(to)?.map(|to| Target {
                to,
                now,
                agent_name,
            }),
            ..Config::default()
        };
        Ok(LogOptions { config })
    }
}

/// A batch as text: lines, issues, (an empty place for the digest, which crosses as bytes:
/// [`LogUnits::take_digest`]), conversations, converted, losses and stats, joined by `\0`.
fn answer(b: &Batch) -> String {
    let mut out = b.lines.to_string();
    for part in [&b.issues, "", &b.conversations, &b.converted, &b.losses] {
        out.push('\0');
        out.push_str(part);
    }
    out.push('\0');
    b.stats.write_json(&mut out);
    out
}

/// The first stage: units checked, reduced to issues and digests.
#[wasm_bindgen]
pub struct LogUnits {
    units: Units,
    /// The last batch's digest, until taken.
    digest: Vec<u8>,
    /// The records of the batches kept for a second stage on this thread, oldest first.
    kept: std::collections::VecDeque<Vec<crate::log::digest::Record<'static>>>,
    /// Where JavaScript reads a file's block ([`LogUnits::room`]).
    input: Vec<u8>,
}

#[wasm_bindgen]
impl LogUnits {
    #[wasm_bindgen(constructor)]
    pub fn new(options: &LogOptions) -> LogUnits {
        LogUnits {
            units: Units::new(options.config.clone()),
            digest: Vec::new(),
            kept: Default::default(),
            input: Vec::new(),
        }
    }

    /// Room for `len` bytes of a file's block, which JavaScript reads there (no copy on the
    /// way in): its address (0 when that much memory cannot be had). The bytes there stay
    /// when the room grows (a block read on); room far larger than asked is given back.
    pub fn room(&mut self, len: usize) -> *mut u8 {
        if len.saturating_mul(4) < self.input.len() {
            self.input = Vec::new();
        }
        if !super::interop::grow(&mut self.input, len) {
            return std::ptr::null_mut();
        }
        self.input.as_mut_ptr()
    }

    /// [`LogUnits::lines`] of the bytes `start..end` of the room.
    pub fn lines_room(&mut self, start: usize, end: usize, offset: f64) -> Result<String, JsError> {
        let text = room_text(&self.input, start, end)?;
        let batch = self.units.check_lines(text, offset as u64);
        Ok(self.hand_over(batch))
    }

    /// [`LogUnits::lines_kept`] of the bytes `start..end` of the room.
    pub fn lines_room_kept(
        &mut self,
        start: usize,
        end: usize,
        offset: f64,
    ) -> Result<String, JsError> {
        self.units.fuse();
        let text = room_text(&self.input, start, end)?;
        let batch = self.units.check_lines(text, offset as u64);
        Ok(self.keep(batch))
    }

    /// JSONL text of whole lines, from byte `offset` of its file.
    pub fn lines(&mut self, text: &[u8], offset: f64) -> String {
        let batch = self.units.check_lines(text, offset as u64);
        self.hand_over(batch)
    }

    /// The last batch's digest ([`crate::log::digest`]; a worker transfers its bytes to the
    /// main thread without a copy).
    pub fn take_digest(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.digest)
    }

    /// Items of a JSON array file: per item its start, end, line and column; the text starts
    /// at byte `offset` of its file.
    pub fn items(&mut self, text: &[u8], items: &[u32], offset: f64) -> String {
        let batch = self.units.check_items(text, items, offset as u64);
        self.hand_over(batch)
    }

    /// [`LogUnits::lines`] for a second stage on this thread: the batch's records are kept as
    /// they are (no digest) until [`LogUnits::feed_kept`] hands them over, batch after batch
    /// in the order they were kept.
    pub fn lines_kept(&mut self, text: &[u8], offset: f64) -> String {
        self.units.fuse();
        let batch = self.units.check_lines(text, offset as u64);
        self.keep(batch)
    }

    /// [`LogUnits::items`], kept as [`LogUnits::lines_kept`] keeps a batch.
    pub fn items_kept(&mut self, text: &[u8], items: &[u32], offset: f64) -> String {
        self.units.fuse();
        let batch = self.units.check_items(text, items, offset as u64);
        self.keep(batch)
    }

    /// The oldest batch kept, fed to `second` with its lines from `base`: what
    /// [`LogConversations::feed`] answers for a digest.
    pub fn feed_kept(&mut self, second: &mut LogConversations, base: f64) -> String {
        let records = self.kept.pop_front().unwrap_or_default();
        let c = &mut second.conversations;
        let found = c.feed_records(records, base as u64);
        with_turns(found, c)
    }

    /// Forget the batches kept (their file was given up on).
    pub fn clear_kept(&mut self) {
        self.kept.clear();
    }
}

/// The bytes `start..end` of a room, or the error of a range it does not hold.
fn room_text(input: &[u8], start: usize, end: usize) -> Result<&[u8], JsError> {
    input.get(start..end).ok_or_else(|| {
        JsError::new(&format!(
            "internal: bytes {start}..{end} of a room of {}",
            input.len()
        ))
    })
}

impl LogUnits {
    /// A batch for another thread: its digest kept until taken, its answer.
    fn hand_over(&mut self, mut batch: Batch) -> String {
        self.digest = std::mem::take(&mut batch.digest);
        answer(&batch)
    }

    /// A batch for this thread: its records kept until fed, its answer.
    fn keep(&mut self, batch: Batch) -> String {
        self.kept.push_back(self.units.take_records());
        answer(&batch)
    }
}

/// What the second stage answers for a batch: the findings `found`, then (when converting)
/// the turns converted now and their losses, joined by `\0`.
fn with_turns(mut found: String, c: &mut Conversations) -> String {
    for part in [&mut c.converted, &mut c.losses] {
        found.push('\0');
        found.push_str(&std::mem::take(part));
    }
    found
}

/// The second stage, for one file: digests fed in order.
#[wasm_bindgen]
pub struct LogConversations {
    conversations: Conversations,
}

#[wasm_bindgen]
impl LogConversations {
    /// The same options as the first stage's (it reports the issues of messages valid in
    /// no format, against their conversation's format, and converts single messages).
    #[wasm_bindgen(constructor)]
    pub fn new(options: &LogOptions) -> LogConversations {
        LogConversations {
            conversations: Conversations::new(options.config.clone()),
        }
    }

    /// A batch's digest, its lines from `base`.
    /// The findings known now, then (when converting) the turns converted now and their
    /// losses, joined by `\0`.
    pub fn feed(&mut self, digest: &[u8], base: f64) -> Result<String, JsError> {
        let c = &mut self.conversations;
        let found = c.feed(digest, base as u64).map_err(|e| JsError::new(&e))?;
        Ok(with_turns(found, c))
    }

    /// The end of the file: the last findings, the conversations' records, the converted
    /// messages, the losses and the stats of this stage, joined by `\0`.
    pub fn finish(&mut self) -> String {
        let c = &mut self.conversations;
        let mut out = c.finish();
        for part in [&mut c.records, &mut c.converted, &mut c.losses] {
            out.push('\0');
            out.push_str(&std::mem::take(part));
        }
        out.push('\0');
        self.conversations.stats.write_json(&mut out);
        out
    }
}
