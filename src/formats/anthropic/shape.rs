//! The Anthropic shapes: every interface's is derived from its documented type (`request.rs`,
//! `response.rs`); what is written here is what no struct says: the unions (messages by
//! `role`, blocks, sources and callers by `type`), the content alternatives with their rules,
//! and the list of validators.

use super::request::*;
use super::response::*;
use crate::keys::{ROLE, TYPE};
use crate::validate::{Described, ObjectShape, Rule, Shape, TaggedShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

/// A union told apart by `type`.
const fn by_type(
    name: &'static str,
    variants: &'static [(&'static str, &'static ObjectShape)],
) -> TaggedShape {
    TaggedShape {
        name,
        tag: TYPE,
        variants,
        base: &NO_FIELDS,
        extensible: false,
        elsewhere: None,
    }
}

static BLOCK_PARAMS: TaggedShape = by_type(
    "ContentBlockParam",
    &[
        ("text", &TEXT_BLOCK_PARAM),
        ("image", &IMAGE_BLOCK_PARAM),
        ("document", &DOCUMENT_BLOCK_PARAM),
        ("search_result", &SEARCH_RESULT_BLOCK_PARAM),
        ("thinking", &THINKING_BLOCK_PARAM),
        ("redacted_thinking", &REDACTED_THINKING_BLOCK_PARAM),
        ("tool_use", &TOOL_USE_BLOCK_PARAM),
        ("tool_result", &TOOL_RESULT_BLOCK_PARAM),
        ("server_tool_use", &SERVER_TOOL_USE_BLOCK_PARAM),
        (
            "web_search_tool_result",
            &WEB_SEARCH_TOOL_RESULT_BLOCK_PARAM,
        ),
        ("web_fetch_tool_result", &WEB_FETCH_TOOL_RESULT_BLOCK_PARAM),
        (
            "code_execution_tool_result",
            &CODE_EXECUTION_TOOL_RESULT_BLOCK_PARAM,
        ),
        (
            "bash_code_execution_tool_result",
            &BASH_CODE_EXECUTION_TOOL_RESULT_BLOCK_PARAM,
        ),
        (
            "text_editor_code_execution_tool_result",
            &TEXT_EDITOR_CODE_EXECUTION_TOOL_RESULT_BLOCK_PARAM,
        ),
        (
            "tool_search_tool_result",
            &TOOL_SEARCH_TOOL_RESULT_BLOCK_PARAM,
        ),
        ("container_upload", &CONTAINER_UPLOAD_BLOCK_PARAM),
    ],
);

/// Any block of a request message.
pub static CONTENT_BLOCK_PARAM: Shape = Shape::Tagged(&BLOCK_PARAMS);

impl Described for ContentBlockParam {
    const SHAPE: Shape = Shape::Tagged(&BLOCK_PARAMS);
}

static BLOCKS: TaggedShape = by_type(
    "ContentBlock",
    &[
        ("text", &TEXT_BLOCK),
        ("thinking", &THINKING_BLOCK),
        ("redacted_thinking", &REDACTED_THINKING_BLOCK),
        ("tool_use", &TOOL_USE_BLOCK),
        ("server_tool_use", &SERVER_TOOL_USE_BLOCK),
        ("web_search_tool_result", &WEB_SEARCH_TOOL_RESULT_BLOCK),
        ("web_fetch_tool_result", &WEB_FETCH_TOOL_RESULT_BLOCK),
        (
            "code_execution_tool_result",
            &CODE_EXECUTION_TOOL_RESULT_BLOCK,
        ),
        (
            "bash_code_execution_tool_result",
            &BASH_CODE_EXECUTION_TOOL_RESULT_BLOCK,
        ),
        (
            "text_editor_code_execution_tool_result",
            &TEXT_EDITOR_CODE_EXECUTION_TOOL_RESULT_BLOCK,
        ),
        ("tool_search_tool_result", &TOOL_SEARCH_TOOL_RESULT_BLOCK),
        ("container_upload", &CONTAINER_UPLOAD_BLOCK),
    ],
);

/// Any block of a response.
pub static CONTENT_BLOCK: Shape = Shape::Tagged(&BLOCKS);

impl Described for ContentBlock {
    const SHAPE: Shape = Shape::Tagged(&BLOCKS);
}

/// A non-empty list of blocks.
const BLOCK_LIST: Shape = Shape::Rule(&Shape::Array(&CONTENT_BLOCK_PARAM), Rule::NonEmpty);
/// A non-empty string.
const NON_EMPTY: Shape = Shape::Rule(&Shape::String, Rule::NonEmpty);

/// A user message's content: `string | ContentBlockParam[]`, not empty, `tool_result`
/// blocks first.
pub const USER_CONTENT: Shape =
    Shape::OneOf(&[NON_EMPTY, Shape::Rule(&BLOCK_LIST, Rule::ToolResultsFirst)]);
/// An assistant message's content: not empty, no `tool_result` blocks.
pub const ASSISTANT_CONTENT: Shape =
    Shape::OneOf(&[NON_EMPTY, Shape::Rule(&BLOCK_LIST, Rule::NoToolResult)]);

impl Described for MessageContentParam {
    const SHAPE: Shape = Shape::OneOf(&[Shape::String, Shape::Array(&CONTENT_BLOCK_PARAM)]);
}

/// `string | TextBlockParam[]`.
impl Described for TextContent {
    const SHAPE: Shape = Shape::OneOf(&[Shape::String, Shape::Array(&TextBlockParam::SHAPE)]);
}

impl Described for ImageSource {
    const SHAPE: Shape = Shape::Tagged(&IMAGE_SOURCES);
}
static IMAGE_SOURCES: TaggedShape = by_type(
    "Base64ImageSource | URLImageSource | FileImageSource",
    &[
        ("base64", &BASE64_IMAGE_SOURCE),
        ("url", &URL_IMAGE_SOURCE),
        ("file", &FILE_IMAGE_SOURCE),
    ],
);

impl Described for DocumentSource {
    const SHAPE: Shape = Shape::Tagged(&DOCUMENT_SOURCES);
}
static DOCUMENT_SOURCES: TaggedShape = by_type(
    "Base64PDFSource | PlainTextSource | ContentBlockSource | URLPDFSource | FileDocumentSource",
    &[
        ("base64", &BASE64_PDF_SOURCE),
        ("text", &PLAIN_TEXT_SOURCE),
        ("content", &CONTENT_BLOCK_SOURCE),
        ("url", &URL_PDF_SOURCE),
        ("file", &FILE_DOCUMENT_SOURCE),
    ],
);

static SOURCE_CONTENT: TaggedShape = by_type(
    "ContentBlockSourceContent",
    &[("text", &TEXT_BLOCK_PARAM), ("image", &IMAGE_BLOCK_PARAM)],
);
impl Described for ContentBlockSourceContent {
    const SHAPE: Shape = Shape::Tagged(&SOURCE_CONTENT);
}
impl Described for ContentBlockSourceContentParam {
    const SHAPE: Shape = Shape::OneOf(&[
        Shape::String,
        Shape::Array(&ContentBlockSourceContent::SHAPE),
    ]);
}

static CALLERS: TaggedShape = by_type(
    "ToolUseCaller",
    &[
        ("direct", &DIRECT_CALLER),
        ("code_execution_20250825", &SERVER_TOOL_CALLER),
        ("code_execution_20260120", &SERVER_TOOL_CALLER20260120),
    ],
);
impl Described for ToolUseCaller {
    const SHAPE: Shape = Shape::Tagged(&CALLERS);
}

static CITATIONS: TaggedShape = by_type(
    "TextCitationParam",
    &[
        ("char_location", &CITATION_CHAR_LOCATION_PARAM),
        ("page_location", &CITATION_PAGE_LOCATION_PARAM),
        (
            "content_block_location",
            &CITATION_CONTENT_BLOCK_LOCATION_PARAM,
        ),
        (
            "web_search_result_location",
            &CITATION_WEB_SEARCH_RESULT_LOCATION_PARAM,
        ),
        (
            "search_result_location",
            &CITATION_SEARCH_RESULT_LOCATION_PARAM,
        ),
    ],
);
impl Described for TextCitationParam {
    const SHAPE: Shape = Shape::Tagged(&CITATIONS);
}

static TOOL_RESULT_BLOCKS: TaggedShape = by_type(
    "TextBlockParam | ImageBlockParam | SearchResultBlockParam | DocumentBlockParam | ToolReferenceBlockParam | BrowserStateBlockParam",
    &[
        ("text", &TEXT_BLOCK_PARAM),
        ("image", &IMAGE_BLOCK_PARAM),
        ("search_result", &SEARCH_RESULT_BLOCK_PARAM),
        ("document", &DOCUMENT_BLOCK_PARAM),
        ("tool_reference", &TOOL_REFERENCE_BLOCK_PARAM),
        ("browser_state", &BROWSER_STATE_BLOCK_PARAM),
    ],
);
impl Described for ToolResultContent {
    const SHAPE: Shape = Shape::OneOf(&[
        Shape::String,
        Shape::Array(&Shape::Tagged(&TOOL_RESULT_BLOCKS)),
    ]);
}

static ROLES: TaggedShape = TaggedShape {
    name: "MessageParam",
    tag: ROLE,
    variants: &[
        ("user", &USER_MESSAGE_PARAM),
        ("assistant", &ASSISTANT_MESSAGE_PARAM),
        ("system", &SYSTEM_MESSAGE_PARAM),
    ],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// Any message of a request's conversation.
pub static MESSAGE: Shape = Shape::Tagged(&ROLES);

impl Described for MessageParam {
    const SHAPE: Shape = Shape::Tagged(&ROLES);
}

/// A `Prompt`'s messages: each `tool_result` answers a `tool_use` of the message before.
pub const PROMPT_MESSAGES: Shape = Shape::Rule(&Shape::Array(&MESSAGE), Rule::ToolResultPairs);

/// A request's conversation.
pub static PROMPT: Shape = Prompt::SHAPE;

/// What the facade reads from `describe()`: the roles, the block types of a request and of a
/// response, each read from its union.
pub fn lists() -> crate::formats::Lists {
    vec![
        ("ROLES", ROLES.tags().collect()),
        ("BLOCK_TYPES", BLOCK_PARAMS.tags().collect()),
        ("RESPONSE_BLOCK_TYPES", BLOCKS.tags().collect()),
    ]
}

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("MessageParam", &MESSAGE),
    ("Prompt", &PROMPT),
    ("Message", &Message::SHAPE),
    ("ContentBlockParam", &CONTENT_BLOCK_PARAM),
    ("ContentBlock", &CONTENT_BLOCK),
    ("UserMessageParam", &UserMessageParam::SHAPE),
    ("AssistantMessageParam", &AssistantMessageParam::SHAPE),
    ("SystemMessageParam", &SystemMessageParam::SHAPE),
    ("TextBlockParam", &TextBlockParam::SHAPE),
    ("ImageBlockParam", &ImageBlockParam::SHAPE),
    ("DocumentBlockParam", &DocumentBlockParam::SHAPE),
    ("SearchResultBlockParam", &SearchResultBlockParam::SHAPE),
    ("ThinkingBlockParam", &ThinkingBlockParam::SHAPE),
    (
        "RedactedThinkingBlockParam",
        &RedactedThinkingBlockParam::SHAPE,
    ),
    ("ToolUseBlockParam", &ToolUseBlockParam::SHAPE),
    ("ToolResultBlockParam", &ToolResultBlockParam::SHAPE),
    ("ServerToolUseBlockParam", &ServerToolUseBlockParam::SHAPE),
    (
        "WebSearchToolResultBlockParam",
        &WebSearchToolResultBlockParam::SHAPE,
    ),
    (
        "WebFetchToolResultBlockParam",
        &WebFetchToolResultBlockParam::SHAPE,
    ),
    (
        "CodeExecutionToolResultBlockParam",
        &CodeExecutionToolResultBlockParam::SHAPE,
    ),
    (
        "BashCodeExecutionToolResultBlockParam",
        &BashCodeExecutionToolResultBlockParam::SHAPE,
    ),
    (
        "TextEditorCodeExecutionToolResultBlockParam",
        &TextEditorCodeExecutionToolResultBlockParam::SHAPE,
    ),
    (
        "ToolSearchToolResultBlockParam",
        &ToolSearchToolResultBlockParam::SHAPE,
    ),
    (
        "ContainerUploadBlockParam",
        &ContainerUploadBlockParam::SHAPE,
    ),
    ("TextBlock", &TextBlock::SHAPE),
    ("ThinkingBlock", &ThinkingBlock::SHAPE),
    ("RedactedThinkingBlock", &RedactedThinkingBlock::SHAPE),
    ("ToolUseBlock", &ToolUseBlock::SHAPE),
    ("ServerToolUseBlock", &ServerToolUseBlock::SHAPE),
    ("WebSearchToolResultBlock", &WebSearchToolResultBlock::SHAPE),
    ("WebFetchToolResultBlock", &WebFetchToolResultBlock::SHAPE),
    (
        "CodeExecutionToolResultBlock",
        &CodeExecutionToolResultBlock::SHAPE,
    ),
    (
        "BashCodeExecutionToolResultBlock",
        &BashCodeExecutionToolResultBlock::SHAPE,
    ),
    (
        "TextEditorCodeExecutionToolResultBlock",
        &TextEditorCodeExecutionToolResultBlock::SHAPE,
    ),
    (
        "ToolSearchToolResultBlock",
        &ToolSearchToolResultBlock::SHAPE,
    ),
    ("ContainerUploadBlock", &ContainerUploadBlock::SHAPE),
    ("Usage", &Usage::SHAPE),
];
