//! The format rules of [`Rule`]: checks that are not about a value's kind but about what a
//! string says or how an array's items agree. (Part of the walk: it reports through the same
//! [`Walk`].)

use super::engine::{check, Mode};
use super::issue::{IssueCode, PathSeg};
use super::shape::{Rule, Shape};
use super::walk::{shape_name, Seg, Walk, AI_SDK, ANTHROPIC};
use crate::json_text::quoted;
use crate::keys::{self, Key, PARTS, ROLE};
use crate::tape::json;
use crate::tape::*;

/// The `type` of an Anthropic tool result block.
const TOOL_RESULT: &str = "tool_result";

impl Walk<'_, '_> {
    pub(super) fn rule(&mut self, at: usize, inner: &Shape, rule: Rule) {
        let tape = self.tape;
        let w = tape.word(at);
        if rule == Rule::NotJsonText && w == STR {
            return self.report(
                IssueCode::ArgumentsJsonString,
                "expected the arguments as an object, received a string; OpenAI Chat sends arguments as JSON text: convert such messages with the OpenAI converter instead of copying the field".into(),
                Some("object".into()),
                Some("string".into()),
            );
        }
        if ANTHROPIC && rule == Rule::MediaType {
            return self.media_type(at, inner);
        }
        if AI_SDK && rule == Rule::JsonValue {
            // Checked first, so that validation and the codec report the same code.
            if self.json_value(at) {
                self.value(at, inner);
            }
            return;
        }
        let issues_before = self.issues.len();
        self.value(at, inner);
        // Rules about the items of a list of blocks or messages: what each item is was judged
        // by the walk; where they stand is said even when some item had other issues.
        if ANTHROPIC
            && matches!(
                rule,
                Rule::ToolResultsFirst | Rule::NoToolResult | Rule::ToolResultPairs
            )
            && w == ARR
            && !self.stopped
        {
            return match rule {
                Rule::ToolResultPairs => self.tool_result_pairs(at),
                _ => self.tool_result_places(at, rule == Rule::NoToolResult),
            };
        }
        if self.issues.len() != issues_before || self.stopped {
            return;
        }
        match rule {
            Rule::NotJsonText => {}
            Rule::NonEmpty if w == STR && tape.str_at(at).len == 0 => {
                self.report(
                    IssueCode::TooSmall,
                    "expected a non-empty string, received \"\"".into(),
                    Some("non-empty string".into()),
                    Some("\"\"".into()),
                );
            }
            Rule::NonEmpty if w == ARR && tape.items(at).next().is_none() => {
                self.report(
                    IssueCode::TooSmall,
                    "expected at least one item, received an empty array".into(),
                    Some("non-empty array".into()),
                    Some("[]".into()),
                );
            }
            Rule::SameKind => self.same_kind(at),
            Rule::ToolUseId if ANTHROPIC && w == STR => self.tool_use_id(at),
            Rule::JsonValue => {}
            Rule::ProviderKind if AI_SDK && w == STR => self.provider_kind(at),
            Rule::ToolPartType if AI_SDK && w == STR => self.tool_part_type(at),
            Rule::PartsUnlessAssistant if AI_SDK && w == OBJ => {
                self.non_empty_unless(at, PARTS, ROLE, "assistant")
            }
            Rule::JsonText if w == STR => self.json_text(at),
            Rule::Pid | Rule::IsoDateTime | Rule::ImageUrl if w == STR => self.format(at, rule),
            _ => {}
        }
    }

    /// A string of a format: a pid, an ISO 8601 date-time, an image URL.
    fn format(&mut self, at: usize, rule: Rule) {
        let tape = self.tape;
        let s = tape.str_at(at);
        let head = tape.str_lossy(s);
        // A head is enough for a URL's scheme; a pid or a time must be read whole.
        let problem = match rule {
            Rule::Pid => (!(s.complete() && is_pid(&head))).then(String::new),
            Rule::IsoDateTime if !s.complete() => Some(String::new()),
            Rule::IsoDateTime => iso_date_time_problem(&head),
            _ => (!is_image_url(&head)).then(String::new),
        };
        let Some(why) = problem else {
            return;
        };
        let (expected, what) = match rule {
            Rule::Pid => ("#PID<a.b.c>", "a pid written #PID<a.b.c>"),
            Rule::IsoDateTime => (
                "ISO 8601 date-time",
                "an ISO 8601 date-time such as 2025-02-21T15:52:52.123456 or 2025-02-21T15:52:52Z",
            ),
            _ => ("http(s) or data: URL", "an http(s) or data: URL"),
        };
        let found = tape.str_display(s);
        let why = if why.is_empty() {
            why
        } else {
            format!(": {why}")
        };
        self.report(
            IssueCode::InvalidFormat,
            format!("expected {what}, received {found}{why}"),
            Some(expected.into()),
            Some(found),
        );
    }

    /// JSON text inside a string must parse.
    fn json_text(&mut self, at: usize) {
        let tape = self.tape;
        let s = tape.str_at(at);
        if !s.complete() {
            return;
        }
        let text = tape.str_lossy(s);
        let parsed = match json::parse(&text, self.opts.max_depth) {
            Ok(parsed) => parsed,
            Err(e) => {
                return self.report(
                    IssueCode::InvalidJsonString,
                    format!("the string is not valid JSON: {}", e.message),
                    Some("JSON text of an object".into()),
                    Some("string".into()),
                )
            }
        };
        let inner = parsed.view(&text);
        // Tool-call arguments are an object of named arguments.
        if inner.word(0) != OBJ {
            return self.report(
                IssueCode::InvalidJsonString,
                format!(
                    "the JSON text holds {}, not an object of named arguments",
                    inner.kind_name(0)
                ),
                Some("JSON text of an object".into()),
                Some(format!("JSON text of {}", inner.kind_name(0))),
            );
        }
        // What the text holds is JSON-form data like any other: a repeated key (which
        // JSON.parse would silently resolve) or an escaped lone surrogate is an issue too.
        let nested = check(&inner, 0, &Shape::Json, Mode::Json, self.opts);
        if let Some(first) = nested.issues.first() {
            let within: Vec<String> = first
                .path
                .iter()
                .map(|p| match p {
                    PathSeg::Key(k) => quoted(k),
                    PathSeg::Index(i) => i.to_string(),
                })
                .collect();
            self.report(
                IssueCode::InvalidJsonString,
                format!(
                    "inside the JSON text at [{}]: {}",
                    within.join(", "),
                    first.message
                ),
                Some("JSON text of an object".into()),
                Some("string".into()),
            );
        }
    }

    /// A string among the inner shape's literals (a media type the API takes).
    fn media_type(&mut self, at: usize, inner: &Shape) {
        let tape = self.tape;
        let names: &[&str] = match inner {
            Shape::Literal(l) => std::slice::from_ref(l),
            Shape::Enum(names) => names,
            _ => &[],
        };
        if tape.word(at) != STR || names.iter().any(|n| tape.str_eq(tape.str_at(at), n)) {
            return self.value(at, inner);
        }
        let found = tape.str_display(tape.str_at(at));
        let expected = shape_name(inner);
        self.report(
            IssueCode::UnsupportedMediaType,
            format!("the API does not take media type {found} here; it takes {expected}"),
            Some(expected),
            Some(found),
        );
    }

    /// An Anthropic tool-use id: `^[a-zA-Z0-9_-]+$`, at most 64 characters.
    fn tool_use_id(&mut self, at: usize) {
        let tape = self.tape;
        let s = tape.str_at(at);
        let head = tape.str_lossy(s);
        let fits = s.complete()
            && (1..=64).contains(&s.len)
            && head
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        if fits {
            return;
        }
        let found = tape.str_display(s);
        let why = if s.len == 0 {
            "it is empty".to_string()
        } else if s.len > 64 {
            format!("it has {} characters", s.len)
        } else {
            "it has other characters than letters, digits, _ and -".to_string()
        };
        self.report(
            IssueCode::InvalidFormat,
            format!("expected a tool-use id matching ^[a-zA-Z0-9_-]+$ of at most 64 characters, received {found}: {why}"),
            Some("^[a-zA-Z0-9_-]{1,64}$".into()),
            Some(found),
        );
    }

    /// A value JSON carries unchanged (`Rule::JsonValue`); false once one that is not was
    /// reported (the first, at its path).
    fn json_value(&mut self, at: usize) -> bool {
        let tape = self.tape;
        match tape.word(at) {
            NULL | TRUE | FALSE | STR => true,
            NUM if tape.num(at).is_finite() => true,
            ARR => tape
                .items(at)
                .enumerate()
                .all(|(n, v)| self.at_seg(Seg::Index(n as u32), Self::json_value, v)),
            // JSON drops a property whose value is undefined: nothing is changed.
            OBJ => tape.entries(at).all(|(k, v)| {
                tape.word(v) == UNDEF || self.at_seg(Seg::KeyAt(k), Self::json_value, v)
            }),
            THREW => {
                self.threw(at);
                false
            }
            CYCLE | DEEP => {
                self.expected(at, "JSON value");
                false
            }
            _ => {
                let received = tape.kind_name(at);
                self.report(
                    IssueCode::NotJson,
                    format!("expected a JSON value (the provider is sent JSON, and JSON.stringify would drop or change this), received {received}"),
                    Some("JSON value".into()),
                    Some(received),
                );
                false
            }
        }
    }

    /// `{provider}.{type}`: a string with a dot (the AI SDK's `CustomPart.kind`).
    fn provider_kind(&mut self, at: usize) {
        let tape = self.tape;
        let s = tape.str_at(at);
        // (A byte search: `str::contains` brings core's substring searcher, 1.5 KB of code, into
        // the wasm; the web build had it for this and four more searches of one character.)
        if !s.complete() || tape.str_lossy(s).as_bytes().contains(&b'.') {
            return;
        }
        let found = tape.str_display(s);
        self.report(
            IssueCode::InvalidFormat,
            format!("expected a kind written {{provider}}.{{type}}, such as \"openai.compaction\", received {found}"),
            Some("`${string}.${string}`".into()),
            Some(found),
        );
    }

    /// Is the value at `at` an object whose `key` is the string `lit`?
    fn tagged_as(&self, at: usize, key: keys::Key, lit: &str) -> bool {
        let tape = self.tape;
        tape.word(at) == OBJ
            && tape
                .find(at, key)
                .is_some_and(|v| tape.word(v) == STR && tape.str_eq(tape.str_at(v), lit))
    }

    /// `tool_result` blocks of a message's content: first in a user message, nowhere in an
    /// assistant's.
    fn tool_result_places(&mut self, at: usize, assistant: bool) {
        let tape = self.tape;
        let mut others = false;
        for (n, block) in tape.items(at).enumerate() {
            let is_result = self.tagged_as(block, keys::TYPE, TOOL_RESULT);
            if is_result && (assistant || others) {
                let message = if assistant {
                    "a tool_result block belongs in the user message after the assistant's tool_use, not in an assistant message"
                } else {
                    "tool_result blocks must come before any other block of their user message"
                };
                self.with(Seg::Index(n as u32), |s| {
                    s.report(IssueCode::MisplacedToolResult, message.into(), None, None)
                });
            }
            others |= !is_result;
        }
    }

    /// In a list of messages, each `tool_result` names a `tool_use` of the assistant message
    /// just before its user message.
    fn tool_result_pairs(&mut self, at: usize) {
        let tape = self.tape;
        let content_of = |m: usize| {
            tape.find(m, keys::CONTENT)
                .filter(|&c| tape.word(m) == OBJ && tape.word(c) == ARR)
        };
        let id_of = |block: usize, key: keys::Key| {
            tape.find(block, key)
                .filter(|&v| tape.word(v) == STR && tape.str_at(v).complete())
                .map(|v| tape.str_units(tape.str_at(v)))
        };
        let mut before: Option<usize> = None;
        for (i, message) in tape.items(at).enumerate() {
            let previous = before.replace(message);
            let Some(content) = content_of(message) else {
                continue;
            };
            // The ids of the tool_use blocks of the message before, if it is the assistant's.
            let uses: Vec<Vec<u16>> = previous
                .filter(|&p| self.tagged_as(p, keys::ROLE, "assistant"))
                .and_then(content_of)
                .map(|c| {
                    tape.items(c)
                        .filter(|&b| self.tagged_as(b, keys::TYPE, "tool_use"))
                        .filter_map(|b| id_of(b, keys::ID))
                        .collect()
                })
                .unwrap_or_default();
            for (j, block) in tape.items(content).enumerate() {
                if !self.tagged_as(block, keys::TYPE, TOOL_RESULT) {
                    continue;
                }
                let Some(v) = tape.find(block, keys::TOOL_USE_ID) else {
                    continue;
                };
                if tape.word(v) != STR
                    || id_of(block, keys::TOOL_USE_ID).is_some_and(|id| uses.contains(&id))
                {
                    continue;
                }
                let found = tape.str_display(tape.str_at(v));
                let message = if uses.is_empty() {
                    format!("tool_use_id {found} answers no tool_use: the message before is not an assistant message with tool_use blocks")
                } else {
                    format!("tool_use_id {found} names no tool_use of the assistant message before")
                };
                let segs = [
                    Seg::Index(i as u32),
                    Seg::Name(keys::CONTENT),
                    Seg::Index(j as u32),
                    Seg::Name(keys::TOOL_USE_ID),
                ];
                self.with_all(&segs, |s| {
                    s.report(
                        IssueCode::UnmatchedToolResult,
                        message,
                        Some("the id of a tool_use in the assistant message before".into()),
                        Some(found),
                    )
                });
            }
        }
    }

    /// `tool-` and a tool name that is not empty.
    #[inline(never)]
    fn tool_part_type(&mut self, at: usize) {
        let tape = self.tape;
        let s = tape.str_at(at);
        if tape.str_eq(s, "tool-") {
            self.report(
                IssueCode::EmptyToolName,
                "a tool part's type is \"tool-\" and the tool's name, which is empty here".into(),
                Some("tool-${string} (a non-empty name)".into()),
                Some("\"tool-\"".into()),
            );
        }
    }

    /// The array at `list` is not empty unless `key` is `value`.
    #[inline(never)]
    fn non_empty_unless(&mut self, at: usize, list: Key, key: Key, value: &str) {
        let tape = self.tape;
        let (Some(items), Some(k)) = (tape.find(at, list), tape.find(at, key)) else {
            return;
        };
        if tape.word(items) != ARR
            || tape.items(items).next().is_some()
            || tape.word(k) == STR && tape.str_eq(tape.str_at(k), value)
        {
            return;
        }
        self.with(Seg::Name(list), |s| {
            s.report(
                IssueCode::EmptyContent,
                format!(
                    "{} must not be empty unless {} is {}",
                    quoted(list.name()),
                    quoted(key.name()),
                    quoted(value)
                ),
                Some("non-empty array".into()),
                Some("[]".into()),
            )
        });
    }

    /// Every item of the array is of the first item's kind.
    fn same_kind(&mut self, at: usize) {
        let tape = self.tape;
        if tape.word(at) != ARR {
            return;
        }
        let Some(first) = tape.items(at).next() else {
            return;
        };
        for (n, v) in tape.items(at).enumerate() {
            if tape.word(v) != tape.word(first) {
                let (a, b) = (tape.kind_name(first), tape.kind_name(v));
                self.with(Seg::Index(n as u32), |s| {
                    s.report(
                        IssueCode::MixedItems,
                        format!("all items must be of one kind: the first is {a}, this one is {b}"),
                        Some(a.clone()),
                        Some(b.clone()),
                    )
                });
                return;
            }
        }
    }
}

fn is_pid(s: &str) -> bool {
    let Some(inner) = s.strip_prefix("#PID<").and_then(|r| r.strip_suffix('>')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

/// `YYYY-MM-DDTHH:MM:SS`, optional fraction, optional `Z` or `±HH:MM` (Python's isoformat
/// writes no zone for naive times), naming a real day and time.
#[cfg(test)]
fn is_iso_date_time(s: &str) -> bool {
    iso_date_time_problem(s).is_none()
}

/// Why `s` is not an ISO 8601 date-time where the form is right and the day or time is not a
/// real one (`2024-02-30`); `Some("")` for the wrong form; `None` when it is one.
fn iso_date_time_problem(s: &str) -> Option<String> {
    if !iso_form(s) {
        return Some(String::new());
    }
    let num = |r: std::ops::Range<usize>| s[r].parse::<u32>().unwrap_or(99);
    let (year, month, day) = (num(0..4), num(5..7), num(8..10));
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    if !(1..=12).contains(&month) {
        return Some(format!("there is no month {month}"));
    }
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0);
    let days = match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days).contains(&day) {
        return Some(format!(
            "{} is no calendar day ({} {year} has {days} days)",
            &s[..10],
            MONTHS[month as usize - 1]
        ));
    }
    if num(11..13) > 23 || num(14..16) > 59 || num(17..19) > 60 {
        return Some(format!("{} is no time of day", &s[11..19]));
    }
    None
}

/// The form of an ISO 8601 date-time, digits in their places and a valid zone.
fn iso_form(s: &str) -> bool {
    let b = s.as_bytes();
    let digits = |r: std::ops::Range<usize>| {
        b.get(r.clone())
            .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
    };
    if b.len() < 19
        || !(digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10))
        || !(b[10] == b'T' || b[10] == b't')
        || !(digits(11..13) && b[13] == b':' && digits(14..16) && b[16] == b':' && digits(17..19))
    {
        return false;
    }
    let mut rest = &s[19..];
    if let Some(frac) = rest.strip_prefix('.') {
        let n = frac.bytes().take_while(u8::is_ascii_digit).count();
        if n == 0 {
            return false;
        }
        rest = &frac[n..];
    }
    match rest.as_bytes() {
        [] | [b'Z' | b'z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|d| d.is_ascii_digit())
                && (*h1 - b'0') * 10 + (*h2 - b'0') <= 23
                && (*m1 - b'0') * 10 + (*m2 - b'0') <= 59
        }
        _ => false,
    }
}

/// What OpenAI takes as an image URL: http(s) or `data:` (the rule `ImageUrl`; the OpenAI
/// mapping asks the same before it writes a URL).
pub fn is_image_url(head: &str) -> bool {
    let lower = head.get(..8).unwrap_or(head).to_ascii_lowercase();
    lower.starts_with("https://") || lower.starts_with("http://") || lower.starts_with("data:")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pids() {
        assert!(is_pid("#PID<0.123.0>"));
        for bad in [
            "#PID<0.123>",
            "PID<0.1.2>",
            "#PID<a.1.2>",
            "#PID<0..2>",
            "#PID<0.1.2",
        ] {
            assert!(!is_pid(bad), "{bad}");
        }
    }

    #[test]
    fn iso_date_times_with_and_without_zones() {
        for good in [
            "2025-02-21T15:52:52.123456",
            "2024-02-21T14:30:00Z",
            "2024-02-21T14:30:00.5+01:00",
            "2024-02-21T14:30:00-05:30",
        ] {
            assert!(is_iso_date_time(good), "{good}");
        }
        assert!(is_iso_date_time("2024-02-29T00:00:00Z"));
        for bad in [
            "2025-02-29T00:00:00Z",
            "2023-02-29T12:00:00",
            "2025-04-31T00:00:00",
            "2025-01-01T00:00:00+24:00",
            "2025-01-01T00:00:00+99:99",
        ] {
            assert!(!is_iso_date_time(bad), "{bad}");
        }
        for bad in [
            "2024-02-21",
            "2024-13-21T14:30:00Z",
            "2024-02-21 14:30:00",
            "2024-02-21T14:30:00.Z",
            "2024-02-21T14:30:00+0100",
            "x",
        ] {
            assert!(!is_iso_date_time(bad), "{bad}");
        }
    }

    #[test]
    fn image_urls() {
        assert!(is_image_url("https://example.com/a.png"));
        assert!(is_image_url("data:image/png;base64,AAAA"));
        assert!(is_image_url("HTTP://X"));
        assert!(!is_image_url("ftp://x"));
        assert!(!is_image_url("/relative.png"));
    }
}

#[cfg(test)]
mod day_tests {
    #[test]
    fn a_date_time_of_the_right_form_says_which_part_is_no_real_one() {
        use super::iso_date_time_problem as p;
        assert_eq!(p("2024-02-29T00:00:00Z"), None);
        assert_eq!(
            p("2024-02-30T00:00:00Z").as_deref(),
            Some("2024-02-30 is no calendar day (February 2024 has 29 days)")
        );
        assert_eq!(
            p("2023-02-29T00:00:00").as_deref(),
            Some("2023-02-29 is no calendar day (February 2023 has 28 days)")
        );
        assert_eq!(
            p("2024-13-01T00:00:00Z").as_deref(),
            Some("there is no month 13")
        );
        assert_eq!(
            p("2024-01-01T24:00:00Z").as_deref(),
            Some("24:00:00 is no time of day")
        );
        assert_eq!(p("2024-01-01 00:00:00").as_deref(), Some(""));
    }
}
