//! The first stage of checking a log, the one that runs in parallel (the command line's
//! workers): each unit of text (a JSONL line, or an item of a JSON array file) is parsed, its
//! format detected (or the one given taken), validated, and reduced to what the second stage
//! ([`super::conversations`]) needs: its issues, located at `line:column`; for a single
//! message, a digest ([`super::digest`]) of what the conversation checks read of it; for a
//! conversation (a JSON array on one line), its conversation checks, done here whole.

use super::detect::{bit, Detector, Match, Tally};
use super::digest::{self, Payload, Read, Record};
use super::locate::{locate, next_newline, position};
use super::scan::Scanner;
use super::stats::Stats;
use super::steps::{self, Text};
use super::Config;
use crate::convert::check::Finding;
use crate::convert::conversation::{Conversation, Pos, Step};
use crate::convert::to_canonical;
use crate::convert::{Body, Part};
use crate::formats::Format;
use crate::json_text::write_str;
use crate::tape::json::{parse_bytes_into, JsonTape};
use crate::tape::value::Value;
use crate::tape::{TapeView, ARR};
use crate::validate::{
    check, read_values, syntax_issue, write_path, Input, Issue, Mode, Options, PathSeg,
};
use std::borrow::Cow;

/// What one batch of units came to.
#[derive(Default)]
pub struct Batch {
    /// Lines the batch spans (JSONL: the newlines read).
    pub lines: u64,
    /// The issues, one JSON object per line of text (`line` relative to the batch's first).
    pub issues: String,
    /// One digest record per single message ([`super::digest`]).
    pub digest: Vec<u8>,
    /// One record per conversation unit, one per line of text: its line, format, messages and
    /// how well each format matched ([`super::write_conversation`]).
    pub conversations: String,
    /// When converting: the converted conversations, one per line.
    pub converted: String,
    /// When converting: the losses, one JSON object per line ([`super::convert::write_loss`]).
    pub losses: String,
    pub stats: Stats,
}

/// The first stage's state: reused buffers, and what it was asked.
pub struct Units {
    config: Config,
    detector: Detector,
    opts: Options,
    tape: JsonTape,
    /// The fast lane of a message known valid ([`super::scan`]).
    scanner: Scanner,
    out: Batch,
    /// The writer of `out`'s digest (a new one for each batch).
    digest: digest::Writer,
    /// The list of steps of the last message written to the digest, given back to the next.
    spare: Vec<Step<'static>>,
    /// Records kept for a second stage on this thread, when fused.
    fused: Option<Vec<Record<'static>>>,
}

/// Where a unit is: its first line (relative to the batch) and the column it starts at.
#[derive(Clone, Copy)]
struct Origin {
    line: u64,
    column: u32,
    /// The unit's first byte in its file: what seeds the ids a conversion generates.
    offset: u64,
    /// The unit is a JSONL line (no newline within).
    one_line: bool,
}

impl Origin {
    /// The position of byte `offset` of the unit's `text`.
    fn pos(self, text: &[u8], offset: usize) -> Pos {
        let (lines, column) = position(text, offset);
        Pos {
            line: self.line + lines,
            column: if lines == 0 {
                self.column + column - 1
            } else {
                column
            },
        }
    }

    fn locate(self, text: &[u8], path: &[PathSeg]) -> Pos {
        self.pos(text, locate(text, path))
    }

    /// Where a step's value is ([`steps::Locate`]): at byte `off` of the unit's `text` when
    /// known (a JSONL line of ASCII alone: a column is that offset), else where `path` leads.
    fn place(self, text: &[u8], ascii: bool, off: Option<u32>, path: &[PathSeg]) -> Pos {
        match off {
            Some(off) if self.one_line && self.column == 1 && ascii => Pos {
                line: self.line,
                column: off,
            },
            Some(off) => self.pos(text, off as usize - 1),
            None => self.locate(text, path),
        }
    }
}

impl Units {
    pub fn new(config: Config) -> Units {
        let opts = Options {
            max_depth: config.max_depth,
            max_issues: config.max_issues,
            strict: config.strict,
            custom_types: config.kernel_types.clone(),
            ..Options::default()
        };
        Units {
            detector: Detector::new(&opts, config.group_by.as_deref()),
            config,
            opts,
            tape: JsonTape::default(),
            scanner: Scanner::default(),
            out: Batch::default(),
            digest: digest::Writer::default(),
            spare: Vec::new(),
            fused: None,
        }
    }

    /// The conversion asked for, if any.
    pub fn target(&self) -> Option<&super::convert::Target> {
        self.config.target.as_ref()
    }

    /// The property that names a message's conversation (`--group-by`), if any.
    pub fn group_by(&self) -> Option<&str> {
        self.config.group_by.as_deref()
    }

    /// The validation options.
    pub fn options(&self) -> &Options {
        &self.opts
    }

    /// Check JSONL text made of whole lines (the last may lack its newline), which starts at
    /// byte `offset` of its file.
    pub fn check_lines(&mut self, text: &[u8], offset: u64) -> Batch {
        self.digest = digest::Writer::default();
        let mut line = 0u64;
        let mut start = 0;
        while start < text.len() {
            let end = next_newline(text, start);
            let mut unit = &text[start..end];
            if unit.last() == Some(&b'\r') {
                unit = &unit[..unit.len() - 1];
            }
            let origin = Origin {
                line,
                column: 1,
                offset: offset + start as u64,
                one_line: true,
            };
            self.unit(unit, origin);
            if end < text.len() {
                line += 1;
            }
            start = end + 1;
        }
        self.out.lines = line + u64::from(text.last().is_some_and(|&b| b != b'\n'));
        std::mem::take(&mut self.out)
    }

    /// Check the items of a JSON array file: `items` holds, per item, its start and end in
    /// `text`, and its line (relative to the batch) and column; `text` starts at byte
    /// `offset` of its file.
    pub fn check_items(&mut self, text: &[u8], items: &[u32], offset: u64) -> Batch {
        self.digest = digest::Writer::default();
        for item in items.chunks_exact(4) {
            let (start, end) = (item[0] as usize, item[1] as usize);
            let Some(unit) = text.get(start..end) else {
                continue;
            };
            let origin = Origin {
                line: item[2] as u64,
                column: item[3],
                offset: offset + start as u64,
                one_line: false,
            };
            self.out.stats.units += 1;
            if unit.first() == Some(&b'[') {
                self.conversation(unit, origin);
            } else {
                self.message(unit, origin);
            }
        }
        std::mem::take(&mut self.out)
    }

    /// One JSONL line: blank, unreadable, a conversation or a message.
    fn unit(&mut self, text: &[u8], origin: Origin) {
        self.out.stats.units += 1;
        if text.iter().all(|b| b.is_ascii_whitespace()) {
            self.out.stats.blank += 1;
            return;
        }
        let starts_array = text
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b'[');
        if starts_array {
            self.conversation(text, origin);
        } else {
            self.message(text, origin);
        }
    }

    /// Parse `text` into the tape; an unreadable text is reported.
    fn parse(&mut self, text: &[u8], origin: Origin) -> bool {
        match parse_bytes_into(text, self.config.max_depth, &mut self.tape) {
            Ok(()) => true,
            Err(e) => {
                self.out.stats.unreadable += 1;
                let mut issue = syntax_issue(&e, text);
                // The position is the log's, written before the code.
                let within = format!(" at line {}, column {}", e.line, e.column);
                issue.message = issue.message.replacen(&within, "", 1);
                let pos = origin.pos(text, e.offset);
                write_issue(&mut self.out.issues, pos, &issue, None);
                false
            }
        }
    }

    /// The format to read a value as, and how it matched: the one given, or the detected.
    fn format_of(&self, tape: &TapeView, at: usize) -> (Format, Match) {
        match self.config.format {
            Some(f) => (
                f,
                Match {
                    valid: bit(f),
                    strict: bit(f),
                },
            ),
            None => {
                let m = self.detector.matches(tape, at);
                let f = m
                    .best()
                    .unwrap_or_else(|| self.detector.closest(tape, at, &self.opts));
                (f, m)
            }
        }
    }

    /// Validate the value at `at` as `format` (any of its stored types), read in its JSON form.
    fn read(&self, tape: &TapeView, at: usize, format: Format) -> Result<Value, Vec<Issue>> {
        self.validate(tape, at, format, true)
            .map(|v| v.unwrap_or(Value::Null))
    }

    /// Validate the value at `at` as `format` (any of its stored types); `values`: and read it
    /// in its JSON form.
    fn validate(
        &self,
        tape: &TapeView,
        at: usize,
        format: Format,
        values: bool,
    ) -> Result<Option<Value>, Vec<Issue>> {
        let mut first_issues = None;
        for &shape in self.detector.stored(format) {
            let mut read = if values {
                read_values(tape, at, shape, Mode::Json, &self.opts, Input::One)
            } else {
                check(tape, at, shape, Mode::Json, &self.opts)
            };
            if read.issues.is_empty() {
                return Ok(read.value.take());
            }
            first_issues.get_or_insert(read.issues);
        }
        Err(first_issues.unwrap_or_default())
    }

    /// A single message: a digest record for the conversation it belongs to.
    fn message(&mut self, text: &[u8], origin: Origin) {
        self.out.stats.bytes += text.len() as u64;
        if self.fast_message(text, origin) {
            return;
        }
        if !self.parse(text, origin) {
            match &mut self.fused {
                Some(records) => records.push(Record {
                    line: origin.line,
                    read: None,
                }),
                None => self.digest.unreadable(&mut self.out.digest, origin.line),
            }
            return;
        }
        self.out.stats.messages += 1;
        self.out.stats.max_bytes = self.out.stats.max_bytes.max(text.len() as u64);
        let tape = std::mem::take(&mut self.tape);
        let view = tape.view_bytes(text);
        let (format, matched) = self.format_of(&view, 0);
        let key = self
            .config
            .group_by
            .as_deref()
            .and_then(|k| group_key(&view, 0, k));
        // A message valid in no format is checked against its conversation's format, which
        // only the second stage knows: its text goes there.
        if self.config.format.is_none() && matched.valid == 0 {
            self.out.stats.invalid += 1;
            let deferred = std::str::from_utf8(text).ok().map(|t| (t, origin.column));
            let payload = Payload {
                deferred,
                offset: origin.offset,
                ..Payload::default()
            };
            self.emit(origin.line, format, matched, key, payload, None, None);
            self.tape = tape;
            return;
        }
        let (mut json, mut turn, mut reply) = (None, false, false);
        // Checking alone: the steps straight off the tape when the format allows.
        let fast = match self.config.target {
            Some(_) => None,
            None => steps::read_into(
                &view,
                0,
                format,
                &mut |off, path| origin.place(text, tape.ascii, off, path),
                std::mem::take(&mut self.spare),
            ),
        };
        let steps = match fast {
            Some(reading) => match self.validate(&view, 0, format, false) {
                Ok(_) => {
                    self.out.stats.add_steps(&reading.kinds, &reading.steps);
                    Some(reading.steps)
                }
                Err(issues) => {
                    self.out.stats.invalid += 1;
                    self.write_issues(text, origin, &[], &issues, format);
                    None
                }
            },
            None => match self.read(&view, 0, format) {
                Ok(value) if self.config.target.is_some() => {
                    // Converted by the second stage, with its conversation turn by turn: what
                    // it needs to know where a turn starts (a user's message with no call open).
                    let canonical =
                        to_canonical(format, std::slice::from_ref(&value), &mut Vec::new());
                    self.out.stats.add_kinds(&canonical);
                    // A user's message with text (one of files alone some targets leave out).
                    turn = !canonical.is_empty()
                        && canonical.iter().all(|m| match &m.body {
                            Body::UserInput { parts } => parts
                                .iter()
                                .any(|p| matches!(p, Part::Text(t) if !t.trim().is_empty())),
                            _ => false,
                        });
                    reply = canonical
                        .last()
                        .is_some_and(|m| matches!(m.body, Body::Reply { .. }));
                    json = Some(value);
                    Some(canonical.iter().map(|m| Step::of(m).into_owned()).collect())
                }
                Ok(value) => {
                    let canonical =
                        to_canonical(format, std::slice::from_ref(&value), &mut Vec::new());
                    self.out.stats.add_kinds(&canonical);
                    let mut steps: Vec<Step<'static>> =
                        canonical.iter().map(|m| Step::of(m).into_owned()).collect();
                    for step in &mut steps {
                        step.for_each_place(|place| {
                            place.pos = Some(origin.locate(text, &place.path));
                        });
                    }
                    Some(steps)
                }
                Err(issues) => {
                    self.out.stats.invalid += 1;
                    self.write_issues(text, origin, &[], &issues, format);
                    None
                }
            },
        };
        let payload = Payload {
            turn,
            reply,
            offset: origin.offset,
            ..Payload::default()
        };
        self.emit(origin.line, format, matched, key, payload, steps, json);
        self.tape = tape;
    }

    /// A single message checked by the fast lane: its format given, or detected by the lane
    /// ([`Detector::matches_text`]); the lane finds it valid (sure of it) and its steps read
    /// off its text. `false`: the tape's way reads it.
    fn fast_message(&mut self, text: &[u8], origin: Origin) -> bool {
        if self.config.target.is_some() || !self.config.fast_lane {
            return false;
        }
        let (format, matched, ascii) = match self.config.format {
            Some(f) => {
                if !steps::READ.contains(&f) {
                    return false;
                }
                let Some(sure) = self.sure_as(text, f) else {
                    return false;
                };
                let matched = Match {
                    valid: bit(f),
                    strict: bit(f),
                };
                (f, matched, sure.ascii)
            }
            None => {
                let Some((m, ascii)) = self.detector.matches_text(text, &mut self.scanner) else {
                    return false;
                };
                let f = match m.best() {
                    Some(f) if steps::READ.contains(&f) => f,
                    _ => return false,
                };
                // Detected leniently; `--strict` checks the message strictly as well (the
                // property `--group-by` names included).
                if self.opts.strict && self.sure_as(text, f).is_none() {
                    return false;
                }
                (f, m, ascii)
            }
        };
        let layout = self.scanner.layout();
        let root = layout.root as usize;
        let doc = Text { text, layout };
        let reading = steps::read_into(
            &doc,
            root,
            format,
            &mut |off, path| origin.place(text, ascii, off, path),
            std::mem::take(&mut self.spare),
        );
        let Some(reading) = reading else {
            return false;
        };
        let group_by = self.config.group_by.as_deref();
        let key = counted(&mut self.out.stats, group_by, &doc, root, text, &reading);
        let payload = Payload {
            offset: origin.offset,
            ..Payload::default()
        };
        let steps = Some(reading.steps);
        self.emit(origin.line, format, matched, key, payload, steps, None);
        true
    }

    /// Is the fast lane sure that `text` is valid as `format` (any of its stored types), with
    /// this check's options? Its layout is then the scanner's [`Scanner::layout`].
    fn sure_as(&mut self, text: &[u8], format: Format) -> Option<super::scan::Sure> {
        let (shapes, opts) = (self.detector.stored(format), &self.opts);
        let scanner = &mut self.scanner;
        shapes.iter().find_map(|s| scanner.check(text, s, opts))
    }

    /// Hand a message to the second stage: as a digest record, or (fused) as it is.
    #[allow(clippy::too_many_arguments)]
    fn emit(
        &mut self,
        line: u64,
        format: Format,
        matched: Match,
        key: Option<String>,
        payload: Payload,
        steps: Option<Vec<Step<'static>>>,
        json: Option<Value>,
    ) {
        match &mut self.fused {
            Some(records) => records.push(Record {
                line,
                read: Some(Read {
                    format,
                    matched,
                    key: key.map(Cow::Owned),
                    steps,
                    deferred: payload.deferred.map(|(t, c)| (t.to_string(), c)),
                    json,
                    offset: payload.offset,
                    turn: payload.turn,
                    reply: payload.reply,
                }),
            }),
            None => {
                self.digest.record(
                    &mut self.out.digest,
                    line,
                    format,
                    matched,
                    key.as_deref(),
                    Payload {
                        steps: steps.as_deref(),
                        json: json.as_ref(),
                        ..payload
                    },
                );
                // (Written: the list serves the next message, which empties it.)
                if let Some(steps) = steps {
                    self.spare = steps;
                }
            }
        }
    }

    /// Keep the second stage's records as they are ([`Units::take_records`]) instead of
    /// writing them as text: for a second stage on the same thread.
    pub fn fuse(&mut self) {
        self.fused = Some(Vec::new());
    }

    /// The records kept since the last call (see [`Units::fuse`]).
    pub fn take_records(&mut self) -> Vec<Record<'static>> {
        self.fused.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The issues of a message valid in no format, as `format`'s (or, without one, the closest
    /// format's), for the second stage: JSON lines, at absolute positions.
    pub fn issues_as(&mut self, text: &str, pos: Pos, format: Option<Format>) -> String {
        let origin = Origin {
            line: pos.line,
            column: pos.column,
            offset: 0,
            one_line: false,
        };
        let saved = std::mem::take(&mut self.out);
        if self.parse(text.as_bytes(), origin) {
            let tape = std::mem::take(&mut self.tape);
            let view = tape.view_bytes(text.as_bytes());
            let format = format.unwrap_or_else(|| self.detector.closest(&view, 0, &self.opts));
            if let Err(issues) = self.read(&view, 0, format) {
                self.write_issues(text.as_bytes(), origin, &[], &issues, format);
            }
            self.tape = tape;
        }
        std::mem::replace(&mut self.out, saved).issues
    }

    /// A conversation on one line: its messages validated, and checked together here.
    fn conversation(&mut self, text: &[u8], origin: Origin) {
        self.out.stats.bytes += text.len() as u64;
        if !self.parse(text, origin) {
            return;
        }
        let tape = std::mem::take(&mut self.tape);
        let view = tape.view_bytes(text);
        self.out.stats.conversations += 1;
        let items: Vec<usize> = if view.word(0) == ARR {
            view.items(0).collect()
        } else {
            Vec::new()
        };
        let mut tally = Tally::default();
        let format = match self.config.format {
            Some(f) => f,
            None => {
                for &at in &items {
                    tally.add(self.detector.matches(&view, at));
                }
                match tally.ranked().first() {
                    Some(&(f, ..)) => f,
                    None => items.first().map_or(Format::ALL[0], |&at| {
                        self.detector.closest(&view, at, &self.opts)
                    }),
                }
            }
        };
        let mut values = Vec::new();
        let mut sources = Vec::new();
        for (k, &at) in items.iter().enumerate() {
            self.out.stats.messages += 1;
            match self.read(&view, at, format) {
                Ok(v) => {
                    values.push(v);
                    sources.push(k);
                }
                Err(issues) => {
                    self.out.stats.invalid += 1;
                    self.write_issues(text, origin, &[PathSeg::Index(k as u32)], &issues, format);
                }
            }
        }
        if let Some(target) = &self.config.target {
            if values.len() == items.len() {
                self.convert_line(text, origin, format, &values, &target.clone());
            }
            self.out.stats.add_format(format, items.len() as u64);
            self.tape = tape;
            return;
        }
        let mut canonical = to_canonical(format, &values, &mut Vec::new());
        self.out.stats.add_kinds(&canonical);
        let mut check = Conversation::new(format);
        for m in &mut canonical {
            m.source = sources.get(m.source).copied().unwrap_or(m.source);
            let mut step = Step::of(m);
            step.for_each_place(|place| {
                let mut path = vec![PathSeg::Index(m.source as u32)];
                path.extend(place.path.iter().cloned());
                place.pos = Some(origin.locate(text, &path));
                place.path = path.into();
            });
            check.push(step);
        }
        let mut findings = check.finish();
        crate::convert::by_index(&mut findings, |f| f.index);
        for f in &findings {
            write_finding(&mut self.out.issues, f, format);
        }
        self.out.stats.add_format(format, items.len() as u64);
        super::write_conversation(
            &mut self.out.conversations,
            origin.line,
            None,
            format,
            items.len() as u64,
            &tally,
            self.config.format.is_some(),
        );
        self.tape = tape;
    }

    /// A conversation line, every message valid: converted onto one line, its losses located.
    fn convert_line(
        &mut self,
        text: &[u8],
        origin: Origin,
        format: Format,
        values: &[Value],
        target: &super::convert::Target,
    ) {
        match super::convert::convert_values(format, values, target, origin.offset, &self.opts) {
            Ok(c) => {
                self.out.converted.push('[');
                self.out.converted.push_str(&c.messages.join(","));
                self.out.converted.push_str("]\n");
                self.out.stats.converted += c.messages.len() as u64;
                for l in &c.losses {
                    let (line, column) = super::convert::loss_position(text, 0, l);
                    let pos = origin.pos(text, 0);
                    let column = if line == 0 {
                        pos.column + column - 1
                    } else {
                        column
                    };
                    super::convert::write_loss(
                        &mut self.out.losses,
                        origin.line + line,
                        column,
                        Some(l.index),
                        l,
                    );
                }
            }
            Err(issues) => self.write_issues(text, origin, &[], &issues, target.to),
        }
    }

    /// Validation issues of a value at `prefix` in a unit, located.
    fn write_issues(
        &mut self,
        text: &[u8],
        origin: Origin,
        prefix: &[PathSeg],
        issues: &[Issue],
        format: Format,
    ) {
        for issue in issues {
            let mut path = prefix.to_vec();
            path.extend(issue.path.iter().cloned());
            let pos = origin.locate(text, &path);
            let issue = Issue {
                path,
                ..issue.clone()
            };
            write_issue(&mut self.out.issues, pos, &issue, Some(format));
        }
    }
}

/// The value of the top-level property `key` of the object at the tape's start, as the group
/// a message belongs to: its JSON text (a string or a number; `"42"` and `42` are two groups).
/// The group of the message at `at` (`--group-by`): its property `key`'s value, as JSON text.
/// A message the fast lane read, counted: its group's key, if any.
fn counted(
    stats: &mut Stats,
    group_by: Option<&str>,
    doc: &Text<'_>,
    root: usize,
    text: &[u8],
    reading: &steps::Reading,
) -> Option<String> {
    stats.messages += 1;
    stats.max_bytes = stats.max_bytes.max(text.len() as u64);
    stats.add_steps(&reading.kinds, &reading.steps);
    group_by.and_then(|k| group_key(doc, root, k))
}

fn group_key(doc: &impl steps::Doc, at: usize, key: &str) -> Option<String> {
    use crate::tape::{NUM, OBJ, STR};
    if doc.kind(at) != OBJ {
        return None;
    }
    let v = doc.prop_named(at, key)?;
    let mut out = String::new();
    match doc.kind(v) {
        STR => write_str(&mut out, &doc.text(v)),
        NUM => crate::json_text::write_num(&mut out, doc.number(v)),
        _ => return None,
    }
    Some(out)
}

/// One issue as a JSON line: `{ line, column, code, path, message, severity, format? }`
/// (`expected` and `received` when known).
pub fn write_issue(out: &mut String, pos: Pos, issue: &Issue, format: Option<Format>) {
    write_head(
        out,
        pos,
        issue.code.as_str(),
        &issue.path,
        &issue.message,
        "error",
    );
    if let Some(e) = &issue.expected {
        out.push_str(",\"expected\":");
        write_str(out, e);
    }
    if let Some(r) = &issue.received {
        out.push_str(",\"received\":");
        write_str(out, r);
    }
    write_tail(out, format);
}

/// A conversation finding as [`write_issue`] writes an issue.
pub fn write_finding(out: &mut String, f: &Finding, format: Format) {
    let pos = f.pos.unwrap_or(Pos {
        line: f.index as u64,
        column: 1,
    });
    write_head(out, pos, f.code, &f.path, &f.message, f.severity.as_str());
    write_tail(out, Some(format));
}

fn write_head(
    out: &mut String,
    pos: Pos,
    code: &str,
    path: &[PathSeg],
    message: &str,
    severity: &str,
) {
    out.push_str("{\"line\":");
    out.push_str(&pos.line.to_string());
    out.push_str(",\"column\":");
    out.push_str(&pos.column.to_string());
    out.push_str(",\"code\":");
    write_str(out, code);
    out.push_str(",\"path\":");
    write_path(out, path);
    out.push_str(",\"message\":");
    write_str(out, message);
    out.push_str(",\"severity\":");
    write_str(out, severity);
}

fn write_tail(out: &mut String, format: Option<Format>) {
    if let Some(f) = format {
        out.push_str(",\"format\":");
        write_str(out, f.name());
    }
    out.push_str("}\n");
}
