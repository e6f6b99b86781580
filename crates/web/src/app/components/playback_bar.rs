//! The player's controls: play/pause, step back and forward, start and end, speed, the timeline
//! scrubber with the run's marked moments under it, the event counter with the current step in
//! words, and the keyboard help. `controls=0` leaves only the counter and the words.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use sudoku_draw::Mark;

use crate::app::hooks::SHORTCUTS;
use crate::model::lab::Action;

#[derive(Properties, PartialEq)]
pub struct PlaybackBarProps {
    pub playing: bool,
    pub speed: u32,
    pub events_per_second: f64,
    pub cursor: usize,
    pub len: usize,
    pub receiving: bool,
    /// The current event in words.
    pub narration: AttrValue,
    pub depth: usize,
    pub show_candidates: bool,
    pub show_help: bool,
    pub on_help: Callback<()>,
    /// The buttons, speed and timeline are shown.
    pub controls: bool,
    /// The marked moments on the timeline's strip: each kind's SVG path.
    pub marks: Vec<(Mark, String)>,
    pub dispatch: Callback<Action>,
}

#[function_component(PlaybackBar)]
pub fn playback_bar(props: &PlaybackBarProps) -> Html {
    let d = &props.dispatch;
    let at_start = props.cursor == 0;
    let at_end = props.cursor == props.len;
    let class = |m: &Mark| m.id().replace(' ', "-");
    html! {
        <div class="playback">
            if props.controls {
                <div class="buttons" role="toolbar" aria-label="playback">
                    <button id="start" disabled={at_start} onclick={d.reform(|_| Action::Home)}
                        title="Back to the start (Home)">{ "Start" }</button>
                    <button id="step-back" disabled={at_start} onclick={d.reform(|_| Action::StepBack)}
                        title="Step back (←)">{ "Step back" }</button>
                    if props.playing {
                        <button id="pause" onclick={d.reform(|_| Action::Pause)} title="Pause (Space)">{ "Pause" }</button>
                    } else {
                        <button id="play" onclick={d.reform(|_| Action::Play)} title="Play (Space)">{ "Play" }</button>
                    }
                    <button id="step" disabled={at_end} onclick={d.reform(|_| Action::Step)}
                        title="Step forward (→)">{ "Step" }</button>
                    <button id="end" onclick={d.reform(|_| Action::End)} title="Jump to the end (End)">{ "Jump to end" }</button>
                    <label>
                        <input type="checkbox" checked={props.show_candidates}
                            onchange={d.reform(|_| Action::ToggleCandidates)} />
                        { " candidates" }
                    </label>
                </div>
                <label for="speed">{ format!("speed: {:.0} events/s", props.events_per_second) }</label>
                <input id="speed" type="range" min="0" max="100" value={props.speed.to_string()}
                    oninput={d.reform(|e: InputEvent| Action::Speed(
                        e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(60)))} />
                <label for="scrub">{ "timeline" }</label>
                <input id="scrub" type="range" min="0" max={props.len.to_string()} value={props.cursor.to_string()}
                    oninput={d.reform(|e: InputEvent| Action::Scrub(
                        e.target_unchecked_into::<HtmlInputElement>().value().parse().unwrap_or(0)))} />
                if !props.marks.is_empty() {
                    <svg id="marks" class="marks" viewBox="0 0 240 1" preserveAspectRatio="none" aria-hidden="true">
                        { for props.marks.iter().map(|(m, d)| html! { <path class={class(m)} d={d.clone()} /> }) }
                    </svg>
                    <p class="marks-legend">
                        <button id="previous-mark" onclick={d.reform(|_| Action::PreviousMark)} title="The previous marked moment (,)" aria-label="previous mark">{ "◂" }</button>
                        { " marks:" }
                        { for props.marks.iter().map(|(m, _)| html! {
                            <><span class={classes!("swatch", class(m))}>{ " ■ " }</span>{ m.id() }</>
                        }) }
                        { " " }
                        <button id="next-mark" onclick={d.reform(|_| Action::NextMark)} title="The next marked moment (.)" aria-label="next mark">{ "▸" }</button>
                    </p>
                }
            }
            <p id="step-counter" aria-live="off">
                { format!("event {} / {}{}", props.cursor, props.len,
                    if props.receiving { " (receiving…)" } else { "" }) }
                // A search's depth once it has guessed; never a "depth 0" for the algorithms
                // that do not search.
                if props.depth > 0 { { format!(" · depth {}", props.depth) } }
            </p>
            <p id="narration" aria-live="off">{ props.narration.clone() }</p>
            // Screen readers hear the step only when playback stands still (on step and pause).
            <p id="narration-live" class="sr-only" aria-live="polite">
                { if props.playing { String::new() } else { props.narration.to_string() } }
            </p>
            if props.controls {
                <details class="help" open={props.show_help}
                    ontoggle={ let on_help = props.on_help.clone(); let open = props.show_help;
                        Callback::from(move |e: Event| {
                            let now = e.target_unchecked_into::<web_sys::Element>().has_attribute("open");
                            if now != open { on_help.emit(()) }
                        }) }>
                    <summary>{ "Keyboard shortcuts" }</summary>
                    <dl id="shortcuts">
                        { for SHORTCUTS.iter().map(|(key, what)| html! { <><dt><kbd>{ *key }</kbd></dt><dd>{ *what }</dd></> }) }
                    </dl>
                </details>
            }
        </div>
    }
}
