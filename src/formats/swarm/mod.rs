//! agent-swarm-kit's `IModelMessage` (seeds 000/001; 001 governs): roles, `mode`, tool calls
//! whose `arguments` are an object, images as strings or bytes, a free `payload`.

use crate::validate::Shape;

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[];
