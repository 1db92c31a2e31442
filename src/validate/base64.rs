//! Standard base64 (RFC 4648 section 4, with padding), the JSON form of bytes.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn encode(bytes: &[u8], out: &mut String) {
    let mut text = Vec::with_capacity(bytes.len().div_ceil(3) * 4);
    let mut whole = bytes.chunks_exact(3);
    for b in whole.by_ref() {
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        text.extend_from_slice(&[
            ALPHABET[(n >> 18) as usize],
            ALPHABET[(n >> 12 & 63) as usize],
            ALPHABET[(n >> 6 & 63) as usize],
            ALPHABET[(n & 63) as usize],
        ]);
    }
    if let [first, rest @ ..] = whole.remainder() {
        let second = rest.first().copied().unwrap_or(0);
        let n = (*first as u32) << 16 | (second as u32) << 8;
        text.extend_from_slice(&[
            ALPHABET[(n >> 18) as usize],
            ALPHABET[(n >> 12 & 63) as usize],
            if rest.is_empty() {
                b'='
            } else {
                ALPHABET[(n >> 6 & 63) as usize]
            },
            b'=',
        ]);
    }
    // (The alphabet is ASCII: this never fails.)
    out.push_str(std::str::from_utf8(&text).unwrap_or_default());
}

/// Not a base64 character: the high bit of [`SEXTETS`].
const NOT: u8 = 0x80;

/// Each byte's sextet, or [`NOT`].
const SEXTETS: [u8; 256] = {
    let mut t = [NOT; 256];
    let mut i = 0;
    while i < 64 {
        t[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    t
};

fn sextet(c: u8) -> Option<u32> {
    let s = SEXTETS[c as usize];
    (s & NOT == 0).then_some(s as u32)
}

/// Decode padded standard base64; `Err(offset)` names the first character that is wrong.
pub fn decode(text: &[u8]) -> Result<Vec<u8>, usize> {
    if !text.len().is_multiple_of(4) {
        return Err(text.len());
    }
    // Every quad but the last has no padding: a table lookup per character and one test per
    // quad (a 5 KB image in every message of a conversation is decoded for its JS form).
    let body = text.len().saturating_sub(4);
    let mut out = vec![0u8; body / 4 * 3];
    let mut bad = 0;
    for (quad, bytes) in text[..body].chunks_exact(4).zip(out.chunks_exact_mut(3)) {
        let [a, b, c, d] = [0, 1, 2, 3].map(|k| SEXTETS[quad[k] as usize]);
        bad |= a | b | c | d;
        let n = (a as u32) << 18 | (b as u32) << 12 | (c as u32) << 6 | d as u32;
        bytes.copy_from_slice(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
    }
    if bad & NOT != 0 {
        // Where it goes wrong, as the plain reading finds it.
        return Err(walk(text, |_| {}).err().unwrap_or(0));
    }
    walk(&text[body..], |bytes| out.extend_from_slice(bytes)).map_err(|at| body + at)?;
    Ok(out)
}

/// Whether `text` is padded standard base64 (as [`decode`] would accept), without building
/// the bytes: `Err(offset)` names the first character that is wrong.
pub fn check(text: &[u8]) -> Result<(), usize> {
    if !text.len().is_multiple_of(4) {
        return Err(text.len());
    }
    let body = text.len().saturating_sub(4);
    let bad = text[..body]
        .iter()
        .fold(0, |bad, &c| bad | SEXTETS[c as usize]);
    if bad & NOT != 0 {
        return walk(text, |_| {});
    }
    walk(&text[body..], |_| {}).map_err(|at| body + at)
}

/// Read padded standard base64 a quad at a time, handing each quad's bytes to `emit`.
fn walk(text: &[u8], mut emit: impl FnMut(&[u8])) -> Result<(), usize> {
    if !text.len().is_multiple_of(4) {
        return Err(text.len());
    }
    for (q, quad) in text.chunks(4).enumerate() {
        let last = (q + 1) * 4 == text.len();
        let pad = if last {
            quad.iter().rev().take_while(|&&c| c == b'=').count()
        } else {
            0
        };
        if pad > 2 {
            return Err(q * 4 + 4 - pad);
        }
        let mut n = 0u32;
        for (k, &c) in quad[..4 - pad].iter().enumerate() {
            n = n << 6 | sextet(c).ok_or(q * 4 + k)?;
        }
        n <<= 6 * pad as u32;
        let bytes = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        emit(&bytes[..3 - pad]);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_length() {
        for len in 0..40 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 11) as u8).collect();
            let mut s = String::new();
            encode(&bytes, &mut s);
            assert_eq!(decode(s.as_bytes()), Ok(bytes));
        }
        let mut s = String::new();
        encode(b"hello", &mut s);
        assert_eq!(s, "aGVsbG8=");
    }

    #[test]
    fn check_agrees_with_decode() {
        for text in [
            "",
            "aGVsbG8=",
            "aGVsbA==",
            "aGVs",
            "aGVsbG8",
            "aGV=bG8=",
            "a===",
            "****",
            "aGVsbG8==",
        ] {
            assert_eq!(
                check(text.as_bytes()),
                decode(text.as_bytes()).map(|_| ()),
                "{text:?}"
            );
        }
    }

    /// The fast paths against the plain reading, on every short text of a few characters
    /// (each valid or not, padded or not, in every place).
    #[test]
    fn decode_and_check_agree_with_the_plain_reading() {
        let chars = b"AZaz09+/=*-\xff";
        let plain = |t: &[u8]| {
            let mut out = Vec::new();
            walk(t, |b| out.extend_from_slice(b)).map(|_| out)
        };
        let mut text = Vec::new();
        for n in 0..(chars.len().pow(4)) {
            for len in [4, 8, 12] {
                text.clear();
                text.resize(len, b'A');
                let mut k = n;
                // Four characters of the alphabet above, at the start, middle or end.
                let at = (n % 3) * (len - 4) / 2;
                for i in 0..4 {
                    text[at + i] = chars[k % chars.len()];
                    k /= chars.len();
                }
                assert_eq!(decode(&text), plain(&text), "{text:?}");
                assert_eq!(check(&text), plain(&text).map(|_| ()), "{text:?}");
            }
        }
        for len in 0..20 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 97 + 200) as u8).collect();
            let mut s = String::new();
            encode(&bytes, &mut s);
            assert_eq!(s.len(), bytes.len().div_ceil(3) * 4);
            assert_eq!(plain(s.as_bytes()), Ok(bytes));
        }
    }

    #[test]
    fn rejects_what_is_not_base64() {
        assert_eq!(decode(b"aGVsbG8"), Err(7));
        assert_eq!(decode(b"aGV*bG8="), Err(3));
        assert_eq!(decode(b"a==="), Err(1));
        assert!(decode(b"aG=sbG8=").is_err());
    }
}
