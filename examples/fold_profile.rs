// Where a stream fold spends its time, natively: every recorded Anthropic stream folded from its raw
// bytes, 200 passes, with and without finish (the messages checked and written). Run under a
// profiler: `cargo build --release --example fold_profile && perf record -g target/release/examples/fold_profile`.
use agent_messages::formats::Format;
use agent_messages::stream::Accumulator;
use agent_messages::validate::Options;
use std::time::Instant;
fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/fixtures/streams/anthropic");
    let mut bodies = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_file()
            && !p.to_string_lossy().contains("duplicate")
            && !p.to_string_lossy().contains("spliced")
        {
            bodies.push(std::fs::read(p).unwrap());
        }
    }
    let run = |finish: bool| {
        let t = Instant::now();
        for _ in 0..200 {
            for b in &bodies {
                let mut acc = Accumulator::new(Format::Anthropic, Options::default()).unwrap();
                acc.push_bytes(b);
                acc.end_bytes();
                if finish {
                    std::hint::black_box(acc.finish());
                } else {
                    std::hint::black_box(acc.count());
                }
            }
        }
        t.elapsed().as_secs_f64() * 1e3 / 200.0
    };
    run(true);
    println!(
        "fold only: {:.3} ms/pass, with finish: {:.3} ms/pass",
        run(false),
        run(true)
    );
}
