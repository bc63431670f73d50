// @ts-check
// Crusaders' map: the hex regions, their pieces, and the regions a decision can be taken on.

import { h, s, stitle, hexPoints, seatShape, confNote, SEAT_COLORS, SEAT_INK } from '../../shell/dom.js';
import { t, colorName, roman, clickRegion } from './ctx.js';
import { mapOf, ENEMY_COLORS, localName, bothNames } from './data.js';
import { enemyName, enemyAbbr, buildingName, buildingAbbr, actName, label } from './names.js';
import { recent } from './outcome.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').RegionView} RegionView */
/** @typedef {import('../../src/generated').Snapshot} Snap */
/** @typedef {import('../../src/generated').EnemyKind} EnemyKind */
/** @typedef {import('../../src/generated').Enemy} Enemy */
/** @typedef {import('../../src/generated').BonusTile} BonusTile */
/** @typedef {import('../../src/generated').InfluenceTile} InfluenceTile */
/** @typedef {import('../../src/generated').SaracenFace} SaracenFace */

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

const HEX = 50;
const SQ3 = Math.sqrt(3);

/** Centre of an axial pointy-top hex. @param {number} q @param {number} r */
function hexCenter(q, r) {
  return [HEX * SQ3 * (q + r / 2), HEX * 1.5 * r];
}

/** @param {Enemy} e @returns {EnemyKind} */
const enemyKind = (e) => (typeof e === 'string' ? e : 'saracen');

/** @param {SaracenFace} f */
function faceText(f) {
  return f === 'troop' ? t('troop') : buildingName(f.building);
}

/** @param {Enemy} e */
function enemyTitle(e) {
  if (typeof e === 'string') return enemyName(e);
  return `${enemyName('saracen')} — ${t('reward')}: ${faceText(e.saracen)}`;
}

/** @param {BonusTile} tile */
function bonusTitle(tile) {
  return tile.effect === 'discount'
    ? t('bonus_discount', { building: buildingName(tile.building), n: tile.amount })
    : t('bonus_influence', { building: buildingName(tile.building), n: tile.amount });
}

/** @param {InfluenceTile} tile */
function influenceTileTitle(tile) {
  const e = tile.effect;
  let what = '';
  switch (e.effect) {
    case 'upgrade': what = t('itile.upgrade'); break;
    case 'distribute': what = t('itile.distribute'); break;
    case 'one_shot': what = t('itile.one_shot', { act: actName(e.action) }); break;
    case 'permanent': what = t('itile.permanent', { act: actName(e.action) }); break;
    default: what = t('itile.end_game'); break;
  }
  return t('itile', { level: roman(tile.level), cost: tile.cost, what });
}

/** @param {Snap} snap @param {View} view @param {Map<number, Array<number>>} choice the legal decisions by region @param {number | null} picked */
export function renderMap(snap, view, choice, picked) {
  const map = mapOf(view);
  if (!map) return h('p', null, t('loading'));
  const byId = new Map(view.regions.map((r) => [r.id, r]));
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const r of map.regions) {
    const [x, y] = hexCenter(r.q, r.r);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = HEX + 6;
  const vb = `${(minX - pad).toFixed(0)} ${(minY - pad).toFixed(0)} ${(maxX - minX + 2 * pad).toFixed(0)} ${(maxY - minY + 2 * pad).toFixed(0)}`;
  const svgEl = s('svg', {
    id: 'map', viewBox: vb, role: 'group', 'aria-label': t('map'), class: `map side-${view.side}`,
    style: `--map-min: ${Math.round((maxX - minX + 2 * pad) * 0.62)}px`,
  });
  const regionsLayer = s('g', { class: 'regions' });
  svgEl.append(regionsLayer);
  map.regions.forEach((mr, id) => {
    const [cx, cy] = hexCenter(mr.q, mr.r);
    const rv = byId.get(id);
    const choices = choice.get(id) ?? [];
    const clickable = choices.length > 0;
    const isPicked = picked === id;
    const cls = ['region', mr.paris ? 'paris' : '', mr.start ? 'start' : '', clickable ? 'choice' : '', isPicked ? 'picked' : '', recent.regions.has(id) ? 'recent' : ''].filter(Boolean).join(' ');
    const titleParts = [bothNames(mr.name)];
    if (mr.paris) titleParts.push(t('paris_hint'));
    if (mr.start) titleParts.push(t('start_region'));
    if (mr.discount) titleParts.push(`${t('printed_discount', { building: buildingName(mr.discount.building), n: mr.discount.amount })}${confNote(t, mapOf(view))}`);
    if (clickable) titleParts.push(choices.map((i) => label(snap, view, snap.legal[i])).join(' / '));
    const g = s('g', {
      class: cls, 'data-region': id, 'data-name': mr.name,
      tabindex: clickable ? 0 : null, role: clickable ? 'button' : null,
      'aria-label': clickable ? `${localName(mr.name)}: ${choices.map((i) => label(snap, view, snap.legal[i])).join(' / ')}` : null,
      'data-k': clickable ? `region-${id}` : null,
    }, stitle(titleParts.join(' — ')));
    g.append(s('polygon', { class: 'hex', points: hexPoints(cx, cy, HEX - 1.5) }));
    if (mr.start) g.append(s('text', { class: 'mark start-mark', x: cx - HEX * 0.62, y: cy - 14, 'font-size': 13, 'aria-hidden': 'true' }, '✠'));
    if (mr.paris) g.append(s('text', { class: 'mark paris-mark', x: cx, y: cy + 10, 'text-anchor': 'middle', 'font-size': 26, 'aria-hidden': 'true' }, '★'));
    const name = localName(mr.name);
    // Wide (CJK) letters count about double (the map's frame shortens a name that does not fit).
    const wide = [...name].reduce((n, c) => n + (c.charCodeAt(0) > 0x2e80 ? 1.9 : 1), 0);
    g.append(s('text', { class: 'rname map-name', 'data-w': HEX * 1.7, x: cx, y: cy - 25, 'text-anchor': 'middle', 'font-size': wide > 11 ? 9.5 : 11.5 }, name));
    if (mr.discount && !rv?.buildings.length) {
      // A cheaper-here discount: a small price tag ("Ca −1") at the hex's foot.
      const text = `${buildingAbbr(mr.discount.building)} −${mr.discount.amount}`;
      g.append(s('g', { class: 'discount', 'data-discount': mr.discount.building },
        s('rect', { x: cx - 15, y: cy + 29.5, width: 30, height: 11, rx: 5.5 }),
        s('text', { x: cx, y: cy + 38, 'text-anchor': 'middle', 'font-size': 8.5, 'font-weight': 700 }, text)));
    }
    if (rv) drawContents(g, rv, cx, cy);
    if (clickable) {
      g.addEventListener('click', () => clickRegion(id));
      g.addEventListener('keydown', (e) => {
        const ke = /** @type {KeyboardEvent} */ (e);
        if (ke.key === 'Enter' || ke.key === ' ') { ke.preventDefault(); clickRegion(id); }
      });
    }
    regionsLayer.append(g);
  });
  // The other players' knights' moves since the viewer's last decision: a trail each.
  if (recent.trails.length) {
    const trails = s('g', { class: 'trails', 'pointer-events': 'none', 'aria-hidden': 'true' });
    for (const tr of recent.trails) {
      const a = map.regions[tr.from];
      const b = map.regions[tr.to];
      if (!a || !b) continue;
      const [x1, y1] = hexCenter(a.q, a.r);
      const [x2, y2] = hexCenter(b.q, b.r);
      const [dx, dy] = [x2 - x1, y2 - y1];
      const len = Math.hypot(dx, dy) || 1;
      const [ex, ey] = [x2 - (dx / len) * 16, y2 - (dy / len) * 16];
      const [nx, ny] = [-dy / len, dx / len];
      trails.append(s('line', { class: 'trail', x1: x1.toFixed(1), y1: y1.toFixed(1), x2: ex.toFixed(1), y2: ey.toFixed(1), stroke: SEAT_COLORS[tr.seat % 6] }),
        s('polygon', { class: 'trail-head', points: `${x2.toFixed(1)},${y2.toFixed(1)} ${(ex + nx * 7).toFixed(1)},${(ey + ny * 7).toFixed(1)} ${(ex - nx * 7).toFixed(1)},${(ey - ny * 7).toFixed(1)}`, fill: SEAT_COLORS[tr.seat % 6] }),
        s('text', { x: ((x1 + x2) / 2 + nx * 9).toFixed(1), y: ((y1 + y2) / 2 + ny * 9 + 3).toFixed(1), 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 700, class: 'trail-n' }, tr.knight + 1));
    }
    svgEl.append(trails);
  }
  return h('div', { class: 'map-wrap' }, svgEl);
}

/**
 * The pieces in a region: enemy / tiles on the first row, buildings on the second, knights and coats of arms
 * on the third.
 * @param {SVGElement} g @param {RegionView} rv @param {number} cx @param {number} cy
 */
function drawContents(g, rv, cx, cy) {
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row1 = [];
  if (rv.enemy != null) {
    const e = rv.enemy;
    const kind = enemyKind(e);
    row1.push((x, y) => s('g', { class: `enemy ${kind}`, 'data-enemy': kind },
      stitle(enemyTitle(e)),
      s('rect', { x: x - 10, y: y - 10, width: 20, height: 20, rx: 10, fill: ENEMY_COLORS[kind], stroke: '#fff', 'stroke-width': 1.5 }),
      s('text', { x, y: typeof e === 'string' ? y + 4 : y + 1.5, 'text-anchor': 'middle', 'font-size': typeof e === 'string' ? 10 : 8.5, 'font-weight': 700, fill: '#fff' }, enemyAbbr(kind)),
      typeof e === 'string' ? null : [
        s('rect', { x: x - 7.5, y: y + 5, width: 15, height: 9, rx: 2, fill: '#fff3d6', stroke: '#8e1b1b', 'stroke-width': 0.8 }),
        s('text', { x, y: y + 12, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 700, fill: '#5a1010' },
          e.saracen === 'troop' ? t('troop_abbr') : buildingAbbr(e.saracen.building))]));
  }
  if (rv.tile != null) {
    const tile = rv.tile;
    row1.push((x, y) => s('g', { class: 'bonus-tile' }, stitle(bonusTitle(tile)),
      s('rect', { x: x - 11, y: y - 8, width: 22, height: 16, rx: 2, fill: '#fff6d8', stroke: '#8a6d1d' }),
      s('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 8, fill: '#4a3a0c' },
        `${buildingAbbr(tile.building)}${tile.effect === 'discount' ? '−' : '+'}${tile.amount}`)));
  }
  if (rv.influence_tile != null) {
    const tile = rv.influence_tile;
    row1.push((x, y) => s('g', { class: 'influence-tile' }, stitle(influenceTileTitle(tile)),
      s('polygon', { points: hexPoints(x, y, 10), fill: '#e9d27a', stroke: '#6f5a12' }),
      s('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: '#3b2f05' }, `${roman(tile.level)}`),
      s('text', { x: x + 9, y: y - 6, 'font-size': 6.5, fill: '#3b2f05' }, tile.cost)));
  }
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row2 = rv.buildings.map((b) => (x, y) => s('g', { class: 'building', 'data-owner': b.owner, 'data-kind': b.kind },
    stitle(t('building_of', { building: buildingName(b.kind), level: roman(b.level), who: colorName(b.owner) })),
    s('rect', { x: x - 9, y: y - 9, width: 18, height: 18, rx: 2, fill: SEAT_COLORS[b.owner % 6], stroke: '#111', 'stroke-width': 1.2 }),
    s('text', { x, y: y + 1, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: SEAT_INK[b.owner % 6] }, buildingAbbr(b.kind)),
    s('text', { x, y: y + 8, 'text-anchor': 'middle', 'font-size': 6, fill: SEAT_INK[b.owner % 6] }, roman(b.level))));
  // Knights carry their number (the owner is the shape and colour); in a crowded region one
  // owner's knights stack into one piece with a count.
  const crowded = rv.knights.length + (rv.arms ?? []).length + row2.length > 4;
  /** @type {Map<number, Array<number>>} */
  const byOwner = new Map();
  for (const [owner, k] of rv.knights) byOwner.set(owner, [...(byOwner.get(owner) ?? []), k]);
  const pieces = crowded ? [...byOwner].map(([owner, ks]) => /** @type {[number, Array<number>]} */ ([owner, ks])) : rv.knights.map(([owner, k]) => /** @type {[number, Array<number>]} */ ([owner, [k]]));
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row3 = [
    ...pieces.map(([owner, ks]) => (/** @type {number} */ x, /** @type {number} */ y) => s('g', { class: 'knight', 'data-owner': owner, 'data-knights': ks.map((k) => k + 1).join(',') },
      stitle(ks.length === 1 ? t('knight_of', { who: colorName(owner), n: ks[0] + 1 }) : t('knights_here', { n: ks.length, who: colorName(owner), list: ks.map((k) => k + 1).join(', ') })),
      seatShape(owner, x, y, 8, ks.some((k) => k >= 3) ? { stroke: '#000', 'stroke-width': 3 } : undefined),
      s('text', { x, y: y + 3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: SEAT_INK[owner % 6] }, ks.length === 1 ? ks[0] + 1 : `×${ks.length}`))),
    ...(rv.arms ?? []).map((owner) => (/** @type {number} */ x, /** @type {number} */ y) => s('g', { class: 'arms', 'data-owner': owner },
      stitle(t('arms_of', { who: colorName(owner) })),
      s('path', { d: `M${x - 6},${y - 7} h12 v6 q0,7 -6,9 q-6,-2 -6,-9 z`, fill: SEAT_COLORS[owner % 6], stroke: '#111', 'stroke-width': 1 }))),
  ];
  // Keep everything between the hex's straight sides where possible.
  const top = row1.length > 0;
  if (row2.length + row3.length <= 4) {
    layoutRow(g, row1, cx, cy - 6, 23);
    layoutRow(g, [...row2, ...row3], cx, cy + (top ? 17 : 5), 20);
  } else {
    layoutRow(g, row1, cx, cy - 9, 23);
    layoutRow(g, row2, cx, cy + (top ? 11 : 0), 20);
    layoutRow(g, row3, cx, cy + (top ? 30 : 20), 17);
  }
}

/**
 * Draws items centred on a row.
 * @param {SVGElement} g @param {Array<(x: number, y: number) => SVGElement>} items @param {number} cx @param {number} y @param {number} step
 */
function layoutRow(g, items, cx, y, step) {
  const n = items.length;
  const w = n > 4 ? Math.max(12, (step * 4) / n) : step;
  items.forEach((f, i) => g.append(f(cx + (i - (n - 1) / 2) * w, y)));
}

