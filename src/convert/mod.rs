//! Conversions between formats through one canonical model (see `docs/CONVERSIONS.md`).
//!
//! Mappings work on the JSON form of messages (bytes as base64, errors as objects), so none of
//! them meets a JavaScript-only value; the caller validates the source first and the target
//! after. Every conversion returns the converted messages and the [`Loss`]es: what the target
//! cannot carry, reported instead of dropped. All five formats have mappings.

pub mod agens;
pub mod bedrock;
pub mod canonical;
pub mod check;
pub mod kernel;
pub mod loss;
pub mod openai;
pub mod swarm;

use crate::tape::value::Value;
use crate::validate::quoted;
pub use canonical::{Body, Call, ImageSource, Message, Output, Part};
pub use loss::Loss;

/// The formats that have mappings.
pub const FORMATS: &[&str] = &["kernel", "openai", "swarm", "bedrock", "agens"];

/// What a target needs and the source may lack (never a loss): a fresh `(id, timestamp)` for
/// Kernel, the `agentName` for swarm.
pub trait Fill {
    fn id_and_time(&mut self) -> (String, f64);
    /// The `agentName` of swarm messages whose source names no author.
    fn agent_name(&self) -> &str {
        swarm::DEFAULT_AGENT
    }
}

/// Convert JSON-form messages (already valid in `from`) into `to`.
pub fn convert(
    from: &str,
    to: &str,
    values: &[Value],
    fill: &mut dyn Fill,
) -> Result<(Vec<Value>, Vec<Loss>), String> {
    let mut losses = Vec::new();
    if !FORMATS.contains(&from) {
        return Err(format!(
            "no conversion from {} yet (built: {})",
            quoted(from),
            FORMATS.join(", ")
        ));
    }
    let canonical = to_canonical(from, values, &mut losses);
    let read = losses.len();
    let out = match to {
        "kernel" => kernel::from_canonical(&canonical, &mut losses, fill),
        "openai" => openai::from_canonical(&canonical, &mut losses),
        "swarm" => swarm::from_canonical(&canonical, &mut losses, fill.agent_name()),
        "agens" => agens::from_canonical(&canonical, &mut losses),
        "bedrock" => bedrock::from_canonical(&canonical, &mut losses),
        other => {
            return Err(format!(
                "no conversion to {} yet (built: {})",
                quoted(other),
                FORMATS.join(", ")
            ))
        }
    };
    // What the target could not carry, named in the source's words.
    let rows = loss::rows_for(from);
    for l in &mut losses[read..] {
        if let Some(path) = values
            .get(l.index)
            .and_then(|m| loss::in_source(&rows, from, m, &l.path))
        {
            l.path = path;
        }
    }
    by_index(&mut losses, |l| l.index);
    Ok((out, losses))
}

/// The canonical messages of JSON-form messages in `format` (none for an unknown format).
pub fn to_canonical(format: &str, values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    match format {
        "kernel" => kernel::to_canonical(values, losses),
        "openai" => openai::to_canonical(values, losses),
        "swarm" => swarm::to_canonical(values, losses),
        "agens" => agens::to_canonical(values, losses),
        "bedrock" => bedrock::to_canonical(values, losses),
        _ => Vec::new(),
    }
}

/// Stable sort of a short list by a source index. Written out because every `sort_by_key`
/// instantiation adds a few KiB of quicksort to the wasm, and these lists are short and
/// nearly sorted already.
pub fn by_index<T>(list: &mut [T], index: impl Fn(&T) -> usize) {
    for i in 1..list.len() {
        let mut j = i;
        while j > 0 && index(&list[j - 1]) > index(&list[j]) {
            list.swap(j - 1, j);
            j -= 1;
        }
    }
}

/// A tool call as swarm and Bedrock write it: `{ id, type: "function", function: { name,
/// arguments } }` with the arguments as an object (`target` names the format in losses).
pub(crate) fn object_call(c: &Call, i: usize, losses: &mut Vec<Loss>, target: &str) -> Value {
    use crate::tape::value::obj;
    let arguments = match &c.args {
        Some(a @ Value::Obj(_)) => a.clone(),
        Some(other) => {
            losses.push(Loss::new(
                i,
                &["calls", "args"],
                loss::DROPPED_FIELD,
                format!(
                    "{target} arguments are an object; {} is written as {{}}",
                    other.to_json()
                ),
            ));
            Value::Obj(Vec::new())
        }
        None => {
            losses.push(Loss::new(
                i,
                &["calls", "args"],
                loss::DROPPED_FIELD,
                "absent args are written as {}",
            ));
            Value::Obj(Vec::new())
        }
    };
    obj([
        ("id", Value::from(&c.id)),
        ("type", Value::from("function")),
        (
            "function",
            obj([("name", Value::from(&c.name)), ("arguments", arguments)]),
        ),
    ])
}

/// A tool message's content where it must be a string (OpenAI, swarm): the output as text, an
/// error flattened into it, each reported (`target` names the format in losses).
pub(crate) fn output_text(r: &Output, i: usize, losses: &mut Vec<Loss>, target: &str) -> String {
    let mut content = match &r.output {
        Value::Str(s) => s.clone(),
        // A failed call with no output: the error alone is the content.
        Value::Null if r.error.is_some() => String::new(),
        other => {
            losses.push(Loss::new(
                i,
                &["results", "output"],
                loss::STRINGIFIED_OUTPUT,
                format!("the output is written as JSON text ({target} tool content is a string)"),
            ));
            other.to_json()
        }
    };
    if let Some(e) = &r.error {
        losses.push(Loss::new(
            i,
            &["results", "error"],
            loss::ERROR_AS_TEXT,
            "the error is written as text into the content",
        ));
        let message = text(e, "message").unwrap_or_default();
        content = if content.is_empty() {
            format!("Error: {message}")
        } else {
            format!("{content}\nError: {message}")
        };
    }
    content
}

/// Reports every key of the item `v` (under `at` in message `index`) that `known` does not name:
/// the mapping reads only those, so the others would be dropped without a word.
pub(crate) fn report_unknown(
    v: &Value,
    known: &[&str],
    index: usize,
    at: &[&str],
    what: &str,
    losses: &mut Vec<Loss>,
) {
    for (key, _) in v.as_object().into_iter().flatten() {
        if !known.contains(&key.as_ref()) {
            let mut path = at.to_vec();
            path.push(key.as_ref());
            losses.push(Loss::new(
                index,
                &path,
                loss::DROPPED_FIELD,
                format!(
                    "{} is not a field of {what}; it has no place in the target",
                    quoted(key)
                ),
            ));
        }
    }
}

/// `data:<media type>;base64,<data>` → (media type, base64), for OpenAI and swarm. Data that is
/// not standard padded base64 is no bytes: such a URL is read as a URL, so that no target gets
/// invalid base64.
pub(crate) fn parse_data_url(url: &str) -> Option<(String, String)> {
    let rest = url.strip_prefix("data:")?;
    let (meta, data) = rest.split_once(',')?;
    let media = meta.strip_suffix(";base64")?;
    crate::validate::base64_check(data.as_bytes()).ok()?;
    Some((media.to_string(), data.to_string()))
}

/// A string field of a JSON object.
pub(crate) fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_string)
}
