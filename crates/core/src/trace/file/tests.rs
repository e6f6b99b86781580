use rand::{Rng, SeedableRng};

use super::*;
use crate::{Algorithm, Configuration, Replay};

const PUZZLE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn recorded(configuration: &str, seed: u64) -> TraceFile {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let configuration = Configuration::parse(configuration).unwrap();
    crate::recording::record(&puzzle, &configuration, seed, u64::MAX)
        .unwrap()
        .0
}

#[test]
fn a_trace_reads_back_as_written_and_replays_to_its_answer() {
    for configuration in [
        "dlx",
        "backtracking",
        "coloring-dfs",
        "tabu-alldiff",
        "logic",
    ] {
        let trace = recorded(configuration, 7);
        assert!(!trace.events.is_empty(), "{configuration}");
        let bytes = trace.to_bytes();
        assert!(bytes.starts_with(b"SUDOKU-LAB-TRACE 1\nlab "));
        let read = TraceFile::from_bytes(&bytes).unwrap();
        assert_eq!(read, trace, "{configuration}");
        if trace.header.outcome == "verified" {
            let puzzle = read.check().unwrap();
            let board = Replay::after(&puzzle, &read.events);
            let solved = puzzle.with_values(&board.values);
            crate::verify_solution(&puzzle, &solved)
                .unwrap_or_else(|e| panic!("{configuration}: {e:?}"));
        }
    }
}

#[test]
fn running_the_headers_settings_again_gives_the_same_events() {
    for (configuration, seed) in [
        ("dlx", 1),
        ("coloring-bfs;list_size=3", 11),
        ("annealing", 5),
        ("genetic", 3),
    ] {
        let trace = recorded(configuration, seed);
        let read = TraceFile::from_bytes(&trace.to_bytes()).unwrap();
        let again = crate::recording::record(
            &read.check().unwrap(),
            &Configuration::parse(&read.header.configuration).unwrap(),
            read.header.seed,
            u64::MAX,
        )
        .unwrap()
        .0;
        assert_eq!(again.events, trace.events, "{configuration}");
        assert_eq!(
            again.header.outcome, trace.header.outcome,
            "{configuration}"
        );
    }
}

#[test]
fn detail_past_the_cap_is_counted_and_summaries_kept() {
    let whole = recorded("tabu-alldiff", 2);
    let puzzle = Grid::parse(PUZZLE).unwrap();
    let configuration = Configuration::parse("tabu-alldiff").unwrap();
    let capped = crate::recording::record(&puzzle, &configuration, 2, 10)
        .unwrap()
        .0;
    let detail = |t: &TraceFile| t.events.iter().filter(|e| e.is_cell_detail()).count() as u64;
    assert_eq!(detail(&capped), 10.min(detail(&whole)));
    assert_eq!(capped.header.dropped, detail(&whole) - detail(&capped));
    let summaries = |t: &TraceFile| t.events.iter().filter(|e| !e.is_cell_detail()).count();
    assert_eq!(summaries(&capped), summaries(&whole));
}

fn message(bytes: &[u8]) -> String {
    TraceFile::from_bytes(bytes).unwrap_err().to_string()
}

#[test]
fn a_damaged_file_is_named_for_what_is_wrong() {
    let bytes = recorded("dlx", 1).to_bytes();
    let text_end = bytes.windows(2).position(|w| w == b"\n\n").unwrap() + 2;
    let header = std::str::from_utf8(&bytes[..text_end]).unwrap();
    let with = |from: &str, to: &str| {
        let mut b = header.replacen(from, to, 1).into_bytes();
        b.extend_from_slice(&bytes[text_end..]);
        b
    };
    assert!(message(b"hello").contains("not a Sudoku Lab trace"));
    assert!(message(&[0x1f, 0x8b, 8, 0]).contains("gzip"));
    assert!(message(b"{\"format\":1}").contains("JSON"));
    assert!(message(&with("TRACE 1", "TRACE 2")).contains("newer Sudoku Lab"));
    assert!(message(&with("TRACE 1", "TRACE x")).contains("not a whole number"));
    assert!(message(&with("\npuzzle ", "\nriddle ")).contains("no puzzle line"));
    assert!(message(&with("\nseed 1", "\nseed one")).contains("seed"));
    assert!(message(&with("\npuzzle 53", "\npuzzle 55")).contains("puzzle does not read"));
    assert!(message(&with("\nseed 1\n", "\nseed 1\nseed 2\n")).contains("twice"));
    // Lines a later lab adds are skipped.
    assert!(TraceFile::from_bytes(&with("\nseed 1\n", "\nseed 1\nspeed 40\n")).is_ok());
    assert!(message(&bytes[..bytes.len() - 3]).contains("cut short"));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(message(&longer).contains("bytes after"));
    assert!(message(&with("\nevents ", "\nevents 9")).contains("cut short"));
    assert!(message(&with("\nevents ", "\nevents 99999999")).contains("at most"));
}

#[test]
fn an_event_outside_the_grid_is_refused_with_its_place() {
    let mut trace = recorded("dlx", 1);
    trace.events.insert(
        2,
        Event::Assign {
            cell: 81,
            value: 3,
            reason: crate::Reason::NAKED_SINGLE,
        },
    );
    let text = message(&trace.to_bytes());
    assert!(
        text.contains("event 3 (Assign) names cell 81, outside a 9×9 grid"),
        "{text}"
    );
    trace.events[2] = Event::Guess {
        cell: 0,
        value: 10,
        depth: 1,
    };
    assert!(message(&trace.to_bytes()).contains("digit 10"));
    trace.events[2] = Event::Backtrack { depth: 1_000_000 };
    assert!(message(&trace.to_bytes()).contains("decision level 1000000"));
    trace.events[2] = Event::Eliminate {
        cell: 0,
        value: 1,
        reason: crate::Reason::hidden_single(27),
    };
    assert!(message(&trace.to_bytes()).contains("unit 27"));
}

/// Random damage — bytes changed, cut, or added — gives a message or a trace whose every event
/// fits, which then replays without a panic.
#[test]
fn random_damage_never_panics_and_what_reads_replays() {
    let bytes = recorded("backtracking", 1).to_bytes();
    let mut rng = rand_pcg::Pcg64::seed_from_u64(9);
    let (mut read, mut refused) = (0, 0);
    for _ in 0..3_000 {
        let mut damaged = bytes.clone();
        for _ in 0..rng.random_range(1..4) {
            match rng.random_range(0..3) {
                0 => {
                    let i = rng.random_range(0..damaged.len());
                    damaged[i] = rng.random();
                }
                1 => damaged.truncate(rng.random_range(0..damaged.len())),
                _ => {
                    let i = rng.random_range(0..=damaged.len());
                    damaged.insert(i, rng.random());
                }
            }
        }
        match TraceFile::from_bytes(&damaged) {
            Ok(trace) => {
                read += 1;
                Replay::after(&trace.check().unwrap(), &trace.events);
            }
            Err(_) => refused += 1,
        }
    }
    assert!(
        read > 100 && refused > 100,
        "{read} read, {refused} refused"
    );
}

#[cfg(feature = "serde")]
#[test]
fn the_json_form_reads_back_and_is_checked_the_same_way() {
    let trace = recorded("dlx", 1);
    let json = serde_json::to_string(&JsonTrace::from(&trace)).unwrap();
    assert!(json.starts_with("{\"format\":\"sudoku-lab-trace\",\"version\":1,\"lab\":"));
    assert!(json.contains("\"kind\":\"Guess\""));
    let back: JsonTrace = serde_json::from_str(&json).unwrap();
    assert_eq!(TraceFile::try_from(back).unwrap(), trace);
    let newer = json.replacen("\"version\":1", "\"version\":3", 1);
    let back: JsonTrace = serde_json::from_str(&newer).unwrap();
    assert!(TraceFile::try_from(back)
        .unwrap_err()
        .to_string()
        .contains("newer"));
    let at = json.find("\"cell\":").unwrap() + "\"cell\":".len();
    let digits = json[at..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let outside = format!("{}700{}", &json[..at], &json[at + digits..]);
    let back: JsonTrace = serde_json::from_str(&outside).unwrap();
    assert!(TraceFile::try_from(back)
        .unwrap_err()
        .to_string()
        .contains("cell 700"));
}

#[test]
fn every_algorithm_records_a_trace_that_reads_back() {
    let puzzle = Grid::parse(PUZZLE).unwrap();
    for &algorithm in Algorithm::ALL.iter().filter(|a| a.available()) {
        let configuration = Configuration::of(algorithm);
        let (trace, outcome) =
            crate::recording::record(&puzzle, &configuration, 1, 50_000).unwrap();
        if outcome.is_solved() {
            crate::verify_solution(&puzzle, &outcome.grid).unwrap();
        }
        let read = TraceFile::from_bytes(&trace.to_bytes())
            .unwrap_or_else(|e| panic!("{}: {e}", algorithm.id()));
        assert_eq!(read, trace, "{}", algorithm.id());
    }
}
