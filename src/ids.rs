//! Generated ids: ULIDs (Kernel) and 32-hex uids (Agens), from cryptographic randomness drawn
//! in batches so that one id does not cost one call into the platform's random source.

use ulid::Ulid;

/// Why an id could not be made.
#[derive(Debug, Clone, PartialEq)]
pub enum IdError {
    /// The platform's random source failed.
    Random(String),
    /// The clock reading is not a time a ULID can hold (before 1970 or after 10889).
    Clock(f64),
}

impl std::fmt::Display for IdError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            IdError::Random(e) => write!(f, "no cryptographic randomness available: {e}"),
            IdError::Clock(t) => write!(
                f,
                "the clock reading {} is not a time a ULID can hold",
                crate::json_text::number_text(*t)
            ),
        }
    }
}

impl std::error::Error for IdError {}

/// Random bytes from the platform, fetched 256 at a time.
pub struct RandomPool {
    buf: [u8; 256],
    pos: usize,
}

impl Default for RandomPool {
    fn default() -> Self {
        RandomPool {
            buf: [0; 256],
            pos: 256,
        }
    }
}

impl RandomPool {
    pub fn fill(&mut self, out: &mut [u8]) -> Result<(), IdError> {
        for b in out.iter_mut() {
            if self.pos == self.buf.len() {
                getrandom::fill(&mut self.buf).map_err(|e| IdError::Random(e.to_string()))?;
                self.pos = 0;
            }
            *b = self.buf[self.pos];
            self.pos += 1;
        }
        Ok(())
    }
}

/// Monotonic ULIDs: within one millisecond (or when the clock steps back) the next id is the
/// previous one plus one, so ids sort in creation order. The id's time is also the message's
/// `timestamp`: both come from the same reading.
#[derive(Default)]
pub struct UlidGenerator {
    last: Option<Ulid>,
    pool: RandomPool,
}

const MAX_MS: u64 = crate::boundary::limit::MAX_CLOCK;

/// Crockford's base 32, as ULIDs spell it (the ulid crate keeps its copy private; a test holds
/// this one to its encoding).
pub const ULID_DIGITS: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

impl UlidGenerator {
    /// The next id for a clock reading in ms since the epoch, and the ms the id carries.
    pub fn next(&mut self, now_ms: f64) -> Result<(Ulid, u64), IdError> {
        if !(now_ms >= 0.0 && now_ms <= MAX_MS as f64) {
            return Err(IdError::Clock(now_ms));
        }
        let now = now_ms as u64;
        let id = match self.last {
            Some(last) if last.timestamp_ms() >= now => match last.increment() {
                Ok(next) => next,
                // 2^80 ids in one millisecond: move to the next one.
                Err(_) => self.fresh(last.timestamp_ms() + 1)?,
            },
            _ => self.fresh(now)?,
        };
        self.last = Some(id);
        Ok((id, id.timestamp_ms()))
    }

    /// `k` ids made on from the last one elsewhere, each the one before plus one (the facade
    /// makes them without a call, while the last character can move on without a carry): the
    /// next id follows the last of them.
    pub fn skip(&mut self, k: u32) {
        for _ in 0..k {
            match self.last.map(|last| last.increment()) {
                Some(Ok(next)) => self.last = Some(next),
                _ => return,
            }
        }
    }

    fn fresh(&mut self, ms: u64) -> Result<Ulid, IdError> {
        if ms > MAX_MS {
            return Err(IdError::Clock(ms as f64));
        }
        let mut r = [0u8; 16];
        self.pool.fill(&mut r[6..])?;
        Ok(Ulid::from_parts(ms, u128::from_be_bytes(r)))
    }
}

/// A uid as Agens makes them: 16 random bytes as 32 lowercase hex characters.
pub fn hex_uid(pool: &mut RandomPool) -> Result<String, IdError> {
    let mut b = [0u8; 16];
    pool.fill(&mut b)?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// A random (version 4) UUID, as Bedrock Swarm makes its event ids: `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`.
pub fn uuid_v4(pool: &mut RandomPool) -> Result<String, IdError> {
    let mut b = [0u8; 16];
    pool.fill(&mut b)?;
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    Ok(format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    ))
}

/// A tool-call id as agent-swarm-kit makes them: `call_` and 9 base-36 characters.
pub fn call_id(pool: &mut RandomPool) -> Result<String, IdError> {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut id = String::from("call_");
    let mut b = [0u8; 9];
    loop {
        pool.fill(&mut b)?;
        // Rejection sampling keeps every character equally likely (252 = 7 * 36).
        if b.iter().all(|&x| x < 252) {
            break;
        }
    }
    id.extend(b.iter().map(|&x| DIGITS[(x % 36) as usize] as char));
    Ok(id)
}

/// `prefix` and then `n` base-62 characters (`0-9A-Za-z`), each equally likely.
fn base62(pool: &mut RandomPool, prefix: &str, n: usize) -> Result<String, IdError> {
    const DIGITS: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
    let mut id = String::with_capacity(prefix.len() + n);
    id.push_str(prefix);
    let mut b = [0u8; 16];
    while id.len() < prefix.len() + n {
        pool.fill(&mut b)?;
        // Rejection sampling keeps every character equally likely (248 = 4 * 62).
        let left = prefix.len() + n - id.len();
        id.extend(
            b.iter()
                .filter(|&&x| x < 248)
                .map(|&x| DIGITS[(x % 62) as usize] as char)
                .take(left),
        );
    }
    Ok(id)
}

/// A tool-use id as the Anthropic API makes them: `toolu_` and 24 base-62 characters.
pub fn tool_use_id(pool: &mut RandomPool) -> Result<String, IdError> {
    base62(pool, "toolu_", 24)
}

/// An id as the AI SDK's `generateId` makes them: 16 characters of `0-9A-Za-z`.
pub fn ai_sdk_id(pool: &mut RandomPool) -> Result<String, IdError> {
    base62(pool, "", 16)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ai_sdk_ids_are_16_alphanumerics() {
        let mut pool = RandomPool::default();
        let a = ai_sdk_id(&mut pool).unwrap();
        let b = ai_sdk_id(&mut pool).unwrap();
        assert_eq!(a.len(), 16);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
    }

    #[test]
    fn ids_in_one_millisecond_increase_and_share_its_time() {
        let mut g = UlidGenerator::default();
        let (a, ta) = g.next(1_700_000_000_000.0).unwrap();
        let (b, tb) = g.next(1_700_000_000_000.0).unwrap();
        assert_eq!((ta, tb), (1_700_000_000_000, 1_700_000_000_000));
        assert_eq!(b.random(), a.random() + 1);
        assert!(b.to_string() > a.to_string());
    }

    #[test]
    fn ids_made_elsewhere_are_skipped() {
        let mut g = UlidGenerator::default();
        let (a, _) = g.next(1_700_000_000_000.0).unwrap();
        g.skip(5);
        let (b, _) = g.next(1_700_000_000_000.0).unwrap();
        assert_eq!(b.random(), a.random() + 6);
        // Nothing to skip from before the first id.
        let mut empty = UlidGenerator::default();
        empty.skip(3);
        assert!(empty.last.is_none());
    }

    #[test]
    fn the_digits_are_the_ulid_crates() {
        let id = Ulid::from_parts(1_700_000_000_000, 0x0123_4567_89ab_cdef_0123);
        let mut value = id.0;
        let mut text = [0u8; ulid::ULID_LEN];
        for c in text.iter_mut().rev() {
            *c = ULID_DIGITS[(value & 31) as usize];
            value >>= 5;
        }
        assert_eq!(std::str::from_utf8(&text).unwrap(), id.to_string());
    }

    #[test]
    fn a_clock_that_steps_back_keeps_order() {
        let mut g = UlidGenerator::default();
        let (a, _) = g.next(2_000.0).unwrap();
        let (b, tb) = g.next(1_000.0).unwrap();
        assert!(b > a);
        assert_eq!(tb, 2_000);
        let (c, tc) = g.next(3_000.0).unwrap();
        assert_eq!(tc, 3_000);
        assert!(c > b);
        assert_eq!(c.timestamp_ms(), 3_000);
    }

    #[test]
    fn clock_readings_a_ulid_cannot_hold_are_errors() {
        let mut g = UlidGenerator::default();
        for bad in [f64::NAN, -1.0, f64::INFINITY, 2f64.powi(48)] {
            assert!(matches!(g.next(bad), Err(IdError::Clock(_))), "{bad}");
        }
    }

    #[test]
    fn fresh_ids_differ() {
        let mut g = UlidGenerator::default();
        let ids: std::collections::HashSet<_> = (0..1000)
            .map(|i| g.next(i as f64 * 10.0).unwrap().0)
            .collect();
        assert_eq!(ids.len(), 1000);
    }

    #[test]
    fn uuids_are_version_4() {
        let mut p = RandomPool::default();
        let u = uuid_v4(&mut p).unwrap();
        assert_eq!(u.len(), 36);
        assert_eq!(&u[14..15], "4");
        assert!(matches!(&u[19..20], "8" | "9" | "a" | "b"), "{u}");
        assert_eq!(u.matches('-').count(), 4);
    }

    #[test]
    fn call_ids_look_like_agent_swarm_kits() {
        let mut p = RandomPool::default();
        let id = call_id(&mut p).unwrap();
        assert_eq!(id.len(), 14);
        assert!(id.starts_with("call_"));
        assert!(id[5..]
            .bytes()
            .all(|c| c.is_ascii_digit() || c.is_ascii_lowercase()));
    }

    #[test]
    fn tool_use_ids_look_like_anthropics() {
        let mut p = RandomPool::default();
        let id = tool_use_id(&mut p).unwrap();
        assert_eq!(id.len(), 30);
        assert!(id.starts_with("toolu_"));
        assert!(id[6..].bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(id, tool_use_id(&mut p).unwrap());
    }

    #[test]
    fn hex_uids_are_32_lowercase_hex() {
        let mut p = RandomPool::default();
        let a = hex_uid(&mut p).unwrap();
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| matches!(c, b'0'..=b'9' | b'a'..=b'f')));
        assert_ne!(a, hex_uid(&mut p).unwrap());
    }
}
