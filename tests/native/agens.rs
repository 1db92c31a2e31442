//! agens: tests are added with the format.
