//! AFL target: [`restspec_fuzz::pipeline`].

fn main() {
    afl::fuzz!(|data: &[u8]| restspec_fuzz::pipeline(data));
}
