//! OpenAI Chat Completions messages, the bridge format: roles, string or part content,
//! assistant tool calls whose `arguments` are JSON text (checked: a model's broken JSON is an
//! `invalid_json_string` issue with its line and column, never a crash).

mod shape;
mod types;

pub use shape::{lists, roles, CONTENT_PART, MESSAGE, VALIDATORS};
pub use types::*;
