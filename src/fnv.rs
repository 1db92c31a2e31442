//! FNV-1a and the open-addressing tables over it, for the crate's small lookups: [`Table`]
//! (indices into the caller's items: duplicate JSON keys, Bedrock event ids, distinct losses,
//! generated ids) and [`IdMap`] (string ids to values, with removal: the stream folds' open
//! parts and calls). std's `HashMap` would bring SipHash and its random keys (~3 KiB) into the
//! wasm.

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

/// `h` with one field of a compound key mixed in, for the tables only (its values are never
/// kept): its bytes four at a time, each step folding the product's high bits down to the
/// low ones that pick a slot, then its length, so that ("ab", "c") and ("a", "bc") differ.
/// (A byte per step was a tenth of an Agens conversion: its losses' sentences are hashed to
/// write each distinct one once.)
pub fn field(h: u32, bytes: &[u8]) -> u32 {
    let word = |h: u32, w: u32| {
        let h = step(h, w);
        h ^ (h >> 15)
    };
    let mut chunks = bytes.chunks_exact(4);
    let h = chunks.by_ref().fold(h, |h, c| {
        word(h, u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
    });
    let h = chunks.remainder().iter().fold(h, |h, &b| word(h, b as u32));
    word(h, bytes.len() as u32)
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
        assert_ne!(two("abcd", ""), two("", "abcd"));
        assert_eq!(two("ab", "c"), two("ab", "c"));
        // Every byte of a word reaches the low bits a slot is picked by.
        let low = |s: &[u8]| super::field(super::SEED, s) & 0xff;
        for n in 0..4 {
            let mut a = *b"wxyz";
            let b = a;
            a[n] ^= 0x40;
            assert_ne!(low(&a), low(&b), "byte {n}");
        }
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

/// A small map from string ids to values, with removal (std's HashMap would bring SipHash
/// into the wasm): the stream folds' open parts and calls by id.
enum Bucket<V> {
    Empty,
    Gone,
    Full(Box<str>, V),
}

/// Open addressing over FNV-1a with linear probing; removal leaves a tombstone, and a table
/// that fills past half (tombstones counted) is rebuilt at most a quarter full. Clearing drops
/// it.
pub struct IdMap<V> {
    slots: Vec<Bucket<V>>,
    /// Slots full or gone.
    used: usize,
}

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap {
            slots: Vec::new(),
            used: 0,
        }
    }
}

impl<V> IdMap<V> {
    fn find(&self, key: &str) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = bytes(key.as_bytes()) as usize & mask;
        loop {
            match &self.slots[i] {
                Bucket::Empty => return None,
                Bucket::Full(k, _) if **k == *key => return Some(i),
                _ => i = (i + 1) & mask,
            }
        }
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        match self.find(key).map(|i| &self.slots[i]) {
            Some(Bucket::Full(_, v)) => Some(v),
            _ => None,
        }
    }

    pub fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        match self.find(key) {
            Some(i) => match &mut self.slots[i] {
                Bucket::Full(_, v) => Some(v),
                _ => None,
            },
            None => None,
        }
    }

    pub fn contains(&self, key: &str) -> bool {
        self.find(key).is_some()
    }

    /// Set `key` to `value` (replacing what it had).
    pub fn insert(&mut self, key: &str, value: V) {
        if let Some(v) = self.get_mut(key) {
            *v = value;
            return;
        }
        if (self.used + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = bytes(key.as_bytes()) as usize & mask;
        while let Bucket::Full(..) = self.slots[i] {
            i = (i + 1) & mask;
        }
        if let Bucket::Empty = self.slots[i] {
            self.used += 1;
        }
        self.slots[i] = Bucket::Full(key.into(), value);
    }

    /// Rebuilt without tombstones, at most a quarter full.
    fn grow(&mut self) {
        let live = self
            .slots
            .iter()
            .filter(|b| matches!(b, Bucket::Full(..)))
            .count();
        let size = ((live + 1) * 4).next_power_of_two().max(8);
        let old = std::mem::replace(&mut self.slots, (0..size).map(|_| Bucket::Empty).collect());
        self.used = 0;
        let mask = size - 1;
        for bucket in old {
            if let Bucket::Full(k, v) = bucket {
                let mut i = bytes(k.as_bytes()) as usize & mask;
                while let Bucket::Full(..) = self.slots[i] {
                    i = (i + 1) & mask;
                }
                self.slots[i] = Bucket::Full(k, v);
                self.used += 1;
            }
        }
    }

    pub fn remove(&mut self, key: &str) {
        if let Some(i) = self.find(key) {
            self.slots[i] = Bucket::Gone;
        }
    }

    pub fn clear(&mut self) {
        *self = IdMap::default();
    }
}

impl<V: Default> IdMap<V> {
    pub fn entry(&mut self, key: &str) -> &mut V {
        if self.find(key).is_none() {
            self.insert(key, V::default());
        }
        match self.find(key).map(|i| &mut self.slots[i]) {
            Some(Bucket::Full(_, v)) => v,
            _ => unreachable!("inserted just now"),
        }
    }
}

#[cfg(test)]
mod id_map_tests {
    use super::IdMap;

    #[test]
    fn the_id_map_inserts_replaces_removes_and_grows() {
        let mut m = IdMap::default();
        for n in 0..1000 {
            m.insert(&format!("k{n}"), n);
        }
        for n in (0..1000).step_by(2) {
            m.remove(&format!("k{n}"));
        }
        for n in 0..1000 {
            assert_eq!(m.get(&format!("k{n}")).copied(), (n % 2 == 1).then_some(n));
        }
        m.insert("k1", 7);
        assert_eq!(m.get("k1"), Some(&7));
        m.insert("k0", 8);
        assert_eq!(m.get("k0"), Some(&8));
        m.clear();
        assert!(m.get("k1").is_none());
        // Churn (one key at a time, as open texts come and go) keeps the table small.
        let mut churn = IdMap::default();
        for n in 0..10_000 {
            churn.insert(&n.to_string(), n);
            churn.remove(&n.to_string());
        }
        assert!(churn.slots.len() <= 16);
        let mut lists: IdMap<Vec<usize>> = IdMap::default();
        lists.entry("a").push(1);
        lists.entry("a").push(2);
        assert_eq!(lists.get("a"), Some(&vec![1, 2]));
    }
}

/// A 64-bit fingerprint of `bytes`: FNV-1a over 64 bits, then splitmix64's finalizer, so that
/// ids differing in one character land far apart. Two different ids share one with a chance
/// of about 2^-64.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    let mut h = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    h = (h ^ (h >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h = (h ^ (h >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// Fingerprints ([`fingerprint`]) to values: open addressing over the fingerprint itself,
/// kept at most half full, never removing. A table that remembers what it has seen in 16 bytes
/// an entry, whatever the length of the ids.
#[derive(Default)]
pub struct Fingerprints {
    /// `(fingerprint, value)`; fingerprint 0 marks an empty slot (a fingerprint of 0 is stored
    /// as 1).
    slots: Vec<(u64, u64)>,
    len: usize,
}

impl Fingerprints {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn slot(&self, key: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = key as usize & mask;
        while self.slots[i].0 != 0 && self.slots[i].0 != key {
            i = (i + 1) & mask;
        }
        i
    }

    pub fn get(&self, key: u64) -> Option<u64> {
        if self.slots.is_empty() {
            return None;
        }
        let key = key.max(1);
        let (k, v) = self.slots[self.slot(key)];
        (k == key).then_some(v)
    }

    /// Set `key` to `value` unless it has one already (the first stays).
    pub fn insert(&mut self, key: u64, value: u64) {
        let key = key.max(1);
        if (self.len + 1) * 2 > self.slots.len() {
            let size = (self.slots.len() * 2).max(4);
            let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
            for (k, v) in old.into_iter().filter(|(k, _)| *k != 0) {
                let at = self.slot(k);
                self.slots[at] = (k, v);
            }
        }
        let at = self.slot(key);
        if self.slots[at].0 == 0 {
            self.slots[at] = (key, value);
            self.len += 1;
        }
    }
}

/// What a [`Fingerprints`] table that no longer changes holds, in 2 bytes a key: a
/// fingerprint it answers `false` for is not in the table (it may answer `true` for one that is
/// not: about one in 200 when full). Small enough to stay in a core's cache where the table does not, so
/// that asking after a new key costs no read of the table.
#[derive(Default)]
pub struct FingerprintFilter {
    /// One 64-bit word per key's group; a key sets four of its bits.
    words: Vec<u64>,
}

impl FingerprintFilter {
    /// The filter of `table`'s keys (a word for each 8 slots: 16 bits a key when full).
    pub fn of(table: &Fingerprints) -> FingerprintFilter {
        let mut filter = FingerprintFilter {
            words: vec![0; (table.slots.len() / 8).max(1)],
        };
        for &(key, _) in table.slots.iter().filter(|s| s.0 != 0) {
            let (at, bits) = filter.place(key);
            filter.words[at] |= bits;
        }
        filter
    }

    /// May the table hold `key`?
    pub fn may_hold(&self, key: u64) -> bool {
        if self.words.is_empty() {
            return false;
        }
        let (at, bits) = self.place(key.max(1));
        self.words[at] & bits == bits
    }

    /// A key's word (from its high bits: the table's slot is from its low bits) and its four
    /// bits (from the bits between; a fingerprint's bits are all well mixed).
    fn place(&self, key: u64) -> (usize, u64) {
        let at = (key >> 40) as usize % self.words.len();
        let bits = (0..4).fold(0u64, |bits, k| bits | 1 << ((key >> (16 + 6 * k)) & 63));
        (at, bits)
    }
}

#[cfg(test)]
mod fingerprint_tests {
    use super::*;

    #[test]
    fn a_filter_holds_every_key_of_its_table_and_rarely_another() {
        let mut t = Fingerprints::default();
        assert!(!FingerprintFilter::default().may_hold(fingerprint(b"a")));
        assert!(!FingerprintFilter::of(&t).may_hold(fingerprint(b"a")));
        for n in 0..50_000u64 {
            t.insert(fingerprint(format!("call_{n}").as_bytes()), n);
        }
        t.insert(0, 1);
        let filter = FingerprintFilter::of(&t);
        assert!(filter.may_hold(0));
        for n in 0..50_000u64 {
            assert!(filter.may_hold(fingerprint(format!("call_{n}").as_bytes())));
        }
        let wrong = (50_000..150_000u64)
            .filter(|n| filter.may_hold(fingerprint(format!("call_{n}").as_bytes())))
            .count();
        assert!(
            wrong < 1_000,
            "{wrong} of 100000 keys not held said to be held"
        );
    }

    #[test]
    fn fingerprints_keep_the_first_value_and_grow() {
        let mut t = Fingerprints::default();
        assert_eq!(t.get(fingerprint(b"a")), None);
        for n in 0..1000u64 {
            t.insert(fingerprint(n.to_string().as_bytes()), n);
        }
        t.insert(fingerprint(b"7"), 99);
        assert_eq!(t.len(), 1000);
        assert_eq!(t.get(fingerprint(b"7")), Some(7));
        assert_eq!(t.get(fingerprint(b"999")), Some(999));
        assert_eq!(t.get(fingerprint(b"1000")), None);
        assert_ne!(fingerprint(b"ab"), fingerprint(b"ba"));
        // The empty marker is never a key.
        t.insert(0, 5);
        assert_eq!(t.get(0), Some(5));
    }
}
