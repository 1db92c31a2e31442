//! Memory and time linear in the input: a run whose allocations at their peak exceed a fixed
//! multiple of its input (plus a floor), or that takes 100 times the median time per byte, is
//! a finding (a panic, which libFuzzer keeps as a crash).
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Counts the bytes live and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = System.alloc(layout);
        if !p.is_null() {
            let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(live, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, layout: Layout) {
        System.dealloc(p, layout);
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, layout: Layout, size: usize) -> *mut u8 {
        let q = System.realloc(p, layout, size);
        if !q.is_null() {
            if size > layout.size() {
                let live = LIVE.fetch_add(size - layout.size(), Relaxed) + size - layout.size();
                PEAK.fetch_max(live, Relaxed);
            } else {
                LIVE.fetch_sub(layout.size() - size, Relaxed);
            }
        }
        q
    }
}

#[global_allocator]
static ALLOC: Counting = Counting;

/// Bytes a run may allocate at its peak beyond what was live before it: `MEMORY_PER_BYTE`
/// per byte of input, after a floor for fixed tables.
const MEMORY_PER_BYTE: usize = 512;
const MEMORY_FLOOR: usize = 4 << 20;

/// A run is slow only if it takes at least this long: below it, time is the machine's noise.
const SLOW_FLOOR: Duration = Duration::from_millis(25);
/// ... and this many times the median time per byte.
const SLOW_FACTOR: f64 = 100.0;
/// Runs of at least this many bytes give the median (shorter ones are mostly fixed cost).
const TIMED_FROM: usize = 64;
const WINDOW: usize = 1024;

/// The recent times per byte (nanoseconds), a ring.
static TIMES: Mutex<(Vec<f64>, usize)> = Mutex::new((Vec::new(), 0));

fn median() -> Option<f64> {
    let times = TIMES.lock().ok()?;
    if times.0.len() < 256 {
        return None;
    }
    let mut sorted = times.0.clone();
    sorted.sort_by(f64::total_cmp);
    Some(sorted[sorted.len() / 2])
}

fn record(per_byte: f64) {
    if let Ok(mut times) = TIMES.lock() {
        let (ring, next) = &mut *times;
        if ring.len() < WINDOW {
            ring.push(per_byte);
        } else {
            ring[*next] = per_byte;
            *next = (*next + 1) % WINDOW;
        }
    }
}

/// Run `check` over `data` (it says whether the input went past its first gate), held to memory and time linear in `data`'s length.
pub fn run(check: crate::targets::Target, data: &[u8]) {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    let start = Instant::now();
    let deep = check(data);
    let took = start.elapsed();
    let peak = PEAK.load(Relaxed).saturating_sub(before);
    let allowed = MEMORY_FLOOR + MEMORY_PER_BYTE * data.len();
    assert!(
        peak <= allowed,
        "memory: {peak} bytes at the peak for {} bytes of input (at most {allowed})",
        data.len()
    );
    // Only runs that went past the target's first gate are comparable: a syntax error on the
    // first byte costs nothing per byte.
    if data.len() < TIMED_FROM || !deep {
        return;
    }
    let per_byte = took.as_nanos() as f64 / data.len() as f64;
    if took >= SLOW_FLOOR {
        if let Some(median) = median() {
            if per_byte > SLOW_FACTOR * median {
                // The machine may have paused: the best of three more runs decides.
                let best = (0..3)
                    .map(|_| {
                        let start = Instant::now();
                        check(data);
                        start.elapsed()
                    })
                    .min()
                    .unwrap_or(took);
                let best_per_byte = best.as_nanos() as f64 / data.len() as f64;
                assert!(
                    best_per_byte <= SLOW_FACTOR * median,
                    "time: {best:?} for {} bytes, {best_per_byte:.0} ns a byte, over {SLOW_FACTOR}x the median {median:.1} ns",
                    data.len()
                );
            }
        }
    }
    record(per_byte);
}
