//! JSON number text to `f64`. Almost every number in real messages has at most 19 significant
//! digits and a small exponent; those are exact here (Clinger's fast path: an integer below
//! 2^53 times or divided by an exact power of ten rounds once, correctly). The rest go to the
//! platform's parser ([`crate::host`]: JavaScript's `Number` in the wasm, so that the wasm
//! carries no float parser of its own; Rust's natively).

/// The powers of ten an `f64` holds exactly.
const EXACT: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The value of a JSON number's text, as the readers of JSON text take it: short integers at
/// once, everything else exactly ([`parse`]).
#[inline]
pub fn value(raw: &[u8]) -> f64 {
    if raw.len() < 16 && raw.iter().all(u8::is_ascii_digit) {
        raw.iter().fold(0u64, |a, &b| a * 10 + u64::from(b - b'0')) as f64
    } else {
        parse(raw)
    }
}

/// The value of `raw`, text the JSON number grammar accepts (checked by the caller).
pub fn parse(raw: &[u8]) -> f64 {
    fast(raw).unwrap_or_else(|| slow(raw))
}

/// The exact value when the fast path applies.
fn fast(raw: &[u8]) -> Option<f64> {
    let (negative, rest) = match raw.split_first() {
        Some((b'-', rest)) => (true, rest),
        _ => (false, raw),
    };
    let mut mantissa: u64 = 0;
    let mut digits = 0; // significant digits taken into `mantissa`
    let mut scale: i64 = 0; // the decimal exponent of `mantissa`'s last digit
    let mut fraction = false;
    let mut i = 0;
    while let Some(&b) = rest.get(i) {
        match b {
            b'0'..=b'9' => {
                if mantissa != 0 || b != b'0' {
                    digits += 1;
                    if digits > 19 {
                        return None;
                    }
                    mantissa = mantissa * 10 + (b - b'0') as u64;
                }
                if fraction {
                    scale -= 1;
                }
            }
            b'.' => fraction = true,
            _ => break,
        }
        i += 1;
    }
    if let Some(b'e' | b'E') = rest.get(i) {
        let exp = &rest[i + 1..];
        let (sign, digits) = match exp.split_first() {
            Some((b'-', d)) => (-1, d),
            Some((b'+', d)) => (1, d),
            _ => (1, exp),
        };
        if digits.len() > 4 {
            return None;
        }
        let e = digits
            .iter()
            .fold(0i64, |a, &b| a * 10 + (b.wrapping_sub(b'0')) as i64);
        scale += sign * e;
    }
    let magnitude = if mantissa == 0 {
        0.0
    } else if mantissa >= 1 << 53 || !(-22..=22).contains(&scale) {
        return None;
    } else if scale < 0 {
        mantissa as f64 / EXACT[(-scale) as usize]
    } else {
        mantissa as f64 * EXACT[scale as usize]
    };
    Some(if negative { -magnitude } else { magnitude })
}

fn slow(raw: &[u8]) -> f64 {
    std::str::from_utf8(raw).map_or(f64::NAN, crate::host::parse_number)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(text: &str) {
        let want: f64 = text.parse().unwrap();
        let got = parse(text.as_bytes());
        assert_eq!(got.to_bits(), want.to_bits(), "{text}");
    }

    #[test]
    fn fast_path_agrees_with_rusts_parser() {
        for text in [
            "0",
            "-0",
            "0.0",
            "-0.0",
            "0e5",
            "-0e-400",
            "1",
            "-1",
            "0.1",
            "0.7",
            "1.5",
            "-2.25",
            "3.141592653589793",
            "9007199254740991",
            "9007199254740992",
            "9007199254740993",
            "1e22",
            "1e23",
            "1e-22",
            "1e-23",
            "123456789012345678",
            "1234567890123456789",
            "12345678901234567890",
            "0.000001",
            "1E5",
            "1e+5",
            "2.5e-3",
            "17e308",
            "1e400",
            "1e-400",
            "4.9e-324",
            "1.7976931348623157e308",
            "0.30000000000000004",
            "100000000000000000000000",
            "1712345678901.5",
            "00.5e0",
        ] {
            same(text);
        }
    }

    #[test]
    fn fast_path_agrees_on_a_sweep() {
        // A deterministic sweep of mantissas and exponents on both sides of the fast path.
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let digits = (x % 20) as usize + 1;
            let mantissa = (x >> 8) % 10u64.pow(digits.min(19) as u32);
            let point = (x >> 40) as usize % (digits + 1);
            let exp = (x >> 50) as i64 % 60 - 30;
            let m = mantissa.to_string();
            let (int, frac) = m.split_at(point.min(m.len()));
            let text = if frac.is_empty() {
                format!("{int}e{exp}")
            } else if int.is_empty() {
                format!("0.{frac}e{exp}")
            } else {
                format!("{int}.{frac}")
            };
            same(&text);
        }
    }
}
