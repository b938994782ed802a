//! The layers of `docs/layout.md`, checked: a module of `src/` may import (`crate::x`) only
//! the layers its table lists before the module's own, and `protocol/` and `cli/` nothing of
//! each other. The table is the one declaration of the order; this test reads it, so the
//! compiler's crate boundaries are not needed to keep the arrows pointing down. Test code
//! (test files, and the item after each `#[cfg(test)]`) may reach anything.

use std::fs;
use std::path::{Path, PathBuf};

/// The layers in the table's order: `rng`, `progress`, `engine`, ... as `src/` names them.
fn layer_order(root: &Path) -> Vec<String> {
    let layout = fs::read_to_string(root.join("docs/layout.md")).expect("docs/layout.md");
    layout
        .lines()
        .skip_while(|line| !line.starts_with("| layer |"))
        .skip(2)
        .take_while(|line| line.starts_with("| `"))
        .map(|line| {
            let name = line.split('`').nth(1).expect("a layer in backticks");
            name.trim_end_matches('/')
                .trim_end_matches(".rs")
                .to_string()
        })
        .collect()
}

/// Every `.rs` file under `dir`, test files left out.
fn source_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a directory entry").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            if name != "tests" {
                source_files(&path, out);
            }
        } else if name.ends_with(".rs") && name != "tests.rs" && !name.ends_with("_tests.rs") {
            out.push(path);
        }
    }
}

/// The code of a file without its comments and without the item after each `#[cfg(test)]`.
fn non_test_code(text: &str) -> String {
    let mut code = String::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let line = line.split("//").next().unwrap_or_default();
        if line.trim() != "#[cfg(test)]" {
            code.push_str(line);
            code.push('\n');
            continue;
        }
        // Skip one item: a line ending in `;`, or everything up to its closing brace.
        let (mut depth, mut opened) = (0, false);
        for item_line in lines.by_ref() {
            let item_line = item_line.split("//").next().unwrap_or_default();
            opened |= item_line.contains('{');
            depth += item_line.matches('{').count() as i32;
            depth -= item_line.matches('}').count() as i32;
            if (!opened && item_line.trim_end().ends_with(';')) || (opened && depth <= 0) {
                break;
            }
        }
    }
    code
}

/// The top-level modules a piece of code names as `crate::x`, `crate::{x, y::z}` included.
fn crate_references(code: &str) -> Vec<String> {
    let ident = |text: &str| -> String {
        let text = text.trim_start();
        let end = text
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(text.len());
        text[..end].to_string()
    };
    let mut found = Vec::new();
    for (at, _) in code.match_indices("crate::") {
        let rest = &code[at + "crate::".len()..];
        let Some(group) = rest.strip_prefix('{') else {
            found.push(ident(rest));
            continue;
        };
        // The group's items are split at its top-level commas, up to its closing brace.
        let (mut depth, mut item) = (0, 0);
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth > 0 => depth -= 1,
                ',' | '}' if depth == 0 => {
                    found.push(ident(&group[item..i]));
                    item = i + 1;
                    if c == '}' {
                        break;
                    }
                }
                _ => {}
            }
        }
    }
    found.retain(|name| !name.is_empty());
    found
}

#[test]
fn each_layer_imports_only_those_below_it() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let order = layer_order(root);
    for layer in [
        "rng", "engine", "nnue", "chess", "draughts", "protocol", "cli",
    ] {
        assert!(
            order.iter().any(|l| l == layer),
            "{layer} missing from {order:?}"
        );
    }
    let rank = |name: &str| order.iter().position(|l| l == name);
    let mut files = Vec::new();
    source_files(&root.join("src"), &mut files);
    let mut faults = Vec::new();
    for file in &files {
        let relative = file.strip_prefix(root.join("src")).unwrap();
        let first = relative.iter().next().unwrap().to_string_lossy();
        let own = first.trim_end_matches(".rs").to_string();
        let Some(own_rank) = rank(&own) else { continue };
        let code = non_test_code(&fs::read_to_string(file).unwrap());
        for used in crate_references(&code) {
            let Some(used_rank) = rank(&used) else {
                continue;
            };
            let side_by_side = matches!(
                (own.as_str(), used.as_str()),
                ("protocol", "cli") | ("cli", "protocol")
            );
            if used != own && (used_rank > own_rank || side_by_side) {
                faults.push(format!("{}: crate::{used}", relative.display()));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "imports against docs/layout.md's layers: {faults:#?}"
    );
}

#[test]
fn the_check_sees_an_upward_import() {
    let code = non_test_code(
        "use crate::engine::Game;\nuse crate::{rng::Rng, protocol::uci};\n\
         #[cfg(test)]\nmod tests {\n    use crate::train;\n}\n// crate::cli in a comment\n\
         #[cfg(test)]\nuse crate::selfplay;\nuse crate::nnue;\n",
    );
    assert_eq!(
        crate_references(&code),
        ["engine", "rng", "protocol", "nnue"]
    );
}
