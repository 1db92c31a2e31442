//! The request side of Anthropic Messages as Rust types, named and shaped as
//! `@anthropic-ai/sdk` 1.12.0 declares them (`resources/messages/messages.d.ts`): the
//! `MessageParam`s, the 16 `ContentBlockParam`s and what they hold. Tsify turns them into the
//! TypeScript the package ships; `#[derive(Described)]` into their validation shapes. What the
//! rare server-tool results hold is declared in `src/wasm/anthropic_opaque.rs` and carried
//! unchecked.

use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// The SDK's `CacheControlEphemeral`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CacheControlEphemeral {
    #[serde(rename = "type")]
    #[tsify(type = "'ephemeral'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'5m' | '1h'")]
    pub ttl: Option<String>,
}

/// The SDK's `TextBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct TextBlockParam {
    /// Not empty: the API refuses an empty text block.
    #[shape(rule = NonEmpty)]
    pub text: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "TextCitationParam[] | null")]
    pub citations: Option<Option<Vec<TextCitationParam>>>,
}

/// The SDK's `Base64ImageSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Base64ImageSource {
    pub data: String,
    /// One of the four image types the API takes (`unsupported_media_type` otherwise).
    #[tsify(type = "'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp'")]
    #[shape(rule = MediaType)]
    pub media_type: String,
    #[serde(rename = "type")]
    #[tsify(type = "'base64'")]
    pub r#type: String,
}

/// The SDK's `URLImageSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = URL_IMAGE_SOURCE)]
pub struct URLImageSource {
    #[serde(rename = "type")]
    #[tsify(type = "'url'")]
    pub r#type: String,
    pub url: String,
}

/// The SDK's `FileImageSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct FileImageSource {
    pub file_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
}

/// The SDK's `ImageTransformationsParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ImageTransformationsParam {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'downsize' | 'error'")]
    pub oversized_image: Option<String>,
}

/// The SDK's `ImageBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ImageBlockParam {
    #[tsify(type = "Base64ImageSource | URLImageSource | FileImageSource")]
    pub source: ImageSource,
    #[serde(rename = "type")]
    #[tsify(type = "'image'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "ImageTransformationsParam | null")]
    pub transformations: Option<Option<ImageTransformationsParam>>,
}

/// The SDK's `Base64PDFSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = BASE64_PDF_SOURCE)]
pub struct Base64PDFSource {
    pub data: String,
    /// Base64 documents are PDFs (`unsupported_media_type` otherwise).
    #[tsify(type = "'application/pdf'")]
    #[shape(rule = MediaType)]
    pub media_type: String,
    #[serde(rename = "type")]
    #[tsify(type = "'base64'")]
    pub r#type: String,
}

/// The SDK's `PlainTextSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct PlainTextSource {
    pub data: String,
    #[tsify(type = "'text/plain'")]
    pub media_type: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
}

/// The SDK's `ContentBlockSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ContentBlockSource {
    #[tsify(type = "string | Array<ContentBlockSourceContent>")]
    pub content: ContentBlockSourceContentParam,
    #[serde(rename = "type")]
    #[tsify(type = "'content'")]
    pub r#type: String,
}

/// The SDK's `URLPDFSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = URL_PDF_SOURCE)]
pub struct URLPDFSource {
    #[serde(rename = "type")]
    #[tsify(type = "'url'")]
    pub r#type: String,
    pub url: String,
}

/// The SDK's `FileDocumentSource`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct FileDocumentSource {
    pub file_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
}

/// The SDK's `CitationsConfigParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationsConfigParam {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub enabled: Option<bool>,
}

/// The SDK's `DocumentBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct DocumentBlockParam {
    #[tsify(
        type = "Base64PDFSource | PlainTextSource | ContentBlockSource | URLPDFSource | FileDocumentSource"
    )]
    pub source: DocumentSource,
    #[serde(rename = "type")]
    #[tsify(type = "'document'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CitationsConfigParam | null")]
    pub citations: Option<Option<CitationsConfigParam>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub context: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub title: Option<Option<String>>,
}

/// The SDK's `SearchResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct SearchResultBlockParam {
    pub content: Vec<TextBlockParam>,
    pub source: String,
    pub title: String,
    #[serde(rename = "type")]
    #[tsify(type = "'search_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub citations: Option<CitationsConfigParam>,
}

/// The SDK's `ThinkingBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ThinkingBlockParam {
    /// The signature the API returned with the thinking: pass it back unmodified
    /// (`missing_signature` when absent).
    #[shape(missing = MissingSignature)]
    pub signature: String,
    pub thinking: String,
    #[serde(rename = "type")]
    #[tsify(type = "'thinking'")]
    pub r#type: String,
}

/// The SDK's `RedactedThinkingBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct RedactedThinkingBlockParam {
    pub data: String,
    #[serde(rename = "type")]
    #[tsify(type = "'redacted_thinking'")]
    pub r#type: String,
}

/// The SDK's `DirectCaller`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct DirectCaller {
    #[serde(rename = "type")]
    #[tsify(type = "'direct'")]
    pub r#type: String,
}

/// The SDK's `ServerToolCaller`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ServerToolCaller {
    pub tool_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'code_execution_20250825'")]
    pub r#type: String,
}

/// The SDK's `ServerToolCaller20260120`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ServerToolCaller20260120 {
    pub tool_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'code_execution_20260120'")]
    pub r#type: String,
}

/// The SDK's `ToolUseBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolUseBlockParam {
    /// `^[a-zA-Z0-9_-]+$`, at most 64 characters, as the API requires (`invalid_format`).
    #[shape(rule = ToolUseId)]
    pub id: String,
    /// Typed `unknown` as upstream; checked to be an object (the API refuses other values).
    #[tsify(type = "unknown")]
    #[shape(shape = "crate::validate::Shape::Record(&crate::validate::Shape::Any)")]
    pub input: serde_json::Value,
    pub name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_use'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120"
    )]
    pub caller: Option<ToolUseCaller>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub toolset_name: Option<Option<String>>,
}

/// The SDK's `ToolReferenceBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolReferenceBlockParam {
    pub tool_name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_reference'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `BrowserStateBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct BrowserStateBlockParam {
    #[tsify(type = "BrowserStateTabEntry[]")]
    #[shape(any)]
    pub tabs: serde_json::Value,
    #[serde(rename = "type")]
    #[tsify(type = "'browser_state'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "BrowserStateChange[] | null")]
    #[shape(any)]
    pub state_changes: Option<Option<serde_json::Value>>,
}

/// The SDK's `ToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolResultBlockParam {
    /// The `id` of a `tool_use` block in the assistant message just before (checked in a
    /// `Prompt`).
    #[shape(rule = ToolUseId)]
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "string | Array<TextBlockParam | ImageBlockParam | SearchResultBlockParam | DocumentBlockParam | ToolReferenceBlockParam | BrowserStateBlockParam>"
    )]
    pub content: Option<ToolResultContent>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub is_error: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub toolset_name: Option<Option<String>>,
}

/// The SDK's `ServerToolUseBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ServerToolUseBlockParam {
    pub id: String,
    #[tsify(type = "unknown")]
    pub input: serde_json::Value,
    #[tsify(
        type = "'web_search' | 'web_fetch' | 'code_execution' | 'bash_code_execution' | 'text_editor_code_execution' | 'tool_search_tool_regex' | 'tool_search_tool_bm25'"
    )]
    pub name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'server_tool_use'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120"
    )]
    pub caller: Option<ToolUseCaller>,
}

/// The SDK's `WebSearchToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct WebSearchToolResultBlockParam {
    #[tsify(type = "WebSearchToolResultBlockParamContent")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'web_search_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120"
    )]
    pub caller: Option<ToolUseCaller>,
}

/// The SDK's `WebFetchToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct WebFetchToolResultBlockParam {
    #[tsify(type = "WebFetchToolResultErrorBlockParam | WebFetchBlockParam")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'web_fetch_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "DirectCaller | ServerToolCaller | ServerToolCaller20260120"
    )]
    pub caller: Option<ToolUseCaller>,
}

/// The SDK's `CodeExecutionToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CodeExecutionToolResultBlockParam {
    #[tsify(type = "CodeExecutionToolResultBlockParamContent")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'code_execution_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `BashCodeExecutionToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct BashCodeExecutionToolResultBlockParam {
    #[tsify(type = "BashCodeExecutionToolResultErrorParam | BashCodeExecutionResultBlockParam")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'bash_code_execution_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `TextEditorCodeExecutionToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct TextEditorCodeExecutionToolResultBlockParam {
    #[tsify(
        type = "TextEditorCodeExecutionToolResultErrorParam | TextEditorCodeExecutionViewResultBlockParam | TextEditorCodeExecutionCreateResultBlockParam | TextEditorCodeExecutionStrReplaceResultBlockParam"
    )]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text_editor_code_execution_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `ToolSearchToolResultBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ToolSearchToolResultBlockParam {
    #[tsify(type = "ToolSearchToolResultErrorParam | ToolSearchToolSearchResultBlockParam")]
    #[shape(any)]
    pub content: serde_json::Value,
    pub tool_use_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'tool_search_tool_result'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `ContainerUploadBlockParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct ContainerUploadBlockParam {
    pub file_id: String,
    #[serde(rename = "type")]
    #[tsify(type = "'container_upload'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "CacheControlEphemeral | null")]
    pub cache_control: Option<Option<CacheControlEphemeral>>,
}

/// The SDK's `UserMessageParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct UserMessageParam {
    /// Not empty; `tool_result` blocks come before any other block.
    #[tsify(type = "MessageContentParam")]
    #[shape(shape = "super::shape::USER_CONTENT")]
    pub content: MessageContentParam,
    #[tsify(type = "'user'")]
    pub role: String,
}

/// The SDK's `AssistantMessageParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct AssistantMessageParam {
    /// Not empty; no `tool_result` blocks (they belong in the next user message).
    #[tsify(type = "MessageContentParam")]
    #[shape(shape = "super::shape::ASSISTANT_CONTENT")]
    pub content: MessageContentParam,
    #[tsify(type = "'assistant'")]
    pub role: String,
}

/// The SDK's `SystemMessageParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct SystemMessageParam {
    #[tsify(type = "string | Array<TextBlockParam>")]
    pub content: TextContent,
    #[tsify(type = "'system'")]
    pub role: String,
}

/// The SDK's `CitationCharLocationParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationCharLocationParam {
    pub cited_text: String,
    pub document_index: f64,
    #[tsify(type = "string | null")]
    pub document_title: Option<String>,
    pub end_char_index: f64,
    pub start_char_index: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'char_location'")]
    pub r#type: String,
}

/// The SDK's `CitationPageLocationParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationPageLocationParam {
    pub cited_text: String,
    pub document_index: f64,
    #[tsify(type = "string | null")]
    pub document_title: Option<String>,
    pub end_page_number: f64,
    pub start_page_number: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'page_location'")]
    pub r#type: String,
}

/// The SDK's `CitationContentBlockLocationParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationContentBlockLocationParam {
    pub cited_text: String,
    pub document_index: f64,
    #[tsify(type = "string | null")]
    pub document_title: Option<String>,
    pub end_block_index: f64,
    pub start_block_index: f64,
    #[serde(rename = "type")]
    #[tsify(type = "'content_block_location'")]
    pub r#type: String,
}

/// The SDK's `CitationWebSearchResultLocationParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationWebSearchResultLocationParam {
    pub cited_text: String,
    pub encrypted_index: String,
    #[tsify(type = "string | null")]
    pub title: Option<String>,
    #[serde(rename = "type")]
    #[tsify(type = "'web_search_result_location'")]
    pub r#type: String,
    pub url: String,
}

/// The SDK's `CitationSearchResultLocationParam`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct CitationSearchResultLocationParam {
    pub cited_text: String,
    pub end_block_index: f64,
    pub search_result_index: f64,
    pub source: String,
    pub start_block_index: f64,
    #[tsify(type = "string | null")]
    pub title: Option<String>,
    #[serde(rename = "type")]
    #[tsify(type = "'search_result_location'")]
    pub r#type: String,
}

/// `string | ContentBlockParam[]`: a user's or an assistant's content (a string is one text
/// block).
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum MessageContentParam {
    Text(String),
    Blocks(Vec<ContentBlockParam>),
}

/// `string | TextBlockParam[]`: a system message's content, and a `Prompt`'s `system`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum TextContent {
    Text(String),
    Blocks(Vec<TextBlockParam>),
}

/// Any block of a request message's content.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ContentBlockParam {
    Text(TextBlockParam),
    Image(ImageBlockParam),
    Document(DocumentBlockParam),
    SearchResult(SearchResultBlockParam),
    Thinking(ThinkingBlockParam),
    RedactedThinking(RedactedThinkingBlockParam),
    ToolUse(ToolUseBlockParam),
    ToolResult(ToolResultBlockParam),
    ServerToolUse(ServerToolUseBlockParam),
    WebSearchToolResult(WebSearchToolResultBlockParam),
    WebFetchToolResult(WebFetchToolResultBlockParam),
    CodeExecutionToolResult(CodeExecutionToolResultBlockParam),
    BashCodeExecutionToolResult(BashCodeExecutionToolResultBlockParam),
    TextEditorCodeExecutionToolResult(TextEditorCodeExecutionToolResultBlockParam),
    ToolSearchToolResult(ToolSearchToolResultBlockParam),
    ContainerUpload(ContainerUploadBlockParam),
}

/// Any message of a request's conversation.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum MessageParam {
    User(UserMessageParam),
    Assistant(AssistantMessageParam),
    System(SystemMessageParam),
}

/// The part of a request that carries the conversation: `messages` and the top-level `system`
/// (our name: the SDK spells these two fields inside `MessageCreateParamsBase`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
pub struct Prompt {
    /// System instructions, before the conversation.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | TextBlockParam[]")]
    pub system: Option<TextContent>,
    /// Each `tool_result` answers a `tool_use` of the assistant message just before it.
    #[shape(shape = "super::shape::PROMPT_MESSAGES")]
    pub messages: Vec<MessageParam>,
}

/// An image's source: base64 data, a URL, or a file id.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ImageSource {
    Base64(Base64ImageSource),
    Url(URLImageSource),
    File(FileImageSource),
}

/// A document's source: a base64 PDF, plain text, content blocks, a URL, or a file id.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum DocumentSource {
    Base64(Base64PDFSource),
    Text(PlainTextSource),
    Content(ContentBlockSource),
    Url(URLPDFSource),
    File(FileDocumentSource),
}

/// The SDK's `ContentBlockSourceContent`: what a `content` document source holds.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ContentBlockSourceContent {
    Text(TextBlockParam),
    Image(ImageBlockParam),
}

/// `string | ContentBlockSourceContent[]`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ContentBlockSourceContentParam {
    Text(String),
    Blocks(Vec<ContentBlockSourceContent>),
}

/// The SDK's `ToolUseCaller`: who called a tool.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ToolUseCaller {
    Direct(DirectCaller),
    Server(ServerToolCaller),
    Server20260120(ServerToolCaller20260120),
}

/// The SDK's `TextCitationParam`.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum TextCitationParam {
    CharLocation(CitationCharLocationParam),
    PageLocation(CitationPageLocationParam),
    ContentBlockLocation(CitationContentBlockLocationParam),
    WebSearchResultLocation(CitationWebSearchResultLocationParam),
    SearchResultLocation(CitationSearchResultLocationParam),
}

/// A tool result's content: a string, or blocks.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ToolResultContent {
    Text(String),
    Blocks(Vec<serde_json::Value>),
}
