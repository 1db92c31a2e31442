//! The only code that knows about JavaScript. Each file converts its inputs, calls the core and
//! converts the result; the crossing itself (tape buffers, results, errors) is in [`interop`].

pub mod agens;
pub mod anthropic;
mod anthropic_opaque;
pub mod bedrock;
#[cfg(feature = "convert")]
pub mod convert;
pub mod ids;
pub mod interop;
pub mod kernel;
pub mod openai;
pub mod swarm;
pub mod validate;
