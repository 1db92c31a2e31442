//! openai: tests are added with the format.
