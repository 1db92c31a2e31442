//! Wide generators (issue 9): messages drawn from each format's *shape*, the one declaration the
//! validators use, not from what the mappings were written for. Every documented field of every
//! documented type, present or absent; documented fields in any order; open objects with extra
//! properties named from a pool that holds every key any shape or mapping uses (the mappings'
//! marks and the reserved `agentMessages` among them); any JSON value where the type says `any`
//! or a JSON value. A message is kept when our own `validate` accepts it, so the generators
//! need no knowledge of the format's rules beyond the shape.
//!
//! Each message is generated alone, with no knowledge of the others: conversations are lists of
//! independent messages, and call ids come from a small pool so that calls and results pair,
//! split, group and go unanswered by chance. `threaded` adds conversations where every call is
//! answered, its results split over messages in every way.
use crate::gen::{o, shape};
use agent_messages::convert::canonical::RESERVED;
use agent_messages::keys::KEYS;
use agent_messages::tape::json;
use agent_messages::tape::value::{Name, Value};
use agent_messages::validate::{check, Mode, ObjectShape, Options, Rule, Shape, TaggedShape};
use proptest::prelude::*;
use proptest::sample::select;

type S<T> = BoxedStrategy<T>;

/// How deep free-form values nest.
const JSON_DEPTH: u32 = 3;

/// Names no shape declares that the mappings use (marks, their holder) or that users write.
const MORE_KEYS: &[&str] = &[
    RESERVED,
    "props",
    "author",
    "continues",
    "agens_step",
    "agens_id",
    "tool_call_servers",
    "no_content",
    "developer",
    "threadId",
    "trace",
    "ü",
    "",
    "__proto__",
];

/// Every name a key may take: all known keys, the mappings' names and a few of the user's.
fn key() -> S<String> {
    let known: Vec<&'static str> = KEYS.to_vec();
    prop_oneof![
        3 => select(known).prop_map(str::to_string),
        2 => select(MORE_KEYS.to_vec()).prop_map(str::to_string),
        1 => "[a-z]{1,3}",
    ]
    .boxed()
}

/// Strings that mean something to some mapping or rule, and strings that mean nothing.
fn string() -> S<String> {
    prop_oneof![
        4 => select(vec![
            "", "hi", "Héllo wörld", "👋 ok", "a\nb\t\"c\"", " ", "call_1", "call_2", "c3",
            "agent", "user", "tool", "assistant", "system", "developer", "function", "text",
            "(no input)", "{}", "{\"a\":1}", "null", "[]", "AQID", "image/png", "application/pdf",
            "https://example.com/a.png", "data:image/png;base64,iVBORw0KGgo=",
            "data:application/pdf;base64,AQID", "data:text/plain,hi", "#PID<0.1.2>",
            "data:;base64,AQID", "data:;base64,", "data:text/plain; charset=utf-8;base64,AQID",
            "data:image/png;base64,AQ", "text/plain; charset=utf-8", "a/b,c",
            "2024-01-02T03:04:05Z", "file-abc", "mcp", "tool_call", "mcp_tool_use", RESERVED,
        ]).prop_map(str::to_string),
        1 => "\\PC{0,8}",
    ]
    .boxed()
}

fn number() -> S<f64> {
    select(vec![
        0.0,
        1.0,
        -2.0,
        1.5,
        1e21,
        -1e-7,
        1_700_000_000_000.0,
        9_007_199_254_740_991.0,
    ])
    .boxed()
}

fn base64() -> S<String> {
    select(vec!["", "AQID", "iVBORw0KGgo=", "SGVsbG8=", "/9j/4A=="])
        .prop_map(str::to_string)
        .boxed()
}

/// An object with distinct keys from the pool, in the order drawn.
fn object_of(values: S<Value>, max: usize) -> S<Value> {
    crate::gen::object_with(key(), values, max)
}

/// Any JSON value.
fn json_value() -> S<Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Num),
        string().prop_map(Value::Str),
    ];
    leaf.prop_recursive(JSON_DEPTH, 12, 3, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..3).prop_map(Value::Arr),
            object_of(inner.boxed(), 3),
        ]
    })
    .boxed()
}

/// Anything the JSON form can hold: a JSON value, sometimes bytes or an error (its tags).
fn any_value() -> S<Value> {
    prop_oneof![
        8 => json_value(),
        1 => base64().prop_map(|b| o(vec![("$bytes", Value::from(b))])),
        1 => error().prop_map(|e| o(vec![("$error", e)])),
    ]
    .boxed()
}

/// The JSON form of an `Error`.
fn error() -> S<Value> {
    (
        select(vec!["Error", "TypeError", "RangeError", "MyError"]),
        string(),
        proptest::option::of(string()),
        proptest::option::weighted(0.2, json_value()),
    )
        .prop_map(|(name, message, stack, cause)| {
            let mut e = vec![
                ("name".into(), Value::from(name)),
                ("message".into(), Value::from(message)),
            ];
            if let Some(s) = stack {
                e.push(("stack".into(), Value::from(s)));
            }
            if let Some(c) = cause {
                e.push(("cause".into(), c));
            }
            Value::Obj(e)
        })
        .boxed()
}

/// JSON text of an object, as a model writes it (sometimes spaced).
fn json_text() -> S<Value> {
    (object_of(json_value(), 3), any::<bool>())
        .prop_map(|(v, spaced)| {
            let text = v.to_json();
            Value::from(if spaced {
                text.replace(':', ": ")
            } else {
                text
            })
        })
        .boxed()
}

fn rule(inner: &'static Shape, rule: Rule, depth: u32) -> S<Value> {
    match rule {
        Rule::NonEmpty => value(inner, depth)
            .prop_filter("not empty", |v| match v {
                Value::Str(s) => !s.is_empty(),
                Value::Arr(a) => !a.is_empty(),
                _ => true,
            })
            .boxed(),
        Rule::JsonText => json_text(),
        Rule::Pid => select(vec!["#PID<0.123.0>", "#PID<0.1.2>"])
            .prop_map(Value::from)
            .boxed(),
        Rule::IsoDateTime => select(vec![
            "2024-01-02T03:04:05Z",
            "2024-02-29T23:59:59.123+01:00",
        ])
        .prop_map(Value::from)
        .boxed(),
        Rule::ImageUrl => select(vec![
            "https://example.com/a.png",
            "http://x.test/cat",
            "data:image/png;base64,iVBORw0KGgo=",
            "data:image/jpeg;base64,/9j/4A==",
            "data:application/pdf;base64,AQID",
            "data:,hi",
        ])
        .prop_map(Value::from)
        .boxed(),
        // Items of one kind: one alternative for the whole array.
        Rule::SameKind => match inner {
            Shape::Array(Shape::OneOf(alternatives)) => {
                select((0..alternatives.len()).collect::<Vec<_>>())
                    .prop_flat_map(move |i| {
                        proptest::collection::vec(value(&alternatives[i], depth + 1), 0..3)
                            .prop_map(Value::Arr)
                    })
                    .boxed()
            }
            _ => value(inner, depth),
        },
        Rule::ToolUseId => select(vec!["toolu_01A", "call_1", "x-Y_9"])
            .prop_map(Value::from)
            .boxed(),
        // (Placement and pairing: the generated message is kept only when it validates.)
        Rule::NotJsonText
        | Rule::MediaType
        | Rule::ToolResultsFirst
        | Rule::NoToolResult
        | Rule::ToolResultPairs
        | Rule::PartsUnlessAssistant => value(inner, depth),
        Rule::JsonValue => json_value(),
        Rule::ProviderKind => select(vec!["openai.compaction", "anthropic.web"])
            .prop_map(Value::from)
            .boxed(),
        Rule::ToolPartType => Just(Value::from("tool-search")).boxed(),
    }
}

/// A value of `shape`, in the JSON form.
pub fn value(shape: &'static Shape, depth: u32) -> S<Value> {
    match shape {
        Shape::Any => any_value(),
        Shape::Json => json_value(),
        Shape::String => string().prop_map(Value::Str).boxed(),
        Shape::Number => number().prop_map(Value::Num).boxed(),
        Shape::Boolean => any::<bool>().prop_map(Value::Bool).boxed(),
        Shape::Bytes => base64().prop_map(Value::Str).boxed(),
        Shape::TaggedBytes => base64()
            .prop_map(|b| o(vec![("$bytes", Value::from(b))]))
            .boxed(),
        Shape::Error => error(),
        Shape::Url => Just(o(vec![("$url", Value::from("https://example.com/a.png"))])).boxed(),
        // Base64 text: one of the forms every media shape takes.
        Shape::Media(_) => base64().prop_map(Value::Str).boxed(),
        Shape::Literal(s) => Just(Value::from(*s)).boxed(),
        Shape::Enum(names) => select(names.to_vec()).prop_map(Value::from).boxed(),
        Shape::Integer { min } => select(vec![0, 1, 2, 7, 9_007_199_254_740_991i64])
            .prop_map(move |n| Value::Num((n + i64::from(*min)) as f64))
            .prop_filter(
                "safe",
                |v| matches!(v, Value::Num(n) if *n <= 9_007_199_254_740_991.0),
            )
            .boxed(),
        Shape::Nullable(inner) => {
            prop_oneof![1 => Just(Value::Null), 3 => value(inner, depth)].boxed()
        }
        Shape::OneOf(alternatives) => {
            let all: Vec<S<Value>> = alternatives.iter().map(|a| value(a, depth)).collect();
            proptest::strategy::Union::new(all).boxed()
        }
        Shape::Array(item) => proptest::collection::vec(value(item, depth + 1), 0..4)
            .prop_map(Value::Arr)
            .boxed(),
        Shape::Record(item) => object_of(value(item, depth + 1), 3),
        Shape::Object(object) => object_value(object, None, depth),
        Shape::Tagged(tagged) => tagged_value(tagged, depth),
        Shape::Union(u) => {
            let tag = u.tag.name();
            let all: Vec<S<Value>> = u
                .cases
                .iter()
                .map(|(name, case)| match case {
                    // The case's fields and the union's base, the tag as the case names it
                    // (a prefix case's `tool-${string}` is a tag it takes).
                    Shape::Object(os) => (
                        object_value(u.base, None, depth),
                        object_value(os, Some((tag, Value::from(*name))), depth),
                    )
                        .prop_map(|(base, own)| match (base, own) {
                            (Value::Obj(mut entries), Value::Obj(more)) => {
                                for (k, v) in more {
                                    entries.retain(|(seen, _)| *seen != k);
                                    entries.push((k, v));
                                }
                                Value::Obj(entries)
                            }
                            (_, own) => own,
                        })
                        .boxed(),
                    other => value(other, depth),
                })
                .collect();
            proptest::strategy::Union::new(all).boxed()
        }
        // (Only optional fields are `never`, and object_value leaves them out.)
        Shape::Never => Just(Value::Null).boxed(),
        Shape::Bool(b) => Just(Value::Bool(*b)).boxed(),
        Shape::Rule(inner, r) => rule(inner, *r, depth),
    }
}

/// An object of `shape`: each optional field present or not, extra properties sometimes (more
/// often at a message's top level, where they are the user's), in any order.
fn object_value(
    shape: &'static ObjectShape,
    tag: Option<(&'static str, Value)>,
    depth: u32,
) -> S<Value> {
    let mut fields: Vec<S<Option<(Name, Value)>>> = shape
        .fields
        .iter()
        .filter(|f| !matches!(f.shape, Shape::Never))
        .map(|f| {
            let name: &'static str = f.key.name();
            let v = value(&f.shape, depth + 1).prop_map(move |v| Some((Name::from(name), v)));
            if f.optional {
                prop_oneof![1 => Just(None), 2 => v].boxed()
            } else {
                v.boxed()
            }
        })
        .collect();
    // The tag, where the variant does not declare it as a field of its own.
    if let Some((name, v)) =
        tag.filter(|(name, _)| !shape.fields.iter().any(|f| f.key.name() == *name))
    {
        fields.push(Just(Some((Name::from(name), v))).boxed());
    }
    let extra_weight = if depth == 0 { 0.35 } else { 0.1 };
    let documented: Vec<&'static str> = shape.fields.iter().map(|f| f.key.name()).collect();
    let extras = proptest::option::weighted(extra_weight, object_of(any_value(), 2));
    (fields, extras)
        .prop_map(move |(fields, extras)| {
            let mut entries: Vec<(Name, Value)> = fields.into_iter().flatten().collect();
            if let Some(Value::Obj(more)) = extras {
                for (k, v) in more {
                    let taken = documented.contains(&k.as_ref())
                        || entries.iter().any(|(seen, _)| *seen == k);
                    if !taken {
                        entries.push((k, v));
                    }
                }
            }
            entries
        })
        .prop_shuffle()
        .prop_map(Value::Obj)
        .boxed()
}

/// One variant of a tagged union (or, where callers may register types, the registered type
/// `thought` over the base fields).
fn tagged_value(shape: &'static TaggedShape, depth: u32) -> S<Value> {
    let tag = shape.tag.name();
    let mut variants: Vec<S<Value>> = shape
        .variants
        .iter()
        .map(|(name, object)| object_value(object, Some((tag, Value::from(*name))), depth))
        .collect();
    if shape.extensible {
        variants.push(object_value(
            shape.base,
            Some((tag, Value::from("thought"))),
            depth,
        ));
    }
    proptest::strategy::Union::new(variants).boxed()
}

/// Valid in `format` (JSON mode; Kernel with the registered type `thought`).
pub fn is_valid(format: &str, v: &Value) -> bool {
    let opts = Options {
        custom_types: vec!["thought".into()],
        ..Options::default()
    };
    let text = v.to_json();
    let Ok(tape) = json::parse(&text, 128) else {
        return false;
    };
    check(&tape.view(&text), 0, shape(format), Mode::Json, &opts)
        .issues
        .is_empty()
}

/// One message of `format`, generated alone from its shape, kept when valid.
pub fn message(format: &'static str) -> S<Value> {
    value(shape(format), 0)
        .prop_filter("valid in its format", move |v| is_valid(format, v))
        .boxed()
}

/// A conversation of independently generated messages (for Anthropic, as a `Prompt` has
/// them: `gen::as_prompt`).
pub fn conversation(format: &'static str, max: usize) -> S<Vec<Value>> {
    let anthropic = format == "anthropic";
    proptest::collection::vec(message(format), 0..=max)
        .prop_map(move |list| {
            if anthropic {
                crate::gen::as_prompt(list)
            } else {
                list
            }
        })
        .boxed()
}

/// A conversation where every call is answered: after each message that calls tools, its
/// results, in a drawn order, split over messages at drawn points (Kernel `tool-results`
/// groups; OpenAI and swarm `tool` messages, one per result, in any order; an Agens step's
/// `tool_results`, in the step or in the next). Bedrock holds no results: its conversations
/// are the plain ones.
pub fn threaded(format: &'static str, max: usize) -> S<Vec<Value>> {
    (
        conversation(format, max),
        proptest::collection::vec(any::<u32>(), 64),
    )
        .prop_map(move |(messages, draws)| answer(format, messages, draws))
        .prop_map(move |list| match format {
            "anthropic" => crate::gen::as_prompt(list),
            _ => list,
        })
        .prop_filter("valid in its format", move |c| {
            c.iter().all(|v| is_valid(format, v))
        })
        .boxed()
}

/// The `(id, name)` of each call a message makes.
fn calls_of(format: &str, v: &Value) -> Vec<(String, String)> {
    if format == "anthropic" {
        // The assistant's tool_use blocks.
        let blocks = v.get("content").and_then(Value::as_array);
        return blocks
            .into_iter()
            .flatten()
            .filter(|b| b.get("type").and_then(Value::as_str) == Some("tool_use"))
            .filter_map(|b| {
                let id = b.get("id").and_then(Value::as_str)?.to_string();
                let name = b.get("name").and_then(Value::as_str).unwrap_or("");
                Some((id, name.to_string()))
            })
            .collect();
    }
    if format == "ai-sdk" {
        // Tool-call parts of an assistant message (a provider-executed one is answered by the
        // provider, in the same message).
        let parts = match v.get("role").and_then(Value::as_str) {
            Some("assistant") => v.get("content").and_then(Value::as_array),
            _ => None,
        };
        return parts
            .into_iter()
            .flatten()
            .filter(|p| {
                p.get("type").and_then(Value::as_str) == Some("tool-call")
                    && p.get("providerExecuted") != Some(&Value::Bool(true))
            })
            .filter_map(|p| {
                let id = p.get("toolCallId").and_then(Value::as_str)?.to_string();
                let name = p.get("toolName").and_then(Value::as_str)?.to_string();
                Some((id, name))
            })
            .collect();
    }
    if format == "ai-sdk-ui" {
        // Tool parts waiting for their output.
        let parts = v.get("parts").and_then(Value::as_array);
        return parts
            .into_iter()
            .flatten()
            .filter(|p| p.get("state").and_then(Value::as_str) == Some("input-available"))
            .filter_map(|p| {
                let ty = p.get("type").and_then(Value::as_str)?;
                let name = match ty.strip_prefix("tool-") {
                    Some(name) => name.to_string(),
                    None => p.get("toolName").and_then(Value::as_str)?.to_string(),
                };
                let id = p.get("toolCallId").and_then(Value::as_str)?;
                Some((id.to_string(), name))
            })
            .collect();
    }
    let list = match format {
        "kernel" => v.get("calls"),
        _ => v.get("tool_calls"),
    };
    let id_name = |c: &Value| {
        let id = c.get("id").and_then(Value::as_str)?.to_string();
        let name = match format {
            "kernel" | "agens" => c.get("name"),
            _ => c.get("function").and_then(|f| f.get("name")),
        };
        Some((id, name.and_then(Value::as_str).unwrap_or("").to_string()))
    };
    list.and_then(Value::as_array)
        .map(|l| l.iter().filter_map(id_name).collect())
        .unwrap_or_default()
}

fn answer(format: &str, messages: Vec<Value>, draws: Vec<u32>) -> Vec<Value> {
    let mut draw = draws.into_iter().cycle();
    let mut next = move || draw.next().unwrap_or(0);
    let mut out = Vec::new();
    for m in messages {
        let mut calls = calls_of(format, &m);
        // A drawn order (a few swaps).
        for k in (1..calls.len()).rev() {
            calls.swap(k, next() as usize % (k + 1));
        }
        match format {
            "kernel" if m.get("type").and_then(Value::as_str) == Some("tool-calls") => {
                out.push(m);
                let mut group = Vec::new();
                for (k, (id, name)) in calls.iter().enumerate() {
                    let mut r = vec![("callId".into(), Value::from(id.as_str()))];
                    if next() % 2 == 0 {
                        r.push(("name".into(), Value::from(name.as_str())));
                    }
                    r.push(("output".into(), Value::from(format!("out {k}"))));
                    group.push(Value::Obj(r));
                    // Split here, or not.
                    if next() % 2 == 0 || k + 1 == calls.len() {
                        out.push(o(vec![
                            ("id", Value::from(format!("r{}", out.len()))),
                            ("timestamp", Value::Num(1_700_000_000_000.0)),
                            ("type", Value::from("tool-results")),
                            ("results", Value::Arr(std::mem::take(&mut group))),
                        ]));
                    }
                }
            }
            "openai" | "swarm" if m.get("role").and_then(Value::as_str) == Some("assistant") => {
                out.push(m);
                for (k, (id, _)) in calls.iter().enumerate() {
                    let mut t = vec![("role", Value::from("tool"))];
                    if format == "swarm" {
                        t.push(("agentName", Value::from("agent")));
                        t.push(("content", Value::from(format!("out {k}"))));
                        t.push(("mode", Value::from("tool")));
                        t.push(("tool_call_id", Value::from(id.as_str())));
                    } else {
                        t.push(("tool_call_id", Value::from(id.as_str())));
                        t.push(("content", Value::from(format!("out {k}"))));
                    }
                    out.push(o(t));
                }
            }
            "agens" if !calls.is_empty() => {
                // The results in this step, or some of them in a step of their own after it.
                let split = next() as usize % (calls.len() + 1);
                let record = |part: &[(String, String)]| {
                    Value::Obj(
                        part.iter()
                            .enumerate()
                            .map(|(k, (id, _))| {
                                (id.clone().into(), Value::from(format!("out {k}")))
                            })
                            .collect(),
                    )
                };
                let mut m = m;
                if let Value::Obj(entries) = &mut m {
                    entries.retain(|(k, _)| k != "tool_results");
                    entries.push(("tool_results".into(), record(&calls[..split])));
                }
                out.push(m);
                if split < calls.len() {
                    out.push(o(vec![
                        ("input", Value::from("q")),
                        ("tool_results", record(&calls[split..])),
                    ]));
                }
            }
            // All results of a turn in the next user message, in a drawn order, sometimes
            // with a text after them, sometimes failed.
            "anthropic" if !calls.is_empty() => {
                out.push(m);
                let mut content: Vec<Value> = calls
                    .iter()
                    .enumerate()
                    .map(|(k, (id, _))| {
                        let mut r = vec![
                            ("type", Value::from("tool_result")),
                            ("tool_use_id", Value::from(id.as_str())),
                            ("content", Value::from(format!("out {k}"))),
                        ];
                        if next() % 4 == 0 {
                            r.push(("is_error", Value::Bool(true)));
                        }
                        o(r)
                    })
                    .collect();
                if next() % 2 == 0 {
                    content.push(o(vec![
                        ("type", Value::from("text")),
                        ("text", Value::from("and then?")),
                    ]));
                }
                out.push(o(vec![
                    ("role", Value::from("user")),
                    ("content", Value::Arr(content)),
                ]));
            }
            "ai-sdk" if !calls.is_empty() => {
                out.push(m);
                let mut group = Vec::new();
                for (k, (id, name)) in calls.iter().enumerate() {
                    group.push(o(vec![
                        ("type", Value::from("tool-result")),
                        ("toolCallId", Value::from(id.as_str())),
                        ("toolName", Value::from(name.as_str())),
                        (
                            "output",
                            o(vec![
                                ("type", Value::from("text")),
                                ("value", Value::from(format!("out {k}"))),
                            ]),
                        ),
                    ]));
                    // Split here, or not.
                    if next() % 2 == 0 || k + 1 == calls.len() {
                        out.push(o(vec![
                            ("role", Value::from("tool")),
                            ("content", Value::Arr(std::mem::take(&mut group))),
                        ]));
                    }
                }
            }
            // A UI tool part holds its output: a drawn part of those waiting gets one (or an
            // error), in its place.
            "ai-sdk-ui" if !calls.is_empty() => {
                let mut m = m;
                if let Some(parts) = m.get_mut("parts").and_then(Value::as_array_mut) {
                    for (k, p) in parts.iter_mut().enumerate() {
                        let waiting =
                            p.get("state").and_then(Value::as_str) == Some("input-available");
                        if !waiting || next() % 4 == 0 {
                            continue;
                        }
                        if next() % 3 == 0 {
                            p.set("state", Value::from("output-error"));
                            p.set("errorText", Value::from(format!("failed {k}")));
                        } else {
                            p.set("state", Value::from("output-available"));
                            p.set("output", Value::from(format!("out {k}")));
                        }
                    }
                }
                out.push(m);
            }
            _ => out.push(m),
        }
    }
    out
}
