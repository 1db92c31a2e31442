//! OpenAI Chat-only exports: the helpers `createImagePart` uses for bytes and `createToolCall`
//! for arguments given as a value.

use super::interop::{publish, with_options, with_tape};
use crate::validate::{base64_encode, plain_json_text};
use wasm_bindgen::prelude::*;

/// The JSON text of the value on the tape (written in full, class instances marked), as a tool
/// call's `arguments`: `OK_WITH_DATA` and the text, or `INVALID` and what JSON would drop or
/// change (see [`plain_json_text`]).
#[wasm_bindgen]
pub fn openai_arguments_tape(
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_issues: u32,
    max_depth: u32,
) -> u32 {
    with_options(0, max_issues, max_depth, |opts| {
        with_tape(nw, nn, nc, nb, |tape| {
            publish(plain_json_text(tape, 0, opts), false)
        })
    })
}

/// `data:<media type>;base64,<bytes>`: an image part's URL for image bytes.
#[wasm_bindgen]
pub fn openai_data_url(bytes: &[u8], media_type: &str) -> String {
    let mut out = String::with_capacity(media_type.len() + 13 + bytes.len().div_ceil(3) * 4);
    out.push_str("data:");
    out.push_str(media_type);
    out.push_str(";base64,");
    base64_encode(bytes, &mut out);
    out
}
