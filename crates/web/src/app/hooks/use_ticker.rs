//! `use_ticker`: calls `on_tick` at a fixed rate while `active` (the playback clock).

use gloo_timers::callback::Interval;
use yew::prelude::*;

#[hook]
pub fn use_ticker(active: bool, per_second: f64, on_tick: Callback<()>) {
    use_effect_with(active, move |&active| {
        let interval = active.then(|| {
            Interval::new((1000.0 / per_second).round() as u32, move || {
                on_tick.emit(())
            })
        });
        // Dropping the interval stops it.
        move || drop(interval)
    });
}
