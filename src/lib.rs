//! agent-messages: define, construct, validate and convert the message formats of agent
//! frameworks. This file is the module map only, from the bottom up: a module names only
//! those above it in this list (`tests/native/layers.rs` fails when one does not).
//!
//! * [`arena`]: a bump arena in front of the wasm's allocator, for the allocations of one
//!   conversion.
//! * [`swar`]: eight bytes at a time (masks of the bytes of a `u64`), for the hot loops over
//!   text.
//! * [`host`]: what the core asks of the platform (number text, read and written); the
//!   [`Platform`] answering it is chosen here, so no module of the core names `wasm`.
//! * [`fnv`]: the hash and the one table of the small lookups (no SipHash in the wasm).
//! * [`keys`]: every property name the shapes mention, numbered once for the boundary.
//! * [`json_text`]: JSON text written by hand (strings, numbers, lists): the wasm carries no
//!   JSON serializer.
//! * [`boundary`]: every number the JavaScript facade and the core share (tape tags, codes,
//!   flags, limits), declared once and sent to the facade by `describe()`.
//! * [`ids`]: ULIDs and hex uids, with pooled cryptographic randomness.
//! * [`tape`]: the flat encoding every input is read through (a JS value walked once in
//!   JavaScript, or JSON text parsed here), so that validation never builds a tree.
//! * [`validate`]: the one validation engine: shapes, issues, paths, limits, strictness, and
//!   the lossless JSON codec that rides on the same walk.
//! * [`formats`]: one module per message format: its documented types (tsify emits their
//!   TypeScript, `#[derive(Described)]` their shapes) and the unions no struct says.
//! * [`stream`]: a model's answer chunk by chunk (OpenAI, Anthropic, AI SDK UI), folded into
//!   the format's message and checked as it comes.
//! * [`convert`]: conversions between formats through one canonical model, with the losses.
//! * [`log`]: checking logs of messages in two stages, the first on every core and the second
//!   in bounded memory (the command line's `check`, `detect` and `stats`; the Node build only).
//! * `wasm`: the bindings to JavaScript (compiled for wasm32 only), the only code that knows
//!   it; the constructors live in the package's facade.
#![recursion_limit = "512"]

pub mod arena;
pub mod boundary;
pub mod convert;
pub mod fnv;
pub mod formats;
pub mod host;
pub mod ids;
pub mod json_text;
pub mod keys;
pub mod swar;
pub mod tape;
pub mod validate;

#[cfg(feature = "stream")]
pub mod stream;

#[cfg(feature = "cli")]
pub mod log;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

/// The [`host::Host`] of this build: JavaScript's `Number` and `String` in the wasm.
#[cfg(target_arch = "wasm32")]
pub type Platform = wasm::interop::Js;

/// The [`host::Host`] of this build: Rust's own natively.
#[cfg(not(target_arch = "wasm32"))]
pub type Platform = host::Native;
