//! README's table of every technique on the three scales is the code's: the lab's rating and
//! level, Sudoku Explainer's rating (SE 1.2.1's technique set) and HoDoKu's score and level.

use sudoku_core::logic::{
    explainer_difficulty, hodoku_step_score, tenths_of, Scale, Step, Technique,
};
use sudoku_core::Size;

fn explainer_column(technique: Technique) -> String {
    match technique {
        t if !Scale::Explainer.uses(t) => "—".into(),
        Technique::HiddenSingle => "1.2 in a box, 1.5 in a line".into(),
        Technique::NiceLoop => "6.5–7.0 + length".into(),
        t => {
            let rating = tenths_of(explainer_difficulty(Size::NINE, &Step::bare(t)));
            if t >= Technique::NiceLoop {
                format!("{rating} + length")
            } else {
                rating
            }
        }
    }
}

fn table() -> String {
    let mut out = String::from(
        "| technique | lab (level) | Sudoku Explainer | HoDoKu (level) |\n|---|---|---|---|\n",
    );
    for &t in Technique::ALL {
        let (score, level) = hodoku_step_score(t);
        out.push_str(&format!(
            "| {} | {:.1} ({}) | {} | {} ({}) |\n",
            t.name(),
            t.difficulty(),
            t.level().id(),
            explainer_column(t),
            score,
            level.id()
        ));
    }
    out
}

#[test]
fn the_readme_lists_every_technique_on_the_three_scales() {
    let readme = include_str!("../../../README.md");
    let expected = table();
    assert!(
        readme.contains(&expected),
        "README's table of the three scales differs from the code's; it should read:\n{expected}"
    );
}
