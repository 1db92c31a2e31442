//! agent-swarm-kit-only exports: none. Its constructors need only the tool-call ids of
//! [`super::ids::generate_call_id`]; everything else is the shared validation and codec.
