//! The only code that knows about JavaScript. Each file converts its inputs, calls the core and
//! converts the result; the crossing itself (tape buffers, results, errors) is in [`interop`].

pub mod agens;
#[cfg(feature = "anthropic")]
pub mod anthropic;
mod anthropic_opaque;
#[cfg(feature = "seed")]
pub mod bedrock;
#[cfg(feature = "convert")]
pub mod convert;
pub mod ids;
pub mod interop;
#[cfg(feature = "seed")]
pub mod kernel;
#[cfg(feature = "cli")]
pub mod log;
#[cfg(feature = "seed")]
pub mod openai;
#[cfg(feature = "stream")]
pub mod stream;
pub mod swarm;
pub mod validate;

/// The wasm's allocator: talc, smaller than the default (dlmalloc: the validation build 1.2 KB
/// gzip less, the whole 3 KB less); the conversions of `bench/run.mjs` 4-7% faster, the log
/// check as fast.
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();
