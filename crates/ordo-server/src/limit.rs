//! Request limits per client address: a token bucket per IP address (the `governor` crate's
//! keyed rate limiter, generic cell rate algorithm).

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// Addresses remembered before those whose bucket has refilled are forgotten.
const REMEMBERED: usize = 100_000;

/// Token buckets per address: each address may make `burst` requests at once and `rate` per
/// second on average. `off()` lets everything through.
pub struct IpLimiter {
    rate: f64,
    burst: f64,
    buckets: Option<DefaultKeyedRateLimiter<IpAddr>>,
}

impl std::fmt::Debug for IpLimiter {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.buckets.is_none() {
            f.write_str("IpLimiter(off)")
        } else {
            write!(f, "IpLimiter({}/s, bursts of {})", self.rate, self.burst)
        }
    }
}

impl Default for IpLimiter {
    /// 20 requests per second, bursts of 200.
    fn default() -> Self {
        IpLimiter::new(20.0, 200.0)
    }
}

impl IpLimiter {
    /// A limiter of `rate` requests per second with bursts of `burst` (`rate` 0: no limit).
    pub fn new(rate: f64, burst: f64) -> Self {
        let rate = if rate.is_finite() { rate.max(0.0) } else { 0.0 };
        let burst = if burst.is_finite() {
            burst.clamp(1.0, f64::from(u32::MAX))
        } else {
            1.0
        };
        let buckets = (rate > 0.0).then(|| {
            let period = Duration::from_secs_f64((1.0 / rate).min(86_400.0));
            let cells = NonZeroU32::new(burst as u32).unwrap_or(NonZeroU32::MIN);
            let quota = Quota::with_period(period)
                .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
                .allow_burst(cells);
            RateLimiter::keyed(quota)
        });
        IpLimiter {
            rate,
            burst,
            buckets,
        }
    }

    /// No limit.
    pub fn off() -> Self {
        IpLimiter::new(0.0, 1.0)
    }

    /// Whether the limiter lets everything through (`--ip-limit off`), which also lifts the
    /// per-address WebSocket cap.
    pub fn is_off(&self) -> bool {
        self.buckets.is_none()
    }

    /// Parses `off` or `RATE[/BURST]` (requests per second; burst defaults to ten times the
    /// rate).
    ///
    /// # Errors
    /// A readable message.
    pub fn parse(text: &str) -> Result<Self, String> {
        if text == "off" {
            return Ok(IpLimiter::off());
        }
        let (rate, burst) = match text.split_once('/') {
            Some((r, b)) => (r, Some(b)),
            None => (text, None),
        };
        let bad = || format!("`{text}`: expected `off` or RATE[/BURST], e.g. 20/200");
        let rate: f64 = rate.parse().map_err(|_| bad())?;
        let burst: f64 = match burst {
            Some(b) => b.parse().map_err(|_| bad())?,
            None => rate * 10.0,
        };
        if !(rate.is_finite() && burst.is_finite() && rate > 0.0 && burst >= 1.0) {
            return Err(bad());
        }
        Ok(IpLimiter::new(rate, burst))
    }

    /// Takes one request from `ip`'s bucket; `false` when it is empty.
    pub fn allow(&self, ip: IpAddr) -> bool {
        let Some(buckets) = &self.buckets else {
            return true;
        };
        if buckets.len() > REMEMBERED {
            // Forget addresses whose bucket has refilled.
            buckets.retain_recent();
        }
        buckets.check_key(&ip).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_is_allowed_then_refused_per_address() {
        let l = IpLimiter::new(1.0, 3.0);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        assert!((0..3).all(|_| l.allow(a)));
        assert!(!l.allow(a));
        assert!(l.allow(b), "another address has its own bucket");
        assert!((0..1000).all(|_| IpLimiter::off().allow(a)));
    }

    #[test]
    fn parses_limits() {
        assert!(IpLimiter::parse("off").is_ok());
        assert!(IpLimiter::parse("20/200").is_ok());
        assert!(IpLimiter::parse("5").is_ok());
        for bad in ["", "x", "0", "-1/5", "5/0", "NaN"] {
            assert!(IpLimiter::parse(bad).is_err(), "{bad}");
        }
    }
}
