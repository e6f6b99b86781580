//! What can happen to the lab page ([`Action`]) and what the page must then do ([`Effects`]).

use super::super::jobs::Jobs;
use super::{GenerateField, View};
use crate::protocol::{SolverReply, SolverRequest};

/// Everything a user (or the worker, or the ticker) can do to the lab page.
#[derive(Clone, Debug)]
pub enum Action {
    /// The puzzle text field changed (not loaded yet).
    Text(String),
    /// Text pasted onto the board: loaded at once.
    Paste(String),
    /// Load the text field's puzzle.
    LoadText,
    /// Load a library entry by index.
    LoadLibrary(usize),
    /// A new empty grid of this side.
    NewGrid(usize),
    /// Empty the board, keeping its size.
    Clear,
    Select(usize),
    /// A key pressed on a board cell (`KeyboardEvent.key`).
    Key {
        cell: usize,
        key: String,
    },
    /// Choose an algorithm by id.
    Pick(String),
    Param(&'static str, String),
    Seed(String),
    NewSeed(u64),
    Run,
    /// Play a trace file at this URL (a chosen file's blob URL) as a run.
    OpenTrace(String),
    /// Save the run shown as a trace file (the full worker records it again from its settings).
    SaveRun,
    /// Open the export dialog on the run shown (GIF, video, PNG frames, SVG of the frame).
    Export,
    CloseExport,
    Cancel,
    /// A message of the worker running `job`.
    FromWorker {
        job: u64,
        message: SolverReply,
    },
    /// The worker crashed or could not start.
    WorkerFailed(String),
    Play,
    Pause,
    /// Play if paused, pause if playing (the Space shortcut).
    TogglePlay,
    Step,
    StepBack,
    /// Back to the start (of the URL's `from`–`to` stretch, when it gives one).
    Home,
    End,
    /// To the next or the previous marked moment (guess, backtrack, restart, new best,
    /// generation): the `.` and `,` shortcuts.
    NextMark,
    PreviousMark,
    /// The stretch playback keeps to starts, or ends, at the event shown ("from here", "to
    /// here"); `ClearStretch` plays the whole run again.
    StretchFrom,
    StretchTo,
    ClearStretch,
    /// The stretch starts again at its end, or not.
    ToggleLoop,
    /// The embed snippet shows the player's controls, or not.
    ToggleEmbedControls,
    Scrub(usize),
    Speed(u32),
    /// Speed one notch up (+) or down (−): the `]` and `[` shortcuts.
    SpeedBy(i32),
    Tick,
    ToggleCandidates,
    SetView(View),
    /// Ask the worker for the human-style solver's next step on the puzzle.
    Hint,
    /// Show the human-style solver's steps in words and play its run.
    Explain,
    /// A field of the Generate form changed.
    GenerateSet(GenerateField, String),
    /// Ask the worker for a new puzzle as the Generate form says.
    Generate,
}

/// What the page must do after an action.
#[derive(Debug, Default)]
pub struct Effects {
    /// What the worker is asked, each request tagged with its job id: a run, a hint, a rating
    /// (ahead of a run), a new puzzle; a request the first-load worker sent back goes to the full
    /// worker; a busy worker is replaced by cancelling every job.
    pub jobs: Jobs<SolverRequest>,
    /// Move the keyboard focus to this board cell.
    pub focus: Option<usize>,
    /// The action used the key (the page prevents the browser's default).
    pub handled: bool,
    /// Nothing visible changed: no redraw needed.
    pub quiet: bool,
    /// Download the file at this URL under this name (a saved run).
    pub download: Option<(String, String)>,
}

impl Effects {
    /// Effects that replace the worker (it may be busy) with a fresh one.
    pub(super) fn restarting_worker() -> Effects {
        let mut effects = Effects::default();
        effects.jobs.cancel_all();
        effects
    }

    pub(super) fn quiet() -> Effects {
        Effects {
            quiet: true,
            ..Effects::default()
        }
    }
}
