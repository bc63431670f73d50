//! `/metrics`: counters, gauges and latency histograms through the `metrics` facade, rendered
//! by the Prometheus exporter.
//!
//! Each server state has its own recorder (not the process-wide one), so that several servers in
//! one process (the tests) count apart; the handles are registered once and are cheap to use.

use std::time::Instant;

use metrics::{Counter, Gauge, Histogram, Key, KeyName, Level, Metadata, Recorder, SharedString};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

/// Latency buckets, seconds: 20 µs to 2.5 s.
const BUCKETS: [f64; 16] = [
    0.000_02, 0.000_05, 0.000_1, 0.000_2, 0.000_5, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1,
    0.25, 0.5, 1.0, 2.5,
];

/// The server's metrics.
pub struct Metrics {
    handle: PrometheusHandle,
    /// Decisions accepted (durably stored).
    pub decisions: Counter,
    /// Decisions refused.
    pub refused: Counter,
    /// Tables created.
    pub tables_created: Counter,
    /// Open WebSocket connections.
    pub connections: Gauge,
    /// Seats handed to a stand-in because their clock ran out.
    pub timeouts: Counter,
    /// A decision from receipt to acknowledgement (parse, check, append, apply), seconds.
    pub decision_seconds: Histogram,
    /// The durable append of one log entry, seconds.
    pub append_seconds: Histogram,
    /// Building the shared snapshot or patch of one visibility class after a change, seconds.
    pub fanout_seconds: Histogram,
    /// Connections refused because the server held as many as allowed.
    pub connections_refused: Counter,
    /// Table creations refused by the caps on unfinished tables.
    pub tables_refused: Counter,
    /// Unfinished tables sent out of memory after a time without decisions (still stored).
    pub tables_evicted: Counter,
    /// Lobbies closed because nobody joined them in time.
    pub lobbies_expired: Counter,
    /// WebSocket connections closed for going over their message budget.
    pub ws_over_budget: Counter,
    /// Notification mails sent.
    pub mails_sent: Counter,
    /// Notification mails that could not be sent.
    pub mails_failed: Counter,
    /// Webhook calls delivered.
    pub webhooks_sent: Counter,
    /// Webhook calls given up after their retries.
    pub webhooks_failed: Counter,
    live_tables: Gauge,
    cpu_seconds: Gauge,
    resident_bytes: Gauge,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// A fresh set of metrics with its own recorder.
    pub fn new() -> Metrics {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &BUCKETS)
            .map_or_else(
                |_| PrometheusBuilder::new().build_recorder(),
                |b| b.build_recorder(),
            );
        let meta = Metadata::new(module_path!(), Level::INFO, Some(module_path!()));
        let describe = |name: &'static str, help: &'static str| {
            (KeyName::from_const_str(name), SharedString::const_str(help))
        };
        let counter = |name: &'static str, help: &'static str| {
            let (k, h) = describe(name, help);
            recorder.describe_counter(k, None, h);
            recorder.register_counter(&Key::from_static_name(name), &meta)
        };
        let gauge = |name: &'static str, help: &'static str| {
            let (k, h) = describe(name, help);
            recorder.describe_gauge(k, None, h);
            recorder.register_gauge(&Key::from_static_name(name), &meta)
        };
        let histogram = |name: &'static str, help: &'static str| {
            let (k, h) = describe(name, help);
            recorder.describe_histogram(k, None, h);
            recorder.register_histogram(&Key::from_static_name(name), &meta)
        };
        let m = Metrics {
            handle: recorder.handle(),
            decisions: counter("ordo_decisions_total", "Decisions accepted and stored."),
            refused: counter("ordo_decisions_refused_total", "Decisions refused."),
            tables_created: counter("ordo_tables_created_total", "Tables created."),
            connections: gauge("ordo_ws_connections", "Open WebSocket connections."),
            timeouts: counter(
                "ordo_clock_timeouts_total",
                "Seats handed to a stand-in when their clock ran out.",
            ),
            decision_seconds: histogram(
                "ordo_decision_seconds",
                "A decision from receipt to acknowledgement: parse, check, durable append, apply.",
            ),
            append_seconds: histogram(
                "ordo_append_seconds",
                "The durable append of one log entry.",
            ),
            fanout_seconds: histogram(
                "ordo_fanout_seconds",
                "Building the shared snapshot or patch of one visibility class after a change.",
            ),
            connections_refused: counter(
                "ordo_connections_refused_total",
                "Connections answered 503 because the server held as many as allowed.",
            ),
            tables_refused: counter(
                "ordo_tables_refused_total",
                "Table creations refused by the caps on unfinished tables.",
            ),
            tables_evicted: counter(
                "ordo_tables_evicted_total",
                "Tables sent out of memory (still stored; reloaded when asked for).",
            ),
            lobbies_expired: counter(
                "ordo_lobbies_expired_total",
                "Lobbies closed because nobody joined them in time.",
            ),
            ws_over_budget: counter(
                "ordo_ws_over_budget_total",
                "WebSocket connections closed for going over their message budget.",
            ),
            mails_sent: counter("ordo_mails_sent_total", "Notification mails sent."),
            mails_failed: counter(
                "ordo_mails_failed_total",
                "Notification mails the SMTP server did not take.",
            ),
            webhooks_sent: counter("ordo_webhooks_sent_total", "Webhook calls delivered."),
            webhooks_failed: counter(
                "ordo_webhooks_failed_total",
                "Webhook calls given up after their retries.",
            ),
            live_tables: gauge("ordo_tables_live", "Tables held in memory."),
            cpu_seconds: gauge(
                "process_cpu_seconds_total",
                "CPU time (user and system) the server process has used.",
            ),
            resident_bytes: gauge(
                "ordo_resident_memory_bytes",
                "Resident memory of the server process.",
            ),
        };
        // Counters appear from the start (at 0), not from their first increment.
        for c in [
            &m.decisions,
            &m.refused,
            &m.tables_created,
            &m.timeouts,
            &m.connections_refused,
            &m.tables_refused,
            &m.tables_evicted,
            &m.lobbies_expired,
            &m.ws_over_budget,
        ] {
            c.increment(0);
        }
        m.connections.set(0.0);
        m
    }

    /// The Prometheus text, with the process gauges read now.
    pub fn render(&self, live_tables: usize) -> String {
        self.live_tables.set(live_tables as f64);
        self.cpu_seconds.set(cpu_seconds());
        self.resident_bytes.set(resident_bytes() as f64);
        self.handle.render()
    }
}

/// Seconds since `start`, for a histogram.
pub(crate) fn since(start: Instant) -> f64 {
    start.elapsed().as_secs_f64()
}

/// CPU time (user + system, all threads) this process has used, seconds (Linux; 0 elsewhere).
pub fn cpu_seconds() -> f64 {
    // Fields 14 and 15 of /proc/self/stat, in clock ticks (USER_HZ, 100 per second on Linux).
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| {
            let rest = s.get(s.rfind(')')? + 1..)?;
            let f: Vec<&str> = rest.split_whitespace().collect();
            let ticks = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
            Some(ticks as f64 / 100.0)
        })
        .unwrap_or(0.0)
}

/// Resident memory of this process (Linux; 0 elsewhere).
pub fn resident_bytes() -> u64 {
    std::fs::read_to_string("/proc/self/statm")
        .ok()
        .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
        .map_or(0, |pages| pages * 4096)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_render_counters_gauges_and_histograms() {
        let m = Metrics::new();
        m.decisions.increment(3);
        m.decision_seconds.record(0.000_3);
        m.connections.increment(2.0);
        let text = m.render(5);
        for line in [
            "ordo_decisions_total 3",
            "ordo_decisions_refused_total 0",
            "ordo_tables_live 5",
            "ordo_ws_connections 2",
            "ordo_decision_seconds_bucket{le=\"0.0005\"} 1",
            "ordo_decision_seconds_count 1",
        ] {
            assert!(text.contains(line), "{line} missing:\n{text}");
        }
        assert!(text.contains("process_cpu_seconds_total "), "{text}");
        // Each state counts apart.
        assert!(Metrics::new().render(0).contains("ordo_decisions_total 0"));
    }
}
