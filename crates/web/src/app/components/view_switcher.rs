//! Chooses the view shown beside the board (board only, graph, hypergraph).

use yew::prelude::*;

use crate::model::lab::Action;
use crate::model::View;

#[derive(Properties, PartialEq)]
pub struct ViewSwitcherProps {
    pub view: View,
    pub dispatch: Callback<Action>,
}

#[function_component(ViewSwitcher)]
pub fn view_switcher(props: &ViewSwitcherProps) -> Html {
    html! {
        <div class="view-switcher" role="radiogroup" aria-label="view beside the board">
            { for View::ALL.iter().map(|&v| html! {
                <label class={classes!("chip", (v == props.view).then_some("on"))}>
                    <input type="radio" name="view" id={format!("view-{}", v.id())} value={v.id()}
                        checked={v == props.view}
                        onchange={props.dispatch.reform(move |_| Action::SetView(v))} />
                    { v.label() }
                </label>
            }) }
        </div>
    }
}
