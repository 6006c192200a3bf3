//! Plain-text utilities shared by loaders, descriptions and retrieval:
//! sentence segmentation, tokenization, keywords, years and number parsing.
//!
//! Sentence indices are coordinates that citations and `SelectSentenceIdxs`
//! actions point at, so segmentation is rule-based and deterministic: it must
//! give the same sentences for the same text on every machine, forever. It
//! knows the things that break naive splitters in annual reports: decimals
//! ("$1.2 million"), abbreviations ("Inc.", "U.S.", "approx."), initials and
//! list markers.

use crate::source::{Cell, CellValue, NumberFormat};

const ABBREVIATIONS: &[&str] = &[
    "inc", "ltd", "co", "corp", "plc", "llc", "mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st",
    "no", "nos", "vs", "etc", "e.g", "i.e", "approx", "fig", "figs", "dept", "est", "jan", "feb",
    "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "u.s", "u.k", "n.a",
    "p.m", "a.m", "ref", "refs", "vol", "pp", "cf", "al", "bn", "mn",
];

/// Splits text into sentences; returns (byte offset, sentence) pairs with
/// whitespace collapsed inside each sentence.
pub fn split_sentences(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut start = 0usize;
    let mut i = 0usize;
    let n = bytes.len();
    while i < n {
        let b = bytes[i];
        // A blank line always ends a sentence (paragraph break).
        if b == b'\n' {
            let mut j = i + 1;
            while j < n && (bytes[j] == b' ' || bytes[j] == b'\t' || bytes[j] == b'\r') {
                j += 1;
            }
            if j < n && bytes[j] == b'\n' {
                push_sentence(text, start, i, &mut out);
                start = j + 1;
                i = j + 1;
                continue;
            }
        }
        if matches!(b, b'.' | b'!' | b'?') {
            // Consume closing quotes/brackets and repeated punctuation.
            let mut j = i + 1;
            while j < n && matches!(bytes[j], b'.' | b'!' | b'?' | b'"' | b'\'' | b')' | b']') {
                j += 1;
            }
            // Handle the UTF-8 right quotes ’ ” (E2 80 99 / E2 80 9D).
            while j + 2 < n && bytes[j] == 0xE2 && bytes[j + 1] == 0x80 && (bytes[j + 2] == 0x99 || bytes[j + 2] == 0x9D) {
                j += 3;
            }
            let at_end = j >= n;
            let followed_by_space = at_end || bytes[j].is_ascii_whitespace();
            if followed_by_space && (b != b'.' || is_sentence_period(text, i, j)) {
                push_sentence(text, start, j, &mut out);
                start = j;
                i = j;
                continue;
            }
            i = j;
            continue;
        }
        i += 1;
    }
    push_sentence(text, start, n, &mut out);
    out
}

fn push_sentence(text: &str, start: usize, end: usize, out: &mut Vec<(usize, String)>) {
    if start >= end {
        return;
    }
    let raw = &text[start..end];
    let lead = raw.len() - raw.trim_start().len();
    let collapsed = collapse_ws(raw);
    if collapsed.chars().any(|c| c.is_alphanumeric()) {
        out.push((start + lead, collapsed));
    } else if let Some(last) = out.last_mut() {
        // Stray punctuation joins the previous sentence.
        if !collapsed.is_empty() {
            last.1.push_str(&collapsed);
        }
    }
}

/// Collapses runs of whitespace into single spaces and trims.
pub fn collapse_ws(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut space = false;
    for ch in s.chars() {
        if ch.is_whitespace() {
            space = true;
        } else {
            if space && !out.is_empty() {
                out.push(' ');
            }
            space = false;
            out.push(ch);
        }
    }
    out
}

/// Is the period at `dot` (with the following punctuation ending at `after`)
/// the end of a sentence?
fn is_sentence_period(text: &str, dot: usize, after: usize) -> bool {
    let before = &text[..dot];
    let word: String = before
        .chars()
        .rev()
        .take_while(|c| !c.is_whitespace() && *c != '(' && *c != '"')
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    let lower = word.to_lowercase();
    let lower = lower.trim_start_matches(|c: char| !c.is_alphanumeric());
    if ABBREVIATIONS.contains(&lower) {
        return false;
    }
    // Single capital letter: an initial ("J. Smith") or list marker ("A.").
    if word.len() == 1 && word.chars().all(|c| c.is_ascii_uppercase()) {
        return false;
    }
    // Dotted acronyms like "U.S." — the previous char is a letter preceded by '.'.
    if word.contains('.') && word.chars().filter(|c| c.is_alphabetic()).count() <= 4 {
        let next = text[after..].trim_start().chars().next();
        if next.map(|c| c.is_lowercase()).unwrap_or(false) {
            return false;
        }
    }
    // The next sentence should not start with a lowercase letter.
    !matches!(text[after..].trim_start().chars().next(), Some(c) if c.is_lowercase())
}

const STOPWORDS: &[&str] = &[
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any",
    "are", "as", "at", "be", "because", "been", "before", "being", "below", "between", "both",
    "but", "by", "can", "could", "did", "do", "does", "doing", "down", "during", "each", "few",
    "for", "from", "further", "had", "has", "have", "having", "he", "her", "here", "hers", "him",
    "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more",
    "most", "my", "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other",
    "our", "ours", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than",
    "that", "the", "their", "theirs", "them", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when",
    "where", "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your",
    "may", "which", "within", "per", "upon", "year", "years", "ended", "million", "thousand",
    "billion", "including", "included", "total", "respectively", "certain", "based", "related",
    "due", "following", "table", "below", "value", "amount", "amounts", "net",
];

pub fn is_stopword(w: &str) -> bool {
    STOPWORDS.contains(&w)
}

/// A number token written with thousands separators ("1,074") as a
/// question often writes it ("1074"), or `None` for any other token.
/// Indexes of what a table holds keep both forms.
pub fn without_thousands(token: &str) -> Option<String> {
    (token.contains(',') && token.bytes().all(|b| b.is_ascii_digit() || b == b',' || b == b'.')).then(|| token.replace(',', ""))
}

/// Lowercased alphanumeric tokens, keeping internal '.', '-' and ',' of numbers.
pub fn tokenize(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let keep_inner = (c == '.' || c == ',')
            && i > 0
            && chars[i - 1].is_ascii_digit()
            && chars.get(i + 1).map(|d| d.is_ascii_digit()).unwrap_or(false);
        if c.is_alphanumeric() || keep_inner {
            cur.extend(c.to_lowercase());
        } else if !cur.is_empty() {
            out.push(std::mem::take(&mut cur));
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// `text` with each possessive "'s" ("beaver's", "Cook’s") dropped; a
/// decade's "70's" is kept.
pub fn without_possessive_s(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let possessive = |i: usize| matches!(chars[i], '\'' | '’') && i > 0 && chars[i - 1].is_alphabetic() && matches!(chars.get(i + 1), Some('s' | 'S')) && !chars.get(i + 2).is_some_and(|c| c.is_alphanumeric());
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        if possessive(i) {
            i += 2;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The top `k` keywords of a text by frequency, ignoring stopwords and
/// numbers; ties break by first occurrence so the result is deterministic.
pub fn keywords(text: &str, k: usize) -> Vec<String> {
    let mut counts: Vec<(String, usize, usize)> = Vec::new();
    let mut index = std::collections::HashMap::<String, usize>::new();
    for (pos, tok) in tokenize(text).into_iter().enumerate() {
        if tok.len() < 3 || is_stopword(&tok) || tok.chars().any(|c| c.is_ascii_digit()) {
            continue;
        }
        match index.get(&tok) {
            Some(&i) => counts[i].1 += 1,
            None => {
                index.insert(tok.clone(), counts.len());
                counts.push((tok, 1, pos));
            }
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.2.cmp(&b.2)));
    counts.into_iter().take(k).map(|c| c.0).collect()
}

/// A word written as a year of history or of a record ("1998", "1066"):
/// four digits from 1000 to 2100. The one range the table parser and the
/// cell parser read a question's or a date's year by; columns of years
/// (`is_year_column`) and the years of reports ([`years`]) ask narrower
/// ranges of their own.
pub fn year_word(w: &str) -> Option<u32> {
    w.parse::<u32>().ok().filter(|y| w.len() == 4 && (1000..=2100).contains(y))
}

/// Four-digit years between 1900 and 2099 mentioned in the text, sorted, unique.
pub fn years(text: &str) -> Vec<u16> {
    let b = text.as_bytes();
    let mut ys = Vec::new();
    let mut i = 0;
    while i + 4 <= b.len() {
        let window = &b[i..i + 4];
        let boundary_before = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        let boundary_after = i + 4 == b.len() || !b[i + 4].is_ascii_digit();
        if boundary_before && boundary_after && window.iter().all(|c| c.is_ascii_digit()) {
            let y: u16 = std::str::from_utf8(window).ok().and_then(|s| s.parse().ok()).unwrap_or(0);
            if (1900..=2099).contains(&y) {
                ys.push(y);
            }
            i += 4;
            continue;
        }
        i += 1;
    }
    ys.sort_unstable();
    ys.dedup();
    ys
}

/// Parses a displayed number as annual reports write them: "$1,496.5",
/// "(12.6)", "-3%", "€ 2.1", "1,234", "12.5 %". Returns the value and the
/// format it was displayed in; `None` when the text is not a single number.
pub fn parse_number(text: &str) -> Option<(f64, NumberFormat)> {
    let s = text.trim();
    if s.is_empty() || s.len() > 40 {
        return None;
    }
    let mut fmt = NumberFormat::default();
    let mut body = s.to_string();
    let mut negative = false;
    if body.starts_with('(') && body.ends_with(')') {
        body = body[1..body.len() - 1].trim().to_string();
        fmt.parens = true;
        negative = true;
    }
    if let Some(rest) = body.strip_prefix('-').or_else(|| body.strip_prefix('\u{2212}')) {
        body = rest.trim().to_string();
        negative = !negative;
    }
    for sym in ["US$", "$", "€", "£", "¥", "₹"] {
        if let Some(rest) = body.strip_prefix(sym) {
            fmt.currency = Some(sym.to_string());
            body = rest.trim().to_string();
            break;
        }
    }
    // Currency may come before the sign: "$(12.6)" or "$-12.6".
    if body.starts_with('(') && body.ends_with(')') {
        body = body[1..body.len() - 1].trim().to_string();
        fmt.parens = true;
        negative = !negative;
    }
    if let Some(rest) = body.strip_prefix('-') {
        body = rest.trim().to_string();
        negative = !negative;
    }
    if let Some(rest) = body.strip_suffix('%') {
        fmt.percent = true;
        body = rest.trim().to_string();
    }
    if body.is_empty() {
        return None;
    }
    let bytes = body.as_bytes();
    if !bytes[0].is_ascii_digit() && bytes[0] != b'.' {
        return None;
    }
    // Scientific notation as R and spreadsheets write a round number:
    // "1e+05", "2.5E-03" (a signed exponent only: "3E" is a seat, "1e5" a
    // code more often than a number).
    if let Some(at) = body.find(['e', 'E']) {
        let (mantissa, exponent) = (&body[..at], &body[at + 1..]);
        let mantissa_ok = !mantissa.is_empty() && mantissa.bytes().all(|b| b.is_ascii_digit() || b == b'.') && mantissa.bytes().filter(|&b| b == b'.').count() <= 1;
        let exponent_ok = exponent.len() >= 2 && exponent.len() <= 4 && matches!(exponent.as_bytes()[0], b'+' | b'-') && exponent[1..].bytes().all(|b| b.is_ascii_digit());
        if !(mantissa_ok && exponent_ok) {
            return None;
        }
        let v: f64 = body.parse().ok()?;
        return Some((if negative { -v } else { v }, fmt));
    }
    let mut digits = String::with_capacity(body.len());
    let mut seen_dot = false;
    let mut decimals = 0u8;
    // The thousands separator in use (one kind per number), and how many
    // digits came since the last one.
    let mut separator: Option<char> = None;
    let mut group = 0usize;
    for (i, c) in body.chars().enumerate() {
        match c {
            '0'..='9' => {
                digits.push(c);
                group += 1;
                if seen_dot {
                    decimals = decimals.saturating_add(1);
                }
            }
            // Thousands separators sit between groups of three digits: a
            // comma, or a space as much of Europe writes them ("79 037
            // 121"), whose first group is at most three digits ("1990
            // 2000" is two years, not a number).
            ',' | ' ' | '\u{a0}' | '\u{202f}' | '\u{2009}' => {
                let rest: String = body.chars().skip(i + 1).take_while(|d| d.is_ascii_digit()).collect();
                let spaced = c != ',';
                let kind = if spaced { ' ' } else { ',' };
                if seen_dot || rest.len() != 3 || separator.is_some_and(|s| s != kind) || (spaced && separator.is_none() && group > 3) {
                    return None;
                }
                separator = Some(kind);
                group = 0;
                fmt.thousands = true;
            }
            '.' if !seen_dot => {
                seen_dot = true;
                digits.push('.');
            }
            _ => return None,
        }
    }
    let mut v: f64 = digits.parse().ok()?;
    if negative {
        v = -v;
    }
    fmt.decimals = Some(decimals);
    Some((v, fmt))
}

/// Numbers written in a string ("(1,496.5-1,202.9)/1,202.9" → three).
pub fn numbers_in(s: &str) -> Vec<f64> {
    let mut out = Vec::new();
    let c: Vec<char> = s.chars().collect();
    let mut i = 0;
    while i < c.len() {
        if c[i].is_ascii_digit() {
            let mut k = i;
            while k < c.len() && (c[k].is_ascii_digit() || ((c[k] == ',' || c[k] == '.') && c.get(k + 1).is_some_and(|d| d.is_ascii_digit()))) {
                k += 1;
            }
            let t: String = c[i..k].iter().filter(|&&x| x != ',').collect();
            if let Ok(v) = t.parse::<f64>() {
                out.push(v);
            }
            i = k;
        } else {
            i += 1;
        }
    }
    out
}

/// Builds a typed cell from displayed text: numbers become `Number` with their
/// format; dashes used for "nil" in reports stay text.
pub fn cell_from_text(text: &str) -> Cell {
    let t = text.trim();
    if t.is_empty() {
        return Cell::empty();
    }
    match parse_number(t) {
        Some((v, fmt)) => Cell { value: CellValue::Number(v), text: t.to_string(), format: Some(fmt) },
        None => Cell { value: CellValue::Text(t.to_string()), text: t.to_string(), format: None },
    }
}

/// Truncates to at most `max` chars on a char boundary, adding an ellipsis.
pub fn truncate_chars(s: &str, max: usize) -> String {
    if s.chars().count() <= max {
        return s.to_string();
    }
    let mut out: String = s.chars().take(max.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// The unit a statement of scale names: "(in thousands)", "$'000",
/// "(in millions, except per share data)", "US$m". Only phrasings that
/// declare a unit count, so "revenue over $1 million" names none.
pub fn scale_phrase(text: &str) -> Option<&'static str> {
    let t = text.to_lowercase().replace(['\u{2019}', '\u{2018}'], "'");
    const THOUSAND: &[&str] = &["in thousands", "in thousand", "(thousands", "thousands)", "'000", "$000", "(000s)", "000's", "in 000s", "thousands of"];
    const MILLION: &[&str] = &["in millions", "in million", "(millions", "millions)", "$m)", "$m ", "€m", "£m", "(rm", "$ million)", "millions of", "$ in millions", "in $m"];
    const BILLION: &[&str] = &["in billions", "in billion", "(billions", "billions)", "billions of", "$bn"];
    let first = |pats: &[&str]| pats.iter().filter_map(|p| t.find(p)).min();
    [(first(THOUSAND), "thousand"), (first(MILLION), "million"), (first(BILLION), "billion")]
        .into_iter()
        .filter_map(|(at, unit)| at.map(|a| (a, unit)))
        .min_by_key(|x| x.0)
        .map(|x| x.1)
}


/// A lower-case letter with its accent removed (`é` → `e`, `ł` → `l`), so
/// "Kedzia" meets "Kędzia"; other characters pass through. Callers lower-
/// case first.
pub fn fold_accent(c: char) -> char {
    match c {
        // (The ordinal indicators too: Spain's "3ª División" is written
        // "3a" in a question.)
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ą' | 'ă' | 'ª' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ę' | 'ě' => 'e',
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' => 'i',
        'ñ' | 'ń' | 'ň' => 'n',
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' | 'º' => 'o',
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ś' | 'š' | 'ş' => 's',
        'ź' | 'ż' | 'ž' => 'z',
        'ł' => 'l',
        'ř' => 'r',
        'ť' | 'ţ' => 't',
        'ď' | 'đ' => 'd',
        'ğ' => 'g',
        other => other,
    }
}

/// The number an ordinal writes ("5th" → "5", "22nd" → "22"), if the word
/// is one.
pub fn ordinal_number(t: &str) -> Option<&str> {
    ["st", "nd", "rd", "th"].iter().find_map(|x| t.strip_suffix(x)).filter(|n| !n.is_empty() && n.len() <= 4 && n.bytes().all(|b| b.is_ascii_digit()))
}

/// "petalLength" → "petal Length", "UrbanPop" → "Urban Pop": a capital
/// that starts a lower-case word after at least three lower-case letters
/// begins a new word, and so does one after a capitalized word of three
/// letters ("AirPassengers" → "Air Passengers") and after two capitals or
/// more ("ALPSeats" → "ALP Seats", "USPop" → "US Pop"). Not a unit or a
/// name: "kW", "McCain#", "MacDonald", "iPhone" stay whole. A word of
/// three lower-case letters or more before capitals begins an acronym
/// ("realGDP" → "real GDP"), and an acronym followed by a short word of
/// joining ends before it, not before its last capital ("GDPperCap" →
/// "GDP per Cap", not "GD Pper Cap").
pub fn split_camel_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    let (mut lower_run, mut upper_run) = (0, 0);
    // How many lower-case letters run from each position (read once).
    let mut lower_len = vec![0usize; chars.len() + 1];
    for k in (0..chars.len()).rev() {
        lower_len[k] = if chars[k].is_lowercase() { lower_len[k + 1] + 1 } else { 0 };
    }
    let upper_at = |k: usize| chars.get(k).is_some_and(|n| n.is_uppercase());
    // A short word of joining ("per", "of", "and") from `k`; and one then
    // followed by a capital or the end.
    let joining_word = |k: usize| {
        let len = lower_len[k.min(chars.len())];
        (1..=3).contains(&len) && matches!(chars[k..k + len].iter().collect::<String>().as_str(), "per" | "of" | "and" | "in" | "on" | "to" | "by" | "vs" | "for")
    };
    let joining_at = |k: usize| joining_word(k) && (upper_at(k + lower_len[k]) || k + lower_len[k] == chars.len());
    for (i, &c) in chars.iter().enumerate() {
        let lower_at = |k: usize| chars.get(k).is_some_and(|n| n.is_lowercase());
        // ("Air", not a name's "Mac".)
        let short_word = lower_run == 2 && i >= 3 && chars[i - 3].is_uppercase() && (i == 3 || !chars[i - 4].is_alphabetic()) && chars[i - 3..i].iter().collect::<String>() != "Mac";
        // (A joining word after the acronym keeps the acronym whole: the
        // joining word then begins after it, below.)
        let acronym = upper_run >= 2 && lower_at(i + 2) && !joining_at(i + 1);
        let acronym_begins = lower_run >= 3 && upper_at(i + 1) && {
            let caps = chars[i..].iter().take_while(|c| c.is_uppercase()).count();
            caps >= 3 && (i + caps == chars.len() || !lower_at(i + caps) || joining_word(i + caps))
        };
        let joining_begins = c.is_lowercase() && upper_run >= 3 && joining_at(i);
        if (c.is_uppercase() && lower_at(i + 1) && (lower_run >= 3 || short_word || acronym)) || (c.is_uppercase() && acronym_begins) || joining_begins {
            out.push(' ');
        }
        lower_run = if c.is_lowercase() { lower_run + 1 } else { 0 };
        upper_run = if c.is_uppercase() { upper_run + 1 } else { 0 };
        out.push(c);
    }
    out
}

/// The one stemmer: a crude plural/singular fold so "costs" meets "cost" and
/// "companies" meets "company". Matching (row labels, headers, sentences) and
/// the reader's restated-question test both go through it.
pub fn stem(t: &str) -> String {
    // An ordinal is its number: "5th" of "September 5th" is the 5 of
    // "September 5", "1st" the 1 of a rank.
    if let Some(n) = ordinal_number(t) {
        return n.to_string();
    }
    // Plurals not made with an s: "children" meets "Child", "women"
    // "Woman".
    if let Some((_, one)) = [("children", "child"), ("women", "woman"), ("men", "man")].iter().find(|(many, _)| *many == t) {
        return one.to_string();
    }
    let s = if t.len() > 4 && t.ends_with("ies") {
        format!("{}y", &t[..t.len() - 3])
    } else if t.len() > 3 && t.ends_with('s') && !t.ends_with("ss") {
        t[..t.len() - 1].to_string()
    } else {
        t.to_string()
    };
    // The two spellings of a unit: "metres" meets "meters", "kilometre"
    // "kilometer", "litres" "liters".
    for (british, american) in [("metre", "meter"), ("litre", "liter")] {
        if let Some(head) = s.strip_suffix(british) {
            return format!("{head}{american}");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ecdat's incomeInequality names `realGDPperCap`, `realGDP.M` and
    /// `PopulationK`: an acronym after a lower-case word, and a short
    /// joining word after it.
    #[test]
    fn an_acronym_inside_a_camel_case_name_is_a_word_of_its_own() {
        assert_eq!(split_camel_case("realGDPperCap"), "real GDP per Cap");
        assert_eq!(split_camel_case("realGDP.M"), "real GDP.M");
        assert_eq!(split_camel_case("totalUSA"), "total USA");
        // As before: two capitals and a word, a capitalized acronym's last
        // capital beginning a word, units and names.
        assert_eq!(split_camel_case("ALPSeats"), "ALP Seats");
        assert_eq!(split_camel_case("USPop"), "US Pop");
        assert_eq!(split_camel_case("HTMLParser"), "HTML Parser");
        assert_eq!(split_camel_case("PopulationK"), "PopulationK");
        for name in ["kW", "iPhone", "MacDonald", "pH", "mRNA"] {
            assert_eq!(split_camel_case(name), name);
        }
    }

    #[test]
    fn accents_and_ordinal_indicators_fold_to_their_letters() {
        let fold = |w: &str| w.chars().flat_map(char::to_lowercase).map(fold_accent).collect::<String>();
        assert_eq!(fold("Kędzia"), "kedzia");
        assert_eq!(fold("3ª"), "3a");
        assert_eq!(fold("1º"), "1o");
        assert_eq!(crate::tabular::words("Division 3ª"), ["division", "3a"]);
    }

    #[test]
    fn a_year_word_is_four_digits_from_1000_to_2100() {
        assert_eq!(year_word("1998"), Some(1998));
        assert_eq!(year_word("1066"), Some(1066));
        for w in ["998", "2101", "19980", "0999", "98", "1998s"] {
            assert_eq!(year_word(w), None, "{w}");
        }
    }

    #[test]
    fn the_stemmer_folds_plurals_and_ordinals() {
        assert_eq!(stem("companies"), "company");
        assert_eq!(stem("costs"), "cost");
        assert_eq!(stem("5th"), "5");
        assert_eq!(stem("22nd"), "22");
        assert_eq!(stem("first"), "first");
        assert_eq!(stem("north"), "north");
        assert_eq!(stem("th"), "th");
        assert_eq!(stem("metres"), stem("meters"));
        assert_eq!(stem("kilometre"), "kilometer");
        assert_eq!(stem("litres"), "liter");
    }

    #[test]
    fn scale_phrases_name_units_only_when_declared() {
        assert_eq!(scale_phrase("The following table summarizes revenue (in thousands):"), Some("thousand"));
        assert_eq!(scale_phrase("2019 $\u{2019}000"), Some("thousand"));
        assert_eq!(scale_phrase("(In millions, except per share amounts)"), Some("million"));
        assert_eq!(scale_phrase("Revenue (US$m)"), Some("million"));
        assert_eq!(scale_phrase("Revenue grew by $1.2 million in 2019."), None);
        assert_eq!(scale_phrase("Amounts in millions; headcount in thousands"), Some("million"));
    }

    fn sents(t: &str) -> Vec<String> {
        split_sentences(t).into_iter().map(|s| s.1).collect()
    }

    #[test]
    fn splits_report_prose() {
        let t = "Revenue rose to $1.2 million in 2019. The U.S. segment grew 3.5% vs. 2018! Did costs fall? Yes.";
        assert_eq!(
            sents(t),
            vec![
                "Revenue rose to $1.2 million in 2019.",
                "The U.S. segment grew 3.5% vs. 2018!",
                "Did costs fall?",
                "Yes."
            ]
        );
    }

    #[test]
    fn keeps_abbreviations_and_initials() {
        let t = "Apple Inc. reported results. J. Smith, the CFO, signed e.g. the 10-K. Next.";
        assert_eq!(sents(t), vec!["Apple Inc. reported results.", "J. Smith, the CFO, signed e.g. the 10-K.", "Next."]);
    }

    #[test]
    fn blank_lines_break_and_offsets_point_into_text() {
        let t = "Heading without period\n\nBody text wraps\nacross   lines here. Other";
        let s = split_sentences(t);
        assert_eq!(s.len(), 3);
        assert_eq!(s[0].1, "Heading without period");
        assert_eq!(s[1].1, "Body text wraps across lines here.");
        assert!(t[s[1].0..].starts_with("Body"));
        assert!(t[s[2].0..].starts_with("Other"));
    }

    #[test]
    fn parses_report_numbers() {
        let (v, f) = parse_number("$1,496.5").unwrap();
        assert_eq!(v, 1496.5);
        assert_eq!(f.currency.as_deref(), Some("$"));
        assert!(f.thousands);
        assert_eq!(f.decimals, Some(1));
        let (v, f) = parse_number("(12.6)").unwrap();
        assert_eq!(v, -12.6);
        assert!(f.parens);
        let (v, f) = parse_number("-3.5%").unwrap();
        assert_eq!(v, -3.5);
        assert!(f.percent);
        assert_eq!(parse_number("$  1,452.4").unwrap().0, 1452.4);
        assert_eq!(parse_number("2019").unwrap().0, 2019.0);
        assert!(parse_number("1,23").is_none());
        // Spaces between groups of three, as much of Europe writes them;
        // not two years, not a short group, not mixed with commas.
        assert_eq!(parse_number("79 037 121").unwrap().0, 79037121.0);
        assert_eq!(parse_number("2\u{a0}396\u{a0}447").unwrap().0, 2396447.0);
        assert_eq!(parse_number("-4 445.5").unwrap().0, -4445.5);
        assert!(parse_number("1990 2000").is_none());
        assert!(parse_number("12 34").is_none());
        assert!(parse_number("1 234,567").is_none());
        assert!(parse_number("—").is_none());
        assert!(parse_number("Total").is_none());
        assert!(parse_number("12a").is_none());
        // Scientific notation as R writes a round price (Housing.csv's
        // "1e+05" had been read as 1); not a seat or a code.
        assert_eq!(parse_number("1e+05").unwrap().0, 100000.0);
        assert_eq!(parse_number("-2.5E-03").unwrap().0, -0.0025);
        assert!(parse_number("3E").is_none());
        assert!(parse_number("1e5").is_none());
    }

    #[test]
    fn keywords_and_years() {
        let k = keywords("Deferred revenue and deferred tax assets. Deferred revenue grew in 2019.", 3);
        assert_eq!(k, vec!["deferred", "revenue", "tax"]);
        assert_eq!(years("Fiscal 2019 vs 2018, not 12019 or 1800; FY2017"), vec![2018, 2019]);
    }
}
