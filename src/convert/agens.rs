//! Agens (`Agens.Message`) ⇄ canonical.
//!
//! One Agens message is a whole step of a Job, not a chat turn, so it maps to a *run* of
//! canonical messages, always in this order (the step's slots):
//!
//! | slot | Agens | canonical |
//! |---|---|---|
//! | instructions | `system` | `Instructions` |
//! | input | `input` | `UserInput` (one text) |
//! | user | `user` (the prepared prompt) | a second `UserInput` |
//! | reply | `result` | `Reply` |
//! | calls | `tool_calls` | `ToolCalls` (arguments `[{key, value}]` ⇄ an object of strings) |
//! | outputs | `tool_results` (keyed by call id) | `ToolOutputs`, each named after its call |
//!
//! **Steps back.** Going to Agens, a canonical message joins the step being built when its slot
//! comes after the step's last filled slot (several outputs in a row join one `tool_results`),
//! except that tool calls after a reply join only when marked `continues` (a reply and its calls
//! in one OpenAI message; Agens → canonical marks them so), and a message carrying Agens step
//! fields (below) or the `agens_step` mark always begins a new step. A second user input joins
//! as `user` only right after the step's `input`.
//!
//! **Input.** `input` is required, non-empty, and carried forward unchanged across a run. Going
//! to canonical it becomes a `UserInput` only when it differs from the previous step's input,
//! when the step has a `user` prompt, when the step has nothing else, or when the step has
//! only tool results and follows a step ending in tool results (consecutive outputs would join,
//! and Kernel joins consecutive tool results); otherwise it is the carried-forward input. Going to Agens a step without a user input of its own takes the
//! carried-forward one; before any user input that is [`NO_INPUT`]. A user input repeating the
//! carried-forward one where Agens → canonical would not emit it again is reported.
//!
//! **Step fields.** Everything else (`caller`, `run_id`, `thread_id`, `next`, `retries`, job and
//! node fields, `tool_defs`, `resources`, ...) and null or empty mapped fields have no canonical
//! meaning: they ride on the step's first canonical message as carried fields (Kernel custom
//! properties; reported as losses by targets without extras). The Agens `id` rides as
//! `agens_id` (Kernel's own `id` is taken). When nothing else tells a step boundary, the first
//! message carries `agens_step: true`. Tool calls whose `server_name`/`type` are not the
//! defaults (`""`, `"tool_call"`) carry them as `tool_call_servers` (one `{server_name, type}`
//! per call). Going to Agens these carried fields are read back; any other carried field, and
//! canonical ids and timestamps, are reported (Agens, an Elixir struct, has no extra
//! properties). Agens messages are written with their keys in the struct's documented order.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{report_rest, report_unknown, text};
use crate::formats::agens::MESSAGE_OBJECT;
use crate::formats::Format;
use crate::tape::json;
use crate::tape::value::{obj, Name, Value};
use crate::validate::{check, quoted, Mode, Options, PathSeg, DEPTH_CEILING};

/// The input of a step before any user input (Agens requires a non-empty `input`).
pub const NO_INPUT: &str = "(no input)";
/// The carried mark of a step boundary nothing else tells.
const STEP: &str = "agens_step";
/// The carried Agens `id`.
const AGENS_ID: &str = "agens_id";
/// The carried `server_name` / `type` of each tool call, when not the defaults.
const SERVERS: &str = "tool_call_servers";
const DEFAULT_SERVER: &str = "";
const DEFAULT_TYPE: &str = "tool_call";
/// The Agens fields that map to canonical messages.
const MAPPED: &[&str] = &[
    "input",
    "system",
    "user",
    "result",
    "tool_calls",
    "tool_results",
];

#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
enum Slot {
    Instructions,
    Input,
    User,
    Reply,
    Calls,
    Outputs,
}

impl Slot {
    /// The step's field the slot is.
    fn field(self) -> &'static str {
        match self {
            Slot::Instructions => "system",
            Slot::Input => "input",
            Slot::User => "user",
            Slot::Reply => "result",
            Slot::Calls => "tool_calls",
            Slot::Outputs => "tool_results",
        }
    }
}

/// How far a step being read has come.
#[derive(Clone, Copy, Debug, Default)]
struct State {
    last: Option<Slot>,
    has_input: bool,
}

fn is_field(key: &str) -> bool {
    MESSAGE_OBJECT.fields.iter().any(|f| f.key.name() == key)
}

/// Is `t` the step mark the Agens reader set on a message whose step fields tell the boundary
/// already? Targets that keep marks (Kernel, swarm) leave it out; reading the step back marks
/// it again. (A step mark from another format's reserved property is the user's: carried.)
pub fn implied_step(m: &Message, t: &Tagged) -> bool {
    m.from == Format::Agens
        && t.name == STEP
        && t.value == Value::Bool(true)
        && m.marks
            .iter()
            .any(|o| o.name == AGENS_ID || is_field(&o.name))
}

/// Does the message carry fields of an Agens step (so that it begins one)?
pub(crate) fn starts_step(m: &Message) -> bool {
    m.marks.iter().any(starts_step_mark)
}

/// Is `t` a mark that begins an Agens step (a step field, its id, the step mark)?
pub(crate) fn starts_step_mark(t: &Tagged) -> bool {
    t.name == STEP || t.name == AGENS_ID || is_field(&t.name)
}

/// The slot a message takes in a step; `None` for bodies Agens has no place for.
fn slot(state: State, m: &Message) -> Option<Slot> {
    Some(match m.body {
        Body::Instructions { .. } => Slot::Instructions,
        Body::UserInput { .. } if state.has_input => Slot::User,
        Body::UserInput { .. } => Slot::Input,
        Body::Reply { .. } => Slot::Reply,
        Body::ToolCalls { .. } => Slot::Calls,
        Body::ToolOutputs { .. } => Slot::Outputs,
        _ => return None,
    })
}

/// Does the message join the step whose state this is? The one grouping rule, used by both
/// directions (to_canonical marks the boundaries this rule would miss).
fn fits(state: State, m: &Message) -> bool {
    !starts_step(m) && fits_by_slots(state, m)
}

/// [`fits`] by the slots alone, not counting the step's fields.
fn fits_by_slots(state: State, m: &Message) -> bool {
    let (Some(last), Some(slot)) = (state.last, slot(state, m)) else {
        return state.last.is_none();
    };
    match (last, slot) {
        (Slot::Outputs, Slot::Outputs) => true,
        (Slot::Reply, Slot::Calls) => m.marked(CONTINUES),
        _ => slot > last,
    }
}

fn advance(state: State, m: &Message) -> State {
    let s = slot(state, m);
    State {
        last: s.or(state.last),
        has_input: state.has_input || s == Some(Slot::Input),
    }
}

/// Has the Agens message anything a canonical message carries besides its input?
fn has_content(v: &Value) -> bool {
    has_content_but(v, "")
}

/// [`has_content`], not counting the field `skip`.
fn has_content_but(v: &Value, skip: &str) -> bool {
    let non_empty = |k: &str| match v.get(k) {
        Some(Value::Str(_)) => true,
        Some(Value::Arr(a)) => !a.is_empty(),
        Some(Value::Obj(o)) => !o.is_empty(),
        _ => false,
    };
    ["system", "user", "result", "tool_calls", "tool_results"]
        .iter()
        .any(|k| *k != skip && non_empty(k))
}

/// Has the Agens message tool results and nothing else a canonical message carries besides its
/// input? After a step ending in tool results, such a step shows its input as its boundary
/// (consecutive outputs would join, and Kernel joins consecutive tool results).
fn only_outputs(v: &Value) -> bool {
    has_content(v) && !has_content_but(v, "tool_results")
}

/// Is a mapped field's value one that carries no message (null, or an empty list / map)?
fn is_empty_mapped(v: &Value) -> bool {
    match v {
        Value::Null => true,
        Value::Arr(a) => a.is_empty(),
        Value::Obj(o) => o.is_empty(),
        _ => false,
    }
}

fn lookup(names: &super::pairing::CallNames, id: &str) -> Option<String> {
    names.get(id).map(str::to_string)
}

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    let mut prev_input = NO_INPUT.to_string();
    let mut prev_state: Option<State> = None;
    // The state after each of the last step's pieces where that step reads back joined to an
    // earlier one ([`Message::follows`]); `None` where it cannot.
    let mut moved_states: Option<Vec<State>> = None;
    // The state of its step after each message of `out`.
    let mut states: Vec<State> = Vec::new();
    let mut names = super::pairing::CallNames::default();
    for (i, v) in values.iter().enumerate() {
        let mut marks = read_step_fields(v, i, losses);
        let input = text(v, "input").unwrap_or_default();
        let user = text(v, "user");
        let mut msgs = Vec::new();
        let mut carried = None;
        if let Some(system) = text(v, "system") {
            msgs.push(step_message(
                i,
                Body::Instructions {
                    text: system,
                    developer: false,
                },
                "system",
            ));
        }
        let after_outputs = prev_state.is_some_and(|s| s.last == Some(Slot::Outputs));
        if input != prev_input
            || user.is_some()
            || !has_content(v)
            || (after_outputs && only_outputs(v) && marks.is_empty())
        {
            msgs.push(text_input(i, input.clone(), "input"));
        } else if moved_states.is_some() {
            // The input is the one before's: where that step reads back joined to an earlier
            // one, this one's is what that one carries.
            carried = Some((i - 1, keys(&["input"])));
        }
        if let Some(user) = user {
            msgs.push(text_input(i, user, "user"));
        }
        let result = text(v, "result");
        if let Some(result) = &result {
            msgs.push(step_message(
                i,
                Body::Reply {
                    text: result.clone(),
                },
                "result",
            ));
        }
        if let Some(list) = v.get("tool_calls").and_then(Value::as_array) {
            if !list.is_empty() {
                msgs.push(read_tool_calls(
                    list,
                    i,
                    result.is_some(),
                    &mut names,
                    losses,
                ));
            }
        }
        if let Some(results) = v.get("tool_results").and_then(Value::as_object) {
            if !results.is_empty() {
                msgs.push(read_tool_results(results, i, &names));
            }
        }
        // The step's own fields ride on its first message; a boundary the slots alone do not
        // tell is marked as well, so that a target that drops the fields reports the boundary.
        let first = &mut msgs[0];
        first.carried_from = carried;
        // (Tool results after tool results with step fields of their own: the step's fields
        // tell the boundary, and the mark keeps Kernel from joining the two tool-results.)
        let joins_outputs = after_outputs && only_outputs(v) && !marks.is_empty();
        if joins_outputs || prev_state.is_some_and(|s| fits_by_slots(s, first)) {
            marks.push(Tagged::beginning(STEP, Value::Bool(true), keys(&["input"])));
        }
        marks.append(&mut first.marks);
        first.marks = marks;
        let (apart_by, joins_at) = apart_from(&out, &states, first);
        first.apart_by = apart_by;
        // Where the step before may read back joined to an earlier one, its pieces pair up
        // anew, and this step's input may join the last of them: it follows that merge.
        // (What stands between: the pieces of that step after the one it would join.)
        let follows = moved_states.as_ref().and_then(|alts| {
            let pieces = &out[out.len() - alts.len()..];
            let t = (0..alts.len())
                .rev()
                .find(|&t| fits_by_slots(alts[t], first))?;
            let apart = items_of(&pieces[t + 1..]).chain(step_fields(first));
            Some((alts[t], (i - 1, apart.collect())))
        });
        let moved = match follows {
            Some((alt, follows)) => {
                first.follows = Some(follows);
                Some(alt)
            }
            None => joins_at.map(|k| states[k]),
        };
        moved_states = moved.map(|mut alt| {
            msgs.iter()
                .map(|m| {
                    alt = refold(alt, m);
                    alt
                })
                .collect()
        });
        let mut state = State::default();
        for m in &msgs {
            state = advance(state, m);
            states.push(state);
        }
        prev_state = Some(state);
        prev_input = input;
        out.extend(msgs);
    }
    out
}

/// How far back [`apart_from`] looks for the piece a step's first message would join.
const JOIN_SEARCH: usize = 256;

/// What stands between the first message `m` of a step and the latest piece before it in
/// `out` whose step would take `m` by its slots ([`fits_by_slots`]; `states`: the state of its
/// step after each piece): the items of the pieces after that one, and `m`'s step fields. A
/// target that leaves all of them out has `m` follow that piece, and read back the steps are
/// one. None where `m` follows that piece already (the step mark tells that boundary) or
/// nothing before would take it (within [`JOIN_SEARCH`] pieces). Beside it, that piece.
fn apart_from(
    out: &[Message],
    states: &[State],
    m: &Message,
) -> (Vec<(usize, Path)>, Option<usize>) {
    let low = out.len().saturating_sub(JOIN_SEARCH);
    let k = (low..out.len())
        .rev()
        .find(|&k| fits_by_slots(states[k], m));
    let apart = match k {
        Some(k) if k + 1 < out.len() => items_of(&out[k + 1..]).chain(step_fields(m)).collect(),
        _ => Vec::new(),
    };
    (apart, k)
}

/// The source paths of the items of `pieces`.
fn items_of(pieces: &[Message]) -> impl Iterator<Item = (usize, Path)> + '_ {
    pieces.iter().flat_map(|x| {
        let items = if x.items.is_empty() {
            std::slice::from_ref(&x.at)
        } else {
            &x.items[..]
        };
        items.iter().map(|at| (x.source, at.clone()))
    })
}

/// The step's own fields, which begin it too where a target keeps them.
fn step_fields(m: &Message) -> Vec<(usize, Path)> {
    m.marks
        .iter()
        .filter(|t| starts_step_mark(t))
        .map(|t| (m.source, t.at.clone()))
        .collect()
}

/// The state after `m` of a step read back from a target that keeps no step fields: `m`
/// joins the step where its slot fits, else begins the next.
fn refold(state: State, m: &Message) -> State {
    match fits_by_slots(state, m) {
        true => advance(state, m),
        false => advance(State::default(), m),
    }
}

/// The step's fields with no canonical meaning (and null or empty mapped fields), as marks;
/// what is no Agens field is reported.
fn read_step_fields(v: &Value, i: usize, losses: &mut Vec<Loss>) -> Vec<Tagged> {
    let entries = v.as_object().map_or(&[][..], Vec::as_slice);
    let mut marks: Vec<Tagged> = Vec::new();
    for (k, val) in entries {
        if k == "input" {
            continue;
        } else if MAPPED.contains(&k.as_ref()) {
            if is_empty_mapped(val) {
                marks.push(Tagged::new(k.clone(), val.clone(), under_key(&[], k)));
            }
        } else if k == "id" {
            marks.push(Tagged::new(AGENS_ID, val.clone(), keys(&["id"])));
        } else if is_field(k) {
            marks.push(Tagged::new(k.clone(), val.clone(), under_key(&[], k)));
        } else {
            losses.push(Loss::new(
                i,
                &[k.as_ref()],
                loss::DROPPED_FIELD,
                format!(
                    "{} is not an Agens.Message field and has no place in the target",
                    quoted(k)
                ),
            ));
        }
    }
    marks
}

/// A canonical message of step `i`, from its field `at`.
fn step_message(i: usize, body: Body, at: &'static str) -> Message {
    Message::new(i, Format::Agens, body).at(keys(&[at]), Vec::new())
}

/// A user input of one text, from the step's field `at`.
fn text_input(i: usize, text: String, at: &'static str) -> Message {
    let mut m = step_message(
        i,
        Body::UserInput {
            parts: vec![Part::Text(text)],
        },
        at,
    );
    m.items = vec![keys(&[at])];
    m
}

/// The step's `tool_calls`, remembering each call's name; servers that are not the defaults
/// are a mark, and calls after a result continue it.
fn read_tool_calls(
    list: &[Value],
    i: usize,
    after_result: bool,
    names: &mut super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> Message {
    let mut servers = Vec::new();
    let mut items = Vec::new();
    let calls: Vec<Call> = list
        .iter()
        .enumerate()
        .map(|(k, c)| {
            let at = nth(&keys(&["tool_calls"]), k);
            report_unknown(
                c,
                &crate::formats::agens::TOOL_CALL,
                i,
                &at,
                "an Agens tool call",
                losses,
            );
            let args = read_arguments(c, &at, i, losses);
            servers.push(obj([
                (
                    "server_name",
                    c.get("server_name").cloned().unwrap_or(Value::Null),
                ),
                ("type", c.get("type").cloned().unwrap_or(Value::Null)),
            ]));
            items.push(at);
            let call = Call {
                id: text(c, "id").unwrap_or_default(),
                name: text(c, "name").unwrap_or_default(),
                args: Some(args),
            };
            names.push(&call.id, &call.name);
            call
        })
        .collect();
    let mut m = step_message(i, Body::ToolCalls { calls }, "tool_calls");
    m.items = items;
    if after_result {
        m.set_mark(CONTINUES, Value::Bool(true), keys(&["tool_calls"]));
    }
    let defaults = servers.iter().all(|s| {
        s.get("server_name").and_then(Value::as_str) == Some(DEFAULT_SERVER)
            && s.get("type").and_then(Value::as_str) == Some(DEFAULT_TYPE)
    });
    if !defaults {
        m.set_mark(SERVERS, Value::Arr(servers), keys(&["tool_calls"]));
    }
    m
}

/// A call's `[{key, value}]` arguments as an object (a repeated key keeps its last value).
fn read_arguments(c: &Value, at: &[PathSeg], i: usize, losses: &mut Vec<Loss>) -> Value {
    let mut args = Value::Obj(Vec::new());
    // Where each key's value was read, by its place in `args`.
    let mut read_at: Vec<Path> = Vec::new();
    for (j, a) in c
        .get("arguments")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
    {
        let at_arg = nth(&under(at, &["arguments"]), j);
        report_unknown(
            a,
            &crate::formats::agens::TOOL_CALL_ARGUMENT,
            i,
            &at_arg,
            "an Agens tool argument",
            losses,
        );
        let key = text(a, "key").unwrap_or_default();
        let value = a.get("value").cloned().unwrap_or(Value::Null);
        let seen = args
            .as_object()
            .and_then(|entries| entries.iter().position(|(k, _)| *k == key));
        match seen {
            // The value lost is the one read before: the loss is at its argument.
            Some(n) => {
                let before = std::mem::replace(&mut read_at[n], at_arg);
                losses.push(Loss::at(
                    i,
                    before,
                    loss::DROPPED_FIELD,
                    format!(
                        "the argument {} is given again later, and an object keeps the last value",
                        quoted(&key)
                    ),
                ));
            }
            None => read_at.push(at_arg),
        }
        args.set(&key, value);
    }
    args
}

/// The step's `tool_results`, each named after its call.
fn read_tool_results(
    results: &[(Name, Value)],
    i: usize,
    names: &super::pairing::CallNames,
) -> Message {
    let outputs = results
        .iter()
        .map(|(id, value)| Output {
            call_id: Some(id.to_string()),
            name: lookup(names, id),
            output: value.clone(),
            error: None,
        })
        .collect();
    let mut m = step_message(i, Body::ToolOutputs { outputs }, "tool_results");
    m.items = results
        .iter()
        .map(|(id, _)| vec![PathSeg::name("tool_results"), PathSeg::key(id)])
        .collect();
    m
}

/// Does a target write the second piece, right after the first, so that it reads back as one
/// piece with it?
pub type OnePiece = dyn Fn(&Message, &Message) -> bool;

/// Steps a target without marks (OpenAI, Bedrock) cannot keep apart. Reading back, steps are
/// cut by their slots alone, so a lost boundary can move the messages of the steps after it
/// into other steps (an input read as the step before's `user`). Each step whose messages
/// would not come back as one step of their own is reported at its input, unless a loss there
/// says so already.
///
/// For a target that keeps marks (the UI): `one_piece(a, b)` says the target writes `b`, right
/// after `a`, so that it reads back as one piece with `a` (the UI's user inputs of one step),
/// taking no slot of its own; and a step's empty field (a mark on its first message) that a
/// later step's message fills when it joins is reported there.
pub fn regrouped(msgs: &[Message], losses: &mut Vec<Loss>, marks: Option<&OnePiece>) {
    let dropped = super::pairing::Dropped::of(losses);
    let kept = |m: &Message| slot(State::default(), m).is_some() && !dropped.has(m);
    // A target that keeps marks keeps a step's fields (they begin a step read back), unless it
    // reported them lost.
    let lost = super::pairing::by_message(
        losses
            .iter()
            .filter(|l| l.code == loss::DROPPED_FIELD)
            .map(|l| (l.index, l.path.as_slice()))
            .collect(),
    );
    let begins_read_back = |m: &Message| {
        let lost = super::pairing::at_message(&lost, m.source);
        marks.is_some()
            && m.marks
                .iter()
                .any(|t| starts_step_mark(t) && !lost.iter().any(|(_, p)| *p == t.at))
    };
    let written: Vec<&Message> = msgs.iter().filter(|m| kept(m)).collect();
    // The step (counted from 0) each written message reads back into, and the slot it fills.
    let mut back: Vec<usize> = Vec::with_capacity(written.len());
    let mut slots: Vec<Option<Slot>> = Vec::with_capacity(written.len());
    let mut state = State::default();
    let mut step = 0;
    let mut prev: Option<&Message> = None;
    for m in msgs {
        if !kept(m) {
            prev = None;
            continue;
        }
        if let (Some(p), Some(one_piece)) = (prev, marks) {
            if one_piece(p, m) {
                back.push(step);
                slots.push(None);
                prev = Some(m);
                continue;
            }
        }
        if !back.is_empty() && (!fits_by_slots(state, m) || begins_read_back(m)) {
            step += 1;
            state = State::default();
        }
        slots.push(slot(state, m));
        state = advance(state, m);
        back.push(step);
        prev = Some(m);
    }
    let is_input = |x: &Message| matches!(x.body, Body::UserInput { .. });
    let input = keys(&["input"]);
    // The steps whose input (or whole step) a loss names already, by source index.
    let mut said = vec![false; msgs.iter().map(|m| m.source + 1).max().unwrap_or(0)];
    for l in losses.iter() {
        if l.path.is_empty() || l.path == input {
            if let Some(s) = said.get_mut(l.index) {
                *s = true;
            }
        }
    }
    let mut found = Vec::new();
    // A step's messages stand together: each run of one source is one step.
    let mut a = 0;
    while a < written.len() {
        let s = written[a].source;
        let b = (a..written.len())
            .find(|&k| written[k].source != s)
            .unwrap_or(written.len());
        // Whole: the step's messages read back into one step, which they begin (messages of
        // later steps joining it are those steps' loss).
        let begins = a == 0 || back[a - 1] != back[a];
        let together = back[a..b].iter().all(|&g| g == back[a]);
        // A step without an input of its own (`(no input)`) that a later step's input joins
        // takes that input.
        let takes_input = !written[a..b].iter().any(|x| is_input(x))
            && written[b..]
                .iter()
                .zip(&back[b..])
                .take_while(|(_, &g)| g == back[a])
                .any(|(x, _)| is_input(x));
        let whole = begins && together && !takes_input;
        if !whole && !said[s] {
            said[s] = true;
            // The loss is the step's: its messages read back elsewhere, its fields with them.
            found.push(if !begins && together {
                Loss::new(s, &[], loss::MERGED_MESSAGES, super::BEGINS_LOST)
            } else {
                Loss::new(
                    s,
                    &[],
                    loss::DROPPED_FIELD,
                    "the step boundary is not carried: this step's messages read back in other steps",
                )
            });
        }
        if begins && marks.is_some() {
            // The slots later steps' messages fill in this one.
            let filled: Vec<Slot> = (b..written.len())
                .take_while(|&k| back[k] == back[a])
                .filter_map(|k| slots[k])
                .collect();
            for t in &written[a].marks {
                if filled.iter().any(|f| f.field() == t.name) && is_empty_mapped(&t.value) {
                    found.push(Loss::at(
                        s,
                        t.at.clone(),
                        loss::DROPPED_FIELD,
                        "a later step's messages read back into this step and fill this empty field",
                    ));
                }
            }
        }
        a = b;
    }
    losses.extend(found);
}

/// An input carried forward from the step before (the same `input`) goes where that one goes:
/// when the step before's input is reported lost, so is this one.
pub fn carried_inputs(values: &[Value], losses: &mut Vec<Loss>) {
    let input = keys(&["input"]);
    // Which messages' inputs are lost, found in one pass (an Agens step loses a dozen fields
    // in most targets: asking the list for each message was a tenth of a conversion).
    let mut lost = vec![false; values.len()];
    for l in losses.iter() {
        if l.index < values.len() && (l.path.is_empty() || l.path == input) {
            lost[l.index] = true;
        }
    }
    for i in 1..values.len() {
        if values[i].get("input") == values[i - 1].get("input") && lost[i - 1] && !lost[i] {
            lost[i] = true;
            losses.push(Loss::at(
                i,
                input.clone(),
                loss::DROPPED_FIELD,
                "the input carried forward from the step before is lost with it",
            ));
        }
    }
}

/// An Agens message being built from a run of canonical messages.
struct Step {
    state: State,
    fields: Value,
    /// The input from a user input of this step, that message's index, the text's path and
    /// the message's.
    input: Option<(String, usize, Path, Path)>,
    /// Marked null / empty mapped fields (message index, name, value, path), applied if the
    /// step has no such field.
    pending: Vec<(usize, String, Value, Path)>,
    /// The call ids `tool_results` holds, and how many of its entries that is (a count that
    /// differs says the entries were set elsewhere: they are indexed again). A result's id was
    /// searched for in every entry before it: quadratic in a step of many results.
    result_ids: (crate::fnv::IdMap<usize>, usize),
}

/// Does this JSON value fit the Agens field's shape?
fn valid_field(key: &str, value: &Value) -> bool {
    let Some(f) = MESSAGE_OBJECT.fields.iter().find(|f| f.key.name() == key) else {
        return false;
    };
    let text = value.to_json();
    let Ok(tape) = json::parse(&text, DEPTH_CEILING) else {
        return false;
    };
    check(
        &tape.view(&text),
        0,
        &f.shape,
        Mode::Json,
        &Options::default(),
    )
    .issues
    .is_empty()
}

/// The Agens message of a step; `prev_last` is the last slot of the step before.
fn finish(
    step: Step,
    carried_input: &mut String,
    prev_last: &mut Option<Slot>,
    losses: &mut Vec<Loss>,
) -> Option<Value> {
    let Step {
        mut fields,
        input,
        pending,
        state,
        ..
    } = step;
    // A step none of whose messages was carried (each reported) is no step: written, it would
    // read back as an input of its own.
    if input.is_none() && pending.is_empty() && fields.as_object().is_some_and(|f| f.is_empty()) {
        return None;
    }
    for (i, key, value, at) in pending {
        if fields.has(&key) {
            losses.push(Loss::at(
                i,
                at,
                loss::DROPPED_FIELD,
                format!("the carried {} is replaced by the step's own", quoted(&key)),
            ));
        } else {
            fields.set(&key, value);
        }
    }
    if let Some((text, i, _, whole)) = &input {
        let shown = fields.has("user")
            || !has_content(&fields)
            || (*prev_last == Some(Slot::Outputs) && only_outputs(&fields));
        if *text == *carried_input && !shown {
            // Not written: a message of nothing else is left out whole.
            losses.push(Loss::at(
                *i,
                whole.clone(),
                loss::UNSUPPORTED_MESSAGE,
                "a user input repeating the step's carried-forward input is not told apart from it",
            ));
        }
    }
    let input = input
        .map(|(t, ..)| t)
        .unwrap_or_else(|| carried_input.clone());
    *carried_input = input.clone();
    *prev_last = state.last;
    fields.set("input", Value::from(input));
    // The struct's documented order.
    let mut out = Value::Obj(Vec::new());
    for f in MESSAGE_OBJECT.fields {
        if let Some(v) = fields.get(f.key.name()) {
            out.set(f.key.name(), v.clone());
        }
    }
    Some(out)
}

/// A user input's text (Agens holds one text, no files) and its path; `None` when the message
/// is not carried (an input slot without text: reported here).
fn user_text(
    m: &Message,
    parts: &[Part],
    at: Option<Slot>,
    losses: &mut Vec<Loss>,
) -> Option<(String, Path)> {
    let before = losses.len();
    let mut texts = Vec::new();
    // The position of the first text part.
    let mut first = 0;
    for (k, p) in parts.iter().enumerate() {
        match p {
            Part::Text(t) => {
                if texts.is_empty() {
                    first = k;
                }
                if texts.len() == 1 {
                    losses.push(m.loss(
                        What::Item(first),
                        loss::CHANGED_VALUE,
                        "Agens input is one text: the text parts that follow are joined into this one",
                    ));
                }
                if !texts.is_empty() {
                    losses.push(m.loss(
                        What::Item(k),
                        loss::DROPPED_FIELD,
                        "Agens input is one text: this text part is joined into the first",
                    ));
                }
                texts.push(t.as_str())
            }
            Part::File { .. } | Part::FileId { .. } => losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                "Agens input is text; a file or image is not carried",
            )),
        }
    }
    let t = texts.concat();
    if at == Some(Slot::Input) && t.is_empty() {
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "an Agens input is a non-empty text; a user input without text is not carried",
        ));
        report_rest(m, &[], losses, Format::Agens);
        return None;
    }
    if texts.is_empty() && !parts.is_empty() && m.at.is_empty() {
        // Nothing of the message is carried but that it was there: one loss for it (a
        // target may have no empty message to read it back as).
        losses.truncate(before);
        losses.push(m.loss(
            What::Message,
            loss::DROPPED_FIELD,
            "Agens input is text; none of this message's parts is, and it is written as an empty prompt",
        ));
    }
    let first = parts.iter().position(|p| matches!(p, Part::Text(_)));
    Some((t, m.path(first.map_or(What::Message, What::Item))))
}

/// Instructions as the step's `system`; developer instructions are reported.
fn write_instructions(
    s: &mut Step,
    m: &Message,
    text: &str,
    developer: bool,
    losses: &mut Vec<Loss>,
) {
    s.fields.set("system", Value::from(text));
    if developer {
        let at = if m.from == Format::Kernel {
            keys(&[RESERVED, DEVELOPER])
        } else {
            keys(&["role"])
        };
        losses.push(Loss::at(
            m.source,
            at,
            loss::DROPPED_FIELD,
            "Agens has no developer instructions; written as system",
        ));
    }
}

/// The `tool_call_servers` mark, when it holds one valid `{server_name, type}` per call.
fn call_servers<'m>(m: &'m Message, calls: &[Call]) -> Option<&'m Vec<Value>> {
    m.mark(SERVERS).and_then(Value::as_array).filter(|list| {
        list.len() == calls.len()
            && list.iter().all(|x| {
                x.get("server_name").is_some_and(|n| n.as_str().is_some())
                    && matches!(
                        x.get("type").and_then(Value::as_str),
                        Some("mcp_tool_use" | "tool_call")
                    )
            })
    })
}

/// Tool calls as the step's `tool_calls`, remembering each call's name for its result.
/// Returns whether the servers mark was read and whether the calls take their slot.
fn write_tool_calls(
    s: &mut Step,
    m: &Message,
    calls: &[Call],
    names: &mut super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> (bool, bool) {
    let mut takes_slot = true;
    if calls.is_empty() {
        // Not carried: it leaves no trace in the step (no field, no slot).
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "an empty list of tool calls is no Agens message",
        ));
        takes_slot = false;
    }
    let servers = call_servers(m, calls);
    let servers_ok = servers.is_some();
    let list: Vec<Value> = calls
        .iter()
        .enumerate()
        .map(|(n, c)| {
            names.push(&c.id, &c.name);
            let server = servers.map(|l| l[n].clone());
            let pick = |k: &str, d: &str| {
                server
                    .as_ref()
                    .and_then(|x| x.get(k).cloned())
                    .unwrap_or(Value::from(d))
            };
            obj([
                ("id", Value::from(&c.id)),
                ("name", Value::from(&c.name)),
                ("arguments", Value::Arr(arguments(m, n, c, losses))),
                ("server_name", pick("server_name", DEFAULT_SERVER)),
                ("type", pick("type", DEFAULT_TYPE)),
            ])
        })
        .collect();
    if !calls.is_empty() {
        s.fields.set("tool_calls", Value::Arr(list));
    }
    (servers_ok, takes_slot)
}

/// Tool outputs into the step's `tool_results`, keyed by call id. Returns whether they take
/// their slot (some result is carried).
fn write_tool_outputs(
    s: &mut Step,
    m: &Message,
    outputs: &[Output],
    names: &super::pairing::CallNames,
    losses: &mut Vec<Loss>,
) -> bool {
    if outputs.is_empty() {
        losses.push(m.loss(
            What::Message,
            loss::UNSUPPORTED_MESSAGE,
            "an empty list of tool results is no Agens message",
        ));
    }
    // Results none of which can be carried (no call id) leave no trace in the step:
    // neither a record nor their slot, as reading the step back would not show them.
    let carried = outputs.iter().any(|o| o.call_id.is_some());
    if carried && !s.fields.has("tool_results") {
        s.fields.set("tool_results", Value::Obj(Vec::new()));
    }
    for (k, o) in outputs.iter().enumerate() {
        let Some(id) = &o.call_id else {
            losses.push(m.loss(
                What::Item(k),
                loss::UNSUPPORTED_MESSAGE,
                "Agens keys tool results by call id; a result without one is not carried",
            ));
            continue;
        };
        if o.name != lookup(names, id) {
            losses.push(m.loss(
                What::Field(k, Field::Name),
                loss::DROPPED_FIELD,
                "Agens names a tool result by its call; this name is not kept",
            ));
        }
        let value = output_value(m, k, o, losses);
        // (An object: set above, or a valid field a mark carried.)
        let Some(Value::Obj(results)) = s.fields.get_mut("tool_results") else {
            losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                "the step's tool_results is not a map of results; this result has no place there",
            ));
            continue;
        };
        let (ids, indexed) = &mut s.result_ids;
        if *indexed != results.len() {
            ids.clear();
            for (n, (key, _)) in results.iter().enumerate() {
                ids.insert(key, n);
            }
        }
        *indexed = results.len();
        if ids.contains(id) {
            losses.push(m.loss(
                What::Item(k),
                loss::DROPPED_FIELD,
                format!("a second result for call {} is not carried", quoted(id)),
            ));
        } else {
            ids.insert(id, results.len());
            results.push((crate::tape::value::name(id), value));
            *indexed += 1;
        }
    }
    carried
}

/// A tool result's value: its output, or for a failed call without output the error's text.
fn output_value(m: &Message, k: usize, o: &Output, losses: &mut Vec<Loss>) -> Value {
    let mut value = o.output.clone();
    if let Some(e) = &o.error {
        // Without an output, the output changes too: the loss is the result's.
        let at = if value.is_null() {
            What::Item(k)
        } else {
            What::Field(k, Field::Error)
        };
        losses.push(m.loss(
            at,
            loss::ERROR_AS_TEXT,
            "an Agens tool result has no error; a failed call without output is written as the error's text",
        ));
        if value.is_null() {
            value = Value::from(format!("Error: {}", text(e, "message").unwrap_or_default()));
        }
    }
    value
}

/// What the marks of a message may be read back as: whether it tells a step boundary and
/// whether its servers mark was read.
struct MarkContext {
    step_told: bool,
    servers_ok: bool,
}

/// Marks: the step's own are read back, the rest reported; extra properties have no place in
/// an Elixir struct.
fn read_marks(s: &mut Step, m: &Message, cx: MarkContext, losses: &mut Vec<Loss>) {
    let i = m.source;
    let mut used: Vec<&str> = Vec::new();
    for t in &m.marks {
        let (k, v) = (t.name.as_ref(), &t.value);
        let consumed = match k {
            STEP => *v == Value::Bool(true) && cx.step_told,
            CONTINUES => {
                matches!(m.body, Body::ToolCalls { .. }) && s.state.last == Some(Slot::Reply)
            }
            SERVERS => cx.servers_ok,
            AGENS_ID if valid_field("id", v) && !s.fields.has("id") => {
                s.fields.set("id", v.clone());
                true
            }
            _ if MAPPED.contains(&k) && k != "input" && is_empty_mapped(v) && valid_field(k, v) => {
                s.pending.push((i, k.to_string(), v.clone(), t.at.clone()));
                true
            }
            _ if !MAPPED.contains(&k)
                && k != "id"
                && is_field(k)
                && valid_field(k, v)
                && !s.fields.has(k) =>
            {
                s.fields.set(k, v.clone());
                true
            }
            _ => false,
        };
        if consumed {
            used.push(k);
        }
    }
    report_rest(m, &used, losses, Format::Agens);
}

/// An empty step.
fn new_step() -> Step {
    Step {
        state: State::default(),
        fields: Value::Obj(Vec::new()),
        input: None,
        pending: Vec::new(),
        result_ids: Default::default(),
    }
}

/// The steps being written and what runs across them.
struct Steps {
    out: Vec<Value>,
    carried_input: String,
    prev_last: Option<Slot>,
    names: super::pairing::CallNames,
    step: Option<Step>,
}

impl Steps {
    /// Finishes the step being built, if any.
    fn flush(&mut self, losses: &mut Vec<Loss>) {
        if let Some(done) = self.step.take() {
            self.out.extend(finish(
                done,
                &mut self.carried_input,
                &mut self.prev_last,
                losses,
            ));
        }
    }

    /// Writes one canonical message into the step it joins, or a new one.
    fn write(&mut self, m: &Message, losses: &mut Vec<Loss>) {
        if let Some(kind) = m.body.kind_chats_lack() {
            losses.push(m.loss(
                What::Message,
                loss::UNSUPPORTED_MESSAGE,
                format!("Agens has no {kind} message"),
            ));
            return;
        }
        let state = self.step.as_ref().map(|s| s.state).unwrap_or_default();
        let joins = self.step.is_some() && fits(state, m);
        // Where a step before would take this message by its slots, the step mark tells a
        // boundary nothing else does, and reading the step back marks it again; elsewhere (the
        // first step, or slots that start a step anyway) the mark would not come back.
        let step_told = self.step.is_some() && fits_by_slots(state, m);
        let at = if joins {
            slot(state, m)
        } else {
            slot(State::default(), m)
        };
        let user = match &m.body {
            Body::UserInput { parts } => match user_text(m, parts, at, losses) {
                Some(t) => Some(t),
                None => return,
            },
            _ => None,
        };
        if m.id.is_some() || m.timestamp.is_some() {
            losses.push(m.loss(
                What::Id,
                loss::DROPPED_FIELD,
                "Agens messages carry no such id or timestamp",
            ));
        }
        if !joins {
            self.flush(losses);
            self.step = Some(new_step());
        }
        let Some(s) = self.step.as_mut() else { return };
        let mut servers_ok = false;
        let mut takes_slot = true;
        match &m.body {
            Body::Instructions { text, developer } => {
                write_instructions(s, m, text, *developer, losses)
            }
            Body::UserInput { .. } => {
                let (t, path) = user.unwrap_or_default();
                if at == Some(Slot::Input) {
                    s.input = Some((t, m.source, path, m.path(What::Message)));
                } else {
                    s.fields.set("user", Value::from(t));
                }
            }
            Body::Reply { text } => s.fields.set("result", Value::from(text)),
            Body::ToolCalls { calls } => {
                (servers_ok, takes_slot) = write_tool_calls(s, m, calls, &mut self.names, losses)
            }
            Body::ToolOutputs { outputs } => {
                takes_slot = write_tool_outputs(s, m, outputs, &self.names, losses)
            }
            _ => {}
        }
        read_marks(
            s,
            m,
            MarkContext {
                step_told,
                servers_ok,
            },
            losses,
        );
        if takes_slot {
            s.state = advance(s.state, m);
        }
    }
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    let mut steps = Steps {
        out: Vec::new(),
        carried_input: NO_INPUT.to_string(),
        prev_last: None,
        names: super::pairing::CallNames::default(),
        step: None,
    };
    for m in msgs {
        steps.write(m, losses);
    }
    steps.flush(losses);
    steps.out
}

/// A call's arguments as Agens `[{key, value}]` string pairs.
fn arguments(m: &Message, n: usize, c: &Call, losses: &mut Vec<Loss>) -> Vec<Value> {
    match &c.args {
        Some(Value::Obj(entries)) => entries
            .iter()
            .map(|(k, v)| {
                let value = match v {
                    Value::Str(s) => s.clone(),
                    other => {
                        losses.push(m.loss(
                            What::Field(n, Field::Args),
                            loss::STRINGIFIED_OUTPUT,
                            format!("the argument {} is written as JSON text (Agens argument values are strings)", quoted(k)),
                        ));
                        other.to_json()
                    }
                };
                obj([("key", Value::from(k.as_ref())), ("value", Value::from(value))])
            })
            .collect(),
        None => {
            losses.push(m.loss(
                What::Field(n, Field::Args),
                loss::DROPPED_FIELD,
                "absent args are written as []",
            ));
            Vec::new()
        }
        Some(_) => {
            losses.push(m.loss(
                What::Field(n, Field::Args),
                loss::DROPPED_FIELD,
                "args that are not an object have no place in Agens key/value arguments",
            ));
            Vec::new()
        }
    }
}
