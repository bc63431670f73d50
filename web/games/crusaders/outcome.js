// @ts-check
// The log says what happened, not only what was chosen: "crusades in Lorraine: defeats a Prussian
// (strength 3), +3 Influence", "builds Castle II in Paris for 4: +2 Influence", "musters 3: troops
// 2 → 3, +3 Influence". Computed from the view before a decision (the last one held) and the view
// after it, for every decision seen arriving (at the table and stepping forward in the replay);
// a line seen only in a loaded history keeps the decision's own words.

import { t, roman } from './ctx.js';
import { D, mapOf, regionName } from './data.js';
import { buildingName, actName, enemyName1 } from './names.js';
import { actionValue, strength, troop } from './preview.js';
import { gives } from './tracks.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').Snapshot} Snap */
/** @typedef {import('../../src/generated').LogLine} LogLine */
/** @typedef {import('../../src/generated').EnemyKind} EnemyKind */

/** Outcomes by table and log key, said in the language of the moment they are shown. @type {Map<string, () => string | null>} */
const outcomes = new Map();
/** The snapshot last seen (the shell changes it in place), and a copy of what it was then. */
let held = /** @type {Snap | null} */ (null);
let seen = /** @type {{table: string, version: number, view: View, keys: Set<string>} | null} */ (null);
/** The log key of each line of the snapshot seen (a line's outcome is found without a search). @type {Map<LogLine, string>} */
let keyOf = new Map();

/** Notes the outcomes of the decisions that arrived since the last snapshot seen. @param {Snap} snap */
export function observe(snap) {
  held = snap;
  const prev = seen;
  if (prev && prev.table === snap.table && prev.version === snap.version) return;
  seen = { table: snap.table, version: snap.version, view: /** @type {View} */ (structuredClone(snap.view)), keys: new Set(Object.keys(snap.log ?? {})) };
  keyOf = new Map();
  for (const [k, e] of Object.entries(snap.log ?? {})) if (e != null) keyOf.set(e, k);
  if (!prev || prev.table !== snap.table || snap.version <= prev.version || !D) return;
  const before = prev.view;
  const after = /** @type {View} */ (snap.view);
  if (!before || !after) return;
  // Knights' positions as the decisions of this batch move them (for the trails).
  const at = before.seats.map((p) => (p.knights ?? []).slice());
  for (const [k, e] of Object.entries(snap.log ?? {}).filter(([k]) => !prev.keys.has(k)).sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    if (e == null || e.action == null) continue;
    noteRecent(snap, e, at);
    if (outcomeOf(before, after, e)) outcomes.set(`${snap.table}:${k}`, () => outcomeOf(before, after, e));
  }
}

/** The outcome noted for a log line shown now, if any. @param {LogLine} e */
export function outcomeText(e) {
  const snap = held;
  const k = keyOf.get(e);
  return snap && k != null ? outcomes.get(`${snap.table}:${k}`)?.() ?? null : null;
}

/** @param {View} view @param {number} id */
const regionOf = (view, id) => view.regions.find((r) => r.id === id) ?? null;

/**
 * One decision's outcome from the views around it (null: its own words say enough).
 * @param {View} before @param {View} after @param {LogLine} e
 */
export function outcomeOf(before, after, e) {
  /** @type {any} */
  const a = e.action;
  const seat = e.seat;
  const pb = before.seats[seat];
  const pa = after.seats[seat];
  if (!pb || !pa) return null;
  switch (a.type) {
    case 'crusade':
    case 'crusade_swap': {
      const r = a.type === 'crusade_swap' ? regionOf(before, a.with) : regionOf(before, a.region);
      const en = r?.enemy;
      if (en == null) return null;
      const kind = /** @type {EnemyKind} */ (typeof en === 'string' ? en : 'saracen');
      const s = strength(before, kind);
      const gain = kind === 'saracen' ? '' : t('out.gain', { n: s });
      return t('out.crusade', { region: regionName(before, a.region), enemy: enemyName1(kind), s, gain });
    }
    case 'build': {
      const rb = regionOf(before, a.region);
      const ra = regionOf(after, a.region);
      const placed = ra?.buildings.find((b) => b.owner === seat && b.kind === a.building && !(rb?.buildings ?? []).some((x) => x.owner === seat && x.kind === b.kind && x.level === b.level));
      if (!placed) return null;
      const first = (rb?.buildings.length ?? 0) === 0;
      const def = D?.components.buildings?.find((b) => b.kind === a.building && b.level === placed.level);
      let cost = def?.cost ?? null;
      let extra = 0;
      if (def && first) {
        const md = mapOf(before)?.regions[a.region]?.discount;
        const tile = rb?.tile;
        let discount = md && md.building === a.building ? md.amount : 0;
        if (tile && tile.building === a.building) {
          if (tile.effect === 'discount') discount += tile.amount;
          else extra = tile.amount;
        }
        cost = Math.max(0, def.cost - discount);
      }
      const what = `${buildingName(a.building)} ${roman(placed.level)}`;
      return cost == null
        ? t('out.build_di', { what, region: regionName(before, a.region), n: placed.level })
        : `${t('out.build', { what, region: regionName(before, a.region), cost, n: placed.level + extra })}${def && !def.endgame ? t('out.gives', { what: gives(def).words }) : ''}`;
    }
    case 'resolve': {
      const w = pb.wheel[a.pos];
      if (!w || w.upgraded) return null;
      const x = w.tokens + (pb.giant === a.pos ? 1 : 0);
      const v = actionValue(before, pb, w.basic, x);
      if (w.basic === 'muster') {
        if (pa.troops_up > pb.troops_up) return t('out.muster', { v: v.value, a: pb.troops_up, b: pa.troops_up, n: troop(before, pb.troops_up)?.influence ?? 0 });
        const next = troop(before, pb.troops_up);
        return next ? t('out.muster_none', { v: v.value, cost: next.cost }) : t('out.muster_full', { v: v.value });
      }
      if (w.basic === 'influence' && !pb.divine) return t('out.influence', { n: v.value });
      return t('out.act', { act: actName(w.basic), v: v.value });
    }
    case 'upgrade': {
      const w = pb.wheel[a.pos];
      return w ? t('out.upgrade', { n: a.pos + 1, a: actName(w.basic), b: actName(w.secondary) }) : null;
    }
    default: return null;
  }
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
