//! Bedrock Swarm's TypedDicts (seed 003, bedrock-swarm 0.4.0): tool calls, outputs, results,
//! agent responses and events. Every key is required; `Optional[X]` is `X | null`. Events link
//! to their parents by `parent_event_id`; [`tree`] builds and checks that forest.

mod shape;
pub mod tree;
mod types;

pub use shape::{
    AGENT_RESPONSE, EVENT, EVENT_TYPE, EVENT_TYPES, MESSAGE_RESPONSE, TOOL_CALL,
    TOOL_CALL_FUNCTION, TOOL_CALL_RESPONSE, TOOL_OUTPUT, TOOL_RESULT, VALIDATORS,
};
pub use types::*;
