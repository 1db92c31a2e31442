//! Which formats a message is: the formats it is valid in, and those it is valid in even
//! strictly (no property the format does not name), one bit per format of [`Format::ALL`], as
//! the facade's `detectFormat` scores them (see [`Tally`]).

use super::scan::{Scanner, Sure, Verdict};
use crate::formats::Format;
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
        let mut out: Vec<(Format, f64, u64, u64)> = Format::ALL
            .iter()
            .zip(self.counts.iter())
            .filter(|(_, (valid, _))| *valid > 0)
            .map(|(&f, &(valid, strict))| {
                let confidence = (valid + strict) as f64 / (2 * self.total.max(1)) as f64;
                (f, confidence, valid, strict)
            })
            .collect();
        // Stable: ties keep the formats' order.
        for i in 1..out.len() {
            let mut j = i;
            while j > 0 && out[j - 1].1 < out[j].1 {
                out.swap(j - 1, j);
                j -= 1;
            }
        }
        out
    }
}

/// Tells formats apart: each convertible format with the shapes its stored messages may have.
pub struct Detector {
    /// Each format's stored types ([`Format::stored`]), by format: looked up once per run.
    stored: Vec<Vec<&'static Shape>>,
    /// Beside each stored type, the top-level keys it requires ([`required_keys`]): a message
    /// without one of them is not that type, and is not walked to learn so.
    required: Vec<Vec<Vec<Key>>>,
    loose: Options,
    strict: Options,
    /// A top-level property no format names that a strict match forgives: the one the log
    /// groups conversations by (`--group-by`).
    forgiven: Option<String>,
}

impl Detector {
    /// A detector that validates with `opts`' depth limit and Kernel types; a strict match
    /// forgives the top-level property `forgiven`.
    pub fn new(opts: &Options, forgiven: Option<&str>) -> Detector {
        let stored: Vec<Vec<&'static Shape>> = Format::ALL
            .iter()
            .map(|f| f.stored().iter().map(|s| s.shape).collect())
            .collect();
        let required = stored
            .iter()
            .map(|shapes| shapes.iter().map(|s| required_keys(s)).collect())
            .collect();
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
        }
    }

    /// The shapes a stored message of `format` may have.
    pub fn stored(&self, format: Format) -> &[&'static Shape] {
        &self.stored[format as usize]
    }

    /// The formats told apart (the convertible ones), with their stored shapes.
    fn formats(&self) -> impl Iterator<Item = (Format, &[&'static Shape])> {
        Format::ALL
            .iter()
            .filter(|f| f.convertible())
            .map(|&f| (f, self.stored(f)))
    }

    /// The formats the JSON-form value at `at` is valid in, and strictly valid in.
    pub fn matches(&self, tape: &TapeView, at: usize) -> Match {
        let mut m = Match::default();
        let object = tape.word(at) == OBJ;
        for (format, shapes) in self.formats() {
            let required = &self.required[format as usize];
            let valid = |opts: &Options| {
                shapes.iter().zip(required).any(|(shape, keys)| {
                    if object && keys.iter().any(|&k| tape.find(at, k).is_none()) {
                        return false;
                    }
                    let issues = check(tape, at, shape, Mode::Json, opts).issues;
                    issues.iter().all(|i| self.forgives(i))
                })
            };
            if valid(&self.loose) {
                m.valid |= bit(format);
                if valid(&self.strict) {
                    m.strict |= bit(format);
                }
            }
        }
        m
    }

    /// [`Self::matches`] for JSON text, by the fast lane ([`super::scan`]) alone: `None`
    /// unless it is sure of every format (valid or not) and the text is valid in one (so that
    /// it parses). With the match, whether the text is ASCII alone ([`Sure::ascii`]); the
    /// scanner holds the text's layout as [`Scanner::layout`] (every scan it is sure of finds
    /// the same: it is the text's, not the type's).
    pub fn matches_text(&self, text: &[u8], scanner: &mut Scanner) -> Option<(Match, bool)> {
        let mut m = Match::default();
        let mut first: Option<Sure> = None;
        // The types the lane does not know, judged at the end by their required keys.
        // (Four bits a format: `stored_types_fit_the_unknown_bits` below.)
        let mut unknown: u64 = 0;
        // A type whose required top-level key the text lacks is one it is not valid in (as
        // `matches` finds on the tape): no scan of it needed.
        let keys = scanner.read_root_keys(text);
        for (format, shapes) in self.formats() {
            let b = bit(format);
            for (n, shape) in shapes.iter().enumerate() {
                if m.strict & b != 0 {
                    break;
                }
                let required = &self.required[format as usize][n];
                if keys && !required.iter().all(|k| scanner.root_has(text, k.name())) {
                    continue;
                }
                match scanner.verdict(text, shape, &self.loose, self.forgiven.as_deref()) {
                    Verdict::Sure(sure) => {
                        if first.is_none() {
                            first = Some(sure);
                            scanner.keep_layout();
                        }
                        m.valid |= b;
                        if !sure.unknown {
                            m.strict |= b;
                        }
                    }
                    Verdict::Invalid => {}
                    Verdict::Unknown => unknown |= 1 << (format as usize * 4 + n),
                }
            }
        }
        // Valid in some type, the text is an object (every stored type is one) that parses;
        // a type it lacks a required top-level key of is not one it is valid in (keys not
        // read: not known, so unsure).
        let first = first?;
        for (format, shapes) in self.formats() {
            for n in 0..shapes.len() {
                if unknown & (1 << (format as usize * 4 + n)) == 0 || m.strict & bit(format) != 0 {
                    continue;
                }
                let required = &self.required[format as usize][n];
                if !keys || required.iter().all(|k| scanner.root_has(text, k.name())) {
                    return None;
                }
            }
        }
        scanner.take_kept();
        Some((m, first.ascii))
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
                let n = check(tape, at, shape, Mode::Json, opts).issues.len();
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
    let required = |fields: &[Field]| -> Vec<Key> {
        fields
            .iter()
            .filter(|f| !f.optional && f.unless.is_empty())
            .map(|f| f.key)
            .collect()
    };
    match shape {
        Shape::Object(o) => required(o.fields),
        Shape::Tagged(t) => [vec![t.tag], required(t.base.fields)].concat(),
        Shape::Rule(inner, _) => required_keys(inner),
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// [`Detector::matches_text`] keeps a bit for each stored type: four a format.
    #[test]
    fn stored_types_fit_the_unknown_bits() {
        assert!(Format::ALL.len() * 4 <= 64);
        for f in Format::ALL {
            assert!(f.stored().len() <= 4, "{}", f.name());
        }
    }
}
