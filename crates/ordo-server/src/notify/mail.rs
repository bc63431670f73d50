//! Notification mails over SMTP (lettre): the server named by `--smtp`, STARTTLS when it offers
//! it (or always, or TLS from the first byte with `smtps://`), one plain-text mail per batch
//! with a link to each table and an unsubscribe link.

use std::time::Duration;

use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::Mailbox;
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::words::{batch_subject, footer, words};
use super::{Note, NotifyConfig};
use crate::store::turns::NotifyPrefs;

/// How TLS is used with the SMTP server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SmtpTls {
    /// STARTTLS when the server offers it (`smtp://`, the default).
    Opportunistic,
    /// STARTTLS or nothing (`smtp://…?tls=required`).
    Required,
    /// TLS from the first byte (`smtps://`).
    Wrapper,
}

/// An SMTP server's address with its credentials (never printed: `Debug` shows the host).
#[derive(Clone, PartialEq, Eq)]
pub struct SmtpUrl {
    host: String,
    port: u16,
    user: Option<(String, String)>,
    tls: SmtpTls,
}

impl std::fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SmtpUrl")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .finish_non_exhaustive()
    }
}

impl SmtpUrl {
    /// Reads `smtp://[user:pass@]host[:port][?tls=required]` or `smtps://…`.
    ///
    /// # Errors
    /// A readable message (that never repeats the password).
    pub fn parse(text: &str) -> Result<SmtpUrl, String> {
        let url = url::Url::parse(text).map_err(|_| "not an smtp:// address".to_string())?;
        let tls = match url.scheme() {
            "smtps" => SmtpTls::Wrapper,
            "smtp" => {
                if url
                    .query_pairs()
                    .any(|(k, v)| k == "tls" && v == "required")
                {
                    SmtpTls::Required
                } else {
                    SmtpTls::Opportunistic
                }
            }
            _ => return Err("the SMTP address must start with smtp:// or smtps://".into()),
        };
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or("the SMTP address names no host")?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let port = url
            .port()
            .unwrap_or(if tls == SmtpTls::Wrapper { 465 } else { 587 });
        let decode = |s: &str| {
            percent_decode(s).ok_or_else(|| "the SMTP user or password is not valid".to_string())
        };
        let user = if url.username().is_empty() {
            None
        } else {
            Some((
                decode(url.username())?,
                decode(url.password().unwrap_or(""))?,
            ))
        };
        Ok(SmtpUrl {
            host,
            port,
            user,
            tls,
        })
    }

    /// The server's host and port.
    pub fn address(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }
}

fn percent_decode(s: &str) -> Option<String> {
    let mut out = Vec::with_capacity(s.len());
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The `List-Unsubscribe` header (mail programs show an "unsubscribe" button for it).
#[derive(Clone, Debug)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

fn transport(smtp: &SmtpUrl) -> Result<AsyncSmtpTransport<Tokio1Executor>, String> {
    let params = || TlsParameters::new(smtp.host.clone()).map_err(|e| e.to_string());
    let tls = match smtp.tls {
        SmtpTls::Opportunistic => Tls::Opportunistic(params()?),
        SmtpTls::Required => Tls::Required(params()?),
        SmtpTls::Wrapper => Tls::Wrapper(params()?),
    };
    let mut b = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(smtp.host.as_str())
        .port(smtp.port)
        .tls(tls)
        .timeout(Some(Duration::from_secs(20)));
    if let Some((user, pass)) = &smtp.user {
        b = b.credentials(Credentials::new(user.clone(), pass.clone()));
    }
    Ok(b.build())
}

/// The subject and text of one mail telling `notes` (a batch of turns, or one note).
pub(crate) fn compose(
    notes: &[Note],
    public_url: &str,
    unsubscribe: &str,
    lang: &str,
) -> (String, String) {
    let told: Vec<(String, String)> = notes.iter().map(|n| words(n, public_url, lang)).collect();
    let subject = match told.as_slice() {
        [(title, _)] => title.clone(),
        many => batch_subject(many.len(), lang),
    };
    let mut text = String::new();
    for (_, body) in &told {
        text.push_str(body);
        text.push_str("\n\n");
    }
    text.push_str(&footer(unsubscribe, lang));
    (subject, text)
}

/// Sends one mail to `to`.
pub(crate) async fn send(
    smtp: &SmtpUrl,
    cfg: &NotifyConfig,
    to: &str,
    prefs: &NotifyPrefs,
    notes: &[Note],
) -> Result<(), String> {
    let unsubscribe = format!(
        "{}/api/unsubscribe?key={}",
        cfg.public_url.trim_end_matches('/'),
        prefs.mail_key
    );
    let (subject, text) = compose(notes, &cfg.public_url, &unsubscribe, &prefs.lang);
    let from: Mailbox = cfg
        .mail_from
        .parse()
        .map_err(|e| format!("sender address: {e}"))?;
    let to: Mailbox = to.parse().map_err(|e| format!("recipient address: {e}"))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .header(ListUnsubscribe(format!("<{unsubscribe}>")))
        .body(text)
        .map_err(|e| e.to_string())?;
    transport(smtp)?
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn smtp_addresses_are_read_and_never_show_the_password() {
        let u = SmtpUrl::parse("smtp://ann%40x.org:s3cr%21t@mail.example:2525").unwrap();
        assert_eq!(u.address(), "mail.example:2525");
        assert_eq!(u.user, Some(("ann@x.org".into(), "s3cr!t".into())));
        assert_eq!(u.tls, SmtpTls::Opportunistic);
        assert!(!format!("{u:?}").contains("s3cr"));
        assert_eq!(SmtpUrl::parse("smtps://h").unwrap().port, 465);
        assert_eq!(
            SmtpUrl::parse("smtp://h?tls=required").unwrap().tls,
            SmtpTls::Required
        );
        let bad = SmtpUrl::parse("http://user:pw@h").unwrap_err();
        assert!(!bad.contains("pw"));
        assert!(SmtpUrl::parse("smtp://").is_err());
    }

    #[test]
    fn a_batch_reads_as_one_mail_with_every_table() {
        let note = |t: &str| Note::YourTurn {
            account: 1,
            table: t.into(),
            game: "crusaders".into(),
            others: vec![super::super::Who::Named("Bob".into())],
        };
        let (subject, text) = compose(&[note("a1"), note("b2")], "http://o", "http://o/u", "en");
        assert_eq!(subject, "Your turn at 2 tables");
        assert!(text.contains("http://o/t/a1") && text.contains("http://o/t/b2"));
        assert!(text.contains("To stop them: http://o/u"));
    }
}
