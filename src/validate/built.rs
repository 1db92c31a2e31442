//! What the facade may check in place, without a walk: a value whose every field is one its
//! interface types as a plain string, a finite number, a boolean, a literal or one of a few
//! strings, and holds one (and, from a constructor, whose other fields it filled itself), is
//! valid by construction. This module says, for one interface, which fields those are: the
//! facade reads it once per interface and tag (`pkg-template/src/built.mjs`) and never writes
//! the list by hand.

use super::shape::{ObjectShape, Shape};
use crate::json_text::{write_str, write_strs};

/// A field's kind as the facade checks it: only these are checked in place.
const STRING: &str = "string";
const NUMBER: &str = "number";
const BOOLEAN: &str = "boolean";
const LITERAL: &str = "literal";
const ENUM: &str = "enum";
/// Anything else: a constructor given this field sends the message through the engine.
const OTHER: &str = "other";

/// The interface a constructor builds: an object shape, or one case of a tagged union.
pub fn built_shape(shape: &Shape, tag: &str) -> Option<&'static ObjectShape> {
    match shape {
        Shape::Object(os) => Some(os),
        Shape::Tagged(ts) => ts.variant(tag),
        _ => None,
    }
}

/// The property that picks a case, when the shape is a tagged union; `None` otherwise.
pub fn built_tag(shape: &Shape) -> Option<&'static str> {
    match shape {
        Shape::Tagged(ts) => Some(ts.tag.name()),
        _ => None,
    }
}

/// `[[key, required, kind, literal or names?], ...]` for the interface's fields as JSON text;
/// `null` when the shape is not an interface a constructor builds. `required` is true for a field
/// the interface needs in every case (one that is needed unless another is present counts as
/// required: the facade then defers to the engine when it is absent).
pub fn built_fields_json(shape: Option<&ObjectShape>) -> String {
    let Some(os) = shape else {
        return "null".to_owned();
    };
    let mut out = String::from("[");
    for (n, f) in os.fields.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        write_str(&mut out, f.key.name());
        out.push_str(if f.optional && f.unless.is_empty() {
            ",false,"
        } else {
            ",true,"
        });
        match &f.shape {
            Shape::String => write_str(&mut out, STRING),
            Shape::Number => write_str(&mut out, NUMBER),
            Shape::Boolean => write_str(&mut out, BOOLEAN),
            Shape::Literal(lit) => {
                write_str(&mut out, LITERAL);
                out.push(',');
                write_str(&mut out, lit);
            }
            Shape::Enum(names) => {
                write_str(&mut out, ENUM);
                out.push(',');
                write_strs(&mut out, names);
            }
            _ => write_str(&mut out, OTHER),
        }
        out.push(']');
    }
    out.push(']');
    out
}
