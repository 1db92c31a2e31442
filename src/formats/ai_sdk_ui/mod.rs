//! The AI SDK's `UIMessage` (`ai`): what `useChat` keeps, an id, a role and typed parts.
//! (A skeleton: the message's own fields; the parts follow.)

use crate::keys::{ID, METADATA, PARTS, ROLE};
use crate::validate::{Field, ObjectShape, Shape};

static UI_MESSAGE: ObjectShape = ObjectShape {
    name: "UIMessage",
    fields: &[
        Field::required(ID, Shape::String),
        Field::required(ROLE, Shape::Enum(ROLES)),
        Field::optional(METADATA, Shape::Any),
        Field::required(PARTS, Shape::Array(&Shape::Any)),
    ],
};

/// The roles a UI message may have.
pub const ROLES: &[&str] = &["system", "user", "assistant"];

/// Any UI message.
pub static MESSAGE: Shape = Shape::Object(&UI_MESSAGE);

/// What the facade reads from `describe()`: the roles.
pub fn lists() -> crate::formats::Lists {
    vec![("UI_ROLES", ROLES.to_vec())]
}

/// Every documented type with a validator of its own; the message type first.
pub static VALIDATORS: &[(&str, &Shape)] = &[("UIMessage", &MESSAGE)];
