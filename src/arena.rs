//! A bump arena for the allocations of one call, in front of the wasm's allocator.
//!
//! A conversion builds and drops three generations of small values (the source's, the
//! canonical model's, the target's): thousands of allocations of a few bytes each, a fifth of
//! its time in the allocator. Inside a scope ([`Arena::enter`] .. [`Arena::exit`]) an
//! allocation is a pointer bumped through a chunk, a free is a count taken down; outside one,
//! every call goes to the allocator behind (`inner`).
//!
//! Nothing is ever reused while anything in it lives: each chunk counts the allocations it
//! holds, and a scope bumps through a chunk again only when its count is zero. A value that
//! outlives its scope (a result waiting to be taken, a cache filled on first use) keeps its
//! chunk to itself until it is dropped, however late; a free or a growth of it after the
//! scope is served as any other. On exit, the chunks nobody holds are given back to `inner`
//! but one (at most [`KEEP`] bytes), which the next scope starts in.
//!
//! A new chunk is [`FIRST`] bytes, or twice the one a scope filled before it, or the size of
//! the allocation that needs it.
//!
//! Single-threaded: an [`Arena`] is not `Sync`; the wasm, which has one thread, wraps it to be
//! its global allocator.

use core::alloc::{GlobalAlloc, Layout};
use core::cell::UnsafeCell;
use core::ptr::null_mut;

/// How many chunks an arena holds at once; past them, allocations go to `inner`.
pub const SLOTS: usize = 16;
/// The size of a scope's first new chunk; the next one it makes is twice the one it filled.
pub const FIRST: usize = 256 << 10;
/// The largest chunk kept for the next scope when nothing lives in it.
pub const KEEP: usize = 4 << 20;
/// The alignment of a chunk (and at least of every allocation bumped).
const CHUNK_ALIGN: usize = 16;

#[derive(Clone, Copy)]
struct Chunk {
    start: usize,
    /// 0: a free slot.
    end: usize,
    /// The allocations of this chunk not yet freed.
    live: usize,
}

impl Chunk {
    fn size(&self) -> usize {
        self.end - self.start
    }

    /// A chunk (not a free slot) that nothing lives in.
    fn free(&self) -> bool {
        self.end != 0 && self.live == 0
    }
}

const NONE: Chunk = Chunk {
    start: 0,
    end: 0,
    live: 0,
};

struct State {
    /// Inside a scope.
    active: bool,
    chunks: [Chunk; SLOTS],
    /// The chunk being bumped through (`SLOTS`: none).
    current: usize,
    /// Where the next allocation in `current` may start.
    next: usize,
    /// The start of the last allocation in `current`, which may grow in place.
    last: usize,
    /// The allocations of every chunk not yet freed: while none lives, a free needs no search
    /// (the one every call outside a conversion makes).
    live: usize,
}

/// A bump arena in front of `inner` (see the module's head).
pub struct Arena<A> {
    inner: A,
    state: UnsafeCell<State>,
}

impl<A: GlobalAlloc> Arena<A> {
    pub const fn new(inner: A) -> Self {
        Arena {
            inner,
            state: UnsafeCell::new(State {
                active: false,
                chunks: [NONE; SLOTS],
                current: SLOTS,
                next: 0,
                last: 0,
                live: 0,
            }),
        }
    }

    #[allow(clippy::mut_from_ref)]
    fn state(&self) -> &mut State {
        // One thread, and no method holds the state across a call that takes it again.
        unsafe { &mut *self.state.get() }
    }

    /// Start a scope: allocations bump through chunks until [`Arena::exit`]. A scope inside a
    /// scope is part of it.
    pub fn enter(&self) {
        let s = self.state();
        if s.active {
            return;
        }
        s.active = true;
        // Start in the largest chunk nothing lives in.
        s.current = Self::largest_free(s, usize::MAX);
        if s.current < SLOTS {
            s.next = s.chunks[s.current].start;
            s.last = usize::MAX;
        }
    }

    /// End the scope begun by [`Arena::enter`]: give back the chunks nothing lives in, but the
    /// largest one of at most [`KEEP`] bytes.
    pub fn exit(&self) {
        let s = self.state();
        s.active = false;
        s.current = SLOTS;
        let keep = Self::largest_free(s, KEEP);
        for n in 0..SLOTS {
            let c = s.chunks[n];
            if c.free() && n != keep {
                s.chunks[n] = NONE;
                let layout = Layout::from_size_align(c.size(), CHUNK_ALIGN);
                if let Ok(layout) = layout {
                    unsafe { self.inner.dealloc(c.start as *mut u8, layout) };
                }
            }
        }
    }

    /// The chunks of this arena: (bytes, live allocations), for tests and figures.
    pub fn chunks(&self) -> Vec<(usize, usize)> {
        let s = self.state();
        let used = s.chunks.iter().filter(|c| c.end != 0);
        used.map(|c| (c.size(), c.live)).collect()
    }

    /// How many allocations live in the chunks, all told.
    pub fn live(&self) -> usize {
        self.state().live
    }

    /// The slot of the largest chunk nothing lives in of at most `max` bytes (`SLOTS`: none).
    fn largest_free(s: &State, max: usize) -> usize {
        (0..SLOTS)
            .filter(|&n| s.chunks[n].free() && s.chunks[n].size() <= max)
            .max_by_key(|&n| s.chunks[n].size())
            .unwrap_or(SLOTS)
    }

    /// The slot of the chunk holding `p`: none while nothing lives in any (no search, the
    /// case of every free outside a conversion), most often the one being bumped through.
    #[inline]
    fn chunk_of(s: &State, p: usize) -> Option<usize> {
        if s.live == 0 {
            return None;
        }
        let holds = |c: &Chunk| c.start <= p && p < c.end;
        match s.chunks.get(s.current) {
            Some(c) if holds(c) => Some(s.current),
            _ => s.chunks.iter().position(holds),
        }
    }

    /// `layout` bumped through the current chunk, if it fits.
    fn bump(s: &mut State, layout: Layout) -> Option<usize> {
        let c = s.chunks.get_mut(s.current)?;
        let align = layout.align().max(1);
        let at = s.next.checked_add(align - 1)? & !(align - 1);
        let end = at.checked_add(layout.size())?;
        if end > c.end {
            return None;
        }
        c.live += 1;
        s.live += 1;
        s.next = end;
        s.last = at;
        Some(at)
    }

    /// Move to a chunk nothing lives in that holds `need` bytes, or make one; false when
    /// every slot is taken or `inner` has no memory.
    fn next_chunk(&self, s: &mut State, need: usize) -> bool {
        let filled = s.chunks.get(s.current).map_or(0, Chunk::size);
        for (n, c) in s.chunks.iter().enumerate() {
            if c.free() && n != s.current && c.size() >= need {
                s.current = n;
                s.next = c.start;
                s.last = usize::MAX;
                return true;
            }
        }
        let Some(free) = s.chunks.iter().position(|c| c.end == 0) else {
            return false;
        };
        let size = need.max(FIRST).max(filled.saturating_mul(2));
        let Ok(layout) = Layout::from_size_align(size, CHUNK_ALIGN) else {
            return false;
        };
        let p = unsafe { self.inner.alloc(layout) } as usize;
        if p == 0 {
            return false;
        }
        s.chunks[free] = Chunk {
            start: p,
            end: p + size,
            live: 0,
        };
        s.current = free;
        s.next = p;
        s.last = usize::MAX;
        true
    }

    /// An allocation inside a scope (kept out of line: outside one, `alloc` is a test and the
    /// inner allocator's).
    #[inline(never)]
    unsafe fn alloc_in_scope(&self, layout: Layout) -> *mut u8 {
        let s = self.state();
        if let Some(p) = Self::bump(s, layout) {
            return p as *mut u8;
        }
        let need = layout.size().saturating_add(layout.align());
        if self.next_chunk(s, need) {
            if let Some(p) = Self::bump(s, layout) {
                return p as *mut u8;
            }
        }
        self.inner.alloc(layout)
    }
}

unsafe impl<A: GlobalAlloc> GlobalAlloc for Arena<A> {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if self.state().active {
            return self.alloc_in_scope(layout);
        }
        self.inner.alloc(layout)
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let s = self.state();
        match Self::chunk_of(s, ptr as usize) {
            Some(n) => {
                s.chunks[n].live -= 1;
                s.live -= 1;
            }
            None => self.inner.dealloc(ptr, layout),
        }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let s = self.state();
        let p = ptr as usize;
        let Some(n) = Self::chunk_of(s, p) else {
            return self.inner.realloc(ptr, layout, new_size);
        };
        // The last allocation of the chunk being bumped grows (or shrinks) where it is.
        if s.active && n == s.current && p == s.last {
            if let Some(end) = p.checked_add(new_size) {
                if end <= s.chunks[n].end {
                    s.next = end;
                    return ptr;
                }
            }
        }
        let Ok(new_layout) = Layout::from_size_align(new_size, layout.align()) else {
            return null_mut();
        };
        let moved = self.alloc(new_layout);
        if !moved.is_null() {
            core::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
            self.dealloc(ptr, layout);
        }
        moved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::alloc::System;

    fn layout(size: usize, align: usize) -> Layout {
        Layout::from_size_align(size, align).unwrap()
    }

    /// Blocks filled with a pattern of their own, checked whole: no two live blocks overlap.
    struct Blocks(Vec<(*mut u8, Layout, u8)>);

    impl Blocks {
        fn add(&mut self, a: &Arena<System>, l: Layout, tag: u8) {
            let p = unsafe { a.alloc(l) };
            assert!(!p.is_null());
            assert_eq!(p as usize % l.align(), 0, "aligned");
            unsafe { core::ptr::write_bytes(p, tag, l.size()) };
            self.0.push((p, l, tag));
        }
        fn check(&self) {
            for &(p, l, tag) in &self.0 {
                let bytes = unsafe { core::slice::from_raw_parts(p, l.size()) };
                assert!(bytes.iter().all(|&b| b == tag), "a block was overwritten");
            }
        }
        fn free(&mut self, a: &Arena<System>, n: usize) {
            let (p, l, _) = self.0.swap_remove(n);
            unsafe { a.dealloc(p, l) };
        }
    }

    #[test]
    fn a_scope_bumps_and_the_next_reuses_what_nothing_holds() {
        let a = Arena::new(System);
        a.enter();
        let p = unsafe { a.alloc(layout(24, 8)) };
        let q = unsafe { a.alloc(layout(10, 1)) };
        let r = unsafe { a.alloc(layout(8, 8)) };
        assert_eq!(q as usize, p as usize + 24, "bumped");
        assert_eq!(r as usize, q as usize + 16, "aligned up");
        assert_eq!(a.chunks(), [(FIRST, 3)]);
        unsafe {
            a.dealloc(p, layout(24, 8));
            a.dealloc(q, layout(10, 1));
            a.dealloc(r, layout(8, 8));
        }
        a.exit();
        assert_eq!(a.chunks(), [(FIRST, 0)], "one chunk kept");
        a.enter();
        let again = unsafe { a.alloc(layout(24, 8)) };
        assert_eq!(again, p, "the kept chunk is bumped through from its start");
        unsafe { a.dealloc(again, layout(24, 8)) };
        a.exit();
    }

    #[test]
    fn a_survivor_keeps_its_chunk_until_it_is_freed() {
        let a = Arena::new(System);
        let mut kept = Blocks(vec![]);
        a.enter();
        kept.add(&a, layout(100, 4), 7);
        a.exit();
        assert_eq!(a.chunks(), [(FIRST, 1)]);
        // The next scope cannot bump through that chunk: it makes its own.
        a.enter();
        let mut inner = Blocks(vec![]);
        for n in 0..50 {
            inner.add(&a, layout(1000, 8), n);
        }
        kept.check();
        inner.check();
        assert_eq!(a.chunks(), [(FIRST, 1), (FIRST, 50)]);
        while !inner.0.is_empty() {
            inner.free(&a, 0);
        }
        a.exit();
        kept.check();
        // Freed after its scope: its chunk is free again, and one chunk is kept.
        kept.free(&a, 0);
        a.enter();
        a.exit();
        assert_eq!(a.chunks(), [(FIRST, 0)]);
    }

    #[test]
    fn outside_a_scope_the_inner_allocator_serves() {
        let a = Arena::new(System);
        let mut b = Blocks(vec![]);
        b.add(&a, layout(64, 8), 1);
        assert!(a.chunks().is_empty());
        let (p, l, _) = b.0.pop().unwrap();
        let grown = unsafe { a.realloc(p, l, 4096) };
        assert_eq!(unsafe { *grown.add(63) }, 1);
        unsafe { a.dealloc(grown, layout(4096, 8)) };
        assert!(a.chunks().is_empty());
    }

    #[test]
    fn the_last_allocation_grows_in_place_and_others_move() {
        let a = Arena::new(System);
        a.enter();
        let p = unsafe { a.alloc(layout(16, 1)) };
        unsafe { core::ptr::write_bytes(p, 3, 16) };
        let grown = unsafe { a.realloc(p, layout(16, 1), 64) };
        assert_eq!(grown, p, "in place");
        let q = unsafe { a.alloc(layout(8, 1)) };
        let moved = unsafe { a.realloc(p, layout(64, 1), 128) };
        assert_ne!(moved, p, "no longer the last: moved");
        assert!(unsafe { core::slice::from_raw_parts(moved, 16) }
            .iter()
            .all(|&b| b == 3));
        assert_eq!(a.chunks(), [(FIRST, 2)], "the old block is freed");
        unsafe {
            a.dealloc(q, layout(8, 1));
            a.dealloc(moved, layout(128, 1));
        }
        a.exit();
        // A survivor grown after its scope moves to the inner allocator and frees its chunk.
        a.enter();
        let s = unsafe { a.alloc(layout(8, 1)) };
        unsafe { core::ptr::write_bytes(s, 9, 8) };
        a.exit();
        let out = unsafe { a.realloc(s, layout(8, 1), 32) };
        assert_eq!(unsafe { *out.add(7) }, 9);
        assert_eq!(a.chunks(), [(FIRST, 0)]);
        unsafe { a.dealloc(out, layout(32, 1)) };
    }

    #[test]
    fn a_large_allocation_gets_a_chunk_of_its_size_and_chunks_past_keep_are_given_back() {
        let a = Arena::new(System);
        a.enter();
        let big = unsafe { a.alloc(layout(KEEP + 1, 8)) };
        assert!(!big.is_null());
        assert_eq!(a.chunks().len(), 1);
        assert!(a.chunks()[0].0 > KEEP);
        unsafe { a.dealloc(big, layout(KEEP + 1, 8)) };
        a.exit();
        assert!(a.chunks().is_empty(), "too large to keep");
    }

    #[test]
    fn a_scope_that_fills_a_chunk_makes_one_twice_its_size() {
        let a = Arena::new(System);
        let mut b = Blocks(vec![]);
        a.enter();
        for n in 0..3 * FIRST / 4096 {
            b.add(&a, layout(4096, 8), n as u8);
        }
        b.check();
        assert_eq!(
            a.chunks(),
            [(FIRST, FIRST / 4096), (2 * FIRST, 2 * FIRST / 4096)]
        );
        while !b.0.is_empty() {
            b.free(&a, 0);
        }
        a.exit();
        assert_eq!(a.chunks(), [(2 * FIRST, 0)], "the larger kept");
    }

    #[test]
    fn past_the_last_slot_allocations_go_to_the_inner_allocator() {
        let a = Arena::new(System);
        let mut b = Blocks(vec![]);
        // Pin every slot: one survivor per scope.
        for n in 0..SLOTS {
            a.enter();
            b.add(&a, layout(8, 8), n as u8);
            a.exit();
        }
        assert_eq!(a.chunks().len(), SLOTS);
        a.enter();
        b.add(&a, layout(8, 8), 99);
        a.exit();
        assert_eq!(a.chunks().len(), SLOTS);
        b.check();
        while !b.0.is_empty() {
            b.free(&a, 0);
        }
        a.enter();
        a.exit();
        assert_eq!(a.chunks(), [(FIRST, 0)]);
    }

    #[test]
    fn random_allocations_never_overlap() {
        // A small xorshift: the same sequence every run.
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut rand = move |n: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % n
        };
        let a = Arena::new(System);
        let mut b = Blocks(vec![]);
        for round in 0..20 {
            a.enter();
            for step in 0..2000 {
                match rand(10) {
                    0..=5 => {
                        let range = if rand(50) == 0 { 200_000 } else { 300 };
                        let size = 1 + rand(range) as usize;
                        b.add(&a, layout(size, 1 << rand(4)), (step % 251) as u8);
                    }
                    6..=7 if !b.0.is_empty() => {
                        let n = rand(b.0.len() as u64) as usize;
                        b.free(&a, n);
                    }
                    _ if !b.0.is_empty() => {
                        let n = rand(b.0.len() as u64) as usize;
                        let (p, l, tag) = b.0[n];
                        let size = 1 + rand(2000) as usize;
                        let q = unsafe { a.realloc(p, l, size) };
                        let l = layout(size, l.align());
                        unsafe { core::ptr::write_bytes(q, tag, size) };
                        b.0[n] = (q, l, tag);
                    }
                    _ => {}
                }
            }
            b.check();
            let counted: usize = a.chunks().iter().map(|&(_, live)| live).sum();
            assert_eq!(a.live(), counted, "the total is the chunks' sum");
            // Most die with their scope; some outlive it.
            while b.0.len() > round {
                b.free(&a, 0);
            }
            a.exit();
            b.check();
        }
        while !b.0.is_empty() {
            b.free(&a, 0);
        }
        a.enter();
        a.exit();
        assert!(a.chunks().iter().all(|&(_, live)| live == 0));
        assert_eq!(a.live(), 0);
        assert_eq!(a.chunks().len(), 1);
    }
}
