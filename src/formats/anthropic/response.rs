//! The response side of Anthropic Messages: `Message` and its `ContentBlock`s, `Usage` and
//! the rest, as `@anthropic-ai/sdk` 1.12.0 declares them. (No response block has
//! `cache_control`; several fields the params make optional are required and nullable here.)

use super::request::ToolUseCaller;
use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The SDK's `Message`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Message {
    pub id: String,
    #[tsify(type = "Container | null")]
    pub container: Option<Container>,
    pub content: Vec<ContentBlock>,
    #[tsify(type = "Diagnostics | null")]
    pub diagnostics: Option<Diagnostics>,
    /// A model name (the SDK's `Model`: known names, or any string).
    #[tsify(type = "Model")]
    pub model: String,
    #[tsify(type = "'assistant'")]
    pub role: String,
    #[tsify(type = "RefusalStopDetails | null")]
    pub stop_details: Option<RefusalStopDetails>,
    #[tsify(type = "StopReason | null")]
    pub stop_reason: Option<StopReason>,
    #[tsify(type = "string | null")]
    pub stop_sequence: Option<String>,
    #[serde(rename = "type")]
    #[tsify(type = "'message'")]
    pub r#type: String,
    pub usage: Usage,
}

/// The SDK's `TextBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct TextBlock {
    #[tsify(type = "TextCitation[] | null")]
    #[shape(any)]
    pub citations: Option<serde_json::Value>,
    pub text: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
}

/// The SDK's `ThinkingBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ThinkingBlock {
    /// `missing_signature` when absent, as for the param.
    #[shape(missing = MissingSignature)]
    pub signature: String,
    pub thinking: String,
    #[serde(rename = "type")]
    #[tsify(type = "'thinking'")]
    pub r#type: String,
}

/// The SDK's `RedactedThinkingBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct RedactedThinkingBlock {
    pub data: String,
    #[serde(rename = "type")]
    #[tsify(type = "'redacted_thinking'")]
    pub r#type: String,
}

/// The SDK's `ToolUseBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolUseBlock {
    pub id: String,
    #[tsify(type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120")]
    pub caller: ToolUseCaller,
    #[tsify(type = "unknown")]
    pub input: serde_json::Value,
    pub name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_use'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub toolset_name: Option<Option<String>>,
}

/// The SDK's `ServerToolUseBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ServerToolUseBlock {
    pub id: String,
    #[tsify(type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120")]
    pub caller: ToolUseCaller,
    #[tsify(type = "unknown")]
    pub input: serde_json::Value,
    #[tsify(
        type = "'web_search' | 'web_fetch' | 'code_execution' | 'bash_code_execution' | 'text_editor_code_execution' | 'tool_search_tool_regex' | 'tool_search_tool_bm25'"
    )]
    pub name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'server_tool_use'")]
    pub r#type: String,
}

/// The SDK's `WebSearchToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct WebSearchToolResultBlock {
    #[tsify(type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120")]
    pub caller: ToolUseCaller,
    #[tsify(type = "WebSearchToolResultBlockContent")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'web_search_tool_result'")]
    pub r#type: String,
}

/// The SDK's `WebFetchToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct WebFetchToolResultBlock {
    #[tsify(type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120")]
    pub caller: ToolUseCaller,
    #[tsify(type = "WebFetchToolResultErrorBlock | WebFetchBlock")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'web_fetch_tool_result'")]
    pub r#type: String,
}

/// The SDK's `CodeExecutionToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CodeExecutionToolResultBlock {
    #[tsify(type = "CodeExecutionToolResultBlockContent")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'code_execution_tool_result'")]
    pub r#type: String,
}

/// The SDK's `BashCodeExecutionToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct BashCodeExecutionToolResultBlock {
    #[tsify(type = "BashCodeExecutionToolResultErrorObject | BashCodeExecutionResultBlock")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'bash_code_execution_tool_result'")]
    pub r#type: String,
}

/// The SDK's `TextEditorCodeExecutionToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct TextEditorCodeExecutionToolResultBlock {
    #[tsify(
        type = "TextEditorCodeExecutionToolResultErrorObject | TextEditorCodeExecutionViewResultBlock | TextEditorCodeExecutionCreateResultBlock | TextEditorCodeExecutionStrReplaceResultBlock"
    )]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text_editor_code_execution_tool_result'")]
    pub r#type: String,
}

/// The SDK's `ToolSearchToolResultBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolSearchToolResultBlock {
    #[tsify(type = "ToolSearchToolResultErrorObject | ToolSearchToolSearchResultBlock")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_search_tool_result'")]
    pub r#type: String,
}

/// The SDK's `ContainerUploadBlock`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ContainerUploadBlock {
    pub file_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'container_upload'")]
    pub r#type: String,
}

/// The SDK's `Usage`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Usage {
    #[tsify(type = "CacheCreation | null")]
    pub cache_creation: Option<CacheCreation>,
    #[tsify(type = "number | null")]
    pub cache_creation_input_tokens: Option<f64>,
    #[tsify(type = "number | null")]
    pub cache_read_input_tokens: Option<f64>,
    #[tsify(type = "string | null")]
    pub inference_geo: Option<String>,
    pub input_tokens: f64,
    pub output_tokens: f64,
    #[tsify(type = "OutputTokensDetails | null")]
    pub output_tokens_details: Option<OutputTokensDetails>,
    #[tsify(type = "ServerToolUsage | null")]
    pub server_tool_use: Option<ServerToolUsage>,
    #[tsify(type = "'standard' | 'priority' | 'batch' | null")]
    pub service_tier: Option<String>,
    #[tsify(type = "'standard' | 'fast' | null")]
    pub speed: Option<String>,
}

/// The SDK's `Container`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Container {
    pub id: String,
    pub expires_at: String,
    #[tsify(type = "ContainerSkill[] | null")]
    pub skills: Option<Vec<ContainerSkill>>,
}

/// The SDK's `ContainerSkill`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ContainerSkill {
    pub skill_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'anthropic' | 'custom'")]
    pub r#type: String,
    pub version: String,
}

/// The SDK's `Diagnostics`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Diagnostics {
    #[tsify(type = "CacheMissReason | null")]
    #[shape(any)]
    pub cache_miss_reason: Option<serde_json::Value>,
}

/// The SDK's `RefusalStopDetails`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct RefusalStopDetails {
    #[tsify(
        type = "'cyber' | 'bio' | 'frontier_llm' | 'reasoning_extraction' | 'general_harms' | null"
    )]
    pub category: Option<String>,
    #[tsify(type = "string | null")]
    pub explanation: Option<String>,
    #[serde(rename = "type")]
    #[tsify(type = "'refusal'")]
    pub r#type: String,
}

/// The SDK's `CacheCreation`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CacheCreation {
    pub ephemeral_1h_input_tokens: f64,
    pub ephemeral_5m_input_tokens: f64,
}

/// The SDK's `OutputTokensDetails`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct OutputTokensDetails {
    pub thinking_tokens: f64,
}

/// The SDK's `ServerToolUsage`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ServerToolUsage {
    pub web_fetch_requests: f64,
    pub web_search_requests: f64,
}

/// Any block of a response's content.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ContentBlock {
    Text(TextBlock),
    Thinking(ThinkingBlock),
    RedactedThinking(RedactedThinkingBlock),
    ToolUse(ToolUseBlock),
    ServerToolUse(ServerToolUseBlock),
    WebSearchToolResult(WebSearchToolResultBlock),
    WebFetchToolResult(WebFetchToolResultBlock),
    CodeExecutionToolResult(CodeExecutionToolResultBlock),
    BashCodeExecutionToolResult(BashCodeExecutionToolResultBlock),
    TextEditorCodeExecutionToolResult(TextEditorCodeExecutionToolResultBlock),
    ToolSearchToolResult(ToolSearchToolResultBlock),
    ContainerUpload(ContainerUploadBlock),
}

/// The SDK's `StopReason`: why the model stopped.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    EndTurn,
    MaxTokens,
    StopSequence,
    ToolUse,
    PauseTurn,
    Refusal,
    ModelContextWindowExceeded,
}
