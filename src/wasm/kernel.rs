//! Kernel-only exports: registering message types.

use super::interop::OPTIONS;
use crate::formats::kernel;
use wasm_bindgen::prelude::*;

/// Register an extra Kernel message type: messages of this type are checked for the base
/// fields and keep everything else.
#[wasm_bindgen]
pub fn kernel_register_type(name: &str) -> Result<(), JsError> {
    kernel::check_custom_type(name).map_err(|e| JsError::new(&e))?;
    OPTIONS.with_borrow_mut(|o| {
        if !o.custom_types.iter().any(|t| t == name) {
            o.custom_types.push(name.to_string());
        }
    });
    Ok(())
}

/// Forget a registered type; true if it was registered.
#[wasm_bindgen]
pub fn kernel_unregister_type(name: &str) -> bool {
    OPTIONS.with_borrow_mut(|o| {
        let before = o.custom_types.len();
        o.custom_types.retain(|t| t != name);
        o.custom_types.len() != before
    })
}

/// The registered types, in registration order.
#[wasm_bindgen]
pub fn kernel_registered_types() -> Vec<String> {
    OPTIONS.with_borrow(|o| o.custom_types.clone())
}
