//! Which formats a message is: the formats it is valid in, and those it is valid in even
//! strictly (no property the format does not name), one bit per format of [`Format::ALL`], and
//! how a list of messages scores ([`Tally`]). The facade's `detectFormat` and the command
//! line's `detect` both ask this; the command line's fast lane for JSON text is
//! `crate::log::detect`.

use crate::formats::Format;
use crate::json_text::{write_num, write_str};
use crate::keys::Key;
use crate::tape::{TapeView, OBJ};
use crate::validate::{check, Field, Issue, IssueCode, Mode, Options, PathSeg, Shape};

/// The formats a message is valid in (`valid`) and valid in strictly (`strict`), as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Match {
    pub valid: u16,
    pub strict: u16,
}

pub const fn bit(format: Format) -> u16 {
    1 << format as u16
}

impl Match {
    /// The format to read the message as: the first (in [`Format::ALL`]'s order) it is
    /// strictly valid in, else the first it is valid in.
    pub fn best(self) -> Option<Format> {
        let first = |bits: u16| Format::ALL.iter().copied().find(|&f| bits & bit(f) != 0);
        first(self.strict).or_else(|| first(self.valid))
    }
}

/// How many messages of a conversation each format matched: what `detect` reports.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub total: u64,
    /// Per format of [`Format::ALL`]: (valid, strictly valid).
    pub counts: [(u64, u64); Format::ALL.len()],
}

impl Tally {
    pub fn add(&mut self, m: Match) {
        self.total += 1;
        for (n, &f) in Format::ALL.iter().enumerate() {
            if m.valid & bit(f) != 0 {
                self.counts[n].0 += 1;
            }
            if m.strict & bit(f) != 0 {
                self.counts[n].1 += 1;
            }
        }
    }

    /// The formats some message matched, best first, with their confidence: the share of
    /// messages valid, and valid strictly, averaged (the facade's `detectFormat`).
    pub fn ranked(&self) -> Vec<(Format, f64, u64, u64)> {
        let mut out: Vec<(Format, f64, u64, u64)> = Vec::new();
        for (n, &f) in Format::ALL.iter().enumerate() {
            let (valid, strict) = self.counts[n];
            if valid == 0 {
                continue;
            }
            let confidence = (valid + strict) as f64 / (2 * self.total.max(1)) as f64;
            // Stable: after every format of at least its confidence (ties keep the formats'
            // order). (Plain loops: this is in the browser's wasm.)
            let mut at = out.len();
            while at > 0 && out[at - 1].1 < confidence {
                at -= 1;
            }
            out.insert(at, (f, confidence, valid, strict));
        }
        out
    }

    /// [`Self::ranked`] as JSON: `[{ format, confidence, matched, exact }]`, and each with
    /// `total` (the messages counted) when `with_total` (the facade's `detectFormat`).
    pub fn write_ranked(&self, out: &mut String, with_total: bool) {
        out.push('[');
        for (n, (f, confidence, matched, exact)) in self.ranked().into_iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            out.push_str("{\"format\":");
            write_str(out, f.name());
            out.push_str(",\"confidence\":");
            write_num(out, confidence);
            out.push_str(",\"matched\":");
            write_num(out, matched as f64);
            out.push_str(",\"exact\":");
            write_num(out, exact as f64);
            if with_total {
                out.push_str(",\"total\":");
                write_num(out, self.total as f64);
            }
            out.push('}');
        }
        out.push(']');
    }
}

/// Tells formats apart: each convertible format with the shapes its stored messages may have.
pub struct Detector {
    /// Each format's stored types ([`Format::stored`]), by format: looked up once per run.
    stored: Vec<Vec<&'static Shape>>,
    /// Beside each stored type, the top-level keys it requires ([`required_keys`]): a message
    /// without one of them is not that type, and is not walked to learn so.
    pub(crate) required: Vec<Vec<Vec<Key>>>,
    pub(crate) loose: Options,
    strict: Options,
    /// A top-level property no format names that a strict match forgives: the one the log
    /// groups conversations by (`--group-by`).
    pub(crate) forgiven: Option<String>,
    /// The form of the values told apart: JSON (the log's) or JS (the facade's).
    pub(crate) form: Mode,
}

impl Detector {
    /// A detector of JSON-form values that validates with `opts`' depth limit and Kernel
    /// types; a strict match forgives the top-level property `forgiven`.
    pub fn new(opts: &Options, forgiven: Option<&str>) -> Detector {
        Detector::of(opts, forgiven, Mode::Json)
    }

    /// A detector of JS values (`Uint8Array` bytes, `undefined` for absent properties), as
    /// the facade's validators read them.
    pub fn of_values(opts: &Options) -> Detector {
        Detector::of(opts, None, Mode::Js)
    }

    fn of(opts: &Options, forgiven: Option<&str>, form: Mode) -> Detector {
        let mut stored = Vec::with_capacity(Format::ALL.len());
        let mut required = Vec::with_capacity(Format::ALL.len());
        for f in Format::ALL {
            let (mut shapes, mut keys) = (Vec::new(), Vec::new());
            for s in f.stored() {
                shapes.push(s.shape);
                keys.push(required_keys(s.shape));
            }
            stored.push(shapes);
            required.push(keys);
        }
        let loose = Options {
            abort_early: true,
            max_issues: 1,
            strict: false,
            ..opts.clone()
        };
        let strict = Options {
            strict: true,
            abort_early: forgiven.is_none(),
            max_issues: 2,
            ..loose.clone()
        };
        Detector {
            stored,
            required,
            loose,
            strict,
            forgiven: forgiven.map(str::to_string),
            form,
        }
    }

    /// The shapes a stored message of `format` may have.
    pub fn stored(&self, format: Format) -> &[&'static Shape] {
        &self.stored[format as usize]
    }

    /// The formats told apart (the convertible ones), with their stored shapes.
    pub(crate) fn formats(&self) -> impl Iterator<Item = (Format, &[&'static Shape])> {
        Format::ALL
            .iter()
            .filter(|f| f.convertible())
            .map(|&f| (f, self.stored(f)))
    }

    /// The formats the value at `at` is valid in, and strictly valid in.
    pub fn matches(&self, tape: &TapeView, at: usize) -> Match {
        let mut m = Match::default();
        let object = tape.word(at) == OBJ;
        for (format, _) in self.formats() {
            if self.valid_in(format, tape, at, object, &self.loose) {
                m.valid |= bit(format);
                if self.valid_in(format, tape, at, object, &self.strict) {
                    m.strict |= bit(format);
                }
            }
        }
        m
    }

    /// Is the value at `at` (an object or not) one of `format`'s stored types, with `opts`?
    fn valid_in(
        &self,
        format: Format,
        tape: &TapeView,
        at: usize,
        object: bool,
        opts: &Options,
    ) -> bool {
        let required = &self.required[format as usize];
        for (n, shape) in self.stored(format).iter().enumerate() {
            if object && required[n].iter().any(|&k| tape.find(at, k).is_none()) {
                continue;
            }
            let issues = check(tape, at, shape, self.form, opts).issues;
            if issues.iter().all(|i| self.forgives(i)) {
                return true;
            }
        }
        false
    }

    /// Is `issue` the forgiven property, unrecognized?
    fn forgives(&self, issue: &Issue) -> bool {
        matches!((&self.forgiven, issue.path.as_slice(), issue.code),
            (Some(name), [PathSeg::Key(k)], IssueCode::UnrecognizedKey) if k == name)
    }

    /// For a value valid in no format: the format with the fewest issues (the first of those),
    /// whose issues are the ones to report.
    pub fn closest(&self, tape: &TapeView, at: usize, opts: &Options) -> Format {
        let mut best = (usize::MAX, Format::ALL[0]);
        for (format, shapes) in self.formats() {
            for shape in shapes {
                let n = check(tape, at, shape, self.form, opts).issues.len();
                if n < best.0 {
                    best = (n, format);
                }
            }
        }
        best.1
    }
}

/// The keys an object of `shape` must have at its top level, whatever else it holds: its
/// required fields (not those required only unless another is given), and a tagged union's tag
/// with what its base requires. An object without one of them has a `missing` issue in that
/// shape, so detection need not walk it (`detection_says_what_the_validators_say` in tests/native/log.rs and the `conversation`
/// fuzz target hold the detector to what the validators say).
fn required_keys(shape: &Shape) -> Vec<Key> {
    let mut keys = Vec::new();
    let fields: &[Field] = match shape {
        Shape::Object(o) => o.fields,
        Shape::Tagged(t) => {
            keys.push(t.tag);
            t.base.fields
        }
        Shape::Rule(inner, _) => return required_keys(inner),
        _ => &[],
    };
    for f in fields {
        if !f.optional && f.unless.is_empty() {
            keys.push(f.key);
        }
    }
    keys
}
