//! Every endpoint of the real API, generated from `spec/` by the `generate!` macro and
//! implemented by stubs (`handlers.rs`, written by `benches/scripts/whole-api-spec.py`).
//! Building this crate is the benchmark of what generated code costs to build; run
//! without arguments, it only builds the router.
//!
//! `whole-api --routing` is the benchmark of what a large route table costs a request: the
//! same request (`GET /accounts/42`, anonymous, through the route table, the conventions,
//! the account's resolver and the 404 it answers) to this 320-route service and to a
//! 2-route one (`spec-two/`: the same conventions and two of these endpoints), in process
//! on a current-thread runtime, in paired rounds; it prints each round's nanoseconds per
//! request and the median ratio. `--only 320|2 --requests N` serves one table only, for an
//! instruction count under callgrind (see benches/GENERATOR.md).

use std::process::ExitCode;
use std::time::Instant;

use restspec_runtime::Settings;

mod api {
    restspec_runtime::generate!(pub mod generated = "spec");
    pub use generated::*;
}
mod two {
    restspec_runtime::generate!(pub mod generated = "spec-two");
    pub use generated::*;
}
mod handlers;
mod two_handlers;

/// The request both services answer.
const PATH: &str = "/accounts/42";

/// Serves `count` requests for [`PATH`] with `service`; answers the last status.
///
/// Not inlined, so that callgrind can count inside it alone (`--toggle-collect`).
#[inline(never)]
fn serve_requests<P, A>(
    runtime: &tokio::runtime::Runtime,
    service: &restspec_runtime::Service<P, A>,
    count: u32,
) -> u16
where
    P: restspec_runtime::Api,
    A: restspec_runtime::Authenticator,
{
    runtime.block_on(async {
        let mut status = 0;
        for _ in 0..count {
            let request = restspec_runtime::http::Request::get(PATH)
                .body(restspec_runtime::Body::default())
                .unwrap_or_default();
            let response = service.handle(request).await;
            status = response.status().as_u16();
            std::hint::black_box(response);
        }
        status
    })
}

/// Nanoseconds per request of `count` requests.
fn time_requests<P, A>(
    runtime: &tokio::runtime::Runtime,
    service: &restspec_runtime::Service<P, A>,
    count: u32,
) -> f64
where
    P: restspec_runtime::Api,
    A: restspec_runtime::Authenticator,
{
    let started = Instant::now();
    let status = serve_requests(runtime, service, count);
    let elapsed = started.elapsed();
    assert_eq!(status, 404, "both tables answer the resolver's 404");
    elapsed.as_nanos() as f64 / f64::from(count)
}

fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

fn routing(args: &[String]) -> ExitCode {
    let value = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let requests: u32 = value("--requests").map_or(200_000, |n| n.parse().unwrap_or(200_000));
    let rounds: usize = value("--rounds").map_or(9, |n| n.parse().unwrap_or(9));
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("whole-api: cannot start a runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    let large = api::router(handlers::Stub, Settings::default());
    let small = two::router(two_handlers::TwoStub, Settings::default());
    match value("--only").as_deref() {
        Some("320") => {
            println!("status {}", serve_requests(&runtime, &large, requests));
            return ExitCode::SUCCESS;
        }
        Some("2") => {
            println!("status {}", serve_requests(&runtime, &small, requests));
            return ExitCode::SUCCESS;
        }
        Some(other) => {
            eprintln!("whole-api: --only takes 320 or 2, not {other}");
            return ExitCode::FAILURE;
        }
        None => {}
    }
    println!(
        "GET {PATH}: {} and {} endpoints, {requests} requests a table a round",
        api::SERVICE.endpoints.len(),
        two::SERVICE.endpoints.len()
    );
    // Warm both (allocator, caches, the endpoints' buffers).
    time_requests(&runtime, &large, requests / 10);
    time_requests(&runtime, &small, requests / 10);
    println!("| round | 320 routes (ns/request) | 2 routes (ns/request) | ratio |");
    println!("|---|---|---|---|");
    let mut ratios = Vec::with_capacity(rounds);
    for round in 1..=rounds {
        // Alternate which goes first, so that drift favours neither.
        let (large_ns, small_ns) = if round % 2 == 1 {
            let l = time_requests(&runtime, &large, requests);
            (l, time_requests(&runtime, &small, requests))
        } else {
            let s = time_requests(&runtime, &small, requests);
            (time_requests(&runtime, &large, requests), s)
        };
        let ratio = large_ns / small_ns;
        ratios.push(ratio);
        println!("| {round} | {large_ns:.0} | {small_ns:.0} | {ratio:.3} |");
    }
    println!("median ratio (320 / 2): {:.3}", median(&mut ratios));
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|a| a == "--routing") {
        return routing(&args);
    }
    let router = api::router(handlers::Stub, Settings::default());
    std::hint::black_box(router);
    println!("{}: router built", api::SERVICE.name);
    ExitCode::SUCCESS
}
