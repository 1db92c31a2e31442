//! Conversions between formats through one canonical model (see `docs/CONVERSIONS.md`).
//!
//! Mappings work on the JSON form of messages (bytes as base64, errors as objects), so none of
//! them meets a JavaScript-only value; the caller validates the source first and the target
//! after. Every conversion returns the converted messages and the [`Loss`]es: what the target
//! cannot carry, reported instead of dropped. All five formats have mappings.

pub mod agens;
pub mod ai_sdk;
pub mod ai_sdk_ui;
pub mod anthropic;
pub mod bedrock;
pub mod canonical;
pub mod check;
pub mod conversation;
pub mod detect;
pub mod kernel;
pub mod kernel_render;
pub mod loss;
pub mod openai;
pub mod pairing;
pub mod report;
pub mod swarm;

use crate::formats::Format;
use crate::tape::value::{Name, Value};
use crate::validate::{quoted, PathSeg};
pub use canonical::{
    Body, Call, Field, Form, Held, ImageSource, Message, Output, Part, ProviderOptions, Tagged,
    What,
};
pub use loss::Loss;

/// What a target needs and the source may lack (never a loss): a fresh `(id, timestamp)` for
/// Kernel, the `agentName` for swarm.
pub trait Fill {
    fn id_and_time(&mut self) -> (String, f64);
    /// The `agentName` of swarm messages whose source names no author.
    fn agent_name(&self) -> &str {
        swarm::DEFAULT_AGENT
    }
}

/// Convert JSON-form messages (already valid in `from`) into `to`. Every pair of formats has
/// a mapping, and a valid input never makes a conversion fail.
pub fn convert(
    from: Format,
    to: Format,
    values: &[Value],
    fill: &mut dyn Fill,
) -> (Vec<Value>, Vec<Loss>) {
    use Format::*;
    let mut losses = Vec::new();
    let mut canonical = to_canonical(from, values, &mut losses);
    if matches!(to, OpenAI | Agens | Anthropic | AiSdk | AiSdkUi) {
        // Targets that cannot write a tool result without its call id.
        pairing::infer_call_ids(&mut canonical, &mut losses);
    }
    if from != to {
        pairing::report_reused_call_ids(&canonical, &mut losses);
    }
    if from == AiSdkUi {
        ai_sdk_ui::report_shared_call_ids(&canonical, &mut losses);
    }
    unlink_stale(to, &mut canonical, &mut losses);
    let out = write(to, &canonical, &mut losses, fill);
    if matches!(to, OpenAI | Swarm | Agens | Anthropic | AiSdkUi) {
        // Targets with one message (or map entry) per tool result: results split over
        // messages with nothing written between them read back as one.
        pairing::report_split_groups(&canonical, &mut losses);
    }
    if from != to && to != Kernel {
        // (Kernel writes results apart across what it leaves out: each keeps its id.)
        pairing::report_joined_across_dropped(&canonical, &mut losses);
    }
    if from == Agens {
        match to {
            OpenAI | Bedrock | Anthropic => agens::regrouped(&canonical, &mut losses, None),
            AiSdkUi => agens::regrouped(&canonical, &mut losses, Some(&ai_sdk_ui::one_piece)),
            _ => {}
        }
        agens::carried_inputs(values, &mut losses);
    }
    lost_whole(&canonical, &mut losses);
    merged_where_begins_lost(&canonical, &mut losses);
    by_index(&mut losses, |l| l.index);
    (out, losses)
}

/// What the target leaves out, one loss per lost thing: a canonical message not written
/// whose items are elements of an array beside the one its path names (a run of an AI SDK
/// tool message's results, of a UI message's parts) has a loss at each of them; and a source
/// message of which nothing is written is one loss at `[]` (the message, its role and its id
/// with it) instead of its pieces' (the first one's sentence; what the others said is under
/// it). Called last, once every pass has read the losses. (Linear but for the search of each
/// message's losses by halves: Bedrock leaves out half of an Agens conversation's messages.)
fn lost_whole(canonical: &[Message], losses: &mut Vec<Loss>) {
    let dropped = pairing::Dropped::of(losses);
    // The items to report: (message, item path, the message's own path).
    let mut items: Vec<(usize, &canonical::Path, &canonical::Path)> = Vec::new();
    // What rode on pieces left out: the user's properties, the whole message's options, its
    // id and timestamp.
    let mut extras: Vec<Loss> = Vec::new();
    // The marks that rode on pieces left out, read from fields of the source: (message, path).
    let mut marks: Vec<(usize, &canonical::Path)> = Vec::new();
    // The source messages left out whole, in order.
    let mut whole: Vec<usize> = Vec::new();
    // The source of the piece before, and whether every piece of it so far is left out.
    let mut last: Option<(usize, bool)> = None;
    for m in canonical {
        let own = dropped.has(m);
        // (Or each of its items left out, one by one.)
        let gone = own || !m.items.is_empty() && m.items.iter().all(|at| dropped.at(m.source, at));
        if own {
            for at in &m.items {
                if !at.starts_with(&m.at) {
                    items.push((m.source, at, &m.at));
                }
            }
            // The user's properties and the options of the whole message ride on its first
            // piece: they go with it.
            let left_out =
                |at: &canonical::Path, code| Loss::at(m.source, at.clone(), code, EXTRA_LEFT_OUT);
            extras.extend(m.extra.iter().map(|t| left_out(&t.at, loss::DROPPED_FIELD)));
            let whole_options = m.options.iter().filter(|o| o.item.is_none());
            extras.extend(whole_options.map(|o| left_out(&o.at, loss::DROPPED_OPAQUE)));
            if m.id.is_some() || m.timestamp.is_some() {
                extras.push(m.loss(What::Id, loss::DROPPED_FIELD, ID_LEFT_OUT));
            }
            // A mark read from a field of the source outside the piece's own (an Agens step's
            // `next`, read with its input) goes with it too; but for the role, which the
            // pieces written say.
            let role = [PathSeg::Key("role".into())];
            let outside = |t: &&Tagged| {
                !t.at.is_empty()
                    && t.at != role
                    && !t.at.starts_with(&m.at)
                    && !m.items.iter().any(|at| t.at.starts_with(at))
            };
            marks.extend(m.marks.iter().filter(outside).map(|t| (m.source, &t.at)));
            // A mark that says where the message begins goes with it: read back, the rest of
            // the message may join the one before ([`merged_where_begins_lost`] says).
            for t in m.marks.iter().filter(|t| t.begins) {
                let at = m.path(What::Mark(&t.name));
                extras.push(Loss::at(m.source, at, loss::DROPPED_FIELD, EXTRA_LEFT_OUT));
            }
        }
        last = match last {
            Some((source, all)) if source == m.source => Some((source, all && gone)),
            before => {
                if let Some((source, true)) = before {
                    whole.push(source);
                }
                Some((m.source, gone))
            }
        };
    }
    if let Some((source, true)) = last {
        whole.push(source);
    }
    // (Pieces of a message come one after another; where they do not, nothing is joined.)
    if whole.windows(2).any(|w| w[0] >= w[1]) {
        whole.clear();
    }
    // A message reported whole already keeps its losses.
    whole.retain(|&source| !dropped.at(source, &[]));
    let mut more = Vec::new();
    for (source, at, of) in items {
        if whole.binary_search(&source).is_ok() {
            continue;
        }
        if let Some(first) = losses
            .iter()
            .find(|l| l.index == source && l.code == loss::UNSUPPORTED_MESSAGE && l.path == *of)
        {
            more.push(Loss::at(
                source,
                at.clone(),
                first.code,
                first.detail.clone(),
            ));
        }
    }
    for (source, at) in marks {
        let covered = |l: &Loss| l.index == source && at.starts_with(&l.path);
        if !losses.iter().chain(&extras).chain(&more).any(covered) {
            extras.push(Loss::at(
                source,
                at.clone(),
                loss::DROPPED_FIELD,
                EXTRA_LEFT_OUT,
            ));
        }
    }
    for l in extras {
        if whole.binary_search(&l.index).is_err() && !dropped.at(l.index, &[]) {
            more.push(l);
        }
    }
    drop(dropped);
    losses.extend(more);
    if whole.is_empty() {
        return;
    }
    // The first `unsupported_message` loss of each message left out whole stands for it.
    let mut kept = vec![false; whole.len()];
    losses.retain_mut(|l| {
        let Ok(w) = whole.binary_search(&l.index) else {
            return true;
        };
        if !kept[w] && l.code == loss::UNSUPPORTED_MESSAGE {
            kept[w] = true;
            l.path = Vec::new();
            return true;
        }
        false
    });
}

/// The messages of `canonical` in `to`.
fn write(
    to: Format,
    canonical: &[Message],
    losses: &mut Vec<Loss>,
    fill: &mut dyn Fill,
) -> Vec<Value> {
    use Format::*;
    match to {
        Kernel => kernel::from_canonical(canonical, losses, fill),
        OpenAI => openai::from_canonical(canonical, losses),
        Swarm => swarm::from_canonical(canonical, losses, fill.agent_name()),
        Agens => agens::from_canonical(canonical, losses),
        Bedrock => bedrock::from_canonical(canonical, losses),
        Anthropic => anthropic::from_canonical(canonical, losses, fill),
        AiSdk => ai_sdk::from_canonical(canonical, losses, fill),
        AiSdkUi => ai_sdk_ui::from_canonical(canonical, losses, fill),
    }
}

/// A piece that continues (the mark [`canonical::CONTINUES`]) a reasoning, log or other
/// message that the target leaves out would, read back, continue the message before that one
/// (a target that carries or follows the mark joins them), and one that follows such a piece
/// (the mark [`canonical::AFTER`]) would begin a message of its own: the mark is not carried,
/// and the split is reported. Which messages the target leaves out is learnt from a dry run,
/// made only when such a piece exists.
fn unlink_stale(to: Format, canonical: &mut [Message], losses: &mut Vec<Loss>) {
    let candidate = |n: usize| {
        n > 0
            && (canonical[n].marked(canonical::CONTINUES)
                && canonical[n - 1].body.kind_chats_lack().is_some()
                || canonical[n].mark(canonical::AFTER).is_some())
    };
    if !(0..canonical.len()).any(candidate) {
        return;
    }
    struct Dry;
    impl Fill for Dry {
        fn id_and_time(&mut self) -> (String, f64) {
            (String::new(), 0.0)
        }
    }
    let mut dry = Vec::new();
    write(to, canonical, &mut dry, &mut Dry);
    let dropped = pairing::Dropped::of(&dry);
    let stale: Vec<usize> = (0..canonical.len())
        .filter(|&n| candidate(n) && dropped.has(&canonical[n - 1]) && !dropped.has(&canonical[n]))
        .collect();
    for n in stale {
        // Where no piece of the message before this one is written, this one begins what is
        // written of it: nothing is split.
        let source = canonical[n].source;
        let written = canonical[..n]
            .iter()
            .rev()
            .take_while(|p| p.source == source)
            .find(|p| !dropped.has(p));
        // A piece marked `after` joins a written piece of the kind it names still.
        let after = canonical[n].mark(canonical::AFTER);
        if let (Some(p), Some(kind)) = (written, after) {
            if *kind == Value::from(canonical::piece_kind(&p.body)) {
                continue;
            }
        }
        let split = written.is_some();
        // (A mark that joins it to another source message, as swarm's, is the source's own.)
        let across = canonical[n - 1].source != source;
        let m = &mut canonical[n];
        if !split {
            if across {
                for t in m
                    .marks
                    .iter()
                    .filter(|t| t.name == canonical::CONTINUES || t.name == canonical::AFTER)
                {
                    losses.push(m.loss(
                        What::Mark(&t.name),
                        loss::DROPPED_FIELD,
                        "the message this one continues is not written: read back, it begins a message of its own",
                    ));
                }
            }
            m.marks
                .retain(|t| t.name != canonical::CONTINUES && t.name != canonical::AFTER);
            continue;
        }
        let mark = match m.marked(canonical::CONTINUES) {
            true => canonical::CONTINUES,
            false => canonical::AFTER,
        };
        losses.push(m.loss(
            What::Mark(mark),
            loss::SPLIT_MESSAGE,
            "the message this one continues is not written, so it is written as a message of its own",
        ));
        m.marks.retain(|t| t.name != mark);
    }
}

/// The canonical messages of JSON-form messages in `format`.
pub fn to_canonical(format: Format, values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut messages = match format {
        Format::Kernel => kernel::to_canonical(values, losses),
        Format::OpenAI => openai::to_canonical(values, losses),
        Format::Swarm => swarm::to_canonical(values, losses),
        Format::Agens => agens::to_canonical(values, losses),
        Format::Bedrock => bedrock::to_canonical(values, losses),
        Format::Anthropic => anthropic::to_canonical(values, losses),
        Format::AiSdk => ai_sdk::to_canonical(values, losses),
        Format::AiSdkUi => ai_sdk_ui::to_canonical(values, losses),
    };
    let own = if format == Format::Swarm {
        swarm::OWN_MARKS
    } else {
        &[]
    };
    for m in &mut messages {
        settle_marks(m, own, losses);
    }
    messages
}

/// A source's reserved property may name a mark that the source's own fields give (`own`: a
/// swarm `author` is its `agentName`), or one its reader set from the message itself: the
/// fields are the truth, so such a reserved entry is reported (`reserved_name`) and not
/// carried. One mark of each name is left.
fn settle_marks(m: &mut Message, own: &[&str], losses: &mut Vec<Loss>) {
    let reserved = |t: &Tagged| {
        t.at.iter()
            .any(|s| matches!(s, PathSeg::Key(k) if k == canonical::RESERVED))
    };
    let mut n = 0;
    while n < m.marks.len() {
        let t = &m.marks[n];
        let clash = reserved(t)
            && (own.contains(&t.name.as_ref())
                || m.marks.iter().any(|o| o.name == t.name && !reserved(o)));
        if clash {
            let t = m.marks.remove(n);
            losses.push(Loss::at(
                m.source,
                t.at,
                loss::RESERVED_NAME,
                format!(
                    "the message's own fields say what {} would; this entry is not carried",
                    quoted(&t.name)
                ),
            ));
        } else {
            n += 1;
        }
    }
}

/// Stable sort of a list by a source index. The lists are runs already in order, one per pass
/// that appended to them (an Agens conversion's 1,400 losses come in four or five): the order is
/// worked out on the positions alone ([`stable_swaps`], one copy in the wasm for every `T`), and
/// the items are then moved into it, each once. Not `sort_by_key`: each instantiation adds a
/// few KiB of quicksort to the wasm. (An insertion sort moved every late item past all the ones
/// after its place, one swap at a time: quadratic, an eighth of converting 100 Agens steps and
/// most of converting 8,000, 1.0-1.4 s where this takes 0.25-0.3 s:
/// `node bench/convert-scale.mjs`.)
pub fn by_index<T>(list: &mut [T], index: impl Fn(&T) -> usize) {
    for (a, b) in stable_swaps(list.len(), &|i| index(&list[i])) {
        list.swap(a, b);
    }
}

/// The swaps that put `n` items in the order of their keys (`key(i)` of the item at `i`),
/// equal keys in the order they stand: none where they are in order already. The runs already
/// in order are merged two by two until one is left (n log r steps for r runs: a list in
/// hostile order costs n log n, not n²), and the permutation is then followed cycle by cycle.
/// (Loops rather than iterator adapters: each adapter is code of its own in the wasm.)
fn stable_swaps(n: usize, key: &dyn Fn(usize) -> usize) -> Vec<(usize, usize)> {
    let mut keys = Vec::with_capacity(n);
    let mut order = Vec::with_capacity(n);
    // Where each run ends.
    let mut ends = Vec::new();
    for i in 0..n {
        keys.push(key(i));
        order.push(i);
        if i > 0 && keys[i - 1] > keys[i] {
            ends.push(i);
        }
    }
    if ends.is_empty() {
        // One run: in order already.
        return Vec::new();
    }
    ends.push(n);
    let mut merged = Vec::with_capacity(n);
    while ends.len() > 1 {
        let (mut start, mut kept, mut r) = (0, 0, 0);
        while r < ends.len() {
            let mid = ends[r];
            let end = if r + 1 < ends.len() { ends[r + 1] } else { mid };
            let (mut a, mut b) = (start, mid);
            while a < mid || b < end {
                // The left run's item first where keys are equal: stable.
                if b < end && (a == mid || keys[order[b]] < keys[order[a]]) {
                    merged.push(order[b]);
                    b += 1;
                } else {
                    merged.push(order[a]);
                    a += 1;
                }
            }
            ends[kept] = end;
            kept += 1;
            start = end;
            r += 2;
        }
        ends.truncate(kept);
        std::mem::swap(&mut order, &mut merged);
        merged.clear();
    }
    // Item `order[j]` goes to `j`: a swap a step along each cycle.
    let mut swaps = Vec::new();
    for i in 0..n {
        let mut j = i;
        while order[j] != i {
            let k = order[j];
            order[j] = j;
            swaps.push((j, k));
            j = k;
        }
        order[j] = j;
    }
    swaps
}

/// A tool call as swarm and Bedrock write it: `{ id, type: "function", function: { name,
/// arguments } }` with the arguments as an object (`target` names the format in losses); `n`
/// is the call's position in `m`.
pub(crate) fn object_call(
    m: &Message,
    n: usize,
    c: &Call,
    losses: &mut Vec<Loss>,
    target: Format,
) -> Value {
    use crate::tape::value::obj;
    let arguments = match &c.args {
        Some(a @ Value::Obj(_)) => a.clone(),
        Some(other) => {
            losses.push(m.loss(
                What::Field(n, Field::Args),
                loss::DROPPED_FIELD,
                format!(
                    "{} arguments are an object; {} is written as {{}}",
                    target.title(),
                    other.to_json()
                ),
            ));
            Value::Obj(Vec::new())
        }
        None => {
            losses.push(m.loss(
                What::Field(n, Field::Args),
                loss::DROPPED_FIELD,
                "absent args are written as {}",
            ));
            Value::Obj(Vec::new())
        }
    };
    obj([
        ("id", Value::from(&c.id)),
        ("type", Value::from("function")),
        (
            "function",
            obj([("name", Value::from(&c.name)), ("arguments", arguments)]),
        ),
    ])
}

/// A tool message's content where it must be a string (OpenAI, swarm): the output as text, an
/// error flattened into it, each reported (`target` names the format in losses); `n` is the
/// output's position in `m`.
pub(crate) fn output_text(
    m: &Message,
    n: usize,
    r: &Output,
    losses: &mut Vec<Loss>,
    target: Format,
) -> String {
    let mut content = match &r.output {
        Value::Str(s) => s.clone(),
        // A failed call with no output: the error alone is the content.
        Value::Null if r.error.is_some() => String::new(),
        other => {
            losses.push(m.loss(
                What::Field(n, Field::Output),
                loss::STRINGIFIED_OUTPUT,
                format!(
                    "the output is written as JSON text ({} tool content is a string)",
                    target.title()
                ),
            ));
            other.to_json()
        }
    };
    if let Some(e) = &r.error {
        // The output changes too (the message joins it): the loss is the result's.
        losses.push(m.loss(
            What::Item(n),
            loss::ERROR_AS_TEXT,
            "the error is written as text into the content, after the output",
        ));
        let message = text(e, "message").unwrap_or_default();
        content = if content.is_empty() {
            format!("Error: {message}")
        } else {
            format!("{content}\nError: {message}")
        };
    }
    content
}

/// Reports every key of the item `v` (at `at` in message `index`) that `known` does not name:
/// the mapping reads only those, so the others would be dropped without a word.
pub(crate) fn report_unknown(
    v: &Value,
    known: &crate::validate::ObjectShape,
    index: usize,
    at: &[PathSeg],
    what: &str,
    losses: &mut Vec<Loss>,
) {
    for (key, _) in v.as_object().into_iter().flatten() {
        if !known.has(key) {
            losses.push(Loss::at(
                index,
                canonical::under_key(at, key),
                loss::DROPPED_FIELD,
                format!(
                    "{} is not a field of {what}; it has no place in the target",
                    quoted(key)
                ),
            ));
        }
    }
}

/// The `k`th tool call `c` of message `i` in the function-call shape OpenAI and swarm share
/// (`{ id, type, function: { name, arguments } }`): its path and its `function`, with every key
/// that `call` or `function` (the format's shapes) does not name reported; `what` names the
/// call and its function for the report.
pub(crate) fn function_call<'v>(
    c: &'v Value,
    k: usize,
    i: usize,
    (call, function): (&crate::validate::ObjectShape, &crate::validate::ObjectShape),
    what: (&str, &str),
    losses: &mut Vec<Loss>,
) -> (canonical::Path, &'v Value) {
    let at = canonical::nth(&canonical::keys(&["tool_calls"]), k);
    let f = c.get("function").unwrap_or(&Value::Null);
    report_unknown(c, call, i, &at, what.0, losses);
    report_unknown(
        f,
        function,
        i,
        &canonical::under(&at, &["function"]),
        what.1,
        losses,
    );
    (at, f)
}

/// Reports every extra property of `m` and every mark not in `used`: a target without a place
/// for them (`target` names it).
///
/// Provider options are reported too, for targets without any place for them; the writers
/// of those with one (Anthropic, the AI SDK's) report what they do not write themselves.
pub(crate) fn report_rest(m: &Message, used: &[&str], losses: &mut Vec<Loss>, target: Format) {
    report_rest_but(m, used, losses, target, &|_| false);
}

/// [`report_rest`] for a writer that wrote some provider options in their own place (`taken`).
pub(crate) fn report_rest_but(
    m: &Message,
    used: &[&str],
    losses: &mut Vec<Loss>,
    target: Format,
    taken: &dyn Fn(&ProviderOptions) -> bool,
) {
    let target_takes_options =
        matches!(target, Format::Anthropic | Format::AiSdk | Format::AiSdkUi);
    let target = target.title();
    for t in &m.extra {
        losses.push(m.loss(
            What::Extra(&t.name),
            loss::DROPPED_FIELD,
            no_place(target, &t.name, false),
        ));
    }
    if !target_takes_options {
        for o in m.options.iter().filter(|o| !taken(o)) {
            option_lost(m, o, losses, target);
        }
    }
    for t in m.marks.iter().filter(|t| !used.contains(&t.name.as_ref())) {
        // (A piece that is not joined where it continued or followed one is split off.)
        let joins = t.name == canonical::CONTINUES || t.name == canonical::AFTER;
        losses.push(match joins {
            true => m.loss(What::Mark(&t.name), loss::SPLIT_MESSAGE, SPLIT_OFF),
            false => mark_lost(m, t, no_place(target, &t.name, true)),
        });
    }
}

/// The loss of a mark `t` of `m` a target has no place for (`detail`), at the mark; for one
/// that says where the message begins, [`merged_where_begins_lost`] makes it the message's
/// merge into the one before where they join.
pub(crate) fn mark_lost(m: &Message, t: &Tagged, detail: impl Into<loss::Detail>) -> Loss {
    m.loss(What::Mark(&t.name), loss::DROPPED_FIELD, detail)
}

/// A message whose id ([`Message::begins_by_id`]) or mark ([`Tagged::begins`]) says where it
/// begins, and which the target drops, joins the message written before it when read back, if
/// that one is of the kind it joins ([`Message::joins_kind`]; messages left out whole are
/// skipped): the losses of what told them apart become one `merged_messages` at `[]`. Called
/// after [`lost_whole`], which reports the messages left out whole.
fn merged_where_begins_lost(canonical: &[Message], losses: &mut Vec<Loss>) {
    let dropped = pairing::Dropped::of(losses);
    // The fields dropped, by message: with `dropped`, what tells [`Message::apart_by`] (read
    // only where a reader set it).
    let fields = if canonical
        .iter()
        .any(|m| !m.apart_by.is_empty() || m.follows.is_some() || m.carried_from.is_some())
    {
        pairing::by_message(
            losses
                .iter()
                .filter(|l| l.code == loss::DROPPED_FIELD)
                .map(|l| (l.index, l.path.as_slice()))
                .collect(),
        )
    } else {
        Vec::new()
    };
    let lost = |s: usize, at: &canonical::Path| {
        dropped.covers(s, at)
            || pairing::at_message(&fields, s)
                .iter()
                .any(|(_, p)| *p == at.as_slice())
    };
    // (Source message, the paths of what tells it apart, and whether all its `apart_by` is
    // lost: then it is merged whatever those paths' losses say.)
    let mut merged: Vec<(usize, Vec<canonical::Path>, bool)> = Vec::new();
    // The fields carried from a message merged ([`Message::carried_from`]).
    let mut carried: Vec<(usize, canonical::Path)> = Vec::new();
    let mut before: Option<&Message> = None;
    for (n, m) in canonical.iter().enumerate() {
        let first = n == 0 || canonical[n - 1].source != m.source;
        if !first || dropped.at(m.source, &[]) {
            continue;
        }
        // (Merged for sure: all its `apart_by` lost, or a field that told it apart dropped.)
        let surely_merged = |s: usize| {
            merged.iter().any(|(w, apart, apart_lost)| {
                *w == s
                    && (*apart_lost
                        || apart.iter().any(|p| {
                            pairing::at_message(&fields, *w)
                                .iter()
                                .any(|(_, q)| *q == p.as_slice())
                        }))
            })
        };
        // A message that follows another's merge is merged where that one surely is.
        let follows_merged = m.follows.as_ref().is_some_and(|(s, paths)| {
            paths.iter().all(|(s, at)| lost(*s, at)) && surely_merged(*s)
        });
        if let Some((s, at)) = &m.carried_from {
            if surely_merged(*s) && !lost(m.source, at) {
                carried.push((m.source, at.clone()));
            }
        }
        let apart_lost = before.is_some()
            && ((!m.apart_by.is_empty() && m.apart_by.iter().all(|(s, at)| lost(*s, at)))
                || follows_merged);
        let joins = before.is_some_and(|p| m.joins_kind.is_none() || p.joins_kind == m.joins_kind);
        let mut apart = Vec::new();
        if joins {
            let by_id = m.begins_by_id.then(|| m.path(What::Id));
            let by_marks = m.marks.iter().filter(|t| t.begins);
            apart.extend(
                by_id
                    .into_iter()
                    .chain(by_marks.map(|t| m.path(What::Mark(&t.name)))),
            );
        }
        if apart_lost || !apart.is_empty() {
            merged.push((m.source, apart, apart_lost));
        }
        before = Some(m);
    }
    drop((dropped, fields));
    for (source, at) in carried {
        losses.push(Loss::at(source, at, loss::CHANGED_VALUE, CARRIED_MOVED));
    }
    if merged.is_empty() {
        return;
    }
    // One pass over the losses (`merged` is in source order): those that told a message apart
    // go, and whether each message is said merged already.
    let mut told: Vec<bool> = merged.iter().map(|(.., apart_lost)| *apart_lost).collect();
    let mut said = vec![false; merged.len()];
    losses.retain(|l| {
        let Ok(w) = merged.binary_search_by_key(&l.index, |(s, ..)| *s) else {
            return true;
        };
        if l.path.is_empty() && l.code == loss::MERGED_MESSAGES {
            said[w] = true;
        }
        let telling = l.code == loss::DROPPED_FIELD && merged[w].1.contains(&l.path);
        told[w] |= telling;
        !telling
    });
    for (w, (source, _, apart_lost)) in merged.iter().enumerate() {
        if told[w] && !said[w] {
            let detail = if *apart_lost { APART_LOST } else { BEGINS_LOST };
            losses.push(Loss::new(*source, &[], loss::MERGED_MESSAGES, detail));
        }
    }
}

/// The detail of a field carried from a message that reads back joined to the one before.
const CARRIED_MOVED: &str =
    "carried from the message before, which reads back joined to the one before it: read back, this is what that one carries";

/// The detail of a message whose target drops all that told it apart ([`Message::apart_by`]).
pub(crate) const APART_LOST: &str =
    "what told this message apart from the one before is not carried: read back, it is joined to that one";

/// The detail of a mark that says where a message begins, which a target has no place for.
pub(crate) const BEGINS_LOST: &str =
    "the target has no place for where this message begins: read back, it is joined to the message before";

/// The detail of the id and timestamp of a message whose first piece a target leaves out.
const ID_LEFT_OUT: &str =
    "the message's id and timestamp ride on its first piece, which the target leaves out";
/// The detail of a user's property (or the whole message's provider options) whose piece of
/// the message the target leaves out.
const EXTRA_LEFT_OUT: &str =
    "the part of the message this rode on is not written, and this with it";

/// The detail of a piece of a message written as a message of its own ([`loss::SPLIT_MESSAGE`]).
pub(crate) const SPLIT_OFF: &str =
    "the target has no place for what joins this to the message before: it is written as a message of its own, and comes back as one";

/// `<target> messages have no place for "<name>"` (`what_it_says`: `for what "<name>" says`):
/// the detail of a field or mark a target drops, reported for nearly every message of some
/// pairs (an Agens step's dozen fields), so kept as its parts ([`loss::Detail::NoPlace`]).
fn no_place(target: &'static str, name: &Name, what_it_says: bool) -> loss::Detail {
    loss::Detail::NoPlace {
        target,
        name: name.clone(),
        says: what_it_says,
    }
}

/// Are `a` and the canonical message after it, `b`, pieces of one message (a target that
/// joins a reply and the calls after it joins them)? Pieces of one source are, except a UI
/// message's, whose steps are messages of their own (a later piece of a step is marked
/// `CONTINUES`).
pub(crate) fn same_message(a: &Message, b: &Message) -> bool {
    a.source == b.source && a.from == b.from && b.from != Format::AiSdkUi
}

/// Reports the provider options of `m` for a target with no place for them (`target` names it)
/// whose writer carries extras and marks itself (Kernel, swarm), so calls no [`report_rest`].
pub(crate) fn report_options(m: &Message, losses: &mut Vec<Loss>, target: Format) {
    options_lost(m, losses, target.title());
}

/// Reports each provider option of `m` as lost in `target` (its title).
fn options_lost(m: &Message, losses: &mut Vec<Loss>, target: &str) {
    for o in &m.options {
        option_lost(m, o, losses, target);
    }
}

/// Reports the provider option `o` of `m` as lost in `target` (its title).
fn option_lost(m: &Message, o: &ProviderOptions, losses: &mut Vec<Loss>, target: &str) {
    losses.push(Loss::at(
        m.source,
        o.at.clone(),
        loss::DROPPED_OPAQUE,
        format!("{target} messages have no place for provider options"),
    ));
}

/// Reads the reserved property of a source message (a Kernel message, a swarm `payload`) at
/// `at` into `m`'s marks: an object of marks (wherever it stands: conversions write it last, and
/// storage that sorts keys, such as jsonb, moves it; its place is not content). The marks'
/// `props` entry holds
/// extra properties that could not be written as themselves; they follow the plain ones.
/// Anything else under the reserved name is reported, not guessed.
pub(crate) fn read_reserved(
    value: &Value,
    at: &[PathSeg],
    m: &mut Message,
    losses: &mut Vec<Loss>,
) {
    // Conversions never write an empty one: it carries nothing, so it is reported too.
    let Some(entries) = value.as_object().filter(|e| !e.is_empty()) else {
        losses.push(Loss::at(
            m.source,
            at.to_vec(),
            loss::RESERVED_NAME,
            format!(
                "{} is reserved for what conversions carry (an object of marks); this one is not carried",
                quoted(canonical::RESERVED)
            ),
        ));
        return;
    };
    for (k, v) in entries {
        let path = canonical::under_key(at, k);
        if k == PROPS {
            for (pk, pv) in v.as_object().into_iter().flatten() {
                m.extra.push(Tagged::new(
                    pk.clone(),
                    pv.clone(),
                    canonical::under_key(&path, pk),
                ));
            }
            if v.as_object().is_none_or(|o| o.is_empty()) {
                losses.push(Loss::at(
                    m.source,
                    path,
                    loss::RESERVED_NAME,
                    "the carried properties are a non-empty object; this is not carried",
                ));
            }
        } else {
            m.marks.push(Tagged::new(k.clone(), v.clone(), path));
        }
    }
}

/// Leaves one extra property of each name in `m` (a swarm property the shape does not name
/// beside a payload entry of the same name, a reserved object's property beside a plain one):
/// one object cannot hold both. A property already reported (`reported`) gives way; otherwise
/// the later one is reported here.
pub(crate) fn one_of_each(m: &mut Message, reported: usize, losses: &mut Vec<Loss>) {
    let mut n = 0;
    while n < m.extra.len() {
        let name = m.extra[n].name.clone();
        let twin = m
            .extra
            .iter()
            .rposition(|t| t.name == name)
            .filter(|&k| k != n);
        match twin {
            Some(k) => {
                let drop = if n < reported { n } else { k };
                let t = m.extra.remove(drop);
                if drop >= reported {
                    losses.push(Loss::at(
                        m.source,
                        t.at,
                        loss::RESERVED_NAME,
                        format!("a second property named {} is not carried", quoted(&name)),
                    ));
                }
            }
            None => n += 1,
        }
    }
}

/// The mark of a message whose files of the type a writer fills in (application/octet-stream,
/// or text/plain for a plain-text document) named none in the source: the writer's format needs
/// one. The reader takes the media type away again ([`take_filled_types`]), so that nothing is
/// invented on the way back. (A flag, not positions: it stays true whatever parts a target
/// leaves out.)
pub(crate) const UNTYPED: &str = "untyped";

/// The media type a writer fills in for a file of this source.
pub(crate) fn filled_type(source: Option<&ImageSource>) -> &'static str {
    match source {
        Some(ImageSource::Text(_)) => "text/plain",
        _ => "application/octet-stream",
    }
}

/// A file's source and its media type.
fn media_of(p: &Part) -> Option<(Option<&ImageSource>, Option<&str>)> {
    match p {
        Part::File {
            source, media_type, ..
        } => Some((Some(source), media_type.as_deref())),
        Part::FileId { media_type, .. } => Some((None, media_type.as_deref())),
        Part::Text(_) => None,
    }
}

/// `p` without its media type.
fn untyped(p: &Part) -> Part {
    let mut p = p.clone();
    if let Part::File { media_type, .. } | Part::FileId { media_type, .. } = &mut p {
        *media_type = None;
    }
    p
}

/// Whether a file names the media type writers fill in: a message with one cannot say
/// [`UNTYPED`].
pub(crate) fn names_filled_type(p: &Part) -> bool {
    media_of(p).is_some_and(|(source, mt)| mt == Some(filled_type(source)))
}

/// Files filled in and files that name the type filled in, of a message a writer writes: it
/// writes the [`UNTYPED`] mark when some are filled in and none names that type.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Untyped {
    pub filled: bool,
    pub named: bool,
}

impl Untyped {
    pub(crate) fn holds(&self) -> bool {
        self.filled && !self.named
    }
}

/// The media types a writer filled in ([`UNTYPED`]) taken away: every file of the type a
/// writer fills in named none in the source. The mark is read when each of them `writes_back`
/// (the part without a media type is written as it was); otherwise it is carried as it is.
pub(crate) fn take_filled_types(m: &mut Message, writes_back: impl Fn(&Part) -> bool) {
    if m.mark(UNTYPED) != Some(&Value::Bool(true)) {
        return;
    }
    let Body::UserInput { parts } = &mut m.body else {
        return;
    };
    // For each part: not a file of the type filled in (`None`), or whether it writes back.
    let found: Vec<Option<bool>> = parts
        .iter()
        .map(|p| names_filled_type(p).then(|| writes_back(&untyped(p))))
        .collect();
    if found.contains(&Some(false)) {
        return;
    }
    for (p, f) in parts.iter_mut().zip(found) {
        if f == Some(true) {
            *p = untyped(p);
        }
    }
    m.marks.retain(|t| t.name != UNTYPED);
}

/// The entry of the reserved object that holds extra properties written there.
pub(crate) const PROPS: &str = "props";

/// The reserved object for `marks` (those not `used` natively) and `props` (extra properties
/// that cannot be written as themselves); `None` when there is nothing to write.
/// The extra properties a target writes as themselves, and those it writes under the reserved
/// property's `props`: the longest run from the first whose names can stand as themselves
/// (`plain`), then the rest. Reading puts `props` after the plain ones, so the order comes back.
pub(crate) fn split_props(
    extra: &[Tagged],
    plain: impl Fn(&Tagged) -> bool,
) -> (&[Tagged], Vec<&Tagged>) {
    let at = extra.iter().position(|t| !plain(t)).unwrap_or(extra.len());
    (&extra[..at], extra[at..].iter().collect())
}

pub(crate) fn reserved_value(marks: &[&Tagged], props: &[&Tagged]) -> Option<Value> {
    if marks.is_empty() && props.is_empty() {
        return None;
    }
    let mut o: Vec<(Name, Value)> = marks
        .iter()
        .map(|t| (t.name.clone(), t.value.clone()))
        .collect();
    if !props.is_empty() {
        o.push((
            PROPS.into(),
            Value::Obj(
                props
                    .iter()
                    .map(|t| (t.name.clone(), t.value.clone()))
                    .collect(),
            ),
        ));
    }
    Some(Value::Obj(o))
}

/// `data:<media type>;base64,<data>` → (media type, base64), for OpenAI and swarm. Data that is
/// not standard padded base64 is no bytes, and a media type that is not one ([`media_type_ok`])
/// could not be written back: such a URL is read as a URL, so that no target gets invalid
/// base64 and what is read as a typed file can be written again.
pub(crate) fn parse_data_url(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("data:")?;
    let (meta, data) = rest.split_once(',')?;
    let media = meta.strip_suffix(";base64").filter(|m| media_type_ok(m))?;
    crate::validate::base64_check(data.as_bytes()).ok()?;
    Some((media.to_string(), data.to_string()))
}

/// The media type a writer may put into a `data:` URL ([`media_type_ok`]); `None` for none or
/// one that cannot stand there (the writer sends the file untyped and reports it).
pub(crate) fn writable_media_type(media_type: &Option<String>) -> Option<&str> {
    media_type.as_deref().filter(|mt| media_type_ok(mt))
}

/// `data:{media_type};base64,{data}`, for a media type [`writable_media_type`] gave.
pub(crate) fn data_url(media_type: &str, data: &str) -> String {
    format!("data:{media_type};base64,{data}")
}

/// Can `media_type` stand in a `data:` URL: a `type/subtype` of RFC 6838 name characters, or
/// nothing (RFC 2397: text/plain), with `;name=value` parameters (spaces allowed after the
/// `;`)? Anything else (a comma would end it early; a target refuses a type that is not one)
/// is neither read as a media type nor written as one, so what is read can be written back.
fn media_type_ok(media_type: &str) -> bool {
    fn name(s: &str) -> bool {
        !s.is_empty()
            && s.len() <= 127
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"!#$&-^_.+".contains(&b))
    }
    let mut params = media_type.split(';');
    let essence = params.next().unwrap_or_default();
    let typed = essence.is_empty()
        || essence
            .split_once('/')
            .is_some_and(|(t, sub)| name(t) && name(sub));
    typed
        && params.all(|p| {
            p.trim_start_matches(' ')
                .split_once('=')
                .is_some_and(|(k, v)| name(k) && name(v))
        })
}

/// A string field of a JSON object.
pub(crate) fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::by_index;

    /// `by_index` is the standard library's stable sort by the same key, on every list of up
    /// to seven items over three keys (runs, ties and reversals in every place), and on long
    /// lists of many runs.
    #[test]
    fn by_index_is_a_stable_sort() {
        let check = |keys: &[usize]| {
            let mut ours: Vec<(usize, usize)> = keys.iter().copied().zip(0..).collect();
            let mut theirs = ours.clone();
            by_index(&mut ours, |p| p.0);
            theirs.sort_by_key(|p| p.0);
            assert_eq!(ours, theirs, "keys {keys:?}");
        };
        for len in 0..=7u32 {
            for code in 0..3usize.pow(len) {
                let keys: Vec<usize> = (0..len).map(|d| code / 3usize.pow(d) % 3).collect();
                check(&keys);
            }
        }
        // A conversion's losses: a few passes over 100 messages, each in order.
        let mut keys = Vec::new();
        for pass in 0..5 {
            keys.extend((0..100).filter(|i| (i + pass) % (pass + 1) == 0));
        }
        check(&keys);
        let mut seed = 7u64;
        let random: Vec<usize> = (0..1000)
            .map(|_| {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (seed >> 33) as usize % 50
            })
            .collect();
        check(&random);
    }
}
