//! Schema-constrained decoding: a JSON schema, a byte-level matcher that
//! accepts exactly the prefixes of documents valid under it, and a token
//! trie that turns the matcher into a mask over a tokenizer's vocabulary.
//!
//! The sampler asks [`TokenTrie::allowed`] which tokens keep the output a
//! valid prefix and masks every other one, so whatever the model — even one
//! with random weights — the finished text parses into the requested Rust
//! type. The schema language is the small subset the agent needs: objects
//! with required fields in a fixed order, arrays with a maximum length,
//! strings with a maximum length, string enums, integers and booleans.
//! Output is compact JSON (no whitespace between tokens), which keeps the
//! matcher a plain pushdown automaton and the outputs short.
//!
//! The mask is computed by walking a trie of the vocabulary's byte strings
//! with the matcher: a prefix the matcher refuses prunes every token under
//! it, so a step costs the viable tokens, not the whole vocabulary.

use std::collections::HashMap;

/// A JSON schema in the subset constrained decoding supports.
#[derive(Debug, Clone, PartialEq)]
pub enum Schema {
    /// Every field required, written in this order.
    Object(Vec<(String, Schema)>),
    Array { items: Box<Schema>, max_items: usize },
    /// A string of at most `max_len` bytes of content.
    String { max_len: usize },
    /// One of these strings (at most 128).
    Enum(Vec<String>),
    /// An integer of at most `max_digits` digits, optionally negative.
    Integer { max_digits: usize },
    Boolean,
}

impl Schema {
    pub fn object(fields: &[(&str, Schema)]) -> Schema {
        Schema::Object(fields.iter().map(|(k, v)| (k.to_string(), v.clone())).collect())
    }
    pub fn array(items: Schema, max_items: usize) -> Schema {
        Schema::Array { items: Box::new(items), max_items }
    }
    pub fn string(max_len: usize) -> Schema {
        Schema::String { max_len }
    }
    pub fn one_of<S: AsRef<str>>(options: &[S]) -> Schema {
        Schema::Enum(options.iter().take(128).map(|s| s.as_ref().to_string()).collect())
    }
    pub fn integer() -> Schema {
        Schema::Integer { max_digits: 9 }
    }

    /// The schema as compiled for the matcher: literals precomputed.
    pub fn compile(&self) -> Compiled {
        Compiled { root: Node::of(self) }
    }
}

#[derive(Debug)]
enum Node {
    /// `lits[i]` is `{"name":` for the first field and `,"name":` after.
    Object { lits: Vec<String>, fields: Vec<Node> },
    Array { items: Box<Node>, max: usize },
    Str { max: usize },
    /// Quoted options, or bare ones for booleans.
    Choice { options: Vec<Vec<u8>> },
    Int { max: usize },
}

impl Node {
    fn of(s: &Schema) -> Node {
        match s {
            Schema::Object(fields) => Node::Object {
                lits: fields.iter().enumerate().map(|(i, (k, _))| format!("{}{}:", if i == 0 { "{" } else { "," }, serde_json::Value::String(k.clone()))).collect(),
                fields: fields.iter().map(|(_, v)| Node::of(v)).collect(),
            },
            Schema::Array { items, max_items } => Node::Array { items: Box::new(Node::of(items)), max: *max_items },
            Schema::String { max_len } => Node::Str { max: *max_len },
            Schema::Enum(options) => Node::Choice { options: options.iter().map(|o| serde_json::Value::String(o.clone()).to_string().into_bytes()).collect() },
            Schema::Integer { max_digits } => Node::Int { max: (*max_digits).clamp(1, 18) },
            Schema::Boolean => Node::Choice { options: vec![b"true".to_vec(), b"false".to_vec()] },
        }
    }
}

/// A compiled schema; matchers borrow it.
#[derive(Debug)]
pub struct Compiled {
    root: Node,
}

impl Compiled {
    pub fn matcher(&self) -> Matcher<'_> {
        Matcher { stack: vec![Frame::Value(&self.root)] }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Esc {
    None,
    /// After a backslash.
    Start,
    /// Inside a UTF-8 sequence: continuation bytes still due, and the range
    /// the next one must fall in (which excludes overlong forms and
    /// surrogates).
    Utf8 { left: u8, lo: u8, hi: u8 },
}

#[derive(Debug, Clone)]
enum Frame<'s> {
    /// The start of a value is expected.
    Value(&'s Node),
    /// These bytes must come next.
    Lit(&'s [u8], usize),
    /// The next field's literal (or `}`) is due.
    Object { lits: &'s [String], fields: &'s [Node], next: usize },
    /// Just after `[`: an item or `]`.
    ArrayOpen { items: &'s Node, max: usize },
    /// After an item: `,` or `]`.
    ArrayNext { items: &'s Node, max: usize, count: usize },
    /// Inside a string's content.
    Str { len: usize, max: usize, esc: Esc },
    /// Part of one of the options has been written; `alive` marks the
    /// options still matching.
    Choice { options: &'s [Vec<u8>], pos: usize, alive: u128 },
    Int { digits: usize, max: usize, neg: bool, zero: bool },
}

/// A byte-level matcher of the prefixes of some language (a JSON schema's
/// documents, [`super::sql_grammar`]'s statements): what the token mask
/// ([`TokenTrie::allowed`]) and the sampler need of it.
pub trait Prefix: Clone {
    /// Feeds one byte; false when it cannot continue a valid prefix.
    fn push(&mut self, b: u8) -> bool;
    /// A whole document has been written; nothing more is accepted.
    fn is_complete(&self) -> bool;
    /// The shortest bytes that finish the document from here.
    fn completion(&self) -> Vec<u8>;
    /// Feeds bytes; false (with the matcher left in an unspecified state)
    /// when they cannot continue a valid prefix.
    fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| self.push(b))
    }
}

impl Prefix for Matcher<'_> {
    fn push(&mut self, b: u8) -> bool {
        Matcher::push(self, b)
    }
    fn is_complete(&self) -> bool {
        Matcher::is_complete(self)
    }
    fn completion(&self) -> Vec<u8> {
        Matcher::completion(self)
    }
}

/// Accepts, byte by byte, exactly the prefixes of compact JSON documents
/// valid under the schema. Cheap to clone.
#[derive(Debug, Clone)]
pub struct Matcher<'s> {
    stack: Vec<Frame<'s>>,
}

impl<'s> Matcher<'s> {
    /// The shortest bytes that finish the document from here: open strings,
    /// arrays and sequences closed, missing fields given their smallest
    /// values. A generation about to run out of tokens ends with these, so
    /// a constrained output always parses.
    pub fn completion(&self) -> Vec<u8> {
        let mut m = self.clone();
        let mut out = Vec::new();
        while let Some(top) = m.stack.last() {
            let b = match top {
                Frame::Value(Node::Object { fields, .. }) if fields.is_empty() => b'{',
                Frame::Value(Node::Object { lits, .. }) => lits[0].as_bytes()[0],
                Frame::Value(Node::Array { .. }) => b'[',
                Frame::Value(Node::Str { .. }) => b'"',
                Frame::Value(Node::Choice { options }) => options[0][0],
                Frame::Value(Node::Int { .. }) => b'0',
                Frame::Lit(s, pos) => s[*pos],
                Frame::Object { lits, fields, next } => {
                    if *next == fields.len() {
                        b'}'
                    } else {
                        lits[*next].as_bytes()[0]
                    }
                }
                Frame::ArrayOpen { .. } | Frame::ArrayNext { .. } => b']',
                Frame::Str { esc, .. } => match esc {
                    Esc::None => b'"',
                    Esc::Start => b'n',
                    Esc::Utf8 { lo, .. } => *lo,
                },
                Frame::Choice { options, pos, alive } => {
                    let i = (0..options.len().min(128)).find(|i| alive >> i & 1 == 1).unwrap_or(0);
                    options[i][*pos]
                }
                // Digits written: the number may end here; none: write one.
                Frame::Int { digits: 0, .. } => b'0',
                Frame::Int { .. } => {
                    m.stack.pop();
                    continue;
                }
            };
            if !m.push(b) {
                break;
            }
            out.push(b);
        }
        out
    }

    /// A whole document has been written; nothing more is accepted.
    pub fn is_complete(&self) -> bool {
        self.stack.is_empty()
    }

    /// Feeds bytes; false (with the matcher left in an unspecified state)
    /// when they cannot continue a valid document.
    pub fn push_bytes(&mut self, bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| self.push(b))
    }

    /// Feeds one byte.
    pub fn push(&mut self, b: u8) -> bool {
        loop {
            let Some(top) = self.stack.last_mut() else { return false };
            match top {
                Frame::Value(node) => {
                    let node: &'s Node = node;
                    self.stack.pop();
                    match node {
                        Node::Object { lits, fields } => {
                            if fields.is_empty() {
                                self.stack.push(Frame::Lit(b"{}", 0));
                            } else {
                                self.stack.push(Frame::Object { lits, fields, next: 0 });
                            }
                        }
                        Node::Array { items, max } => {
                            if b != b'[' {
                                return false;
                            }
                            self.stack.push(Frame::ArrayOpen { items, max: *max });
                            return true;
                        }
                        Node::Str { max } => {
                            if b != b'"' {
                                return false;
                            }
                            self.stack.push(Frame::Str { len: 0, max: *max, esc: Esc::None });
                            return true;
                        }
                        Node::Choice { options } => {
                            let alive = if options.len() >= 128 { u128::MAX } else { (1u128 << options.len()) - 1 };
                            self.stack.push(Frame::Choice { options, pos: 0, alive });
                        }
                        Node::Int { max } => self.stack.push(Frame::Int { digits: 0, max: *max, neg: false, zero: false }),
                    }
                }
                Frame::Lit(s, pos) => {
                    if s[*pos] != b {
                        return false;
                    }
                    *pos += 1;
                    if *pos == s.len() {
                        self.stack.pop();
                    }
                    return true;
                }
                Frame::Object { lits, fields, next } => {
                    let (lits, fields, i) = (*lits, *fields, *next);
                    self.stack.pop();
                    if i == fields.len() {
                        self.stack.push(Frame::Lit(b"}", 0));
                    } else {
                        self.stack.push(Frame::Object { lits, fields, next: i + 1 });
                        self.stack.push(Frame::Value(&fields[i]));
                        self.stack.push(Frame::Lit(lits[i].as_bytes(), 0));
                    }
                }
                Frame::ArrayOpen { items, max } => {
                    let (items, max) = (*items, *max);
                    self.stack.pop();
                    if b == b']' {
                        return true;
                    }
                    if max == 0 {
                        return false;
                    }
                    self.stack.push(Frame::ArrayNext { items, max, count: 1 });
                    self.stack.push(Frame::Value(items));
                }
                Frame::ArrayNext { items, max, count } => {
                    if b == b']' {
                        self.stack.pop();
                        return true;
                    }
                    if b == b',' && *count < *max {
                        *count += 1;
                        let items: &'s Node = items;
                        self.stack.push(Frame::Value(items));
                        return true;
                    }
                    return false;
                }
                Frame::Str { len, max, esc } => {
                    // Every raw byte counts toward the limit, so the decoded
                    // string is never longer than `max` bytes.
                    if *len >= *max && !(b == b'"' && *esc == Esc::None) {
                        return false;
                    }
                    match *esc {
                        Esc::Start => {
                            // No \u escapes: a lone surrogate would not parse,
                            // and UTF-8 can be written as it is.
                            if !matches!(b, b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') {
                                return false;
                            }
                            *esc = Esc::None;
                        }
                        Esc::Utf8 { left, lo, hi } => {
                            if !(lo..=hi).contains(&b) {
                                return false;
                            }
                            *esc = if left == 1 { Esc::None } else { Esc::Utf8 { left: left - 1, lo: 0x80, hi: 0xBF } };
                        }
                        Esc::None => match b {
                            b'"' => {
                                self.stack.pop();
                                return true;
                            }
                            0x00..=0x1F => return false,
                            0x20..=0x7F if b != b'\\' => {}
                            _ => {
                                // A sequence starts only if it fits whole.
                                let (next, extra) = match b {
                                    b'\\' => (Esc::Start, 1),
                                    0xC2..=0xDF => (Esc::Utf8 { left: 1, lo: 0x80, hi: 0xBF }, 1),
                                    0xE0 => (Esc::Utf8 { left: 2, lo: 0xA0, hi: 0xBF }, 2),
                                    0xED => (Esc::Utf8 { left: 2, lo: 0x80, hi: 0x9F }, 2),
                                    0xE1..=0xEF => (Esc::Utf8 { left: 2, lo: 0x80, hi: 0xBF }, 2),
                                    0xF0 => (Esc::Utf8 { left: 3, lo: 0x90, hi: 0xBF }, 3),
                                    0xF4 => (Esc::Utf8 { left: 3, lo: 0x80, hi: 0x8F }, 3),
                                    0xF1..=0xF3 => (Esc::Utf8 { left: 3, lo: 0x80, hi: 0xBF }, 3),
                                    _ => return false,
                                };
                                if *len + 1 + extra > *max {
                                    return false;
                                }
                                *esc = next;
                            }
                        },
                    }
                    *len += 1;
                    return true;
                }
                Frame::Choice { options, pos, alive } => {
                    let mut next = 0u128;
                    for (i, o) in options.iter().enumerate().take(128) {
                        if *alive >> i & 1 == 1 && o.get(*pos) == Some(&b) {
                            next |= 1 << i;
                        }
                    }
                    if next == 0 {
                        return false;
                    }
                    *pos += 1;
                    *alive = next;
                    // Options are prefix-free (quoted, or true/false), so a
                    // finished option ends the value.
                    let p = *pos;
                    if options.iter().enumerate().any(|(i, o)| next >> i & 1 == 1 && o.len() == p) {
                        self.stack.pop();
                    }
                    return true;
                }
                Frame::Int { digits, max, neg, zero } => {
                    if b == b'-' && *digits == 0 && !*neg {
                        *neg = true;
                        return true;
                    }
                    if b.is_ascii_digit() {
                        if *zero || *digits >= *max {
                            return false;
                        }
                        if *digits == 0 && b == b'0' {
                            *zero = true;
                        }
                        *digits += 1;
                        return true;
                    }
                    if *digits == 0 {
                        return false;
                    }
                    // The number ended; the byte belongs to what follows.
                    self.stack.pop();
                }
            }
        }
    }
}

/// The vocabulary as bytes, in a trie, for computing masks.
pub struct TokenTrie {
    nodes: Vec<TrieNode>,
    vocab: usize,
}

#[derive(Default)]
struct TrieNode {
    children: Vec<(u8, u32)>,
    tokens: Vec<u32>,
}

impl TokenTrie {
    /// `tokens[id]` is the byte string token `id` decodes to; `None` for
    /// special tokens, which constrained output never contains.
    pub fn new(tokens: &[Option<Vec<u8>>]) -> TokenTrie {
        let mut nodes = vec![TrieNode::default()];
        for (id, bytes) in tokens.iter().enumerate() {
            let Some(bytes) = bytes else { continue };
            if bytes.is_empty() {
                continue;
            }
            let mut at = 0usize;
            for &b in bytes {
                at = match nodes[at].children.iter().find(|c| c.0 == b) {
                    Some(&(_, n)) => n as usize,
                    None => {
                        nodes.push(TrieNode::default());
                        let n = nodes.len() - 1;
                        nodes[at].children.push((b, n as u32));
                        n
                    }
                };
            }
            nodes[at].tokens.push(id as u32);
        }
        TokenTrie { nodes, vocab: tokens.len() }
    }

    pub fn vocab_size(&self) -> usize {
        self.vocab
    }

    /// Every token whose bytes the matcher accepts from its current state.
    pub fn allowed<M: Prefix>(&self, m: &M) -> Vec<u32> {
        let mut out = Vec::new();
        let mut stack: Vec<(usize, M)> = vec![(0, m.clone())];
        while let Some((n, state)) = stack.pop() {
            for &(b, child) in &self.nodes[n].children {
                let mut s = state.clone();
                if s.push(b) {
                    out.extend_from_slice(&self.nodes[child as usize].tokens);
                    if !self.nodes[child as usize].children.is_empty() {
                        stack.push((child as usize, s));
                    }
                }
            }
        }
        out
    }
}

/// GPT-2's byte ↔ printable-character map used by byte-level BPE
/// vocabularies (Qwen, Llama 3): `char → byte`.
pub fn byte_level_decoder() -> HashMap<char, u8> {
    let mut bs: Vec<u32> = (b'!' as u32..=b'~' as u32).chain(0xA1..=0xAC).chain(0xAE..=0xFF).collect();
    let mut cs: Vec<u32> = bs.clone();
    let mut n = 0;
    for b in 0..256u32 {
        if !bs.contains(&b) {
            bs.push(b);
            cs.push(256 + n);
            n += 1;
        }
    }
    bs.into_iter().zip(cs).filter_map(|(b, c)| char::from_u32(c).map(|c| (c, b as u8))).collect()
}


#[cfg(test)]
mod tests {
    use super::*;

    fn judgment() -> Schema {
        Schema::object(&[("relevant", Schema::Boolean), ("reason", Schema::string(40))])
    }

    fn accepts(s: &Schema, text: &str) -> bool {
        let c = s.compile();
        let mut m = c.matcher();
        m.push_bytes(text.as_bytes()) && m.is_complete()
    }

    #[test]
    fn the_matcher_accepts_valid_documents_and_nothing_else() {
        let j = judgment();
        assert!(accepts(&j, r#"{"relevant":true,"reason":"the table has 2019"}"#));
        assert!(accepts(&j, r#"{"relevant":false,"reason":"quote \" and é"}"#));
        assert!(!accepts(&j, r#"{"relevant":false,"reason":"\ud83d"}"#), "no \\u escapes");
        let c = j.compile();
        let mut m = c.matcher();
        assert!(m.push_bytes(b"{\"relevant\":true,\"reason\":\"a"));
        assert!(!m.clone().push_bytes(&[0xC3, b'"']), "a cut UTF-8 sequence cannot end a string");
        assert!(!m.clone().push_bytes(&[0xED, 0xA0]), "no surrogates");
        assert!(m.push_bytes(&[0xC3, 0xA9, b'"', b'}']) && m.is_complete());
        assert!(!accepts(&j, r#"{"relevant":yes,"reason":""}"#));
        assert!(!accepts(&j, r#"{"reason":"","relevant":true}"#), "fields come in order");
        assert!(!accepts(&j, r#"{"relevant":true, "reason":""}"#), "compact only");
        assert!(!accepts(&j, r#"{"relevant":true,"reason":"this reason is far longer than forty bytes, so no"}"#));
        assert!(!accepts(&j, r#"{"relevant":true,"reason":"a"}x"#), "nothing after the document");
        let cells = Schema::object(&[("cells", Schema::array(Schema::array(Schema::integer(), 2), 3)), ("kind", Schema::one_of(&["table", "text"]))]);
        assert!(accepts(&cells, r#"{"cells":[[1,2],[0,-3]],"kind":"table"}"#));
        assert!(accepts(&cells, r#"{"cells":[],"kind":"text"}"#));
        assert!(!accepts(&cells, r#"{"cells":[[1,2,3]],"kind":"text"}"#), "max items");
        assert!(!accepts(&cells, r#"{"cells":[[01]],"kind":"text"}"#), "no leading zeros");
        assert!(!accepts(&cells, r#"{"cells":[],"kind":"tab"}"#));
        assert!(!accepts(&cells, r#"{"cells":[],"kind":"tables"}"#));
        assert!(accepts(&Schema::object(&[]), "{}"));
    }

    #[test]
    fn any_prefix_can_be_completed_into_a_valid_document() {
        let s = Schema::object(&[
            ("a", Schema::array(Schema::array(Schema::integer(), 2), 3)),
            ("b", Schema::one_of(&["table", "text"])),
            ("c", Schema::string(8)),
            ("d", Schema::Boolean),
        ]);
        let doc = r#"{"a":[[12,-3],[4]],"b":"text","c":"x\né","d":false}"#;
        let c = s.compile();
        for cut in 0..=doc.len() {
            let mut m = c.matcher();
            assert!(m.push_bytes(&doc.as_bytes()[..cut]), "prefix {cut}");
            let mut done = doc.as_bytes()[..cut].to_vec();
            done.extend(m.completion());
            let text = String::from_utf8(done).unwrap_or_else(|e| panic!("cut {cut}: {e}"));
            assert!(accepts(&s, &text), "cut {cut}: {text}");
            serde_json::from_str::<serde_json::Value>(&text).unwrap_or_else(|e| panic!("cut {cut}: {text}: {e}"));
        }
    }

    #[test]
    fn the_trie_masks_tokens_that_would_break_the_schema() {
        let vocab: Vec<Option<Vec<u8>>> = ["{\"", "relevant", "\":", "true", "tr", "ue", "false", ",\"", "reason", "\"", "ok", "}", " ", "x\"}", "yes", "\"x"]
            .iter()
            .map(|t| Some(t.as_bytes().to_vec()))
            .chain([None])
            .collect();
        let trie = TokenTrie::new(&vocab);
        let c = judgment().compile();
        let mut m = c.matcher();
        let names = |ids: Vec<u32>| {
            let mut v: Vec<&str> = ids.iter().map(|&i| std::str::from_utf8(vocab[i as usize].as_deref().unwrap()).unwrap()).collect();
            v.sort();
            v
        };
        assert_eq!(names(trie.allowed(&m)), ["{\""]);
        assert!(m.push_bytes(b"{\"relevant\":"));
        assert_eq!(names(trie.allowed(&m)), ["false", "tr", "true"]);
        assert!(m.push_bytes(b"true,\"reason\":\"ok"));
        // Inside a string any text goes, and a quote may close it only if
        // what follows the quote fits: `x"}` ends the document, `"x` cannot.
        let allowed = names(trie.allowed(&m));
        assert!(allowed.contains(&"\"") && allowed.contains(&"ok") && allowed.contains(&"x\"}") && allowed.contains(&"yes"), "{allowed:?}");
        assert!(!allowed.contains(&"\"x"), "{allowed:?}");
        assert!(m.push_bytes(b"\"}"));
        assert!(m.is_complete());
        assert!(trie.allowed(&m).is_empty());
    }

    #[test]
    fn byte_level_map_round_trips_every_byte() {
        let map = byte_level_decoder();
        assert_eq!(map.len(), 256);
        assert_eq!(map[&'\u{120}'], b' ');
        assert_eq!(map[&'a'], b'a');
    }
}
