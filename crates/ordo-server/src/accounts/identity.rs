//! Who a browser is, for seats: the signed-in account, or else a guest known by a random id in
//! an HttpOnly cookie of its own. A seat taken from a browser is bound to that person (its
//! *holder*), so the browser needs no seat token in any address: its cookie finds the seat.

use axum::extract::FromRequestParts;
use axum::http::{request::Parts, HeaderValue};

use super::session::{cookie_named, new_session_id, Https, SignedIn};
use crate::error::ApiError;
use crate::state::AppState;
use crate::table::sha256_hex;

/// The guest cookie's name.
pub const GUEST_COOKIE: &str = "ordo_guest";
/// A guest cookie lasts a year (seconds).
const GUEST_MAX_AGE_S: u64 = 365 * 24 * 3600;

/// The person behind a request, if the request says.
#[derive(Clone, Debug, Default)]
pub struct Identity {
    /// `a:<account id>` for an account, `g:<SHA-256 of the guest cookie>` for a guest.
    pub(crate) holder: Option<String>,
    /// The account's name, when signed in.
    pub(crate) account_name: Option<String>,
    /// Came over HTTPS (a new guest cookie is then Secure).
    https: bool,
}

impl Identity {
    /// The holder of an account.
    pub(crate) fn account_holder(id: i64) -> String {
        format!("a:{id}")
    }

    /// This person's holder; a request from nobody known yet becomes a new guest, whose
    /// cookie comes back to be set on the answer.
    ///
    /// # Errors
    /// [`ApiError::Internal`] without randomness for a guest id.
    pub(crate) fn holder_or_guest(&self) -> Result<(String, Option<HeaderValue>), ApiError> {
        if let Some(h) = &self.holder {
            return Ok((h.clone(), None));
        }
        let id = new_session_id()?;
        let secure = if self.https { "; Secure" } else { "" };
        let cookie = HeaderValue::from_str(&format!(
            "{GUEST_COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age={GUEST_MAX_AGE_S}{secure}"
        ))
        .map_err(|e| ApiError::Internal(e.to_string()))?;
        Ok((guest_holder(&id), Some(cookie)))
    }
}

/// The holder of a guest cookie's id.
fn guest_holder(id: &str) -> String {
    format!("g:{}", sha256_hex(id.as_bytes()))
}

impl FromRequestParts<AppState> for Identity {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let https = parts.extensions.get::<Https>().is_some_and(|h| h.0);
        let signed =
            <SignedIn as axum::extract::OptionalFromRequestParts<AppState>>::from_request_parts(
                parts, state,
            )
            .await?;
        if let Some(me) = signed {
            return Ok(Identity {
                holder: Some(Identity::account_holder(me.account.id)),
                account_name: Some(me.account.name),
                https,
            });
        }
        Ok(Identity {
            holder: cookie_named(&parts.headers, GUEST_COOKIE).map(guest_holder),
            account_name: None,
            https,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_new_guest_gets_an_http_only_cookie_and_a_hashed_holder() {
        let nobody = Identity::default();
        let (holder, cookie) = nobody.holder_or_guest().unwrap();
        let cookie = cookie.unwrap();
        let text = cookie.to_str().unwrap();
        assert!(text.starts_with("ordo_guest=") && text.contains("HttpOnly"));
        assert!(text.contains("SameSite=Lax") && !text.contains("Secure"));
        let id = text
            .trim_start_matches("ordo_guest=")
            .split(';')
            .next()
            .unwrap();
        assert_eq!(holder, guest_holder(id));
        assert!(!holder.contains(id), "the holder is not the cookie");
        let known = Identity {
            holder: Some("a:7".into()),
            ..Identity::default()
        };
        assert_eq!(known.holder_or_guest().unwrap(), ("a:7".into(), None));
    }
}
