//! The help page (`help.html`, each page's "What is this?"): what each page is for and how to
//! start with it, every algorithm in plain words with its technical description one click away,
//! and the glossary. A static page written from the registry and [`text`]: the lab's first load
//! carries none of it, and it is precached for offline use like every file of the site.
//! `web/help.html` is this module's output (`cargo run -p sudoku-web --bin help_page`); a test
//! keeps the two equal.

pub mod text;

use std::fmt::Write;

use sudoku_core::Algorithm;
use sudoku_draw::svg::escaped;

use crate::model::query::Page;
use text::{GLOSSARY, PAGES};

/// The anchor of a page's section: `help.html#lab`, `help.html#study`…
pub fn page_anchor(page: Page) -> &'static str {
    page.id()
}

/// The anchor of an algorithm's entry: `help.html#algorithm-dlx`.
pub fn algorithm_anchor(algorithm: Algorithm) -> String {
    format!("algorithm-{}", algorithm.id())
}

/// The link that opens `page` from the help page.
fn page_href(page: Page) -> &'static str {
    match page {
        Page::Lab => "./",
        Page::Compare => "./?compare=backtracking,dlx",
        Page::Experiments => "./?page=experiments",
        Page::Lessons => "./?page=lessons",
        Page::Study => "./?page=study",
    }
}

/// A static page, so its style is its own: light and dark from the reader's system setting.
const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:0 auto;\
padding:1rem;color-scheme:light dark}h2{margin-top:2.5rem;border-bottom:1px solid #8886}\
h3{margin:1.5rem 0 .25rem}.family{margin:0;font-size:.9em;opacity:.75}dt{font-weight:600;\
margin-top:.75rem}dd{margin-left:1rem}nav a{margin-right:1rem}code{font-size:.95em}";

/// The whole page.
pub fn render() -> String {
    let mut html = String::new();
    let _ = write!(
        html,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\" />\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; \
         style-src 'unsafe-inline'; img-src 'self'\" />\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\" />\n\
         <title>Sudoku Lab: what is this?</title>\n\
         <style>{STYLE}</style>\n</head>\n<body>\n<header>\n<h1>Sudoku Lab: what is this?</h1>\n\
         <nav aria-label=\"Sudoku Lab's pages\">"
    );
    for page in [Page::Lab, Page::Study, Page::Experiments, Page::Lessons] {
        let title = PAGES
            .iter()
            .find(|p| p.page == page)
            .map_or("", |p| p.title);
        let _ = write!(
            html,
            "<a href=\"{}\">{}</a>",
            page_href(page),
            escaped(title)
        );
    }
    html.push_str(
        "</nav>\n<p>Contents: the pages (<a href=\"#lab\">lab</a>, <a href=\"#compare\">compare</a>, \
         <a href=\"#study\">study</a>, <a href=\"#experiments\">experiments</a>, \
         <a href=\"#lessons\">lessons</a>), <a href=\"#algorithms\">the algorithms</a>, \
         <a href=\"#glossary\">the glossary</a>.</p>\n</header>\n<main>\n",
    );
    for help in PAGES {
        let _ = write!(
            html,
            "<section id=\"{}\">\n<h2>{}</h2>\n<p>{}</p>\n<ol>\n",
            page_anchor(help.page),
            escaped(help.title),
            escaped(help.what)
        );
        for step in help.steps {
            let _ = writeln!(html, "<li>{}</li>", escaped(step));
        }
        let _ = write!(
            html,
            "</ol>\n<p><a href=\"{}\">Open {}</a></p>\n</section>\n",
            page_href(help.page),
            escaped(&help.title.to_lowercase())
        );
    }
    algorithms(&mut html);
    glossary(&mut html);
    html.push_str("</main>\n</body>\n</html>\n");
    html
}

/// Every algorithm: exact ones first, as the lab's list has them.
fn algorithms(html: &mut String) {
    html.push_str(
        "<section id=\"algorithms\">\n<h2>The algorithms</h2>\n<p>Exact algorithms always \
         find the answer (or prove there is none); heuristics search cleverly and may give up. \
         The id is the name the lab's address, the study form and the command line use.</p>\n",
    );
    for &algorithm in Algorithm::ALL {
        let _ = write!(
            html,
            "<article id=\"{anchor}\">\n<h3>{name}</h3>\n<p class=\"family\">{family} · id \
             <code>{id}</code></p>\n<p>{plain}</p>\n<details><summary>Technically</summary>\
             <p>{technical}</p></details>\n<p><a href=\"./?algorithm={id}\">Open it in the \
             lab</a></p>\n</article>\n",
            anchor = algorithm_anchor(algorithm),
            family = algorithm.family(),
            name = escaped(algorithm.name()),
            id = algorithm.id(),
            plain = escaped(algorithm.in_plain_words()),
            technical = escaped(algorithm.description()),
        );
    }
    html.push_str("</section>\n");
}

fn glossary(html: &mut String) {
    html.push_str("<section id=\"glossary\">\n<h2>Glossary</h2>\n<dl>\n");
    for (anchor, term, meaning) in GLOSSARY {
        let _ = write!(
            html,
            "<dt id=\"term-{anchor}\">{}</dt>\n<dd>{}</dd>\n",
            escaped(term),
            escaped(meaning)
        );
    }
    html.push_str("</dl>\n</section>\n");
}

#[cfg(test)]
mod tests;
