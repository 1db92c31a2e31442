//! The entries of the engine: which value to walk ([`Input`]), in which form ([`Mode`]), and
//! what to write besides the issues ([`Output`]). The walk is [`super::walk`]; what it writes,
//! [`super::sink`] and one file per output; the revival plan, [`super::revive`].

use super::issue::Issue;
use super::options::Options;
use super::revive::Revive;
use super::shape::Shape;
use super::sink::Out;
use super::walk::Walk;
use crate::tape::value::Value;
use crate::tape::{TapeView, ARR};

/// Which form of a message the tape holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The JS form: `Uint8Array`, `Error`, `undefined` for absent optional properties.
    Js,
    /// The JSON form: base64 strings, error objects, the `$bytes`/`$error`/`$escape` tags in
    /// free-form values.
    Json,
}

/// What a walk writes besides its issues (only when there are none is it kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Output {
    /// Nothing: validation alone.
    None,
    /// The JSON form as text, in [`Checked::json`].
    Text,
    /// The JSON form as a [`Value`], in [`Checked::value`] (what a conversion reads).
    Values,
}

/// What the value at the walk's start is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// One value of the shape.
    One,
    /// A list: an array is a list of values of the shape (one outcome, paths starting at the
    /// item index); anything else is one value.
    List,
}

/// The outcome of one walk.
#[derive(Debug, Default)]
pub struct Checked {
    pub issues: Vec<Issue>,
    /// The JSON text, when [`Output::Text`] was asked for and there were no issues.
    pub json: Option<String>,
    /// The JSON form as a [`Value`], when [`Output::Values`] was asked for and there were no
    /// issues.
    pub value: Option<Value>,
    pub revive: Revive,
}

/// Validate the value at tape index `at` against `shape`.
pub fn check(tape: &TapeView, at: usize, shape: &Shape, mode: Mode, opts: &Options) -> Checked {
    run(tape, at, shape, mode, opts, Output::None, Input::One)
}

/// Validate each item of the array at `at` on its own: one outcome per item.
pub fn check_each(
    tape: &TapeView,
    at: usize,
    shape: &Shape,
    mode: Mode,
    opts: &Options,
) -> Vec<Checked> {
    if tape.word(at) != ARR {
        return vec![check(tape, at, shape, mode, opts)];
    }
    tape.items(at)
        .map(|item| check(tape, item, shape, mode, opts))
        .collect()
}

/// The JSON text of the JS value at `at`, exactly as `JSON.stringify` writes it, where
/// `JSON.stringify` would write it unchanged: what it would drop or change instead is reported
/// (a value of no JSON kind, including an object of a class, is `not_serializable`; a
/// non-finite number `not_finite`; cycles, nesting past the limit and values that threw as
/// anywhere else). For text that another program reads as JSON (OpenAI's tool-call
/// `arguments`): no `$bytes`/`$error` tags, `-0` written `0`, a lone surrogate as an escape.
pub fn plain_json_text(tape: &TapeView, at: usize, opts: &Options) -> Checked {
    let mut w = Walk::new(tape, Mode::Js, opts, Out::plain_text());
    w.value(at, &Shape::Json);
    w.finish()
}

/// Validate the JS-form value at `at` and write its JSON form.
pub fn encode_json(tape: &TapeView, at: usize, shape: &Shape, opts: &Options) -> Checked {
    run(tape, at, shape, Mode::Js, opts, Output::Text, Input::One)
}

/// [`run`] building the JSON form as a [`Value`] (in [`Checked::value`]).
pub fn read_values(
    tape: &TapeView,
    at: usize,
    shape: &Shape,
    mode: Mode,
    opts: &Options,
    input: Input,
) -> Checked {
    run(tape, at, shape, mode, opts, Output::Values, input)
}

/// The general entry: the `input` at `at` against `shape`, writing `output`.
pub fn run(
    tape: &TapeView,
    at: usize,
    shape: &Shape,
    mode: Mode,
    opts: &Options,
    output: Output,
    input: Input,
) -> Checked {
    let mut w = Walk::new(tape, mode, opts, Out::new(output));
    match input {
        Input::List if tape.word(at) == ARR => w.items(at, shape),
        _ => w.value(at, shape),
    }
    w.finish()
}
