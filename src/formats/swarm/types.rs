//! The documented agent-swarm-kit interfaces as Rust types. Tsify turns them into the
//! TypeScript declarations the package ships, so the names and fields here are the documented
//! ones (upstream `src/model/ModelMessage.model.ts`, `Tool.model.ts`).

use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The role of a message's sender (upstream writes the union inline; we name it).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ModelMessageRole {
    Tool,
    User,
    Assistant,
    System,
    Resque,
    Flush,
    Developer,
}

/// Where a message comes from: user input, or tool output and system actions.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum ExecutionMode {
    User,
    Tool,
}

/// One message of an agent's history.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[tsify(type_params = "Payload extends object = object")]
#[shape(static = MODEL_MESSAGE)]
pub struct IModelMessage {
    pub role: ModelMessageRole,
    #[serde(rename = "agentName")]
    pub agent_name: String,
    /// May be empty (a flush has `""`).
    pub content: String,
    pub mode: ExecutionMode,
    /// Present when the model requests tool execution.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub tool_calls: Option<Vec<IToolCall>>,
    /// Images, all of one kind: strings (base64 or URLs) or bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string[] | Uint8Array[]")]
    #[shape(
        shape = "crate::validate::Shape::Rule(&crate::validate::Shape::Array(&crate::validate::Shape::OneOf(&[crate::validate::Shape::String, crate::validate::Shape::TaggedBytes])), crate::validate::Rule::SameKind)"
    )]
    pub images: Option<Vec<String>>,
    /// The tool call this message answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub tool_call_id: Option<String>,
    /// Any object, or `null` for none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "Payload | null")]
    #[shape(
        shape = "crate::validate::Shape::Nullable(&crate::validate::Shape::Record(&crate::validate::Shape::Any))"
    )]
    pub payload: Option<serde_json::Value>,
}

/// A tool call the model requested. `arguments` is an object, not OpenAI's JSON text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL)]
pub struct IToolCall {
    pub id: String,
    #[serde(rename = "type")]
    #[tsify(type = "\"function\"")]
    pub r#type: String,
    #[tsify(type = "{ name: string; arguments: { [key: string]: any } }")]
    pub function: IToolCallFunction,
}

/// `IToolCall.function` (an anonymous object upstream; it has no TypeScript name of its own).
#[derive(Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_FUNCTION, name = "IToolCall[\"function\"]")]
pub struct IToolCallFunction {
    pub name: String,
    /// An object: a string here is most likely OpenAI's JSON text.
    #[shape(rule = NotJsonText)]
    pub arguments: serde_json::Map<String, serde_json::Value>,
}
