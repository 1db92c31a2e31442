//! A conversion as the package runs it: the source list validated and read in its JSON form
//! ([`read_source`]), converted ([`run`]: ids and timestamps generated for the target, the
//! target written as a tape over its strings, checked there, its JS form's revival planned).
//! The host builds the messages back from that tape and reads the rest from one small JSON
//! text, `{ "lift", "losses", "generated", "plan" }` ([`Converted::write_json`]). The host
//! gives the tape, the options, the clock reading and its instance's ULID generator;
//! everything else is here, and testable natively.

use super::loss::Loss;
use super::{convert, Fill};
use crate::fnv;
use crate::formats::Format;
use crate::ids::{IdError, UlidGenerator};
pub(crate) use crate::json_text::push_decimal;
use crate::tape::value::{Built, Value};
use crate::tape::TapeView;
use crate::validate::{
    read_values, shape_revives, write_json_string, write_path, Input, Issue, IssueCode, Mode,
    Options, Output, PathSeg, Revive, Shape,
};

/// What a conversion is asked to do, besides the messages and the validation options.
#[derive(Clone, Copy, Debug)]
pub struct Request<'a> {
    pub from: Format,
    pub to: Format,
    /// The clock reading (ms since the epoch) for generated ids and timestamps.
    pub now: f64,
    /// `now` is the caller's clock: the ULIDs come from a generator of this conversion only, so
    /// that every generated timestamp is the caller's reading (the shared generator never steps
    /// back in time).
    pub own_clock: bool,
    /// The swarm `agentName` where the source names no author (empty: the default).
    pub agent_name: &'a str,
}

/// A converted list, checked: the answer of [`run`].
pub struct Converted {
    /// The target messages (an array) as the host builds them back: their tape over their
    /// strings, as checked.
    pub messages: Built,
    /// For an Anthropic target, the leading system message is the request's `system`: the
    /// host takes its `content` out of the list ([`lift_system`]).
    pub lift: bool,
    pub losses: Vec<Loss>,
    /// The indices of the converted messages whose `id` was generated (the facade may replace
    /// them with the caller's), counted after the lift.
    pub generated: Vec<usize>,
    /// What reviving the target's JS form from [`Converted::messages`] takes (bytes, errors).
    pub revive: Revive,
}

/// An issue that is about the request, not about one message.
pub fn failure(message: String) -> Issue {
    Issue::new(IssueCode::InvalidInput, vec![], message)
}

/// A source list as a conversion reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Source {
    /// The messages, in their JSON form.
    pub values: Vec<Value>,
    /// The source was an Anthropic `Prompt` (`{ system?, messages }`) with a `system`, read as a
    /// leading `role: "system"` message (the mappings read lists; the pinned `MessageParam`
    /// admits that role): a loss at its index is about the `system`, and the other indices
    /// count one less ([`Source::own_losses`]).
    pub prompt_system: bool,
}

impl Source {
    /// The losses in the source's own words: for a `Prompt` with a `system`, a loss of the
    /// leading message is at [`SYSTEM`] with its path under `system` (its `content` is the
    /// `system`), and each other loss's index is its message's in `messages`.
    pub fn own_losses(&self, losses: &mut [Loss]) {
        for l in losses {
            self.own_place(&mut l.index, &mut l.path);
        }
    }

    /// The same for conversation findings.
    pub fn own_findings(&self, findings: &mut [super::check::Finding]) {
        for f in findings {
            self.own_place(&mut f.index, &mut f.path);
        }
    }

    /// A place (message index and path) in the list read, as the source's own.
    fn own_place(&self, index: &mut usize, path: &mut Vec<PathSeg>) {
        if !self.prompt_system {
            return;
        }
        if *index == 0 {
            *index = SYSTEM;
            let rest = match path.first() {
                Some(PathSeg::Key(k)) if k == "content" => path[1..].to_vec(),
                _ => path.clone(),
            };
            *path = std::iter::once(PathSeg::Key("system".into()))
                .chain(rest)
                .collect();
        } else {
            *index -= 1;
        }
    }
}

/// The index of a loss about an Anthropic `Prompt`'s top-level `system`, which is no message
/// (written as `null`).
pub const SYSTEM: usize = usize::MAX;

/// Is the value on `tape` an Anthropic `Prompt` rather than a message or a list: an object
/// with `messages` and no `role`?
fn is_prompt(tape: &TapeView) -> bool {
    use crate::keys::{MESSAGES, ROLE};
    tape.word(0) == crate::tape::OBJ
        && tape.find(0, MESSAGES).is_some()
        && tape.find(0, ROLE).is_none()
}

/// The list on `tape` (JS form, written in full), validated as `format`'s messages and read
/// in its JSON form; a lone message is a list of one, and for Anthropic a `Prompt`
/// (`{ system?, messages }`) is its messages after its system. `Err`: its issues.
pub fn read_source(tape: &TapeView, format: Format, opts: &Options) -> Result<Source, Vec<Issue>> {
    let prompt = format == Format::Anthropic && is_prompt(tape);
    let (shape, input) = if prompt {
        (&crate::formats::anthropic::PROMPT, Input::One)
    } else {
        (format.message_schema().shape, Input::List)
    };
    let mut read = read_values(tape, 0, shape, Mode::Js, opts, input);
    if !read.issues.is_empty() {
        return Err(read.issues);
    }
    let values = match read.value.take() {
        Some(Value::Arr(items)) => items,
        Some(Value::Obj(entries)) if prompt => return Ok(lower_prompt(entries)),
        Some(one) => vec![one],
        None => {
            return Err(vec![failure(
                "internal: the JSON form was not built".into(),
            )])
        }
    };
    Ok(Source {
        values,
        prompt_system: false,
    })
}

/// A `Prompt`'s entries as a list: its `system` (if any) as a leading system message.
fn lower_prompt(entries: Vec<(crate::tape::value::Name, Value)>) -> Source {
    let mut system = None;
    let mut values = Vec::new();
    for (k, v) in entries {
        match (k.as_ref(), v) {
            ("system", v) => system = Some(v),
            ("messages", Value::Arr(items)) => values = items,
            _ => {}
        }
    }
    let prompt_system = system.is_some();
    if let Some(content) = system {
        let message =
            crate::tape::value::obj([("role", Value::from("system")), ("content", content)]);
        values.insert(0, message);
    }
    Source {
        values,
        prompt_system,
    }
}

/// Anthropic messages as a `Prompt`'s parts: a leading system message's content is the
/// `system` (its text is where the API reads system instructions: FORMATS.md), the rest the
/// `messages`. (What the host does when [`Converted::lift`] says so.)
pub fn lift_system(messages: &mut Vec<Value>) -> Option<Value> {
    if !leads_with_system(messages) {
        return None;
    }
    messages.remove(0).get("content").cloned()
}

fn leads_with_system(messages: &[Value]) -> bool {
    messages
        .first()
        .is_some_and(|m| m.get("role").and_then(Value::as_str) == Some("system"))
}

/// The values a conversion generates: ids and timestamps from one clock reading, the swarm
/// `agentName`; the ids are kept so that the messages holding them can be found.
struct Generated<'a, S> {
    now: f64,
    /// For the caller's clock ([`Request::own_clock`]).
    own: Option<UlidGenerator>,
    /// The host's shared ULID generator.
    shared: &'a mut S,
    agent: &'a str,
    ids: Vec<String>,
}

impl<S: FnMut(f64) -> Result<(String, f64), IdError>> Fill for Generated<'_, S> {
    fn id_and_time(&mut self) -> (String, f64) {
        let made = match &mut self.own {
            Some(g) => g.next(self.now).map(|(id, ms)| (id.to_string(), ms as f64)),
            None => (self.shared)(self.now),
        };
        let (id, t) = made.unwrap_or_else(|_| (String::new(), self.now));
        self.ids.push(id.clone());
        (id, t)
    }

    fn agent_name(&self) -> &str {
        if self.agent.is_empty() {
            super::swarm::DEFAULT_AGENT
        } else {
            self.agent
        }
    }
}

/// Convert `source` (read by [`read_source`] from `request.from`) into `request.to`; ids come
/// from `shared` (the host's ULID generator: the next id for a clock reading, and the ms it
/// carries) unless the request has its own clock. The target is checked on the tape the host
/// builds it from, where it also plans the revival of bytes and errors ([`needs_plan`]).
/// `Err`: the issues.
pub fn run(
    request: &Request,
    source: &Source,
    opts: &Options,
    shared: &mut impl FnMut(f64) -> Result<(String, f64), IdError>,
) -> Result<Converted, Vec<Issue>> {
    let mut generated = Generated {
        now: request.now,
        own: request.own_clock.then(UlidGenerator::default),
        shared,
        agent: request.agent_name,
        ids: Vec::new(),
    };
    let (messages, mut losses) = convert(request.from, request.to, &source.values, &mut generated);
    source.own_losses(&mut losses);
    let mut fresh = generated_at(&messages, &generated.ids);
    let system = request.to == Format::Anthropic && leads_with_system(&messages);
    let mut built = Built::default();
    if Value::Arr(messages).write_built(&mut built) > opts.max_depth {
        return Err(vec![failure(format!(
            "internal: the converted messages nest deeper than maxDepth ({})",
            opts.max_depth
        ))]);
    }
    built.finish();
    let revive = if needs_plan(request.to, &built) {
        plan(&built, request.to.message_schema().shape, opts)?
    } else {
        Revive::default()
    };
    // Written as a list; then the leading system becomes the `system`. (Anthropic's JSON form
    // is its JS form: there is nothing to revive whose paths move.)
    let lift = system && revive.ops.is_empty();
    if lift {
        fresh.retain(|&i| i > 0);
        fresh.iter_mut().for_each(|i| *i -= 1);
    }
    Ok(Converted {
        messages: built,
        lift,
        losses,
        generated: fresh,
        revive,
    })
}

/// The list written on `built` walked against `shape` in JSON mode: the plan that revives its
/// JS form, or the issues (a mapping's or a rendering rule's bug, never a bad message).
pub(crate) fn plan(built: &Built, shape: &Shape, opts: &Options) -> Result<Revive, Vec<Issue>> {
    let checked = crate::validate::run(
        &built.view(),
        0,
        shape,
        Mode::Json,
        opts,
        Output::None,
        Input::List,
    );
    if checked.issues.is_empty() {
        Ok(checked.revive)
    } else {
        Err(checked.issues)
    }
}

/// Is the converted list walked against the target's shape, for the plan that revives its JS
/// form? Only where there may be something to revive: the target's shape holds bytes or errors
/// ([`shape_revives`]), or the list a tagging object. The walk is also a check; everywhere
/// else the mappings' output is valid by the round-trip law and the property tests
/// (`tests/native/convert_law.rs`, `convert_hostile.rs`), and the check would cost 12-18% of
/// a conversion for nothing (docs/CONVERSIONS.md, "Where it runs").
pub fn needs_plan(to: Format, built: &Built) -> bool {
    built.tagged() || revives(to)
}

/// [`shape_revives`] of `to`'s message shape, worked out once per format (Anthropic's shapes
/// take a few µs to walk), in an array: nothing allocated, so nothing of it is kept in a
/// conversion's arena.
fn revives(to: Format) -> bool {
    const N: usize = Format::ALL.len();
    static KNOWN: std::sync::OnceLock<[bool; N]> = std::sync::OnceLock::new();
    let known = KNOWN.get_or_init(|| {
        let mut known = [true; N];
        for (k, f) in known.iter_mut().zip(Format::ALL) {
            *k = shape_revives(f.message_schema().shape);
        }
        known
    });
    let at = Format::ALL.iter().position(|&f| f == to);
    at.is_none_or(|n| known[n])
}

impl Converted {
    /// `{ "lift": bool, "losses": <see write_losses>, "generated": [...], "plan": <plan> }`
    /// appended to `out`, `plan` the JSON text of [`Converted::revive`]'s operations: the
    /// answer beside the messages, which the host reads from [`Converted::messages`].
    pub fn write_json(&self, plan: &str, out: &mut String) {
        out.push_str("{\"lift\":");
        out.push_str(if self.lift { "true" } else { "false" });
        out.push_str(",\"losses\":");
        write_losses(&self.losses, out);
        out.push_str(",\"generated\":");
        write_indices(&self.generated, out);
        out.push_str(",\"plan\":");
        out.push_str(plan);
        out.push('}');
    }
}

/// The losses in the compact form the facade expands: `{ "kinds": [[path, code, detail], ...],
/// "at": [...] }`, where `at` holds, for each run of one message's losses, the message's index
/// (`null` for a lifted system) and the run's first kind, then, for a run of `n > 1`, `-n`: the
/// run is the kinds `kind`, `kind + 1`, ... `kind + n - 1` in turn. A conversion repeats the
/// same few losses for every message (an Agens step loses the same dozen fields each time, in
/// the same order): each distinct loss is written and parsed once, a message's run of them
/// takes three numbers, and a lone loss two.
pub fn write_losses(losses: &[Loss], out: &mut String) {
    // The distinct losses, by their FNV-1a hash.
    let mut table = fnv::Table::with_capacity(losses.len());
    let mut kinds: Vec<&Loss> = Vec::new();
    let mut at = String::new();
    // The run being written: its message, its first kind, how many.
    let mut run: Option<(usize, usize, usize)> = None;
    for l in losses {
        let same = |k: usize| {
            let seen: &Loss = kinds[k];
            // (A fixed sentence is the same text where it is the same place.)
            seen.code == l.code && seen.detail.same_parts(&l.detail) && seen.path == l.path
        };
        // The kind after the last one, as the message before had it: no hash to work out.
        let next = run.map(|(_, first, count)| first + count);
        let kind = match next.filter(|&k| k < kinds.len() && same(k)) {
            Some(k) => k,
            None => {
                let mut h = fnv::step(fnv::SEED, l.code as u32);
                h = l.detail.hash(h);
                for seg in &l.path {
                    h = match seg {
                        PathSeg::Key(k) => fnv::field(h, k.as_bytes()),
                        PathSeg::Index(i) => fnv::field(h, &i.to_le_bytes()),
                    };
                }
                match table.insert(h, kinds.len(), same) {
                    Some(k) => k,
                    None => {
                        kinds.push(l);
                        kinds.len() - 1
                    }
                }
            }
        };
        // A run goes on, or the next begins: `index,kind` now, `,-count` once it ends.
        match &mut run {
            Some((index, _, count)) if *index == l.index && Some(kind) == next => *count += 1,
            _ => {
                end_run(&mut at, run);
                if !at.is_empty() {
                    at.push(',');
                }
                if l.index == SYSTEM {
                    at.push_str("null");
                } else {
                    push_decimal(&mut at, l.index);
                }
                at.push(',');
                push_decimal(&mut at, kind);
                run = Some((l.index, kind, 1));
            }
        }
    }
    end_run(&mut at, run);
    out.push_str("{\"kinds\":[");
    for (n, k) in kinds.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        write_path(out, &k.path);
        out.push(',');
        write_json_string(out, k.code.as_str());
        out.push(',');
        write_json_string(out, &k.detail.text());
        out.push(']');
    }
    out.push_str("],\"at\":[");
    out.push_str(&at);
    out.push_str("]}");
}

/// The end of a run of [`write_losses`]'s `at`: `,-count` for more than one.
fn end_run(at: &mut String, run: Option<(usize, usize, usize)>) {
    if let Some((_, _, count @ 2..)) = run {
        at.push_str(",-");
        push_decimal(at, count);
    }
}

/// The indices of the messages whose `id` is one of `ids` (those the conversion generated).
/// Through a table of FNV-1a hashes: a conversion may generate an id for every message.
fn generated_at(messages: &[Value], ids: &[String]) -> Vec<usize> {
    let hash = |s: &str| fnv::bytes(s.as_bytes());
    let mut table = fnv::Table::with_capacity(ids.len());
    for (n, id) in ids.iter().enumerate() {
        table.insert(hash(id), n, |k| ids[k] == *id);
    }
    let known = |id: &str| table.get(hash(id), |k| ids[k] == id).is_some();
    (0..messages.len())
        .filter(|&n| {
            messages[n]
                .get("id")
                .and_then(Value::as_str)
                .is_some_and(known)
        })
        .collect()
}

/// `[i, j, ...]` appended to `out`.
pub(crate) fn write_indices(list: &[usize], out: &mut String) {
    out.push('[');
    for (n, &i) in list.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        push_decimal(out, i);
    }
    out.push(']');
}

#[cfg(test)]
mod tests {
    use crate::tape::value::Value;

    #[test]
    fn generated_ids_are_found_among_the_messages() {
        let messages = Value::parse(r#"[{"id":"a"},{"id":"x"},{},{"id":1},{"id":"b"}]"#).unwrap();
        let Value::Arr(messages) = messages else {
            unreachable!()
        };
        let ids = ["b".to_string(), "a".to_string(), "c".to_string()];
        assert_eq!(super::generated_at(&messages, &ids), [0, 4]);
        assert_eq!(super::generated_at(&messages, &[]), [] as [usize; 0]);
    }
    #[test]
    fn decimals_and_index_lists() {
        let mut out = String::new();
        for n in [0, 7, 10, 1234567890, usize::MAX] {
            super::push_decimal(&mut out, n);
            out.push(' ');
        }
        assert_eq!(out, format!("0 7 10 1234567890 {} ", usize::MAX));
        let mut out = String::new();
        super::write_indices(&[], &mut out);
        super::write_indices(&[3], &mut out);
        super::write_indices(&[0, 12, 5], &mut out);
        assert_eq!(out, "[][3][0,12,5]");
    }
}
