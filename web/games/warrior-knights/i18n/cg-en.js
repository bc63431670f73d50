// @ts-check
// Warrior Knights (en): gifts at any time, Exchanging Heirs and Crown and Glory's variants.

/** @type {import('../../../shell/i18n.js').Dict} */
export default {
  "d.give_crowns": {"one": "Give {n} crown to {who}", "other": "Give {n} crowns to {who}"},
  "d.give_heir": "Give {heir} to {who}",
  "heir_of": "the heir of {who}'s {shape} Noble",
  "heir_held_by": "heir held by {who}",
  "dead_heir_home": "dead: his heir may return in the Upkeep",
  "dead_heir_away": "dead: returns only when {who} hands his heir back",
  "give.title": "Give (at any time)",
  "give.hint": "Crowns and, with Exchanging Heirs, heir tokens may be given to another Baron at any moment, whoever's turn it is. Everyone sees it; it cannot be taken back. Promises stay in the chat.",
  "give.crowns": "Crowns",
  "give.how_many": "How many crowns",
  "give.to": "To whom",
  "give.go": "Give",
  "give.heirs": "Heir tokens you hold",
  "give.no_heirs": "You hold no heir token.",
  "give.confirm_crowns": {"one": "Give {n} crown to {who}?", "other": "Give {n} crowns to {who}?"},
  "give.confirm_heir": "Give {heir} to {who}?",
  "give.final": "A gift is final.",
  "king": "King",
  "king_hint": "Crowned when the Influence pool ran out: +1 Influence every Upkeep; whoever takes his stronghold takes the crown and the King's Army",
  "king_army_troop": "King's Army {n}",
  "d.assign_king_army": "King's Army card to {holder}",
  "ph.king_army": "The King: {who} places the King's Army",
  "king_none": "no King yet",
  "king_fact": "King: {who}",
  "king_end": "ends at {n} Influence",
  "king_end_hint": "The King (Crown and Glory): the game ends when a Baron has this much Influence at the end of a round; the most Influence wins, King or not",
};
