// @ts-check
// Each decision and log line in the current language; which decisions name an area or are risky.

import { data } from './data.js';
import { areaName, cityName, who, shapeName, cardName, zoneName, expName, agendaName, eventName, natName, troopText, holderName, ballotText, fateBattle, proposalText } from './names.js';
import { s, actionKind } from '../../shell/dom.js';
import { t } from './ctx.js';
import { revoltCity, revoltPrices } from './history.js';
import { cardText, gainsOf, alsoOf } from './follow.js';
import { offerDecisionText } from './offers.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').Legal} Legal */
/** @typedef {import('../../src/generated').LogLine} LogLine */
/** @typedef {import('../../src/generated').WkView} WkView */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// Decisions
// ---------------------------------------------------------------------------------------------

/** Decisions that name an area, and where. */
/** @type {Record<string, (v: any) => unknown>} */
export const AREA_OF = {
  place_stronghold: (v) => v,
  place_noble: (v) => v?.area,
  mobilize_to: (v) => v,
  move: (v) => v?.to,
  move_ask: (v) => v?.to,
  sail: (v) => v?.to,
  road_halt: (v) => v?.at,
  retreat_to: (v) => v,
  versatile_battle: (v) => v,
};

/** The payload of a decision (`null` for a bare word). @param {unknown} a @returns {any} */
export function payload(a) {
  if (a === null || typeof a !== 'object') return null;
  return Object.values(/** @type {Record<string, unknown>} */ (a))[0];
}

/** The area a decision names, if any. @param {unknown} a @returns {number | null} */
export function region(a) {
  const f = AREA_OF[actionKind(a)];
  if (!f) return null;
  const r = f(payload(a));
  return typeof r === 'number' ? r : null;
}

/** Decisions a misclick would hurt (asked twice). */
export const RISKY = new Set(['refuse_agenda', 'refuse_tithe', 'let_revolt', 'raze']);

/**
 * Cards the viewer could still lay this Planning (none outside Planning).
 * @param {WkView | null} view
 */
export function cardsLeftToLay(view) {
  const mine = view?.mine;
  if (!mine || view?.phase.kind !== 'planning') return 0;
  const laid = mine.planned.reduce((n, st) => n + st.length, 0);
  const inHand = mine.hand.reduce((n, c) => n + c, 0);
  return Math.max(0, Math.min(6 - laid, inHand));
}

/**
 * Whether a misclick on this decision would hurt (asked twice): the RISKY ones, and finishing
 * Planning while cards could still be laid.
 * @param {unknown} a @param {WkView | null} view
 */
export function risky(a, view) {
  const k = actionKind(a);
  if (k === 'plan_done') return cardsLeftToLay(view) > 0;
  return RISKY.has(k);
}

/**
 * A decision in the chosen language, or null when unknown. `live`: the view is the one the decision
 * was offered in (some decisions name things by their index in it).
 * @param {unknown} a @param {WkView | null} view @param {boolean} live
 * @returns {string | null}
 */
export function describe(a, view, live) {
  const k = actionKind(a);
  const v = payload(a);
  const area = (/** @type {number} */ x) => areaName(x);
  switch (k) {
    case 'place_stronghold': return t('d.place_stronghold', { area: area(v) });
    case 'assign_start': {
      const next = live ? view?.mine?.start_troops[0] : undefined;
      return next != null
        ? t('d.assign_start_troop', { troop: troopText(next), holder: holderName(v) })
        : t('d.assign_start', { holder: holderName(v) });
    }
    case 'place_noble': return t('d.place_noble', { shape: shapeName(v.shape), area: area(v.area) });
    case 'plan': return t('d.plan', { card: cardName(v.card), n: v.stack + 1 });
    case 'plan_done': {
      const laid = view?.mine?.planned.reduce((n, st) => n + st.length, 0) ?? 0;
      return live && cardsLeftToLay(view) > 0 ? t('d.plan_done_early', { n: laid }) : t('d.plan_done');
    }
    case 'decline': return t('d.decline');
    case 'carry_out': return t('d.carry_out');
    case 'draft_spot': return t('d.draft_spot', { n: v + 1 });
    case 'allocate_to': return t('d.allocate_to', { zone: zoneName(v) });
    case 'mobilize_to': return t('d.mobilize_to', { area: area(v) });
    case 'move': return t('d.move', { shape: shapeName(v.shape), area: area(v.to) });
    case 'move_ask': return t('d.move_ask', { shape: shapeName(v.shape), area: area(v.to) });
    case 'sail': return t('d.sail', { shape: shapeName(v.shape), area: area(v.to) });
    case 'road_halt': return t('d.road_halt', { shape: shapeName(v.shape), area: area(v.at) });
    case 'road_stay': return t('d.road_stay');
    case 'transfer': return t('d.transfer', { troop: troopText(v.troop), holder: holderName(v.to) });
    case 'transfer_army': return t('d.transfer_army', { from: holderName(v.from), to: holderName(v.to) });
    case 'end_moves': return t('d.end_moves');
    case 'versatile_crowns': return t('d.versatile_crowns');
    case 'versatile_vote': return t('d.versatile_vote');
    case 'versatile_track': return t('d.versatile_track', { n: v + 1, fee: data().comp.mercenary_track[v]?.versatile_fee ?? '?' });
    case 'versatile_battle': return t('d.versatile_battle', { area: area(v) });
    case 'attack': return v === 'neutral' ? t('d.attack_neutral') : t('d.attack', { who: who(v.baron) });
    case 'no_battle': return t('d.no_battle');
    case 'assault': return t('d.assault');
    case 'siege': return t('d.siege');
    case 'fight': return t('d.fight', { shape: shapeName(v) });
    case 'engage': return t('d.engage');
    case 'commander': return t('d.commander', { shape: shapeName(v) });
    case 'discard_fate': return t('d.discard_fate', { fate: fateBattle(v) });
    case 'keep_fate': return t('d.keep_fate');
    case 'casualty': return t('d.casualty', { holder: holderName(v) });
    case 'breach': return t('d.breach');
    case 'retreat_to': return t('d.retreat_to', { area: area(v) });
    case 'raze': return t('d.raze');
    case 'keep_city': return t('d.keep_city');
    case 'give_city': return t('d.give_city', { city: cityName(v) });
    case 'grant': return t('d.grant');
    case 'refuse': return t('d.refuse');
    case 'pay_wages': return t('d.pay_wages');
    case 'dismiss': return t('d.dismiss', { troop: troopText(v) });
    case 'hire': return t('d.hire', { troop: troopText(v) });
    case 'hire_bundle': return t('d.hire_bundle', { nat: natName(data().comp.nationalities[v]?.id ?? String(v)) });
    case 'no_hire': return t('d.no_hire');
    case 'assign_hire': return t('d.assign_hire', { holder: holderName(v) });
    case 'repair': return v.site === 'stronghold'
      ? t('d.repair_stronghold', { n: v.count })
      : t('d.repair_city', { n: v.count, city: cityName(v.site.city) });
    case 'fortify': return t('d.fortify', { city: cityName(v) });
    case 'no_upgrade': return t('d.no_upgrade');
    case 'muster': return t('d.muster', { n: v.count, holder: holderName(v.army) });
    case 'no_muster': return t('d.no_muster');
    case 'event_to': return t('d.event_to', { who: who(v) });
    case 'event_target': return t('d.event_target', { who: who(v) });
    case 'cancel_event': return t('d.cancel_event');
    case 'accept_event': return t('d.accept_event');
    case 'pledge': return t('d.pledge', { n: v });
    case 'start_expedition': return t('d.start_expedition', { exp: expName(v) });
    case 'no_expedition': return t('d.no_expedition');
    case 'fund': return t('d.fund', { n: v });
    case 'bless': return t('d.bless');
    case 'no_bless': return t('d.no_bless');
    case 'appoint': return t('d.appoint', { who: who(v) });
    case 'propose': return t('d.propose', { what: proposalText(v) });
    case 'next_agenda': {
      const kind = live ? view?.assembly?.assembly.unordered[v] : undefined;
      return kind != null ? t('d.next_agenda', { agenda: agendaName(kind) }) : t('d.next_agenda_n', { n: v + 1 });
    }
    case 'commit': return t('d.commit', { n: v });
    case 'cast': return t('d.cast', { ballot: ballotText(v) });
    case 'tie_break': return t('d.tie_break', { ballot: ballotText(v) });
    case 'accept_agenda': return t('d.accept_agenda');
    case 'refuse_agenda': return t('d.refuse_agenda');
    case 'office_to': return t('d.office_to', { shape: shapeName(v) });
    case 'drop_charge': {
      const seat = view?.phase.seat;
      const kind = live && seat != null ? view?.barons[seat]?.charges[v] : undefined;
      return kind != null ? t('d.drop_charge', { agenda: agendaName(kind) }) : t('d.drop_charge_n', { n: v + 1 });
    }
    case 'comply_tithe': return t('d.comply_tithe');
    case 'refuse_tithe': return t('d.refuse_tithe');
    case 'buy_off_faith': {
      const r = live ? view?.revolt : null;
      return r ? t('d.buy_off_faith_city', { city: revoltCity(r), n: r.faith }) : t('d.buy_off_faith');
    }
    case 'buy_off_crowns': {
      const r = live ? view?.revolt : null;
      return r ? t('d.buy_off_crowns_city', { city: revoltCity(r), n: r.crowns, income: r.income }) : t('d.buy_off_crowns');
    }
    case 'let_revolt': {
      const r = live ? view?.revolt : null;
      return r ? t('d.let_revolt_city', { city: revoltCity(r), income: r.income }) : t('d.let_revolt');
    }
    case 'resolve_revolt': {
      const r = live ? view?.revolts_waiting.find((w) => w.city === v) ?? (view?.revolt?.city === v ? view?.revolt : null) : null;
      return r ? t('d.resolve_revolt_prices', { city: revoltCity(r), prices: revoltPrices(r) }) : t('d.resolve_revolt', { city: cityName(v) });
    }
    case 'lose_troop': {
      const l = live ? view?.losses[0] : null;
      if (!l) return t('d.lose_troop', { troop: troopText(v) });
      return l.deserter != null
        ? t('d.lose_troop_desert', { troop: troopText(v), holder: holderName(l.holder) })
        : t('d.lose_troop_casualty', { troop: troopText(v), holder: holderName(l.holder) });
    }
    case 'cancel_lasting': {
      const ev = live ? view?.lasting[v] : undefined;
      return ev ? t('d.cancel_lasting', { event: eventName(ev[0]) }) : t('d.cancel_lasting_n', { n: v + 1 });
    }
    case 'return_done': return t('d.return_done');
    case 'assign_king_army': return t('d.assign_king_army', { holder: holderName(v) });
    case 'give_crowns': return t('d.give_crowns', { n: v.crowns, who: who(v.to) });
    case 'give_heir': return t('d.give_heir', { heir: t('heir_of', { who: who(v.of), shape: shapeName(v.shape) }), who: who(v.to) });
    case 'offer':
    case 'accept_offer':
    case 'decline_offer':
    case 'withdraw_offer': return offerDecisionText(k, v);
    default: return null;
  }
}

/** A legal decision's label in the chosen language. @param {Snapshot} snap @param {WkView} view @param {Legal} legal */
export function label(snap, view, legal) {
  try {
    return describe(legal.action, view, true) ?? legal.label;
  } catch {
    return legal.label;
  }
}

/**
 * A log line in the chosen language: the card it resolved and what it moved, when this page saw
 * the decision made ("plays Levy Taxes → +3 crowns").
 * @param {WkView} view @param {LogLine} e
 */
export function logText(view, e) {
  let text;
  const k = actionKind(e.action);
  try {
    text = describe(e.action, view, false) ?? e.label ?? '';
  } catch {
    text = e.label ?? '';
  }
  const card = cardText(e);
  if (card) {
    if (k === 'carry_out') text = t('log.carry_out', { card });
    else if (k === 'decline') text = t('log.decline', { card });
    else if (k === 'allocate_to') text = t('log.allocate_to', { card, zone: zoneName(payload(e.action)) });
    else if (['draft_spot', 'versatile_crowns', 'versatile_vote', 'versatile_track', 'versatile_battle', 'mobilize_to', 'hire', 'hire_bundle', 'no_hire', 'pledge', 'fund', 'start_expedition', 'repair', 'fortify', 'muster'].includes(k)) text = t('log.with_card', { card, text });
  }
  // A gift's own words say what moved.
  const gains = k === 'give_crowns' || k === 'accept_offer' ? null : gainsOf(e);
  if (gains) text = t('log.result', { text, gains });
  return [text, ...alsoOf(e)].join(' · ');
}

// ---------------------------------------------------------------------------------------------
