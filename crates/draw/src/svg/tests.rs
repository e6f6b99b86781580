use sudoku_core::{verify_solution, Configuration, Grid};

use super::*;

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The cells of a drawing as (data-cell, data-value, aria-label), read by an XML parser.
fn cells(svg: &str) -> Vec<(usize, u8, String)> {
    let doc = roxmltree::Document::parse(svg).expect("the drawing is well-formed XML");
    doc.descendants()
        .filter(|n| n.attribute("role") == Some("gridcell"))
        .map(|n| {
            (
                n.attribute("data-cell").unwrap().parse().unwrap(),
                n.attribute("data-value").unwrap().parse().unwrap(),
                n.attribute("aria-label").unwrap().to_string(),
            )
        })
        .collect()
}

#[test]
fn every_cell_is_drawn_with_its_value_and_label_at_every_size() {
    let puzzles = [
        "1..4.3..........",
        PUZZLE,
        &".".repeat(256),
        &format!("A{}", ".".repeat(624)),
    ];
    for text in puzzles {
        let puzzle = Grid::parse(text).unwrap();
        let frame = BoardFrame::of_puzzle(&puzzle);
        let svg = board_svg(&frame, &Style::default());
        let drawn = cells(&svg);
        assert_eq!(drawn.len(), puzzle.size().cells(), "{text}");
        for (i, (cell, value, label)) in drawn.into_iter().enumerate() {
            assert_eq!(cell, i);
            assert_eq!(value, puzzle.values()[i]);
            assert_eq!(label, frame.cell_label(i));
        }
    }
}

#[test]
fn the_last_frame_of_a_trace_shows_its_verified_answer() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    for id in ["dlx", "backtracking", "norvig"] {
        let configuration = Configuration::parse(id).unwrap();
        let (trace, outcome) =
            sudoku_core::recording::record(&puzzle, &configuration, 1, u64::MAX).unwrap();
        verify_solution(&puzzle, &outcome.grid).unwrap();
        let frame = BoardFrame::after(&puzzle, &trace.events, false);
        assert_eq!(frame.values, outcome.grid.values(), "{id}");
        let drawn: Vec<u8> = cells(&board_svg(&frame, &Style::default()))
            .into_iter()
            .map(|(_, value, _)| value)
            .collect();
        assert_eq!(drawn, outcome.grid.values(), "{id}");
    }
}

#[test]
fn pencil_marks_are_the_candidates_the_rules_leave() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let frame = BoardFrame::after(&puzzle, &[], true);
    let svg = board_svg(&frame, &Style::default());
    let doc = roxmltree::Document::parse(&svg).unwrap();
    // Cell 2 (row 1, column 3) is empty: its marks are the digits no peer holds.
    let marks: Vec<String> = doc
        .descendants()
        .find(|n| n.attribute("data-cell") == Some("2"))
        .unwrap()
        .children()
        .filter(|n| n.has_tag_name("text"))
        .map(|n| n.text().unwrap().to_string())
        .collect();
    assert_eq!(marks, ["1", "2", "4"]);
}

#[test]
fn the_current_cell_and_search_levels_are_tinted() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let events = [sudoku_core::Event::Guess {
        cell: 2,
        value: 4,
        depth: 1,
    }];
    let frame = BoardFrame::after(&puzzle, &events, false);
    assert_eq!(frame.current, Some(2));
    assert_eq!(frame.placed_at[2], 1);
    let light = board_svg(&frame, &Style::default());
    assert!(light.contains(LIGHT.current) && !light.contains(DARK.current));
    let dark = board_svg(
        &frame,
        &Style {
            dark: true,
            ..Style::default()
        },
    );
    assert!(dark.contains(DARK.panel) && dark.contains(DARK.current));
}

#[test]
fn text_is_escaped_for_xml() {
    assert_eq!(escaped(r#"a<b>&"c'"#), "a&lt;b&gt;&amp;&quot;c&apos;");
}
