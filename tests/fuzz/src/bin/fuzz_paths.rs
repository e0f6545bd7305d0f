//! AFL target: [`restspec_fuzz::paths`].

fn main() {
    afl::fuzz!(|data: &[u8]| restspec_fuzz::paths(data));
}
