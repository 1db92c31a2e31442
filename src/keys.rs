//! Every property name any format's shapes mention, numbered once.
//!
//! The JavaScript walker sends a known key as its number instead of its characters, and the
//! JSON parser maps key text to the same numbers, so field lookup is an integer compare.
//! Add a format's keys here; the order is free, the names must be unique.

/// A property name known to the shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub u16);

impl Key {
    pub fn name(self) -> &'static str {
        KEYS[self.0 as usize]
    }
}

macro_rules! known_keys {
    ($($konst:ident = $name:literal),* $(,)?) => {
        known_keys!(@consts 0u16; $($konst = $name,)*);
        /// Every known key, indexed by its number.
        pub const KEYS: &[&str] = &[$($name),*];
        /// The number of a known key, from its text.
        pub fn lookup(name: &[u8]) -> Option<Key> {
            match name {
                $(k if k == $name.as_bytes() => Some($konst),)*
                _ => None,
            }
        }
    };
    (@consts $n:expr; $konst:ident = $name:literal, $($rest:tt)*) => {
        pub const $konst: Key = Key($n);
        known_keys!(@consts $n + 1u16; $($rest)*);
    };
    (@consts $n:expr;) => {};
}

known_keys! {
    // Kernel
    ID = "id",
    TIMESTAMP = "timestamp",
    TYPE = "type",
    TEXT = "text",
    FILES = "files",
    DATA = "data",
    FILENAME = "filename",
    MIME_TYPE = "mimeType",
    TITLE = "title",
    SUMMARY = "summary",
    CALLS = "calls",
    RESULTS = "results",
    NAME = "name",
    ARGS = "args",
    CALL_ID = "callId",
    OUTPUT = "output",
    ERROR = "error",
    RESULT = "result",
    // JSON form of an Error
    MESSAGE = "message",
    STACK = "stack",
    CAUSE = "cause",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_maps_back_to_its_number() {
        for (i, name) in KEYS.iter().enumerate() {
            assert_eq!(lookup(name.as_bytes()), Some(Key(i as u16)), "{name}");
            assert_eq!(Key(i as u16).name(), *name);
        }
        assert_eq!(lookup(b"no-such-key"), None);
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = KEYS.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), KEYS.len());
    }
}
