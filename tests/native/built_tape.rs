//! Converted messages cross to JavaScript as a tape over their strings, never as JSON text
//! (`tape::value::Built`): the facade builds them from the words, and the target's check runs
//! on the same words. Both must be what the JSON text would have given: the same values back,
//! the same issues and revival plan from the check, each string's UTF-16 place right.
use crate::gen::{conversation, json, shape};
use agent_messages::convert::report::needs_plan;
use agent_messages::formats::Format;
use agent_messages::tape::json::{parse, JsonTape};
use agent_messages::tape::value::{Built, Value};
use agent_messages::tape::{KEY_STR, STR};
use agent_messages::validate::{run, Input, Mode, Options, Output};
use proptest::prelude::*;

const FORMATS: [&str; 8] = [
    "kernel",
    "openai",
    "swarm",
    "bedrock",
    "agens",
    "anthropic",
    "ai-sdk",
    "ai-sdk-ui",
];

fn built(list: &[Value]) -> Built {
    let mut b = Built::default();
    Value::Arr(list.to_vec()).write_built(&mut b);
    b.finish();
    b
}

/// Everything the tape says against everything the JSON text says, for `list` as `format`'s.
fn same_as_text(format: &str, list: &[Value]) -> Result<(), TestCaseError> {
    let b = built(list);
    let value = Value::Arr(list.to_vec());
    prop_assert_eq!(&Value::from_tape(&b.view(), 0), &value, "read back");
    let text = value.to_json();
    let tape: JsonTape = parse(&text, 64).expect("JSON text");
    let opts = Options::default();
    let check = |view| {
        run(
            &view,
            0,
            shape(format),
            Mode::Json,
            &opts,
            Output::None,
            Input::List,
        )
    };
    let (on_tape, on_text) = (check(b.view()), check(tape.view(&text)));
    prop_assert_eq!(&on_tape.issues, &on_text.issues, "{} issues", format);
    prop_assert_eq!(&on_tape.revive, &on_text.revive, "{} revival", format);
    // A conversion skips the walk where it finds nothing to revive: it must have none.
    let to = Format::parse(format).expect("a format");
    if !needs_plan(to, &b) {
        prop_assert!(
            on_tape.revive.ops.is_empty(),
            "{} revives {:?} unplanned",
            format,
            on_tape.revive.ops
        );
    }
    units_are_right(&b)
}

/// Each string of the tape (a value's or a key's), in order, is `units[k]..units[k + 1]` in
/// UTF-16 units; the last start is the total.
fn units_are_right(b: &Built) -> Result<(), TestCaseError> {
    let words = &b.tape.words;
    let (mut i, mut k, mut total) = (0, 0, 0u32);
    while i < words.len() {
        if words[i] == STR || words[i] == KEY_STR {
            let (len, off) = (words[i + 1] as usize, words[i + 2] as usize);
            let s = &b.text[off..off + len];
            let units = s.encode_utf16().count() as u32;
            prop_assert_eq!(b.units[k], total, "string {} starts", k);
            prop_assert_eq!(b.units[k + 1] - b.units[k], units, "string {:?}", s);
            total += units;
            k += 1;
            i += 5;
        } else {
            // A tag and its operands: containers' `end`, a number's index, nothing.
            i += match words[i] {
                t if t == agent_messages::tape::OBJ || t == agent_messages::tape::ARR => 2,
                t if t == agent_messages::tape::NUM || t == agent_messages::tape::KEY_ID => 2,
                _ => 1,
            };
        }
    }
    prop_assert_eq!(b.units.len(), k + 1, "one start per string and the total");
    prop_assert_eq!(b.units[k], total);
    Ok(())
}

/// Which targets a conversion walks for a revival plan: those whose shape holds bytes or
/// errors, and any list holding a tagging object.
#[test]
fn the_targets_walked_for_a_plan() {
    let walked: Vec<&str> = FORMATS
        .into_iter()
        .filter(|f| needs_plan(Format::parse(f).unwrap(), &built(&[])))
        .collect();
    // (Swarm images, AI SDK media and free values revive from tagging objects only.)
    assert_eq!(walked, ["kernel"]);
    let tagging = Value::parse(r#"[{"role":"user","content":"hi","x":{"$bytes":"AA=="}}]"#);
    let Ok(Value::Arr(list)) = tagging else {
        unreachable!()
    };
    assert!(needs_plan(Format::OpenAI, &built(&list)));
}

#[test]
fn strings_that_json_escapes_are_written_as_they_are() {
    let value = Value::parse(
        r#"[{"q\"uote":"a\"b\\c\nd\u0001","emoji":"👋 é 𝄞","":"","n":-0,"big":1e999,"k":[true,false,null,1.5]}]"#,
    )
    .unwrap();
    let Value::Arr(list) = value else {
        unreachable!()
    };
    let b = built(&list);
    assert!(b.text.contains("a\"b\\c\nd\u{1}"), "raw: {:?}", b.text);
    assert_eq!(Value::from_tape(&b.view(), 0), Value::Arr(list.clone()));
    let n = |key: &str| list[0].get(key).and_then(Value::as_f64).unwrap();
    assert!(n("n") == 0.0 && n("n").is_sign_negative(), "-0 stays -0");
    assert_eq!(n("big"), f64::INFINITY);
    units_are_right(&b).unwrap();
    // NaN has no JSON word: null, as the text writes it.
    let b = built(&[Value::Num(f64::NAN)]);
    assert_eq!(
        Value::from_tape(&b.view(), 0),
        Value::Arr(vec![Value::Null])
    );
}

proptest! {
    #![proptest_config(ProptestConfig { failure_persistence: None, ..ProptestConfig::with_cases(64) })]

    #[test]
    fn valid_messages_read_and_check_as_their_json_text((n, list) in (0..FORMATS.len())
        .prop_flat_map(|n| conversation(FORMATS[n], 4).prop_map(move |list| (n, list)))) {
        same_as_text(FORMATS[n], &list)?;
    }

    #[test]
    fn any_values_get_the_issues_their_json_text_gets(n in 0..FORMATS.len(), list in proptest::collection::vec(json(), 0..4)) {
        same_as_text(FORMATS[n], &list)?;
    }
}
