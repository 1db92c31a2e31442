//! Conversions from and to swarm: added with the mapping.
