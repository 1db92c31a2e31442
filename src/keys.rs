//! Every property name any format's shapes mention, numbered once.
//!
//! The JavaScript walker sends a known key as its number instead of its characters, and the
//! JSON parser maps key text to the same numbers, so field lookup is an integer compare.
//! Add a format's keys here; the order is free, the names must be unique.

/// A property name known to the shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub u16);

impl Key {
    pub fn name(self) -> &'static str {
        KEYS[self.0 as usize]
    }
}

/// Slots of the lookup table: a power of two, at least twice the number of keys.
const TABLE_SIZE: usize = 512;
const EMPTY: u16 = u16::MAX;

/// FNV-1a of a name, reduced to a slot.
const fn hash(name: &[u8]) -> usize {
    let mut h: u32 = 0x811c_9dc5;
    let mut i = 0;
    while i < name.len() {
        h = (h ^ name[i] as u32).wrapping_mul(0x0100_0193);
        i += 1;
    }
    (h ^ (h >> 16)) as usize & (TABLE_SIZE - 1)
}

/// Open addressing over [`KEYS`] (linear probing).
const TABLE: [u16; TABLE_SIZE] = {
    assert!(KEYS.len() * 2 <= TABLE_SIZE);
    let mut t = [EMPTY; TABLE_SIZE];
    let mut i = 0;
    while i < KEYS.len() {
        let mut slot = hash(KEYS[i].as_bytes());
        while t[slot] != EMPTY {
            slot = (slot + 1) & (TABLE_SIZE - 1);
        }
        t[slot] = i as u16;
        i += 1;
    }
    t
};

macro_rules! known_keys {
    ($($konst:ident = $name:literal),* $(,)?) => {
        known_keys!(@consts 0u16; $($konst = $name,)*);
        /// Every known key, indexed by its number.
        pub const KEYS: &[&str] = &[$($name),*];
        /// The number of a known key, from its text: one probe of a hash table built at
        /// compile time (every key of every message goes through here).
        pub fn lookup(name: &[u8]) -> Option<Key> {
            let mut slot = hash(name);
            loop {
                let k = TABLE[slot];
                if k == EMPTY {
                    return None;
                }
                if KEYS[k as usize].as_bytes() == name {
                    return Some(Key(k));
                }
                slot = (slot + 1) & (TABLE_SIZE - 1);
            }
        }
    };
    (@consts $n:expr; $konst:ident = $name:literal, $($rest:tt)*) => {
        pub const $konst: Key = Key($n);
        known_keys!(@consts $n + 1u16; $($rest)*);
    };
    (@consts $n:expr;) => {};
}

known_keys! {
    // Kernel
    ID = "id",
    TIMESTAMP = "timestamp",
    TYPE = "type",
    TEXT = "text",
    FILES = "files",
    DATA = "data",
    FILENAME = "filename",
    MIME_TYPE = "mimeType",
    TITLE = "title",
    SUMMARY = "summary",
    CALLS = "calls",
    RESULTS = "results",
    NAME = "name",
    ARGS = "args",
    CALL_ID = "callId",
    OUTPUT = "output",
    ERROR = "error",
    RESULT = "result",
    // JSON form of an Error
    MESSAGE = "message",
    STACK = "stack",
    CAUSE = "cause",
    // agent-swarm-kit
    ROLE = "role",
    AGENT_NAME = "agentName",
    CONTENT = "content",
    MODE = "mode",
    TOOL_CALLS = "tool_calls",
    IMAGES = "images",
    TOOL_CALL_ID = "tool_call_id",
    PAYLOAD = "payload",
    FUNCTION = "function",
    ARGUMENTS = "arguments",
    // Agens
    CALLER = "caller",
    RUN_ID = "run_id",
    PARENT_RUN_ID = "parent_run_id",
    THREAD_ID = "thread_id",
    INPUT = "input",
    SYSTEM = "system",
    USER = "user",
    PREVIOUS_RESULT = "previous_result",
    OUTPUTS = "outputs",
    JOB_ID = "job_id",
    JOB_DESCRIPTION = "job_description",
    NODE_ID = "node_id",
    NODE_OBJECTIVE = "node_objective",
    AGENT_ID = "agent_id",
    SERVING_NAME = "serving_name",
    TOOL_DEFS = "tool_defs",
    TOOL_RESULTS = "tool_results",
    RESOURCES = "resources",
    RETRIES = "retries",
    RETRY_REASON = "retry_reason",
    NEXT = "next",
    COUNT = "count",
    REASON = "reason",
    URI = "uri",
    DESCRIPTION = "description",
    KEY = "key",
    VALUE = "value",
    SERVER_NAME = "server_name",
    INPUT_SCHEMA = "inputSchema",
    OUTPUT_SCHEMA = "outputSchema",
    ANNOTATIONS = "annotations",
    // Bedrock Swarm
    SUCCESS = "success",
    AGENT_NAME_SNAKE = "agent_name",
    PARENT_EVENT_ID = "parent_event_id",
    DETAILS = "details",
    METADATA = "metadata",
    // OpenAI Chat Completions
    REFUSAL = "refusal",
    AUDIO = "audio",
    IMAGE_URL = "image_url",
    URL = "url",
    DETAIL = "detail",
    INPUT_AUDIO = "input_audio",
    FORMAT = "format",
    FILE = "file",
    FILE_DATA = "file_data",
    FILE_ID = "file_id",
    FUNCTION_CALL = "function_call",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_maps_back_to_its_number() {
        for (i, name) in KEYS.iter().enumerate() {
            assert_eq!(lookup(name.as_bytes()), Some(Key(i as u16)), "{name}");
            assert_eq!(Key(i as u16).name(), *name);
        }
        assert_eq!(lookup(b"no-such-key"), None);
        // Near misses of every key (a prefix, an extension, a changed last byte) are found
        // only if they are keys themselves.
        let position = |c: &[u8]| {
            KEYS.iter()
                .position(|k| k.as_bytes() == c)
                .map(|i| Key(i as u16))
        };
        for name in KEYS {
            let b = name.as_bytes();
            let mut changed = b.to_vec();
            *changed.last_mut().unwrap() ^= 0x20;
            for c in [b[..b.len() - 1].to_vec(), [b, b"x"].concat(), changed] {
                assert_eq!(lookup(&c), position(&c), "{name}");
            }
        }
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = KEYS.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), KEYS.len());
    }
}
