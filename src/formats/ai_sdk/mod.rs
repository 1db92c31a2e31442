//! The AI SDK's `ModelMessage` (`ai`, declared in `@ai-sdk/provider-utils`): system, user,
//! assistant and tool messages and their parts. (A skeleton: the role union alone.)

use crate::keys::{CONTENT, PROVIDER_OPTIONS, ROLE};
use crate::validate::{Field, ObjectShape, Shape, TaggedShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

const FIELDS: &[Field] = &[
    Field::required(CONTENT, Shape::Any),
    Field::optional(PROVIDER_OPTIONS, Shape::Any),
];
static SYSTEM: ObjectShape = ObjectShape {
    name: "SystemModelMessage",
    fields: FIELDS,
};
static USER: ObjectShape = ObjectShape {
    name: "UserModelMessage",
    fields: FIELDS,
};
static ASSISTANT: ObjectShape = ObjectShape {
    name: "AssistantModelMessage",
    fields: FIELDS,
};
static TOOL: ObjectShape = ObjectShape {
    name: "ToolModelMessage",
    fields: FIELDS,
};

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

/// What the facade reads from `describe()`: the roles.
pub fn lists() -> crate::formats::Lists {
    vec![("ROLES", UNION.tags().collect())]
}

/// Every documented type with a validator of its own; the message type first.
pub static VALIDATORS: &[(&str, &Shape)] = &[("ModelMessage", &MESSAGE)];
