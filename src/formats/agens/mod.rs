//! Elixir `Agens.Message` (seed 002, agens v0.2.0) as snake_case objects: pids as
//! `"#PID<a.b.c>"`, atoms as strings, `next` instructions as tagged objects.

use crate::validate::Shape;

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[];
