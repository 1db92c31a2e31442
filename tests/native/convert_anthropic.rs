//! Conversions of `anthropic`: its generator of valid conversations (in the key order its mapping
//! writes), what its losses cover for the round-trip law, the law for its pairs, and fixed
//! cases.
use agent_messages::convert::Loss;
use agent_messages::tape::value::Value;
use proptest::prelude::*;

/// One valid message, as the mapping writes it.
pub fn message() -> BoxedStrategy<Value> {
    crate::gen_wide::message("anthropic")
}

/// The source paths a loss of a `anthropic` source covers beyond its own field (see
/// `convert_law::covers`); `None`: only its own.
pub fn covers(keys: &[&'static str], loss: &Loss) -> Option<Vec<Vec<&'static str>>> {
    let _ = (keys, loss);
    None
}
