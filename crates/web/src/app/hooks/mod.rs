//! The page's hooks: the page shell (`use_page`: a model from the URL, its worker pool, the act →
//! effects → redraw loop) and each page's hook on it, the playback ticker, the keyboard
//! shortcuts, the colour theme and the service worker.

mod use_compare;
mod use_experiments;
mod use_lab;
mod use_page;
mod use_parent_notices;
mod use_redraw;
mod use_service_worker;
mod use_shortcuts;
mod use_study;
mod use_theme;
mod use_ticker;
mod use_worker_pool;
pub mod worker_handle;

pub use use_compare::use_compare;
pub use use_experiments::use_experiments;
pub use use_lab::{use_lab, LabHandle};
pub use use_page::{pool_workers, use_page, PageHandle, PageModel};
pub use use_parent_notices::use_parent_notices;
pub use use_redraw::{use_redraw, Redraw};
pub use use_service_worker::use_service_worker;
pub use use_shortcuts::{use_shortcuts, SHORTCUTS};
pub use use_study::use_study;
pub use use_theme::{use_theme, Theme};
pub use use_ticker::use_ticker;
pub use use_worker_pool::{
    use_lazy_worker_pool, use_worker_pool, PoolEvent, WorkerKind, WorkerPool,
};
