//! Ids for the constructors. A ULID is written as 26 UTF-16 units into a buffer JavaScript
//! reads, so making one costs a single call and no string crossing; within one millisecond the
//! facade makes the next ones on from it itself, and the generator skips them.

use crate::boundary::{limit, ulid_buffer};
use crate::ids::{
    ai_sdk_id, call_id, hex_uid, tool_use_id, uuid_v4, IdError, RandomPool, UlidGenerator,
    ULID_DIGITS,
};
use std::cell::RefCell;
use ulid::Ulid;
use wasm_bindgen::prelude::*;

thread_local! {
    static ULIDS: RefCell<UlidGenerator> = RefCell::new(UlidGenerator::default());
    static POOL: RefCell<RandomPool> = RefCell::new(RandomPool::default());
    static ID_CHARS: RefCell<[u16; BUFFER]> = const { RefCell::new([0; BUFFER]) };
}

/// The layout of `ulid_buffer()`, in 16-bit units (src/boundary.rs declares it).
const LENGTH: usize = limit::ULID_LENGTH as usize;
use ulid_buffer::{DIGITS_AT, LENGTH as BUFFER, SKIP_AT, TIME_AT};
const _: () = assert!(
    LENGTH <= TIME_AT
        && TIME_AT + 3 <= SKIP_AT
        && SKIP_AT < DIGITS_AT
        && DIGITS_AT + ULID_DIGITS.len() == BUFFER
);

/// The buffer the generator shares with the facade ([`crate::boundary::ulid_buffer`]): the
/// last id's characters, its ms, how many ids the facade made on from it since, and the 32
/// digits, from which the facade learns the character after each.
#[wasm_bindgen]
pub fn ulid_buffer() -> *const u16 {
    ID_CHARS.with_borrow_mut(|b| {
        for (d, &s) in b[DIGITS_AT..].iter_mut().zip(ULID_DIGITS) {
            *d = s as u16;
        }
        b.as_ptr()
    })
}

/// The next id of the shared generator: first the ids the facade made on from the last one
/// are skipped, then the new id, its characters and its ms go to the buffer. Every id of the
/// shared generator is made here, so the buffer always holds the last one.
fn shared_next(now: f64) -> Result<(Ulid, u64), IdError> {
    ULIDS.with_borrow_mut(|g| {
        ID_CHARS.with_borrow_mut(|b| {
            g.skip(b[SKIP_AT] as u32);
            b[SKIP_AT] = 0;
            let (id, ms) = g.next(now)?;
            let mut text = [0u8; ulid::ULID_LEN];
            id.array_to_str(&mut text);
            for (d, s) in b[..LENGTH].iter_mut().zip(text) {
                *d = s as u16;
            }
            b[TIME_AT] = (ms >> 32) as u16;
            b[TIME_AT + 1] = (ms >> 16) as u16;
            b[TIME_AT + 2] = ms as u16;
            Ok((id, ms))
        })
    })
}

/// The next monotonic ULID as text, and the ms it carries (for ids the core fills in).
pub fn next_ulid(now: f64) -> Result<(String, f64), IdError> {
    let (id, ms) = shared_next(now)?;
    Ok((id.to_string(), ms as f64))
}

/// The next monotonic ULID for the clock reading `now` (ms): its characters go to
/// `ulid_buffer()`, and the ms it carries is returned (the message's `timestamp`). When no id
/// can be made the answer is -1 (no ULID carries a negative time) and `take_result()` says why:
/// a plain number crosses to JavaScript without the array a `Result` is returned in.
#[wasm_bindgen]
pub fn ulid_next(now: f64) -> f64 {
    match shared_next(now) {
        Ok((_, ms)) => ms as f64,
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
