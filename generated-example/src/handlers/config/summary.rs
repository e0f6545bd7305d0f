//! `GET /config/server/summary`: the process's memory, threads and environment, read from
//! `/proc` where there is one (zeros elsewhere). There are no background tasks; `gc` has
//! nothing to collect.

use std::collections::BTreeMap;

use restspec_runtime::RequestContext;

use super::SERVER_VERSION;
use crate::api::ConfigSummaryHandlers;
use crate::api::{Error, options, types};
use crate::handlers::ReviewService;

/// A value of `/proc/self/status` or `/proc/meminfo` (`VmRSS:  1234 kB`), in bytes.
fn proc_kib(file: &str, key: &str) -> u64 {
    std::fs::read_to_string(file)
        .ok()
        .and_then(|text| {
            text.lines()
                .find_map(|line| line.strip_prefix(key)?.strip_prefix(':'))
                .and_then(|rest| rest.split_whitespace().next()?.parse::<u64>().ok())
        })
        .map_or(0, |kib| kib.saturating_mul(1024))
}

/// How many entries a `/proc` directory has (`fd`, `task`).
fn proc_count(dir: &str) -> i64 {
    std::fs::read_dir(dir).map_or(0, |entries| {
        i64::try_from(entries.count()).unwrap_or(i64::MAX)
    })
}

/// Bytes with the real service's unit abbreviations: `512`, `2.75k`, `341.06m`, `1.50g`.
fn bytes(value: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "g"), (1 << 20, "m"), (1 << 10, "k")];
    for (size, unit) in UNITS {
        if value >= size {
            // Two decimals without floating point: hundredths of the unit.
            let hundredths = value.saturating_mul(100) / size;
            return format!("{}.{:02}{unit}", hundredths / 100, hundredths % 100);
        }
    }
    value.to_string()
}

fn first_line(file: &str) -> Option<String> {
    std::fs::read_to_string(file)
        .ok()
        .and_then(|t| t.lines().next().map(str::to_owned))
}

fn jvm_summary() -> types::JvmSummaryInfo {
    let cwd = std::env::current_dir()
        .map(|d| d.display().to_string())
        .unwrap_or_default();
    types::JvmSummaryInfo {
        vm_vendor: "The Rust Project".into(),
        vm_name: "review-service (native)".into(),
        vm_version: SERVER_VERSION.into(),
        os_name: std::env::consts::OS.into(),
        os_version: first_line("/proc/sys/kernel/osrelease").unwrap_or_default(),
        os_arch: std::env::consts::ARCH.into(),
        user: std::env::var("USER").unwrap_or_default(),
        host: first_line("/proc/sys/kernel/hostname"),
        // Handlers do not know the site directory; the service runs from it when started
        // as documented.
        site: cwd.clone(),
        current_working_directory: cwd,
    }
}

#[allow(refining_impl_trait)]
impl ConfigSummaryHandlers for ReviewService {
    async fn get_summary(
        &self,
        _ctx: RequestContext<'_>,
        options: options::GetSummaryOptions,
    ) -> Result<types::SummaryInfo, Error> {
        let used = proc_kib("/proc/self/status", "VmRSS");
        let total = proc_kib("/proc/self/status", "VmHWM").max(used);
        let max = proc_kib("/proc/meminfo", "MemTotal").max(total);
        let threads = proc_count("/proc/self/task");
        let cpus =
            std::thread::available_parallelism().map_or(1, |n| i64::try_from(n.get()).unwrap_or(1));
        let open_files = proc_count("/proc/self/fd");
        Ok(types::SummaryInfo {
            task_summary: types::TaskSummaryInfo::default(),
            mem_summary: types::MemSummaryInfo {
                total: bytes(total),
                used: bytes(used),
                free: bytes(total - used),
                buffers: bytes(0),
                max: bytes(max),
                open_files: (open_files > 0).then_some(open_files),
            },
            thread_summary: types::ThreadSummaryInfo {
                cpus,
                threads,
                counts: BTreeMap::from([(
                    "Other".to_owned(),
                    BTreeMap::from([("RUNNABLE".to_owned(), threads)]),
                )]),
            },
            jvm_summary: options.jvm.unwrap_or(false).then(jvm_summary),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::bytes;

    #[test]
    fn bytes_use_unit_abbreviations() {
        assert_eq!(bytes(512), "512");
        assert_eq!(bytes(2816), "2.75k");
        assert_eq!(bytes(3 << 29), "1.50g");
    }
}
