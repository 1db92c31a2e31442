//! The log checks ([`crate::log`]) as two JavaScript classes, for the command line: a
//! [`LogUnits`] in each worker (the first stage), one [`LogConversations`] per file on the main
//! thread (the second). Every answer is text: a batch is its sections joined by `\0`.

use crate::formats::Format;
use crate::log::conversations::Conversations;
use crate::log::units::{Batch, Units};
use crate::log::Config;
use wasm_bindgen::prelude::*;

fn config(
    format: Option<String>,
    group_by: Option<String>,
    strict: bool,
    max_issues: u32,
    max_depth: u32,
    kernel_types: Vec<String>,
) -> Result<Config, JsError> {
    let format = match format {
        Some(name) => Some(
            Format::parse(&name)
                .filter(|f| f.convertible())
                .ok_or_else(|| JsError::new(&format!("no format named {name:?}")))?,
        ),
        None => None,
    };
    Ok(Config {
        format,
        group_by,
        strict,
        max_issues: max_issues.max(1) as usize,
        max_depth: (max_depth as usize).min(crate::validate::DEPTH_CEILING),
        kernel_types,
    })
}

/// A batch as text: lines, issues, digest, conversations and stats, joined by `\0`.
fn answer(b: Batch) -> String {
    let mut out = b.lines.to_string();
    for part in [&b.issues, &b.digest, &b.conversations] {
        out.push('\0');
        out.push_str(part);
    }
    out.push('\0');
    b.stats.write_json(&mut out);
    out
}

/// The first stage: units checked, reduced to issues and digests.
#[wasm_bindgen]
pub struct LogUnits {
    units: Units,
}

#[wasm_bindgen]
impl LogUnits {
    #[wasm_bindgen(constructor)]
    pub fn new(
        format: Option<String>,
        group_by: Option<String>,
        strict: bool,
        max_issues: u32,
        max_depth: u32,
        kernel_types: Vec<String>,
    ) -> Result<LogUnits, JsError> {
        let c = config(
            format,
            group_by,
            strict,
            max_issues,
            max_depth,
            kernel_types,
        )?;
        Ok(LogUnits {
            units: Units::new(c),
        })
    }

    /// JSONL text of whole lines.
    pub fn lines(&mut self, text: &[u8]) -> String {
        answer(self.units.check_lines(text))
    }

    /// Items of a JSON array file: per item its start, end, line and column.
    pub fn items(&mut self, text: &[u8], items: &[u32]) -> String {
        answer(self.units.check_items(text, items))
    }
}

/// The second stage, for one file: digests fed in order.
#[wasm_bindgen]
pub struct LogConversations {
    conversations: Conversations,
}

#[wasm_bindgen]
impl LogConversations {
    /// The same options as the first stage's (it reports the issues of messages valid in
    /// no format, against their conversation's format).
    #[wasm_bindgen(constructor)]
    pub fn new(
        format: Option<String>,
        group_by: Option<String>,
        strict: bool,
        max_issues: u32,
        max_depth: u32,
        kernel_types: Vec<String>,
    ) -> Result<LogConversations, JsError> {
        let c = config(
            format,
            group_by,
            strict,
            max_issues,
            max_depth,
            kernel_types,
        )?;
        Ok(LogConversations {
            conversations: Conversations::new(c),
        })
    }

    /// A batch's digest, its lines from `base`: the findings known now (JSON lines).
    pub fn feed(&mut self, digest: &str, base: f64) -> Result<String, JsError> {
        self.conversations
            .feed(digest, base as u64)
            .map_err(|e| JsError::new(&e))
    }

    /// The end of the file: the last findings, then `\0`, the conversations' records, `\0`,
    /// and the stats of this stage.
    pub fn finish(&mut self) -> String {
        let mut out = self.conversations.finish();
        out.push('\0');
        out.push_str(&std::mem::take(&mut self.conversations.records));
        out.push('\0');
        self.conversations.stats.write_json(&mut out);
        out
    }
}
