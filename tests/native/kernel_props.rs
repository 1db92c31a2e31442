//! Properties over generated Kernel messages: the JS form and the JSON form are judged alike,
//! and what the codec writes it reads back.
use crate::support::*;
use agent_messages::formats::kernel;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::json;
use agent_messages::validate::{check, Mode, Options};
use proptest::prelude::*;

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z0-9 ,.!?]{0,40}",
        any::<String>().prop_filter("bounded", |s| s.len() < 80),
    ]
}

fn json_value() -> impl Strategy<Value = Js> {
    let leaf = prop_oneof![
        Just(Js::Null),
        any::<bool>().prop_map(Js::Bool),
        (-1e15f64..1e15).prop_map(Js::Num),
        text().prop_map(Js::Str),
    ];
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Js::Arr),
            // A map: a JS object cannot hold one key twice.
            prop::collection::btree_map("[a-z$]{1,8}", inner, 0..4)
                .prop_map(|e| Js::Obj(e.into_iter().collect())),
        ]
    })
}

fn base(kind: &str) -> Vec<(String, Js)> {
    vec![
        ("id".into(), s("01JD7Z8Q0000000000000000AB")),
        ("timestamp".into(), num(1_732_233_600_000.0)),
        ("type".into(), s(kind)),
    ]
}

fn message() -> impl Strategy<Value = Js> {
    let with = |kind: &'static str, rest: Vec<(String, Js)>| {
        let mut e = base(kind);
        e.extend(rest);
        Js::Obj(e)
    };
    prop_oneof![
        text().prop_map(move |t| with("reply", vec![("text".into(), Js::Str(t))])),
        text().prop_map(move |t| with("system", vec![("text".into(), Js::Str(t))])),
        (text(), text()).prop_map(move |(a, b)| with(
            "reasoning",
            vec![("title".into(), Js::Str(a)), ("summary".into(), Js::Str(b))]
        )),
        (
            text(),
            prop::collection::vec(prop::collection::vec(any::<u8>(), 0..20), 0..3)
        )
            .prop_map(move |(t, files)| with(
                "input",
                vec![
                    ("text".into(), Js::Str(t)),
                    (
                        "files".into(),
                        Js::Arr(
                            files
                                .into_iter()
                                .map(|d| Js::obj([("data", Js::Bytes(d))]))
                                .collect()
                        ),
                    ),
                ]
            )),
        (text(), json_value()).prop_map(move |(n, args)| with(
            "tool-calls",
            vec![(
                "calls".into(),
                Js::Arr(vec![Js::obj([
                    ("id", s("c1")),
                    ("name", Js::Str(n)),
                    ("args", args)
                ])]),
            )]
        )),
        (json_value(), text()).prop_map(move |(out, msg)| with(
            "tool-results",
            vec![(
                "results".into(),
                Js::Arr(vec![Js::obj([
                    ("callId", s("c1")),
                    ("output", out),
                    (
                        "error",
                        Js::Error(vec![
                            ("name".into(), s("Error")),
                            ("message".into(), Js::Str(msg))
                        ])
                    ),
                ])]),
            )]
        )),
    ]
}

fn codes_of(c: &agent_messages::validate::Checked) -> Vec<String> {
    c.issues
        .iter()
        .map(|i| format!("{} {:?}", i.code.as_str(), i.path))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn generated_messages_are_valid_and_their_json_form_is_too(msg in message()) {
        let c = validate(&msg);
        prop_assert!(c.issues.is_empty(), "{:?}", c.issues);
        let encoded = to_json(&msg);
        let text = encoded.json.expect("a valid message encodes");
        let t = json::parse(&text, 128).expect("the codec writes JSON");
        let back = check(&t.view(&text), 0, &kernel::MESSAGE, Mode::Json, &Options::default());
        prop_assert!(back.issues.is_empty(), "{text}: {:?}", back.issues);
    }

    #[test]
    fn a_dropped_property_is_judged_alike_in_both_forms(msg in message(), drop in 0usize..6) {
        let Js::Obj(mut entries) = msg.clone() else { unreachable!() };
        let drop = drop % entries.len();
        entries.remove(drop);
        let broken = Js::Obj(entries);
        let js = validate(&broken);
        // The same message as JSON text (bytes as base64, errors as objects).
        let text = to_json(&msg).json.unwrap();
        let mut value: serde_json::Value = serde_json::from_str(&text).unwrap();
        let key = match &msg { Js::Obj(e) => e[drop].0.clone(), _ => unreachable!() };
        value.as_object_mut().unwrap().remove(&key);
        let text = value.to_string();
        let t = json::parse(&text, 128).unwrap();
        let from_text = check(&t.view(&text), 0, &kernel::MESSAGE, Mode::Json, &Options::default());
        prop_assert_eq!(codes_of(&js), codes_of(&from_text));
    }

    #[test]
    fn the_fast_tape_and_the_full_tape_give_one_verdict(msg in message()) {
        let fast = Tape::from_js(&msg, false);
        let full = Tape::from_js(&msg, true);
        let opts = Options { strict: true, ..Options::default() };
        let a = check(&fast.view(), 0, &kernel::MESSAGE, Mode::Js, &opts);
        let b = check(&full.view(), 0, &kernel::MESSAGE, Mode::Js, &opts);
        prop_assert_eq!(codes_of(&a), codes_of(&b));
    }
}
