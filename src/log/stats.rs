//! What a log holds, counted: units, messages, conversations, sizes, the kinds of messages
//! (in no format's words: the canonical model's), tool calls and results, and the formats.
//! Each stage counts its part; the command line adds the parts up ([`Stats::write_json`]'s
//! names are the summary's).

use crate::convert::canonical::{Body, Message};
use crate::convert::conversation::{Step, StepBody};
use crate::formats::Format;

/// The kinds of canonical messages, as the summary names them.
pub const KINDS: [&str; 8] = [
    "user",
    "system",
    "assistant",
    "tool-calls",
    "tool-results",
    "reasoning",
    "log",
    "other",
];

fn kind(body: &Body) -> usize {
    match body {
        Body::UserInput { .. } => 0,
        Body::Instructions { .. } => 1,
        Body::Reply { .. } => 2,
        Body::ToolCalls { .. } => 3,
        Body::ToolOutputs { .. } => 4,
        Body::Reasoning { .. } | Body::RedactedReasoning { .. } => 5,
        Body::Log { .. } => 6,
        Body::Other { .. } => 7,
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stats {
    /// JSONL lines, or items of a JSON array file.
    pub units: u64,
    pub blank: u64,
    /// Units that are not JSON.
    pub unreadable: u64,
    pub messages: u64,
    /// Messages valid in no format (or not in the one given).
    pub invalid: u64,
    /// Conversations given whole (a JSON array on one line); those of single messages are
    /// counted by the second stage.
    pub conversations: u64,
    /// Bytes of the units read.
    pub bytes: u64,
    /// The largest message, in bytes.
    pub max_bytes: u64,
    pub calls: u64,
    pub results: u64,
    /// Canonical messages of each of [`KINDS`].
    pub kinds: [u64; KINDS.len()],
    /// Messages written by a conversion.
    pub converted: u64,
    /// Messages by the format of their conversation.
    pub formats: [u64; Format::ALL.len()],
}

impl Stats {
    pub fn add_kinds(&mut self, msgs: &[Message]) {
        for m in msgs {
            self.kinds[kind(&m.body)] += 1;
            match &m.body {
                Body::ToolCalls { calls } => self.calls += calls.len() as u64,
                Body::ToolOutputs { outputs } => self.results += outputs.len() as u64,
                _ => {}
            }
        }
    }

    /// The kinds of a message read as steps ([`super::steps`]), and its calls and results.
    pub fn add_steps(&mut self, kinds: &[u32; KINDS.len()], steps: &[Step]) {
        for (n, k) in kinds.iter().enumerate() {
            self.kinds[n] += u64::from(*k);
        }
        for s in steps {
            match &s.body {
                StepBody::Calls(calls) => self.calls += calls.len() as u64,
                StepBody::Outputs(outputs) => self.results += outputs.len() as u64,
                _ => {}
            }
        }
    }

    pub fn add_format(&mut self, format: Format, messages: u64) {
        self.formats[format as usize] += messages;
    }

    /// `{"units":..,"kinds":{"user":..},"formats":{"openai":..}}` (formats and kinds with no
    /// message left out).
    pub fn write_json(&self, out: &mut String) {
        let numbers = [
            ("units", self.units),
            ("blank", self.blank),
            ("unreadable", self.unreadable),
            ("messages", self.messages),
            ("invalid", self.invalid),
            ("conversations", self.conversations),
            ("bytes", self.bytes),
            ("maxBytes", self.max_bytes),
            ("toolCalls", self.calls),
            ("toolResults", self.results),
            ("converted", self.converted),
        ];
        out.push('{');
        for (name, n) in numbers {
            out.push_str(&format!("\"{name}\":{n},"));
        }
        let named = |out: &mut String, names: &mut dyn Iterator<Item = (&str, u64)>| {
            out.push('{');
            let mut first = true;
            for (name, n) in names.filter(|(_, n)| *n > 0) {
                if !first {
                    out.push(',');
                }
                first = false;
                out.push_str(&format!("\"{name}\":{n}"));
            }
            out.push('}');
        };
        out.push_str("\"kinds\":");
        named(
            out,
            &mut KINDS.iter().copied().zip(self.kinds.iter().copied()),
        );
        out.push_str(",\"formats\":");
        named(
            out,
            &mut Format::ALL
                .iter()
                .map(|f| f.name())
                .zip(self.formats.iter().copied()),
        );
        out.push('}');
    }
}
