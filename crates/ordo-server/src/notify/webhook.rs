//! Webhooks: a JSON POST per note, `{"content": …, "text": …}` — the fields Discord and Slack
//! incoming webhooks read — retried with backoff on a network error, a 429 or a 5xx. Addresses
//! on this machine or private networks are refused unless the host allows them (a webhook must
//! not become a way to reach the server's own network).

use std::net::IpAddr;

use super::words::{webhook_test, words};
use super::{Note, Notifier};
use crate::protocol::WebhookTest;

fn private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v) => {
            v.is_loopback()
                || v.is_private()
                || v.is_link_local()
                || v.is_unspecified()
                || v.is_broadcast()
                || v.is_documentation()
                || v.octets()[0] == 100 && (v.octets()[1] & 0xc0) == 64
        }
        IpAddr::V6(v) => {
            v.is_loopback()
                || v.is_unspecified()
                || (v.segments()[0] & 0xfe00) == 0xfc00
                || (v.segments()[0] & 0xffc0) == 0xfe80
                || v.to_ipv4_mapped().is_some_and(|m| private(IpAddr::V4(m)))
        }
    }
}

/// Checks a webhook address as given: `https://` (or `http://` where private addresses are
/// allowed), a host, at most 500 characters, no credentials in it.
///
/// # Errors
/// Why it is refused, in words.
pub(crate) fn check_webhook(url: &str, allow_private: bool) -> Result<url::Url, String> {
    if url.len() > 500 {
        return Err("the webhook address is longer than 500 characters".into());
    }
    let u = url::Url::parse(url).map_err(|_| "the webhook address is not a web address")?;
    match u.scheme() {
        "https" => {}
        "http" if allow_private => {}
        _ => return Err("the webhook address must start with https://".into()),
    }
    if !u.username().is_empty() || u.password().is_some() {
        return Err("the webhook address must not hold a user name or password".into());
    }
    let Some(host) = u.host() else {
        return Err("the webhook address names no host".into());
    };
    let literal = match host {
        url::Host::Ipv4(v) => Some(IpAddr::V4(v)),
        url::Host::Ipv6(v) => Some(IpAddr::V6(v)),
        url::Host::Domain(d) => {
            (d.eq_ignore_ascii_case("localhost")).then_some(IpAddr::from([127, 0, 0, 1]))
        }
    };
    if !allow_private && literal.is_some_and(private) {
        return Err("the webhook address is on a private network".into());
    }
    Ok(u)
}

/// Whether the address's host resolves to a public address (or private ones are allowed).
async fn reachable(u: &url::Url, allow_private: bool) -> Result<(), String> {
    if allow_private {
        return Ok(());
    }
    let host = u.host_str().unwrap_or_default().trim_matches(['[', ']']);
    let port = u.port_or_known_default().unwrap_or(443);
    let addrs = tokio::net::lookup_host((host, port))
        .await
        .map_err(|_| "the webhook's host could not be found".to_string())?;
    for a in addrs {
        if private(a.ip()) {
            return Err("the webhook's host is on a private network".into());
        }
    }
    Ok(())
}

/// One call; the status answered, or why there was none.
async fn call(n: &Notifier, url: &str, note_text: &str) -> Result<u16, String> {
    let u = check_webhook(url, n.config.allow_private_webhooks)?;
    reachable(&u, n.config.allow_private_webhooks).await?;
    let body = serde_json::json!({ "content": note_text, "text": note_text });
    n.http
        .post(u)
        .json(&body)
        .send()
        .await
        .map(|r| r.status().as_u16())
        .map_err(|e| {
            if e.is_timeout() {
                "the webhook did not answer in time".to_string()
            } else {
                "the webhook could not be reached".to_string()
            }
        })
}

/// Delivers a note, trying again after each of the configured waits; whether it was taken.
pub(crate) async fn deliver(n: &Notifier, url: &str, note: &Note, lang: &str) -> bool {
    let (title, body) = words(note, &n.config.public_url, lang);
    let text = format!("**{title}**\n{body}");
    let mut waits = n.config.webhook_backoff.iter();
    loop {
        match call(n, url, &text).await {
            Ok(s) if (200..300).contains(&s) => return true,
            // A refusal that another try will not change.
            Ok(s) if s != 429 && s < 500 => {
                tracing::info!(status = s, "webhook refused the notification");
                return false;
            }
            Ok(_) | Err(_) => {}
        }
        let Some(wait) = waits.next() else {
            tracing::info!("webhook given up after its retries");
            return false;
        };
        tokio::time::sleep(*wait).await;
    }
}

/// The settings page's test: one call, answered in words.
pub(crate) async fn test_webhook(n: &Notifier, url: &str, lang: &str) -> WebhookTest {
    let text = webhook_test(lang);
    match call(n, url, text).await {
        Ok(s) => WebhookTest {
            ok: (200..300).contains(&s),
            status: Some(s),
            message: if (200..300).contains(&s) {
                "the webhook took the test message".into()
            } else {
                format!("the webhook answered with status {s}")
            },
        },
        Err(message) => WebhookTest {
            ok: false,
            status: None,
            message,
        },
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn webhook_addresses_on_private_networks_are_refused_unless_allowed() {
        assert!(check_webhook("https://discord.com/api/webhooks/1/x", false).is_ok());
        for bad in [
            "http://discord.com/x",
            "https://127.0.0.1/x",
            "https://localhost/x",
            "https://10.1.2.3/x",
            "https://[::1]/x",
            "https://192.168.0.1/x",
            "https://169.254.169.254/latest",
            "https://u:p@example.com/x",
            "ftp://example.com",
            "not a url",
        ] {
            assert!(check_webhook(bad, false).is_err(), "{bad}");
        }
        assert!(check_webhook("http://127.0.0.1:9/x", true).is_ok());
        assert!(check_webhook(&format!("https://e.com/{}", "x".repeat(600)), false).is_err());
    }
}
