//! Conversions and conversation checks: the source messages arrive as a tape (written in full,
//! as for `toJSON`); the work is [`crate::convert::report`]'s and [`crate::convert::check`]'s,
//! and the answer one JSON text. Each export decodes its arguments, calls the core and
//! publishes the result.

use super::ids::next_ulid;
use super::interop::{
    invalid, revive_json, set_result, with_options, with_tape, BUILT, OK_WITH_DATA, RESULT_BYTES,
};
use crate::convert::report::{self, Request};
use crate::formats::Format;
use crate::validate::quoted;
use wasm_bindgen::prelude::*;

/// Check the conversation on the tape (format `format`): `{ "findings": [...] }`, and for
/// agent-swarm-kit also `"kept"`, the indices its history rule would send to a model.
#[wasm_bindgen]
pub fn check_conversation_tape(
    format: &str,
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_depth: u32,
) -> u32 {
    let Some(format) = Format::parse(format).filter(|f| f.convertible()) else {
        return invalid(&[report::failure(format!(
            "unknown format {}",
            quoted(format)
        ))]);
    };
    let max_issues = crate::boundary::limit::DEFAULT_MAX_ISSUES as u32;
    // The source's, the canonical and the target's values die here: allocated in the arena.
    super::in_arena(|| {
        with_options(0, max_issues, max_depth, |opts| {
            let read = with_tape(nw, nn, nc, nb, |tape| {
                report::read_source(tape, format, opts)
            });
            let source = match read {
                Ok(source) => source,
                Err(issues) => return invalid(&issues),
            };
            let mut checked = crate::convert::check::check(format, &source.values);
            source.own_findings(&mut checked.findings);
            let mut out = String::new();
            checked.write_json(&mut out);
            set_result(out);
            OK_WITH_DATA
        })
    })
}

/// Convert the list on the tape from format `from` to format `to` (see [`Request`] for `now`,
/// `own_clock` and `agent_name`): `{ "messages", "losses", "generated", "plan" }`, where
/// `plan` revives the target's JS form. The arguments are the flat ABI every tape export has.
#[wasm_bindgen]
#[allow(clippy::too_many_arguments)]
pub fn convert_tape(
    from: &str,
    to: &str,
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_issues: u32,
    max_depth: u32,
    now: f64,
    own_clock: bool,
    agent_name: &str,
) -> u32 {
    let convertible = |name| Format::parse(name).filter(|f| f.convertible());
    let (Some(from), Some(to)) = (convertible(from), convertible(to)) else {
        let message = format!("unknown format {} or {}", quoted(from), quoted(to));
        return invalid(&[report::failure(message)]);
    };
    let request = Request {
        from,
        to,
        now,
        own_clock,
        agent_name,
    };
    // The source's, the canonical and the target's values die here: allocated in the arena.
    super::in_arena(|| {
        with_options(0, max_issues, max_depth, |opts| {
            let read = with_tape(nw, nn, nc, nb, |tape| report::read_source(tape, from, opts));
            let converted =
                read.and_then(|source| report::run(&request, &source, opts, &mut next_ulid));
            match converted {
                Ok(done) => {
                    let mut out = String::new();
                    done.write_json(&revive_json(&done.revive.ops), &mut out);
                    RESULT_BYTES.set(done.revive.bytes);
                    BUILT.set(done.messages);
                    set_result(out);
                    OK_WITH_DATA
                }
                Err(issues) => invalid(&issues),
            }
        })
    })
}

/// Render the Kernel messages on the tape as the Kernel hands them to a model (see
/// [`crate::convert::kernel_render`]): `{ "findings", "plan" }`, the messages AI SDK
/// `ModelMessage`s checked in their JSON form and built by the facade from their tape (as
/// `convert_tape`'s), `plan` reviving their JS form.
#[cfg(feature = "ai-sdk")]
#[wasm_bindgen]
pub fn kernel_render_tape(
    nw: usize,
    nn: usize,
    nc: usize,
    nb: usize,
    max_issues: u32,
    max_depth: u32,
) -> u32 {
    // The source's, the canonical and the target's values die here: allocated in the arena.
    super::in_arena(|| {
        with_options(0, max_issues, max_depth, |opts| {
            let read = with_tape(nw, nn, nc, nb, |tape| {
                report::read_source(tape, Format::Kernel, opts)
            });
            let values = match read {
                Ok(source) => source.values,
                Err(issues) => return invalid(&issues),
            };
            let mut rendered = crate::convert::kernel_render::render(&values);
            match rendered.checked(opts) {
                Ok((messages, revive)) => {
                    let mut out = String::new();
                    rendered.write_json(&revive_json(&revive.ops), &mut out);
                    RESULT_BYTES.set(revive.bytes);
                    BUILT.set(messages);
                    set_result(out);
                    OK_WITH_DATA
                }
                Err(issues) => invalid(&issues),
            }
        })
    })
}

/// Which formats the items of the list on the tape (JS values, each at depth 0) are: the
/// ranked formats as JSON, `[{ format, confidence, matched, exact, total }]`
/// ([`crate::convert::detect::Tally::write_ranked`]). The facade's `detectFormat`.
#[wasm_bindgen]
pub fn detect_tape(nw: usize, nn: usize, nc: usize, nb: usize, max_depth: u32) -> u32 {
    use crate::convert::detect::{Detector, Tally};
    let max_issues = crate::boundary::limit::DEFAULT_MAX_ISSUES as u32;
    with_options(0, max_issues, max_depth, |opts| {
        let detector = Detector::of_values(opts);
        let mut tally = Tally::default();
        with_tape(nw, nn, nc, nb, |tape| {
            for item in tape.items(0) {
                tally.add(detector.matches(tape, item));
            }
        });
        let mut out = String::new();
        tally.write_ranked(&mut out, true);
        set_result(out);
        OK_WITH_DATA
    })
}
