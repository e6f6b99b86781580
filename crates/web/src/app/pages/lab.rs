//! The lab page: edit or load a puzzle, pick an algorithm and its parameters, run it in the
//! worker and play back what it did, on the board and the chosen view.

use std::rc::Rc;

use yew::prelude::*;

use crate::app::browser::{query, share_link};
use crate::app::components::algorithm_form::AlgorithmForm;
use crate::app::components::embed_code::EmbedCode;
use crate::app::components::generate_form::GenerateFormView;
use crate::app::components::page_links::{page_links, url_errors};
use crate::app::components::puzzle_input::{LibraryGroups, PuzzleInput};
use crate::app::components::result_panel::ResultPanel;
use crate::app::components::stage::{stage, Editing};
use crate::app::components::update_notice::UpdateNotice;
use crate::app::hooks::{use_lab, use_theme};
use crate::app::pages::LabProps;
use crate::model::lab::Action;
use crate::model::library::groups;
use crate::model::query::Page;
use crate::model::View;

/// A trace file chosen on this computer, as the blob URL the full worker reads it through (the
/// file never leaves the browser); the same file chosen again opens again.
fn open_run(e: Event) -> Action {
    let input: web_sys::HtmlInputElement = e.target_unchecked_into();
    let file = input.files().and_then(|files| files.get(0));
    input.set_value("");
    let url = file.and_then(|f| web_sys::Url::create_object_url_with_blob(&f).ok());
    Action::OpenTrace(url.unwrap_or_default())
}

#[function_component(Lab)]
pub fn lab_page(props: &LabProps) -> Html {
    let handle = use_lab(props.query.clone().unwrap_or_else(query));
    let library_groups: LibraryGroups = {
        let lab = handle.lab.clone();
        (*use_memo((), move |_| {
            Rc::new(
                groups(&lab.borrow().library)
                    .into_iter()
                    .map(|(g, items)| {
                        (
                            g,
                            items.into_iter().map(|(i, l)| (i, l.to_string())).collect(),
                        )
                    })
                    .collect::<Vec<_>>(),
            )
        }))
        .clone()
    };
    let (theme, next_theme) = use_theme();
    let stage = stage(&handle, Editing::On, &props.pointed);
    let lab = handle.lab.borrow();
    let act = &handle.act;
    html! {
        <main class={classes!("lab", (lab.view != View::Board).then_some("with-view"), props.aside.is_some().then_some("with-lesson"))}>
            // Notices and errors inside the header: the first thing under the title on any screen
            // (the grid would place anything else after its columns).
            <header>
                <h1>{ "Sudoku Lab" }</h1>
                <p class="tagline">{ "Run the classic Sudoku algorithms and watch what they do, step by step." }</p>
                { page_links(Page::Lab) }
                <button id="theme" class="theme-toggle" onclick={next_theme.reform(|_: MouseEvent| ())}>{ theme.label() }</button>
                <UpdateNotice />
                { url_errors(&lab.url_errors) }
            </header>
            <section class="left">
                { stage }
            </section>
            if let Some(aside) = &props.aside {
                <section class="lesson-aside">{ aside.clone() }</section>
            }
            <section class="right">
                <PuzzleInput library={library_groups} text={AttrValue::from(lab.text.clone())}
                    error={lab.input_error.clone().map(AttrValue::from)} dispatch={act.clone()}>
                    <GenerateFormView form={lab.generate_form.clone()} generating={lab.is_generating()}
                        progress={lab.generate_progress.clone().filter(|_| lab.is_generating()).map(AttrValue::from)}
                        dispatch={act.clone()} />
                    <section class="analysis" aria-label="This puzzle">
                        <p id="rating" class="rating" aria-live="polite">
                            { "Rating: " }
                            { match &lab.analysis {
                                Some(a) => a.rating.clone(),
                                None if lab.puzzle_is_valid() => lab.rating_progress.as_ref()
                                    .map_or_else(|| "…".into(), |far| format!("… {far}")),
                                None => "—".into(),
                            } }
                        </p>
                        if let Some(se) = lab.analysis.as_ref().and_then(|a| a.explainer.clone()) {
                            <p id="rating-se" class="rating"
                                title="Sudoku Explainer's scale: the hardest step (ER), the hardest up to the first placement (EP), the first step (ED)">
                                { format!("Sudoku Explainer: {se} (ER/EP/ED)") }
                            </p>
                        }
                        if let Some(hodoku) = lab.analysis.as_ref().and_then(|a| a.hodoku.clone()) {
                            <p id="rating-hodoku" class="rating"
                                title="HoDoKu's scale: its level, the sum of its steps' scores, and its hardest step, on the path HoDoKu 2.2 takes">
                                { format!("HoDoKu: {hodoku}") }
                            </p>
                        }
                        <div class="buttons">
                            <button id="hint" onclick={act.reform(|_| Action::Hint)}
                                title="The next step a person would take, by the human-style solver">{ "Hint" }</button>
                            <button id="explain" onclick={act.reform(|_| Action::Explain)}
                                title="Every step in words, and the human-style solver's run to play them">{ "Explain" }</button>
                        </div>
                        if let Some(hint) = &lab.hint {
                            <p id="hint-text" aria-live="polite" data-technique={hint.technique.clone()}>{ hint.text.clone() }</p>
                        }
                        if lab.show_explanation {
                            if let Some(a) = &lab.analysis {
                                <ol id="explanation" class="explanation">
                                    { for a.steps.iter().map(|s| html! { <li>{ s.clone() }</li> }) }
                                </ol>
                                <p id="explanation-end">{ a.ending.clone() }</p>
                            }
                        }
                    </section>
                </PuzzleInput>
                <AlgorithmForm algorithm={lab.algorithm} params={lab.params.clone()}
                    seed={AttrValue::from(lab.seed.clone())} running={lab.is_running()}
                    notice={lab.notice.clone().map(AttrValue::from)}
                    share={AttrValue::from(share_link(&lab.share_query()))}
                    compare={AttrValue::from(share_link(&lab.compare_query()))}
                    conflict={lab.param_conflict().map(AttrValue::from)} dispatch={act.clone()} />
                <EmbedCode html={AttrValue::from(lab.embed_snippet(&crate::app::browser::page_address()))}
                    from={lab.play_from} to={lab.play_to} looping={lab.looping} controls={lab.embed_controls}
                    dispatch={act.clone()} />
                if let Some(run) = &lab.run {
                    <ResultPanel algorithm={run.algorithm} seed={run.seed} summary={run.summary.clone()}
                        cancelled={run.cancelled} received={run.timeline.len()} />
                }
                <button id="save-run" disabled={lab.run.as_ref().is_none_or(|r| r.settings.is_none()) || lab.is_running()}
                    onclick={act.reform(|_| Action::SaveRun)}
                    title="The run as a trace file (sudoku solve --trace's): to open here again, share, or draw with sudoku render">
                    { "Save the run…" }
                </button>
                <button id="export-open" disabled={lab.run.as_ref().is_none_or(|r| r.settings.is_none()) || lab.is_running()}
                    onclick={act.reform(|_| Action::Export)}
                    title="The run as an animated GIF, a WebM video, PNG frames or the frame shown as SVG">
                    { "Export…" }
                </button>
                if let Some(request) = lab.export_request() {
                    <section id="export" class="export-dialog" role="dialog" aria-label="Export the run" data-request={request.to_string()}>
                        <button id="export-close" onclick={act.reform(|_| Action::CloseExport)}>{ "Close" }</button>
                        <crate::app::bundle::BundleLoader name="export_app" root={crate::app::bundle::EXPORT_ROOT} page="export" />
                    </section>
                }
                <label class="file-choice open-run" title="A trace file of sudoku solve --trace or Python's Trace.save: it stays on this computer">
                    { "Open a recorded run… " }
                    <input id="open-trace" type="file" accept=".trace,.json,.gz" onchange={act.reform(open_run)} />
                </label>
            </section>
        </main>
    }
}
