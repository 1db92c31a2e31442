//! The Kernel message stream (`@unternet/kernel`): ULID ids, ms timestamps, messages told apart
//! by `type`. Seed 004, plus the types upstream added since (`log`, `tool-call`, `tool-result`)
//! and caller-registered types.

mod shape;
mod types;

pub use shape::{lists, types, MESSAGE, VALIDATORS};
pub use types::*;

/// Can `name` be registered as an extra message type?
pub fn check_custom_type(name: &str) -> Result<(), String> {
    if name.is_empty() {
        return Err("a message type name cannot be empty".into());
    }
    if name.encode_utf16().count() > crate::tape::SHORT_STRING as usize {
        return Err(format!(
            "a message type name may have at most {} characters",
            crate::tape::SHORT_STRING
        ));
    }
    if types().any(|t| t == name) {
        return Err(format!(
            "{} is a built-in Kernel message type",
            crate::validate::quoted(name)
        ));
    }
    Ok(())
}
