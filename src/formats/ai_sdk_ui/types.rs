//! The AI SDK's `UIMessage` and its parts as Rust types, named and shaped as `ai` 7.0.173
//! declares them (`ai/dist/index.d.ts` L1851-2305; docs/UPSTREAM.md section 3). Tsify turns them
//! into the TypeScript declarations the package ships; `#[derive(Described)]` into their
//! validation shapes. The unions (parts by `type`, tool parts by `state`) are in `shape.rs`,
//! and their TypeScript is written here, beside the types they join.
//!
//! `ai` declares `UIMessage<METADATA, DATA_PARTS, TOOLS>`; these are its defaults
//! (`metadata?: unknown`, any `data-${string}` part, any `tool-${string}` part).

use crate::formats::ai_sdk::{AiSdkJSONObject, AiSdkProviderReference};
use crate::validate::{Described, Shape};
use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Provider-specific metadata, by provider (`SharedV4ProviderMetadata`; the same as the model
/// messages' `ProviderOptions`, under the name `ai` gives it here).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "Record<string, AiSdkJSONObject>")]
#[serde(transparent)]
pub struct ProviderMetadata(pub serde_json::Value);

impl Described for ProviderMetadata {
    const SHAPE: Shape = Shape::Record(&AiSdkJSONObject::SHAPE);
}

/// A message of a chat UI: an id, a role and its parts.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = UI_MESSAGE)]
pub struct UIMessage {
    pub id: String,
    #[tsify(type = "'system' | 'user' | 'assistant'")]
    pub role: String,
    /// Whatever the application keeps with the message (`UIMessage<METADATA>`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "unknown")]
    pub metadata: Option<serde_json::Value>,
    #[tsify(type = "UIMessagePart[]")]
    pub parts: Vec<UIMessagePart>,
}

/// Any part of a UI message.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "TextUIPart | CustomContentUIPart | ReasoningUIPart | ToolUIPart | DynamicToolUIPart | SourceUrlUIPart | SourceDocumentUIPart | FileUIPart | ReasoningFileUIPart | DataUIPart | SteeringMessageUIPart | StepStartUIPart"
)]
#[serde(transparent)]
pub struct UIMessagePart(pub serde_json::Value);

/// Text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TEXT_UI_PART)]
pub struct TextUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub citations: Option<Vec<Citation>>,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'streaming' | 'done'")]
    pub state: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// Provider-specific content, of a `provider.type` kind.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CUSTOM_CONTENT_UI_PART)]
pub struct CustomContentUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'custom'")]
    pub r#type: String,
    #[tsify(type = "`${string}.${string}`")]
    #[shape(rule = ProviderKind)]
    pub kind: String,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// The model's reasoning.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REASONING_UI_PART)]
pub struct ReasoningUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'reasoning'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub id: Option<String>,
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'streaming' | 'done'")]
    pub state: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A source the model cited, by URL.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SOURCE_URL_UI_PART)]
pub struct SourceUrlUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'source-url'")]
    pub r#type: String,
    #[serde(rename = "sourceId")]
    pub source_id: String,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub title: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A source the model cited, a document.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SOURCE_DOCUMENT_UI_PART)]
pub struct SourceDocumentUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'source-document'")]
    pub r#type: String,
    #[serde(rename = "sourceId")]
    pub source_id: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A file: a hosted URL or a `data:` URL, or a provider's reference.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_UI_PART)]
pub struct FileUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    pub url: String,
    #[serde(rename = "providerReference", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_reference: Option<AiSdkProviderReference>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A file the model produced while reasoning.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REASONING_FILE_UI_PART)]
pub struct ReasoningFileUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'reasoning-file'")]
    pub r#type: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    pub url: String,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A user message sent while the assistant was answering (experimental; `ai` exports it as
/// `Experimental_SteeringMessageUIPart`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = STEERING_MESSAGE_UI_PART)]
pub struct SteeringMessageUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'steering-message'")]
    pub r#type: String,
    pub id: String,
    #[tsify(type = "Array<TextUIPart | FileUIPart>")]
    #[shape(shape = "Shape::Array(&super::shape::STEERING_PART)")]
    pub parts: Vec<serde_json::Value>,
}

/// Where a step of the assistant's answer starts.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = STEP_START_UI_PART)]
pub struct StepStartUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "'step-start'")]
    pub r#type: String,
}

/// Application data, of a `data-${string}` type (`DataUIPart<UIDataTypes>`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = DATA_UI_PART)]
pub struct DataUIPart {
    #[serde(rename = "type")]
    #[tsify(type = "`data-${string}`")]
    #[shape(shape = "Shape::String")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub id: Option<String>,
    /// Required, of any value (`undefined` too, as `unknown` is).
    #[tsify(type = "unknown")]
    pub data: serde_json::Value,
}

/// A citation of a source in a text part (`LanguageModelV4Citation`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CITATION)]
pub struct Citation {
    #[tsify(type = "LanguageModelV4Source")]
    #[shape(shape = "Shape::Tagged(&super::shape::SOURCES)")]
    pub source: serde_json::Value,
    #[serde(rename = "startIndex", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    #[shape(integer(min = 0))]
    pub start_index: Option<f64>,
    #[serde(rename = "endIndex", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    #[shape(integer(min = 0))]
    pub end_index: Option<f64>,
    #[serde(rename = "citedText", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub cited_text: Option<String>,
}

/// A cited source (`LanguageModelV4Source`): a URL or a document.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum LanguageModelV4Source {
    Url(LanguageModelV4UrlSource),
    Document(LanguageModelV4DocumentSource),
}

/// The URL member of `LanguageModelV4Source` (unnamed upstream).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = URL_SOURCE, name = "LanguageModelV4Source")]
pub struct LanguageModelV4UrlSource {
    #[serde(rename = "type")]
    #[tsify(type = "'source'")]
    pub r#type: String,
    #[serde(rename = "sourceType")]
    #[tsify(type = "'url'")]
    pub source_type: String,
    pub id: String,
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub title: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// The document member of `LanguageModelV4Source` (unnamed upstream).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = DOCUMENT_SOURCE, name = "LanguageModelV4Source")]
pub struct LanguageModelV4DocumentSource {
    #[serde(rename = "type")]
    #[tsify(type = "'source'")]
    pub r#type: String,
    #[serde(rename = "sourceType")]
    #[tsify(type = "'document'")]
    pub source_type: String,
    pub id: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    #[serde(rename = "providerMetadata", skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_metadata: Option<ProviderMetadata>,
}

/// A tool's approval, as each state has it (`UIToolInvocation`'s `approval`): `approved` and
/// `reason` are what the states tell apart (shape.rs).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "{ id: string; descriptor?: unknown; requestReason?: string; isAutomatic?: boolean; signature?: string; inputSchemaInput?: unknown }"
)]
#[serde(transparent)]
pub struct UIToolApprovalBase(pub serde_json::Value);

/// The states of a tool invocation, each with its keys (`UIToolInvocation<UITool>`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "{ toolCallId: string; title?: string; toolMetadata?: AiSdkJSONObject; providerExecuted?: boolean } & UIToolInvocationState"
)]
#[serde(transparent)]
pub struct UIToolInvocation(pub serde_json::Value);

/// The state-dependent half of `UIToolInvocation`.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "{ state: 'input-streaming'; input?: unknown; rawInput?: string; inputEncoding?: 'json' | 'text'; output?: never; errorText?: never; callProviderMetadata?: ProviderMetadata; approval?: never } \
| { state: 'input-available'; input: unknown; output?: never; errorText?: never; callProviderMetadata?: ProviderMetadata; approval?: never } \
| { state: 'approval-requested'; input: unknown; output?: never; errorText?: never; callProviderMetadata?: ProviderMetadata; approval: UIToolApprovalBase & { approved?: never; reason?: never } } \
| { state: 'approval-responded'; input: unknown; output?: never; errorText?: never; callProviderMetadata?: ProviderMetadata; approval: UIToolApprovalBase & { approved: boolean; reason?: string } } \
| { state: 'output-available'; input: unknown; output: unknown; errorText?: never; callProviderMetadata?: ProviderMetadata; resultProviderMetadata?: ProviderMetadata; preliminary?: boolean; approval?: UIToolApprovalBase & { approved: true; reason?: string } } \
| { state: 'output-error'; input: unknown; rawInput?: unknown; output?: never; errorText: string; callProviderMetadata?: ProviderMetadata; resultProviderMetadata?: ProviderMetadata; approval?: UIToolApprovalBase & { approved: true; reason?: string } } \
| { state: 'output-denied'; input: unknown; output?: never; errorText?: never; callProviderMetadata?: ProviderMetadata; approval: UIToolApprovalBase & { approved: false; reason?: string } }"
)]
#[serde(transparent)]
pub struct UIToolInvocationState(pub serde_json::Value);

/// A call of a tool the application declared, `tool-` and its name (`ToolUIPart<UITools>`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "{ type: `tool-${string}` } & UIToolInvocation")]
#[serde(transparent)]
pub struct ToolUIPart(pub serde_json::Value);

/// A call of a tool known only at run time (MCP and the like).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "{ type: 'dynamic-tool'; dynamic?: false; toolName: string } & UIToolInvocation")]
#[serde(transparent)]
pub struct DynamicToolUIPart(pub serde_json::Value);
