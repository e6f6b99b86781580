//! The shipped lessons (`web/lessons/*.toml`), turned into JSON for the page: the page reads
//! them with the JSON reader it already has, and its first load carries no TOML reader. The
//! lessons' checks (`model::lesson`, `./dev lesson`) read the same files as TOML.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/lessons");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    entries.sort();
    let mut out = String::from("/// The shipped lessons: (name, JSON), by name.\npub const SHIPPED: &[(&str, &str)] = &[\n");
    for path in entries {
        println!("cargo::rerun-if-changed={}", path.display());
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        // A file that is not TOML fails here; its lesson checks run in the tests.
        let value: toml::Value =
            toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json = serde_json::to_string(&value).unwrap();
        writeln!(out, "    ({name:?}, {json:?}),").unwrap();
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap()).join("lessons.rs");
    std::fs::write(target, out).unwrap();
}
