//! The one model every format maps to and from.

use crate::tape::value::{Name, Value};

/// A message in no format's words.
#[derive(Clone, Debug, PartialEq)]
pub struct Message {
    /// The index of the source message it came from (for losses).
    pub source: usize,
    pub body: Body,
    pub id: Option<String>,
    /// Milliseconds since the epoch.
    pub timestamp: Option<f64>,
    /// Source-only fields, kept where the target admits extra properties so that converting
    /// back restores them (Kernel custom properties).
    pub carried: Vec<(Name, Value)>,
}

impl Message {
    /// A message with nothing but its body (no id, time or carried fields).
    pub fn new(source: usize, body: Body) -> Message {
        Message {
            source,
            body,
            id: None,
            timestamp: None,
            carried: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Body {
    UserInput {
        parts: Vec<Part>,
    },
    Instructions {
        text: String,
        developer: bool,
    },
    Reply {
        text: String,
    },
    ToolCalls {
        calls: Vec<Call>,
    },
    ToolOutputs {
        outputs: Vec<Output>,
    },
    Reasoning {
        title: String,
        summary: String,
    },
    Log {
        text: String,
    },
    /// A message the model has no place for (a registered Kernel type); kept whole.
    Other {
        format: &'static str,
        value: Value,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    Text(String),
    /// An image or any other file: `data` is base64 (the JSON form of bytes) or a URL.
    File {
        source: ImageSource,
        media_type: Option<String>,
        filename: Option<String>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub enum ImageSource {
    Base64(String),
    Url(String),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Call {
    pub id: String,
    pub name: String,
    /// Absent arguments stay absent (Kernel `args?`).
    pub args: Option<Value>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Output {
    pub call_id: Option<String>,
    pub name: Option<String>,
    pub output: Value,
    /// The JSON form of an `Error` (`{ name, message, ... }`).
    pub error: Option<Value>,
}
