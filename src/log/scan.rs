//! The first stage's fast lane: JSON text checked against a shape straight off its bytes, with
//! no tape, no issue and no allocation. Its [`Verdict`]: [`Verdict::Sure`] only when the walk
//! ([`crate::validate::check`]) would find no issue at all; [`Verdict::Invalid`] when it met a
//! defect the walk reports; [`Verdict::Unknown`] for a shape or a spelling it does not know
//! (escaped keys, tagged values, unions, most rules). Whatever is not sure takes the tape's
//! way, which says exactly what is wrong.
//!
//! What holds it to the walk: the properties of `tests/native/log.rs` (every generated message
//! of every format, whole and broken; a log checked with and without the lane) and the
//! `json_text`, `conversation` and `log_stages` fuzz targets.

use crate::json_text::stops;
use crate::keys::Key;
use crate::swar;
use crate::tape::json::{hex4, number_end, plain};
use crate::tape::{ARR, FALSE, NULL, NUM, OBJ, STR, TRUE};
use crate::validate::{
    kind_fits, ObjectShape, Options, Rule, Shape, TaggedShape, MAX_SAFE_INTEGER,
};

/// An entry of an object: the offset of the object (its `{`), where the entry's key's text and
/// its value are (start, end), and whether the value is a string with escapes.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    pub within: u32,
    pub key: (u32, u32),
    pub value: (u32, u32),
    pub escaped: bool,
}

/// What a scan that found nothing wrong knows of the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sure {
    /// No byte of the text is past ASCII (a column is then a byte offset).
    pub ascii: bool,
    /// A documented object has a property its type does not name (other than the top-level
    /// one [`Scanner::verdict`] is told to forgive): strictly, the walk reports it.
    pub unknown: bool,
}

/// What a scan can say of a text against a shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The walk finds no issue (strictly either, unless [`Sure::unknown`]).
    Sure(Sure),
    /// The walk finds an issue, if the text parses (a defect the scan is sure of met before
    /// the end of the text).
    Invalid,
    /// Not known here.
    Unknown,
}

/// Where the values of a text a scan was sure of are: what [`super::steps::Text`] reads
/// without a pass of its own.
#[derive(Clone, Debug, Default)]
pub struct Layout {
    /// The offset of the text's value (past the white space before it).
    pub root: u32,
    /// The entries of every object, each after those of the objects within its value.
    pub entries: Vec<Entry>,
    /// The items of every array: the array's offset (its `[`) and the item's.
    pub items: Vec<(u32, u32)>,
}

impl Layout {
    fn clear(&mut self) {
        self.root = 0;
        self.entries.clear();
        self.items.clear();
    }
}

/// A scanner's reusable memory: the unknown keys of the objects open, to find a repeat.
#[derive(Default)]
pub struct Scanner {
    keys: Vec<(u32, u32)>,
    /// The layout of the last text scanned.
    layout: Layout,
    /// The layout kept by [`Scanner::keep_layout`].
    kept: Layout,
    /// The text of a string holding JSON text ([`Rule::JsonText`]), unescaped.
    inner: Vec<u8>,
    /// The top-level keys read by [`Scanner::read_root_keys`].
    root_keys: Vec<(u32, u32)>,
}

/// The most unknown keys an object may have for a repeat to be looked for here (past that,
/// the tape's way, whose check is not quadratic).
const MANY_KEYS: usize = 32;

impl Scanner {
    /// Is `text` one JSON value that `shape` takes without an issue (JSON form, `opts`)?
    /// `None`: not that, or not known here.
    pub fn check(&mut self, text: &[u8], shape: &Shape, opts: &Options) -> Option<Sure> {
        match self.verdict(text, shape, opts, None) {
            Verdict::Sure(sure) => Some(sure),
            _ => None,
        }
    }

    /// What the walk would find in `text` against `shape` (`opts`), as far as the scan knows;
    /// a top-level property named `forgiven` does not count as [`Sure::unknown`].
    pub fn verdict(
        &mut self,
        text: &[u8],
        shape: &Shape,
        opts: &Options,
        forgiven: Option<&str>,
    ) -> Verdict {
        self.keys.clear();
        self.layout.clear();
        let mut inner = std::mem::take(&mut self.inner);
        let mut scan = Scan {
            s: text,
            i: 0,
            opts,
            ascii: true,
            keys: &mut self.keys,
            layout: Some(&mut self.layout),
            escaped: false,
            inner: &mut inner,
            invalid: false,
            unknown: false,
            forgiven: forgiven.map(str::as_bytes),
        };
        scan.ws();
        if let Some(layout) = &mut scan.layout {
            layout.root = scan.i as u32;
        }
        let done = scan.value(shape, 0).and_then(|()| {
            scan.ws();
            (scan.i == text.len()).then_some(())
        });
        let verdict = match done {
            Some(()) => Verdict::Sure(Sure {
                ascii: scan.ascii,
                unknown: scan.unknown,
            }),
            None if scan.invalid => Verdict::Invalid,
            None => Verdict::Unknown,
        };
        self.inner = inner;
        verdict
    }

    /// The layout of the text last found [`Sure`].
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Keep the layout of the text just found [`Sure`] aside ([`Self::take_kept`]).
    pub fn keep_layout(&mut self) {
        self.kept.clone_from(&self.layout);
    }

    /// The layout kept by [`Self::keep_layout`] becomes [`Self::layout`] again.
    pub fn take_kept(&mut self) {
        std::mem::swap(&mut self.layout, &mut self.kept);
    }

    /// Read the keys of the object `text` holds (see [`root_keys`]) for
    /// [`Self::root_has`]: `false` when they cannot be read so.
    pub fn read_root_keys(&mut self, text: &[u8]) -> bool {
        root_keys(text, &mut self.root_keys).is_some()
    }

    /// Has the object whose keys were read last ([`Self::read_root_keys`]) the key `name`?
    pub fn root_has(&self, text: &[u8], name: &str) -> bool {
        self.root_keys.iter().any(|&(start, end)| {
            text.get(start as usize..end as usize)
                .is_some_and(|k| same(k, name.as_bytes()))
        })
    }
}

struct Scan<'a, 'k> {
    s: &'a [u8],
    i: usize,
    opts: &'a Options,
    ascii: bool,
    keys: &'k mut Vec<(u32, u32)>,
    /// Where the layout is written ([`Scanner::layout`]); `None` in a look-ahead or a
    /// string's JSON text.
    layout: Option<&'k mut Layout>,
    /// Whether the last string read had escapes.
    escaped: bool,
    /// The scan stopped at a defect the walk reports ([`Verdict::Invalid`]).
    invalid: bool,
    /// See [`Sure::unknown`].
    unknown: bool,
    forgiven: Option<&'a [u8]>,
    inner: &'k mut Vec<u8>,
}

/// A string's place in the text: between its quotes, and whether it has escapes.
#[derive(Clone, Copy)]
struct Str {
    start: usize,
    end: usize,
    escaped: bool,
}

impl Scan<'_, '_> {
    #[inline]
    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.s.get(self.i) {
            self.i += 1;
        }
    }

    #[inline]
    fn eat(&mut self, b: u8) -> Option<()> {
        (self.s.get(self.i) == Some(&b)).then(|| self.i += 1)
    }

    /// The tape's word for the kind of value that starts here (what [`kind_fits`] reads).
    fn kind(&self) -> Option<u32> {
        Some(match self.s.get(self.i)? {
            b'"' => STR,
            b'{' => OBJ,
            b'[' => ARR,
            b't' => TRUE,
            b'f' => FALSE,
            b'n' => NULL,
            b'-' | b'0'..=b'9' => NUM,
            _ => return None,
        })
    }

    /// A defect the walk reports: the scan stops, sure of it ([`Verdict::Invalid`]).
    #[cold]
    fn no(&mut self) -> Option<()> {
        self.invalid = true;
        None
    }

    fn value(&mut self, shape: &Shape, depth: usize) -> Option<()> {
        let kind = self.kind()?;
        match shape {
            Shape::Any | Shape::Json => self.free(depth),
            Shape::String if kind == STR => self.string().map(drop),
            Shape::Number if kind == NUM => self.finite(),
            Shape::Boolean if matches!(kind, TRUE | FALSE) => self.literal(),
            Shape::Literal(lit) if kind == STR => self.one_of(std::slice::from_ref(lit)),
            Shape::Enum(names) if kind == STR => self.one_of(names),
            Shape::Integer { min } if kind == NUM => {
                let n = self.number()?;
                let whole = n.is_finite() && n.fract() == 0.0 && n.abs() <= MAX_SAFE_INTEGER;
                if whole && n >= f64::from(*min) {
                    Some(())
                } else {
                    self.no()
                }
            }
            Shape::Nullable(_) if kind == NULL => self.literal(),
            Shape::Nullable(inner) if kind_fits(inner, kind) => self.value(inner, depth),
            Shape::OneOf(alternatives) => match alternatives.iter().find(|a| kind_fits(a, kind)) {
                Some(a) => self.value(a, depth),
                None => self.no(),
            },
            Shape::Array(item) if kind == ARR => self.array(depth, |s, d| s.value(item, d)),
            Shape::Record(item) if kind == OBJ => self.free_object(depth, Some(item)),
            Shape::Object(os) if kind == OBJ => self.object(os, None, depth),
            Shape::Tagged(ts) if kind == OBJ => self.tagged(ts, depth),
            Shape::Rule(inner, rule) => self.rule(inner, *rule, kind, depth),
            // A value of another kind than the shape's (the walk: `invalid_type`).
            Shape::String
            | Shape::Number
            | Shape::Boolean
            | Shape::Literal(_)
            | Shape::Enum(_)
            | Shape::Integer { .. }
            | Shape::Nullable(_)
            | Shape::Array(_)
            | Shape::Record(_)
            | Shape::Object(_)
            | Shape::Tagged(_) => self.no(),
            _ => None,
        }
    }

    /// A finite number (one past `f64`'s range is the walk's `invalid_type`).
    fn finite(&mut self) -> Option<()> {
        if self.number()?.is_finite() {
            Some(())
        } else {
            self.no()
        }
    }

    /// The rules a common message meets; any other rule is left to the walk.
    fn rule(&mut self, inner: &Shape, rule: Rule, kind: u32, depth: usize) -> Option<()> {
        match rule {
            Rule::NotJsonText if kind != STR => self.value(inner, depth),
            // Arguments as JSON text (the walk: `arguments_json_string`).
            Rule::NotJsonText => self.no(),
            Rule::NonEmpty if kind == STR && matches!(inner, Shape::String) => {
                let s = self.string()?;
                if s.end > s.start {
                    Some(())
                } else {
                    self.no()
                }
            }
            Rule::NonEmpty if kind == ARR => {
                let start = self.i;
                self.value(inner, depth)?;
                // Anything but `[` and white space before `]`.
                let body = &self.s[start + 1..self.i - 1];
                if body.iter().any(|b| !b.is_ascii_whitespace()) {
                    Some(())
                } else {
                    self.no()
                }
            }
            Rule::JsonText if kind == STR && matches!(inner, Shape::String) => {
                let s = self.string()?;
                self.json_text(s)
            }
            _ => None,
        }
    }

    /// A string's content, JSON text of an object that holds JSON only (no repeated key, no
    /// lone surrogate: as [`crate::validate::check`] reads it with [`Shape::Json`]).
    fn json_text(&mut self, s: Str) -> Option<()> {
        let raw = &self.s[s.start..s.end];
        let mut text = std::mem::take(self.inner);
        text.clear();
        if s.escaped {
            unescape_into(raw, &mut text)?;
        } else {
            text.extend_from_slice(raw);
        }
        let mark = self.keys.len();
        let mut nested = Scan {
            s: &text,
            i: 0,
            opts: self.opts,
            ascii: true,
            keys: self.keys,
            layout: None,
            escaped: false,
            inner: &mut Vec::new(),
            invalid: false,
            unknown: false,
            forgiven: None,
        };
        nested.ws();
        if nested.s.get(nested.i) != Some(&b'{') {
            // Not the text of an object: an issue, whether it parses or not.
            self.keys.truncate(mark);
            *self.inner = text;
            return self.no();
        }
        let sure = nested.free(0).and_then(|()| {
            nested.ws();
            (nested.i == nested.s.len()).then_some(())
        });
        // (A defect of the JSON text is the string's issue; anything else, not known.)
        let invalid = nested.invalid;
        self.keys.truncate(mark);
        *self.inner = text;
        if sure.is_none() && invalid {
            return self.no();
        }
        sure
    }

    /// `true`, `false` or `null`.
    fn literal(&mut self) -> Option<()> {
        let lit: &[u8] = match self.s.get(self.i)? {
            b't' => b"true",
            b'f' => b"false",
            _ => b"null",
        };
        self.s[self.i..]
            .starts_with(lit)
            .then(|| self.i += lit.len())
    }

    /// A string among `names`, written without escapes.
    fn one_of(&mut self, names: &[&str]) -> Option<()> {
        let s = self.string()?;
        let raw = &self.s[s.start..s.end];
        if s.escaped {
            return None;
        }
        if names.iter().any(|n| same(n.as_bytes(), raw)) {
            Some(())
        } else {
            // (The walk: `invalid_literal`.)
            self.no()
        }
    }

    /// Any JSON value (`any` and JSON-value shapes, in the JSON form).
    fn free(&mut self, depth: usize) -> Option<()> {
        match self.kind()? {
            STR => self.string().map(drop),
            NUM => self.finite(),
            ARR => self.array(depth, |s, d| s.free(d)),
            OBJ => self.free_object(depth, None),
            _ => self.literal(),
        }
    }

    /// An object of any keys, each value `item` (a record) or anything (`None`). A key that
    /// starts with `$` may be a tagged value of the JSON form: left to the walk.
    fn free_object(&mut self, depth: usize, item: Option<&Shape>) -> Option<()> {
        let mark = self.keys.len();
        let text = self.s;
        let done = self.entries(depth, |s, key, d| {
            if text.get(key.0 as usize) == Some(&b'$') {
                return None;
            }
            s.unknown_key(mark, key)?;
            match item {
                Some(shape) => s.value(shape, d),
                None => s.free(d),
            }
        });
        self.keys.truncate(mark);
        done
    }

    /// The key just read (where its text is), among the unknown keys of its object (from
    /// `mark` on): a repeat is an issue.
    fn unknown_key(&mut self, mark: usize, (start, end): (u32, u32)) -> Option<()> {
        self.keys.push((start, end));
        let key = &self.s[start as usize..end as usize];
        let before = &self.keys[mark..self.keys.len() - 1];
        if before.len() >= MANY_KEYS {
            return None;
        }
        if before
            .iter()
            .any(|&(a, b)| same(&self.s[a as usize..b as usize], key))
        {
            // (The walk: `duplicate_key`.)
            return self.no();
        }
        Some(())
    }

    /// The items of an array, each read by `item`.
    fn array(
        &mut self,
        depth: usize,
        mut item: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<()> {
        let within = self.i as u32;
        self.open(depth)?;
        if self.eat(b']').is_some() {
            return Some(());
        }
        loop {
            if let Some(layout) = &mut self.layout {
                layout.items.push((within, self.i as u32));
            }
            item(self, depth + 1)?;
            self.ws();
            match self.s.get(self.i)? {
                b',' => {
                    self.i += 1;
                    self.ws();
                }
                b']' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// Past `{` or `[`, within the depth the parser allows.
    fn open(&mut self, depth: usize) -> Option<()> {
        if depth >= self.opts.max_depth {
            return None;
        }
        self.i += 1;
        self.ws();
        Some(())
    }

    /// The entries of an object: each key (unescaped), then its value read by `entry` with
    /// where the key's text is.
    fn entries(
        &mut self,
        depth: usize,
        mut entry: impl FnMut(&mut Self, (u32, u32), usize) -> Option<()>,
    ) -> Option<()> {
        let within = self.i as u32;
        self.open(depth)?;
        if self.eat(b'}').is_some() {
            return Some(());
        }
        let s = self.s;
        loop {
            if self.s.get(self.i) != Some(&b'"') {
                return None;
            }
            let key = self.string()?;
            if key.escaped {
                return None;
            }
            self.ws();
            self.eat(b':')?;
            self.ws();
            let value = self.i;
            self.escaped = false;
            entry(self, (key.start as u32, key.end as u32), depth + 1)?;
            if let Some(layout) = &mut self.layout {
                layout.entries.push(Entry {
                    within,
                    key: (key.start as u32, key.end as u32),
                    value: (value as u32, self.i as u32),
                    escaped: s[value] == b'"' && self.escaped,
                });
            }
            self.ws();
            match self.s.get(self.i)? {
                b',' => {
                    self.i += 1;
                    self.ws();
                }
                b'}' => {
                    self.i += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// A union by its tag: the variant the tag names, when the tag is a plain string.
    fn tagged(&mut self, ts: &TaggedShape, depth: usize) -> Option<()> {
        let tag = self.peek(ts.tag)?;
        match ts
            .variants
            .iter()
            .find(|(name, _)| same(name.as_bytes(), tag))
        {
            Some((_, variant)) => self.object(variant, Some(ts.tag), depth),
            // A registered type, maybe.
            None if ts.extensible && !self.opts.custom_types.is_empty() => None,
            // (The walk: `unknown_type`.)
            None => self.no(),
        }
    }

    /// The text of the string value of the object's key `key`, read ahead without moving:
    /// `None` when absent, not a plain string, or the text is not well formed.
    fn peek(&mut self, key: Key) -> Option<&[u8]> {
        let start = self.i;
        let keys = self.keys.len();
        let layout = self.layout.take();
        let invalid = self.invalid;
        let mut found = None;
        let name = key.name().as_bytes();
        let s = self.s;
        let _ = self.entries(0, |scan, k, _| {
            if same(&s[k.0 as usize..k.1 as usize], name) && scan.s.get(scan.i) == Some(&b'"') {
                let v = scan.string()?;
                found = (!v.escaped).then_some((v.start, v.end));
                return None;
            }
            scan.skip()
        });
        self.i = start;
        self.keys.truncate(keys);
        self.layout = layout;
        self.invalid = invalid;
        found.map(|(a, b)| &s[a..b])
    }

    /// Past any value, well formed or not (a look ahead; the real pass judges it).
    fn skip(&mut self) -> Option<()> {
        self.i = value_end(self.s, self.i)?;
        Some(())
    }

    /// An object against a documented interface, `tag` already judged by [`Self::tagged`].
    fn object(&mut self, os: &ObjectShape, tag: Option<Key>, depth: usize) -> Option<()> {
        let mark = self.keys.len();
        let (mut seen, mut given) = (0u64, 0u64);
        let strict = self.opts.strict;
        let mut tag_read = false;
        let text = self.s;
        let done = self.entries(depth, |s, span, d| {
            let key = &text[span.0 as usize..span.1 as usize];
            let field = os
                .fields
                .iter()
                .position(|f| same(f.key.name().as_bytes(), key));
            let Some(fi) = field else {
                if tag.is_some_and(|t| t.name().as_bytes() == key) {
                    // A tag the variant does not list: matched by `tagged`, once.
                    if std::mem::replace(&mut tag_read, true) {
                        return s.no();
                    }
                    return s.string().map(drop);
                }
                // (Strictly, the walk: `unrecognized_key`.)
                if strict {
                    return s.no();
                }
                if depth > 0 || s.forgiven != Some(key) {
                    s.unknown = true;
                }
                return s.unknown_key(mark, span).and_then(|()| s.free(d));
            };
            let f = &os.fields[fi];
            if seen & (1 << fi) != 0 {
                // (The walk: `duplicate_key`.)
                return s.no();
            }
            seen |= 1 << fi;
            if Some(f.key) == tag {
                // Matched by `tagged` (a plain string).
                s.string()?;
            } else {
                if s.s.get(s.i) != Some(&b'n') {
                    given |= 1 << fi;
                }
                s.value(&f.shape, d)?;
            }
            Some(())
        });
        self.keys.truncate(mark);
        done?;
        for (fi, f) in os.fields.iter().enumerate() {
            if !f.optional && seen & (1 << fi) == 0 {
                // (The walk: `missing`.)
                return self.no();
            }
            if !f.unless.is_empty() && given & (1 << fi) == 0 {
                let alternative = os
                    .fields
                    .iter()
                    .enumerate()
                    .any(|(oi, o)| f.unless.contains(&o.key) && given & (1 << oi) != 0);
                if !alternative {
                    // Sure when every alternative is a field (else one may be among the
                    // object's unknown properties).
                    let all_fields = f
                        .unless
                        .iter()
                        .all(|k| os.fields.iter().any(|o| o.key == *k));
                    return if all_fields { self.no() } else { None };
                }
            }
        }
        Some(())
    }

    /// A string, well formed: UTF-8, valid escapes, no lone surrogate. Most are plain ASCII:
    /// eight bytes at a time to the first byte that is not, and done if it is the quote.
    #[inline]
    fn string(&mut self) -> Option<Str> {
        let s = self.s;
        let start = self.i + 1;
        let mut i = start;
        while let Some(x) = swar::word(s, i) {
            let m = stops(x) | swar::high(x);
            if m != 0 {
                i += swar::first(m);
                break;
            }
            i += 8;
        }
        if s.get(i) == Some(&b'"') {
            self.escaped = false;
            self.i = i + 1;
            return Some(Str {
                start,
                end: i,
                escaped: false,
            });
        }
        self.i = i;
        self.string_rest(start)
    }

    /// The rest of a string from `self.i` (anything but its plain ASCII start), from its
    /// first byte at `start`.
    #[inline(never)]
    fn string_rest(&mut self, start: usize) -> Option<Str> {
        let mut escaped = false;
        let mut high_pending = false;
        loop {
            let rest = &self.s[self.i..];
            let (run, high) = plain(rest);
            if high >= 0x80 {
                self.ascii = false;
                std::str::from_utf8(&rest[..run]).ok()?;
            }
            if high_pending && run > 0 {
                return None;
            }
            self.i += run;
            match *self.s.get(self.i)? {
                b'"' => break,
                b'\\' => {
                    escaped = true;
                    let e = *self.s.get(self.i + 1)?;
                    if e == b'u' {
                        let unit = self.s.get(self.i + 2..self.i + 6).and_then(hex4)?;
                        self.i += 6;
                        match unit {
                            0xD800..=0xDBFF if !high_pending => high_pending = true,
                            0xDC00..=0xDFFF if high_pending => high_pending = false,
                            0xD800..=0xDFFF => return None,
                            _ if high_pending => return None,
                            _ => {}
                        }
                    } else if matches!(e, b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't')
                        && !high_pending
                    {
                        self.i += 2;
                    } else {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        if high_pending {
            return None;
        }
        self.escaped = escaped;
        let end = self.i;
        self.i += 1;
        Some(Str {
            start,
            end,
            escaped,
        })
    }

    /// A number, as the parser reads it.
    fn number(&mut self) -> Option<f64> {
        let start = self.i;
        self.i = number_end(self.s, start).ok()?;
        Some(crate::tape::number::value(&self.s[start..self.i]))
    }
}

/// The keys of the object `s` holds (white space around it), each as the offsets of its text
/// between the quotes, into `out`: a look ahead, nothing judged (values are skipped as
/// [`value_end`] skips them). `None` when the text is no object read so to its end, or a key
/// has an escape (its text is then not its name).
pub fn root_keys(s: &[u8], out: &mut Vec<(u32, u32)>) -> Option<()> {
    out.clear();
    let ws = |i: &mut usize| {
        while matches!(s.get(*i), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            *i += 1;
        }
    };
    let mut i = 0;
    ws(&mut i);
    if s.get(i) != Some(&b'{') {
        return None;
    }
    i += 1;
    ws(&mut i);
    if s.get(i) == Some(&b'}') {
        i += 1;
        ws(&mut i);
        return (i == s.len()).then_some(());
    }
    loop {
        ws(&mut i);
        if s.get(i) != Some(&b'"') {
            return None;
        }
        let end = string_end(s, i)?;
        if s[i + 1..end].contains(&b'\\') {
            return None;
        }
        out.push((u32::try_from(i + 1).ok()?, u32::try_from(end).ok()?));
        i = end + 1;
        ws(&mut i);
        if s.get(i) != Some(&b':') {
            return None;
        }
        i += 1;
        ws(&mut i);
        i = value_end(s, i)?;
        ws(&mut i);
        match s.get(i) {
            Some(b',') => i += 1,
            Some(b'}') => {
                i += 1;
                ws(&mut i);
                return (i == s.len()).then_some(());
            }
            _ => return None,
        }
    }
}

/// The offset of the closing quote of the string whose opening quote is at `i`: escapes
/// skipped, nothing judged (a look ahead, or text known well formed). `None`: no such quote.
#[inline]
pub fn string_end(s: &[u8], i: usize) -> Option<usize> {
    let mut j = i + 1;
    loop {
        while let Some(x) = swar::word(s, j) {
            let m = stops(x);
            if m != 0 {
                j += swar::first(m);
                break;
            }
            j += 8;
        }
        match *s.get(j)? {
            b'"' => return Some(j),
            b'\\' => j += 2,
            _ => j += 1,
        }
    }
}

/// The offset just past the value that starts at `i`: strings skipped, brackets counted,
/// nothing judged (a look ahead, or text known well formed). `None`: the text ends within it,
/// or a bracket closes none.
#[inline]
pub fn value_end(s: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    loop {
        match *s.get(i)? {
            b'"' => i = string_end(s, i)? + 1,
            b'{' | b'[' => {
                depth += 1;
                i += 1;
            }
            b'}' | b']' => {
                depth = depth.checked_sub(1)?;
                i += 1;
            }
            _ if depth > 0 => i += 1,
            _ => {
                // A scalar at the top: up to what ends it.
                while s.get(i).is_some_and(|b| {
                    !matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r')
                }) {
                    i += 1;
                }
            }
        }
        if depth == 0 {
            return Some(i);
        }
    }
}

/// `a == b`, without a call to `memcmp` for the short texts keys and tags are (a loop of
/// single bytes in WebAssembly): words compared, the first and the last that cover them.
#[inline]
pub fn same(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n != b.len() {
        return false;
    }
    let word = |s: &[u8], at: usize| u64::from_le_bytes(s[at..at + 8].try_into().unwrap_or([0; 8]));
    let half = |s: &[u8], at: usize| u32::from_le_bytes(s[at..at + 4].try_into().unwrap_or([0; 4]));
    match n {
        0..=3 => a == b,
        4..=7 => half(a, 0) == half(b, 0) && half(a, n - 4) == half(b, n - 4),
        8..=16 => word(a, 0) == word(b, 0) && word(a, n - 8) == word(b, n - 8),
        _ => word(a, 0) == word(b, 0) && a == b,
    }
}

/// The text of a well-formed string's raw content, its escapes decoded, as UTF-8 (surrogate
/// pairs joined; [`Scan::string`] has turned lone ones away).
fn unescape_into(raw: &[u8], out: &mut Vec<u8>) -> Option<()> {
    let mut i = 0;
    while i < raw.len() {
        let Some(n) = raw[i..].iter().position(|&b| b == b'\\') else {
            out.extend_from_slice(&raw[i..]);
            break;
        };
        out.extend_from_slice(&raw[i..i + n]);
        i += n + 1;
        let simple = match *raw.get(i)? {
            b'n' => b'\n',
            b't' => b'\t',
            b'r' => b'\r',
            b'b' => 8,
            b'f' => 12,
            b'u' => 0,
            b => b,
        };
        if simple != 0 || raw[i] != b'u' {
            out.push(simple);
            i += 1;
            continue;
        }
        let unit = hex4(raw.get(i + 1..i + 5)?)?;
        i += 5;
        let c = if (0xD800..0xDC00).contains(&unit) {
            let low = hex4(raw.get(i + 2..i + 6)?)?;
            i += 6;
            0x10000 + ((u32::from(unit) - 0xD800) << 10) + (u32::from(low) - 0xDC00)
        } else {
            u32::from(unit)
        };
        out.extend_from_slice(char::from_u32(c)?.encode_utf8(&mut [0; 4]).as_bytes());
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn root_keys_are_the_top_level_keys_or_none() {
        let keys = |text: &str| {
            let mut out = Vec::new();
            root_keys(text.as_bytes(), &mut out).map(|()| {
                out.iter()
                    .map(|&(a, b)| text[a as usize..b as usize].to_string())
                    .collect::<Vec<_>>()
            })
        };
        let read = keys(r#" { "a" : {"b": [1, {"c": "}"}]}, "d":"x\"y", "e": null } "#);
        assert_eq!(read, Some(vec!["a".into(), "d".into(), "e".into()]));
        assert_eq!(keys("{}"), Some(vec![]));
        assert_eq!(keys(" { } "), Some(vec![]));
        // A key with an escape, text that is no object, or not one to its end: none.
        for text in [
            r#"{"\u0061":1}"#,
            "[1]",
            r#""a""#,
            r#"{"a":1"#,
            r#"{"a":1} x"#,
            r#"{"a" 1}"#,
            r#"{"a":1,}"#,
            r#"{a:1}"#,
            "{} {}",
        ] {
            assert_eq!(keys(text), None, "{text}");
        }
    }

    /// Short texts of every length up to 24 that differ in one byte anywhere, or not at all.
    #[test]
    fn same_is_equality() {
        for n in 0..24usize {
            let a: Vec<u8> = (0..n as u8).map(|b| b'a' + b).collect();
            assert!(same(&a, &a.clone()));
            assert!(!same(&a, &a[..n.saturating_sub(1)]) || n == 0);
            for at in 0..n {
                let mut b = a.clone();
                b[at] ^= 1;
                assert!(!same(&a, &b), "{n} {at}");
            }
        }
    }

    /// The look-ahead past a string ends at its closing quote, an escaped quote or backslash
    /// anywhere before it.
    #[test]
    fn a_string_ends_at_its_closing_quote() {
        for len in 0..20 {
            for at in 0..len {
                for esc in [&br#"\""#[..], br"\\", br"\n"] {
                    let mut s = b"\"".to_vec();
                    s.extend(std::iter::repeat_n(b'a', len));
                    s.splice(1 + at..1 + at, esc.iter().copied());
                    s.extend_from_slice(b"\"tail\"");
                    assert_eq!(
                        string_end(&s, 0),
                        Some(len + esc.len() + 1),
                        "{at} of {len}"
                    );
                }
            }
        }
        assert_eq!(string_end(br#""abc\"#, 0), None);
    }

    /// Escapes decode as the tape's decoder decodes them.
    #[test]
    fn unescaping_agrees_with_the_tape() {
        for raw in [
            r#"plain"#,
            r#"a\"b\\c\/d\b\f\n\r\t"#,
            r#"\u0000\u00e9\u2003\ud83d\ude00x"#,
            "é\\u0041",
            r#"{\"city\":0}"#,
        ] {
            let mut out = Vec::new();
            unescape_into(raw.as_bytes(), &mut out).unwrap();
            let units = crate::tape::json::unescape(raw.as_bytes()).unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                String::from_utf16(&units).unwrap()
            );
        }
    }

    fn sure(text: &str, shape: &Shape) -> bool {
        Scanner::default()
            .check(text.as_bytes(), shape, &Options::default())
            .is_some()
    }

    #[test]
    fn strings_are_judged_as_the_parser_and_the_walk_do() {
        assert!(sure(r#""a\u00e9\ud83d\ude00\n""#, &Shape::String));
        assert!(sure("\"é\"", &Shape::String));
        for bad in [
            r#""\ud83d""#,
            r#""\ud83dx""#,
            r#""\ude00""#,
            r#""\ud83d\n""#,
            r#""\x""#,
            "\"a\u{1}\"",
            "\"abc",
        ] {
            assert!(!sure(bad, &Shape::String), "{bad}");
        }
        assert!(!sure(r#"{"a":1,"a":2}"#, &Shape::Any));
        assert!(!sure(r#"{"$bytes":"AA=="}"#, &Shape::Any));
        assert!(!sure("1e400", &Shape::Number));
        assert!(sure(" [1, -2.5e3, {\"a\": [null, true]}] ", &Shape::Json));
    }
}
