//! The Kernel interfaces, described to the validation engine.

use crate::keys::*;
use crate::validate::{Field, ObjectShape, Shape, TaggedShape};

const fn req(key: Key, shape: Shape) -> Field {
    Field::required(key, shape)
}
const fn opt(key: Key, shape: Shape) -> Field {
    Field::optional(key, shape)
}

pub static FILE_ATTACHMENT: ObjectShape = ObjectShape {
    name: "FileAttachment",
    fields: &[
        req(DATA, Shape::Bytes),
        opt(FILENAME, Shape::String),
        opt(MIME_TYPE, Shape::String),
    ],
};

pub static TOOL_CALL: ObjectShape = ObjectShape {
    name: "ToolCall",
    fields: &[
        req(ID, Shape::String),
        req(NAME, Shape::String),
        opt(ARGS, Shape::Json),
    ],
};

pub static TOOL_RESULT: ObjectShape = ObjectShape {
    name: "ToolResult",
    fields: &[
        opt(CALL_ID, Shape::String),
        opt(NAME, Shape::String),
        req(OUTPUT, Shape::Any),
        opt(ERROR, Shape::Error),
    ],
};

static BASE: ObjectShape = ObjectShape {
    name: "BaseMessage",
    fields: &[req(ID, Shape::String), req(TIMESTAMP, Shape::Number)],
};

macro_rules! message {
    ($name:ident, $ts:literal, $tag:literal, [$($field:expr),* $(,)?]) => {
        pub static $name: ObjectShape = ObjectShape {
            name: $ts,
            fields: &[
                req(ID, Shape::String),
                req(TIMESTAMP, Shape::Number),
                req(TYPE, Shape::Literal($tag)),
                $($field),*
            ],
        };
    };
}

message!(
    INPUT,
    "InputMessage",
    "input",
    [
        opt(TEXT, Shape::String),
        opt(FILES, Shape::Array(&Shape::Object(&FILE_ATTACHMENT))),
    ]
);
message!(REPLY, "ReplyMessage", "reply", [req(TEXT, Shape::String)]);
message!(
    REASONING,
    "ReasoningMessage",
    "reasoning",
    [req(TITLE, Shape::String), req(SUMMARY, Shape::String),]
);
message!(
    TOOL_CALLS,
    "ToolCallsMessage",
    "tool-calls",
    [req(CALLS, Shape::Array(&Shape::Object(&TOOL_CALL))),]
);
message!(
    TOOL_RESULTS,
    "ToolResultsMessage",
    "tool-results",
    [req(RESULTS, Shape::Array(&Shape::Object(&TOOL_RESULT))),]
);
message!(
    SYSTEM,
    "SystemMessage",
    "system",
    [req(TEXT, Shape::String)]
);
message!(LOG, "LogMessage", "log", [req(TEXT, Shape::String)]);
message!(
    TOOL_CALL_MESSAGE,
    "ToolCallMessage",
    "tool-call",
    [req(NAME, Shape::String), opt(ARGS, Shape::Json),]
);
message!(
    TOOL_RESULT_MESSAGE,
    "ToolResultMessage",
    "tool-result",
    [
        req(CALL_ID, Shape::String),
        req(RESULT, Shape::Json),
        opt(ERROR, Shape::String),
    ]
);

static UNION: TaggedShape = TaggedShape {
    name: "KernelMessage",
    tag: TYPE,
    variants: &[
        ("input", &INPUT),
        ("reply", &REPLY),
        ("reasoning", &REASONING),
        ("tool-calls", &TOOL_CALLS),
        ("tool-results", &TOOL_RESULTS),
        ("system", &SYSTEM),
        ("log", &LOG),
        ("tool-call", &TOOL_CALL_MESSAGE),
        ("tool-result", &TOOL_RESULT_MESSAGE),
    ],
    base: &BASE,
    extensible: true,
};

/// Any Kernel message.
pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// The built-in message types.
pub const TYPES: &[&str] = &[
    "input",
    "reply",
    "reasoning",
    "tool-calls",
    "tool-results",
    "system",
    "log",
    "tool-call",
    "tool-result",
];

/// Every documented type with a validator of its own, by its TypeScript name.
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("KernelMessage", &MESSAGE),
    ("InputMessage", &Shape::Object(&INPUT)),
    ("ReplyMessage", &Shape::Object(&REPLY)),
    ("ReasoningMessage", &Shape::Object(&REASONING)),
    ("ToolCallsMessage", &Shape::Object(&TOOL_CALLS)),
    ("ToolResultsMessage", &Shape::Object(&TOOL_RESULTS)),
    ("SystemMessage", &Shape::Object(&SYSTEM)),
    ("LogMessage", &Shape::Object(&LOG)),
    ("ToolCallMessage", &Shape::Object(&TOOL_CALL_MESSAGE)),
    ("ToolResultMessage", &Shape::Object(&TOOL_RESULT_MESSAGE)),
    ("FileAttachment", &Shape::Object(&FILE_ATTACHMENT)),
    ("ToolCall", &Shape::Object(&TOOL_CALL)),
    ("ToolResult", &Shape::Object(&TOOL_RESULT)),
];
