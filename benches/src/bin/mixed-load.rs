//! A mixed read/write load on a running example service, for the load, storage and
//! crash tests: many connections, each a loop of requests for a bounded time; reports
//! requests/s and latency percentiles, counts error answers, and records every change a
//! `201 Created` acknowledged, so that a later `--verify` can check each is still there.
//!
//! ```text
//! mixed-load --url http://127.0.0.1:8080 --connections 1000 --seconds 10 --acked acked.txt
//! mixed-load --url http://127.0.0.1:8080 --verify acked.txt
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use clap::Parser;
use serde_json::Value;

/// Runs a mixed read/write load against the example service, or verifies its writes.
#[derive(Debug, Parser)]
#[command(name = "mixed-load")]
struct Cli {
    /// The service's base URL.
    #[arg(long, default_value = "http://127.0.0.1:8080")]
    url: String,
    /// The administrator's HTTP password.
    #[arg(long, default_value = "secret")]
    password: String,
    /// Concurrent connections (one client task each).
    #[arg(long, default_value_t = 64)]
    connections: usize,
    /// How long the load runs, in seconds.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Percent of requests that are writes (a new change each).
    #[arg(long, default_value_t = 20)]
    write_percent: u64,
    /// Where to append the number and subject of every acknowledged change.
    #[arg(long, value_name = "FILE")]
    acked: Option<PathBuf>,
    /// Instead of a load: check that every change listed in FILE exists with its subject.
    #[arg(long, value_name = "FILE")]
    verify: Option<PathBuf>,
    /// Do not fail on errors (connection refused while the service is being killed).
    #[arg(long)]
    tolerate_errors: bool,
}

/// What all tasks count together.
#[derive(Debug)]
struct Totals {
    answered: AtomicU64,
    errors: AtomicU64,
    /// 503 answers (the database away, for the fault tests).
    unavailable: AtomicU64,
    /// 5xx answers other than 503: the service failed.
    server_errors: AtomicU64,
    /// Every answer that was not a success, by status (400 to 599).
    by_status: Vec<AtomicU64>,
    failed_connections: AtomicU64,
}

impl Totals {
    fn new() -> Self {
        Totals {
            answered: AtomicU64::default(),
            errors: AtomicU64::default(),
            unavailable: AtomicU64::default(),
            server_errors: AtomicU64::default(),
            by_status: (400..600).map(|_| AtomicU64::default()).collect(),
            failed_connections: AtomicU64::default(),
        }
    }

    /// `401:3,503:12`: the errors by status, or `none`.
    fn error_statuses(&self) -> String {
        let counted: Vec<String> = (400u16..600)
            .zip(&self.by_status)
            .filter_map(|(status, count)| {
                let count = count.load(Ordering::Relaxed);
                (count > 0).then(|| format!("{status}:{count}"))
            })
            .collect();
        if counted.is_empty() {
            "none".to_owned()
        } else {
            counted.join(",")
        }
    }
}

#[tokio::main]
async fn main() -> ExitCode {
    let cli = Cli::parse();
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(usize::MAX)
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client");
    match &cli.verify {
        Some(file) => verify(&cli, &client, file).await,
        None => load(&cli, client).await,
    }
}

async fn load(cli: &Cli, client: reqwest::Client) -> ExitCode {
    let read_target = change_to_read(cli, &client).await;
    let totals = Arc::new(Totals::new());
    let deadline = Instant::now() + Duration::from_secs_f64(cli.seconds);
    let started = Instant::now();
    let mut tasks = Vec::with_capacity(cli.connections);
    for task in 0..cli.connections {
        let (client, totals) = (client.clone(), totals.clone());
        let (url, password, writes) = (cli.url.clone(), cli.password.clone(), cli.write_percent);
        tasks.push(tokio::spawn(async move {
            let mut latencies = Vec::new();
            let mut acked = Vec::new();
            let mut n: u64 = 0;
            while Instant::now() < deadline {
                n += 1;
                let write = (task as u64 * 7919 + n * 104_729) % 100 < writes;
                let begun = Instant::now();
                let request = if write {
                    client
                        .post(format!("{url}/a/changes/"))
                        .basic_auth("admin", Some(&password))
                        .json(&serde_json::json!({
                            "project": "All-Projects",
                            "branch": "master",
                            "subject": format!("load {task}-{n}"),
                        }))
                } else if n.is_multiple_of(2) {
                    client.get(format!("{url}/changes/{read_target}?pp=0"))
                } else {
                    client
                        .get(format!("{url}/a/accounts/self/detail?pp=0"))
                        .basic_auth("admin", Some(&password))
                };
                match request.send().await {
                    Ok(answer) => {
                        let status = answer.status();
                        let body = answer.bytes().await.unwrap_or_default();
                        latencies.push(begun.elapsed().as_micros() as u64);
                        totals.answered.fetch_add(1, Ordering::Relaxed);
                        if status == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                            totals.unavailable.fetch_add(1, Ordering::Relaxed);
                        } else if status.is_server_error() {
                            totals.server_errors.fetch_add(1, Ordering::Relaxed);
                        }
                        if let Some(count) = status
                            .as_u16()
                            .checked_sub(400)
                            .and_then(|i| totals.by_status.get(usize::from(i)))
                        {
                            count.fetch_add(1, Ordering::Relaxed);
                        }
                        if !status.is_success() {
                            totals.errors.fetch_add(1, Ordering::Relaxed);
                        } else if write && let Some(number) = change_number(&body) {
                            acked.push((number, format!("load {task}-{n}")));
                        }
                    }
                    Err(_) => {
                        totals.failed_connections.fetch_add(1, Ordering::Relaxed);
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            }
            (latencies, acked)
        }));
    }
    let mut latencies = Vec::new();
    let mut acked = Vec::new();
    for task in tasks {
        if let Ok((l, a)) = task.await {
            latencies.extend(l);
            acked.extend(a);
        }
    }
    let elapsed = started.elapsed().as_secs_f64();
    latencies.sort_unstable();
    let percentile = |p: f64| {
        latencies
            .get(((latencies.len() as f64 * p) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |&us| us as f64 / 1000.0)
    };
    let answered = totals.answered.load(Ordering::Relaxed);
    let errors = totals.errors.load(Ordering::Relaxed);
    let failed = totals.failed_connections.load(Ordering::Relaxed);
    let unavailable = totals.unavailable.load(Ordering::Relaxed);
    let server_errors = totals.server_errors.load(Ordering::Relaxed);
    let slowest = latencies.last().map_or(0.0, |&us| us as f64 / 1000.0);
    println!(
        "connections={} seconds={:.1} requests={answered} requests/s={:.0} p50={:.2}ms p99={:.2}ms slowest={slowest:.0}ms errors={errors} unavailable={unavailable} server_errors={server_errors} failed={failed} acked_writes={} error_statuses={}",
        cli.connections,
        elapsed,
        answered as f64 / elapsed,
        percentile(0.50),
        percentile(0.99),
        acked.len(),
        totals.error_statuses()
    );
    if let Some(file) = &cli.acked {
        let mut out = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .expect("the acked file");
        for (number, subject) in &acked {
            writeln!(out, "{number}\t{subject}").expect("written");
        }
    }
    if (errors > 0 || failed > 0 || answered == 0) && !cli.tolerate_errors {
        eprintln!("mixed-load: {errors} error answers, {failed} failed requests");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

/// A change the reads ask for, created before the load starts.
async fn change_to_read(cli: &Cli, client: &reqwest::Client) -> u64 {
    let answer = client
        .post(format!("{}/a/changes/", cli.url))
        .basic_auth("admin", Some(&cli.password))
        .json(
            &serde_json::json!({"project": "All-Projects", "branch": "master", "subject": "read by the load"}),
        )
        .send()
        .await
        .expect("the service answers");
    let body = answer.bytes().await.expect("a body");
    change_number(&body).expect("the change to read is created")
}

/// A JSON answer of the example, read after its `)]}'` line.
fn json(body: &[u8]) -> Option<Value> {
    let json = body.strip_prefix(b")]}'\n").unwrap_or(body);
    serde_json::from_slice(json).ok()
}

/// `_number` of a change in a JSON answer.
fn change_number(body: &[u8]) -> Option<u64> {
    json(body)?.get("_number")?.as_u64()
}

async fn verify(cli: &Cli, client: &reqwest::Client, file: &Path) -> ExitCode {
    let listed = std::fs::read_to_string(file).unwrap_or_default();
    let expected: Vec<(u64, String)> = listed
        .lines()
        .filter_map(|line| {
            let (number, subject) = line.split_once('\t')?;
            Some((number.parse().ok()?, subject.to_owned()))
        })
        .collect();
    let missing = Arc::new(AtomicU64::new(0));
    let mut tasks = Vec::new();
    for chunk in expected.chunks(expected.len().div_ceil(16).max(1)) {
        let (client, url, password) = (client.clone(), cli.url.clone(), cli.password.clone());
        let (chunk, missing) = (chunk.to_vec(), missing.clone());
        tasks.push(tokio::spawn(async move {
            for (number, subject) in chunk {
                let found = async {
                    let answer = client
                        .get(format!("{url}/a/changes/{number}?pp=0"))
                        .basic_auth("admin", Some(&password))
                        .send()
                        .await
                        .ok()?;
                    let body = answer.bytes().await.ok()?;
                    let change = json(&body)?;
                    (change.get("subject")?.as_str()? == subject).then_some(())
                };
                if found.await.is_none() {
                    eprintln!("mixed-load: acknowledged change {number} ({subject}) is missing");
                    missing.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let missing = missing.load(Ordering::Relaxed);
    println!("verified={} missing={missing}", expected.len());
    if missing == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
