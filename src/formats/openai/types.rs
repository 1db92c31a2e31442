//! The OpenAI Chat Completions message params as Rust types, named as the official `openai`
//! npm SDK names them. Tsify turns them into the TypeScript declarations the package ships.
//! (The SDK nests a few helper interfaces in namespaces, `ChatCompletionContentPartImage.ImageURL`
//! and the like; TypeScript from tsify has no namespaces, so those get flat, prefixed names.)

use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// Text content: a string, or text parts (developer, system and tool messages).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum TextContent {
    Text(String),
    Parts(Vec<ChatCompletionContentPartText>),
}

/// User content: a string, or parts of any kind.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum UserContent {
    Text(String),
    Parts(Vec<ChatCompletionContentPart>),
}

/// Assistant content: a string, or text and refusal parts.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AssistantContent {
    Text(String),
    Parts(Vec<AssistantContentPart>),
}

/// A part of an assistant message's content.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum AssistantContentPart {
    Text(ChatCompletionContentPartText),
    Refusal(ChatCompletionContentPartRefusal),
}

/// Developer-provided instructions the model should follow (replaces `system` for o1 models
/// and newer).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = DEVELOPER)]
pub struct ChatCompletionDeveloperMessageParam {
    #[tsify(type = "string | ChatCompletionContentPartText[]")]
    pub content: TextContent,
    #[tsify(type = "'developer'")]
    pub role: String,
    /// An optional name for the participant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub name: Option<String>,
}

/// Instructions for the model.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SYSTEM)]
pub struct ChatCompletionSystemMessageParam {
    #[tsify(type = "string | ChatCompletionContentPartText[]")]
    pub content: TextContent,
    #[tsify(type = "'system'")]
    pub role: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub name: Option<String>,
}

/// What the end user sent: text, images, audio, files.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = USER)]
pub struct ChatCompletionUserMessageParam {
    #[tsify(type = "string | ChatCompletionContentPart[]")]
    pub content: UserContent,
    #[tsify(type = "'user'")]
    pub role: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub name: Option<String>,
}

/// What the model said: text, a refusal, tool calls.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = ASSISTANT)]
pub struct ChatCompletionAssistantMessageParam {
    #[tsify(type = "'assistant'")]
    pub role: String,
    /// Data about a previous audio response from the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "ChatCompletionAssistantAudio | null")]
    pub audio: Option<Option<ChatCompletionAssistantAudio>>,
    /// Required (and not null) unless `tool_calls`, `function_call`, `refusal` or `audio` is
    /// given, as the API asks; a list of parts must not be empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(
        optional,
        type = "string | (ChatCompletionContentPartText | ChatCompletionContentPartRefusal)[] | null"
    )]
    #[shape(unless(tool_calls, function_call, refusal, audio))]
    pub content: Option<Option<AssistantContent>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub name: Option<String>,
    /// The refusal message by the assistant.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub refusal: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub tool_calls: Option<Vec<ChatCompletionMessageToolCall>>,
}

/// The SDK's `ChatCompletionAssistantMessageParam.Audio`: a previous audio response, by id.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = ASSISTANT_AUDIO)]
pub struct ChatCompletionAssistantAudio {
    pub id: String,
}

/// A tool's output, answering one tool call.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL)]
pub struct ChatCompletionToolMessageParam {
    #[tsify(type = "string | ChatCompletionContentPartText[]")]
    pub content: TextContent,
    #[tsify(type = "'tool'")]
    pub role: String,
    /// The tool call this message answers.
    pub tool_call_id: String,
}

/// Any chat message a request can carry.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ChatCompletionMessageParam {
    Developer(ChatCompletionDeveloperMessageParam),
    System(ChatCompletionSystemMessageParam),
    User(ChatCompletionUserMessageParam),
    Assistant(ChatCompletionAssistantMessageParam),
    Tool(ChatCompletionToolMessageParam),
}

/// A part of a user message's content.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum ChatCompletionContentPart {
    Text(ChatCompletionContentPartText),
    Image(ChatCompletionContentPartImage),
    InputAudio(ChatCompletionContentPartInputAudio),
    File(ChatCompletionContentPartFile),
}

/// Text.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TEXT_PART)]
pub struct ChatCompletionContentPartText {
    pub text: String,
    #[serde(rename = "type")]
    #[tsify(type = "'text'")]
    pub r#type: String,
}

/// An image, by URL (http(s) or a `data:` URL).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = IMAGE_PART)]
pub struct ChatCompletionContentPartImage {
    pub image_url: ChatCompletionContentPartImageURL,
    #[serde(rename = "type")]
    #[tsify(type = "'image_url'")]
    pub r#type: String,
}

/// The SDK's `ChatCompletionContentPartImage.ImageURL`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = IMAGE_URL_OBJECT)]
pub struct ChatCompletionContentPartImageURL {
    /// An http(s) URL or a base64 `data:` URL.
    #[shape(rule = ImageUrl)]
    pub url: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "'auto' | 'low' | 'high'")]
    pub detail: Option<String>,
}

/// Audio input, base64-encoded.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = INPUT_AUDIO_PART)]
pub struct ChatCompletionContentPartInputAudio {
    pub input_audio: ChatCompletionContentPartInputAudioData,
    #[serde(rename = "type")]
    #[tsify(type = "'input_audio'")]
    pub r#type: String,
}

/// The SDK's `ChatCompletionContentPartInputAudio.InputAudio`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = INPUT_AUDIO_OBJECT)]
pub struct ChatCompletionContentPartInputAudioData {
    /// Base64-encoded audio data.
    pub data: String,
    #[tsify(type = "'wav' | 'mp3'")]
    pub format: String,
}

/// A file, inline (base64 `file_data`) or uploaded (`file_id`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_PART)]
pub struct ChatCompletionContentPartFile {
    pub file: ChatCompletionContentPartFileData,
    #[serde(rename = "type")]
    #[tsify(type = "'file'")]
    pub r#type: String,
}

/// The SDK's `ChatCompletionContentPart.File.File`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = FILE_OBJECT)]
pub struct ChatCompletionContentPartFileData {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub file_data: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub file_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub filename: Option<String>,
}

/// A refusal by the model (assistant content only).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = REFUSAL_PART)]
pub struct ChatCompletionContentPartRefusal {
    pub refusal: String,
    #[serde(rename = "type")]
    #[tsify(type = "'refusal'")]
    pub r#type: String,
}

/// A tool call the model made.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL)]
pub struct ChatCompletionMessageToolCall {
    pub id: String,
    pub function: ChatCompletionMessageToolCallFunction,
    #[serde(rename = "type")]
    #[tsify(type = "'function'")]
    pub r#type: String,
}

/// The SDK's `ChatCompletionMessageToolCall.Function`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_FUNCTION)]
pub struct ChatCompletionMessageToolCallFunction {
    /// JSON text, as the model wrote it: check it (`parseArguments`) before use.
    #[shape(rule = JsonText)]
    pub arguments: String,
    pub name: String,
}
