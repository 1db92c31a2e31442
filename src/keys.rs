//! Every property name any format's shapes mention, numbered once.
//!
//! The JavaScript walker sends a known key as its number instead of its characters, and the
//! JSON parser maps key text to the same numbers, so field lookup is an integer compare.
//! Add a format's keys here; the order is free, the names must be unique.

/// A property name known to the shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Key(pub u16);

impl Key {
    pub const fn name(self) -> &'static str {
        KEYS[self.0 as usize]
    }
}

macro_rules! known_keys {
    ($($konst:ident = $name:literal),* $(,)?) => {
        known_keys!(@consts 0u16; $($konst = $name,)*);
        /// Every known key, indexed by its number.
        pub const KEYS: &[&str] = &[$($name),*];
        /// The number of a known key, from its text: one hash and a probe or two in a table
        /// built on first use (a `match` on the names compiles to one comparison after
        /// another in kilobytes of code, and a scan of the table makes every key of JSON text
        /// cost a few hundred comparisons).
        pub fn lookup(name: &[u8]) -> Option<Key> {
            static TABLE: std::sync::OnceLock<crate::fnv::Table> = std::sync::OnceLock::new();
            let table = TABLE.get_or_init(|| {
                let mut table = crate::fnv::Table::with_capacity(KEYS.len());
                for (i, k) in KEYS.iter().enumerate() {
                    // The names are unique (a test says so): none is found before its own.
                    table.insert(crate::fnv::bytes(k.as_bytes()), i, |_| false);
                }
                table
            });
            table
                .get(crate::fnv::bytes(name), |i| KEYS[i].as_bytes() == name)
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
    CACHE_CONTROL = "cache_control",
    CACHE_CREATION = "cache_creation",
    CACHE_CREATION_INPUT_TOKENS = "cache_creation_input_tokens",
    CACHE_MISS_REASON = "cache_miss_reason",
    CACHE_READ_INPUT_TOKENS = "cache_read_input_tokens",
    CATEGORY = "category",
    CITATIONS = "citations",
    CITED_TEXT = "cited_text",
    CONTAINER = "container",
    CONTEXT = "context",
    DIAGNOSTICS = "diagnostics",
    DOCUMENT_INDEX = "document_index",
    DOCUMENT_TITLE = "document_title",
    ENABLED = "enabled",
    ENCRYPTED_INDEX = "encrypted_index",
    END_BLOCK_INDEX = "end_block_index",
    END_CHAR_INDEX = "end_char_index",
    END_PAGE_NUMBER = "end_page_number",
    EPHEMERAL_1H_INPUT_TOKENS = "ephemeral_1h_input_tokens",
    EPHEMERAL_5M_INPUT_TOKENS = "ephemeral_5m_input_tokens",
    EXPIRES_AT = "expires_at",
    EXPLANATION = "explanation",
    INFERENCE_GEO = "inference_geo",
    INPUT_TOKENS = "input_tokens",
    IS_ERROR = "is_error",
    MEDIA_TYPE_SNAKE = "media_type",
    MODEL = "model",
    OUTPUT_TOKENS = "output_tokens",
    OUTPUT_TOKENS_DETAILS = "output_tokens_details",
    OVERSIZED_IMAGE = "oversized_image",
    SEARCH_RESULT_INDEX = "search_result_index",
    SERVER_TOOL_USE = "server_tool_use",
    SERVICE_TIER = "service_tier",
    SIGNATURE = "signature",
    SKILL_ID = "skill_id",
    SKILLS = "skills",
    SOURCE = "source",
    SPEED = "speed",
    START_BLOCK_INDEX = "start_block_index",
    START_CHAR_INDEX = "start_char_index",
    START_PAGE_NUMBER = "start_page_number",
    STATE_CHANGES = "state_changes",
    STOP_DETAILS = "stop_details",
    STOP_REASON = "stop_reason",
    STOP_SEQUENCE = "stop_sequence",
    TABS = "tabs",
    THINKING = "thinking",
    THINKING_TOKENS = "thinking_tokens",
    TOOL_ID = "tool_id",
    TOOL_NAME_SNAKE = "tool_name",
    TOOL_USE_ID = "tool_use_id",
    TOOLSET_NAME = "toolset_name",
    TRANSFORMATIONS = "transformations",
    TTL = "ttl",
    USAGE = "usage",
    VERSION = "version",
    WEB_FETCH_REQUESTS = "web_fetch_requests",
    WEB_SEARCH_REQUESTS = "web_search_requests",
    // AI SDK ModelMessage (add this format's keys here)
    PROVIDER_OPTIONS = "providerOptions",
    IMAGE = "image",
    MEDIA_TYPE = "mediaType",
    KIND = "kind",
    TOOL_CALL_ID_CAMEL = "toolCallId",
    TOOL_NAME = "toolName",
    PROVIDER_EXECUTED = "providerExecuted",
    APPROVAL_ID = "approvalId",
    IS_AUTOMATIC = "isAutomatic",
    INPUT_SCHEMA_INPUT = "inputSchemaInput",
    APPROVED = "approved",
    ORIGINAL_URL = "originalUrl",
    REFERENCE = "reference",
    FILE_ID_CAMEL = "fileId",
    PROVIDER_REFERENCE = "providerReference",
    // AI SDK UIMessage (add this format's keys here)
    PARTS = "parts",
    STATE = "state",
    PROVIDER_METADATA = "providerMetadata",
    SOURCE_ID = "sourceId",
    SOURCE_TYPE = "sourceType",
    START_INDEX = "startIndex",
    END_INDEX = "endIndex",
    CITED_TEXT_CAMEL = "citedText",
    TOOL_METADATA = "toolMetadata",
    CALL_PROVIDER_METADATA = "callProviderMetadata",
    RESULT_PROVIDER_METADATA = "resultProviderMetadata",
    RAW_INPUT = "rawInput",
    INPUT_ENCODING = "inputEncoding",
    ERROR_TEXT = "errorText",
    APPROVAL = "approval",
    PRELIMINARY = "preliminary",
    DYNAMIC = "dynamic",
    DESCRIPTOR = "descriptor",
    REQUEST_REASON = "requestReason",
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
