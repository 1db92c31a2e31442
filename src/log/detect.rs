//! Detection of JSON text by the fast lane ([`super::scan`]): the command line reads most lines
//! of a log without a tape. What a format match is, and how a conversation scores, is
//! [`crate::convert::detect`]'s.

pub use crate::convert::detect::{bit, Detector, Match, Tally};

use super::scan::{Scanner, Sure, Verdict};

impl Detector {
    /// [`Self::matches`] for JSON text, by the fast lane ([`super::scan`]) alone: `None`
    /// unless it is sure of every format (valid or not) and the text is valid in one (so that
    /// it parses). With the match, whether the text is ASCII alone ([`Sure::ascii`]); the
    /// scanner holds the text's layout as [`Scanner::layout`] (every scan it is sure of finds
    /// the same: it is the text's, not the type's).
    pub fn matches_text(&self, text: &[u8], scanner: &mut Scanner) -> Option<(Match, bool)> {
        // JSON text is the JSON form: a detector of JS values answers for another form.
        debug_assert!(self.form == crate::validate::Mode::Json);
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
}

#[cfg(test)]
mod tests {
    use crate::formats::Format;

    /// [`Detector::matches_text`] keeps a bit for each stored type: four a format.
    #[test]
    fn stored_types_fit_the_unknown_bits() {
        assert!(Format::ALL.len() * 4 <= 64);
        for f in Format::ALL {
            assert!(f.stored().len() <= 4, "{}", f.name());
        }
    }
}
