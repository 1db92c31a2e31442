//! The OpenAI Chat Completions shapes: every interface's is derived from its documented type
//! (`types.rs`, `#[derive(Described)]`); what is written here is what no struct says: the
//! unions (messages by `role`, content parts by `type`) and the content alternatives.

use super::types::*;
use crate::keys::{ROLE, TYPE};
use crate::validate::{Described, ObjectShape, Rule, Shape, TaggedShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

static CONTENT_PARTS: TaggedShape = TaggedShape {
    name: "ChatCompletionContentPart",
    tag: TYPE,
    variants: &[
        ("text", &TEXT_PART),
        ("image_url", &IMAGE_PART),
        ("input_audio", &INPUT_AUDIO_PART),
        ("file", &FILE_PART),
    ],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

pub static CONTENT_PART: Shape = Shape::Tagged(&CONTENT_PARTS);

static ASSISTANT_PARTS: TaggedShape = TaggedShape {
    name: "(ChatCompletionContentPartText | ChatCompletionContentPartRefusal)",
    tag: TYPE,
    variants: &[("text", &TEXT_PART), ("refusal", &REFUSAL_PART)],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// `string | ChatCompletionContentPartText[]`.
const TEXT_CONTENT_SHAPE: Shape = Shape::OneOf(&[
    Shape::String,
    // The API refuses an empty list of parts.
    Shape::Rule(&Shape::Array(&TEXT_PART_SHAPE), Rule::NonEmpty),
]);

const TEXT_PART_SHAPE: Shape = ChatCompletionContentPartText::SHAPE;

impl Described for TextContent {
    const SHAPE: Shape = TEXT_CONTENT_SHAPE;
}

/// `string | ChatCompletionContentPart[]` (not empty).
impl Described for UserContent {
    const SHAPE: Shape = Shape::OneOf(&[
        Shape::String,
        Shape::Rule(&Shape::Array(&CONTENT_PART), Rule::NonEmpty),
    ]);
}

/// `string | (ChatCompletionContentPartText | ChatCompletionContentPartRefusal)[]` (not
/// empty).
impl Described for AssistantContent {
    const SHAPE: Shape = Shape::OneOf(&[
        Shape::String,
        Shape::Rule(
            &Shape::Array(&Shape::Tagged(&ASSISTANT_PARTS)),
            Rule::NonEmpty,
        ),
    ]);
}

impl Described for ChatCompletionContentPart {
    const SHAPE: Shape = Shape::Tagged(&CONTENT_PARTS);
}

static UNION: TaggedShape = TaggedShape {
    name: "ChatCompletionMessageParam",
    tag: ROLE,
    variants: &[
        ("developer", &DEVELOPER),
        ("system", &SYSTEM),
        ("user", &USER),
        ("assistant", &ASSISTANT),
        ("tool", &TOOL),
    ],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// Any chat message.
pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// The roles, in the SDK's order: the union's tags.
pub fn roles() -> impl Iterator<Item = &'static str> {
    UNION.tags()
}

/// What the facade reads from `describe()` (see [`crate::formats::Described`]): the roles and,
/// in the same order, the TypeScript name of each role's message type.
pub fn lists() -> crate::formats::Lists {
    vec![
        ("ROLES", roles().collect()),
        (
            "ROLE_TYPES",
            UNION.variants.iter().map(|(_, v)| v.name).collect(),
        ),
    ]
}

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("ChatCompletionMessageParam", &MESSAGE),
    (
        "ChatCompletionDeveloperMessageParam",
        &ChatCompletionDeveloperMessageParam::SHAPE,
    ),
    (
        "ChatCompletionSystemMessageParam",
        &ChatCompletionSystemMessageParam::SHAPE,
    ),
    (
        "ChatCompletionUserMessageParam",
        &ChatCompletionUserMessageParam::SHAPE,
    ),
    (
        "ChatCompletionAssistantMessageParam",
        &ChatCompletionAssistantMessageParam::SHAPE,
    ),
    (
        "ChatCompletionToolMessageParam",
        &ChatCompletionToolMessageParam::SHAPE,
    ),
    ("ChatCompletionContentPart", &CONTENT_PART),
    ("ChatCompletionContentPartText", &TEXT_PART_SHAPE),
    (
        "ChatCompletionContentPartImage",
        &ChatCompletionContentPartImage::SHAPE,
    ),
    (
        "ChatCompletionContentPartInputAudio",
        &ChatCompletionContentPartInputAudio::SHAPE,
    ),
    (
        "ChatCompletionContentPartFile",
        &ChatCompletionContentPartFile::SHAPE,
    ),
    (
        "ChatCompletionContentPartRefusal",
        &ChatCompletionContentPartRefusal::SHAPE,
    ),
    (
        "ChatCompletionMessageToolCall",
        &ChatCompletionMessageToolCall::SHAPE,
    ),
];
