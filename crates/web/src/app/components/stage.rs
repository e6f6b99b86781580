//! The part of a lab page that shows a run: the board and the chosen view side by side, the
//! playback bar with the narration, the pseudo-code and the progress chart. Shared by the full
//! lab and the embed page (a function of the state, not a component: it is drawn with the page).

use yew::prelude::*;

use super::board::Board;
use super::chart::RunChart;
use super::graph_view::GraphView;
use super::hypergraph_view::HypergraphView;
use super::playback_bar::PlaybackBar;
use super::pseudo_code::PseudoCode;
use super::view_switcher::ViewSwitcher;
use crate::app::hooks::LabHandle;
use crate::model::lab::Action;
use crate::model::View;

/// Columns of the timeline's strip of marks (each the most telling mark of its events).
const MARK_COLUMNS: usize = 240;

/// Whether the board can be edited (not in the embed page).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Editing {
    On,
    Off,
}

/// What a lesson's step points at: cells on the board and a pseudo-code line (0-based).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Pointed {
    pub cells: Vec<usize>,
    pub line: Option<usize>,
}

pub fn stage(handle: &LabHandle, editing: Editing, pointed: &Pointed) -> Html {
    let lab = handle.lab.borrow();
    let act = &handle.act;
    let show_help = handle.show_help;
    let toggle_help = &handle.toggle_help;
    let size = lab.size();
    let (values, givens, candidates, current) = match &lab.run {
        Some(run) => (
            run.values().to_vec(),
            (0..size.cells())
                .map(|c| run.puzzle.is_given(c))
                .collect::<Vec<_>>(),
            lab.show_candidates.then(|| run.timeline.candidates()),
            run.timeline.current_cell(),
        ),
        None => (
            lab.puzzle.values().to_vec(),
            (0..size.cells()).map(|c| lab.puzzle.is_given(c)).collect(),
            None,
            None,
        ),
    };
    let focus = if lab.run.is_some() {
        current
    } else {
        Some(lab.selected)
    };
    let view = match lab.view {
        View::Board => Html::default(),
        View::Graph => html! {
            <GraphView size={size} values={values.clone()} givens={givens.clone()} focus={focus}
                frontier={lab.run.as_ref().map(|r| r.timeline.frontier().to_vec()).unwrap_or_default()}
                has_frontier={lab.run.as_ref().is_some_and(|r| r.timeline.has_frontier())} />
        },
        View::Hypergraph => html! {
            <HypergraphView size={size} values={values.clone()} givens={givens.clone()} focus={focus}
                focus_unit={lab.run.as_ref().and_then(|r| r.timeline.current_unit(size))} />
        },
    };
    let playback = match &lab.run {
        None => html! {
            <p class="hint">{ "Type digits on the board (arrows move, Delete clears), paste or load a puzzle, then Run." }</p>
        },
        Some(run) => {
            let t = &run.timeline;
            html! { <>
                <PlaybackBar playing={lab.playing} speed={lab.speed} events_per_second={lab.events_per_second()}
                    cursor={t.cursor()} len={t.len()} receiving={run.is_running()}
                    narration={AttrValue::from(t.narration(run.puzzle.size()))} depth={t.depth()}
                    show_candidates={lab.show_candidates} show_help={show_help} on_help={toggle_help.clone()}
                    controls={lab.controls}
                    marks={sudoku_draw::marks::strip_paths(t.marks(), t.len(), MARK_COLUMNS)}
                    dispatch={act.clone()} />
            </> }
        }
    };
    let (on_key, on_paste) = match editing {
        Editing::On => (handle.on_key.clone(), act.reform(Action::Paste)),
        Editing::Off => (Callback::noop(), Callback::noop()),
    };
    html! { <>
        <ViewSwitcher view={lab.view} dispatch={act.clone()} />
        <div class="stage">
            <Board size={size} values={values} givens={givens} candidates={candidates}
                current={current} bad={lab.bad_cells.clone()} selected={lab.selected}
                on_key={on_key} on_select={act.reform(Action::Select)}
                on_paste={on_paste} marked={lab.hint_cells().into_iter().chain(pointed.cells.iter().copied()).collect::<Vec<_>>()}
                weights={lab.run.as_ref().map(|r| r.timeline.weights().to_vec()).unwrap_or_default()}
                placed_at={lab.run.as_ref().filter(|r| r.timeline.has_guesses()).map(|r| r.timeline.placed_at().to_vec()).unwrap_or_default()} />
            { view }
        </div>
        { playback }
        <div class="explain">
            <PseudoCode algorithm={lab.run.as_ref().map_or(lab.algorithm, |r| r.algorithm)}
                current={lab.run.as_ref().and_then(|r| r.timeline.current_line(r.algorithm.pseudocode()))}
                pointed={pointed.line} />
            if let Some(progress) = lab.run.as_ref().and_then(|r| r.timeline.progress(300)) {
                <RunChart progress={progress} />
            }
        </div>
    </> }
}
