use crate::support::*;
use agent_messages::boundary::other_kind;
use agent_messages::tape::builder::Js;
use agent_messages::validate::Options;

#[test]
fn a_documented_reply_is_valid() {
    assert_eq!(codes(&validate(&reply("hi"))), vec![]);
}

#[test]
fn every_problem_is_reported_in_one_pass_with_its_path() {
    let msg = Js::obj([
        ("id", num(7.0)),
        ("type", s("input")),
        ("text", Js::Bool(true)),
        (
            "files",
            Js::Arr(vec![
                Js::obj([("data", s("not bytes")), ("filename", num(1.0))]),
                Js::obj([("data", Js::Bytes(vec![1, 2]))]),
            ]),
        ),
    ]);
    let c = validate(&msg);
    assert_eq!(
        codes(&c),
        vec![
            ("invalid_type".into(), r#"["id"]"#.into()),
            ("invalid_type".into(), r#"["text"]"#.into()),
            ("invalid_type".into(), r#"["files",0,"data"]"#.into()),
            ("invalid_type".into(), r#"["files",0,"filename"]"#.into()),
            ("missing".into(), r#"["timestamp"]"#.into()),
        ]
    );
    let data = &c.issues[2];
    assert_eq!(data.expected.as_deref(), Some("Uint8Array"));
    assert_eq!(data.received.as_deref(), Some("string"));
    assert_eq!(c.issues[4].expected.as_deref(), Some("number"));
}

#[test]
fn an_unknown_type_names_the_known_ones_and_still_checks_the_base() {
    let c = validate(&Js::obj([("type", s("thought")), ("timestamp", s("now"))]));
    assert_eq!(
        codes(&c),
        vec![
            ("unknown_type".into(), r#"["type"]"#.into()),
            ("invalid_type".into(), r#"["timestamp"]"#.into()),
            ("missing".into(), r#"["id"]"#.into()),
        ]
    );
    assert!(c.issues[0]
        .expected
        .as_ref()
        .unwrap()
        .contains("\"tool-results\""));
    assert_eq!(c.issues[0].received.as_deref(), Some("\"thought\""));
}

#[test]
fn registered_types_check_the_base_and_keep_the_rest_even_when_strict() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("thought")),
        ("depth", num(3.0)),
    ]);
    let opts = Options {
        custom_types: vec!["thought".into()],
        strict: true,
        ..Options::default()
    };
    assert_eq!(codes(&validate_with(&msg, &opts)), vec![]);
    let bad = Js::obj([("type", s("thought")), ("timestamp", num(1.0))]);
    assert_eq!(
        codes(&validate_with(&bad, &opts)),
        vec![("missing".into(), r#"["id"]"#.into())]
    );
}

#[test]
fn extra_properties_are_kept_and_reported_only_when_strict() {
    let mut msg = reply("hi");
    if let Js::Obj(e) = &mut msg {
        e.push(("threadId".into(), s("t1")));
    }
    assert_eq!(codes(&validate(&msg)), vec![]);
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert_eq!(
        codes(&validate_with(&msg, &strict)),
        vec![("unrecognized_key".into(), r#"["threadId"]"#.into())]
    );
}

#[test]
fn max_issues_and_abort_early_cap_the_report() {
    let bad = Js::obj([("type", s("reasoning"))]);
    assert_eq!(validate(&bad).issues.len(), 4);
    let capped = Options {
        max_issues: 2,
        ..Options::default()
    };
    assert_eq!(validate_with(&bad, &capped).issues.len(), 2);
    let early = Options {
        abort_early: true,
        ..Options::default()
    };
    assert_eq!(validate_with(&bad, &early).issues.len(), 1);
}

#[test]
fn optional_properties_may_be_undefined_but_required_ones_may_not() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("input")),
        ("text", Js::Undefined),
        ("files", Js::Undefined),
    ]);
    assert_eq!(codes(&validate(&msg)), vec![]);
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("reply")),
        ("text", Js::Undefined),
    ]);
    assert_eq!(
        codes(&validate(&msg)),
        vec![("invalid_type".into(), r#"["text"]"#.into())]
    );
}

#[test]
fn hostile_values_are_issues_not_crashes() {
    let cases = [
        (num(f64::NAN), "not_finite", "NaN"),
        (num(f64::INFINITY), "not_finite", "Infinity"),
        (Js::BigInt, "invalid_type", "bigint"),
        (Js::Cycle, "cycle", "a cycle"),
        (Js::Deep, "too_deep", "nesting deeper than the limit"),
        (
            Js::Threw("boom".into()),
            "unreadable",
            "a value that threw when read",
        ),
        (Js::Other(other_kind::DATE), "invalid_type", "Date"),
        (Js::Symbol, "invalid_type", "symbol"),
    ];
    for (value, code, received) in cases {
        let msg = Js::obj([
            ("id", s("x")),
            ("timestamp", value.clone()),
            ("type", s("reply")),
            ("text", s("t")),
        ]);
        let c = validate(&msg);
        assert_eq!(c.issues.len(), 1, "{value:?}");
        assert_eq!(c.issues[0].code.as_str(), code, "{value:?}");
        assert_eq!(c.issues[0].received.as_deref(), Some(received), "{value:?}");
    }
}

#[test]
fn lone_surrogates_are_reported() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("reply")),
        ("text", Js::Utf16(vec![0x68, 0xD800])),
    ]);
    assert_eq!(
        codes(&validate(&msg)),
        vec![("ill_formed_string".into(), r#"["text"]"#.into())]
    );
}

#[test]
fn a_getter_that_throws_inside_output_is_reported_where_it_is() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("tool-results")),
        (
            "results",
            Js::Arr(vec![Js::obj([(
                "output",
                Js::obj([("deep", Js::Threw("no".into()))]),
            )])]),
        ),
    ]);
    assert_eq!(
        codes(&validate(&msg)),
        vec![(
            "unreadable".into(),
            r#"["results",0,"output","deep"]"#.into()
        )]
    );
}

#[test]
fn tool_call_args_must_be_json() {
    let msg = Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s("tool-call")),
        ("name", s("search")),
        (
            "args",
            Js::obj([("when", Js::Other(other_kind::DATE)), ("n", num(f64::NAN))]),
        ),
    ]);
    assert_eq!(
        codes(&validate(&msg)),
        vec![
            ("invalid_type".into(), r#"["args","when"]"#.into()),
            ("not_finite".into(), r#"["args","n"]"#.into()),
        ]
    );
}

#[test]
fn json_text_is_checked_with_the_same_rules() {
    let c = validate_text(r#"{"id":"x","timestamp":1,"type":"reply","text":"hi"}"#);
    assert_eq!(codes(&c), vec![]);
    let c =
        validate_text(r#"{"id":"x","timestamp":"1","type":"reply","text":"hi","text":"again"}"#);
    assert_eq!(
        codes(&c),
        vec![
            ("duplicate_key".into(), r#"["text"]"#.into()),
            ("invalid_type".into(), r#"["timestamp"]"#.into()),
        ]
    );
    let c = validate_text(r#"{"id":"x","timestamp":1,"type":"input","files":[{"data":"@@"}]}"#);
    assert_eq!(
        codes(&c),
        vec![("invalid_base64".into(), r#"["files",0,"data"]"#.into())]
    );
    // An escaped tag still names the type.
    let c = validate_text(r#"{"id":"x","timestamp":1,"type":"r\u0065ply","text":"hi"}"#);
    assert_eq!(codes(&c), vec![]);
}

#[test]
fn long_strings_are_valid_without_being_copied() {
    let long = "x".repeat(1_000_000);
    let c = validate(&reply(&long));
    assert_eq!(codes(&c), vec![]);
}

#[test]
fn a_long_unknown_type_is_shown_cut_and_says_so() {
    let long = "t".repeat(100);
    let c = validate(&Js::obj([
        ("id", s("x")),
        ("timestamp", num(1.0)),
        ("type", s(&long)),
    ]));
    let received = c.issues[0].received.as_deref().unwrap();
    assert!(received.ends_with("…\" (100 characters)"), "{received}");
    assert!(received.starts_with(&format!("\"{}", "t".repeat(64))));
}

/// A boxed primitive (`new String("x")`) is an object wrapping a primitive, never the primitive:
/// where a string is expected it is an `invalid_type` that names what it is; in a JSON value it
/// is not JSON; `toJSON` refuses it in free-form values (JSON.stringify would unwrap it, and
/// `fromJSON` could not give the object back).
#[test]
fn boxed_primitives_are_named_for_what_they_are() {
    use agent_messages::boundary::other_kind::*;
    let boxed = [
        (STRING_OBJECT, "String object"),
        (NUMBER_OBJECT, "Number object"),
        (BOOLEAN_OBJECT, "Boolean object"),
        (BIGINT_OBJECT, "BigInt object"),
        (SYMBOL_OBJECT, "Symbol object"),
    ];
    for (kind, name) in boxed {
        let mut text = reply("x");
        if let Js::Obj(entries) = &mut text {
            entries[3].1 = Js::Other(kind);
        }
        let c = validate(&text);
        assert_eq!(
            codes(&c),
            vec![("invalid_type".into(), r#"["text"]"#.into())]
        );
        assert_eq!(c.issues[0].received.as_deref(), Some(name));
        assert_eq!(
            c.issues[0].message,
            format!("expected string, received {name}")
        );

        let call = Js::obj([
            ("id", s("x")),
            ("timestamp", num(1.0)),
            ("type", s("tool-call")),
            ("name", s("f")),
            ("args", Js::obj([("q", Js::Other(kind))])),
        ]);
        let c = validate(&call);
        assert_eq!(
            codes(&c),
            vec![("invalid_type".into(), r#"["args","q"]"#.into())]
        );
        assert_eq!(c.issues[0].received.as_deref(), Some(name));

        let log = Js::obj([
            ("id", s("x")),
            ("timestamp", num(1.0)),
            ("type", s("log")),
            ("text", s("t")),
            ("extra", Js::Other(kind)),
        ]);
        assert_eq!(
            codes(&validate(&log)),
            vec![],
            "{name}: a free-form value may be anything"
        );
        let c = to_json(&log);
        assert!(c.json.is_none(), "{name}");
        assert_eq!(
            codes(&c),
            vec![("not_serializable".into(), r#"["extra"]"#.into())]
        );
        assert_eq!(
            c.issues[0].message,
            format!("{name} cannot be written as JSON without loss")
        );
    }
}

/// Every kind the walker may send has a name of its own in issues (never the bare "object"
/// that an unknown kind gets).
#[test]
fn every_other_kind_has_a_name() {
    for (name, kind) in agent_messages::boundary::other_kind::TABLE {
        let shown = agent_messages::tape::other_kind_name(*kind as u32);
        assert_ne!(shown, "object", "otherKind.{name} ({kind}) has no name");
    }
}
