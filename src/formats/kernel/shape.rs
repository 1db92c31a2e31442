//! The Kernel union, described to the validation engine. Each interface's shape is derived
//! from its documented type (`types.rs`, `#[derive(Described)]`); what is written here is what
//! no struct says: the union of the message types, told apart by `type`, and its base.

use super::types::*;
use crate::keys::{ID, TIMESTAMP, TYPE};
use crate::validate::{Field, ObjectShape, Shape, TaggedShape};

/// What every message shares; a registered type is checked against this alone.
static BASE: ObjectShape = ObjectShape {
    name: "BaseMessage",
    fields: &[
        Field::required(ID, Shape::String),
        Field::required(TIMESTAMP, Shape::Number),
    ],
};

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
    elsewhere: None,
};

pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// The built-in message types (the union's tags).
pub fn types() -> impl Iterator<Item = &'static str> {
    UNION.tags()
}

/// What the facade reads from `describe()`.
pub fn lists() -> crate::formats::Lists {
    vec![("TYPES", types().collect())]
}

pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("KernelMessage", &MESSAGE),
    (
        "InputMessage",
        &<InputMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ReplyMessage",
        &<ReplyMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ReasoningMessage",
        &<ReasoningMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ToolCallsMessage",
        &<ToolCallsMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ToolResultsMessage",
        &<ToolResultsMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "SystemMessage",
        &<SystemMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "LogMessage",
        &<LogMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ToolCallMessage",
        &<ToolCallMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "ToolResultMessage",
        &<ToolResultMessage as crate::validate::Described>::SHAPE,
    ),
    (
        "FileAttachment",
        &<FileAttachment as crate::validate::Described>::SHAPE,
    ),
    ("ToolCall", &<ToolCall as crate::validate::Described>::SHAPE),
    (
        "ToolResult",
        &<ToolResult as crate::validate::Described>::SHAPE,
    ),
];
