//! Kernel ⇄ canonical.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{text, Fill};
use serde_json::{json, Map, Value};

/// Keys each Kernel type documents; the rest of a message is carried (custom properties).
fn documented(ty: &str) -> &'static [&'static str] {
    match ty {
        "input" => &["id", "timestamp", "type", "text", "files"],
        "reply" | "system" | "log" => &["id", "timestamp", "type", "text"],
        "reasoning" => &["id", "timestamp", "type", "title", "summary"],
        "tool-calls" => &["id", "timestamp", "type", "calls"],
        "tool-results" => &["id", "timestamp", "type", "results"],
        _ => &["id", "timestamp", "type"],
    }
}

/// The custom property that says a system message was a developer message elsewhere.
const DEVELOPER: &str = "developer";

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let ty = text(v, "type").unwrap_or_default();
        let mut carried: Map<String, Value> = v
            .as_object()
            .map(|o| {
                o.iter()
                    .filter(|(k, _)| !documented(&ty).contains(&k.as_str()))
                    .map(|(k, v)| (k.clone(), v.clone()))
                    .collect()
            })
            .unwrap_or_default();
        let body = match ty.as_str() {
            "input" => {
                let mut parts = Vec::new();
                if let Some(t) = text(v, "text") {
                    parts.push(Part::Text(t));
                }
                for f in v
                    .get("files")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    parts.push(Part::File {
                        source: ImageSource::Base64(text(f, "data").unwrap_or_default()),
                        media_type: text(f, "mimeType"),
                        filename: text(f, "filename"),
                    });
                }
                Body::UserInput { parts }
            }
            "reply" => Body::Reply {
                text: text(v, "text").unwrap_or_default(),
            },
            "system" => Body::Instructions {
                text: text(v, "text").unwrap_or_default(),
                developer: carried.remove(DEVELOPER) == Some(Value::Bool(true)),
            },
            "log" => Body::Log {
                text: text(v, "text").unwrap_or_default(),
            },
            "reasoning" => Body::Reasoning {
                title: text(v, "title").unwrap_or_default(),
                summary: text(v, "summary").unwrap_or_default(),
            },
            "tool-calls" => Body::ToolCalls {
                calls: v
                    .get("calls")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|c| Call {
                        id: text(c, "id").unwrap_or_default(),
                        name: text(c, "name").unwrap_or_default(),
                        args: c.get("args").cloned(),
                    })
                    .collect(),
            },
            "tool-results" => Body::ToolOutputs {
                outputs: v
                    .get("results")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|r| Output {
                        call_id: text(r, "callId"),
                        name: text(r, "name"),
                        output: r.get("output").cloned().unwrap_or(Value::Null),
                        error: r.get("error").cloned(),
                    })
                    .collect(),
            },
            "tool-call" => {
                losses.push(Loss::new(
                    i,
                    &["type"],
                    loss::DROPPED_FIELD,
                    "a single tool-call message is carried as a tool-calls message",
                ));
                Body::ToolCalls {
                    calls: vec![Call {
                        id: text(v, "id").unwrap_or_default(),
                        name: text(v, "name").unwrap_or_default(),
                        args: v.get("args").cloned(),
                    }],
                }
            }
            "tool-result" => {
                losses.push(Loss::new(
                    i,
                    &["type"],
                    loss::DROPPED_FIELD,
                    "a single tool-result message is carried as a tool-results message",
                ));
                Body::ToolOutputs {
                    outputs: vec![Output {
                        call_id: text(v, "callId"),
                        name: None,
                        output: v.get("result").cloned().unwrap_or(Value::Null),
                        error: text(v, "error").map(|m| json!({ "name": "Error", "message": m })),
                    }],
                }
            }
            _ => Body::Other {
                format: "kernel",
                value: v.clone(),
            },
        };
        if matches!(body, Body::Other { .. }) {
            carried.clear();
        }
        out.push(Message {
            source: i,
            body,
            id: text(v, "id"),
            timestamp: v.get("timestamp").and_then(Value::as_f64),
            carried,
        });
    }
    out
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let mut out: Vec<Value> = Vec::new();
    for (n, m) in msgs.iter().enumerate() {
        let (id, timestamp) = match (&m.id, m.timestamp) {
            (Some(id), Some(t)) => (id.clone(), t),
            (id, t) => {
                let (new_id, now) = fill.id_and_time();
                (id.clone().unwrap_or(new_id), t.unwrap_or(now))
            }
        };
        let mut o = Map::new();
        o.insert("id".into(), json!(id));
        // A whole number of ms is written as an integer, as it came.
        let t = if timestamp.fract() == 0.0 && timestamp.abs() < 9e15 {
            json!(timestamp as i64)
        } else {
            json!(timestamp)
        };
        o.insert("timestamp".into(), t);
        match &m.body {
            Body::UserInput { parts } => {
                o.insert("type".into(), json!("input"));
                let mut files = Vec::new();
                for part in parts {
                    match part {
                        Part::Text(t) if !o.contains_key("text") => {
                            o.insert("text".into(), json!(t));
                        }
                        Part::Text(_) => losses.push(Loss::new(
                            m.source,
                            &["content"],
                            loss::DROPPED_FIELD,
                            "a Kernel input holds one text; a further text part is not carried",
                        )),
                        Part::File {
                            source: ImageSource::Base64(data),
                            media_type,
                            filename,
                        } => {
                            let mut f = Map::new();
                            f.insert("data".into(), json!(data));
                            if let Some(name) = filename {
                                f.insert("filename".into(), json!(name));
                            }
                            if let Some(mt) = media_type {
                                f.insert("mimeType".into(), json!(mt));
                            }
                            files.push(Value::Object(f));
                        }
                        Part::File {
                            source: ImageSource::Url(url),
                            ..
                        } => losses.push(Loss::new(
                            m.source,
                            &["content"],
                            loss::DROPPED_FIELD,
                            format!("a Kernel file holds bytes, not a URL ({url})"),
                        )),
                    }
                }
                if !files.is_empty() {
                    o.insert("files".into(), Value::Array(files));
                }
            }
            Body::Instructions { text, developer } => {
                o.insert("type".into(), json!("system"));
                o.insert("text".into(), json!(text));
                if *developer {
                    // Kernel has no developer role: carried as a custom property, read back by
                    // to_canonical, so that converting back restores it.
                    o.insert(DEVELOPER.into(), json!(true));
                }
            }
            Body::Reply { text } => {
                o.insert("type".into(), json!("reply"));
                o.insert("text".into(), json!(text));
            }
            Body::Log { text } => {
                o.insert("type".into(), json!("log"));
                o.insert("text".into(), json!(text));
            }
            Body::Reasoning { title, summary } => {
                o.insert("type".into(), json!("reasoning"));
                o.insert("title".into(), json!(title));
                o.insert("summary".into(), json!(summary));
            }
            Body::ToolCalls { calls } => {
                o.insert("type".into(), json!("tool-calls"));
                let calls: Vec<Value> = calls
                    .iter()
                    .map(|c| {
                        let mut call = Map::new();
                        call.insert("id".into(), json!(c.id));
                        call.insert("name".into(), json!(c.name));
                        if let Some(args) = &c.args {
                            call.insert("args".into(), args.clone());
                        }
                        Value::Object(call)
                    })
                    .collect();
                o.insert("calls".into(), Value::Array(calls));
            }
            Body::ToolOutputs { outputs } => {
                // Consecutive outputs (one OpenAI tool message each) answer one call group:
                // they join the tool-results message just written.
                let results: Vec<Value> = outputs.iter().map(result).collect();
                let joins = n > 0
                    && matches!(msgs[n - 1].body, Body::ToolOutputs { .. })
                    && m.id.is_none()
                    && msgs[n - 1].id.is_none();
                if joins {
                    if let Some(prev) = out
                        .last_mut()
                        .and_then(|p| p.get_mut("results"))
                        .and_then(Value::as_array_mut)
                    {
                        prev.extend(results);
                        continue;
                    }
                }
                o.insert("type".into(), json!("tool-results"));
                o.insert("results".into(), Value::Array(results));
            }
            Body::Other { value, .. } => {
                out.push(value.clone());
                continue;
            }
        }
        for (k, v) in &m.carried {
            o.entry(k.clone()).or_insert_with(|| v.clone());
        }
        out.push(Value::Object(o));
    }
    out
}

fn result(r: &Output) -> Value {
    let mut o = Map::new();
    if let Some(id) = &r.call_id {
        o.insert("callId".into(), json!(id));
    }
    if let Some(name) = &r.name {
        o.insert("name".into(), json!(name));
    }
    o.insert("output".into(), r.output.clone());
    if let Some(e) = &r.error {
        o.insert("error".into(), e.clone());
    }
    Value::Object(o)
}
