//! The documented Bedrock Swarm TypedDicts as Rust types. Tsify turns them into the TypeScript
//! declarations the package ships. Every interface is emitted with a `Bedrock` prefix, because
//! all formats share one generated declaration file and `ToolCall`, `ToolResult`, `Event`, ...
//! are common names; `bedrock.d.ts` re-exports them under their documented names.
//!
//! TypedDicts are total: every key is required. `Optional[X]` is `X | null` (never `?`).
//! `Dict[str, Any]` is `{ [key: string]: any }`.

use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use tsify::Tsify;

/// Structure for tool function calls.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_FUNCTION, name = "ToolCallFunction")]
pub struct BedrockToolCallFunction {
    /// Name of the tool to call.
    pub name: String,
    /// Arguments for the tool: an object (not OpenAI's JSON text).
    #[tsify(type = "{ [key: string]: any }")]
    #[shape(rule = NotJsonText)]
    pub arguments: Map<String, Value>,
}

/// Complete tool call structure.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL, name = "ToolCall")]
pub struct BedrockToolCall {
    /// Unique identifier.
    pub id: String,
    /// Always "function".
    #[serde(rename = "type")]
    #[tsify(type = "'function'")]
    pub r#type: String,
    /// Tool function details.
    pub function: BedrockToolCallFunction,
}

/// Tool execution result.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_OUTPUT, name = "ToolOutput")]
pub struct BedrockToolOutput {
    /// ID of the original tool call.
    pub tool_call_id: String,
    /// Tool execution output.
    pub output: String,
}

/// Detailed tool execution result.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_RESULT, name = "ToolResult")]
pub struct BedrockToolResult {
    /// Whether the tool executed successfully.
    pub success: bool,
    /// Tool output if successful.
    pub result: String,
    /// Error message if failed (`Optional[str]`: the key is always there).
    #[tsify(type = "string | null")]
    pub error: Option<String>,
}

/// Direct message response.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = MESSAGE_RESPONSE, name = "MessageResponse")]
pub struct BedrockMessageResponse {
    /// Indicates direct message.
    #[serde(rename = "type")]
    #[tsify(type = "'message'")]
    pub r#type: String,
    /// Message content.
    pub content: String,
}

/// Response indicating tool usage.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_RESPONSE, name = "ToolCallResponse")]
pub struct BedrockToolCallResponse {
    /// Indicates tool call.
    #[serde(rename = "type")]
    #[tsify(type = "'tool_call'")]
    pub r#type: String,
    /// List of tools to call.
    pub tool_calls: Vec<BedrockToolCall>,
}

/// Union type for all possible agent responses (told apart by `type`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum BedrockAgentResponse {
    Message(BedrockMessageResponse),
    ToolCall(BedrockToolCallResponse),
}

/// All possible event types: the nine documented ones, and `"tool_error"`, which
/// bedrock-swarm 0.4.0 emits (its tool-failure path) although the documented `Literal` omits it.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum BedrockEventType {
    /// Agent begins processing.
    AgentStart,
    /// Agent completes processing.
    AgentComplete,
    /// Tool execution begins.
    ToolStart,
    /// Tool execution completes.
    ToolComplete,
    /// Message sent between agents.
    MessageSent,
    /// Message received by agent.
    MessageReceived,
    /// Error occurred.
    Error,
    /// Run begins.
    RunStart,
    /// Run completes.
    RunComplete,
    /// Tool execution failed (emitted upstream, not in the documented `Literal`).
    ToolError,
}

/// Complete event structure.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = EVENT, name = "Event")]
pub struct BedrockEvent {
    /// Unique event ID (upstream and ours: a UUID v4; any string is valid).
    pub id: String,
    /// Type of event.
    #[serde(rename = "type")]
    pub r#type: BedrockEventType,
    /// ISO 8601 timestamp, with or without a zone (ours: UTC with `Z`).
    #[shape(rule = IsoDateTime)]
    pub timestamp: String,
    /// Name of agent involved.
    pub agent_name: String,
    /// ID of the run.
    pub run_id: String,
    /// ID of the thread.
    pub thread_id: String,
    /// ID of parent event (`null` for a root event).
    #[tsify(type = "string | null")]
    pub parent_event_id: Option<String>,
    /// Event-specific details.
    #[tsify(type = "{ [key: string]: any }")]
    pub details: Map<String, Value>,
    /// Additional metadata.
    #[tsify(type = "{ [key: string]: any }")]
    pub metadata: Map<String, Value>,
}
