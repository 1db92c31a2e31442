//! Values a target requires and the source lacks come from the caller (never losses): the swarm
//! `agentName` here; Kernel ids and timestamps are the `Counter` of support.rs in every test.
use crate::support::{ours, theirs, Counter};
use agent_messages::convert::{convert, Fill};
use agent_messages::formats::swarm;
use agent_messages::formats::Format::*;
use serde_json::json;

/// `Counter`'s ids and times, with an `agentName` of the caller's.
struct Named(Counter, &'static str);

impl Fill for Named {
    fn id_and_time(&mut self) -> (String, f64) {
        self.0.id_and_time()
    }
    fn agent_name(&self) -> &str {
        self.1
    }
}

fn openai() -> Vec<serde_json::Value> {
    vec![
        json!({ "role": "user", "content": "hi" }),
        json!({ "role": "assistant", "content": "hello" }),
    ]
}

#[test]
fn agent_name_fills_swarm_messages_that_name_no_author() {
    let mut fill = Named(Counter(0), "planner");
    let (out, losses) = convert(OpenAI, Swarm, &ours(&openai()), &mut fill);
    let out = theirs(&out);
    assert_eq!(out[0]["agentName"], json!("planner"));
    assert_eq!(out[1]["agentName"], json!("planner"));
    assert!(losses.is_empty(), "{losses:?}");
    crate::support::assert_valid_json(&swarm::MESSAGE, &out);
}

#[test]
fn a_carried_author_wins_over_the_agent_name_option() {
    let kernel = vec![json!({
        "id": "01JD7Z8Q000000000000000001", "timestamp": 1, "type": "reply", "text": "hi",
        "agentMessages": {"author": "bob"}
    })];
    let mut fill = Named(Counter(0), "planner");
    let (out, _) = convert(Kernel, Swarm, &ours(&kernel), &mut fill);
    assert_eq!(theirs(&out)[0]["agentName"], json!("bob"));
}

#[test]
fn without_the_option_swarm_messages_get_the_default_agent_name() {
    let (out, _) = convert(OpenAI, Swarm, &ours(&openai()), &mut Counter(0));
    let out = theirs(&out);
    assert_eq!(
        out[0]["agentName"],
        json!(agent_messages::convert::swarm::DEFAULT_AGENT)
    );
    assert_eq!(out[0]["agentName"], json!("agent"));
}
