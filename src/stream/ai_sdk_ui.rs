//! (Stub: the fold is being written.)

use super::Fold;
use crate::tape::value::Value;
use crate::validate::Issue;

/// The documented type of the folded messages.
pub const MESSAGE_TYPE: &str = "UIMessage";

#[derive(Default)]
pub struct ChunkFold {}

impl Fold for ChunkFold {
    fn push(&mut self, _at: u32, _chunk: &Value, _issues: &mut Vec<Issue>) {}
    fn snapshot(&self) -> Option<Value> {
        None
    }
    fn finish(&mut self, _count: u32, _issues: &mut Vec<Issue>) -> Vec<Value> {
        Vec::new()
    }
}
