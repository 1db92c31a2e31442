//! Kernel ⇄ canonical.

use super::canonical::*;
use super::loss::{self, Loss};
use super::{report_unknown, text, Fill};
use crate::tape::value::{obj, Name, Value};

/// Keys each Kernel type documents; the rest of a message is carried (custom properties).
fn documented(ty: &str) -> &'static [&'static str] {
    match ty {
        "input" => &["id", "timestamp", "type", "text", "files"],
        "reply" | "system" | "log" => &["id", "timestamp", "type", "text"],
        "reasoning" => &["id", "timestamp", "type", "title", "summary"],
        "tool-calls" => &["id", "timestamp", "type", "calls"],
        "tool-results" => &["id", "timestamp", "type", "results"],
        "tool-call" => &["id", "timestamp", "type", "name", "args"],
        "tool-result" => &["id", "timestamp", "type", "callId", "result", "error"],
        _ => &["id", "timestamp", "type"],
    }
}

/// The custom property that says a system message was a developer message elsewhere.
const DEVELOPER: &str = "developer";

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let mut out = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let ty = text(v, "type").unwrap_or_default();
        let mut carried: Vec<(Name, Value)> = v
            .as_object()
            .map(|o| {
                o.iter()
                    // (An empty `files` list is carried: no part says it was there.)
                    .filter(|(k, v)| {
                        !documented(&ty).contains(&k.as_ref())
                            || (k == "files" && *v == Value::Arr(Vec::new()))
                    })
                    .cloned()
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
                    report_unknown(
                        f,
                        &["data", "filename", "mimeType"],
                        i,
                        &["files"],
                        "a Kernel file",
                        losses,
                    );
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
                developer: {
                    let at = carried
                        .iter()
                        .position(|(k, v)| k == DEVELOPER && *v == Value::Bool(true));
                    at.map(|i| carried.remove(i)).is_some()
                },
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
                    .map(|c| {
                        report_unknown(
                            c,
                            &["id", "name", "args"],
                            i,
                            &["calls"],
                            "a Kernel tool call",
                            losses,
                        );
                        Call {
                            id: text(c, "id").unwrap_or_default(),
                            name: text(c, "name").unwrap_or_default(),
                            args: c.get("args").cloned(),
                        }
                    })
                    .collect(),
            },
            "tool-results" => Body::ToolOutputs {
                outputs: v
                    .get("results")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|r| {
                        report_unknown(
                            r,
                            &["callId", "name", "output", "error"],
                            i,
                            &["results"],
                            "a Kernel tool result",
                            losses,
                        );
                        Output {
                            call_id: text(r, "callId"),
                            name: text(r, "name"),
                            output: r.get("output").cloned().unwrap_or(Value::Null),
                            error: r.get("error").cloned(),
                        }
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
                        error: text(v, "error").map(|m| {
                            obj([("name", Value::from("Error")), ("message", Value::from(m))])
                        }),
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
        let mut o = obj([
            ("id", Value::from(id)),
            ("timestamp", Value::from(timestamp)),
        ]);
        match &m.body {
            Body::UserInput { parts } => {
                o.set("type", Value::from("input"));
                let mut files = Vec::new();
                for part in parts {
                    match part {
                        Part::Text(t) if !o.has("text") => o.set("text", Value::from(t)),
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
                            let mut f = obj([("data", Value::from(data))]);
                            if let Some(name) = filename {
                                f.set("filename", Value::from(name));
                            }
                            if let Some(mt) = media_type {
                                f.set("mimeType", Value::from(mt));
                            }
                            files.push(f);
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
                    o.set("files", Value::Arr(files));
                }
            }
            Body::Instructions { text, developer } => {
                o.set("type", Value::from("system"));
                o.set("text", Value::from(text));
                if *developer {
                    // Kernel has no developer role: carried as a custom property, read back by
                    // to_canonical, so that converting back restores it.
                    o.set(DEVELOPER, Value::Bool(true));
                }
            }
            Body::Reply { text } => {
                o.set("type", Value::from("reply"));
                o.set("text", Value::from(text));
            }
            Body::Log { text } => {
                o.set("type", Value::from("log"));
                o.set("text", Value::from(text));
            }
            Body::Reasoning { title, summary } => {
                o.set("type", Value::from("reasoning"));
                o.set("title", Value::from(title));
                o.set("summary", Value::from(summary));
            }
            Body::ToolCalls { calls } => {
                o.set("type", Value::from("tool-calls"));
                let calls: Vec<Value> = calls
                    .iter()
                    .map(|c| {
                        let mut call =
                            obj([("id", Value::from(&c.id)), ("name", Value::from(&c.name))]);
                        if let Some(args) = &c.args {
                            call.set("args", args.clone());
                        }
                        call
                    })
                    .collect();
                o.set("calls", Value::Arr(calls));
            }
            Body::ToolOutputs { outputs } => {
                // Consecutive outputs (one OpenAI tool message each) answer one call group:
                // they join the tool-results message just written.
                let results: Vec<Value> = outputs.iter().map(result).collect();
                // (Only when their carried fields agree: one message keeps one set of them.)
                let joins = n > 0
                    && matches!(msgs[n - 1].body, Body::ToolOutputs { .. })
                    && m.id.is_none()
                    && msgs[n - 1].id.is_none()
                    && msgs[n - 1].carried == m.carried
                    // (An Agens step boundary: the outputs are of two steps.)
                    && !m.carried.iter().any(|(k, _)| k == "agens_step");
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
                o.set("type", Value::from("tool-results"));
                o.set("results", Value::Arr(results));
            }
            Body::Other {
                format: "kernel",
                value,
            } => {
                out.push(value.clone());
                continue;
            }
            Body::Other { format, .. } => {
                losses.push(Loss::new(
                    m.source,
                    &[],
                    loss::UNSUPPORTED_MESSAGE,
                    format!("a {format} message Kernel has no type for"),
                ));
                continue;
            }
        }
        for (k, v) in &m.carried {
            if !o.has(k) {
                o.set(k, v.clone());
            }
        }
        out.push(o);
    }
    out
}

fn result(r: &Output) -> Value {
    let mut o = Value::Obj(Vec::new());
    if let Some(id) = &r.call_id {
        o.set("callId", Value::from(id));
    }
    if let Some(name) = &r.name {
        o.set("name", Value::from(name));
    }
    o.set("output", r.output.clone());
    if let Some(e) = &r.error {
        o.set("error", e.clone());
    }
    o
}
