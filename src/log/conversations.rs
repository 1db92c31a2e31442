//! The second stage of checking a log, the one that runs in order (the command line's main
//! thread): the digests of single messages ([`super::digest`]), batch after batch, fed to the
//! conversation each belongs to (the file's, or its `--group-by` group's). Its memory is what
//! each conversation keeps open ([`Conversation`]), never the messages.

use super::convert::{convert_values, write_loss, Target};
use super::detect::{Match, Tally};
use super::digest::{Reader, Record};
use super::stats::Stats;
use super::units::{write_finding, Units};
use super::Config;
use crate::convert::conversation::Pos;
use crate::convert::conversation::{recycle, Conversation, Step};
use crate::fnv::IdMap;
use crate::formats::Format;
use crate::json_text::write_str;
use crate::tape::value::Value;
use crate::validate::PathSeg;
use std::borrow::Cow;

struct Open {
    key: Option<String>,
    /// When converting: the call ids of the turns converted already, by kind (call, result),
    /// to report a reuse across turns as converting the whole conversation would.
    earlier: [crate::fnv::Fingerprints; 2],
    /// When converting: the last message buffered ended with the assistant's text.
    replied: bool,
    /// When converting: the steps of the messages buffered, with each message's line.
    steps: Vec<(u64, Vec<Step<'static>>)>,
    /// When converting: the messages read so far, with their lines, offsets and formats.
    buffer: Vec<(u64, u64, Format, Value)>,
    check: Conversation,
    first_line: u64,
    tally: Tally,
}

impl Open {
    /// The conversation's format: the one given, or the one its messages match best so far.
    fn format(&self, given: Option<Format>) -> Format {
        given.unwrap_or_else(|| {
            self.tally
                .ranked()
                .first()
                .map_or(self.check.format(), |r| r.0)
        })
    }
}

/// The conversations of one file.
pub struct Conversations {
    /// The format given (`--format`), if any.
    given: Option<Format>,
    /// For the issues of messages valid in no format.
    units: Units,
    open: Vec<Open>,
    by_key: IdMap<usize>,
    /// The ungrouped messages' conversation, if any.
    ungrouped: Option<usize>,
    /// One record per conversation, at the end.
    pub records: String,
    /// When converting: the converted messages, one per line, conversation by conversation.
    pub converted: String,
    /// When converting: the losses ([`super::convert::write_loss`]).
    pub losses: String,
    pub stats: Stats,
    /// The list of steps of the last record, given back to the next one read.
    spare: Vec<Step<'static>>,
}

/// Does the converted message (an object's JSON text) have the top-level property `field`?
fn carries(message: &str, field: &str) -> bool {
    Value::parse(message).is_ok_and(|v| v.get(field).is_some())
}

impl Conversations {
    pub fn new(config: Config) -> Conversations {
        Conversations {
            given: config.format,
            units: Units::new(config),
            open: Vec::new(),
            by_key: IdMap::default(),
            ungrouped: None,
            records: String::new(),
            converted: String::new(),
            losses: String::new(),
            stats: Stats::default(),
            spare: Vec::new(),
        }
    }

    /// Feed a batch's digest, whose lines start at `base`: the findings known now, as JSON
    /// lines of issues. `Err`: a record no first stage wrote (a bug, reported as such).
    pub fn feed(&mut self, digest: &[u8], base: u64) -> Result<String, String> {
        let mut out = String::new();
        let mut reader = Reader::new(digest);
        // (Most records are a log's usual message: taken without a record made.)
        let plain = self.units.target().is_none();
        while !reader.done() {
            if let Some((index, (format, matched))) = plain.then(|| reader.plain(base)).flatten() {
                self.take_plain(index, format, matched);
                continue;
            }
            let at = reader.at();
            let spare = std::mem::take(&mut self.spare);
            let record = reader.read_with(base, spare).ok_or_else(|| {
                format!("internal: a digest record that does not read, at byte {at}")
            })?;
            if let Some(steps) = self.take(record, &mut out) {
                self.spare = recycle(steps);
            }
        }
        Ok(out)
    }

    /// Feed records kept by a first stage on this thread ([`Units::fuse`]), their lines
    /// (and their places' lines) from `base`: as [`Conversations::feed`].
    pub fn feed_records(&mut self, records: Vec<Record<'static>>, base: u64) -> String {
        let mut out = String::new();
        for mut record in records {
            record.line += base;
            if let Some(steps) = record.read.as_mut().and_then(|r| r.steps.as_mut()) {
                for step in steps {
                    step.index = record.line as usize;
                    step.for_each_place(|place| {
                        if let Some(pos) = &mut place.pos {
                            pos.line += base;
                        }
                    });
                }
            }
            self.take(record, &mut out);
        }
        out
    }

    /// One message's record; its list of steps given back, emptied.
    fn take<'a>(&mut self, record: Record<'a>, out: &mut String) -> Option<Vec<Step<'a>>> {
        let read = record.read?;
        let known = self.find(read.key.as_deref());
        if let Some((text, column)) = &read.deferred {
            // Against the format the conversation has shown so far.
            let format = known.and_then(|n| self.open[n].tally.ranked().first().map(|r| r.0));
            let pos = Pos {
                line: record.line,
                column: *column,
            };
            out.push_str(&self.units.issues_as(text, pos, format));
        }
        let n = match known {
            Some(n) => n,
            None => self.open_new(read.key.map(Cow::into_owned), read.format, record.line),
        };
        if let (Some(target), true) = (self.units.target(), read.turn) {
            // A user's message after the assistant's text, with no call left open, starts
            // a turn: the turns before it are converted now, so that memory holds one turn
            // per conversation. Every mapping writes such a turn as converting the whole
            // conversation would (tests/native/log.rs holds them to it); not from or to
            // Agens, whose steps regroup and carry inputs across turns: such a
            // conversation is converted whole.
            let open = &self.open[n];
            let agens =
                target.to == Format::Agens || open.buffer.iter().any(|m| m.2 == Format::Agens);
            if open.replied && open.check.open_calls() == 0 && !agens {
                self.convert_turns(n, &target.clone(), out);
            }
        }
        let open = &mut self.open[n];
        open.tally.add(read.matched);
        if let Some(v) = read.json {
            open.buffer.push((record.line, read.offset, read.format, v));
            open.replied = read.reply;
        }
        let mut steps = read.steps;
        if let Some(steps) = &mut steps {
            if self.units.target().is_some() {
                let kept = steps.iter().map(|s| s.clone().into_owned()).collect();
                open.steps.push((record.line, kept));
            }
            for step in steps.drain(..) {
                open.check.push(step);
            }
        }
        let open = &mut self.open[n];
        let findings = open.check.take();
        if self.units.target().is_none() && !findings.is_empty() {
            // Named by the format the conversation has shown so far.
            let format = open.format(self.given);
            for f in findings {
                write_finding(out, &f, format);
            }
        }
        steps
    }

    /// A usual message's record ([`Reader::plain`]): what [`Conversations::take`] does with
    /// it, without the record (not when converting).
    fn take_plain(&mut self, line: usize, format: Format, matched: Match) {
        let n = match self.ungrouped {
            Some(n) => n,
            None => self.open_new(None, format, line as u64),
        };
        let open = &mut self.open[n];
        open.tally.add(matched);
        open.check.push_other(line);
    }

    /// The conversation of `key`, if it is open.
    fn find(&self, key: Option<&str>) -> Option<usize> {
        match key {
            Some(k) => self.by_key.get(k).copied(),
            None => self.ungrouped,
        }
    }

    /// A new conversation for `key`, opened at `line` as `format`.
    fn open_new(&mut self, key: Option<String>, format: Format, line: u64) -> usize {
        let n = self.open.len();
        match &key {
            Some(k) => self.by_key.insert(k, n),
            None => self.ungrouped = Some(n),
        }
        self.open.push(Open {
            key,
            earlier: Default::default(),
            replied: false,
            steps: Vec::new(),
            buffer: Vec::new(),
            check: Conversation::by_line(self.given.unwrap_or(format)),
            first_line: line,
            tally: Tally::default(),
        });
        n
    }

    /// The end of the file: every conversation's last findings (calls left without a result),
    /// as JSON lines of issues; its record is written to [`Conversations::records`] and its
    /// messages counted by format.
    pub fn finish(&mut self) -> String {
        let mut out = String::new();
        if let Some(target) = self.units.target().cloned() {
            for n in 0..self.open.len() {
                self.convert_turns(n, &target, &mut out);
            }
        }
        for open in std::mem::take(&mut self.open) {
            let format = open.format(self.given);
            if self.units.target().is_none() {
                let mut findings = open.check.finish();
                crate::convert::by_index(&mut findings, |f| f.index);
                for f in &findings {
                    write_finding(&mut out, f, format);
                }
            }
            self.stats.conversations += 1;
            self.stats.add_format(format, open.tally.total);
            super::write_conversation(
                &mut self.records,
                open.first_line,
                open.key.as_deref(),
                format,
                open.tally.total,
                &open.tally,
                self.given.is_some(),
            );
        }
        self.by_key.clear();
        self.ungrouped = None;
        out
    }

    /// Convert the turns conversation `n` has buffered; a call id they reuse from a turn
    /// converted before is reported as converting the whole conversation reports it.
    fn convert_turns(&mut self, n: usize, target: &Target, out: &mut String) {
        use crate::convert::conversation::StepBody;
        use crate::convert::loss::{Loss, REUSED_CALL_ID};
        use crate::convert::pairing::{REUSED_BY_CALL, REUSED_BY_RESULT};
        use crate::fnv::fingerprint;
        let buffer = std::mem::take(&mut self.open[n].buffer);
        let steps = std::mem::take(&mut self.open[n].steps);
        let mut reused = Vec::new();
        let open = &mut self.open[n];
        let mut mine: [Vec<u64>; 2] = Default::default();
        for (line, steps) in &steps {
            for step in steps {
                let items: Vec<(usize, &str, &crate::convert::conversation::Place)> =
                    match &step.body {
                        StepBody::Calls(calls) => {
                            calls.iter().map(|(id, p)| (0, id.as_ref(), p)).collect()
                        }
                        StepBody::Outputs(outputs) => outputs
                            .iter()
                            .filter_map(|(id, p)| Some((1, id.as_deref()?, p)))
                            .collect(),
                        _ => Vec::new(),
                    };
                for (kind, id, place) in items {
                    let key = fingerprint(id.as_bytes());
                    // The first use in this turn of an id an earlier turn used (the turn's
                    // own conversion reports the uses after it).
                    if open.earlier[kind].get(key).is_some() && !mine[kind].contains(&key) {
                        let mut path = place.path.to_vec();
                        let detail = if kind == 0 {
                            path.pop(); // the call, not its id
                            REUSED_BY_CALL
                        } else {
                            REUSED_BY_RESULT
                        };
                        reused.push((*line, Loss::at(0, path, REUSED_CALL_ID, detail)));
                    }
                    mine[kind].push(key);
                }
            }
        }
        for (kind, keys) in mine.into_iter().enumerate() {
            for key in keys {
                open.earlier[kind].insert(key, 0);
            }
        }
        let from_differs = buffer.iter().any(|m| m.2 != target.to);
        if from_differs {
            for (line, l) in &reused {
                write_loss(&mut self.losses, *line, 1, None, l);
            }
        }
        let key = self.open[n].key.clone();
        self.convert(&buffer, target, key.as_deref(), out);
    }

    /// Convert a conversation's messages, each run of one format at a time: the messages
    /// written one per line, the losses at their messages' lines, issues into `out`.
    /// With `--group-by`, every converted message carries the group's property as its
    /// source did (first, if the target does not carry it already), so that the converted
    /// log can be split the same way; it is then no loss.
    fn convert(
        &mut self,
        buffer: &[(u64, u64, Format, Value)],
        target: &Target,
        key: Option<&str>,
        out: &mut String,
    ) {
        let group = self.units.group_by().map(str::to_string);
        let group = group.as_deref().zip(key);
        let mut start = 0;
        while start < buffer.len() {
            let format = buffer[start].2;
            let end = buffer[start..]
                .iter()
                .position(|m| m.2 != format)
                .map_or(buffer.len(), |n| start + n);
            let run = &buffer[start..end];
            let values: Vec<Value> = run.iter().map(|m| m.3.clone()).collect();
            let (first, seed) = (run[0].0, run[0].1);
            match convert_values(format, &values, target, seed, self.units.options()) {
                Ok(c) => {
                    for m in &c.messages {
                        match group {
                            Some((field, key)) if !carries(m, field) => {
                                self.converted.push('{');
                                write_str(&mut self.converted, field);
                                self.converted.push(':');
                                self.converted.push_str(key);
                                if m.len() > 2 {
                                    self.converted.push(',');
                                }
                                self.converted.push_str(&m[1..]);
                            }
                            _ => self.converted.push_str(m),
                        }
                        self.converted.push('\n');
                    }
                    self.stats.converted += c.messages.len() as u64;
                    let group_path = group.map(|(field, _)| vec![PathSeg::key(field)]);
                    for l in c
                        .losses
                        .iter()
                        .filter(|l| Some(&l.path) != group_path.as_ref())
                    {
                        let line = run.get(l.index).map_or(first, |m| m.0);
                        write_loss(&mut self.losses, line, 1, None, l);
                    }
                }
                Err(issues) => {
                    for issue in &issues {
                        let pos = Pos {
                            line: first,
                            column: 1,
                        };
                        super::units::write_issue(out, pos, issue, Some(target.to));
                    }
                }
            }
            start = end;
        }
    }
}
