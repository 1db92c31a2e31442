//! One module per message format: its documented types (TypeScript comes from these), its
//! shapes for the validation engine, and its constructors.

pub mod kernel;

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
        let formats: [(&str, &[(&str, &Shape)]); 1] = [("kernel", kernel::VALIDATORS)];
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

/// Keys whose string values some rule compares (a union's tag, a literal field): the only
/// strings the JavaScript walker needs to copy when it only validates.
pub fn content_keys() -> Vec<&'static str> {
    fn visit(shape: &Shape, out: &mut Vec<&'static str>, seen: &mut Vec<*const ()>) {
        match shape {
            Shape::Array(item) => visit(item, out, seen),
            Shape::Object(os) => {
                let id = *os as *const _ as *const ();
                if seen.contains(&id) {
                    return;
                }
                seen.push(id);
                for f in os.fields {
                    if matches!(f.shape, Shape::Literal(_)) {
                        out.push(f.key.name());
                    }
                    visit(&f.shape, out, seen);
                }
            }
            Shape::Tagged(ts) => {
                out.push(ts.tag.name());
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
    out.sort_unstable();
    out.dedup();
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_kernel_tag_is_a_content_key_and_free_text_is_not() {
        let keys = super::content_keys();
        assert!(keys.contains(&"type"));
        assert!(!keys.contains(&"text"));
        assert!(!keys.contains(&"id"));
    }
}
