//! Anthropic Messages (`@anthropic-ai/sdk`): the request's `MessageParam`s, their content
//! blocks, and the response `Message`. (A skeleton: the role union alone; the blocks follow.)

use crate::keys::{CONTENT, ROLE};
use crate::validate::{Field, ObjectShape, Shape, TaggedShape};

static NO_FIELDS: ObjectShape = ObjectShape {
    name: "object",
    fields: &[],
};

static USER: ObjectShape = ObjectShape {
    name: "UserMessageParam",
    fields: &[Field::required(CONTENT, Shape::Any)],
};
static ASSISTANT: ObjectShape = ObjectShape {
    name: "AssistantMessageParam",
    fields: &[Field::required(CONTENT, Shape::Any)],
};
static SYSTEM: ObjectShape = ObjectShape {
    name: "SystemMessageParam",
    fields: &[Field::required(CONTENT, Shape::Any)],
};

static UNION: TaggedShape = TaggedShape {
    name: "MessageParam",
    tag: ROLE,
    variants: &[
        ("user", &USER),
        ("assistant", &ASSISTANT),
        ("system", &SYSTEM),
    ],
    base: &NO_FIELDS,
    extensible: false,
    elsewhere: None,
};

/// Any message of a request's conversation.
pub static MESSAGE: Shape = Shape::Tagged(&UNION);

/// What the facade reads from `describe()`: the roles.
pub fn lists() -> crate::formats::Lists {
    vec![("ROLES", UNION.tags().collect())]
}

/// Every documented type with a validator of its own; the message type first.
pub static VALIDATORS: &[(&str, &Shape)] = &[("MessageParam", &MESSAGE)];
