//! Bedrock Swarm-only exports: the event tree.

use crate::formats::bedrock::tree;
use wasm_bindgen::prelude::*;

/// The forest of a list of events, given flat: per event two slot codes (id, parent; see
/// [`tree::SLOT_STR`] and the others) and two texts. Returns JSON text `{ roots, children,
/// issues }` by event index.
#[wasm_bindgen]
pub fn bedrock_event_tree(codes: &[u8], texts: Vec<String>) -> String {
    tree::build(&tree::from_slots(codes, texts)).to_json()
}
