//! The documented Kernel interfaces as Rust types. Tsify turns them into the TypeScript
//! declarations the package ships, so the names and fields here are the documented ones.

use crate::validate::{Described, Shape};
use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Any JSON value.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "string | number | boolean | null | JSONValue[] | { [key: string]: JSONValue }")]
#[serde(transparent)]
pub struct JSONValue(pub serde_json::Value);

impl Described for JSONValue {
    const SHAPE: Shape = Shape::Json;
}

/// What every message has. Messages may carry custom properties besides these.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct BaseMessage {
    /// A ULID assigned at creation.
    pub id: String,
    /// Milliseconds since the epoch.
    pub timestamp: f64,
    #[serde(rename = "type")]
    pub r#type: String,
}

/// User input: text and/or file attachments.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = INPUT)]
pub struct InputMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'input'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub files: Option<Vec<FileAttachment>>,
}

/// A file attached to an input.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct FileAttachment {
    #[tsify(type = "Uint8Array")]
    pub data: Vec<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    #[serde(rename = "mimeType", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub mime_type: Option<String>,
}

/// A direct response to the user.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REPLY)]
pub struct ReplyMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'reply'")]
    pub r#type: String,
    pub text: String,
}

/// Internal reasoning.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REASONING)]
pub struct ReasoningMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'reasoning'")]
    pub r#type: String,
    pub title: String,
    pub summary: String,
}

/// Tool execution requests.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALLS)]
pub struct ToolCallsMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'tool-calls'")]
    pub r#type: String,
    pub calls: Vec<ToolCall>,
}

/// One tool call.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub args: Option<JSONValue>,
}

/// Results of tool execution.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_RESULTS)]
pub struct ToolResultsMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'tool-results'")]
    pub r#type: String,
    pub results: Vec<ToolResult>,
}

/// One tool result.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolResult {
    /// Links back to `ToolCall.id`.
    #[serde(rename = "callId", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub call_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub name: Option<String>,
    /// The tool's result (or a process container).
    #[tsify(type = "any")]
    pub output: serde_json::Value,
    /// Set when execution failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "Error")]
    pub error: Option<ErrorObject>,
}

/// The JSON form of an `Error`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
pub struct ErrorObject {
    pub name: String,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stack: Option<String>,
}

/// System prompts and status.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SYSTEM)]
pub struct SystemMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'system'")]
    pub r#type: String,
    pub text: String,
}

/// System events and debugging information (added upstream after the seed).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = LOG)]
pub struct LogMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'log'")]
    pub r#type: String,
    pub text: String,
}

/// One tool call as its own message (added upstream after the seed).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_MESSAGE)]
pub struct ToolCallMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'tool-call'")]
    pub r#type: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub args: Option<JSONValue>,
}

/// One tool result as its own message (added upstream after the seed).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_RESULT_MESSAGE)]
pub struct ToolResultMessage {
    pub id: String,
    pub timestamp: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'tool-result'")]
    pub r#type: String,
    #[serde(rename = "callId")]
    pub call_id: String,
    pub result: JSONValue,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub error: Option<String>,
}

/// Any Kernel message.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum KernelMessage {
    Input(InputMessage),
    Reply(ReplyMessage),
    Reasoning(ReasoningMessage),
    ToolCalls(ToolCallsMessage),
    ToolResults(ToolResultsMessage),
    System(SystemMessage),
    Log(LogMessage),
    ToolCall(ToolCallMessage),
    ToolResult(ToolResultMessage),
}
