//! Fuzzing on the stable toolchain: every saved crashing input under
//! `fuzz/regressions/` (kept from cargo-fuzz runs) must run without a
//! panic, and a seeded mutation loop over the sample files (byte flips,
//! truncations, splices, inserted junk) drives every loader and the action
//! parser through `aurag_eval::fuzz`, which calls them without the panic guard.
//! Deep runs: `bash scripts/fuzz.sh` (cargo-fuzz, nightly).

use crate::common;

use aurag_eval::fuzz::{load_any, load_bytes, parse_actions, EXTENSIONS};

#[test]
fn saved_crashing_inputs_no_longer_crash() {
    let root = common::repo().join("fuzz/regressions");
    let mut n = 0;
    for (dir, f) in [("ingest", load_any as fn(&[u8]) -> usize), ("actions", parse_actions)] {
        for e in std::fs::read_dir(root.join(dir)).unwrap().flatten() {
            if e.file_name() == ".gitkeep" {
                continue;
            }
            f(&std::fs::read(e.path()).unwrap());
            n += 1;
        }
    }
    // The saved inputs are what this test is for: an empty folder (a bad
    // checkout, a rename) must fail it, not pass it.
    assert!(n >= 1, "no saved fuzz inputs under {}", root.display());
    eprintln!("{n} saved inputs ran");
}

/// The crate's seeded generator, with indices as `usize`.
struct Rng(aurag_testkit::Rng);
impl Rng {
    fn new(seed: u64) -> Self {
        Rng(aurag_testkit::Rng::new(seed))
    }
    fn next(&mut self) -> u64 {
        self.0.next_u64()
    }
    fn below(&mut self, n: usize) -> usize {
        self.0.below(n as u64) as usize
    }
}

fn mutate(r: &mut Rng, seed: &[u8]) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..1 + r.below(4) {
        match r.below(5) {
            0 if !b.is_empty() => {
                let i = r.below(b.len());
                b[i] ^= 1 << r.below(8);
            }
            1 if !b.is_empty() => b.truncate(r.below(b.len())),
            2 if !b.is_empty() => {
                let (i, len) = (r.below(b.len()), 1 + r.below(64));
                let junk: Vec<u8> = (0..len).map(|_| r.next() as u8).collect();
                b.splice(i..i, junk);
            }
            3 if b.len() > 2 => {
                let (a, c) = (r.below(b.len()), r.below(b.len()));
                let (lo, hi) = (a.min(c), a.max(c));
                let chunk = b[lo..hi].to_vec();
                let at = r.below(b.len());
                b.splice(at..at, chunk.into_iter().take(4096));
            }
            _ => {
                let i = r.below(b.len() + 1);
                let magic: [&[u8]; 6] = [b"\xff\xff\xff\xff", b"\x00\x00\x00\x00", b"9999999999", b"-1", b"\"", b"obj<<"];
                b.splice(i..i, magic[r.below(magic.len())].iter().copied());
            }
        }
    }
    b
}

#[test]
fn mutated_real_files_never_panic_a_loader() {
    let seeds: Vec<(&str, Vec<u8>)> = vec![
        ("pdf", std::fs::read(common::sample().join("annual_report_excerpt.pdf")).unwrap()),
        ("xlsx", std::fs::read(common::sample().join("financials.xlsx")).unwrap()),
        ("db", std::fs::read(common::sample().join("operations.db")).unwrap()),
        ("csv", b"Region,2019,2018\nEurope,\"1,210\",1175\nAsia,(12.5),$3\n\n,,\nTotal,=SUM(B2:B3),x\n".to_vec()),
        ("txt", "Revenue grew 10% in 2019.\n\nDr. Smith (CEO) said: \u{201c}costs fell\u{201d}. Page 2\u{c}Next.".as_bytes().to_vec()),
    ];
    // The harness really loads: every unmutated seed gives objects.
    for (ext, seed) in &seeds {
        assert!(load_bytes(ext, seed) > 0, "{ext} seed loads nothing");
    }
    let mut r = Rng::new(0x5EED_1234_ABCD_0001);
    let mut tried = 0;
    let mut loaded = 0;
    for (ext, seed) in &seeds {
        // The whole-file formats are slow to parse: fewer rounds.
        let rounds = if matches!(*ext, "pdf" | "xlsx" | "db") { 60 } else { 400 };
        for _ in 0..rounds {
            let m = mutate(&mut r, seed);
            loaded += load_bytes(ext, &m);
            // The same bytes under another extension.
            load_bytes(EXTENSIONS[r.below(EXTENSIONS.len())], &m);
            tried += 2;
        }
    }
    eprintln!("{tried} mutated inputs tried, {loaded} objects came out");
    assert!(loaded > 0, "some mutants still load");
}

#[test]
fn mutated_actions_and_guides_never_panic_the_parser() {
    let seeds: [&[u8]; 8] = [
        b"sentences t 0,1,2",
        b"cells t B2:C3",
        b"cells t 1,1;2,2",
        b"sql t SELECT * FROM x",
        br#"{"action":"SelectCoordinates","source":"t","selection":{"cells":[{"row":1,"col":1}]}}"#,
        br#"{"action":"SelectSentenceIdxs","source":"t","idxs":[0,4294967295]}"#,
        br#"{"id":"","question":"q","sources":[{"object_id":"t","content_type":"table","description":"","actions":[],"contexts":[]}],"author":"a","created_at":"x"}"#,
        b"cells t XFD1048576:A1",
    ];
    let mut r = Rng::new(0xAC71_0000_0000_0001);
    for _ in 0..3000 {
        let s = seeds[r.below(seeds.len())];
        parse_actions(&mutate(&mut r, s));
    }
    // What should parse does: a JSON action.
    assert!(parse_actions(br#"{"action":"Sql","source":"x","query":"SELECT 1"}"#) >= 1);
}
