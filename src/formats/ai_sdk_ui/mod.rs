//! The AI SDK's `UIMessage` (`ai` 7.0.173): what `useChat` keeps, an id, a role and typed
//! parts; tool parts whose `state` decides which keys they have (a mismatch is a
//! `tool_state_mismatch` naming both).

mod shape;
mod types;

pub use shape::{lists, MESSAGE, VALIDATORS};
pub use types::*;
