//! What the core asks of the platform it runs on: number text, read and written. The wasm
//! borrows JavaScript's own `Number` and `String` for it, so that it carries no float parser
//! (~8 KiB gzip with its tables) and none of core's float formatting (~20 KiB); the native build
//! uses Rust's.
//!
//! The core calls [`parse_number`] and [`number_text`]. Which [`Host`] answers them is chosen
//! once, at compile time, by the crate root ([`crate::Platform`]): no module below `wasm` names
//! it, and the call is a direct one, inlined like any other.

/// The platform's number text, both ways.
pub trait Host {
    /// The value of `text`, text the JSON number grammar accepts (checked by the caller).
    fn parse_number(text: &str) -> f64;
    /// `n` as the shortest text that parses back to the same `f64` (`NaN` and the infinities
    /// by name).
    fn number_text(n: f64) -> String;
}

/// Rust's parser and formatting: the host of the native build.
pub struct Native;

impl Host for Native {
    fn parse_number(text: &str) -> f64 {
        text.parse().unwrap_or(f64::NAN)
    }

    fn number_text(n: f64) -> String {
        format!("{n:?}")
    }
}

/// The value of JSON number text, by the platform's parser.
#[inline]
pub fn parse_number(text: &str) -> f64 {
    <crate::Platform as Host>::parse_number(text)
}

/// The shortest text of `n` that parses back to it, by the platform's formatting.
#[inline]
pub fn number_text(n: f64) -> String {
    <crate::Platform as Host>::number_text(n)
}
