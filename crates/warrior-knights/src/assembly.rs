//! The Assembly: Votes received, an acting Chairman, Private Motions, the Chairman's order,
//! secret Votes in closed fists (written for all three Agendas with two Barons), casting, ties,
//! refusals and bans, laws, charges, concessions and offices.

use crate::cards::{AgendaCategory, AgendaEffect, Resource, VoteKind};
use crate::phases::{AStage, Assembly};
use crate::state::{Loc, Phase, Step, WarriorKnights};
use crate::types::*;

impl WarriorKnights {
    pub(crate) fn start_assembly(&mut self) {
        self.push(Step::AssemblyNext);
    }

    fn agenda(&self, a: u8) -> &'static crate::cards::AgendaCard {
        &self.t().cards.agendas[usize::from(a)]
    }

    fn asm(&mut self) -> &mut Assembly {
        self.core.assembly.get_or_insert_with(|| Assembly {
            attending: Vec::new(),
            acting: 0,
            stage: AStage::Done,
            pm: Vec::new(),
            main: false,
            queue: Vec::new(),
            unordered: Vec::new(),
            voting: None,
            proposal: None,
            commits: Vec::new(),
            revealed: Vec::new(),
            casts: Vec::new(),
            result: None,
            index: 0,
        })
    }

    fn barred(&self, s: u8) -> bool {
        self.b(s)
            .charges
            .iter()
            .any(|&a| self.agenda(a).effect == AgendaEffect::BarredFromAssembly)
    }

    /// Seats that still owe Votes in their fist.
    pub(crate) fn pending_commits(&self) -> Vec<u8> {
        let Some(a) = &self.core.assembly else {
            return Vec::new();
        };
        let want = if self.core.n == 2 && a.main {
            a.queue.len()
        } else {
            1
        };
        a.attending
            .iter()
            .copied()
            .filter(|&s| a.commits[usize::from(s)].len() < want)
            .collect()
    }

    /// Votes `s` may still put in a fist.
    pub(crate) fn commit_room(&self, s: u8) -> u16 {
        let used: u16 = self
            .core
            .assembly
            .as_ref()
            .map_or(0, |a| a.commits[usize::from(s)].iter().sum());
        self.b(s).votes.saturating_sub(used)
    }

    pub(crate) fn ballot_options(&self, a: u8) -> Vec<Ballot> {
        match self.agenda(a).vote {
            VoteKind::YesNo => vec![Ballot::Yes, Ballot::No],
            VoteKind::ChooseBaron => self.active().into_iter().map(Ballot::For).collect(),
        }
    }

    pub(crate) fn assembly_next(&mut self) {
        if self.core.assembly.is_none() {
            let n = usize::from(self.core.n);
            let attending: Vec<u8> = self
                .order()
                .into_iter()
                .filter(|&s| !self.b(s).banned && !self.barred(s))
                .collect();
            for &s in &attending {
                let mut v =
                    1 + self.kingdom_cities_of(s) as i32 + self.herald_votes(s) + self.adv_votes(s);
                for &c in &self.b(s).charges {
                    if let AgendaEffect::AssemblyVotes { amount } = self.agenda(c).effect {
                        v += i32::from(amount);
                    }
                }
                self.gain(s, Resource::Votes, v);
            }
            let private: Vec<u8> = self
                .core
                .current_agendas
                .iter()
                .copied()
                .filter(|&a| self.agenda(a).category == AgendaCategory::PrivateMotion)
                .collect();
            let others: Vec<u8> = self
                .core
                .current_agendas
                .iter()
                .copied()
                .filter(|&a| self.agenda(a).category != AgendaCategory::PrivateMotion)
                .collect();
            let chair = self.core.chairman;
            let a = self.asm();
            a.attending = attending.clone();
            a.acting = chair;
            a.stage = AStage::Private;
            a.pm = private;
            a.unordered = others;
            a.commits = vec![Vec::new(); n];
            a.revealed = vec![0; n];
            a.casts = vec![None; n];
            if attending.is_empty() {
                self.core.assembly = None;
                return;
            }
            self.push(Step::AssemblyNext);
            if !attending.contains(&chair) {
                if self.b(chair).eliminated {
                    let acting = attending[0];
                    self.asm().acting = acting;
                } else {
                    self.core.phase = Phase::Appoint(chair);
                }
            }
            return;
        }
        let Some(a) = self.core.assembly.clone() else {
            return;
        };
        if a.attending.is_empty() {
            self.end_assembly();
            return;
        }
        match a.stage {
            AStage::Start | AStage::Private => {
                // Private Motions first, one at a time.
                if a.voting.is_none() {
                    if let Some(&pm) = a.pm.first() {
                        self.asm().pm.remove(0);
                        self.asm().voting = Some(pm);
                        self.push(Step::AssemblyNext);
                        match self.random_baron(None) {
                            Some(p) => self.core.phase = Phase::Propose(p),
                            None => self.asm().proposal = Some(Proposal::Postpone),
                        }
                        return;
                    }
                    self.asm().stage = AStage::Order;
                    self.push(Step::AssemblyNext);
                    return;
                }
                self.begin_vote();
            }
            AStage::Order => {
                if a.unordered.len() > 1 {
                    self.push(Step::AssemblyNext);
                    self.core.phase = Phase::Order(a.acting);
                    return;
                }
                let rest = a.unordered;
                let asm = self.asm();
                asm.queue.extend(rest);
                asm.unordered.clear();
                asm.index = 0;
                asm.main = true;
                if self.core.n == 2 {
                    if self.asm().queue.is_empty() {
                        self.asm().stage = AStage::Done;
                        self.push(Step::AssemblyNext);
                    } else {
                        self.begin_vote();
                    }
                } else {
                    self.next_queued();
                }
            }
            AStage::Commit => {
                if !self.pending_commits().is_empty() {
                    self.push(Step::AssemblyNext);
                    self.core.phase = Phase::Commit;
                    return;
                }
                self.reveal_votes();
            }
            AStage::Cast => {
                let Some(agenda) = a.voting else {
                    self.next_queued();
                    return;
                };
                let order = self.order_from(a.acting);
                let next = order.into_iter().find(|&s| {
                    a.attending.contains(&s)
                        && a.revealed[usize::from(s)] > 0
                        && a.casts[usize::from(s)].is_none()
                });
                if let Some(s) = next {
                    let opts = self.ballot_options(agenda);
                    self.push(Step::AssemblyNext);
                    if opts.len() == 1 {
                        self.asm().casts[usize::from(s)] = Some(opts[0]);
                    } else {
                        self.core.phase = Phase::Cast(s);
                    }
                    return;
                }
                self.asm().stage = AStage::Tally;
                self.push(Step::AssemblyNext);
            }
            AStage::Tally => {
                let Some(agenda) = a.voting else {
                    self.next_queued();
                    return;
                };
                if let Some(r) = a.result {
                    self.agenda_result(agenda, r);
                    return;
                }
                let opts = self.ballot_options(agenda);
                let mut totals = vec![0u32; opts.len()];
                for s in 0..self.core.n {
                    if let Some(c) = a.casts[usize::from(s)] {
                        if let Some(i) = opts.iter().position(|&o| o == c) {
                            totals[i] += u32::from(a.revealed[usize::from(s)]);
                        }
                    }
                }
                let best = totals.iter().copied().max().unwrap_or(0);
                let tied: Vec<Ballot> = opts
                    .iter()
                    .zip(&totals)
                    .filter(|(_, &t)| t == best)
                    .map(|(&o, _)| o)
                    .collect();
                self.push(Step::AssemblyNext);
                if tied.len() == 1 {
                    self.asm().result = Some(tied[0]);
                } else {
                    self.core.phase = Phase::Tie(a.acting);
                }
            }
            AStage::Done => self.end_assembly(),
        }
    }

    /// Options of a tie for the acting Chairman.
    pub(crate) fn tied_options(&self) -> Vec<Ballot> {
        let Some(a) = &self.core.assembly else {
            return Vec::new();
        };
        let Some(agenda) = a.voting else {
            return Vec::new();
        };
        let opts = self.ballot_options(agenda);
        let mut totals = vec![0u32; opts.len()];
        for s in 0..self.core.n {
            if let Some(c) = a.casts[usize::from(s)] {
                if let Some(i) = opts.iter().position(|&o| o == c) {
                    totals[i] += u32::from(a.revealed[usize::from(s)]);
                }
            }
        }
        let best = totals.iter().copied().max().unwrap_or(0);
        opts.into_iter()
            .zip(totals)
            .filter(|&(_, t)| t == best)
            .map(|(o, _)| o)
            .collect()
    }

    /// Starts the vote on `voting` (Private Motion, or one Agenda with three or more Barons).
    fn begin_vote(&mut self) {
        let a = self.asm();
        let n = a.commits.len();
        a.commits = vec![Vec::new(); n];
        a.revealed = vec![0; n];
        a.casts = vec![None; n];
        a.result = None;
        a.stage = AStage::Commit;
        self.push(Step::AssemblyNext);
    }

    /// Takes the next queued Agenda to the vote, or ends the Assembly.
    fn next_queued(&mut self) {
        let n2 = self.core.n == 2;
        let a = self.asm();
        a.proposal = None;
        a.result = None;
        if n2 {
            // Two Barons: the fists were filled for every queued Agenda at once.
            let i = usize::from(a.index);
            if i < a.queue.len() {
                a.voting = Some(a.queue[i]);
                for (s, c) in a.commits.iter().enumerate() {
                    a.revealed[s] = c.get(i).copied().unwrap_or(0);
                }
                a.casts = vec![None; a.casts.len()];
                a.index += 1;
                a.stage = AStage::Cast;
                self.spend_revealed();
            } else {
                a.voting = None;
                a.stage = AStage::Done;
            }
            self.push(Step::AssemblyNext);
            return;
        }
        if a.queue.is_empty() {
            a.voting = None;
            a.stage = AStage::Done;
            self.push(Step::AssemblyNext);
            return;
        }
        let next = a.queue.remove(0);
        a.voting = Some(next);
        self.begin_vote();
    }

    fn spend_revealed(&mut self) {
        let Some(a) = self.core.assembly.clone() else {
            return;
        };
        for s in 0..self.core.n {
            let v = a.revealed[usize::from(s)];
            self.gain(s, Resource::Votes, -i32::from(v));
        }
    }

    fn reveal_votes(&mut self) {
        if self.core.n == 2 && self.asm().main {
            self.asm().index = 0;
            self.next_queued();
            return;
        }
        let a = self.asm();
        for s in 0..a.commits.len() {
            a.revealed[s] = a.commits[s].first().copied().unwrap_or(0);
        }
        a.stage = AStage::Cast;
        self.spend_revealed();
        self.push(Step::AssemblyNext);
    }

    /// Applies a passed or failed Agenda.
    fn agenda_result(&mut self, agenda: u8, r: Ballot) {
        let card = self.agenda(agenda);
        self.remove_current(agenda);
        let a = self.asm();
        a.result = None;
        let proposal = a.proposal.take();
        let mut discard = true;
        match (card.category, r) {
            (AgendaCategory::PrivateMotion, Ballot::Yes) => {
                if let Some(p) = proposal {
                    self.core.agenda_discard.push(agenda);
                    self.carry_proposal(p);
                    return;
                }
            }
            (AgendaCategory::Motion, Ballot::Yes) => {
                if let AgendaEffect::EachBaron { resource, amount } = card.effect {
                    for s in self.active() {
                        self.gain(s, resource, i32::from(amount));
                    }
                }
            }
            (AgendaCategory::Law, Ballot::Yes) => {
                self.core.laws.push(agenda);
                discard = false;
            }
            (_, Ballot::For(x)) => {
                self.core.agenda_discard.push(agenda);
                if self.refusable(agenda) {
                    self.asm().result = Some(r);
                    self.asm().voting = Some(agenda);
                    self.core.phase = Phase::Refusal(x);
                    // The Refusal decision continues through accept_agenda.
                    self.core.agenda_discard.pop();
                    return;
                }
                self.accept_agenda(agenda, x);
                return;
            }
            _ => {}
        }
        if discard {
            self.core.agenda_discard.push(agenda);
        }
        self.after_agenda();
    }

    pub(crate) fn after_agenda(&mut self) {
        let a = self.asm();
        a.voting = None;
        a.result = None;
        a.proposal = None;
        if a.stage == AStage::Done {
            self.push(Step::AssemblyNext);
        } else if !a.main {
            a.stage = AStage::Private;
            self.push(Step::AssemblyNext);
        } else {
            self.next_queued();
        }
    }

    fn remove_current(&mut self, agenda: u8) {
        if let Some(i) = self.core.current_agendas.iter().position(|&c| c == agenda) {
            self.core.current_agendas.remove(i);
        }
    }

    /// Whether the chosen Baron may (sensibly) refuse: only Agendas that harm him are offered
    /// for refusal.
    fn refusable(&self, agenda: u8) -> bool {
        match self.agenda(agenda).effect {
            AgendaEffect::Baron { amount, .. } => amount < 0,
            AgendaEffect::BarredFromAssembly => true,
            AgendaEffect::Taxation { amount } => amount < 0,
            AgendaEffect::AssemblyVotes { amount } => amount < 0,
            _ => false,
        }
    }

    /// The chosen Baron takes the Agenda.
    pub(crate) fn accept_agenda(&mut self, agenda: u8, x: u8) {
        let card = self.agenda(agenda);
        match card.effect {
            AgendaEffect::Baron { resource, amount } => {
                self.gain(x, resource, i32::from(amount));
                self.core.agenda_discard.push(agenda);
            }
            AgendaEffect::TakeChairman => {
                if !self.b(x).banned {
                    self.core.chairman = x;
                }
                self.core.agenda_discard.push(agenda);
            }
            AgendaEffect::TakeHeadOfChurch => {
                self.core.head = x;
                self.core.agenda_discard.push(agenda);
            }
            AgendaEffect::Maintained { .. } => {
                if (0..4u8).any(|k| !self.nb(x, k).gone) {
                    self.asm().voting = Some(agenda);
                    self.core.phase = Phase::Office(x);
                    return;
                }
                self.core.agenda_discard.push(agenda);
            }
            AgendaEffect::AssemblyVotes { .. }
            | AgendaEffect::BarredFromAssembly
            | AgendaEffect::Taxation { .. } => {
                if self.b(x).charges.len() >= 3 {
                    self.asm().voting = Some(agenda);
                    self.core.phase = Phase::DropCharge(x);
                    return;
                }
                self.bm(x).charges.push(agenda);
                if card.effect == AgendaEffect::BarredFromAssembly {
                    self.asm().attending.retain(|&s| s != x);
                }
            }
            _ => self.core.agenda_discard.push(agenda),
        }
        self.after_agenda();
    }

    /// Carries out a passed Private Motion.
    fn carry_proposal(&mut self, p: Proposal) {
        match p {
            Proposal::RescindBan(x) => self.bm(x).banned = false,
            Proposal::DiscardLaw(k) => {
                if let Some(i) = self.core.laws.iter().position(|&l| l == k) {
                    self.core.laws.remove(i);
                    self.core.agenda_discard.push(k);
                }
            }
            Proposal::DiscardCharge(x, k) => {
                if let Some(i) = self.b(x).charges.iter().position(|&c| c == k) {
                    self.bm(x).charges.remove(i);
                    self.core.agenda_discard.push(k);
                }
            }
            Proposal::DiscardOffice(x, k) => {
                if let Some(o) = self.nbm(x, k).office.take() {
                    self.core.agenda_discard.push(o);
                }
                // Rules revision 4: his maintained troops were all he had, so he leaves the
                // board (not dead), as any Noble left without troops does.
                let nb = self.nb(x, k);
                if self.config.revision_4() && nb.troops.is_empty() && nb.loc != Loc::Off {
                    self.leave_board(x, k);
                }
            }
            Proposal::Postpone => {
                let a = self.asm();
                a.stage = AStage::Done;
                a.queue.clear();
                a.unordered.clear();
            }
            Proposal::Revive(k) => {
                let from_discard = self.core.agenda_discard.iter().position(|&c| c == k);
                let found = match from_discard {
                    Some(i) => {
                        self.core.agenda_discard.remove(i);
                        true
                    }
                    None => match self.core.agendas.iter().position(|&c| c == k) {
                        Some(i) => {
                            self.core.agendas.remove(i);
                            true
                        }
                        None => false,
                    },
                };
                if found {
                    self.core.current_agendas.push(k);
                    if self.agenda(k).category == AgendaCategory::PrivateMotion {
                        self.asm().pm.insert(0, k);
                    } else {
                        self.asm().unordered.insert(0, k);
                    }
                }
            }
        }
        self.after_agenda();
    }

    /// Proposals the proposer of a Private Motion may make.
    pub(crate) fn proposals(&self) -> Vec<Proposal> {
        let mut out = vec![Proposal::Postpone];
        for s in self.active() {
            if self.b(s).banned {
                out.push(Proposal::RescindBan(s));
            }
            for &c in &self.b(s).charges {
                out.push(Proposal::DiscardCharge(s, c));
            }
            for k in 0..4u8 {
                if self.nb(s, k).office.is_some() {
                    out.push(Proposal::DiscardOffice(s, k));
                }
            }
        }
        for &l in &self.core.laws {
            out.push(Proposal::DiscardLaw(l));
        }
        if self.config.optional.open_private_motions {
            for k in 0..self.t().cards.agendas.len() as u8 {
                if self.core.agenda_discard.contains(&k) || self.core.agendas.contains(&k) {
                    out.push(Proposal::Revive(k));
                }
            }
        } else {
            for &k in &self.core.agenda_discard {
                out.push(Proposal::Revive(k));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    fn end_assembly(&mut self) {
        self.core.assembly = None;
        self.refill_agendas();
    }
}
