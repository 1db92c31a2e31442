//! The crossing. JavaScript writes a tape into buffers that live here (one call to reserve
//! them, none per value), calls one check, and reads a small result code; only results that
//! carry data (issues, JSON text, a revival plan) cross back as one JSON string. And [`Js`], the
//! core's host in the wasm: JavaScript's own number parsing and formatting.

#[cfg(feature = "convert")]
use crate::boundary::built_parts;
use crate::boundary::{flag, result, revive, tape_header as at};
use crate::host::Host;
#[cfg(feature = "convert")]
use crate::tape::value::Built;
use crate::tape::{Chars, TapeView};
use crate::validate::{issues_compact, write_path, Checked, Issue, Options, PathSeg, ReviveKind};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The tape buffers, kept at their high-water mark. Their length is their capacity (zeroed),
/// so JavaScript writes into initialised memory and no `unsafe` is needed.
#[derive(Default)]
pub struct TapeBuffers {
    pub words: Vec<u32>,
    pub nums: Vec<f64>,
    pub chars: Vec<u16>,
    pub bytes: Vec<u8>,
    /// Addresses and capacities, read by JavaScript at the places [`at`] names.
    header: [u32; at::LEN],
}

#[wasm_bindgen]
extern "C" {
    /// JavaScript's `String(n)`: the shortest round-trip form of a number, as `JSON.stringify`
    /// writes it. Used instead of core's float formatting, which would add ~20 KiB to the wasm.
    #[wasm_bindgen(js_name = String)]
    fn js_number_text(n: f64) -> String;
    /// JavaScript's `Number(text)`, for the JSON numbers `tape::number` has no fast path for.
    #[wasm_bindgen(js_name = Number)]
    fn js_number(text: &str) -> f64;
}

/// JavaScript as the core's [`Host`]: the wasm's [`crate::Platform`].
pub struct Js;

impl Host for Js {
    #[inline]
    fn parse_number(text: &str) -> f64 {
        js_number(text)
    }

    #[inline]
    fn number_text(n: f64) -> String {
        js_number_text(n)
    }
}

thread_local! {
    pub static TAPE: RefCell<TapeBuffers> = RefCell::new(TapeBuffers::default());
    /// The options of the current call; the registered Kernel types live here between calls.
    pub static OPTIONS: RefCell<Options> = RefCell::new(Options::default());
    /// The data of the last result, taken by `take_result`.
    pub static RESULT: RefCell<String> = const { RefCell::new(String::new()) };
    /// Decoded bytes of the last revival plan, taken by `take_bytes`.
    pub static RESULT_BYTES: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[cfg(feature = "convert")]
thread_local! {
    /// The last converted messages, until `built_release`.
    pub static BUILT: RefCell<Built> = RefCell::new(Built::default());
    /// Where their parts are, for `built_parts`.
    static BUILT_PARTS: RefCell<[u32; built_parts::PARTS]> =
        const { RefCell::new([0; built_parts::PARTS]) };
}

/// Grow a buffer to hold `need` items, keeping those it holds; false when memory cannot be had
/// (the instance must not trap on an allocation failure: that would end every later call too).
pub fn grow<T: Default + Clone>(v: &mut Vec<T>, need: usize) -> bool {
    if v.len() >= need {
        return true;
    }
    let cap = need.max(v.len().saturating_mul(2)).max(256);
    if v.try_reserve_exact(cap - v.len()).is_err() {
        return false;
    }
    v.resize(cap, T::default());
    true
}

/// Make room for a tape of at least these sizes; returns the address of the header that tells
/// JavaScript where the buffers are now, or null when that much memory cannot be had.
#[wasm_bindgen]
pub fn tape_reserve(words: usize, nums: usize, chars: usize, bytes: usize) -> *const u32 {
    TAPE.with_borrow_mut(|t| {
        let grown = grow(&mut t.words, words)
            && grow(&mut t.nums, nums)
            && grow(&mut t.chars, chars)
            && grow(&mut t.bytes, bytes);
        if !grown {
            return std::ptr::null();
        }
        let h = &mut t.header;
        h[at::WORDS] = t.words.as_ptr() as u32;
        h[at::WORDS_CAP] = t.words.len() as u32;
        h[at::NUMS] = t.nums.as_ptr() as u32;
        h[at::NUMS_CAP] = t.nums.len() as u32;
        h[at::CHARS] = t.chars.as_ptr() as u32;
        h[at::CHARS_CAP] = t.chars.len() as u32;
        h[at::BYTES] = t.bytes.as_ptr() as u32;
        h[at::BYTES_CAP] = t.bytes.len() as u32;
        t.header.as_ptr()
    })
}

/// Run `f` over the first `n*` entries of the tape buffers.
pub fn with_tape<R>(
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    f: impl FnOnce(&TapeView) -> R,
) -> R {
    TAPE.with_borrow(|t| {
        let view = TapeView {
            words: &t.words[..nw.min(t.words.len())],
            nums: &t.nums[..nn.min(t.nums.len())],
            chars: Chars::Utf16(&t.chars[..nc.min(t.chars.len())]),
            bytes: &t.bytes[..nb.min(t.bytes.len())],
        };
        f(&view)
    })
}

/// Run `f` with the call's options set from its packed form ([`flag`] bits).
pub fn with_options<R>(
    flags: u32,
    max_issues: u32,
    max_depth: u32,
    f: impl FnOnce(&Options) -> R,
) -> R {
    OPTIONS.with_borrow_mut(|o| {
        o.strict = flags & flag::STRICT != 0;
        o.abort_early = flags & flag::ABORT_EARLY != 0;
        o.max_issues = (max_issues as usize).max(1);
        o.max_depth = (max_depth as usize).clamp(1, crate::validate::DEPTH_CEILING);
        f(o)
    })
}

/// The result codes ([`result`]).
pub use result::{INVALID, OK, OK_WITH_DATA};

pub fn set_result(s: String) {
    RESULT.set(s);
}

/// `INVALID`, with `issues` as its result in the form the facade reads
/// ([`issues_compact`]): every call that answers `INVALID` says why through here.
pub fn invalid(issues: &[Issue]) -> u32 {
    let mut out = String::new();
    issues_compact(issues, &mut out);
    set_result(out);
    INVALID
}

/// Store what a check produced and say which code it is.
pub fn publish(checked: Checked, want_revive: bool) -> u32 {
    if !checked.issues.is_empty() {
        return invalid(&checked.issues);
    }
    if let Some(json) = checked.json {
        set_result(json);
        return OK_WITH_DATA;
    }
    if want_revive && !checked.revive.ops.is_empty() {
        set_result(revive_json(&checked.revive.ops));
        RESULT_BYTES.set(checked.revive.bytes);
        return OK_WITH_DATA;
    }
    OK
}

/// `[[path, kind, off, len], ...]`, each kind a [`revive`] code.
pub fn revive_json(ops: &[(Vec<PathSeg>, ReviveKind)]) -> String {
    let mut out = String::from("[");
    for (n, (path, kind)) in ops.iter().enumerate() {
        if n > 0 {
            out.push(',');
        }
        out.push('[');
        write_path(&mut out, path);
        match kind {
            ReviveKind::Bytes { off, len } => {
                out.push_str(&format!(",{},{off},{len}]", revive::BYTES))
            }
            ReviveKind::ArrayBuffer { off, len } => {
                out.push_str(&format!(",{},{off},{len}]", revive::ARRAY_BUFFER))
            }
            ReviveKind::Url => out.push_str(&format!(",{}]", revive::URL)),
            ReviveKind::Error => out.push_str(&format!(",{}]", revive::ERROR)),
            ReviveKind::Unwrap => out.push_str(&format!(",{}]", revive::UNWRAP)),
        }
    }
    out.push(']');
    out
}

/// The data of the last result.
#[wasm_bindgen]
pub fn take_result() -> String {
    RESULT.take()
}

/// The decoded bytes of the last revival plan.
#[wasm_bindgen]
pub fn take_bytes() -> Vec<u8> {
    RESULT_BYTES.take()
}

/// Where the parts of the last converted messages ([`BUILT`]) are: a pointer to
/// `built_parts::PARTS` words, each part's address and length (see [`built_parts`]).
#[cfg(feature = "convert")]
#[wasm_bindgen]
pub fn built_parts() -> *const u32 {
    use built_parts::*;
    let parts = BUILT.with_borrow(|b| {
        let mut parts = [0u32; PARTS];
        let mut put = |(at, count): (usize, usize), ptr: usize, len: usize| {
            parts[at] = ptr as u32;
            parts[count] = len as u32;
        };
        let words = &b.tape.words;
        put((WORDS, WORD_COUNT), words.as_ptr() as usize, words.len());
        let nums = &b.tape.nums;
        put((NUMS, NUM_COUNT), nums.as_ptr() as usize, nums.len());
        put((TEXT, TEXT_BYTES), b.text.as_ptr() as usize, b.text.len());
        put(
            (UNITS, UNIT_COUNT),
            b.units.as_ptr() as usize,
            b.units.len(),
        );
        parts
    });
    BUILT_PARTS.with(|p| {
        p.replace(parts);
        p.as_ptr() as *const u32
    })
}

/// Let go of the last converted messages, once the facade has built them.
#[cfg(feature = "convert")]
#[wasm_bindgen]
pub fn built_release() {
    BUILT.take();
}

/// The instance's memory, so the facade can see the tape buffers.
#[wasm_bindgen]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}
