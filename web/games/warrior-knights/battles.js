// @ts-check
// Battles a player can follow: each side's army before, the Fate cards each side drew (two
// columns), casualties and breaches, the result in words and the state after. The view holds only
// the battle being fought, so the battles seen on this page are remembered here (the newest first)
// and stay reviewable once over.

import { data, SHAPES } from './data.js';
import { areaName, cityName, shapeName, fateBattle, fateFull, troopStrength, playerName, playerFull } from './names.js';
import { nobleBadge, nobleStrength } from './map.js';
import { h, SEAT_COLORS } from '../../shell/dom.js';
import { t } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkBattle} WkBattle */

/** @typedef {{k: number, str: number, cas: number}} Army */
/** @typedef {{k: number, alive: boolean, area: number | null, str: number, cas: number}} After */
/**
 * @typedef {object} Fought
 * @property {string} table
 * @property {number} round
 * @property {WkBattle} b  the battle as last seen, with each side's Fate cards as revealed (the
 *   engine empties the hands once the battle is resolved)
 * @property {number | null} def  the defending Baron (null: a neutral city)
 * @property {[Array<Army>, Array<Army>]} armies  each side's armies before the Fate cards
 * @property {number} shTroops  troops at the defender's stronghold that fight
 * @property {number} breachesBefore  breaches on the fortification attacked before the battle
 * @property {number | null} breachesAfter
 * @property {[number, number]} cas  casualties each side took (tokens, largest seen)
 * @property {[Array<After>, Array<After>] | null} after  the fighting Nobles once the battle is over
 * @property {number | null} owner  who holds the fortification after
 * @property {boolean} [late]  seen only once over (the page was opened after it): armies as they are now
 */

/** Battles seen on this page, newest first (at most 12), and the one being fought. */
/** @type {Array<Fought>} */
const seen = [];
/** @type {Fought | null} */
let cur = null;
let lastVersion = -1;
let lastTable = '';

/** The battles seen so far, newest first (the one being fought first of all). */
export function battlesSeen() {
  return cur ? [cur, ...seen] : [...seen];
}

/** @param {WkView} view @param {WkBattle} b */
function breachesOf(view, b) {
  if (!b.fort) return 0;
  return 'city' in b.fort ? view.cities[b.fort.city]?.breaches ?? 0 : view.barons[b.fort.stronghold]?.sh_breaches ?? 0;
}

/** @param {WkView} view @param {number | null} seat @param {Array<number>} shapes @returns {Array<Army>} */
function armies(view, seat, shapes) {
  if (seat == null) return [];
  return shapes.map((k) => {
    const n = view.barons[seat]?.nobles[k];
    return { k, str: n ? nobleStrength(n) : 0, cas: n?.casualties ?? 0 };
  });
}

/**
 * The battle as it ended, with the Fate cards each side revealed (the engine keeps them as `shown`
 * in `last_battle` once the hands are back in the deck).
 * @param {WkBattle} b @param {WkView} view
 */
function asEnded(b, view) {
  const lb = view.last_battle;
  if (!lb || lb.area !== b.area || lb.attacker !== b.attacker || JSON.stringify(lb.target) !== JSON.stringify(b.target)) return b;
  return { ...b, ...lb, hands: lb.revealed ? lb.shown : b.hands };
}

/** @param {Fought} f @param {WkView} view */
function finish(f, view) {
  f.b = asEnded(f.b, view);
  const b = f.b;
  /** @param {number | null} seat @param {Array<Army>} list @returns {Array<After>} */
  const after = (seat, list) => list.map((a) => {
    const n = seat != null ? view.barons[seat]?.nobles[a.k] : undefined;
    const alive = !!n && !n.gone && n.loc !== 'off';
    const area = n && typeof n.loc === 'object' ? ('at' in n.loc ? n.loc.at : n.loc.sea) : null;
    return { k: a.k, alive, area, str: n ? nobleStrength(n) : 0, cas: n?.casualties ?? 0 };
  });
  f.after = [after(b.attacker, f.armies[0]), after(f.def, f.armies[1])];
  f.breachesAfter = breachesOf(view, b);
  f.owner = b.fort ? ('city' in b.fort ? view.cities[b.fort.city]?.owner ?? null : b.fort.stronghold) : null;
  seen.unshift(f);
  seen.length = Math.min(seen.length, 12);
}

/**
 * Follows the battles through the views this page is shown (a view earlier than the last one seen,
 * as in a replay stepping back, or another table starts afresh).
 * @param {Snapshot} snap @param {WkView} view
 */
export function observe(snap, view) {
  if (snap.table !== lastTable || snap.version < lastVersion) {
    seen.length = 0;
    cur = null;
  }
  lastTable = snap.table;
  lastVersion = snap.version;
  const b = view.battle?.battle ?? null;
  // A page opened after a battle: the last one, as the engine tells it (armies as they are now).
  if (!b && !cur && !seen.length && view.last_battle) {
    const lb = view.last_battle;
    const def = lb.target === 'neutral' ? null : lb.target.baron;
    const f = { table: snap.table, round: view.round, b: lb, def, armies: /** @type {[Array<Army>, Array<Army>]} */ ([armies(view, lb.attacker, lb.att), armies(view, def, lb.def)]), shTroops: 0, breachesBefore: breachesOf(view, lb), breachesAfter: null, cas: /** @type {[number, number]} */ ([0, 0]), after: null, owner: null, late: true };
    finish(f, view);
    return;
  }
  const same = b && cur && cur.b.area === b.area && cur.b.attacker === b.attacker && cur.round === view.round
    && JSON.stringify(cur.b.target) === JSON.stringify(b.target);
  if (cur && !same) {
    finish(cur, view);
    cur = null;
  }
  if (!b) return;
  const def = b.target === 'neutral' ? null : b.target.baron;
  if (!cur) {
    cur = { table: snap.table, round: view.round, b, def, armies: [[], []], shTroops: 0, breachesBefore: breachesOf(view, b), breachesAfter: null, cas: [0, 0], after: null, owner: null };
  }
  // The armies before the Fate cards: as long as none is revealed.
  if (!b.revealed) {
    cur.armies = [armies(view, b.attacker, b.att), armies(view, def, b.def)];
    cur.shTroops = b.def_sh && def != null ? view.barons[def].sh_troops.reduce((x, id) => x + troopStrength(id), 0) : 0;
    cur.breachesBefore = breachesOf(view, b);
  }
  cur.cas = [Math.max(cur.cas[0], b.cas[0]), Math.max(cur.cas[1], b.cas[1])];
  const was = cur.b;
  const keep = (/** @type {number} */ side) => (b.shown[side].length ? b.shown[side]
    : was.revealed && was.hands[side].length > b.hands[side].length ? was.hands[side] : b.hands[side]);
  cur.b = { ...b, revealed: b.revealed || was.revealed, hands: [keep(0), keep(1)], diff: b.revealed ? b.diff : was.diff, captured: b.captured || was.captured };
}

/** A side's victories: its +1 Victory cards and a triangle commander. @param {WkBattle} b @param {number} side */
export function victories(b, side) {
  const fate = data().comp.fate.cards;
  const tired = side === 1 && b.def_cmd_tired;
  return b.hands[side].filter((id) => fate[id]?.battle === 'victory').length + (b.cmd[side] === SHAPES.indexOf('triangle') && !tired ? 1 : 0);
}

/**
 * Casualties a side takes (in tokens of 100), as the engine counts them: the other side's Deal
 * results and star commander, less this side's Prevent results and square commander.
 * @param {WkBattle} b @param {number} side
 */
export function casualties(b, side) {
  const fate = data().comp.fate.cards;
  const other = 1 - side;
  const n = (/** @type {number} */ s, /** @type {string} */ r) => b.hands[s].filter((id) => fate[id]?.battle === r).length;
  const fresh = (/** @type {number} */ s) => !(s === 1 && b.def_cmd_tired);
  const deal = n(other, 'deal_casualties') + (b.cmd[other] === SHAPES.indexOf('star') && fresh(other) ? 1 : 0);
  const prevent = n(side, 'prevent_casualties') + (b.cmd[side] === SHAPES.indexOf('square') && fresh(side) ? 1 : 0);
  return Math.max(0, deal - prevent);
}

/** The place fought over, in words. @param {WkBattle} b */
function placeOf(b) {
  if (!b.fort) return areaName(b.area);
  return 'city' in b.fort ? cityName(b.fort.city) : t('stronghold_of', { who: playerName(b.fort.stronghold) });
}

/**
 * The result in words: "Alice's assault on Valmont fails: 2 victories to 3; Alice's star Noble
 * retreats to Brennmark". Null until the Fate cards are revealed.
 * @param {Fought} f
 */
export function resultText(f) {
  const b = f.b;
  if (!b.revealed && !f.after) return null;
  const att = playerName(b.attacker);
  const place = placeOf(b);
  const va = victories(b, 0);
  const vd = victories(b, 1);
  const over = f.after != null;
  let head;
  if (b.fort && (b.captured || (over && f.owner === b.attacker))) head = t('bt.takes', { att, place });
  else if (b.fort && over) head = t('bt.holds', { att, place, kind: b.siege ? t('bt.siege') : t('bt.assault') });
  else if (b.diff > 0) head = t('bt.wins', { att, place });
  else if (b.diff < 0) head = t('bt.loses', { att, place });
  else head = t('bt.even', { att, place });
  const parts = [b.revealed ? t('bt.score', { a: va, d: vd, count: va }) : t('bt.no_fate_drawn')];
  const cas = b.revealed ? [casualties(b, 0), casualties(b, 1)] : f.cas;
  if (cas[0]) parts.push(t('bt.cas', { who: att, count: cas[0], n: cas[0] * 100 }));
  if (cas[1]) parts.push(t('bt.cas', { who: f.def != null ? playerName(f.def) : place, count: cas[1], n: cas[1] * 100 }));
  if (f.breachesAfter != null && f.breachesAfter > f.breachesBefore) parts.push(t('bt.breaches', { place, count: f.breachesAfter - f.breachesBefore }));
  if (f.after) {
    [0, 1].forEach((side) => {
      const seat = side === 0 ? b.attacker : f.def;
      if (seat == null) return;
      f.after?.[side].forEach((a, j) => {
        const who = t('bt.noble_of', { who: playerName(seat), shape: shapeName(a.k) });
        if (!a.alive) parts.push(t('bt.dies', { who }));
        else if (a.area != null && a.area !== b.area && f.armies[side][j]) parts.push(t('bt.retreats', { who, area: areaName(a.area) }));
      });
    });
  }
  return `${head}: ${parts.join('; ')}`;
}

/** A side's column: its army before, its Fate cards. @param {Fought} f @param {number} side @param {number} handSize */
function column(f, side, handSize) {
  const b = f.b;
  const seat = side === 0 ? b.attacker : f.def;
  const hand = b.revealed ? b.hands[side] : [];
  return h('div', { class: 'wk-side', 'data-side': side, style: seat != null ? `--seat: ${SEAT_COLORS[seat % 6]}` : null },
    h('h3', null, side === 0 ? t('attacker') : t('defender'), ': ', seat != null ? playerFull(seat) : t('neutral_city')),
    h('ul', { class: 'plain' },
      f.armies[side].map((a) => h('li', { 'data-shape': a.k }, seat != null ? nobleBadge(seat, a.k, 16) : null, ' ', shapeName(a.k), f.late ? '' : ` · ${a.str}`,
        a.cas ? ` (${t('casualties_n', { n: a.cas })})` : '', b.cmd[side] === a.k ? h('strong', null, ` · ${t('commander')}`) : null)),
      side === 1 && f.shTroops ? h('li', null, t('stronghold_troops', { n: f.shTroops })) : null,
      side === 1 && b.fort ? h('li', null, `${t('fortification')}: ${placeOf(b)}`) : null),
    h('p', { class: 'small-print' }, h('strong', null, `${t('fate_cards')}: `)),
    !b.revealed && f.after ? h('p', { class: 'small-print muted', 'data-fate-side': side }, t('bt.no_fate'))
      : !b.revealed ? h('p', { class: 'small-print' }, t('cards_n', { n: handSize }))
      : hand.length ? h('ol', { class: 'wk-fate-list', 'data-fate-side': side }, hand.map((id) => h('li', { class: 'wk-fate', title: fateFull(id) }, fateBattle(id))))
        : h('p', { class: 'small-print muted', 'data-fate-side': side }, t('bt.no_fate')),
    b.revealed ? h('p', { class: 'small-print' }, t('bt.victories', { count: victories(b, side) })) : null);
}

/** The body of a battle's panel. @param {Fought} f @param {[number, number]} handSizes */
export function battleBody(f, handSizes) {
  const text = resultText(f);
  return [
    h('div', { class: 'wk-sides' }, column(f, 0, handSizes[0]), column(f, 1, handSizes[1])),
    text ? h('p', { class: 'wk-battle-result', 'data-battle-result': '' }, h('strong', null, text)) : null,
  ];
}

/** Finished battles seen on this page, reviewable (newest first). @returns {HTMLElement | null} */
export function pastBattles() {
  if (!seen.length) return null;
  return h('section', { class: 'card wk-panel wk-battles', id: 'wk-battles', 'aria-label': t('bt.past') },
    h('h2', null, `⚔ ${t('bt.past')}`),
    seen.map((f, i) => h('details', { class: 'wk-past-battle', open: i === 0 ? true : null, 'data-k': `battle-${seen.length - i}` },
      h('summary', null, t('bt.round_in', { n: f.round, area: areaName(f.b.area) })),
      battleBody(f, [f.b.hands[0].length, f.b.hands[1].length]))));
}

/** The battle fought now, as remembered. */
export function current() {
  return cur;
}
