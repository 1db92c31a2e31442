//! The one validation engine. Formats describe their messages as [`Shape`]s; the engine walks a
//! tape against a shape and reports every [`Issue`] with its path, what was expected and what
//! was found. The same walk writes the JSON form (`toJSON`) or lists what to revive from it
//! (`fromJSON`), so the codec can never disagree with validation.
//!
//! By job: `built` (the fields a constructor may check in place), `engine` (the entries: [`Mode`], [`Output`], [`Input`]), `walk` (validation against
//! shapes, issues and paths) with `rules` (the format rules) and `media` (URLs, buffers, the AI SDK's media data), `sink` (what the walk writes:
//! `text_out` JSON text, `values_out` values), `revive` (the revival plan), `repeats` (repeated
//! keys).

mod base64;
mod built;
mod engine;
mod issue;
mod media;
mod options;
mod repeats;
mod revive;
mod rules;
mod shape;
mod sink;
mod text_out;
mod values_out;
mod walk;

// The JSON writers live below the tape, which writes with them too; the modules above reach
// them here as well.
pub use crate::json_text::{
    number_text, quoted, write_num as write_json_number, write_str as write_json_string,
};
pub use base64::{check as base64_check, decode as base64_decode, encode as base64_encode};
pub use built::{built_fields_json, built_shape, built_tag};
pub use engine::{
    check, check_each, encode_json, plain_json_text, read_values, run, Checked, Input, Mode, Output,
};
pub use issue::{
    failures_compact, issues_compact, issues_json, path_at, syntax_issue, write_path, Issue,
    IssueCode, PathSeg,
};
pub use options::{Options, DEPTH_CEILING};
pub use revive::{shape_revives, Revive, ReviveKind};
pub use rules::is_image_url;
pub use shape::{
    enum_names, Described, Elsewhere, Field, MediaShape, ObjectShape, Rule, Shape, TaggedShape,
    UnionShape, PREFIX_MARK,
};
pub use walk::{kind_fits, MAX_SAFE_INTEGER};
