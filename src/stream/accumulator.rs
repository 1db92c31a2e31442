//! The one driver of every [`Fold`]: it numbers the chunks, reads them from whatever form they
//! come in (a value on a tape, one chunk's JSON text, or the raw bytes of a server-sent-events
//! body or of JSON lines), keeps the issues, and at the end checks each folded message against
//! its format's documented type.

use super::{chunk, sse, Fold};
use crate::formats::{schemas, Format};
use crate::tape::json::{self, JsonTape};
use crate::tape::value::Value;
use crate::tape::TapeView;
use crate::validate::{syntax_issue, Input, Issue, IssueCode, Mode, Options, Output, PathSeg};

/// How the raw bytes given to [`Accumulator::push_bytes`] are framed, decided by their first
/// byte that is not white space: `{` is JSON lines (one chunk per line, as the SDKs'
/// `toReadableStream()` and most recordings write them), anything else server-sent events.
enum Framing {
    Undecided(Vec<u8>),
    Events(sse::Parser),
    /// The bytes of the line not ended yet.
    Lines(Vec<u8>),
}

/// A stream being folded.
pub struct Accumulator {
    format: Format,
    fold: Box<dyn Fold>,
    /// Chunks pushed so far: the position of the next.
    count: u32,
    /// Every issue so far, up to `opts.max_issues` (the rest are counted, not kept).
    issues: Vec<Issue>,
    /// Whether any chunk had an issue (so that `ok` is false even when none was kept).
    troubled: bool,
    framing: Framing,
    /// `data: [DONE]` was read: a chunk after it is an issue.
    done: bool,
    opts: Options,
    /// The tape reused for each chunk given as text.
    tape: JsonTape,
}

/// What [`Accumulator::finish`] gives: every folded message in order, the issues, and
/// whether the whole stream was sound.
#[derive(Debug)]
pub struct Finished {
    pub messages: Vec<Value>,
    /// Each message's JSON text (written once, for its check and for the caller).
    pub texts: Vec<String>,
    /// Each response around its messages, where the message is not the whole of it (see
    /// [`Fold::responses`]).
    pub responses: Vec<Value>,
    pub issues: Vec<Issue>,
    /// No chunk had an issue, nothing was left open, and every message is valid.
    pub ok: bool,
}

/// What a folded message may hold that the pinned SDK types do not know, because the API
/// sends it (new or beta block types, new fields the SDK declares required, new literals): a
/// streamed response is what the API sent, and the SDK's own accumulators pass it through. The
/// final check reports everything else.
const NEWER_API: &[IssueCode] = &[
    IssueCode::Missing,
    IssueCode::UnknownType,
    IssueCode::InvalidLiteral,
];

/// The fold of each streamed format ([`Format::streamed_type`] names the type it folds into;
/// a test holds the two to the same formats).
pub fn fold_of(format: Format) -> Option<Box<dyn Fold>> {
    match format {
        #[cfg(feature = "seed")]
        Format::OpenAI => Some(Box::new(super::openai::ChunkFold::default())),
        #[cfg(feature = "anthropic")]
        Format::Anthropic => Some(Box::new(super::anthropic::EventFold::default())),
        #[cfg(feature = "ai-sdk")]
        Format::AiSdkUi => Some(Box::new(super::ai_sdk_ui::ChunkFold::default())),
        _ => None,
    }
}

impl Accumulator {
    /// An accumulator for `format`, or `None` when the format is not streamed.
    pub fn new(format: Format, opts: Options) -> Option<Accumulator> {
        let fold = fold_of(format)?;
        Some(Accumulator {
            format,
            fold,
            count: 0,
            issues: Vec::new(),
            troubled: false,
            framing: Framing::Undecided(Vec::new()),
            done: false,
            opts,
            tape: JsonTape::default(),
        })
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// How many chunks have been pushed.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Keep `new` issues (up to the limit), and give them back (a push's own answer).
    fn keep(&mut self, new: Vec<Issue>) -> Vec<Issue> {
        if !new.is_empty() {
            self.troubled = true;
            let room = self.opts.max_issues.saturating_sub(self.issues.len());
            self.issues.extend(new.iter().take(room).cloned());
        }
        new
    }

    /// The next position, counted.
    fn next(&mut self) -> u32 {
        let at = self.count;
        self.count = self.count.saturating_add(1);
        at
    }

    fn fold(&mut self, at: u32, chunk: &Value, issues: &mut Vec<Issue>) {
        if self.done {
            issues.push(super::issue(
                IssueCode::AfterStop,
                at,
                &[],
                "a chunk after the stream's [DONE]",
            ));
        }
        self.fold.push(at, chunk, issues);
    }

    /// Fold one chunk given as a value; its issues.
    pub fn push(&mut self, chunk: &Value) -> Vec<Issue> {
        let at = self.next();
        let mut issues = Vec::new();
        self.fold(at, chunk, &mut issues);
        self.keep(issues)
    }

    /// Fold the chunk at tape index `root` (a JavaScript value walked in full); its issues.
    pub fn push_tape(&mut self, tape: &TapeView, root: usize) -> Vec<Issue> {
        let at = self.next();
        if !self.done && self.fold.push_tape(at, tape, root) {
            return Vec::new();
        }
        let mut issues = Vec::new();
        if let Some(chunk) = chunk::read(tape, root, at, &mut issues) {
            self.fold(at, &chunk, &mut issues);
        }
        self.keep(issues)
    }

    /// Fold one chunk given as its JSON text; its issues (`invalid_json` when it does not
    /// parse).
    pub fn push_json(&mut self, text: &[u8]) -> Vec<Issue> {
        let at = self.next();
        let mut issues = Vec::new();
        self.json_chunk(at, text, &mut issues);
        self.keep(issues)
    }

    fn json_chunk(&mut self, at: u32, text: &[u8], issues: &mut Vec<Issue>) {
        let mut tape = std::mem::take(&mut self.tape);
        match json::parse_bytes_into(text, self.opts.max_depth, &mut tape) {
            Ok(()) => {
                let view = tape.view_bytes(text);
                if self.done || !self.fold.push_tape(at, &view, 0) {
                    // Read as a chunk object is: an escaped lone surrogate is reported.
                    if let Some(chunk) = chunk::read(&view, 0, at, issues) {
                        self.fold(at, &chunk, issues);
                    }
                }
            }
            Err(e) => {
                let mut issue = syntax_issue(&e, text);
                issue.path.insert(0, PathSeg::Index(at));
                issues.push(issue);
            }
        }
        self.tape = tape;
    }

    /// Read raw stream bytes (server-sent events, or JSON lines), any piece of them, and fold
    /// every chunk they complete; the issues of those chunks.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> Vec<Issue> {
        let mut issues = Vec::new();
        let mut framing = std::mem::replace(&mut self.framing, Framing::Lines(Vec::new()));
        if let Framing::Undecided(head) = &mut framing {
            head.extend_from_slice(bytes);
            match head.iter().find(|b| !b.is_ascii_whitespace()) {
                None => {
                    self.framing = framing;
                    return issues;
                }
                Some(&first) => {
                    let head = std::mem::take(head);
                    framing = if first == b'{' {
                        Framing::Lines(Vec::new())
                    } else {
                        Framing::Events(sse::Parser::default())
                    };
                    self.read_framed(&mut framing, &head, &mut issues);
                }
            }
        } else {
            self.read_framed(&mut framing, bytes, &mut issues);
        }
        self.framing = framing;
        self.keep(issues)
    }

    fn read_framed(&mut self, framing: &mut Framing, bytes: &[u8], issues: &mut Vec<Issue>) {
        match framing {
            Framing::Events(parser) => {
                parser.feed(bytes, &mut |event| self.event(event.data, issues));
            }
            Framing::Lines(pending) => {
                let mut rest = bytes;
                while let Some(n) = rest.iter().position(|&b| b == b'\n') {
                    if pending.is_empty() {
                        self.line(&rest[..n], issues);
                    } else {
                        pending.extend_from_slice(&rest[..n]);
                        let line = std::mem::take(pending);
                        self.line(&line, issues);
                    }
                    rest = &rest[n + 1..];
                }
                pending.extend_from_slice(rest);
            }
            Framing::Undecided(_) => {}
        }
    }

    /// One line of JSON lines (blank lines are nothing).
    fn line(&mut self, line: &[u8], issues: &mut Vec<Issue>) {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            return;
        }
        let at = self.next();
        self.json_chunk(at, line, issues);
    }

    /// One server-sent event's data: a chunk, or `[DONE]`.
    fn event(&mut self, data: &[u8], issues: &mut Vec<Issue>) {
        if data == b"[DONE]" {
            self.done = true;
            return;
        }
        let at = self.next();
        self.json_chunk(at, data, issues);
    }

    /// The raw bytes ended: fold what their last line or event left; its issues.
    pub fn end_bytes(&mut self) -> Vec<Issue> {
        let mut issues = Vec::new();
        match std::mem::replace(&mut self.framing, Framing::Undecided(Vec::new())) {
            Framing::Events(mut parser) => {
                parser.end(&mut |event| self.event(event.data, &mut issues));
            }
            Framing::Lines(pending) => self.line(&pending, &mut issues),
            Framing::Undecided(_) => {}
        }
        self.keep(issues)
    }

    /// A chunk that could not be read at all (too large for memory): counted, with an issue.
    pub fn refuse(&mut self, code: IssueCode, message: &str) -> Vec<Issue> {
        let at = self.next();
        self.keep(vec![Issue::new(code, vec![PathSeg::Index(at)], message)])
    }

    /// The source failed (a `ReadableStream` that errored, an iterator that threw): an issue
    /// at the position the next chunk would have had; what came before is kept.
    pub fn fail(&mut self, message: &str) -> Vec<Issue> {
        let issue = Issue::new(
            IssueCode::StreamError,
            vec![PathSeg::Index(self.count)],
            format!("the stream failed: {message}"),
        );
        self.keep(vec![issue])
    }

    /// The response being folded, as its format's message so far.
    pub fn snapshot(&self) -> Option<Value> {
        self.fold.snapshot()
    }

    /// The stream ended: every folded message, checked against its format's type.
    pub fn finish(mut self) -> Finished {
        let mut end = Vec::new();
        let messages = self.fold.finish(self.count, &mut end);
        if messages.is_empty() {
            end.push(Issue::new(
                IssueCode::Incomplete,
                vec![PathSeg::Index(self.count)],
                "the stream ended before a response began",
            ));
        }
        self.keep(end);
        let mut valid = true;
        let shape = schemas()
            .iter()
            .find(|s| Some(s.name) == self.format.streamed_type() && s.format == self.format)
            .map(|s| s.shape);
        let opts = Options {
            max_issues: usize::MAX,
            ..self.opts.clone()
        };
        let mut texts = Vec::with_capacity(messages.len());
        let mut tape = JsonTape::default();
        for (m, message) in messages.iter().enumerate() {
            let mut text = String::new();
            tape.words.clear();
            tape.nums.clear();
            message.write_with_tape(&mut text, &mut tape);
            if let Some(shape) = shape {
                let checked = crate::validate::run(
                    &tape.view(&text),
                    0,
                    shape,
                    Mode::Json,
                    &opts,
                    Output::None,
                    Input::One,
                );
                let mut found = checked.issues;
                found.retain(|i| !NEWER_API.contains(&i.code));
                if !found.is_empty() {
                    valid = false;
                    for issue in &mut found {
                        issue
                            .path
                            .splice(0..0, [PathSeg::from("messages"), PathSeg::Index(m as u32)]);
                    }
                    let room = self.opts.max_issues.saturating_sub(self.issues.len());
                    self.issues.extend(found.into_iter().take(room));
                }
            }
            texts.push(text);
        }
        Finished {
            ok: valid && !self.troubled,
            responses: self.fold.responses(),
            messages,
            texts,
            issues: self.issues,
        }
    }
}
