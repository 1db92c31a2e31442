//! Elixir `Agens.Message` (seed 002, agens v0.2.0) as snake_case objects: pids as
//! `"#PID<a.b.c>"`, atoms as strings, `next` instructions as tagged objects.

mod shape;
mod types;

pub use shape::{lists, next_types, MESSAGE, NEXT_INSTRUCTION, TOOL_DEF, VALIDATORS};
pub use types::*;
