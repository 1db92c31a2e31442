//! Validation and the JSON codec, for every format: JavaScript names a schema by its number.

use super::interop::{invalid, publish, set_result, with_options, with_tape, OK};
use crate::boundary::mode;
use crate::formats::{schemas, Describe};
use crate::tape::json;
use crate::validate::{check_each, run, Input, Issue, IssueCode, Mode, Output, Shape};
use std::cell::RefCell;
use tsify::Ts;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
pub fn describe() -> Result<Ts<Describe>, JsError> {
    let value = js_sys::JSON::parse(&crate::formats::describe_json())
        .map_err(|_| JsError::new("describe: bad JSON"))?;
    Ok(Ts::new_unchecked(value))
}

fn shape(schema: u32) -> Option<&'static Shape> {
    schemas().get(schema as usize).map(|s| s.shape)
}

fn unknown_schema(schema: u32) -> u32 {
    invalid(&[Issue::new(
        IssueCode::InvalidInput,
        vec![],
        format!("no schema number {schema}"),
    )])
}

/// Check the tape JavaScript just wrote, as [`mode`] says: a list (an array of values, one
/// outcome), each (an array, one outcome per item), encode (write the JSON form), the tape
/// holds the JSON form (a parsed JSON value: plan its revival).
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn tape_check(
    schema: u32,
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    mode: u32,
    flags: u32,
    max_issues: u32,
    max_depth: u32,
) -> u32 {
    let Some(shape) = shape(schema) else {
        return unknown_schema(schema);
    };
    with_options(flags, max_issues, max_depth, |opts| {
        with_tape(nw, nn, nc, nb, |tape| {
            let form = if mode & mode::JSON_FORM != 0 {
                Mode::Json
            } else {
                Mode::Js
            };
            if mode & mode::EACH != 0 {
                return each(check_each(tape, 0, shape, form, opts));
            }
            let encode = mode & mode::ENCODE != 0 && form == Mode::Js;
            publish(
                run(
                    tape,
                    0,
                    shape,
                    form,
                    opts,
                    if encode { Output::Text } else { Output::None },
                    if mode & mode::LIST != 0 {
                        Input::List
                    } else {
                        Input::One
                    },
                ),
                form == Mode::Json,
            )
        })
    })
}

/// Per-item outcomes: the invalid items' indices and issues
/// ([`crate::validate::failures_compact`]); their count returned.
fn each(results: Vec<crate::validate::Checked>) -> u32 {
    let failures: Vec<(usize, &[Issue])> = results
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.issues.is_empty())
        .map(|(i, r)| (i, r.issues.as_slice()))
        .collect();
    if !failures.is_empty() {
        let mut out = String::new();
        crate::validate::failures_compact(&failures, &mut out);
        set_result(out);
    }
    failures.len() as u32
}

thread_local! {
    /// The text buffer JavaScript encodes JSON text into, and the tape it parses to: both kept
    /// between calls.
    static TEXT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static JSON_TAPE: RefCell<json::JsonTape> = RefCell::new(json::JsonTape::default());
}

/// Room for `bytes` of UTF-8 text; the address to write it at, or null when that much memory
/// cannot be had.
#[wasm_bindgen]
pub fn text_reserve(bytes: usize) -> *mut u8 {
    TEXT.with_borrow_mut(|t| {
        if t.len() < bytes {
            let extra = bytes - t.len();
            if t.try_reserve_exact(extra).is_err() {
                return std::ptr::null_mut();
            }
            t.resize(bytes, 0);
        }
        t.as_mut_ptr()
    })
}

/// `f` of the first `len` bytes JavaScript wrote at [`text_reserve`]'s address.
pub fn with_text<R>(len: usize, f: impl FnOnce(&[u8]) -> R) -> R {
    TEXT.with_borrow(|t| f(&t[..len.min(t.len())]))
}

/// [`json_check`] of the first `len` bytes JavaScript wrote at `text_reserve`'s address (one
/// `TextEncoder.encodeInto`, cheaper than passing a string).
#[wasm_bindgen]
pub fn json_check_buffer(
    schema: u32,
    len: usize,
    flags: u32,
    max_issues: u32,
    max_depth: u32,
) -> u32 {
    with_text(len, |t| check_text(schema, t, flags, max_issues, max_depth))
}

/// Check JSON text (the JSON form; an array is a list of values). On success the result may
/// hold a revival plan for the JS form.
#[wasm_bindgen]
pub fn json_check(schema: u32, text: &str, flags: u32, max_issues: u32, max_depth: u32) -> u32 {
    check_text(schema, text.as_bytes(), flags, max_issues, max_depth)
}

/// JSON text as bytes; the parser checks that its strings are UTF-8.
fn check_text(schema: u32, text: &[u8], flags: u32, max_issues: u32, max_depth: u32) -> u32 {
    let Some(shape) = shape(schema) else {
        return unknown_schema(schema);
    };
    with_options(flags, max_issues, max_depth, |opts| {
        JSON_TAPE.with_borrow_mut(
            |tape| match json::parse_bytes_into(text, opts.max_depth, tape) {
                Ok(()) => publish(
                    run(
                        &tape.view_bytes(text),
                        0,
                        shape,
                        Mode::Json,
                        opts,
                        Output::None,
                        Input::List,
                    ),
                    true,
                ),
                Err(e) => invalid(&[crate::validate::syntax_issue(&e, text)]),
            },
        )
    })
}

/// Does this build answer at all? (A cheap call for the instance-survives tests.)
#[wasm_bindgen]
pub fn ping() -> u32 {
    OK
}

/// The fields of the interface schema number `schema` builds for `tag` (a case of a tagged
/// union; ignored for an interface), as [`crate::validate::built_fields_json`] lists them:
/// what the facade's in-place checks accept.
#[wasm_bindgen]
pub fn built_fields(schema: u32, tag: &str) -> String {
    crate::validate::built_fields_json(
        shape(schema).and_then(|s| crate::validate::built_shape(s, tag)),
    )
}

/// The property that picks a case of schema number `schema`, a tagged union (`""`: not one).
#[wasm_bindgen]
pub fn built_tag(schema: u32) -> String {
    shape(schema)
        .and_then(crate::validate::built_tag)
        .unwrap_or_default()
        .to_owned()
}
