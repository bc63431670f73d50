// @ts-check
// Warrior Knights' component data (GET /api/games/warrior-knights/data) and constants.

import { s } from '../../shell/dom.js';

/** @typedef {Node | string | number | null | undefined | false} Kid */

// ---------------------------------------------------------------------------------------------
// Data (GET /api/games/warrior-knights/data)
// ---------------------------------------------------------------------------------------------

/** @typedef {{id: string, col: number, row: number, port?: boolean, city?: string, name?: string, confidence?: string}} KingdomArea */
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
 * @property {{army_strength: number, army_wage: number, army_cards: number, bonus_influence: number}} [the_king]  Crown and Glory's The King
 * @property {{reward_influence: number, cards: Array<{id: string, name: string, condition: {kind: string, at_least?: number}, confidence: string}>}} [missions]  Crown and Glory's Missions
 */
/** @typedef {{id: string, kingdom: boolean, col: number, row: number, port: boolean, city: number | null, name: string | null}} Area */

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
export let D = null;

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
    areas.push({ id: k.id, kingdom: true, col: k.col, row: k.row, port: !!k.port, city: k.city != null ? cityIdx.get(k.city) ?? null : null, name: k.name ?? null });
  }
  for (const o of map.overseas) {
    areas.push({ id: o.id, kingdom: false, col: -1, row: -1, port: o.port !== false, city: o.city != null ? cityIdx.get(o.city) ?? null : null, name: null });
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
export function data() {
  if (!D) throw new Error('Warrior Knights data not loaded');
  return D;
}

export const BARON_CARDS = /** @type {const} */ (['mobilize_forces', 'levy_taxes', 'draft_soldiers', 'rally_support', 'serve_the_church', 'versatile_strategy']);
export const SHAPES = /** @type {const} */ (['star', 'square', 'triangle', 'circle']);
export const ZONES = /** @type {const} */ (['taxation', 'wages', 'assembly']);
export const EVENT_COLOURS = { red: '#b3261e', green: '#2e7d32', blue: '#1f5fa8' };

