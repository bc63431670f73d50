//! Sign-in throttling: per account name, failed attempts in a window; per client address, a
//! token bucket of attempts. Both answer the same whether the name exists or not.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::limit::IpLimiter;

/// Failed sign-ins a name may have in [`WINDOW`] before it is refused until the window ends.
pub(crate) const FAILURES: u32 = 5;
/// The window of failures.
pub(crate) const WINDOW: Duration = Duration::from_secs(15 * 60);
/// Names remembered before old windows are forgotten.
const REMEMBERED: usize = 100_000;

/// Sign-in attempts allowed, by name and by address.
#[derive(Debug)]
pub struct LoginThrottle {
    failures: Mutex<BTreeMap<String, (Instant, u32)>>,
    by_address: IpLimiter,
}

impl LoginThrottle {
    /// Five failures per name per 15 minutes; per address 30 attempts a minute on average
    /// with bursts of 30 (`by_address_off`: no per-address limit, as with `--ip-limit off`).
    pub fn new(by_address_off: bool) -> LoginThrottle {
        LoginThrottle {
            failures: Mutex::new(BTreeMap::new()),
            by_address: if by_address_off {
                IpLimiter::off()
            } else {
                IpLimiter::new(0.5, 30.0)
            },
        }
    }

    /// Whether an attempt for `key` (a name's key) from `ip` may be checked now; `Err` with the
    /// seconds to wait.
    pub(crate) fn allow(&self, key: &str, ip: Option<IpAddr>) -> Result<(), u64> {
        if ip.is_some_and(|ip| !self.by_address.allow(ip)) {
            return Err(60);
        }
        let map = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match map.get(key) {
            Some((start, n)) if *n >= FAILURES && start.elapsed() < WINDOW => {
                Err((WINDOW - start.elapsed()).as_secs().max(1))
            }
            _ => Ok(()),
        }
    }

    /// Counts a failed attempt for `key`.
    pub(crate) fn failed(&self, key: &str) {
        let mut map = self
            .failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if map.len() >= REMEMBERED {
            map.retain(|_, (start, _)| start.elapsed() < WINDOW);
        }
        let entry = map.entry(key.to_owned()).or_insert((Instant::now(), 0));
        if entry.0.elapsed() >= WINDOW {
            *entry = (Instant::now(), 0);
        }
        entry.1 += 1;
    }

    /// Forgets `key`'s failures (after a success).
    pub(crate) fn succeeded(&self, key: &str) {
        self.failures
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_failures_close_a_name_and_a_success_reopens_it() {
        let t = LoginThrottle::new(true);
        for _ in 0..FAILURES {
            assert!(t.allow("alice", None).is_ok());
            t.failed("alice");
        }
        let wait = t.allow("alice", None).err();
        assert!(wait.is_some_and(|s| s > 14 * 60), "{wait:?}");
        assert!(t.allow("bob", None).is_ok(), "other names are not affected");
        t.succeeded("alice");
        assert!(t.allow("alice", None).is_ok());
    }

    #[test]
    fn one_address_gets_thirty_attempts_at_once() {
        let t = LoginThrottle::new(false);
        let ip: IpAddr = [10, 0, 0, 1].into();
        let allowed = (0..40)
            .filter(|i| t.allow(&format!("name{i}"), Some(ip)).is_ok())
            .count();
        assert_eq!(allowed, 30);
        assert!(t.allow("x", Some([10, 0, 0, 2].into())).is_ok());
    }
}
