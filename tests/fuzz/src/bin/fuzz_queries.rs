//! AFL target: [`restspec_fuzz::queries`].

fn main() {
    afl::fuzz!(|data: &[u8]| restspec_fuzz::queries(data));
}
