//! A lenient parser for JSON text that may stop anywhere (tool-call arguments while they
//! stream): an unterminated string, object or array closes where the text stops.
//! (Stub: the parser is being written.)

use crate::tape::value::Value;

/// What [`parse`] made of a text.
#[derive(Clone, Debug, PartialEq)]
pub struct Partial {
    /// The best value the text holds so far; `None` when nothing parses yet (empty text).
    pub value: Option<Value>,
    /// Whether the text is complete JSON (then `value` is exactly its value).
    pub complete: bool,
}

/// The best value of `text`, a prefix of JSON text.
pub fn parse(text: &str) -> Partial {
    match Value::parse(text) {
        Ok(v) => Partial {
            value: Some(v),
            complete: true,
        },
        Err(_) => Partial {
            value: None,
            complete: false,
        },
    }
}
