// @ts-check
// Crusaders' component data (GET /api/games/crusaders/data): the maps, wedges and orders.

import { orderText } from './orders.js';
import { t, has } from './ctx.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').Act} Act */
/** @typedef {import('../../src/generated').BuildingKind} BuildingKind */
/** @typedef {{key: string, name: string, q: number, r: number, paris: boolean, start: boolean, flag: boolean, bonus_space: boolean, discount: {building: BuildingKind, amount: number} | null}} MapRegion */
/** @typedef {{side: string, regions: Array<MapRegion>}} MapFile */
/** @typedef {{id: string, name: string, tokens: number, setup: string, power: string}} OrderDef */
/** @typedef {{id: string, basic: Act, secondary: Act}} WedgeDef */
/** @typedef {{kind: string, level: number, cost: number, reveals: Record<string, number | boolean> | null, endgame: string | null, confidence?: string}} BuildingDef */
/** @typedef {{cost: number, influence: number, crusade: number, confidence?: string}} TroopDef */
/** @typedef {{tokens: Record<string, number | string>, tracks: Record<string, {values: Array<number>, confidence?: string}>, saracen_strength: number, saracen_fallback_influence: number}} EnemyDefs */
/** @typedef {{components: {wedges: Array<WedgeDef>, orders: Array<OrderDef>, buildings?: Array<BuildingDef>, troops?: Array<TroopDef>, enemies?: EnemyDefs}, map_large: MapFile, map_small: MapFile, divine_influence: {orders: Array<OrderDef>, extra_troops?: Array<TroopDef>, tracks?: EnemyDefs['tracks'], buildings?: Array<{kind: string, costs: Array<number>, paired_costs: Array<number>, confidence?: string}>}, crimson_amber: {orders: Array<OrderDef>}}} GameData */

/** @type {GameData | null} */
export let D = null;

/** @param {GameData} raw */
export function setData(raw) {
  D = raw;
}

export const BUILDINGS = /** @type {const} */ (['castle', 'church', 'farm', 'bank', 'keep', 'chapel', 'mill', 'vault']);
export const ENEMIES = /** @type {const} */ (['prussian', 'slav', 'saracen']);
export const ACTS = /** @type {const} */ (['travel', 'muster', 'crusade', 'influence', 'build']);
export const ACT_COLORS = { travel: '#cfe3f5', muster: '#e3efc9', crusade: '#f6cfc4', influence: '#e6d5ef', build: '#f1e1c2' };
export const ENEMY_COLORS = { prussian: '#3b3b3b', slav: '#6b4a2b', saracen: '#8e1b1b' };

/** The map of the board side in play. @param {View} view */
export function mapOf(view) {
  if (!D) return null;
  return view.side === 'small' ? D.map_small : D.map_large;
}

/** @param {View} view @param {number} id */
export function regionName(view, id) {
  const name = mapOf(view)?.regions[id]?.name;
  return name ? localName(name) : `#${id}`;
}

/** A region's name in the current language (the printed English one when there is none). @param {string} english */
export function localName(english) {
  return has(`region.${english}`) ? t(`region.${english}`) : english;
}

/** The name in the current language with the printed English one beside it, when they differ. @param {string} english */
export function bothNames(english) {
  const local = localName(english);
  return local === english ? english : `${local} (${english})`;
}

/** @param {string} id @returns {OrderDef | undefined} */
export function orderDef(id) {
  if (!D) return undefined;
  const def = [...D.components.orders, ...(D.divine_influence?.orders ?? []), ...(D.crimson_amber?.orders ?? [])]
    .find((o) => o.id === id);
  // Setup and power texts in the current language.
  return def ? { ...def, ...orderText(id, def) } : undefined;
}
