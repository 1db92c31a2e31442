//! The walk: a tape against a shape, collecting issues with their paths. Where an output is
//! asked for, it writes the JSON form through an [`Out`] as it goes; a walk of the JSON form
//! records the revival plan ([`Revive`]). The format rules are [`super::rules`].

use super::base64;
use super::engine::{Checked, Mode};
use super::issue::{Issue, IssueCode, PathSeg};
use super::options::Options;
use super::repeats::{repeated_few, repeated_names, SeenIds, FEW_KEYS};
use super::revive::Revive;
use super::shape::{Field, ObjectShape, Rule, Shape, TaggedShape, UnionShape, PREFIX_MARK};
use super::sink::{Nest, Out, MAX_OUTPUT};
use crate::json_text::quoted;
use crate::keys::{self, Key};
use crate::tape::*;

/// Whether this build walks the shapes only the AI SDK formats have (`Shape::Union`, `Media`,
/// `Url`, `Never`, `Bool`), and the rules only Anthropic's or the AI SDK's shapes name: a build
/// without the family has no such shape, so their code is left out of its wasm.
pub(super) const AI_SDK: bool = cfg!(feature = "ai-sdk");
/// See [`AI_SDK`].
pub(super) const ANTHROPIC: bool = cfg!(feature = "anthropic");

/// One step of the current path, resolved to text only when an issue needs it.
#[derive(Clone, Copy)]
pub(super) enum Seg {
    /// The key whose tag is at this tape index.
    KeyAt(usize),
    Name(Key),
    Index(u32),
}

/// The free-form tags of the JSON form, and the one that escapes an object that looks tagged.
pub(super) const TAG_BYTES: &str = "$bytes";
const TAG_ERROR: &str = "$error";
pub(super) const TAG_ESCAPE: &str = "$escape";
pub(super) const TAG_ARRAY_BUFFER: &str = "$arrayBuffer";
pub(super) const TAG_URL: &str = "$url";

pub(super) struct Walk<'t, 'a> {
    pub tape: &'t TapeView<'a>,
    pub(super) mode: Mode,
    pub opts: &'t Options,
    pub issues: Vec<Issue>,
    path: Vec<Seg>,
    pub stopped: bool,
    pub(super) out: Out,
    /// Plain JSON text ([`super::plain_json_text`]): what is not JSON is reported as lost
    /// (`not_serializable`), not as a wrong type.
    plain: bool,
    pub(super) revive: Revive,
    /// Nesting of the JSON form being written, and its deepest point.
    depth: usize,
    max_seen: usize,
    /// The union case being walked, where its union decides some keys (`per_case`): what is
    /// missing or forbidden there is a `tool_state_mismatch` naming the case.
    case: Option<(&'static UnionShape, usize)>,
}

thread_local! {
    /// Path stacks kept between walks: a walk would otherwise allocate one on its first step.
    /// A pool, not one buffer, so that nested walks (a rule's JSON text) stay correct.
    static PATHS: std::cell::RefCell<Vec<Vec<Seg>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// `Number.MAX_SAFE_INTEGER`.
pub const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

impl<'t, 'a> Walk<'t, 'a> {
    pub fn new(tape: &'t TapeView<'a>, mode: Mode, opts: &'t Options, out: Out) -> Self {
        Walk {
            tape,
            mode,
            opts,
            issues: Vec::new(),
            path: PATHS.with_borrow_mut(|pool| pool.pop()).unwrap_or_default(),
            stopped: false,
            plain: out.is_plain(),
            out,
            revive: Revive::default(),
            depth: 0,
            max_seen: 0,
            case: None,
        }
    }

    pub fn finish(mut self) -> Checked {
        if self.out.writes() && self.max_seen > self.opts.max_depth && self.issues.is_empty() {
            self.report(
                IssueCode::TooDeep,
                format!(
                    "the JSON form nests {} levels deep (tags for bytes and errors add levels), more than maxDepth ({}) lets fromJSON read back",
                    self.max_seen, self.opts.max_depth
                ),
                None,
                None,
            );
        }
        let ok = self.issues.is_empty();
        let mut path = std::mem::take(&mut self.path);
        path.clear();
        PATHS.with_borrow_mut(|pool| pool.push(path));
        let (json, value) = if ok { self.out.finish() } else { (None, None) };
        Checked {
            issues: self.issues,
            json,
            value,
            revive: self.revive,
        }
    }

    // ----- paths and issues -------------------------------------------------------------

    fn path_now(&self) -> Vec<PathSeg> {
        self.path
            .iter()
            .map(|s| match *s {
                Seg::KeyAt(i) => PathSeg::Key(self.tape.key_name(i).into()),
                Seg::Name(k) => PathSeg::name(k.name()),
                Seg::Index(i) => PathSeg::Index(i),
            })
            .collect()
    }

    pub(super) fn path_at_now(&self) -> Vec<PathSeg> {
        self.path_now()
    }

    pub fn report(
        &mut self,
        code: IssueCode,
        message: String,
        expected: Option<String>,
        received: Option<String>,
    ) {
        if self.stopped {
            return;
        }
        let mut issue = Issue::new(code, self.path_now(), message);
        issue.expected = expected;
        issue.received = received;
        self.issues.push(issue);
        if self.opts.abort_early || self.issues.len() >= self.opts.max_issues {
            self.stopped = true;
        }
    }

    /// [`Self::expected`] with the code chosen by the caller when the usual one does not fit.
    fn expected_code(&mut self, at: usize, expected: &str, code: IssueCode) {
        if matches!(self.tape.word(at), CYCLE | DEEP)
            || self.tape.word(at) == NUM && !self.tape.num(at).is_finite()
        {
            return self.expected(at, expected);
        }
        let received = self.tape.kind_name(at);
        self.report(
            code,
            format!("expected {expected}, received {received}"),
            Some(expected.to_string()),
            Some(received),
        );
    }

    pub(super) fn expected(&mut self, at: usize, expected: &str) {
        let received = self.tape.kind_name(at);
        let code = match self.tape.word(at) {
            NUM if expected == "number" => IssueCode::NotFinite,
            CYCLE => IssueCode::Cycle,
            DEEP => IssueCode::TooDeep,
            _ => IssueCode::InvalidType,
        };
        let message = match code {
            IssueCode::NotFinite => format!("expected a finite number, received {received}"),
            IssueCode::Cycle => {
                format!("expected {expected}, received an object that contains itself")
            }
            IssueCode::TooDeep => format!(
                "expected {expected}, but the value is nested deeper than maxDepth ({})",
                self.opts.max_depth
            ),
            _ => format!("expected {expected}, received {received}"),
        };
        self.report(code, message, Some(expected.to_string()), Some(received));
    }

    /// The message a `THREW` entry carries.
    pub(super) fn threw(&mut self, at: usize) {
        let msg = self.tape.str_lossy(self.tape.str_at(at + 1));
        self.report(
            IssueCode::Unreadable,
            format!("reading this value threw: {msg}"),
            None,
            Some("a value that threw when read".into()),
        );
    }

    pub(super) fn ill_formed(&mut self) {
        self.report(
            IssueCode::IllFormedString,
            "the string contains a lone surrogate (UTF-16 half of a character); it cannot be encoded as UTF-8 unchanged".into(),
            Some("a well-formed string".into()),
            Some("a string with a lone surrogate".into()),
        );
    }

    fn not_serializable(&mut self, at: usize) {
        let received = self.tape.kind_name(at);
        let code = match self.tape.word(at) {
            CYCLE => IssueCode::Cycle,
            DEEP => IssueCode::TooDeep,
            _ => IssueCode::NotSerializable,
        };
        let expected = if self.plain {
            "a JSON value"
        } else {
            "a JSON value, Uint8Array, ArrayBuffer, URL or Error"
        };
        self.report(
            code,
            format!("{received} cannot be written as JSON without loss"),
            Some(expected.into()),
            Some(received),
        );
    }

    /// [`Self::with`] for several steps down.
    pub fn with_all<F: FnOnce(&mut Self)>(&mut self, segs: &[Seg], f: F) {
        let depth = self.path.len();
        self.path.extend_from_slice(segs);
        f(self);
        self.path.truncate(depth);
    }

    pub fn with<F: FnOnce(&mut Self)>(&mut self, seg: Seg, f: F) {
        self.path.push(seg);
        f(self);
        self.path.pop();
    }

    /// [`Self::with`] for a recursive check that answers a bool (no closure to instantiate).
    pub(super) fn at_seg(&mut self, seg: Seg, f: fn(&mut Self, usize) -> bool, v: usize) -> bool {
        self.path.push(seg);
        let ok = f(self, v);
        self.path.pop();
        ok
    }

    // ----- writing the JSON form (through `out`, when there is one) ----------------------

    #[inline(always)]
    pub(super) fn open(&mut self, nest: Nest) {
        if self.out.writes() {
            self.open_out(nest);
        }
    }

    fn open_out(&mut self, nest: Nest) {
        self.out.open(nest);
        // The JSON form nests deeper than the JS form (tags wrap values): keep it readable
        // by fromJSON at the same maxDepth.
        self.depth += 1;
        self.max_seen = self.max_seen.max(self.depth);
    }

    #[inline(always)]
    pub(super) fn close(&mut self, nest: Nest) {
        if self.out.writes() {
            self.close_out(nest);
        }
    }

    fn close_out(&mut self, nest: Nest) {
        self.out.close(nest);
        self.depth = self.depth.saturating_sub(1);
    }

    #[inline(always)]
    fn comma(&mut self) {
        if self.out.writes() {
            self.out.comma();
        }
    }

    #[inline(always)]
    fn key(&mut self, first: &mut bool, k: usize) {
        if self.out.writes() {
            self.out.key(self.tape, k, first);
        }
    }

    #[inline(always)]
    pub(super) fn scalar(&mut self, at: usize) {
        if self.out.writes() {
            self.scalar_out(at);
        }
    }

    fn scalar_out(&mut self, at: usize) {
        if self.stopped {
            return;
        }
        let tape = self.tape;
        if tape.word(at) == STR && !self.room(self.out.str_room(tape.str_at(at).len as usize)) {
            return;
        }
        self.out.scalar(tape, at);
    }

    pub(super) fn write_bytes(&mut self, at: usize) {
        let (len, off) = (
            self.tape.word(at + 1) as usize,
            self.tape.word(at + 2) as usize,
        );
        if !self.out.writes() || self.stopped || !self.room(len.div_ceil(3) * 4 + 2) {
            return;
        }
        let bytes = self.tape.bytes.get(off..off + len).unwrap_or(&[]);
        self.out.bytes(bytes);
    }

    /// Room for `n` more bytes of output, or a `too_large` issue.
    fn room(&mut self, n: usize) -> bool {
        if self.out.room(n) {
            return true;
        }
        self.report(
            IssueCode::TooLarge,
            format!("the JSON form would exceed {MAX_OUTPUT} bytes, more than a JavaScript string can hold"),
            None,
            None,
        );
        self.stopped = true;
        false
    }

    // ----- the walk ---------------------------------------------------------------------

    pub fn value(&mut self, at: usize, shape: &Shape) {
        if self.stopped {
            return;
        }
        let tape = self.tape;
        let w = tape.word(at);
        if w == THREW {
            return self.threw(at);
        }
        match shape {
            Shape::Any => self.free(at, false),
            Shape::Json => self.free(at, true),
            Shape::String if w == STR => {
                if tape.str_at(at).ill_formed() {
                    self.ill_formed();
                }
                self.scalar(at);
            }
            Shape::Number if w == NUM && tape.num(at).is_finite() => self.scalar(at),
            Shape::Boolean if matches!(w, TRUE | FALSE) => self.scalar(at),
            Shape::Literal(lit) => self.one_of_strings(at, std::slice::from_ref(lit), shape),
            Shape::Enum(names) => self.one_of_strings(at, names, shape),
            Shape::Integer { min } => self.integer(at, *min),
            Shape::Bytes => self.bytes(at),
            Shape::TaggedBytes => self.tagged_bytes(at),
            Shape::Error => self.error(at),
            // (Each format family's shapes are walked only in a build with that family: in
            // another no shape has them, and the code they need is left out.)
            Shape::Url if AI_SDK => self.url(at),
            Shape::Media(m) if AI_SDK => self.media(at, m),
            Shape::Array(item) if w == ARR => self.items(at, item),
            Shape::Object(os) if w == OBJ => self.object(at, os, None),
            Shape::Tagged(ts) if w == OBJ => self.tagged(at, ts),
            Shape::Union(u) if AI_SDK && w == OBJ => self.union(at, u),
            Shape::Never if AI_SDK => self.not_here(at, None),
            Shape::Bool(b) if AI_SDK && matches!(w, TRUE | FALSE) => {
                if (w == TRUE) == *b {
                    self.scalar(at)
                } else {
                    self.not_here(at, Some(*b))
                }
            }
            Shape::Record(item) if w == OBJ => self.record(at, item),
            Shape::Nullable(_) if w == NULL => self.scalar(at),
            Shape::Nullable(inner) if kind_fits(inner, w) => self.value(at, inner),
            Shape::OneOf(alternatives) => match alternatives.iter().find(|a| kind_fits(a, w)) {
                Some(alternative) => self.value(at, alternative),
                None => self.expected(at, &shape_name(shape)),
            },
            Shape::Rule(inner, rule) => self.rule(at, inner, *rule),
            // The wrong kind of value.
            Shape::String => self.expected(at, "string"),
            Shape::Number => self.expected(at, "number"),
            Shape::Boolean => self.expected(at, "boolean"),
            Shape::Object(os) => self.expected(at, os.name),
            Shape::Tagged(ts) => self.expected(at, ts.name),
            Shape::Union(u) => self.expected(at, u.name),
            Shape::Bool(b) => self.expected(at, if *b { "true" } else { "false" }),
            Shape::Array(_) | Shape::Record(_) | Shape::Nullable(_) => {
                self.expected(at, &shape_name(shape))
            }
            // Only in a build without the family whose shapes these are: none is walked.
            Shape::Url | Shape::Media(_) | Shape::Never => {}
        }
    }

    /// A string among `names` (a literal is one name).
    fn one_of_strings(&mut self, at: usize, names: &[&str], shape: &Shape) {
        let tape = self.tape;
        let w = tape.word(at);
        if w == STR && names.iter().any(|n| tape.str_eq(tape.str_at(at), n)) {
            self.scalar(at);
        } else if w == STR {
            let found = tape.str_display(tape.str_at(at));
            let expected = shape_name(shape);
            self.report(
                IssueCode::InvalidLiteral,
                format!("expected {expected}, received {found}"),
                Some(expected),
                Some(found),
            );
        } else {
            self.expected(at, &shape_name(shape));
        }
    }

    fn integer(&mut self, at: usize, min: i32) {
        let tape = self.tape;
        let w = tape.word(at);
        let n = tape.num(at);
        // Past 2^53 a number is no longer the integer it was written as.
        if w != NUM || !n.is_finite() || n.fract() != 0.0 || n.abs() > MAX_SAFE_INTEGER {
            let expected = if w == NUM && n.is_finite() {
                "an integer"
            } else {
                "number"
            };
            return self.expected_code(at, expected, IssueCode::InvalidType);
        }
        if n < min as f64 {
            // A safe integer here, written as one (no float formatting in the wasm).
            let n = n as i64;
            return self.report(
                IssueCode::TooSmall,
                format!("expected an integer of at least {min}, received {n}"),
                Some(format!("integer >= {min}")),
                Some(format!("{n}")),
            );
        }
        self.scalar(at);
    }

    /// An object used as a map.
    pub(super) fn record(&mut self, at: usize, item: &Shape) {
        let tape = self.tape;
        let mut first = true;
        self.check_keys(at);
        self.open(Nest::Object);
        // `undefined` is skipped where the item may be absent as a property (JSON drops it):
        // anything, or a JSON value (the AI SDK's `JSONObject`); elsewhere it is the wrong type.
        let skip_undefined = matches!(item, Shape::Any | Shape::Rule(_, Rule::JsonValue));
        for (k, v) in tape.entries(at) {
            if tape.word(v) == UNDEF && skip_undefined {
                continue;
            }
            self.key(&mut first, k);
            self.with(Seg::KeyAt(k), |s| s.value(v, item));
        }
        self.close(Nest::Object);
    }

    /// The items of the array at `at`, each against `item`.
    pub fn items(&mut self, at: usize, item: &Shape) {
        self.open(Nest::Array);
        for (n, v) in self.tape.items(at).enumerate() {
            if n > 0 {
                self.comma();
            }
            self.with(Seg::Index(n as u32), |s| s.value(v, item));
        }
        self.close(Nest::Array);
    }

    /// A union by a tag whose cases may be prefixes ([`PREFIX_MARK`]) and unions.
    #[inline(never)]
    fn union(&mut self, at: usize, u: &'static UnionShape) {
        let tape = self.tape;
        let Some(v) = tape.find(at, u.tag) else {
            return self.with(Seg::Name(u.tag), |s| {
                s.report(
                    IssueCode::Missing,
                    format!("required property {} is missing", quoted(u.tag.name())),
                    Some(u.expected_tags()),
                    Some("undefined".into()),
                )
            });
        };
        match tape.word(v) {
            THREW => return self.with(Seg::Name(u.tag), |s| s.threw(v)),
            STR => {}
            _ => return self.with(Seg::Name(u.tag), |s| s.expected(v, &u.expected_tags())),
        }
        let s = tape.str_at(v);
        // A prefix needs only the head of the string, which the walker always copies for a
        // tag; a whole tag is compared as copied.
        let head = tape.str_lossy(s);
        let found = u
            .cases
            .iter()
            .position(|(name, _)| match name.strip_suffix(PREFIX_MARK) {
                Some(prefix) => head.starts_with(prefix),
                None => tape.str_eq(s, name),
            });
        let Some(n) = found else {
            let found = tape.str_display(s);
            let expected = u.expected_tags();
            return self.with(Seg::Name(u.tag), |w| {
                w.report(
                    IssueCode::UnknownType,
                    format!(
                        "unknown {} {} {found}; expected one of {expected}",
                        u.name,
                        u.tag.name()
                    ),
                    Some(expected.clone()),
                    Some(found),
                )
            });
        };
        let outer = self.case;
        if !u.per_case.is_empty() {
            self.case = Some((u, n));
        }
        match u.cases[n].1 {
            // The tag was just matched: the case's own declaration of it is not compared again.
            Shape::Object(os) => self.object_with(at, os, u.base, Some(u.tag), false),
            shape => self.value(at, shape),
        }
        self.case = outer;
    }

    /// The union case being walked decides `key`: its name, for a `tool_state_mismatch`.
    fn case_deciding(&self, key: Key) -> Option<(&'static UnionShape, &'static str)> {
        self.case
            .filter(|(u, _)| u.per_case.contains(&key))
            .map(|(u, n)| (u, u.cases[n].0))
    }

    /// The key of the innermost path step.
    fn last_key(&self) -> Option<String> {
        match self.path.last()? {
            Seg::KeyAt(i) => Some(self.tape.key_name(*i)),
            Seg::Name(k) => Some(k.name().to_string()),
            Seg::Index(_) => None,
        }
    }

    /// A value where the shape allows none (`want` None: `output?: never`) or only the other
    /// boolean (`approved: true`): a `tool_state_mismatch` naming the case where the union
    /// case being walked decides the key.
    #[cold]
    #[inline(never)]
    fn not_here(&mut self, at: usize, want: Option<bool>) {
        let (expected, received) = match want {
            None => ("undefined".to_string(), self.tape.kind_name(at)),
            Some(b) => (b.to_string(), (!b).to_string()),
        };
        let name = self.last_key().unwrap_or_default();
        let case = crate::keys::lookup(name.as_bytes()).and_then(|k| self.case_deciding(k));
        let (code, message) = match case {
            // "ToolUIPart: "output" must be undefined when "state" is "input-available"".
            Some((u, case)) => (
                IssueCode::ToolStateMismatch,
                format!(
                    "{}: {} must be {expected} when {} is {}",
                    u.name,
                    quoted(&name),
                    quoted(u.tag.name()),
                    quoted(case)
                ),
            ),
            None if want.is_none() => (
                IssueCode::InvalidType,
                format!("expected {expected}, received {received}"),
            ),
            None => (
                IssueCode::InvalidLiteral,
                format!("expected {expected}, received {received}"),
            ),
        };
        self.report(code, message, Some(expected), Some(received));
    }

    pub(super) fn tagged(&mut self, at: usize, ts: &TaggedShape) {
        let tape = self.tape;
        let Some(v) = tape.find(at, ts.tag) else {
            // Still check what every variant shares, so all problems come out at once.
            self.with(Seg::Name(ts.tag), |s| {
                s.report(
                    IssueCode::Missing,
                    format!("required property {} is missing", quoted(ts.tag.name())),
                    Some(ts.expected_tags(&s.opts.custom_types)),
                    Some("undefined".into()),
                )
            });
            return self.object(at, ts.base, Some(ts.tag));
        };
        if tape.word(v) == THREW {
            self.with(Seg::Name(ts.tag), |s| s.threw(v));
            return self.object(at, ts.base, Some(ts.tag));
        }
        if tape.word(v) != STR {
            self.with(Seg::Name(ts.tag), |s| {
                s.expected(v, &ts.expected_tags(&s.opts.custom_types))
            });
            return self.object(at, ts.base, Some(ts.tag));
        }
        let s = tape.str_at(v);
        if let Some(variant) = ts.variants.iter().find(|(n, _)| tape.str_eq(s, n)) {
            // The tag was just matched: the variant's literal need not be compared again.
            return self.object(at, variant.1, Some(ts.tag));
        }
        if ts.extensible && self.opts.custom_types.iter().any(|c| tape.str_eq(s, c)) {
            // A registered type: the base fields are checked, everything else is kept, even
            // in strict mode (we cannot know its other fields).
            return self.object_with(at, ts.base, &NO_FIELDS, Some(ts.tag), true);
        }
        let found = tape.str_display(s);
        let expected = ts.expected_tags(&self.opts.custom_types);
        self.with(Seg::Name(ts.tag), |w| {
            w.report(
                IssueCode::UnknownType,
                format!(
                    "unknown {} type {found}; expected one of {expected}{}{}",
                    ts.name,
                    if ts.extensible {
                        " (or register it)"
                    } else {
                        ""
                    },
                    ts.elsewhere_note(|tag| tape.str_eq(s, tag))
                ),
                Some(expected.clone()),
                Some(found),
            )
        });
        self.object(at, ts.base, Some(ts.tag));
    }

    /// An object against a documented interface. `tag_done`: a tag key already judged by
    /// [`Self::tagged`], accepted here whatever its value.
    fn object(&mut self, at: usize, os: &ObjectShape, tag_done: Option<Key>) {
        self.object_with(at, os, &NO_FIELDS, tag_done, false)
    }

    /// [`Self::object`], with the fields of `base` too (a [`UnionShape::base`]); `open` keeps
    /// unknown properties unreported even in strict mode.
    fn object_with(
        &mut self,
        at: usize,
        os: &ObjectShape,
        base: &ObjectShape,
        tag_done: Option<Key>,
        open: bool,
    ) {
        let tape = self.tape;
        // The fields present, and those present with a value other than null (for
        // `Field::unless`), one bit each.
        let (mut seen, mut given) = (0u64, 0u64);
        let mut first = true;
        let mut tag_skipped = false;
        if self.mode == Mode::Json {
            self.check_keys(at);
        }
        self.open(Nest::Object);
        for (k, v) in tape.entries(at) {
            if self.stopped {
                return;
            }
            let id = tape.key_id(k);
            let field = id.and_then(|id| fields(base, os).position(|f| f.key == id));
            match field {
                Some(fi) if id == tag_done && !tag_skipped => {
                    // (Only the first: `tagged` matched that one; a repeat is still compared.)
                    tag_skipped = true;
                    seen |= 1 << fi;
                    self.key(&mut first, k);
                    self.scalar(v);
                }
                Some(fi) => {
                    let f = field_at(base, os, fi);
                    seen |= 1 << fi;
                    if !matches!(tape.word(v), NULL | UNDEF) {
                        given |= 1 << fi;
                    }
                    if f.optional && tape.word(v) == UNDEF {
                        continue;
                    }
                    self.key(&mut first, k);
                    self.with(Seg::KeyAt(k), |s| s.value(v, &f.shape));
                }
                None if id.is_some() && id == tag_done => {
                    // Judged by `tagged` already (a duplicate is reported by check_keys).
                    self.key(&mut first, k);
                    self.scalar(v);
                }
                None => self.unknown_key(os, (k, v), open, &mut first),
            }
        }
        self.close(Nest::Object);
        self.absent_fields(at, os, base, seen, given);
    }

    /// A property `os` does not document (kept as a free-form value).
    fn unknown_key(
        &mut self,
        os: &ObjectShape,
        (k, v): (usize, usize),
        open: bool,
        first: &mut bool,
    ) {
        let tape = self.tape;
        // (In JSON mode check_keys looked at every key already.)
        if self.mode == Mode::Js && tape.word(k) == KEY_STR && tape.str_at(k).ill_formed() {
            self.with(Seg::KeyAt(k), |s| s.ill_formed());
        }
        if self.opts.strict && !open {
            let name = tape.key_name(k);
            self.with(Seg::KeyAt(k), |s| {
                s.report(
                    IssueCode::UnrecognizedKey,
                    format!(
                        "{} has no property {} (strict mode)",
                        os.name,
                        quoted(&name)
                    ),
                    None,
                    None,
                )
            });
        }
        if tape.word(v) == UNDEF {
            return;
        }
        self.key(first, k);
        self.with(Seg::KeyAt(k), |s| s.free(v, false));
    }

    /// The fields of `os` that the object at `at` lacks: required ones not `seen`, and those
    /// required unless another is `given` when none is.
    fn absent_fields(
        &mut self,
        at: usize,
        os: &ObjectShape,
        base: &ObjectShape,
        seen: u64,
        given: u64,
    ) {
        let tape = self.tape;
        for (fi, f) in fields(base, os).enumerate() {
            if !f.unless.is_empty() && given & (1 << fi) == 0 {
                let alternatives_given = fields(base, os)
                    .enumerate()
                    .any(|(oi, o)| f.unless.contains(&o.key) && given & (1 << oi) != 0);
                let unknown_given = f.unless.iter().any(|k| {
                    !fields(base, os).any(|o| o.key == *k)
                        && tape
                            .find(at, *k)
                            .is_some_and(|v| !matches!(tape.word(v), NULL | UNDEF))
                });
                if !alternatives_given && !unknown_given {
                    let others: Vec<String> = f.unless.iter().map(|k| quoted(k.name())).collect();
                    let received = tape
                        .find(at, f.key)
                        .map_or_else(|| "undefined".to_string(), |v| tape.kind_name(v));
                    self.with(Seg::Name(f.key), |s| {
                        s.report(
                            IssueCode::Missing,
                            format!(
                                "{} is required unless {} is given",
                                quoted(f.key.name()),
                                others.join(" or ")
                            ),
                            Some(shape_name(&f.shape)),
                            Some(received),
                        )
                    });
                }
            }
            if !f.optional && seen & (1 << fi) == 0 {
                if let Some((u, case)) = self.case_deciding(f.key) {
                    self.with(Seg::Name(f.key), |s| {
                        s.report(
                            IssueCode::ToolStateMismatch,
                            format!(
                                "{} needs {} when {} is {}",
                                u.name,
                                quoted(f.key.name()),
                                quoted(u.tag.name()),
                                quoted(case)
                            ),
                            Some(shape_name(&f.shape)),
                            Some("undefined".into()),
                        )
                    });
                    continue;
                }
                let why = match f.missing {
                    IssueCode::MissingSignature => ": a thinking block must be passed back with the signature the API returned with it, unmodified",
                    _ => "",
                };
                self.with(Seg::Name(f.key), |s| {
                    s.report(
                        f.missing,
                        format!("required property {} is missing{why}", quoted(f.key.name())),
                        Some(shape_name(&f.shape)),
                        Some("undefined".into()),
                    )
                });
            }
        }
    }

    /// Keys that cannot be carried: a lone surrogate (any form), or the same key twice (JSON
    /// text, where `JSON.parse` would silently keep the last).
    fn check_keys(&mut self, at: usize) {
        // (Plain JSON text escapes a lone surrogate in a key, as JSON.stringify does.)
        if self.plain {
            return;
        }
        if self.mode == Mode::Js {
            return self.check_key_text(at);
        }
        let tape = self.tape;
        let mut strs: Vec<usize> = Vec::new();
        let mut ids = SeenIds::default();
        for (k, _) in tape.entries(at) {
            if tape.word(k) == KEY_STR {
                if tape.str_at(k).ill_formed() {
                    self.with(Seg::KeyAt(k), |s| s.ill_formed());
                }
                strs.push(k);
            } else if ids.repeat(tape.word(k + 1) as u16) {
                self.duplicate(k);
            }
        }
        if strs.len() < 2 {
            return;
        }
        // A few names written without escapes (most) are compared by their bytes, each with
        // those before it, allocating nothing per name (a tenth of an OpenAI message's
        // validation: its tool calls' arguments); the rest by their UTF-16 units, through a
        // table. The first way is left out of the validating pages' builds (those without
        // conversions), which it would take over their size budget (385 B gzip).
        let raw: Option<Vec<&[u8]>> = (cfg!(feature = "convert") && strs.len() <= FEW_KEYS)
            .then(|| strs.iter().map(|&k| tape.str_raw(tape.str_at(k))).collect())
            .flatten();
        if let Some(raw) = raw {
            return repeated_few(&raw, |n| self.duplicate(strs[n]));
        }
        let names: Vec<Vec<u16>> = strs
            .iter()
            .map(|&k| tape.str_units(tape.str_at(k)))
            .collect();
        repeated_names(&names, |n| self.duplicate(strs[n]));
    }

    /// The JS form has no duplicate keys; only keys with a lone surrogate are checked.
    fn check_key_text(&mut self, at: usize) {
        let tape = self.tape;
        for (k, _) in tape.entries(at) {
            if tape.word(k) == KEY_STR && tape.str_at(k).ill_formed() {
                self.with(Seg::KeyAt(k), |s| s.ill_formed());
            }
        }
    }

    fn duplicate(&mut self, k: usize) {
        let name = self.tape.key_name(k);
        self.with(Seg::KeyAt(k), |s| {
            s.report(
                IssueCode::DuplicateKey,
                format!(
                    "property {} appears more than once (JSON.parse would keep only the last)",
                    quoted(&name)
                ),
                None,
                None,
            )
        });
    }

    fn bytes(&mut self, at: usize) {
        let tape = self.tape;
        match (self.mode, tape.word(at)) {
            (Mode::Js, BYTES) => self.write_bytes(at),
            (Mode::Js, _) => self.expected(at, "Uint8Array"),
            (Mode::Json, STR) => self.base64_string(at, false),
            (Mode::Json, _) => self.expected(at, "base64 string"),
        }
    }

    /// `Uint8Array` in the JS form, `{ "$bytes": base64 }` in the JSON form.
    fn tagged_bytes(&mut self, at: usize) {
        let w = self.tape.word(at);
        let tagged = match self.mode {
            Mode::Js => w == BYTES,
            Mode::Json => w == OBJ && self.single_key(at) == Some(TAG_BYTES),
        };
        if tagged {
            self.free(at, false);
        } else {
            let expected = match self.mode {
                Mode::Js => "Uint8Array",
                Mode::Json => "{ \"$bytes\": base64 string }",
            };
            self.expected(at, expected);
        }
    }

    /// A base64 string in the JSON form, planned for revival as bytes.
    pub(super) fn base64_string(&mut self, at: usize, buffer: bool) {
        let tape = self.tape;
        let s = tape.str_at(at);
        let owned: Vec<u8>;
        let raw: &[u8] = match tape.chars {
            // Unescaped JSON text is the string itself.
            Chars::Utf8(text) if s.flags & F_ESCAPED == 0 => text
                .get(s.off as usize..(s.off + s.len) as usize)
                .unwrap_or(&[]),
            Chars::Utf8(_) => {
                owned = crate::tape::utf16_lossy(&tape.str_units(s)).into_bytes();
                &owned
            }
            Chars::Utf16(_) => {
                owned = tape
                    .str_units(s)
                    .iter()
                    .map(|&u| u.min(255) as u8)
                    .collect();
                &owned
            }
        };
        match base64::decode(raw) {
            Ok(bytes) => {
                let path = self.path_now();
                self.revive.push_bytes(path, &bytes, buffer);
                // The JSON form is its own output.
                self.scalar(at);
            }
            Err(pos) => self.report(
                IssueCode::InvalidBase64,
                format!("expected standard padded base64 (the JSON form of {}); it goes wrong at character {pos}", if buffer { "ArrayBuffer" } else { "Uint8Array" }),
                Some("base64 string".into()),
                Some("string".into()),
            ),
        }
    }

    fn error(&mut self, at: usize) {
        let tape = self.tape;
        let w = tape.word(at);
        let obj = match (self.mode, w) {
            (Mode::Js, ERROR) => at + 1,
            (_, OBJ) => at,
            (Mode::Js, _) => return self.expected(at, "Error"),
            (Mode::Json, _) => {
                return self.expected(at, "error object { name, message, stack?, cause? }")
            }
        };
        self.check_keys(obj);
        self.open(Nest::Object);
        let mut first = true;
        let (mut has_name, mut has_message) = (false, false);
        for (k, v) in tape.entries(obj) {
            let id = tape.key_id(k);
            if tape.word(v) == UNDEF {
                continue;
            }
            self.key(&mut first, k);
            self.with(Seg::KeyAt(k), |s| {
                if id == Some(keys::NAME) || id == Some(keys::MESSAGE) || id == Some(keys::STACK) {
                    s.value(v, &Shape::String);
                } else {
                    s.free(v, false);
                }
            });
            has_name |= id == Some(keys::NAME);
            has_message |= id == Some(keys::MESSAGE);
        }
        self.close(Nest::Object);
        for (present, key) in [(has_name, keys::NAME), (has_message, keys::MESSAGE)] {
            if !present {
                self.with(Seg::Name(key), |s| {
                    s.report(
                        IssueCode::Missing,
                        format!("an error needs a string {}", quoted(key.name())),
                        Some("string".into()),
                        Some("undefined".into()),
                    )
                });
            }
        }
        if self.mode == Mode::Json && self.issues.is_empty() {
            let path = self.path_now();
            self.revive.push_error(path);
        }
    }

    /// A free-form value (`any`, custom properties) or, with `json_only`, a `JSONValue`.
    pub(super) fn free(&mut self, at: usize, json_only: bool) {
        if self.stopped {
            return;
        }
        let tape = self.tape;
        let writes = self.out.writes();
        // A JSON-form value (parsed text, or a value handed to fromJSON) holds JSON only.
        let json = json_only || self.mode == Mode::Json;
        match tape.word(at) {
            NULL | TRUE | FALSE => self.scalar(at),
            NUM => {
                if tape.num(at).is_finite() {
                    self.scalar(at)
                } else if json {
                    self.expected(at, "number")
                } else if writes {
                    self.not_serializable(at)
                }
            }
            STR => {
                // (Plain JSON text escapes it, as JSON.stringify does.)
                if tape.str_at(at).ill_formed() && !self.plain {
                    self.ill_formed();
                }
                self.scalar(at);
            }
            ARR => self.free_items(at, json_only),
            OBJ => self.free_object(at, json_only),
            THREW => self.threw(at),
            CYCLE | DEEP if self.plain => self.expected(at, "a JSON value"),
            _ if self.plain => self.not_serializable(at),
            // One depth rule for validating and for writing JSON: nesting past maxDepth is an
            // issue also where anything goes (`any`), or a value would validate and then fail
            // to serialise.
            DEEP => self.expected(at, "a value"),
            _ if json => self.expected(at, "JSON value"),
            BYTES => {
                if writes {
                    self.open(Nest::Object);
                    self.out.tag(TAG_BYTES);
                    self.write_bytes(at);
                    self.close(Nest::Object);
                }
            }
            ARRAY_BUFFER => {
                if writes {
                    self.open(Nest::Object);
                    self.out.tag(TAG_ARRAY_BUFFER);
                    self.write_bytes(at);
                    self.close(Nest::Object);
                }
            }
            URL => self.url_href(at),
            ERROR => {
                if writes {
                    self.open(Nest::Object);
                    self.out.tag(TAG_ERROR);
                    self.error(at);
                    self.close(Nest::Object);
                } else {
                    self.error(at);
                }
            }
            _ => {
                // `undefined` lands here only where a value is required (`output: undefined`).
                if writes {
                    self.not_serializable(at)
                }
            }
        }
    }

    /// The items of a free-form array.
    fn free_items(&mut self, at: usize, json_only: bool) {
        let tape = self.tape;
        let writes = self.out.writes();
        let json = json_only || self.mode == Mode::Json;
        self.open(Nest::Array);
        for (n, v) in tape.items(at).enumerate() {
            if n > 0 {
                self.comma();
            }
            self.with(Seg::Index(n as u32), |s| {
                if tape.word(v) == UNDEF && (json || writes) {
                    // JSON.stringify would turn it into null.
                    if json && !s.plain {
                        s.expected(v, "JSON value")
                    } else {
                        s.not_serializable(v)
                    }
                } else {
                    s.free(v, json_only)
                }
            });
        }
        self.close(Nest::Array);
    }

    /// The tag of an object whose only key is `$bytes`, `$error` or `$escape`.
    pub(super) fn single_key(&self, at: usize) -> Option<&'static str> {
        let tape = self.tape;
        let mut entries = tape.entries(at);
        let (k, _) = entries.next()?;
        if entries.next().is_some() || tape.word(k) != KEY_STR {
            return None;
        }
        let s = tape.str_at(k);
        [TAG_BYTES, TAG_ERROR, TAG_ESCAPE, TAG_ARRAY_BUFFER, TAG_URL]
            .into_iter()
            .find(|t| tape.str_eq(s, t))
    }

    fn free_object(&mut self, at: usize, json_only: bool) {
        let tape = self.tape;
        let single = tape.entries(at).next();
        let tag = self.single_key(at);
        if let (false, Some(tag), Some((k, v))) = (json_only, tag, single) {
            match self.mode {
                // A JS object that looks like a tag is escaped, so decoding cannot mistake it.
                Mode::Js => {
                    self.open(Nest::Object);
                    self.out.tag(TAG_ESCAPE);
                    self.plain_object(at, json_only);
                    self.close(Nest::Object);
                }
                // The JSON form is its own output: the tag goes with its value.
                Mode::Json => {
                    self.open(Nest::Object);
                    if self.out.writes() {
                        self.out.tag(tag);
                    }
                    self.with(Seg::KeyAt(k), |s| match tag {
                        TAG_BYTES | TAG_ARRAY_BUFFER => {
                            if tape.word(v) == STR {
                                s.base64_string(v, tag == TAG_ARRAY_BUFFER)
                            } else {
                                s.expected(v, "base64 string")
                            }
                        }
                        TAG_URL => s.url_text(v),
                        TAG_ERROR => s.error(v),
                        _ => {
                            if tape.word(v) == OBJ {
                                s.plain_object(v, false)
                            } else {
                                s.expected(v, "object")
                            }
                        }
                    });
                    self.close(Nest::Object);
                    let path = self.path_now();
                    self.revive.push_unwrap(path);
                }
            }
            return;
        }
        self.plain_object(at, json_only);
    }

    fn plain_object(&mut self, at: usize, json_only: bool) {
        let tape = self.tape;
        let mut first = true;
        self.check_keys(at);
        self.open(Nest::Object);
        for (k, v) in tape.entries(at) {
            if tape.word(v) == UNDEF {
                if self.plain {
                    self.with(Seg::KeyAt(k), |s| s.not_serializable(v));
                } else if json_only {
                    self.with(Seg::KeyAt(k), |s| s.expected(v, "JSON value"));
                }
                continue;
            }
            self.key(&mut first, k);
            self.with(Seg::KeyAt(k), |s| s.free(v, json_only));
        }
        self.close(Nest::Object);
    }
}

/// An object without documented fields: the base of an object that has none.
static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

/// The fields of `base`, then those of `os`.
fn fields<'s>(base: &'s ObjectShape, os: &'s ObjectShape) -> impl Iterator<Item = &'s Field> {
    base.fields.iter().chain(os.fields)
}

/// The field at `fi` of [`fields`] (an index it gave).
fn field_at<'s>(base: &'s ObjectShape, os: &'s ObjectShape, fi: usize) -> &'s Field {
    match base.fields.get(fi) {
        Some(f) => f,
        None => &os.fields[fi - base.fields.len()],
    }
}

/// How `expected` names a shape.
pub(super) fn shape_name(shape: &Shape) -> String {
    match shape {
        Shape::Any => "any".into(),
        Shape::Json => "JSON value".into(),
        Shape::String => "string".into(),
        Shape::Number => "number".into(),
        Shape::Boolean => "boolean".into(),
        Shape::Bytes | Shape::TaggedBytes => "Uint8Array".into(),
        Shape::Error => "Error".into(),
        Shape::Url => "URL".into(),
        Shape::Media(m) => m.name.into(),
        Shape::Literal(l) => quoted(l),
        Shape::Array(item) => format!("{}[]", shape_name(item)),
        Shape::Object(os) => os.name.into(),
        Shape::Tagged(ts) => ts.name.into(),
        Shape::Union(u) => u.name.into(),
        Shape::Never => "undefined".into(),
        Shape::Bool(b) => b.to_string(),
        Shape::Enum(names) => names
            .iter()
            .map(|n| quoted(n))
            .collect::<Vec<_>>()
            .join(" | "),
        Shape::Integer { min } => format!("integer >= {min}"),
        Shape::Nullable(inner) => format!("{} | null", shape_name(inner)),
        Shape::OneOf(alternatives) => alternatives
            .iter()
            .map(shape_name)
            .collect::<Vec<_>>()
            .join(" | "),
        Shape::Record(item) => format!("{{ [key: string]: {} }}", shape_name(item)),
        Shape::Rule(inner, _) => shape_name(inner),
    }
}

/// Could a value whose tape tag is `w` be of this shape at all? (Chooses among `OneOf`
/// alternatives and lets `Nullable` say what it expected.)
pub fn kind_fits(shape: &Shape, w: u32) -> bool {
    match shape {
        Shape::Any => true,
        Shape::Json => matches!(w, NULL | TRUE | FALSE | NUM | STR | ARR | OBJ),
        Shape::String | Shape::Literal(_) | Shape::Enum(_) => w == STR,
        Shape::Number | Shape::Integer { .. } => w == NUM,
        Shape::Boolean => matches!(w, TRUE | FALSE),
        Shape::Bytes => matches!(w, BYTES | STR),
        Shape::TaggedBytes => matches!(w, BYTES | OBJ),
        Shape::Error => matches!(w, ERROR | OBJ),
        Shape::Url => matches!(w, URL | OBJ),
        Shape::Media(m) => matches!(w, STR | BYTES | ARRAY_BUFFER | OBJ) || (m.url && w == URL),
        Shape::Array(_) => w == ARR,
        Shape::Record(_) | Shape::Object(_) | Shape::Tagged(_) | Shape::Union(_) => w == OBJ,
        Shape::Never => false,
        Shape::Bool(_) => matches!(w, TRUE | FALSE),
        Shape::Nullable(inner) => w == NULL || kind_fits(inner, w),
        Shape::OneOf(alternatives) => alternatives.iter().any(|a| kind_fits(a, w)),
        Shape::Rule(inner, Rule::NotJsonText) => w == STR || kind_fits(inner, w),
        Shape::Rule(inner, _) => kind_fits(inner, w),
    }
}
