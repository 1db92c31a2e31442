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
