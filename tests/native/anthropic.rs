//! Anthropic Messages: every block of a request and a response in its documented form, and
//! each rule users trip on with its own code and path (each test fails when its rule goes).

use crate::support::{check_js, check_text, codes, encode, s};
use agent_messages::formats::anthropic;
use agent_messages::formats::Format;
use agent_messages::tape::builder::Js;
use agent_messages::validate::{Checked, Shape};

fn shape(name: &str) -> &'static Shape {
    anthropic::VALIDATORS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, s)| *s)
        .unwrap_or_else(|| panic!("no validator {name}"))
}

fn check(name: &str, text: &str) -> Checked {
    check_text(shape(name), text)
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(c, p)| (c.to_string(), p.to_string()))
        .collect()
}

fn ok(name: &str, text: &str) {
    let c = check(name, text);
    assert!(c.issues.is_empty(), "{name} {text}: {:?}", c.issues);
}

const TOOL_USE: &str =
    r#"{"type":"tool_use","id":"toolu_01A","name":"get_weather","input":{"city":"Paris"}}"#;
const TOOL_RESULT: &str = r#"{"type":"tool_result","tool_use_id":"toolu_01A","content":"18C"}"#;

/// Every one of the 16 request blocks, in a form the SDK's types admit.
const BLOCK_PARAMS: &[&str] = &[
    r#"{"type":"text","text":"hi","cache_control":{"type":"ephemeral","ttl":"5m"},"citations":[{"type":"char_location","cited_text":"a","document_index":0,"document_title":null,"end_char_index":1,"start_char_index":0}]}"#,
    r#"{"type":"image","source":{"type":"base64","media_type":"image/png","data":"iVBORw0KGgo="}}"#,
    r#"{"type":"image","source":{"type":"url","url":"https://example.com/a.png"},"transformations":{"oversized_image":"downsize"}}"#,
    r#"{"type":"image","source":{"type":"file","file_id":"file_1"},"cache_control":null}"#,
    r#"{"type":"document","source":{"type":"base64","media_type":"application/pdf","data":"JVBERi0="},"title":"a","context":null,"citations":{"enabled":true}}"#,
    r#"{"type":"document","source":{"type":"text","media_type":"text/plain","data":"plain"}}"#,
    r#"{"type":"document","source":{"type":"content","content":[{"type":"text","text":"x"}]}}"#,
    r#"{"type":"document","source":{"type":"url","url":"https://example.com/a.pdf"}}"#,
    r#"{"type":"search_result","source":"https://x","title":"t","content":[{"type":"text","text":"x"}],"citations":{"enabled":false}}"#,
    r#"{"type":"thinking","thinking":"hmm","signature":"EqQBCkYIARgCIkA="}"#,
    r#"{"type":"redacted_thinking","data":"EmwKAhgBEgy"}"#,
    r#"{"type":"tool_use","id":"toolu_01A","name":"f","input":{},"caller":{"type":"direct"},"toolset_name":null}"#,
    r#"{"type":"tool_result","tool_use_id":"toolu_01A","content":[{"type":"text","text":"x"},{"type":"tool_reference","tool_name":"f"}],"is_error":false}"#,
    r#"{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{"query":"q"},"caller":{"type":"code_execution_20250825","tool_id":"t"}}"#,
    r#"{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[{"type":"web_search_result","encrypted_content":"e","title":"t","url":"https://x"}]}"#,
    r#"{"type":"web_fetch_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"web_fetch_tool_result_error","error_code":"unavailable"}}"#,
    r#"{"type":"code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"code_execution_result","content":[],"return_code":0,"stderr":"","stdout":"1"}}"#,
    r#"{"type":"bash_code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"bash_code_execution_tool_result_error","error_code":"unavailable"}}"#,
    r#"{"type":"text_editor_code_execution_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"text_editor_code_execution_create_result","is_file_update":false}}"#,
    r#"{"type":"tool_search_tool_result","tool_use_id":"srvtoolu_1","content":{"type":"tool_search_tool_search_result","tool_references":[]}}"#,
    r#"{"type":"container_upload","file_id":"file_1"}"#,
];

#[test]
fn every_request_block_in_its_documented_forms_is_valid() {
    let mut types: Vec<String> = Vec::new();
    for block in BLOCK_PARAMS {
        ok("ContentBlockParam", block);
        let t = block.split(r#""type":""#).nth(1).unwrap();
        types.push(t[..t.find('"').unwrap()].to_string());
    }
    // Every type of the union is among the examples.
    let lists = Format::Anthropic.lists();
    let (_, block_types) = lists.iter().find(|(n, _)| *n == "BLOCK_TYPES").unwrap();
    assert_eq!(block_types.len(), 16);
    for t in block_types {
        assert!(types.iter().any(|x| x == t), "no example of {t}");
    }
}

#[test]
fn messages_of_each_role_and_a_prompt_are_valid() {
    ok("MessageParam", r#"{"role":"user","content":"hello"}"#);
    ok(
        "MessageParam",
        r#"{"role":"system","content":[{"type":"text","text":"be brief"}]}"#,
    );
    ok(
        "MessageParam",
        &format!(
            r#"{{"role":"assistant","content":[{{"type":"text","text":"let me check"}},{TOOL_USE}]}}"#
        ),
    );
    ok(
        "MessageParam",
        &format!(r#"{{"role":"user","content":[{TOOL_RESULT},{{"type":"text","text":"and?"}}]}}"#),
    );
    ok(
        "Prompt",
        &format!(
            r#"{{"system":"be brief","messages":[{{"role":"user","content":"weather?"}},{{"role":"assistant","content":[{TOOL_USE}]}},{{"role":"user","content":[{TOOL_RESULT}]}}]}}"#
        ),
    );
    ok("Prompt", r#"{"messages":[]}"#);
    let lists = Format::Anthropic.lists();
    assert_eq!(lists[0], ("ROLES", vec!["user", "assistant", "system"]));
}

const USAGE: &str = r#"{"cache_creation":null,"cache_creation_input_tokens":null,"cache_read_input_tokens":0,"inference_geo":null,"input_tokens":10,"output_tokens":5,"output_tokens_details":{"thinking_tokens":2},"server_tool_use":null,"service_tier":"standard","speed":null}"#;

fn response(content: &str) -> String {
    format!(
        r#"{{"id":"msg_01","type":"message","role":"assistant","model":"claude-sonnet-4-5","container":null,"diagnostics":null,"stop_details":null,"stop_reason":"tool_use","stop_sequence":null,"usage":{USAGE},"content":{content}}}"#
    )
}

#[test]
fn a_response_with_its_blocks_is_valid() {
    ok(
        "Message",
        &response(
            r#"[{"type":"thinking","thinking":"t","signature":"s"},{"type":"redacted_thinking","data":"d"},{"type":"text","text":"","citations":null},{"type":"tool_use","id":"toolu_1","name":"f","input":{},"caller":{"type":"direct"}},{"type":"server_tool_use","id":"srvtoolu_1","name":"web_fetch","input":{},"caller":{"type":"direct"}},{"type":"container_upload","file_id":"f"}]"#,
        ),
    );
    // A response block lacks what only a param may omit: citations and caller are required.
    let c = check("Message", &response(r#"[{"type":"text","text":"x"}]"#));
    assert_eq!(
        codes(&c),
        pairs(&[("missing", r#"["content",0,"citations"]"#)])
    );
    let c = check(
        "Message",
        &response("[]").replace(r#""tool_use""#, r#""done""#),
    );
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_literal", r#"["stop_reason"]"#)])
    );
}

#[test]
fn a_tool_result_after_other_blocks_or_in_an_assistant_message_is_misplaced() {
    let c = check(
        "MessageParam",
        &format!(r#"{{"role":"user","content":[{{"type":"text","text":"x"}},{TOOL_RESULT}]}}"#),
    );
    assert_eq!(
        codes(&c),
        pairs(&[("misplaced_tool_result", r#"["content",1]"#)])
    );
    let c = check(
        "MessageParam",
        &format!(r#"{{"role":"assistant","content":[{TOOL_RESULT}]}}"#),
    );
    assert_eq!(
        codes(&c),
        pairs(&[("misplaced_tool_result", r#"["content",0]"#)])
    );
    // The order is judged even when a block has other issues.
    let c = check(
        "MessageParam",
        &format!(r#"{{"role":"user","content":[{{"type":"text","text":5}},{TOOL_RESULT}]}}"#),
    );
    assert_eq!(
        codes(&c),
        pairs(&[
            ("invalid_type", r#"["content",0,"text"]"#),
            ("misplaced_tool_result", r#"["content",1]"#)
        ])
    );
}

#[test]
fn in_a_prompt_a_tool_result_answers_a_tool_use_of_the_assistant_message_before() {
    let prompt = |before: &str, id: &str| {
        format!(
            r#"{{"messages":[{before}{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"{id}"}}]}}]}}"#
        )
    };
    let assistant = format!(r#"{{"role":"assistant","content":[{TOOL_USE}]}},"#);
    ok("Prompt", &prompt(&assistant, "toolu_01A"));
    let c = check("Prompt", &prompt(&assistant, "toolu_01B"));
    assert_eq!(
        codes(&c),
        pairs(&[(
            "unmatched_tool_result",
            r#"["messages",1,"content",0,"tool_use_id"]"#
        )])
    );
    let c = check("Prompt", &prompt("", "toolu_01A"));
    assert_eq!(
        codes(&c),
        pairs(&[(
            "unmatched_tool_result",
            r#"["messages",0,"content",0,"tool_use_id"]"#
        )])
    );
    // A tool_use two messages back does not count.
    let c = check(
        "Prompt",
        &prompt(
            &format!(r#"{assistant}{{"role":"user","content":"x"}},"#),
            "toolu_01A",
        ),
    );
    assert_eq!(c.issues.len(), 1);
    assert_eq!(c.issues[0].code.as_str(), "unmatched_tool_result");
    // A single message cannot know what came before it.
    ok(
        "MessageParam",
        r#"{"role":"user","content":[{"type":"tool_result","tool_use_id":"x"}]}"#,
    );
}

#[test]
fn a_thinking_block_without_its_signature_has_its_own_code() {
    let c = check(
        "ContentBlockParam",
        r#"{"type":"thinking","thinking":"hmm"}"#,
    );
    assert_eq!(
        codes(&c),
        pairs(&[("missing_signature", r#"["signature"]"#)])
    );
    assert!(c.issues[0].message.contains("signature"));
    let c = check(
        "Message",
        &response(r#"[{"type":"thinking","thinking":"hmm"}]"#),
    );
    assert_eq!(
        codes(&c),
        pairs(&[("missing_signature", r#"["content",0,"signature"]"#)])
    );
    // Other required keys stay plain `missing`.
    let c = check(
        "ContentBlockParam",
        r#"{"type":"thinking","signature":"s"}"#,
    );
    assert_eq!(codes(&c), pairs(&[("missing", r#"["thinking"]"#)]));
}

#[test]
fn media_types_the_api_does_not_take_are_reported() {
    let c = check(
        "ContentBlockParam",
        r#"{"type":"image","source":{"type":"base64","media_type":"image/bmp","data":"AA=="}}"#,
    );
    assert_eq!(
        codes(&c),
        pairs(&[("unsupported_media_type", r#"["source","media_type"]"#)])
    );
    assert_eq!(
        c.issues[0].expected.as_deref(),
        Some(r#""image/jpeg" | "image/png" | "image/gif" | "image/webp""#)
    );
    let c = check(
        "ContentBlockParam",
        r#"{"type":"document","source":{"type":"base64","media_type":"text/plain","data":"AA=="}}"#,
    );
    assert_eq!(
        codes(&c),
        pairs(&[("unsupported_media_type", r#"["source","media_type"]"#)])
    );
    let c = check(
        "ContentBlockParam",
        r#"{"type":"image","source":{"type":"base64","media_type":5,"data":"AA=="}}"#,
    );
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_type", r#"["source","media_type"]"#)])
    );
}

#[test]
fn empty_content_and_empty_text_blocks_are_too_small() {
    for (text, path) in [
        (r#"{"role":"user","content":""}"#, r#"["content"]"#),
        (r#"{"role":"assistant","content":[]}"#, r#"["content"]"#),
        (
            r#"{"role":"user","content":[{"type":"text","text":""}]}"#,
            r#"["content",0,"text"]"#,
        ),
    ] {
        assert_eq!(
            codes(&check("MessageParam", text)),
            pairs(&[("too_small", path)]),
            "{text}"
        );
    }
}

#[test]
fn tool_use_input_must_be_an_object_and_ids_fit_the_api_pattern() {
    for input in ["\"{}\"", "[1]", "null", "3"] {
        let c = check(
            "ContentBlockParam",
            &format!(r#"{{"type":"tool_use","id":"toolu_1","name":"f","input":{input}}}"#),
        );
        assert_eq!(
            codes(&c),
            pairs(&[("invalid_type", r#"["input"]"#)]),
            "{input}"
        );
    }
    let long = "a".repeat(65);
    for id in ["toolu 1", "", "tööl", long.as_str()] {
        let c = check(
            "ContentBlockParam",
            &format!(r#"{{"type":"tool_use","id":"{id}","name":"f","input":{{}}}}"#),
        );
        assert_eq!(codes(&c), pairs(&[("invalid_format", r#"["id"]"#)]), "{id}");
    }
    ok(
        "ContentBlockParam",
        &format!(
            r#"{{"type":"tool_use","id":"{}","name":"f","input":{{}}}}"#,
            "a-_9".repeat(16)
        ),
    );
    let c = check(
        "ContentBlockParam",
        r#"{"type":"tool_result","tool_use_id":"bad id"}"#,
    );
    assert_eq!(
        codes(&c),
        pairs(&[("invalid_format", r#"["tool_use_id"]"#)])
    );
}

#[test]
fn rare_blocks_are_checked_for_their_type_and_required_keys_and_kept() {
    let c = check(
        "ContentBlockParam",
        r#"{"type":"web_search_tool_result","content":[]}"#,
    );
    assert_eq!(codes(&c), pairs(&[("missing", r#"["tool_use_id"]"#)]));
    let c = check("ContentBlockParam", r#"{"type":"nope"}"#);
    assert_eq!(codes(&c), pairs(&[("unknown_type", r#"["type"]"#)]));
}

#[test]
fn the_js_form_is_checked_and_encoded_the_same_way() {
    let block = Js::obj([("type", s("thinking")), ("thinking", s("x"))]);
    let c = check_js(&anthropic::CONTENT_BLOCK_PARAM, &block);
    assert_eq!(
        codes(&c),
        pairs(&[("missing_signature", r#"["signature"]"#)])
    );
    let message = Js::obj([
        ("role", s("user")),
        (
            "content",
            Js::Arr(vec![Js::obj([("type", s("text")), ("text", s("hi"))])]),
        ),
        ("custom", s("kept")),
    ]);
    let c = encode(&anthropic::MESSAGE, &message);
    assert_eq!(
        c.json.as_deref(),
        Some(r#"{"role":"user","content":[{"type":"text","text":"hi"}],"custom":"kept"}"#)
    );
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Messages generated from the shape (every field, any order, extra properties), kept when
    /// valid as JSON text, are valid in the JS form too (the same value, read as JS), and
    /// encode to JSON text that is valid again.
    #[test]
    fn generated_messages_are_valid_in_both_forms(m in crate::gen_wide::message("anthropic")) {
        let text = m.to_json();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        let js = Js::from(&json);
        let c = check_js(&anthropic::MESSAGE, &js);
        proptest::prop_assert!(c.issues.is_empty(), "{text}: {:?}", c.issues);
        let encoded = encode(&anthropic::MESSAGE, &js);
        let again = check_text(&anthropic::MESSAGE, encoded.json.as_deref().unwrap());
        proptest::prop_assert!(again.issues.is_empty(), "{text}: {:?}", again.issues);
    }
}

#[test]
fn every_block_and_role_of_the_unions_has_a_validator_of_its_name() {
    use agent_messages::validate::Shape::Tagged;
    for union in [
        &anthropic::MESSAGE,
        &anthropic::CONTENT_BLOCK_PARAM,
        &anthropic::CONTENT_BLOCK,
    ] {
        let Tagged(t) = union else { panic!("a union") };
        assert!(anthropic::VALIDATORS.iter().any(|(n, _)| *n == t.name));
        for (tag, variant) in t.variants {
            let found = anthropic::VALIDATORS
                .iter()
                .find(|(n, _)| *n == variant.name);
            let (_, shape) = found.unwrap_or_else(|| panic!("no validator for {tag}"));
            assert!(
                matches!(shape, agent_messages::validate::Shape::Object(o) if std::ptr::eq(*o, *variant)),
                "{tag}"
            );
        }
    }
}
