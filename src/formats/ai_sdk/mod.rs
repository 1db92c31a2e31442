//! The AI SDK's `ModelMessage` (`ai`, declared in `@ai-sdk/provider-utils`): system, user,
//! assistant and tool messages, their parts, file data in every form the JS form has (base64
//! text, `Uint8Array`/`Buffer`, `ArrayBuffer`, `URL`, tagged `FileData`, provider references),
//! tool outputs; the rules providers need (tool `input` must be JSON, `CustomPart.kind` is
//! `provider.type`, no empty list of parts). Documented disagreements with `ai`'s own schema:
//! `docs/DECISIONS-ai-sdk.md`.

mod shape;
mod types;

pub use shape::{lists, MESSAGE, OUTPUT, VALIDATORS};
pub use types::*;
