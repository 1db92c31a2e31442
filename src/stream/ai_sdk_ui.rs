//! AI SDK `UIMessageChunk`s folded into the `UIMessage` they stream: the AI SDK's own
//! `readUIMessageStream` (`processUIMessageStream` over `createStreamingUIMessageState`), chunk
//! type by chunk type, so that each folded message equals the last snapshot
//! `readUIMessageStream` yields for it (after a JSON round trip), keys in the AI SDK's order.
//!
//! Where we differ on purpose (the fold never throws, and says what it skipped):
//! - A chunk that is not a `UIMessageChunk` (`uiMessageChunkSchema`: not an object, no string
//!   `type`, an unknown `type`, a field missing or of the wrong kind) is an issue and is
//!   skipped; `readUIMessageStream` does not check chunks.
//! - Where the AI SDK throws (a delta or end for a text, reasoning or tool input that is not
//!   streaming; an output or approval for a call or approval id no part has; metadata it
//!   cannot merge) and `readUIMessageStream` stops reading, we report the chunk and go on
//!   with the next.
//! - `error` and `abort` chunks are `stream_error` issues; a second start of a text,
//!   reasoning or tool input still open is a `duplicate_start` issue (the AI SDK's handling of
//!   it is kept); what is left open at the end (and a message without `finish`) is
//!   `incomplete`, a streamed tool input that is not JSON `invalid_json_arguments`.
//! - A `start` with a new `messageId` begins a new message, as `readUIMessageStream` does, and
//!   the one before is kept: [`Fold::finish`] gives one message per response (what that one
//!   left open is reported at the `start`).
//!
//! As the AI SDK, a message is what its last snapshot shows: a `step-start` added after it
//! (`start-step` writes no snapshot) is not in it, and a stream the AI SDK yields no snapshot
//! for (only `start` without id, steps and `finish`) gives no message.
//!
//! Cost: each chunk finds its part through index maps (open texts and reasoning by id,
//! streaming tool calls by id, the current step's tool parts, data parts by type and id), and
//! deltas are appended in place; a streaming tool input is parsed (partial JSON) only when a
//! snapshot or the final message is built, never per delta.

use super::{issue, kind, partial_input, partial_json, Fold, PARTIAL};
use crate::fnv::IdMap;
use crate::tape::value::{Name, Value};
use crate::validate::{Issue, IssueCode, PathSeg};

/// The fold: the messages finished (a later `start` gave a new id) and the one being folded.
#[derive(Default)]
pub struct ChunkFold {
    done: Vec<Value>,
    /// Each finished message's `finishReason` (`null` when its stream gave none).
    reasons: Vec<Value>,
    msg: Msg,
}

// ---------------------------------------------------------------------------------------------
// The message being folded.

/// A tool part's property as the AI SDK's object holds it: `undefined` (the key is there, for
/// the order, but JSON leaves it out), a value, or the streamed input (`input`, parsed as
/// partial JSON, and `rawInput`, the text) of the part's [`Tool::live`] prefix.
#[derive(Clone)]
enum Field {
    Undef,
    Val(Value),
    LiveInput,
    LiveRaw,
}

impl Field {
    fn of(value: Option<&Value>) -> Field {
        value.map_or(Field::Undef, |v| Field::Val(v.clone()))
    }
    fn is_undef(&self) -> bool {
        matches!(self, Field::Undef)
    }
}

/// A static (`tool-<name>`) or dynamic (`dynamic-tool`) tool part, its keys in the order the
/// AI SDK's object has them.
#[derive(Clone)]
struct Tool {
    fields: Vec<(&'static str, Field)>,
    dynamic: bool,
    call_id: String,
    /// The streamed input the `Live*` fields show: a prefix (`len` bytes) of a partial call's
    /// text ([`Call`] number `slot`); the text only grows, so a prefix never changes.
    live: (usize, usize),
    /// The last change to the part was a delta of this partial call (so that the next one
    /// only moves [`Tool::live`]).
    delta_of: Option<usize>,
}

impl Tool {
    fn get(&self, key: &str) -> Option<&Field> {
        self.fields.iter().find(|(k, _)| *k == key).map(|(_, f)| f)
    }
    fn get_mut(&mut self, key: &str) -> Option<&mut Field> {
        self.fields
            .iter_mut()
            .find(|(k, _)| *k == key)
            .map(|(_, f)| f)
    }
    /// `part[key] = field`: replaced in place, or added last.
    fn set(&mut self, key: &'static str, field: Field) {
        match self.get_mut(key) {
            Some(f) => *f = field,
            None => self.fields.push((key, field)),
        }
    }
    fn remove(&mut self, key: &str) {
        self.fields.retain(|(k, _)| *k != key);
    }
    fn str(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Field::Val(Value::Str(s))) => Some(s),
            _ => None,
        }
    }
    fn state(&self) -> &str {
        self.str("state").unwrap_or("")
    }
    fn approval_id(&self) -> Option<&str> {
        match self.get("approval") {
            Some(Field::Val(a)) => a.get("id").and_then(Value::as_str),
            _ => None,
        }
    }
}

/// A text (`id: None`) or reasoning part.
#[derive(Clone)]
struct Text {
    id: Option<String>,
    text: String,
    provider_metadata: Option<Value>,
    done: bool,
    citations: Option<Value>,
}

#[derive(Clone)]
enum Part {
    Text(Text),
    StepStart,
    Tool(Tool),
    /// Every other part, as it is (files, sources, custom, steering messages, data).
    Other(Value),
}

/// A partial tool call (`state.partialToolCalls`): its input text so far and what its deltas
/// write into the part.
struct Call {
    text: String,
    encoding: Option<&'static str>,
    tool_name: String,
    dynamic: bool,
    title: Field,
    tool_metadata: Field,
}

impl Call {
    /// The part's `input` for the first `len` bytes of the text: the text itself
    /// (`inputEncoding: "text"`), or its partial JSON value.
    fn input(&self, len: usize) -> Option<Value> {
        let text = &self.text[..len];
        if self.encoding == Some("text") {
            Some(Value::Str(text.to_owned()))
        } else {
            partial_json::parse(text).value
        }
    }
}

#[derive(Default)]
struct Msg {
    id: String,
    metadata: Option<Value>,
    parts: Vec<Part>,
    /// The AI SDK has yielded a snapshot of this message (it called `write()`).
    written: bool,
    /// `step-start` parts at the end added since the last snapshot (`start-step` writes none).
    unwritten: usize,
    /// A `start` came for this message, and then a `finish` (or an `abort`).
    started: bool,
    finished: bool,
    /// The `finishReason` of the `finish` chunk (no part of a `UIMessage`: the result's
    /// `responses` carry it).
    finish_reason: Option<Value>,
    aborted: bool,
    /// The first part of the current step (after the last `step-start`).
    step: usize,
    active_text: IdMap<usize>,
    active_reasoning: IdMap<usize>,
    /// Partial calls by tool call id: the number of their [`Call`] (calls are kept for the
    /// message's life, since parts show prefixes of their text).
    partial: IdMap<usize>,
    calls: Vec<Call>,
    /// The current step's first static and first dynamic tool part of each tool call id.
    step_static: IdMap<usize>,
    step_dynamic: IdMap<usize>,
    /// Every tool part of each call id, in the order added (checked when read: `reset-step`
    /// drops parts).
    tools: IdMap<Vec<usize>>,
    /// The tool parts given each approval id (checked when read).
    approvals: IdMap<Vec<usize>>,
    /// The data part of each `type` + NUL + `id` (checked when read).
    data: IdMap<usize>,
}

/// What `updateToolPart` / `updateDynamicToolPart` are given. `None` for `tool_name`,
/// `input` and `raw_input` keeps the part's own (the AI SDK passes the part's value back).
struct Update<'a> {
    call_id: &'a str,
    tool_name: Option<&'a str>,
    state: &'static str,
    input: Option<Field>,
    output: Field,
    error_text: Field,
    raw_input: Option<Field>,
    input_encoding: Option<&'static str>,
    preliminary: Field,
    title: Field,
    tool_metadata: Field,
    provider_executed: Field,
    provider_metadata: Option<&'a Value>,
    live: Option<(usize, usize)>,
    delta_of: Option<usize>,
}

impl<'a> Update<'a> {
    fn new(call_id: &'a str, state: &'static str) -> Update<'a> {
        Update {
            call_id,
            tool_name: None,
            state,
            input: Some(Field::Undef),
            output: Field::Undef,
            error_text: Field::Undef,
            raw_input: Some(Field::Undef),
            input_encoding: None,
            preliminary: Field::Undef,
            title: Field::Undef,
            tool_metadata: Field::Undef,
            provider_executed: Field::Undef,
            provider_metadata: None,
            live: None,
            delta_of: None,
        }
    }
}

fn s(text: &str) -> Value {
    Value::Str(text.to_owned())
}

fn is_result(state: &str) -> bool {
    state == "output-available" || state == "output-error"
}

impl Msg {
    fn new(id: String) -> Msg {
        Msg {
            id,
            ..Msg::default()
        }
    }

    /// The AI SDK's `write()`: a snapshot of the message as it is now.
    fn write(&mut self) {
        self.written = true;
        self.unwritten = 0;
    }

    /// A part made whole by its chunk (a file, a source, a custom or steering part), with its
    /// one optional last field, added and written.
    fn add_part(&mut self, mut part: Vec<(Name, Value)>, last: Option<(&'static str, &Value)>) {
        if let Some((key, value)) = last {
            part.push((Name::Borrowed(key), value.clone()));
        }
        self.push_part(Part::Other(Value::Obj(part)));
        self.write();
    }

    fn push_part(&mut self, part: Part) -> usize {
        self.parts.push(part);
        self.parts.len() - 1
    }

    // --- text and reasoning

    fn text_start(
        &mut self,
        at: u32,
        reasoning: bool,
        id: &str,
        pm: Option<&Value>,
        issues: &mut Vec<Issue>,
    ) {
        let idx = self.parts.len();
        let map = if reasoning {
            &mut self.active_reasoning
        } else {
            &mut self.active_text
        };
        let kind = if reasoning { "reasoning" } else { "text" };
        if map.contains(id) {
            issues.push(issue(
                IssueCode::DuplicateStart,
                at,
                &["id".into()],
                format!(
                    "a second {kind}-start for the {kind} part \"{id}\" while it is still \
                     streaming (a new part is begun; the first stays streaming)"
                ),
            ));
        }
        map.insert(id, idx);
        self.parts.push(Part::Text(Text {
            id: reasoning.then(|| id.to_owned()),
            text: String::new(),
            provider_metadata: pm.cloned(),
            done: false,
            citations: None,
        }));
        self.write();
    }

    /// A `*-delta` (`delta`) or `*-end` (`end`) of a text or reasoning part.
    #[allow(clippy::too_many_arguments)]
    fn text_more(
        &mut self,
        at: u32,
        ty: &str,
        reasoning: bool,
        id: &str,
        delta: Option<&str>,
        end: Option<Option<&Value>>,
        pm: Option<&Value>,
        issues: &mut Vec<Issue>,
    ) {
        let map = if reasoning {
            &mut self.active_reasoning
        } else {
            &mut self.active_text
        };
        let Some(&idx) = map.get(id) else {
            let kind = if reasoning { "reasoning" } else { "text" };
            issues.push(issue(
                IssueCode::DeltaBeforeStart,
                at,
                &["id".into()],
                format!("a {ty} for the {kind} part \"{id}\", which is not streaming (no {kind}-start with this id is open)"),
            ));
            return;
        };
        if end.is_some() {
            map.remove(id);
        }
        if let Some(Part::Text(t)) = self.parts.get_mut(idx) {
            if let Some(d) = delta {
                t.text.push_str(d);
            }
            if let Some(citations) = end {
                t.done = true;
                if let Some(c) = citations {
                    t.citations = Some(c.clone());
                }
            }
            if let Some(pm) = pm {
                t.provider_metadata = Some(pm.clone());
            }
        }
        self.write();
    }

    // --- steps

    fn start_step(&mut self) {
        self.parts.push(Part::StepStart);
        self.step = self.parts.len();
        self.step_static.clear();
        self.step_dynamic.clear();
        self.unwritten += 1;
    }

    fn reset_step(&mut self) {
        self.active_text.clear();
        self.active_reasoning.clear();
        self.partial.clear();
        if self.parts.len() > self.step {
            self.parts.truncate(self.step);
            self.step_static.clear();
            self.step_dynamic.clear();
            self.write();
        }
    }

    // --- tools

    /// The current step's first tool part (static or dynamic) of `call_id`.
    fn step_tool(&self, call_id: &str) -> Option<usize> {
        match (
            self.step_static.get(call_id),
            self.step_dynamic.get(call_id),
        ) {
            (Some(&a), Some(&b)) => Some(a.min(b)),
            (a, b) => a.or(b).copied(),
        }
    }

    /// `getToolInvocation`: the current step's first tool part of `call_id`, else the last one
    /// of the whole message.
    fn tool_invocation(&mut self, call_id: &str) -> Option<usize> {
        if let Some(i) = self.step_tool(call_id) {
            return Some(i);
        }
        let parts = &self.parts;
        let list = self.tools.get_mut(call_id)?;
        while let Some(&i) = list.last() {
            if matches!(parts.get(i), Some(Part::Tool(t)) if t.call_id == call_id) {
                return Some(i);
            }
            list.pop();
        }
        None
    }

    /// `getToolInvocationByApprovalId`: the first tool part whose approval has this id.
    fn by_approval(&mut self, approval_id: &str) -> Option<usize> {
        let parts = &self.parts;
        let list = self.approvals.get_mut(approval_id)?;
        list.retain(
            |&i| matches!(parts.get(i), Some(Part::Tool(t)) if t.approval_id() == Some(approval_id)),
        );
        list.iter().copied().min()
    }

    fn tool_mut(&mut self, idx: usize) -> &mut Tool {
        match &mut self.parts[idx] {
            Part::Tool(t) => t,
            _ => unreachable!("tool indices point at tool parts"),
        }
    }

    /// `updateToolPart` (static) or `updateDynamicToolPart`: the part given, else the current
    /// step's first of its kind with this call id, else a new part.
    fn update(&mut self, dynamic: bool, u: Update, existing: Option<usize>) {
        let found = existing.or_else(|| {
            if dynamic {
                self.step_dynamic.get(u.call_id).copied()
            } else {
                self.step_static.get(u.call_id).copied()
            }
        });
        let pm_key = if is_result(u.state) {
            "resultProviderMetadata"
        } else {
            "callProviderMetadata"
        };
        if let Some(idx) = found {
            let t = self.tool_mut(idx);
            t.set("state", Field::Val(s(u.state)));
            if let Some(name) = u.tool_name {
                if dynamic {
                    if t.str("toolName") != Some(name) {
                        t.set("toolName", Field::Val(s(name)));
                    }
                } else if t.str("type").and_then(|ty| ty.strip_prefix("tool-")) != Some(name) {
                    t.set("type", Field::Val(Value::Str(format!("tool-{name}"))));
                }
            }
            if let Some(input) = u.input {
                t.set("input", input);
            }
            t.set("output", u.output);
            t.set("errorText", u.error_text);
            if let Some(raw) = u.raw_input {
                t.set("rawInput", raw);
            }
            match u.input_encoding {
                Some(e) => t.set("inputEncoding", Field::Val(s(e))),
                None => t.remove("inputEncoding"),
            }
            t.set("preliminary", u.preliminary);
            if !u.title.is_undef() {
                t.set("title", u.title);
            }
            if !u.tool_metadata.is_undef() {
                t.set("toolMetadata", u.tool_metadata);
            }
            if !u.provider_executed.is_undef() {
                t.set("providerExecuted", u.provider_executed);
            }
            if let Some(pm) = u.provider_metadata {
                t.set(pm_key, Field::Val(pm.clone()));
            }
            if let Some(live) = u.live {
                t.live = live;
            }
            t.delta_of = u.delta_of;
            return;
        }
        let name = u.tool_name.unwrap_or("");
        let mut f: Vec<(&'static str, Field)> = Vec::with_capacity(14);
        let encoding = u
            .input_encoding
            .map(|e| ("inputEncoding", Field::Val(s(e))));
        let input = u.input.unwrap_or(Field::Undef);
        if dynamic {
            f.push(("type", Field::Val(s("dynamic-tool"))));
            f.push(("toolName", Field::Val(s(name))));
            f.push(("toolCallId", Field::Val(s(u.call_id))));
            f.push(("state", Field::Val(s(u.state))));
            f.push(("input", input));
            f.extend(encoding);
            f.push(("output", u.output));
            f.push(("errorText", u.error_text));
            f.push(("preliminary", u.preliminary));
            f.push(("providerExecuted", u.provider_executed));
            f.push(("title", u.title));
            if !u.tool_metadata.is_undef() {
                f.push(("toolMetadata", u.tool_metadata));
            }
        } else {
            f.push(("type", Field::Val(Value::Str(format!("tool-{name}")))));
            f.push(("toolCallId", Field::Val(s(u.call_id))));
            f.push(("state", Field::Val(s(u.state))));
            f.push(("title", u.title));
            if !u.tool_metadata.is_undef() {
                f.push(("toolMetadata", u.tool_metadata));
            }
            f.push(("input", input));
            f.extend(encoding);
            f.push(("output", u.output));
            f.push(("rawInput", u.raw_input.unwrap_or(Field::Undef)));
            f.push(("errorText", u.error_text));
            f.push(("providerExecuted", u.provider_executed));
            f.push(("preliminary", u.preliminary));
        }
        if let Some(pm) = u.provider_metadata {
            f.push((pm_key, Field::Val(pm.clone())));
        }
        let idx = self.push_part(Part::Tool(Tool {
            fields: f,
            dynamic,
            call_id: u.call_id.to_owned(),
            live: u.live.unwrap_or((0, 0)),
            // A new dynamic part has no rawInput key: the next delta adds it (at the end).
            delta_of: if dynamic { None } else { u.delta_of },
        }));
        let step = if dynamic {
            &mut self.step_dynamic
        } else {
            &mut self.step_static
        };
        if !step.contains(u.call_id) {
            step.insert(u.call_id, idx);
        }
        self.tools.entry(u.call_id).push(idx);
    }

    #[allow(clippy::too_many_arguments)]
    fn tool_input_start(
        &mut self,
        at: u32,
        call_id: &str,
        tool_name: &str,
        encoding: Option<&'static str>,
        provider_executed: Option<bool>,
        pm: Option<&Value>,
        tool_metadata: Option<&Value>,
        dynamic: bool,
        title: Option<&str>,
        issues: &mut Vec<Issue>,
    ) {
        if self.step_tool(call_id).is_some() {
            issues.push(issue(
                IssueCode::DuplicateStart,
                at,
                &["toolCallId".into()],
                format!(
                    "a second tool-input-start for the tool call \"{call_id}\" in one step \
                     (its input starts again)"
                ),
            ));
        }
        let title = title.map_or(Field::Undef, |t| Field::Val(s(t)));
        let tool_metadata = Field::of(tool_metadata);
        let slot = self.calls.len();
        self.calls.push(Call {
            text: String::new(),
            encoding,
            tool_name: tool_name.to_owned(),
            dynamic,
            title: title.clone(),
            tool_metadata: tool_metadata.clone(),
        });
        self.partial.insert(call_id, slot);
        let mut u = Update::new(call_id, "input-streaming");
        u.tool_name = Some(tool_name);
        u.input_encoding = encoding;
        u.provider_executed = provider_executed.map_or(Field::Undef, |b| Field::Val(b.into()));
        u.title = title;
        u.tool_metadata = tool_metadata;
        u.provider_metadata = pm;
        self.update(dynamic, u, None);
        self.write();
    }

    fn tool_input_delta(&mut self, at: u32, call_id: &str, delta: &str, issues: &mut Vec<Issue>) {
        let Some(&slot) = self.partial.get(call_id) else {
            issues.push(issue(
                IssueCode::DeltaBeforeStart,
                at,
                &["toolCallId".into()],
                format!(
                    "a tool-input-delta for the tool call \"{call_id}\", whose input is not \
                     streaming (no tool-input-start for it, or a reset-step since)"
                ),
            ));
            return;
        };
        let call = &mut self.calls[slot];
        call.text.push_str(delta);
        let len = call.text.len();
        let dynamic = call.dynamic;
        let found = if dynamic {
            self.step_dynamic.get(call_id)
        } else {
            self.step_static.get(call_id)
        };
        if let Some(&idx) = found {
            let t = self.tool_mut(idx);
            if t.delta_of == Some(slot) {
                // The part is as the last delta left it: only the prefix moves.
                t.live = (slot, len);
                self.write();
                return;
            }
        }
        let call = &self.calls[slot];
        let (name, title, tool_metadata) = (
            call.tool_name.clone(),
            call.title.clone(),
            call.tool_metadata.clone(),
        );
        let mut u = Update::new(call_id, "input-streaming");
        u.tool_name = Some(&name);
        u.input_encoding = call.encoding;
        u.input = Some(Field::LiveInput);
        u.raw_input = Some(Field::LiveRaw);
        u.title = title;
        u.tool_metadata = tool_metadata;
        u.live = Some((slot, len));
        u.delta_of = Some(slot);
        self.update(dynamic, u, None);
        self.write();
    }

    fn tool_output(&mut self, idx: usize, mut u: Update) {
        let dynamic = self.tool_mut(idx).dynamic;
        u.input = None;
        u.tool_name = None;
        self.update(dynamic, u, Some(idx));
        self.write();
    }

    fn unknown_call(at: u32, ty: &str, call_id: &str, issues: &mut Vec<Issue>) {
        issues.push(issue(
            IssueCode::UnknownCall,
            at,
            &["toolCallId".into()],
            format!(
                "a {ty} for the tool call \"{call_id}\", which no tool part of the message has"
            ),
        ));
    }

    // --- the end

    /// Report what this message leaves open, at `at` (the stream's end, or the `start` of the
    /// next message).
    fn close(&self, at: u32, issues: &mut Vec<Issue>) {
        let id = &self.id;
        let open = |issues: &mut Vec<Issue>, message: String| {
            issues.push(Issue::new(
                IssueCode::Incomplete,
                vec![PathSeg::Index(at)],
                message,
            ))
        };
        for (p, part) in self.parts.iter().enumerate() {
            match part {
                Part::Text(t) if !t.done => {
                    let (kind, id_text) = match &t.id {
                        Some(rid) => ("reasoning", format!(" \"{rid}\"")),
                        None => ("text", String::new()),
                    };
                    open(
                        issues,
                        format!(
                            "the {kind} part{id_text} (part {p} of message \"{id}\") is still \
                         streaming: no {kind}-end came"
                        ),
                    );
                }
                Part::Tool(t) if t.state() == "input-streaming" => open(
                    issues,
                    format!(
                    "the input of the tool call \"{}\" (part {p} of message \"{id}\") is still \
                     streaming: no tool-input-available or tool-input-error came",
                        t.call_id
                    ),
                ),
                Part::Tool(t) if matches!(t.get("input"), Some(Field::LiveInput)) => {
                    let (slot, len) = t.live;
                    let call = &self.calls[slot];
                    if call.encoding != Some("text")
                        && !partial_json::parse(&call.text[..len]).complete
                    {
                        issues.push(Issue::new(
                            IssueCode::InvalidJsonArguments,
                            vec![PathSeg::Index(at)],
                            format!(
                                "the streamed input of the tool call \"{}\" (part {p} of message \
                                 \"{id}\") is not JSON: {}",
                                t.call_id,
                                clip(&call.text[..len])
                            ),
                        ));
                    }
                }
                _ => {}
            }
        }
        if (self.started || self.written) && !self.finished && !self.aborted {
            open(
                issues,
                format!("message \"{id}\" ended without a finish chunk"),
            );
        }
    }

    /// The message as the AI SDK's last snapshot shows it (`partial` on each tool part whose
    /// input is still streaming, for a snapshot of ours).
    fn render(&self, parts: Vec<Part>, snapshot: bool) -> Value {
        let shown = parts.len() - self.unwritten;
        let parts: Vec<Value> = parts
            .into_iter()
            .take(shown)
            .map(|part| self.render_part(part, snapshot))
            .collect();
        let mut out: Vec<(Name, Value)> = Vec::with_capacity(4);
        out.push((Name::Borrowed("id"), s(&self.id)));
        if let Some(m) = &self.metadata {
            out.push((Name::Borrowed("metadata"), m.clone()));
        }
        out.push((Name::Borrowed("role"), s("assistant")));
        out.push((Name::Borrowed("parts"), Value::Arr(parts)));
        Value::Obj(out)
    }

    fn render_part(&self, part: Part, snapshot: bool) -> Value {
        let mut out: Vec<(Name, Value)> = Vec::new();
        match part {
            Part::Text(t) => {
                let reasoning = t.id.is_some();
                out.push((
                    Name::Borrowed("type"),
                    s(if reasoning { "reasoning" } else { "text" }),
                ));
                if let Some(id) = t.id {
                    out.push((Name::Borrowed("id"), Value::Str(id)));
                }
                out.push((Name::Borrowed("text"), Value::Str(t.text)));
                if let Some(pm) = t.provider_metadata {
                    out.push((Name::Borrowed("providerMetadata"), pm));
                }
                out.push((
                    Name::Borrowed("state"),
                    s(if t.done { "done" } else { "streaming" }),
                ));
                if let Some(c) = t.citations {
                    out.push((Name::Borrowed("citations"), c));
                }
            }
            Part::StepStart => out.push((Name::Borrowed("type"), s("step-start"))),
            Part::Other(v) => return v,
            Part::Tool(t) => {
                let (slot, len) = t.live;
                let streaming = snapshot && t.state() == "input-streaming";
                let mut raw = None;
                for (k, f) in t.fields {
                    let v = match f {
                        Field::Undef => None,
                        Field::Val(v) => Some(v),
                        Field::LiveInput => self.calls[slot].input(len),
                        Field::LiveRaw => {
                            raw = Some(&self.calls[slot].text[..len]);
                            raw.map(s)
                        }
                    };
                    if let Some(v) = v {
                        out.push((Name::Borrowed(k), v));
                    }
                }
                if streaming {
                    out.push((Name::Borrowed(PARTIAL), partial_input(raw.unwrap_or(""))));
                }
            }
        }
        Value::Obj(out)
    }
}

/// At most 60 characters of `text`, for a message.
fn clip(text: &str) -> String {
    match text.char_indices().nth(60) {
        Some((i, _)) => format!("{:?}...", &text[..i]),
        None => format!("{text:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// mergeObjects (the metadata of `start`, `finish` and `message-metadata`).

/// The enumerable keys and values JavaScript's spread and `for...in` see on a JSON value:
/// an object's properties, an array's or a string's indices.
fn js_entries(v: &Value) -> Vec<(Name, Value)> {
    match v {
        Value::Obj(entries) => entries.clone(),
        Value::Arr(items) => items
            .iter()
            .enumerate()
            .map(|(i, x)| (Name::Owned(i.to_string()), x.clone()))
            .collect(),
        Value::Str(text) => text
            .chars()
            .flat_map(|c| {
                let unit = if c.len_utf16() == 1 { c } else { '\u{fffd}' };
                std::iter::repeat_n(unit, c.len_utf16())
            })
            .enumerate()
            .map(|(i, c)| (Name::Owned(i.to_string()), Value::Str(c.to_string())))
            .collect(),
        _ => Vec::new(),
    }
}

/// The AI SDK's `mergeObjects(base, overrides)` (deep for plain objects; arrays and other
/// values replace), or `None` where it throws (a base that is not an object, given keys).
fn merge_objects(base: &Value, overrides: &Value) -> Option<Value> {
    let mut result = js_entries(base);
    for (key, value) in js_entries(overrides) {
        if matches!(&*key, "__proto__" | "constructor" | "prototype") {
            continue;
        }
        let base_value = match base {
            Value::Obj(_) => base.get(&key),
            Value::Arr(items) => key.parse::<usize>().ok().and_then(|i| items.get(i)),
            _ => return None,
        };
        let merged = match (base_value, &value) {
            (Some(b @ Value::Obj(_)), Value::Obj(_)) => merge_objects(b, &value)?,
            _ => value,
        };
        match result.iter_mut().find(|(k, _)| *k == key) {
            Some((_, v)) => *v = merged,
            None => result.push((key, merged)),
        }
    }
    Some(Value::Obj(result))
}

// ---------------------------------------------------------------------------------------------
// Checking a chunk against `uiMessageChunkSchema`.

/// The fields of one object of a chunk (the chunk, or a part of a steering message), each
/// problem an issue; `bad` once any was.
struct Check<'c, 'i> {
    at: u32,
    ty: &'c str,
    obj: &'c Value,
    /// The path of `obj` inside the chunk.
    base: Vec<PathSeg>,
    issues: &'i mut Vec<Issue>,
    bad: bool,
}

impl<'c> Check<'c, '_> {
    /// What is checked, for messages: "a text-delta chunk", "part 2 of a steering-message
    /// chunk".
    fn what(&self) -> String {
        match self.base.last() {
            Some(PathSeg::Index(i)) => format!("part {i} of a {} chunk", self.ty),
            _ => format!("a {} chunk", self.ty),
        }
    }

    fn problem(&mut self, code: IssueCode, key: &str, message: String, expected: &str, got: &str) {
        let mut path = self.base.clone();
        path.push(key.into());
        let mut found = issue(code, self.at, &path, message);
        found.expected = Some(expected.to_owned());
        found.received = Some(got.to_owned());
        self.issues.push(found);
        self.bad = true;
    }

    /// `key`, `required` or not, if it is of the kind `ok` accepts (`expected` names it).
    fn field(
        &mut self,
        key: &str,
        required: bool,
        expected: &str,
        ok: fn(&Value) -> bool,
    ) -> Option<&'c Value> {
        match self.obj.get(key) {
            None if required => {
                self.problem(
                    IssueCode::Missing,
                    key,
                    format!("{} needs {key} ({expected}); it is missing", self.what()),
                    expected,
                    "undefined",
                );
                None
            }
            None => None,
            Some(v) if ok(v) => Some(v),
            Some(v) => {
                let got = kind(v);
                self.problem(
                    IssueCode::InvalidType,
                    key,
                    format!(
                        "expected {expected} for {key} of {}, received {got}",
                        self.what()
                    ),
                    expected,
                    got,
                );
                None
            }
        }
    }

    fn str(&mut self, key: &str) -> &'c str {
        self.field(key, true, "string", |v| matches!(v, Value::Str(_)))
            .and_then(Value::as_str)
            .unwrap_or("")
    }
    fn opt_str(&mut self, key: &str) -> Option<&'c str> {
        self.field(key, false, "string", |v| matches!(v, Value::Str(_)))
            .and_then(Value::as_str)
    }
    fn opt_bool(&mut self, key: &str) -> Option<bool> {
        match self.field(key, false, "boolean", |v| matches!(v, Value::Bool(_))) {
            Some(Value::Bool(b)) => Some(*b),
            _ => None,
        }
    }
    fn bool(&mut self, key: &str) -> bool {
        matches!(
            self.field(key, true, "boolean", |v| matches!(v, Value::Bool(_))),
            Some(Value::Bool(true))
        )
    }
    fn any(&self, key: &str) -> Option<&'c Value> {
        self.obj.get(key)
    }
    /// A record of string keys (`toolMetadata`).
    fn record(&mut self, key: &str) -> Option<&'c Value> {
        self.field(key, false, "object", |v| matches!(v, Value::Obj(_)))
    }
    /// `providerMetadata`: an object of objects.
    fn pm(&mut self) -> Option<&'c Value> {
        let pm = self.record("providerMetadata")?;
        let mut ok = true;
        for (provider, v) in pm.as_object().into_iter().flatten() {
            if !matches!(v, Value::Obj(_)) {
                let (what, got) = (self.what(), kind(v));
                let mut path = self.base.clone();
                path.extend(["providerMetadata".into(), PathSeg::key(provider)]);
                let mut found = issue(
                    IssueCode::InvalidType,
                    self.at,
                    &path,
                    format!(
                        "expected an object for providerMetadata.{provider} of {what}, \
                         received {got}"
                    ),
                );
                found.expected = Some("object".into());
                found.received = Some(got.into());
                self.issues.push(found);
                self.bad = true;
                ok = false;
            }
        }
        ok.then_some(pm)
    }
    /// One of `allowed`, if given.
    fn one_of(&mut self, key: &str, allowed: &[&'static str]) -> Option<&'static str> {
        let v = self.opt_str(key)?;
        match allowed.iter().find(|a| **a == v) {
            Some(a) => Some(a),
            None => {
                let expected = allowed
                    .iter()
                    .map(|a| format!("\"{a}\""))
                    .collect::<Vec<_>>()
                    .join(" | ");
                let what = self.what();
                self.problem(
                    IssueCode::InvalidLiteral,
                    key,
                    format!("expected {expected} for {key} of {what}, received \"{v}\""),
                    &expected,
                    v,
                );
                None
            }
        }
    }
    /// `citations`: an array of objects.
    fn citations(&mut self) -> Option<&'c Value> {
        self.field("citations", false, "an array of citation objects", |v| {
            v.as_array().is_some_and(|items| {
                items
                    .iter()
                    .all(|c| matches!(c.get("source"), Some(Value::Obj(_))))
            })
        })
    }
    /// `parts` of a steering message: text and file parts.
    fn steering_parts(&mut self) -> Option<&'c Value> {
        let parts = self.field("parts", true, "array", |v| matches!(v, Value::Arr(_)))?;
        for (i, part) in parts.as_array().into_iter().flatten().enumerate() {
            let mut sub = Check {
                at: self.at,
                ty: self.ty,
                obj: part,
                base: vec!["parts".into(), PathSeg::Index(i as u32)],
                issues: &mut *self.issues,
                bad: false,
            };
            if !matches!(part, Value::Obj(_)) {
                let got = kind(part);
                let mut found = issue(
                    IssueCode::InvalidType,
                    self.at,
                    &sub.base,
                    format!("expected a text or file part object in parts of a steering-message chunk, received {got}"),
                );
                found.expected = Some("object".into());
                found.received = Some(got.into());
                sub.issues.push(found);
                self.bad = true;
                continue;
            }
            match part.get("type") {
                Some(Value::Str(t)) if t == "text" => {
                    sub.str("text");
                    sub.pm();
                }
                Some(Value::Str(t)) if t == "file" => {
                    sub.str("mediaType");
                    sub.str("url");
                    sub.opt_str("filename");
                    if let Some(refs) = sub.record("providerReference") {
                        if refs
                            .as_object()
                            .into_iter()
                            .flatten()
                            .any(|(_, v)| !matches!(v, Value::Str(_)))
                        {
                            sub.problem(
                                IssueCode::InvalidType,
                                "providerReference",
                                "expected an object of strings for providerReference of a steering-message part".into(),
                                "object of strings",
                                "object",
                            );
                        }
                    }
                    sub.pm();
                }
                Some(Value::Str(t)) => {
                    let t = t.clone();
                    sub.problem(
                        IssueCode::UnknownType,
                        "type",
                        format!("a steering-message part of type \"{t}\": expected \"text\" or \"file\""),
                        "\"text\" | \"file\"",
                        &t,
                    );
                }
                other => {
                    let got = other.map_or("undefined", kind);
                    sub.problem(
                        if other.is_none() { IssueCode::Missing } else { IssueCode::InvalidType },
                        "type",
                        format!("a steering-message part needs type (\"text\" or \"file\"), received {got}"),
                        "\"text\" | \"file\"",
                        got,
                    );
                }
            }
            self.bad |= sub.bad;
        }
        Some(parts)
    }
}

/// The chunk's `type`, or the issue why it has none.
fn chunk_type<'c>(at: u32, chunk: &'c Value, issues: &mut Vec<Issue>) -> Option<&'c str> {
    let mut wrong = |code, path: &[PathSeg], message: String, expected: &str, got: &str| {
        let mut found = issue(code, at, path, message);
        found.expected = Some(expected.into());
        found.received = Some(got.into());
        issues.push(found);
        None
    };
    if !matches!(chunk, Value::Obj(_)) {
        let got = kind(chunk);
        return wrong(
            IssueCode::InvalidType,
            &[],
            format!("expected a UIMessageChunk object, received {got}"),
            "object",
            got,
        );
    }
    match chunk.get("type") {
        Some(Value::Str(t)) => Some(t),
        None => wrong(
            IssueCode::Missing,
            &["type".into()],
            "a UIMessageChunk needs type (a string); it is missing".into(),
            "string",
            "undefined",
        ),
        Some(v) => {
            let got = kind(v);
            wrong(
                IssueCode::InvalidType,
                &["type".into()],
                format!("expected a string for type of a UIMessageChunk, received {got}"),
                "string",
                got,
            )
        }
    }
}

// ---------------------------------------------------------------------------------------------

impl ChunkFold {
    /// `updateMessageMetadata`: merged into what the message has. Whether it was given; an
    /// error (reported) where the AI SDK fails merging it.
    fn metadata(
        &mut self,
        at: u32,
        metadata: Option<&Value>,
        issues: &mut Vec<Issue>,
    ) -> Result<bool, ()> {
        let Some(m) = metadata.filter(|m| !m.is_null()) else {
            return Ok(false);
        };
        let merged = match &self.msg.metadata {
            Some(base) => match merge_objects(base, m) {
                Some(v) => v,
                None => {
                    issues.push(issue(
                        IssueCode::InvalidType,
                        at,
                        &["messageMetadata".into()],
                        format!(
                            "the message's metadata is a {}, which cannot take the properties of \
                             this messageMetadata (the AI SDK fails merging them)",
                            kind(base)
                        ),
                    ));
                    return Err(());
                }
            },
            None => m.clone(),
        };
        self.msg.metadata = Some(merged);
        Ok(true)
    }

    /// A `start` chunk: a new message when it names another id.
    fn start(
        &mut self,
        at: u32,
        id: Option<&str>,
        metadata: Option<&Value>,
        issues: &mut Vec<Issue>,
    ) {
        let reset = id.is_some_and(|id| id != self.msg.id);
        if reset {
            let old = std::mem::replace(&mut self.msg, Msg::new(id.unwrap_or("").to_owned()));
            self.close(old, at, issues);
        }
        let msg = &mut self.msg;
        msg.started = true;
        msg.finished = false;
        msg.aborted = false;
        // Where the merge fails the AI SDK writes no snapshot (it throws).
        match self.metadata(at, metadata, issues) {
            Ok(merged) if reset || id.is_some() || merged => self.msg.write(),
            _ => {}
        }
    }

    fn close(&mut self, msg: Msg, at: u32, issues: &mut Vec<Issue>) {
        msg.close(at, issues);
        if msg.written {
            let mut msg = msg;
            let parts = std::mem::take(&mut msg.parts);
            self.done.push(msg.render(parts, false));
            self.reasons
                .push(msg.finish_reason.take().unwrap_or(Value::Null));
        }
    }
}

impl Fold for ChunkFold {
    fn push(&mut self, at: u32, chunk: &Value, issues: &mut Vec<Issue>) {
        let Some(ty) = chunk_type(at, chunk, issues) else {
            return;
        };
        let mut c = Check {
            at,
            ty,
            obj: chunk,
            base: Vec::new(),
            issues,
            bad: false,
        };
        macro_rules! checked {
            () => {
                if c.bad {
                    return;
                }
            };
        }
        let msg = &mut self.msg;
        match ty {
            "text-start" | "reasoning-start" => {
                let (id, pm) = (c.str("id"), c.pm());
                checked!();
                msg.text_start(at, ty == "reasoning-start", id, pm, issues);
            }
            "text-delta" | "reasoning-delta" => {
                let (id, delta, pm) = (c.str("id"), c.str("delta"), c.pm());
                checked!();
                let reasoning = ty == "reasoning-delta";
                msg.text_more(at, ty, reasoning, id, Some(delta), None, pm, issues);
            }
            "text-end" | "reasoning-end" => {
                let id = c.str("id");
                let citations = if ty == "text-end" {
                    c.citations()
                } else {
                    None
                };
                let pm = c.pm();
                checked!();
                let reasoning = ty == "reasoning-end";
                msg.text_more(at, ty, reasoning, id, None, Some(citations), pm, issues);
            }
            "error" => {
                let text = c.str("errorText");
                checked!();
                issues.push(issue(
                    IssueCode::StreamError,
                    at,
                    &[],
                    format!("the stream sent an error: {text}"),
                ));
            }
            "abort" => {
                let reason = c.opt_str("reason");
                checked!();
                msg.aborted = true;
                issues.push(issue(
                    IssueCode::StreamError,
                    at,
                    &[],
                    match reason {
                        Some(r) => format!("the stream was aborted: {r}"),
                        None => "the stream was aborted".to_owned(),
                    },
                ));
            }
            "tool-input-start" => {
                let call_id = c.str("toolCallId");
                let name = c.str("toolName");
                let encoding = c.one_of("inputEncoding", &["json", "text"]);
                let pe = c.opt_bool("providerExecuted");
                let pm = c.pm();
                let tm = c.record("toolMetadata");
                let dynamic = c.opt_bool("dynamic").unwrap_or(false);
                let title = c.opt_str("title");
                checked!();
                msg.tool_input_start(
                    at, call_id, name, encoding, pe, pm, tm, dynamic, title, issues,
                );
            }
            "tool-input-delta" => {
                let (call_id, delta) = (c.str("toolCallId"), c.str("inputTextDelta"));
                checked!();
                msg.tool_input_delta(at, call_id, delta, issues);
            }
            "tool-input-available" | "tool-input-error" => {
                let call_id = c.str("toolCallId");
                let name = c.str("toolName");
                let error = ty == "tool-input-error";
                let error_text = if error {
                    Some(c.str("errorText"))
                } else {
                    None
                };
                let input = c.any("input");
                let pe = c.opt_bool("providerExecuted");
                let pm = c.pm();
                let tm = c.record("toolMetadata");
                let dynamic = c.opt_bool("dynamic").unwrap_or(false);
                let title = c.opt_str("title");
                checked!();
                let mut u = Update::new(
                    call_id,
                    if error {
                        "output-error"
                    } else {
                        "input-available"
                    },
                );
                u.tool_name = Some(name);
                u.input = Some(Field::of(input));
                u.error_text = error_text.map_or(Field::Undef, |e| Field::Val(s(e)));
                u.provider_executed = pe.map_or(Field::Undef, |b| Field::Val(b.into()));
                u.provider_metadata = pm;
                u.tool_metadata = Field::of(tm);
                let dynamic = if error {
                    match msg.step_tool(call_id) {
                        Some(i) => msg.tool_mut(i).dynamic,
                        None => dynamic,
                    }
                } else {
                    u.title = title.map_or(Field::Undef, |t| Field::Val(s(t)));
                    dynamic
                };
                msg.update(dynamic, u, None);
                msg.write();
            }
            "tool-approval-request" => {
                let approval_id = c.str("approvalId");
                let call_id = c.str("toolCallId");
                let descriptor = c.any("approvalDescriptor");
                let schema_input = c.any("inputSchemaInput");
                let reason = c.opt_str("reason");
                let automatic = c.opt_bool("isAutomatic");
                let signature = c.opt_str("signature");
                checked!();
                let Some(idx) = msg.tool_invocation(call_id) else {
                    return Msg::unknown_call(at, ty, call_id, issues);
                };
                let mut approval = vec![(Name::Borrowed("id"), s(approval_id))];
                if let Some(d) = descriptor.filter(|d| !d.is_null()) {
                    approval.push((Name::Borrowed("descriptor"), d.clone()));
                }
                if let Some(i) = schema_input {
                    approval.push((Name::Borrowed("inputSchemaInput"), i.clone()));
                }
                if let Some(r) = reason {
                    approval.push((Name::Borrowed("requestReason"), s(r)));
                }
                if automatic == Some(true) {
                    approval.push((Name::Borrowed("isAutomatic"), Value::Bool(true)));
                }
                if let Some(sig) = signature {
                    approval.push((Name::Borrowed("signature"), s(sig)));
                }
                let t = msg.tool_mut(idx);
                t.set("state", Field::Val(s("approval-requested")));
                t.set("approval", Field::Val(Value::Obj(approval)));
                t.delta_of = None;
                let list = msg.approvals.entry(approval_id);
                if !list.contains(&idx) {
                    list.push(idx);
                }
                msg.write();
            }
            "tool-approval-response" => {
                let approval_id = c.str("approvalId");
                let approved = c.bool("approved");
                let reason = c.opt_str("reason");
                let pe = c.opt_bool("providerExecuted");
                let pm = c.pm();
                checked!();
                let Some(idx) = msg.by_approval(approval_id) else {
                    issues.push(issue(
                        IssueCode::UnknownCall,
                        at,
                        &["approvalId".into()],
                        format!(
                            "a tool-approval-response for the approval \"{approval_id}\", which \
                             no tool part of the message has requested"
                        ),
                    ));
                    return;
                };
                let t = msg.tool_mut(idx);
                t.set("state", Field::Val(s("approval-responded")));
                if let Some(Field::Val(a)) = t.get_mut("approval") {
                    a.set("id", s(approval_id));
                    a.set("approved", Value::Bool(approved));
                    if let Some(r) = reason {
                        a.set("reason", s(r));
                    }
                }
                if let Some(pe) = pe {
                    t.set("providerExecuted", Field::Val(pe.into()));
                }
                if let Some(pm) = pm {
                    t.set("callProviderMetadata", Field::Val(pm.clone()));
                }
                t.delta_of = None;
                msg.write();
            }
            "tool-output-denied" => {
                let call_id = c.str("toolCallId");
                checked!();
                let Some(idx) = msg.tool_invocation(call_id) else {
                    return Msg::unknown_call(at, ty, call_id, issues);
                };
                let t = msg.tool_mut(idx);
                t.set("state", Field::Val(s("output-denied")));
                t.delta_of = None;
                msg.write();
            }
            "tool-output-available" | "tool-output-error" => {
                let call_id = c.str("toolCallId");
                let error = ty == "tool-output-error";
                let error_text = if error {
                    Some(c.str("errorText"))
                } else {
                    None
                };
                let output = c.any("output");
                let pe = c.opt_bool("providerExecuted");
                let pm = c.pm();
                let tm = c.record("toolMetadata");
                c.opt_bool("dynamic");
                let preliminary = if error {
                    None
                } else {
                    c.opt_bool("preliminary")
                };
                checked!();
                let Some(idx) = msg.tool_invocation(call_id) else {
                    return Msg::unknown_call(at, ty, call_id, issues);
                };
                let dynamic = msg.tool_mut(idx).dynamic;
                let mut u = Update::new(
                    call_id,
                    if error {
                        "output-error"
                    } else {
                        "output-available"
                    },
                );
                if error {
                    u.error_text = error_text.map_or(Field::Undef, |e| Field::Val(s(e)));
                    if !dynamic {
                        // The static part's own rawInput is passed back.
                        u.raw_input = None;
                    }
                } else {
                    u.output = Field::of(output);
                    u.preliminary = preliminary.map_or(Field::Undef, |b| Field::Val(b.into()));
                }
                u.provider_executed = pe.map_or(Field::Undef, |b| Field::Val(b.into()));
                u.provider_metadata = pm;
                u.tool_metadata = Field::of(tm);
                msg.tool_output(idx, u);
            }
            "custom" => {
                let kind = c.str("kind");
                let pm = c.pm();
                checked!();
                let part = vec![
                    (Name::Borrowed("type"), s("custom")),
                    (Name::Borrowed("kind"), s(kind)),
                ];
                msg.add_part(part, pm.map(|pm| ("providerMetadata", pm)));
            }
            "source-url" | "source-document" => {
                let source_id = c.str("sourceId");
                let document = ty == "source-document";
                let (url, media_type, title, filename) = if document {
                    (
                        None,
                        Some(c.str("mediaType")),
                        Some(c.str("title")),
                        c.opt_str("filename"),
                    )
                } else {
                    (Some(c.str("url")), None, c.opt_str("title"), None)
                };
                let pm = c.pm();
                checked!();
                let mut part = vec![
                    (Name::Borrowed("type"), s(ty)),
                    (Name::Borrowed("sourceId"), s(source_id)),
                ];
                let fields = [
                    ("url", url),
                    ("mediaType", media_type),
                    ("title", title),
                    ("filename", filename),
                ];
                for (k, v) in fields {
                    if let Some(v) = v {
                        part.push((Name::Borrowed(k), s(v)));
                    }
                }
                msg.add_part(part, pm.map(|pm| ("providerMetadata", pm)));
            }
            "file" | "reasoning-file" => {
                let (url, media_type, pm) = (c.str("url"), c.str("mediaType"), c.pm());
                checked!();
                let part = vec![
                    (Name::Borrowed("type"), s(ty)),
                    (Name::Borrowed("mediaType"), s(media_type)),
                    (Name::Borrowed("url"), s(url)),
                ];
                msg.add_part(part, pm.map(|pm| ("providerMetadata", pm)));
            }
            "steering-message" => {
                let id = c.str("id");
                let parts = c.steering_parts();
                checked!();
                let part = vec![
                    (Name::Borrowed("type"), s("steering-message")),
                    (Name::Borrowed("id"), s(id)),
                ];
                msg.add_part(part, parts.map(|p| ("parts", p)));
            }
            "start-step" => msg.start_step(),
            "finish-step" => {}
            "reset-step" => msg.reset_step(),
            "start" => {
                let id = c.opt_str("messageId");
                let metadata = c.any("messageMetadata");
                checked!();
                self.start(at, id, metadata, issues);
            }
            "finish" | "message-metadata" => {
                if ty == "finish" {
                    c.one_of(
                        "finishReason",
                        &[
                            "stop",
                            "length",
                            "content-filter",
                            "tool-calls",
                            "error",
                            "interrupted",
                            "other",
                        ],
                    );
                }
                let metadata = c.any("messageMetadata");
                checked!();
                if ty == "finish" {
                    self.msg.finished = true;
                    if let Some(reason) = chunk.get("finishReason") {
                        self.msg.finish_reason = Some(reason.clone());
                    }
                }
                if self.metadata(at, metadata, issues) == Ok(true) {
                    self.msg.write();
                }
            }
            _ if ty.starts_with("data-") => {
                let id = c.opt_str("id");
                let transient = c.opt_bool("transient");
                checked!();
                if transient == Some(true) {
                    return;
                }
                let data = chunk.get("data");
                let key = id.map(|id| format!("{ty}\0{id}"));
                let parts = &msg.parts;
                let existing = key
                    .as_deref()
                    .and_then(|k| msg.data.get(k))
                    .copied()
                    .filter(|&i| {
                        matches!(parts.get(i), Some(Part::Other(p))
                        if p.get("type").and_then(Value::as_str) == Some(ty)
                            && p.get("id").and_then(Value::as_str) == id)
                    });
                match existing {
                    Some(i) => {
                        if let Some(Part::Other(p)) = msg.parts.get_mut(i) {
                            match data {
                                Some(d) => p.set("data", d.clone()),
                                None => {
                                    if let Value::Obj(entries) = p {
                                        entries.retain(|(k, _)| k != "data");
                                    }
                                }
                            }
                        }
                    }
                    None => {
                        let i = msg.push_part(Part::Other(chunk.clone()));
                        if let Some(k) = key {
                            msg.data.insert(&k, i);
                        }
                    }
                }
                msg.write();
            }
            _ => {
                let ty = ty.to_owned();
                c.problem(
                    IssueCode::UnknownType,
                    "type",
                    format!("\"{ty}\" is not a UIMessageChunk type"),
                    "a UIMessageChunk type",
                    &ty,
                );
            }
        }
    }

    fn snapshot(&self) -> Option<Value> {
        let msg = &self.msg;
        msg.written.then(|| msg.render(msg.parts.clone(), true))
    }

    fn finish(&mut self, count: u32, issues: &mut Vec<Issue>) -> Vec<Value> {
        let msg = std::mem::take(&mut self.msg);
        self.close(msg, count, issues);
        std::mem::take(&mut self.done)
    }

    /// `{ finishReason }` for each message (the `finish` chunk's reason, which a `UIMessage`
    /// does not hold), when any message has one.
    fn responses(&self) -> Vec<Value> {
        if self.reasons.iter().all(Value::is_null) {
            return Vec::new();
        }
        self.reasons
            .iter()
            .map(|r| Value::Obj(vec![(crate::tape::value::name("finishReason"), r.clone())]))
            .collect()
    }
}
