//! A table's clocks: the time each seat has left at the last change, and since when the clocks
//! of the seats now deciding have been running.

use std::time::Instant;

use crate::protocol::ClockSpec;

/// The seats' clocks (empty without a clock).
#[derive(Clone, Debug, Default)]
pub(crate) struct Clocks {
    spec: Option<ClockSpec>,
    /// Remaining time per seat at the last change, milliseconds.
    left: Vec<i64>,
    /// Since when each seat's clock has been running.
    since: Vec<Option<Instant>>,
}

/// What a change of the seats may have to put back.
#[derive(Clone, Debug)]
pub(crate) struct ClocksBefore {
    left: Vec<i64>,
    since: Vec<Option<Instant>>,
}

fn ms(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Clocks {
    /// Full clocks for `seats` seats under `spec` (none without a spec).
    pub(crate) fn new(spec: Option<ClockSpec>, seats: usize) -> Clocks {
        let left = match spec {
            Some(c) => vec![ms(c.initial_ms); seats],
            None => Vec::new(),
        };
        Clocks {
            spec,
            since: vec![None; left.len()],
            left,
        }
    }

    /// Whether the table has a clock.
    pub(crate) fn on(&self) -> bool {
        !self.left.is_empty()
    }

    /// Takes the remaining times stored with the log's last entry, if they fit.
    pub(crate) fn restore(&mut self, stored: &[i64]) {
        if stored.len() == self.left.len() {
            self.left = stored.to_vec();
        }
    }

    /// The increment a decision earns, milliseconds.
    pub(crate) fn increment(&self) -> i64 {
        self.spec.map_or(0, |k| ms(k.increment_ms))
    }

    /// Remaining time of every seat now, milliseconds (empty without a clock).
    pub(crate) fn now(&self) -> Vec<i64> {
        let now = Instant::now();
        self.left
            .iter()
            .zip(&self.since)
            .map(|(&left, since)| {
                left - since.map_or(0, |t| {
                    i64::try_from(now.duration_since(t).as_millis()).unwrap_or(i64::MAX)
                })
            })
            .collect()
    }

    /// Whether `seat`'s clock is running.
    pub(crate) fn running(&self, seat: usize) -> bool {
        self.since.get(seat).is_some_and(Option::is_some)
    }

    /// Runs the clocks of the seats for which `runs` is true, stops the others.
    pub(crate) fn run(&mut self, mut runs: impl FnMut(usize) -> bool) {
        let now = Instant::now();
        for (i, since) in self.since.iter_mut().enumerate() {
            if runs(i) {
                since.get_or_insert(now);
            } else {
                *since = None;
            }
        }
    }

    /// The clocks after `seat` decides now (charged, plus the increment if its clock ran),
    /// and the increment granted.
    pub(crate) fn after(&self, seat: usize) -> (Vec<i64>, i64) {
        let mut c = self.now();
        let granted = if self.running(seat) {
            self.increment()
        } else {
            0
        };
        if let (Some(left), true) = (c.get_mut(seat), self.running(seat)) {
            *left = (*left).max(0) + granted;
        }
        (c, granted)
    }

    /// Sets the remaining times (stored with a change) and stops every clock; the caller runs
    /// the right ones again.
    pub(crate) fn set(&mut self, left: Vec<i64>) {
        self.left = left;
        self.since.iter_mut().for_each(|s| *s = None);
    }

    /// Gives `seat` a minimum of time to think (back from a timeout).
    pub(crate) fn floor(&mut self, seat: usize) {
        if let Some(c) = self.spec {
            let floor = ms(c.increment_ms.max(10_000));
            if let Some(left) = self.left.get_mut(seat) {
                *left = (*left).max(floor);
            }
        }
    }

    /// The seats whose running clock has run out.
    pub(crate) fn flagged(&self) -> Vec<usize> {
        self.now()
            .iter()
            .enumerate()
            .filter(|&(i, &left)| left <= 0 && self.running(i))
            .map(|(i, _)| i)
            .collect()
    }

    /// Takes the running state of `other` (a fresh copy of the same table read from the store).
    pub(crate) fn keep_running_from(&mut self, other: Clocks) {
        if other.since.len() == self.since.len() {
            self.since = other.since;
        }
    }

    pub(crate) fn before(&self) -> ClocksBefore {
        ClocksBefore {
            left: self.left.clone(),
            since: self.since.clone(),
        }
    }

    pub(crate) fn put_back(&mut self, before: ClocksBefore) {
        self.left = before.left;
        self.since = before.since;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_running_clock_is_charged_and_earns_its_increment() {
        let spec = ClockSpec {
            initial_ms: 60_000,
            increment_ms: 5_000,
        };
        let mut c = Clocks::new(Some(spec), 2);
        assert!(c.on());
        c.run(|i| i == 0);
        assert!(c.running(0) && !c.running(1));
        let (after, granted) = c.after(0);
        assert_eq!(granted, 5_000);
        assert!(after[0] > 60_000 && after[0] <= 65_000, "{after:?}");
        assert_eq!(after[1], 60_000);
        // A stopped clock earns nothing.
        assert_eq!(c.after(1).1, 0);
        c.set(vec![-5, 100]);
        c.run(|i| i == 0);
        assert_eq!(c.flagged(), vec![0]);
        c.floor(0);
        assert!(c.now()[0] >= 9_000);
        assert!(!Clocks::new(None, 3).on());
    }
}
