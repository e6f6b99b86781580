//! The pseudo-code panel: the algorithm's lines as its module declares them, the line the
//! current event executes marked (`aria-current="step"`). Collapsible; open by default.

use sudoku_core::Algorithm;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PseudoCodeProps {
    pub algorithm: Algorithm,
    /// The line of the event under the playback cursor.
    pub current: Option<usize>,
    /// A line a lesson's step points at (0-based), marked apart from the current one.
    #[prop_or_default]
    pub pointed: Option<usize>,
}

#[function_component(PseudoCode)]
pub fn pseudo_code(props: &PseudoCodeProps) -> Html {
    let lines = props.algorithm.pseudocode();
    html! {
        <details class="pseudocode" data-view="pseudocode" open=true>
            <summary>{ format!("Pseudo-code: {}", props.algorithm.name()) }</summary>
            <ol>
                { for lines.iter().enumerate().map(|(i, line)| {
                    let current = props.current == Some(i);
                    let pointed = props.pointed == Some(i);
                    html! {
                        <li class={classes!(current.then_some("current"), pointed.then_some("pointed"), (!line.marks.is_empty()).then_some("acts"))}
                            data-pointed={pointed.then_some("true")}
                            aria-current={current.then_some("step")}
                            style={format!("--indent:{}", line.indent)}>
                            <code>{ line.text }</code>
                        </li>
                    }
                }) }
            </ol>
        </details>
    }
}
