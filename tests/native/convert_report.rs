//! A conversion as the package runs it (convert::report): from a JS-form tape to the one JSON
//! answer `{ messages, losses, generated, plan }`, and a conversation check's answer, natively.
use agent_messages::convert::check::check;
use agent_messages::convert::loss::{DROPPED_FIELD, ERROR_AS_TEXT};
use agent_messages::convert::report::{self, read_source, write_losses, Converted, Request};
use agent_messages::convert::Loss;
use agent_messages::formats::Format::{self, *};
use agent_messages::ids::IdError;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::value::Value;
use agent_messages::validate::{Options, PathSeg};
use serde_json::{json, Value as J};

const NOW: f64 = 1_732_233_600_000.0;

fn request(from: Format, to: Format) -> Request<'static> {
    Request {
        from,
        to,
        now: NOW,
        own_clock: false,
        agent_name: "",
    }
}

/// The answer for `source` (JS form) as the facade puts it together: the host's JSON text
/// parsed, with the messages built from their tape (and for Anthropic the lifted `system`
/// taken out of them); ids from a counter as the shared generator; also how many ids the
/// counter gave.
fn answer(request: &Request, source: &Js) -> (J, u32) {
    let (text, done, given) = answer_text(request, source);
    let mut got: J = serde_json::from_str(&text).expect("the answer is JSON");
    let Value::Arr(mut messages) = Value::from_tape(&done.messages.view(), 0) else {
        panic!("the messages are a list")
    };
    if done.lift {
        let system = report::lift_system(&mut messages).expect("a system to lift");
        got["system"] = serde_json::from_str(&system.to_json()).unwrap();
    }
    got["messages"] = serde_json::from_str(&Value::Arr(messages).to_json()).unwrap();
    (got, given)
}

/// The host's JSON text, what it builds the messages from, and how many ids were given.
fn answer_text(request: &Request, source: &Js) -> (String, Converted, u32) {
    let tape = Tape::from_js(source, true);
    let opts = Options::default();
    let source = read_source(&tape.view(), request.from, &opts).expect("a valid source");
    let mut given = 0;
    let mut shared = |now: f64| -> Result<(String, f64), IdError> {
        given += 1;
        Ok((
            format!("01JD7Z8Q00000000000000{given:04}"),
            now + given as f64,
        ))
    };
    let done = report::run(request, &source, &opts, &mut shared).expect("converts");
    let mut out = String::new();
    done.write_json("[\"plan\"]", &mut out);
    (out, done, given)
}

fn chat() -> J {
    json!([
        { "role": "user", "content": "hi" },
        { "role": "assistant", "content": null, "tool_calls": [
            { "id": "c1", "type": "function", "function": { "name": "f", "arguments": "{}" } }
        ] },
        { "role": "tool", "tool_call_id": "c1", "content": "ok" },
        { "role": "assistant", "content": "done" },
    ])
}

#[test]
fn the_answer_holds_the_messages_losses_generated_ids_and_the_plan_in_order() {
    let (text, _, _) = answer_text(&request(OpenAI, Kernel), &Js::from(&chat()));
    let at = |key: &str| text.find(&format!("\"{key}\":")).unwrap();
    assert!(text.starts_with("{\"lift\":false,\"losses\":"), "{text}");
    assert!(at("losses") < at("generated"));
    assert!(text.ends_with(",\"plan\":[\"plan\"]}"), "{text}");
    assert!(
        !text.contains("\"messages\""),
        "the messages are built from their tape"
    );
    let (got, given) = answer(&request(OpenAI, Kernel), &Js::from(&chat()));
    assert_eq!(got["plan"], json!(["plan"]));
    assert_eq!(got["losses"], json!({ "kinds": [], "at": [] }));
    let messages = got["messages"].as_array().unwrap();
    assert_eq!(given as usize, messages.len());
    // Every Kernel id was generated, by the shared generator, at the clock reading.
    assert_eq!(
        got["generated"],
        json!((0..messages.len()).collect::<Vec<_>>())
    );
    assert_eq!(messages[0]["id"], json!("01JD7Z8Q000000000000000001"));
    assert_eq!(messages[0]["timestamp"].as_f64(), Some(NOW + 1.0));
    assert_eq!(messages[0]["type"], json!("input"));
}

#[test]
fn ids_the_source_has_are_not_generated() {
    let stream = json!([
        { "id": "01JD7Z8Q0000000000000000AA", "timestamp": 1, "type": "reply", "text": "a" },
        { "id": "01JD7Z8Q0000000000000000AB", "timestamp": 2, "type": "reply", "text": "b" },
    ]);
    let (got, given) = answer(&request(Kernel, Kernel), &Js::from(&stream));
    assert_eq!(given, 0);
    assert_eq!(got["generated"], json!([]));
    assert_eq!(got["messages"], stream);
}

#[test]
fn the_callers_clock_makes_its_own_ulids_at_that_reading() {
    let own = Request {
        own_clock: true,
        ..request(OpenAI, Kernel)
    };
    let (got, given) = answer(&own, &Js::from(&chat()));
    assert_eq!(given, 0, "the shared generator is not asked");
    let messages = got["messages"].as_array().unwrap();
    let ids: Vec<&str> = messages.iter().map(|m| m["id"].as_str().unwrap()).collect();
    for m in messages {
        assert_eq!(m["timestamp"].as_f64(), Some(NOW));
    }
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "monotonic: {ids:?}");
    assert_eq!(got["generated"], json!([0, 1, 2, 3]));
}

#[test]
fn the_agent_name_fills_swarm_messages_and_empty_means_the_default() {
    let (got, _) = answer(&request(OpenAI, Swarm), &Js::from(&chat()));
    let default = agent_messages::convert::swarm::DEFAULT_AGENT;
    assert_eq!(got["messages"][0]["agentName"], json!(default));
    let named = Request {
        agent_name: "planner",
        ..request(OpenAI, Swarm)
    };
    let (got, _) = answer(&named, &Js::from(&chat()));
    assert_eq!(got["messages"][0]["agentName"], json!("planner"));
}

#[test]
fn a_source_that_is_not_valid_gives_its_issues() {
    let tape = Tape::from_js(&Js::from(&json!([{ "role": "nobody" }])), true);
    let issues = read_source(&tape.view(), OpenAI, &Options::default()).unwrap_err();
    assert!(!issues.is_empty());
    assert_eq!(
        issues[0].path,
        [PathSeg::Index(0), PathSeg::Key("role".into())]
    );
}

#[test]
fn a_lone_message_is_a_list_of_one() {
    let tape = Tape::from_js(&Js::from(&json!({ "role": "user", "content": "hi" })), true);
    let source = read_source(&tape.view(), OpenAI, &Options::default()).unwrap();
    assert_eq!(source.values.len(), 1);
}

#[test]
fn losses_are_written_once_per_kind_with_where_each_occurs() {
    let key = |k: &str| vec![PathSeg::key(k)];
    let losses = [
        Loss::at(0, key("a"), DROPPED_FIELD, "gone"),
        Loss::at(2, key("a"), DROPPED_FIELD, "gone"),
        Loss::at(2, vec![PathSeg::Index(1)], ERROR_AS_TEXT, "as \"text\""),
        // The same words, split differently, are another kind.
        Loss::at(3, key("ab"), DROPPED_FIELD, "gone"),
        Loss::at(5, key("a"), DROPPED_FIELD, "gone"),
    ];
    let mut out = String::new();
    write_losses(&losses, &mut out);
    // Message 2's two losses are kinds 0 and 1 in turn: one run.
    assert_eq!(
        out,
        r#"{"kinds":[[["a"],"dropped_field","gone"],[[1],"error_as_text","as \"text\""],[["ab"],"dropped_field","gone"]],"at":[0,0,2,0,-2,3,2,5,0]}"#
    );
    let mut none = String::new();
    write_losses(&[], &mut none);
    assert_eq!(none, r#"{"kinds":[],"at":[]}"#);
}

#[test]
fn a_run_of_losses_is_one_message_s_kinds_in_turn() {
    let key = |k: &str| vec![PathSeg::key(k)];
    let step = |i: usize, keys: &[&str]| -> Vec<Loss> {
        keys.iter()
            .map(|k| Loss::at(i, key(k), DROPPED_FIELD, "gone"))
            .collect()
    };
    let mut losses = Vec::new();
    losses.extend(step(0, &["a", "b", "c"]));
    losses.extend(step(1, &["a", "b", "c"]));
    // A kind out of turn ends the run, and so does a new kind; a new message starts one.
    losses.extend(step(2, &["a", "c", "b"]));
    losses.extend(step(3, &["a", "d", "b"]));
    losses.extend(step(report::SYSTEM, &["b", "c"]));
    // The same kind twice in one message: two runs.
    losses.extend(step(4, &["a", "a"]));
    let mut out = String::new();
    write_losses(&losses, &mut out);
    assert_eq!(
        out,
        r#"{"kinds":[[["a"],"dropped_field","gone"],[["b"],"dropped_field","gone"],[["c"],"dropped_field","gone"],[["d"],"dropped_field","gone"]],"at":[0,0,-3,1,0,-3,2,0,2,2,2,1,3,0,3,3,3,1,null,1,-2,4,0,4,0]}"#
    );
}

#[test]
fn a_check_answers_findings_and_for_swarm_what_its_history_rule_keeps() {
    let chat = chat();
    let values = agent_messages::tape::value::Value::parse(&chat.to_string()).unwrap();
    let agent_messages::tape::value::Value::Arr(values) = values else {
        unreachable!()
    };
    let mut out = String::new();
    check(OpenAI, &values).write_json(&mut out);
    assert_eq!(out, r#"{"findings":[]}"#);

    let history = json!([
        { "role": "user", "agentName": "a", "content": "q", "mode": "user" },
        { "role": "assistant", "agentName": "a", "content": "", "mode": "tool", "tool_calls": [
            { "id": "c1", "type": "function", "function": { "name": "f", "arguments": {} } },
            { "id": "c2", "type": "function", "function": { "name": "f", "arguments": {} } }
        ] },
        { "role": "tool", "agentName": "a", "content": "ok", "mode": "tool", "tool_call_id": "c1" },
    ]);
    let values = crate::support::ours(history.as_array().unwrap());
    let mut out = String::new();
    check(Swarm, &values).write_json(&mut out);
    let got: J = serde_json::from_str(&out).unwrap();
    assert_eq!(got["kept"], json!([0, [1, [0]], 2]));
    assert_eq!(got["findings"][0]["code"], json!("call_without_result"));
}

/// Anthropic's instructions that open a conversation are the request's `system`: a conversion
/// into Anthropic answers with them lifted out of the messages, and reads a `Prompt`
/// (`{ system?, messages }`) whole, a loss in its `system` at index `null`.
#[test]
fn an_anthropic_prompt_carries_the_system_beside_the_messages() {
    let (got, _) = answer(
        &request(OpenAI, Anthropic),
        &Js::from(&json!([
            { "role": "system", "content": "Be brief." },
            { "role": "user", "content": "hi" },
            { "role": "system", "content": "Later." },
        ])),
    );
    assert_eq!(got["system"], json!("Be brief."));
    assert_eq!(
        got["messages"],
        json!([
            { "role": "user", "content": "hi" },
            { "role": "system", "content": "Later." },
        ])
    );
    // Nothing to lift: no `system` key at all.
    let (got, _) = answer(
        &request(OpenAI, Anthropic),
        &Js::from(&json!([{ "role": "user", "content": "hi" }])),
    );
    assert!(got.get("system").is_none(), "{got}");

    let prompt = json!({
        "system": [{ "type": "text", "text": "Be brief.", "cache_control": { "type": "ephemeral" } }],
        "messages": [{ "role": "user", "content": "hi", "extra": 1 }],
    });
    // Into itself: the same Prompt.
    let (got, _) = answer(&request(Anthropic, Anthropic), &Js::from(&prompt));
    assert_eq!(got["system"], prompt["system"]);
    // Into OpenAI: the cache_control is lost in the system (a list of one text part still),
    // the extra key in message 0.
    let (got, _) = answer(&request(Anthropic, OpenAI), &Js::from(&prompt));
    assert_eq!(
        got["messages"][0],
        json!({ "role": "system", "content": [{ "type": "text", "text": "Be brief." }] })
    );
    let at: Vec<J> = got["losses"]["at"].as_array().unwrap().clone();
    let kinds = got["losses"]["kinds"].as_array().unwrap();
    // Each run: a message, its first kind, and -n for n > 1 kinds in turn.
    let mut rows: Vec<(J, J)> = Vec::new();
    let mut r = 0;
    while r < at.len() {
        let first = at[r + 1].as_u64().unwrap() as usize;
        let count = match at.get(r + 2).and_then(J::as_i64) {
            Some(n) if n < 0 => (-n) as usize,
            _ => 1,
        };
        for kind in &kinds[first..first + count] {
            rows.push((at[r].clone(), kind[0].clone()));
        }
        r += if count > 1 { 3 } else { 2 };
    }
    assert!(
        rows.contains(&(J::Null, json!(["system", 0, "cache_control"]))),
        "{rows:?}"
    );
    assert!(
        rows.iter()
            .any(|(i, p)| *i == json!(0) && p[0] == json!("extra")),
        "{rows:?}"
    );
    assert!(rows.iter().all(|(i, _)| *i != json!(1)), "{rows:?}");
}

/// A conversation check of a Prompt names the system as conversions do.
#[test]
fn a_prompt_is_checked_with_its_system() {
    let tape = Tape::from_js(
        &Js::from(&json!({ "system": "S", "messages": [
            { "role": "user", "content": "hi" },
            { "role": "assistant", "content": [{ "type": "tool_use", "id": "t1", "name": "f", "input": {} }] },
        ] })),
        true,
    );
    let source = read_source(&tape.view(), Anthropic, &Options::default()).expect("a Prompt");
    assert!(source.prompt_system);
    assert_eq!(source.values.len(), 3);
    let mut checked = check(Anthropic, &source.values);
    source.own_findings(&mut checked.findings);
    let found: Vec<(usize, &str)> = checked.findings.iter().map(|f| (f.index, f.code)).collect();
    assert_eq!(found, [(1, "call_without_result")]);
}
