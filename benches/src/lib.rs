//! Benchmarks of a restspec-generated service against a hand-written axum service doing
//! the same work: the same data, the same password check, the same quota call, the same
//! bytes on the wire.
//!
//! - [`fixtures`]: the data and accounts both services are built from;
//! - [`quota`]: the quota call both make, through the runtime's quota extension point;
//! - [`generated`]: the service generated from `benches/spec/` (the only module that
//!   touches the generated API);
//! - [`handwritten`]: the same endpoints written by hand with axum.
//!
//! `benches/request_path.rs` measures both in process, `load.sh` over loopback, and
//! `tests/same_bytes.rs` checks they answer byte for byte alike.

pub mod fixtures;
pub mod generated;
pub mod handwritten;
pub mod quota;
