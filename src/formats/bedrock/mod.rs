//! Bedrock Swarm's TypedDicts (seed 003, bedrock-swarm 0.4.0): tool calls, outputs, results,
//! agent responses and events. Every key is required; `Optional[X]` is `X | null`.

use crate::validate::Shape;

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[];
