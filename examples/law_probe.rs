//! One conversion and its way back, printed: FROM → TO → FROM of the JSON list in FILE (or on
//! stdin), each side checked against its format's message type (and, for Anthropic, the list
//! against the `Prompt`'s rule that pairs tool results with their calls).
//!
//!   cargo run --example law_probe -- ai-sdk bedrock case.json
use agent_messages::convert::{convert, Fill, Loss};
use agent_messages::formats::{anthropic, Format};
use agent_messages::tape::json;
use agent_messages::tape::value::Value;
use agent_messages::validate::{check, Mode, Options, Shape};
use std::io::Read;

struct Counter(u32);
impl Fill for Counter {
    fn id_and_time(&mut self) -> (String, f64) {
        self.0 += 1;
        (
            format!("01JD7Z8Q00000000000000{:04}", self.0),
            1_732_233_600_000.0 + f64::from(self.0),
        )
    }
}

fn issues(shape: &Shape, text: &str) -> Vec<String> {
    let opts = Options::default();
    let tape = json::parse(text, 128).expect("JSON text");
    check(&tape.view(text), 0, shape, Mode::Json, &opts)
        .issues
        .iter()
        .map(|i| format!("{} at {:?}: {}", i.code.as_str(), i.path, i.message))
        .collect()
}

fn show(format: Format, what: &str, values: &[Value]) {
    println!("{what} ({format}):");
    for (n, v) in values.iter().enumerate() {
        let text = v.to_json();
        println!("  {n}: {text}");
        for i in issues(format.message_schema().shape, &text) {
            println!("     INVALID {i}");
        }
    }
    if format == Format::Anthropic {
        let prompt = format!("{{\"messages\":{}}}", Value::Arr(values.to_vec()).to_json());
        for i in issues(&anthropic::PROMPT, &prompt) {
            println!("  INVALID PROMPT {i}");
        }
    }
}

fn show_losses(losses: &[Loss]) {
    for l in losses {
        let mut s = String::new();
        l.write_json(&mut s);
        println!("  loss {s}");
    }
}

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let format = |name: &str| Format::parse(name).unwrap_or_else(|| panic!("no format {name}"));
    let (from, to) = (format(&a[1]), format(&a[2]));
    let text = match a.get(3) {
        Some(path) => std::fs::read_to_string(path).expect("the file"),
        None => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).expect("stdin");
            s
        }
    };
    let source = match Value::parse(&text).expect("JSON") {
        Value::Arr(items) => items,
        one => vec![one],
    };
    show(from, "source", &source);
    if std::env::var_os("CANONICAL").is_some() {
        let mut ignored = Vec::new();
        for m in agent_messages::convert::to_canonical(from, &source, &mut ignored) {
            println!(
                "  canonical {} {:?} {:?} {:?} marks {:?}",
                m.source,
                m.at,
                m.items,
                m.body,
                m.marks
                    .iter()
                    .map(|t| (t.name.to_string(), t.value.to_json()))
                    .collect::<Vec<_>>()
            );
        }
    }
    let (mid, losses) = convert(from, to, &source, &mut Counter(0));
    show(to, "target", &mid);
    show_losses(&losses);
    let (back, again) = convert(to, from, &mid, &mut Counter(100));
    show(from, "back", &back);
    println!("losses of the way back:");
    show_losses(&again);
}
