//! Two things the page carries, made smaller at build time:
//! - the shipped lessons (`web/lessons/*.toml`), turned into JSON: the page reads them with the
//!   JSON reader it already has, and its first load carries no TOML reader. The lessons' checks
//!   (`model::lesson`, `./dev lesson`) read the same files as TOML;
//! - the puzzle library's fixture files (`tests/data`), without their comments and the source
//!   column after a named puzzle (the page shows names and grids; the sources stay in the files).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    lessons();
    library();
}

/// The fixture sets of the page's puzzle library (`model::library`).
const LIBRARY: [&str; 5] = [
    "named.txt",
    "hardest.txt",
    "top95.txt",
    "mantere_koljonen.txt",
    "sizes.txt",
];

fn library() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let out_dir = Path::new(&std::env::var("OUT_DIR").unwrap()).join("library");
    std::fs::create_dir_all(&out_dir).unwrap();
    for name in LIBRARY {
        let path = data.join(name);
        println!("cargo::rerun-if-changed={}", path.display());
        let text = std::fs::read_to_string(&path).unwrap();
        let mut kept = String::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            // name<TAB>puzzle<TAB>source: the first two fields.
            let fields: Vec<&str> = line.splitn(3, '\t').collect();
            writeln!(kept, "{}", fields[..fields.len().min(2)].join("\t")).unwrap();
        }
        std::fs::write(out_dir.join(name), kept).unwrap();
    }
}

fn lessons() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/lessons");
    println!("cargo::rerun-if-changed={}", dir.display());
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.retain(|p| p.extension().is_some_and(|e| e == "toml"));
    let mut names: Vec<String> = entries
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    let order = teaching_order(&dir);
    let mut listed = order.clone();
    listed.sort();
    if listed != names {
        panic!(
            "web/lessons/order.txt lists {listed:?} but the lesson files are {names:?}: list each \
             lesson file once, in teaching order"
        );
    }
    let mut out = String::from(
        "/// The shipped lessons: (name, JSON), in teaching order (web/lessons/order.txt).\n\
         pub const SHIPPED: &[(&str, &str)] = &[\n",
    );
    for name in order {
        let path = dir.join(format!("{name}.toml"));
        println!("cargo::rerun-if-changed={}", path.display());
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

/// The lesson names of `order.txt` (comments and blank lines skipped), in its order.
fn teaching_order(dir: &Path) -> Vec<String> {
    let path = dir.join("order.txt");
    println!("cargo::rerun-if-changed={}", path.display());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect()
}
