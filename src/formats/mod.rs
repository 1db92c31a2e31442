//! One module per message format: its documented types (TypeScript comes from these), its
//! shapes for the validation engine, and its constructors.

pub mod kernel;
