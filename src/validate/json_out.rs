//! Writing JSON text by hand: the wasm build carries no JSON serializer.

/// Append `s` as a JSON string literal.
pub fn write_str(out: &mut String, s: &str) {
    out.push('"');
    let mut start = 0;
    for (i, b) in s.bytes().enumerate() {
        let esc = match b {
            b'"' => "\\\"",
            b'\\' => "\\\\",
            b'\n' => "\\n",
            b'\r' => "\\r",
            b'\t' => "\\t",
            0..=0x1F => "",
            _ => continue,
        };
        out.push_str(&s[start..i]);
        if esc.is_empty() {
            out.push_str(&format!("\\u{:04x}", b));
        } else {
            out.push_str(esc);
        }
        start = i + 1;
    }
    out.push_str(&s[start..]);
    out.push('"');
}

/// Append UTF-16 units as a JSON string literal; a lone surrogate becomes a `\uXXXX` escape,
/// exactly as `JSON.stringify` writes it, so nothing is lost.
pub fn write_units(out: &mut String, units: &[u16]) {
    out.push('"');
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => match c {
                '"' => out.push_str("\\\""),
                '\\' => out.push_str("\\\\"),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\t' => out.push_str("\\t"),
                c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
                c => out.push(c),
            },
            Err(e) => out.push_str(&format!("\\u{:04x}", e.unpaired_surrogate())),
        }
    }
    out.push('"');
}

/// `s` as a JSON string literal: how messages quote a name or a value (core's `{:?}` would
/// bring its Unicode tables, ~8 KiB, into the wasm).
pub fn quoted(s: &str) -> String {
    let mut out = String::new();
    write_str(&mut out, s);
    out
}

/// Append a finite number in a form that parses back to the same `f64`.
pub fn write_num(out: &mut String, n: f64) {
    out.push_str(&number_text(n));
}

/// A number as text, the shortest form that parses back to the same `f64` (`NaN`, infinities
/// by name). In the wasm, non-integers are JavaScript's `String(n)`, which is JSON's number
/// form, so the wasm carries no float formatting of its own (core's is ~20 KiB); natively,
/// Rust's.
pub fn number_text(n: f64) -> String {
    if n == n.trunc() && n.abs() < 1e15 {
        if n == 0.0 && n.is_sign_negative() {
            return "-0".into();
        }
        return format!("{}", n as i64);
    }
    #[cfg(target_arch = "wasm32")]
    return crate::wasm::interop::js_number_text(n);
    #[cfg(not(target_arch = "wasm32"))]
    return format!("{n:?}");
}

/// Helper for comma-separated lists.
pub struct JsonList<'a> {
    out: &'a mut String,
    first: bool,
}

impl<'a> JsonList<'a> {
    pub fn open(out: &'a mut String) -> Self {
        out.push('[');
        JsonList { out, first: true }
    }
    pub fn item(&mut self) -> &mut String {
        if !self.first {
            self.out.push(',');
        }
        self.first = false;
        self.out
    }
    pub fn close(self) {
        self.out.push(']');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_and_numbers_parse_back_exactly() {
        let mut out = String::new();
        write_str(&mut out, "a\"b\\c\n\u{1}é");
        assert_eq!(out, r#""a\"b\\c\n\u0001é""#);
        let mut out = String::new();
        write_units(&mut out, &[0x61, 0xD800, 0x62]);
        assert_eq!(out, r#""a\ud800b""#);
        for n in [0.0, -0.0, 1.5, 1e21, 1.7e12, -3.0, 5e-324, 0.1 + 0.2] {
            let mut out = String::new();
            write_num(&mut out, n);
            let back: f64 = serde_json::from_str(&out).unwrap();
            assert_eq!(back.to_bits(), n.to_bits(), "{n} -> {out}");
        }
    }
}
