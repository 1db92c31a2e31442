//! Every minimised fuzz finding kept in `fuzz/regressions/TARGET/` (one file of raw bytes per
//! finding, named for what it found), replayed through the fuzz target's own check
//! (`fuzz/src/targets.rs`, included here as `crate::fuzz_targets`): a fixed finding stays
//! fixed. `FUZZ_REPLAY=path cargo test --test native fuzz_replay` replays one file (a fresh
//! crash from `fuzz/artifacts/TARGET/`) through the target its folder names.
use crate::fuzz_targets::{Target, TARGETS};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz")
}

fn target_of(path: &Path) -> Target {
    let folder = path
        .parent()
        .and_then(Path::file_name)
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    TARGETS
        .iter()
        .find(|(name, _)| *name == folder)
        .unwrap_or_else(|| panic!("{}: no target is named {folder}", path.display()))
        .1
}

#[test]
fn every_kept_finding_passes_its_target() {
    if let Some(one) = std::env::var_os("FUZZ_REPLAY") {
        let path = PathBuf::from(one);
        target_of(&path)(&std::fs::read(&path).unwrap());
        return;
    }
    let mut replayed = 0;
    for (name, check) in TARGETS {
        let Ok(dir) = std::fs::read_dir(root().join("regressions").join(name)) else {
            continue;
        };
        for entry in dir {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            eprintln!("{name}: {}", path.display());
            check(&bytes);
            replayed += 1;
        }
    }
    assert!(
        replayed > 0,
        "no finding was replayed: is fuzz/regressions/ there?"
    );
}

#[test]
fn every_target_is_built_and_kept() {
    // The fuzz crate's targets are exactly the ones listed here, and each has a run of its own.
    let mut built: Vec<String> = std::fs::read_dir(root().join("fuzz_targets"))
        .unwrap()
        .map(|e| {
            e.unwrap()
                .path()
                .file_stem()
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    built.sort();
    let mut listed: Vec<String> = TARGETS.iter().map(|(n, _)| n.to_string()).collect();
    listed.sort();
    assert_eq!(built, listed);
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap();
    for name in &listed {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml builds no {name}"
        );
    }
}

/// Found by the `tape` target: JSON text read as values (what a conversion and the command
/// line's `convert` read) dropped every tagged value, bytes in `{"$bytes": ...}`, URLs,
/// errors and escaped objects, and the base64 string of a bytes field. The JSON form reads
/// back as itself.
#[test]
fn tagged_json_form_values_read_back_as_themselves() {
    use agent_messages::formats::schemas;
    use agent_messages::tape::value::Value;
    use agent_messages::validate::{read_values, Input, Mode, Options};
    let cases = [
        ("DataContent", r#"{"$bytes":"AA=="}"#),
        ("DataContent", r#""AA==""#),
        (
            "ModelMessage",
            r#"{"role":"user","content":[{"type":"file","mediaType":"image/png","data":{"$bytes":"AA=="}},{"type":"image","image":{"$url":"https://a.b/c.png"}},{"type":"file","mediaType":"text/plain","data":{"$escape":{"$url":"x"}}}]}"#,
        ),
        (
            "ModelMessage",
            r#"{"role":"tool","content":[{"type":"tool-result","toolCallId":"a","toolName":"b","output":{"type":"json","value":{"x":{"$bytes":"AA=="},"e":{"$error":{"name":"E","message":"m"}},"s":{"$escape":{"$url":1}},"b":{"$arrayBuffer":""}}}}]}"#,
        ),
        (
            "IModelMessage",
            r#"{"role":"user","content":"x","agentName":"a","mode":"user","images":[{"$bytes":"AA=="},{"$bytes":"AQ=="}]}"#,
        ),
    ];
    for (name, text) in cases {
        let schema = schemas().iter().find(|s| s.name == name).unwrap();
        let tape = agent_messages::tape::json::parse(text, 64).unwrap();
        let read = read_values(
            &tape.view(text),
            0,
            schema.shape,
            Mode::Json,
            &Options::default(),
            Input::One,
        );
        assert_eq!(read.issues, vec![], "{name} {text}");
        assert_eq!(
            read.value,
            Some(Value::parse(text).unwrap()),
            "{name} {text}"
        );
    }
}

/// Seed corpora for the fuzz targets (`scripts/fuzz.sh` runs this before a target's first
/// run): generated valid conversations of every convertible format (the law's own
/// generators), each message as JSON text, JSONL logs, and the recorded provider streams of
/// `../shared/fixtures/streams/`. Each seed starts with the byte(s) its target picks with. And
/// the fuzzer's dictionary (`formats.dict`): every key and literal the shapes know.
/// `FUZZ_SEEDS=fuzz/corpus cargo test --release --test native write_fuzz_seeds -- --ignored`.
#[test]
#[ignore = "a tool: writes the fuzz seed corpora"]
fn write_fuzz_seeds() {
    use crate::support::CONVERTIBLE;
    use agent_messages::formats::{schemas, Format};
    use proptest::strategy::{Strategy, ValueTree};
    use proptest::test_runner::TestRunner;
    let out = PathBuf::from(std::env::var_os("FUZZ_SEEDS").expect("FUZZ_SEEDS=folder"));
    let write = |target: &str, name: String, bytes: Vec<u8>| {
        let dir = out.join(target);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(name), bytes).unwrap();
    };
    let prefixed = |pick: &[u8], text: &str| [pick, text.as_bytes()].concat();
    let mut runner = TestRunner::deterministic();
    for (fi, &format) in CONVERTIBLE.iter().enumerate() {
        let schema = schemas()
            .iter()
            .position(|s| std::ptr::eq(s, format.message_schema()))
            .unwrap() as u8;
        let log_pick = Format::ALL.iter().position(|&f| f == format).unwrap() as u8;
        for n in 0..8 {
            let strategy = match n % 2 {
                0 => crate::gen::conversation(format.name(), 6).boxed(),
                _ => crate::gen_wide::conversation(format.name(), 6).boxed(),
            };
            let messages = strategy.new_tree(&mut runner).unwrap().current();
            let texts: Vec<String> = messages.iter().map(|m| m.to_json()).collect();
            let list = format!("[{}]", texts.join(","));
            let name = |what: &str| format!("{}-{what}-{n}", format.name());
            for (ti, to) in CONVERTIBLE.iter().enumerate() {
                if n < 2 {
                    write(
                        "convert_law",
                        format!("{}-{}-{n}", format.name(), to.name()),
                        prefixed(&[fi as u8, ti as u8], &list),
                    );
                }
            }
            write("conversation", name("list"), prefixed(&[fi as u8], &list));
            write(
                "log_stages",
                name("jsonl"),
                prefixed(&[log_pick], &texts.join("\n")),
            );
            for (m, text) in texts.iter().enumerate() {
                write(
                    "json_text",
                    name(&format!("message{m}")),
                    prefixed(&[schema], text),
                );
            }
        }
    }
    let streamed = crate::fuzz_targets::streamed();
    let fixtures = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/streams");
    for (dir, format) in [
        ("openai-chat", Format::OpenAI),
        ("anthropic", Format::Anthropic),
        ("ai-sdk-ui", Format::AiSdkUi),
    ] {
        let pick = streamed.iter().position(|&f| f == format).unwrap() as u8;
        let Ok(files) = std::fs::read_dir(fixtures.join(dir)) else {
            continue;
        };
        for file in files {
            let path = file.unwrap().path();
            let Ok(bytes) = std::fs::read(&path) else {
                continue;
            };
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            write("streams", name.clone(), [&[pick][..], &bytes].concat());
            if name.ends_with(".json") {
                write("json_text", name, [&[0][..], &bytes].concat());
            }
        }
    }
    // The dictionary: every key and literal the shapes know, as JSON strings.
    let mut dict = String::new();
    for word in crate::fuzz_targets::words() {
        let json = agent_messages::tape::value::Value::Str(word.to_string()).to_json();
        dict.push('"');
        for b in json.bytes() {
            match b {
                b'"' | b'\\' | ..0x20 | 0x7f.. => dict.push_str(&format!("\\x{b:02x}")),
                _ => dict.push(b as char),
            }
        }
        dict.push_str("\"\n");
    }
    std::fs::write(out.join("formats.dict"), dict).unwrap();
    for (n, seed) in [
        "",
        "AA==",
        "AAE=",
        "AAEC",
        "-0",
        "1e21",
        "9007199254740993",
        "0.1e-320",
        "1.7976931348623157e308",
    ]
    .iter()
    .enumerate()
    {
        write("codecs", format!("seed{n}"), seed.as_bytes().to_vec());
    }
}
