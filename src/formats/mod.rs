//! One module per message format: its documented types (tsify emits their TypeScript and
//! `#[derive(Described)]` their validation shapes) and, in `shape.rs`, what no struct says
//! (unions told apart by a tag, the list of validators). Constructors live in the facade.

pub mod agens;
pub mod bedrock;
pub mod kernel;
pub mod openai;
pub mod swarm;

use crate::validate::Shape;
use std::sync::OnceLock;

/// A documented type the package validates: which format, its TypeScript name, its shape.
#[derive(Debug)]
pub struct Schema {
    pub format: &'static str,
    pub name: &'static str,
    pub shape: &'static Shape,
}

/// Every validator of every format. The position in this list is the schema's number at the
/// wasm boundary.
pub fn schemas() -> &'static [Schema] {
    static ALL: OnceLock<Vec<Schema>> = OnceLock::new();
    ALL.get_or_init(|| {
        let formats: [(&str, &[(&str, &Shape)]); 5] = [
            ("kernel", kernel::VALIDATORS),
            ("swarm", swarm::VALIDATORS),
            ("agens", agens::VALIDATORS),
            ("bedrock", bedrock::VALIDATORS),
            ("openai", openai::VALIDATORS),
        ];
        formats
            .iter()
            .flat_map(|(format, list)| {
                list.iter().map(move |(name, shape)| Schema {
                    format,
                    name,
                    shape,
                })
            })
            .collect()
    })
}

/// Keys whose string values some rule reads, with how much of them (a
/// [`crate::boundary::content`] level): a head (a `type` tag, a literal, a pid) or the whole
/// string (JSON text). The JavaScript walker copies only these strings when it only validates.
pub fn content_keys() -> Vec<(&'static str, u8)> {
    use crate::boundary::content::{HEAD, NONE};
    /// How much of a string value of this shape some rule reads.
    fn reads(shape: &Shape) -> u8 {
        match shape {
            Shape::Literal(_) | Shape::Enum(_) => HEAD,
            Shape::Nullable(inner) => reads(inner),
            Shape::OneOf(alternatives) => alternatives.iter().map(reads).max().unwrap_or(NONE),
            Shape::Rule(inner, rule) => reads(inner).max(rule.reads()),
            _ => NONE,
        }
    }
    fn visit(shape: &Shape, out: &mut Vec<(&'static str, u8)>, seen: &mut Vec<*const ()>) {
        match shape {
            Shape::Array(item)
            | Shape::Record(item)
            | Shape::Nullable(item)
            | Shape::Rule(item, _) => visit(item, out, seen),
            Shape::OneOf(alternatives) => alternatives.iter().for_each(|a| visit(a, out, seen)),
            Shape::Object(os) => {
                let id = *os as *const _ as *const ();
                if seen.contains(&id) {
                    return;
                }
                seen.push(id);
                for f in os.fields {
                    let level = reads(&f.shape);
                    if level > NONE {
                        out.push((f.key.name(), level));
                    }
                    visit(&f.shape, out, seen);
                }
            }
            Shape::Tagged(ts) => {
                out.push((ts.tag.name(), HEAD));
                for (_, variant) in ts.variants {
                    visit(&Shape::Object(variant), out, seen);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    let mut seen = Vec::new();
    for s in schemas() {
        visit(s.shape, &mut out, &mut seen);
    }
    // One entry per key, at the most any shape reads (no sort: it would add a quicksort to the
    // wasm for a list of a few dozen).
    let mut merged: Vec<(&'static str, u8)> = Vec::new();
    for (key, level) in out {
        match merged.iter_mut().find(|(k, _)| *k == key) {
            Some(entry) => entry.1 = entry.1.max(level),
            None => merged.push((key, level)),
        }
    }
    merged
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_kernel_tag_is_a_content_key_and_free_text_is_not() {
        let keys = super::content_keys();
        assert!(keys.contains(&("type", crate::boundary::content::HEAD)));
        assert!(!keys.iter().any(|(k, _)| *k == "text" || *k == "id"));
    }
}
