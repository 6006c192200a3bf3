//! SQL-constrained decoding: a byte-level matcher that accepts only SQL
//! written with the words of SQLite's SELECT and the names and values of
//! the tables asked, so a model writing a query cannot name a column or a
//! value that is not there.
//!
//! The grammar is lexical, over tokens, because that is where small models
//! go wrong: a column called `"No."` becomes `number`, a team called
//! "Chicago Fire" becomes `'Chicago'`. The statement must open with
//! `SELECT` and end with `;` at parenthesis depth 0; between, every token is
//! one of
//! - a keyword or function of SQLite's SELECT (case-insensitive), a table
//!   or column name written bare (when it is a plain identifier), or an
//!   alias the statement declared with `AS`;
//! - a quoted identifier `"…"` that is exactly a column or table name;
//! - a string literal `'…'` that is a cell value of those tables
//!   (case-insensitive, as `LIKE` compares), a prefix of one followed by
//!   `%`, or after a leading `%` any piece of one (`'%smith%'`);
//! - a number, an operator, a comma, a parenthesis, whitespace.
//!
//! Whether the tokens form a valid statement is SQLite's to say: the
//! caller runs the query and asks again with the error. Each step of the
//! matcher is a binary search in sorted lists (names, values, and the
//! suffixes of values), so the state is a few integers and the token mask
//! ([`super::json::TokenTrie::allowed`]) stays cheap.

use super::json::Prefix;

/// SQLite's words a SELECT statement uses.
const KEYWORDS: &[&str] = &[
    "select", "distinct", "all", "from", "where", "and", "or", "not", "in", "like", "glob", "between", "is", "null", "group", "by", "having", "order", "asc",
    "desc", "limit", "offset", "as", "case", "when", "then", "else", "end", "cast", "real", "integer", "int", "text", "numeric", "count", "sum", "avg", "min",
    "max", "total", "abs", "round", "lower", "upper", "length", "substr", "substring", "trim", "ltrim", "rtrim", "replace", "instr", "coalesce", "ifnull",
    "nullif", "strftime", "date", "julianday", "printf", "exists", "union", "except", "intersect", "join", "on", "inner", "left", "outer", "using", "collate",
    "nocase", "escape", "true", "false", "iif", "nulls", "first", "last",
];

/// The most bytes a statement may have.
pub const MAX_SQL_BYTES: usize = 1500;
/// The most values a grammar holds (the rest are not writable as literals).
pub const MAX_VALUES: usize = 20_000;
/// The most digits a number may have.
pub const MAX_DIGITS: u8 = 15;
/// Values longer than this are not offered as literals.
pub const MAX_VALUE_BYTES: usize = 200;

/// The names and values a statement may use, sorted for binary search.
#[derive(Debug, Clone)]
pub struct SqlGrammar {
    /// Keywords, lower-cased (written all in lower or all in upper case).
    words: Vec<Vec<u8>>,
    /// Plain table and column names that may be written bare, as given.
    names: Vec<Vec<u8>>,
    /// Quoted identifiers' contents, exact, with `"` doubled.
    idents: Vec<Vec<u8>>,
    /// String literals' contents, lower-cased, with `'` doubled.
    values: Vec<Vec<u8>>,
    /// Every suffix of every value starting at a character boundary, as
    /// `(value, byte offset)`, sorted by its bytes.
    suffixes: Vec<(u32, u32)>,
}

fn plain_identifier(s: &str) -> bool {
    let mut b = s.bytes();
    b.next().is_some_and(|c| c.is_ascii_alphabetic() || c == b'_') && b.all(|c| c.is_ascii_alphanumeric() || c == b'_')
}

impl SqlGrammar {
    /// A grammar over `tables` with their `columns` and the cell `values`
    /// a literal may name.
    pub fn new<S: AsRef<str>>(tables: &[S], columns: &[S], values: &[S]) -> SqlGrammar {
        let names = tables.iter().chain(columns).map(|s| s.as_ref());
        let mut words: Vec<Vec<u8>> = KEYWORDS.iter().map(|k| k.as_bytes().to_vec()).collect();
        let mut bare: Vec<Vec<u8>> = Vec::new();
        let mut idents = Vec::new();
        for n in names {
            if plain_identifier(n) && n.len() <= WORD_MAX {
                bare.push(n.as_bytes().to_vec());
            }
            if !n.is_empty() {
                idents.push(n.replace('"', "\"\"").into_bytes());
            }
        }
        words.sort();
        words.dedup();
        bare.sort();
        bare.dedup();
        idents.sort();
        idents.dedup();
        let mut vals: Vec<Vec<u8>> = values
            .iter()
            .map(|v| v.as_ref().trim())
            .filter(|v| !v.is_empty() && v.len() <= MAX_VALUE_BYTES)
            .map(|v| v.to_lowercase().replace('\'', "''").into_bytes())
            .collect();
        vals.sort();
        vals.dedup();
        vals.truncate(MAX_VALUES);
        let mut suffixes: Vec<(u32, u32)> = Vec::new();
        for (i, v) in vals.iter().enumerate() {
            for start in 0..v.len() {
                // Character boundaries only (a UTF-8 continuation byte is 10xxxxxx).
                if v[start] & 0xC0 != 0x80 {
                    suffixes.push((i as u32, start as u32));
                }
            }
        }
        suffixes.sort_by(|a, b| vals[a.0 as usize][a.1 as usize..].cmp(&vals[b.0 as usize][b.1 as usize..]));
        SqlGrammar { words, names: bare, idents, values: vals, suffixes }
    }

    /// A matcher at the start of a statement.
    pub fn matcher(&self) -> SqlMatcher<'_> {
        SqlMatcher { g: self, len: 0, depth: 0, tok: Tok::Between, tokens: 0, after_as: false, aliases: Vec::new(), space_run: 0, done: false }
    }

    fn key(&self, list: List, i: u32) -> &[u8] {
        match list {
            List::Idents => &self.idents[i as usize],
            List::Values => &self.values[i as usize],
            List::Suffixes => {
                let (v, s) = self.suffixes[i as usize];
                &self.values[v as usize][s as usize..]
            }
        }
    }

    fn list_len(&self, list: List) -> u32 {
        (match list {
            List::Idents => self.idents.len(),
            List::Values => self.values.len(),
            List::Suffixes => self.suffixes.len(),
        }) as u32
    }

    /// Narrows `[lo, hi)` (entries sharing their first `depth` bytes) to
    /// those whose byte at `depth` is `b`.
    fn narrow(&self, list: List, lo: u32, hi: u32, depth: usize, b: u8) -> Option<(u32, u32)> {
        let at = |i: u32| self.key(list, i).get(depth).copied();
        let lo2 = lo + partition(hi - lo, |k| at(lo + k).map_or(true, |c| c < b));
        let hi2 = lo + partition(hi - lo, |k| at(lo + k).map_or(true, |c| c <= b));
        (lo2 < hi2).then_some((lo2, hi2))
    }

    /// Is `w` (as written) a keyword or bare name, or the start of one
    /// (`whole`: all of one)? A keyword is written in one case, all lower
    /// or all upper ("GRoUp" is no keyword); a name as the table has it.
    fn bare_word(&self, w: &[u8], whole: bool) -> bool {
        let found = |list: &[Vec<u8>], w: &[u8]| {
            let i = list.partition_point(|x| x.as_slice() < w);
            list.get(i).is_some_and(|x| if whole { x.as_slice() == w } else { x.starts_with(w) })
        };
        let lower = w.iter().all(|b| !b.is_ascii_uppercase());
        let upper = w.iter().all(|b| !b.is_ascii_lowercase());
        ((lower || upper) && found(&self.words, &w.to_ascii_lowercase())) || found(&self.names, w)
    }
}

/// The first `k` in `0..n` where `pred` turns false (`pred` is true then false).
fn partition(n: u32, pred: impl Fn(u32) -> bool) -> u32 {
    let (mut lo, mut hi) = (0u32, n);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if pred(mid) {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    lo
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum List {
    Idents,
    Values,
    Suffixes,
}

/// The longest bare word: keywords, aliases, and the names written bare
/// (a longer name is only writable quoted, so a word being written never
/// outgrows the buffer before it is whole).
const WORD_MAX: usize = 64;

#[derive(Debug, Clone, Copy)]
enum Tok {
    /// Between tokens.
    Between,
    /// A bare word; `free`: an alias being declared after `AS`.
    Word { buf: [u8; WORD_MAX], n: u8, free: bool },
    Num { dot: bool, digit_after_dot: bool, digits: u8 },
    /// A quoted name or literal: the entries of `list` in `[lo, hi)` share
    /// the `depth` bytes written.
    Quoted { quote: u8, list: List, lo: u32, hi: u32, depth: u16, pct_tail: bool, seen_quote: bool },
}

/// Accepts, byte by byte, the prefixes of statements the grammar allows.
#[derive(Debug, Clone)]
pub struct SqlMatcher<'g> {
    g: &'g SqlGrammar,
    len: usize,
    depth: u8,
    tok: Tok,
    /// Tokens finished so far (the first must be `SELECT`).
    tokens: u32,
    after_as: bool,
    aliases: Vec<Vec<u8>>,
    space_run: u8,
    done: bool,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

impl<'g> SqlMatcher<'g> {
    fn word_ok(&self, w: &[u8], whole: bool) -> bool {
        if self.tokens == 0 {
            let l = w.to_ascii_lowercase();
            let one_case = w.iter().all(|b| !b.is_ascii_uppercase()) || w.iter().all(|b| !b.is_ascii_lowercase());
            return one_case && if whole { l == b"select" } else { b"select".starts_with(&l) };
        }
        let alias = |a: &Vec<u8>| if whole { a.as_slice() == w } else { a.starts_with(w) };
        self.aliases.iter().any(alias) || self.g.bare_word(w, whole)
    }

    /// Ends the token being written, if it can end here.
    fn end_token(&mut self) -> bool {
        match self.tok {
            Tok::Between => return true,
            Tok::Word { buf, n, free } => {
                let w = &buf[..n as usize];
                if free {
                    if self.aliases.len() < 8 {
                        self.aliases.push(w.to_vec());
                    }
                    self.after_as = false;
                } else {
                    if !self.word_ok(w, true) {
                        return false;
                    }
                    self.after_as = w.eq_ignore_ascii_case(b"as");
                }
            }
            Tok::Num { dot, digit_after_dot, .. } => {
                if dot && !digit_after_dot {
                    return false;
                }
                self.after_as = false;
            }
            Tok::Quoted { .. } => {
                // Closed by its own quote, never by another byte.
                return false;
            }
        }
        self.tokens += 1;
        self.tok = Tok::Between;
        true
    }

    fn quoted_can_close(&self, list: List, lo: u32, depth: u16, pct_tail: bool) -> bool {
        pct_tail || (depth > 0 && self.g.key(list, lo).len() == depth as usize)
    }

    fn between(&mut self, b: u8) -> bool {
        if self.tokens == 0 && !b.is_ascii_alphabetic() {
            return false;
        }
        if b.is_ascii_whitespace() {
            if self.space_run >= 4 {
                return false;
            }
            self.space_run += 1;
            return true;
        }
        self.space_run = 0;
        match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                let mut buf = [0u8; WORD_MAX];
                buf[0] = b;
                let free = self.after_as;
                if !free && !self.word_ok(&buf[..1], false) {
                    return false;
                }
                self.tok = Tok::Word { buf, n: 1, free };
                true
            }
            b'0'..=b'9' => {
                self.after_as = false;
                self.tok = Tok::Num { dot: false, digit_after_dot: false, digits: 1 };
                true
            }
            b'\'' | b'"' => {
                self.after_as = false;
                let list = if b == b'"' { List::Idents } else { List::Values };
                let hi = self.g.list_len(list);
                if hi == 0 {
                    return false;
                }
                self.tok = Tok::Quoted { quote: b, list, lo: 0, hi, depth: 0, pct_tail: false, seen_quote: false };
                true
            }
            b'(' => {
                if self.depth >= 16 {
                    return false;
                }
                self.depth += 1;
                self.after_as = false;
                true
            }
            b')' => {
                if self.depth == 0 {
                    return false;
                }
                self.depth -= 1;
                true
            }
            b',' | b'*' | b'+' | b'-' | b'/' | b'.' | b'=' | b'<' | b'>' | b'!' | b'|' => {
                self.after_as = false;
                true
            }
            b';' => {
                if self.depth != 0 {
                    return false;
                }
                self.done = true;
                true
            }
            _ => false,
        }
    }

    fn quoted(&mut self, b: u8) -> bool {
        let Tok::Quoted { quote, mut list, mut lo, mut hi, mut depth, mut pct_tail, seen_quote } = self.tok else { return false };
        let can_continue_quote = |lo: u32, hi: u32, list: List, depth: u16| self.g.narrow(list, lo, hi, depth as usize, quote).is_some();
        if seen_quote {
            // The quote just written either closed the token or, doubled,
            // is a quote inside the name or value.
            if b == quote && can_continue_quote(lo, hi, list, depth) {
                let Some((l, h)) = self.g.narrow(list, lo, hi, depth as usize, quote) else { return false };
                let Some((l, h)) = self.g.narrow(list, l, h, depth as usize + 1, quote) else { return false };
                self.tok = Tok::Quoted { quote, list, lo: l, hi: h, depth: depth + 2, pct_tail, seen_quote: false };
                return true;
            }
            if !self.quoted_can_close(list, lo, depth, pct_tail) {
                return false;
            }
            self.tok = Tok::Between;
            self.tokens += 1;
            return self.between(b);
        }
        if pct_tail {
            if b != quote {
                return false;
            }
            self.tok = Tok::Quoted { quote, list, lo, hi, depth, pct_tail, seen_quote: true };
            return true;
        }
        if b == quote {
            if !(self.quoted_can_close(list, lo, depth, pct_tail) || can_continue_quote(lo, hi, list, depth)) {
                return false;
            }
            self.tok = Tok::Quoted { quote, list, lo, hi, depth, pct_tail, seen_quote: true };
            return true;
        }
        let fold = list != List::Idents;
        let c = if fold { b.to_ascii_lowercase() } else { b };
        if b == b'%' && fold {
            if depth == 0 && list == List::Values {
                list = List::Suffixes;
                hi = self.g.list_len(list);
                lo = 0;
                if hi == 0 {
                    return false;
                }
                self.tok = Tok::Quoted { quote, list, lo, hi, depth, pct_tail, seen_quote: false };
                return true;
            }
            if let Some((l, h)) = self.g.narrow(list, lo, hi, depth as usize, c) {
                self.tok = Tok::Quoted { quote, list, lo: l, hi: h, depth: depth + 1, pct_tail, seen_quote: false };
                return true;
            }
            if depth == 0 {
                return false;
            }
            pct_tail = true;
            self.tok = Tok::Quoted { quote, list, lo, hi, depth, pct_tail, seen_quote: false };
            return true;
        }
        if hi == 0 {
            return false;
        }
        let Some((l, h)) = self.g.narrow(list, lo, hi, depth as usize, c) else { return false };
        lo = l;
        hi = h;
        depth += 1;
        self.tok = Tok::Quoted { quote, list, lo, hi, depth, pct_tail, seen_quote: false };
        true
    }
}

impl Prefix for SqlMatcher<'_> {
    fn push(&mut self, b: u8) -> bool {
        if self.done || self.len >= MAX_SQL_BYTES {
            return false;
        }
        self.len += 1;
        match self.tok {
            Tok::Between => self.between(b),
            Tok::Word { mut buf, n, free } => {
                if is_word_byte(b) {
                    if n as usize >= WORD_MAX {
                        return false;
                    }
                    buf[n as usize] = b;
                    let n = n + 1;
                    if !free && !self.word_ok(&buf[..n as usize], false) {
                        return false;
                    }
                    self.tok = Tok::Word { buf, n, free };
                    return true;
                }
                self.end_token() && self.between(b)
            }
            Tok::Num { dot, digit_after_dot, digits } => {
                if b.is_ascii_digit() {
                    // No table needs a 16-digit number; a model that
                    // writes one is looping.
                    if digits >= MAX_DIGITS {
                        return false;
                    }
                    self.tok = Tok::Num { dot, digit_after_dot: dot || digit_after_dot, digits: digits + 1 };
                    return true;
                }
                if b == b'.' && !dot {
                    self.tok = Tok::Num { dot: true, digit_after_dot: false, digits };
                    return true;
                }
                // "1st" is not a number followed by a word.
                if is_word_byte(b) {
                    return false;
                }
                self.end_token() && self.between(b)
            }
            Tok::Quoted { .. } => self.quoted(b),
        }
    }

    fn is_complete(&self) -> bool {
        self.done
    }

    /// The shortest way to a whole statement from here: the token being
    /// written finished (the first name or value it can still become),
    /// parentheses closed, `;`.
    fn completion(&self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut m = self.clone();
        let feed = |m: &mut SqlMatcher, bytes: &[u8], out: &mut Vec<u8>| {
            for &b in bytes {
                if !m.push(b) {
                    return false;
                }
                out.push(b);
            }
            true
        };
        match m.tok {
            Tok::Word { buf, n, free } if !free && !m.word_ok(&buf[..n as usize], true) => {
                let w = &buf[..n as usize];
                let upper = w.iter().any(|b| b.is_ascii_uppercase()) && !w.iter().any(|b| b.is_ascii_lowercase());
                let keyword = || {
                    let l = w.to_ascii_lowercase();
                    let i = m.g.words.partition_point(|x| x.as_slice() < l.as_slice());
                    m.g.words.get(i).filter(|x| x.starts_with(&l)).map(|x| if upper { x.to_ascii_uppercase() } else { x.clone() })
                };
                let name = || {
                    let i = m.g.names.partition_point(|x| x.as_slice() < w);
                    m.g.names.get(i).filter(|x| x.starts_with(w)).cloned()
                };
                let first = (m.tokens == 0).then(|| if upper { b"SELECT".to_vec() } else { b"select".to_vec() });
                let rest = first.or_else(|| m.aliases.iter().find(|a| a.starts_with(w)).cloned()).or_else(name).or_else(keyword);
                if let Some(r) = rest {
                    let tail = r[w.len()..].to_vec();
                    feed(&mut m, &tail, &mut out);
                }
            }
            Tok::Num { dot: true, digit_after_dot: false, .. } => {
                feed(&mut m, b"0", &mut out);
            }
            Tok::Quoted { quote, list, lo, depth, pct_tail, seen_quote, .. } => {
                if !(seen_quote && m.quoted_can_close(list, lo, depth, pct_tail)) {
                    // A quote inside a value: doubled, and the value goes on.
                    if seen_quote {
                        feed(&mut m, &[quote], &mut out);
                    }
                    if let Tok::Quoted { list, lo, depth, pct_tail: false, .. } = m.tok {
                        let tail = m.g.key(list, lo).get(depth as usize..).unwrap_or_default().to_vec();
                        feed(&mut m, &tail, &mut out);
                    }
                    feed(&mut m, &[quote], &mut out);
                }
            }
            _ => {}
        }
        let closing: Vec<u8> = std::iter::repeat_n(b')', m.depth as usize).chain([b';']).collect();
        // A word or number ends at the first byte that cannot continue it.
        feed(&mut m, &closing, &mut out);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grammar() -> SqlGrammar {
        SqlGrammar::new(
            &["results_ab12"],
            &["Year", "Team", "No.", "Points", "Coach's name"],
            &["Chicago Fire", "Boston", "O'Brien", "2-1", "Chicago Sting"],
        )
    }

    fn accepts(g: &SqlGrammar, sql: &str) -> bool {
        let mut m = g.matcher();
        m.push_bytes(sql.as_bytes()) && m.is_complete()
    }

    fn prefix_ok(g: &SqlGrammar, sql: &str) -> bool {
        g.matcher().push_bytes(sql.as_bytes())
    }

    #[test]
    fn statements_over_the_tables_names_and_values_are_accepted() {
        let g = grammar();
        for sql in [
            "SELECT COUNT(*) FROM results_ab12 WHERE \"Team\" = 'Chicago Fire';",
            "select \"No.\" from \"results_ab12\" where Points > 10.5 order by Points desc limit 1;",
            "SELECT Team, SUM(Points) AS pts FROM results_ab12 GROUP BY Team ORDER BY pts DESC LIMIT 1;",
            "SELECT \"Coach's name\" FROM results_ab12 WHERE Team LIKE '%fire%';",
            "SELECT Year FROM results_ab12 WHERE Team LIKE 'chicago%' AND \"Coach's name\" = 'O''Brien';",
            "SELECT MAX(Year) - MIN(Year)\nFROM results_ab12;",
        ] {
            assert!(accepts(&g, sql), "{sql}");
        }
    }

    #[test]
    fn names_and_values_that_are_not_there_are_refused() {
        let g = grammar();
        // A column the table does not have, bare or quoted.
        assert!(!prefix_ok(&g, "SELECT number FROM"));
        assert!(!prefix_ok(&g, "SELECT \"Number\""));
        // Quoted names are exact: "team" is not "Team".
        assert!(!prefix_ok(&g, "SELECT \"team\""));
        // A value that is not a cell, and a piece of one without `%`.
        assert!(!prefix_ok(&g, "SELECT Year FROM results_ab12 WHERE Team = 'Chicago Bulls"));
        assert!(!accepts(&g, "SELECT Year FROM results_ab12 WHERE Team = 'Chicago';"));
        assert!(!prefix_ok(&g, "SELECT Year FROM results_ab12 WHERE Team LIKE '%fury"));
        // Anything but SELECT first; unbalanced parentheses; two statements.
        assert!(!prefix_ok(&g, "DELETE"));
        assert!(!prefix_ok(&g, " SELECT"));
        assert!(!accepts(&g, "SELECT COUNT(* FROM results_ab12;"));
        assert!(!prefix_ok(&g, "SELECT 1; SELECT"));
        // "1st" is no number, and no table needs sixteen digits.
        assert!(!prefix_ok(&g, "SELECT 1st"));
        assert!(!prefix_ok(&g, "SELECT 1000000000000000"));
        // A keyword in one case; a bare name as the table writes it.
        assert!(!prefix_ok(&g, "SELECT Year FROM results_ab12 GRoUp"));
        assert!(!prefix_ok(&g, "SELECT YEAR FROM"));
    }

    #[test]
    fn an_alias_declared_with_as_can_be_used_later() {
        let g = grammar();
        assert!(accepts(&g, "SELECT COUNT(*) AS n FROM results_ab12 ORDER BY n;"));
        assert!(!prefix_ok(&g, "SELECT COUNT(*) FROM results_ab12 ORDER BY n "));
    }

    /// No byte continues `m` and the statement is not whole.
    fn dead_end(m: &SqlMatcher) -> bool {
        !m.is_complete() && !(0..=255u8).any(|b| m.clone().push(b))
    }

    #[test]
    fn no_prefix_the_grammar_accepts_is_a_dead_end() {
        // A table name of 33 bytes (longer than the word buffer once was:
        // the 0.5B model wrote 32 of its bytes bare and nothing could
        // follow), and a plain name too long to be written bare.
        let long = "x".repeat(80);
        let g = SqlGrammar::new(&["total_goodwill_by_period_tbl0f5c1"], &["period_end", "total_closing_musd", long.as_str()], &["2019-12-28", "O'Brien"]);
        for sql in [
            "SELECT total_closing_musd FROM total_goodwill_by_period_tbl0f5c1 WHERE period_end = '2019-12-28';".to_string(),
            format!("SELECT \"{long}\" FROM \"total_goodwill_by_period_tbl0f5c1\" WHERE period_end LIKE '%12%';"),
            "SELECT COUNT(*) AS a_long_alias_longer_than_thirty_two_bytes FROM total_goodwill_by_period_tbl0f5c1 ORDER BY a_long_alias_longer_than_thirty_two_bytes;".to_string(),
        ] {
            let mut m = g.matcher();
            for (i, &b) in sql.as_bytes().iter().enumerate() {
                assert!(!dead_end(&m), "dead end after {:?}", &sql[..i]);
                assert!(m.push(b), "{:?} refused after {:?}", b as char, &sql[..i]);
            }
            assert!(m.is_complete(), "{sql}");
        }
        assert!(!prefix_ok(&g, &format!("SELECT {long}")), "an 80-byte name is written quoted");
        // Random walks over the bytes the matcher allows never get stuck.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            let mut m = g.matcher();
            for _ in 0..300 {
                if m.is_complete() {
                    break;
                }
                let allowed: Vec<u8> = (0..=255u8).filter(|&b| m.clone().push(b)).collect();
                assert!(!allowed.is_empty(), "stuck at {} bytes", m.len);
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                assert!(m.push(allowed[(seed % allowed.len() as u64) as usize]));
            }
        }
    }

    #[test]
    fn the_completion_finishes_any_prefix_into_a_whole_statement() {
        let g = grammar();
        for prefix in [
            "SELECT COUNT(*) FROM results_ab12 WHERE (Team = 'Chi",
            "SELECT \"Coa",
            "SELECT Year FROM results_ab12 WHERE Team LIKE '%fi",
            "SELECT Year FROM results_ab12 WHERE Points > 2.",
            "SELECT Year FROM results_ab12 WHERE Team = 'O'",
            "SELECT Year FROM resu",
            "SEL",
            "SELECT Year FROM results_ab12 ORD",
        ] {
            let mut m = g.matcher();
            assert!(m.push_bytes(prefix.as_bytes()), "{prefix}");
            let tail = m.completion();
            assert!(m.push_bytes(&tail) && m.is_complete(), "{prefix} + {:?}", String::from_utf8_lossy(&tail));
        }
    }
}
