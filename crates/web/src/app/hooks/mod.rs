//! The page's hooks: the solver worker, the playback ticker, the global keyboard shortcuts and
//! the colour theme.

mod use_shortcuts;
mod use_theme;
mod use_ticker;
mod use_worker;
mod worker_handle;

pub use use_shortcuts::{use_shortcuts, SHORTCUTS};
pub use use_theme::{use_theme, Theme};
pub use use_ticker::use_ticker;
pub use use_worker::{use_worker, WorkerEvent, WorkerPort};
