//! Memory of the stream accumulators: what they hold stays linear in the folded message, not in
//! the number of chunks. A test binary of its own, because it counts every allocation of the
//! process (a global allocator that tracks the live and peak bytes). Native only: the wasm
//! build has its allocator (talc, in `src/wasm/mod.rs`).
#![cfg(not(target_arch = "wasm32"))]

use agent_messages::formats::Format;
use agent_messages::stream::Accumulator;
use agent_messages::validate::Options;
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        unsafe { System.dealloc(p, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

const START: &str = r#"{"type":"message_start","message":{"id":"m","type":"message","role":"assistant","model":"x","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":1,"output_tokens":1}}}"#;

/// The peak bytes held while folding a stream of `pings` pings and `deltas` one-byte text
/// deltas, given as raw server-sent events in pieces of 4 KiB.
fn peak(pings: usize, deltas: usize) -> (usize, usize) {
    let mut body = format!("event: message_start\ndata: {START}\n\n");
    body.push_str("data: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n");
    for _ in 0..pings {
        body.push_str("event: ping\ndata: {\"type\":\"ping\"}\n\n");
    }
    for _ in 0..deltas {
        body.push_str("data: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"x\"}}\n\n");
    }
    body.push_str("data: {\"type\":\"content_block_stop\",\"index\":0}\n\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":1}}\n\ndata: {\"type\":\"message_stop\"}\n\n");
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    let mut acc = Accumulator::new(Format::Anthropic, Options::default()).unwrap();
    for piece in body.as_bytes().chunks(4096) {
        assert!(acc.push_bytes(piece).is_empty());
    }
    assert!(acc.end_bytes().is_empty());
    let held = PEAK.load(Relaxed) - base;
    let done = acc.finish();
    assert!(done.ok, "{:?}", done.issues);
    let text = done.messages[0].get("content").unwrap().as_array().unwrap()[0]
        .get("text")
        .unwrap()
        .as_str()
        .unwrap()
        .len();
    assert_eq!(text, deltas);
    (held, text)
}

#[test]
fn memory_follows_the_message_not_the_chunk_count() {
    // A thousand pings or a million: the same memory (the chunks are not kept).
    let (few, _) = peak(1_000, 10);
    let (many, _) = peak(1_000_000, 10);
    assert!(
        many < few + 64 * 1024,
        "1e3 pings: {few} B, 1e6 pings: {many} B"
    );
    // A million one-byte deltas: the text (1 MB) and little more, not a copy per chunk.
    let (deltas, text) = peak(0, 1_000_000);
    assert!(
        deltas < 4 * text,
        "{text} B of text held {deltas} B at the peak"
    );
}
