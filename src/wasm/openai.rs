//! OpenAI Chat-only exports: the helper `createImagePart` uses for bytes.

use crate::validate::base64_encode;
use wasm_bindgen::prelude::*;

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
