//! No input makes the generator panic: thousands of mutated copies of the real specs go
//! through reading, validation and (when valid) emission. Deterministic, so a failure
//! reproduces; bounded, so it stays a test rather than a fuzzing campaign.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use restspec_tests::spec_sources::spec_sources;

/// xorshift64: a fixed sequence, no dependency.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

const FRAGMENTS: &[&str] = &[
    "{", "}", "[", "]", ":", "- ", "\"", "'", "\t", "*a", "&a ", "!!str ", "\n", "  ", "{x}", "/",
    "//", "~", "null", "<", ">", "list<", "map<>", "é", "\u{0}", "---\n", "? ", "#",
];

fn mutate(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 if !chars.is_empty() => {
                let end = (at + rng.below(40)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 => {
                let fragment = FRAGMENTS[rng.below(FRAGMENTS.len())];
                chars.splice(at..at, fragment.chars());
            }
            2 => {
                let lines: Vec<&str> = text.lines().collect();
                let line = lines.get(rng.below(lines.len())).copied().unwrap_or("");
                let copy: Vec<char> = format!("{line}\n").chars().collect();
                chars.splice(at..at, copy);
            }
            3 => chars.truncate(at),
            _ => {
                let other = rng.below(chars.len() + 1);
                if at < chars.len() && other < chars.len() {
                    chars.swap(at, other);
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn mutated_specs_never_panic_the_generator() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut specs = vec![spec_sources(&root.join("../spec"))];
    for dir in restspec_tests::SPEC_DIRS {
        specs.push(spec_sources(&root.join(dir)));
    }
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let (mut valid, mut invalid) = (0, 0);
    for round in 0..3000 {
        let mut spec = specs[round % specs.len()].clone();
        let file = rng.below(spec.len());
        spec[file].text = mutate(&spec[file].text, &mut rng);
        let outcome = catch_unwind(AssertUnwindSafe(
            || match restspec_codegen::Loader::sources(spec.clone()).load() {
                Ok(loaded) => {
                    let code = loaded.file(restspec_codegen::Outputs::SERVER);
                    assert!(code.contains("pub fn router"));
                    true
                }
                Err(errors) => {
                    assert!(!errors.diagnostics.is_empty(), "a failure always says why");
                    for d in &errors.diagnostics {
                        assert!(!d.message.is_empty());
                    }
                    false
                }
            },
        ));
        match outcome {
            Ok(true) => valid += 1,
            Ok(false) => invalid += 1,
            Err(_) => panic!(
                "round {round}: the generator panicked on this mutation of {}:\n{}",
                spec[file].display.display(),
                spec[file].text
            ),
        }
    }
    assert!(
        invalid > 500,
        "mutations mostly break specs ({invalid} invalid)"
    );
    assert!(valid > 100, "and some stay valid ({valid} valid)");
}
