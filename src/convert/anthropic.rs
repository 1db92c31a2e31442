//! Anthropic Messages (`MessageParam`) ⇄ canonical.

use super::canonical::*;
use super::loss::Loss;
use super::Fill;
use crate::tape::value::Value;

pub fn to_canonical(values: &[Value], losses: &mut Vec<Loss>) -> Vec<Message> {
    let _ = (values, losses);
    Vec::new()
}

pub fn from_canonical(msgs: &[Message], losses: &mut Vec<Loss>, fill: &mut dyn Fill) -> Vec<Value> {
    let _ = (msgs, losses, fill);
    Vec::new()
}
