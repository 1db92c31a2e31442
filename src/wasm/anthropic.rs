//! Anthropic-only exports: the base64 text `createImageBlock` and `createDocumentBlock` put in a
//! base64 source for bytes.

use crate::validate::base64_encode;
use wasm_bindgen::prelude::*;

/// Standard padded base64 of the bytes (a base64 source's `data`).
#[wasm_bindgen]
pub fn anthropic_base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    base64_encode(bytes, &mut out);
    out
}
