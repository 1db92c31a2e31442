//! The Agens shapes: every struct's is derived from its documented type (`types.rs`,
//! `#[derive(Described)]`); what is written here is what no struct says: `ToolDef` (an open
//! JSON object with a `name`) and the union of `next` instructions, told apart by `type`.

use super::types::*;
use crate::keys::{ANNOTATIONS, DESCRIPTION, INPUT_SCHEMA, NAME, OUTPUT_SCHEMA, TITLE, TYPE};
use crate::validate::{Described, Field, ObjectShape, Shape, TaggedShape};

pub static TOOL_DEF: ObjectShape = ObjectShape {
    name: "ToolDef",
    // MCP's `Tool` fields are named so that strict mode does not report them; their values
    // are not checked (the TypeScript type is open: `[key: string]: unknown`).
    fields: &[
        Field::required(NAME, Shape::String),
        Field::optional(TITLE, Shape::Any),
        Field::optional(DESCRIPTION, Shape::Any),
        Field::optional(INPUT_SCHEMA, Shape::Any),
        Field::optional(OUTPUT_SCHEMA, Shape::Any),
        Field::optional(ANNOTATIONS, Shape::Any),
    ],
};

impl Described for ToolDef {
    const SHAPE: Shape = Shape::Object(&TOOL_DEF);
}

static NEXT_BASE: ObjectShape = ObjectShape {
    name: "NextInstruction",
    fields: &[],
};

static NEXT_UNION: TaggedShape = TaggedShape {
    name: "NextInstruction",
    tag: TYPE,
    variants: &[
        ("route", &ROUTE),
        ("yield", &YIELD),
        ("sub", &SUB),
        ("end", &END),
        ("retry", &RETRY),
    ],
    base: &NEXT_BASE,
    extensible: false,
    elsewhere: None,
};

impl Described for NextInstruction {
    const SHAPE: Shape = Shape::Tagged(&NEXT_UNION);
}

pub static NEXT_INSTRUCTION: Shape = NextInstruction::SHAPE;

/// The instruction types: the union's tags.
pub fn next_types() -> impl Iterator<Item = &'static str> {
    NEXT_UNION.tags()
}

/// What the facade reads from `describe()`.
pub fn lists() -> crate::formats::Lists {
    vec![("NEXT_TYPES", next_types().collect())]
}

pub static MESSAGE: Shape = AgensMessage::SHAPE;

pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("Message", &MESSAGE),
    ("Resource", &Resource::SHAPE),
    ("NextInstruction", &NEXT_INSTRUCTION),
    ("RouteInstruction", &RouteInstruction::SHAPE),
    ("YieldInstruction", &YieldInstruction::SHAPE),
    ("SubInstruction", &SubInstruction::SHAPE),
    ("EndInstruction", &EndInstruction::SHAPE),
    ("RetryInstruction", &RetryInstruction::SHAPE),
    ("ShortNext", &ShortNext::SHAPE),
    ("ToolCall", &AgensToolCall::SHAPE),
    ("ToolCallArgument", &AgensToolCallArgument::SHAPE),
    ("ToolDef", &ToolDef::SHAPE),
];
