//! The output layer's dot product, `Σ clamp(a, 0, QA)² · w`, with SSE2
//! intrinsics on x86-64 builds that lack AVX2: the crate's one exception
//! to `unsafe_code` (lib.rs).
//!
//! Why: with the portable target (SSE2) LLVM vectorises the plain loop four
//! inputs at a time and uses `pmaddwd` only as a 32-bit multiply (one
//! operand interleaved with zeros), about 19 instructions for 8 inputs
//! where `pmullw` + `pmaddwd` do them in 7: the output layer was 8% of the
//! search's instructions (docs/speed.md, session 12, for the measurement).
//! With AVX2 (`make native`) LLVM finds the pairwise form by itself, so
//! such builds keep the plain loop.
//!
//! Why it is sound: the only unsafe operations are unaligned 16-byte loads
//! (`_mm_loadu_si128`) from `chunks_exact(8)` of `&[i16]`, which are 16
//! bytes of initialised, borrowed memory each; and calls of SSE2
//! intrinsics, which every x86-64 CPU has (the target's baseline, checked
//! at compile time by the `cfg`).
//!
//! The arithmetic is the plain loop's, in the same integers: `v·w` fits
//! i16 because the trainer keeps |w| ≤ 127/QB (`pmullw` keeps its low 16
//! bits, as `wrapping_mul` does), and `pmaddwd` adds the two 32-bit
//! products `(v·w)·v` of each pair exactly. The sum of all products fits
//! i32 (H·QA·32767 < 2³¹ for H ≤ 256), and i32 addition is associative, so
//! the lanes may be summed in any order. A test compares the two on random
//! and extreme inputs.
#![allow(unsafe_code)]

use super::format::QA;

/// `Σ clamp(acc[i], 0, QA)² · w[i]` for slices of equal length.
#[inline]
pub fn screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
    debug_assert_eq!(acc.len(), w.len());
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(target_feature = "avx2")
    ))]
    {
        sse2::screlu_dot(acc, w)
    }
    #[cfg(not(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(target_feature = "avx2")
    )))]
    {
        screlu_dot_plain(acc, w)
    }
}

/// The plain loop: the reference, and the code on other targets.
#[inline]
pub fn screlu_dot_plain(acc: &[i16], w: &[i16]) -> i32 {
    let mut sum = 0i32;
    for (a, w) in acc.iter().zip(w) {
        let v = (*a).clamp(0, QA as i16);
        sum += v.wrapping_mul(*w) as i32 * v as i32;
    }
    sum
}

#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse2",
    not(target_feature = "avx2")
))]
mod sse2 {
    use super::QA;
    use std::arch::x86_64::{
        __m128i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_madd_epi16, _mm_max_epi16,
        _mm_min_epi16, _mm_mullo_epi16, _mm_set1_epi16, _mm_setzero_si128, _mm_shuffle_epi32,
    };

    #[inline]
    pub fn screlu_dot(acc: &[i16], w: &[i16]) -> i32 {
        let n = acc.len().min(w.len());
        let (acc, w) = (&acc[..n], &w[..n]);
        let mut acc8 = acc.chunks_exact(8);
        let mut w8 = w.chunks_exact(8);
        // SAFETY: SSE2 is in the x86-64 baseline (the `cfg` above requires
        // it); each load reads one 8-element chunk of a borrowed `&[i16]`,
        // 16 initialised bytes, and `loadu` has no alignment requirement.
        let lanes = unsafe {
            let zero = _mm_setzero_si128();
            let qa = _mm_set1_epi16(QA as i16);
            let mut sum = _mm_setzero_si128();
            for (a, w) in (&mut acc8).zip(&mut w8) {
                let a = _mm_loadu_si128(a.as_ptr() as *const __m128i);
                let w = _mm_loadu_si128(w.as_ptr() as *const __m128i);
                let v = _mm_min_epi16(_mm_max_epi16(a, zero), qa);
                let vw = _mm_mullo_epi16(v, w);
                sum = _mm_add_epi32(sum, _mm_madd_epi16(vw, v));
            }
            let sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0b01_00_11_10));
            let sum = _mm_add_epi32(sum, _mm_shuffle_epi32(sum, 0b10_11_00_01));
            _mm_cvtsi128_si32(sum)
        };
        lanes.wrapping_add(super::screlu_dot_plain(acc8.remainder(), w8.remainder()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// xorshift64, for test inputs.
    struct Rng(u64);

    impl Rng {
        fn next_u64(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }
    }

    #[test]
    fn agrees_with_the_plain_loop() {
        let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
        for len in [0, 1, 7, 8, 9, 64, 100, 128, 256] {
            for round in 0..200 {
                let acc: Vec<i16> = (0..len)
                    .map(|_| match round % 4 {
                        0 => (rng.next_u64() % 600) as i16 - 300,
                        1 => rng.next_u64() as i16,
                        2 => [i16::MIN, -1, 0, 1, QA as i16, QA as i16 + 1, i16::MAX]
                            [(rng.next_u64() % 7) as usize],
                        _ => (rng.next_u64() % 256) as i16,
                    })
                    .collect();
                let w: Vec<i16> = (0..len)
                    .map(|_| (rng.next_u64() % 255) as i16 - 127)
                    .collect();
                assert_eq!(
                    screlu_dot(&acc, &w),
                    screlu_dot_plain(&acc, &w),
                    "len {len}"
                );
            }
        }
    }
}
