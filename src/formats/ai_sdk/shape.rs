//! The AI SDK `ModelMessage` shapes: every interface's is derived from its documented type
//! (`types.rs`, `#[derive(Described)]`); what is written here is what no struct says: the
//! unions (messages by `role`, parts, file data and tool outputs by `type`), the media data
//! alternatives, JSON values and the content lists.

use super::types::*;
use crate::keys::{ROLE, TYPE};
use crate::validate::{Described, MediaShape, ObjectShape, Rule, Shape, TaggedShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

/// A tagged union of parts (or file data, or outputs) by `type`.
macro_rules! by_type {
    ($name:ident, $ts:literal, [$(($tag:literal, $shape:expr)),* $(,)?]) => {
        static $name: TaggedShape = TaggedShape {
            name: $ts,
            tag: TYPE,
            variants: &[$(($tag, &$shape)),*],
            base: &NO_FIELDS,
            extensible: false,
            elsewhere: None,
        };
    };
}

/// `JSONValue` (and a tool call's `input`): what JSON carries unchanged; `undefined` only as a
/// property, which JSON drops (as the AI SDK's schema has it).
pub const JSON_VALUE: Shape = Shape::Rule(&Shape::Any, Rule::JsonValue);
/// `ProviderOptions`: `Record<string, JSONObject>`.
pub const PROVIDER_OPTIONS: Shape = Shape::Record(&Shape::Record(&JSON_VALUE));
/// `ProviderReference`: `Record<string, string>`.
pub const REFERENCE: Shape = Shape::Record(&Shape::String);

static DATA_CONTENT: MediaShape = MediaShape {
    name: "DataContent",
    url: false,
    tagged: None,
    reference: false,
};
/// `DataContent`: base64 text, `Uint8Array` (or `Buffer`), `ArrayBuffer`.
pub const DATA_CONTENT_SHAPE: Shape = Shape::Media(&DATA_CONTENT);

by_type!(
    FILE_DATA,
    "FileData",
    [
        ("data", FILE_DATA_DATA),
        ("url", FILE_DATA_URL),
        ("reference", FILE_DATA_REFERENCE),
        ("text", FILE_DATA_TEXT),
    ]
);
/// `FileData`, by `type`.
pub const FILE_DATA_SHAPE: Shape = Shape::Tagged(&FILE_DATA);

by_type!(
    REASONING_FILE_DATA_TAGS,
    "FileDataData | FileDataUrl",
    [("data", FILE_DATA_DATA), ("url", FILE_DATA_URL),]
);

static IMAGE: MediaShape = MediaShape {
    name: "DataContent | URL | ProviderReference",
    url: true,
    tagged: None,
    reference: true,
};
/// `ImagePart.image`.
pub const IMAGE_DATA: Shape = Shape::Media(&IMAGE);

static FILE: MediaShape = MediaShape {
    name: "FileData | DataContent | URL | ProviderReference",
    url: true,
    tagged: Some(&FILE_DATA),
    reference: true,
};
/// `FilePart.data`: an object with a `type` is `FileData`, one without a provider reference.
pub const FILE_PART_DATA: Shape = Shape::Media(&FILE);

static REASONING_FILE: MediaShape = MediaShape {
    name: "FileDataData | FileDataUrl | DataContent | URL",
    url: true,
    tagged: Some(&REASONING_FILE_DATA_TAGS),
    reference: false,
};
/// `ReasoningFilePart.data`.
pub const REASONING_FILE_DATA: Shape = Shape::Media(&REASONING_FILE);

by_type!(
    CONTENT_ITEMS,
    "ToolResultOutput content item",
    [
        ("text", CONTENT_TEXT),
        ("file", CONTENT_FILE),
        ("file-data", CONTENT_FILE_DATA),
        ("file-url", CONTENT_FILE_URL),
        ("file-id", CONTENT_FILE_ID),
        ("file-reference", CONTENT_FILE_REFERENCE),
        ("image-data", CONTENT_IMAGE_DATA),
        ("image-url", CONTENT_IMAGE_URL),
        ("image-file-id", CONTENT_IMAGE_FILE_ID),
        ("image-file-reference", CONTENT_IMAGE_FILE_REFERENCE),
        ("custom", CONTENT_CUSTOM),
    ]
);

impl Described for AiSdkToolResultContentItem {
    const SHAPE: Shape = Shape::Tagged(&CONTENT_ITEMS);
}

by_type!(
    OUTPUTS,
    "ToolResultOutput",
    [
        ("text", OUTPUT_TEXT),
        ("json", OUTPUT_JSON),
        ("execution-denied", OUTPUT_EXECUTION_DENIED),
        ("error-text", OUTPUT_ERROR_TEXT),
        ("error-json", OUTPUT_ERROR_JSON),
        ("content", OUTPUT_CONTENT),
    ]
);

/// `ToolResultOutput`, by `type`.
pub static OUTPUT: Shape = Shape::Tagged(&OUTPUTS);

impl Described for AiSdkToolResultOutput {
    const SHAPE: Shape = Shape::Tagged(&OUTPUTS);
}

by_type!(
    USER_PARTS,
    "TextPart | ImagePart | FilePart",
    [
        ("text", TEXT_PART),
        ("image", IMAGE_PART),
        ("file", FILE_PART),
    ]
);

by_type!(
    ASSISTANT_PARTS,
    "AssistantContent part",
    [
        ("text", TEXT_PART),
        ("custom", CUSTOM_PART),
        ("file", FILE_PART),
        ("reasoning", REASONING_PART),
        ("reasoning-file", REASONING_FILE_PART),
        ("tool-call", TOOL_CALL_PART),
        ("tool-result", TOOL_RESULT_PART),
        ("tool-approval-request", TOOL_APPROVAL_REQUEST),
    ]
);

by_type!(
    TOOL_PARTS,
    "ToolResultPart | ToolApprovalResponse",
    [
        ("tool-result", TOOL_RESULT_PART),
        ("tool-approval-response", TOOL_APPROVAL_RESPONSE),
    ]
);

/// `UserContent`: a string or parts; providers refuse an empty list (a documented decision:
/// `ai`'s schema accepts `[]`).
pub const USER_CONTENT: Shape = Shape::OneOf(&[
    Shape::String,
    Shape::Rule(&Shape::Array(&Shape::Tagged(&USER_PARTS)), Rule::NonEmpty),
]);
/// `AssistantContent`: a string or parts, not an empty list (as `USER_CONTENT`).
pub const ASSISTANT_CONTENT: Shape = Shape::OneOf(&[
    Shape::String,
    Shape::Rule(
        &Shape::Array(&Shape::Tagged(&ASSISTANT_PARTS)),
        Rule::NonEmpty,
    ),
]);
/// `ToolContent`: results and approval answers (an empty list sends nothing, and is taken).
pub const TOOL_CONTENT: Shape = Shape::Array(&Shape::Tagged(&TOOL_PARTS));

static UNION: TaggedShape = TaggedShape {
    name: "ModelMessage",
    tag: ROLE,
    variants: &[
        ("system", &SYSTEM),
        ("user", &USER),
        ("assistant", &ASSISTANT),
        ("tool", &TOOL),
    ],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// Any model message.
pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// The tags of these unions, each once, in order of first appearance.
#[inline(never)]
fn tags_of(unions: &[&TaggedShape]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (tag, _) in unions.iter().flat_map(|u| u.variants) {
        if !out.contains(tag) {
            out.push(tag);
        }
    }
    out
}

/// What the facade reads from `describe()`: the roles, each role's message type (same order),
/// every part type, the output types.
pub fn lists() -> crate::formats::Lists {
    vec![
        ("ROLES", tags_of(&[&UNION])),
        (
            "ROLE_TYPES",
            UNION.variants.iter().map(|(_, v)| v.name).collect(),
        ),
        (
            "PART_TYPES",
            tags_of(&[&USER_PARTS, &ASSISTANT_PARTS, &TOOL_PARTS]),
        ),
        ("TOOL_RESULT_OUTPUT_TYPES", tags_of(&[&OUTPUTS])),
    ]
}

/// Every documented type with a validator of its own, by its upstream name; the message type
/// first.
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("ModelMessage", &MESSAGE),
    ("SystemModelMessage", &AiSdkSystemModelMessage::SHAPE),
    ("UserModelMessage", &AiSdkUserModelMessage::SHAPE),
    ("AssistantModelMessage", &AiSdkAssistantModelMessage::SHAPE),
    ("ToolModelMessage", &AiSdkToolModelMessage::SHAPE),
    ("TextPart", &AiSdkTextPart::SHAPE),
    ("ImagePart", &AiSdkImagePart::SHAPE),
    ("FilePart", &AiSdkFilePart::SHAPE),
    ("ReasoningPart", &AiSdkReasoningPart::SHAPE),
    ("ReasoningFilePart", &AiSdkReasoningFilePart::SHAPE),
    ("CustomPart", &AiSdkCustomPart::SHAPE),
    ("ToolCallPart", &AiSdkToolCallPart::SHAPE),
    ("ToolResultPart", &AiSdkToolResultPart::SHAPE),
    ("ToolApprovalRequest", &AiSdkToolApprovalRequest::SHAPE),
    ("ToolApprovalResponse", &AiSdkToolApprovalResponse::SHAPE),
    ("ToolResultOutput", &OUTPUT),
    ("FileData", &FILE_DATA_SHAPE),
    ("DataContent", &DATA_CONTENT_SHAPE),
    ("ProviderReference", &REFERENCE),
    ("ProviderOptions", &PROVIDER_OPTIONS),
    ("JSONValue", &JSON_VALUE),
];
