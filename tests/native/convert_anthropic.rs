//! Conversions of `anthropic`: its generator of valid conversations (in the key order its mapping
//! writes), what its losses cover for the round-trip law, the law for its pairs, and fixed
//! cases.
use agent_messages::convert::Loss;
use agent_messages::formats::Format::*;
use agent_messages::tape::value::Value;
use proptest::prelude::*;

/// One valid message, as the mapping writes it.
pub fn message() -> BoxedStrategy<Value> {
    crate::gen_wide::message("anthropic")
}

/// The source paths a loss of a `anthropic` source covers beyond its own field (see
/// `convert_law::covers`); `None`: only its own.
pub fn covers(keys: &[&'static str], loss: &Loss) -> Option<Vec<Vec<&'static str>>> {
    match keys {
        // A block not carried: when no block is left, the message goes with it (Anthropic
        // refuses an empty content).
        ["content"] if loss.code != "unsupported_message" => {
            Some(vec![vec!["content"], vec!["role"]])
        }
        // An error written into the content: the content changes with it.
        ["content", "is_error"] => Some(vec![
            vec!["content", "is_error"],
            vec!["content", "content"],
        ]),
        _ => None,
    }
}

crate::convert_law::pairs! {
    anthropic_kernel, anthropic_kernel_written_by_kernel, anthropic_kernel_wide: Anthropic -> Kernel;
    kernel_anthropic, kernel_anthropic_written_by_anthropic, kernel_anthropic_wide: Kernel -> Anthropic;
    anthropic_openai, anthropic_openai_written_by_openai, anthropic_openai_wide: Anthropic -> OpenAI;
    openai_anthropic, openai_anthropic_written_by_anthropic, openai_anthropic_wide: OpenAI -> Anthropic;
    anthropic_swarm, anthropic_swarm_written_by_swarm, anthropic_swarm_wide: Anthropic -> Swarm;
    swarm_anthropic, swarm_anthropic_written_by_anthropic, swarm_anthropic_wide: Swarm -> Anthropic;
    anthropic_bedrock, anthropic_bedrock_written_by_bedrock, anthropic_bedrock_wide: Anthropic -> Bedrock;
    bedrock_anthropic, bedrock_anthropic_written_by_anthropic, bedrock_anthropic_wide: Bedrock -> Anthropic;
    anthropic_agens, anthropic_agens_written_by_agens, anthropic_agens_wide: Anthropic -> Agens;
    agens_anthropic, agens_anthropic_written_by_anthropic, agens_anthropic_wide: Agens -> Anthropic;
    anthropic_anthropic, anthropic_anthropic_written_by_anthropic, anthropic_anthropic_wide: Anthropic -> Anthropic;
}
