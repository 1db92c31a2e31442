//! What the facade learns once, at start-up (`describe()`): every fact the JavaScript side
//! shares with the core, as JSON text. The facade copies none of these by hand.

use super::{content_keys, schemas, Format, Lists};
use crate::json_text::{write_str as s, write_strs as strings};
use serde::Serialize;
use tsify::Tsify;

/// The shape of `describe()`'s answer (tsify emits it as the facade's `Describe` type).
#[derive(Serialize, Tsify)]
#[serde(rename_all = "camelCase")]
pub struct Describe {
    /// Known property names, numbered by position.
    pub keys: Vec<&'static str>,
    /// `[format, type name]` of every schema, numbered by position.
    pub schemas: Vec<(&'static str, &'static str)>,
    /// By format, the keys whose string values its rules read, with how much (a
    /// [`crate::boundary::content`] level): the walker copies only those strings.
    #[tsify(type = "Record<string, [string, number][]>")]
    pub content_keys: Vec<(Format, Vec<(&'static str, u8)>)>,
    /// Every table of [`crate::boundary`]: `{ table: { NAME: number } }`.
    #[tsify(type = "Record<string, Record<string, number>>")]
    pub numbers: &'static [(&'static str, &'static [(&'static str, u64)])],
    /// Every format in [`Format::ALL`]'s order: its name, title, shortcut words, namespace, whether it
    /// converts yet, the type its streams fold into (`null`: not streamed), and its named lists.
    #[tsify(
        type = "{ name: string; title: string; word: string; short: string; namespace: string; convertible: boolean; stream: string | null; lists: Record<string, string[]> }[]"
    )]
    pub formats: Vec<(Format, Lists)>,
    pub version: &'static str,
}

impl Describe {
    pub fn new() -> Describe {
        Describe {
            keys: crate::keys::KEYS.to_vec(),
            schemas: schemas()
                .iter()
                .map(|s| (s.format.name(), s.name))
                .collect(),
            content_keys: Format::ALL
                .iter()
                .filter(|f| f.built())
                .map(|&f| (f, content_keys(f)))
                .collect(),
            numbers: crate::boundary::TABLES,
            formats: Format::ALL
                .iter()
                .filter(|f| f.built())
                .map(|&f| (f, f.lists()))
                .collect(),
            version: env!("CARGO_PKG_VERSION"),
        }
    }

    /// The JSON text, written by hand: a serializer would add kilobytes to the wasm for this
    /// one start-up call.
    pub fn to_json(&self) -> String {
        let mut out = String::from("{\"keys\":");
        strings(&mut out, &self.keys);
        out.push_str(",\"schemas\":[");
        for (n, (format, name)) in self.schemas.iter().enumerate() {
            out.push_str(if n > 0 { ",[" } else { "[" });
            s(&mut out, format);
            out.push(',');
            s(&mut out, name);
            out.push(']');
        }
        out.push_str("],\"contentKeys\":{");
        for (n, (format, keys)) in self.content_keys.iter().enumerate() {
            if n > 0 {
                out.push(',');
            }
            s(&mut out, format.name());
            out.push_str(":[");
            for (k, (key, level)) in keys.iter().enumerate() {
                out.push_str(if k > 0 { ",[" } else { "[" });
                s(&mut out, key);
                out.push_str(&format!(",{level}]"));
            }
            out.push(']');
        }
        out.push_str("},\"numbers\":");
        crate::boundary::tables_json(self.numbers, &mut out);
        out.push_str(",\"formats\":[");
        for (n, (format, lists)) in self.formats.iter().enumerate() {
            out.push_str(if n > 0 { ",{\"name\":" } else { "{\"name\":" });
            s(&mut out, format.name());
            out.push_str(",\"title\":");
            s(&mut out, format.title());
            out.push_str(",\"word\":");
            s(&mut out, format.word());
            out.push_str(",\"short\":");
            s(&mut out, format.short());
            out.push_str(",\"namespace\":");
            s(&mut out, format.namespace());
            out.push_str(if format.convertible() {
                ",\"convertible\":true"
            } else {
                ",\"convertible\":false"
            });
            out.push_str(",\"stream\":");
            match format.streamed_type() {
                Some(name) => s(&mut out, name),
                None => out.push_str("null"),
            }
            out.push_str(",\"lists\":{");
            for (k, (list, words)) in lists.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                s(&mut out, list);
                out.push(':');
                strings(&mut out, words);
            }
            out.push_str("}}");
        }
        out.push_str("],\"version\":");
        s(&mut out, self.version);
        out.push('}');
        out
    }
}

impl Default for Describe {
    fn default() -> Self {
        Self::new()
    }
}

/// `describe()`'s answer as JSON text.
pub fn describe_json() -> String {
    Describe::new().to_json()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_is_described_with_its_lists() {
        let d = Describe::new();
        assert_eq!(d.formats.len(), Format::ALL.len());
        let names: Vec<_> = d.formats.iter().map(|f| f.0.name()).collect();
        assert_eq!(
            names,
            [
                "kernel",
                "swarm",
                "agens",
                "bedrock",
                "openai",
                "anthropic",
                "ai-sdk",
                "ai-sdk-ui"
            ]
        );
        let text = d.to_json();
        assert!(
            text.contains(r#""lists":{"TYPES":["input","reply","#),
            "{text}"
        );
        assert!(text.contains(r#""ROLE_TYPES":["ChatCompletionDeveloperMessageParam","#));
        assert!(
            text.contains(r#""name":"ai-sdk-ui","title":"AI SDK UI","word":"AiSdkUI","short":"UI","namespace":"aiSdk","#),
            "{text}"
        );
    }

    #[test]
    fn bedrock_stores_types_it_validates() {
        let lists = Format::Bedrock.lists();
        let stored = &lists.iter().find(|(n, _)| *n == "STORED").unwrap().1;
        for t in stored {
            assert!(
                schemas()
                    .iter()
                    .any(|s| s.format == Format::Bedrock && s.name == *t),
                "{t} is not a Bedrock schema"
            );
        }
    }
}
