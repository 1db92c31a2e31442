//! Anthropic Messages (`@anthropic-ai/sdk` 1.12.0): the request's `MessageParam`s and their 16
//! content blocks (`request`), the `Prompt` that carries a conversation with its top-level
//! `system`, the response `Message` with its 12 blocks (`response`), and the unions and
//! validators (`shape`). What rare server-tool blocks hold is typed in
//! `src/wasm/anthropic_opaque.rs` and carried unchecked. The rules users trip on have their own issue codes: a misplaced or unmatched
//! `tool_result`, a thinking block without `signature`, a media type the API does not take.

mod request;
mod response;
mod shape;

pub use request::*;
pub use response::*;
pub use shape::{lists, CONTENT_BLOCK, CONTENT_BLOCK_PARAM, MESSAGE, PROMPT, VALIDATORS};
