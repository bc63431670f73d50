//! The public edge: who the client is (through trusted proxies), what a host allows (open
//! connections, unfinished tables, idle time), and the listener that enforces it ([`listen`]).

pub mod listen;
mod rejections;

use std::net::IpAddr;
use std::time::Duration;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// What a host allows; `ordo serve` sets it from its flags (`docs/hosting.md`).
#[derive(Clone, Debug)]
pub struct Policy {
    /// Peers whose `Forwarded` / `X-Forwarded-For` headers are believed.
    pub trusted_proxies: Vec<IpNet>,
    /// Unfinished tables (open or being played) the server holds at most.
    pub max_open_tables: usize,
    /// Unfinished tables one client address may have created and not finished.
    pub max_open_tables_per_address: usize,
    /// Unfinished tables one account may host (create signed in) at once, from any address.
    pub max_open_tables_per_account: usize,
    /// A table still waiting for players this long after it was created is closed.
    pub lobby_expiry: Duration,
    /// An unfinished table with no decision and nobody connected this long leaves memory (it
    /// stays stored and is loaded again when asked for).
    pub idle_evict: Duration,
    /// Time a client has to send a request's body once its headers are in.
    pub body_timeout: Duration,
    /// WebSocket messages one connection may send in a second: beyond it each message is
    /// answered "rate limited"; beyond three times as many the connection is closed with code
    /// 1008.
    pub ws_messages_per_second: f64,
    /// Full-state resyncs one connection may ask for per minute.
    pub ws_resyncs_per_minute: u32,
    /// On tables without a clock: how long a seat must have been waited on before the other
    /// players may vote to hand it to the stand-in.
    pub abandon_after: Duration,
    /// How notifications are sent (SMTP, links, webhooks).
    pub notify: crate::notify::NotifyConfig,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            trusted_proxies: Vec::new(),
            max_open_tables: 10_000,
            max_open_tables_per_address: 50,
            max_open_tables_per_account: 50,
            lobby_expiry: Duration::from_secs(72 * 3600),
            idle_evict: Duration::from_secs(30 * 60),
            body_timeout: Duration::from_secs(30),
            ws_messages_per_second: 50.0,
            ws_resyncs_per_minute: 30,
            abandon_after: Duration::from_millis(crate::table::DEFAULT_ABANDON_AFTER_MS),
            notify: crate::notify::NotifyConfig::default(),
        }
    }
}

/// Parses trusted proxy ranges: CIDR blocks or single addresses, comma-separated.
///
/// # Errors
/// A readable message naming the part that is not an address or range.
pub fn parse_ranges(text: &str) -> Result<Vec<IpNet>, String> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<IpNet>()
                .or_else(|_| s.parse::<IpAddr>().map(IpNet::from))
                .map_err(|_| format!("`{s}` is not an address or CIDR range (e.g. 10.0.0.0/8)"))
        })
        .collect()
}

/// The client's address as the server acts on it (limits, logs): the peer, or, when the peer
/// is a trusted proxy, the address the proxies forwarded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientAddr(pub IpAddr);

/// Whether `ip` lies in one of `ranges` (IPv4-mapped IPv6 matched as IPv4).
pub(crate) fn trusted(ip: IpAddr, ranges: &[IpNet]) -> bool {
    let ip = canonical(ip);
    ranges.iter().any(|r| r.contains(&ip))
}

/// IPv4 addresses mapped into IPv6 (a dual-stack listener's peers) as plain IPv4.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The client address of a request from `peer`: when `peer` is trusted, the right-most
/// forwarded address that is not itself a trusted proxy (`Forwarded` first, else
/// `X-Forwarded-For`); a forwarded value that is not an address (`unknown`, an obfuscated
/// name) stops the walk at the last trusted hop.
pub fn client_addr(peer: IpAddr, headers: &HeaderMap, ranges: &[IpNet]) -> IpAddr {
    let peer = canonical(peer);
    if ranges.is_empty() || !trusted(peer, ranges) {
        return peer;
    }
    let chain = forwarded_for(headers).or_else(|| x_forwarded_for(headers));
    let Some(chain) = chain else { return peer };
    let mut last = peer;
    for hop in chain.iter().rev() {
        match hop {
            Some(ip) if trusted(*ip, ranges) => last = *ip,
            Some(ip) => return *ip,
            None => return last,
        }
    }
    last
}

/// The `for=` addresses of every `Forwarded` header, in order (`None` for a value that is not
/// an address). `None` when there is no such header.
fn forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut out = Vec::new();
    let mut any = false;
    for value in headers.get_all("forwarded") {
        any = true;
        let Ok(text) = value.to_str() else {
            out.push(None);
            continue;
        };
        for element in text.split(',') {
            for pair in element.split(';') {
                let Some((k, v)) = pair.split_once('=') else {
                    continue;
                };
                if k.trim().eq_ignore_ascii_case("for") {
                    out.push(parse_node(v.trim().trim_matches('"')));
                }
            }
        }
    }
    (any && !out.is_empty()).then_some(out)
}

/// The addresses of every `X-Forwarded-For` header, in order.
fn x_forwarded_for(headers: &HeaderMap) -> Option<Vec<Option<IpAddr>>> {
    let mut out = Vec::new();
    for value in headers.get_all("x-forwarded-for") {
        match value.to_str() {
            Ok(text) => out.extend(text.split(',').map(|s| parse_node(s.trim()))),
            Err(_) => out.push(None),
        }
    }
    (!out.is_empty()).then_some(out)
}

/// An address with an optional port: `192.0.2.1`, `192.0.2.1:80`, `[2001:db8::1]:80`,
/// `2001:db8::1`.
fn parse_node(s: &str) -> Option<IpAddr> {
    if let Ok(ip) = s.parse::<IpAddr>() {
        return Some(canonical(ip));
    }
    if let Some(rest) = s.strip_prefix('[') {
        let end = rest.find(']')?;
        return rest[..end].parse::<IpAddr>().ok().map(canonical);
    }
    s.parse::<std::net::SocketAddr>()
        .ok()
        .map(|a| canonical(a.ip()))
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_str(v).unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_addresses_count_only_from_trusted_peers() {
        let proxies = parse_ranges("10.0.0.0/8, 127.0.0.1").unwrap();
        let h = headers(&[("x-forwarded-for", "203.0.113.7")]);
        // Untrusted peer: its own address, whatever it claims.
        assert_eq!(
            client_addr(ip("198.51.100.2"), &h, &proxies),
            ip("198.51.100.2")
        );
        // Trusted peer: the forwarded client.
        assert_eq!(
            client_addr(ip("127.0.0.1"), &h, &proxies),
            ip("203.0.113.7")
        );
        // No ranges configured: headers are ignored.
        assert_eq!(client_addr(ip("127.0.0.1"), &h, &[]), ip("127.0.0.1"));
    }

    #[test]
    fn the_right_most_untrusted_hop_is_the_client() {
        let proxies = parse_ranges("10.0.0.0/8").unwrap();
        // A client that forges a first hop does not choose its address.
        let h = headers(&[("x-forwarded-for", "1.2.3.4, 203.0.113.7, 10.0.0.5")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &proxies), ip("203.0.113.7"));
        // Several headers are one list.
        let h = headers(&[
            ("x-forwarded-for", "1.2.3.4"),
            ("x-forwarded-for", "203.0.113.9"),
        ]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &proxies), ip("203.0.113.9"));
        // A value that is not an address stops at the last trusted hop.
        let h = headers(&[("x-forwarded-for", "203.0.113.7, unknown, 10.0.0.5")]);
        assert_eq!(client_addr(ip("10.0.0.1"), &h, &proxies), ip("10.0.0.5"));
    }

    #[test]
    fn forwarded_header_wins_and_is_parsed_with_ports_and_ipv6() {
        let proxies = parse_ranges("10.0.0.0/8").unwrap();
        let h = headers(&[
            (
                "forwarded",
                "for=198.51.100.1;proto=https, for=\"[2001:db8:cafe::17]:4711\"",
            ),
            ("x-forwarded-for", "203.0.113.7"),
        ]);
        assert_eq!(
            client_addr(ip("10.1.2.3"), &h, &proxies),
            ip("2001:db8:cafe::17")
        );
        let h = headers(&[("forwarded", "for=\"192.0.2.43:47011\"")]);
        assert_eq!(client_addr(ip("10.1.2.3"), &h, &proxies), ip("192.0.2.43"));
        // IPv4-mapped peers of a dual-stack listener are matched as IPv4.
        let h = headers(&[("x-forwarded-for", "192.0.2.8")]);
        assert_eq!(
            client_addr(ip("::ffff:10.0.0.1"), &h, &proxies),
            ip("192.0.2.8")
        );
    }

    #[test]
    fn ranges_are_checked_on_parse() {
        assert!(parse_ranges("10.0.0.0/33").is_err());
        assert!(parse_ranges("proxy.local")
            .unwrap_err()
            .contains("proxy.local"));
        assert_eq!(parse_ranges("::1, 192.168.0.0/16").unwrap().len(), 2);
    }
}
