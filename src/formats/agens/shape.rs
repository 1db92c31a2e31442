//! The Agens types, described to the validation engine.

use crate::keys::*;
use crate::validate::{Field, ObjectShape, Rule, Shape, TaggedShape};

const fn req(key: Key, shape: Shape) -> Field {
    Field::required(key, shape)
}
const fn opt(key: Key, shape: Shape) -> Field {
    Field::optional(key, shape)
}

/// An Elixir `String.t() | nil` / `binary() | nil`.
const NULLABLE_STRING: Shape = Shape::Nullable(&Shape::String);

pub static RESOURCE: ObjectShape = ObjectShape {
    name: "Resource",
    fields: &[
        req(URI, Shape::String),
        req(NAME, Shape::String),
        opt(DESCRIPTION, NULLABLE_STRING),
        opt(CONTENT, NULLABLE_STRING),
    ],
};

pub static TOOL_DEF: ObjectShape = ObjectShape {
    name: "ToolDef",
    // MCP's `Tool` fields are named so that strict mode does not report them; their values
    // are not checked (the TypeScript type is open: `[key: string]: unknown`).
    fields: &[
        req(NAME, Shape::String),
        opt(TITLE, Shape::Any),
        opt(DESCRIPTION, Shape::Any),
        opt(INPUT_SCHEMA, Shape::Any),
        opt(OUTPUT_SCHEMA, Shape::Any),
        opt(ANNOTATIONS, Shape::Any),
    ],
};

pub static TOOL_CALL_ARGUMENT: ObjectShape = ObjectShape {
    name: "ToolCallArgument",
    fields: &[req(KEY, Shape::String), req(VALUE, Shape::String)],
};

pub static TOOL_CALL: ObjectShape = ObjectShape {
    name: "ToolCall",
    fields: &[
        req(ID, Shape::String),
        req(NAME, Shape::String),
        req(ARGUMENTS, Shape::Array(&Shape::Object(&TOOL_CALL_ARGUMENT))),
        req(SERVER_NAME, Shape::String),
        req(TYPE, Shape::Enum(&["mcp_tool_use", "tool_call"])),
    ],
};

pub static ROUTE: ObjectShape = ObjectShape {
    name: "RouteInstruction",
    fields: &[
        req(TYPE, Shape::Literal("route")),
        req(NODE_ID, Shape::String),
        req(COUNT, Shape::Integer { min: 1 }),
    ],
};

pub static YIELD: ObjectShape = ObjectShape {
    name: "YieldInstruction",
    fields: &[
        req(TYPE, Shape::Literal("yield")),
        req(NODE_ID, Shape::String),
    ],
};

pub static SUB: ObjectShape = ObjectShape {
    name: "SubInstruction",
    fields: &[req(TYPE, Shape::Literal("sub")), req(JOB_ID, Shape::String)],
};

pub static END: ObjectShape = ObjectShape {
    name: "EndInstruction",
    fields: &[req(TYPE, Shape::Literal("end"))],
};

pub static RETRY: ObjectShape = ObjectShape {
    name: "RetryInstruction",
    fields: &[
        req(TYPE, Shape::Literal("retry")),
        opt(REASON, Shape::String),
    ],
};

/// What every instruction shares besides its tag: nothing.
static NEXT_BASE: ObjectShape = ObjectShape {
    name: "NextInstruction",
    fields: &[],
};

static NEXT_UNION: TaggedShape = TaggedShape {
    name: "NextInstruction",
    tag: TYPE,
    variants: &[
        ("route", &ROUTE),
        ("yield", &YIELD),
        ("sub", &SUB),
        ("end", &END),
        ("retry", &RETRY),
    ],
    base: &NEXT_BASE,
    extensible: false,
};

/// One routing instruction of `next`.
pub static NEXT_INSTRUCTION: Shape = Shape::Tagged(&NEXT_UNION);

/// The instruction types, in upstream's order.
pub const NEXT_TYPES: &[&str] = &["route", "yield", "sub", "end", "retry"];

pub static SHORT_NEXT: ObjectShape = ObjectShape {
    name: "ShortNext",
    fields: &[
        req(TYPE, Shape::Enum(NEXT_TYPES)),
        req(VALUE, Shape::String),
    ],
};

pub static MESSAGE_OBJECT: ObjectShape = ObjectShape {
    name: "Message",
    fields: &[
        opt(
            CALLER,
            Shape::Nullable(&Shape::Rule(&Shape::String, Rule::Pid)),
        ),
        opt(ID, NULLABLE_STRING),
        opt(RUN_ID, NULLABLE_STRING),
        opt(PARENT_RUN_ID, NULLABLE_STRING),
        opt(THREAD_ID, NULLABLE_STRING),
        req(INPUT, Shape::Rule(&Shape::String, Rule::NonEmpty)),
        opt(SYSTEM, NULLABLE_STRING),
        opt(USER, NULLABLE_STRING),
        opt(RESULT, NULLABLE_STRING),
        opt(PREVIOUS_RESULT, NULLABLE_STRING),
        opt(OUTPUTS, Shape::Nullable(&Shape::Record(&Shape::Any))),
        opt(JOB_ID, NULLABLE_STRING),
        opt(JOB_DESCRIPTION, NULLABLE_STRING),
        opt(NODE_ID, NULLABLE_STRING),
        opt(NODE_OBJECTIVE, NULLABLE_STRING),
        opt(AGENT_ID, NULLABLE_STRING),
        opt(SERVING_NAME, NULLABLE_STRING),
        opt(
            TOOL_DEFS,
            Shape::Nullable(&Shape::Array(&Shape::Object(&TOOL_DEF))),
        ),
        opt(
            TOOL_CALLS,
            Shape::Nullable(&Shape::Array(&Shape::Object(&TOOL_CALL))),
        ),
        opt(TOOL_RESULTS, Shape::Nullable(&Shape::Record(&Shape::Any))),
        opt(
            RESOURCES,
            Shape::Nullable(&Shape::Array(&Shape::Object(&RESOURCE))),
        ),
        opt(RETRIES, Shape::Integer { min: 0 }),
        opt(RETRY_REASON, NULLABLE_STRING),
        opt(NEXT, Shape::Array(&NEXT_INSTRUCTION)),
    ],
};

/// `Agens.Message`.
pub static MESSAGE: Shape = Shape::Object(&MESSAGE_OBJECT);

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("Message", &MESSAGE),
    ("Resource", &Shape::Object(&RESOURCE)),
    ("NextInstruction", &NEXT_INSTRUCTION),
    ("RouteInstruction", &Shape::Object(&ROUTE)),
    ("YieldInstruction", &Shape::Object(&YIELD)),
    ("SubInstruction", &Shape::Object(&SUB)),
    ("EndInstruction", &Shape::Object(&END)),
    ("RetryInstruction", &Shape::Object(&RETRY)),
    ("ShortNext", &Shape::Object(&SHORT_NEXT)),
    ("ToolCall", &Shape::Object(&TOOL_CALL)),
    ("ToolCallArgument", &Shape::Object(&TOOL_CALL_ARGUMENT)),
    ("ToolDef", &Shape::Object(&TOOL_DEF)),
];
