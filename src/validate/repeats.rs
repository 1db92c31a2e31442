//! Which keys of one object repeat (in JSON text, where `JSON.parse` would silently keep the
//! last): known keys by id in a bit set, other names through the crate's table of FNV-1a hashes
//! ([`crate::fnv::Table`]).

use crate::fnv;

/// The ids of the known keys seen so far in one object.
#[derive(Default)]
pub(super) struct SeenIds {
    /// Ids below 128, one bit each.
    small: u128,
    big: Vec<u16>,
}

impl SeenIds {
    /// Note `id`; true when it was seen before.
    pub fn repeat(&mut self, id: u16) -> bool {
        if id < 128 {
            let bit = 1u128 << id;
            let seen = self.small & bit != 0;
            self.small |= bit;
            seen
        } else if self.big.contains(&id) {
            true
        } else {
            self.big.push(id);
            false
        }
    }
}

/// How many names of one object [`repeated_few`] compares pairwise.
pub(super) const FEW_KEYS: usize = 8;

/// Call `found(n)` for each of a few `names` that equals an earlier one, in order (as
/// [`repeated_names`]; with no table, for at most [`FEW_KEYS`] names).
pub(super) fn repeated_few<T: PartialEq>(names: &[T], mut found: impl FnMut(usize)) {
    for n in 1..names.len() {
        if names[..n].contains(&names[n]) {
            found(n);
        }
    }
}

/// Call `found(n)` for each of `names` (UTF-16 units) that equals an earlier one, in order.
pub(super) fn repeated_names(names: &[Vec<u16>], mut found: impl FnMut(usize)) {
    let mut table = fnv::Table::with_capacity(names.len());
    for (n, name) in names.iter().enumerate() {
        if table
            .insert(fnv::units(name), n, |m| names[m] == *name)
            .is_some()
        {
            found(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_ids_repeat_below_and_above_128() {
        let mut seen = SeenIds::default();
        let firsts: Vec<bool> = [3, 200, 3, 127, 200, 128].map(|id| seen.repeat(id)).into();
        assert_eq!(firsts, [false, false, true, false, true, false]);
    }

    #[test]
    fn names_that_repeat_an_earlier_one_in_order() {
        let names: Vec<Vec<u16>> = ["a", "b", "a", "", "b", "a", ""]
            .iter()
            .map(|s| s.encode_utf16().collect())
            .collect();
        let mut found = Vec::new();
        repeated_names(&names, |n| found.push(n));
        assert_eq!(found, [2, 4, 5, 6]);
        let mut few = Vec::new();
        repeated_few(&names, |n| few.push(n));
        assert_eq!(few, found);
    }

    /// The pairwise comparison finds what the table finds, for every list of up to
    /// [`FEW_KEYS`] names drawn from three.
    #[test]
    fn a_few_names_compared_pairwise_repeat_as_through_the_table() {
        let pool: [&[u8]; 3] = [b"a", b"b", b"ab"];
        for len in 0..=FEW_KEYS {
            for pick in 0..3usize.pow(len as u32) {
                let names: Vec<&[u8]> = (0..len)
                    .map(|d| pool[pick / 3usize.pow(d as u32) % 3])
                    .collect();
                let units: Vec<Vec<u16>> = names
                    .iter()
                    .map(|b| b.iter().map(|&c| c as u16).collect())
                    .collect();
                let (mut few, mut table) = (Vec::new(), Vec::new());
                repeated_few(&names, |n| few.push(n));
                repeated_names(&units, |n| table.push(n));
                assert_eq!(few, table, "{names:?}");
            }
        }
    }
}
