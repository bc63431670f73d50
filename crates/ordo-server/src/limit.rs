//! Request limits per client address: a token bucket per IP address.

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Token buckets per address: each address may make `burst` requests at once and `rate` per
/// second on average. `rate == 0` turns the limit off.
#[derive(Debug)]
pub struct IpLimiter {
    rate: f64,
    burst: f64,
    buckets: Mutex<BTreeMap<IpAddr, (f64, Instant)>>,
}

impl Default for IpLimiter {
    /// 20 requests per second, bursts of 200.
    fn default() -> Self {
        IpLimiter::new(20.0, 200.0)
    }
}

impl IpLimiter {
    /// A limiter of `rate` requests per second with bursts of `burst`.
    pub fn new(rate: f64, burst: f64) -> Self {
        IpLimiter {
            rate: rate.max(0.0),
            burst: burst.max(1.0),
            buckets: Mutex::new(BTreeMap::new()),
        }
    }

    /// No limit.
    pub fn off() -> Self {
        IpLimiter::new(0.0, 1.0)
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
        if self.rate == 0.0 {
            return true;
        }
        let now = Instant::now();
        let Ok(mut buckets) = self.buckets.lock() else {
            return true;
        };
        if buckets.len() > 100_000 {
            // Forget addresses whose bucket has refilled.
            let (rate, burst) = (self.rate, self.burst);
            buckets.retain(|_, (tokens, at)| {
                *tokens + now.duration_since(*at).as_secs_f64() * rate < burst
            });
        }
        let (tokens, at) = buckets.entry(ip).or_insert((self.burst, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * self.rate).min(self.burst);
        *at = now;
        if *tokens >= 1.0 {
            *tokens -= 1.0;
            true
        } else {
            false
        }
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
