//! OpenAI Chat Completions messages, the bridge format: roles, string or part content,
//! assistant tool calls whose `arguments` are JSON text.

use crate::validate::Shape;

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[];
