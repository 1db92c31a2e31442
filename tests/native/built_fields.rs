//! What the facade's constructors and `validate` may check in place (src/validate/built.rs),
//! read off the real schemas: the kinds, the tags, and JSON text for every schema.
use agent_messages::formats::schemas;
use agent_messages::validate::{built_fields_json, built_shape, built_tag, Shape};

fn fields_of(format: &str, name: &str, tag: &str) -> serde_json::Value {
    let schema = schemas()
        .iter()
        .find(|s| s.format.name() == format && s.name == name)
        .unwrap_or_else(|| panic!("no schema {format} {name}"));
    serde_json::from_str(&built_fields_json(built_shape(schema.shape, tag))).unwrap()
}

#[test]
fn a_kernel_reply_is_three_plain_fields_and_its_tag() {
    let v = fields_of("kernel", "KernelMessage", "reply");
    assert_eq!(
        v,
        serde_json::json!([
            ["id", true, "string"],
            ["timestamp", true, "number"],
            ["type", true, "literal", "reply"],
            ["text", true, "string"],
        ])
    );
}

#[test]
fn a_field_of_any_other_shape_is_other() {
    let v = fields_of("kernel", "KernelMessage", "tool-calls");
    assert_eq!(v[3], serde_json::json!(["calls", true, "other"]));
    let v = fields_of("swarm", "IModelMessage", "");
    assert_eq!(
        v[3],
        serde_json::json!(["mode", true, "enum", ["user", "tool"]])
    );
    let v = fields_of("bedrock", "ToolResult", "");
    assert_eq!(v[0], serde_json::json!(["success", true, "boolean"]));
    let v = fields_of("kernel", "KernelMessage", "input");
    assert_eq!(v[3], serde_json::json!(["text", false, "string"]));
    assert_eq!(v[4], serde_json::json!(["files", false, "other"]));
}

#[test]
fn a_tag_no_case_has_and_a_shape_that_is_no_interface_have_no_fields() {
    assert_eq!(
        fields_of("kernel", "KernelMessage", "custom"),
        serde_json::Value::Null
    );
    assert_eq!(built_fields_json(built_shape(&Shape::String, "")), "null");
}

#[test]
fn a_tagged_union_names_its_tag_and_an_interface_none() {
    let tag = |name: &str| {
        let s = schemas().iter().find(|s| s.name == name).unwrap();
        built_tag(s.shape)
    };
    assert_eq!(tag("KernelMessage"), Some("type"));
    assert_eq!(tag("ReplyMessage"), None);
}

#[test]
fn every_schema_gives_json_text() {
    for s in schemas() {
        let text = built_fields_json(built_shape(s.shape, ""));
        assert!(
            serde_json::from_str::<serde_json::Value>(&text).is_ok(),
            "{text}"
        );
    }
}
