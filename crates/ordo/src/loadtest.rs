//! `ordo loadtest`: real WebSocket clients playing random legal decisions against a server.

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::Context;
use clap::Args;
use futures_util::{SinkExt, StreamExt};
use ordo_core::GameRng;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// Options of `ordo loadtest`.
#[derive(Args, Debug)]
pub(crate) struct LoadtestArgs {
    /// Server base URL (loopback only), e.g. `http://127.0.0.1:8080`.
    #[arg(long)]
    url: String,
    /// Tables to create (two human seats each).
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// WebSocket clients (spread over the tables' seats).
    #[arg(long, default_value_t = 200)]
    clients: usize,
    /// Seconds of load.
    #[arg(long, default_value_t = 10.0)]
    seconds: f64,
    /// Mean thinking time of a client before each decision, milliseconds (each pause is drawn
    /// uniformly from half to one and a half times this). 0: decide at once, saturating the
    /// server.
    #[arg(long, default_value_t = 0)]
    think_ms: u64,
    /// Seconds at the start (clients connecting, the first burst of decisions) left out of the
    /// figures; the load runs for `--seconds` after it.
    #[arg(long, default_value_t = 0.0)]
    warmup: f64,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

/// Host and port of an `http://host:port` URL on the loopback interface.
fn host_port(url: &str) -> anyhow::Result<(String, u16)> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| anyhow::anyhow!("the URL must start with http://"))?;
    let hostport = rest.split('/').next().unwrap_or(rest);
    let (host, port) = hostport
        .rsplit_once(':')
        .ok_or_else(|| anyhow::anyhow!("the URL needs a port"))?;
    let ip: std::net::IpAddr = if host == "localhost" {
        [127, 0, 0, 1].into()
    } else {
        host.parse()?
    };
    anyhow::ensure!(ip.is_loopback(), "load is only sent to loopback addresses");
    Ok((host.to_string(), port.parse()?))
}

async fn post_json(client: &reqwest::Client, url: &str, body: &Value) -> anyhow::Result<Value> {
    let answer = client
        .post(url)
        .json(body)
        .send()
        .await
        .with_context(|| format!("POST {url} (is `ordo serve` running there?)"))?;
    answer
        .json()
        .await
        .with_context(|| format!("the answer to POST {url} is not JSON"))
}

/// The server's own counters, read from its `/metrics`.
#[derive(Clone, Copy, Debug)]
struct ServerCounters {
    /// CPU time the server process has used, seconds.
    cpu_seconds: f64,
    /// Decisions the server has stored.
    decisions: f64,
}

/// Reads `/metrics`.
///
/// # Errors
/// No answer, or an answer without the process CPU time or the decision counter.
async fn server_counters(client: &reqwest::Client, base: &str) -> anyhow::Result<ServerCounters> {
    let url = format!("{base}/metrics");
    let text = client
        .get(&url)
        .send()
        .await
        .with_context(|| format!("GET {url}"))?
        .text()
        .await?;
    let value = |name: &str| -> anyhow::Result<f64> {
        text.lines()
            .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
            .with_context(|| format!("{url} does not report `{name}`"))
    };
    Ok(ServerCounters {
        cpu_seconds: value("process_cpu_seconds_total")?,
        decisions: value("ordo_decisions_total")?,
    })
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

pub(crate) fn run(args: &LoadtestArgs) -> anyhow::Result<ExitCode> {
    let (host, port) = host_port(&args.url)?;
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    rt.block_on(load(args, host, port))
}

async fn load(args: &LoadtestArgs, host: String, port: u16) -> anyhow::Result<ExitCode> {
    let base = format!("http://{host}:{port}");
    let client = reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()?;
    // Fails here, before any load, when the server does not report what is measured.
    server_counters(&client, &base).await?;
    let create = json!({"game": "crusaders", "config": {"players": 2}, "seats": [{"kind": "human"}, {"kind": "human"}]});
    let tables_url = format!("{base}/api/tables");
    let mut seats: Vec<(String, String)> = Vec::new();
    for _ in 0..args.tables {
        let created = post_json(&client, &tables_url, &create).await?;
        anyhow::ensure!(
            created["code"] != "request/rate_limited",
            "the server limits requests per address; start it with `--ip-limit off` for load tests"
        );
        let id = created["id"]
            .as_str()
            .ok_or_else(|| anyhow::anyhow!("no table id: {created}"))?
            .to_string();
        for t in created["tokens"].as_array().into_iter().flatten() {
            if let Some(t) = t.as_str() {
                seats.push((id.clone(), t.to_string()));
            }
        }
    }
    anyhow::ensure!(!seats.is_empty(), "no seats created");
    let decisions = Arc::new(AtomicU64::new(0));
    let errors = Arc::new(AtomicU64::new(0));
    let throttled = Arc::new(AtomicU64::new(0));
    let connected = Arc::new(AtomicU64::new(0));
    let refused: Arc<Mutex<Option<String>>> = Arc::default();
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let warmup = Duration::from_secs_f64(args.warmup.clamp(0.0, 3600.0));
    let start = Instant::now() + warmup;
    let deadline = start + Duration::from_secs_f64(args.seconds.max(0.5));
    let mut tasks = Vec::new();
    for c in 0..args.clients.max(1) {
        let (id, token) = seats[c % seats.len()].clone();
        let url = format!("ws://{host}:{port}/api/tables/{id}/ws?token={token}");
        let (decisions, errors, latencies) = (decisions.clone(), errors.clone(), latencies.clone());
        let throttled = throttled.clone();
        let (connected, refused) = (connected.clone(), refused.clone());
        let think_ms = args.think_ms;
        tasks.push(tokio::spawn(async move {
            let mut ws = match tokio_tungstenite::connect_async(&url).await {
                Ok((ws, _)) => ws,
                Err(e) => {
                    if let Ok(mut r) = refused.lock() {
                        r.get_or_insert_with(|| e.to_string());
                    }
                    return;
                }
            };
            connected.fetch_add(1, Ordering::Relaxed);
            let mut rng = GameRng::from_seed(c as u64);
            let mut sent: Option<(String, Instant)> = None;
            let mut n = 0u64;
            let mut snap = Value::Null;
            while Instant::now() < deadline {
                let Ok(Some(Ok(msg))) = tokio::time::timeout_at(deadline.into(), ws.next()).await else { break };
                let Ok(text) = msg.to_text() else { continue };
                let Ok(v) = serde_json::from_str::<Value>(text) else { continue };
                match v["type"].as_str() {
                    kind @ Some("snapshot" | "patch") => {
                        if kind == Some("snapshot") {
                            snap = v;
                        } else if v["base"] == snap["version"] {
                            ordo_server::delta::merge_apply(&mut snap, &v["patch"]);
                        } else {
                            // A gap: ask for the whole snapshot again.
                            let _ = ws.send(Message::Text(json!({"type": "resync"}).to_string().into())).await;
                            continue;
                        }
                        if sent.is_some() {
                            continue;
                        }
                        let legal = snap["legal"].as_array().cloned().unwrap_or_default();
                        if legal.is_empty() {
                            continue;
                        }
                        if think_ms > 0 {
                            let pause = think_ms / 2 + rng.below(u32::try_from(think_ms).unwrap_or(u32::MAX).max(1)) as u64;
                            tokio::time::sleep(Duration::from_millis(pause)).await;
                        }
                        let a = &legal[rng.index(legal.len())]["action"];
                        n += 1;
                        let msg_id = format!("{c}-{n}");
                        let out = json!({"type": "action", "id": msg_id, "version": snap["version"], "action": a});
                        if ws.send(Message::Text(out.to_string().into())).await.is_err() {
                            break;
                        }
                        sent = Some((msg_id, Instant::now()));
                    }
                    Some("ack") => {
                        if let Some((_, t)) = sent.take().filter(|(_, t)| *t >= start) {
                            decisions.fetch_add(1, Ordering::Relaxed);
                            if let Ok(mut l) = latencies.lock() {
                                l.push(t.elapsed().as_secs_f64() * 1000.0);
                            }
                        }
                    }
                    Some("error") => {
                        // Stale decisions (the other seat moved first) are expected; ask again.
                        sent = None;
                        if v["code"] == "request/rate_limited" {
                            // Over the server's per-connection limit: wait for the next window.
                            throttled.fetch_add(1, Ordering::Relaxed);
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        } else if v["code"] != "action/stale_version" {
                            errors.fetch_add(1, Ordering::Relaxed);
                        }
                        let _ = ws.send(Message::Text(json!({"type": "resync"}).to_string().into())).await;
                    }
                    _ => {}
                }
            }
            let _ = ws.close(None).await;
        }));
    }
    // The server's counters at the start of the measured window and at its end.
    let window = {
        let (client, base) = (client.clone(), base.clone());
        tokio::spawn(async move {
            tokio::time::sleep_until(start.into()).await;
            let first = server_counters(&client, &base).await;
            tokio::time::sleep_until(deadline.into()).await;
            let last = server_counters(&client, &base).await;
            (first, last)
        })
    };
    for t in tasks {
        let _ = t.await;
    }
    let (first, last) = window.await?;
    let (first, last) = (first?, last?);
    let clients = args.clients.max(1) as u64;
    let opened = connected.load(Ordering::Relaxed);
    if opened < clients {
        let why = refused
            .lock()
            .ok()
            .and_then(|r| r.clone())
            .unwrap_or_else(|| "no reason given".into());
        anyhow::bail!(
            "only {opened} of {clients} WebSocket clients could connect (first refusal: {why}); \
             the figures would describe fewer clients than asked for. A server limits connections \
             per address unless started with `--ip-limit off`"
        );
    }
    let server_decisions = (last.decisions - first.decisions).max(0.0);
    let cpu_ms_per_decision = if server_decisions > 0.0 {
        (last.cpu_seconds - first.cpu_seconds) * 1000.0 / server_decisions
    } else {
        f64::NAN
    };
    let elapsed = Instant::now()
        .saturating_duration_since(start)
        .as_secs_f64()
        .max(1e-3);
    let mut lat = latencies.lock().map(|l| l.clone()).unwrap_or_default();
    lat.sort_by(f64::total_cmp);
    let total = decisions.load(Ordering::Relaxed);
    let out = json!({
        "url": args.url,
        "tables": args.tables,
        "clients": args.clients,
        "think_ms": args.think_ms,
        "warmup": args.warmup,
        "seconds": elapsed,
        "decisions": total,
        "decisions_per_sec": total as f64 / elapsed,
        "latency_ms_p50": percentile(&lat, 0.50),
        "latency_ms_p95": percentile(&lat, 0.95),
        "latency_ms_p99": percentile(&lat, 0.99),
        "errors": errors.load(Ordering::Relaxed),
        "throttled": throttled.load(Ordering::Relaxed),
        "connected": opened,
        "server_decisions": server_decisions,
        "server_cpu_seconds": last.cpu_seconds - first.cpu_seconds,
        "server_cpu_ms_per_decision": cpu_ms_per_decision,
    });
    if args.json {
        println!("{out}");
    } else {
        println!(
            "{opened} clients; {} decisions in {:.1}s = {:.0}/s; latency p50 {:.2} ms, p95 {:.2} ms, p99 {:.2} ms; server CPU {:.3} ms per decision; {} errors",
            total,
            elapsed,
            total as f64 / elapsed,
            percentile(&lat, 0.50),
            percentile(&lat, 0.95),
            percentile(&lat, 0.99),
            cpu_ms_per_decision,
            errors.load(Ordering::Relaxed)
        );
    }
    Ok(ExitCode::SUCCESS)
}
