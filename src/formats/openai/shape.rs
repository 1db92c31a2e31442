//! The OpenAI Chat Completions message params, described to the validation engine.

use crate::keys::*;
use crate::validate::{Field, ObjectShape, Rule, Shape, TaggedShape};

const fn req(key: Key, shape: Shape) -> Field {
    Field::required(key, shape)
}
const fn opt(key: Key, shape: Shape) -> Field {
    Field::optional(key, shape)
}

pub static TEXT_PART: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartText",
    fields: &[req(TEXT, Shape::String), req(TYPE, Shape::Literal("text"))],
};

pub static REFUSAL_PART: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartRefusal",
    fields: &[
        req(REFUSAL, Shape::String),
        req(TYPE, Shape::Literal("refusal")),
    ],
};

pub static IMAGE_URL_OBJECT: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartImageURL",
    fields: &[
        req(URL, Shape::Rule(&Shape::String, Rule::ImageUrl)),
        opt(DETAIL, Shape::Enum(&["auto", "low", "high"])),
    ],
};

pub static IMAGE_PART: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartImage",
    fields: &[
        req(IMAGE_URL, Shape::Object(&IMAGE_URL_OBJECT)),
        req(TYPE, Shape::Literal("image_url")),
    ],
};

pub static INPUT_AUDIO_OBJECT: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartInputAudioData",
    fields: &[
        req(DATA, Shape::String),
        req(FORMAT, Shape::Enum(&["wav", "mp3"])),
    ],
};

pub static INPUT_AUDIO_PART: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartInputAudio",
    fields: &[
        req(INPUT_AUDIO, Shape::Object(&INPUT_AUDIO_OBJECT)),
        req(TYPE, Shape::Literal("input_audio")),
    ],
};

pub static FILE_OBJECT: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartFileData",
    fields: &[
        opt(FILE_DATA, Shape::String),
        opt(FILE_ID, Shape::String),
        opt(FILENAME, Shape::String),
    ],
};

pub static FILE_PART: ObjectShape = ObjectShape {
    name: "ChatCompletionContentPartFile",
    fields: &[
        req(FILE, Shape::Object(&FILE_OBJECT)),
        req(TYPE, Shape::Literal("file")),
    ],
};

/// What every part shares besides its `type`: nothing.
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
};

/// A part of a user message's content.
pub static CONTENT_PART: Shape = Shape::Tagged(&CONTENT_PARTS);

static ASSISTANT_PARTS: TaggedShape = TaggedShape {
    // In parentheses: the engine writes `<name>[]` for an array of it.
    name: "(ChatCompletionContentPartText | ChatCompletionContentPartRefusal)",
    tag: TYPE,
    variants: &[("text", &TEXT_PART), ("refusal", &REFUSAL_PART)],
    base: &NO_FIELDS,
    extensible: false,
};

pub static TOOL_CALL_FUNCTION: ObjectShape = ObjectShape {
    name: "ChatCompletionMessageToolCallFunction",
    fields: &[
        req(ARGUMENTS, Shape::Rule(&Shape::String, Rule::JsonText)),
        req(NAME, Shape::String),
    ],
};

pub static TOOL_CALL: ObjectShape = ObjectShape {
    name: "ChatCompletionMessageToolCall",
    fields: &[
        req(ID, Shape::String),
        req(FUNCTION, Shape::Object(&TOOL_CALL_FUNCTION)),
        req(TYPE, Shape::Literal("function")),
    ],
};

pub static ASSISTANT_AUDIO: ObjectShape = ObjectShape {
    name: "ChatCompletionAssistantAudio",
    fields: &[req(ID, Shape::String)],
};

pub static DEVELOPER: ObjectShape = ObjectShape {
    name: "ChatCompletionDeveloperMessageParam",
    fields: &[
        req(CONTENT, TEXT_CONTENT_SHAPE),
        req(ROLE, Shape::Literal("developer")),
        opt(NAME, Shape::String),
    ],
};

pub static SYSTEM: ObjectShape = ObjectShape {
    name: "ChatCompletionSystemMessageParam",
    fields: &[
        req(CONTENT, TEXT_CONTENT_SHAPE),
        req(ROLE, Shape::Literal("system")),
        opt(NAME, Shape::String),
    ],
};

pub static USER: ObjectShape = ObjectShape {
    name: "ChatCompletionUserMessageParam",
    fields: &[
        req(
            CONTENT,
            Shape::OneOf(&[
                Shape::String,
                Shape::Rule(&Shape::Array(&CONTENT_PART), Rule::NonEmpty),
            ]),
        ),
        req(ROLE, Shape::Literal("user")),
        opt(NAME, Shape::String),
    ],
};

pub static ASSISTANT: ObjectShape = ObjectShape {
    name: "ChatCompletionAssistantMessageParam",
    fields: &[
        req(ROLE, Shape::Literal("assistant")),
        opt(AUDIO, Shape::Nullable(&Shape::Object(&ASSISTANT_AUDIO))),
        // The API requires content unless the assistant calls tools (or refuses, or points to
        // earlier audio: what its own responses carry instead of content).
        Field::required_unless(
            CONTENT,
            Shape::Nullable(&Shape::OneOf(&[
                Shape::String,
                Shape::Rule(
                    &Shape::Array(&Shape::Tagged(&ASSISTANT_PARTS)),
                    Rule::NonEmpty,
                ),
            ])),
            &[TOOL_CALLS, FUNCTION_CALL, REFUSAL, AUDIO],
        ),
        opt(NAME, Shape::String),
        opt(REFUSAL, Shape::Nullable(&Shape::String)),
        opt(TOOL_CALLS, Shape::Array(&Shape::Object(&TOOL_CALL))),
    ],
};

pub static TOOL: ObjectShape = ObjectShape {
    name: "ChatCompletionToolMessageParam",
    fields: &[
        req(CONTENT, TEXT_CONTENT_SHAPE),
        req(ROLE, Shape::Literal("tool")),
        req(TOOL_CALL_ID, Shape::String),
    ],
};

/// `string | ChatCompletionContentPartText[]`.
const TEXT_CONTENT_SHAPE: Shape = Shape::OneOf(&[
    Shape::String,
    // The API refuses an empty list of parts.
    Shape::Rule(&Shape::Array(&Shape::Object(&TEXT_PART)), Rule::NonEmpty),
]);

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
};

/// Any chat message.
pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// The roles, in the SDK's order.
pub const ROLES: &[&str] = &["developer", "system", "user", "assistant", "tool"];

/// Every documented type with a validator of its own, by its TypeScript name; the first is the
/// format's message type (the module-level verbs use it).
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("ChatCompletionMessageParam", &MESSAGE),
    (
        "ChatCompletionDeveloperMessageParam",
        &Shape::Object(&DEVELOPER),
    ),
    ("ChatCompletionSystemMessageParam", &Shape::Object(&SYSTEM)),
    ("ChatCompletionUserMessageParam", &Shape::Object(&USER)),
    (
        "ChatCompletionAssistantMessageParam",
        &Shape::Object(&ASSISTANT),
    ),
    ("ChatCompletionToolMessageParam", &Shape::Object(&TOOL)),
    ("ChatCompletionContentPart", &CONTENT_PART),
    ("ChatCompletionContentPartText", &Shape::Object(&TEXT_PART)),
    (
        "ChatCompletionContentPartImage",
        &Shape::Object(&IMAGE_PART),
    ),
    (
        "ChatCompletionContentPartInputAudio",
        &Shape::Object(&INPUT_AUDIO_PART),
    ),
    ("ChatCompletionContentPartFile", &Shape::Object(&FILE_PART)),
    (
        "ChatCompletionContentPartRefusal",
        &Shape::Object(&REFUSAL_PART),
    ),
    ("ChatCompletionMessageToolCall", &Shape::Object(&TOOL_CALL)),
];
