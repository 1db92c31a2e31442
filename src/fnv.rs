//! FNV-1a, the hash of the crate's small open-addressing tables (duplicate JSON keys, Bedrock
//! event ids, distinct losses, generated ids): std's `HashMap` would bring SipHash and its
//! random keys (~3 KiB) into the wasm.

/// The hash of nothing.
pub const SEED: u32 = 0x811c_9dc5;

/// `h` with one more unit (a byte, a UTF-16 unit, a separator) mixed in.
#[inline]
pub fn step(h: u32, unit: u32) -> u32 {
    (h ^ unit).wrapping_mul(0x0100_0193)
}

/// The hash of `bytes`.
pub fn bytes(bytes: &[u8]) -> u32 {
    bytes.iter().fold(SEED, |h, &b| step(h, b as u32))
}

#[cfg(test)]
mod tests {
    #[test]
    fn known_values() {
        // The published FNV-1a 32-bit test vectors.
        assert_eq!(super::bytes(b""), 0x811c_9dc5);
        assert_eq!(super::bytes(b"a"), 0xe40c_292c);
        assert_eq!(super::bytes(b"foobar"), 0xbf9c_f968);
    }
}
