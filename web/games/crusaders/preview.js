// @ts-check
// What a wheel decision will do, derived read-only from the view and the game's data: where every
// token lands when a wedge is distributed (the engine's sowing, order powers included), an
// action's value with its parts ("Muster 2 + 1 (Farm) = 3") and its effect in words, and whether
// it does nothing (then deciding it asks first). Mirrors `sow_wheel`, `action_value`,
// `crusade_options`, `placement` and the Muster step of `crates/crusaders/src/state.rs`; the
// wheel e2e checks the predicted wheel against the one the server sends after the decision.

import { t, roman } from './ctx.js';
import { D, mapOf, regionName, ACTS } from './data.js';
import { enemyName1, buildingName, actName, orderName } from './names.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').PlayerView} PlayerView */
/** @typedef {import('../../src/generated').Act} Act */
/** @typedef {import('../../src/generated').EnemyKind} EnemyKind */
/** @typedef {import('../../src/generated').SowChoice} SowChoice */
/** @typedef {{text: string, none: boolean, after?: Array<number>, from?: number, giantTo?: number | null}} Preview */

const BASE_KINDS = /** @type {const} */ (['castle', 'church', 'farm', 'bank']);

/**
 * The wheel's tokens after distributing the wedge at `pos` (rules §4.4 with order powers), and
 * the positions that received a piece.
 * @param {Array<number>} tokens @param {number} pos @param {Partial<SowChoice>} c
 * @returns {{after: Array<number>, landed: Array<number>}}
 */
export function sow(tokens, pos, c = {}) {
  const n = tokens.length;
  const after = tokens.slice();
  let left = after[pos];
  after[pos] = 0;
  const step = c.ccw ? n - 1 : 1;
  let p = pos;
  let skipped = false;
  let doubled = false;
  /** @type {Array<number>} */
  const landed = [];
  if (c.origin && left > 0) {
    after[pos] += 1;
    left -= 1;
    landed.push(pos);
  }
  while (left > 0) {
    p = (p + step) % n;
    if (c.skip === p && !skipped) { skipped = true; continue; }
    if (!landed.includes(p)) landed.push(p);
    if (c.double === p && !doubled && left >= 2) {
      doubled = true;
      after[p] += 2;
      left -= 2;
      continue;
    }
    after[p] += 1;
    left -= 1;
  }
  return { after, landed };
}

/** The troop `i` (0-based) of the track: cost and Influence, or null past its end. @param {View} view @param {number} i */
export function troop(view, i) {
  const base = D?.components.troops ?? [];
  const di = view.seats.some((p) => p.divine != null);
  const all = di ? [...base, ...(D?.divine_influence?.extra_troops ?? [])] : base;
  return all[i] ?? null;
}

/** The strength of an enemy type now. @param {View} view @param {EnemyKind} e */
export function strength(view, e) {
  if (e === 'prussian') return view.prussian.strength;
  if (e === 'slav') return view.slav.strength;
  return D?.components.enemies?.saracen_strength ?? 6;
}

/**
 * An action's value with its parts: the tokens, the uncovered building bonuses (by building),
 * face-up troops for a Crusade, the order's modifier.
 * @param {View} view @param {PlayerView} p @param {Act} act @param {number} x
 * @returns {{value: number, expr: string}}
 */
export function actionValue(view, p, act, x) {
  /** @type {Array<[number, string]>} */
  const parts = [];
  const ai = ACTS.indexOf(act);
  let bonus = p.bonus[ai] ?? 0;
  // Attribute the permanent bonus to the buildings that uncovered it; the rest came from tiles.
  for (const [ki, kind] of BASE_KINDS.entries()) {
    let n = 0;
    for (const b of D?.components.buildings ?? []) {
      if (b.kind === kind && ((p.off_board[ki] ?? 0) >> (b.level - 1)) & 1) n += Number(b.reveals?.[act] ?? 0);
    }
    n = Math.min(n, bonus);
    if (n > 0) { parts.push([n, buildingName(kind)]); bonus -= n; }
  }
  if (bonus > 0) parts.push([bonus, t('pv.tiles')]);
  if (act === 'crusade' && p.troops_up > 0) {
    let c = 0;
    for (let i = 0; i < p.troops_up; i++) c += Number(troop(view, i)?.crusade ?? 1);
    parts.push([c, t('troops')]);
  }
  const o = p.order;
  if (o === 'calatrava' || (o === 'montesa' && act === 'travel')) parts.push([1, orderName(o)]);
  if (o === 'holy_sepulchre' && act === 'travel') parts.push([-1, orderName(o)]);
  const value = Math.max(0, Math.min(255, x + parts.reduce((s, [n]) => s + n, 0)));
  const expr = parts.length
    ? `${x} ${parts.map(([n, why]) => `${n < 0 ? '−' : '+'} ${Math.abs(n)} (${why})`).join(' ')} = ${value}`
    : `${value}`;
  return { value, expr };
}

/** Regions (ascending, distinct) holding one of the seat's knights. @param {PlayerView} p */
function knightRegions(p) {
  return [...new Set((p.knights ?? []).filter((r) => r != null))].map(Number).sort((a, b) => a - b);
}

/**
 * What an action of value `value` does now, in words; `none` when it does nothing.
 * @param {View} view @param {PlayerView} p @param {Act} act @param {number} value
 * @returns {{text: string, none: boolean}}
 */
export function actEffect(view, p, act, value) {
  const di = view.seats.some((q) => q.divine != null);
  const regions = knightRegions(p);
  const byId = new Map(view.regions.map((r) => [r.id, r]));
  switch (act) {
    case 'muster': {
      const tr = troop(view, p.troops_up);
      if (!tr) return { text: t('pv.muster_full'), none: true };
      if (value < tr.cost) return { text: t('pv.muster_short', { v: value, cost: tr.cost }), none: true };
      const spare = value - tr.cost;
      return { text: `${t('pv.muster', { a: p.troops_up, b: p.troops_up + 1, n: tr.influence })}${spare ? ` ${t('pv.unused', { n: spare })}` : ''}`, none: false };
    }
    case 'influence': {
      if (!di) return value > 0 ? { text: t('pv.influence', { n: value }), none: false } : { text: t('pv.nothing'), none: true };
      const costs = regions.map((r) => byId.get(r)?.influence_tile?.cost).filter((c) => c != null);
      if (p.order !== 'brandenburg' && !costs.some((c) => Number(c) <= value)) return { text: t('pv.no_tile', { v: value }), none: true };
      return { text: t('pv.take_tile', { v: value }), none: false };
    }
    case 'travel': {
      if (regions.length === 0 || value === 0) return { text: t('pv.nothing'), none: true };
      return { text: t('pv.travel', { n: value }), none: false };
    }
    case 'crusade': {
      /** @type {Array<{r: number, e: EnemyKind, s: number}>} */
      const here = [];
      for (const r of regions) {
        const en = byId.get(r)?.enemy;
        if (en == null) continue;
        const e = /** @type {EnemyKind} */ (typeof en === 'string' ? en : 'saracen');
        here.push({ r, e, s: strength(view, e) - (p.mark === e ? 1 : 0) });
      }
      if (here.length === 0) {
        if (p.order === 'utrecht') return { text: t('pv.crusade_swap'), none: false };
        return { text: t('pv.no_enemy'), none: true };
      }
      const beat = here.filter((x) => x.s <= value).sort((a, b) => b.s - a.s);
      if (beat.length === 0) {
        const weakest = here.sort((a, b) => a.s - b.s)[0];
        if (p.order === 'utrecht') return { text: t('pv.crusade_swap'), none: false };
        return { text: t('pv.too_strong', { v: value, enemy: enemyName1(weakest.e), s: weakest.s }), none: true };
      }
      const b = beat[0];
      const gain = b.e === 'saracen' ? t('pv.saracen_gain') : t('pv.gain', { n: strength(view, b.e) });
      return { text: t('pv.defeat', { v: value, enemy: enemyName1(b.e), s: b.s, region: regionName(view, b.r), gain }), none: false };
    }
    case 'build': {
      const best = cheapestBuild(view, p, regions);
      if (!best) return { text: t('pv.no_site'), none: view.players < 5 && !di };
      if (best.cost > value) return { text: t('pv.build_short', { v: value, what: `${buildingName(best.kind)} ${roman(best.level)}`, region: regionName(view, best.r), cost: best.cost }), none: view.players < 5 && !di };
      return { text: t('pv.build', { v: value, what: `${buildingName(best.kind)} ${roman(best.level)}`, region: regionName(view, best.r), cost: best.cost }), none: false };
    }
    default: return { text: '', none: false };
  }
}

/**
 * The cheapest base building the seat may put where its knights stand (first building of a
 * region: printed cost less the printed discount and a discount tile).
 * @param {View} view @param {PlayerView} p @param {Array<number>} regions
 */
export function cheapestBuild(view, p, regions) {
  const map = mapOf(view);
  const byId = new Map(view.regions.map((r) => [r.id, r]));
  /** @type {{kind: typeof BASE_KINDS[number], level: number, r: number, cost: number} | null} */
  let best = null;
  for (const [ki, kind] of BASE_KINDS.entries()) {
    const level = [1, 2, 3, 4].find((l) => !(((p.off_board[ki] ?? 0) >> (l - 1)) & 1));
    if (level == null) continue;
    const printed = D?.components.buildings?.find((b) => b.kind === kind && b.level === level)?.cost;
    if (printed == null) continue;
    for (const r of regions) {
      const rv = byId.get(r);
      if (rv?.enemy != null || (rv?.buildings.length ?? 0) > 0) continue;
      let discount = 0;
      const md = map?.regions[r]?.discount;
      if (md && md.building === kind) discount += md.amount;
      const tile = rv?.tile;
      if (tile && tile.effect === 'discount' && tile.building === kind) discount += tile.amount;
      const cost = Math.max(0, printed - discount);
      if (!best || cost < best.cost) best = { kind, level, r, cost };
    }
  }
  return best;
}

/** The action named by an act and tokens, with its value and effect. @param {View} view @param {PlayerView} p @param {Act} act @param {number} x */
export function actPreview(view, p, act, x) {
  const v = actionValue(view, p, act, x);
  const e = actEffect(view, p, act, v.value);
  return { text: `${actName(act)} ${v.expr}${e.text.startsWith(':') || e.text.startsWith('：') ? '' : ' '}${e.text}`, none: e.none };
}

/** Where the tokens land, in words. @param {Array<number>} before @param {Array<number>} after @param {number} from */
function landingText(before, after, from) {
  const adds = after.map((n, i) => [i, n - (i === from ? 0 : before[i])]).filter(([i, d]) => d > 0 && i !== from);
  const back = after[from] > 0 ? [t('pv.land_one', { n: from + 1, k: after[from] })] : [];
  const list = [...back, ...adds.map(([i, d]) => t('pv.land_one', { n: i + 1, k: d }))];
  return list.length ? t('pv.lands', { list: list.join(', ') }) : '';
}

/**
 * A wheel decision's preview: its effect in words and where the tokens land, or null for a
 * decision that is not on the wheel.
 * @param {View} view @param {any} a the action @param {number | null} [sowPos] the wedge being sown at a Sow step
 * @returns {Preview | null}
 */
export function preview(view, a, sowPos = null) {
  if (view.phase.phase !== 'turn') return null;
  const seat = view.phase.seat;
  const p = view.seats[seat];
  const wheel = p?.wheel ?? [];
  if (!p || wheel.length === 0 || !a) return null;
  const tokens = wheel.map((w) => w.tokens);
  const x = (/** @type {number} */ pos) => wheel[pos].tokens + (p.giant === pos ? 1 : 0);
  /** @param {number} pos @param {Partial<SowChoice>} [c] */
  const land = (pos, c) => {
    const s = sow(tokens, pos, c);
    return { after: s.after, from: pos, lands: landingText(tokens, s.after, pos) };
  };
  switch (a.type) {
    case 'resolve': {
      const w = wheel[a.pos];
      const l = land(a.pos);
      const powers = sowPowers(p);
      if (w.upgraded) {
        return { text: join([t('pv.split_next', { a: actName(w.basic), b: actName(w.secondary), n: w.tokens }), l.lands, powers]), none: false, after: l.after, from: a.pos };
      }
      const e = actPreview(view, p, w.basic, x(a.pos));
      return { text: join([e.text, l.lands, powers]), none: e.none, after: l.after, from: a.pos };
    }
    case 'upgrade': {
      const w = wheel[a.pos];
      return { text: t('pv.upgrade', { a: actName(w.basic), b: actName(w.secondary) }), none: false };
    }
    case 'skip_turn': return { text: t('pv.skip'), none: false };
    case 'no_distribute': return { text: t('pv.no_distribute'), none: false };
    case 'distribute': {
      const l = land(a.pos);
      return { text: join([t('pv.distribute', { n: wheel[a.pos].tokens, wedge: a.pos + 1 }), l.lands, sowPowers(p)]), none: false, after: l.after, from: a.pos };
    }
    case 'sow': {
      const pos = sowPos ?? view.phase.wedge;
      const l = land(pos, a.choice ?? {});
      return { text: l.lands || t('pv.nothing'), none: false, after: l.after, from: pos, giantTo: a.choice?.giant ?? null };
    }
    case 'split': {
      const w = wheel[view.phase.wedge];
      const other = a.first === w.basic ? w.secondary : w.basic;
      const giantHere = p.giant === view.phase.wedge;
      const rest = w.tokens - a.tokens;
      const firstX = a.tokens + (giantHere && a.giant ? 1 : 0);
      const restX = rest + (giantHere && !a.giant ? 1 : 0);
      const one = actPreview(view, p, a.first, firstX);
      const two = rest > 0 ? actPreview(view, p, other, restX) : null;
      const l = land(view.phase.wedge);
      const parts = [one.text, two ? t('pv.then', { what: two.text }) : t('pv.no_second', { act: actName(other) }), l.lands];
      // Partly useless: one half does nothing.
      return { text: join(parts), none: one.none && (two == null || two.none), after: l.after, from: view.phase.wedge };
    }
    case 'crusade': {
      const en = view.regions.find((r) => r.id === a.region)?.enemy;
      if (en == null) return null;
      const e = /** @type {EnemyKind} */ (typeof en === 'string' ? en : 'saracen');
      const st = strength(view, e);
      return { text: t('pv.defeat_here', { enemy: enemyName1(e), s: st, gain: e === 'saracen' ? t('pv.saracen_gain') : t('pv.gain', { n: st }) }), none: false };
    }
    case 'build': {
      const ki = BASE_KINDS.indexOf(a.building);
      if (ki < 0) return null;
      const level = [1, 2, 3, 4].find((l) => !(((p.off_board[ki] ?? 0) >> (l - 1)) & 1));
      const rv = view.regions.find((r) => r.id === a.region);
      const def = D?.components.buildings?.find((b) => b.kind === a.building && b.level === level);
      if (!def || level == null) return null;
      let cost = def.cost;
      let extra = 0;
      if ((rv?.buildings.length ?? 0) === 0) {
        const md = mapOf(view)?.regions[a.region]?.discount;
        if (md && md.building === a.building) cost -= md.amount;
        if (rv?.tile && rv.tile.building === a.building) {
          if (rv.tile.effect === 'discount') cost -= rv.tile.amount;
          else extra = rv.tile.amount;
        }
      }
      return { text: t('pv.build_here', { what: `${buildingName(a.building)} ${roman(level)}`, cost: Math.max(0, cost), n: level + extra }), none: false };
    }
    default: return null;
  }
}

/** The order's sowing power, when it has one. @param {PlayerView} p */
function sowPowers(p) {
  const o = p.order;
  return o && ['teutonic', 'aviz', 'santiago', 'hospitaller', 'templar'].includes(o) ? t(`pv.power.${o}`) : '';
}

/** @param {Array<string>} parts */
const join = (parts) => parts.filter(Boolean).join(' · ');

/**
 * The wedge being sown at a Sow step: the one just chosen to distribute, else the turn's wedge
 * (the view names only the turn's wedge).
 * @param {import('../../src/generated').Snapshot} snap @param {View} view
 */
export function sowPosOf(snap, view) {
  if (view.phase.phase !== 'turn') return null;
  const keys = Object.keys(snap.log ?? {}).filter((k) => snap.log?.[k] != null).sort();
  const last = keys.length ? /** @type {any} */ (snap.log?.[keys[keys.length - 1]])?.action : null;
  return last?.type === 'distribute' && view.phase.step.step === 'sow' ? Number(last.pos) : view.phase.wedge;
}
