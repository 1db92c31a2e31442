//! The core, natively: validation, the codec and ids, with the tapes the JS walker writes.

mod kernel_codec;
mod kernel_props;
mod kernel_validate;
mod support;
