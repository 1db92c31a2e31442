//! Conversions from and to agens: added with the mapping.
