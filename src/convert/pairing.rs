//! Tool-call pairing across messages, for targets with one message (or map entry) per tool
//! result (OpenAI, swarm, Agens).

use super::canonical::{Body, Field, Message, What};
use super::loss::{self, Loss};
use crate::formats::Format;
use crate::validate::quoted;

/// The tool name of each call id read or written so far, so that a tool result is named after
/// its call (the formats that name a result's tool, and the checks that a result's name is its
/// call's): the last call with an id wins, as a search of the calls from the end found it, but
/// by hash (that search, for each result, made a message of many calls quadratic).
#[derive(Default)]
pub(crate) struct CallNames {
    names: Vec<String>,
    at: crate::fnv::IdMap<usize>,
}

impl CallNames {
    /// A call `id` of the tool `name`.
    pub(crate) fn push(&mut self, id: &str, name: &str) {
        self.at.insert(id, self.names.len());
        self.names.push(name.to_string());
    }

    /// The tool of the last call `id`.
    pub(crate) fn get(&self, id: &str) -> Option<&str> {
        self.at.get(id).map(|&k| self.names[k].as_str())
    }
}

/// The call group of each tool-calls message: its index and the indices of the tool-outputs
/// messages right after it.
fn groups(msgs: &[Message]) -> Vec<(usize, Vec<usize>)> {
    let mut out = Vec::new();
    for (n, m) in msgs.iter().enumerate() {
        if matches!(m.body, Body::ToolCalls { .. }) {
            let results: Vec<usize> = (n + 1..msgs.len())
                .take_while(|&k| matches!(msgs[k].body, Body::ToolOutputs { .. }))
                .collect();
            out.push((n, results));
        }
    }
    out
}

/// A tool result without a call id (Kernel `callId?`) is paired with the call at the same
/// position in its group when that is unambiguous: the group answers as many calls as it has
/// results, and no other result names that call. Each inferred id is reported.
pub fn infer_call_ids(msgs: &mut [Message], losses: &mut Vec<Loss>) {
    for (c, results) in groups(msgs) {
        let Body::ToolCalls { calls } = &msgs[c].body else {
            continue;
        };
        let ids: Vec<String> = calls.iter().map(|c| c.id.clone()).collect();
        // (message, output) of every result of the group, in order.
        let mut flat = Vec::new();
        for &r in &results {
            if let Body::ToolOutputs { outputs } = &msgs[r].body {
                flat.extend((0..outputs.len()).map(|o| (r, o)));
            }
        }
        // (Each id against the ones before it, and each against the results' ids, by hash: a
        // group of many calls made these searches quadratic.)
        let mut seen = crate::fnv::Table::with_capacity(ids.len());
        let unique = (0..ids.len()).all(|k| {
            let hash = crate::fnv::bytes(ids[k].as_bytes());
            seen.insert(hash, k, |j| ids[j] == ids[k]).is_none()
        });
        if flat.len() != ids.len() || !unique {
            continue;
        }
        let named: Vec<Option<String>> = flat
            .iter()
            .map(|&(r, o)| match &msgs[r].body {
                Body::ToolOutputs { outputs } => outputs[o].call_id.clone(),
                _ => None,
            })
            .collect();
        let mut answered = crate::fnv::IdMap::<usize>::default();
        for id in named.iter().flatten() {
            answered.insert(id, 0);
        }
        for (k, &(r, o)) in flat.iter().enumerate() {
            let id = &ids[k];
            if named[k].is_some() || answered.contains(id) {
                continue;
            }
            if let Body::ToolOutputs { outputs } = &mut msgs[r].body {
                outputs[o].call_id = Some(id.clone());
            }
            losses.push(msgs[r].loss(
                What::Field(o, Field::CallId),
                loss::INFERRED_CALL_ID,
                format!(
                    "a result without a call id is paired with call {} at the same position in its group",
                    quoted(id)
                ),
            ));
        }
    }
}

/// Kernel tool outputs given in several `tool-results` messages one after another (with
/// nothing the target wrote between them: a message it did not carry has an
/// `unsupported_message` loss at its own path): the target writes one message per result, and
/// those read back as one group. Called after the target is written.
pub fn report_split_groups(msgs: &[Message], losses: &mut Vec<Loss>) {
    report_adjacent_outputs(
        msgs,
        losses,
        false,
        |m| m.from == Format::Kernel,
        "tool results right after other tool results read back as one tool-results message with them",
    );
}

/// Tool results of an Anthropic or AI SDK message (which holds several) that the target writes
/// right after results of an earlier message because what stood between them is not carried:
/// no mark tells them apart (the source did not have them together), so they read back as one
/// message. Called after the target is written.
pub fn report_joined_across_dropped(msgs: &[Message], losses: &mut Vec<Loss>) {
    report_adjacent_outputs(
        msgs,
        losses,
        true,
        |m| matches!(m.from, Format::Anthropic | Format::AiSdk),
        "what stood between these tool results and the ones before is not carried: read back, they are one message with them",
    );
}

/// Reports (`split_results`) each tool-outputs message of another source written right after
/// another (what the target left out does not count) for which `joins(it)` holds; `across`:
/// only where what stood between them is left out, and then it is the source message that
/// reads back inside the one before (`merged_messages` at `[]`).
fn report_adjacent_outputs(
    msgs: &[Message],
    losses: &mut Vec<Loss>,
    across: bool,
    joins: impl Fn(&Message) -> bool,
    detail: &'static str,
) {
    let dropped = Dropped::of(losses);
    let outputs = |m: &Message| matches!(m.body, Body::ToolOutputs { .. });
    let mut prev: Option<&Message> = None;
    let mut gap = false;
    let mut split = Vec::new();
    for m in msgs {
        if dropped.has(m) {
            gap = true;
            continue;
        }
        let before = prev.replace(m);
        let skipped = std::mem::take(&mut gap);
        let Some(p) = before else { continue };
        if outputs(p) && outputs(m) && p.source != m.source && (skipped || !across) && joins(m) {
            split.push(if across {
                // The first piece of its source written: the message left reads back inside
                // the one before it.
                Loss::at(m.source, Vec::new(), loss::MERGED_MESSAGES, detail)
            } else {
                m.loss(What::Message, loss::SPLIT_RESULTS, detail)
            });
        }
    }
    losses.extend(split);
}

/// What the target left out: the `unsupported_message` losses, by message and path, gathered
/// once and ordered by message, so that asking about each message stays linear (a target such
/// as Bedrock leaves out half of an Agens conversation's messages: a search of the whole list
/// for each message made those conversions quadratic in their length).
pub(crate) struct Dropped<'a>(Vec<Located<'a>>);

/// A loss's message (its source index) and path.
pub(crate) type Located<'a> = (usize, &'a [crate::validate::PathSeg]);

/// `list` ordered by message (one sort for every list of [`Located`] losses).
pub(crate) fn by_message(mut list: Vec<Located<'_>>) -> Vec<Located<'_>> {
    list.sort_unstable_by_key(|(i, _)| *i);
    list
}

/// The losses of `list` (ordered by [`by_message`]) at message `source`.
pub(crate) fn at_message<'l, 'a>(list: &'l [Located<'a>], source: usize) -> &'l [Located<'a>] {
    let from = list.partition_point(|(i, _)| *i < source);
    let to = from + list[from..].partition_point(|(i, _)| *i <= source);
    &list[from..to]
}

impl<'a> Dropped<'a> {
    pub(crate) fn of(losses: &'a [Loss]) -> Dropped<'a> {
        Dropped(by_message(
            losses
                .iter()
                .filter(|l| l.code == loss::UNSUPPORTED_MESSAGE)
                .map(|l| (l.index, l.path.as_slice()))
                .collect(),
        ))
    }

    /// Did the target leave `m` out (an `unsupported_message` loss at its own path)?
    pub(crate) fn has(&self, m: &Message) -> bool {
        self.at(m.source, &m.at)
    }

    /// Is there an `unsupported_message` loss of message `source` at `path` or above it?
    pub(crate) fn covers(&self, source: usize, path: &[crate::validate::PathSeg]) -> bool {
        at_message(&self.0, source)
            .iter()
            .any(|(_, p)| path.starts_with(p))
    }

    /// Is there an `unsupported_message` loss of message `source` at `path`?
    pub(crate) fn at(&self, source: usize, path: &[crate::validate::PathSeg]) -> bool {
        at_message(&self.0, source).iter().any(|(_, p)| *p == path)
    }
}

/// The detail of a [`loss::REUSED_CALL_ID`] at a call.
pub const REUSED_BY_CALL: &str = "an earlier tool call has this id too: results are paired with calls by id, so which one a result answers may change";
/// The detail of a [`loss::REUSED_CALL_ID`] at a result.
pub const REUSED_BY_RESULT: &str = "an earlier tool result answers this call id too: results are paired with calls by id, so which call this one answers may change";

/// Call ids used twice (by two calls, or by two results of one call): the pairing by id, which
/// every format has, is ambiguous, and which call a result answers may change on the way. Each
/// reuse is reported once, at the later call or result. Not for a format into itself, which
/// keeps every item where it was.
pub fn report_reused_call_ids(msgs: &[Message], losses: &mut Vec<Loss>) {
    // The ids in order, each once per kind (call, result), found through one table.
    let items: Vec<(bool, usize, usize, &str)> = msgs
        .iter()
        .enumerate()
        .flat_map(|(n, m)| -> Vec<(bool, usize, usize, &str)> {
            match &m.body {
                Body::ToolCalls { calls } => calls
                    .iter()
                    .enumerate()
                    .map(|(k, c)| (true, n, k, c.id.as_str()))
                    .collect(),
                Body::ToolOutputs { outputs } => outputs
                    .iter()
                    .enumerate()
                    .filter_map(|(k, o)| Some((false, n, k, o.call_id.as_deref()?)))
                    .collect(),
                _ => Vec::new(),
            }
        })
        .collect();
    let mut seen = crate::fnv::Table::with_capacity(items.len());
    for (at, &(call, n, k, id)) in items.iter().enumerate() {
        let hash = crate::fnv::field(
            crate::fnv::step(crate::fnv::SEED, call as u32),
            id.as_bytes(),
        );
        let same = |j: usize| items[j].0 == call && items[j].3 == id;
        if seen.insert(hash, at, same).is_none() {
            continue;
        }
        let (what, detail) = if call {
            (What::Item(k), REUSED_BY_CALL)
        } else {
            (What::Field(k, Field::CallId), REUSED_BY_RESULT)
        };
        losses.push(msgs[n].loss(what, loss::REUSED_CALL_ID, detail));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::canonical::{keys, Body};

    /// A call id names the tool of its last call, as a search of the calls from the end did.
    #[test]
    fn call_names_are_the_last_call_s() {
        let calls = [("a", "f"), ("b", "g"), ("a", "h"), ("", "e"), ("c", "f")];
        let mut names = CallNames::default();
        for (n, (id, name)) in calls.iter().enumerate() {
            names.push(id, name);
            for probe in ["a", "b", "c", "", "d"] {
                let searched = calls[..=n]
                    .iter()
                    .rev()
                    .find(|(c, _)| *c == probe)
                    .map(|(_, t)| *t);
                assert_eq!(names.get(probe), searched, "{probe} after {n}");
            }
        }
    }

    /// `Dropped::has` (ordered by message, searched by halves) answers as a search of the
    /// whole list does, whatever order the losses came in and however many share a message.
    #[test]
    fn dropped_answers_as_a_search_of_every_loss() {
        let paths = [Vec::new(), keys(&["tool_calls"]), keys(&["content"])];
        let mut seed = 7u32;
        let mut next = |n: u32| {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            (seed >> 16) % n
        };
        for round in 0..200 {
            let count = (round % 12) as u32;
            let mut losses: Vec<Loss> = (0..count)
                .map(|_| {
                    let (i, p) = (next(6) as usize, next(3) as usize);
                    let code = if next(4) == 0 {
                        loss::DROPPED_FIELD
                    } else {
                        loss::UNSUPPORTED_MESSAGE
                    };
                    Loss::at(i, paths[p].clone(), code, "")
                })
                .collect();
            if round % 2 == 0 {
                losses.sort_by_key(|l| l.index);
            }
            let dropped = Dropped::of(&losses);
            for source in 0..7 {
                for at in &paths {
                    let m = Message::new(
                        source,
                        Format::OpenAI,
                        Body::Reply {
                            text: String::new(),
                        },
                    )
                    .at(at.clone(), Vec::new());
                    let searched = losses.iter().any(|l| {
                        l.code == loss::UNSUPPORTED_MESSAGE && l.index == source && l.path == *at
                    });
                    assert_eq!(dropped.has(&m), searched, "{source} {at:?} in {losses:?}");
                }
            }
        }
    }
}
