//! The page's state and logic in plain Rust (no browser types), tested by `cargo test`: the lab
//! page's reducer, the playback timeline, the URL contract, the built-in library, the lessons
//! and the geometry of the graph and hypergraph views. The components only draw it.

pub mod chunks;
pub mod compare;
pub mod experiments;
pub mod export;
pub mod form;
pub mod jobs;
pub mod lab;
pub use sudoku_draw::layout;
pub mod lesson;
pub mod library;
pub mod paper_words;
pub use sudoku_draw::narration;
pub mod pool;
pub mod query;
pub mod study;
pub mod timeline;

/// Parameters by name, as the lab and the compare page keep them.
pub type ParamMap = std::collections::BTreeMap<&'static str, String>;

/// Collects parameter pairs one insert at a time. `collect()` into a map sorts first, with its own
/// copy of the sort for each place it is called from: about 1.5 KB of the page's first load each.
pub fn param_map(pairs: impl IntoIterator<Item = (&'static str, String)>) -> ParamMap {
    let mut map = ParamMap::new();
    for (name, value) in pairs {
        map.insert(name, value);
    }
    map
}

/// Which view is shown beside the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum View {
    Board,
    Graph,
    Hypergraph,
}

impl View {
    pub const ALL: [View; 3] = [View::Board, View::Graph, View::Hypergraph];

    /// The id used in URLs and `data-view`.
    pub fn id(self) -> &'static str {
        match self {
            View::Board => "board",
            View::Graph => "graph",
            View::Hypergraph => "hypergraph",
        }
    }

    pub fn from_id(id: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.id() == id)
    }

    /// The name on the view switcher.
    pub fn label(self) -> &'static str {
        match self {
            View::Board => "Board only",
            View::Graph => "Graph",
            View::Hypergraph => "Hypergraph",
        }
    }
}
