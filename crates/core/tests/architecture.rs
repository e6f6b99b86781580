//! ARCHITECTURE.md kept true: every path it names exists, the core's modules import only their
//! own layer and the layers above them in its table, with no import circle within a layer, and
//! the web crate keeps its rules: the page's model is free of browser types and imports neither
//! the workers nor the drawing, and pages never import each other (only the routers name pages).

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn architecture() -> String {
    fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the root")
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in fs::read_dir(&folder).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                found.push(path);
            }
        }
    }
    found.sort();
    found
}

/// A file's code without its comments and without its unit tests (tests may reach any layer).
fn code(path: &Path) -> String {
    let text = fs::read_to_string(path).unwrap_or_default();
    let text = match text.find("#[cfg(test)]\nmod tests {") {
        Some(at) => &text[..at],
        None => &text,
    };
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn every_path_it_names_exists() {
    let text = architecture();
    let mut checked = 0;
    for (i, quoted) in text.split('`').enumerate() {
        let looks_like_path = quoted.starts_with("crates/")
            || quoted.starts_with("tests/")
            || quoted.starts_with("web/");
        if i % 2 == 1 && looks_like_path {
            assert!(
                root().join(quoted).exists(),
                "ARCHITECTURE.md names `{quoted}`, which does not exist"
            );
            checked += 1;
        }
    }
    assert!(
        checked >= 20,
        "only {checked} paths found: is the page still there?"
    );
}

/// The core's layers as the page's table gives them: module → row (0 at the top).
fn layers() -> BTreeMap<String, usize> {
    let text = architecture();
    let table = text
        .split("## The layers of the core")
        .nth(1)
        .expect("a section on the core's layers");
    let mut layers = BTreeMap::new();
    let rows = table
        .lines()
        .skip_while(|l| !l.starts_with("| layer"))
        .skip(2)
        .take_while(|l| l.starts_with('|'));
    for (row, line) in rows.enumerate() {
        let modules = line.split('|').nth(2).expect("a modules column");
        for module in modules.split(',') {
            let module = module.trim().trim_matches('`');
            layers.insert(module.to_string(), row);
        }
    }
    layers
}

/// The modules of the core a file's code names (`crate::grid::…`, `use crate::{grid, size}`),
/// items re-exported at the root (`crate::Grid`) counted as their module's.
fn imports(code: &str, reexports: &BTreeMap<String, String>) -> Vec<String> {
    let mut names = Vec::new();
    for part in code.split("crate::").skip(1) {
        if let Some(group) = part.strip_prefix('{') {
            let group = group.split('}').next().unwrap_or("");
            for item in group.split(',') {
                let name = item.trim().split("::").next().unwrap_or("").trim();
                if !name.is_empty() {
                    names.push(name.to_string());
                }
            }
        } else {
            let name: String = part
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            names.push(name);
        }
    }
    names
        .into_iter()
        .map(|name| reexports.get(&name).cloned().unwrap_or(name))
        .collect()
}

/// `pub use module::{Item, …}` at the core's root: item → module.
fn root_reexports() -> BTreeMap<String, String> {
    let lib = code(&root().join("crates/core/src/lib.rs"));
    let mut map = BTreeMap::new();
    for part in lib.split("pub use ").skip(1) {
        let statement = part.split(';').next().unwrap_or("");
        let Some((module, items)) = statement.split_once("::") else {
            continue;
        };
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            let item = item.trim();
            if !item.is_empty() {
                map.insert(item.to_string(), module.trim().to_string());
            }
        }
    }
    map
}

#[test]
fn the_core_imports_only_its_own_layer_and_those_above() {
    let layers = layers();
    let reexports = root_reexports();
    let src = root().join("crates/core/src");
    let mut checked = 0;
    let mut edges: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
    for path in sources(&src) {
        let relative = path.strip_prefix(&src).unwrap();
        if relative.file_name().is_some_and(|f| f == "tests.rs") || relative == Path::new("lib.rs")
        {
            continue;
        }
        let first = relative.components().next().unwrap().as_os_str();
        let module = first.to_string_lossy().trim_end_matches(".rs").to_string();
        let Some(&own) = layers.get(&module) else {
            panic!("crates/core/src/{module} is in no layer of ARCHITECTURE.md");
        };
        for imported in imports(&code(&path), &reexports) {
            if imported == module || imported == "self" {
                continue;
            }
            let Some(&layer) = layers.get(&imported) else {
                continue; // a macro or an item the table does not place (e.g. `crate::registry!`)
            };
            assert!(
                layer <= own,
                "{} imports `{imported}`, which is below `{module}` in ARCHITECTURE.md's layers",
                relative.display()
            );
            if layer == own {
                edges.entry(module.clone()).or_default().insert(imported);
            }
            checked += 1;
        }
    }
    assert!(checked > 100, "only {checked} imports read");
    if let Some(circle) = import_circle(&edges) {
        panic!(
            "modules of one layer import each other in a circle: {}",
            circle.join(" → ")
        );
    }
    for module in ["exact", "heuristic", "logic"] {
        assert!(layers[module] < layers["registry"]);
    }
}

/// A circle in a graph of imports (module → the modules it imports), as the path that closes it.
fn import_circle(
    edges: &BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Option<Vec<String>> {
    fn walk(
        module: &str,
        edges: &BTreeMap<String, std::collections::BTreeSet<String>>,
        path: &mut Vec<String>,
        done: &mut std::collections::BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|m| m == module) {
            let mut circle = path[at..].to_vec();
            circle.push(module.to_string());
            return Some(circle);
        }
        if !done.insert(module.to_string()) {
            return None;
        }
        path.push(module.to_string());
        for next in edges.get(module).into_iter().flatten() {
            if let Some(circle) = walk(next, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        None
    }
    let mut done = std::collections::BTreeSet::new();
    edges
        .keys()
        .find_map(|module| walk(module, edges, &mut Vec::new(), &mut done))
}

#[test]
fn an_import_circle_is_found() {
    let graph = |pairs: &[(&str, &str)]| {
        let mut edges: BTreeMap<String, std::collections::BTreeSet<String>> = BTreeMap::new();
        for (from, to) in pairs {
            edges
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
        }
        edges
    };
    let circle = import_circle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")]));
    assert_eq!(circle.unwrap(), ["a", "b", "c", "a"]);
    assert_eq!(
        import_circle(&graph(&[("a", "b"), ("a", "c"), ("b", "c")])),
        None
    );
}

#[test]
fn the_page_model_has_no_browser_types() {
    for path in sources(&root().join("crates/web/src/model")) {
        let code = code(&path);
        for banned in ["web_sys", "yew::", "crate::app", "wasm_bindgen"] {
            assert!(
                !code.contains(banned),
                "{} uses {banned}: the model is plain Rust",
                path.display()
            );
        }
    }
}

#[test]
fn the_page_model_imports_neither_workers_nor_drawing() {
    let model = root().join("crates/web/src/model");
    let mut read = 0;
    for path in sources(&model) {
        if path.file_name().is_some_and(|f| f == "tests.rs") {
            continue; // tests drive the model with the worker's own answers
        }
        let code = code(&path);
        for banned in ["crate::worker", "crate::app"] {
            assert!(
                !code.contains(banned),
                "{} imports {banned}: the model is below the workers and the drawing",
                path.display()
            );
        }
        read += 1;
    }
    assert!(read > 20, "only {read} model files read");
}

#[test]
fn pages_never_import_each_other() {
    let pages = root().join("crates/web/src/app/pages");
    let names: Vec<String> = fs::read_dir(&pages)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.file_stem().is_some_and(|s| s != "mod"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().to_string())
        .collect();
    assert!(names.len() >= 6, "{names:?}");
    // The routers: the pages' module and the lesson player, which shows a page per step.
    let routers = [pages.join("mod.rs"), pages.join("lessons/player.rs")];
    for path in sources(&pages) {
        if routers.contains(&path) {
            continue;
        }
        let relative = path.strip_prefix(&pages).unwrap();
        let own = relative
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let own = own.trim_end_matches(".rs");
        let code = code(&path);
        for other in names.iter().filter(|n| n.as_str() != own) {
            for spelled in [format!("pages::{other}"), format!("super::{other}::")] {
                assert!(
                    !code.contains(&spelled),
                    "{} imports the page {other}: what pages share belongs in pages/mod.rs",
                    path.display()
                );
            }
        }
    }
}
