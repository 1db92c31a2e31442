//! The documented Agens types as Rust types. Tsify turns them into the TypeScript declarations
//! the package ships. `Message` and `ToolCall` are emitted as `AgensMessage` and `AgensToolCall`
//! (other formats have a `Message` and a `ToolCall`); `agens.d.ts` gives them their documented
//! names back.

use agent_messages_derive::Described;
use serde::{Deserialize, Serialize};
use tsify::Tsify;

/// `%Agens.Message{}` as an object with the struct's snake_case keys. Only `input` is required;
/// `retries` defaults to `0` and `next` to `[]`; every other field may be absent or `null`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = MESSAGE_OBJECT, name = "Message")]
pub struct AgensMessage {
    /// The pid of the process that invoked `Agens.Job.run/3`, written `"#PID<a.b.c>"`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    #[shape(rule = Pid)]
    pub caller: Option<Option<String>>,
    /// Per-message identifier: 32 lowercase hex characters (`generateUid()`).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub id: Option<Option<String>>,
    /// The Job run this message belongs to.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub run_id: Option<Option<String>>,
    /// The enclosing parent Job's run, for a Sub-Job run.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub parent_run_id: Option<Option<String>>,
    /// The parallel thread within the run.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub thread_id: Option<Option<String>>,
    /// The original input of the run. Required, and not empty (`send/1` rejects `""`).
    #[shape(rule = NonEmpty)]
    pub input: String,
    /// The prepared system prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub system: Option<Option<String>>,
    /// The prepared user prompt.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub user: Option<Option<String>>,
    /// The Serving's response body for this Node.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub result: Option<Option<String>>,
    /// The `result` of the previous Node.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub previous_result: Option<Option<String>>,
    /// Structured outputs parsed from the Serving's response.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "{ [key: string]: unknown } | null")]
    pub outputs: Option<Option<serde_json::Map<String, serde_json::Value>>>,
    /// The id of the Job this run executes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub job_id: Option<Option<String>>,
    /// The Job's description.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub job_description: Option<Option<String>>,
    /// The Node being processed.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub node_id: Option<Option<String>>,
    /// The Node's objective.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub node_objective: Option<Option<String>>,
    /// An opaque identifier passed to `Agens.Serving.load_context/2`.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub agent_id: Option<Option<String>>,
    /// The Serving's name (an atom, written as a string).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub serving_name: Option<Option<String>>,
    /// MCP-style tool schemas declared on the Node.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "ToolDef[] | null")]
    pub tool_defs: Option<Option<Vec<ToolDef>>>,
    /// Tool call requests emitted by the model.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "AgensToolCall[] | null")]
    pub tool_calls: Option<Option<Vec<AgensToolCall>>>,
    /// Resolved tool results keyed by tool call id.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "{ [key: string]: unknown } | null")]
    pub tool_results: Option<Option<serde_json::Map<String, serde_json::Value>>>,
    /// Resources declared on the Node.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "Resource[] | null")]
    pub resources: Option<Option<Vec<Resource>>>,
    /// How many times this Node has been retried in the run: a non-negative integer.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    #[shape(integer(min = 0))]
    pub retries: Option<u32>,
    /// The reason of the most recent retry.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub retry_reason: Option<Option<String>>,
    /// Routing instructions for the next hop.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub next: Option<Vec<NextInstruction>>,
}

/// `%Agens.Resource{}`.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = RESOURCE)]
pub struct Resource {
    pub uri: String,
    pub name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub description: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional, type = "string | null")]
    pub content: Option<Option<String>>,
}

/// An MCP-style tool schema: an object with a `name`, everything else kept.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[tsify(type = "{ name: string; [key: string]: unknown }")]
#[serde(transparent)]
pub struct ToolDef(pub serde_json::Value);

/// A tool call as the model emits it (upstream's MCP-style schema).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL, name = "ToolCall")]
pub struct AgensToolCall {
    pub id: String,
    pub name: String,
    pub arguments: Vec<AgensToolCallArgument>,
    pub server_name: String,
    #[serde(rename = "type")]
    #[tsify(type = "'mcp_tool_use' | 'tool_call'")]
    pub r#type: String,
}

/// One argument of a tool call: a key and a value, both strings.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = TOOL_CALL_ARGUMENT, name = "ToolCallArgument")]
pub struct AgensToolCallArgument {
    pub key: String,
    pub value: String,
}

/// `{:route, node_id, count}`: go on to a Node, in `count` parallel threads.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = ROUTE)]
pub struct RouteInstruction {
    #[serde(rename = "type")]
    #[tsify(type = "'route'")]
    pub r#type: String,
    pub node_id: String,
    /// A positive integer.
    #[shape(integer(min = 1))]
    pub count: u32,
}

/// `{:yield, node_id}`: hand over to a Node for aggregation.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = YIELD)]
pub struct YieldInstruction {
    #[serde(rename = "type")]
    #[tsify(type = "'yield'")]
    pub r#type: String,
    pub node_id: String,
}

/// `{:sub, job_id}`: start a Sub-Job.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SUB)]
pub struct SubInstruction {
    #[serde(rename = "type")]
    #[tsify(type = "'sub'")]
    pub r#type: String,
    pub job_id: String,
}

/// `:end`: end the Job.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = END)]
pub struct EndInstruction {
    #[serde(rename = "type")]
    #[tsify(type = "'end'")]
    pub r#type: String,
}

/// `:retry` or `{:retry, reason}`: run the Node again.
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = RETRY)]
pub struct RetryInstruction {
    #[serde(rename = "type")]
    #[tsify(type = "'retry'")]
    pub r#type: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(optional)]
    pub reason: Option<String>,
}

/// One routing instruction of `next`.
#[derive(Tsify, Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum NextInstruction {
    Route(RouteInstruction),
    Yield(YieldInstruction),
    Sub(SubInstruction),
    End(EndInstruction),
    Retry(RetryInstruction),
}

/// The model's structured-output form of one instruction (upstream `Agens.Schema.response/0`).
#[derive(Tsify, Serialize, Deserialize, Described, Clone, Debug, PartialEq)]
#[shape(static = SHORT_NEXT)]
pub struct ShortNext {
    #[serde(rename = "type")]
    #[tsify(type = "'route' | 'yield' | 'sub' | 'end' | 'retry'")]
    pub r#type: String,
    pub value: String,
}
