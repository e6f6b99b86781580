use std::collections::BTreeSet;

use sudoku_core::Algorithm;

use super::*;

/// The `id="…"` values of a page, in order.
fn ids(html: &str) -> Vec<&str> {
    html.split(" id=\"")
        .skip(1)
        .map(|rest| &rest[..rest.find('"').unwrap()])
        .collect()
}

#[test]
fn the_shipped_help_page_is_the_generated_one() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/help.html");
    let shipped = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        shipped == render(),
        "web/help.html is not the registry's help page: run \
         `cargo run -q -p sudoku-web --bin help_page > web/help.html`"
    );
}

#[test]
fn every_page_and_algorithm_has_its_section_and_every_link_lands() {
    let html = render();
    let ids = ids(&html);
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "an anchor used twice: {ids:?}");
    for page in Page::ALL {
        assert!(unique.contains(page_anchor(page)), "{page:?}");
    }
    for &algorithm in Algorithm::ALL {
        let anchor = algorithm_anchor(algorithm);
        assert!(unique.contains(anchor.as_str()), "{anchor}");
        let entry = &html[html.find(&format!("id=\"{anchor}\"")).unwrap()..];
        let entry = &entry[..entry.find("</article>").unwrap()];
        assert!(
            entry.contains(&escaped(algorithm.in_plain_words())),
            "{anchor}"
        );
        assert!(
            entry.contains(&escaped(algorithm.description())),
            "{anchor}"
        );
    }
    // Links inside the page reach an anchor of it.
    for rest in html.split("href=\"#").skip(1) {
        let target = &rest[..rest.find('"').unwrap()];
        assert!(
            unique.contains(target),
            "#{target} is no anchor of the page"
        );
    }
    for tag in ["section", "article", "ol", "dl", "details"] {
        assert_eq!(
            html.matches(&format!("<{tag}")).count(),
            html.matches(&format!("</{tag}>")).count(),
            "<{tag}> not closed"
        );
    }
}

#[test]
fn text_is_escaped() {
    assert_eq!(escaped("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    // The glossary's quotes and the algorithms' arrows come through as text.
    assert!(render().contains("&quot;super difficult&quot;"));
}
