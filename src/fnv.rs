//! FNV-1a and the one open-addressing [`Table`] over it, for the crate's small lookups
//! (duplicate JSON keys, Bedrock event ids, distinct losses, generated ids): std's `HashMap`
//! would bring SipHash and its random keys (~3 KiB) into the wasm.

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

/// The hash of UTF-16 `units`, one step per unit (the same as [`bytes`] for ASCII text).
pub fn units(units: &[u16]) -> u32 {
    units.iter().fold(SEED, |h, &u| step(h, u as u32))
}

/// `h` with one field of a compound key mixed in: its bytes, then a separator, so that
/// ("ab", "c") and ("a", "bc") differ.
pub fn field(h: u32, bytes: &[u8]) -> u32 {
    step(bytes.iter().fold(h, |h, &b| step(h, b as u32)), 0xff)
}

/// A set of indices into a list the caller keeps, found by hash: open addressing with linear
/// probing, sized once for at most `capacity` indices (kept at most half full). The items are
/// never stored here; `same(i)` tells whether the item at index `i` is the one sought.
pub struct Table {
    slots: Vec<u32>,
    mask: usize,
}

const EMPTY: u32 = u32::MAX;

impl Table {
    /// A table for at most `capacity` indices (each below `u32::MAX`).
    pub fn with_capacity(capacity: usize) -> Table {
        let size = (capacity * 2).next_power_of_two();
        Table {
            slots: vec![EMPTY; size],
            mask: size - 1,
        }
    }

    /// The index of an item `same` accepts if the table holds one (and then `index` is not
    /// added: the first holder stays), or `None` once `index` is added.
    pub fn insert(
        &mut self,
        hash: u32,
        index: usize,
        mut same: impl FnMut(usize) -> bool,
    ) -> Option<usize> {
        let mut at = hash as usize & self.mask;
        loop {
            match self.slots[at] {
                EMPTY => {
                    self.slots[at] = index as u32;
                    return None;
                }
                held if same(held as usize) => return Some(held as usize),
                _ => at = (at + 1) & self.mask,
            }
        }
    }

    /// The index of an item `same` accepts, if the table holds one.
    pub fn get(&self, hash: u32, mut same: impl FnMut(usize) -> bool) -> Option<usize> {
        let mut at = hash as usize & self.mask;
        loop {
            match self.slots[at] {
                EMPTY => return None,
                held if same(held as usize) => return Some(held as usize),
                _ => at = (at + 1) & self.mask,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Table;

    #[test]
    fn known_values() {
        // The published FNV-1a 32-bit test vectors.
        assert_eq!(super::bytes(b""), 0x811c_9dc5);
        assert_eq!(super::bytes(b"a"), 0xe40c_292c);
        assert_eq!(super::bytes(b"foobar"), 0xbf9c_f968);
        let foobar: Vec<u16> = "foobar".encode_utf16().collect();
        assert_eq!(super::units(&foobar), 0xbf9c_f968);
    }

    #[test]
    fn fields_are_separated() {
        let two =
            |a: &str, b: &str| super::field(super::field(super::SEED, a.as_bytes()), b.as_bytes());
        assert_ne!(two("ab", "c"), two("a", "bc"));
        assert_eq!(two("ab", "c"), two("ab", "c"));
    }

    /// The first index of each distinct item, as the crate's sites use the table.
    fn firsts(items: &[&str], hash: impl Fn(&str) -> u32) -> Vec<Option<usize>> {
        let mut t = Table::with_capacity(items.len());
        (0..items.len())
            .map(|n| t.insert(hash(items[n]), n, |k| items[k] == items[n]))
            .collect()
    }

    #[test]
    fn insert_keeps_the_first_holder() {
        let items = ["a", "b", "a", "c", "b", "a"];
        let got = firsts(&items, |s| super::bytes(s.as_bytes()));
        assert_eq!(got, [None, None, Some(0), None, Some(1), Some(0)]);
    }

    #[test]
    fn colliding_hashes_are_told_apart_by_the_closure() {
        // Every item hashes alike: the probe walks past the others.
        let items = ["x", "y", "z", "y", "x", "w", "z"];
        let got = firsts(&items, |_| 7);
        assert_eq!(got, [None, None, None, Some(1), Some(0), None, Some(2)]);
        // Hashes at the last slot wrap around to the first.
        let got = firsts(&items, |_| u32::MAX);
        assert_eq!(got, [None, None, None, Some(1), Some(0), None, Some(2)]);
    }

    #[test]
    fn get_finds_what_was_inserted_and_nothing_else() {
        let ids: Vec<String> = (0..100).map(|n| format!("id-{n}")).collect();
        let h = |s: &str| super::bytes(s.as_bytes());
        let mut t = Table::with_capacity(ids.len());
        for (n, id) in ids.iter().enumerate().filter(|(n, _)| n % 2 == 0) {
            assert_eq!(t.insert(h(id), n, |k| ids[k] == *id), None);
        }
        for (n, id) in ids.iter().enumerate() {
            let want = (n % 2 == 0).then_some(n);
            assert_eq!(t.get(h(id), |k| ids[k] == *id), want, "{id}");
        }
        assert_eq!(t.get(h("nope"), |k| ids[k] == "nope"), None);
    }

    #[test]
    fn duplicate_names_as_utf16_units() {
        // As the engine finds duplicate JSON keys: names are UTF-16 unit slices, hashed per unit.
        let names: Vec<Vec<u16>> = ["a", "\u{1F600}", "b", "a", "\u{1F600}"]
            .iter()
            .map(|s| s.encode_utf16().collect())
            .collect();
        let mut t = Table::with_capacity(names.len());
        let dups: Vec<usize> = (0..names.len())
            .filter(|&n| {
                t.insert(super::units(&names[n]), n, |m| names[m] == names[n])
                    .is_some()
            })
            .collect();
        assert_eq!(dups, [3, 4]);
    }

    #[test]
    fn an_empty_table_finds_nothing() {
        let t = Table::with_capacity(0);
        assert_eq!(t.get(super::bytes(b"a"), |_| true), None);
    }

    #[test]
    fn a_full_table_still_ends_its_probes() {
        // Filled to capacity, at most half the slots are taken.
        let items: Vec<String> = (0..5).map(|n| n.to_string()).collect();
        let mut t = Table::with_capacity(items.len());
        for (n, s) in items.iter().enumerate() {
            t.insert(3, n, |k| items[k] == *s);
        }
        assert_eq!(t.get(3, |_| false), None);
    }
}
