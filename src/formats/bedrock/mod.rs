//! Bedrock Swarm's TypedDicts (seed 003, bedrock-swarm 0.4.0): tool calls, outputs, results,
//! agent responses and events. Every key is required; `Optional[X]` is `X | null`. Events link
//! to their parents by `parent_event_id`; [`tree`] builds and checks that forest.

mod shape;
pub mod tree;
mod types;

pub use shape::{lists, AGENT_RESPONSE, EVENT_TYPE, EVENT_TYPES, VALIDATORS};
pub use types::*;
