//! The only code that knows about JavaScript. Each file converts its inputs, calls the core and
//! converts the result; the crossing itself (tape buffers, results, errors) is in [`interop`].

mod ids;
mod interop;
mod kernel;
mod validate;
