//! `use_theme`: light or dark. Follows the system (`prefers-color-scheme`) until the user picks
//! one with the toggle; the choice is kept in `localStorage` and applied as `data-theme` on the
//! root element (the stylesheet does the rest).

use yew::prelude::*;

/// The user's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Theme {
    System,
    Light,
    Dark,
}

impl Theme {
    fn id(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    fn from_id(id: &str) -> Theme {
        match id {
            "light" => Theme::Light,
            "dark" => Theme::Dark,
            _ => Theme::System,
        }
    }

    /// The next choice of the toggle: system → dark → light → system.
    pub fn next(self) -> Theme {
        match self {
            Theme::System => Theme::Dark,
            Theme::Dark => Theme::Light,
            Theme::Light => Theme::System,
        }
    }

    /// The toggle's label: what pressing it does (the theme it switches to), not the theme in
    /// use, which the page itself shows.
    pub fn label(self) -> &'static str {
        match self.next() {
            Theme::System => "use system theme",
            Theme::Light => "use light theme",
            Theme::Dark => "use dark theme",
        }
    }
}

const KEY: &str = "sudoku-lab-theme";

fn stored() -> Theme {
    crate::app::browser::stored(KEY)
        .map(|id| Theme::from_id(&id))
        .unwrap_or(Theme::System)
}

fn apply(theme: Theme) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = match theme {
            Theme::System => root.remove_attribute("data-theme"),
            _ => root.set_attribute("data-theme", theme.id()),
        };
    }
    crate::app::browser::store(KEY, theme.id());
}

/// The theme and a callback that moves to the next one.
#[hook]
pub fn use_theme() -> (Theme, Callback<()>) {
    let theme = use_state(stored);
    use_effect_with(*theme, |&t| apply(t));
    let toggle = {
        let theme = theme.clone();
        Callback::from(move |_| theme.set(theme.next()))
    };
    (*theme, toggle)
}
