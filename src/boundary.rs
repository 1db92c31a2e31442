//! Every number the JavaScript facade and the Rust core share, declared once.
//!
//! Tape tags, the kinds of objects the walker does not walk, string flags, how much of a
//! string a rule reads, call flags, check modes, result codes, revival kinds, Bedrock slot
//! codes, limits and defaults: each is a named constant of one table below, and the Rust code
//! uses the name (`crate::tape` re-exports the tags and string flags from here). The facade
//! (`pkg-template/src`) holds none of these numbers: `describe()` sends every table at
//! start-up ([`tables_json`]), and the facade reads each number by name, once, into a
//! constant of its own (`pkg-template/src/boundary.mjs` refuses a name no table has).
//! `tests/js/boundary.test.mjs` fails when the two sides disagree: a name the facade reads and
//! no table has, a name a table has and the facade never reads (unless it is Rust's own, listed
//! there), or a number literal in a facade file that is not on that file's list.

/// One table: a module of constants of one type, and `TABLE`, every constant by name.
macro_rules! tables {
    ($(
        $(#[$doc:meta])*
        $module:ident ($js:literal): $ty:ty {
            $($(#[$cdoc:meta])* $name:ident = $value:expr,)*
        }
    )*) => {
        $(
            $(#[$doc])*
            pub mod $module {
                $($(#[$cdoc])* pub const $name: $ty = $value;)*
                /// Every constant of this table, by name (as `describe()` sends it).
                pub const TABLE: &[(&str, u64)] = &[$((stringify!($name), $name as u64),)*];
            }
        )*
        /// Every table, by the name `describe()` sends it under.
        pub const TABLES: &[(&str, &[(&str, u64)])] = &[$(($js, $module::TABLE),)*];
    };
}

tables! {
    /// Tape tags: the first word of each value (see [`crate::tape`] for the layout).
    tag("tag"): u32 {
        /// Closes an object or array.
        END = 0,
        NULL = 1,
        UNDEF = 2,
        TRUE = 3,
        FALSE = 4,
        /// A number: its index into the numbers.
        NUM = 5,
        /// A string: length, offset, units copied, flags.
        STR = 6,
        /// An object: where it ends, then `KEY_*` and a value per property, then `END`.
        OBJ = 7,
        /// An array: where it ends, then its items, then `END`.
        ARR = 8,
        /// A `Uint8Array`: length, offset of its copy.
        BYTES = 9,
        /// An `Error`, followed by an `OBJ` of its name, message, stack, cause and properties.
        ERROR = 10,
        BIGINT = 11,
        SYMBOL = 12,
        FUNCTION = 13,
        /// An object the walker does not walk: its kind (an [`other_kind`](super::other_kind)).
        OTHER = 14,
        /// An object already on the path from the root.
        CYCLE = 15,
        /// Nesting at the depth limit.
        DEEP = 16,
        /// Reading the value threw: followed by a `STR` with the message.
        THREW = 17,
        /// A `URL` object: followed by a `STR` with its `href`.
        URL = 18,
        /// An `ArrayBuffer`: length, offset of its copy (as `BYTES`).
        ARRAY_BUFFER = 19,
        /// A known key: its number in [`crate::keys::KEYS`].
        KEY_ID = 20,
        /// Any other key, as a string (always copied whole).
        KEY_STR = 21,
    }

    /// What an `OTHER` value is (the word after the tag); [`crate::tape::other_kind_name`]
    /// names each in issues.
    other_kind("otherKind"): u32 {
        DATE = 1,
        MAP = 2,
        SET = 3,
        REG_EXP = 4,
        PROMISE = 5,
        /// A `SharedArrayBuffer` (an `ArrayBuffer` has a tag of its own, with its bytes).
        ARRAY_BUFFER = 6,
        /// A typed array other than `Uint8Array`, or a `DataView`.
        TYPED_ARRAY = 7,
        WEAK_MAP = 8,
        WEAK_SET = 9,
        /// A boxed primitive (`new String("x")`, `Object(1n)`): an object, not the primitive
        /// it wraps, so it is never taken for one (JSON.stringify would unwrap it).
        STRING_OBJECT = 10,
        NUMBER_OBJECT = 11,
        BOOLEAN_OBJECT = 12,
        BIGINT_OBJECT = 13,
        SYMBOL_OBJECT = 14,
        /// An object of a class (its prototype is not `Object.prototype`), where only plain
        /// JSON is wanted: it would not come back as what it was.
        INSTANCE = 15,
    }

    /// Bits of a string's flags word.
    string_flag("stringFlag"): u32 {
        /// The string holds a lone surrogate (it cannot be encoded as UTF-8).
        ILL_FORMED = 1,
        /// (JSON text only) The raw text contains escapes, so it must be decoded to compare.
        ESCAPED = 2,
        /// (JSON text only) The string is not standard base64.
        NOT_BASE64 = 4,
    }

    /// How much of a key's string values some rule reads (`describe().contentKeys`): the
    /// walker copies only those strings when it only validates.
    content("content"): u8 {
        /// Nothing: the string is checked to be a string, well-formed (keys at this level are
        /// not listed).
        NONE = 0,
        /// Its head (`limit::SHORT_STRING` units): a `type` tag, a literal, a URL's scheme.
        HEAD = 1,
        /// All of it: JSON text inside a string.
        WHOLE = 2,
    }

    /// Bits of the `flags` argument of the checks: the caller's options.
    flag("flag"): u32 {
        STRICT = 1,
        ABORT_EARLY = 2,
    }

    /// Bits of `tape_check`'s `mode`.
    mode("mode"): u32 {
        /// An array on the tape is a list of values, with one outcome.
        LIST = 1,
        /// An array on the tape is a list of values, with one outcome per item.
        EACH = 2,
        /// Write the JSON form (`toJSON`).
        ENCODE = 4,
        /// The tape holds the JSON form (a parsed JSON value given to `fromJSON`): plan its
        /// revival.
        JSON_FORM = 8,
    }

    /// What a check returns (`EACH` mode returns the number of invalid items instead).
    result("result"): u32 {
        OK = 0,
        /// Valid, and `take_result` holds data (JSON text, or a revival plan).
        OK_WITH_DATA = 1,
        /// Invalid: `take_result` holds the issues (in the form of
        /// [`crate::validate::issues_compact`]).
        INVALID = 2,
    }

    /// The marks of that form of issues, as character codes (counts and lengths are decimal).
    issue_form("issueForm"): u8 {
        /// A path step that is an array index (its decimal follows).
        INDEX = b'i',
        /// A path step that is a property name (its string follows).
        KEY = b'k',
        /// No `expected` (or no `received`).
        NONE = b'-',
        /// Ends a count or an index.
        END_NUMBER = b',',
        /// Ends a string's length (its UTF-16 units follow).
        END_LENGTH = b':',
    }

    /// What a step of a revival plan (`[path, kind, ...]`) makes of the JSON form.
    revive("revive"): u32 {
        /// The string becomes bytes: `[path, BYTES, offset, length]` into `take_bytes()`.
        BYTES = 0,
        /// The object `{ name, message, ... }` becomes an `Error`.
        ERROR = 1,
        /// The tagging object becomes its single property's value.
        UNWRAP = 2,
        /// The string becomes an `ArrayBuffer` of these bytes: `[path, ARRAY_BUFFER, offset,
        /// length]`.
        ARRAY_BUFFER = 3,
        /// The string becomes a `URL`.
        URL = 4,
    }

    /// What a Bedrock event's `id` or `parent_event_id` holds, as the facade read it for
    /// `bedrock_event_tree` (two codes per event, each with a text).
    slot("slot"): u8 {
        /// A well-formed string: the text.
        STR = 0,
        NULL = 1,
        /// Anything else: the text names it.
        OTHER = 2,
        /// (In the id position) The event is not an object: the text names its kind.
        NOT_OBJECT = 3,
    }

    /// Where `tape_reserve`'s header (the words its address points to) says each tape buffer
    /// is: an address and a capacity per buffer, `LEN` words in all.
    tape_header("tapeHeader"): usize {
        WORDS = 0,
        WORDS_CAP = 1,
        NUMS = 2,
        NUMS_CAP = 3,
        CHARS = 4,
        CHARS_CAP = 5,
        BYTES = 6,
        BYTES_CAP = 7,
        LEN = 8,
    }

    /// Sizes, limits and defaults.
    limit("limit"): u64 {
        /// How many UTF-16 units of a string the walker copies when it only validates. Longer
        /// strings carry their length and this head: no rule of any format needs more than a
        /// head of a long string (a `type` tag, a `data:` URL's start), and copying megabytes
        /// of text only to learn that it is a string is the cost the tape exists to avoid.
        SHORT_STRING = 64,
        /// `maxIssues` when the caller gives none.
        DEFAULT_MAX_ISSUES = 100,
        /// `maxDepth` when the caller gives none.
        DEFAULT_MAX_DEPTH = 128,
        /// The deepest nesting a caller may ask for: the engine recurses once per level, and
        /// the wasm stack must hold every level.
        DEPTH_CEILING = 1000,
        /// The latest time a ULID holds (ms since the epoch): a clock past it is refused.
        MAX_CLOCK = (1 << 48) - 1,
        /// The characters of a ULID, as `ulid_next` writes them for the facade to read.
        ULID_LENGTH = ulid::ULID_LEN as u64,
    }

    /// The buffer the ULID generator shares with the facade (`ulid_buffer()`), in 16-bit
    /// units: the last id's characters from 0 (`limit::ULID_LENGTH` of them), then these.
    ulid_buffer("ulidBuffer"): usize {
        /// The last id's ms, as three units, the highest first.
        TIME_AT = 27,
        /// How many ids the facade made on from the last one, for the generator to skip.
        SKIP_AT = 30,
        /// The 32 digits of Crockford's base 32, in order, to the buffer's end.
        DIGITS_AT = 32,
        /// The buffer's length.
        LENGTH = 64,
    }

    /// Where the parts of converted messages are (`built_parts()`, a pointer to this many
    /// `u32`s): each part's address in memory and its length in items
    /// (`tape::value::Built`).
    built_parts("builtParts"): usize {
        /// The tape's words (`u32`).
        WORDS = 0,
        WORD_COUNT = 1,
        /// Its numbers (`f64`).
        NUMS = 2,
        NUM_COUNT = 3,
        /// Its strings' UTF-8 text.
        TEXT = 4,
        TEXT_BYTES = 5,
        /// Where each string starts in UTF-16 units (`u32`), the total last.
        UNITS = 6,
        UNIT_COUNT = 7,
        /// How many `u32`s.
        PARTS = 8,
    }
}

/// Tables ([`TABLES`]) as one JSON object, `{"tag":{"END":0,...},...}`, for `describe()`.
pub fn tables_json(tables: &[(&str, &[(&str, u64)])], out: &mut String) {
    out.push('{');
    for (n, (table, entries)) in tables.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        crate::json_text::write_str(out, table);
        out.push_str(":{");
        for (m, (name, value)) in entries.iter().enumerate() {
            if m > 0 {
                out.push(',');
            }
            crate::json_text::write_str(out, name);
            out.push(':');
            out.push_str(&value.to_string());
        }
        out.push('}');
    }
    out.push('}');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_numbers_are_unique_within_each_table() {
        for (table, entries) in TABLES {
            for (i, (name, value)) in entries.iter().enumerate() {
                for (other, v) in &entries[i + 1..] {
                    assert_ne!(name, other, "{table}.{name} twice");
                    assert_ne!(
                        value, v,
                        "{table}.{name} and {table}.{other} are both {value}"
                    );
                }
            }
        }
        let names: Vec<&str> = TABLES.iter().map(|(t, _)| *t).collect();
        for (i, t) in names.iter().enumerate() {
            assert!(!names[i + 1..].contains(t), "table {t} twice");
        }
    }

    #[test]
    fn the_json_holds_every_number_as_written() {
        let mut out = String::new();
        tables_json(TABLES, &mut out);
        assert!(out.starts_with(&format!(
            r#"{{"tag":{{"END":{},"NULL":{},"#,
            tag::END,
            tag::NULL
        )));
        assert!(out.contains(&format!(
            r#""mode":{{"LIST":{},"EACH":{},"ENCODE":{},"JSON_FORM":{}}}"#,
            mode::LIST,
            mode::EACH,
            mode::ENCODE,
            mode::JSON_FORM
        )));
        assert!(out.contains(r#""MAX_CLOCK":281474976710655"#));
        let entries: usize = TABLES.iter().map(|(_, e)| e.len()).sum();
        assert_eq!(out.matches(':').count(), entries + TABLES.len());
    }
}
