//! Offers between two Barons (W30): with *Exchanging Heirs*, a Baron may propose an exchange of
//! crowns and heir tokens to another at any time; nothing changes hands until the receiver
//! accepts. An offer is seen by the two of them only, until the acceptance makes the exchange
//! public; declining and withdrawing tell only the other side.

use ordo_core::ActionList;

use crate::state::WarriorKnights;
use crate::types::{Action, HeirToken, OpenOffer, Stake};

/// The offers still open (present once the first offer is made, so tables that never trade
/// keep their state hashes).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Offers {
    /// Open offers, oldest first: at most one from each Baron to each other.
    pub(crate) open: Vec<OpenOffer>,
}

/// The crown amounts of the offers [`WarriorKnights::offer_decisions`] lists.
pub(crate) const LISTED_CROWNS: [u8; 6] = [1, 2, 3, 5, 10, 20];

impl WarriorKnights {
    /// The open offers `viewer` takes part in (all of them for `None`), while both Barons are
    /// in the game and the game goes on.
    pub(crate) fn offers_seen_by(&self, viewer: Option<u8>) -> Vec<OpenOffer> {
        let Some(o) = self.core.offers.0.as_ref() else {
            return Vec::new();
        };
        if self.core.outcome.is_some() {
            return Vec::new();
        }
        o.open
            .iter()
            .filter(|x| viewer.is_none_or(|v| x.from == v || x.to == v))
            .filter(|x| !self.b(x.from).eliminated && !self.b(x.to).eliminated)
            .copied()
            .collect()
    }

    /// The open offer from `from` to `to`.
    fn offer(&self, from: u8, to: u8) -> Option<OpenOffer> {
        self.offers_seen_by(None)
            .into_iter()
            .find(|x| x.from == from && x.to == to)
    }

    /// The other Baron who sees the offer decision `a`: the offer's other side.
    pub(crate) fn offer_party(a: &Action) -> Option<u8> {
        match *a {
            Action::Offer { to, .. } | Action::WithdrawOffer { to } => Some(to),
            Action::AcceptOffer { from, .. } | Action::DeclineOffer { from, .. } => Some(from),
            _ => None,
        }
    }

    /// The open offer from `from` to `s`, if its terms are still `give` for `take`.
    fn answered(&self, s: u8, from: u8, give: Stake, take: Stake) -> Result<OpenOffer, String> {
        let x = self
            .offer(from, s)
            .ok_or("no such offer to you (it may have been withdrawn)")?;
        if x.give != give || x.take != take {
            return Err("that offer has been replaced: read the new one".into());
        }
        Ok(x)
    }

    /// Why `s` cannot hand over `stake` now (`Ok` if he can).
    fn holds(&self, s: u8, stake: &Stake) -> Result<(), String> {
        let held = self.b(s).crowns;
        if u16::from(stake.crowns) > held {
            return Err(format!(
                "{} holds only {held} crowns",
                crate::describe::baron_name(self.t(), s)
            ));
        }
        if let Some(HeirToken { of, shape }) = stake.heir {
            if of >= self.core.n || shape >= 4 {
                return Err("there is no such Noble".into());
            }
            if self.heir_holder(of, shape) != Some(s) {
                return Err(format!(
                    "{} does not hold that heir",
                    crate::describe::baron_name(self.t(), s)
                ));
            }
        }
        Ok(())
    }

    /// Why `s` may not make the offer decision `a` now (`Ok` if he may).
    pub(crate) fn check_offer(&self, s: u8, a: &Action) -> Result<(), String> {
        if self.core.heirs.0.is_none() {
            return Err("offers exchange heir tokens: only with Exchanging Heirs".into());
        }
        if self.b(s).eliminated {
            return Err("a Baron out of the game makes no offer".into());
        }
        match *a {
            Action::Offer { to, give, take } => {
                if to >= self.core.n {
                    return Err("there is no such Baron".into());
                }
                if to == s {
                    return Err("an offer goes to another Baron".into());
                }
                if self.b(to).eliminated {
                    return Err("that Baron is out of the game".into());
                }
                if give.is_empty() || take.is_empty() {
                    return Err(
                        "an offer gives something and asks something (a gift needs no answer)"
                            .into(),
                    );
                }
                if give.heir.is_none() && take.heir.is_none() {
                    return Err("an offer exchanges at least one heir token".into());
                }
                self.holds(s, &give)?;
                self.holds(to, &take)
            }
            Action::AcceptOffer { from, give, take } => {
                let x = self.answered(s, from, give, take)?;
                self.holds(x.from, &x.give)?;
                self.holds(x.to, &x.take)
            }
            Action::DeclineOffer { from, give, take } => {
                self.answered(s, from, give, take).map(|_| ())
            }
            Action::WithdrawOffer { to } => self
                .offer(s, to)
                .map(|_| ())
                .ok_or_else(|| "you have no open offer to that Baron".into()),
            _ => Err("not an offer".into()),
        }
    }

    /// Hands `crowns` (at most what `from` holds) and the heir token `heir` from `from` to
    /// `to`: a gift, or one side of an accepted offer (checked before).
    pub(crate) fn hand_over(&mut self, from: u8, to: u8, crowns: u16, heir: Option<HeirToken>) {
        let crowns = crowns.min(self.b(from).crowns);
        self.bm(from).crowns -= crowns;
        let r = self.bm(to);
        r.crowns = r.crowns.saturating_add(crowns);
        if let Some(HeirToken { of, shape }) = heir {
            if let Some(row) = self
                .core
                .heirs
                .0
                .as_mut()
                .and_then(|h| h.get_mut(usize::from(of)))
            {
                row[usize::from(shape) & 3] = to;
            }
        }
    }

    /// Applies an offer decision checked by [`WarriorKnights::check_offer`]; the turn stays
    /// where it was.
    pub(crate) fn apply_offer(&mut self, s: u8, a: Action) {
        self.core.decisions += 1;
        let offers = self.core.offers.0.get_or_insert_with(Offers::default);
        match a {
            Action::Offer { to, give, take } => {
                offers.open.retain(|x| !(x.from == s && x.to == to));
                offers.open.push(OpenOffer {
                    from: s,
                    to,
                    give,
                    take,
                });
            }
            Action::AcceptOffer { from, .. } | Action::DeclineOffer { from, .. } => {
                let Some(at) = offers.open.iter().position(|x| x.from == from && x.to == s) else {
                    return;
                };
                let x = offers.open.remove(at);
                if matches!(a, Action::AcceptOffer { .. }) {
                    self.hand_over(x.from, x.to, x.give.crowns.into(), x.give.heir);
                    self.hand_over(x.to, x.from, x.take.crowns.into(), x.take.heir);
                }
            }
            Action::WithdrawOffer { to } => {
                offers.open.retain(|x| !(x.from == s && x.to == to));
            }
            _ => {}
        }
    }

    /// The offer decisions `s` may make now, sorted (appended to `out`): accepting each offer
    /// to him both sides can still honour, declining each offer to him, withdrawing each of
    /// his; and, to each other Baron, the offers whose two sides are one thing each, with at
    /// least one heir token: an heir for an heir, or an heir for one of the crown amounts in
    /// [`LISTED_CROWNS`] (either way). Every other offer (any amount, crowns and an heir on
    /// one side) is allowed too, judged by [`WarriorKnights::check_offer`], and not listed:
    /// the list serves random play and tests, and all amounts would make it hundreds long.
    pub(crate) fn offer_decisions(&self, s: u8, out: &mut ActionList<Action>) {
        if self.core.heirs.0.is_none() || s >= self.core.n || self.b(s).eliminated {
            return;
        }
        let start = out.len();
        for x in self.offers_seen_by(Some(s)) {
            if x.to == s {
                let (from, give, take) = (x.from, x.give, x.take);
                let accept = Action::AcceptOffer { from, give, take };
                if self.check_offer(s, &accept).is_ok() {
                    out.push(accept);
                }
                out.push(Action::DeclineOffer { from, give, take });
            } else {
                out.push(Action::WithdrawOffer { to: x.to });
            }
        }
        let sides = |b: u8| -> Vec<Stake> {
            let held = self.b(b).crowns;
            let mut v: Vec<Stake> = LISTED_CROWNS
                .iter()
                .filter(|&&c| u16::from(c) <= held)
                .map(|&crowns| Stake { crowns, heir: None })
                .collect();
            for of in 0..self.core.n {
                for shape in 0..4u8 {
                    if self.heir_holder(of, shape) == Some(b) {
                        v.push(Stake {
                            crowns: 0,
                            heir: Some(HeirToken { of, shape }),
                        });
                    }
                }
            }
            v
        };
        let mine = sides(s);
        for to in self.active() {
            if to == s {
                continue;
            }
            let theirs = sides(to);
            for &give in &mine {
                for &take in &theirs {
                    if give.heir.is_some() || take.heir.is_some() {
                        out.push(Action::Offer { to, give, take });
                    }
                }
            }
        }
        out[start..].sort_unstable();
    }
}
