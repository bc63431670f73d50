//! Small statistics helpers for arenas and reports.

use serde::{Deserialize, Serialize};

/// A proportion with a 95% confidence interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    /// Observed proportion.
    pub rate: f64,
    /// Lower bound.
    pub low: f64,
    /// Upper bound.
    pub high: f64,
}

/// Wilson score interval (95%) for `wins` out of `n`.
pub fn wilson_interval(wins: u64, n: u64) -> Interval {
    if n == 0 {
        return Interval {
            rate: 0.0,
            low: 0.0,
            high: 1.0,
        };
    }
    let z = 1.959_963_984_540_054_f64;
    let n_f = n as f64;
    let p = (wins as f64 / n_f).min(1.0);
    let denom = 1.0 + z * z / n_f;
    let centre = (p + z * z / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z * z / (4.0 * n_f * n_f)).sqrt() / denom;
    // The bounds hold the observed rate exactly (rounding would otherwise leave a lower
    // bound a hair above 0 for no wins).
    Interval {
        rate: p,
        low: (centre - half).clamp(0.0, p),
        high: (centre + half).clamp(p, 1.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_known_values() {
        let i = wilson_interval(50, 100);
        assert!((i.rate - 0.5).abs() < 1e-12);
        assert!(
            (i.low - 0.4038).abs() < 1e-3 && (i.high - 0.5962).abs() < 1e-3,
            "{i:?}"
        );
        let all = wilson_interval(10, 10);
        assert!(all.high <= 1.0 && all.low > 0.69);
        assert_eq!(wilson_interval(0, 0).high, 1.0);
        for n in 1..200 {
            for w in [0, 1, n / 3, n - 1, n] {
                let i = wilson_interval(w, n);
                assert!(i.low <= i.rate && i.rate <= i.high, "{w}/{n}: {i:?}");
            }
        }
        assert_eq!(wilson_interval(0, 3).low, 0.0);
    }
}
