//! The AI SDK's `ModelMessage` and its parts as Rust types, named as `@ai-sdk/provider-utils`
//! names them (`ai` re-exports most). Tsify turns them into the TypeScript declarations the
//! package ships; `#[derive(Described)]` into their validation shapes.
//!
//! In `types/generated.d.ts` every name carries the prefix `AiSdk` (other formats have a
//! `TextPart`, a `JSONValue`, ...; `shape(name = ...)` keeps the upstream name in issues), and
//! the entry `agent-messages/ai-sdk` exports them under the upstream names. The members of
//! `ToolResultOutput` and of its `content` list are anonymous upstream; here they have names.
//! `DataContent` omits `Buffer`: a `Buffer` is a `Uint8Array`, so the type is the same one, and
//! a consumer needs no `@types/node`.

use super::shape::{
    DATA_CONTENT_SHAPE, FILE_DATA_SHAPE, FILE_PART_DATA, IMAGE_DATA, JSON_VALUE, PROVIDER_OPTIONS,
    REASONING_FILE_DATA, REFERENCE,
};
use crate::validate::{Described, Shape};
use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use tsify::Tsify;

/// A JSON value (`@ai-sdk/provider`'s `JSONValue`): `undefined` may stand only as a property, which JSON drops; numbers must be finite.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "null | string | number | boolean | Readonly<AiSdkJSONObject> | readonly AiSdkJSONValue[]"
)]
#[serde(transparent)]
pub struct AiSdkJSONValue(pub Value);

impl Described for AiSdkJSONValue {
    const SHAPE: Shape = JSON_VALUE;
}

/// A JSON object (`JSONObject`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "{ [key: string]: AiSdkJSONValue | undefined }")]
#[serde(transparent)]
pub struct AiSdkJSONObject(pub Value);

impl Described for AiSdkJSONObject {
    const SHAPE: Shape = Shape::Record(&JSON_VALUE);
}

/// Provider-specific options, by provider name (`ProviderOptions`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "Record<string, AiSdkJSONObject>")]
#[serde(transparent)]
pub struct AiSdkProviderOptions(pub Value);

impl Described for AiSdkProviderOptions {
    const SHAPE: Shape = PROVIDER_OPTIONS;
}

/// A file held by providers: an id per provider name (`ProviderReference`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "Record<string, string> & { type?: never }")]
#[serde(transparent)]
pub struct AiSdkProviderReference(pub Value);

impl Described for AiSdkProviderReference {
    const SHAPE: Shape = REFERENCE;
}

/// Inline data (`DataContent`): base64 text, bytes (a `Buffer` is a `Uint8Array`) or an `ArrayBuffer`.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "string | Uint8Array | ArrayBuffer")]
#[serde(transparent)]
pub struct AiSdkDataContent(pub Value);

impl Described for AiSdkDataContent {
    const SHAPE: Shape = DATA_CONTENT_SHAPE;
}

/// Inline file data.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_DATA_DATA, name = "FileDataData")]
pub struct AiSdkFileDataData {
    #[serde(rename = "type")]
    #[tsify(type = "'data'")]
    pub r#type: String,
    #[tsify(type = "AiSdkDataContent")]
    #[shape(shape = "DATA_CONTENT_SHAPE")]
    pub data: Value,
}

/// File data at a URL.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_DATA_URL, name = "FileDataUrl")]
pub struct AiSdkFileDataUrl {
    #[serde(rename = "type")]
    #[tsify(type = "'url'")]
    pub r#type: String,
    /// A `URL` object.
    #[tsify(type = "URL")]
    #[shape(shape = "Shape::Url")]
    pub url: Value,
    /// The URL as first given, before any redirect.
    #[serde(rename = "originalUrl")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub original_url: Option<String>,
}

/// A file held by providers.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_DATA_REFERENCE, name = "FileDataReference")]
pub struct AiSdkFileDataReference {
    #[serde(rename = "type")]
    #[tsify(type = "'reference'")]
    pub r#type: String,
    pub reference: AiSdkProviderReference,
}

/// A file given as its text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_DATA_TEXT, name = "FileDataText")]
pub struct AiSdkFileDataText {
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    pub text: String,
}

/// File data, told apart by `type` (`FileData`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AiSdkFileData {
    Data(AiSdkFileDataData),
    Url(AiSdkFileDataUrl),
    Reference(AiSdkFileDataReference),
    Text(AiSdkFileDataText),
}

/// Text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TEXT_PART, name = "TextPart")]
pub struct AiSdkTextPart {
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    pub text: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// An image (deprecated upstream: a `FilePart` with `mediaType: 'image'`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = IMAGE_PART, name = "ImagePart")]
pub struct AiSdkImagePart {
    #[serde(rename = "type")]
    #[tsify(type = "'image'")]
    pub r#type: String,
    /// Base64 text, bytes, an `ArrayBuffer`, a `URL` or a provider reference.
    #[tsify(type = "AiSdkDataContent | URL | AiSdkProviderReference")]
    #[shape(shape = "IMAGE_DATA")]
    pub image: Value,
    #[serde(rename = "mediaType")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub media_type: Option<String>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// A file.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_PART, name = "FilePart")]
pub struct AiSdkFilePart {
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
    /// Tagged file data, inline data, a `URL` or a provider reference.
    #[tsify(type = "AiSdkFileData | AiSdkDataContent | URL | AiSdkProviderReference")]
    #[shape(shape = "FILE_PART_DATA")]
    pub data: Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    /// An IANA media type, or its top-level type alone (`image`).
    #[serde(rename = "mediaType")]
    pub media_type: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Reasoning text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REASONING_PART, name = "ReasoningPart")]
pub struct AiSdkReasoningPart {
    #[serde(rename = "type")]
    #[tsify(type = "'reasoning'")]
    pub r#type: String,
    pub text: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Provider-specific content.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CUSTOM_PART, name = "CustomPart")]
pub struct AiSdkCustomPart {
    #[serde(rename = "type")]
    #[tsify(type = "'custom'")]
    pub r#type: String,
    /// `{provider}.{provider-type}`.
    #[tsify(type = "`${string}.${string}`")]
    #[shape(shape = "Shape::Rule(&Shape::String, crate::validate::Rule::ProviderKind)")]
    pub kind: Value,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// A file the model made while reasoning.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REASONING_FILE_PART, name = "ReasoningFilePart")]
pub struct AiSdkReasoningFilePart {
    #[serde(rename = "type")]
    #[tsify(type = "'reasoning-file'")]
    pub r#type: String,
    #[tsify(type = "AiSdkFileDataData | AiSdkFileDataUrl | AiSdkDataContent | URL")]
    #[shape(shape = "REASONING_FILE_DATA")]
    pub data: Value,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// A tool call.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_PART, name = "ToolCallPart")]
pub struct AiSdkToolCallPart {
    #[serde(rename = "type")]
    #[tsify(type = "'tool-call'")]
    pub r#type: String,
    #[serde(rename = "toolCallId")]
    pub tool_call_id: String,
    #[serde(rename = "toolName")]
    pub tool_name: String,
    /// The arguments: typed `unknown` upstream, but sent to the provider as JSON, so it must be JSON (`not_json`).
    #[tsify(type = "unknown")]
    #[shape(shape = "JSON_VALUE")]
    pub input: Value,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
    #[serde(rename = "providerExecuted")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_executed: Option<bool>,
}

/// The result of a tool call.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_RESULT_PART, name = "ToolResultPart")]
pub struct AiSdkToolResultPart {
    #[serde(rename = "type")]
    #[tsify(type = "'tool-result'")]
    pub r#type: String,
    #[serde(rename = "toolCallId")]
    pub tool_call_id: String,
    #[serde(rename = "toolName")]
    pub tool_name: String,
    pub output: AiSdkToolResultOutput,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// A request to approve a tool call.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_APPROVAL_REQUEST, name = "ToolApprovalRequest")]
pub struct AiSdkToolApprovalRequest {
    #[serde(rename = "type")]
    #[tsify(type = "'tool-approval-request'")]
    pub r#type: String,
    #[serde(rename = "approvalId")]
    pub approval_id: String,
    #[serde(rename = "toolCallId")]
    pub tool_call_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub reason: Option<String>,
    #[serde(rename = "isAutomatic")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub is_automatic: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub signature: Option<String>,
    #[serde(rename = "inputSchemaInput")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "unknown")]
    pub input_schema_input: Option<Value>,
}

/// The answer to an approval request.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_APPROVAL_RESPONSE, name = "ToolApprovalResponse")]
pub struct AiSdkToolApprovalResponse {
    #[serde(rename = "type")]
    #[tsify(type = "'tool-approval-response'")]
    pub r#type: String,
    #[serde(rename = "approvalId")]
    pub approval_id: String,
    pub approved: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub reason: Option<String>,
    #[serde(rename = "providerExecuted")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_executed: Option<bool>,
}

/// Text output.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_TEXT, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputText {
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    pub value: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// JSON output.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_JSON, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputJson {
    #[serde(rename = "type")]
    #[tsify(type = "'json'")]
    pub r#type: String,
    pub value: AiSdkJSONValue,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// The tool was not run.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_EXECUTION_DENIED, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputExecutionDenied {
    #[serde(rename = "type")]
    #[tsify(type = "'execution-denied'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub reason: Option<String>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// An error, as text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_ERROR_TEXT, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputErrorText {
    #[serde(rename = "type")]
    #[tsify(type = "'error-text'")]
    pub r#type: String,
    pub value: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// An error, as JSON.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_ERROR_JSON, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputErrorJson {
    #[serde(rename = "type")]
    #[tsify(type = "'error-json'")]
    pub r#type: String,
    pub value: AiSdkJSONValue,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Content parts.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = OUTPUT_CONTENT, name = "ToolResultOutput")]
pub struct AiSdkToolResultOutputContent {
    #[serde(rename = "type")]
    #[tsify(type = "'content'")]
    pub r#type: String,
    pub value: Vec<AiSdkToolResultContentItem>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// What a tool returned, told apart by `type` (`ToolResultOutput`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AiSdkToolResultOutput {
    Text(AiSdkToolResultOutputText),
    Json(AiSdkToolResultOutputJson),
    ExecutionDenied(AiSdkToolResultOutputExecutionDenied),
    ErrorText(AiSdkToolResultOutputErrorText),
    ErrorJson(AiSdkToolResultOutputErrorJson),
    Content(AiSdkToolResultOutputContent),
}

/// Text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_TEXT, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentText {
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    pub text: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// A file.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_FILE, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentFile {
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
    #[shape(shape = "FILE_DATA_SHAPE")]
    pub data: AiSdkFileData,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with `{ type: 'data' }`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_FILE_DATA, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentFileData {
    #[serde(rename = "type")]
    #[tsify(type = "'file-data'")]
    pub r#type: String,
    /// Base64.
    pub data: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with `{ type: 'url' }`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_FILE_URL, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentFileUrl {
    #[serde(rename = "type")]
    #[tsify(type = "'file-url'")]
    pub r#type: String,
    pub url: String,
    #[serde(rename = "mediaType")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub media_type: Option<String>,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with `{ type: 'reference' }`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_FILE_ID, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentFileId {
    #[serde(rename = "type")]
    #[tsify(type = "'file-id'")]
    pub r#type: String,
    #[serde(rename = "fileId")]
    #[tsify(type = "string | Record<string, string>")]
    #[shape(shape = "Shape::OneOf(&[Shape::String, REFERENCE])")]
    pub file_id: Value,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with `{ type: 'reference' }`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_FILE_REFERENCE, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentFileReference {
    #[serde(rename = "type")]
    #[tsify(type = "'file-reference'")]
    pub r#type: String,
    #[serde(rename = "providerReference")]
    pub provider_reference: AiSdkProviderReference,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with an image media type.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_IMAGE_DATA, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentImageData {
    #[serde(rename = "type")]
    #[tsify(type = "'image-data'")]
    pub r#type: String,
    /// Base64.
    pub data: String,
    #[serde(rename = "mediaType")]
    pub media_type: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with an image media type.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_IMAGE_URL, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentImageUrl {
    #[serde(rename = "type")]
    #[tsify(type = "'image-url'")]
    pub r#type: String,
    pub url: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with an image media type.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_IMAGE_FILE_ID, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentImageFileId {
    #[serde(rename = "type")]
    #[tsify(type = "'image-file-id'")]
    pub r#type: String,
    #[serde(rename = "fileId")]
    #[tsify(type = "string | Record<string, string>")]
    #[shape(shape = "Shape::OneOf(&[Shape::String, REFERENCE])")]
    pub file_id: Value,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Deprecated: a `file` with an image media type.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_IMAGE_FILE_REFERENCE, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentImageFileReference {
    #[serde(rename = "type")]
    #[tsify(type = "'image-file-reference'")]
    pub r#type: String,
    #[serde(rename = "providerReference")]
    pub provider_reference: AiSdkProviderReference,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Provider-specific content.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = CONTENT_CUSTOM, name = "ToolResultOutput content item")]
pub struct AiSdkToolResultContentCustom {
    #[serde(rename = "type")]
    #[tsify(type = "'custom'")]
    pub r#type: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// An item of a `content` tool output.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AiSdkToolResultContentItem {
    Text(AiSdkToolResultContentText),
    File(AiSdkToolResultContentFile),
    FileData(AiSdkToolResultContentFileData),
    FileUrl(AiSdkToolResultContentFileUrl),
    FileId(AiSdkToolResultContentFileId),
    FileReference(AiSdkToolResultContentFileReference),
    ImageData(AiSdkToolResultContentImageData),
    ImageUrl(AiSdkToolResultContentImageUrl),
    ImageFileId(AiSdkToolResultContentImageFileId),
    ImageFileReference(AiSdkToolResultContentImageFileReference),
    Custom(AiSdkToolResultContentCustom),
}

/// A user message's content (`UserContent`); a list of parts must not be empty.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "string | Array<AiSdkTextPart | AiSdkImagePart | AiSdkFilePart>")]
#[serde(transparent)]
pub struct AiSdkUserContent(pub Value);

impl Described for AiSdkUserContent {
    const SHAPE: Shape = super::shape::USER_CONTENT;
}

/// An assistant message's content (`AssistantContent`); a list of parts must not be empty.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(
    type = "string | Array<AiSdkTextPart | AiSdkCustomPart | AiSdkFilePart | AiSdkReasoningPart | AiSdkReasoningFilePart | AiSdkToolCallPart | AiSdkToolResultPart | AiSdkToolApprovalRequest>"
)]
#[serde(transparent)]
pub struct AiSdkAssistantContent(pub Value);

impl Described for AiSdkAssistantContent {
    const SHAPE: Shape = super::shape::ASSISTANT_CONTENT;
}

/// A tool message's content (`ToolContent`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "Array<AiSdkToolResultPart | AiSdkToolApprovalResponse>")]
#[serde(transparent)]
pub struct AiSdkToolContent(pub Value);

impl Described for AiSdkToolContent {
    const SHAPE: Shape = super::shape::TOOL_CONTENT;
}

/// Instructions.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SYSTEM, name = "SystemModelMessage")]
pub struct AiSdkSystemModelMessage {
    #[tsify(type = "'system'")]
    pub role: String,
    /// Text only.
    pub content: String,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// What the user sent.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = USER, name = "UserModelMessage")]
pub struct AiSdkUserModelMessage {
    #[tsify(type = "'user'")]
    pub role: String,
    pub content: AiSdkUserContent,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// What the model said and did.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = ASSISTANT, name = "AssistantModelMessage")]
pub struct AiSdkAssistantModelMessage {
    #[tsify(type = "'assistant'")]
    pub role: String,
    pub content: AiSdkAssistantContent,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Tool results and approval answers.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL, name = "ToolModelMessage")]
pub struct AiSdkToolModelMessage {
    #[tsify(type = "'tool'")]
    pub role: String,
    pub content: AiSdkToolContent,
    /// Provider-specific options, by provider.
    #[serde(rename = "providerOptions")]
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub provider_options: Option<AiSdkProviderOptions>,
}

/// Any model message (`ModelMessage`).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AiSdkModelMessage {
    System(AiSdkSystemModelMessage),
    User(AiSdkUserModelMessage),
    Assistant(AiSdkAssistantModelMessage),
    Tool(AiSdkToolModelMessage),
}
