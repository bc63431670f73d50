// @ts-check
// Warrior Knights at the table: the map, the Barons' boards, the court (Action stacks, special-phase
// areas, Mercenary Track, Agendas, expeditions), the battle and the Assembly, the planning board,
// and every decision in the chosen language. Loaded by app.js only for Warrior Knights tables.
// Its strings (English, Vietnamese, Japanese, Russian) are at the end of this file.

import { h, s, stitle, seatBadge, seatLabel, SEAT_COLORS, SEAT_INK, clickRegion, choose, decisionButton, renderTable, actionKind, hexPoints } from './app.js';
import { t, getLang } from './i18n.js';

/** @typedef {import('./src/generated').Snapshot} Snapshot */
/** @typedef {import('./src/generated').Legal} Legal */
/** @typedef {import('./src/generated').LogLine} LogLine */
/** @typedef {import('./src/generated').WkView} WkView */
/** @typedef {import('./src/generated').WkBaronView} WkBaronView */
/** @typedef {import('./src/generated').WkNobleView} WkNobleView */
/** @typedef {import('./src/generated').WkLoc} WkLoc */
/** @typedef {import('./src/generated').WkHolder} WkHolder */
/** @typedef {import('./src/generated').WkBallot} WkBallot */
/** @typedef {import('./src/generated').WkProposal} WkProposal */
/** @typedef {import('./src/generated').WkBaronCard} WkBaronCard */
/** @typedef {import('./src/generated').WkCard} WkCard */
/** @typedef {import('./src/generated').WkZone} WkZone */
/** @typedef {import('./src/generated').WkStage} WkStage */
/** @typedef {import('./src/generated').WkSite} WkSite */
/** @typedef {import('./src/generated').WkTarget} WkTarget */

/** @typedef {Node | string | number | null | undefined | false} Kid */
/** @typedef {Kid | Array<Kid | Array<Kid>>} Kids */

// ---------------------------------------------------------------------------------------------
// Data (GET /api/games/warrior-knights/data)
// ---------------------------------------------------------------------------------------------

/** @typedef {{id: string, col: number, row: number, port?: boolean, city?: string}} KingdomArea */
/** @typedef {{id: string, city?: string, port?: boolean}} OverseasArea */
/** @typedef {{kingdom: Array<KingdomArea>, borders: Array<{between: [string, string], kind: string}>, roads: Array<Array<string>>, overseas: Array<OverseasArea>, expeditions: Array<string>, columns: number, rows: number}} MapFile */
/** @typedef {{id: string, name: string, kind: string, strength: number, income: number}} CityDef */
/** @typedef {{id: string, nationality: string, strength: number, wage: number}} MercDef */
/** @typedef {{id: string, baron: string, noble: string, battle: string, revolt: boolean, city: string, nationality: string, ceylon: string, spice_islands: string, china: string}} FateDef */
/** @typedef {{id: string, name: string, category: string, vote: string, effect: Record<string, any>}} AgendaDef */
/** @typedef {{id: string, name: string, colour: string, cancel_cost: number, lasting: boolean, effect: Record<string, any>}} EventDef */
/**
 * @typedef {object} Components
 * @property {Array<{id: string, name: string, colour: string, stronghold_strength: number}>} barons
 * @property {Array<string>} noble_shapes
 * @property {Array<{id: string}>} nationalities
 * @property {Array<{id: string, name: string}>} baron_actions
 * @property {Array<{id: string, name: string}>} neutral_actions
 * @property {Array<{spot: number, min_barons: number, versatile_fee: number}>} mercenary_track
 * @property {Array<{strength: number, count: number, wage: number}>} regulars
 * @property {Array<MercDef>} mercenaries
 * @property {{cards: Array<FateDef>}} fate
 * @property {Array<CityDef>} cities
 */
/** @typedef {{id: string, kingdom: boolean, col: number, row: number, port: boolean, city: number | null}} Area */

/**
 * @typedef {object} Data
 * @property {Components} comp
 * @property {MapFile} map
 * @property {{agendas: Array<AgendaDef>, events: Array<EventDef>}} cards
 * @property {Array<Area>} areas  dense area numbers: the Kingdom in file order, then overseas
 * @property {Map<string, number>} byId
 * @property {Array<number>} cityArea  the area of each city
 */

/** @type {Data | null} */
let D = null;

/** Takes the game's data files. @param {any} raw */
export function setData(raw) {
  /** @type {Components} */
  const comp = raw['components.json'];
  /** @type {MapFile} */
  const map = raw['map.json'];
  const cards = raw['cards.json'];
  const cityIdx = new Map(comp.cities.map((c, i) => [c.id, i]));
  /** @type {Array<Area>} */
  const areas = [];
  for (const k of map.kingdom) {
    areas.push({ id: k.id, kingdom: true, col: k.col, row: k.row, port: !!k.port, city: k.city != null ? cityIdx.get(k.city) ?? null : null });
  }
  for (const o of map.overseas) {
    areas.push({ id: o.id, kingdom: false, col: -1, row: -1, port: o.port !== false, city: o.city != null ? cityIdx.get(o.city) ?? null : null });
  }
  /** @type {Array<number>} */
  const cityArea = [];
  areas.forEach((a, i) => { if (a.city != null) cityArea[a.city] = i; });
  D = { comp, map, cards, areas, byId: new Map(areas.map((a, i) => [a.id, i])), cityArea };
}

/** Whether the data is in. */
export function ready() {
  return D != null;
}

/** @returns {Data} */
function data() {
  if (!D) throw new Error('Warrior Knights data not loaded');
  return D;
}

const BARON_CARDS = /** @type {const} */ (['mobilize_forces', 'levy_taxes', 'draft_soldiers', 'rally_support', 'serve_the_church', 'versatile_strategy']);
const SHAPES = /** @type {const} */ (['star', 'square', 'triangle', 'circle']);
const ZONES = /** @type {const} */ (['taxation', 'wages', 'assembly']);
const EVENT_COLOURS = { red: '#b3261e', green: '#2e7d32', blue: '#1f5fa8' };

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/** An area's name: its city, or its map id. @param {number} i */
export function areaName(i) {
  const a = data().areas[i];
  if (!a) return `#${i}`;
  return a.city != null ? cityName(a.city) : a.id;
}

/** @param {number} c */
function cityName(c) {
  return data().comp.cities[c]?.name ?? `#${c}`;
}

/** @param {number} seat */
function baronName(seat) {
  return data().comp.barons[seat]?.name ?? wt('baron_n', { n: seat + 1 });
}

/** A Baron in a sentence: colour and the Baron's name. @param {number} seat */
function who(seat) {
  return `${baronName(seat)}`;
}

/** @param {number} k */
function shapeName(k) {
  const sh = SHAPES[k];
  return sh ? wt(`shape.${sh}`) : `#${k}`;
}

/** @param {string} c */
function cardName(c) {
  return hasWt(`card.${c}`) ? wt(`card.${c}`) : c;
}

/** @param {WkCard | null | undefined} c */
function anyCardName(c) {
  if (!c) return '—';
  return 'baron' in c ? cardName(c.baron.card) : cardName(c.neutral);
}

/** @param {WkZone} z */
function zoneName(z) {
  return wt(`zone.${z}`);
}

/** @param {number} i */
function expName(i) {
  const id = data().map.expeditions[i] ?? String(i);
  return hasWt(`exp.${id}`) ? wt(`exp.${id}`) : id;
}

/** @param {number} k */
function agendaName(k) {
  return data().cards.agendas[k]?.name ?? `#${k}`;
}

/** @param {number} k */
function eventName(k) {
  return data().cards.events[k]?.name ?? `#${k}`;
}

/** @param {string} nat */
function natName(nat) {
  return hasWt(`nat.${nat}`) ? wt(`nat.${nat}`) : nat;
}

/** A Baron's Regular card `k` (ids 100 + 4 × seat + k), in the order the data lists them. @param {number} id */
function regularCard(id) {
  const cards = data().comp.regulars.flatMap((r) => Array.from({ length: r.count }, () => r));
  return cards[(id - 100) % cards.length];
}

/** @param {number} id */
function troopStrength(id) {
  if (id < 100) return data().comp.mercenaries[id]?.strength ?? 0;
  return regularCard(id)?.strength ?? 0;
}

/** @param {number} id */
function troopWage(id) {
  if (id < 100) return data().comp.mercenaries[id]?.wage ?? 0;
  return regularCard(id)?.wage ?? 0;
}

/** A troop card: nationality (or Regular) and strength. @param {number} id */
function troopText(id) {
  if (id < 100) {
    const m = data().comp.mercenaries[id];
    return m ? wt('merc', { nat: natName(m.nationality), n: m.strength, wage: m.wage }) : `#${id}`;
  }
  return wt('regular', { n: troopStrength(id) });
}

/** @param {WkHolder} hd */
function holderName(hd) {
  return hd === 'stronghold' ? wt('the_stronghold') : wt('the_noble', { shape: shapeName(hd.noble) });
}

/** @param {WkBallot} b */
function ballotText(b) {
  if (b === 'yes') return wt('yes');
  if (b === 'no') return wt('no');
  return who(b.for);
}

/** A Fate card's battle result. @param {number} id */
function fateBattle(id) {
  const f = data().comp.fate.cards[id];
  return f ? wt(`fate.${f.battle}`) : `#${id}`;
}

/** A Fate card, in full (for tooltips). @param {number} id */
function fateFull(id) {
  const f = data().comp.fate.cards[id];
  if (!f) return `#${id}`;
  return wt('fate_full', {
    battle: wt(`fate.${f.battle}`), revolt: f.revolt ? wt('revolt') : wt('no_revolt'),
    city: data().comp.cities.find((c) => c.id === f.city)?.name ?? f.city, nat: natName(f.nationality),
    noble: hasWt(`shape.${f.noble}`) ? wt(`shape.${f.noble}`) : f.noble,
  });
}

/** A short description of an Agenda's effect. @param {number} k */
function agendaEffect(k) {
  const a = data().cards.agendas[k];
  if (!a) return '';
  const e = a.effect ?? {};
  const res = (/** @type {string} */ r) => (hasWt(`res.${r}`) ? wt(`res.${r}`) : r);
  switch (e.kind) {
    case 'each_baron': return wt('eff.each_baron', { n: signed(e.amount), res: res(e.resource) });
    case 'baron': return wt('eff.baron', { n: signed(e.amount), res: res(e.resource) });
    case 'take_chairman': return wt('eff.take_chairman');
    case 'take_head_of_church': return wt('eff.take_head');
    case 'law': return hasWt(`law.${e.law}`) ? wt(`law.${e.law}`) : String(e.law);
    case 'assembly_votes': return wt('eff.assembly_votes', { n: e.amount });
    case 'barred_from_assembly': return wt('eff.barred');
    case 'taxation': return wt('eff.taxation', { n: signed(e.amount) });
    case 'maintained': return wt('eff.maintained', { n: e.troops });
    case 'private_motion': return wt('eff.private_motion');
    default: return '';
  }
}

/** An Agenda's kind and vote (localized). @param {number} k */
function agendaKind(k) {
  const a = data().cards.agendas[k];
  if (!a) return '';
  const cat = hasWt(`acat.${a.category}`) ? wt(`acat.${a.category}`) : a.category;
  const vote = hasWt(`avote.${a.vote}`) ? wt(`avote.${a.vote}`) : a.vote;
  return `${cat} · ${vote}`;
}

/** A short description of an Event's effect. @param {number} k */
function eventEffect(k) {
  const ev = data().cards.events[k];
  if (!ev) return '';
  const e = ev.effect ?? {};
  const res = (/** @type {string} */ r) => (hasWt(`res.${r}`) ? wt(`res.${r}`) : r);
  switch (e.kind) {
    case 'gain': return wt('eff.gain', { n: signed(e.amount), res: res(e.resource) });
    case 'per_city': return wt('eff.per_city', { n: signed(e.amount), res: res(e.resource) });
    case 'assassin': return wt('eff.assassin', { n: e.casualties });
    case 'take_chairman': return wt('eff.take_chairman');
    case 'take_head_of_church': return wt('eff.take_head');
    default: return hasWt(`evk.${e.kind}`) ? wt(`evk.${e.kind}`) : String(e.kind ?? '');
  }
}

/** @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : `${n}`;
}

/** @param {WkProposal} p */
function proposalText(p) {
  if (p === 'postpone') return wt('prop.postpone');
  if ('rescind_ban' in p) return wt('prop.rescind_ban', { who: who(p.rescind_ban) });
  if ('discard_law' in p) return wt('prop.discard_law', { agenda: agendaName(p.discard_law) });
  if ('discard_charge' in p) return wt('prop.discard_charge', { who: who(p.discard_charge[0]), agenda: agendaName(p.discard_charge[1]) });
  if ('discard_office' in p) return wt('prop.discard_office', { who: who(p.discard_office[0]), shape: shapeName(p.discard_office[1]) });
  return wt('prop.revive', { agenda: agendaName(p.revive) });
}

// ---------------------------------------------------------------------------------------------
// Decisions
// ---------------------------------------------------------------------------------------------

/** Decisions that name an area, and where. */
/** @type {Record<string, (v: any) => unknown>} */
const AREA_OF = {
  place_stronghold: (v) => v,
  place_noble: (v) => v?.area,
  mobilize_to: (v) => v,
  move: (v) => v?.to,
  move_ask: (v) => v?.to,
  sail: (v) => v?.to,
  retreat_to: (v) => v,
  versatile_battle: (v) => v,
};

/** The payload of a decision (`null` for a bare word). @param {unknown} a @returns {any} */
function payload(a) {
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
const RISKY = new Set(['refuse_agenda', 'refuse_tithe', 'let_revolt', 'raze']);

/**
 * Cards the viewer could still lay this Planning (none outside Planning).
 * @param {WkView | null} view
 */
function cardsLeftToLay(view) {
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
function describe(a, view, live) {
  const k = actionKind(a);
  const v = payload(a);
  const area = (/** @type {number} */ x) => areaName(x);
  switch (k) {
    case 'place_stronghold': return wt('d.place_stronghold', { area: area(v) });
    case 'assign_start': {
      const next = live ? view?.mine?.start_troops[0] : undefined;
      return next != null
        ? wt('d.assign_start_troop', { troop: troopText(next), holder: holderName(v) })
        : wt('d.assign_start', { holder: holderName(v) });
    }
    case 'place_noble': return wt('d.place_noble', { shape: shapeName(v.shape), area: area(v.area) });
    case 'plan': return wt('d.plan', { card: cardName(v.card), n: v.stack + 1 });
    case 'plan_done': {
      const laid = view?.mine?.planned.reduce((n, st) => n + st.length, 0) ?? 0;
      return live && cardsLeftToLay(view) > 0 ? wt('d.plan_done_early', { n: laid }) : wt('d.plan_done');
    }
    case 'decline': return wt('d.decline');
    case 'carry_out': return wt('d.carry_out');
    case 'draft_spot': return wt('d.draft_spot', { n: v + 1 });
    case 'allocate_to': return wt('d.allocate_to', { zone: zoneName(v) });
    case 'mobilize_to': return wt('d.mobilize_to', { area: area(v) });
    case 'move': return wt('d.move', { shape: shapeName(v.shape), area: area(v.to) });
    case 'move_ask': return wt('d.move_ask', { shape: shapeName(v.shape), area: area(v.to) });
    case 'sail': return wt('d.sail', { shape: shapeName(v.shape), area: area(v.to) });
    case 'transfer': return wt('d.transfer', { troop: troopText(v.troop), holder: holderName(v.to) });
    case 'transfer_army': return wt('d.transfer_army', { from: holderName(v.from), to: holderName(v.to) });
    case 'end_moves': return wt('d.end_moves');
    case 'versatile_crowns': return wt('d.versatile_crowns');
    case 'versatile_vote': return wt('d.versatile_vote');
    case 'versatile_track': return wt('d.versatile_track', { n: v + 1, fee: data().comp.mercenary_track[v]?.versatile_fee ?? '?' });
    case 'versatile_battle': return wt('d.versatile_battle', { area: area(v) });
    case 'attack': return v === 'neutral' ? wt('d.attack_neutral') : wt('d.attack', { who: who(v.baron) });
    case 'no_battle': return wt('d.no_battle');
    case 'assault': return wt('d.assault');
    case 'siege': return wt('d.siege');
    case 'fight': return wt('d.fight', { shape: shapeName(v) });
    case 'engage': return wt('d.engage');
    case 'commander': return wt('d.commander', { shape: shapeName(v) });
    case 'discard_fate': return wt('d.discard_fate', { fate: fateBattle(v) });
    case 'keep_fate': return wt('d.keep_fate');
    case 'casualty': return wt('d.casualty', { holder: holderName(v) });
    case 'breach': return wt('d.breach');
    case 'retreat_to': return wt('d.retreat_to', { area: area(v) });
    case 'raze': return wt('d.raze');
    case 'keep_city': return wt('d.keep_city');
    case 'give_city': return wt('d.give_city', { city: cityName(v) });
    case 'grant': return wt('d.grant');
    case 'refuse': return wt('d.refuse');
    case 'pay_wages': return wt('d.pay_wages');
    case 'dismiss': return wt('d.dismiss', { troop: troopText(v) });
    case 'hire': return wt('d.hire', { troop: troopText(v) });
    case 'hire_bundle': return wt('d.hire_bundle', { nat: natName(data().comp.nationalities[v]?.id ?? String(v)) });
    case 'no_hire': return wt('d.no_hire');
    case 'assign_hire': return wt('d.assign_hire', { holder: holderName(v) });
    case 'repair': return v.site === 'stronghold'
      ? wt('d.repair_stronghold', { n: v.count })
      : wt('d.repair_city', { n: v.count, city: cityName(v.site.city) });
    case 'fortify': return wt('d.fortify', { city: cityName(v) });
    case 'no_upgrade': return wt('d.no_upgrade');
    case 'muster': return wt('d.muster', { n: v.count, holder: holderName(v.army) });
    case 'no_muster': return wt('d.no_muster');
    case 'event_to': return wt('d.event_to', { who: who(v) });
    case 'event_target': return wt('d.event_target', { who: who(v) });
    case 'cancel_event': return wt('d.cancel_event');
    case 'accept_event': return wt('d.accept_event');
    case 'pledge': return wt('d.pledge', { n: v });
    case 'start_expedition': return wt('d.start_expedition', { exp: expName(v) });
    case 'no_expedition': return wt('d.no_expedition');
    case 'fund': return wt('d.fund', { n: v });
    case 'bless': return wt('d.bless');
    case 'no_bless': return wt('d.no_bless');
    case 'appoint': return wt('d.appoint', { who: who(v) });
    case 'propose': return wt('d.propose', { what: proposalText(v) });
    case 'next_agenda': {
      const kind = live ? view?.assembly?.assembly.unordered[v] : undefined;
      return kind != null ? wt('d.next_agenda', { agenda: agendaName(kind) }) : wt('d.next_agenda_n', { n: v + 1 });
    }
    case 'commit': return wt('d.commit', { n: v });
    case 'cast': return wt('d.cast', { ballot: ballotText(v) });
    case 'tie_break': return wt('d.tie_break', { ballot: ballotText(v) });
    case 'accept_agenda': return wt('d.accept_agenda');
    case 'refuse_agenda': return wt('d.refuse_agenda');
    case 'office_to': return wt('d.office_to', { shape: shapeName(v) });
    case 'drop_charge': {
      const seat = view?.phase.seat;
      const kind = live && seat != null ? view?.barons[seat]?.charges[v] : undefined;
      return kind != null ? wt('d.drop_charge', { agenda: agendaName(kind) }) : wt('d.drop_charge_n', { n: v + 1 });
    }
    case 'comply_tithe': return wt('d.comply_tithe');
    case 'refuse_tithe': return wt('d.refuse_tithe');
    case 'buy_off_faith': return wt('d.buy_off_faith');
    case 'buy_off_crowns': return wt('d.buy_off_crowns');
    case 'let_revolt': return wt('d.let_revolt');
    case 'cancel_lasting': {
      const ev = live ? view?.lasting[v] : undefined;
      return ev ? wt('d.cancel_lasting', { event: eventName(ev[0]) }) : wt('d.cancel_lasting_n', { n: v + 1 });
    }
    case 'return_done': return wt('d.return_done');
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

/** A log line in the chosen language. @param {WkView} view @param {LogLine} e */
export function logText(view, e) {
  try {
    return describe(e.action, view, false) ?? e.label ?? '';
  } catch {
    return e.label ?? '';
  }
}

// ---------------------------------------------------------------------------------------------
// Status line
// ---------------------------------------------------------------------------------------------

/** The phase line. @param {Snapshot} snap @param {WkView} view */
export function phaseText(snap, view) {
  const p = view.phase;
  if (view.outcome || p.kind === 'over') return wt('ph.over');
  const whom = p.seat != null ? seatLabel(snap, p.seat) : '';
  const card = view.revealed ? anyCardName(view.revealed) : '—';
  const key = `ph.${p.kind}`;
  let text = hasWt(key) ? wt(key, { who: whom, card }) : `${p.kind}${whom ? ` — ${whom}` : ''}`;
  if (p.seat == null && snap.to_act.length > 0) {
    text += ` ${t('waiting_for', { who: snap.to_act.map((x) => seatLabel(snap, x)).join(', ') })}`;
  }
  return `${roundText(view)} · ${text}`;
}

/** The round, or "Setup" before the first. @param {WkView} view */
function roundText(view) {
  return view.round > 0 ? wt('round_n', { n: view.round }) : wt('setup');
}

/** The facts under the phase line. @param {Snapshot} snap @param {WkView} view @returns {Kids} */
export function facts(snap, view) {
  return [
    h('span', { id: 'wk-round' }, roundText(view)),
    h('span', { title: wt('pool_hint') }, `${wt('pool')}: `, h('strong', { id: 'wk-pool' }, view.pool)),
    view.last_round ? h('span', { class: 'tag warn' }, wt('last_round')) : null,
    h('span', { title: wt('chairman_hint') }, `⚖ ${wt('chairman')}: ${seatLabel(snap, view.chairman)}`),
    h('span', { title: wt('head_hint') }, `✝ ${wt('head')}: ${seatLabel(snap, view.head)}`),
    view.event_top ? h('span', { title: wt('event_top_hint') }, `${wt('event_deck')}: `, colourChip(view.event_top), ` (${view.decks[1]})`) : null,
    h('span', { title: wt('decks_hint') }, `${wt('decks')}: ${wt('deck.fate')} ${view.decks[0]} · ${wt('deck.agendas')} ${view.decks[2]} · ${wt('deck.mercs')} ${view.decks[3]}`),
  ];
}

/** @param {string} colour */
function colourChip(colour) {
  return h('span', { class: 'wk-colour', style: `--c: ${EVENT_COLOURS[/** @type {keyof typeof EVENT_COLOURS} */ (colour)] ?? '#777'}` }, wt(`colour.${colour}`));
}

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

const R = 54;
const SQ3 = Math.sqrt(3);
const PAD = 8;

/** Centre of a Kingdom hex (odd-r offset, pointy top). @param {number} col @param {number} row @returns {[number, number]} */
function kCenter(col, row) {
  return [PAD + R * SQ3 * (col + 0.5 + 0.5 * (row & 1)), PAD + R + 1.5 * R * row];
}

/** Where each area is drawn: the Kingdom grid, then the overseas inset. */
function layout() {
  const d = data();
  const cols = d.map.columns ?? 7;
  const rows = d.map.rows ?? 6;
  const kw = 2 * PAD + R * SQ3 * (cols + 0.5);
  const kh = 2 * PAD + R * (2 + 1.5 * (rows - 1));
  const ox = kw + 14;
  const ow = 2 * R * SQ3 + 34;
  /** @type {Array<[number, number]>} */
  const centers = [];
  let o = 0;
  for (const a of d.areas) {
    if (a.kingdom) {
      centers.push(kCenter(a.col, a.row));
    } else {
      const c = o % 2;
      const r = Math.floor(o / 2);
      centers.push([ox + 12 + R * SQ3 / 2 + c * (R * SQ3 + 10) + (r % 2) * 0, 44 + R + r * (2 * R + 8)]);
      o++;
    }
  }
  const oh = 44 + Math.ceil(o / 2) * (2 * R + 8) + 4;
  return { centers, width: ox + ow, height: Math.max(kh, oh), kw, kh, ox, ow, oh };
}

/** The shared edge of two neighbouring hexes. @param {[number, number]} a @param {[number, number]} b */
function sharedEdge(a, b) {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len = Math.hypot(dx, dy) || 1;
  const ux = dx / len;
  const uy = dy / len;
  const mx = (a[0] + b[0]) / 2;
  const my = (a[1] + b[1]) / 2;
  const half = R / 2;
  return { x1: mx - uy * half, y1: my + ux * half, x2: mx + uy * half, y2: my - ux * half, mx, my, ux, uy };
}

/** A Noble's piece: his shape in his Baron's colour. @param {number} seat @param {number} shape @param {number} x @param {number} y @param {number} r */
function noblePiece(seat, shape, x, y, r) {
  const attrs = { fill: SEAT_COLORS[seat % 6], stroke: '#111', 'stroke-width': 1.3 };
  switch (shape) {
    case 0: {
      const pts = [];
      for (let i = 0; i < 10; i++) {
        const rr = i % 2 === 0 ? r * 1.15 : r * 0.5;
        const a = -Math.PI / 2 + (Math.PI * i) / 5;
        pts.push(`${(x + rr * Math.cos(a)).toFixed(1)},${(y + rr * Math.sin(a)).toFixed(1)}`);
      }
      return s('polygon', { points: pts.join(' '), ...attrs });
    }
    case 1: return s('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...attrs });
    case 2: return s('polygon', { points: `${x},${(y - r * 1.05).toFixed(1)} ${(x + r * 0.95).toFixed(1)},${(y + r * 0.7).toFixed(1)} ${(x - r * 0.95).toFixed(1)},${(y + r * 0.7).toFixed(1)}`, ...attrs });
    default: return s('circle', { cx: x, cy: y, r: r * 0.85, ...attrs });
  }
}

/** A Noble's shape as a small inline picture. @param {number} seat @param {number} shape @param {number} [size] */
export function nobleBadge(seat, shape, size = 18) {
  return s('svg', { class: 'badge', width: size, height: size, viewBox: '0 0 20 20', 'aria-hidden': 'true' }, noblePiece(seat, shape, 10, 10.5, 8));
}

/** A castle (city) outline centred on (x, y). @param {number} x @param {number} y */
function castlePath(x, y) {
  return `M${x - 11},${y + 7} V${y - 3} H${x - 7} V${y - 7} H${x - 3} V${y - 3} H${x + 3} V${y - 7} H${x + 7} V${y - 3} H${x + 11} V${y + 7} Z`;
}

/** A stronghold (tower) outline centred on (x, y). @param {number} x @param {number} y */
function towerPath(x, y) {
  return `M${x - 7},${y + 9} V${y - 5} H${x - 4.5} V${y - 9} H${x - 1.5} V${y - 5} H${x + 1.5} V${y - 9} H${x + 4.5} V${y - 5} H${x + 7} V${y + 9} Z`;
}

/** @param {WkNobleView} n */
function nobleStrength(n) {
  return n.troops.reduce((sum, id) => sum + troopStrength(id), 0) + maintained(n);
}

/** Troops an office maintains. @param {WkNobleView} n */
function maintained(n) {
  if (n.office == null) return 0;
  const e = data().cards.agendas[n.office]?.effect;
  return e?.kind === 'maintained' ? Number(e.troops) || 0 : 0;
}

/** @param {WkLoc} loc @returns {string} */
function locText(loc) {
  if (loc === 'off') return wt('off_board');
  if ('at' in loc) return areaName(loc.at);
  return wt('at_sea', { area: areaName(loc.sea) });
}

/** A Noble's description (tooltips). @param {number} seat @param {number} k @param {WkNobleView} n */
function nobleTitle(seat, k, n) {
  const parts = [wt('noble_of', { shape: shapeName(k), who: who(seat) }), `${wt('troops')}: ${nobleStrength(n)}`];
  if (n.casualties) parts.push(wt('casualties_n', { n: n.casualties }));
  if (n.exhausted) parts.push(wt('exhausted'));
  if (n.office != null) parts.push(`${wt('office')}: ${agendaName(n.office)}`);
  if (n.no_heir) parts.push(wt('no_heir'));
  if (n.troops.length) parts.push(n.troops.map(troopText).join(', '));
  return parts.join(' — ');
}

/**
 * The map: Kingdom hexes with borders and roads, the overseas inset; areas a decision names are
 * clickable (and reachable with the keyboard).
 * @param {Snapshot} snap @param {WkView} view @param {Map<number, Array<number>>} choices @param {number | null} picked
 */
export function renderMap(snap, view, choices, picked) {
  const d = data();
  const L = layout();
  const svgEl = s('svg', {
    id: 'map', viewBox: `0 0 ${L.width.toFixed(0)} ${L.height.toFixed(0)}`, role: 'group', 'aria-label': t('map'), class: 'map wk-map',
    style: `--map-min: ${Math.round(L.width * 0.72)}px`,
  });
  // Backgrounds: the Kingdom and the sea with the overseas areas.
  svgEl.append(
    s('rect', { class: 'wk-sea', x: L.ox, y: 2, width: L.ow - 4, height: L.oh, rx: 10 }),
    s('text', { class: 'wk-inset-title', x: L.ox + (L.ow - 4) / 2, y: 22, 'text-anchor': 'middle' }, wt('overseas')),
    s('text', { class: 'wk-inset-sub', x: L.ox + (L.ow - 4) / 2, y: 36, 'text-anchor': 'middle' }, wt('by_sea_only')));
  // Layers: the ground, roads and borders, then the areas (outline, pieces, click target).
  const groundLayer = s('g', { class: 'wk-ground', 'aria-hidden': 'true' });
  const roadLayer = s('g', { class: 'wk-roads', 'aria-hidden': 'true' });
  const borderLayer = s('g', { class: 'wk-borders', 'aria-hidden': 'true' });
  const areaLayer = s('g', { class: 'wk-areas' });
  const choiceLayer = s('g', { class: 'wk-choices' });
  svgEl.append(groundLayer, roadLayer, borderLayer, areaLayer, choiceLayer);

  // Who is where.
  /** @type {Map<number, Array<{seat: number, k: number, n: WkNobleView, sea: boolean}>>} */
  const nobles = new Map();
  view.barons.forEach((b, seat) => b.nobles.forEach((n, k) => {
    if (n.gone || n.loc === 'off') return;
    const at = 'at' in n.loc ? n.loc.at : n.loc.sea;
    const list = nobles.get(at) ?? [];
    list.push({ seat, k, n, sea: !('at' in n.loc) });
    nobles.set(at, list);
  }));
  /** @type {Map<number, number>} */
  const strongholds = new Map();
  view.barons.forEach((b, seat) => { if (b.stronghold != null) strongholds.set(b.stronghold, seat); });
  const battleArea = view.battle?.battle.area ?? null;

  d.areas.forEach((a, i) => {
    const [cx, cy] = L.centers[i];
    const list = choices.get(i) ?? [];
    const clickable = list.length > 0;
    const city = a.city != null ? view.cities[a.city] : null;
    const nameText = areaName(i);
    const titleParts = [a.city != null ? `${nameText} (${a.id})` : a.id];
    if (a.city != null) {
      const def = d.comp.cities[a.city];
      titleParts.push(wt('city_facts', { strength: def?.strength ?? '?', income: def?.income ?? '?' }));
      if (city?.razed) titleParts.push(wt('razed'));
      else if (city?.owner != null) titleParts.push(wt('controlled_by', { who: who(city.owner) }));
      else titleParts.push(wt('neutral'));
      if (city?.fortified) titleParts.push(wt('fortified'));
      if (city?.breaches) titleParts.push(wt('breaches_n', { n: city.breaches }));
      if (city?.siege) titleParts.push(wt('besieged_by', { who: who(city.siege[0]) }));
    }
    if (a.port) titleParts.push(wt('port'));
    if (!a.kingdom) titleParts.push(wt('overseas_area'));
    const labels = list.map((x) => label(snap, view, snap.legal[x]));
    if (clickable) titleParts.push(labels.join(' / '));
    const g = s('g', {
      class: ['region', 'wk-area', a.kingdom ? 'kingdom' : 'overseas', clickable ? 'choice' : '', picked === i ? 'picked' : '', battleArea === i ? 'battle' : ''].filter(Boolean).join(' '),
      'data-region': i, 'data-area': a.id,
      tabindex: clickable ? 0 : null, role: clickable ? 'button' : null,
      'aria-label': clickable ? `${nameText}: ${labels.join(' / ')}` : null,
      'data-k': clickable ? `region-${i}` : null,
    }, stitle(titleParts.join(' — ')));
    groundLayer.append(s('polygon', { class: `ground ${a.kingdom ? 'kingdom' : 'overseas'}`, points: hexPoints(cx, cy, R - 1.2) }));
    // A light wash in the colour of the Baron controlling the area's city.
    if (city && !city.razed && city.owner != null) {
      groundLayer.append(s('polygon', { class: 'wash', points: hexPoints(cx, cy, R - 4), fill: SEAT_COLORS[city.owner % 6], 'fill-opacity': 0.16 }));
    }
    g.append(s('polygon', { class: 'hex', points: hexPoints(cx, cy, R - 1.2) }));
    if (a.kingdom) g.append(s('text', { class: 'aid', x: cx, y: cy - R * 0.64, 'text-anchor': 'middle' }, a.id));
    if (a.port) g.append(s('text', { class: 'port', x: cx - R * 0.62, y: cy - 2, 'text-anchor': 'middle' }, '⚓'));
    const sh = strongholds.get(i);
    const hasCity = a.city != null;
    const cityX = hasCity && sh != null ? cx - 12 : cx;
    if (hasCity && city) drawCity(g, /** @type {number} */ (a.city), city, cityX, cy - R * 0.36);
    if (sh != null) drawStronghold(g, sh, view.barons[sh], hasCity ? cx + 16 : cx, cy - R * 0.36);
    if (hasCity || sh == null) {
      g.append(s('text', { class: `aname${city?.razed ? ' razed' : ''}`, x: cx, y: cy + 2, 'text-anchor': 'middle', 'font-size': nameText.length > 11 ? 9 : 10.5 }, hasCity ? nameText : ''));
    }
    if (battleArea === i) g.append(s('text', { class: 'battle-mark', x: cx + R * 0.55, y: cy - R * 0.3, 'text-anchor': 'middle' }, '⚔'));
    // Nobles, in a row.
    const here = nobles.get(i) ?? [];
    const n = here.length;
    const step = n > 4 ? Math.max(11, 70 / n) : 19;
    here.forEach((x, j) => {
      const px = cx + (j - (n - 1) / 2) * step;
      const py = cy + R * 0.3;
      const pg = s('g', { class: `noble${x.n.exhausted ? ' exhausted' : ''}${x.sea ? ' at-sea' : ''}`, 'data-owner': x.seat, 'data-shape': x.k },
        stitle(`${nobleTitle(x.seat, x.k, x.n)}${x.sea ? ` — ${wt('at_sea', { area: areaName(i) })}` : ''}`),
        noblePiece(x.seat, x.k, px, py, 8));
      if (x.n.casualties) {
        pg.append(s('circle', { cx: px + 7, cy: py - 7, r: 4.2, class: 'cas' }), s('text', { x: px + 7, y: py - 4.8, class: 'cas-n', 'text-anchor': 'middle' }, x.n.casualties));
      }
      if (x.sea) pg.append(s('text', { x: px, y: py + 3.5, class: 'sea-mark', 'text-anchor': 'middle' }, '≈'));
      pg.append(s('text', { x: px, y: py + 19, class: 'str', 'text-anchor': 'middle' }, nobleStrength(x.n)));
      g.append(pg);
    });
    if (clickable) {
      g.addEventListener('click', () => clickRegion(i));
      g.addEventListener('keydown', (e) => {
        const ke = /** @type {KeyboardEvent} */ (e);
        if (ke.key === 'Enter' || ke.key === ' ') { ke.preventDefault(); clickRegion(i); }
      });
    }
    (clickable ? choiceLayer : areaLayer).append(g);
  });

  // Roads, rivers, bridges and mountains (drawn over the hexes, under the pieces).
  for (const road of d.map.roads) {
    const pts = road.map((id) => d.byId.get(id)).filter((x) => x != null).map((x) => L.centers[/** @type {number} */ (x)]);
    if (pts.length > 1) roadLayer.append(s('polyline', { class: 'road', points: pts.map(([x, y]) => `${x.toFixed(1)},${(y + R * 0.1).toFixed(1)}`).join(' ') }));
  }
  for (const b of d.map.borders) {
    const ia = d.byId.get(b.between[0]);
    const ib = d.byId.get(b.between[1]);
    if (ia == null || ib == null) continue;
    const e = sharedEdge(L.centers[ia], L.centers[ib]);
    if (b.kind === 'mountain') {
      const pts = [];
      for (let k = 0; k <= 6; k++) {
        const f = k / 6;
        const off = k % 2 === 1 ? 4.5 : -1.5;
        pts.push(`${(e.x1 + (e.x2 - e.x1) * f + e.ux * off).toFixed(1)},${(e.y1 + (e.y2 - e.y1) * f + e.uy * off).toFixed(1)}`);
      }
      borderLayer.append(s('polyline', { class: 'mountain', points: pts.join(' ') }));
    } else {
      borderLayer.append(s('line', { class: 'river', x1: e.x1, y1: e.y1, x2: e.x2, y2: e.y2 }));
      if (b.kind === 'bridge') {
        borderLayer.append(s('line', { class: 'bridge', x1: e.mx - e.ux * 9, y1: e.my - e.uy * 9, x2: e.mx + e.ux * 9, y2: e.my + e.uy * 9 }));
      }
    }
  }
  return h('div', { class: 'map-wrap wk-map-wrap' }, svgEl);
}

/**
 * @param {SVGElement} g @param {number} c @param {import('./src/generated').WkCityState} st @param {number} x @param {number} y
 */
function drawCity(g, c, st, x, y) {
  const owner = st.owner;
  const cg = s('g', { class: `city${st.razed ? ' razed' : ''}${st.fortified ? ' fortified' : ''}`, 'data-city': c, 'data-owner': owner ?? null });
  if (st.siege) cg.append(s('circle', { class: 'siege', cx: x, cy: y, r: 15, stroke: SEAT_COLORS[st.siege[0] % 6] }));
  if (st.fortified && !st.razed) cg.append(s('path', { d: castlePath(x, y), class: 'fort-ring' }));
  cg.append(s('path', { d: castlePath(x, y), class: 'castle', fill: st.razed ? 'none' : owner != null ? SEAT_COLORS[owner % 6] : '#fbf7ee' }));
  if (st.razed) cg.append(s('text', { x, y: y + 5, class: 'razed-x', 'text-anchor': 'middle' }, '✕'));
  else if (owner != null) cg.append(s('text', { x, y: y + 5.5, class: 'own-n', 'text-anchor': 'middle', fill: SEAT_INK[owner % 6] }, owner + 1));
  if (st.fortified && !st.razed) cg.append(s('text', { x: x - 15, y: y + 4, class: 'fort-mark', 'text-anchor': 'middle' }, '+'));
  if (st.breaches) cg.append(s('text', { x: x + 16, y: y + 4, class: 'breach', 'text-anchor': 'middle' }, `✕${st.breaches}`));
  g.append(cg);
}

/** @param {SVGElement} g @param {number} seat @param {WkBaronView} b @param {number} x @param {number} y */
function drawStronghold(g, seat, b, x, y) {
  const sg = s('g', { class: 'stronghold', 'data-owner': seat },
    stitle(`${wt('stronghold_of', { who: who(seat) })} — ${wt('troops')}: ${b.sh_troops.reduce((sum, id) => sum + troopStrength(id), 0)}${b.sh_breaches ? ` — ${wt('breaches_n', { n: b.sh_breaches })}` : ''}${b.sh_siege ? ` — ${wt('besieged_by', { who: who(b.sh_siege[0]) })}` : ''}`));
  if (b.sh_siege) sg.append(s('circle', { class: 'siege', cx: x, cy: y, r: 14, stroke: SEAT_COLORS[b.sh_siege[0] % 6] }));
  sg.append(s('path', { d: towerPath(x, y), class: 'tower', fill: SEAT_COLORS[seat % 6] }),
    s('text', { x, y: y + 6, class: 'own-n', 'text-anchor': 'middle', fill: SEAT_INK[seat % 6] }, seat + 1));
  if (b.sh_breaches) sg.append(s('text', { x: x + 13, y: y + 4, class: 'breach', 'text-anchor': 'middle' }, `✕${b.sh_breaches}`));
  g.append(sg);
}

// ---------------------------------------------------------------------------------------------
// The Barons' boards
// ---------------------------------------------------------------------------------------------

/** Own board and the others'. @param {Snapshot} snap @param {WkView} view */
export function boards(snap, view) {
  const mineSeat = snap.you;
  /** @type {HTMLElement | null} */
  let mine = null;
  /** @type {Array<HTMLElement>} */
  const others = [];
  view.barons.forEach((_, seat) => {
    const el = baronBoard(snap, view, seat);
    if (seat === mineSeat) mine = el;
    else others.push(el);
  });
  return { mine, others };
}

/** @param {Snapshot} snap @param {WkView} view @param {number} seat */
function baronBoard(snap, view, seat) {
  const b = view.barons[seat];
  const sp = snap.seats[seat];
  const toAct = snap.status === 'active' && snap.to_act.includes(seat);
  const planning = view.phase.kind === 'planning';
  const cities = view.cities.map((c, i) => (c.owner === seat && !c.razed ? i : -1)).filter((i) => i >= 0);
  const kingdomCities = cities.filter((c) => data().areas[data().cityArea[c]]?.kingdom);
  const header = h('div', { class: 'pl-head' },
    seatBadge(seat, 22),
    h('strong', { class: 'pl-name' }, seatLabel(snap, seat)),
    h('span', { class: 'muted wk-baron-name' }, baronName(seat)),
    h('span', { class: 'grow' }),
    view.chairman === seat ? h('span', { class: 'tag', title: wt('chairman_hint') }, `⚖ ${wt('chairman')}`) : null,
    view.head === seat ? h('span', { class: 'tag', title: wt('head_hint') }, `✝ ${wt('head')}`) : null,
    b.banned ? h('span', { class: 'tag warn', title: wt('banned_hint') }, wt('banned')) : null,
    b.eliminated ? h('span', { class: 'tag warn' }, wt('eliminated')) : null,
    sp?.away ? h('span', { class: 'tag warn', title: t('away_hint') }, t('away')) : null,
    planning && b.plan_done ? h('span', { class: 'tag' }, `✓ ${wt('planned')}`) : null,
    toAct ? h('span', { class: 'tag act', title: t('to_act_hint') }, `▶ ${t('to_act')}`) : null,
    snap.clocks ? h('span', { class: 'clock', 'data-clock': seat, title: t('clock') }, '') : null);

  const res = h('div', { class: 'wk-res' },
    resBox('crowns', '♛', b.crowns, wt('crowns')),
    resBox('votes', '☑', b.votes, wt('votes')),
    resBox('faith', '✝', b.faith, wt('faith')),
    resBox('influence', '★', b.influence, wt('influence')));

  const shTroops = b.sh_troops.reduce((sum, id) => sum + troopStrength(id), 0);
  const factsEl = h('dl', { class: 'facts-list' },
    h('dt', null, wt('hand')), h('dd', { class: 'wk-hand-size' }, wt('cards_n', { n: b.hand_size })),
    planning || b.planned.some((x) => x > 0) ? [h('dt', null, wt('laid')), h('dd', { class: 'wk-laid', title: wt('laid_hint') },
      b.planned.map((x, i) => `${i + 1}: ${x}`).join(' · '))] : null,
    h('dt', null, wt('cities')), h('dd', { class: 'wk-cities' }, cities.length ? `${cities.length} (${wt('kingdom_n', { n: kingdomCities.length })}): ${cities.map(cityName).join(', ')}` : '—'),
    h('dt', null, wt('stronghold')), h('dd', { class: 'wk-sh' },
      b.stronghold != null ? areaName(b.stronghold) : wt('off_board'),
      b.sh_troops.length ? ` · ${wt('troops')} ${shTroops}` : '',
      b.sh_casualties ? ` · ${wt('casualties_n', { n: b.sh_casualties })}` : '',
      b.sh_breaches ? ` · ${wt('breaches_n', { n: b.sh_breaches })}` : '',
      b.sh_siege ? ` · ${wt('besieged_by', { who: who(b.sh_siege[0]) })}` : ''),
    b.charges.length ? [h('dt', null, wt('charges')), h('dd', { class: 'wk-charges' }, b.charges.map((k, i) => h('span', { class: 'wk-agenda-chip', title: `${agendaKind(k)} — ${agendaEffect(k)}` }, `${i ? ', ' : ''}${agendaName(k)}`)))] : null);

  const nobles = h('table', { class: 'wk-nobles' },
    h('thead', null, h('tr', null, h('th', null, wt('noble')), h('th', null, wt('where')), h('th', null, wt('troops')), h('th', null, wt('state')))),
    h('tbody', null, b.nobles.map((n, k) => {
      const state = [];
      if (n.gone) state.push(wt('gone'));
      if (n.exhausted) state.push(wt('exhausted'));
      if (n.casualties) state.push(wt('casualties_n', { n: n.casualties }));
      if (n.office != null) state.push(`${wt('office')}: ${agendaName(n.office)}`);
      if (n.no_heir) state.push(wt('no_heir'));
      return h('tr', { class: `${n.exhausted ? 'exhausted' : ''}${n.gone ? ' gone' : ''}`, 'data-shape': k, title: nobleTitle(seat, k, n) },
        h('td', null, nobleBadge(seat, k, 16), ' ', shapeName(k)),
        h('td', null, n.gone ? '—' : locText(n.loc)),
        h('td', { title: n.troops.map(troopText).join(', ') }, n.troops.length || maintained(n) ? nobleStrength(n) : '—'),
        h('td', null, state.join(', ') || '—'));
    })));

  const hand = seat === snap.you && view.mine && view.mine.seat === seat ? myHand(view) : null;
  return h('article', {
    class: `player card wk-baron${toAct ? ' to-act' : ''}${snap.you === seat ? ' me' : ''}`, id: `player-${seat}`,
    'data-seat': seat, style: `--seat: ${SEAT_COLORS[seat % 6]}`,
  }, header, res, factsEl, nobles, hand);
}

/** @param {string} cls @param {string} icon @param {number} n @param {string} name */
function resBox(cls, icon, n, name) {
  return h('div', { class: `wk-r ${cls}`, title: name }, h('span', { class: 'wk-r-icon', 'aria-hidden': 'true' }, icon), h('span', { class: 'wk-r-n' }, n), h('span', { class: 'wk-r-name' }, name));
}

/** Own hand and laid cards (from `view.mine`, only ever the viewer's own). @param {WkView} view */
function myHand(view) {
  const m = view.mine;
  if (!m) return null;
  return h('div', { class: 'wk-mine', id: 'my-hand' },
    h('div', null, h('strong', null, `${wt('your_hand')}: `),
      BARON_CARDS.map((c, i) => (m.hand[i] ? h('span', { class: 'wk-card mini', 'data-hand-card': c }, `${cardName(c)} ×${m.hand[i]}`) : null))),
    m.planned.some((x) => x.length) ? h('div', { class: 'wk-my-plan' }, h('strong', null, `${wt('your_plan')}: `),
      m.planned.map((st, i) => h('span', { class: 'wk-plan-stack' }, `${wt('stack_n', { n: i + 1 })}: `,
        st.length ? st.map((c) => h('span', { class: 'wk-card mini', 'data-plan-card': c }, cardName(c))) : '—'))) : null);
}

// ---------------------------------------------------------------------------------------------
// Planning board
// ---------------------------------------------------------------------------------------------

/** The hand card picked on the planning board, waiting for a stack. @type {string | null} */
let planPick = null;

/**
 * Planning: your hand, the three stacks, one-click buttons per card and stack, and "done planning".
 * Returns null outside Planning.
 * @param {Snapshot} snap @param {WkView} view @param {boolean} enabled
 * @returns {{el: HTMLElement, handled: Set<number>} | null}
 */
export function special(snap, view, enabled) {
  const mine = view.mine;
  /** @type {Array<number>} */
  const planIdx = [];
  let doneIdx = -1;
  snap.legal.forEach((l, i) => {
    const k = actionKind(l.action);
    if (k === 'plan') planIdx.push(i);
    else if (k === 'plan_done') doneIdx = i;
  });
  if (!mine || (planIdx.length === 0 && doneIdx < 0)) {
    planPick = null;
    return null;
  }
  const handled = new Set(planIdx);
  if (doneIdx >= 0) handled.add(doneIdx);
  /** @param {number} stack @param {string} card */
  const find = (stack, card) => planIdx.find((i) => {
    const p = payload(snap.legal[i].action);
    return p?.stack === stack && p?.card === card;
  }) ?? -1;
  const playable = (/** @type {string} */ c) => planIdx.some((i) => payload(snap.legal[i].action)?.card === c);
  if (planPick && !playable(planPick)) planPick = null;
  const laidTotal = mine.planned.reduce((n, st) => n + st.length, 0);

  const hand = BARON_CARDS.map((c, ci) => {
    const count = mine.hand[ci];
    if (!count) return null;
    const picked = planPick === c;
    const pick = h('button', {
      type: 'button', class: `wk-hand-card${picked ? ' picked' : ''}`, 'aria-pressed': picked ? 'true' : 'false',
      'data-card': c, 'data-k': `plan-pick-${c}`, disabled: !enabled || !playable(c), title: wt(`card_hint.${c}`),
    }, h('span', { class: 'wk-card-name' }, cardName(c)), h('span', { class: 'wk-card-count' }, `×${count}`));
    pick.addEventListener('click', (e) => {
      planPick = planPick === c ? null : c;
      renderTable();
      // From the keyboard, go on to the stacks.
      const target = document.querySelector('#wk-plan .wk-stack-target:not([disabled])');
      if (planPick && e.detail === 0 && target instanceof HTMLElement) target.focus();
    });
    const quick = [0, 1, 2].map((st) => {
      const i = find(st, c);
      return i >= 0 ? decisionButton(snap, /** @type {any} */ (view), i, enabled, { text: `→${st + 1}`, cls: 'small wk-quick' }) : null;
    });
    return h('li', { class: 'wk-hand-row' }, pick, h('span', { class: 'wk-quick-row' }, quick));
  });

  const stacks = [0, 1, 2].map((st) => {
    const laid = mine.planned[st];
    const i = planPick ? find(st, planPick) : -1;
    const body = [
      h('span', { class: 'wk-slot-title' }, `${wt('stack_n', { n: st + 1 })} (${laid.length}/2)`),
      h('span', { class: 'wk-slot-cards' }, laid.length ? laid.map((c) => h('span', { class: 'wk-card mini', 'data-plan-card': c }, cardName(c))) : h('span', { class: 'muted' }, '—')),
    ];
    if (i >= 0) {
      const b = h('button', {
        type: 'button', class: 'wk-stack-slot wk-stack-target', 'data-stack': st, 'data-k': `plan-stack-${st}`, disabled: !enabled,
        'aria-label': label(snap, view, snap.legal[i]),
      }, body, h('span', { class: 'wk-lay' }, wt('lay_here')));
      b.addEventListener('click', () => { planPick = null; choose(i); });
      return b;
    }
    return h('div', { class: 'wk-stack-slot', 'data-stack': st }, body);
  });

  const done = doneIdx >= 0 ? decisionButton(snap, /** @type {any} */ (view), doneIdx, enabled, { cls: 'primary wk-plan-done' }) : null;
  const el = h('div', { class: 'group wk-plan', id: 'wk-plan' },
    h('div', { class: 'group-title' }, wt('planning_title', { n: laidTotal })),
    h('p', { class: 'muted small-print' }, planPick ? wt('plan_pick_stack', { card: cardName(planPick) }) : wt('plan_help')),
    h('div', { class: 'wk-stacks', role: 'group', 'aria-label': wt('stacks') }, stacks),
    h('ul', { class: 'wk-hand', 'aria-label': wt('your_hand') }, hand),
    h('div', { class: 'row' }, done));
  return { el, handled };
}

// ---------------------------------------------------------------------------------------------
// Side panels: the Event, the battle, the Assembly
// ---------------------------------------------------------------------------------------------

/** @param {Snapshot} snap @param {WkView} view @returns {Array<HTMLElement>} */
export function panels(snap, view) {
  return /** @type {Array<HTMLElement>} */ ([eventPanel(snap, view), battlePanel(snap, view), assemblyPanel(snap, view)].filter(Boolean));
}

/** @param {Snapshot} snap @param {WkView} view */
function eventPanel(snap, view) {
  if (!view.event) return null;
  const [card, drawer, target] = view.event;
  const ev = data().cards.events[card];
  return h('section', { class: 'card wk-panel', id: 'wk-event', 'aria-label': wt('event') },
    h('h2', null, `${wt('event')}: ${eventName(card)}`),
    h('p', null, ev ? colourChip(ev.colour) : null, ' ', eventEffect(card)),
    h('dl', { class: 'facts-list' },
      h('dt', null, wt('drawn_by')), h('dd', null, seatLabel(snap, drawer)),
      // While the target is being chosen the engine holds the drawer there: show no target yet.
      h('dt', null, wt('target')), h('dd', null, view.phase.kind === 'event_target' ? '—' : seatLabel(snap, target)),
      ev ? [h('dt', null, wt('cancel_cost')), h('dd', null, ev.cancel_cost ? wt('faith_n', { n: ev.cancel_cost }) : '—')] : null,
      ev?.lasting ? [h('dt', null, wt('lasting')), h('dd', null, '✓')] : null));
}

/** @param {WkStage} st */
function stageText(st) {
  if (typeof st === 'string') return wt(`stage.${st}`);
  if ('discard' in st) return wt('stage.discard');
  return wt('stage.casualties');
}

/** @param {Snapshot} snap @param {WkView} view */
function battlePanel(snap, view) {
  const bv = view.battle;
  if (!bv) return null;
  const b = bv.battle;
  const defSeat = b.target === 'neutral' ? null : b.target.baron;
  const kind = b.siege ? wt('siege') : b.fort ? wt('assault') : wt('open_field');
  const fort = b.fort ? ('city' in b.fort ? cityName(b.fort.city) : wt('stronghold_of', { who: who(b.fort.stronghold) })) : null;
  /** @param {number} side */
  const sideBox = (side) => {
    const seat = side === 0 ? b.attacker : defSeat;
    const shapes = side === 0 ? b.att : b.def;
    const cmd = b.cmd[side];
    const hand = b.revealed ? b.hands[side] : [];
    const nobles = seat != null ? shapes.map((k) => {
      const n = view.barons[seat]?.nobles[k];
      return h('li', { 'data-shape': k }, nobleBadge(seat, k, 16), ' ', shapeName(k), n ? ` · ${nobleStrength(n)}${n.casualties ? ` (${wt('casualties_n', { n: n.casualties })})` : ''}` : '',
        cmd === k ? h('strong', null, ` · ${wt('commander')}${side === 1 && b.def_cmd_tired ? ` (${wt('tired')})` : ''}`) : null);
    }) : [];
    return h('div', { class: 'wk-side', 'data-side': side, style: seat != null ? `--seat: ${SEAT_COLORS[seat % 6]}` : null },
      h('h3', null, side === 0 ? wt('attacker') : wt('defender'), ': ', seat != null ? seatLabel(snap, seat) : wt('neutral_city')),
      h('ul', { class: 'plain' }, nobles,
        side === 1 && b.def_sh && defSeat != null ? h('li', null, wt('stronghold_troops', { n: view.barons[defSeat].sh_troops.reduce((x, id) => x + troopStrength(id), 0) })) : null,
        side === 1 && fort ? h('li', null, `${wt('fortification')}: ${fort}`) : null),
      h('p', { class: 'small-print' },
        `${wt('fate_cards')}: `, b.revealed ? (hand.length ? hand.map((id, j) => h('span', { class: 'wk-fate', title: fateFull(id) }, `${j ? ', ' : ''}${fateBattle(id)}`)) : '—') : wt('cards_n', { n: bv.hand_sizes[side] }),
        b.discarded[side] ? ` · ${wt('discarded_n', { n: b.discarded[side] })}` : '',
        b.cas[side] ? ` · ${wt('casualties_to_place', { n: b.cas[side] })}` : ''));
  };
  const mineHand = view.mine?.battle_hand ?? [];
  return h('section', { class: 'card wk-panel wk-battle', id: 'wk-battle', 'aria-label': wt('battle') },
    h('h2', null, `⚔ ${wt('battle_in', { area: areaName(b.area) })}`),
    h('p', null, h('span', { class: 'tag' }, kind), ' ', h('span', { class: 'tag' }, stageText(b.stage)),
      b.revealed && b.diff ? h('span', { class: 'tag' }, ` ${wt('victory_diff', { n: signed(b.diff) })}`) : null,
      b.captured ? h('span', { class: 'tag warn' }, wt('captured')) : null),
    h('div', { class: 'wk-sides' }, sideBox(0), sideBox(1)),
    mineHand.length ? h('p', { id: 'wk-battle-hand' }, h('strong', null, `${wt('your_fate')}: `),
      mineHand.map((id, j) => h('span', { class: 'wk-fate', title: fateFull(id) }, `${j ? ', ' : ''}${fateBattle(id)}`))) : null,
    view.last_fate.length ? h('p', { class: 'small-print muted' }, `${wt('last_fate')}: `, view.last_fate.map((id, j) => h('span', { title: fateFull(id) }, `${j ? ', ' : ''}${fateBattle(id)}`))) : null);
}

/** @param {Snapshot} snap @param {WkView} view */
function assemblyPanel(snap, view) {
  const av = view.assembly;
  if (!av) return null;
  const a = av.assembly;
  const voting = a.voting;
  const rows = view.barons.map((b, seat) => {
    const attending = a.attending.includes(seat);
    const cast = a.casts[seat];
    return h('tr', { 'data-seat': seat, class: attending ? '' : 'muted' },
      h('th', { scope: 'row' }, seatBadge(seat, 14), ' ', seatLabel(snap, seat)),
      h('td', null, attending ? '✓' : b.banned ? wt('banned') : '—'),
      h('td', null, b.votes),
      h('td', { title: wt('fists_hint') }, av.committed[seat] ? `☐×${av.committed[seat]}` : '—'),
      h('td', null, a.revealed[seat] != null && (a.stage === 'cast' || a.stage === 'tally' || a.stage === 'done') ? a.revealed[seat] : '—'),
      h('td', null, cast ? ballotText(cast) : '—'));
  });
  const myCommits = view.mine?.commits ?? [];
  /** @param {Array<number>} list */
  const agendaList = (list) => (list.length ? list.map((k, i) => h('span', { class: 'wk-agenda-chip', title: `${agendaKind(k)} — ${agendaEffect(k)}` }, `${i ? ', ' : ''}${agendaName(k)}`)) : '—');
  return h('section', { class: 'card wk-panel wk-assembly', id: 'wk-assembly', 'aria-label': wt('assembly') },
    h('h2', null, `⚖ ${wt('assembly')}`),
    h('p', null, h('span', { class: 'tag' }, wt(`astage.${a.stage}`)), ' ', `${wt('acting_chairman')}: ${seatLabel(snap, a.acting)}`),
    voting != null ? h('p', { class: 'wk-voting' }, h('strong', null, `${wt('voting_on')}: ${agendaName(voting)}`), ` (${agendaKind(voting)})`,
      h('br', null), h('span', { class: 'small-print' }, agendaEffect(voting)),
      a.proposal ? [h('br', null), `${wt('proposal')}: ${proposalText(a.proposal)}`] : null) : null,
    h('dl', { class: 'facts-list' },
      a.pm.length ? [h('dt', null, wt('private_motions')), h('dd', null, agendaList(a.pm))] : null,
      a.queue.length ? [h('dt', null, wt('order')), h('dd', null, agendaList(a.queue))] : null,
      a.unordered.length ? [h('dt', null, wt('to_order')), h('dd', null, agendaList(a.unordered))] : null,
      a.result ? [h('dt', null, wt('result')), h('dd', null, ballotText(a.result))] : null),
    h('div', { class: 'scroll-x' }, h('table', { class: 'wk-votes' },
      h('thead', null, h('tr', null, h('th', null, t('player')), h('th', null, wt('attending')), h('th', null, wt('votes')),
        h('th', null, wt('fists')), h('th', null, wt('revealed')), h('th', null, wt('cast')))),
      h('tbody', null, rows))),
    myCommits.length ? h('p', { id: 'wk-my-fists' }, `${wt('your_fists')}: `, myCommits.map((n) => `☐${n}`).join(' ')) : null);
}

// ---------------------------------------------------------------------------------------------
// The court: stacks, special-phase areas, Mercenary Track, Agendas, expeditions
// ---------------------------------------------------------------------------------------------

/** @param {Snapshot} snap @param {WkView} view */
export function court(snap, view) {
  const d = data();
  const n = view.barons_count;
  const inActions = !['planning', 'setup_stronghold', 'setup_troops', 'setup_noble', 'over'].includes(view.phase.kind) && view.stacks.some((x) => x > 0);
  const stacks = h('div', { class: 'wk-court-box', id: 'wk-stacks' },
    h('h3', null, wt('stacks')),
    view.revealed ? h('p', { class: 'wk-revealed' }, `${wt('revealed_card')}: `, cardChip(view.revealed)) : null,
    h('div', { class: 'wk-stack-row' }, [0, 1, 2].map((i) => h('div', { class: `wk-stack${inActions && view.stack === i ? ' current' : ''}`, 'data-stack': i },
      h('div', { class: 'wk-stack-head' }, `${wt('stack_n', { n: i + 1 })}`, h('strong', null, ` ${view.stacks[i]}`)),
      h('div', { class: 'wk-owner-chips' }, view.stack_owners[i].map((c, seat) => (c ? h('span', {
        class: 'wk-owner', style: seat < n ? `--seat: ${SEAT_COLORS[seat % 6]}` : null, title: seat < n ? `${seatLabel(snap, seat)}: ${c}` : `${wt('neutral_cards')}: ${c}`,
      }, seat < n ? seatBadge(seat, 12) : 'N', `×${c}`) : null)))))));

  const zones = h('div', { class: 'wk-court-box', id: 'wk-zones' },
    h('h3', null, wt('special_areas')),
    h('div', { class: 'wk-zone-row' }, ZONES.map((z, i) => h('div', { class: `wk-zone ${z}`, 'data-zone': z, title: wt(`zone_hint.${z}`) },
      h('div', { class: 'wk-zone-head' }, zoneName(z), h('span', { class: 'muted' }, ` ${view.zones[i].length}/${2 * n}`)),
      h('div', { class: 'wk-zone-cards' }, view.zones[i].map(([seat, c]) => h('span', { class: 'wk-card mini', style: `--seat: ${SEAT_COLORS[seat % 6]}`, title: seatLabel(snap, seat) },
        seatBadge(seat, 11), ' ', cardName(c))))))));

  const track = h('div', { class: 'wk-court-box', id: 'wk-track' },
    h('h3', null, wt('merc_track'), h('span', { class: 'muted' }, ` (${wt('draft_at', { n: n + 1 })})`)),
    h('ol', { class: 'wk-track' }, d.comp.mercenary_track.map((spot, i) => {
      const open = i < view.track.length;
      const owner = view.track[i] ?? null;
      return h('li', { class: `wk-spot${open ? '' : ' closed'}`, 'data-spot': i, title: open ? wt('spot_hint', { fee: spot.versatile_fee }) : wt('spot_closed', { n: spot.min_barons }) },
        h('span', { class: 'wk-spot-n' }, i + 1), owner != null ? seatBadge(owner, 14) : h('span', { class: 'wk-spot-empty' }, open ? '○' : '·'),
        h('span', { class: 'wk-fee' }, `${spot.versatile_fee}♛`));
    })),
    h('div', { class: 'wk-offer' }, h('strong', null, `${wt('offer')}: `),
      view.offer.length ? view.offer.map((id) => mercChip(id)) : '—'),
    view.hires.length ? h('div', { class: 'wk-offer' }, h('strong', null, `${wt('hires')}: `), view.hires.map((id) => mercChip(id))) : null);

  const agendas = h('div', { class: 'wk-court-box', id: 'wk-agendas' },
    h('h3', null, wt('agendas')),
    h('ul', { class: 'plain' }, view.current_agendas.length ? view.current_agendas.map((k) => h('li', { class: 'wk-agenda' },
      h('strong', null, agendaName(k)), ' ', h('span', { class: 'muted' }, `(${agendaKind(k)})`), h('br', null), h('span', { class: 'small-print' }, agendaEffect(k)))) : h('li', { class: 'muted' }, '—')),
    view.laws.length ? h('p', null, h('strong', null, `${wt('laws')}: `), view.laws.map((k, i) => h('span', { title: agendaEffect(k) }, `${i ? ', ' : ''}${agendaName(k)}`))) : null,
    view.lasting.length ? h('p', null, h('strong', null, `${wt('lasting_events')}: `), view.lasting.map(([e, seat], i) => h('span', { title: eventEffect(e) }, `${i ? ', ' : ''}${eventName(e)} (${who(seat)})`))) : null);

  const exps = h('div', { class: 'wk-court-box', id: 'wk-expeditions' },
    h('h3', null, wt('expeditions')),
    h('ul', { class: 'plain' }, view.expeditions.map((e, i) => h('li', { class: 'wk-exp', 'data-exp': i },
      h('strong', null, expName(i)), ': ',
      e.spot ? [h('span', { class: 'wk-exp-track', 'aria-label': wt('exp_spot', { n: e.spot }) }, [1, 2, 3].map((k) => (k === e.spot ? '⚑' : k < e.spot ? '·' : '○')).join(' ')),
        e.blessed ? h('span', { class: 'tag' }, `✝ ${wt('blessed')}`) : null,
        ' ', e.funds.slice(0, n).map((f, seat) => (f ? h('span', { class: 'wk-fund' }, seatBadge(seat, 12), `${f}♛ `) : null))] : h('span', { class: 'muted' }, wt('not_under_way'))))));

  return h('section', { class: 'card wk-court', id: 'wk-court', 'aria-label': wt('court') },
    h('h2', null, wt('court')),
    h('div', { class: 'wk-court-grid' }, stacks, zones, track, agendas, exps));
}

/** @param {WkCard} c */
function cardChip(c) {
  if ('baron' in c) {
    const seat = c.baron.seat;
    return h('span', { class: 'wk-card', style: `--seat: ${SEAT_COLORS[seat % 6]}`, 'data-card': c.baron.card }, seatBadge(seat, 12), ' ', cardName(c.baron.card));
  }
  return h('span', { class: 'wk-card neutral', 'data-card': c.neutral }, cardName(c.neutral));
}

/** @param {number} id */
function mercChip(id) {
  const m = data().comp.mercenaries[id];
  return h('span', { class: 'wk-merc', title: troopText(id) }, m ? `${natName(m.nationality)} ${m.strength}` : `#${id}`, h('span', { class: 'wk-wage' }, ` ${troopWage(id)}♛`));
}

// ---------------------------------------------------------------------------------------------
// Legend and scores
// ---------------------------------------------------------------------------------------------

/** @param {WkView} view */
export function legend(view) {
  const piece = (/** @type {SVGElement} */ el) => s('svg', { class: 'badge', width: 26, height: 20, viewBox: '0 0 26 20', 'aria-hidden': 'true' }, el);
  return h('details', { class: 'card legend' },
    h('summary', null, t('legend')),
    h('ul', { class: 'plain wk-legend' },
      h('li', null, piece(s('path', { d: castlePath(13, 10), class: 'castle', fill: '#fbf7ee', stroke: '#333' })), ' ', wt('lg.city')),
      h('li', null, piece(s('path', { d: castlePath(13, 10), class: 'castle', fill: SEAT_COLORS[0], stroke: '#111', 'stroke-width': 3 })), ' ', wt('lg.fortified')),
      h('li', null, piece(s('path', { d: castlePath(13, 10), fill: 'none', stroke: '#999', 'stroke-dasharray': '2 2' })), ' ', wt('lg.razed')),
      h('li', null, piece(s('path', { d: towerPath(13, 10), fill: SEAT_COLORS[0], stroke: '#111' })), ' ', wt('lg.stronghold')),
      h('li', null, [0, 1, 2, 3].map((k) => nobleBadge(0, k, 16)), ' ', wt('lg.nobles')),
      h('li', null, h('span', { class: 'wk-lg-ex' }, nobleBadge(0, 3, 16)), ' ', wt('lg.exhausted')),
      h('li', null, '✕2 ', wt('lg.breaches')),
      h('li', null, '⚓ ', wt('lg.port')),
      h('li', null, piece(s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'road' })), ' ', wt('lg.road')),
      h('li', null, piece(s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'river' })), ' ', wt('lg.river')),
      h('li', null, piece(s('g', null, s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'river' }), s('line', { x1: 13, y1: 3, x2: 13, y2: 17, class: 'bridge' }))), ' ', wt('lg.bridge')),
      h('li', null, piece(s('polyline', { points: '2,12 6,7 10,12 14,7 18,12 22,7', class: 'mountain' })), ' ', wt('lg.mountain')),
      view.barons.map((_, seat) => h('li', null, seatBadge(seat), ' ', baronName(seat)))));
}

/**
 * The end of the game: places, Influence and the tie-breakers.
 * @param {Snapshot} snap @param {WkView} view
 * @param {{footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}} foot
 */
export function scores(snap, view, foot) {
  if (!foot.shown) return h('section', { class: 'card' }, foot.show);
  const out = view.outcome;
  /** @param {number} seat */
  const placeOf = (seat) => out?.places[seat] ?? view.barons.length;
  const order = view.barons.map((_, seat) => seat).sort((x, y) => placeOf(x) - placeOf(y));
  const rows = order.map((seat) => {
    const b = view.barons[seat];
    const cities = view.cities.filter((c) => c.owner === seat && !c.razed).length;
    const place = placeOf(seat);
    return h('tr', { class: place === 0 ? 'winner' : '', 'data-seat': seat },
      h('td', null, place + 1),
      h('th', { scope: 'row' }, seatBadge(seat), ' ', seatLabel(snap, seat)),
      h('td', { class: 'total' }, h('strong', null, b.influence)),
      h('td', null, cities),
      h('td', null, b.crowns + b.faith + b.votes));
  });
  const winners = order.filter((seat) => placeOf(seat) === 0);
  return h('section', { class: 'card scores highlight', id: 'scores', 'aria-label': t('final_scores') },
    h('div', { class: 'row' }, h('h2', null, t('final_scores')), h('span', { class: 'grow' }), foot.hide),
    view.city_winner != null ? h('p', { class: 'wk-city-win' }, wt('city_win', { who: seatLabel(snap, view.city_winner) })) : null,
    h('div', { class: 'scroll-x' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, wt('place')), h('th', null, t('player')), h('th', null, wt('influence')),
        h('th', null, wt('cities')), h('th', { title: wt('tiebreak_hint') }, wt('crowns_faith_votes')))),
      h('tbody', null, rows))),
    h('p', null, `${t('winner')}: `, winners.length ? winners.map((seat) => seatLabel(snap, seat)).join(', ') : wt('no_king')),
    foot.footer);
}

// ---------------------------------------------------------------------------------------------
// Strings of the Warrior Knights table in English, Vietnamese, Japanese and Russian. Every language
// must define every key (the type checker enforces it). Component names from the data files
// (cities, Agendas, Events, Barons) stay as they are.
// ---------------------------------------------------------------------------------------------

const WK_EN = {
  round_n: 'Round {n}',
  setup: 'Setup',
  baron_n: 'Baron {n}',
  pool: 'Influence pool',
  pool_hint: 'Influence left in the pool: the round in which it runs dry is the last',
  last_round: 'Last round',
  chairman: 'Chairman',
  chairman_hint: 'Chairman of the Assembly (gavel): orders the Agendas, breaks ties, draws at random',
  head: 'Head of the Church',
  head_hint: 'Head of the Church (sceptre): decides who draws Important Events, may bless expeditions',
  event_deck: 'Events',
  event_top_hint: 'Colour of the top Event card (its back is public) and cards left',
  decks: 'Decks',
  decks_hint: 'Cards left in the Fate, Agenda and Mercenary decks',
  'deck.fate': 'Fate',
  'deck.agendas': 'Agendas',
  'deck.mercs': 'Mercenaries',
  'colour.red': 'red',
  'colour.green': 'green',
  'colour.blue': 'blue',
  overseas: 'Overseas',
  by_sea_only: 'reached only by sea',
  overseas_area: 'overseas area',
  city_facts: 'strength {strength}, income {income}',
  razed: 'razed',
  controlled_by: 'controlled by {who}',
  neutral: 'neutral',
  fortified: 'fortified',
  breaches_n: '{n} breach(es)',
  besieged_by: 'besieged by {who}',
  port: 'port',
  off_board: 'off the board',
  at_sea: 'at sea to {area}',
  noble_of: '{shape} Noble of {who}',
  troops: 'Troops',
  casualties_n: '{n} casualty token(s)',
  exhausted: 'exhausted',
  office: 'Office',
  no_heir: 'No Heir',
  gone: 'line ended',
  stronghold_of: "{who}'s stronghold",
  crowns: 'Crowns',
  votes: 'Votes',
  faith: 'Faith',
  influence: 'Influence',
  hand: 'Hand',
  cards_n: '{n} card(s)',
  laid: 'Laid',
  laid_hint: 'Cards laid face down on each Action stack this Planning',
  cities: 'Cities',
  kingdom_n: '{n} in the Kingdom',
  stronghold: 'Stronghold',
  charges: 'Charges',
  noble: 'Noble',
  where: 'Where',
  state: 'State',
  banned: 'banned',
  banned_hint: 'Banned from the Assembly',
  eliminated: 'eliminated',
  planned: 'planned',
  your_hand: 'Your hand',
  your_plan: 'Your plan',
  stack_n: 'Stack {n}',
  stacks: 'Action stacks',
  lay_here: 'lay here',
  planning_title: 'Planning: lay up to 6 cards, at most 2 per stack ({n} laid)',
  plan_help: 'Pick a card, then a stack — or use the →1 →2 →3 buttons.',
  plan_pick_stack: '{card}: now pick a stack.',
  event: 'Event',
  drawn_by: 'Drawn by',
  target: 'Target',
  cancel_cost: 'Cancel cost',
  faith_n: '{n} Faith',
  lasting: 'Lasting',
  siege: 'siege',
  assault: 'assault',
  open_field: 'open field',
  commander: 'commander',
  tired: 'exhausted: no ability',
  attacker: 'Attacker',
  defender: 'Defender',
  neutral_city: 'the neutral city',
  stronghold_troops: 'troops at the stronghold: {n}',
  fortification: 'Fortification',
  fate_cards: 'Fate cards',
  discarded_n: '{n} discarded',
  casualties_to_place: '{n} casualties to place',
  battle: 'Battle',
  battle_in: 'Battle in {area}',
  victory_diff: 'victories {n}',
  captured: 'captured',
  your_fate: 'Your Fate cards',
  last_fate: 'Fate cards just drawn',
  assembly: 'Assembly',
  acting_chairman: 'Acting Chairman',
  voting_on: 'Voting on',
  proposal: 'Proposal',
  private_motions: 'Private Motions',
  order: 'Order',
  to_order: 'Not yet ordered',
  result: 'Result',
  attending: 'Attends',
  fists: 'Fist',
  fists_hint: 'Votes put in a closed fist (the number stays secret until revealed)',
  revealed: 'Revealed',
  cast: 'Cast',
  your_fists: 'Your closed fists',
  court: 'The court',
  revealed_card: 'Revealed card',
  neutral_cards: 'Neutral cards',
  special_areas: 'Special-phase areas',
  merc_track: 'Mercenary Track',
  draft_at: 'Draft at {n} markers',
  spot_hint: 'Versatile Strategy fee: {fee} crowns',
  spot_closed: 'Used from {n} Barons on',
  offer: 'Face-up Mercenaries',
  hires: 'Hired, to assign',
  agendas: 'Current Agendas',
  laws: 'Laws in play',
  lasting_events: 'Lasting Events',
  expeditions: 'Expeditions',
  exp_spot: 'spot {n} of 3',
  blessed: 'blessed',
  not_under_way: 'not under way',
  place: 'Place',
  crowns_faith_votes: 'Crowns + Faith + Votes',
  tiebreak_hint: 'Tie-breakers: most cities, then crowns + Faith + Votes, then troops on the board',
  city_win: '{who} seized the Kingdom.',
  no_king: 'nobody (a tie to the end: no King)',
  merc: '{nat} {n} (wage {wage})',
  regular: 'Regular {n}',
  the_stronghold: 'the stronghold',
  the_noble: 'the {shape} Noble',
  yes: 'yes',
  no: 'no',
  revolt: 'revolt',
  no_revolt: 'no revolt',
  fate_full: '{battle} · {revolt} · {city} · {nat} · {noble}',
  'shape.star': 'Star',
  'shape.square': 'Square',
  'shape.triangle': 'Triangle',
  'shape.circle': 'Circle',
  'card.mobilize_forces': 'Mobilize Forces',
  'card.levy_taxes': 'Levy Taxes',
  'card.draft_soldiers': 'Draft Soldiers',
  'card.rally_support': 'Rally Support',
  'card.serve_the_church': 'Serve the Church',
  'card.versatile_strategy': 'Versatile Strategy',
  'card.important_event': 'Important Event',
  'card.fund_expeditions': 'Fund Expeditions',
  'card.upgrade_defenses': 'Upgrade Defenses',
  'card.muster_troops': 'Muster Troops',
  'card.uncertain_times': 'Uncertain Times',
  'card_hint.mobilize_forces': 'Move fresh Nobles into one area and/or fight there',
  'card_hint.levy_taxes': '1 crown per area holding one of your Nobles',
  'card_hint.draft_soldiers': 'A free marker on the Mercenary Track',
  'card_hint.rally_support': '2 Votes; strictly the most Votes takes the Chairman',
  'card_hint.serve_the_church': '1 Faith; strictly the most Faith becomes Head of the Church',
  'card_hint.versatile_strategy': '2 crowns, 1 Vote, one move, a battle or a track spot; back to hand at once',
  'zone.taxation': 'Taxation',
  'zone.wages': 'Wages',
  'zone.assembly': 'Assembly',
  'zone_hint.taxation': 'Full (2 cards per Baron): every Baron collects his income',
  'zone_hint.wages': 'Full (2 cards per Baron): every Baron pays his troops',
  'zone_hint.assembly': 'Full (2 cards per Baron): the Assembly meets',
  'exp.ceylon': 'Ceylon',
  'exp.spice_islands': 'Spice Islands',
  'exp.china': 'China',
  'nat.english': 'English',
  'nat.lombard': 'Lombard',
  'nat.polish': 'Polish',
  'nat.romanian': 'Romanian',
  'nat.swiss': 'Swiss',
  'nat.tuscan': 'Tuscan',
  'fate.deal_casualties': 'deal 100 casualties',
  'fate.prevent_casualties': 'prevent 100 casualties',
  'fate.victory': '+1 victory',
  'fate.draw_fate': 'draw 1 Fate',
  'res.crowns': 'crowns',
  'res.votes': 'Votes',
  'res.faith': 'Faith',
  'res.influence': 'Influence',
  'acat.motion': 'motion',
  'acat.law': 'law',
  'acat.charge': 'charge',
  'acat.concession': 'concession',
  'acat.office': 'office',
  'acat.private_motion': 'Private Motion',
  'avote.yes_no': 'yes/no',
  'avote.choose_baron': 'choose a Baron',
  'astage.start': 'opening',
  'astage.private': 'Private Motion',
  'astage.order': 'ordering the Agendas',
  'astage.commit': 'Votes into fists',
  'astage.cast': 'casting',
  'astage.tally': 'counting',
  'astage.done': 'closing',
  'stage.fighters': 'choosing fighters',
  'stage.mode': 'assault or siege',
  'stage.commanders': 'choosing commanders',
  'stage.draw': 'drawing Fate',
  'stage.discard': 'discarding',
  'stage.casualties': 'placing casualties',
  'stage.outcome': 'outcome',
  'stage.retreats': 'retreats',
  'stage.capture': 'capture',
  'stage.done': 'over',
  'eff.each_baron': 'every Baron {n} {res}',
  'eff.baron': 'the chosen Baron {n} {res}',
  'eff.take_chairman': 'takes the Chairman',
  'eff.take_head': 'becomes Head of the Church',
  'eff.assembly_votes': '+{n} Votes at each Assembly',
  'eff.barred': 'barred from the Assembly',
  'eff.taxation': '{n} crowns at each Taxation',
  'eff.maintained': 'office: {n} maintained troops',
  'eff.private_motion': 'the proposer chooses what is voted',
  'eff.gain': '{n} {res}',
  'eff.per_city': '{n} {res} per city',
  'eff.assassin': '{n} casualties on a Noble',
  'law.closed_roads': 'law: no road movement',
  'law.no_sieges': 'law: no sieges',
  'law.tithe': 'law: a tithe at each Taxation',
  'law.port_dues': 'law: sailing costs crowns',
  'evk.heretic': 'gains no Faith',
  'evk.no_heir': 'a Noble without heir',
  'evk.broken_line': 'a Noble\'s line ends',
  'evk.revolt': 'a city revolts',
  'evk.fire': 'a city takes a breach',
  'evk.desertion': 'Mercenaries desert',
  'evk.storm': 'Nobles at sea are lost',
  'evk.plague': 'casualties on every army',
  'evk.reinforcement': 'a free Mercenary',
  'evk.heal': 'casualties removed',
  'evk.repair': 'breaches repaired',
  'prop.postpone': 'postpone the Assembly',
  'prop.rescind_ban': "lift {who}'s ban",
  'prop.discard_law': 'repeal {agenda}',
  'prop.discard_charge': 'take {agenda} from {who}',
  'prop.discard_office': "remove the office of {who}'s {shape} Noble",
  'prop.revive': 'vote on {agenda}',
  'lg.city': 'neutral city (owned: in its Baron\'s colour)',
  'lg.fortified': 'fortified city',
  'lg.razed': 'razed city',
  'lg.stronghold': 'stronghold',
  'lg.nobles': 'Nobles: star, square, triangle, circle (number: troop strength)',
  'lg.exhausted': 'faded: exhausted',
  'lg.breaches': 'breaches; a ring: a siege',
  'lg.port': 'port (sail to any port)',
  'lg.road': 'road (up to 3 areas)',
  'lg.river': 'river (impassable)',
  'lg.bridge': 'bridge',
  'lg.mountain': 'mountains (impassable)',
  'ph.auto': 'Resolving…',
  'ph.setup_stronghold': '{who} places a stronghold',
  'ph.setup_troops': '{who} assigns the starting troops',
  'ph.setup_noble': '{who} places a Noble',
  'ph.planning': 'Planning: every Baron lays Action cards face down.',
  'ph.card': '{who}: {card}',
  'ph.allocate': '{who} allocates {card}',
  'ph.mobilize': '{who} moves Nobles',
  'ph.permission': '{who} is asked for leave',
  'ph.target': '{who} chooses whom to attack',
  'ph.fighters': '{who} chooses the attacking Nobles',
  'ph.assault_or_siege': '{who}: assault or siege?',
  'ph.commander': '{who} picks a commander',
  'ph.discard': '{who} discards Fate cards',
  'ph.casualties': '{who} places casualties',
  'ph.retreat': '{who} retreats a Noble',
  'ph.raze': '{who}: raze or keep the city?',
  'ph.give_city': '{who} hands over a city',
  'ph.wages': 'Wages: {who} pays',
  'ph.draft': 'Mercenary Draft: {who} hires',
  'ph.assign_hire': '{who} assigns the hired troop',
  'ph.upgrade_defenses': 'Upgrade Defenses: {who}',
  'ph.muster_troops': 'Muster Troops: {who}',
  'ph.event_drawer': 'Important Event: {who} decides who draws',
  'ph.event_target': '{who} chooses the Event\'s target',
  'ph.event_cancel': '{who} may cancel the Event',
  'ph.event_pledge': '{who} may pledge Faith against the Event',
  'ph.expedition_start': 'Fund Expeditions: {who} may start one',
  'ph.expedition_fund': 'Fund Expeditions: {who} invests',
  'ph.expedition_bless': '{who} may bless the expedition',
  'ph.appoint': '{who} appoints an acting Chairman',
  'ph.private_motion': '{who} proposes the Private Motion',
  'ph.order_agendas': '{who} orders the Agendas',
  'ph.votes': 'Assembly: Votes into closed fists.',
  'ph.cast': '{who} casts his Votes',
  'ph.tie': '{who} breaks the tie',
  'ph.refusal': '{who}: accept or refuse the Agenda?',
  'ph.office': '{who} gives the office to a Noble',
  'ph.drop_charge': '{who} drops a charge',
  'ph.tithe': 'Taxation: {who} and the Tithe',
  'ph.revolt': 'Revolt: {who}',
  'ph.miracle': '{who} may cancel a lasting Event',
  'ph.return_nobles': 'Upkeep: {who} returns Nobles',
  'ph.over': 'The game is over.',
  'd.place_stronghold': 'Stronghold in {area}',
  'd.assign_start': 'Next starting troop to {holder}',
  'd.assign_start_troop': '{troop} to {holder}',
  'd.plan_done_early': 'Done planning with only {n} of 6 cards laid',
  'd.place_noble': '{shape} Noble to {area}',
  'd.plan': 'Lay {card} on stack {n}',
  'd.plan_done': 'Done planning',
  'd.decline': 'Decline the action',
  'd.carry_out': 'Carry out the action',
  'd.draft_spot': 'Marker on track spot {n}',
  'd.allocate_to': 'Card to the {zone} area',
  'd.mobilize_to': 'Mobilize into {area}',
  'd.move': 'Move the {shape} Noble to {area}',
  'd.move_ask': 'Ask leave to move the {shape} Noble to {area}',
  'd.sail': 'Sail the {shape} Noble to {area}',
  'd.transfer': '{troop} to {holder}',
  'd.transfer_army': 'Whole army of {from} to {to}',
  'd.end_moves': 'No more moves',
  'd.versatile_crowns': 'Take 2 crowns',
  'd.versatile_vote': 'Take 1 Vote',
  'd.versatile_track': 'Marker on track spot {n} for {fee} crowns',
  'd.versatile_battle': 'Battle in {area}',
  'd.attack_neutral': 'Attack the neutral city',
  'd.attack': 'Attack {who}',
  'd.no_battle': 'No battle',
  'd.assault': 'Assault',
  'd.siege': 'Lay siege',
  'd.fight': 'The {shape} Noble fights',
  'd.engage': 'Engage',
  'd.commander': 'The {shape} Noble commands',
  'd.discard_fate': 'Discard: {fate}',
  'd.keep_fate': 'Keep the Fate cards',
  'd.casualty': 'Casualty on {holder}',
  'd.breach': 'Take a breach',
  'd.retreat_to': 'Retreat to {area}',
  'd.raze': 'Raze the city',
  'd.keep_city': 'Keep the city',
  'd.give_city': 'Give up {city}',
  'd.grant': 'Grant',
  'd.refuse': 'Refuse',
  'd.pay_wages': 'Pay all wages',
  'd.dismiss': 'Leave {troop} unpaid',
  'd.hire': 'Hire {troop}',
  'd.hire_bundle': 'Hire every {nat} Mercenary',
  'd.no_hire': 'Hire nobody',
  'd.assign_hire': 'Hired troop to {holder}',
  'd.repair_city': 'Repair {n} breach(es) of {city}',
  'd.repair_stronghold': 'Repair {n} breach(es) of the stronghold',
  'd.fortify': 'Fortify {city}',
  'd.no_upgrade': 'No upgrade',
  'd.muster': 'Remove {n} casualty token(s) from {holder}',
  'd.no_muster': 'No muster',
  'd.event_to': '{who} draws the Event',
  'd.event_target': 'The Event targets {who}',
  'd.cancel_event': 'Cancel the Event',
  'd.accept_event': 'Let it be',
  'd.pledge': 'Pledge {n} Faith',
  'd.start_expedition': 'Start the {exp} expedition',
  'd.no_expedition': 'Start no expedition',
  'd.fund': 'Invest {n} crowns',
  'd.bless': 'Bless the expedition',
  'd.no_bless': 'No blessing',
  'd.appoint': '{who} acts as Chairman',
  'd.propose': 'Propose: {what}',
  'd.next_agenda': 'Vote on {agenda} next',
  'd.next_agenda_n': 'Agenda {n} next',
  'd.commit': '{n} Votes in the fist',
  'd.cast': 'Cast for: {ballot}',
  'd.tie_break': 'Break the tie: {ballot}',
  'd.accept_agenda': 'Accept',
  'd.refuse_agenda': 'Refuse and storm out (banned)',
  'd.office_to': 'Office to the {shape} Noble',
  'd.drop_charge': 'Drop the charge {agenda}',
  'd.drop_charge_n': 'Drop charge {n}',
  'd.comply_tithe': 'Pay the Tithe',
  'd.refuse_tithe': 'Refuse the Tithe (banned)',
  'd.buy_off_faith': 'Keep the city for 1 Faith',
  'd.buy_off_crowns': 'Keep the city for crowns',
  'd.let_revolt': 'Let the city go',
  'd.cancel_lasting': 'Cancel {event}',
  'd.cancel_lasting_n': 'Cancel lasting Event {n}',
  'd.return_done': 'Done',
};

/** @typedef {keyof typeof WK_EN} WkKey */

/** @type {Record<WkKey, string>} */
const WK_VI = {
  round_n: 'Vòng {n}',
  setup: 'Chuẩn bị',
  baron_n: 'Nam tước {n}',
  pool: 'Kho Ảnh hưởng',
  pool_hint: 'Ảnh hưởng còn trong kho: vòng làm kho cạn là vòng cuối',
  last_round: 'Vòng cuối',
  chairman: 'Chủ tịch',
  chairman_hint: 'Chủ tịch Hội nghị (búa): sắp xếp Nghị sự, phân xử khi hòa, rút ngẫu nhiên',
  head: 'Đứng đầu Giáo hội',
  head_hint: 'Người đứng đầu Giáo hội (quyền trượng): quyết định ai rút Sự kiện quan trọng, có thể ban phước viễn chinh',
  event_deck: 'Sự kiện',
  event_top_hint: 'Màu lá Sự kiện trên cùng (mặt lưng công khai) và số lá còn lại',
  decks: 'Bộ bài',
  decks_hint: 'Số lá còn trong bộ Định mệnh, Nghị sự và Lính đánh thuê',
  'deck.fate': 'Định mệnh',
  'deck.agendas': 'Nghị sự',
  'deck.mercs': 'Lính đánh thuê',
  'colour.red': 'đỏ',
  'colour.green': 'xanh lá',
  'colour.blue': 'xanh dương',
  overseas: 'Hải ngoại',
  by_sea_only: 'chỉ đến được bằng đường biển',
  overseas_area: 'vùng hải ngoại',
  city_facts: 'sức mạnh {strength}, thu nhập {income}',
  razed: 'đã bị phá hủy',
  controlled_by: 'do {who} kiểm soát',
  neutral: 'trung lập',
  fortified: 'được gia cố',
  breaches_n: '{n} lỗ hổng',
  besieged_by: 'bị {who} vây',
  port: 'cảng',
  off_board: 'ngoài bản đồ',
  at_sea: 'trên biển tới {area}',
  noble_of: 'Quý tộc {shape} của {who}',
  troops: 'Quân',
  casualties_n: '{n} dấu thương vong',
  exhausted: 'kiệt sức',
  office: 'Chức vụ',
  no_heir: 'Không người thừa kế',
  gone: 'dòng dõi đã dứt',
  stronghold_of: 'Thành trì của {who}',
  crowns: 'Vàng',
  votes: 'Phiếu',
  faith: 'Đức tin',
  influence: 'Ảnh hưởng',
  hand: 'Trên tay',
  cards_n: '{n} lá',
  laid: 'Đã úp',
  laid_hint: 'Số lá úp trên mỗi chồng Hành động trong lượt Lập kế hoạch này',
  cities: 'Thành phố',
  kingdom_n: '{n} trong Vương quốc',
  stronghold: 'Thành trì',
  charges: 'Trách nhiệm',
  noble: 'Quý tộc',
  where: 'Ở đâu',
  state: 'Tình trạng',
  banned: 'bị cấm',
  banned_hint: 'Bị cấm dự Hội nghị',
  eliminated: 'bị loại',
  planned: 'đã lập kế hoạch',
  your_hand: 'Bài trên tay',
  your_plan: 'Kế hoạch của bạn',
  stack_n: 'Chồng {n}',
  stacks: 'Chồng Hành động',
  lay_here: 'úp vào đây',
  planning_title: 'Lập kế hoạch: úp tối đa 6 lá, mỗi chồng nhiều nhất 2 ({n} đã úp)',
  plan_help: 'Chọn một lá rồi chọn chồng — hoặc dùng các nút →1 →2 →3.',
  plan_pick_stack: '{card}: giờ hãy chọn chồng.',
  event: 'Sự kiện',
  drawn_by: 'Người rút',
  target: 'Mục tiêu',
  cancel_cost: 'Giá hủy',
  faith_n: '{n} Đức tin',
  lasting: 'Lâu dài',
  siege: 'vây hãm',
  assault: 'tấn công thành',
  open_field: 'dã chiến',
  commander: 'chỉ huy',
  tired: 'kiệt sức: không có năng lực',
  attacker: 'Bên tấn công',
  defender: 'Bên phòng thủ',
  neutral_city: 'thành phố trung lập',
  stronghold_troops: 'quân ở thành trì: {n}',
  fortification: 'Công sự',
  fate_cards: 'Lá Định mệnh',
  discarded_n: 'đã bỏ {n}',
  casualties_to_place: 'còn {n} thương vong phải đặt',
  battle: 'Trận đánh',
  battle_in: 'Trận đánh ở {area}',
  victory_diff: 'chênh lệch chiến thắng {n}',
  captured: 'bị chiếm',
  your_fate: 'Lá Định mệnh của bạn',
  last_fate: 'Lá Định mệnh vừa rút',
  assembly: 'Hội nghị',
  acting_chairman: 'Quyền Chủ tịch',
  voting_on: 'Đang biểu quyết',
  proposal: 'Đề xuất',
  private_motions: 'Kiến nghị riêng',
  order: 'Thứ tự',
  to_order: 'Chưa xếp',
  result: 'Kết quả',
  attending: 'Dự họp',
  fists: 'Nắm tay',
  fists_hint: 'Số Phiếu giấu trong nắm tay (bí mật cho tới khi mở)',
  revealed: 'Đã mở',
  cast: 'Bỏ phiếu cho',
  your_fists: 'Nắm tay của bạn',
  court: 'Triều đình',
  revealed_card: 'Lá vừa lật',
  neutral_cards: 'Lá Trung lập',
  special_areas: 'Khu giai đoạn đặc biệt',
  merc_track: 'Đường lính đánh thuê',
  draft_at: 'Tuyển khi đủ {n} dấu',
  spot_hint: 'Phí Chiến lược linh hoạt: {fee} vàng',
  spot_closed: 'Dùng khi có từ {n} Nam tước',
  offer: 'Lính đánh thuê đang lật',
  hires: 'Đã thuê, chờ giao',
  agendas: 'Nghị sự hiện hành',
  laws: 'Luật đang có hiệu lực',
  lasting_events: 'Sự kiện lâu dài',
  expeditions: 'Viễn chinh',
  exp_spot: 'ô {n}/3',
  blessed: 'được ban phước',
  not_under_way: 'chưa khởi hành',
  place: 'Hạng',
  crowns_faith_votes: 'Vàng + Đức tin + Phiếu',
  tiebreak_hint: 'Phân định hòa: nhiều thành phố hơn, rồi vàng + Đức tin + Phiếu, rồi quân trên bản đồ',
  city_win: '{who} đã chiếm được Vương quốc.',
  no_king: 'không ai (hòa đến cùng: không có Vua)',
  merc: '{nat} {n} (lương {wage})',
  regular: 'Chính quy {n}',
  the_stronghold: 'thành trì',
  the_noble: 'Quý tộc {shape}',
  yes: 'thuận',
  no: 'chống',
  revolt: 'nổi loạn',
  no_revolt: 'không nổi loạn',
  fate_full: '{battle} · {revolt} · {city} · {nat} · {noble}',
  'shape.star': 'Sao',
  'shape.square': 'Vuông',
  'shape.triangle': 'Tam giác',
  'shape.circle': 'Tròn',
  'card.mobilize_forces': 'Điều động quân',
  'card.levy_taxes': 'Thu thuế',
  'card.draft_soldiers': 'Tuyển lính',
  'card.rally_support': 'Vận động',
  'card.serve_the_church': 'Phụng sự Giáo hội',
  'card.versatile_strategy': 'Chiến lược linh hoạt',
  'card.important_event': 'Sự kiện quan trọng',
  'card.fund_expeditions': 'Tài trợ viễn chinh',
  'card.upgrade_defenses': 'Củng cố phòng thủ',
  'card.muster_troops': 'Tập hợp quân',
  'card.uncertain_times': 'Thời loạn',
  'card_hint.mobilize_forces': 'Đưa Quý tộc sung sức vào một vùng và/hoặc giao chiến ở đó',
  'card_hint.levy_taxes': '1 vàng cho mỗi vùng có Quý tộc của bạn',
  'card_hint.draft_soldiers': 'Một dấu miễn phí trên Đường lính đánh thuê',
  'card_hint.rally_support': '2 Phiếu; nhiều Phiếu nhất (không hòa) thành Chủ tịch',
  'card_hint.serve_the_church': '1 Đức tin; nhiều Đức tin nhất (không hòa) đứng đầu Giáo hội',
  'card_hint.versatile_strategy': '2 vàng, 1 Phiếu, một nước đi, một trận đánh hoặc một ô trên đường; về tay ngay',
  'zone.taxation': 'Thuế',
  'zone.wages': 'Lương',
  'zone.assembly': 'Hội nghị',
  'zone_hint.taxation': 'Đủ (2 lá mỗi Nam tước): mọi Nam tước thu thu nhập',
  'zone_hint.wages': 'Đủ (2 lá mỗi Nam tước): mọi Nam tước trả lương quân',
  'zone_hint.assembly': 'Đủ (2 lá mỗi Nam tước): Hội nghị họp',
  'exp.ceylon': 'Tích Lan',
  'exp.spice_islands': 'Quần đảo Gia vị',
  'exp.china': 'Trung Hoa',
  'nat.english': 'Anh',
  'nat.lombard': 'Lombard',
  'nat.polish': 'Ba Lan',
  'nat.romanian': 'Romania',
  'nat.swiss': 'Thụy Sĩ',
  'nat.tuscan': 'Toscana',
  'fate.deal_casualties': 'gây 100 thương vong',
  'fate.prevent_casualties': 'chặn 100 thương vong',
  'fate.victory': '+1 chiến thắng',
  'fate.draw_fate': 'rút thêm 1 Định mệnh',
  'res.crowns': 'vàng',
  'res.votes': 'Phiếu',
  'res.faith': 'Đức tin',
  'res.influence': 'Ảnh hưởng',
  'acat.motion': 'nghị quyết',
  'acat.law': 'luật',
  'acat.charge': 'trách nhiệm',
  'acat.concession': 'đặc quyền',
  'acat.office': 'chức vụ',
  'acat.private_motion': 'Kiến nghị riêng',
  'avote.yes_no': 'thuận/chống',
  'avote.choose_baron': 'chọn một Nam tước',
  'astage.start': 'khai mạc',
  'astage.private': 'Kiến nghị riêng',
  'astage.order': 'sắp xếp Nghị sự',
  'astage.commit': 'giấu Phiếu trong nắm tay',
  'astage.cast': 'bỏ phiếu',
  'astage.tally': 'kiểm phiếu',
  'astage.done': 'bế mạc',
  'stage.fighters': 'chọn người ra trận',
  'stage.mode': 'tấn công hay vây',
  'stage.commanders': 'chọn chỉ huy',
  'stage.draw': 'rút Định mệnh',
  'stage.discard': 'bỏ bài',
  'stage.casualties': 'đặt thương vong',
  'stage.outcome': 'kết quả',
  'stage.retreats': 'rút lui',
  'stage.capture': 'chiếm thành',
  'stage.done': 'kết thúc',
  'eff.each_baron': 'mọi Nam tước {n} {res}',
  'eff.baron': 'Nam tước được chọn {n} {res}',
  'eff.take_chairman': 'nhận chức Chủ tịch',
  'eff.take_head': 'đứng đầu Giáo hội',
  'eff.assembly_votes': '+{n} Phiếu mỗi Hội nghị',
  'eff.barred': 'bị cấm dự Hội nghị',
  'eff.taxation': '{n} vàng mỗi kỳ Thuế',
  'eff.maintained': 'chức vụ: {n} quân được duy trì',
  'eff.private_motion': 'người đề xuất chọn điều được biểu quyết',
  'eff.gain': '{n} {res}',
  'eff.per_city': '{n} {res} mỗi thành phố',
  'eff.assassin': '{n} thương vong cho một Quý tộc',
  'law.closed_roads': 'luật: cấm đi đường bộ',
  'law.no_sieges': 'luật: cấm vây thành',
  'law.tithe': 'luật: thuế thập phân mỗi kỳ Thuế',
  'law.port_dues': 'luật: đi biển phải trả vàng',
  'evk.heretic': 'không nhận được Đức tin',
  'evk.no_heir': 'một Quý tộc không có người thừa kế',
  'evk.broken_line': 'dòng dõi một Quý tộc chấm dứt',
  'evk.revolt': 'một thành phố nổi loạn',
  'evk.fire': 'một thành phố bị thủng',
  'evk.desertion': 'lính đánh thuê đào ngũ',
  'evk.storm': 'Quý tộc trên biển bị mất',
  'evk.plague': 'thương vong cho mọi đạo quân',
  'evk.reinforcement': 'một lính đánh thuê miễn phí',
  'evk.heal': 'bỏ thương vong',
  'evk.repair': 'sửa lỗ hổng',
  'prop.postpone': 'hoãn Hội nghị',
  'prop.rescind_ban': 'bỏ lệnh cấm của {who}',
  'prop.discard_law': 'bãi bỏ {agenda}',
  'prop.discard_charge': 'lấy {agenda} khỏi {who}',
  'prop.discard_office': 'bãi chức của Quý tộc {shape} thuộc {who}',
  'prop.revive': 'biểu quyết {agenda}',
  'lg.city': 'thành phố trung lập (có chủ: màu của Nam tước)',
  'lg.fortified': 'thành phố được gia cố',
  'lg.razed': 'thành phố bị phá hủy',
  'lg.stronghold': 'thành trì',
  'lg.nobles': 'Quý tộc: sao, vuông, tam giác, tròn (số: sức mạnh quân)',
  'lg.exhausted': 'mờ: kiệt sức',
  'lg.breaches': 'lỗ hổng; vòng tròn: đang bị vây',
  'lg.port': 'cảng (đi biển tới mọi cảng)',
  'lg.road': 'đường bộ (tối đa 3 vùng)',
  'lg.river': 'sông (không qua được)',
  'lg.bridge': 'cầu',
  'lg.mountain': 'núi (không qua được)',
  'ph.auto': 'Đang xử lý…',
  'ph.setup_stronghold': '{who} đặt thành trì',
  'ph.setup_troops': '{who} giao quân khởi đầu',
  'ph.setup_noble': '{who} đặt một Quý tộc',
  'ph.planning': 'Lập kế hoạch: mọi Nam tước úp lá Hành động.',
  'ph.card': '{who}: {card}',
  'ph.allocate': '{who} xếp lá {card}',
  'ph.mobilize': '{who} di chuyển Quý tộc',
  'ph.permission': '{who} được xin phép cho đi qua',
  'ph.target': '{who} chọn đối thủ để tấn công',
  'ph.fighters': '{who} chọn các Quý tộc tấn công',
  'ph.assault_or_siege': '{who}: tấn công hay vây?',
  'ph.commander': '{who} chọn chỉ huy',
  'ph.discard': '{who} bỏ lá Định mệnh',
  'ph.casualties': '{who} đặt thương vong',
  'ph.retreat': '{who} cho một Quý tộc rút lui',
  'ph.raze': '{who}: phá hủy hay giữ thành phố?',
  'ph.give_city': '{who} giao một thành phố',
  'ph.wages': 'Lương: {who} trả',
  'ph.draft': 'Tuyển lính đánh thuê: {who} thuê',
  'ph.assign_hire': '{who} giao lính vừa thuê',
  'ph.upgrade_defenses': 'Củng cố phòng thủ: {who}',
  'ph.muster_troops': 'Tập hợp quân: {who}',
  'ph.event_drawer': 'Sự kiện quan trọng: {who} quyết định ai rút',
  'ph.event_target': '{who} chọn mục tiêu của Sự kiện',
  'ph.event_cancel': '{who} có thể hủy Sự kiện',
  'ph.event_pledge': '{who} có thể góp Đức tin để hủy Sự kiện',
  'ph.expedition_start': 'Tài trợ viễn chinh: {who} có thể khởi hành một chuyến',
  'ph.expedition_fund': 'Tài trợ viễn chinh: {who} đầu tư',
  'ph.expedition_bless': '{who} có thể ban phước cho chuyến viễn chinh',
  'ph.appoint': '{who} chỉ định quyền Chủ tịch',
  'ph.private_motion': '{who} đưa ra Kiến nghị riêng',
  'ph.order_agendas': '{who} sắp xếp các Nghị sự',
  'ph.votes': 'Hội nghị: giấu Phiếu trong nắm tay.',
  'ph.cast': '{who} bỏ phiếu',
  'ph.tie': '{who} phân xử thế hòa',
  'ph.refusal': '{who}: chấp nhận hay từ chối Nghị sự?',
  'ph.office': '{who} trao chức vụ cho một Quý tộc',
  'ph.drop_charge': '{who} bỏ một trách nhiệm',
  'ph.tithe': 'Thuế: {who} và thuế thập phân',
  'ph.revolt': 'Nổi loạn: {who}',
  'ph.miracle': '{who} có thể hủy một Sự kiện lâu dài',
  'ph.return_nobles': 'Duy trì: {who} đưa Quý tộc trở lại',
  'ph.over': 'Ván đấu đã kết thúc.',
  'd.place_stronghold': 'Thành trì ở {area}',
  'd.assign_start': 'Quân khởi đầu tiếp theo cho {holder}',
  'd.assign_start_troop': '{troop} cho {holder}',
  'd.plan_done_early': 'Xong kế hoạch với chỉ {n}/6 lá bài',
  'd.place_noble': 'Quý tộc {shape} tới {area}',
  'd.plan': 'Úp {card} vào chồng {n}',
  'd.plan_done': 'Xong kế hoạch',
  'd.decline': 'Bỏ qua hành động',
  'd.carry_out': 'Thực hiện hành động',
  'd.draft_spot': 'Đặt dấu vào ô {n} của đường',
  'd.allocate_to': 'Đưa lá vào khu {zone}',
  'd.mobilize_to': 'Điều động tới {area}',
  'd.move': 'Đưa Quý tộc {shape} tới {area}',
  'd.move_ask': 'Xin phép đưa Quý tộc {shape} tới {area}',
  'd.sail': 'Cho Quý tộc {shape} đi biển tới {area}',
  'd.transfer': '{troop} cho {holder}',
  'd.transfer_army': 'Cả đạo quân của {from} cho {to}',
  'd.end_moves': 'Không đi nữa',
  'd.versatile_crowns': 'Lấy 2 vàng',
  'd.versatile_vote': 'Lấy 1 Phiếu',
  'd.versatile_track': 'Đặt dấu vào ô {n} với {fee} vàng',
  'd.versatile_battle': 'Giao chiến ở {area}',
  'd.attack_neutral': 'Tấn công thành phố trung lập',
  'd.attack': 'Tấn công {who}',
  'd.no_battle': 'Không giao chiến',
  'd.assault': 'Tấn công thành',
  'd.siege': 'Vây thành',
  'd.fight': 'Quý tộc {shape} ra trận',
  'd.engage': 'Khai chiến',
  'd.commander': 'Quý tộc {shape} chỉ huy',
  'd.discard_fate': 'Bỏ: {fate}',
  'd.keep_fate': 'Giữ các lá Định mệnh',
  'd.casualty': 'Thương vong cho {holder}',
  'd.breach': 'Nhận một lỗ hổng',
  'd.retreat_to': 'Rút lui về {area}',
  'd.raze': 'Phá hủy thành phố',
  'd.keep_city': 'Giữ thành phố',
  'd.give_city': 'Giao {city}',
  'd.grant': 'Cho phép',
  'd.refuse': 'Từ chối',
  'd.pay_wages': 'Trả toàn bộ lương',
  'd.dismiss': 'Không trả lương {troop}',
  'd.hire': 'Thuê {troop}',
  'd.hire_bundle': 'Thuê mọi lính đánh thuê {nat}',
  'd.no_hire': 'Không thuê ai',
  'd.assign_hire': 'Lính vừa thuê cho {holder}',
  'd.repair_city': 'Sửa {n} lỗ hổng của {city}',
  'd.repair_stronghold': 'Sửa {n} lỗ hổng của thành trì',
  'd.fortify': 'Gia cố {city}',
  'd.no_upgrade': 'Không củng cố',
  'd.muster': 'Bỏ {n} dấu thương vong khỏi {holder}',
  'd.no_muster': 'Không tập hợp',
  'd.event_to': '{who} rút Sự kiện',
  'd.event_target': 'Sự kiện nhắm vào {who}',
  'd.cancel_event': 'Hủy Sự kiện',
  'd.accept_event': 'Để nó xảy ra',
  'd.pledge': 'Góp {n} Đức tin',
  'd.start_expedition': 'Khởi hành viễn chinh {exp}',
  'd.no_expedition': 'Không khởi hành chuyến nào',
  'd.fund': 'Đầu tư {n} vàng',
  'd.bless': 'Ban phước cho viễn chinh',
  'd.no_bless': 'Không ban phước',
  'd.appoint': '{who} làm quyền Chủ tịch',
  'd.propose': 'Đề xuất: {what}',
  'd.next_agenda': 'Biểu quyết {agenda} tiếp theo',
  'd.next_agenda_n': 'Nghị sự {n} tiếp theo',
  'd.commit': '{n} Phiếu trong nắm tay',
  'd.cast': 'Bỏ phiếu: {ballot}',
  'd.tie_break': 'Phân xử hòa: {ballot}',
  'd.accept_agenda': 'Chấp nhận',
  'd.refuse_agenda': 'Từ chối và bỏ họp (bị cấm)',
  'd.office_to': 'Trao chức vụ cho Quý tộc {shape}',
  'd.drop_charge': 'Bỏ trách nhiệm {agenda}',
  'd.drop_charge_n': 'Bỏ trách nhiệm {n}',
  'd.comply_tithe': 'Nộp thuế thập phân',
  'd.refuse_tithe': 'Từ chối thuế thập phân (bị cấm)',
  'd.buy_off_faith': 'Giữ thành phố với 1 Đức tin',
  'd.buy_off_crowns': 'Giữ thành phố bằng vàng',
  'd.let_revolt': 'Để mất thành phố',
  'd.cancel_lasting': 'Hủy {event}',
  'd.cancel_lasting_n': 'Hủy Sự kiện lâu dài {n}',
  'd.return_done': 'Xong',
};

/** @type {Record<WkKey, string>} */
const WK_JA = {
  round_n: 'ラウンド{n}',
  setup: '準備',
  baron_n: '男爵{n}',
  pool: '影響力プール',
  pool_hint: 'プールに残る影響力：尽きたラウンドが最終ラウンド',
  last_round: '最終ラウンド',
  chairman: '議長',
  chairman_hint: '議会の議長（木槌）：議題の順番を決め、同票を裁き、ランダムな抽選を行う',
  head: '教会の長',
  head_hint: '教会の長（笏）：重大事件を誰が引くか決め、遠征を祝福できる',
  event_deck: 'イベント',
  event_top_hint: '一番上のイベントカードの色（裏面は公開）と残り枚数',
  decks: '山札',
  decks_hint: '運命・議題・傭兵の山札の残り枚数',
  'deck.fate': '運命',
  'deck.agendas': '議題',
  'deck.mercs': '傭兵',
  'colour.red': '赤',
  'colour.green': '緑',
  'colour.blue': '青',
  overseas: '海外',
  by_sea_only: '海路でのみ到達',
  overseas_area: '海外地域',
  city_facts: '強さ{strength}、収入{income}',
  razed: '破壊済み',
  controlled_by: '{who}が支配',
  neutral: '中立',
  fortified: '要塞化',
  breaches_n: '突破口{n}',
  besieged_by: '{who}が包囲中',
  port: '港',
  off_board: '盤外',
  at_sea: '{area}へ航海中',
  noble_of: '{who}の{shape}の貴族',
  troops: '兵',
  casualties_n: '損害トークン{n}',
  exhausted: '疲労',
  office: '官職',
  no_heir: '後継者なし',
  gone: '家系断絶',
  stronghold_of: '{who}の本拠地',
  crowns: 'クラウン',
  votes: '票',
  faith: '信仰',
  influence: '影響力',
  hand: '手札',
  cards_n: '{n}枚',
  laid: '配置',
  laid_hint: 'この計画で各アクション山に裏向きで置いたカード',
  cities: '都市',
  kingdom_n: '王国内{n}',
  stronghold: '本拠地',
  charges: '責務',
  noble: '貴族',
  where: '場所',
  state: '状態',
  banned: '追放',
  banned_hint: '議会から追放されている',
  eliminated: '脱落',
  planned: '計画済み',
  your_hand: 'あなたの手札',
  your_plan: 'あなたの計画',
  stack_n: '山{n}',
  stacks: 'アクション山',
  lay_here: 'ここに置く',
  planning_title: '計画：最大6枚、各山に2枚まで（{n}枚配置済み）',
  plan_help: 'カードを選んでから山を選ぶ。→1 →2 →3 ボタンでも置けます。',
  plan_pick_stack: '{card}：山を選んでください。',
  event: 'イベント',
  drawn_by: '引いた男爵',
  target: '対象',
  cancel_cost: '取消コスト',
  faith_n: '信仰{n}',
  lasting: '継続',
  siege: '包囲',
  assault: '強襲',
  open_field: '野戦',
  commander: '指揮官',
  tired: '疲労：能力なし',
  attacker: '攻撃側',
  defender: '防御側',
  neutral_city: '中立都市',
  stronghold_troops: '本拠地の兵：{n}',
  fortification: '防御施設',
  fate_cards: '運命カード',
  discarded_n: '{n}枚捨て',
  casualties_to_place: '配置する損害{n}',
  battle: '戦闘',
  battle_in: '{area}での戦闘',
  victory_diff: '勝利差{n}',
  captured: '占領',
  your_fate: 'あなたの運命カード',
  last_fate: '今引かれた運命カード',
  assembly: '議会',
  acting_chairman: '議長代理',
  voting_on: '投票中',
  proposal: '提案',
  private_motions: '私的動議',
  order: '順番',
  to_order: '未決定',
  result: '結果',
  attending: '出席',
  fists: '拳',
  fists_hint: '握った拳に入れた票（公開まで数は秘密）',
  revealed: '公開',
  cast: '投票先',
  your_fists: 'あなたの拳',
  court: '宮廷',
  revealed_card: 'めくられたカード',
  neutral_cards: '中立カード',
  special_areas: '特別フェイズのエリア',
  merc_track: '傭兵トラック',
  draft_at: 'マーカー{n}個で徴募',
  spot_hint: '多目的戦略の料金：{fee}クラウン',
  spot_closed: '男爵{n}人以上で使用',
  offer: '表向きの傭兵',
  hires: '雇用済み・割り当て待ち',
  agendas: '現在の議題',
  laws: '有効な法',
  lasting_events: '継続イベント',
  expeditions: '遠征',
  exp_spot: '3マス中{n}',
  blessed: '祝福済み',
  not_under_way: '未出航',
  place: '順位',
  crowns_faith_votes: 'クラウン＋信仰＋票',
  tiebreak_hint: '同点の解決：都市の数、次にクラウン＋信仰＋票、次に盤上の兵',
  city_win: '{who}が王国を掌握しました。',
  no_king: 'なし（最後まで同点：王は現れない）',
  merc: '{nat}{n}（賃金{wage}）',
  regular: '正規兵{n}',
  the_stronghold: '本拠地',
  the_noble: '{shape}の貴族',
  yes: '賛成',
  no: '反対',
  revolt: '反乱',
  no_revolt: '反乱なし',
  fate_full: '{battle}・{revolt}・{city}・{nat}・{noble}',
  'shape.star': '星',
  'shape.square': '四角',
  'shape.triangle': '三角',
  'shape.circle': '円',
  'card.mobilize_forces': '軍の動員',
  'card.levy_taxes': '徴税',
  'card.draft_soldiers': '徴兵',
  'card.rally_support': '支持集め',
  'card.serve_the_church': '教会への奉仕',
  'card.versatile_strategy': '多目的戦略',
  'card.important_event': '重大事件',
  'card.fund_expeditions': '遠征への出資',
  'card.upgrade_defenses': '防備強化',
  'card.muster_troops': '兵の招集',
  'card.uncertain_times': '不穏な時代',
  'card_hint.mobilize_forces': '疲労していない貴族を1地域へ動かす／そこで戦う',
  'card_hint.levy_taxes': '自分の貴族がいる地域1つにつき1クラウン',
  'card_hint.draft_soldiers': '傭兵トラックに無料でマーカー1つ',
  'card_hint.rally_support': '2票。票が単独最多なら議長になる',
  'card_hint.serve_the_church': '信仰1。信仰が単独最多なら教会の長になる',
  'card_hint.versatile_strategy': '2クラウン、1票、1移動、戦闘、トラックの枠のいずれか。すぐ手札に戻る',
  'zone.taxation': '課税',
  'zone.wages': '賃金',
  'zone.assembly': '議会',
  'zone_hint.taxation': '満杯（男爵1人につき2枚）：全男爵が収入を得る',
  'zone_hint.wages': '満杯（男爵1人につき2枚）：全男爵が兵に賃金を払う',
  'zone_hint.assembly': '満杯（男爵1人につき2枚）：議会が開かれる',
  'exp.ceylon': 'セイロン',
  'exp.spice_islands': '香料諸島',
  'exp.china': '中国',
  'nat.english': 'イングランド',
  'nat.lombard': 'ロンバルディア',
  'nat.polish': 'ポーランド',
  'nat.romanian': 'ルーマニア',
  'nat.swiss': 'スイス',
  'nat.tuscan': 'トスカーナ',
  'fate.deal_casualties': '損害100を与える',
  'fate.prevent_casualties': '損害100を防ぐ',
  'fate.victory': '勝利+1',
  'fate.draw_fate': '運命を1枚引く',
  'res.crowns': 'クラウン',
  'res.votes': '票',
  'res.faith': '信仰',
  'res.influence': '影響力',
  'acat.motion': '動議',
  'acat.law': '法',
  'acat.charge': '責務',
  'acat.concession': '利権',
  'acat.office': '官職',
  'acat.private_motion': '私的動議',
  'avote.yes_no': '賛否',
  'avote.choose_baron': '男爵を選ぶ',
  'astage.start': '開会',
  'astage.private': '私的動議',
  'astage.order': '議題の順番決め',
  'astage.commit': '拳に票を握る',
  'astage.cast': '投票',
  'astage.tally': '集計',
  'astage.done': '閉会',
  'stage.fighters': '参戦者の選択',
  'stage.mode': '強襲か包囲か',
  'stage.commanders': '指揮官の選択',
  'stage.draw': '運命を引く',
  'stage.discard': '捨て札',
  'stage.casualties': '損害の配置',
  'stage.outcome': '結果',
  'stage.retreats': '退却',
  'stage.capture': '占領',
  'stage.done': '終了',
  'eff.each_baron': '全男爵{res}{n}',
  'eff.baron': '選ばれた男爵{res}{n}',
  'eff.take_chairman': '議長になる',
  'eff.take_head': '教会の長になる',
  'eff.assembly_votes': '各議会で票+{n}',
  'eff.barred': '議会に出席できない',
  'eff.taxation': '各課税で{n}クラウン',
  'eff.maintained': '官職：維持兵{n}',
  'eff.private_motion': '提案者が投票内容を選ぶ',
  'eff.gain': '{res}{n}',
  'eff.per_city': '都市1つにつき{res}{n}',
  'eff.assassin': '貴族1人に損害{n}',
  'law.closed_roads': '法：道での移動禁止',
  'law.no_sieges': '法：包囲禁止',
  'law.tithe': '法：各課税で十分の一税',
  'law.port_dues': '法：航海にクラウンが必要',
  'evk.heretic': '信仰を得られない',
  'evk.no_heir': '貴族1人が後継者なし',
  'evk.broken_line': '貴族1人の家系が断絶',
  'evk.revolt': '都市が反乱',
  'evk.fire': '都市に突破口',
  'evk.desertion': '傭兵が脱走',
  'evk.storm': '海上の貴族が失われる',
  'evk.plague': '全軍に損害',
  'evk.reinforcement': '傭兵1枚を無料で得る',
  'evk.heal': '損害を除く',
  'evk.repair': '突破口を修理',
  'prop.postpone': '議会の延期',
  'prop.rescind_ban': '{who}の追放解除',
  'prop.discard_law': '{agenda}の廃止',
  'prop.discard_charge': '{who}から{agenda}を取り上げる',
  'prop.discard_office': '{who}の{shape}の貴族の官職を解く',
  'prop.revive': '{agenda}を投票にかける',
  'lg.city': '中立都市（支配されると男爵の色）',
  'lg.fortified': '要塞化した都市',
  'lg.razed': '破壊された都市',
  'lg.stronghold': '本拠地',
  'lg.nobles': '貴族：星・四角・三角・円（数字は兵力）',
  'lg.exhausted': '薄い表示：疲労',
  'lg.breaches': '突破口。輪は包囲中',
  'lg.port': '港（どの港へも航海できる）',
  'lg.road': '道（3地域まで）',
  'lg.river': '川（渡れない）',
  'lg.bridge': '橋',
  'lg.mountain': '山（越えられない）',
  'ph.auto': '処理中…',
  'ph.setup_stronghold': '{who}が本拠地を置く',
  'ph.setup_troops': '{who}が初期の兵を割り当てる',
  'ph.setup_noble': '{who}が貴族を置く',
  'ph.planning': '計画：全男爵がアクションカードを裏向きに置く。',
  'ph.card': '{who}：{card}',
  'ph.allocate': '{who}が{card}の行き先を選ぶ',
  'ph.mobilize': '{who}が貴族を動かす',
  'ph.permission': '{who}が通過の許可を求められている',
  'ph.target': '{who}が攻撃相手を選ぶ',
  'ph.fighters': '{who}が攻撃する貴族を選ぶ',
  'ph.assault_or_siege': '{who}：強襲か包囲か',
  'ph.commander': '{who}が指揮官を選ぶ',
  'ph.discard': '{who}が運命カードを捨てる',
  'ph.casualties': '{who}が損害を配置する',
  'ph.retreat': '{who}が貴族を退却させる',
  'ph.raze': '{who}：都市を破壊するか保持するか',
  'ph.give_city': '{who}が都市を引き渡す',
  'ph.wages': '賃金：{who}が支払う',
  'ph.draft': '傭兵徴募：{who}が雇う',
  'ph.assign_hire': '{who}が雇った兵を割り当てる',
  'ph.upgrade_defenses': '防備強化：{who}',
  'ph.muster_troops': '兵の招集：{who}',
  'ph.event_drawer': '重大事件：{who}が引く男爵を決める',
  'ph.event_target': '{who}がイベントの対象を選ぶ',
  'ph.event_cancel': '{who}はイベントを取り消せる',
  'ph.event_pledge': '{who}はイベント取消に信仰を出せる',
  'ph.expedition_start': '遠征への出資：{who}が遠征を始められる',
  'ph.expedition_fund': '遠征への出資：{who}が投資する',
  'ph.expedition_bless': '{who}は遠征を祝福できる',
  'ph.appoint': '{who}が議長代理を指名する',
  'ph.private_motion': '{who}が私的動議を提案する',
  'ph.order_agendas': '{who}が議題の順番を決める',
  'ph.votes': '議会：票を拳に握る。',
  'ph.cast': '{who}が票を投じる',
  'ph.tie': '{who}が同票を裁く',
  'ph.refusal': '{who}：議題を受け入れるか拒否するか',
  'ph.office': '{who}が官職を貴族に与える',
  'ph.drop_charge': '{who}が責務を1つ捨てる',
  'ph.tithe': '課税：{who}と十分の一税',
  'ph.revolt': '反乱：{who}',
  'ph.miracle': '{who}は継続イベントを取り消せる',
  'ph.return_nobles': 'アップキープ：{who}が貴族を戻す',
  'ph.over': 'ゲーム終了。',
  'd.place_stronghold': '{area}に本拠地',
  'd.assign_start': '次の初期兵を{holder}へ',
  'd.assign_start_troop': '{troop}を{holder}へ',
  'd.plan_done_early': '6枚中{n}枚だけで計画完了',
  'd.place_noble': '{shape}の貴族を{area}へ',
  'd.plan': '{card}を山{n}に置く',
  'd.plan_done': '計画完了',
  'd.decline': 'アクションを見送る',
  'd.carry_out': 'アクションを実行',
  'd.draft_spot': 'トラックの{n}番にマーカー',
  'd.allocate_to': 'カードを{zone}エリアへ',
  'd.mobilize_to': '{area}へ動員',
  'd.move': '{shape}の貴族を{area}へ移動',
  'd.move_ask': '許可を求めて{shape}の貴族を{area}へ移動',
  'd.sail': '{shape}の貴族を{area}へ航海',
  'd.transfer': '{troop}を{holder}へ',
  'd.transfer_army': '{from}の全軍を{to}へ',
  'd.end_moves': '移動終了',
  'd.versatile_crowns': '2クラウンを得る',
  'd.versatile_vote': '1票を得る',
  'd.versatile_track': '{fee}クラウンでトラックの{n}番にマーカー',
  'd.versatile_battle': '{area}で戦闘',
  'd.attack_neutral': '中立都市を攻撃',
  'd.attack': '{who}を攻撃',
  'd.no_battle': '戦闘しない',
  'd.assault': '強襲',
  'd.siege': '包囲する',
  'd.fight': '{shape}の貴族が参戦',
  'd.engage': '開戦',
  'd.commander': '{shape}の貴族が指揮',
  'd.discard_fate': '捨てる：{fate}',
  'd.keep_fate': '運命カードを残す',
  'd.casualty': '{holder}に損害',
  'd.breach': '突破口で受ける',
  'd.retreat_to': '{area}へ退却',
  'd.raze': '都市を破壊',
  'd.keep_city': '都市を保持',
  'd.give_city': '{city}を引き渡す',
  'd.grant': '許可する',
  'd.refuse': '拒否する',
  'd.pay_wages': '賃金をすべて払う',
  'd.dismiss': '{troop}に払わない',
  'd.hire': '{troop}を雇う',
  'd.hire_bundle': '{nat}の傭兵をすべて雇う',
  'd.no_hire': '誰も雇わない',
  'd.assign_hire': '雇った兵を{holder}へ',
  'd.repair_city': '{city}の突破口を{n}修理',
  'd.repair_stronghold': '本拠地の突破口を{n}修理',
  'd.fortify': '{city}を要塞化',
  'd.no_upgrade': '強化しない',
  'd.muster': '{holder}から損害トークンを{n}除く',
  'd.no_muster': '招集しない',
  'd.event_to': '{who}がイベントを引く',
  'd.event_target': 'イベントの対象は{who}',
  'd.cancel_event': 'イベントを取り消す',
  'd.accept_event': 'そのまま起こす',
  'd.pledge': '信仰{n}を出す',
  'd.start_expedition': '{exp}遠征を始める',
  'd.no_expedition': '遠征を始めない',
  'd.fund': '{n}クラウン投資',
  'd.bless': '遠征を祝福',
  'd.no_bless': '祝福しない',
  'd.appoint': '{who}を議長代理に',
  'd.propose': '提案：{what}',
  'd.next_agenda': '次は{agenda}を投票',
  'd.next_agenda_n': '次は議題{n}',
  'd.commit': '拳に{n}票',
  'd.cast': '投票先：{ballot}',
  'd.tie_break': '同票の裁定：{ballot}',
  'd.accept_agenda': '受け入れる',
  'd.refuse_agenda': '拒否して退席（追放）',
  'd.office_to': '官職を{shape}の貴族へ',
  'd.drop_charge': '責務{agenda}を捨てる',
  'd.drop_charge_n': '責務{n}を捨てる',
  'd.comply_tithe': '十分の一税を払う',
  'd.refuse_tithe': '十分の一税を拒否（追放）',
  'd.buy_off_faith': '信仰1で都市を保つ',
  'd.buy_off_crowns': 'クラウンで都市を保つ',
  'd.let_revolt': '都市を手放す',
  'd.cancel_lasting': '{event}を取り消す',
  'd.cancel_lasting_n': '継続イベント{n}を取り消す',
  'd.return_done': '完了',
};

/** @type {Record<WkKey, string>} */
const WK_RU = {
  round_n: 'Раунд {n}',
  setup: 'Подготовка',
  baron_n: 'Барон {n}',
  pool: 'Запас Влияния',
  pool_hint: 'Влияние, оставшееся в запасе: раунд, в котором оно кончится, — последний',
  last_round: 'Последний раунд',
  chairman: 'Председатель',
  chairman_hint: 'Председатель Собрания (молоток): упорядочивает Повестки, разрешает ничьи, тянет жребий',
  head: 'Глава Церкви',
  head_hint: 'Глава Церкви (скипетр): решает, кто тянет Важные события, может благословлять экспедиции',
  event_deck: 'События',
  event_top_hint: 'Цвет верхней карты Событий (рубашка открыта) и число оставшихся',
  decks: 'Колоды',
  decks_hint: 'Карт в колодах Судьбы, Повесток и наёмников',
  'deck.fate': 'Судьба',
  'deck.agendas': 'Повестки',
  'deck.mercs': 'Наёмники',
  'colour.red': 'красная',
  'colour.green': 'зелёная',
  'colour.blue': 'синяя',
  overseas: 'За морем',
  by_sea_only: 'только по морю',
  overseas_area: 'заморская область',
  city_facts: 'сила {strength}, доход {income}',
  razed: 'разрушен',
  controlled_by: 'под контролем: {who}',
  neutral: 'нейтральный',
  fortified: 'укреплён',
  breaches_n: 'брешей: {n}',
  besieged_by: 'в осаде: {who}',
  port: 'порт',
  off_board: 'вне карты',
  at_sea: 'в море к {area}',
  noble_of: 'дворянин «{shape}» ({who})',
  troops: 'Войска',
  casualties_n: 'жетонов потерь: {n}',
  exhausted: 'устал',
  office: 'Должность',
  no_heir: 'Без наследника',
  gone: 'род пресёкся',
  stronghold_of: 'крепость: {who}',
  crowns: 'Кроны',
  votes: 'Голоса',
  faith: 'Вера',
  influence: 'Влияние',
  hand: 'Рука',
  cards_n: 'карт: {n}',
  laid: 'Выложено',
  laid_hint: 'Карты, выложенные рубашкой вверх на каждую стопку в этом планировании',
  cities: 'Города',
  kingdom_n: 'в Королевстве: {n}',
  stronghold: 'Крепость',
  charges: 'Обязанности',
  noble: 'Дворянин',
  where: 'Где',
  state: 'Состояние',
  banned: 'отлучён',
  banned_hint: 'Отлучён от Собрания',
  eliminated: 'выбыл',
  planned: 'спланировал',
  your_hand: 'Ваша рука',
  your_plan: 'Ваш план',
  stack_n: 'Стопка {n}',
  stacks: 'Стопки действий',
  lay_here: 'положить сюда',
  planning_title: 'Планирование: до 6 карт, не больше 2 на стопку (выложено: {n})',
  plan_help: 'Выберите карту, затем стопку — или нажмите →1 →2 →3.',
  plan_pick_stack: '{card}: теперь выберите стопку.',
  event: 'Событие',
  drawn_by: 'Вытянул',
  target: 'Цель',
  cancel_cost: 'Цена отмены',
  faith_n: 'Вера: {n}',
  lasting: 'Длительное',
  siege: 'осада',
  assault: 'штурм',
  open_field: 'в поле',
  commander: 'командир',
  tired: 'устал: без способности',
  attacker: 'Нападающий',
  defender: 'Защитник',
  neutral_city: 'нейтральный город',
  stronghold_troops: 'войска в крепости: {n}',
  fortification: 'Укрепление',
  fate_cards: 'Карты Судьбы',
  discarded_n: 'сброшено: {n}',
  casualties_to_place: 'осталось разместить потерь: {n}',
  battle: 'Бой',
  battle_in: 'Бой: {area}',
  victory_diff: 'разница побед {n}',
  captured: 'захвачен',
  your_fate: 'Ваши карты Судьбы',
  last_fate: 'Только что вытянутые карты Судьбы',
  assembly: 'Собрание',
  acting_chairman: 'Исполняющий обязанности председателя',
  voting_on: 'Голосование',
  proposal: 'Предложение',
  private_motions: 'Частные предложения',
  order: 'Порядок',
  to_order: 'Ещё не упорядочены',
  result: 'Итог',
  attending: 'Присутствует',
  fists: 'Кулак',
  fists_hint: 'Голоса в сжатом кулаке (число тайное до открытия)',
  revealed: 'Открыто',
  cast: 'За кого',
  your_fists: 'Ваши кулаки',
  court: 'Двор',
  revealed_card: 'Открытая карта',
  neutral_cards: 'Нейтральные карты',
  special_areas: 'Зоны особых фаз',
  merc_track: 'Шкала наёмников',
  draft_at: 'найм при {n} маркерах',
  spot_hint: 'Цена для Гибкой стратегии: {fee} крон',
  spot_closed: 'Используется от {n} баронов',
  offer: 'Открытые наёмники',
  hires: 'Нанятые, ждут назначения',
  agendas: 'Текущие Повестки',
  laws: 'Действующие законы',
  lasting_events: 'Длительные События',
  expeditions: 'Экспедиции',
  exp_spot: 'место {n} из 3',
  blessed: 'благословлена',
  not_under_way: 'не отправлена',
  place: 'Место',
  crowns_faith_votes: 'Кроны + Вера + Голоса',
  tiebreak_hint: 'При ничьей: больше городов, затем кроны + Вера + Голоса, затем войска на карте',
  city_win: '{who} захватил Королевство.',
  no_king: 'никто (ничья до конца: короля нет)',
  merc: '{nat} {n} (жалованье {wage})',
  regular: 'Регулярные {n}',
  the_stronghold: 'крепость',
  the_noble: 'дворянин «{shape}»',
  yes: 'за',
  no: 'против',
  revolt: 'восстание',
  no_revolt: 'без восстания',
  fate_full: '{battle} · {revolt} · {city} · {nat} · {noble}',
  'shape.star': 'Звезда',
  'shape.square': 'Квадрат',
  'shape.triangle': 'Треугольник',
  'shape.circle': 'Круг',
  'card.mobilize_forces': 'Мобилизация',
  'card.levy_taxes': 'Сбор налогов',
  'card.draft_soldiers': 'Набор солдат',
  'card.rally_support': 'Поддержка',
  'card.serve_the_church': 'Служение Церкви',
  'card.versatile_strategy': 'Гибкая стратегия',
  'card.important_event': 'Важное событие',
  'card.fund_expeditions': 'Финансирование экспедиций',
  'card.upgrade_defenses': 'Укрепление обороны',
  'card.muster_troops': 'Сбор войск',
  'card.uncertain_times': 'Смутные времена',
  'card_hint.mobilize_forces': 'Двиньте свежих дворян в одну область и/или сразитесь там',
  'card_hint.levy_taxes': '1 крона за каждую область с вашим дворянином',
  'card_hint.draft_soldiers': 'Бесплатный маркер на шкале наёмников',
  'card_hint.rally_support': '2 Голоса; у кого строго больше всех — тот председатель',
  'card_hint.serve_the_church': '1 Вера; у кого строго больше всех — тот глава Церкви',
  'card_hint.versatile_strategy': '2 кроны, 1 Голос, один ход, бой или место на шкале; сразу в руку',
  'zone.taxation': 'Налоги',
  'zone.wages': 'Жалованье',
  'zone.assembly': 'Собрание',
  'zone_hint.taxation': 'Заполнена (по 2 карты на барона): все бароны получают доход',
  'zone_hint.wages': 'Заполнена (по 2 карты на барона): все бароны платят войскам',
  'zone_hint.assembly': 'Заполнена (по 2 карты на барона): созывается Собрание',
  'exp.ceylon': 'Цейлон',
  'exp.spice_islands': 'Острова пряностей',
  'exp.china': 'Китай',
  'nat.english': 'англичане',
  'nat.lombard': 'ломбардцы',
  'nat.polish': 'поляки',
  'nat.romanian': 'румыны',
  'nat.swiss': 'швейцарцы',
  'nat.tuscan': 'тосканцы',
  'fate.deal_casualties': 'нанести 100 потерь',
  'fate.prevent_casualties': 'предотвратить 100 потерь',
  'fate.victory': '+1 победа',
  'fate.draw_fate': 'ещё 1 карта Судьбы',
  'res.crowns': 'крон',
  'res.votes': 'Голосов',
  'res.faith': 'Веры',
  'res.influence': 'Влияния',
  'acat.motion': 'постановление',
  'acat.law': 'закон',
  'acat.charge': 'обязанность',
  'acat.concession': 'концессия',
  'acat.office': 'должность',
  'acat.private_motion': 'Частное предложение',
  'avote.yes_no': 'за/против',
  'avote.choose_baron': 'выбор барона',
  'astage.start': 'открытие',
  'astage.private': 'Частное предложение',
  'astage.order': 'порядок Повесток',
  'astage.commit': 'Голоса в кулак',
  'astage.cast': 'голосование',
  'astage.tally': 'подсчёт',
  'astage.done': 'закрытие',
  'stage.fighters': 'выбор бойцов',
  'stage.mode': 'штурм или осада',
  'stage.commanders': 'выбор командиров',
  'stage.draw': 'карты Судьбы',
  'stage.discard': 'сброс',
  'stage.casualties': 'размещение потерь',
  'stage.outcome': 'итог',
  'stage.retreats': 'отступление',
  'stage.capture': 'захват',
  'stage.done': 'конец',
  'eff.each_baron': 'каждый барон: {n} {res}',
  'eff.baron': 'выбранный барон: {n} {res}',
  'eff.take_chairman': 'становится председателем',
  'eff.take_head': 'становится главой Церкви',
  'eff.assembly_votes': '+{n} Голосов на каждом Собрании',
  'eff.barred': 'не допускается на Собрание',
  'eff.taxation': '{n} крон при каждом сборе налогов',
  'eff.maintained': 'должность: {n} содержимых войск',
  'eff.private_motion': 'предлагающий выбирает, что голосовать',
  'eff.gain': '{n} {res}',
  'eff.per_city': '{n} {res} за каждый город',
  'eff.assassin': '{n} потерь дворянину',
  'law.closed_roads': 'закон: движение по дорогам запрещено',
  'law.no_sieges': 'закон: осады запрещены',
  'law.tithe': 'закон: десятина при каждом сборе налогов',
  'law.port_dues': 'закон: плавание стоит крон',
  'evk.heretic': 'не получает Веры',
  'evk.no_heir': 'дворянин без наследника',
  'evk.broken_line': 'род дворянина пресекается',
  'evk.revolt': 'город восстаёт',
  'evk.fire': 'город получает брешь',
  'evk.desertion': 'наёмники дезертируют',
  'evk.storm': 'дворяне в море гибнут',
  'evk.plague': 'потери у всех войск',
  'evk.reinforcement': 'бесплатный наёмник',
  'evk.heal': 'потери сняты',
  'evk.repair': 'бреши заделаны',
  'prop.postpone': 'отложить Собрание',
  'prop.rescind_ban': 'снять отлучение: {who}',
  'prop.discard_law': 'отменить {agenda}',
  'prop.discard_charge': 'забрать {agenda} у барона {who}',
  'prop.discard_office': 'снять должность с дворянина «{shape}» ({who})',
  'prop.revive': 'голосовать по {agenda}',
  'lg.city': 'нейтральный город (чужой — в цвете барона)',
  'lg.fortified': 'укреплённый город',
  'lg.razed': 'разрушенный город',
  'lg.stronghold': 'крепость',
  'lg.nobles': 'дворяне: звезда, квадрат, треугольник, круг (число — сила войск)',
  'lg.exhausted': 'бледный: устал',
  'lg.breaches': 'бреши; кольцо — осада',
  'lg.port': 'порт (плавание в любой порт)',
  'lg.road': 'дорога (до 3 областей)',
  'lg.river': 'река (непроходима)',
  'lg.bridge': 'мост',
  'lg.mountain': 'горы (непроходимы)',
  'ph.auto': 'Выполняется…',
  'ph.setup_stronghold': '{who} ставит крепость',
  'ph.setup_troops': '{who} распределяет начальные войска',
  'ph.setup_noble': '{who} ставит дворянина',
  'ph.planning': 'Планирование: бароны выкладывают карты действий рубашкой вверх.',
  'ph.card': '{who}: {card}',
  'ph.allocate': '{who} определяет, куда уйдёт «{card}»',
  'ph.mobilize': '{who} двигает дворян',
  'ph.permission': '{who}: просят разрешения пройти',
  'ph.target': '{who} выбирает, на кого напасть',
  'ph.fighters': '{who} выбирает нападающих дворян',
  'ph.assault_or_siege': '{who}: штурм или осада?',
  'ph.commander': '{who} выбирает командира',
  'ph.discard': '{who} сбрасывает карты Судьбы',
  'ph.casualties': '{who} размещает потери',
  'ph.retreat': '{who} отводит дворянина',
  'ph.raze': '{who}: разрушить город или оставить?',
  'ph.give_city': '{who} отдаёт город',
  'ph.wages': 'Жалованье: платит {who}',
  'ph.draft': 'Найм наёмников: нанимает {who}',
  'ph.assign_hire': '{who} назначает нанятый отряд',
  'ph.upgrade_defenses': 'Укрепление обороны: {who}',
  'ph.muster_troops': 'Сбор войск: {who}',
  'ph.event_drawer': 'Важное событие: {who} решает, кто тянет',
  'ph.event_target': '{who} выбирает цель События',
  'ph.event_cancel': '{who} может отменить Событие',
  'ph.event_pledge': '{who} может вложить Веру в отмену События',
  'ph.expedition_start': 'Финансирование экспедиций: {who} может отправить экспедицию',
  'ph.expedition_fund': 'Финансирование экспедиций: вкладывает {who}',
  'ph.expedition_bless': '{who} может благословить экспедицию',
  'ph.appoint': '{who} назначает исполняющего обязанности председателя',
  'ph.private_motion': '{who} вносит частное предложение',
  'ph.order_agendas': '{who} упорядочивает Повестки',
  'ph.votes': 'Собрание: Голоса в сжатые кулаки.',
  'ph.cast': '{who} отдаёт Голоса',
  'ph.tie': '{who} разрешает ничью',
  'ph.refusal': '{who}: принять Повестку или отказаться?',
  'ph.office': '{who} отдаёт должность дворянину',
  'ph.drop_charge': '{who} сбрасывает обязанность',
  'ph.tithe': 'Налоги: {who} и десятина',
  'ph.revolt': 'Восстание: {who}',
  'ph.miracle': '{who} может отменить длительное Событие',
  'ph.return_nobles': 'Содержание: {who} возвращает дворян',
  'ph.over': 'Партия окончена.',
  'd.place_stronghold': 'Крепость: {area}',
  'd.assign_start': 'Следующий начальный отряд — {holder}',
  'd.assign_start_troop': '{troop} — {holder}',
  'd.plan_done_early': 'Закончить планирование, выложив лишь {n} из 6 карт',
  'd.place_noble': 'Дворянин «{shape}» — в {area}',
  'd.plan': '«{card}» на стопку {n}',
  'd.plan_done': 'Планирование закончено',
  'd.decline': 'Отказаться от действия',
  'd.carry_out': 'Выполнить действие',
  'd.draft_spot': 'Маркер на место {n} шкалы',
  'd.allocate_to': 'Карту в зону «{zone}»',
  'd.mobilize_to': 'Мобилизация в {area}',
  'd.move': 'Дворянин «{shape}» идёт в {area}',
  'd.move_ask': 'Попросить прохода: дворянин «{shape}» в {area}',
  'd.sail': 'Дворянин «{shape}» плывёт в {area}',
  'd.transfer': '{troop} — {holder}',
  'd.transfer_army': 'Всё войско: {from} → {to}',
  'd.end_moves': 'Больше не ходить',
  'd.versatile_crowns': 'Взять 2 кроны',
  'd.versatile_vote': 'Взять 1 Голос',
  'd.versatile_track': 'Маркер на место {n} за {fee} крон',
  'd.versatile_battle': 'Бой: {area}',
  'd.attack_neutral': 'Напасть на нейтральный город',
  'd.attack': 'Напасть: {who}',
  'd.no_battle': 'Без боя',
  'd.assault': 'Штурм',
  'd.siege': 'Осада',
  'd.fight': 'Дворянин «{shape}» сражается',
  'd.engage': 'В бой',
  'd.commander': 'Командует дворянин «{shape}»',
  'd.discard_fate': 'Сбросить: {fate}',
  'd.keep_fate': 'Оставить карты Судьбы',
  'd.casualty': 'Потеря — {holder}',
  'd.breach': 'Принять брешь',
  'd.retreat_to': 'Отступить в {area}',
  'd.raze': 'Разрушить город',
  'd.keep_city': 'Оставить город',
  'd.give_city': 'Отдать {city}',
  'd.grant': 'Разрешить',
  'd.refuse': 'Отказать',
  'd.pay_wages': 'Заплатить всё жалованье',
  'd.dismiss': 'Не платить: {troop}',
  'd.hire': 'Нанять: {troop}',
  'd.hire_bundle': 'Нанять всех наёмников: {nat}',
  'd.no_hire': 'Никого не нанимать',
  'd.assign_hire': 'Нанятый отряд — {holder}',
  'd.repair_city': 'Заделать брешей: {n} ({city})',
  'd.repair_stronghold': 'Заделать брешей в крепости: {n}',
  'd.fortify': 'Укрепить {city}',
  'd.no_upgrade': 'Не укреплять',
  'd.muster': 'Снять жетонов потерь: {n} ({holder})',
  'd.no_muster': 'Без сбора',
  'd.event_to': 'Событие тянет {who}',
  'd.event_target': 'Цель События: {who}',
  'd.cancel_event': 'Отменить Событие',
  'd.accept_event': 'Пусть случится',
  'd.pledge': 'Вложить Веры: {n}',
  'd.start_expedition': 'Отправить экспедицию: {exp}',
  'd.no_expedition': 'Не отправлять экспедицию',
  'd.fund': 'Вложить крон: {n}',
  'd.bless': 'Благословить экспедицию',
  'd.no_bless': 'Без благословения',
  'd.appoint': 'Председательствует {who}',
  'd.propose': 'Предложить: {what}',
  'd.next_agenda': 'Следующей голосовать {agenda}',
  'd.next_agenda_n': 'Следующей — Повестка {n}',
  'd.commit': 'Голосов в кулаке: {n}',
  'd.cast': 'Голоса: {ballot}',
  'd.tie_break': 'Разрешить ничью: {ballot}',
  'd.accept_agenda': 'Принять',
  'd.refuse_agenda': 'Отказаться и уйти (отлучение)',
  'd.office_to': 'Должность — дворянину «{shape}»',
  'd.drop_charge': 'Сбросить обязанность {agenda}',
  'd.drop_charge_n': 'Сбросить обязанность {n}',
  'd.comply_tithe': 'Заплатить десятину',
  'd.refuse_tithe': 'Отказаться от десятины (отлучение)',
  'd.buy_off_faith': 'Удержать город за 1 Веру',
  'd.buy_off_crowns': 'Удержать город за кроны',
  'd.let_revolt': 'Отпустить город',
  'd.cancel_lasting': 'Отменить {event}',
  'd.cancel_lasting_n': 'Отменить длительное Событие {n}',
  'd.return_done': 'Готово',
};

/** @type {Record<string, Record<WkKey, string>>} */
const WK_DICTS = { en: WK_EN, vi: WK_VI, ja: WK_JA, ru: WK_RU };

/** Whether a key exists (for names built from data). @param {string} key */
function hasWt(key) {
  return key in WK_EN;
}

/**
 * A Warrior Knights string in the current language, with `{name}` parameters filled in.
 * @param {string} key  a key of the dictionaries (keys built from data are checked with `hasWt`)
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
function wt(key, params) {
  const k = /** @type {WkKey} */ (key);
  const text = WK_DICTS[getLang()]?.[k] ?? WK_EN[k] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, p) => (p in params ? String(params[p]) : m));
}
