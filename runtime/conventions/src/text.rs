//! How a record holds its text and its lists: borrowed for ever in generated constants,
//! owned in the generator.

use crate::Credential;

/// The text a convention's record holds: `&'static str` (in generated constants, read
/// without allocating) or `String` (in the generator, which builds records from a spec).
/// It names the lists that go with it, so that a record holding a list of itself (keys
/// carried `together`) is one type on both sides.
pub trait Text: AsRef<str> + Sized {
    /// A list of names: `&'static [&'static str]`, or `Vec<String>`.
    type Names: AsRef<[Self]>;
    /// A list of credential places: `&'static [Credential]`, or `Vec<Credential<String>>`.
    type Places: AsRef<[Credential<Self>]>;
}

// For every lifetime, not only `'static`: the compiler checks that a request's future is
// `Send` with its lifetimes erased, and asks then for `&'_ str: Text`.
impl<'a> Text for &'a str {
    type Names = &'a [&'a str];
    type Places = &'a [Credential<&'a str>];
}

impl Text for String {
    type Names = Vec<String>;
    type Places = Vec<Credential<String>>;
}
