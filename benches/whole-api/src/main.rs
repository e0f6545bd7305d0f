//! Every endpoint of the real API, generated from `spec/` by the `generate!` macro and
//! implemented by stubs (`handlers.rs`, written by `benches/scripts/whole-api-spec.py`).
//! Building this crate is the benchmark; running it only builds the router.

mod api {
    restspec_runtime::generate!(pub mod generated = "spec");
    pub use generated::*;
}
mod handlers;

fn main() {
    let router = api::router(handlers::Stub, restspec_runtime::Settings::default());
    std::hint::black_box(router);
    println!("{}: router built", api::SERVICE.name);
}
