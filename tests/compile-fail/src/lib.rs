//! Nothing to link: the crate holds the trybuild cases under `ui/` (spec mistakes, each a
//! compile error naming file, line and field), run by `tests/compile_fail.rs`, and under
//! `examples/` generated code that compiles without a warning (specs and handlers in
//! `pass/`), through each door.
