//! Standard base64 (RFC 4648 section 4, with padding), the JSON form of bytes.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

pub fn encode(bytes: &[u8], out: &mut String) {
    out.reserve(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (b[0] as u32) << 16 | (b[1] as u32) << 8 | b[2] as u32;
        for (k, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if k <= chunk.len() {
                out.push(ALPHABET[(n >> shift & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
}

fn sextet(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'+' => 62,
        b'/' => 63,
        _ => return None,
    } as u32)
}

/// Decode padded standard base64; `Err(offset)` names the first character that is wrong.
pub fn decode(text: &[u8]) -> Result<Vec<u8>, usize> {
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    walk(text, |bytes| out.extend_from_slice(bytes))?;
    Ok(out)
}

/// Whether `text` is padded standard base64 (as [`decode`] would accept), without building
/// the bytes: `Err(offset)` names the first character that is wrong.
pub fn check(text: &[u8]) -> Result<(), usize> {
    walk(text, |_| {})
}

/// Read padded standard base64, handing each quad's bytes to `emit`.
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

    #[test]
    fn rejects_what_is_not_base64() {
        assert_eq!(decode(b"aGVsbG8"), Err(7));
        assert_eq!(decode(b"aGV*bG8="), Err(3));
        assert_eq!(decode(b"a==="), Err(1));
        assert!(decode(b"aG=sbG8=").is_err());
    }
}
