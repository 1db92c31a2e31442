//! agent-swarm-kit's `IModelMessage` (seeds 000/001; 001 governs): roles, `mode`, tool calls
//! whose `arguments` are an object, images as strings or bytes, a free `payload`.

mod shape;
mod types;

pub use shape::{lists, MESSAGE, MODES, MODE_SHAPE, ROLES, ROLE_SHAPE, VALIDATORS};
pub use types::*;
