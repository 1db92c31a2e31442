//! The agent-swarm-kit interfaces, described to the validation engine.

use crate::keys::*;
use crate::validate::{Field, ObjectShape, Rule, Shape};

const fn req(key: Key, shape: Shape) -> Field {
    Field::required(key, shape)
}
const fn opt(key: Key, shape: Shape) -> Field {
    Field::optional(key, shape)
}

/// The roles, in the seed's order.
pub const ROLES: &[&str] = &[
    "tool",
    "user",
    "assistant",
    "system",
    "resque",
    "flush",
    "developer",
];

/// `ExecutionMode`.
pub const MODES: &[&str] = &["user", "tool"];

pub static ROLE_SHAPE: Shape = Shape::Enum(ROLES);
pub static MODE_SHAPE: Shape = Shape::Enum(MODES);

/// `IToolCall.function`: `arguments` is an object; a string there (OpenAI's JSON text) is an
/// `arguments_json_string` issue.
pub static TOOL_CALL_FUNCTION: ObjectShape = ObjectShape {
    name: "IToolCall[\"function\"]",
    fields: &[
        req(NAME, Shape::String),
        req(
            ARGUMENTS,
            Shape::Rule(&Shape::Record(&Shape::Any), Rule::NotJsonText),
        ),
    ],
};

pub static TOOL_CALL: ObjectShape = ObjectShape {
    name: "IToolCall",
    fields: &[
        req(ID, Shape::String),
        req(TYPE, Shape::Literal("function")),
        req(FUNCTION, Shape::Object(&TOOL_CALL_FUNCTION)),
    ],
};

pub static MODEL_MESSAGE: ObjectShape = ObjectShape {
    name: "IModelMessage",
    fields: &[
        req(ROLE, Shape::Enum(ROLES)),
        req(AGENT_NAME, Shape::String),
        req(CONTENT, Shape::String),
        req(MODE, Shape::Enum(MODES)),
        opt(TOOL_CALLS, Shape::Array(&Shape::Object(&TOOL_CALL))),
        // Strings (base64 or URLs) or bytes, all of one kind. Bytes are `{"$bytes": ...}` in
        // the JSON form, so that a string image that is itself base64 stays a string.
        opt(
            IMAGES,
            Shape::Rule(
                &Shape::Array(&Shape::OneOf(&[Shape::String, Shape::TaggedBytes])),
                Rule::SameKind,
            ),
        ),
        opt(TOOL_CALL_ID, Shape::String),
        opt(PAYLOAD, Shape::Nullable(&Shape::Record(&Shape::Any))),
    ],
};

/// An `IModelMessage`.
pub static MESSAGE: Shape = Shape::Object(&MODEL_MESSAGE);

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it). `ExecutionMode` and the role union
/// are bare strings: the JavaScript walker copies a string only under a key some rule reads,
/// so a validator whose root is a string could not read it; they are checked as fields.
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("IModelMessage", &MESSAGE),
    ("IToolCall", &Shape::Object(&TOOL_CALL)),
    ("ExecutionMode", &MODE_SHAPE),
    ("ModelMessageRole", &ROLE_SHAPE),
];
