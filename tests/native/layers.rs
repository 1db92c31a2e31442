//! The layers of the crate point only down: `src/wasm/` is the only code that knows JavaScript,
//! and each module of the core names only the modules below it (the order of `src/lib.rs`'s
//! module map). A failure names the file and the line.

use std::path::{Path, PathBuf};

/// The modules of the core, bottom first: each may name itself and those before it. The crate
/// root (`lib.rs`, which wires the host) and `wasm` (the top) are not in it.
const LAYERS: &[&str] = &[
    "arena",
    "swar",
    "host",
    "fnv",
    "keys",
    "json_text",
    "boundary",
    "ids",
    "tape",
    "validate",
    "formats",
    "stream",
    "convert",
    "log",
];

/// Items of the crate root, each with the one module that may name it: `Platform`, the root's
/// choice of host, is read by `host` alone (the rest of the core calls `crate::host`).
const ROOT_ITEMS: &[(&str, &str)] = &[("Platform", "host")];

/// What only `src/wasm/` may say.
const JS_ONLY: &[&str] = &["crate::wasm", "js_sys", "web_sys", "wasm_bindgen"];

/// The `.rs` files under `dir`, sorted.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line: a line comment (a doc comment too) is not code, and neither is what
/// follows ` // `.
fn code(line: &str) -> &str {
    if line.trim_start().starts_with("//") {
        return "";
    }
    line.find(" //").map_or(line, |at| &line[..at])
}

/// The modules `code` names by a `crate::` path: `crate::tape::X` and `crate::{tape, keys::K}`
/// name `tape` (and `keys`).
fn named(code: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    let mut names = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let before = code[..at].chars().next_back();
        if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_') {
            continue; // `my_crate::`
        }
        let rest = &code[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // The first segment of each path of the group, at its top level.
            let mut depth = 0;
            let mut start = true;
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => start = true,
                    c if c.is_whitespace() => {}
                    _ if start => {
                        names.push(ident(&group[i..]));
                        start = false;
                    }
                    _ => {}
                }
            }
        } else {
            names.push(ident(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

/// Every breach of the layering in one file (`rel`: its path from the crate's root, with `/`).
fn breaches(rel: &str, text: &str) -> Vec<String> {
    let in_wasm = rel.starts_with("src/wasm/");
    let module = rel
        .trim_start_matches("src/")
        .split('/')
        .next()
        .unwrap_or_default()
        .trim_end_matches(".rs");
    let rank = LAYERS.iter().position(|m| *m == module);
    let mut found = Vec::new();
    if !in_wasm && module != "lib" && rank.is_none() {
        found.push(format!(
            "{rel}: module `{module}` has no place in the layers: add it to LAYERS in \
             tests/native/layers.rs and to src/lib.rs's module map"
        ));
    }
    for (n, line) in text.lines().enumerate() {
        let code = code(line);
        let at = format!("{rel}:{}", n + 1);
        if in_wasm {
            continue;
        }
        for word in JS_ONLY {
            if code.contains(word) {
                found.push(format!(
                    "{at}: `{word}` outside src/wasm/ (the core knows no JavaScript; put what \
                     it needs of the platform behind crate::host): {}",
                    line.trim()
                ));
            }
        }
        if module != "lib" && code.contains("target_arch") {
            found.push(format!(
                "{at}: a cfg on the target outside src/lib.rs and src/wasm/ (the core is the \
                 same on every target; the platform answers through crate::host): {}",
                line.trim()
            ));
        }
        let Some(rank) = rank else { continue };
        for name in named(code) {
            if ROOT_ITEMS.contains(&(name.as_str(), module)) {
                continue;
            }
            match LAYERS.iter().position(|m| *m == name) {
                Some(r) if r <= rank => {}
                Some(_) => found.push(format!(
                    "{at}: `{module}` names crate::{name}, which is above it (layers, bottom \
                     first: {}): {}",
                    LAYERS.join(", "),
                    line.trim()
                )),
                None => found.push(format!(
                    "{at}: `{module}` names crate::{name}, which is not a module of the core \
                     below it: {}",
                    line.trim()
                )),
            }
        }
    }
    found
}

#[test]
fn layers_point_only_down() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    assert!(files.len() > 20, "the sources were not found");
    let mut found = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        let text = std::fs::read_to_string(path).expect("a source file");
        found.extend(breaches(&rel, &text));
    }
    assert!(found.is_empty(), "\n{}\n", found.join("\n"));
}

#[test]
fn the_module_map_lists_the_layers_in_order() {
    let lib = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs"))
        .expect("src/lib.rs");
    // The bullets of the module map, `//! * [`name`]: ...`, in order.
    let listed: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//! * [`"))
        .filter_map(|l| l.split('`').next())
        .collect();
    assert_eq!(listed, LAYERS, "src/lib.rs's module map, bottom first");
    let mut declared: Vec<&str> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';'))
        .filter(|m| *m != "wasm")
        .collect();
    declared.sort();
    let mut layers = LAYERS.to_vec();
    layers.sort();
    assert_eq!(declared, layers, "the modules src/lib.rs declares");
}

#[test]
fn drift_is_caught_and_named() {
    let cases = [
        (
            "src/tape/value.rs",
            "use crate::validate::write_json_string;",
        ),
        ("src/tape/json.rs", "    let s = crate::convert::FORMATS;"),
        (
            "src/validate/engine.rs",
            "use crate::{tape::TapeView, convert::Canonical};",
        ),
        (
            "src/json_text.rs",
            "    return crate::wasm::interop::js_number_text(n);",
        ),
        ("src/tape/number.rs", "#[cfg(target_arch = \"wasm32\")]"),
        ("src/formats/kernel/mod.rs", "use wasm_bindgen::prelude::*;"),
        ("src/convert/mod.rs", "#[wasm_bindgen]"),
        ("src/ids.rs", "let a = js_sys::Array::new();"),
        ("src/newmod.rs", "pub fn f() {}"),
        (
            "src/json_text.rs",
            "<crate::Platform as Host>::number_text(n)",
        ),
    ];
    for (rel, line) in cases {
        let text = format!("//! A module.\n\n{line}\n");
        let found = breaches(rel, &text);
        assert!(
            found.iter().any(|f| f.starts_with(&format!("{rel}:"))),
            "{rel}: {line:?} not caught: {found:?}"
        );
    }
    assert!(breaches("src/tape/value.rs", "use crate::validate::X;")
        .join("")
        .contains(":1: "));
    // What is allowed: a lower module, a comment, the wasm, the crate root's wiring.
    for (rel, line) in [
        (
            "src/validate/engine.rs",
            "use crate::{tape::{TapeView, Chars}, keys::Key};",
        ),
        (
            "src/tape/mod.rs",
            "/// See [`crate::validate`] for the walk.",
        ),
        ("src/tape/mod.rs", "let x = 1; // crate::validate reads it"),
        (
            "src/wasm/interop.rs",
            "use crate::validate::Options; use wasm_bindgen::prelude::*;",
        ),
        ("src/lib.rs", "#[cfg(target_arch = \"wasm32\")]"),
        ("src/convert/mod.rs", "use crate::formats::kernel;"),
        ("src/host.rs", "<crate::Platform as Host>::number_text(n)"),
    ] {
        assert_eq!(breaches(rel, line), Vec::<String>::new(), "{rel}: {line:?}");
    }
}
