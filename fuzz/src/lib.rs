//! The fuzz targets' shared part: what each target checks ([`targets`], a file the native test
//! suite includes too), the round-trip law they use as an oracle (the native tests' own
//! modules, included from `tests/native/`), and [`run`], which holds every run to memory and
//! time linear in its input.
#![allow(dead_code, unused_imports, clippy::all)]

// The round-trip law and what it is written with, from the native tests (their `#[test]`s
// are not built here).
#[path = "../../tests/native/convert_ai_sdk.rs"]
pub mod convert_ai_sdk;
#[path = "../../tests/native/convert_ai_sdk_ui.rs"]
pub mod convert_ai_sdk_ui;
#[path = "../../tests/native/convert_anthropic.rs"]
pub mod convert_anthropic;
#[path = "../../tests/native/convert_law.rs"]
pub mod convert_law;
#[path = "../../tests/native/gen.rs"]
pub mod gen;
#[path = "../../tests/native/gen_wide.rs"]
pub mod gen_wide;
#[path = "../../tests/native/support.rs"]
pub mod support;

pub mod targets;

mod linear;
pub use linear::run;
