//! Every ordered pair of formats over valid messages with arbitrary strings in every string
//! slot the mappings read or parse (data URLs and their media types, image URLs, base64, OpenAI
//! arguments text, Agens `next` instructions, ids, names...): no panic (a panic in wasm kills
//! the instance), and the output is valid in the target. Generated messages that are not valid
//! in their source are skipped (`convert` takes validated input); the share kept is checked,
//! so that the property cannot pass by skipping everything.
use crate::gen::{assert_valid, o};
use crate::support::{Counter, CONVERTIBLE};
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use agent_messages::formats::{agens, bedrock, kernel, openai, swarm};
use agent_messages::tape::json;
use agent_messages::tape::value::Value;
use agent_messages::validate::{check, Mode, Options, Shape};
use proptest::prelude::*;
use proptest::sample::select;
use std::cell::Cell;

type S<T> = BoxedStrategy<T>;

fn st(s: &str) -> Value {
    Value::from(s)
}

/// Strings meant to break parsers: any text (control and astral characters too), multi-byte
/// characters near the `,` and `;base64` of data URLs, empty parts, JSON-ish text.
fn weird() -> S<String> {
    let any = "\\PC{0,6}|.{0,4}|[\u{0}-\u{7f}é日\u{1F600}\u{FEFF}\u{2028};,:/=+]{0,8}";
    let piece = prop_oneof![
        any,
        select(vec![
            "",
            ";",
            ",",
            ";base64",
            "data:",
            "é",
            "\u{1F600}",
            "=",
            "==",
            "AQID",
            "image/png",
            "{",
            "}",
            "\"",
            "\\",
            "[",
            "\u{0}",
        ])
        .prop_map(str::to_string),
    ];
    prop_oneof![
        3 => any.prop_map(|s: String| s),
        2 => (piece.clone(), piece.clone()).prop_map(|(m, d)| format!("data:{m};base64,{d}")),
        1 => (piece.clone(), piece.clone(), piece.clone()).prop_map(|(a, b, c)| format!("data:{a}{b}{c}")),
        1 => (piece.clone(), piece).prop_map(|(a, b)| format!("{{\"{a}\":\"{b}\"}}")),
        1 => select(vec![
            "data:image/png;base64,AQID", "data:;base64,AQID", "data:,", "data:image/png;base64,",
            "data:é;base64,é", "data:image/png;base64é,AQID", "https://example.com/a.png",
            "{\"a\":{\"b\":[1,{\"c\":null}]}}", "{}", "{\"a\":1e308}", "{\"\":\"\"}",
        ])
        .prop_map(str::to_string),
    ]
    .boxed()
}

/// A JSON object with weird keys and values, nested a little.
fn weird_object() -> S<Value> {
    let leaf = prop_oneof![
        weird().prop_map(Value::from),
        select(vec![0.0, -0.0, 1.5, 1e308, -1e-308]).prop_map(Value::Num),
        Just(Value::Null),
    ];
    let nested = leaf.prop_recursive(3, 12, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Value::Arr),
            proptest::collection::vec((weird(), inner), 0..3).prop_map(distinct),
        ]
    });
    proptest::collection::vec((weird(), nested), 0..3)
        .prop_map(distinct)
        .boxed()
}

fn distinct(entries: Vec<(String, Value)>) -> Value {
    let mut out: Vec<(agent_messages::tape::value::Name, Value)> = Vec::new();
    for (k, v) in entries {
        if !out.iter().any(|(seen, _)| *seen == k) {
            out.push((k.into(), v));
        }
    }
    Value::Obj(out)
}

fn kernel_message() -> S<Value> {
    (weird(), weird(), weird(), weird(), weird_object(), 0..5u8)
        .prop_map(|(a, b, c, d, args, kind)| match kind {
            0 => o(vec![
                ("id", Value::from(a)),
                ("timestamp", Value::Num(1.0)),
                ("type", st("reply")),
                ("text", Value::from(b)),
                ("author", Value::from(c)),
            ]),
            1 => o(vec![
                ("id", st("k")),
                ("timestamp", Value::Num(0.0)),
                ("type", st("input")),
                ("text", Value::from(a)),
                (
                    "files",
                    Value::Arr(vec![o(vec![
                        ("data", Value::from(b)),
                        ("filename", Value::from(c)),
                        ("mimeType", Value::from(d)),
                    ])]),
                ),
            ]),
            2 => o(vec![
                ("id", st("k")),
                ("timestamp", Value::Num(2.0)),
                ("type", st("tool-calls")),
                (
                    "calls",
                    Value::Arr(vec![o(vec![
                        ("id", Value::from(a)),
                        ("name", Value::from(b)),
                        ("args", args),
                    ])]),
                ),
            ]),
            3 => o(vec![
                ("id", st("k")),
                ("timestamp", Value::Num(3.0)),
                ("type", st("tool-results")),
                (
                    "results",
                    Value::Arr(vec![o(vec![
                        ("callId", Value::from(a)),
                        ("name", Value::from(b)),
                        ("output", args),
                    ])]),
                ),
            ]),
            _ => o(vec![
                ("id", st("k")),
                ("timestamp", Value::Num(4.0)),
                ("type", st("system")),
                ("text", Value::from(a)),
            ]),
        })
        .boxed()
}

fn openai_message() -> S<Value> {
    (
        weird(),
        weird(),
        weird(),
        weird_object(),
        any::<bool>(),
        0..7u8,
    )
        .prop_map(|(a, b, c, args, raw, kind)| match kind {
            0 => o(vec![
                ("role", st("user")),
                ("content", Value::from(a)),
                ("name", Value::from(b)),
            ]),
            1 => o(vec![
                ("role", st("user")),
                (
                    "content",
                    Value::Arr(vec![
                        o(vec![("type", st("text")), ("text", Value::from(b))]),
                        o(vec![
                            ("type", st("image_url")),
                            ("image_url", o(vec![("url", Value::from(a))])),
                        ]),
                    ]),
                ),
            ]),
            2 => o(vec![
                ("role", st("user")),
                (
                    "content",
                    Value::Arr(vec![o(vec![
                        ("type", st("file")),
                        (
                            "file",
                            o(vec![
                                ("file_data", Value::from(a)),
                                ("filename", Value::from(b)),
                            ]),
                        ),
                    ])]),
                ),
            ]),
            3 => o(vec![
                ("role", st("user")),
                (
                    "content",
                    Value::Arr(vec![o(vec![
                        ("type", st("input_audio")),
                        (
                            "input_audio",
                            o(vec![("data", Value::from(a)), ("format", st("wav"))]),
                        ),
                    ])]),
                ),
            ]),
            4 => o(vec![
                ("role", st("assistant")),
                ("content", Value::Null),
                (
                    "tool_calls",
                    Value::Arr(vec![o(vec![
                        ("id", Value::from(a)),
                        ("type", st("function")),
                        (
                            "function",
                            o(vec![
                                ("name", Value::from(b)),
                                // Raw weird text (mostly refused as arguments), or JSON text.
                                (
                                    "arguments",
                                    Value::from(if raw { c } else { args.to_json() }),
                                ),
                            ]),
                        ),
                    ])]),
                ),
            ]),
            5 => o(vec![
                ("role", st("tool")),
                ("tool_call_id", Value::from(a)),
                ("content", Value::from(b)),
            ]),
            _ => o(vec![
                ("role", st(if raw { "system" } else { "developer" })),
                ("content", Value::from(a)),
            ]),
        })
        .boxed()
}

fn swarm_message() -> S<Value> {
    (weird(), weird(), weird(), weird_object(), 0..4u8)
        .prop_map(|(a, b, c, args, kind)| {
            let head = |role: &str, mode: &str| {
                vec![
                    ("role", st(role)),
                    ("agentName", Value::from(b.clone())),
                    ("content", Value::from(c.clone())),
                    ("mode", st(mode)),
                ]
            };
            match kind {
                0 => {
                    let mut e = head("user", "user");
                    e.push(("images", Value::Arr(vec![Value::from(a)])));
                    o(e)
                }
                1 => {
                    let mut e = head("assistant", "tool");
                    e.push((
                        "tool_calls",
                        Value::Arr(vec![o(vec![
                            ("id", Value::from(a)),
                            ("type", st("function")),
                            (
                                "function",
                                o(vec![("name", Value::from(c.clone())), ("arguments", args)]),
                            ),
                        ])]),
                    ));
                    o(e)
                }
                2 => {
                    let mut e = head("tool", "tool");
                    e.push(("tool_call_id", Value::from(a)));
                    o(e)
                }
                _ => {
                    let mut e = head("system", "tool");
                    e.push(("payload", args));
                    o(e)
                }
            }
        })
        .boxed()
}

fn agens_message() -> S<Value> {
    let next = prop_oneof![
        weird().prop_map(|s| o(vec![
            ("type", st("route")),
            ("node_id", Value::from(s)),
            ("count", Value::Num(1.0))
        ])),
        weird().prop_map(|s| o(vec![("type", st("yield")), ("node_id", Value::from(s))])),
        weird().prop_map(|s| o(vec![("type", st("sub")), ("job_id", Value::from(s))])),
        weird().prop_map(|s| o(vec![("type", st("retry")), ("reason", Value::from(s))])),
        Just(o(vec![("type", st("end"))])),
        (weird(), weird())
            .prop_map(|(t, v)| o(vec![("type", Value::from(t)), ("value", Value::from(v))])),
    ];
    (
        (weird(), weird(), weird(), weird()),
        (weird(), weird(), weird_object()),
        proptest::collection::vec(next, 0..3),
        0..3u8,
    )
        .prop_map(
            |((input, system, user, result), (id, key, out), next, kind)| {
                let mut e = vec![("input", Value::from(input))];
                match kind {
                    0 => {
                        e.push(("system", Value::from(system)));
                        e.push(("user", Value::from(user)));
                        e.push(("result", Value::from(result)));
                    }
                    1 => {
                        e.push((
                            "tool_calls",
                            Value::Arr(vec![o(vec![
                                ("id", Value::from(id.clone())),
                                ("name", Value::from(system)),
                                (
                                    "arguments",
                                    Value::Arr(vec![
                                        o(vec![
                                            ("key", Value::from(key.clone())),
                                            ("value", Value::from(user)),
                                        ]),
                                        o(vec![("key", Value::from(key)), ("value", out.clone())]),
                                    ]),
                                ),
                                ("server_name", Value::from(result)),
                                ("type", st("mcp_tool_use")),
                            ])]),
                        ));
                        e.push(("tool_results", distinct(vec![(id, out)])));
                    }
                    _ => e.push(("result", Value::from(result))),
                }
                e.push(("next", Value::Arr(next)));
                o(e)
            },
        )
        .boxed()
}

fn bedrock_message() -> S<Value> {
    (weird(), weird(), weird_object(), any::<bool>())
        .prop_map(|(a, b, args, message)| {
            if message {
                o(vec![("type", st("message")), ("content", Value::from(a))])
            } else {
                o(vec![
                    ("type", st("tool_call")),
                    (
                        "tool_calls",
                        Value::Arr(vec![o(vec![
                            ("id", Value::from(a)),
                            ("type", st("function")),
                            (
                                "function",
                                o(vec![("name", Value::from(b)), ("arguments", args)]),
                            ),
                        ])]),
                    ),
                ])
            }
        })
        .boxed()
}

fn message(format: Format) -> S<Value> {
    match format {
        Kernel => kernel_message(),
        OpenAI => openai_message(),
        Swarm => swarm_message(),
        Agens => agens_message(),
        _ => bedrock_message(),
    }
}

fn shape(format: Format) -> &'static Shape {
    match format {
        Kernel => &kernel::MESSAGE,
        OpenAI => &openai::MESSAGE,
        Swarm => &swarm::MESSAGE,
        Agens => &agens::MESSAGE,
        _ => &bedrock::AGENT_RESPONSE,
    }
}

fn valid(format: Format, v: &Value) -> bool {
    let text = v.to_json();
    let Ok(tape) = json::parse(&text, 128) else {
        return false;
    };
    check(
        &tape.view(&text),
        0,
        shape(format),
        Mode::Json,
        &Options::default(),
    )
    .issues
    .is_empty()
}

/// Every pair from `from`: the valid generated messages convert without a panic into valid
/// messages of each target. Returns how many generated messages were valid.
fn convert_all(from: Format, source: &[Value]) -> usize {
    let kept: Vec<Value> = source.iter().filter(|v| valid(from, v)).cloned().collect();
    for &to in CONVERTIBLE {
        let (out, _) = convert(from, to, &kept, &mut Counter(0));
        assert_valid(to.name(), &out);
    }
    kept.len()
}

fn run_pairs(from: Format) {
    let kept = Cell::new(0usize);
    let total = Cell::new(0usize);
    let config = ProptestConfig {
        cases: std::env::var("HOSTILE_CASES")
            .ok()
            .and_then(|n| n.parse().ok())
            .unwrap_or(96),
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(source in proptest::collection::vec(message(from), 1..5))| {
        total.set(total.get() + source.len());
        kept.set(kept.get() + convert_all(from, &source));
    });
    // Not every generated message is valid (raw weird arguments text, an empty Agens input),
    // but most are: the property is not passing by skipping.
    assert!(
        kept.get() * 3 > total.get(),
        "{from}: only {} of {} generated messages were valid",
        kept.get(),
        total.get()
    );
}

#[test]
fn weird_strings_from_kernel_convert_to_every_format() {
    run_pairs(Kernel);
}

#[test]
fn weird_strings_from_openai_convert_to_every_format() {
    run_pairs(OpenAI);
}

#[test]
fn weird_strings_from_swarm_convert_to_every_format() {
    run_pairs(Swarm);
}

#[test]
fn weird_strings_from_agens_convert_to_every_format() {
    run_pairs(Agens);
}

#[test]
fn weird_strings_from_bedrock_convert_to_every_format() {
    run_pairs(Bedrock);
}

/// Regression: an empty swarm `agentName` is valid swarm; it was carried as an empty author
/// and written back as the default "agent" (with `payload.author: ""`), changed without a loss.
#[test]
fn an_empty_swarm_agent_name_survives_the_round_trip() {
    let m = o(vec![
        ("role", st("user")),
        ("agentName", st("")),
        ("content", st("x")),
        ("mode", st("user")),
    ]);
    assert!(valid(Swarm, &m));
    for &to in CONVERTIBLE {
        let (mid, losses) = convert(Swarm, to, std::slice::from_ref(&m), &mut Counter(0));
        if !losses.is_empty() {
            continue;
        }
        let (back, _) = convert(to, Swarm, &mid, &mut Counter(0));
        assert_eq!(back, vec![m.clone()], "swarm → {to} → swarm");
    }
    let (same, losses) = convert(Swarm, Swarm, std::slice::from_ref(&m), &mut Counter(0));
    assert!(losses.is_empty());
    assert_eq!(same, vec![m]);
}

/// Regression: a property a format does not name, inside a message's item (a Kernel file, an
/// OpenAI tool call's function, ...), was dropped without a loss; it is reported, by its path.
#[test]
fn an_unknown_property_inside_an_item_is_a_loss() {
    let file = o(vec![("data", st("AQID")), ("zz", Value::Num(1.0))]);
    let input = o(vec![
        ("id", st("k")),
        ("timestamp", Value::Num(1.0)),
        ("type", st("input")),
        ("files", Value::Arr(vec![file])),
    ]);
    let call = o(vec![
        ("id", st("c")),
        ("type", st("function")),
        (
            "function",
            o(vec![
                ("name", st("f")),
                ("arguments", st("{}")),
                ("zz", Value::Num(1.0)),
            ]),
        ),
    ]);
    let assistant = o(vec![
        ("role", st("assistant")),
        ("content", Value::Null),
        ("tool_calls", Value::Arr(vec![call])),
    ]);
    for (from, m, path) in [
        (Kernel, input, "files.0.zz"),
        (OpenAI, assistant, "tool_calls.0.function.zz"),
    ] {
        assert!(valid(from, &m), "{from}");
        for &to in CONVERTIBLE.iter().filter(|&&to| to != from) {
            let (_, losses) = convert(from, to, std::slice::from_ref(&m), &mut Counter(0));
            let paths: Vec<String> = losses
                .iter()
                .map(|l| {
                    l.path
                        .iter()
                        .map(|s| match s {
                            agent_messages::validate::PathSeg::Key(k) => k.to_string(),
                            agent_messages::validate::PathSeg::Index(n) => n.to_string(),
                        })
                        .collect::<Vec<_>>()
                        .join(".")
                })
                .collect();
            assert!(paths.iter().any(|p| p == path), "{from} → {to}: {paths:?}");
        }
    }
}
