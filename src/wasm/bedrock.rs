//! Bedrock Swarm-only exports (constructors' helpers and the like): none yet.
