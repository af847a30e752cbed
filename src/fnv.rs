//! FNV-1a: the checksum at the end of a net file (`eval::nnue::format`)
//! and the fingerprint of a game record (`selfplay::gamefile`). In the
//! bottom layer, beside `tool`, because the engine's net reader and the
//! data tools both use it.

/// FNV-1a, 64 bits.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        hash ^= b as u64;
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}
