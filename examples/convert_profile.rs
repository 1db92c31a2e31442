//! Where one conversion's time goes in Rust, natively (for `perf record`): the bench's
//! 100-message conversation of FROM, as JSON, read into a JS-form tape, then the stages that
//! `convert::report` runs, each timed: validation building the source's values, the mapping, the
//! target's tape over its strings, the target's check.
//!
//!   node -e "import('./bench/fixtures-convert.mjs').then((F) => require('fs').writeFileSync(
//!     '/tmp/fx-openai.json', JSON.stringify(F.openaiConversation(1))))"
//!   cargo run --release --example convert_profile openai kernel [rounds] [/tmp/fx-openai.json]
//!
//! JSON stands in for the JS form, so a fixture with `Uint8Array`s or `Error`s (Kernel, swarm)
//! does not validate here; OpenAI, Bedrock and Agens do. Allocations go through the wasm's
//! bump arena (over the system allocator), as in the wasm.
use agent_messages::convert::{convert, Fill};
use agent_messages::formats::Format;
use agent_messages::tape::builder::{Js, Tape};
use agent_messages::tape::value::{Built, Value};
use agent_messages::validate::{read_values, run, Input, Mode, Options, Output};
use std::time::Instant;

struct F(u64);
impl Fill for F {
    fn id_and_time(&mut self) -> (String, f64) {
        self.0 += 1;
        (
            format!("01ARZ3NDEKTSV4RRFFQ69G5{:03}", self.0 % 1000),
            1.0e12,
        )
    }
}

/// The system allocator behind the wasm's bump arena, entered for each conversion as the wasm
/// enters it (src/wasm/mod.rs): allocations cost here what they cost there, not malloc's.
struct G(agent_messages::arena::Arena<std::alloc::System>);
// One thread: the example runs on main alone.
unsafe impl Sync for G {}
unsafe impl std::alloc::GlobalAlloc for G {
    unsafe fn alloc(&self, l: std::alloc::Layout) -> *mut u8 {
        self.0.alloc(l)
    }
    unsafe fn dealloc(&self, p: *mut u8, l: std::alloc::Layout) {
        self.0.dealloc(p, l)
    }
    unsafe fn realloc(&self, p: *mut u8, l: std::alloc::Layout, s: usize) -> *mut u8 {
        self.0.realloc(p, l, s)
    }
}
// (The wasm has the arena as its own allocator already.)
#[cfg_attr(not(target_arch = "wasm32"), global_allocator)]
static A: G = G(agent_messages::arena::Arena::new(std::alloc::System));

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (from, to) = (a[1].as_str(), a[2].as_str());
    let format = |name: &str| Format::parse(name).unwrap_or_else(|| panic!("no format {name}"));
    let n: usize = a.get(3).map_or(300, |s| s.parse().unwrap());
    let path = a.get(4).cloned().unwrap_or(format!("/tmp/fx-{from}.json"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let tape = Tape::from_js(&Js::from(&serde_json::from_str(&text).unwrap()), true);
    let (src, tgt) = (format(from).message_schema(), format(to).message_schema());
    let opts = Options::default();
    // A list checked, nothing built: it must hold no issue.
    let check = |view: &agent_messages::tape::TapeView, shape, mode| {
        let c = run(view, 0, shape, mode, &opts, Output::None, Input::List);
        assert!(c.issues.is_empty(), "{:?}", c.issues);
    };
    let mut t = [0f64; 8];
    for _ in 0..n {
        A.0.enter();
        // The check alone, as `validateMany` runs it: no values built.
        let s = Instant::now();
        check(&tape.view(), src.shape, Mode::Js);
        t[5] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        let c = read_values(&tape.view(), 0, src.shape, Mode::Js, &opts, Input::List);
        let Some(Value::Arr(values)) = c.value else {
            panic!("{:?}", c.issues)
        };
        t[0] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        let (msgs, losses) = convert(src.format, tgt.format, &values, &mut F(0));
        t[1] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        let mut built = Built::default();
        let msgs = Value::Arr(msgs);
        msgs.write_built(&mut built);
        built.finish();
        t[2] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        drop(msgs);
        t[7] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        check(&built.view(), tgt.shape, Mode::Json);
        t[3] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        let mut o = String::new();
        for l in &losses {
            l.write_json(&mut o);
        }
        t[4] += s.elapsed().as_secs_f64();
        let s = Instant::now();
        drop(values);
        t[6] += s.elapsed().as_secs_f64();
        A.0.exit();
    }
    let names = [
        "validate + source values",
        "mapping",
        "target tape (Built)",
        "target check",
        "losses as JSON (one each)",
        "  (the check alone)",
        "  (dropping the source's values)",
        "  (dropping the target's values)",
    ];
    for (k, v) in names.iter().zip(t) {
        println!("{k:32} {:8.1} us", v / n as f64 * 1e6);
    }
}
