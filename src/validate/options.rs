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

/// The deepest nesting a caller may ask for: the engine recurses once per level, and the
/// wasm stack must hold every level.
pub const DEPTH_CEILING: usize = 1000;

impl Default for Options {
    fn default() -> Self {
        Options {
            strict: false,
            abort_early: false,
            max_issues: 100,
            max_depth: 128,
            custom_types: Vec::new(),
        }
    }
}
