//! Measurement helpers for `aurag bench`: wall time, throughput and peak
//! resident memory of this process. Benchmarks print figures; no test asserts
//! on a timing.

use serde::Serialize;

/// Peak resident set size of this process in bytes (Linux `VmHWM`), if known.
pub fn peak_rss_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<u64>().ok())
        .map(|kb| kb * 1024)
}

/// Throughput of one ingestion run: the run's counters plus rates.
#[derive(Debug, Clone, Serialize)]
pub struct IngestFigures {
    #[serde(flatten)]
    pub stats: crate::workspace::IngestStats,
    pub failed: usize,
    pub seconds: f64,
    pub files_per_s: f64,
    pub pages_per_s: f64,
    pub rows_per_s: f64,
    pub peak_rss_mb: Option<f64>,
}

impl IngestFigures {
    pub fn from_report(r: &crate::workspace::IngestReport, seconds: f64) -> Self {
        let s = &r.stats;
        let per = |n: usize| if seconds > 0.0 { n as f64 / seconds } else { 0.0 };
        IngestFigures {
            stats: s.clone(),
            failed: r.failed.len(),
            seconds,
            files_per_s: per(s.files),
            pages_per_s: per(s.pages),
            rows_per_s: per(s.rows),
            peak_rss_mb: peak_rss_bytes().map(|b| b as f64 / (1024.0 * 1024.0)),
        }
    }
}
