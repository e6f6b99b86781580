//! The help page's own words: what each page is for and how to start with it, and the glossary
//! of the terms the pages and the papers use. (The algorithms' words are their modules'.)

use crate::model::query::Page;

/// One page: what it is, then the first things to do on it.
pub struct PageHelp {
    pub page: Page,
    pub title: &'static str,
    pub what: &'static str,
    pub steps: &'static [&'static str],
}

pub const PAGES: &[PageHelp] = &[
    PageHelp {
        page: Page::Lab,
        title: "The lab",
        what: "Sudoku Lab runs the classic Sudoku algorithms in your browser and shows what \
               they do, one step at a time. The lab is one algorithm on one puzzle: you watch it \
               fill, guess and take back digits, with the line of its pseudo-code it is on.",
        steps: &[
            "Pick a puzzle: one of the library's, one you paste (81 characters, a dot or 0 for \
             an empty cell; 4×4 to 25×25 work too), digits typed on the board, or Generate one \
             at a level.",
            "Pick an algorithm and press Run. It runs in the background; then the board plays \
             its steps back. Each algorithm is described below in plain words.",
            "Play, pause, step with the arrows, or drag the slider. The narration under the \
             board says what each step did; the pseudo-code marks its line. The views show \
             the same run as candidates, a graph, a hypergraph or charts.",
            "Under the puzzle, Rating, Hint and Explain show how a person would solve it.",
            "Compare with… puts other algorithms beside this one. The share link reopens the \
             run where you are. Press ? for the keyboard shortcuts.",
        ],
    },
    PageHelp {
        page: Page::Compare,
        title: "Compare",
        what: "Several configurations (an algorithm with its settings and seed) on the same \
               puzzle, side by side. One slider moves them all, and a table sets their outcomes \
               and work counters next to each other.",
        steps: &[
            "Open it from the lab with Compare with…: it starts with the lab's configuration \
             and one to compare it with.",
            "Add up to eight configurations; each runs as soon as it is added. Run all runs \
             them again.",
            "A counter an algorithm does not keep shows –: compare like with like.",
        ],
    },
    PageHelp {
        page: Page::Study,
        title: "Study",
        what: "A question asked over many puzzles: which algorithm solves more of them, with \
               less work, and how sure can we be? A study runs every configuration on every \
               puzzle, several times with different seeds, and reports success rates, work and \
               time with their statistics, charts, and records to download.",
        steps: &[
            "Write one configuration per line as an algorithm's id, with settings after \
             semicolons if you want them: dlx, or genetic;population=100. The ids are listed \
             with the algorithms below.",
            "Choose the puzzles (generated at a size and level, or pasted), the seeds (runs \
             per puzzle) and the budget of each run, then Run.",
            "Download the records as CSV to analyse them elsewhere: they are the records the \
             command line's sudoku study writes.",
        ],
    },
    PageHelp {
        page: Page::Experiments,
        title: "Experiments",
        what: "The papers the lab re-implements each report tables of results. An experiment \
               runs one of those tables again in your browser and shows the paper's figures \
               beside the lab's.",
        steps: &[
            "Pick an experiment, set its runs and budget (smaller is quicker), and Run; the \
             table fills in as its jobs finish.",
            "Where the lab's figures differ from the paper's, the notes under the table say \
             why (different puzzles, a detail the paper leaves open).",
            "The abbreviations the papers use (CL, CP, SD, origins) are in the glossary below.",
        ],
    },
    PageHelp {
        page: Page::Lessons,
        title: "Lessons",
        what: "Guided tours. Each lesson sets the lab, step by step, to a puzzle and an \
               algorithm, marks the cells to look at and asks a question or two.",
        steps: &[
            "Start with the first lesson of the list: they are in teaching order.",
            "Next and Back move between steps; each step has its own link to share.",
            "The last step leads to the next lesson.",
        ],
    },
];

/// A term of the glossary: its anchor (`term-…`), the term as the pages write it, its meaning.
pub const GLOSSARY: &[(&str, &str, &str)] = &[
    ("cell", "Cell, given, candidate", "A cell is one square of the grid. A given is a digit the puzzle starts with. A candidate is a digit a cell may still hold: one its row, column and box do not already have."),
    ("unit", "Row, column, box (unit); peers", "The three kinds of group that must each hold every digit once. A cell's peers are the other cells of its row, column and box."),
    ("rc", "r1c3", "The cell in row 1, column 3. Rows count from the top, columns from the left."),
    ("exact", "Exact, heuristic", "An exact algorithm always finds the answer, or proves there is none (or none unique). A heuristic searches cleverly but may give up when its budget runs out."),
    ("singles", "Naked single, hidden single", "A naked single is a cell with one candidate left. A hidden single is a digit with one place left in a row, column or box."),
    ("node", "Node, guess, backtrack", "A node is one point of a search: a cell given a trial digit. A guess is a choice that may be wrong; a backtrack takes a wrong guess back and tries another."),
    ("propagation", "Propagation", "Drawing the consequences of what is known (removing candidates, filling singles) before guessing."),
    ("mrv", "MRV", "Minimum remaining values: guess in the cell with the fewest candidates left, where a wrong guess shows soonest."),
    ("alldifferent", "alldifferent, GAC, AC-3, bounds", "alldifferent is the rule that a group's cells hold different digits. Filtering by it removes digits that cannot fit: GAC (generalised arc consistency) removes every one, AC-3 only those a single other cell rules out, bounds consistency reasons on ranges of digits."),
    ("exact-cover", "Exact cover", "Choosing rows of a table so that every column has exactly one chosen row. Sudoku is one: a row is \"digit d in cell c\", a column is a condition to meet once."),
    ("sat", "SAT, CNF, clause, conflict", "SAT asks whether true-or-false statements can be set to satisfy a formula. CNF writes the formula as clauses (\"a or b or not c\"). A conflict is a clause the solver's choices break; it learns a new clause from it."),
    ("ilp", "ILP, LP relaxation", "Integer linear programming: equations and inequalities over whole-number unknowns. Its LP relaxation allows fractions, which is quicker to solve and guides the search."),
    ("colouring", "Graph colouring", "Giving each dot of a graph a colour so that joined dots differ. Sudoku is colouring the graph whose dots are the cells, joined when they share a row, column or box, with n colours."),
    ("cl-cp", "CL, CP, DS", "The colouring paper's orders for visiting cells: CL breadth first (ring by ring from the start cell), CP depth first (along a chain of neighbours). DS is the lab's own DSATUR order (the cell whose neighbours use the most colours first)."),
    ("origins", "Origins 1, C, A, MV", "Where a colouring starts: 1 the first empty cell, C the centre, A a random cell, MV the cell with the most coloured neighbours."),
    ("restricted-list", "Restricted list (LRC), alpha", "Instead of always the best choice, a random pick among the first few good ones: the list's size (the colouring paper's 9, 7, 5, 3) or, in GRASP, alpha, the share of the candidates kept."),
    ("tabu", "Tabu list, tenure, aspiration", "Tabu search forbids recent moves for a number of iterations (the tenure), so it does not undo its own work. Aspiration allows a forbidden move that beats the best found so far."),
    ("genetic", "Population, generation, crossover, mutation, elitism", "A genetic algorithm keeps a population of candidate grids. Each generation picks parents (a tournament between two), mixes them (crossover), changes some at random (mutation) and keeps the best unchanged (elitism)."),
    ("annealing", "Temperature, cooling, reheat", "Simulated annealing accepts a worse move with a chance that shrinks as the temperature falls (cooling). A reheat raises it again when the search is stuck."),
    ("levels", "Levels: easy, medium, hard, SD", "The puzzle files the tabu paper takes from Mantere and Koljonen come in newspaper levels; SD is \"super difficult\", the hardest. (In a table's columns, sd is a standard deviation.)"),
    ("seed", "Seed", "The number a randomised algorithm draws its choices from: the same seed gives the same run, another seed another run."),
    ("budget", "Budget, gave up", "The most work a run may do (nodes, iterations, generations…). A run that reaches it gives up without an answer."),
    ("success", "Success rate, confidence interval", "The share of runs that solved their puzzle. Its confidence interval is the range the true rate lies in with 95% confidence, given how many runs were made."),
    ("rating", "Rating", "How hard a puzzle is for a person: the hardest technique the logic solver needs, with its score (1.0 for a full house, rising to about 11 on Sudoku Explainer's scale)."),
];
