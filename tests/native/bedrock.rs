//! bedrock: tests are added with the format.
