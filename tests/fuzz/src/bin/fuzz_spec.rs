//! AFL target: [`restspec_fuzz::spec`].

fn main() {
    afl::fuzz!(|data: &[u8]| restspec_fuzz::spec(data));
}
