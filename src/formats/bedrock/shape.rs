//! The Bedrock Swarm TypedDicts, described to the validation engine. Every key is required
//! (total TypedDicts); `Optional[X]` is `Nullable`.

use crate::keys::*;
use crate::validate::{Field, ObjectShape, Rule, Shape, TaggedShape};

const fn req(key: Key, shape: Shape) -> Field {
    Field::required(key, shape)
}

/// `Dict[str, Any]`.
static DICT: Shape = Shape::Record(&Shape::Any);

/// The documented event types, and `"tool_error"`, which upstream emits as well.
pub const EVENT_TYPES: &[&str] = &[
    "agent_start",
    "agent_complete",
    "tool_start",
    "tool_complete",
    "message_sent",
    "message_received",
    "error",
    "run_start",
    "run_complete",
    "tool_error",
];

pub static EVENT_TYPE: Shape = Shape::Enum(EVENT_TYPES);

pub static TOOL_CALL_FUNCTION: ObjectShape = ObjectShape {
    name: "ToolCallFunction",
    fields: &[
        req(NAME, Shape::String),
        // An object; OpenAI's JSON text here is its own issue (`arguments_json_string`).
        req(ARGUMENTS, Shape::Rule(&DICT, Rule::NotJsonText)),
    ],
};

pub static TOOL_CALL: ObjectShape = ObjectShape {
    name: "ToolCall",
    fields: &[
        req(ID, Shape::String),
        req(TYPE, Shape::Literal("function")),
        req(FUNCTION, Shape::Object(&TOOL_CALL_FUNCTION)),
    ],
};

pub static TOOL_OUTPUT: ObjectShape = ObjectShape {
    name: "ToolOutput",
    fields: &[req(TOOL_CALL_ID, Shape::String), req(OUTPUT, Shape::String)],
};

pub static TOOL_RESULT: ObjectShape = ObjectShape {
    name: "ToolResult",
    fields: &[
        req(SUCCESS, Shape::Boolean),
        req(RESULT, Shape::String),
        req(ERROR, Shape::Nullable(&Shape::String)),
    ],
};

pub static MESSAGE_RESPONSE: ObjectShape = ObjectShape {
    name: "MessageResponse",
    fields: &[
        req(TYPE, Shape::Literal("message")),
        req(CONTENT, Shape::String),
    ],
};

pub static TOOL_CALL_RESPONSE: ObjectShape = ObjectShape {
    name: "ToolCallResponse",
    fields: &[
        req(TYPE, Shape::Literal("tool_call")),
        req(TOOL_CALLS, Shape::Array(&Shape::Object(&TOOL_CALL))),
    ],
};

/// What the two responses share besides `type`: nothing.
static RESPONSE_BASE: ObjectShape = ObjectShape {
    name: "AgentResponse",
    fields: &[],
};

static RESPONSE_UNION: TaggedShape = TaggedShape {
    name: "AgentResponse",
    tag: TYPE,
    variants: &[
        ("message", &MESSAGE_RESPONSE),
        ("tool_call", &TOOL_CALL_RESPONSE),
    ],
    base: &RESPONSE_BASE,
    extensible: false,
};

/// `AgentResponse = Union[MessageResponse, ToolCallResponse]`: the format's message type.
pub static AGENT_RESPONSE: Shape = Shape::Tagged(&RESPONSE_UNION);

pub static EVENT: ObjectShape = ObjectShape {
    name: "Event",
    fields: &[
        req(ID, Shape::String),
        req(TYPE, Shape::Enum(EVENT_TYPES)),
        req(TIMESTAMP, Shape::Rule(&Shape::String, Rule::IsoDateTime)),
        req(AGENT_NAME_SNAKE, Shape::String),
        req(RUN_ID, Shape::String),
        req(THREAD_ID, Shape::String),
        req(PARENT_EVENT_ID, Shape::Nullable(&Shape::String)),
        req(DETAILS, Shape::Record(&Shape::Any)),
        req(METADATA, Shape::Record(&Shape::Any)),
    ],
};

/// Every documented type with a validator of its own, by its documented name; the first is the
/// format's message type.
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("AgentResponse", &AGENT_RESPONSE),
    ("MessageResponse", &Shape::Object(&MESSAGE_RESPONSE)),
    ("ToolCallResponse", &Shape::Object(&TOOL_CALL_RESPONSE)),
    ("ToolCall", &Shape::Object(&TOOL_CALL)),
    ("ToolCallFunction", &Shape::Object(&TOOL_CALL_FUNCTION)),
    ("ToolOutput", &Shape::Object(&TOOL_OUTPUT)),
    ("ToolResult", &Shape::Object(&TOOL_RESULT)),
    ("Event", &Shape::Object(&EVENT)),
    ("EventType", &EVENT_TYPE),
];
