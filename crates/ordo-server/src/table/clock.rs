//! A table's clocks: the time each seat has left at the last change, and since when the clocks
//! of the seats now deciding have been running; and, with or without a clock, since when the
//! game has waited on each seat (its turn), for reminders and for the others' vote to hand an
//! absent player's seat to the stand-in.

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
    /// Each seat's turn, while the game waits on it (every seat, with or without a clock).
    turn: Vec<Option<Turn>>,
    /// Seats whose clock is held (their player is on vacation): time does not run for them.
    held: Vec<bool>,
}

/// A seat's turn: since when the game has waited on it, the time it had then, and the
/// reminders sent.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn {
    /// When the turn began (moved on by the time a held clock did not run).
    pub(crate) at: Instant,
    /// The same moment, milliseconds since the Unix epoch.
    pub(crate) wall_ms: i64,
    /// The seat's time left when the turn began, milliseconds (0 without a clock).
    pub(crate) avail_ms: i64,
    /// Reminders sent this turn: 0 none, 1 at half the time, 2 at 90 %.
    pub(crate) reminded: u8,
}

/// A reminder due: the seat, how much of its turn's time has gone (percent) and the time left.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reminder {
    pub(crate) seat: usize,
    pub(crate) percent: u8,
    pub(crate) left_ms: i64,
}

/// What a change of the seats may have to put back.
#[derive(Clone, Debug)]
pub(crate) struct ClocksBefore {
    left: Vec<i64>,
    since: Vec<Option<Instant>>,
    turn: Vec<Option<Turn>>,
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
            turn: vec![None; seats],
            held: vec![false; seats],
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

    /// Runs the clocks of the seats for which `runs` is true, stops the others; a seat that
    /// starts to run begins a turn, a seat that stops ends it.
    pub(crate) fn run(&mut self, mut runs: impl FnMut(usize) -> bool) {
        let now = Instant::now();
        let wall_ms = crate::store::now_ms();
        for i in 0..self.turn.len() {
            let on = runs(i);
            if let Some(since) = self.since.get_mut(i) {
                if on {
                    since.get_or_insert(now);
                } else {
                    *since = None;
                }
            }
            let avail_ms = self.left.get(i).copied().unwrap_or(0);
            if let Some(turn) = self.turn.get_mut(i) {
                if !on {
                    *turn = None;
                } else if turn.is_none() {
                    *turn = Some(Turn {
                        at: now,
                        wall_ms,
                        avail_ms,
                        reminded: 0,
                    });
                }
            }
        }
    }

    /// The turns running now began at `wall_ms` (milliseconds since the Unix epoch): a table read
    /// back from the store has waited on its seats since its last stored change. Reminders and
    /// the clocks still count from now (the time the table was not held is not charged).
    pub(crate) fn waiting_from(&mut self, wall_ms: i64) {
        for t in self.turn.iter_mut().flatten() {
            t.wall_ms = t.wall_ms.min(wall_ms);
        }
    }

    /// Since when the game has waited on each seat, milliseconds since the Unix epoch.
    pub(crate) fn waiting_since(&self) -> Vec<Option<i64>> {
        self.turn.iter().map(|t| t.map(|t| t.wall_ms)).collect()
    }

    /// Holds `seat`'s clock (its player is on vacation) or lets it run again: while held, the
    /// time that passes is not charged, and its turn's reminders wait as long.
    pub(crate) fn hold(&mut self, seat: usize, on: bool, now: Instant) {
        let Some(held) = self.held.get_mut(seat) else {
            return;
        };
        let was = std::mem::replace(held, on);
        if !was && !on {
            // Running as it did: nothing to change.
            return;
        }
        let Some(Some(since)) = self.since.get(seat).copied() else {
            return;
        };
        let elapsed =
            i64::try_from(now.saturating_duration_since(since).as_millis()).unwrap_or(i64::MAX);
        if was {
            // Held since the last look: forgive the time gone since.
            if let Some(Some(turn)) = self.turn.get_mut(seat) {
                turn.at += now.saturating_duration_since(since);
            }
        } else if let Some(left) = self.left.get_mut(seat) {
            // Charged up to now, then held.
            *left -= elapsed;
        }
        if let Some(s) = self.since.get_mut(seat) {
            *s = Some(now);
        }
    }

    /// The reminders due at `now` on a turn-based table (half and 90 % of the time a seat had
    /// when its turn began), each marked sent.
    pub(crate) fn reminders_due(&mut self, now: Instant) -> Vec<Reminder> {
        let mut due = Vec::new();
        let left = self.left.clone();
        let since = self.since.clone();
        for (i, turn) in self.turn.iter_mut().enumerate() {
            let Some(t) = turn.as_mut() else { continue };
            if t.avail_ms <= 0 || self.held.get(i).copied().unwrap_or(false) {
                continue;
            }
            let gone =
                i64::try_from(now.saturating_duration_since(t.at).as_millis()).unwrap_or(i64::MAX);
            let percent = if gone.saturating_mul(10) >= t.avail_ms.saturating_mul(9) {
                2
            } else if gone.saturating_mul(2) >= t.avail_ms {
                1
            } else {
                0
            };
            if percent > t.reminded {
                t.reminded = percent;
                let running = since.get(i).copied().flatten().map_or(0, |s| {
                    i64::try_from(now.saturating_duration_since(s).as_millis()).unwrap_or(i64::MAX)
                });
                due.push(Reminder {
                    seat: i,
                    percent: if percent == 2 { 90 } else { 50 },
                    left_ms: left.get(i).copied().unwrap_or(0) - running,
                });
            }
        }
        due
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
            if let Some(cap) = self.spec.and_then(|k| k.max_ms) {
                *left = (*left).min(ms(cap));
            }
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
        if other.turn.len() == self.turn.len() {
            self.turn = other.turn;
            self.held = other.held;
        }
    }

    pub(crate) fn before(&self) -> ClocksBefore {
        ClocksBefore {
            left: self.left.clone(),
            since: self.since.clone(),
            turn: self.turn.clone(),
        }
    }

    pub(crate) fn put_back(&mut self, before: ClocksBefore) {
        self.left = before.left;
        self.since = before.since;
        self.turn = before.turn;
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
            max_ms: None,
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

    fn day(d: u64) -> u64 {
        d * 86_400_000
    }

    #[test]
    fn a_day_clock_resets_to_its_allowance_or_keeps_a_capped_bank() {
        // Two days per move, no bank: each move has exactly two days.
        let spec = ClockSpec {
            initial_ms: day(2),
            increment_ms: day(2),
            max_ms: Some(day(2)),
        };
        let mut c = Clocks::new(Some(spec), 2);
        c.run(|i| i == 0);
        c.set(vec![ms(day(1)), ms(day(2))]);
        c.run(|i| i == 0);
        let (after, _) = c.after(0);
        assert_eq!(after[0], ms(day(2)));
        // Two days per move and a bank of three: the unused time tops the bank up to five.
        let bank = ClockSpec {
            initial_ms: day(5),
            increment_ms: day(2),
            max_ms: Some(day(5)),
        };
        let mut c = Clocks::new(Some(bank), 2);
        c.set(vec![ms(day(1)), ms(day(5))]);
        c.run(|i| i == 0);
        let (after, _) = c.after(0);
        assert!(
            after[0] <= ms(day(3)) && after[0] > ms(day(3)) - 1000,
            "{after:?}"
        );
    }

    #[test]
    fn reminders_fire_at_half_and_ninety_percent_on_a_simulated_clock() {
        let spec = ClockSpec {
            initial_ms: day(2),
            increment_ms: day(2),
            max_ms: Some(day(2)),
        };
        let mut c = Clocks::new(Some(spec), 3);
        c.run(|i| i == 1);
        let start = Instant::now();
        assert_eq!(c.waiting_since().iter().filter(|w| w.is_some()).count(), 1);
        let hours = |h: u64| start + std::time::Duration::from_secs(h * 3600);
        assert!(c.reminders_due(hours(10)).is_empty());
        let half = c.reminders_due(hours(24));
        assert_eq!(half.len(), 1);
        assert_eq!((half[0].seat, half[0].percent), (1, 50));
        assert!(half[0].left_ms <= ms(day(1)) && half[0].left_ms > ms(day(1)) - 5000);
        // Sent once.
        assert!(c.reminders_due(hours(30)).is_empty());
        let late = c.reminders_due(hours(44));
        assert_eq!(late.len(), 1);
        assert_eq!(late[0].percent, 90);
        assert!(c.reminders_due(hours(47)).is_empty());
        // A new turn starts over.
        c.run(|_| false);
        assert!(c.waiting_since().iter().all(Option::is_none));
        c.run(|i| i == 1);
        assert!(c.reminders_due(hours(1)).is_empty());
    }

    #[test]
    fn a_held_clock_does_not_run_and_its_reminders_wait() {
        let spec = ClockSpec {
            initial_ms: day(1),
            increment_ms: day(1),
            max_ms: Some(day(1)),
        };
        let mut c = Clocks::new(Some(spec), 2);
        c.run(|i| i == 0);
        let start = Instant::now();
        let hours = |h: u64| start + std::time::Duration::from_secs(h * 3600);
        // Two hours run, then the player goes on vacation for three days.
        c.hold(0, true, hours(2));
        c.hold(0, true, hours(40));
        c.hold(0, true, hours(74));
        assert!(c.reminders_due(hours(74)).is_empty());
        c.hold(0, false, hours(74));
        // Back: 22 hours were left; the half reminder comes ten hours later.
        assert!(c.reminders_due(hours(83)).is_empty());
        assert_eq!(c.reminders_due(hours(87)).len(), 1);
    }

    #[test]
    fn clockless_tables_still_know_whose_turn_has_waited() {
        let mut c = Clocks::new(None, 2);
        assert!(!c.on());
        c.run(|i| i == 1);
        let w = c.waiting_since();
        assert!(w[0].is_none() && w[1].is_some());
        assert!(c.reminders_due(Instant::now()).is_empty());
    }
}
