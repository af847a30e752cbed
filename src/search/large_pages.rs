//! Transparent huge pages for the transposition table: on Linux, the
//! table's memory is marked with `madvise(MADV_HUGEPAGE)` before it is
//! first written, so that the kernel backs it with 2 MB pages where it can
//! (Stockfish's `aligned_large_pages_alloc` does the same). The crate's
//! third exception to `unsafe_code` (lib.rs).
//!
//! Why: the table is read at random, and with 4 KB pages nearly every probe
//! also misses the TLB; the prefetch at make time (`prefetch`) then waits
//! for the page walk. Many systems (this one among them) give huge pages
//! only to memory that asks for them (`/sys/kernel/mm/transparent_hugepage/
//! enabled` = `madvise`). Measured with the table on huge pages (the
//! system setting switched to `always`, alternating runs, docs/speed.md,
//! session 14): +7.5% nodes per second in the king-and-pawn ending, +1% in
//! a middlegame.
//!
//! Why it is sound: `madvise` is given whole pages inside one allocation we
//! own (the `Vec`'s reserved capacity); `MADV_HUGEPAGE` changes no content
//! and no access right, only how the kernel backs the range, and a failure
//! (an old kernel, huge pages disabled) is ignored: the memory stays as it
//! was. Elsewhere than on Linux this is a no-op.
#![allow(unsafe_code)]

/// Asks the kernel to back the reserved capacity of `v` with huge pages.
/// Call it before the memory is first written.
pub fn advise<T>(v: &Vec<T>) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = v.as_ptr() as usize;
        let end = start + v.capacity() * std::mem::size_of::<T>();
        let first = start.next_multiple_of(PAGE);
        let last = end / PAGE * PAGE;
        if last > first {
            // SAFETY: [first, last) is whole pages inside `v`'s allocation;
            // MADV_HUGEPAGE does not change its contents or access rights.
            let rc = unsafe {
                libc::madvise(
                    first as *mut libc::c_void,
                    last - first,
                    libc::MADV_HUGEPAGE,
                )
            };
            if rc != 0 {
                log::debug!(
                    "madvise(MADV_HUGEPAGE) failed: {}",
                    std::io::Error::last_os_error()
                );
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = v;
}
