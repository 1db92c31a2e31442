//! Ids for the constructors. A ULID is written as 26 UTF-16 units into a buffer JavaScript
//! reads, so making one costs a single call and no string crossing.

use crate::ids::{ai_sdk_id, call_id, hex_uid, tool_use_id, uuid_v4, RandomPool, UlidGenerator};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

thread_local! {
    static ULIDS: RefCell<UlidGenerator> = RefCell::new(UlidGenerator::default());
    static POOL: RefCell<RandomPool> = RefCell::new(RandomPool::default());
    static ID_CHARS: RefCell<[u16; 32]> = const { RefCell::new([0; 32]) };
}

/// Where `ulid_next` writes its 26 characters.
#[wasm_bindgen]
pub fn ulid_buffer() -> *const u16 {
    ID_CHARS.with_borrow(|b| b.as_ptr())
}

/// The next monotonic ULID as text, and the ms it carries (for ids the core fills in).
pub fn next_ulid(now: f64) -> Result<(String, f64), crate::ids::IdError> {
    let (id, ms) = ULIDS.with_borrow_mut(|g| {
        let made = g.next(now)?;
        mirror(g);
        Ok::<_, crate::ids::IdError>(made)
    })?;
    Ok((id.to_string(), ms as f64))
}

/// The generator's last id into `ulid_buffer()`, from the first character it changed: every
/// id the generator makes passes here, so the buffer always holds the last one whole.
fn mirror(g: &UlidGenerator) {
    let from = g.changed_from();
    ID_CHARS.with_borrow_mut(|b| {
        for (d, &s) in b[from..].iter_mut().zip(&g.text()[from..]) {
            *d = s as u16;
        }
    });
}

/// The next monotonic ULID for the clock reading `now` (ms): its characters go to
/// `ulid_buffer()`, and the ms it carries is returned (the message's `timestamp`). When no id
/// can be made the answer is -1 (no ULID carries a negative time) and `take_result()` says why:
/// a plain number crosses to JavaScript without the array a `Result` is returned in.
#[wasm_bindgen]
pub fn ulid_next(now: f64) -> f64 {
    let made: Result<u64, crate::ids::IdError> = ULIDS.with_borrow_mut(|g| {
        let (_, ms) = g.next(now)?;
        mirror(g);
        Ok(ms)
    });
    match made {
        Ok(ms) => ms as f64,
        Err(e) => {
            super::interop::set_result(e.to_string());
            -1.0
        }
    }
}

/// 32 lowercase hex characters from 16 random bytes (Agens' uid).
#[wasm_bindgen]
pub fn generate_uid() -> Result<String, JsError> {
    POOL.with_borrow_mut(hex_uid)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A version 4 UUID (Bedrock Swarm's event ids).
#[wasm_bindgen]
pub fn generate_uuid() -> Result<String, JsError> {
    POOL.with_borrow_mut(uuid_v4)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// `call_` and 9 base-36 characters (agent-swarm-kit's tool-call ids).
#[wasm_bindgen]
pub fn generate_call_id() -> Result<String, JsError> {
    POOL.with_borrow_mut(call_id)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// `toolu_` and 24 base-62 characters (Anthropic's tool-use ids).
#[wasm_bindgen]
pub fn generate_tool_use_id() -> Result<String, JsError> {
    POOL.with_borrow_mut(tool_use_id)
        .map_err(|e| JsError::new(&e.to_string()))
}

/// 16 characters of `0-9A-Za-z`, as the AI SDK's `generateId` makes them (tool-call ids).
#[wasm_bindgen]
pub fn generate_ai_sdk_id() -> Result<String, JsError> {
    POOL.with_borrow_mut(ai_sdk_id)
        .map_err(|e| JsError::new(&e.to_string()))
}
