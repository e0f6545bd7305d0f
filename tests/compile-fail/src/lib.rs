//! Nothing to link: the crate holds the trybuild cases under `ui/` (spec mistakes, each a
//! compile error naming file, line and field) and `ui-pass/` (generated code that compiles
//! without a warning), run by `tests/compile_fail.rs`.
