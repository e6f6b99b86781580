//! The page's components: each draws one part of the state and sends actions back.

pub mod algorithm_form;
pub mod board;
pub mod chart;
pub mod compare_table;
pub mod copy_link;
pub mod embed_code;
pub mod generate_form;
pub mod graph_view;
pub mod hypergraph_view;
pub mod page_header;
pub mod page_links;
pub mod playback_bar;
pub mod pseudo_code;
pub mod puzzle_input;
pub mod report_view;
pub mod result_panel;
pub mod stage;
pub mod update_notice;
pub mod vertices;
pub mod view_switcher;
