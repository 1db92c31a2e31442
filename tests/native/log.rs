//! Checking logs (src/log): the two stages agree with `checkConversation` on the whole list,
//! whatever the batches; issues are located at `line:column`; formats are detected per
//! conversation; memory stays bounded by what is open.

use agent_messages::convert::check::check_conversation;
use agent_messages::convert::conversation::{Conversation, Place, Step, StepBody};
use agent_messages::convert::to_canonical;
use agent_messages::formats::Format;
use agent_messages::log::conversations::Conversations;
use agent_messages::log::convert::{convert_values, Target};
use agent_messages::log::scan::{Scanner, Verdict};
use agent_messages::log::units::{Batch, Units};
use agent_messages::log::Config;
use agent_messages::tape::value::Value;
use agent_messages::validate::{read_values, Input, Mode, Options};
use proptest::prelude::*;
use serde_json::{json, Value as Json};

/// Run both stages over JSONL `text` cut into batches at the given line numbers: (issues, the
/// conversations' records, stats) as the command line would see them (lines 1-based).
fn run(config: Config, text: &str, cuts: &[usize]) -> (Vec<Json>, Vec<Json>, Json) {
    let mut units = Units::new(config.clone());
    let mut second = Conversations::new(config);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let bounds = batch_ends(cuts, lines.len());
    let (mut issues, mut start, mut base) = (Vec::new(), 0, 1u64);
    let mut stats = Vec::new();
    for end in bounds {
        let batch: Batch = units.check_lines(
            lines[start..end].concat().as_bytes(),
            lines[..start].concat().len() as u64,
        );
        let mut found: Vec<Json> = parse_lines(&batch.issues)
            .into_iter()
            .map(|mut i| {
                let line = i["line"].as_u64().unwrap() + base;
                i["line"] = line.into();
                i
            })
            .collect();
        found.extend(parse_lines(&second.feed(&batch.digest, base).unwrap()));
        found.sort_by_key(|i| i["line"].as_u64().unwrap());
        issues.extend(found);
        let mut s = String::new();
        batch.stats.write_json(&mut s);
        stats.push(serde_json::from_str::<Json>(&s).unwrap());
        base += batch.lines;
        start = end;
    }
    issues.extend(parse_lines(&second.finish()));
    let mut s = String::new();
    second.stats.write_json(&mut s);
    stats.push(serde_json::from_str(&s).unwrap());
    (issues, parse_lines(&second.records), sum(&stats))
}

/// Where each batch ends: the cuts below `lines`, in order, then `lines`.
fn batch_ends(cuts: &[usize], lines: usize) -> Vec<usize> {
    let mut ends: Vec<usize> = cuts.iter().copied().filter(|&c| c < lines).collect();
    ends.sort();
    ends.dedup();
    ends.push(lines);
    ends
}

fn parse_lines(text: &str) -> Vec<Json> {
    text.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The stats of each part added up.
fn sum(parts: &[Json]) -> Json {
    let mut total = json!({});
    for p in parts {
        add(&mut total, p);
    }
    total
}

fn add(total: &mut Json, part: &Json) {
    for (k, v) in part.as_object().unwrap() {
        match v {
            Json::Object(_) => add(
                total.as_object_mut().unwrap().entry(k).or_insert(json!({})),
                v,
            ),
            _ if k == "maxBytes" => {
                let t = total[k].as_u64().unwrap_or(0).max(v.as_u64().unwrap());
                total[k] = t.into();
            }
            _ => total[k] = (total[k].as_u64().unwrap_or(0) + v.as_u64().unwrap()).into(),
        }
    }
}

fn jsonl(values: &[Value]) -> String {
    values.iter().map(|v| v.to_json() + "\n").collect()
}

/// `line code path` of each issue.
fn rows(issues: &[Json]) -> Vec<String> {
    issues
        .iter()
        .map(|i| {
            format!(
                "{} {} {}",
                i["line"],
                i["code"].as_str().unwrap(),
                i["path"]
            )
        })
        .collect()
}

/// The Kernel generator writes the registered type `thought`.
fn config(format: Option<Format>) -> Config {
    Config {
        format,
        kernel_types: vec!["thought".into()],
        ..Config::default()
    }
}

/// The findings of `checkConversation` on the whole list, as rows with 1-based lines.
/// The list is read as `checkConversation` reads it (validated in its JSON form, which
/// normalizes what the generator may write two ways).
fn whole(format: Format, values: &[Value]) -> Vec<String> {
    let text = Value::Arr(values.to_vec()).to_json();
    let tape = agent_messages::tape::json::parse(&text, 128).unwrap();
    let opts = Options {
        custom_types: vec!["thought".into()],
        ..Options::default()
    };
    let shape = format.message_schema().shape;
    let read = read_values(&tape.view(&text), 0, shape, Mode::Json, &opts, Input::List);
    assert!(read.issues.is_empty(), "{:?}", read.issues);
    let values = match read.value {
        Some(Value::Arr(items)) => items,
        other => panic!("{other:?}"),
    };
    let canonical = to_canonical(format, &values, &mut Vec::new());
    check_conversation(&canonical, format)
        .iter()
        .map(|f| {
            format!(
                "{} {} {}",
                f.index + 1,
                f.code,
                serde_json::to_string(&f.path).unwrap()
            )
        })
        .collect()
}

fn sorted(mut rows: Vec<String>) -> Vec<String> {
    rows.sort();
    rows
}

/// `LOG_CASES` cases (64 by default).
fn cases() -> u32 {
    std::env::var("LOG_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64)
}

/// The property tests' settings: `LOG_CASES` cases, nothing persisted.
fn proptest_config() -> ProptestConfig {
    ProptestConfig {
        failure_persistence: None,
        ..ProptestConfig::with_cases(cases())
    }
}

/// A generated conversation of at most `max` messages in any format, with its format.
fn any_conversation(max: usize) -> impl Strategy<Value = (Format, Vec<Value>)> {
    proptest::sample::select(Format::ALL.to_vec())
        .prop_flat_map(move |f| (Just(f), crate::gen::conversation(f.name(), max)))
}

proptest! {
    #![proptest_config(proptest_config())]

    /// One message per line, cut into batches anywhere: the same findings as checking the
    /// whole list at once, each at its message's line, and the same for every cut.
    #[test]
    fn single_message_lines_find_what_the_whole_list_check_finds(
        (format, values) in any_conversation(12),
        cuts in proptest::collection::vec(0usize..14, 0..4),
    ) {
        let text = jsonl(&values);
        let (issues, records, stats) = run(config(Some(format)), &text, &cuts);
        prop_assert_eq!(sorted(rows(&issues)), sorted(whole(format, &values)));
        let (again, ..) = run(config(Some(format)), &text, &[]);
        prop_assert_eq!(&issues, &again);
        prop_assert_eq!(stats["messages"].as_u64(), Some(values.len() as u64));
        prop_assert_eq!(records.len(), usize::from(!values.is_empty()));
    }

    /// The same conversation as one JSONL line: the same findings, their paths under the
    /// message's index, all on line 1.
    #[test]
    fn a_conversation_on_one_line_finds_the_same(
        (format, values) in any_conversation(12),
    ) {
        let line = Value::Arr(values.clone()).to_json() + "\n";
        let (issues, ..) = run(config(Some(format)), &line, &[]);
        let want: Vec<String> = whole(format, &values)
            .iter()
            .map(|row| {
                let (index, rest) = row.split_once(' ').unwrap();
                let (code, path) = rest.split_once(' ').unwrap();
                let index: usize = index.parse().unwrap();
                let path = path.replacen('[', &format!("[{},", index - 1), 1).replace(",]", "]");
                format!("1 {code} {path}")
            })
            .collect();
        prop_assert_eq!(sorted(rows(&issues)), sorted(want));
    }
}

#[test]
fn issues_are_located_at_line_and_column() {
    let text = concat!(
        "{\"role\":\"user\",\"content\":\"hi\"}\n",
        "\n",
        "{\"role\":\"user\",\"content\":\"oops}\n",
        "{\"role\":\"assistant\",\"content\":\"x\",\"tool_calls\":[{\"id\":\"c1\",\"type\":\"function\",\"function\":{\"name\":\"f\",\"arguments\":7}}]}\n",
        "{\"role\":\"tool\",\"tool_call_id\":\"c9\",\"content\":\"r\"}\n",
        "{\"role\":\"tool\",\"content\":\"éé\",\"tool_call_id\":\"c8\"}\n",
        "  {\"role\":\"tool\",\"tool_call_id\":\"c7\",\"content\":\"r\"}\n",
    );
    let (issues, records, stats) = run(config(Some(Format::OpenAI)), text, &[]);
    let at: Vec<String> = issues
        .iter()
        .map(|i| {
            format!(
                "{}:{} {}",
                i["line"],
                i["column"],
                i["code"].as_str().unwrap()
            )
        })
        .collect();
    // Line 3 ends inside a string; line 4's arguments is no string (column of `7`); line 5
    // answers no call.
    assert_eq!(
        at,
        [
            "3:32 invalid_json",
            "4:113 invalid_type",
            "5:31 result_without_call",
            // Columns count characters, not bytes; a line may start with spaces.
            "6:46 result_without_call",
            "7:33 result_without_call"
        ]
    );
    assert_eq!(
        issues[1]["path"],
        json!(["tool_calls", 0, "function", "arguments"])
    );
    assert_eq!(records.len(), 1);
    assert_eq!(stats["units"], 7);
    assert_eq!(stats["blank"], 1);
    assert_eq!(stats["unreadable"], 1);
    assert_eq!(stats["messages"], 5);
    assert_eq!(stats["invalid"], 1);
}

#[test]
fn group_by_splits_a_log_into_conversations() {
    let call = |thread: &str, id: &str| {
        json!({"thread": thread, "role": "assistant", "content": null, "tool_calls": [
            {"id": id, "type": "function", "function": {"name": "f", "arguments": "{}"}}]})
    };
    let result = |thread: &str, id: &str| json!({"thread": thread, "role": "tool", "tool_call_id": id, "content": "r"});
    let lines = [
        call("a", "c1"),
        call("b", "c2"),
        result("a", "c1"),
        result("b", "c2"),
    ];
    let text: String = lines.iter().map(|l| l.to_string() + "\n").collect();
    let grouped = Config {
        group_by: Some("thread".into()),
        ..config(Some(Format::OpenAI))
    };
    let (issues, records, stats) = run(grouped, &text, &[2]);
    // Each result comes right after its own thread's call.
    assert_eq!(rows(&issues), Vec::<String>::new());
    assert_eq!(records.len(), 2);
    assert_eq!(records[0]["key"], "a");
    assert_eq!(stats["conversations"], 2);
    // Detected, the property the log is grouped by does not count against a strict match.
    let detected = Config {
        group_by: Some("thread".into()),
        ..config(None)
    };
    let (_, records, _) = run(detected, &text, &[]);
    assert_eq!(records[0]["detected"][0]["format"], "openai");
    assert_eq!(records[0]["detected"][0]["confidence"], 1.0);
    let (_, records, _) = run(config(None), &text, &[]);
    assert_eq!(records[0]["detected"][0]["confidence"], 0.5);
    // As one conversation, the result for c1 comes after another message.
    let (issues, ..) = run(config(Some(Format::OpenAI)), &text, &[]);
    assert_eq!(rows(&issues), [r#"3 result_not_next ["tool_call_id"]"#]);
}

#[test]
fn formats_are_detected_per_conversation() {
    // Anthropic user text is valid OpenAI too; the tool_use block is Anthropic alone.
    let text = [
        json!({"role": "user", "content": "hi"}),
        json!({"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]}),
        json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "ok"}]}),
    ]
    .iter()
    .map(|l| l.to_string() + "\n")
    .collect::<String>();
    let (issues, records, stats) = run(config(None), &text, &[1]);
    assert_eq!(issues, Vec::<Json>::new());
    assert_eq!(records[0]["format"], "anthropic");
    assert_eq!(records[0]["detected"][0]["format"], "anthropic");
    assert_eq!(records[0]["detected"][0]["confidence"], 1.0);
    assert_eq!(stats["formats"], json!({"anthropic": 3}));
    // A message valid in no format: its issues against the closest format, named.
    let (issues, ..) = run(config(None), "{\"role\":\"user\",\"content\":5}\n", &[]);
    assert!(!issues.is_empty());
    assert!(issues
        .iter()
        .all(|i| i["format"].is_string() && i["line"] == 1));
}

#[test]
fn a_long_conversation_keeps_only_what_is_open() {
    let mut c = Conversation::by_line(Format::OpenAI);
    let place = || Place::at(vec!["x".into()]);
    let n = agent_messages::convert::conversation::ID_WINDOW * 3;
    for i in 0..n {
        let id = format!("call-{i}");
        c.push(Step {
            index: 2 * i,
            id: Some((format!("m{}", 2 * i).into(), place())),
            timestamp: None,
            body: StepBody::Calls(vec![(id.clone().into(), place())]),
        });
        c.push(Step {
            index: 2 * i + 1,
            id: None,
            timestamp: None,
            body: StepBody::Outputs(vec![(Some(id.into()), place())]),
        });
        assert!(c.open_calls() <= 1);
    }
    assert!(c.take().is_empty());
    // A recent id used again is found; the oldest are forgotten (documented: ID_WINDOW).
    c.push(Step {
        index: 2 * n,
        id: Some((format!("m{}", 2 * n - 2).into(), place())),
        timestamp: None,
        body: StepBody::Other,
    });
    c.push(Step {
        index: 2 * n + 1,
        id: Some(("m0".into(), place())),
        timestamp: None,
        body: StepBody::Other,
    });
    let found: Vec<_> = c.finish().iter().map(|f| (f.index, f.code)).collect();
    assert_eq!(found, [(2 * n, "duplicate_id")]);
}

/// Both stages converting JSONL `text` cut into batches: (converted text, loss lines).
fn run_convert(config: Config, text: &str, cuts: &[usize]) -> (String, Vec<Json>, Vec<Json>) {
    let mut units = Units::new(config.clone());
    let mut second = Conversations::new(config);
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let bounds = batch_ends(cuts, lines.len());
    let (mut converted, mut losses, mut issues, mut start, mut base) =
        (String::new(), Vec::new(), Vec::new(), 0, 1u64);
    for end in bounds {
        let batch = units.check_lines(
            lines[start..end].concat().as_bytes(),
            lines[..start].concat().len() as u64,
        );
        issues.extend(parse_lines(&batch.issues));
        issues.extend(parse_lines(&second.feed(&batch.digest, base).unwrap()));
        converted.push_str(&batch.converted);
        for mut l in parse_lines(&batch.losses) {
            l["line"] = (l["line"].as_u64().unwrap() + base).into();
            losses.push(l);
        }
        base += batch.lines;
        start = end;
    }
    issues.extend(parse_lines(&second.finish()));
    converted.push_str(&second.converted);
    losses.extend(parse_lines(&second.losses));
    (converted, losses, issues)
}

proptest! {
    #![proptest_config(proptest_config())]

    /// Converting a log gives what converting its conversation at once gives, whatever the
    /// batches: single messages one per line, a conversation line as one line; each loss at
    /// its message's line.
    #[test]
    fn a_log_converts_as_its_conversation_does(
        (from, values) in any_conversation(8),
        to in proptest::sample::select(Format::ALL.to_vec()),
        cuts in proptest::collection::vec(0usize..10, 0..3),
    ) {
        let target = Target { to, now: 1_700_000_000_000.0, agent_name: String::new() };
        let config = Config { target: Some(target.clone()), ..config(Some(from)) };
        let read = read_back(from, &values);
        let opts = Options { custom_types: vec!["thought".into()], ..Options::default() };
        let want = convert_values(from, &read, &target, 0, &opts);
        // (A mapping that writes an invalid message is a bug of its own, which the pipeline
        // reports as an issue; tests/native/convert_law.rs is where mappings are held.)
        prop_assume!(want.is_ok());
        let want = want.unwrap();
        let (text, losses, issues) = run_convert(config.clone(), &jsonl(&values), &cuts);
        prop_assert_eq!(issues, Vec::<Json>::new());
        // Ids the target needs are drawn from where each turn starts: masked.
        let lines: Vec<String> = text.lines().map(masked).collect();
        prop_assert_eq!(lines, want.messages.iter().map(|m| masked(m)).collect::<Vec<_>>());
        // The same losses, each at its message's line (in any order within a line).
        let mut got: Vec<String> = losses
            .iter()
            .map(|l| format!("{} {} {} {}", l["line"], l["code"], l["path"], l["detail"]))
            .collect();
        let mut expected: Vec<String> = want
            .losses
            .iter()
            .map(|l| {
                let path = serde_json::to_string(&l.path).unwrap();
                format!("{} \"{}\" {path} {}", l.index + 1, l.code.as_str(), serde_json::to_string(&l.detail.text()).unwrap())
            })
            .collect();
        got.sort();
        expected.sort();
        prop_assert_eq!(got, expected);
        if !values.is_empty() {
            // The same conversation on one line: one line out, seeded by line 1.
            let line = Value::Arr(values.clone()).to_json() + "\n";
            let (text, losses, _) = run_convert(config, &line, &[]);
            prop_assert_eq!(text, format!("[{}]\n", want.messages.join(",")));
            let indices: Vec<Option<u64>> = losses.iter().map(|l| l["index"].as_u64()).collect();
            prop_assert_eq!(indices, want.losses.iter().map(|l| Some(l.index as u64)).collect::<Vec<_>>());
        }
    }
}

/// Text with the ULIDs a conversion generated (the run's clock, 1_700_000_000_000) masked.
fn masked(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(n) = rest.find("01HF7YAT00") {
        out.push_str(&rest[..n]);
        out.push_str("<ulid>");
        rest = &rest[(n + 26).min(rest.len())..];
    }
    out.push_str(rest);
    out
}

/// The list as a log's reader reads it: each message validated in its JSON form.
fn read_back(format: Format, values: &[Value]) -> Vec<Value> {
    let text = Value::Arr(values.to_vec()).to_json();
    let tape = agent_messages::tape::json::parse(&text, 128).unwrap();
    let opts = Options {
        custom_types: vec!["thought".into()],
        ..Options::default()
    };
    let shape = format.message_schema().shape;
    match read_values(&tape.view(&text), 0, shape, Mode::Json, &opts, Input::List).value {
        Some(Value::Arr(items)) => items,
        other => panic!("{other:?}"),
    }
}

/// The steps of a message read straight off its tape (`log::steps`, what `check` uses) and
/// the steps its canonical messages give, places located the same way: `None` from the tape
/// reader means "the canonical way", anything else must be equal, kinds counted included.
fn steps_agree(format: Format, text: &str) -> Result<bool, TestCaseError> {
    use agent_messages::log::locate::{locate, position};
    use agent_messages::log::stats::Stats;
    use agent_messages::log::steps;
    let bytes = text.as_bytes();
    let pos = |offset: usize| {
        let (line, column) = position(bytes, offset);
        agent_messages::convert::conversation::Pos { line, column }
    };
    let tape = agent_messages::tape::json::parse(text, 128).unwrap();
    let view = tape.view(text);
    let opts = Options {
        custom_types: vec!["thought".into()],
        ..Options::default()
    };
    let read = read_values(
        &view,
        0,
        format.message_schema().shape,
        Mode::Json,
        &opts,
        Input::One,
    );
    let Some(value) = read.value else {
        return Ok(false);
    };
    let mut locate_at = |off: Option<u32>, path: &[agent_messages::validate::PathSeg]| match off {
        Some(off) => pos(off as usize - 1),
        None => pos(locate(bytes, path)),
    };
    let Some(fast) = steps::read(&view, 0, format, &mut locate_at) else {
        return Ok(false);
    };
    // The fast lane's reading, off the text itself, when it is sure of the message.
    let shape = format.message_schema().shape;
    let mut scanner = Scanner::default();
    if scanner.check(bytes, shape, &opts).is_some() {
        let doc = steps::Text {
            text: bytes,
            layout: scanner.layout(),
        };
        let off_text = steps::read(&doc, 0, format, &mut locate_at);
        let off_text = off_text.expect("the text's reader reads what the tape's does");
        prop_assert_eq!(&off_text.steps, &fast.steps, "{}", text);
        prop_assert_eq!(off_text.kinds, fast.kinds, "{}", text);
    }
    let canonical = to_canonical(format, &[value], &mut Vec::new());
    let mut want: Vec<Step> = canonical.iter().map(Step::of).collect();
    for step in &mut want {
        step.for_each_place(|place| {
            place.pos = Some(pos(locate(bytes, &place.path)));
        });
    }
    prop_assert_eq!(&fast.steps, &want, "{}", text);
    let (mut a, mut b) = (Stats::default(), Stats::default());
    a.add_steps(&fast.kinds, &fast.steps);
    b.add_kinds(&canonical);
    prop_assert_eq!(a, b, "{}", text);
    Ok(true)
}

/// The first stage's output, with and without the fast lane, for `text` in batches.
fn lane_changes_nothing(config: Config, text: &str) -> Result<(), TestCaseError> {
    let with = run(config.clone(), text, &[3]);
    let without = run(
        Config {
            fast_lane: false,
            ..config
        },
        text,
        &[3],
    );
    prop_assert_eq!(with, without, "{}", text);
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config())]

    /// A log of generated messages, some broken, checked with and without the fast lane:
    /// the same issues, records and counts, format given or detected, grouped or not.
    #[test]
    fn the_fast_lane_changes_nothing(
        (format, values) in any_conversation(10),
        pick in 0usize..64,
    ) {
        let mut lines: Vec<String> = values.iter().map(|v| v.to_json()).collect();
        if let Some(v) = values.get(pick % values.len().max(1)) {
            lines.extend(broken(v, pick));
        }
        lines.push("{\"role\":\"user\",\"content\":\"hi\",\"role\":\"user\"}".into());
        let text = lines.join("\n") + "\n";
        for given in [Some(format), None] {
            lane_changes_nothing(config(given), &text)?;
            let grouped = Config {
                group_by: Some("role".into()),
                strict: pick % 2 == 0,
                ..config(given)
            };
            lane_changes_nothing(grouped, &text)?;
        }
    }
}

proptest! {
    #![proptest_config(proptest_config())]

    /// Detection by the fast lane (which skips the types whose required keys the text lacks)
    /// finds what detection on the tape finds, for every message it is sure of: generated in
    /// every format, a key dropped, a value swapped, a key twice, a key escaped.
    #[test]
    fn detection_off_the_text_is_detection_off_the_tape(
        (_format, values) in any_conversation(10),
        pick in 0usize..64,
    ) {
        use agent_messages::log::detect::Detector;
        let detector = Detector::new(&Options::default(), None);
        let mut scanner = Scanner::default();
        let mut texts: Vec<String> = Vec::new();
        for v in &values {
            texts.push(v.to_json());
            texts.extend(broken(v, pick));
            // The first key written with an escape: the same name, another text.
            let json = v.to_json();
            if let Some(rest) = json.strip_prefix("{\"") {
                if let Some(c) = rest.chars().next().filter(char::is_ascii_alphabetic) {
                    texts.push(format!("{{\"\\u{:04x}{}", c as u32, &rest[1..]));
                }
            }
        }
        for text in &texts {
            let Some((m, _)) = detector.matches_text(text.as_bytes(), &mut scanner) else {
                continue;
            };
            let tape = agent_messages::tape::json::parse(text, 64).expect("sure of text that parses");
            prop_assert_eq!(m, detector.matches(&tape.view(text), 0), "{}", text);
        }
    }

    /// Every generated message of every format: its steps off the tape are its canonical
    /// steps.
    #[test]
    fn steps_read_off_the_tape_are_the_canonical_steps(
        (format, values) in any_conversation(12),
    ) {
        for v in &values {
            steps_agree(format, &v.to_json())?;
        }
    }
}

/// The cases the generators may not reach: blank texts of every kind, escapes, a missing or
/// null content, calls with and without text, and each is read off the tape (not left to
/// the canonical way).
#[test]
fn steps_read_off_the_tape_cover_blank_texts_and_calls() {
    let call = r#"{"id":"c\u0031","type":"function","function":{"name":"f","arguments":"{}"}}"#;
    let cases = [
        r#"{"role":"user","content":"hi"}"#.to_string(),
        r#"{"role":"user","content":""}"#.into(),
        r#"{"role":"user","content":" \t\n"}"#.into(),
        r#"{"role":"user","content":"\u00a0\u2003"}"#.into(),
        r#"{"role":"user","content":"\u00a0x"}"#.into(),
        "{\"role\":\"user\",\"content\":\"\u{3000}\"}".into(),
        "{\"role\":\"user\",\"content\":\"\u{3000}é\"}".into(),
        r#"{"role":"system","content":" "}"#.into(),
        r#"{"role":"developer","content":"be brief"}"#.into(),
        r#"{"role":"assistant","content":" "}"#.into(),
        r#"{"role":"assistant","content":"ok","refusal":null}"#.into(),
        format!(r#"{{"role":"assistant","content":null,"tool_calls":[{call},{call}]}}"#),
        format!(r#"{{"role":"assistant","tool_calls":[{call}]}}"#),
        format!(r#"{{"role":"assistant","content":"","tool_calls":[{call}]}}"#),
        r#"{"role":"assistant","content":"sure","tool_calls":[]}"#.into(),
        r#"{"role":"tool","tool_call_id":"c\"1","content":"{}"}"#.into(),
        "{ \"role\" : \"tool\" ,\n \"tool_call_id\" : \"é1\", \"content\": \"x\"}".into(),
    ];
    let shape = Format::OpenAI.message_schema().shape;
    for text in &cases {
        match steps_agree(Format::OpenAI, text) {
            Ok(read) => assert!(read, "left to the canonical way: {text}"),
            Err(e) => panic!("{e}"),
        }
        // Escaped keys aside, the fast lane is sure of each.
        let sure = Scanner::default().check(text.as_bytes(), shape, &Options::default());
        assert!(sure.is_some(), "left to the tape: {text}");
    }
}

/// A message broken three ways (`pick` says where), as JSON text: one of its top-level keys
/// taken away, one's value changed for another's, one given twice. None for a message that is
/// not an object with keys.
fn broken(v: &Value, pick: usize) -> Vec<String> {
    let Value::Obj(entries) = v else {
        return Vec::new();
    };
    if entries.is_empty() {
        return Vec::new();
    }
    let n = entries.len();
    let mut fewer = entries.clone();
    fewer.remove(pick % n);
    let mut swapped = entries.clone();
    swapped[pick % n].1 = entries[(pick / n) % n].1.clone();
    let text = v.to_json();
    let (k, value) = &entries[pick % n];
    let twice = format!(
        "{},{}:{}}}",
        &text[..text.len() - 1],
        Value::Str(k.to_string()).to_json(),
        value.to_json()
    );
    vec![
        Value::Obj(fewer).to_json(),
        Value::Obj(swapped).to_json(),
        twice,
    ]
}

/// What the fast lane is sure of, the walk finds nothing in; where it is sure of a defect, the
/// walk finds an issue: `text` against each format's message type, lenient and strict.
fn sure_only_of_valid(text: &str) -> Result<(), TestCaseError> {
    let tape = agent_messages::tape::json::parse(text, 64);
    for format in Format::ALL {
        let shape = format.message_schema().shape;
        for strict in [false, true] {
            let opts = Options {
                strict,
                custom_types: vec!["thought".into()],
                ..Options::default()
            };
            let verdict = Scanner::default().verdict(text.as_bytes(), shape, &opts, None);
            if verdict == Verdict::Unknown {
                continue;
            }
            let Ok(tape) = tape.as_ref() else {
                prop_assert_eq!(
                    verdict,
                    Verdict::Invalid,
                    "sure of text that does not parse"
                );
                continue;
            };
            let checked =
                agent_messages::validate::check(&tape.view(text), 0, shape, Mode::Json, &opts);
            prop_assert_eq!(
                checked.issues.is_empty(),
                matches!(verdict, Verdict::Sure(_)),
                "{} (strict: {}): {:?} {}",
                format.name(),
                strict,
                verdict,
                text
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config())]

    /// Every generated message of every format, whole and broken (`broken`): the fast lane is
    /// sure of a message only when the walk finds no issue in it, and of a defect only when it
    /// finds one.
    #[test]
    fn the_fast_lane_is_sure_only_of_valid_messages(
        (_format, values) in any_conversation(8),
        pick in 0usize..64,
    ) {
        for v in &values {
            sure_only_of_valid(&v.to_json())?;
            for text in broken(v, pick) {
                sure_only_of_valid(&text)?;
            }
        }
    }
}

/// The detector's bits for one message, against each format's validators run in full (the
/// `conversation` fuzz target's own check).
fn detected_as_validated(text: &str) -> Result<(), TestCaseError> {
    let tape = agent_messages::tape::json::parse(text, 64).unwrap();
    crate::fuzz_targets::detected_as_validated(&tape.view(text), text.as_bytes());
    Ok(())
}

proptest! {
    #![proptest_config(proptest_config())]

    /// Detection skips walking a type whose required top-level keys a message lacks: it still
    /// says exactly what the validators say, for every generated message of every format,
    /// whole and broken (`broken`).
    #[test]
    fn detection_says_what_the_validators_say(
        (_format, values) in any_conversation(8),
        pick in 0usize..64,
    ) {
        for v in &values {
            detected_as_validated(&v.to_json())?;
            for text in broken(v, pick) {
                detected_as_validated(&text)?;
            }
        }
    }
}

/// The property above has teeth: the fast lane is sure of generated messages of every format
/// but the AI SDK's UI messages (unions by `type`, which it leaves to the walk).
#[test]
fn the_fast_lane_is_sure_of_generated_messages() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let mut sure = std::collections::BTreeMap::new();
    let opts = Options {
        custom_types: vec!["thought".into()],
        ..Options::default()
    };
    for _ in 0..300 {
        let tree = any_conversation(8).new_tree(&mut runner).unwrap();
        let (format, values) = tree.current();
        for v in &values {
            let shape = format.message_schema().shape;
            let is = Scanner::default()
                .check(v.to_json().as_bytes(), shape, &opts)
                .is_some();
            *sure.entry(format.name()).or_insert(0) += usize::from(is);
        }
    }
    for format in Format::ALL.iter().filter(|f| **f != Format::AiSdkUi) {
        assert!(sure.get(format.name()) > Some(&10), "{sure:?}");
    }
}
