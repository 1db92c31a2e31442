//! The checks across a conversation (tool pairing, duplicate ids, time going backwards, empty
//! messages) as a state fed one message at a time: [`Conversation`]. `checkConversation` feeds
//! it a whole list; the command line feeds it a log line by line, so its memory is what is
//! still open (the unanswered calls, the calls of the last calling message), plus fingerprints
//! of the ids seen (16 bytes each, at most [`ID_WINDOW`] × 2 of each kind), never the messages.
//!
//! A message is reduced to a [`Step`] first (what the checks read of it: its id, timestamp,
//! calls, results, whether it is empty), so that the reduction and the checks can run in
//! different places (the command line's workers reduce, its main thread checks).

use super::canonical::{keys, Body, Field, Message, Part, What};
use super::check::{Finding, Severity};
use crate::fnv::{fingerprint, FingerprintFilter, Fingerprints, IdMap};
use crate::formats::Format;
use crate::validate::PathSeg;
use crate::validate::{number_text, quoted};
use std::borrow::Cow;

/// How many ids of each kind (message ids, tool-call ids) a conversation remembers exactly
/// before it starts forgetting the oldest: a duplicate id is found when its first use is
/// among the last `ID_WINDOW` to `2 × ID_WINDOW` ids. A conversation this long is a log, and
/// a log's memory must not grow with it.
pub const ID_WINDOW: usize = 1 << 18;

/// How many calls `Conversation::open` holds (answered or not) before they are indexed.
const FEW_OPEN: usize = 16;

/// How many calls' room `Conversation::open` keeps once none is open: a conversation with
/// nothing open holds at most this (a log may hold many such).
const ROOM_KEPT: usize = 4;

/// Where a value is in the text it was read from (the command line's `line:column`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pos {
    /// 1-based.
    pub line: u64,
    /// 1-based, in characters.
    pub column: u32,
}

/// A path in a message, and where that is in the text when known.
#[derive(Clone, Debug, PartialEq)]
pub struct Place {
    /// Borrowed when it is one of the paths a reader names for every message (the command
    /// line's steps: [`crate::log::steps::PLACES`]), so that no list is made for each.
    pub path: PlacePath,
    pub pos: Option<Pos>,
}

/// A place's path, made or borrowed.
pub type PlacePath = Cow<'static, [PathSeg]>;

impl Place {
    pub fn at(path: impl Into<PlacePath>) -> Place {
        Place {
            path: path.into(),
            pos: None,
        }
    }
}

/// What the checks read of one canonical message.
#[derive(Clone, Debug, PartialEq)]
pub struct Step<'a> {
    /// The index of the source message (several steps may share one: an Agens step, an AI SDK
    /// UI message, an OpenAI assistant message with text and calls).
    pub index: usize,
    /// Ids are borrowed where the step is read and checked at once (the command line's
    /// digest, a canonical message), made where it is kept ([`Step::into_owned`]).
    pub id: Option<(Cow<'a, str>, Place)>,
    pub timestamp: Option<(f64, Place)>,
    pub body: StepBody<'a>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum StepBody<'a> {
    /// Tool calls, by id.
    Calls(Vec<(Cow<'a, str>, Place)>),
    /// Tool results, by the id of the call they answer (if they name one).
    Outputs(Vec<(Option<Cow<'a, str>>, Place)>),
    /// A message with no content: where, and how its format says so.
    Empty(Place, &'static str),
    /// Anything else.
    Other,
}

impl<'a> Step<'a> {
    /// The step of a canonical message (its ids borrowed).
    pub fn of(m: &'a Message) -> Step<'a> {
        let body = match &m.body {
            Body::ToolCalls { calls } => StepBody::Calls(
                calls
                    .iter()
                    .enumerate()
                    .map(|(k, c)| {
                        let path = m.path(What::Field(k, Field::Id));
                        (Cow::Borrowed(c.id.as_str()), Place::at(path))
                    })
                    .collect(),
            ),
            Body::ToolOutputs { outputs } => StepBody::Outputs(
                outputs
                    .iter()
                    .enumerate()
                    .map(|(k, o)| {
                        let path = m.path(What::Field(k, Field::CallId));
                        (o.call_id.as_deref().map(Cow::Borrowed), Place::at(path))
                    })
                    .collect(),
            ),
            Body::UserInput { parts }
                if parts
                    .iter()
                    .all(|p| matches!(p, Part::Text(t) if t.trim().is_empty())) =>
            {
                StepBody::Empty(Place::at(m.path(What::Message)), empty_words(m))
            }
            Body::Reply { text } | Body::Instructions { text, .. } if text.trim().is_empty() => {
                StepBody::Empty(Place::at(m.path(What::Message)), empty_words(m))
            }
            _ => StepBody::Other,
        };
        Step {
            index: m.source,
            id: m
                .id
                .as_deref()
                .map(|id| (Cow::Borrowed(id), Place::at(m.path(What::Id)))),
            timestamp: m.timestamp.map(|t| (t, Place::at(keys(&["timestamp"])))),
            body,
        }
    }

    /// The step with its ids made, to be kept.
    pub fn into_owned(self) -> Step<'static> {
        let own = |id: Cow<'_, str>| Cow::Owned(id.into_owned());
        Step {
            index: self.index,
            id: self.id.map(|(id, place)| (own(id), place)),
            timestamp: self.timestamp,
            body: match self.body {
                StepBody::Calls(calls) => {
                    StepBody::Calls(calls.into_iter().map(|(id, p)| (own(id), p)).collect())
                }
                StepBody::Outputs(outputs) => StepBody::Outputs(
                    outputs
                        .into_iter()
                        .map(|(id, p)| (id.map(own), p))
                        .collect(),
                ),
                StepBody::Empty(place, words) => StepBody::Empty(place, words),
                StepBody::Other => StepBody::Other,
            },
        }
    }

    /// Every place of the step, to be located in the text (no list built: this runs for
    /// every message of a log).
    pub fn for_each_place(&mut self, mut f: impl FnMut(&mut Place)) {
        if let Some((_, p)) = &mut self.id {
            f(p);
        }
        if let Some((_, p)) = &mut self.timestamp {
            f(p);
        }
        match &mut self.body {
            StepBody::Calls(calls) => calls.iter_mut().for_each(|(_, p)| f(p)),
            StepBody::Outputs(outputs) => outputs.iter_mut().for_each(|(_, p)| f(p)),
            StepBody::Empty(p, _) => f(p),
            StepBody::Other => {}
        }
    }
}

/// An emptied list of steps, its room kept for steps of any other lifetime (the list a
/// digest's record was read into, given back for the next record).
pub fn recycle(mut steps: Vec<Step<'_>>) -> Vec<Step<'static>> {
    steps.clear();
    // (Of the same size: collected in place, no list made.)
    steps.into_iter().map(Step::into_owned).collect()
}

/// How an empty message is described, in the words of the format it came from: each of
/// `empty_words`'s answers, so that a step read back from text names one of them.
pub const EMPTY_WORDS: [&str; 11] = [
    "the input has no text and no files",
    "the user message's content is empty and it has no images",
    "the step's user prompt is empty",
    "the user message's content is empty",
    "the reply has no text",
    "the step's result is empty",
    "the MessageResponse's content is empty",
    "the assistant message's content is empty",
    "the system message has no text",
    "the step's system prompt is empty",
    "the system message's content is empty",
];

/// An empty message described in the words of the format it came from.
fn empty_words(m: &Message) -> &'static str {
    let n = match (&m.body, m.from) {
        (Body::UserInput { .. }, Format::Kernel) => 0,
        (Body::UserInput { .. }, Format::Swarm) => 1,
        (Body::UserInput { .. }, Format::Agens) => 2,
        (Body::UserInput { .. }, _) => 3,
        (Body::Reply { .. }, Format::Kernel) => 4,
        (Body::Reply { .. }, Format::Agens) => 5,
        (Body::Reply { .. }, Format::Bedrock) => 6,
        (Body::Reply { .. }, _) => 7,
        (_, Format::Kernel) => 8,
        (_, Format::Agens) => 9,
        _ => 10,
    };
    EMPTY_WORDS[n]
}

/// Does the API of `format` take a tool's results only right after the message that calls it
/// (OpenAI: `tool` messages after the assistant message; Anthropic: `tool_result` blocks in the
/// next user message; the AI SDK: `tool` messages before the next message, or `generateText`
/// throws `MissingToolResultsError`)?
fn results_right_after_calls(format: Format) -> bool {
    matches!(format, Format::OpenAI | Format::Anthropic | Format::AiSdk)
}

/// Ids seen, by fingerprint, with the index of the message that used each first: two
/// generations of at most [`ID_WINDOW`] each, the older dropped when the newer fills. The
/// older no longer changes: a filter of it answers for most new ids, so that a new id costs
/// one read of a table (8 MB each when full: out of a core's cache), not two.
#[derive(Default)]
struct Seen {
    now: Fingerprints,
    before: Fingerprints,
    before_filter: FingerprintFilter,
}

impl Seen {
    fn get(&self, key: u64) -> Option<usize> {
        self.now
            .get(key)
            .or_else(|| {
                self.before_filter
                    .may_hold(key)
                    .then(|| self.before.get(key))
                    .flatten()
            })
            .map(|v| v as usize)
    }

    fn insert(&mut self, key: u64, index: usize) {
        if self.now.len() >= ID_WINDOW {
            self.before = std::mem::take(&mut self.now);
            self.before_filter = FingerprintFilter::of(&self.before);
        }
        self.now.insert(key, index as u64);
    }
}

/// A conversation being checked: feed it each message's [`Step`]s in order ([`push`]), then
/// [`finish`] it. Findings come out as soon as they are known ([`take`]); calls left without a
/// result are known at the end.
///
/// [`push`]: Conversation::push
/// [`finish`]: Conversation::finish
/// [`take`]: Conversation::take
pub struct Conversation {
    format: Format,
    out: Vec<Finding>,
    ids: Seen,
    /// Every call id noted, with its message.
    calls: Seen,
    /// The calls without a result yet, in the order made: id, message, place (`None` once
    /// answered; compacted when half are).
    open: Vec<Option<(String, usize, Place)>>,
    /// Where each open call is in `open`, once `open` holds more than [`FEW_OPEN`] (fewer are
    /// found one by one: most logs answer each call before the next, and a map for one call
    /// would cost more than it saves).
    open_at: IdMap<usize>,
    answered: usize,
    /// The calls still waiting in their window (no other message since their message).
    window: Vec<u64>,
    /// The message of the last call noted.
    last_caller: Option<usize>,
    last_time: Option<(f64, usize)>,
    /// What an index counts, in findings' words: `"message"`, or `"line"` for a log.
    unit: &'static str,
}

impl Conversation {
    /// A conversation read from `format` (its API's rules: see [`results_right_after_calls`];
    /// Bedrock `AgentResponse` lists never hold tool outputs, so a call without a result is no
    /// finding there).
    pub fn new(format: Format) -> Conversation {
        Conversation {
            format,
            out: Vec::new(),
            ids: Seen::default(),
            calls: Seen::default(),
            open: Vec::new(),
            open_at: IdMap::default(),
            answered: 0,
            window: Vec::new(),
            last_caller: None,
            last_time: None,
            unit: "message",
        }
    }

    /// The same, for steps whose index is the line of a log their message is on.
    pub fn by_line(format: Format) -> Conversation {
        Conversation {
            unit: "line",
            ..Conversation::new(format)
        }
    }

    pub fn format(&self) -> Format {
        self.format
    }

    /// The findings so far, in the order found.
    pub fn take(&mut self) -> Vec<Finding> {
        std::mem::take(&mut self.out)
    }

    /// Check one step.
    pub fn push(&mut self, s: Step<'_>) {
        self.check_id(&s);
        self.check_time(&s);
        if !matches!(s.body, StepBody::Outputs(_)) {
            self.not_a_result(s.index);
        }
        match s.body {
            StepBody::Calls(calls) => self.note_calls(s.index, calls),
            StepBody::Outputs(outputs) => self.note_outputs(s.index, &outputs),
            StepBody::Empty(place, words) => self.found(
                s.index,
                &place,
                "empty_message",
                Severity::Warning,
                words.into(),
            ),
            StepBody::Other => {}
        }
    }

    /// Check a step of no id, no timestamp and nothing to check ([`StepBody::Other`]): what
    /// [`Conversation::push`] does with it, without the step (the usual message of a log).
    pub fn push_other(&mut self, index: usize) {
        self.not_a_result(index);
    }

    /// A message that is neither a result nor a piece of the calling message closes the
    /// window of every call before it.
    fn not_a_result(&mut self, index: usize) {
        if self.last_caller != Some(index) {
            self.window.clear();
        }
    }

    /// The end of the conversation: the calls left without a result are reported, and what
    /// was not taken yet is returned.
    pub fn finish(mut self) -> Vec<Finding> {
        if self.format != Format::Bedrock {
            for (id, at, place) in std::mem::take(&mut self.open).into_iter().flatten() {
                self.found(
                    at,
                    &place,
                    "call_without_result",
                    Severity::Error,
                    format!(
                        "tool call {} has no result (model APIs refuse such a conversation)",
                        quoted(&id)
                    ),
                );
            }
        }
        self.out
    }

    /// How many calls are waiting for a result (what the memory holds besides fingerprints).
    pub fn open_calls(&self) -> usize {
        self.open.len() - self.answered
    }

    fn found(
        &mut self,
        index: usize,
        place: &Place,
        code: &'static str,
        severity: Severity,
        message: String,
    ) {
        self.out.push(Finding {
            index,
            path: place.path.to_vec(),
            code,
            severity,
            message,
            pos: place.pos,
        });
    }

    /// A message id used by an earlier message.
    fn check_id(&mut self, s: &Step<'_>) {
        let Some((id, place)) = &s.id else { return };
        let key = fingerprint(id.as_bytes());
        match self.ids.get(key) {
            Some(first) if first != s.index => self.found(
                s.index,
                place,
                "duplicate_id",
                Severity::Error,
                format!(
                    "message id {} is already used by {} {first}",
                    quoted(id),
                    self.unit
                ),
            ),
            Some(_) => {}
            None => self.ids.insert(key, s.index),
        }
    }

    /// A timestamp earlier than the last one.
    fn check_time(&mut self, s: &Step<'_>) {
        let Some((t, place)) = &s.timestamp else {
            return;
        };
        if let Some((prev, at)) = self.last_time {
            if *t < prev {
                self.found(
                    s.index,
                    place,
                    "timestamp_backwards",
                    Severity::Warning,
                    format!(
                        "the timestamp {} is earlier than {} {at}'s ({})",
                        number_text(*t),
                        self.unit,
                        number_text(prev)
                    ),
                );
            }
        }
        self.last_time = Some((*t, s.index));
    }

    /// Notes the calls; a call id used twice is reported.
    fn note_calls(&mut self, index: usize, calls: Vec<(Cow<'_, str>, Place)>) {
        for (id, place) in calls {
            let key = fingerprint(id.as_bytes());
            if self.calls.get(key).is_some() {
                self.found(
                    index,
                    &place,
                    "duplicate_call_id",
                    Severity::Error,
                    format!("tool call id {} is used twice", quoted(&id)),
                );
            } else {
                self.calls.insert(key, index);
                self.open.push(Some((id.into_owned(), index, place)));
                match self.open.len() {
                    n if n == FEW_OPEN + 1 => self.index_open(),
                    n if n > FEW_OPEN => {
                        if let Some((id, _, _)) = &self.open[n - 1] {
                            self.open_at.insert(id, n - 1);
                        }
                    }
                    _ => {}
                }
                self.window.push(key);
                self.last_caller = Some(index);
            }
        }
    }

    /// Notes the calls answered; a result for no earlier call is reported.
    fn note_outputs(&mut self, index: usize, outputs: &[(Option<Cow<'_, str>>, Place)]) {
        for (call_id, place) in outputs {
            let Some(id) = call_id else {
                self.found(
                    index,
                    place,
                    "result_without_call",
                    Severity::Warning,
                    "a tool result that names no call".into(),
                );
                continue;
            };
            let key = fingerprint(id.as_bytes());
            let open = self.open_index(id);
            // The call still open that this result closes (known even once its fingerprint
            // is forgotten), else the fingerprints: most results answer an open call, and
            // need no look into the fingerprints' table (the second stage's costliest read).
            let caller = open
                .and_then(|n| self.open[n].as_ref().map(|(_, at, _)| *at))
                .or_else(|| self.calls.get(key));
            let Some(caller) = caller else {
                self.found(
                    index,
                    place,
                    "result_without_call",
                    Severity::Error,
                    format!(
                        "a tool result for {}, but no earlier message calls it",
                        quoted(id)
                    ),
                );
                continue;
            };
            if results_right_after_calls(self.format) && !self.window.contains(&key) {
                self.found(
                    index,
                    place,
                    "result_not_next",
                    Severity::Error,
                    format!(
                        "the result for {} comes after other messages; the API takes a tool's results only right after the message that calls it ({} {caller})",
                        quoted(id),
                        self.unit
                    ),
                );
            }
            if let Some(n) = open {
                self.open[n] = None;
                if self.open.len() > FEW_OPEN {
                    self.open_at.remove(id);
                }
                self.answered += 1;
                self.compact();
            }
        }
    }
}

impl Conversation {
    /// `open` without its answered calls, once they are half of it.
    /// (A conversation with nothing open keeps no room for calls: a log holds many such.)
    fn compact(&mut self) {
        if self.answered == self.open.len() {
            // (The window stays: a second result right after its call is no finding.)
            // The room of a few calls stays, for the next (a log's calls come one or two at a
            // time: room made and given back for each cost as much as the checks).
            if self.open.capacity() > ROOM_KEPT {
                self.open = Vec::new();
            } else {
                self.open.clear();
            }
            self.open_at = IdMap::default();
            self.answered = 0;
            return;
        }
        if self.answered * 2 < self.open.len() || self.open.len() < 64 {
            return;
        }
        self.open.retain(Option::is_some);
        self.index_open();
        self.answered = 0;
    }

    /// Where the open call `id` is in `open`.
    fn open_index(&self, id: &str) -> Option<usize> {
        if self.open.len() > FEW_OPEN {
            return self.open_at.get(id).copied();
        }
        self.open
            .iter()
            .position(|c| c.as_ref().is_some_and(|(open, _, _)| open == id))
    }

    /// `open_at` for `open` as it is: every open call, or none when they are few.
    fn index_open(&mut self) {
        self.open_at = IdMap::default();
        if self.open.len() > FEW_OPEN {
            for (n, call) in self.open.iter().enumerate() {
                if let Some((id, _, _)) = call {
                    self.open_at.insert(id, n);
                }
            }
        }
    }
}

/// Check a whole conversation given as canonical messages read from `format` (paths in its
/// words): every finding, by message.
pub fn check_conversation(msgs: &[Message], format: Format) -> Vec<Finding> {
    let mut c = Conversation::new(format);
    for m in msgs {
        c.push(Step::of(m));
    }
    let mut out = c.finish();
    super::by_index(&mut out, |f| f.index);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A list given back keeps its memory: the steps of the next record are read into it.
    #[test]
    fn a_recycled_list_keeps_its_room() {
        let text = String::from("call_1");
        let mut steps = Vec::with_capacity(8);
        steps.push(Step {
            index: 0,
            id: None,
            timestamp: None,
            body: StepBody::Calls(vec![(Cow::Borrowed(text.as_str()), Place::at(vec![]))]),
        });
        let room = steps.as_ptr() as usize;
        let back = recycle(steps);
        assert!(back.is_empty());
        assert_eq!((back.capacity(), back.as_ptr() as usize), (8, room));
    }
}
