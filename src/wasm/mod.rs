//! The only code that knows about JavaScript. Each file converts its inputs, calls the core and
//! converts the result; the crossing itself (tape buffers, results, errors) is in [`interop`].

pub mod agens;
#[cfg(feature = "anthropic")]
pub mod anthropic;
mod anthropic_opaque;
#[cfg(feature = "seed")]
pub mod bedrock;
#[cfg(feature = "convert")]
pub mod convert;
pub mod ids;
pub mod interop;
#[cfg(feature = "seed")]
pub mod kernel;
#[cfg(feature = "cli")]
pub mod log;
#[cfg(feature = "seed")]
pub mod openai;
#[cfg(feature = "stream")]
pub mod stream;
pub mod swarm;
pub mod validate;

/// The wasm's allocator: talc, smaller than the default (dlmalloc: the validation build 1.2 KB
/// gzip less, the whole 3 KB less); the conversions of `bench/run.mjs` 4-7% faster, the log
/// check as fast.
#[cfg(not(feature = "convert"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// With conversions, talc behind a bump arena that a conversion allocates in
/// ([`in_arena`]).
#[cfg(feature = "convert")]
#[global_allocator]
static ARENA: OneThread = OneThread(crate::arena::Arena::new(
    talc::wasm::new_wasm_dynamic_allocator(),
));

/// The arena as the global allocator, which must be `Sync`: the wasm has one thread.
#[cfg(feature = "convert")]
struct OneThread(crate::arena::Arena<talc::wasm::WasmDynamicTalc>);

#[cfg(feature = "convert")]
unsafe impl Sync for OneThread {}

#[cfg(feature = "convert")]
unsafe impl core::alloc::GlobalAlloc for OneThread {
    unsafe fn alloc(&self, layout: core::alloc::Layout) -> *mut u8 {
        self.0.alloc(layout)
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: core::alloc::Layout) {
        self.0.dealloc(ptr, layout)
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: core::alloc::Layout, size: usize) -> *mut u8 {
        self.0.realloc(ptr, layout, size)
    }
}

/// `f` with its allocations in the arena (see [`crate::arena`]): what it drops costs nothing,
/// what it keeps holds its chunk until dropped.
#[cfg(feature = "convert")]
pub(crate) fn in_arena<T>(f: impl FnOnce() -> T) -> T {
    ARENA.0.enter();
    let out = f();
    ARENA.0.exit();
    out
}
