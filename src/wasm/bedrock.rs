//! Bedrock Swarm-only exports: the event tree.

use crate::formats::bedrock::tree;
use wasm_bindgen::prelude::*;

/// The forest of a list of events, each given as `{ id, parent }` (see
/// [`tree::EventRef`]), as JSON text `{ roots, children, issues }` by event index.
#[wasm_bindgen]
pub fn bedrock_event_tree(events: &str) -> Result<String, JsError> {
    tree::build_json(events).map_err(|e| JsError::new(&e))
}
