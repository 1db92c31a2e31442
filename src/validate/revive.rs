//! The revival plan of a JSON-form value: what `fromJSON` must turn back into the JS form
//! (bytes from base64 strings, `Error`s from error objects, tagging objects unwrapped). A walk
//! of the JSON form records it where it accepts such a value.

use super::issue::PathSeg;
use super::shape::{ObjectShape, Shape, TaggedShape};

/// What the JS form needs at one path of a JSON-form value.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviveKind {
    /// Replace the string with these bytes (a range of [`Revive::bytes`]).
    Bytes { off: usize, len: usize },
    /// Replace the string with an `ArrayBuffer` of these bytes (a range of [`Revive::bytes`]).
    ArrayBuffer { off: usize, len: usize },
    /// Replace the string with a `URL` of that `href`.
    Url,
    /// Replace the object `{ name, message, stack?, cause? }` with an `Error`.
    Error,
    /// Replace the tagging object with its single property's value.
    Unwrap,
}

/// The revival plan for a JSON-form value: operations in post-order (children first).
#[derive(Default, Debug, PartialEq)]
pub struct Revive {
    pub ops: Vec<(Vec<PathSeg>, ReviveKind)>,
    pub bytes: Vec<u8>,
}

impl Revive {
    /// The string at `path` becomes `bytes`.
    pub(super) fn push_bytes(&mut self, path: Vec<PathSeg>, bytes: &[u8], buffer: bool) {
        let off = self.bytes.len();
        self.bytes.extend_from_slice(bytes);
        let len = bytes.len();
        let kind = if buffer {
            ReviveKind::ArrayBuffer { off, len }
        } else {
            ReviveKind::Bytes { off, len }
        };
        self.ops.push((path, kind));
    }

    /// The string at `path` becomes a `URL`.
    pub(super) fn push_url(&mut self, path: Vec<PathSeg>) {
        self.ops.push((path, ReviveKind::Url));
    }

    /// The object at `path` becomes an `Error`.
    pub(super) fn push_error(&mut self, path: Vec<PathSeg>) {
        self.ops.push((path, ReviveKind::Error));
    }

    /// The tagging object at `path` becomes its single property's value.
    pub(super) fn push_unwrap(&mut self, path: Vec<PathSeg>) {
        self.ops.push((path, ReviveKind::Unwrap));
    }
}

/// Can a JSON-form value of `shape` hold something its JS form revives that is not a tagging
/// object: a base64 string read as bytes ([`Shape::Bytes`]) or an error object
/// ([`Shape::Error`])? A tagging object (a single `$`-key: `{"$bytes": ...}`, `{"$url": ...}`,
/// `{"$escape": ...}`) may stand anywhere a free value does, and is found in the value itself
/// (see [`crate::tape::value::Built::tagged`]). Shapes nesting deeper than this walk looks
/// are taken to revive.
pub fn shape_revives(shape: &Shape) -> bool {
    revives_within(shape, 32)
}

fn revives_within(shape: &Shape, depth: u32) -> bool {
    let Some(depth) = depth.checked_sub(1) else {
        return true;
    };
    let object = |o: &ObjectShape| o.fields.iter().any(|f| revives_within(&f.shape, depth));
    let tagged = |t: &TaggedShape| object(t.base) || t.variants.iter().any(|(_, o)| object(o));
    match shape {
        Shape::Bytes | Shape::Error => true,
        Shape::Nullable(inner)
        | Shape::Array(inner)
        | Shape::Record(inner)
        | Shape::Rule(inner, _) => revives_within(inner, depth),
        Shape::OneOf(all) => all.iter().any(|s| revives_within(s, depth)),
        Shape::Object(o) => object(o),
        Shape::Tagged(t) => tagged(t),
        Shape::Media(m) => m.tagged.is_some_and(tagged),
        Shape::Union(u) => object(u.base) || u.cases.iter().any(|(_, s)| revives_within(s, depth)),
        Shape::Any
        | Shape::Json
        | Shape::String
        | Shape::Number
        | Shape::Boolean
        | Shape::TaggedBytes
        | Shape::Url
        | Shape::Literal(_)
        | Shape::Enum(_)
        | Shape::Integer { .. }
        | Shape::Never
        | Shape::Bool(_) => false,
    }
}
