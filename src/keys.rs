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

macro_rules! known_keys {
    ($($konst:ident = $name:literal),* $(,)?) => {
        known_keys!(@consts 0u16; $($konst = $name,)*);
        /// Every known key, indexed by its number.
        pub const KEYS: &[&str] = &[$($name),*];
        /// The number of a known key, from its text. (A scan of the table: a `match` on the
        /// names compiles to the same comparisons, one after another, in much more code.)
        pub fn lookup(name: &[u8]) -> Option<Key> {
            KEYS.iter()
                .position(|k| k.as_bytes() == name)
                .map(|i| Key(i as u16))
        }
    };
    (@consts $n:expr; $konst:ident = $name:literal, $($rest:tt)*) => {
        pub const $konst: Key = Key($n);
        known_keys!(@consts $n + 1u16; $($rest)*);
    };
    (@consts $n:expr;) => {};
}

/// The key named `name`, at compile time (the shapes derived from the documented types look
/// their keys up here; a name this table lacks fails the build, naming it: add it below).
pub const fn key(name: &str) -> Key {
    let mut i = 0;
    while i < KEYS.len() {
        let (a, b) = (KEYS[i].as_bytes(), name.as_bytes());
        if a.len() == b.len() {
            let mut j = 0;
            while j < a.len() && a[j] == b[j] {
                j += 1;
            }
            if j == a.len() {
                return Key(i as u16);
            }
        }
        i += 1;
    }
    panic!("{}", name)
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
    // Anthropic Messages (add this format's keys here)
    MESSAGES = "messages",
    // AI SDK ModelMessage (add this format's keys here)
    PROVIDER_OPTIONS = "providerOptions",
    // AI SDK UIMessage (add this format's keys here)
    PARTS = "parts",
    CITATIONS = "citations",
    STATE = "state",
    PROVIDER_METADATA = "providerMetadata",
    KIND = "kind",
    SOURCE_ID = "sourceId",
    MEDIA_TYPE = "mediaType",
    PROVIDER_REFERENCE = "providerReference",
    SOURCE = "source",
    SOURCE_TYPE = "sourceType",
    START_INDEX = "startIndex",
    END_INDEX = "endIndex",
    CITED_TEXT = "citedText",
    TOOL_CALL_ID_CAMEL = "toolCallId",
    TOOL_NAME = "toolName",
    TOOL_METADATA = "toolMetadata",
    PROVIDER_EXECUTED = "providerExecuted",
    CALL_PROVIDER_METADATA = "callProviderMetadata",
    RESULT_PROVIDER_METADATA = "resultProviderMetadata",
    RAW_INPUT = "rawInput",
    INPUT_ENCODING = "inputEncoding",
    ERROR_TEXT = "errorText",
    APPROVAL = "approval",
    APPROVED = "approved",
    PRELIMINARY = "preliminary",
    DYNAMIC = "dynamic",
    DESCRIPTOR = "descriptor",
    REQUEST_REASON = "requestReason",
    IS_AUTOMATIC = "isAutomatic",
    SIGNATURE = "signature",
    INPUT_SCHEMA_INPUT = "inputSchemaInput",
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
    }

    #[test]
    fn names_are_unique() {
        let mut names: Vec<_> = KEYS.to_vec();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), KEYS.len());
    }
}
