//! The agent-swarm-kit shapes: every interface's is derived from its documented type
//! (`types.rs`, `#[derive(Described)]`); the role and mode unions from their enums.

use super::types::{ExecutionMode, IModelMessage, IToolCall, ModelMessageRole};
use crate::validate::{enum_names, Described, Shape};

/// The roles, in the order upstream lists them (the enum's).
pub const ROLES: &[&str] = enum_names(ModelMessageRole::SHAPE);

/// `"user"` or `"tool"`.
pub const MODES: &[&str] = enum_names(ExecutionMode::SHAPE);

/// What the facade reads from `describe()`.
pub fn lists() -> crate::formats::Lists {
    vec![("ROLES", ROLES.to_vec()), ("MODES", MODES.to_vec())]
}

pub static ROLE_SHAPE: Shape = ModelMessageRole::SHAPE;
pub static MODE_SHAPE: Shape = ExecutionMode::SHAPE;

pub static MESSAGE: Shape = IModelMessage::SHAPE;

pub static VALIDATORS: &[(&str, &Shape)] = &[
    ("IModelMessage", &MESSAGE),
    ("IToolCall", &IToolCall::SHAPE),
    ("ExecutionMode", &MODE_SHAPE),
    ("ModelMessageRole", &ROLE_SHAPE),
];
