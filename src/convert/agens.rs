//! agens ⇄ canonical: not built yet (every message is reported as a loss).

use super::canonical::*;
use super::loss::{self, Loss};
use crate::tape::value::Value;

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    for i in 0..values.len() {
        losses.push(Loss::new(
            i,
            &[],
            loss::UNSUPPORTED_MESSAGE,
            "converting from agens is not built yet",
        ));
    }
    Vec::new()
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>) -> Vec<Value> {
    for m in msgs {
        losses.push(Loss::new(
            m.source,
            &[],
            loss::UNSUPPORTED_MESSAGE,
            "converting to agens is not built yet",
        ));
    }
    Vec::new()
}
