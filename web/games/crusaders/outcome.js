// @ts-check
// The log says what happened, not only what was chosen: "crusades in Lorraine: defeats a Prussian
// (strength 3), +3 Influence", "builds Castle II in Paris for 4: +2 Influence", "musters 3: troops
// 2 → 3, +3 Influence". The server sends each log line with its decision's effect (the game's
// public facts, `CrEffect`), worded here in the reader's language, whenever the page was opened.
// The other players' last moves are also noted here, for the highlights on the map and wheels.

import { t, roman } from './ctx.js';
import { D, regionName } from './data.js';
import { buildingName, actName, enemyName1 } from './names.js';
import { gives } from './tracks.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').Snapshot} Snap */
/** @typedef {import('../../src/generated').LogLine} LogLine */
/** @typedef {import('../../src/generated').CrEffect} CrEffect */

/** The table and version last seen, and the log keys it held. */
let seen = /** @type {{table: string, version: number, keys: Set<string>, knights: Array<Array<number | null>>} | null} */ (null);

/** Notes the other players' moves among the decisions that arrived since the last snapshot seen. @param {Snap} snap */
export function observe(snap) {
  const prev = seen;
  if (prev && prev.table === snap.table && prev.version === snap.version) return;
  const view = /** @type {View} */ (snap.view);
  seen = { table: snap.table, version: snap.version, keys: new Set(Object.keys(snap.log ?? {})), knights: view.seats.map((p) => (p.knights ?? []).slice()) };
  if (!prev || prev.table !== snap.table || snap.version <= prev.version) return;
  // Knights' positions as the decisions of this batch move them (for the trails).
  const at = prev.knights.map((k) => k.slice());
  for (const [k, e] of Object.entries(snap.log ?? {}).filter(([k]) => !prev.keys.has(k)).sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (e == null || e.action == null) continue;
    noteRecent(snap, e, at);
  }
}

/**
 * A log line's effect in words (null: the decision's own words say enough).
 * @param {View} view @param {LogLine} e
 */
export function effectText(view, e) {
  const fx = /** @type {CrEffect | null} */ (e.effect ?? null);
  /** @type {any} */
  const a = e.action;
  if (!fx || !a) return null;
  const n = fx.influence ?? 0;
  const built = fx.built?.[0];
  if ((a.type === 'crusade' || a.type === 'crusade_swap') && fx.defeated) {
    const [kind, s] = fx.defeated;
    return t('out.crusade', { region: regionName(view, a.region), enemy: enemyName1(kind), s, gain: n > 0 ? t('out.gain', { n }) : '' });
  }
  if (built) {
    const what = `${buildingName(built.kind)} ${roman(built.level)}`;
    const def = D?.components.buildings?.find((b) => b.kind === built.kind && b.level === built.level);
    const uncovers = def && !def.endgame ? t('out.gives', { what: gives(def).words }) : '';
    const text = built.cost == null
      ? t('out.build_di', { what, region: regionName(view, built.region), n })
      : t('out.build', { what, region: regionName(view, built.region), cost: built.cost, n });
    return `${text}${uncovers}`;
  }
  if (fx.resolved) {
    const { act, value: v } = fx.resolved;
    if (act === 'muster') {
      if (fx.troops) return t('out.muster', { v, a: fx.troops[0], b: fx.troops[1], n });
      if (fx.next_troop != null) return t('out.muster_none', { v, cost: fx.next_troop });
      if (fx.no_troop_left) return t('out.muster_full', { v });
    }
    if (act === 'influence' && n > 0) return t('out.influence', { n });
    return t('out.act', { act: actName(act), v });
  }
  if (fx.upgraded) {
    const [pos, basic, secondary] = fx.upgraded;
    return t('out.upgrade', { n: pos + 1, a: actName(basic), b: actName(secondary) });
  }
  return null;
}

/**
 * What a log line's decision brought beyond what its words say (the second action of a split, a
 * reward): "troops 1 → 2, +3 Influence", or '' when nothing.
 * @param {LogLine} e
 */
export function effectExtra(e) {
  const fx = /** @type {CrEffect | null} */ (e.effect ?? null);
  if (!fx || fx.defeated || fx.built?.length || fx.resolved || fx.upgraded) return '';
  const parts = [];
  if (fx.troops) parts.push(t('out.troops', { a: fx.troops[0], b: fx.troops[1] }));
  if ((fx.influence ?? 0) > 0) parts.push(t('out.plus', { n: fx.influence ?? 0 }));
  return parts.join(', ');
}

/** What the other players did since the viewer's last decision: regions and wedges touched, knights' moves. */
export const recent = {
  regions: /** @type {Set<number>} */ (new Set()),
  wedges: /** @type {Map<number, Set<number>>} */ (new Map()),
  trails: /** @type {Array<{seat: number, knight: number, from: number, to: number}>} */ ([]),
};

/** @param {Snap} snap @param {LogLine} e @param {Array<Array<number | null>>} at knights' regions, moved along */
function noteRecent(snap, e, at) {
  /** @type {any} */
  const a = e.action;
  const from = a.type === 'move' ? at[e.seat]?.[a.knight] : null;
  if (a.type === 'move' && at[e.seat]) at[e.seat][a.knight] = a.to;
  if (snap.you != null && e.seat === snap.you) {
    recent.regions.clear();
    recent.wedges.clear();
    recent.trails.length = 0;
    return;
  }
  if (from != null) recent.trails.push({ seat: e.seat, knight: a.knight, from, to: a.to });
  for (const r of [a.to, a.region, a.with]) if (typeof r === 'number') recent.regions.add(r);
  if (typeof a.pos === 'number' && ['resolve', 'upgrade', 'distribute'].includes(a.type)) {
    recent.wedges.set(e.seat, new Set([...(recent.wedges.get(e.seat) ?? []), a.pos]));
  }
}
