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
        let sextets = [n >> 18, n >> 12 & 63, n >> 6 & 63, n & 63];
        for (k, x) in sextets.into_iter().enumerate() {
            out.push(if k <= chunk.len() {
                ALPHABET[x as usize] as char
            } else {
                '='
            });
        }
    }
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
    let mut out = Vec::with_capacity(text.len() / 4 * 3);
    walk(text, |bytes| out.extend_from_slice(bytes))?;
    Ok(out)
}

/// Whether `text` is padded standard base64 (as [`decode`] would accept), without building
/// the bytes: `Err(offset)` names the first character that is wrong.
pub fn check(text: &[u8]) -> Result<(), usize> {
    walk(text, |_| {})
}

/// Read padded standard base64 a quad at a time, handing each quad's bytes to `emit`. A quad
/// before the last has no padding: four lookups and one test (a 5 KB image in every message of
/// a conversation is decoded for its JS form); a bad one, and the last, are read a character
/// at a time, which finds where it goes wrong.
fn walk(text: &[u8], mut emit: impl FnMut(&[u8])) -> Result<(), usize> {
    if !text.len().is_multiple_of(4) {
        return Err(text.len());
    }
    for (q, quad) in text.chunks_exact(4).enumerate() {
        let last = (q + 1) * 4 == text.len();
        let s = |k: usize| SEXTETS[quad[k] as usize];
        let (a, b, c, d) = (s(0), s(1), s(2), s(3));
        if !last && (a | b | c | d) & NOT == 0 {
            let n = (a as u32) << 18 | (b as u32) << 12 | (c as u32) << 6 | d as u32;
            emit(&[(n >> 16) as u8, (n >> 8) as u8, n as u8]);
            continue;
        }
        // At most two `=` close the text; a third is a character that is wrong, found below
        // unless one before it is.
        let pad = if last {
            quad.iter()
                .rev()
                .take(2)
                .take_while(|&&c| c == b'=')
                .count()
        } else {
            0
        };
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

    /// The reading by the book, another way: at most two `=` close the text, every other
    /// character is one of the alphabet, and the bits are taken eight at a time. `Err` at the
    /// first character that is wrong.
    fn by_the_book(text: &[u8]) -> Result<Vec<u8>, usize> {
        if !text.len().is_multiple_of(4) {
            return Err(text.len());
        }
        let pad = text
            .iter()
            .rev()
            .take(2)
            .take_while(|&&c| c == b'=')
            .count();
        let (mut bits, mut held, mut out) = (0u32, 0u32, Vec::new());
        for (i, &c) in text[..text.len() - pad].iter().enumerate() {
            held = held << 6 | ALPHABET.iter().position(|&a| a == c).ok_or(i)? as u32;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                out.push((held >> bits) as u8);
                held &= (1 << bits) - 1;
            }
        }
        Ok(out)
    }

    /// The fast path against the reading by the book, on every short text of a few characters
    /// (each valid or not, padding or not, in every place).
    #[test]
    fn decode_and_check_agree_with_the_book() {
        let chars = b"AZaz09+/=*-\xff";
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
                assert_eq!(decode(&text), by_the_book(&text), "{text:?}");
                assert_eq!(check(&text), by_the_book(&text).map(|_| ()), "{text:?}");
            }
        }
        for len in 0..20 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 97 + 200) as u8).collect();
            let mut s = String::new();
            encode(&bytes, &mut s);
            assert_eq!(s.len(), bytes.len().div_ceil(3) * 4);
            assert_eq!(by_the_book(s.as_bytes()), Ok(bytes));
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
