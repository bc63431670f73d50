//! Names and passwords: what a name may be, what a password must be, and argon2id hashing
//! (run off the async workers: one hash takes tens of milliseconds of one core).

use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;

use crate::error::ApiError;

/// Shortest and longest password, in characters.
pub(crate) const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;
/// Shortest and longest name, in characters.
pub(crate) const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=24;

/// Names nobody may take (they would read as the site or a role).
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "moderator",
    "ordo",
    "root",
    "system",
    "guest",
    "spectator",
    "stand-in",
];

static COMMON: &str = include_str!("common-passwords.txt");

/// Whether `name` may be an account's name.
///
/// # Errors
/// [`ApiError::InvalidName`] saying what is wrong.
pub fn check_name(name: &str) -> Result<(), ApiError> {
    let chars = name.chars().count();
    if !NAME_CHARS.contains(&chars) {
        return Err(ApiError::InvalidName(format!(
            "a name has {} to {} characters",
            NAME_CHARS.start(),
            NAME_CHARS.end()
        )));
    }
    if !name.chars().next().is_some_and(char::is_alphanumeric) {
        return Err(ApiError::InvalidName(
            "a name begins with a letter or a digit".into(),
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(ApiError::InvalidName(format!(
            "a name is letters, digits and _ - . only (not {c:?})"
        )));
    }
    if RESERVED.contains(&name.to_lowercase().as_str()) {
        return Err(ApiError::InvalidName("this name is reserved".into()));
    }
    Ok(())
}

/// Whether `password` is acceptable for the account `name`.
///
/// # Errors
/// [`ApiError::WeakPassword`] saying why.
pub fn check_password(name: &str, password: &str) -> Result<(), ApiError> {
    let chars = password.chars().count();
    if chars < *PASSWORD_CHARS.start() {
        return Err(ApiError::WeakPassword(format!(
            "a password has at least {} characters",
            PASSWORD_CHARS.start()
        )));
    }
    if chars > *PASSWORD_CHARS.end() {
        return Err(ApiError::WeakPassword(format!(
            "a password has at most {} characters",
            PASSWORD_CHARS.end()
        )));
    }
    let lower = password.to_lowercase();
    if lower.contains(&name.to_lowercase()) {
        return Err(ApiError::WeakPassword(
            "a password may not contain the name".into(),
        ));
    }
    let mut it = lower.chars();
    let first = it.next();
    if it.all(|c| Some(c) == first) {
        return Err(ApiError::WeakPassword(
            "a password is not one character repeated".into(),
        ));
    }
    if is_common(&lower) {
        return Err(ApiError::WeakPassword(
            "this password is among the most common ones; choose another".into(),
        ));
    }
    Ok(())
}

fn is_common(lower: &str) -> bool {
    COMMON
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .any(|l| l == lower)
}

/// The argon2id hash (PHC string) of `password`, with a fresh salt.
///
/// # Errors
/// [`ApiError::Internal`] if hashing fails.
pub async fn hash(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::Internal(format!("password hashing: {e}")))
    })
    .await
    .map_err(|e| ApiError::Internal(format!("password hashing: {e}")))?
}

/// Whether `password` matches the stored `phc` hash; with no account (`None`) a hash of a
/// random password is checked instead, so a missing name costs the same time as a wrong
/// password. (The comparison inside argon2 is constant-time.)
pub(crate) async fn verify(password: String, phc: Option<String>) -> bool {
    tokio::task::spawn_blocking(move || {
        let stored = phc.as_deref().unwrap_or_else(|| dummy_hash());
        let ok = PasswordHash::new(stored).is_ok_and(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        });
        ok && phc.is_some()
    })
    .await
    .unwrap_or(false)
}

/// The hash checked when there is no account: of a random password nobody knows.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| {
        let mut secret = [0u8; 24];
        let _ = getrandom::getrandom(&mut secret);
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(&secret, &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_rules() {
        for ok in [
            "Alice",
            "bob_the.knight",
            "Đức-Anh",
            "ユキ子さん",
            "Ратибор",
            "x99",
        ] {
            assert!(check_name(ok).is_ok(), "{ok}");
        }
        for bad in [
            "al",
            "_alice",
            "alice!",
            "a b c",
            "Admin",
            "x".repeat(25).as_str(),
            "",
        ] {
            assert!(
                matches!(check_name(bad), Err(ApiError::InvalidName(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn weak_passwords_are_refused_with_the_reason() {
        let weak = |p: &str| match check_password("Alice", p) {
            Err(ApiError::WeakPassword(why)) => why,
            other => panic!("{p}: {other:?}"),
        };
        assert!(weak("short").contains("at least 8"));
        assert!(weak(&"ab".repeat(65)).contains("at most 128"));
        assert!(weak("xxalicexx").contains("name"));
        assert!(weak("zzzzzzzzzz").contains("repeated"));
        assert!(weak("Password123").contains("common"));
        assert!(weak("QWERTYUIOP").contains("common"));
        assert!(check_password("Alice", "lances at dawn").is_ok());
        assert!(check_password("Alice", "Ngựa ô đi trước").is_ok());
    }

    #[tokio::test]
    async fn hashes_are_argon2id_salted_and_verify() {
        let a = hash("lances at dawn".into()).await.ok().unwrap_or_default();
        let b = hash("lances at dawn".into()).await.ok().unwrap_or_default();
        assert!(a.starts_with("$argon2id$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify("lances at dawn".into(), Some(a.clone())).await);
        assert!(!verify("lances at dusk".into(), Some(a)).await);
        assert!(!verify("anything".into(), None).await);
    }
}
