//! The AI SDK `UIMessage` shapes: every interface's is derived from its type (`types.rs`);
//! what is written here is what no struct says: the part union by `type` (two of its cases
//! are prefixes, `tool-${string}` and `data-${string}`), the tool parts as unions by `state`
//! (each state with the keys it requires and forbids, as `ai` declares them), the sources by
//! `sourceType`, and the message's rule (no empty `parts` but the assistant's).

use super::types::*;
use crate::formats::ai_sdk::AiSdkJSONObject;
use crate::keys::*;
use crate::validate::{Described, Field, ObjectShape, Rule, Shape, TaggedShape, UnionShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

/// `LanguageModelV4Source`, by `sourceType`.
pub static SOURCES: TaggedShape = TaggedShape {
    name: "LanguageModelV4Source",
    tag: SOURCE_TYPE,
    variants: &[("url", &URL_SOURCE), ("document", &DOCUMENT_SOURCE)],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// A steering message's parts: `TextUIPart | FileUIPart`.
pub static STEERING_PART: Shape = Shape::Tagged(&STEERING_PARTS);
static STEERING_PARTS: TaggedShape = TaggedShape {
    name: "TextUIPart | FileUIPart",
    tag: TYPE,
    variants: &[("text", &TEXT_UI_PART), ("file", &FILE_UI_PART)],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// The keys a tool part's `state` decides: one a state requires and lacks, or forbids and
/// has, is a `tool_state_mismatch` naming the state.
static PER_STATE: &[crate::keys::Key] = &[INPUT, OUTPUT, ERROR_TEXT, APPROVAL, APPROVED, REASON];

/// A tool's approval in each state: `approved` and `reason` tell them apart.
macro_rules! approval {
    ($approved:expr, $reason:expr) => {
        Shape::Object(&ObjectShape {
            name: "UIToolInvocation['approval']",
            fields: &[
                Field::required(ID, Shape::String),
                $approved,
                Field::optional(DESCRIPTOR, Shape::Any),
                Field::optional(REQUEST_REASON, Shape::String),
                $reason,
                Field::optional(IS_AUTOMATIC, Shape::Boolean),
                Field::optional(SIGNATURE, Shape::String),
                Field::optional(INPUT_SCHEMA_INPUT, Shape::Any),
            ],
        })
    };
}
const REQUESTED: Shape = approval!(
    Field::optional(APPROVED, Shape::Never),
    Field::optional(REASON, Shape::Never)
);
const RESPONDED: Shape = approval!(
    Field::required(APPROVED, Shape::Boolean),
    Field::optional(REASON, Shape::String)
);
const GRANTED: Shape = approval!(
    Field::required(APPROVED, Shape::Bool(true)),
    Field::optional(REASON, Shape::String)
);
const DENIED: Shape = approval!(
    Field::required(APPROVED, Shape::Bool(false)),
    Field::optional(REASON, Shape::String)
);

/// One state of a tool invocation: its own keys (`UIToolInvocation`, L2050); those of every
/// state are the union's `base`.
macro_rules! state {
    ($($own:expr),*) => {
        Shape::Object(&ObjectShape {
            name: "UIToolInvocation",
            fields: &[$($own),*],
        })
    };
}

/// The states of a tool invocation, shared by static and dynamic tool parts.
static STATES: &[(&str, &Shape)] = &[
    (
        "input-streaming",
        &state!(
            Field::optional(INPUT, Shape::Any),
            Field::optional(RAW_INPUT, Shape::String),
            Field::optional(INPUT_ENCODING, Shape::Enum(&["json", "text"])),
            Field::optional(OUTPUT, Shape::Never),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::optional(APPROVAL, Shape::Never)
        ),
    ),
    (
        "input-available",
        &state!(
            Field::required(INPUT, Shape::Any),
            Field::optional(OUTPUT, Shape::Never),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::optional(APPROVAL, Shape::Never)
        ),
    ),
    (
        "approval-requested",
        &state!(
            Field::required(INPUT, Shape::Any),
            Field::optional(OUTPUT, Shape::Never),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::required(APPROVAL, REQUESTED)
        ),
    ),
    (
        "approval-responded",
        &state!(
            Field::required(INPUT, Shape::Any),
            Field::optional(OUTPUT, Shape::Never),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::required(APPROVAL, RESPONDED)
        ),
    ),
    (
        "output-available",
        &state!(
            Field::required(INPUT, Shape::Any),
            Field::required(OUTPUT, Shape::Any),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::optional(RESULT_PROVIDER_METADATA, ProviderMetadata::SHAPE),
            Field::optional(PRELIMINARY, Shape::Boolean),
            Field::optional(APPROVAL, GRANTED)
        ),
    ),
    (
        "output-error",
        &state!(
            // `input: I | undefined`: the key is required (the runtime lets it be absent: a
            // documented decision, docs/DECISIONS-ai-sdk-ui.md).
            Field::required(INPUT, Shape::Any),
            Field::optional(RAW_INPUT, Shape::Any),
            Field::optional(OUTPUT, Shape::Never),
            Field::required(ERROR_TEXT, Shape::String),
            Field::optional(RESULT_PROVIDER_METADATA, ProviderMetadata::SHAPE),
            Field::optional(APPROVAL, GRANTED)
        ),
    ),
    (
        "output-denied",
        &state!(
            Field::required(INPUT, Shape::Any),
            Field::optional(OUTPUT, Shape::Never),
            Field::optional(ERROR_TEXT, Shape::Never),
            Field::required(APPROVAL, DENIED)
        ),
    ),
];

/// What a tool part has in every state: its own keys (`head`: static or dynamic), then those
/// of every invocation.
macro_rules! tool_part {
    ($name:expr, $($head:expr),*) => {
        ObjectShape {
            name: $name,
            fields: &[
                $($head,)*
                Field::required(TOOL_CALL_ID_CAMEL, Shape::String),
                Field::optional(TITLE, Shape::String),
                Field::optional(TOOL_METADATA, AiSdkJSONObject::SHAPE),
                Field::optional(PROVIDER_EXECUTED, Shape::Boolean),
                // (The union's tag: judged there.)
                Field::required(STATE, Shape::String),
                Field::optional(CALL_PROVIDER_METADATA, ProviderMetadata::SHAPE),
            ],
        }
    };
}

static TOOL_UI_PART_BASE: ObjectShape = tool_part!(
    "ToolUIPart",
    Field::required(TYPE, Shape::Rule(&Shape::String, Rule::ToolPartType))
);

static DYNAMIC_TOOL_UI_PART_BASE: ObjectShape = tool_part!(
    "DynamicToolUIPart",
    Field::required(TYPE, Shape::Literal("dynamic-tool")),
    Field::optional(DYNAMIC, Shape::Bool(false)),
    Field::required(TOOL_NAME, Shape::String)
);

/// `ToolUIPart`: `tool-` and the tool's name, by `state`.
static TOOL_UI_PART_STATES: UnionShape = UnionShape {
    name: "ToolUIPart",
    tag: STATE,
    cases: STATES,
    base: &TOOL_UI_PART_BASE,
    per_case: PER_STATE,
};

/// `DynamicToolUIPart`, by `state`.
static DYNAMIC_TOOL_UI_PART_STATES: UnionShape = UnionShape {
    name: "DynamicToolUIPart",
    tag: STATE,
    cases: STATES,
    base: &DYNAMIC_TOOL_UI_PART_BASE,
    per_case: PER_STATE,
};

const TOOL_STATES_SHAPE: Shape = Shape::Union(&TOOL_UI_PART_STATES);
const DYNAMIC_TOOL_SHAPE: Shape = Shape::Union(&DYNAMIC_TOOL_UI_PART_STATES);

/// `UIMessagePart`, by `type`, in `ai`'s order.
static PART_UNION: UnionShape = UnionShape {
    name: "UIMessagePart",
    tag: TYPE,
    base: &NO_FIELDS,
    per_case: &[],
    cases: &[
        ("text", &TextUIPart::SHAPE),
        ("custom", &CustomContentUIPart::SHAPE),
        ("reasoning", &ReasoningUIPart::SHAPE),
        ("tool-${string}", &TOOL_STATES_SHAPE),
        ("dynamic-tool", &DYNAMIC_TOOL_SHAPE),
        ("source-url", &SourceUrlUIPart::SHAPE),
        ("source-document", &SourceDocumentUIPart::SHAPE),
        ("file", &FileUIPart::SHAPE),
        ("reasoning-file", &ReasoningFileUIPart::SHAPE),
        ("data-${string}", &DataUIPart::SHAPE),
        ("steering-message", &SteeringMessageUIPart::SHAPE),
        ("step-start", &StepStartUIPart::SHAPE),
    ],
};

impl Described for UIMessagePart {
    const SHAPE: Shape = Shape::Union(&PART_UNION);
}

/// A static tool part alone: its `type` must start with `tool-`.
static TOOL_PART_ONLY: UnionShape = UnionShape {
    name: "ToolUIPart",
    tag: TYPE,
    base: &NO_FIELDS,
    per_case: &[],
    cases: &[("tool-${string}", &TOOL_STATES_SHAPE)],
};

/// A data part alone: its `type` must start with `data-`.
static DATA_PART_ONLY: UnionShape = UnionShape {
    name: "DataUIPart",
    tag: TYPE,
    base: &NO_FIELDS,
    per_case: &[],
    cases: &[("data-${string}", &DataUIPart::SHAPE)],
};

/// Any UI message: a user's or the system's must have parts (`validateUIMessages` refuses
/// them empty; an assistant's may be, while it streams).
pub static MESSAGE: Shape = Shape::Rule(&UIMessage::SHAPE, Rule::PartsUnlessAssistant);

/// What the facade reads from `describe()`: the roles (from `UIMessage.role`), the part
/// types (the union's tags, prefixes as `tool-${string}`) and the tool states.
pub fn lists() -> crate::formats::Lists {
    let roles = UI_MESSAGE
        .fields
        .iter()
        .find_map(|f| match (f.key == ROLE, &f.shape) {
            (true, Shape::Enum(names)) => Some(names.to_vec()),
            _ => None,
        })
        .unwrap_or_default();
    vec![
        ("UI_ROLES", roles),
        ("UI_PART_TYPES", PART_UNION.tags().collect()),
        ("TOOL_STATES", TOOL_UI_PART_STATES.tags().collect()),
    ]
}

/// Every documented type with a validator of its own, by its TypeScript name; the message
/// type first.
pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("UIMessage", &MESSAGE),
    ("UIMessagePart", &UIMessagePart::SHAPE),
    ("TextUIPart", &TextUIPart::SHAPE),
    ("CustomContentUIPart", &CustomContentUIPart::SHAPE),
    ("ReasoningUIPart", &ReasoningUIPart::SHAPE),
    ("ToolUIPart", &Shape::Union(&TOOL_PART_ONLY)),
    ("DynamicToolUIPart", &DYNAMIC_TOOL_SHAPE),
    ("SourceUrlUIPart", &SourceUrlUIPart::SHAPE),
    ("SourceDocumentUIPart", &SourceDocumentUIPart::SHAPE),
    ("FileUIPart", &FileUIPart::SHAPE),
    ("ReasoningFileUIPart", &ReasoningFileUIPart::SHAPE),
    ("DataUIPart", &Shape::Union(&DATA_PART_ONLY)),
    ("SteeringMessageUIPart", &SteeringMessageUIPart::SHAPE),
    ("StepStartUIPart", &StepStartUIPart::SHAPE),
    ("Citation", &Citation::SHAPE),
];
