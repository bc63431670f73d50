// @ts-check
// Names of areas, cities, cards, troops, Agendas and Events in the current language.

import { data, SHAPES } from './data.js';
import { s, confNote } from '../../shell/dom.js';
import { t, has, colorName } from './ctx.js';
import { agendaEffectOf, agendaKindOf, eventEffectOf, signed } from './cardtext.js';

export { signed };

/** @typedef {import('../../src/generated').WkHolder} WkHolder */
/** @typedef {import('../../src/generated').WkBallot} WkBallot */
/** @typedef {import('../../src/generated').WkProposal} WkProposal */
/** @typedef {import('../../src/generated').WkCard} WkCard */
/** @typedef {import('../../src/generated').WkZone} WkZone */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// ---------------------------------------------------------------------------------------------
// Names
// ---------------------------------------------------------------------------------------------

/**
 * An area's name: its city's, or its own (in the current language); by its place on the grid when
 * an owner's map names neither. Never the map's id.
 * @param {number} i
 */
export function areaName(i) {
  const a = data().areas[i];
  if (!a) return t('area_unknown');
  if (a.city != null) return cityName(a.city);
  if (a.name) return local('area', a.name);
  return a.kingdom ? t('area_at', { col: a.col + 1, row: a.row + 1 }) : t('area_unknown');
}

/** @param {number} c */
export function cityName(c) {
  return local('city', data().comp.cities[c]?.name ?? `#${c}`);
}

/** A name printed on the board or a card, in the current language (the printed one otherwise). @param {string} kind @param {string} english */
function local(kind, english) {
  return has(`${kind}.${english}`) ? t(`${kind}.${english}`) : english;
}

/** The printed English name, when the current language shows another (for hover and tap). @param {'city' | 'agenda' | 'event' | 'area'} kind @param {number} k */
export function printedName(kind, k) {
  const d = data();
  const english = (kind === 'city' ? d.comp.cities[k]?.name : kind === 'agenda' ? d.cards.agendas[k]?.name : kind === 'area' ? d.areas[k]?.name : d.cards.events[k]?.name) ?? '';
  return english && local(kind, english) !== english ? english : '';
}

/** @param {number} seat */
export function baronName(seat) {
  return data().comp.barons[seat]?.name ?? t('baron_n', { n: seat + 1 });
}

/** The table being drawn (set by `index.js` before each drawing), for the players' names. */
/** @type {import('../../src/generated').Snapshot | null} */
let SNAP = null;

/** @param {import('../../src/generated').Snapshot | null} snap */
export function setSnap(snap) {
  if (snap) SNAP = snap;
}

/**
 * The player at a seat, as other players know them: the name they gave, or for a bot or an
 * unnamed seat, its colour.
 * @param {number} seat
 */
export function playerName(seat) {
  const sp = SNAP?.seats[seat];
  if (sp?.name) return sp.name;
  if (sp?.kind === 'bot') return t('bot_of', { colour: colorName(seat) });
  return t('player_of', { colour: colorName(seat) });
}

/** A player with their seat's colour: "Alice (Blue)". @param {number} seat */
export function playerFull(seat) {
  const sp = SNAP?.seats[seat];
  return sp?.name ? t('player_colour', { who: sp.name, colour: colorName(seat) }) : playerName(seat);
}

/** A player with the Baron they play: "Alice (Blue) — Raoul d'Emerande". @param {number} seat */
export function playerBaron(seat) {
  return `${playerFull(seat)} — ${baronName(seat)}`;
}

/** A player in a sentence: the player's name (the Baron's is on their board). @param {number} seat */
export function who(seat) {
  return playerName(seat);
}

/** @param {number} k */
export function shapeName(k) {
  const sh = SHAPES[k];
  return sh ? t(`shape.${sh}`) : `#${k}`;
}

/** @param {string} c */
export function cardName(c) {
  return has(`card.${c}`) ? t(`card.${c}`) : c;
}

/** @param {WkCard | null | undefined} c */
export function anyCardName(c) {
  if (!c) return '—';
  return 'baron' in c ? cardName(c.baron.card) : cardName(c.neutral);
}

/** @param {WkZone} z */
export function zoneName(z) {
  return t(`zone.${z}`);
}

/** @param {number} i */
export function expName(i) {
  const id = data().map.expeditions[i] ?? String(i);
  return has(`exp.${id}`) ? t(`exp.${id}`) : id;
}

/** @param {number} k */
export function agendaName(k) {
  return local('agenda', data().cards.agendas[k]?.name ?? `#${k}`);
}

/** @param {number} k */
export function eventName(k) {
  return local('event', data().cards.events[k]?.name ?? `#${k}`);
}

/** @param {string} nat */
export function natName(nat) {
  return has(`nat.${nat}`) ? t(`nat.${nat}`) : nat;
}

/** A Baron's Regular card `k` (ids 100 + 4 × seat + k), in the order the data lists them. @param {number} id */
export function regularCard(id) {
  const cards = data().comp.regulars.flatMap((r) => Array.from({ length: r.count }, () => r));
  return cards[(id - 100) % cards.length];
}

/** The first King's Army card (Crown and Glory, The King): after the 24 Regulars. */
export const KING_ARMY = 124;

/** @param {number} id */
export function troopStrength(id) {
  if (id < 100) return data().comp.mercenaries[id]?.strength ?? 0;
  if (id >= KING_ARMY) return data().comp.the_king?.army_strength ?? 0;
  return regularCard(id)?.strength ?? 0;
}

/** @param {number} id */
export function troopWage(id) {
  if (id < 100) return data().comp.mercenaries[id]?.wage ?? 0;
  if (id >= KING_ARMY) return data().comp.the_king?.army_wage ?? 0;
  return regularCard(id)?.wage ?? 0;
}

/** A troop card: nationality (or Regular) and strength. @param {number} id */
export function troopText(id) {
  if (id < 100) {
    const m = data().comp.mercenaries[id];
    return m ? t('merc', { nat: natName(m.nationality), n: m.strength, wage: m.wage }) : `#${id}`;
  }
  if (id >= KING_ARMY) return t('king_army_troop', { n: troopStrength(id) });
  return t('regular', { n: troopStrength(id) });
}

/** @param {WkHolder} hd */
export function holderName(hd) {
  return hd === 'stronghold' ? t('the_stronghold') : t('the_noble', { shape: shapeName(hd.noble) });
}

/** @param {WkBallot} b */
export function ballotText(b) {
  if (b === 'yes') return t('yes');
  if (b === 'no') return t('no');
  return who(b.for);
}

/** A Fate card's battle result. @param {number} id */
export function fateBattle(id) {
  const f = data().comp.fate.cards[id];
  return f ? t(`fate.${f.battle}`) : `#${id}`;
}

/** A Fate card, in full (for tooltips). @param {number} id */
export function fateFull(id) {
  const f = data().comp.fate.cards[id];
  if (!f) return `#${id}`;
  return t('fate_full', {
    battle: t(`fate.${f.battle}`), revolt: f.revolt ? t('revolt') : t('no_revolt'),
    city: data().comp.cities.find((c) => c.id === f.city)?.name ?? f.city, nat: natName(f.nationality),
    noble: has(`shape.${f.noble}`) ? t(`shape.${f.noble}`) : f.noble,
  });
}

/** A short description of an Agenda's effect. @param {number} k */
export function agendaEffect(k) {
  return agendaEffectOf(data().cards.agendas[k], t, has);
}

/** An Agenda's kind and vote (localized). @param {number} k */
export function agendaKind(k) {
  return agendaKindOf(data().cards.agendas[k], t, has);
}

/** A short description of an Event's effect. @param {number} k */
export function eventEffect(k) {
  return eventEffectOf(data().cards.events[k], t, has);
}

/** @param {WkProposal} p */
export function proposalText(p) {
  if (p === 'postpone') return t('prop.postpone');
  if ('rescind_ban' in p) return t('prop.rescind_ban', { who: who(p.rescind_ban) });
  if ('discard_law' in p) return t('prop.discard_law', { agenda: agendaName(p.discard_law) });
  if ('discard_charge' in p) return t('prop.discard_charge', { who: who(p.discard_charge[0]), agenda: agendaName(p.discard_charge[1]) });
  if ('discard_office' in p) return t('prop.discard_office', { who: who(p.discard_office[0]), shape: shapeName(p.discard_office[1]) });
  return t('prop.revive', { agenda: agendaName(p.revive) });
}

// ---------------------------------------------------------------------------------------------

/** " (reconstructed)" / " (inferred)" after an Agenda's or Event's effect the data files tag so. @param {'agenda' | 'event'} kind @param {number} k */
export function cardConf(kind, k) {
  const d = data();
  return confNote(t, kind === 'agenda' ? d.cards.agendas[k] : d.cards.events[k]);
}
