//! `use_redraw`: redraws a page after an action, except that a fast solver's event batches
//! (hundreds a second) redraw it at most every [`REDRAW_MS`]: playback ticks redraw anyway, and
//! input is never starved.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

/// Least time between two redraws caused by incoming events alone.
const REDRAW_MS: f64 = 250.0;

#[derive(Clone)]
pub struct Redraw {
    handle: UseForceUpdateHandle,
    last: Rc<Cell<f64>>,
}

impl Redraw {
    /// Redraws now, or, for an event batch, only if the last redraw is old enough.
    pub fn request(&self, event_batch: bool) {
        let now = js_sys::Date::now();
        if !event_batch || now - self.last.get() >= REDRAW_MS {
            self.last.set(now);
            self.handle.force_update();
        }
    }
}

#[hook]
pub fn use_redraw() -> Redraw {
    Redraw {
        handle: use_force_update(),
        last: use_memo((), |_| Cell::new(0.0)),
    }
}
