//! Conversions from and to bedrock: added with the mapping.
