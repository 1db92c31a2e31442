//! agent-swarm-kit-only exports (constructors' helpers and the like): none yet.
