//! The listener: every TCP (or TLS) connection served by hyper with a header-read timeout,
//! under a cap on open connections. Beyond the cap a connection is still answered, briefly:
//! `/healthz` and `/readyz` as usual, anything else `503` with the API's error body, and then
//! closed; past a small overflow allowance it is closed at once.

use std::convert::Infallible;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Request, Response, StatusCode};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tokio_rustls::rustls;
use tokio_rustls::TlsAcceptor;
use tower::ServiceExt;

use crate::error::ApiError;
use crate::state::AppState;

/// PEM files of a certificate chain and its private key.
#[derive(Clone, Debug)]
pub struct TlsFiles {
    /// The certificate chain (leaf first).
    pub cert: PathBuf,
    /// The private key (PKCS#8, PKCS#1 or SEC1).
    pub key: PathBuf,
}

/// How the listener serves connections.
#[derive(Clone, Debug)]
pub struct Listen {
    /// TLS, when set: every connection is HTTPS and responses carry HSTS.
    pub tls: Option<Arc<rustls::ServerConfig>>,
    /// Open connections served at most (beyond it: `503`).
    pub max_connections: usize,
    /// Time a client has to send a request's headers (and to finish a TLS handshake).
    pub header_timeout: Duration,
    /// Open connections one peer address may hold (`None`: no per-address cap). Trusted
    /// proxies are exempt: their connections carry many clients.
    pub max_per_address: Option<usize>,
    /// Peers exempt from the per-address cap.
    pub trusted_proxies: Vec<ipnet::IpNet>,
}

/// Open connections per peer address, each counted while it lives.
#[derive(Default)]
struct PerAddress(std::sync::Mutex<std::collections::BTreeMap<std::net::IpAddr, usize>>);

/// One counted connection of a peer address.
struct AddressSlot(Arc<PerAddress>, std::net::IpAddr);

impl PerAddress {
    fn take(this: &Arc<PerAddress>, ip: std::net::IpAddr, cap: usize) -> Option<AddressSlot> {
        let mut map = this.0.lock().ok()?;
        let n = map.entry(ip).or_insert(0);
        if *n >= cap {
            return None;
        }
        *n += 1;
        Some(AddressSlot(this.clone(), ip))
    }
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        if let Ok(mut map) = (self.0).0.lock() {
            if let Some(n) = map.get_mut(&self.1) {
                *n = n.saturating_sub(1);
                if *n == 0 {
                    map.remove(&self.1);
                }
            }
        }
    }
}

/// How long a connection beyond the cap may take to show its request line before it is
/// answered 503 (a health check sent at once is answered as usual).
const OVERFLOW_PEEK: Duration = Duration::from_millis(150);

/// Connections beyond the cap that are still answered (`503`, or the health checks) before
/// new ones are closed unanswered.
const OVERFLOW: usize = 64;

/// Descriptors kept free for the database, logs and the overflow answers.
const SPARE_FILES: u64 = 64 + OVERFLOW as u64;

/// Lifts the soft limit on open files to the hard limit and returns the connection cap that
/// fits under it (at most `wanted`).
pub fn fit_connection_cap(wanted: usize) -> usize {
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    let fits = usize::try_from(limit.saturating_sub(SPARE_FILES)).unwrap_or(usize::MAX);
    let cap = wanted.min(fits).max(1);
    if cap < wanted {
        tracing::warn!(
            wanted,
            cap,
            open_file_limit = limit,
            "connection cap lowered to fit the open-file limit"
        );
    }
    cap
}

/// Reads a certificate chain and key into a TLS configuration (HTTP/2 and HTTP/1.1 offered).
///
/// # Errors
/// A readable message naming the file that could not be used.
pub fn tls_config(files: &TlsFiles) -> Result<Arc<rustls::ServerConfig>, String> {
    use rustls_pki_types::pem::PemObject;
    use rustls_pki_types::{CertificateDer, PrivateKeyDer};
    let certs = CertificateDer::pem_file_iter(&files.cert)
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .map_err(|e| format!("certificate {}: {e}", files.cert.display()))?;
    if certs.is_empty() {
        return Err(format!(
            "certificate {}: no certificate in the file",
            files.cert.display()
        ));
    }
    let key = PrivateKeyDer::from_pem_file(&files.key)
        .map_err(|e| format!("private key {}: {e}", files.key.display()))?;
    // ring (no C build tools beyond a compiler); its key exchanges are the classic ones
    // (X25519, P-256, P-384), not the post-quantum hybrid of the aws-lc provider.
    #[allow(deprecated)]
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_no_client_auth()
        .with_single_cert(certs, key)
        .map_err(|e| format!("certificate and key do not fit together: {e}"))?;
    config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
    Ok(Arc::new(config))
}

/// Serves `app` on `listener` until `shutdown` completes, then stops accepting, tells the
/// state to finish its sessions and waits (at most 30 s) for open connections to end.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    state: AppState,
    listen: Listen,
    shutdown: impl Future<Output = ()>,
) {
    let max = listen.max_connections.max(1);
    let served = Arc::new(Semaphore::new(max));
    let overflow = Arc::new(Semaphore::new(OVERFLOW));
    let warned = Arc::new(AtomicU64::new(0));
    let per_address = Arc::new(PerAddress::default());
    let started = Instant::now();
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let acceptor = listen.tls.clone().map(TlsAcceptor::from);
    tokio::pin!(shutdown);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(e) => {
                    // Out of descriptors, say: wait a little rather than spin.
                    tracing::warn!(error = %e, "accept failed");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = tcp.set_nodelay(true);
        let ip = peer.ip();
        let slot = match listen.max_per_address {
            Some(cap) if !crate::edge::trusted(ip, &listen.trusted_proxies) => {
                match PerAddress::take(&per_address, ip, cap) {
                    Some(slot) => Some(slot),
                    None => {
                        state.metrics.connections_refused.increment(1);
                        drop(tcp);
                        continue;
                    }
                }
            }
            _ => None,
        };
        let (permit, over) = match served.clone().try_acquire_owned() {
            Ok(p) => (p, false),
            Err(_) => {
                state.metrics.connections_refused.increment(1);
                let now = started.elapsed().as_secs() + 1;
                let last = warned.load(Ordering::Relaxed);
                if (last == 0 || now >= last + 10)
                    && warned
                        .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                        .is_ok()
                {
                    tracing::warn!(
                        cap = max,
                        "connection cap reached: new connections are answered 503"
                    );
                }
                match overflow.clone().try_acquire_owned() {
                    Ok(p) => (p, true),
                    Err(_) => {
                        drop(tcp);
                        continue;
                    }
                }
            }
        };
        let service = connection_service(app.clone(), peer, acceptor.is_some(), over);
        let acceptor = acceptor.clone();
        let timeout = if over {
            Duration::from_secs(1)
        } else {
            listen.header_timeout
        };
        let stop = stop_rx.clone();
        tokio::spawn(async move {
            let _permit: OwnedSemaphorePermit = permit;
            let _slot = slot;
            if over && acceptor.is_none() && !asks_for_health(&tcp).await {
                answer_busy(tcp).await;
                return;
            }
            let conn = Conn {
                header_timeout: timeout,
                keep_alive: !over,
                stop,
            };
            match acceptor {
                None => conn.h1(tcp, service).await,
                Some(acceptor) => match tokio::time::timeout(timeout, acceptor.accept(tcp)).await {
                    Ok(Ok(tls)) => {
                        if tls.get_ref().1.alpn_protocol() == Some(b"h2") && !over {
                            conn.h2(tls, service).await;
                        } else {
                            conn.h1(tls, service).await;
                        }
                    }
                    Ok(Err(e)) => tracing::debug!(%peer, error = %e, "TLS handshake failed"),
                    Err(_) => tracing::debug!(%peer, "TLS handshake timed out"),
                },
            }
        });
    }
    drop(listener);
    state.begin_shutdown();
    let _ = stop_tx.send(true);
    // Every connection gives its permit back when it ends.
    let all = u32::try_from(max).unwrap_or(u32::MAX);
    if tokio::time::timeout(Duration::from_secs(30), served.acquire_many(all))
        .await
        .is_err()
    {
        tracing::warn!("connections still open after 30 s; stopping anyway");
    }
}

/// How one connection is served.
struct Conn {
    header_timeout: Duration,
    keep_alive: bool,
    stop: tokio::sync::watch::Receiver<bool>,
}

impl Conn {
    /// HTTP/1.1 (with upgrades to WebSocket): the header timeout runs from the connection's
    /// start and again while waiting for each next request.
    async fn h1<IO>(mut self, io: IO, service: ConnService)
    where
        IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let mut b = hyper::server::conn::http1::Builder::new();
        b.timer(TokioTimer::new())
            .header_read_timeout(self.header_timeout)
            .keep_alive(self.keep_alive);
        // hyper's own rejections (a request line that does not parse, say) get the API's body.
        let io = super::rejections::Rejections::new(io);
        let conn = b
            .serve_connection(TokioIo::new(io), service)
            .with_upgrades();
        tokio::pin!(conn);
        let ended = tokio::select! {
            r = conn.as_mut() => r,
            () = stopped(&mut self.stop) => {
                conn.as_mut().graceful_shutdown();
                conn.await
            }
        };
        if let Err(e) = ended {
            tracing::debug!(error = %e, "connection ended with an error");
        }
    }

    /// HTTP/2 (chosen by ALPN on TLS), with keep-alive pings.
    async fn h2<IO>(mut self, io: IO, service: ConnService)
    where
        IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
    {
        let mut b = hyper::server::conn::http2::Builder::new(TokioExecutor::new());
        b.timer(TokioTimer::new())
            .keep_alive_interval(Some(Duration::from_secs(30)))
            .keep_alive_timeout(Duration::from_secs(20));
        let conn = b.serve_connection(TokioIo::new(io), service);
        tokio::pin!(conn);
        let ended = tokio::select! {
            r = conn.as_mut() => r,
            () = stopped(&mut self.stop) => {
                conn.as_mut().graceful_shutdown();
                conn.await
            }
        };
        if let Err(e) = ended {
            tracing::debug!(error = %e, "connection ended with an error");
        }
    }
}

/// Completes when the server stops.
async fn stopped(stop: &mut tokio::sync::watch::Receiver<bool>) {
    let _ = stop.wait_for(|s| *s).await;
}

type ConnService = TowerToHyperService<
    tower::util::BoxCloneService<Request<Incoming>, Response<Body>, Infallible>,
>;

/// The router for one connection: the peer address for the extractors, HSTS on TLS, and for a
/// connection over the cap only the health checks.
fn connection_service(app: Router, peer: SocketAddr, tls: bool, over: bool) -> ConnService {
    let svc = tower::service_fn(move |mut req: Request<Incoming>| {
        let app = app.clone();
        async move {
            if over && !matches!(req.uri().path(), "/healthz" | "/readyz") {
                return Ok::<_, Infallible>(busy_response());
            }
            req.extensions_mut().insert(ConnectInfo(peer));
            if tls {
                req.extensions_mut().insert(crate::accounts::Https(true));
            }
            let mut resp = app.oneshot(req.map(Body::new)).await?;
            if tls {
                resp.headers_mut().insert(
                    header::STRICT_TRANSPORT_SECURITY,
                    HeaderValue::from_static("max-age=31536000"),
                );
            }
            Ok(resp)
        }
    });
    TowerToHyperService::new(tower::util::BoxCloneService::new(svc))
}

/// Whether a plain connection's first bytes, seen within [`OVERFLOW_PEEK`], ask for a
/// health check.
async fn asks_for_health(tcp: &tokio::net::TcpStream) -> bool {
    let mut buf = [0u8; 16];
    let deadline = tokio::time::Instant::now() + OVERFLOW_PEEK;
    loop {
        match tokio::time::timeout_at(deadline, tcp.peek(&mut buf)).await {
            Ok(Ok(n)) if n >= 13 || n == 0 => {
                let seen = &buf[..n];
                return seen.starts_with(b"GET /healthz ") || seen.starts_with(b"GET /readyz ");
            }
            Ok(Ok(_)) => tokio::time::sleep(Duration::from_millis(10)).await,
            _ => return false,
        }
    }
}

/// Writes the `503` of a full server on a plain connection and closes it.
async fn answer_busy(mut tcp: tokio::net::TcpStream) {
    use tokio::io::AsyncWriteExt;
    let body = serde_json::to_string(&crate::protocol::ErrorBody {
        code: ApiError::Busy.code().to_string(),
        message: ApiError::Busy.public_message(),
    })
    .unwrap_or_default();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        let _ = tcp.write_all(head.as_bytes()).await;
        let _ = tcp.write_all(body.as_bytes()).await;
        let _ = tcp.shutdown().await;
    })
    .await;
}

fn busy_response() -> Response<Body> {
    use axum::response::IntoResponse;
    let mut resp = ApiError::Busy.into_response();
    resp.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    resp.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
    debug_assert_eq!(resp.status(), StatusCode::SERVICE_UNAVAILABLE);
    resp
}

/// Answers every request on a plain-HTTP address with a permanent redirect to the same path
/// on `https://` (port `https_port`, left out when 443).
pub async fn redirect_to_https(
    listener: TcpListener,
    https_port: u16,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let app = Router::new().fallback(move |req: Request<Body>| async move {
        redirect_target(&req, https_port).map_or_else(
            || {
                use axum::response::IntoResponse;
                ApiError::Malformed("a Host header is needed".into()).into_response()
            },
            |to| {
                let mut resp = Response::new(Body::empty());
                *resp.status_mut() = StatusCode::PERMANENT_REDIRECT;
                if let Ok(v) = HeaderValue::from_str(&to) {
                    resp.headers_mut().insert(header::LOCATION, v);
                }
                resp
            },
        )
    });
    if let Err(e) = axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
    {
        tracing::error!(error = %e, "the HTTP redirect listener stopped");
    }
}

/// `https://HOST[:PORT]/path?query` for a request, from its Host header.
fn redirect_target(req: &Request<Body>, https_port: u16) -> Option<String> {
    let host = req.headers().get(header::HOST)?.to_str().ok()?;
    let authority: axum::http::uri::Authority = host.parse().ok()?;
    let name = authority.host();
    let path = req
        .uri()
        .path_and_query()
        .map_or("/", axum::http::uri::PathAndQuery::as_str);
    Some(if https_port == 443 {
        format!("https://{name}{path}")
    } else {
        format!("https://{name}:{https_port}{path}")
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn redirects_keep_host_path_and_query() {
        let req = Request::builder()
            .uri("/t/abc?x=1")
            .header("host", "ordo.example:80")
            .body(Body::empty())
            .unwrap();
        assert_eq!(
            redirect_target(&req, 443).as_deref(),
            Some("https://ordo.example/t/abc?x=1")
        );
        assert_eq!(
            redirect_target(&req, 8443).as_deref(),
            Some("https://ordo.example:8443/t/abc?x=1")
        );
        let no_host = Request::builder().uri("/").body(Body::empty()).unwrap();
        assert_eq!(redirect_target(&no_host, 443), None);
    }
}
