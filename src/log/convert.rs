//! Converting a log (the command line's `convert`): a conversation given whole (a JSON array
//! on one line) is converted by the first stage, where it is read; single messages are read
//! by the first stage and converted by the second, conversation by conversation. Either way
//! the target is checked as the JSON text it is, and every loss is reported with the line of
//! the message it is about. Ids and timestamps the target needs are ULIDs of the run's clock
//! whose random part is drawn from the message's line: a run repeats exactly, on any number of
//! workers.

use super::locate::{locate, position};
use crate::convert::{convert, Fill, Loss};
use crate::fnv::fingerprint;
use crate::formats::Format;
use crate::json_text::write_str;
use crate::tape::json::JsonTape;
use crate::tape::value::Value;
use crate::validate::{run, write_path, Input, Issue, IssueCode, Mode, Options, Output, PathSeg};

/// What a conversion is asked, besides the formats.
#[derive(Clone, Debug)]
pub struct Target {
    pub to: Format,
    /// The run's clock (ms since the epoch), for generated ids and timestamps.
    pub now: f64,
    /// The swarm `agentName` where the source names no author (empty: the default).
    pub agent_name: String,
}

/// Ids and timestamps for one conversion, drawn from the run's clock and a seed (the byte
/// offset of the conversation's first message in its file: the same whatever the batches).
struct Deterministic<'a> {
    target: &'a Target,
    seed: u64,
    n: u64,
}

impl Fill for Deterministic<'_> {
    fn id_and_time(&mut self) -> (String, f64) {
        let mut seed = [0u8; 16];
        seed[..8].copy_from_slice(&self.seed.to_le_bytes());
        seed[8..].copy_from_slice(&self.n.to_le_bytes());
        let high = fingerprint(&seed) as u128;
        seed[0] ^= 0xff;
        let low = fingerprint(&seed) as u128;
        self.n += 1;
        let ms = self.target.now.max(0.0) as u64 & ((1 << 48) - 1);
        let random = ((high << 64) | low) & ((1u128 << 80) - 1);
        (ulid::Ulid::from_parts(ms, random).to_string(), ms as f64)
    }

    fn agent_name(&self) -> &str {
        if self.target.agent_name.is_empty() {
            crate::convert::swarm::DEFAULT_AGENT
        } else {
            &self.target.agent_name
        }
    }
}

/// A conversation converted: its messages (each as JSON text), and its losses.
pub struct Converted {
    pub messages: Vec<String>,
    pub losses: Vec<Loss>,
}

/// Convert `values` (valid in `from`, in their JSON form) into the target; `seed` seeds the
/// generated ids. `Err`: the converted messages are not valid in the target (a mapping bug,
/// reported as an issue, never written).
pub fn convert_values(
    from: Format,
    values: &[Value],
    target: &Target,
    seed: u64,
    opts: &Options,
) -> Result<Converted, Vec<Issue>> {
    let mut fill = Deterministic { target, seed, n: 0 };
    let (messages, losses) = convert(from, target.to, values, &mut fill);
    let shape = target.to.message_schema().shape;
    let mut texts = Vec::with_capacity(messages.len());
    let mut tape = JsonTape::default();
    for m in messages {
        let mut text = String::new();
        tape.words.clear();
        tape.nums.clear();
        m.write_with_tape(&mut text, &mut tape);
        let checked = run(
            &tape.view(&text),
            0,
            shape,
            Mode::Json,
            opts,
            Output::None,
            Input::One,
        );
        if !checked.issues.is_empty() {
            let mut issue = Issue::new(
                IssueCode::InvalidInput,
                Vec::new(),
                format!(
                    "internal: the {} message converted is not valid: {}",
                    target.to, checked.issues[0].message
                ),
            );
            issue.received = Some(text);
            return Err(vec![issue]);
        }
        texts.push(text);
    }
    Ok(Converted {
        messages: texts,
        losses,
    })
}

/// One loss as a JSON line: `{ line, column, index, path, code, detail }`, `index` the message's
/// in its conversation (`null` when the conversation is a log's single messages: the line
/// names it).
pub fn write_loss(out: &mut String, line: u64, column: u32, index: Option<usize>, l: &Loss) {
    out.push_str(&format!("{{\"line\":{line},\"column\":{column},\"index\":"));
    match index {
        Some(i) => out.push_str(&i.to_string()),
        None => out.push_str("null"),
    }
    out.push_str(",\"path\":");
    write_path(out, &l.path);
    out.push_str(",\"code\":");
    write_str(out, l.code.as_str());
    out.push_str(",\"detail\":");
    write_str(out, &l.detail.text());
    out.push_str("}\n");
}

/// The position of a loss in the text of a conversation line: `(line, column)` from the
/// line's own `line`.
pub fn loss_position(text: &[u8], line: u64, l: &Loss) -> (u64, u32) {
    let mut path = vec![PathSeg::Index(l.index as u32)];
    path.extend(l.path.iter().cloned());
    let (lines, column) = position(text, locate(text, &path));
    (line + lines, column)
}
