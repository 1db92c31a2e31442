//! swarm: tests are added with the format.
