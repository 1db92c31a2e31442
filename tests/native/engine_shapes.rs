//! The engine's shapes and rules on a small made-up schema, in both forms.
use crate::support::{num, s};
use agent_messages::keys::*;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::json;
use agent_messages::validate::{
    check, encode_json, Field, Mode, ObjectShape, Options, Rule, Shape,
};

static THING: ObjectShape = ObjectShape {
    name: "Thing",
    fields: &[
        Field::required(ROLE, Shape::Enum(&["user", "tool"])),
        Field::optional(RETRIES, Shape::Integer { min: 0 }),
        Field::optional(COUNT, Shape::Integer { min: 1 }),
        Field::optional(RESULT, Shape::Nullable(&Shape::String)),
        Field::optional(
            CONTENT,
            Shape::OneOf(&[Shape::String, Shape::Array(&Shape::String)]),
        ),
        Field::optional(OUTPUTS, Shape::Record(&Shape::Number)),
        Field::optional(INPUT, Shape::Rule(&Shape::String, Rule::NonEmpty)),
        Field::optional(
            CALLER,
            Shape::Nullable(&Shape::Rule(&Shape::String, Rule::Pid)),
        ),
        Field::optional(TIMESTAMP, Shape::Rule(&Shape::String, Rule::IsoDateTime)),
        Field::optional(URL, Shape::Rule(&Shape::String, Rule::ImageUrl)),
        Field::optional(ARGUMENTS, Shape::Rule(&Shape::String, Rule::JsonText)),
        Field::optional(
            ARGS,
            Shape::Rule(&Shape::Record(&Shape::Any), Rule::NotJsonText),
        ),
        Field::optional(
            IMAGES,
            Shape::Rule(
                &Shape::Array(&Shape::OneOf(&[Shape::String, Shape::TaggedBytes])),
                Rule::SameKind,
            ),
        ),
    ],
};
static SHAPE: Shape = Shape::Object(&THING);

fn thing(extra: Vec<(&str, Js)>) -> Js {
    let mut e = vec![("role".to_string(), s("user"))];
    e.extend(extra.into_iter().map(|(k, v)| (k.to_string(), v)));
    Js::Obj(e)
}

fn codes(value: &Js) -> Vec<String> {
    let t = Tape::from_js(value, false);
    let c = check(&t.view(), 0, &SHAPE, Mode::Js, &Options::default());
    c.issues
        .iter()
        .map(|i| {
            format!(
                "{} {}",
                i.code.as_str(),
                serde_json::to_string(&i.path).unwrap()
            )
        })
        .collect()
}

fn text_codes(text: &str) -> Vec<String> {
    let t = json::parse(text, 64).unwrap();
    let c = check(&t.view(text), 0, &SHAPE, Mode::Json, &Options::default());
    c.issues
        .iter()
        .map(|i| {
            format!(
                "{} {}",
                i.code.as_str(),
                serde_json::to_string(&i.path).unwrap()
            )
        })
        .collect()
}

#[test]
fn a_thing_with_every_field_right_is_valid() {
    let ok = thing(vec![
        ("retries", num(0.0)),
        ("count", num(3.0)),
        ("result", Js::Null),
        ("content", Js::Arr(vec![s("a")])),
        ("outputs", Js::obj([("x", num(1.0))])),
        ("input", s("go")),
        ("caller", s("#PID<0.12.0>")),
        ("timestamp", s("2025-02-21T15:52:52.123456")),
        ("url", s("data:image/png;base64,AAAA")),
        ("arguments", s(r#"{"q": [1, 2]}"#)),
        ("args", Js::obj([("q", num(1.0))])),
        (
            "images",
            Js::Arr(vec![Js::Bytes(vec![1]), Js::Bytes(vec![2])]),
        ),
    ]);
    assert_eq!(codes(&ok), Vec::<String>::new());
}

#[test]
fn each_shape_and_rule_reports_its_own_code() {
    let cases: Vec<(&str, Js, &str)> = vec![
        ("role", s("admin"), "invalid_literal"),
        ("retries", num(-1.0), "too_small"),
        ("retries", num(1.5), "invalid_type"),
        ("count", num(0.0), "too_small"),
        ("result", num(1.0), "invalid_type"),
        ("content", num(1.0), "invalid_type"),
        ("outputs", Js::obj([("x", s("no"))]), "invalid_type"),
        ("input", s(""), "too_small"),
        ("caller", s("<0.1.2>"), "invalid_format"),
        ("timestamp", s("yesterday"), "invalid_format"),
        ("url", s("ftp://x"), "invalid_format"),
        ("arguments", s("{\"q\": }"), "invalid_json_string"),
        ("args", s("{\"q\": 1}"), "arguments_json_string"),
        (
            "images",
            Js::Arr(vec![s("https://x/a.png"), Js::Bytes(vec![1])]),
            "mixed_items",
        ),
    ];
    for (key, value, code) in cases {
        let got = codes(&thing(vec![(key, value.clone())]));
        assert_eq!(got.len(), 1, "{key} = {value:?}: {got:?}");
        assert!(got[0].starts_with(code), "{key} = {value:?}: {got:?}");
    }
}

#[test]
fn the_json_form_keeps_byte_images_apart_from_string_images() {
    let msg = thing(vec![("images", Js::Arr(vec![Js::Bytes(vec![0, 255])]))]);
    let tape = Tape::from_js(&msg, true);
    let text = encode_json(&tape.view(), 0, &SHAPE, &Options::default())
        .json
        .unwrap();
    assert_eq!(text, r#"{"role":"user","images":[{"$bytes":"AP8="}]}"#);
    assert_eq!(text_codes(&text), Vec::<String>::new());
    // A plain string in the JSON form is a string image, not bytes.
    assert_eq!(
        text_codes(r#"{"role":"user","images":["AP8="]}"#),
        Vec::<String>::new()
    );
    assert_eq!(
        text_codes(r#"{"role":"user","images":["AP8=",{"$bytes":"AP8="}]}"#),
        vec![r#"mixed_items ["images",1]"#]
    );
    assert_eq!(
        text_codes(r#"{"role":"user","arguments":"{\"a\":1,}"}"#).len(),
        1,
        "JSON text inside JSON text is checked too"
    );
}

#[test]
fn json_text_errors_inside_a_string_say_where() {
    let t = Tape::from_js(
        &thing(vec![("arguments", s("{\n  \"city\": \"Paris\",\n}"))]),
        false,
    );
    let c = check(&t.view(), 0, &SHAPE, Mode::Js, &Options::default());
    assert!(
        c.issues[0].message.contains("line 3, column 1"),
        "{}",
        c.issues[0].message
    );
}
