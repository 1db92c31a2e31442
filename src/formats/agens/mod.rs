//! Elixir `Agens.Message` (seed 002, agens v0.2.0) as snake_case objects: pids as
//! `"#PID<a.b.c>"`, atoms as strings, `next` instructions as tagged objects.

mod shape;
mod types;

pub use shape::{MESSAGE, NEXT_INSTRUCTION, NEXT_TYPES, TOOL_DEF, VALIDATORS};
pub use types::*;
