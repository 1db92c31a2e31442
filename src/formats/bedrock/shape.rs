//! The Bedrock Swarm shapes: every TypedDict's is derived from its documented type
//! (`types.rs`, `#[derive(Described)]`), the event types from their enum; what is written here
//! is the `AgentResponse` union, told apart by `type`.

use super::types::*;
use crate::keys::TYPE;
use crate::validate::{enum_names, Described, Elsewhere, ObjectShape, Shape, TaggedShape};

pub const EVENT_TYPES: &[&str] = enum_names(BedrockEventType::SHAPE);

pub static EVENT_TYPE: Shape = BedrockEventType::SHAPE;

/// What the facade reads from `describe()`: the event types, and the types a stored Bedrock
/// message may be (a response or an event: names of [`VALIDATORS`], a test checks).
pub fn lists() -> crate::formats::Lists {
    vec![
        ("EVENT_TYPES", EVENT_TYPES.to_vec()),
        ("STORED", vec!["AgentResponse", "Event"]),
    ]
}

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
    // An event handed to the module's verbs (which are AgentResponse's): say where it belongs.
    elsewhere: Some(&Elsewhere {
        tags: EVENT_TYPES,
        note: "; that is a Bedrock Event type, and an Event is not an AgentResponse: events have verbs of their own, bedrock.Event.validate, bedrock.Event.toJSON, bedrock.Event.fromJSON",
    }),
};

pub static AGENT_RESPONSE: Shape = Shape::Tagged(&RESPONSE_UNION);

pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("AgentResponse", &AGENT_RESPONSE),
    ("MessageResponse", &BedrockMessageResponse::SHAPE),
    ("ToolCallResponse", &BedrockToolCallResponse::SHAPE),
    ("ToolCall", &BedrockToolCall::SHAPE),
    ("ToolCallFunction", &BedrockToolCallFunction::SHAPE),
    ("ToolOutput", &BedrockToolOutput::SHAPE),
    ("ToolResult", &BedrockToolResult::SHAPE),
    ("Event", &BedrockEvent::SHAPE),
    ("EventType", &EVENT_TYPE),
];
