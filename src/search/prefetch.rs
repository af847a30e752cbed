//! A hint to the processor to start loading a cache line now: the
//! transposition table's bucket of a position the search is about to
//! enter (Stockfish's `prefetch` in `do_move`). The crate's second
//! exception to `unsafe_code` (lib.rs).
//!
//! Why: a probe of the table is a cache miss nearly every time (16 MB and
//! more, read at random), and the search waited for it: in a king-and-pawn
//! ending, where a node costs least, `TranspositionTable::probe` was 31% of
//! the wall-clock profile (`perf record`, docs/speed.md, session 14).
//! Asked for before the move is made (the child's key from
//! `Board::key_after`), the line arrives while the move is made and the
//! child's first steps (limits, draw tests) run.
//!
//! Why it is sound: `_mm_prefetch` is an `unsafe fn` only because it takes
//! a raw pointer; a prefetch reads nothing the program sees, never faults
//! (not even on an invalid address), and has no effect but on the caches.
//! The pointer given is made from a reference in any case. SSE, which
//! provides it, is in every x86-64 CPU (the target's baseline, checked at
//! compile time by the `cfg`); other targets get a no-op.
#![allow(unsafe_code)]

/// Asks for the cache line holding `*p` in all cache levels.
#[inline(always)]
pub fn prefetch<T>(p: &T) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse"))]
    // SAFETY: prefetching has no architectural effect and cannot fault.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((p as *const T).cast::<i8>());
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse")))]
    let _ = p;
}
