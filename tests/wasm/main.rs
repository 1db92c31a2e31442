//! The binding layer compiled to wasm and run under Node (wasm-bindgen-test): the exports the
//! facade calls, given the inputs the facade gives them.
#![cfg(target_arch = "wasm32")]

use agent_messages::boundary::{limit, mode, revive, ulid_buffer};
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::wasm::{ids, interop, kernel, validate};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

const KERNEL_MESSAGE: u32 = 0;
/// The defaults the facade sends when the caller gives no options.
const ISSUES: u32 = limit::DEFAULT_MAX_ISSUES as u32;
const DEPTH: u32 = limit::DEFAULT_MAX_DEPTH as u32;

/// Put a tape where the walker would have written it; returns its sizes.
fn load(value: &Js) -> (usize, usize, usize, usize) {
    let t = Tape::from_js(value, true);
    interop::tape_reserve(t.words.len(), t.nums.len(), t.chars.len(), t.bytes.len());
    interop::TAPE.with_borrow_mut(|buf| {
        buf.words[..t.words.len()].copy_from_slice(&t.words);
        buf.nums[..t.nums.len()].copy_from_slice(&t.nums);
        buf.chars[..t.chars.len()].copy_from_slice(&t.chars);
        buf.bytes[..t.bytes.len()].copy_from_slice(&t.bytes);
    });
    (t.words.len(), t.nums.len(), t.chars.len(), t.bytes.len())
}

fn reply(text: &str) -> Js {
    Js::obj([
        ("id", Js::str("01JD7Z8Q0000000000000000AB")),
        ("timestamp", Js::Num(1.0)),
        ("type", Js::str("reply")),
        ("text", Js::str(text)),
    ])
}

fn check(value: &Js, mode: u32) -> u32 {
    let (w, n, c, b) = load(value);
    validate::tape_check(KERNEL_MESSAGE, w, n, c, b, mode, 0, ISSUES, DEPTH)
}

#[wasm_bindgen_test]
fn the_first_schema_is_the_kernel_message() {
    let d: JsValue = validate::describe().unwrap().into();
    let schemas = js_sys::Reflect::get(&d, &"schemas".into()).unwrap();
    let first = js_sys::Array::from(&schemas).get(0);
    assert_eq!(
        js_sys::Array::from(&first).get(1).as_string().unwrap(),
        "KernelMessage"
    );
}

#[wasm_bindgen_test]
fn describe_sends_every_number_of_the_boundary() {
    use js_sys::Reflect;
    let d: JsValue = validate::describe().unwrap().into();
    let numbers = Reflect::get(&d, &"numbers".into()).unwrap();
    for (table, entries) in agent_messages::boundary::TABLES {
        let t = Reflect::get(&numbers, &(*table).into()).unwrap();
        assert!(t.is_object(), "{table}");
        for (name, value) in *entries {
            let got = Reflect::get(&t, &(*name).into()).unwrap().as_f64();
            assert_eq!(got, Some(*value as f64), "{table}.{name}");
        }
    }
}

#[wasm_bindgen_test]
fn a_valid_tape_answers_ok_and_an_invalid_one_lists_its_issues() {
    assert_eq!(check(&reply("hi"), 0), interop::OK);
    assert_eq!(
        check(&Js::obj([("type", Js::str("reply"))]), 0),
        interop::INVALID
    );
    // (The compact form of `validate::issues_compact`: strings by their length.)
    let issues = interop::take_result();
    assert!(issues.contains("7:missing1,k2:id"), "{issues}");
    assert!(issues.contains("1,k4:text"), "{issues}");
}

#[wasm_bindgen_test]
fn encoding_writes_the_json_form() {
    let msg = Js::obj([
        ("id", Js::str("x")),
        ("timestamp", Js::Num(1.0)),
        ("type", Js::str("input")),
        (
            "files",
            Js::Arr(vec![Js::obj([("data", Js::Bytes(vec![1, 2, 3]))])]),
        ),
    ]);
    assert_eq!(check(&msg, mode::ENCODE), interop::OK_WITH_DATA);
    assert_eq!(
        interop::take_result(),
        r#"{"id":"x","timestamp":1,"type":"input","files":[{"data":"AQID"}]}"#
    );
}

#[wasm_bindgen_test]
fn json_text_is_checked_and_a_revival_plan_returned() {
    let text = r#"{"id":"x","timestamp":1,"type":"input","files":[{"data":"AQID"}]}"#;
    assert_eq!(
        validate::json_check(KERNEL_MESSAGE, text, 0, ISSUES, DEPTH),
        interop::OK_WITH_DATA
    );
    assert_eq!(
        interop::take_result(),
        format!(r#"[[["files",0,"data"],{},0,3]]"#, revive::BYTES)
    );
    assert_eq!(interop::take_bytes(), vec![1, 2, 3]);
}

#[wasm_bindgen_test]
fn hostile_json_text_gets_issues_and_the_instance_keeps_answering() {
    let deep = "[".repeat(200_000);
    assert_eq!(
        validate::json_check(
            KERNEL_MESSAGE,
            &deep,
            0,
            ISSUES,
            limit::DEPTH_CEILING as u32
        ),
        interop::INVALID
    );
    assert!(interop::take_result().contains("too_deep"));
    for bad in ["", "{", "nul", "\"\\ud800\"", "{\"a\":1e400}", "[1,]"] {
        let code = validate::json_check(KERNEL_MESSAGE, bad, 0, ISSUES, DEPTH);
        assert_eq!(code, interop::INVALID, "{bad}");
    }
    // Out-of-range limits are clamped rather than trusted.
    assert_eq!(
        validate::json_check(KERNEL_MESSAGE, "{}", 0, 0, u32::MAX),
        interop::INVALID
    );
    assert_eq!(validate::ping(), interop::OK);
    assert_eq!(check(&reply("still here"), 0), interop::OK);
}

#[wasm_bindgen_test]
fn a_truncated_or_garbage_tape_is_an_issue_not_a_trap() {
    let (w, n, c, b) = load(&reply("hi"));
    assert_eq!(
        validate::tape_check(KERNEL_MESSAGE, 0, n, c, b, 0, 0, ISSUES, DEPTH),
        interop::INVALID
    );
    // Whatever the cut, the call returns (a trap would end every later call too).
    for cut in 1..w {
        let code = validate::tape_check(KERNEL_MESSAGE, cut, n, c, b, 0, 0, ISSUES, DEPTH);
        assert!(
            code == interop::OK || code == interop::INVALID,
            "cut at {cut}"
        );
    }
    interop::TAPE.with_borrow_mut(|t| t.words[..64].fill(0xFFFF_FFFF));
    assert_eq!(
        validate::tape_check(KERNEL_MESSAGE, 64, n, c, b, 0, 0, ISSUES, DEPTH),
        interop::INVALID
    );
    assert_eq!(
        validate::tape_check(999, w, n, c, b, 0, 0, ISSUES, DEPTH),
        interop::INVALID
    );
    assert_eq!(check(&reply("fine"), 0), interop::OK);
}

#[wasm_bindgen_test]
fn ulids_are_monotonic_and_carry_the_timestamp() {
    let mut ids = Vec::new();
    for _ in 0..3 {
        let ms = ids::ulid_next(1_700_000_000_000.0);
        assert_eq!(ms, 1_700_000_000_000.0);
        let chars = unsafe { std::slice::from_raw_parts(ids::ulid_buffer(), 26) };
        ids.push(String::from_utf16(chars).unwrap());
    }
    assert!(ids[0] < ids[1] && ids[1] < ids[2], "{ids:?}");
    // The facade makes ids on from the last one and counts them; the generator skips them.
    let at = ids::ulid_buffer() as *mut u16;
    let skip = ulid_buffer::SKIP_AT;
    unsafe { *at.add(skip) = 3 };
    ids::ulid_next(1_700_000_000_000.0);
    let chars = unsafe { std::slice::from_raw_parts(at, 26) };
    let after = ulid::Ulid::from_string(&String::from_utf16(chars).unwrap()).unwrap();
    let before = ulid::Ulid::from_string(&ids[2]).unwrap();
    assert_eq!(after.random(), before.random() + 4);
    assert_eq!(unsafe { *at.add(skip) }, 0, "the count is taken");
    let time = |i: usize| unsafe { *at.add(ulid_buffer::TIME_AT + i) } as u64;
    assert_eq!(
        (time(0) << 32) | (time(1) << 16) | time(2),
        1_700_000_000_000
    );
    assert_eq!(ids::ulid_next(f64::NAN), -1.0);
    let why = interop::take_result();
    assert!(why.contains("clock reading"), "{why}");
    assert_eq!(ids::generate_uid().unwrap().len(), 32);
}

#[wasm_bindgen_test]
fn registering_types_validates_the_name() {
    assert!(kernel::kernel_register_type("reply").is_err());
    assert!(kernel::kernel_register_type("").is_err());
    assert!(kernel::kernel_register_type(&"x".repeat(65)).is_err());
    kernel::kernel_register_type("thought").unwrap();
    let thought = Js::obj([
        ("id", Js::str("x")),
        ("timestamp", Js::Num(1.0)),
        ("type", Js::str("thought")),
        ("mood", Js::str("calm")),
    ]);
    assert_eq!(check(&thought, 0), interop::OK);
    assert!(kernel::kernel_unregister_type("thought"));
    assert_eq!(check(&thought, 0), interop::INVALID);
}
