//! Conversions of `ai-sdk`: its generator of valid conversations (in the key order its mapping
//! writes), what its losses cover for the round-trip law, the law for its pairs, and fixed
//! cases.
use agent_messages::convert::{convert, Loss};
use agent_messages::formats::Format::{self, *};
use agent_messages::tape::value::Value;
use proptest::prelude::*;

/// One valid message, as the mapping writes it.
pub fn message() -> BoxedStrategy<Value> {
    crate::gen_wide::message("ai-sdk")
}

/// The source paths a loss of a `ai-sdk` source covers beyond its own field (see
/// `convert_law::covers`); `None`: only its own.
pub fn covers(keys: &[&'static str], loss: &Loss) -> Option<Vec<Vec<&'static str>>> {
    let documented = ["role", "content", "providerOptions"];
    match keys {
        // A user key or a mark not carried: what told the message apart from the one before
        // is gone, and the two may be read back as one.
        [key] if !documented.contains(key) => Some(vec![vec![]]),
        ["agentMessages", ..] => Some(vec![vec![]]),
        // A part not carried (or carried in another message): when it was the message's only
        // part, the message goes with it.
        ["content", ..] if loss.code != "changed_value" && loss.code != "unsupported_message" => {
            Some(vec![keys.to_vec(), vec!["role"], vec!["content"]])
        }
        // A part's provider options not carried: a lone text part is written back as a string.
        ["content", "providerOptions"] => Some(vec![keys.to_vec(), vec!["content"]]),
        // A media type not carried as it was: the part's kind (image or file) follows it.
        ["content", "mediaType"] => Some(vec![vec!["content"]]),
        _ => None,
    }
}

crate::convert_law::pairs! {
    ai_sdk_kernel, ai_sdk_kernel_written_by_kernel, ai_sdk_kernel_wide: AiSdk -> Kernel;
    kernel_ai_sdk, kernel_ai_sdk_written_by_ai_sdk, kernel_ai_sdk_wide: Kernel -> AiSdk;
    ai_sdk_openai, ai_sdk_openai_written_by_openai, ai_sdk_openai_wide: AiSdk -> OpenAI;
    openai_ai_sdk, openai_ai_sdk_written_by_ai_sdk, openai_ai_sdk_wide: OpenAI -> AiSdk;
    ai_sdk_swarm, ai_sdk_swarm_written_by_swarm, ai_sdk_swarm_wide: AiSdk -> Swarm;
    swarm_ai_sdk, swarm_ai_sdk_written_by_ai_sdk, swarm_ai_sdk_wide: Swarm -> AiSdk;
    ai_sdk_bedrock, ai_sdk_bedrock_written_by_bedrock, ai_sdk_bedrock_wide: AiSdk -> Bedrock;
    bedrock_ai_sdk, bedrock_ai_sdk_written_by_ai_sdk, bedrock_ai_sdk_wide: Bedrock -> AiSdk;
    ai_sdk_agens, ai_sdk_agens_written_by_agens, ai_sdk_agens_wide: AiSdk -> Agens;
    agens_ai_sdk, agens_ai_sdk_written_by_ai_sdk, agens_ai_sdk_wide: Agens -> AiSdk;
    ai_sdk_ai_sdk, ai_sdk_ai_sdk_written_by_ai_sdk, ai_sdk_ai_sdk_wide: AiSdk -> AiSdk;
}

fn parse(text: &str) -> Vec<Value> {
    match Value::parse(text).expect("test JSON") {
        Value::Arr(items) => items,
        one => vec![one],
    }
}

/// `from` → `to`: the messages as JSON text and the losses as `(index, path, code)`.
fn run(from: Format, to: Format, text: &str) -> (String, Vec<(usize, String, String)>) {
    let source = parse(text);
    crate::gen::assert_valid(from.name(), &source);
    let (out, losses) = convert(from, to, &source, &mut crate::support::Counter(0));
    crate::gen::assert_valid(to.name(), &out);
    let losses = losses
        .iter()
        .map(|l| {
            let mut path = String::new();
            agent_messages::validate::write_path(&mut path, &l.path);
            (l.index, path, l.code.as_str().to_string())
        })
        .collect();
    (Value::Arr(out).to_json(), losses)
}

/// `text` (AI SDK) into itself: unchanged, no loss.
fn same(text: &str) {
    let (out, losses) = run(AiSdk, AiSdk, text);
    assert_eq!(losses, vec![], "{out}");
    assert_eq!(out, Value::Arr(parse(text)).to_json());
}

#[test]
fn every_form_comes_back_as_it_was() {
    same(
        r#"[{"role":"system","content":"Be brief.","providerOptions":{"anthropic":{"cacheControl":{"type":"ephemeral"}}}},
        {"role":"user","content":"hi"},
        {"role":"user","content":[{"type":"text","text":"hi"}]},
        {"role":"user","content":[{"type":"text","text":"look","providerOptions":{"openai":{"x":1}}},
          {"type":"image","image":"iVBORw0KGgo="},
          {"type":"image","image":"AQID"},
          {"type":"image","image":"AQID","mediaType":"image/png"},
          {"type":"image","image":"data:image/png;base64,AQID"},
          {"type":"image","image":"data:image/png;base64,AQID","mediaType":"image/png"},
          {"type":"image","image":"https://example.com/a.png"},
          {"type":"image","image":{"$url":"https://example.com/a.png"},"providerOptions":{"openai":{"imageDetail":"low"}}},
          {"type":"image","image":{"$bytes":"AQID"},"mediaType":"image/png"},
          {"type":"image","image":{"openai":"file-1"}},
          {"type":"file","data":"AQID","filename":"a.pdf","mediaType":"application/pdf"},
          {"type":"file","data":"data:application/pdf;base64,AQID","mediaType":"application/pdf"},
          {"type":"file","data":"data:application/pdf;base64,AQID","mediaType":"application/x"},
          {"type":"file","data":{"$arrayBuffer":"AQID"},"mediaType":"image"},
          {"type":"file","data":{"type":"data","data":{"$bytes":"AQID"}},"mediaType":"image"},
          {"type":"file","data":{"type":"data","data":"AQID"},"mediaType":"image/png"},
          {"type":"file","data":{"type":"url","url":{"$url":"https://example.com/a.pdf"}},"mediaType":"application/pdf"},
          {"type":"file","data":{"type":"reference","reference":{"openai":"file-1","anthropic":"file_2"}},"mediaType":"application/pdf"},
          {"type":"file","data":{"openai":"file-1"},"mediaType":"application/pdf"},
          {"type":"file","data":{"type":"text","text":"plain"},"mediaType":"text/plain"}
        ]}]"#,
    );
}
