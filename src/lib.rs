//! agent-messages: define, construct, validate and convert the message formats of agent
//! frameworks. This file is the module map only.
//!
//! * [`boundary`]: every number the JavaScript facade and the core share (tape tags, codes,
//!   flags, limits), declared once and sent to the facade by `describe()`.
//! * [`tape`]: the flat encoding every input is read through (a JS value walked once in
//!   JavaScript, or JSON text parsed here), so that validation never builds a tree.
//! * [`validate`]: the one validation engine: shapes, issues, paths, limits, strictness, and
//!   the lossless JSON codec that rides on the same walk.
//! * [`formats`]: one module per message format: its documented types (tsify emits their
//!   TypeScript, `#[derive(Described)]` their shapes) and the unions no struct says.
//! * [`keys`]: every property name the shapes mention, numbered once for the boundary.
//! * [`convert`]: conversions between formats through one canonical model, with the losses.
//! * [`ids`]: ULIDs and hex uids, with pooled cryptographic randomness.
//! * [`fnv`]: the hash and the one table of the small lookups (no SipHash in the wasm).
//! * `wasm`: the bindings to JavaScript (compiled for wasm32 only); the constructors live in
//!   the package's facade.

pub mod boundary;
pub mod convert;
pub mod fnv;
pub mod formats;
pub mod ids;
pub mod keys;
pub mod tape;
pub mod validate;

#[cfg(target_arch = "wasm32")]
pub mod wasm;
