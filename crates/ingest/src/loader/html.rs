//! HTML pages (.html, .htm): the readable text as text objects located by
//! paragraph number, each `<table>` as a table object `Table N!B3`,
//! queryable like a sheet.
//!
//! Parsed by an HTML5 parser (dom_query over html5ever, which the app's
//! webview stack already builds), so broken markup reads as a browser reads
//! it. What a reader skips is skipped: scripts, styles, navigation, headers,
//! footers, asides, forms and hidden elements; when the page has a `<main>`
//! (or else an `<article>`), only that is read. Block elements (paragraphs,
//! headings, list items, …) end a paragraph; headings caption the table
//! that follows. A cell spanning columns leaves the covered cells empty; a
//! cell spanning rows repeats its text in the rows below, as the Word
//! reader does. The walk keeps its own stack, so deep nesting cannot
//! overflow the thread's (html5ever itself slows with the square of the
//! depth: 100,000 nested elements take minutes to parse). Pages that are not UTF-8 are
//! decoded by their `<meta charset>` (else as Windows-1252, as browsers
//! do). Text objects and tables are built by [`super::docx`]'s builder.

use std::path::Path;

use dom_query::{Document, NodeRef};

use super::docx::{build_blocks, Block};
use super::{ext_of, LoadContext, LoadError, Loaded, Loader};

pub struct HtmlLoader;

impl Loader for HtmlLoader {
    fn name(&self) -> &'static str {
        "html"
    }
    fn accepts(&self, path: &Path, _head: &[u8]) -> bool {
        matches!(ext_of(path).as_deref(), Some("html" | "htm" | "xhtml"))
    }
    fn load(&self, path: &Path, bytes: &[u8], file_hash: &str, ctx: &LoadContext) -> Result<Loaded, LoadError> {
        if bytes.iter().all(|b| b.is_ascii_whitespace()) {
            return Err(LoadError::Empty { path: path.to_path_buf() });
        }
        let html = decode(bytes);
        let blocks = blocks_of(&html);
        build_blocks(path, file_hash, ctx, blocks)
    }
}

/// The page's text: UTF-8 as it is, else by the charset its `<meta>` names,
/// else Windows-1252.
fn decode(bytes: &[u8]) -> String {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if let Ok(s) = std::str::from_utf8(bytes) {
        return s.to_string();
    }
    let head = String::from_utf8_lossy(&bytes[..bytes.len().min(4096)]).to_ascii_lowercase();
    let label = head.split("charset=").nth(1).map(|r| r.trim_start_matches(['"', '\'']).split(|c: char| !(c.is_ascii_alphanumeric() || c == '-' || c == '_')).next().unwrap_or("").to_string());
    let enc = label.and_then(|l| encoding_rs::Encoding::for_label(l.as_bytes())).unwrap_or(encoding_rs::WINDOWS_1252);
    enc.decode(bytes).0.into_owned()
}

/// Elements whose content a reader does not read as the page's text.
const SKIP: &[&str] = &["script", "style", "noscript", "template", "nav", "header", "footer", "aside", "form", "iframe", "svg", "button", "select", "head", "object", "canvas", "math"];

/// Elements that end a paragraph.
const BLOCK: &[&str] = &[
    "p", "div", "section", "article", "main", "li", "ul", "ol", "dl", "dt", "dd", "blockquote", "pre", "h1", "h2", "h3", "h4", "h5", "h6", "figure", "figcaption", "hr", "address", "details", "summary", "br", "tr",
];

/// The page's paragraphs and tables, in reading order.
pub(crate) fn blocks_of(html: &str) -> Vec<Block> {
    let doc = Document::from(html);
    let mut blocks = Vec::new();
    // The page's title first, as a heading.
    let title = crate::text::collapse_ws(&doc.select("head > title").text());
    if !title.is_empty() {
        blocks.push(Block::Paragraph { text: title, heading: true });
    }
    let root = ["main", "article", "body"].iter().map(|s| doc.select(s)).find(|s| s.exists()).and_then(|s| s.nodes().first().cloned()).unwrap_or_else(|| doc.root());
    let mut w = Walk::default();
    // Depth-first, with an explicit stack.
    let mut stack: Vec<Item> = root.children_it(true).map(Item::Visit).collect();
    while let Some(item) = stack.pop() {
        let node = match item {
            Item::Visit(node) => node,
            Item::Close => {
                w.flush();
                continue;
            }
            Item::CloseTerm => {
                w.end_term();
                continue;
            }
        };
        if node.is_text() {
            w.para.push_str(&node.text());
            continue;
        }
        if !node.is_element() {
            continue;
        }
        let name = node.node_name().map(|n| n.to_ascii_lowercase()).unwrap_or_default();
        // A permalink's pilcrow (Sphinx's and MkDocs' `headerlink`) is no text.
        if SKIP.contains(&name.as_str()) || node.has_attr("hidden") || node.attr("aria-hidden").is_some_and(|v| &*v == "true") || node.has_class("headerlink") {
            continue;
        }
        if name == "table" {
            w.flush();
            w.flush_term();
            let grid = table_grid(&node);
            if grid.iter().any(|r| r.iter().any(|c| !c.is_empty())) {
                w.blocks.push(Block::Table(grid));
            }
            continue;
        }
        if BLOCK.contains(&name.as_str()) {
            w.flush();
            w.heading = matches!(name.as_str(), "h1" | "h2" | "h3" | "h4" | "h5" | "h6");
            if w.heading {
                w.flush_term();
            }
            stack.push(if name == "dt" { Item::CloseTerm } else { Item::Close });
        }
        // Inline elements run into their neighbours, as a browser shows
        // them: "timedelta." in one span and "total_seconds" in the next
        // read "timedelta.total_seconds".
        stack.extend(node.children_it(true).map(Item::Visit));
    }
    w.flush();
    w.flush_term();
    let mut blocks = blocks;
    blocks.extend(w.blocks);
    blocks
}

/// One step of the walk: a node to visit, or the end of a block element
/// (a definition term's end keeps its text for the definition).
enum Item<'a> {
    Visit(NodeRef<'a>),
    Close,
    CloseTerm,
}

/// The walk's text so far.
#[derive(Default)]
struct Walk {
    blocks: Vec<Block>,
    para: String,
    heading: bool,
    /// A definition list's term (`<dt>`), waiting to open its definition's
    /// first paragraph ("timedelta.total_seconds(): Return the total
    /// number of seconds …"), so a question naming the term finds the
    /// sentence that answers it rather than the bare term.
    term: Option<String>,
}

impl Walk {
    /// Ends the paragraph being written.
    fn flush(&mut self) {
        let mut text = crate::text::collapse_ws(&self.para);
        self.para.clear();
        if !text.is_empty() {
            if let Some(term) = self.term.take() {
                text = format!("{term}: {text}");
            }
            self.blocks.push(Block::Paragraph { text, heading: self.heading });
        }
        self.heading = false;
    }

    /// Ends a term: its text waits for the definition.
    fn end_term(&mut self) {
        self.flush_term();
        let text = crate::text::collapse_ws(&self.para);
        self.para.clear();
        self.heading = false;
        self.term = (!text.is_empty()).then_some(text);
    }

    /// A term no definition followed is a paragraph of its own.
    fn flush_term(&mut self) {
        if let Some(text) = self.term.take() {
            self.blocks.push(Block::Paragraph { text, heading: false });
        }
    }
}

/// A table's rows of cell texts: the rows of its own sections (a nested
/// table's text stays in its cell), spans laid out on the grid.
fn table_grid(table: &NodeRef) -> Vec<Vec<String>> {
    let name = |n: &NodeRef| n.node_name().map(|s| s.to_ascii_lowercase()).unwrap_or_default();
    let mut rows: Vec<NodeRef> = Vec::new();
    for child in table.element_children() {
        match name(&child).as_str() {
            "tr" => rows.push(child),
            "thead" | "tbody" | "tfoot" => rows.extend(child.element_children().into_iter().filter(|r| name(r) == "tr")),
            _ => {}
        }
    }
    let mut grid: Vec<Vec<String>> = Vec::new();
    // Cells carried down by rowspan: column → (text, rows left).
    let mut carried: std::collections::BTreeMap<usize, (String, usize)> = std::collections::BTreeMap::new();
    for tr in rows.iter().take(200_000) {
        let mut row: Vec<String> = Vec::new();
        let place = |row: &mut Vec<String>, carried: &mut std::collections::BTreeMap<usize, (String, usize)>| {
            while let Some((text, left)) = carried.get_mut(&row.len()) {
                row.push(text.clone());
                *left -= 1;
                if *left == 0 {
                    carried.remove(&(row.len() - 1));
                }
            }
        };
        for cell in tr.element_children().into_iter().filter(|c| matches!(name(c).as_str(), "td" | "th")) {
            place(&mut row, &mut carried);
            let text = crate::text::collapse_ws(&cell.text());
            let span = |attr: &str| cell.attr(attr).and_then(|v| v.trim().parse::<usize>().ok()).unwrap_or(1).clamp(1, 64);
            let (cols, down) = (span("colspan"), span("rowspan"));
            if down > 1 {
                carried.insert(row.len(), (text.clone(), down - 1));
            }
            row.push(text);
            for _ in 1..cols {
                row.push(String::new());
            }
        }
        place(&mut row, &mut carried);
        grid.push(row);
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    fn load(html: &[u8]) -> Result<Loaded, LoadError> {
        HtmlLoader.load(Path::new("/r/page.html"), html, "h", &LoadContext::default())
    }

    #[test]
    fn a_page_reads_as_its_text_and_tables_without_chrome() {
        let html = br#"<!doctype html><html><head><title>Annual results</title><style>p{}</style><script>var x = "Buy now";</script></head>
<body><nav><a href="/">Home</a> | <a href="/ir">Investors</a></nav><header>Site banner</header>
<main><h1>Results 2019</h1><p>Sales rose <b>12%</b> to $1.2 billion.<br>Margins held.</p>
<h2>Sales by region</h2>
<table><thead><tr><th>Region</th><th>2018</th><th>2019</th></tr></thead>
<tbody><tr><td rowspan="2">Europe</td><td>600</td><td>650</td></tr><tr><td>610</td><td>660</td></tr>
<tr><td colspan="2">Asia total</td><td>300</td></tr></tbody></table>
<ul><li>New plant in Porto</li><li hidden>Secret</li></ul></main>
<footer>Copyright</footer></body></html>"#;
        let blocks = blocks_of(std::str::from_utf8(html).unwrap());
        assert_eq!(
            blocks,
            vec![
                Block::Paragraph { text: "Annual results".into(), heading: true },
                Block::Paragraph { text: "Results 2019".into(), heading: true },
                Block::Paragraph { text: "Sales rose 12% to $1.2 billion.".into(), heading: false },
                Block::Paragraph { text: "Margins held.".into(), heading: false },
                Block::Paragraph { text: "Sales by region".into(), heading: true },
                Block::Table(vec![
                    vec!["Region".into(), "2018".into(), "2019".into()],
                    vec!["Europe".into(), "600".into(), "650".into()],
                    vec!["Europe".into(), "610".into(), "660".into()],
                    vec!["Asia total".into(), String::new(), "300".into()],
                ]),
                Block::Paragraph { text: "New plant in Porto".into(), heading: false },
            ]
        );
        let loaded = load(html).unwrap();
        let t = loaded.objects.iter().find_map(|o| o.as_table().map(|t| (o, t))).unwrap();
        assert_eq!(t.0.provenance.locator, crate::source::Locator::SheetRange { sheet: "Table 1".into(), range: "A1:C4".into() });
        assert_eq!(t.1.caption.as_deref(), Some("Sales by region"));
    }

    #[test]
    fn a_definition_list_term_opens_its_definition() {
        let html = "<body><dl><dt><span class=\"pre\">timedelta.</span><span>total_seconds</span><span>(</span><span>)</span><a class=\"headerlink\" href=\"#x\">¶</a></dt><dd><p>Return the total number of seconds contained in the duration.</p><p>Equivalent to td / timedelta(seconds=1).</p></dd><dt>lone term</dt><dt>timedelta.max</dt><dd>The most positive timedelta.</dd></dl><h2>Next</h2></body>";
        assert_eq!(
            blocks_of(html),
            vec![
                Block::Paragraph { text: "timedelta.total_seconds(): Return the total number of seconds contained in the duration.".into(), heading: false },
                Block::Paragraph { text: "Equivalent to td / timedelta(seconds=1).".into(), heading: false },
                Block::Paragraph { text: "lone term".into(), heading: false },
                Block::Paragraph { text: "timedelta.max: The most positive timedelta.".into(), heading: false },
                Block::Paragraph { text: "Next".into(), heading: true },
            ]
        );
    }

    #[test]
    fn odd_pages_are_read_or_refused_clearly() {
        // Latin-1 with its charset named; broken markup; deep nesting.
        let latin1: Vec<u8> = b"<html><head><meta charset=\"iso-8859-1\"></head><body><p>Gesch\xe4ftsjahr 2019</p></body></html>".to_vec();
        let blocks = blocks_of(&decode(&latin1));
        assert_eq!(blocks, vec![Block::Paragraph { text: "Geschäftsjahr 2019".into(), heading: false }]);
        let broken = blocks_of("<p>one<p>two<table><tr><td>a<td>b</table><div>three");
        assert_eq!(blocks_of("<p>one<p>two").len(), 2);
        assert!(broken.iter().any(|b| matches!(b, Block::Table(rows) if rows == &vec![vec!["a".to_string(), "b".into()]])), "{broken:?}");
        // (10,000 levels: html5ever's scope checks grow with the square of
        // the depth, so 100,000 take minutes; our walk has its own stack.)
        let deep = format!("{}deep text{}", "<div>".repeat(10_000), "</div>".repeat(10_000));
        assert!(blocks_of(&deep).iter().any(|b| matches!(b, Block::Paragraph { text, .. } if text == "deep text")));
        assert!(matches!(load(b"   \n"), Err(LoadError::Empty { .. })));
        assert!(matches!(load(b"<html><body><nav>only a menu</nav></body></html>"), Err(LoadError::NoText { .. })));
    }
}
