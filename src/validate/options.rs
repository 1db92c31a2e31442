/// What a caller can ask of one validation.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// Report properties the documented interface does not name (they are kept otherwise).
    pub strict: bool,
    /// Stop at the first issue.
    pub abort_early: bool,
    /// At most this many issues are reported (at least one).
    pub max_issues: usize,
    /// Containers nested deeper than this are an issue (JSON text) or are not read (JS values).
    pub max_depth: usize,
    /// Type names registered as extra message types (Kernel's extensible `type`).
    pub custom_types: Vec<String>,
}

use crate::boundary::limit;

/// [`limit::DEPTH_CEILING`]: the deepest nesting a caller may ask for.
pub const DEPTH_CEILING: usize = limit::DEPTH_CEILING as usize;

impl Default for Options {
    fn default() -> Self {
        Options {
            strict: false,
            abort_early: false,
            max_issues: limit::DEFAULT_MAX_ISSUES as usize,
            max_depth: limit::DEFAULT_MAX_DEPTH as usize,
            custom_types: Vec::new(),
        }
    }
}
