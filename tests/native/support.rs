use agent_messages::formats::kernel;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::json;
use agent_messages::validate::{
    check, encode_json, read_values, Checked, Input, Mode, Options, Shape,
};

pub fn num(n: f64) -> Js {
    Js::Num(n)
}

pub fn s(v: &str) -> Js {
    Js::str(v)
}

pub fn reply(text: &str) -> Js {
    Js::obj([
        ("id", s("01JD7Z8Q0000000000000000AB")),
        ("timestamp", num(1_700_000_000_000.0)),
        ("type", s("reply")),
        ("text", s(text)),
    ])
}

pub fn validate_with(value: &Js, opts: &Options) -> Checked {
    check_js_with(&kernel::MESSAGE, value, opts)
}

pub fn validate(value: &Js) -> Checked {
    validate_with(value, &Options::default())
}

pub fn validate_text(text: &str) -> Checked {
    let t = json::parse(text, 128).expect("test text parses");
    check(
        &t.view(text),
        0,
        &kernel::MESSAGE,
        Mode::Json,
        &Options::default(),
    )
}

pub fn to_json(value: &Js) -> Checked {
    encode(&kernel::MESSAGE, value)
}

/// (code, path as text) of every issue.
pub fn codes(c: &Checked) -> Vec<(String, String)> {
    issue_rows(&c.issues)
}

/// (code, path as JSON) of each issue.
pub fn issue_rows(issues: &[agent_messages::validate::Issue]) -> Vec<(String, String)> {
    issues
        .iter()
        .map(|i| {
            (
                i.code.as_str().to_string(),
                serde_json::to_string(&i.path).unwrap(),
            )
        })
        .collect()
}

// The same three routes for any shape (every format's tests use these).

/// A JS-form value (as the walker writes it) against `shape`.
pub fn check_js_with(shape: &Shape, value: &Js, opts: &Options) -> Checked {
    let tape = Tape::from_js(value, false);
    check(&tape.view(), 0, shape, Mode::Js, opts)
}

pub fn check_js(shape: &Shape, value: &Js) -> Checked {
    check_js_with(shape, value, &Options::default())
}

/// JSON text (the JSON form) against `shape`.
pub fn check_text(shape: &Shape, text: &str) -> Checked {
    let t = json::parse(text, 128).expect("test text parses");
    check(&t.view(text), 0, shape, Mode::Json, &Options::default())
}

/// The JSON form of a JS-form value.
/// Every encode also builds the JSON form as values (what a conversion reads), which must be
/// the text read back, with the same issues.
pub fn encode(shape: &Shape, value: &Js) -> Checked {
    let tape = Tape::from_js(value, true);
    let text = encode_json(&tape.view(), 0, shape, &Options::default());
    let values = read_values(
        &tape.view(),
        0,
        shape,
        Mode::Js,
        &Options::default(),
        Input::One,
    );
    assert_eq!(values.issues, text.issues);
    assert_eq!(values.revive, text.revive);
    let parsed = text
        .json
        .as_ref()
        .map(|j| agent_messages::tape::value::Value::parse(j).unwrap());
    assert_eq!(values.value, parsed);
    text
}

// For the converters' tests: JSON-form messages written with serde_json's `json!`, converted
// with our own value type, and ids/timestamps from a counter.

pub fn ours(list: &[serde_json::Value]) -> Vec<agent_messages::tape::value::Value> {
    list.iter()
        .map(|j| agent_messages::tape::value::Value::parse(&j.to_string()).unwrap())
        .collect()
}

pub fn theirs(list: &[agent_messages::tape::value::Value]) -> Vec<serde_json::Value> {
    list.iter()
        .map(|v| serde_json::from_str(&v.to_json()).unwrap())
        .collect()
}

/// Kernel ids and timestamps for converted messages: `01JD7Z8Q00000000000000nnnn`, ms + n.
pub struct Counter(pub u32);

impl agent_messages::convert::Fill for Counter {
    fn id_and_time(&mut self) -> (String, f64) {
        self.0 += 1;
        (
            format!("01JD7Z8Q00000000000000{:04}", self.0),
            1_732_233_600_000.0 + self.0 as f64,
        )
    }
}

/// Every value (a JSON-form message) is valid against `shape` in JSON mode.
pub fn assert_valid_json(shape: &Shape, values: &[serde_json::Value]) {
    for v in values {
        let text = v.to_string();
        let c = check_text(shape, &text);
        assert!(c.issues.is_empty(), "{text}: {:?}", c.issues);
    }
}

/// Losses as `(index, code, path as JSON)`, for exact comparison.
pub fn loss_rows(losses: &[agent_messages::convert::Loss]) -> Vec<(usize, String, String)> {
    losses
        .iter()
        .map(|l| {
            (
                l.index,
                l.code.to_string(),
                serde_json::to_string(&l.path).unwrap(),
            )
        })
        .collect()
}

/// A repeated key at its first place with its last value, as `JSON.parse` keeps it.
pub fn last_value_wins(
    v: agent_messages::tape::value::Value,
) -> agent_messages::tape::value::Value {
    use agent_messages::tape::value::Value;
    match v {
        Value::Arr(items) => Value::Arr(items.into_iter().map(last_value_wins).collect()),
        Value::Obj(entries) => {
            let mut out: Vec<(_, Value)> = Vec::new();
            for (k, v) in entries {
                let v = last_value_wins(v);
                match out.iter_mut().find(|(seen, _)| *seen == k) {
                    Some(entry) => entry.1 = v,
                    None => out.push((k, v)),
                }
            }
            Value::Obj(out)
        }
        v => v,
    }
}

/// The formats `convert` takes so far (a test holds this to [`Format::convertible`]).
pub const CONVERTIBLE: &[agent_messages::formats::Format] = {
    use agent_messages::formats::Format::*;
    &[
        Kernel, Swarm, Agens, Bedrock, OpenAI, Anthropic, AiSdk, AiSdkUi,
    ]
};

#[test]
fn convertible_is_every_format_that_converts() {
    use agent_messages::formats::Format;
    let want: Vec<Format> = Format::ALL
        .iter()
        .copied()
        .filter(|f| f.convertible())
        .collect();
    assert_eq!(CONVERTIBLE, want.as_slice());
}
