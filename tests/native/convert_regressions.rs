//! The defects independent round-trip testing found (issue 9), one fixed case each: the
//! conversation, what converts, what is reported, and what comes back.
use crate::gen::assert_valid;
use crate::support::{loss_rows, ours, theirs, Counter};
use agent_messages::convert::check::check;
use agent_messages::convert::convert;
use agent_messages::formats::Format::{self, *};
use serde_json::{json, Value};

type Losses = Vec<(usize, String, String)>;

/// `from` → `to`: the target's messages (checked valid) and the losses as (index, code, path).
fn run(from: Format, to: Format, source: &[Value]) -> (Vec<Value>, Losses) {
    let values = ours(source);
    assert_valid(from.name(), &values);
    let (out, losses) = convert(from, to, &values, &mut Counter(0));
    assert_valid(to.name(), &out);
    (theirs(&out), loss_rows(&losses))
}

/// The losses other than ids and timestamps.
fn but_ids(losses: Losses) -> Losses {
    losses
        .into_iter()
        .filter(|(_, _, p)| p != r#"["id"]"#)
        .collect()
}

fn row(index: usize, code: &str, path: &str) -> (usize, String, String) {
    (index, code.into(), path.into())
}

fn k(id: &str, t: u64, body: Value) -> Value {
    let mut m = json!({"id": id, "timestamp": t});
    for (key, v) in body.as_object().unwrap() {
        m[key] = v.clone();
    }
    m
}

/// Defect 1: Kernel tool arguments that are not an object: a loss at the call's args, never a throw.
#[test]
fn d01_kernel_args_that_are_not_an_object_are_a_loss_for_openai() {
    let src = [k(
        "a",
        1,
        json!({"type": "tool-calls", "calls": [{"id": "c", "name": "f", "args": "x"}]}),
    )];
    let (out, losses) = run(Kernel, OpenAI, &src);
    assert_eq!(
        out[0]["tool_calls"][0]["function"]["arguments"],
        json!("{}")
    );
    assert_eq!(
        but_ids(losses),
        vec![row(0, "dropped_field", r#"["calls",0,"args"]"#)]
    );
}

/// Defect 2: Kernel results of one call group given in two messages: the target joins them, and says so.
#[test]
fn d02_split_kernel_results_are_reported_where_the_target_joins_them() {
    let src = [
        k(
            "a",
            1,
            json!({"type": "tool-calls", "calls": [{"id": "a", "name": "f", "args": {}}, {"id": "b", "name": "f", "args": {}}]}),
        ),
        k(
            "b",
            2,
            json!({"type": "tool-results", "results": [{"callId": "a", "output": 1}]}),
        ),
        k(
            "c",
            3,
            json!({"type": "tool-results", "results": [{"callId": "b", "output": 2}]}),
        ),
    ];
    for to in [OpenAI, Swarm, Agens] {
        let (_, losses) = run(Kernel, to, &src);
        assert!(
            losses.contains(&row(2, "split_results", "[]")),
            "{to}: {losses:?}"
        );
    }
}

/// Defect 3: swarm payload keys are the user's, whatever their names: they come back as they were.
#[test]
fn d03_swarm_payload_keys_named_like_kernel_fields_survive() {
    for payload in [
        json!({"id": 7}),
        json!({"type": "x", "timestamp": 1, "text": "t"}),
        json!({"author": "me", "k": 1}),
        json!({"files": "42"}),
        json!({"agentMessages": 5}),
    ] {
        let src = [
            json!({"role": "user", "agentName": "a", "content": "x", "mode": "user", "payload": payload}),
        ];
        let (mid, losses) = run(Swarm, Kernel, &src);
        let reserved = payload.get("agentMessages").is_some();
        if reserved {
            // The reserved name is not the user's: reported, not guessed.
            assert_eq!(
                losses,
                vec![row(0, "reserved_name", r#"["payload","agentMessages"]"#)]
            );
            continue;
        }
        assert_eq!(losses, vec![], "{payload}");
        let (back, losses) = run(Kernel, Swarm, &mid);
        assert_eq!(but_ids(losses), vec![]);
        assert_eq!(back[0], src[0], "{payload}");
    }
}

/// Defect 4: A loss names what is lost: the swarm image URL Kernel cannot hold, not the content.
#[test]
fn d04_a_swarm_image_url_lost_to_kernel_is_named_at_the_image() {
    let src = [
        json!({"role": "user", "agentName": "agent", "content": "see", "mode": "user", "images": ["https://x.test/a.png"]}),
    ];
    let (_, losses) = run(Swarm, Kernel, &src);
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["images",0]"#)]);
}

/// Defect 5: Kernel holds the text before the files: the order of OpenAI parts is reported.
#[test]
fn d05_openai_part_order_kernel_cannot_keep_is_reported() {
    let src = [json!({"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "data:image/png;base64,AQID"}},
        {"type": "text", "text": "what is it?"}
    ]})];
    let (_, losses) = run(OpenAI, Kernel, &src);
    assert_eq!(losses, vec![row(0, "part_order", r#"["content",1]"#)]);
}

/// Defect 6: An assistant message with calls and no `content` comes back without `content`.
#[test]
fn d06_an_absent_openai_content_stays_absent() {
    let src = [
        json!({"role": "assistant", "tool_calls": [{"id": "c", "type": "function", "function": {"name": "f", "arguments": "{}"}}]}),
    ];
    for via in [Kernel, Swarm] {
        let (mid, losses) = run(OpenAI, via, &src);
        assert_eq!(losses, vec![]);
        let (back, _) = run(via, OpenAI, &mid);
        assert_eq!(back, src, "via {via}");
    }
    let (_, losses) = run(OpenAI, Bedrock, &src);
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["content"]"#)]);
}

/// Defect 7: An Agens step boundary told only by a field: a target without the field reports the
/// boundary too.
#[test]
fn d07_an_agens_step_boundary_is_reported_with_the_fields_that_told_it() {
    let src = [
        json!({"input": "q"}),
        json!({"input": "q", "outputs": {"a": 1}}),
    ];
    let (_, losses) = run(Agens, OpenAI, &src);
    assert_eq!(
        losses,
        vec![
            row(1, "dropped_field", r#"["outputs"]"#),
            row(1, "merged_messages", "[]"),
        ]
    );
    let (mid, losses) = run(Agens, Kernel, &src);
    assert_eq!(losses, vec![]);
    let (back, _) = run(Kernel, Agens, &mid);
    assert_eq!(back, src);
}

/// Defect 8: Agens → Bedrock: the parts of a step Bedrock has no response for, each at its field;
/// a later step's input carried forward goes with the first.
#[test]
fn d08_agens_to_bedrock_names_the_parts_of_a_step() {
    let src = [
        json!({"input": "q", "result": "a"}),
        json!({"input": "q", "result": "b"}),
    ];
    let (out, losses) = run(Agens, Bedrock, &src);
    assert_eq!(out.len(), 2);
    assert_eq!(
        losses,
        vec![
            row(0, "unsupported_message", r#"["input"]"#),
            row(1, "dropped_field", r#"["input"]"#),
        ]
    );
}

/// Defect 9: User keys never collide with the mappings' marks.
#[test]
fn d09_user_keys_named_like_marks_come_back_as_themselves() {
    let kernel_props = [
        json!({"mode": "x"}),
        json!({"continues": true}),
        json!({"agens_step": true}),
        json!({"author": 5}),
        json!({"developer": true}),
        json!({"run_id": "r"}),
    ];
    for props in kernel_props {
        let mut m = k("a", 1, json!({"type": "reply", "text": "hi"}));
        for (key, v) in props.as_object().unwrap() {
            m[key] = v.clone();
        }
        let src = [m];
        let (mid, losses) = run(Kernel, Swarm, &src);
        assert_eq!(but_ids(losses), vec![], "{props}");
        let (back, _) = run(Swarm, Kernel, &mid);
        for (key, v) in props.as_object().unwrap() {
            assert_eq!(&back[0][key], v, "{props}");
        }
    }
    let src = [
        json!({"role": "system", "agentName": "agent", "content": "x", "mode": "tool", "payload": {"developer": true}}),
    ];
    let (mid, _) = run(Swarm, Kernel, &src);
    let (back, _) = run(Kernel, Swarm, &mid);
    assert_eq!(back, src);
}

/// Defect 10: OpenAI `[file (file_id), text]` → Agens: the file is reported (the text comes back
/// as the string content it is the same as, docs/CONVERSIONS.md rule 3).
#[test]
fn d10_an_openai_file_id_part_is_reported_for_agens() {
    let src = [json!({"role": "user", "content": [
        {"type": "file", "file": {"file_id": "file-1"}},
        {"type": "text", "text": "summarise"}
    ]})];
    let (_, losses) = run(OpenAI, Agens, &src);
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["content",0]"#),]);
    // OpenAI to itself keeps the file id.
    let (same, losses) = run(OpenAI, OpenAI, &src);
    assert_eq!(losses, vec![]);
    assert_eq!(same, src);
}

/// Defect 11: swarmHistory keeps a message with an unanswered call, without that call.
#[test]
fn d11_swarm_history_drops_only_the_unanswered_call() {
    let a = |content: &str, calls: &[&str]| {
        json!({"role": "assistant", "agentName": "a", "content": content, "mode": "tool",
            "tool_calls": calls.iter().map(|c| json!({"id": c, "type": "function", "function": {"name": "f", "arguments": {}}})).collect::<Vec<_>>()})
    };
    let t = |id: &str| json!({"role": "tool", "agentName": "a", "content": "r", "mode": "tool", "tool_call_id": id});
    let src = [
        json!({"role": "user", "agentName": "a", "content": "go", "mode": "user"}),
        a("", &["c1", "c2"]),
        t("c1"),
        t("c9"),
        a("", &["c3"]),
        json!({"role": "assistant", "agentName": "a", "content": "done", "mode": "tool"}),
    ];
    let checked = check(Swarm, &ours(&src));
    let kept: Vec<(usize, Option<Vec<usize>>)> = checked
        .kept
        .unwrap()
        .into_iter()
        .map(|k| (k.index, k.calls))
        .collect();
    // The user, the first call message trimmed to c1, c1's output, the reply.
    assert_eq!(
        kept,
        vec![(0, None), (1, Some(vec![0])), (2, None), (5, None)]
    );
}

/// Defect 12: A Kernel result without `callId`: paired with the call at its position, and reported.
#[test]
fn d12_a_result_without_call_id_is_paired_by_position() {
    let src = [
        k(
            "a",
            1,
            json!({"type": "tool-calls", "calls": [{"id": "c1", "name": "f", "args": {}}, {"id": "c2", "name": "g", "args": {}}]}),
        ),
        k(
            "b",
            2,
            json!({"type": "tool-results", "results": [{"callId": "c1", "output": "x"}, {"output": "y"}]}),
        ),
    ];
    let (out, losses) = run(Kernel, OpenAI, &src);
    assert_eq!(
        out[2],
        json!({"role": "tool", "tool_call_id": "c2", "content": "y"})
    );
    assert_eq!(
        but_ids(losses),
        vec![row(1, "inferred_call_id", r#"["results",1,"callId"]"#)]
    );
}

/// Defect 13: A Kernel file without a media type: a file part (or an image part when its bytes say
/// it is an image), never an image part of application/octet-stream.
#[test]
fn d13_an_untyped_kernel_file_is_no_octet_stream_image() {
    let src = [
        k(
            "a",
            1,
            json!({"type": "input", "text": "x", "files": [{"data": "AQID"}]}),
        ),
        k(
            "b",
            2,
            json!({"type": "input", "text": "x", "files": [{"data": "iVBORw0KGgo="}]}),
        ),
    ];
    let (out, losses) = run(Kernel, OpenAI, &src);
    assert_eq!(
        out[0]["content"][1],
        json!({"type": "file", "file": {"file_data": "data:application/octet-stream;base64,AQID"}})
    );
    assert_eq!(
        out[1]["content"][1],
        json!({"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0KGgo="}})
    );
    assert_eq!(
        but_ids(losses),
        vec![
            row(0, "changed_value", r#"["files",0,"mimeType"]"#),
            row(1, "changed_value", r#"["files",0]"#),
        ]
    );
}

/// Defect 14: A Bedrock log (responses only, never the outputs) checks clean.
#[test]
fn d14_a_bedrock_log_checks_clean() {
    let src = [
        json!({"type": "tool_call", "tool_calls": [{"id": "t1", "type": "function", "function": {"name": "f", "arguments": {}}}]}),
        json!({"type": "message", "content": "done"}),
    ];
    assert_eq!(check(Bedrock, &ours(&src)).findings, vec![]);
}

// What the wide generators (`gen_wide.rs`, issue 9) found after the defects above, one fixed
// case each.

/// `from` → `to` → `from`, the way back's messages.
fn round_trip(from: Format, to: Format, source: &[Value]) -> Vec<Value> {
    let (mid, _) = convert(from, to, &ours(source), &mut Counter(0));
    let (back, _) = convert(to, from, &mid, &mut Counter(100));
    assert_valid(from.name(), &back);
    theirs(&back)
}

/// W1: a Kernel `mimeType` that cannot stand in a `data:` URL was spliced into one
/// (`data:data:image/png;base64,…;base64,`), which OpenAI refuses and reads back as nothing.
#[test]
fn w1_a_mime_type_no_data_url_can_carry_is_sent_untyped_and_reported() {
    let src = [k(
        "a",
        1,
        json!({"type": "input", "files": [{"data": "AQID", "mimeType": "data:image/png;base64,iVBORw0KGgo="}]}),
    )];
    let (out, losses) = run(Kernel, OpenAI, &src);
    assert_eq!(
        out[0]["content"][0],
        json!({"type": "file", "file": {"file_data": "data:application/octet-stream;base64,AQID"}})
    );
    assert_eq!(
        but_ids(losses),
        vec![row(0, "changed_value", r#"["files",0,"mimeType"]"#)]
    );
    // A media type with parameters is one: it is carried as written.
    let typed = [k(
        "a",
        1,
        json!({"type": "input", "files": [{"data": "AQID", "mimeType": "text/plain; charset=utf-8"}]}),
    )];
    let (out, losses) = run(Kernel, OpenAI, &typed);
    assert_eq!(
        out[0]["content"][0]["file"]["file_data"],
        json!("data:text/plain; charset=utf-8;base64,AQID")
    );
    assert_eq!(but_ids(losses), vec![]);
    assert_eq!(
        round_trip(Kernel, OpenAI, &typed)[0]["files"],
        typed[0]["files"]
    );
}

/// W2: a swarm image whose `data:` URL is not an image went to OpenAI as a file part and was
/// dropped on the way back: swarm writes files into `images` as `data:` URLs, reported when
/// the source was not swarm.
#[test]
fn w2_a_file_that_is_not_an_image_goes_into_swarm_images() {
    let src = [
        json!({"role": "user", "agentName": "a", "content": "", "mode": "user",
                      "images": ["data:application/pdf;base64,AQID"]}),
    ];
    let (out, losses) = run(Swarm, OpenAI, &src);
    assert_eq!(
        out[0]["content"],
        json!([{"type": "file", "file": {"file_data": "data:application/pdf;base64,AQID"}}])
    );
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["agentName"]"#)]);
    let back = round_trip(Swarm, OpenAI, &src);
    assert_eq!(back[0]["images"], src[0]["images"]);
    // From Kernel, the file reaches swarm's images, and the change of kind is reported.
    let kernel = [k(
        "a",
        1,
        json!({"type": "input", "files": [{"data": "AQID", "mimeType": "application/pdf"}]}),
    )];
    let (out, losses) = run(Kernel, Swarm, &kernel);
    assert_eq!(
        out[0]["images"],
        json!(["data:application/pdf;base64,AQID"])
    );
    assert_eq!(
        but_ids(losses),
        vec![row(0, "changed_value", r#"["files",0]"#)]
    );
}

/// W3: a swarm image that is not base64 (read as a URL) lost to Kernel left its `images` mark
/// behind, which came back as a payload the source never had (and its `payload: null` with it).
#[test]
fn w3_a_lost_swarm_image_leaves_no_mark_behind() {
    let src = [
        json!({"role": "user", "agentName": "a", "content": "", "mode": "user",
                      "images": ["hi"], "payload": null}),
    ];
    let (out, losses) = run(Swarm, Kernel, &src);
    assert_eq!(
        out[0]["agentMessages"],
        json!({"author": "a", "payload": null})
    );
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["images",0]"#)]);
    let back = round_trip(Swarm, Kernel, &src);
    assert_eq!(back[0].get("payload"), Some(&Value::Null));
    assert_eq!(back[0].get("images"), None);
}

/// W4: OpenAI `refusal: null` and `audio: null` were read as absent and came back absent.
#[test]
fn w4_openai_nulls_the_api_reads_as_absent_come_back_as_written() {
    let src = [json!({"role": "assistant", "content": "ok", "refusal": null, "audio": null})];
    for to in [Kernel, Swarm] {
        let (_, losses) = run(OpenAI, to, &src);
        assert_eq!(losses, vec![], "{to}");
        assert_eq!(round_trip(OpenAI, to, &src), src, "{to}");
    }
    // Bedrock and Agens have no place for them: reported at each field.
    for to in [Bedrock, Agens] {
        let (_, losses) = run(OpenAI, to, &src);
        assert_eq!(
            losses,
            vec![
                row(0, "dropped_field", r#"["refusal"]"#),
                row(0, "dropped_field", r#"["audio"]"#)
            ],
            "{to}"
        );
    }
}

/// W5: a user's empty `agentMessages` (or empty `props`) vanished without a word.
#[test]
fn w5_an_empty_reserved_property_is_reported() {
    let src = [k(
        "a",
        1,
        json!({"type": "reply", "text": "x", "agentMessages": {}}),
    )];
    let (_, losses) = run(Kernel, OpenAI, &src);
    assert_eq!(
        but_ids(losses),
        vec![row(0, "reserved_name", r#"["agentMessages"]"#)]
    );
    let props = [
        json!({"role": "user", "agentName": "a", "content": "x", "mode": "user",
                        "payload": {"agentMessages": {"props": {}}}}),
    ];
    let (_, losses) = run(Swarm, Kernel, &props);
    assert_eq!(
        losses,
        vec![row(
            0,
            "reserved_name",
            r#"["payload","agentMessages","props"]"#
        )]
    );
}

/// W6: Kernel tool results answering one call group in every split (the threaded
/// generator): OpenAI holds one message per result, so any split comes back as one group,
/// reported; one group comes back as it was.
#[test]
fn w6_kernel_result_groups_split_every_way() {
    let calls = k(
        "a",
        1,
        json!({"type": "tool-calls", "calls": [{"id": "c1", "name": "f"}, {"id": "c2", "name": "g"}, {"id": "c3", "name": "h"}]}),
    );
    let r = |id: &str| json!({"callId": id, "output": id});
    let splits: [&[&[&str]]; 4] = [
        &[&["c1", "c2", "c3"]],
        &[&["c1"], &["c2", "c3"]],
        &[&["c1", "c2"], &["c3"]],
        &[&["c3"], &["c1"], &["c2"]],
    ];
    for split in splits {
        let mut src = vec![calls.clone()];
        for (n, group) in split.iter().enumerate() {
            let results: Vec<Value> = group.iter().map(|id| r(id)).collect();
            src.push(k(
                &format!("r{n}"),
                2,
                json!({"type": "tool-results", "results": results}),
            ));
        }
        let (_, losses) = run(Kernel, OpenAI, &src);
        let split_rows: Vec<_> = losses
            .iter()
            .filter(|(_, code, _)| code == "split_results")
            .collect();
        assert_eq!(split_rows.len(), split.len() - 1, "{split:?}: {losses:?}");
    }
}

/// W7: a swarm payload's reserved entry naming a mark swarm's own fields give (`author` is the
/// `agentName`) made two marks of one name: Kernel wrote `agentMessages` with a duplicate key
/// (invalid JSON form), Agens reported the wrong path. The fields are the truth: the entry is
/// reported at its place and not carried.
#[test]
fn w7_a_reserved_entry_naming_swarms_own_mark_is_reported() {
    let src = [
        json!({"role": "user", "agentName": "", "content": "hi", "mode": "user",
                      "payload": {"agentMessages": {"author": null}}}),
    ];
    let (out, losses) = run(Swarm, Kernel, &src);
    assert_eq!(out[0]["agentMessages"], json!({"author": ""}));
    assert_eq!(
        losses,
        vec![row(
            0,
            "reserved_name",
            r#"["payload","agentMessages","author"]"#
        )]
    );
    // Also where the field is the default, which reads as no author.
    let src = [
        json!({"role": "user", "agentName": "agent", "content": "hi", "mode": "user",
                      "payload": {"agentMessages": {"author": "x"}}}),
    ];
    let (out, losses) = run(Swarm, Kernel, &src);
    assert_eq!(out[0].get("agentMessages"), None);
    assert_eq!(
        losses,
        vec![row(
            0,
            "reserved_name",
            r#"["payload","agentMessages","author"]"#
        )]
    );
}

/// W8: a mark of swarm's own fields that those fields cannot say (a Kernel `agentMessages`
/// author that is no string, a null payload beside the message's other properties) was stashed
/// in the payload's reserved entry, which swarm does not read for these names: reported.
#[test]
fn w8_a_mark_swarms_fields_cannot_say_is_reported() {
    let src = [k(
        "a",
        1,
        json!({"type": "input", "text": "hi", "trace": null, "agentMessages": {"payload": null, "author": 5}}),
    )];
    let (out, losses) = run(Kernel, Swarm, &src);
    assert_eq!(out[0]["payload"], json!({"trace": null}));
    assert_eq!(out[0]["agentName"], json!("agent"));
    assert_eq!(
        but_ids(losses),
        vec![
            row(0, "dropped_field", r#"["agentMessages","author"]"#),
            row(0, "dropped_field", r#"["agentMessages","payload"]"#),
        ]
    );
}

/// W9: a `data:` URL with no media type (RFC 2397 allows it: text/plain) is written back as it
/// came; one whose media type cannot be one goes untyped.
#[test]
fn w9_a_data_url_without_media_type_comes_back_as_it_came() {
    let src = [json!({"role": "user", "content": [
        {"type": "file", "file": {"file_data": "data:;base64,AQID", "filename": "a"}}
    ]})];
    let (_, losses) = run(OpenAI, Kernel, &src);
    assert_eq!(losses, vec![]);
    assert_eq!(round_trip(OpenAI, Kernel, &src), src);
    let bad = [k(
        "a",
        1,
        json!({"type": "input", "files": [{"data": "AQID", "mimeType": "text/plain,x"}]}),
    )];
    let (out, losses) = run(Kernel, OpenAI, &bad);
    assert_eq!(
        out[0]["content"][0]["file"]["file_data"],
        json!("data:application/octet-stream;base64,AQID")
    );
    assert_eq!(
        but_ids(losses),
        vec![row(0, "changed_value", r#"["files",0,"mimeType"]"#)]
    );
}

/// W10: Kernel tool results in two messages with only a message the target drops between them
/// (reasoning) came back joined into one, reported as nothing but the ids.
#[test]
fn w10_results_joined_across_a_dropped_message_are_reported() {
    let src = [
        k(
            "a",
            1,
            json!({"type": "tool-results", "results": [{"callId": "c1", "output": "x"}]}),
        ),
        k(
            "b",
            2,
            json!({"type": "reasoning", "title": "t", "summary": "s"}),
        ),
        k(
            "c",
            3,
            json!({"type": "tool-results", "results": [{"callId": "c2", "output": "y"}]}),
        ),
    ];
    for to in [Agens, OpenAI, Swarm] {
        let (_, losses) = run(Kernel, to, &src);
        assert_eq!(
            but_ids(losses),
            vec![
                row(1, "unsupported_message", "[]"),
                row(2, "split_results", "[]")
            ],
            "{to}"
        );
    }
    // What the target drops is what it reported dropping: Agens drops an input without text.
    let mut src = src;
    src[1] = k("b", 2, json!({"type": "input"}));
    let (_, losses) = run(Kernel, Agens, &src);
    assert_eq!(
        but_ids(losses),
        vec![
            row(1, "unsupported_message", "[]"),
            row(2, "split_results", "[]")
        ]
    );
}

/// W11: a step mark that reading the step back would not give again (on the first step, or
/// where the slots start a step anyway) was consumed in silence by the Agens writer.
#[test]
fn w11_a_step_mark_agens_would_not_give_back_is_reported() {
    let src = [
        json!({"role": "user", "agentName": "agent", "content": "hi", "mode": "user",
                      "payload": {"agentMessages": {"agens_step": true}}}),
    ];
    let (_, losses) = run(Swarm, Agens, &src);
    assert_eq!(
        losses,
        vec![row(
            0,
            "dropped_field",
            r#"["payload","agentMessages","agens_step"]"#
        )]
    );
}

/// W12: a reserved entry named like an Agens field, empty but of the wrong type
/// (`tool_results: []`), was written as that field: invalid Agens.
#[test]
fn w12_an_agens_field_mark_of_the_wrong_type_is_reported_not_written() {
    let src = [
        json!({"role": "system", "agentName": "agent", "content": "x", "mode": "tool",
                      "payload": {"agentMessages": {"tool_results": []}}}),
    ];
    let (out, losses) = run(Swarm, Agens, &src);
    assert_eq!(out[0].get("tool_results"), None);
    assert_eq!(
        losses,
        vec![row(
            0,
            "dropped_field",
            r#"["payload","agentMessages","tool_results"]"#
        )]
    );
}

/// W13: a `data:` URL whose media type is not one (`é`) was read as a typed file, which no
/// writer can write back: it is read as a URL (an image), or reported (file data).
#[test]
fn w13_a_data_url_whose_media_type_is_none_is_not_read_as_typed() {
    let image = [json!({"role": "user", "content": [
        {"type": "image_url", "image_url": {"url": "data:é;base64,AQID"}}
    ]})];
    let (out, losses) = run(OpenAI, Swarm, &image);
    assert_eq!(out[0]["images"], json!(["data:é;base64,AQID"]));
    assert_eq!(losses, vec![]);
    assert_eq!(round_trip(OpenAI, Swarm, &image), image);
    let file = [json!({"role": "user", "content": [
        {"type": "file", "file": {"file_data": "data:é;base64,AQID"}}
    ]})];
    let (_, losses) = run(OpenAI, Kernel, &file);
    assert_eq!(losses, vec![row(0, "dropped_field", r#"["content",0]"#)]);
}

/// W14: a lost Agens step boundary moved the next step's input into another step (read back as
/// that step's `user`); only the first step was reported.
#[test]
fn w14_agens_steps_cut_again_by_their_slots_are_each_reported() {
    let src = [
        json!({"input": "a"}),
        json!({"input": "hi", "user": "hi"}),
        json!({"input": "b"}),
    ];
    let (out, losses) = run(Agens, OpenAI, &src);
    assert_eq!(out.len(), 4);
    // The second step's boundary, and the third step's, which reads back as the second's user.
    assert_eq!(
        losses,
        vec![
            row(1, "merged_messages", "[]"),
            row(2, "merged_messages", "[]")
        ]
    );
    let back = round_trip(Agens, OpenAI, &src);
    assert_eq!(
        back,
        vec![
            json!({"input": "a", "user": "hi"}),
            json!({"input": "hi", "user": "b"})
        ]
    );
}

/// W15: an Agens step with no input of its own (`(no input)`) joined by the next step, whose
/// boundary OpenAI cannot carry, took that step's input: its own was lost unreported.
#[test]
fn w15_a_step_without_input_that_takes_the_next_ones_is_reported() {
    let src = [
        json!({"input": "(no input)", "system": "hi"}),
        json!({"input": "q"}),
    ];
    let (_, losses) = run(Agens, OpenAI, &src);
    assert_eq!(
        losses,
        vec![
            row(0, "dropped_field", "[]"),
            row(1, "merged_messages", "[]")
        ]
    );
}

/// W16: a user key under `agentMessages.props` that can stand as itself (here `text` on a
/// tool-calls message, which has no such field) is written as itself: `props` holds the keys
/// only where one of them cannot (then all, in order). Same key, same value; the law's normal
/// form says so.
#[test]
fn w16_a_props_key_that_can_stand_as_itself_does() {
    let alone = [k(
        "a",
        1,
        json!({"type": "tool-calls", "calls": [], "agentMessages": {"props": {"text": null}}}),
    )];
    let (out, losses) = run(Kernel, Kernel, &alone);
    assert_eq!(losses, vec![]);
    assert_eq!(out[0]["text"], Value::Null);
    assert_eq!(out[0].get("agentMessages"), None);
    let beside = [k(
        "a",
        1,
        json!({"type": "tool-calls", "calls": [], "agentMessages": {"props": {"text": null, "id": 1}}}),
    )];
    let (out, losses) = run(Kernel, Kernel, &beside);
    assert_eq!(losses, vec![]);
    assert_eq!(out, theirs(&ours(&beside)));
}

/// W17: an Agens step's field marks went into the payload of every swarm tool message its
/// results became, so that each began a step of its own when read back.
#[test]
fn w17_step_marks_ride_on_the_first_tool_message_only() {
    let src =
        [json!({"input": "(no input)", "tool_calls": [], "tool_results": {"a": "1", "b": "2"}})];
    let (out, losses) = run(Agens, Swarm, &src);
    assert_eq!(losses, vec![]);
    assert_eq!(
        out[0]["payload"],
        json!({"agentMessages": {"tool_calls": []}})
    );
    assert_eq!(out[1].get("payload"), None);
    assert_eq!(round_trip(Agens, Swarm, &src), src);
}

/// W18: a swarm developer message whose payload's reserved entry names `developer` (Kernel's
/// own mark of the role on a system message) made Kernel write `developer` twice (invalid);
/// a Kernel system message's `developer` other than `true` is likewise Kernel's own.
#[test]
fn w18_a_developer_mark_that_is_not_kernels_is_reported() {
    let src = [
        json!({"role": "developer", "agentName": "agent", "content": "x", "mode": "tool",
                      "payload": {"agentMessages": {"developer": null}}}),
    ];
    let (out, losses) = run(Swarm, Kernel, &src);
    assert_eq!(out[0]["agentMessages"], json!({"developer": true}));
    assert_eq!(
        losses,
        vec![row(
            0,
            "dropped_field",
            r#"["payload","agentMessages","developer"]"#
        )]
    );
    let kernel = [k(
        "a",
        1,
        json!({"type": "system", "text": "x", "agentMessages": {"developer": null}}),
    )];
    let (out, losses) = run(Kernel, OpenAI, &kernel);
    assert_eq!(out[0]["role"], json!("system"));
    assert_eq!(
        but_ids(losses),
        vec![row(0, "reserved_name", r#"["agentMessages","developer"]"#)]
    );
}

/// Every loss code is documented (docs/CONVERSIONS.md names each as `code`).
#[test]
fn every_loss_code_is_documented() {
    let doc = include_str!("../../docs/CONVERSIONS.md");
    for code in agent_messages::convert::loss::LossCode::ALL {
        assert!(
            doc.contains(&format!("`{code}`")),
            "{code} is not in docs/CONVERSIONS.md"
        );
    }
}

/// The `Loss` declaration's code union is every loss code, and only those.
#[test]
fn the_declared_loss_codes_are_the_codes() {
    let dts = include_str!("../../pkg-template/types/index.d.ts");
    let start = dts
        .find("export interface Loss {")
        .expect("Loss is declared");
    let body = &dts[start..start + dts[start..].find("\n}").expect("it ends")];
    let union = &body
        [body.find("code:").expect("a code field")..body.find("detail:").expect("a detail field")];
    let declared: Vec<&str> = union.split('\'').skip(1).step_by(2).collect();
    let codes: Vec<&str> = agent_messages::convert::loss::LossCode::ALL
        .iter()
        .map(|c| c.as_str())
        .collect();
    assert_eq!(declared, codes);
}

/// W19: a swarm tool message without a call id (not carried into Agens) still left an empty
/// `tool_results` and its slot in the step, so that the next step's `(no input)` input was
/// taken for the carried-forward one, and lost unreported.
#[test]
fn w19_a_result_not_carried_leaves_no_trace_in_the_step() {
    let src = [
        json!({"role": "assistant", "agentName": "agent", "content": "", "mode": "tool"}),
        json!({"role": "tool", "agentName": "agent", "content": "", "mode": "tool"}),
        json!({"role": "user", "agentName": "agent", "content": "(no input)", "mode": "user"}),
        json!({"role": "tool", "agentName": "agent", "content": "", "mode": "tool", "tool_call_id": ""}),
    ];
    let (out, losses) = run(Swarm, Agens, &src);
    assert_eq!(out[0].get("tool_results"), None);
    // The input repeats the carried-forward `(no input)` in a step with other content: Agens
    // cannot tell it apart, and says so.
    assert_eq!(
        losses,
        vec![
            row(1, "unsupported_message", "[]"),
            row(2, "unsupported_message", "[]")
        ]
    );
}

/// W20: a Kernel user's `agentMessages.agens_step` beside Agens step fields was taken for the
/// step mark the Agens reader sets (implied by the fields) and left out by swarm, unreported.
#[test]
fn w20_a_step_mark_from_another_format_is_carried() {
    let src = [k(
        "a",
        1,
        json!({"type": "system", "text": "", "agentMessages": {"agens_step": true, "caller": null}}),
    )];
    let (out, losses) = run(Kernel, Swarm, &src);
    assert_eq!(
        out[0]["payload"],
        json!({"agentMessages": {"agens_step": true, "caller": null}})
    );
    assert_eq!(but_ids(losses), vec![]);
}

/// W21: an empty list of tool calls (or results), reported as not carried, still left
/// `tool_calls: []` and its slot in the Agens step, so that the next user input was taken for
/// the carried-forward one and lost unreported; alone, it leaves no step at all.
#[test]
fn w21_an_empty_call_list_leaves_no_trace_in_agens() {
    let src = [
        json!({"role": "assistant", "tool_calls": [{"id": "", "type": "function", "function": {"name": "", "arguments": "{}"}}]}),
        json!({"role": "tool", "tool_call_id": "", "content": "out"}),
        json!({"role": "user", "content": "(no input)"}),
        json!({"role": "assistant", "tool_calls": []}),
        json!({"role": "tool", "tool_call_id": "", "content": ""}),
    ];
    let (out, _) = run(OpenAI, Agens, &src);
    assert_eq!(out[1].get("tool_calls"), None);
    // The user input comes back (a step of outputs only after outputs shows its input).
    let back = round_trip(OpenAI, Agens, &src);
    assert!(back.contains(&src[2]), "{back:?}");
    let alone = [json!({"role": "assistant", "tool_calls": []})];
    let (out, losses) = run(OpenAI, Agens, &alone);
    assert_eq!(out, Vec::<Value>::new(), "{losses:?}");
}

/// W22: an id-less UI message written as a step of the one before (through the AI SDK, whose
/// messages have no ids) lost its `agentMessages` marks, unreported: a piece with marks it
/// cannot place begins a message of its own.
#[test]
fn w22_a_step_with_marks_of_its_own_begins_a_message() {
    let src = [
        json!({"id": "", "role": "assistant", "parts": [{"type": "reasoning", "text": ""}]}),
        json!({"id": "", "role": "assistant", "parts": [{"type": "step-start"}, {"type": "text", "text": ""}], "agentMessages": {"$bytes": ""}}),
    ];
    for to in [AiSdk, Anthropic] {
        crate::convert_law::law(AiSdkUi, to, &ours(&src)).unwrap();
    }
}

/// W23: of three alike AI SDK tool messages in a row, the third was not marked `after_tools`
/// (the second's mark was taken for a difference), so that a target joining all three (OpenAI
/// and Agens read back, Anthropic written) reported the second's join but not the third's; and
/// Kernel, which joined tool results with equal marks, joins none marked so.
#[test]
fn w23_results_of_calls_without_ids_beside_one_with_an_id() {
    let src = [
        json!({"role":"assistant","content":[{"type":"tool-call","toolCallId":"","toolName":"","input":null},{"type":"tool-call","toolCallId":"","toolName":"","input":null},{"type":"tool-call","toolCallId":"call_1","toolName":"","input":null}]}),
        json!({"role":"tool","content":[{"type":"tool-result","toolCallId":"","toolName":"","output":{"type":"text","value":"out 0"}}]}),
        json!({"role":"tool","content":[{"type":"tool-result","toolCallId":"","toolName":"","output":{"type":"text","value":"out 1"}}]}),
        json!({"role":"tool","content":[{"type":"tool-result","toolCallId":"call_1","toolName":"","output":{"type":"text","value":"out 2"}}]}),
    ];
    for to in Format::ALL {
        let r = crate::convert_law::law(AiSdk, *to, &ours(&src));
        assert!(r.is_ok(), "{to}: {r:?}");
    }
}

/// W24: a swarm payload entry that can stand as itself (`id`) before one that cannot (a user's
/// `agentMessages`) went under the reserved `props` with it: read back the same, but not written
/// back as it was. Entries go as themselves up to the first that cannot.
#[test]
fn w24_payload_entries_stand_as_themselves_up_to_the_first_that_cannot() {
    let src = [
        json!({"role": "tool", "agentName": "", "content": "", "mode": "user",
        "payload": {"id": null, "agentMessages": {"props": {"agentMessages": null}}}}),
    ];
    let back = round_trip(Swarm, Kernel, &src);
    assert_eq!(back, src);
    let r = crate::convert_law::law(Swarm, Kernel, &ours(&src));
    assert!(r.is_ok(), "{r:?}");
}

/// W25: Agens ⇄ UIMessage. A step's empty field (a mark the UI keeps) that a later step's
/// messages fill when they join it (outputs written into the step's tool part), and a step's
/// `input` and `user` written as one piece that the next step's input then joins, are reported.
#[test]
fn w25_agens_steps_joined_by_the_ui_are_reported() {
    let filled = [
        json!({"input": "q", "tool_calls": [{"id": "call_1", "name": "weather", "arguments": [], "server_name": "", "type": "tool_call"}], "tool_results": null}),
        json!({"input": "q", "tool_results": {"call_1": null}}),
    ];
    let (_, losses) = run(Agens, AiSdkUi, &filled);
    assert!(
        losses.contains(&row(0, "dropped_field", r#"["tool_results"]"#)),
        "{losses:?}"
    );
    let inputs = [
        json!({"input": "hi", "user": ""}),
        json!({"input": "Héllo wörld"}),
    ];
    let (_, losses) = run(Agens, AiSdkUi, &inputs);
    assert!(
        losses.contains(&row(1, "merged_messages", "[]")),
        "{losses:?}"
    );
    // A step without an input of its own whose fields the UI keeps (so that it begins a step
    // read back), filled by the next one's outputs.
    let kept = [json!({"input": "q"}), filled[0].clone(), filled[1].clone()];
    let (_, losses) = run(Agens, AiSdkUi, &kept);
    assert!(
        losses.contains(&row(1, "dropped_field", r#"["tool_results"]"#)),
        "{losses:?}"
    );
    // Outputs no UI tool part waits for are not carried, and leave no empty assistant message
    // behind (which read back would have let the next step's input take `user`).
    let orphan = [
        json!({"input": "q", "tool_results": {"call_1": null}}),
        json!({"input": "Héllo", "tool_calls": [{"id": "call_1", "name": "weather", "arguments": [], "server_name": "", "type": "tool_call"}]}),
    ];
    let (out, losses) = run(Agens, AiSdkUi, &orphan);
    assert_eq!(out.len(), 3, "{out:?}");
    assert!(
        losses.contains(&row(0, "unsupported_message", r#"["tool_results"]"#)),
        "{losses:?}"
    );
    for src in [&filled[..], &inputs[..], &kept[..], &orphan[..]] {
        let r = crate::convert_law::law(Agens, AiSdkUi, &ours(src));
        assert!(r.is_ok(), "{r:?}");
    }
}

/// W26: an AI SDK tool output's own `providerOptions` (`cacheControl`) is written on the
/// Anthropic `tool_result` block, as upstream writes it (and as the UI tool part's
/// `resultProviderMetadata`), and that reads back as the tool-result part's: reported, not moved
/// in silence.
#[test]
fn w26_an_outputs_own_options_written_on_the_block_are_reported() {
    let src = [
        json!({"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "call_1", "toolName": "get", "input": {"q": "x"}}]}),
        json!({"role": "tool", "content": [{"type": "tool-result", "toolCallId": "call_1", "toolName": "get",
            "output": {"type": "text", "value": "cached", "providerOptions": {"anthropic": {"cacheControl": {"type": "ephemeral"}}}}}]}),
    ];
    let (out, losses) = run(AiSdk, Anthropic, &src);
    assert_eq!(
        out[1]["content"][0]["cache_control"],
        json!({"type": "ephemeral"})
    );
    assert_eq!(
        losses,
        vec![row(
            1,
            "changed_value",
            r#"["content",0,"output","providerOptions"]"#
        )]
    );
    let (out, losses) = run(AiSdk, AiSdkUi, &src);
    assert_eq!(
        out[0]["parts"][1]["resultProviderMetadata"],
        json!({"anthropic": {"cacheControl": {"type": "ephemeral"}}})
    );
    assert_eq!(
        losses,
        vec![row(
            1,
            "changed_value",
            r#"["content",0,"output","providerOptions"]"#
        )]
    );
    for to in Format::ALL {
        let r = crate::convert_law::law(AiSdk, *to, &ours(&src));
        assert!(r.is_ok(), "{to}: {r:?}");
    }
}

/// W27: two UI tool parts with one `toolCallId`, the second holding the output: a target that
/// pairs outputs with calls by id (the UI writer as well) gives it to the first, reported at the
/// output's part.
#[test]
fn w27_an_output_whose_call_id_an_earlier_waiting_part_shares_is_reported() {
    let src = [json!({"id": "", "role": "assistant", "parts": [
        {"type": "dynamic-tool", "toolName": "", "toolCallId": "c", "input": null, "state": "input-available"},
        {"type": "dynamic-tool", "toolName": "", "toolCallId": "c", "input": null, "output": null, "state": "output-available"}]})];
    for to in Format::ALL {
        let (_, losses) = run(AiSdkUi, *to, &src);
        let reported = losses.contains(&row(0, "dropped_field", r#"["parts",1,"toolCallId"]"#));
        assert!(reported, "{to}: {losses:?}");
        let r = crate::convert_law::law(AiSdkUi, *to, &ours(&src));
        assert!(r.is_ok(), "{to}: {r:?}");
    }
}

/// W28: AI SDK user keys stood as themselves wherever they could, the others under `props`:
/// read back, `props` come after the plain ones, so a key named like a field (`role`) before a
/// plain one came back after it, unreported. Keys stand as themselves up to the first that
/// cannot.
#[test]
fn w28_ai_sdk_user_keys_keep_their_order() {
    let src = [
        json!({"role": "user", "agentName": "", "content": "", "mode": "user", "payload": {"role": null, "id": null}}),
    ];
    assert_eq!(round_trip(Swarm, AiSdk, &src), src);
    let r = crate::convert_law::law(Swarm, AiSdk, &ours(&src));
    assert!(r.is_ok(), "{r:?}");
}

/// W29: the AI SDK's mark of its outputs' types was named `outputs`, an Agens field, so that
/// swarm took it for an Agens step's mark and wrote it on the first tool message alone; and
/// written whole on each, it fitted none read back. Now `output_types`, one entry to each
/// message, and the AI SDK's writer joins the messages back.
#[test]
fn w29_output_types_go_one_to_each_swarm_tool_message() {
    let call = |id: &str| json!({"type": "tool-call", "toolCallId": id, "toolName": "get", "input": {"q": "x"}});
    let denied = |id: &str| json!({"type": "tool-result", "toolCallId": id, "toolName": "get", "output": {"type": "execution-denied", "reason": "no"}});
    let text = |id: &str| json!({"type": "tool-result", "toolCallId": id, "toolName": "get", "output": {"type": "text", "value": "no"}});
    for ids in [["call_1", "call_2"], ["call_1", "call_1"]] {
        let src = [
            json!({"role": "assistant", "content": [call(ids[0]), call(ids[1])]}),
            json!({"role": "tool", "content": [denied(ids[0]), text(ids[1])]}),
        ];
        let (out, _) = run(AiSdk, Swarm, &src);
        assert_eq!(
            out[1]["payload"],
            json!({"agentMessages": {"output_types": ["execution-denied"]}})
        );
        assert_eq!(out[2].get("payload"), None);
        assert_eq!(round_trip(AiSdk, Swarm, &src), src);
        for to in Format::ALL {
            let r = crate::convert_law::law(AiSdk, *to, &ours(&src));
            assert!(r.is_ok(), "{to}: {r:?}");
        }
    }
}

/// W30: Anthropic tool results that a target writes right after results of an earlier message
/// (or of the same message's earlier block) because what stood between them is not carried
/// (an input without text, for Agens) read back inside that message: `merged_messages` at `[]`.
#[test]
fn w30_results_joined_across_what_is_not_carried_are_reported() {
    let across_messages = [
        json!({"content":[{"id":"toolu_01A","input":{},"name":"","type":"tool_use"}],"role":"user"}),
        json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"toolu_01A","content":"out 0","is_error":true}]}),
        json!({"content":[{"id":"call_1","input":{},"name":"","type":"tool_use"},{"source":{"file_id":"","type":"file"},"type":"image"}],"role":"user"}),
        json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"out 0","is_error":true}]}),
    ];
    let (_, losses) = run(Anthropic, Agens, &across_messages);
    assert!(
        losses.contains(&row(3, "merged_messages", "[]")),
        "{losses:?}"
    );
    let within = [
        json!({"content":[{"tool_use_id":"toolu_01A","type":"tool_result"},{"id":"call_1","input":{},"name":"","type":"tool_use"},{"source":{"file_id":"","type":"file"},"type":"image"}],"role":"user"}),
        json!({"role":"user","content":[{"type":"tool_result","tool_use_id":"call_1","content":"out 0"}]}),
    ];
    let (_, losses) = run(Anthropic, Agens, &within);
    assert!(
        losses.contains(&row(1, "merged_messages", "[]")),
        "{losses:?}"
    );
    // Neither list is a `Prompt` (its results answer no assistant message): the law does
    // not take them, but the way back is one, its unanswered results reported.
    for src in [&across_messages[..], &within[..]] {
        let (mid, _) = run(Anthropic, Agens, src);
        let (back, losses) = run(Agens, Anthropic, &mid);
        crate::gen::assert_valid_output("anthropic", &ours(&back));
        assert!(
            losses
                .iter()
                .any(|(_, code, _)| code == "unsupported_message"),
            "{losses:?}"
        );
    }
}

/// W31: swarm tool messages with a message between them the AI SDK has no message for are
/// written as two AI SDK tool messages that nothing tells apart: read back, the second carries
/// the mark `after_tools`, which swarm then holds in its payload. Reported.
#[test]
fn w31_a_tool_message_read_back_with_after_tools_is_reported() {
    let src = [
        json!({"role":"tool","agentName":"triage","content":"hi","mode":"tool","tool_call_id":"call_2","payload":{}}),
        json!({"role":"flush","agentName":"agent","content":"hi","mode":"user"}),
        json!({"role":"tool","agentName":"triage","content":"hi","mode":"tool","tool_call_id":"call_1","payload":{}}),
    ];
    let (_, losses) = run(Swarm, AiSdk, &src);
    assert!(
        losses.contains(&row(2, "dropped_field", "[]")),
        "{losses:?}"
    );
    let r = crate::convert_law::law(Swarm, AiSdk, &ours(&src));
    assert!(r.is_ok(), "{r:?}");
}
