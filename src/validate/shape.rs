//! How a format describes its messages to the engine: static data, no code.

use crate::keys::Key;

/// The expected form of one value.
#[derive(Debug)]
pub enum Shape {
    /// Anything at all (`any`, `unknown`, custom properties). Still read, so that a value that
    /// throws when read is reported, and encoded losslessly by the codec.
    Any,
    /// A JSON value: string, finite number, boolean, null, array or plain object of those.
    Json,
    String,
    /// A finite number.
    Number,
    Boolean,
    /// `Uint8Array` in the JS form, a base64 string in the JSON form.
    Bytes,
    /// `Error` in the JS form (or an object with string `name` and `message`), and
    /// `{ name, message, stack?, cause? }` in the JSON form.
    Error,
    Literal(&'static str),
    Array(&'static Shape),
    Object(&'static ObjectShape),
    Tagged(&'static TaggedShape),
}

/// One documented property.
#[derive(Debug)]
pub struct Field {
    pub key: Key,
    pub shape: Shape,
    pub optional: bool,
}

impl Field {
    pub const fn required(key: Key, shape: Shape) -> Field {
        Field {
            key,
            shape,
            optional: false,
        }
    }
    pub const fn optional(key: Key, shape: Shape) -> Field {
        Field {
            key,
            shape,
            optional: true,
        }
    }
}

/// A documented interface. Objects are open: other properties are kept (and reported only in
/// strict mode). At most 64 fields.
#[derive(Debug)]
pub struct ObjectShape {
    /// The TypeScript name, used in `expected`.
    pub name: &'static str,
    pub fields: &'static [Field],
}

/// A union discriminated by one string property (Kernel's `type`).
#[derive(Debug)]
pub struct TaggedShape {
    pub name: &'static str,
    pub tag: Key,
    pub variants: &'static [(&'static str, &'static ObjectShape)],
    /// What every variant shares; a registered extra tag is checked against this alone.
    pub base: &'static ObjectShape,
    /// Whether callers may register extra tags ([`super::Options::custom_types`]).
    pub extensible: bool,
}

impl TaggedShape {
    pub fn variant(&self, tag: &str) -> Option<&'static ObjectShape> {
        self.variants
            .iter()
            .find(|(name, _)| *name == tag)
            .map(|(_, shape)| *shape)
    }

    /// `"a" | "b" | ...`, for `expected`.
    pub fn expected_tags(&self, custom: &[String]) -> String {
        let mut names: Vec<String> = self
            .variants
            .iter()
            .map(|(name, _)| format!("{name:?}"))
            .collect();
        if self.extensible {
            names.extend(custom.iter().map(|c| format!("{c:?}")));
        }
        names.join(" | ")
    }
}
