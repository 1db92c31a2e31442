//! Eight bytes at a time: the bytes of a `u64` (read little-endian, so the first byte is the
//! lowest) tested together, each test answering a mask with the high bit of every byte it
//! marks, exactly (no borrow crosses from one byte to the next, so any bit of a mask can be
//! trusted, not only the lowest). What the hot loops over text use: the string scans of the
//! parser and of the log's fast lane, the escapes of the JSON writer, the log's newlines.
//! WebAssembly has 64-bit integers; its SIMD is not in every engine the package supports.

/// `0x01` in every byte.
pub const ONES: u64 = 0x0101_0101_0101_0101;
/// `0x80` in every byte: where a mask's marks are.
pub const HIGHS: u64 = 0x8080_8080_8080_8080;

/// The eight bytes of `s` from `at`, when there are eight.
#[inline]
pub fn word(s: &[u8], at: usize) -> Option<u64> {
    let chunk: [u8; 8] = s.get(at..at.checked_add(8)?)?.try_into().ok()?;
    Some(u64::from_le_bytes(chunk))
}

/// Marks the bytes below `n` (`1 <= n <= 0x80`): the low seven bits plus `0x80 - n` carry
/// into the high bit exactly when they are `n` or more, and never past it.
#[inline]
pub const fn below(x: u64, n: u8) -> u64 {
    let low = (x & !HIGHS) + ONES * (0x80 - n as u64);
    !(low | x) & HIGHS
}

/// Marks the bytes equal to `b`.
#[inline]
pub const fn equal(x: u64, b: u8) -> u64 {
    below(x ^ (ONES * b as u64), 1)
}

/// Marks the bytes past ASCII (`0x80` and up).
#[inline]
pub const fn high(x: u64) -> u64 {
    x & HIGHS
}

/// The place (0 to 7) of the first byte a non-zero mask marks.
#[inline]
pub const fn first(mask: u64) -> usize {
    (mask.trailing_zeros() / 8) as usize
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every test marks exactly the bytes it names, whatever their neighbours: each byte
    /// value at each place, among neighbours that would borrow or carry into it (0x00, 0xFF,
    /// and the value itself).
    #[test]
    fn masks_mark_exactly_their_bytes() {
        let mark = |hit: bool, at: usize| if hit { 0x80u64 << (8 * at) } else { 0 };
        for v in 0..=255u8 {
            for fill in [0x00u8, 0xFF, v, b'"', 0x1F] {
                for at in 0..8 {
                    let mut bytes = [fill; 8];
                    bytes[at] = v;
                    let x = u64::from_le_bytes(bytes);
                    let want = |f: &dyn Fn(u8) -> bool| {
                        bytes
                            .iter()
                            .enumerate()
                            .fold(0, |m, (k, &b)| m | mark(f(b), k))
                    };
                    for n in [1u8, 0x20, 0x41, 0x80] {
                        assert_eq!(below(x, n), want(&|b| b < n), "{v:#x} at {at} below {n:#x}");
                    }
                    for b in [0u8, b'"', b'\\', b'\n', 0xFF] {
                        assert_eq!(equal(x, b), want(&|c| c == b), "{v:#x} at {at} == {b:#x}");
                    }
                    assert_eq!(high(x), want(&|b| b >= 0x80));
                }
            }
        }
    }

    #[test]
    fn words_and_first_marks() {
        let s = b"0123456789";
        assert_eq!(word(s, 2), Some(u64::from_le_bytes(*b"23456789")));
        assert_eq!(word(s, 3), None);
        assert_eq!(word(s, usize::MAX), None);
        let x = u64::from_le_bytes(*b"ab\"defgh");
        assert_eq!(first(equal(x, b'"')), 2);
    }
}
