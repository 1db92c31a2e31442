//! What only the JS form has besides bytes and errors: `URL` objects and `ArrayBuffer`s, and the
//! AI SDK's media data that holds them ([`MediaShape`]). The JSON form tags them
//! (`{"$url": href}`, `{"$arrayBuffer": base64}`, `{"$bytes": base64}`), and a walk of the
//! JSON form plans their revival. (Part of the walk: it reports through the same [`Walk`].)

use super::engine::Mode;
use super::issue::IssueCode;
use super::shape::{MediaShape, Shape};
use super::sink::Nest;
use super::walk::{Seg, Walk, TAG_ARRAY_BUFFER, TAG_BYTES, TAG_ESCAPE, TAG_URL};
use crate::keys;
use crate::tape::*;

impl Walk<'_, '_> {
    /// `Shape::Url`: a `URL` object (JS form) or `{"$url": href}` (JSON form).
    pub(super) fn url(&mut self, at: usize) {
        let w = self.tape.word(at);
        match self.mode {
            Mode::Js if w == URL => self.url_href(at),
            Mode::Js => self.expected(at, "URL"),
            Mode::Json if w == OBJ && self.single_key(at) == Some(TAG_URL) => self.free(at, false),
            Mode::Json => self.expected(at, "{ \"$url\": string }"),
        }
    }

    /// A `URL` on the tape (its `href` follows the tag), written `{"$url": href}`.
    pub(super) fn url_href(&mut self, at: usize) {
        if self.out.writes() {
            self.open(Nest::Object);
            self.out.tag(TAG_URL);
            self.scalar(at + 1);
            self.close(Nest::Object);
        }
    }

    /// The `href` of `{"$url": href}` (JSON form): a string with a scheme, planned for
    /// revival as a `URL`.
    pub(super) fn url_text(&mut self, at: usize) {
        let tape = self.tape;
        if tape.word(at) != STR {
            return self.expected(at, "URL text");
        }
        let s = tape.str_at(at);
        if s.complete() && !has_scheme(&tape.str_lossy(s)) {
            let found = tape.str_display(s);
            return self.report(
                IssueCode::InvalidFormat,
                format!(
                    "expected an absolute URL (with a scheme such as https:), received {found}"
                ),
                Some("absolute URL".into()),
                Some(found),
            );
        }
        let path = self.path_at_now();
        self.revive.push_url(path);
        // The JSON form is its own output.
        self.scalar(at);
    }

    /// `Shape::Media`: see [`MediaShape`].
    pub(super) fn media(&mut self, at: usize, m: &MediaShape) {
        let w = self.tape.word(at);
        match (self.mode, w) {
            (_, STR) => self.value(at, &Shape::String),
            (Mode::Js, BYTES | ARRAY_BUFFER) => self.free(at, false),
            (Mode::Js, URL) if m.url => self.url_href(at),
            (_, OBJ) => self.media_object(at, m),
            _ => self.expected(at, m.name),
        }
    }

    fn media_object(&mut self, at: usize, m: &MediaShape) {
        let tape = self.tape;
        let single = self.single_key(at);
        if self.mode == Mode::Json {
            match single {
                Some(TAG_BYTES | TAG_ARRAY_BUFFER) => return self.free(at, false),
                Some(TAG_URL) if m.url => return self.free(at, false),
                Some(TAG_ESCAPE) if m.reference => {
                    self.open(Nest::Object);
                    if let Some((k, v)) = tape.entries(at).next() {
                        if self.out.writes() {
                            self.out.tag(TAG_ESCAPE);
                        }
                        self.with(Seg::KeyAt(k), |s| s.reference(v));
                    }
                    self.close(Nest::Object);
                    let path = self.path_at_now();
                    self.revive.push_unwrap(path);
                    return;
                }
                _ => {}
            }
        }
        if let Some(ts) = m.tagged {
            if tape.find(at, keys::TYPE).is_some() {
                return self.tagged(at, ts);
            }
        }
        if !m.reference {
            return self.expected(at, m.name);
        }
        if self.mode == Mode::Js && single.is_some() {
            // A reference that looks like a tag is escaped, so decoding cannot mistake it.
            self.open(Nest::Object);
            if self.out.writes() {
                self.out.tag(TAG_ESCAPE);
            }
            self.reference(at);
            self.close(Nest::Object);
        } else {
            self.reference(at);
        }
    }

    /// A provider reference: `Record<string, string>`.
    fn reference(&mut self, at: usize) {
        if self.tape.word(at) == OBJ {
            self.record(at, &Shape::String);
        } else {
            self.expected(at, "ProviderReference");
        }
    }
}

/// `scheme:` at the start, as an absolute URL has.
fn has_scheme(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    let scheme = &s.as_bytes()[..colon];
    scheme.first().is_some_and(u8::is_ascii_alphabetic)
        && scheme
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'-' | b'.'))
}

#[cfg(test)]
mod tests {
    #[test]
    fn schemes() {
        assert!(super::has_scheme("https://a.b/c"));
        assert!(super::has_scheme("data:image/png;base64,AA"));
        assert!(!super::has_scheme("/relative"));
        assert!(!super::has_scheme("1http://x"));
        assert!(!super::has_scheme("no scheme"));
    }
}
