// @ts-check
// The hex map of the Kingdom with the overseas inset.

import { data } from './data.js';
import { printedName, areaName, who, shapeName, agendaName, troopStrength, troopText } from './names.js';
import { region, label } from './describe.js';
import { changedAreas } from './follow.js';
import { h, s, stitle, confNote, SEAT_COLORS, SEAT_INK, hexPoints } from '../../shell/dom.js';
import { t, clickRegion } from './ctx.js';


/** How the changes since the player last decided are animated: off, normal or slow (remembered on this device). */
export const MOTIONS = /** @type {const} */ (['off', 'normal', 'slow']);
export const MOTION_KEY = 'ordo.warrior-knights.motion';
export function motion() {
  let m = null;
  try { m = localStorage.getItem(MOTION_KEY); } catch { /* private mode */ }
  return m === 'off' || m === 'slow' ? m : 'normal';
}

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkBaronView} WkBaronView */
/** @typedef {import('../../src/generated').WkNobleView} WkNobleView */
/** @typedef {import('../../src/generated').WkLoc} WkLoc */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// The map
// ---------------------------------------------------------------------------------------------

export const R = 54;
export const SQ3 = Math.sqrt(3);
export const PAD = 8;

/** Centre of a Kingdom hex (odd-r offset, pointy top). @param {number} col @param {number} row @returns {[number, number]} */
export function kCenter(col, row) {
  return [PAD + R * SQ3 * (col + 0.5 + 0.5 * (row & 1)), PAD + R + 1.5 * R * row];
}

/** Where each area is drawn: the Kingdom grid, then the overseas inset. */
export function layout() {
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
export function sharedEdge(a, b) {
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
export function noblePiece(seat, shape, x, y, r) {
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
export function castlePath(x, y) {
  return `M${x - 11},${y + 7} V${y - 3} H${x - 7} V${y - 7} H${x - 3} V${y - 3} H${x + 3} V${y - 7} H${x + 7} V${y - 3} H${x + 11} V${y + 7} Z`;
}

/** A stronghold (tower) outline centred on (x, y). @param {number} x @param {number} y */
export function towerPath(x, y) {
  return `M${x - 7},${y + 9} V${y - 5} H${x - 4.5} V${y - 9} H${x - 1.5} V${y - 5} H${x + 1.5} V${y - 9} H${x + 4.5} V${y - 5} H${x + 7} V${y + 9} Z`;
}

/** @param {WkNobleView} n */
export function nobleStrength(n) {
  return n.troops.reduce((sum, id) => sum + troopStrength(id), 0) + maintained(n);
}

/** Troops an office maintains. @param {WkNobleView} n */
export function maintained(n) {
  if (n.office == null) return 0;
  const e = data().cards.agendas[n.office]?.effect;
  return e?.kind === 'maintained' ? Number(e.troops) || 0 : 0;
}

/** @param {WkLoc} loc @returns {string} */
export function locText(loc) {
  if (loc === 'off') return t('off_board');
  if ('at' in loc) return areaName(loc.at);
  return t('at_sea', { area: areaName(loc.sea) });
}

/** A Noble's description (tooltips). @param {number} seat @param {number} k @param {WkNobleView} n */
export function nobleTitle(seat, k, n) {
  const parts = [t('noble_of', { shape: shapeName(k), who: who(seat) }), `${t('troops')}: ${nobleStrength(n)}`];
  if (n.casualties) parts.push(t('casualties_n', { n: n.casualties }));
  if (n.exhausted) parts.push(t('exhausted'));
  if (n.office != null) parts.push(`${t('office')}: ${agendaName(n.office)}`);
  if (n.no_heir) parts.push(t('no_heir'));
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
    id: 'map', viewBox: `0 0 ${L.width.toFixed(0)} ${L.height.toFixed(0)}`, role: 'group', 'aria-label': t('map'), class: `map wk-map motion-${motion()}`,
    style: `--map-min: ${Math.round(L.width * 0.72)}px`,
  });
  // Backgrounds: the Kingdom and the sea with the overseas areas.
  svgEl.append(
    s('rect', { class: 'wk-sea', x: L.ox, y: 2, width: L.ow - 4, height: L.oh, rx: 10 }),
    s('text', { class: 'wk-inset-title', x: L.ox + (L.ow - 4) / 2, y: 22, 'text-anchor': 'middle' }, t('overseas')),
    s('text', { class: 'wk-inset-sub', x: L.ox + (L.ow - 4) / 2, y: 36, 'text-anchor': 'middle' }, t('by_sea_only')));
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
  const just = changedAreas();

  d.areas.forEach((a, i) => {
    const [cx, cy] = L.centers[i];
    const list = choices.get(i) ?? [];
    const clickable = list.length > 0;
    const city = a.city != null ? view.cities[a.city] : null;
    const nameText = areaName(i);
    const printed = a.city != null ? printedName('city', a.city) : printedName('area', i);
    const titleParts = [`${nameText}${printed ? ` — ${printed}` : ''}`];
    if (a.city == null && a.name && d.map.kingdom[i]) titleParts.push(t('area_named') + confNote(t, d.map.kingdom[i]));
    if (a.city != null) {
      const def = d.comp.cities[a.city];
      titleParts.push(`${t('city_facts', { strength: def?.strength ?? '?', income: def?.income ?? '?' })}${confNote(t, def)}`);
      if (city?.razed) titleParts.push(t('razed'));
      else if (city?.owner != null) titleParts.push(t('controlled_by', { who: who(city.owner) }));
      else titleParts.push(t('neutral'));
      if (city?.fortified) titleParts.push(t('fortified'));
      if (city?.breaches) titleParts.push(t('breaches_n', { n: city.breaches }));
      if (city?.siege) titleParts.push(t('besieged_by', { who: who(city.siege[0]) }));
    }
    if (just.has(i)) titleParts.push(t('just_changed'));
    if (a.port) titleParts.push(t('port'));
    if (!a.kingdom) titleParts.push(t('overseas_area'));
    const labels = list.map((x) => label(snap, view, snap.legal[x]));
    if (clickable) titleParts.push(labels.join(' / '));
    const g = s('g', {
      class: ['region', 'wk-area', a.kingdom ? 'kingdom' : 'overseas', clickable ? 'choice' : '', picked === i ? 'picked' : '', battleArea === i ? 'battle' : '', just.has(i) ? 'just' : ''].filter(Boolean).join(' '),
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
    if (a.kingdom && a.city == null) g.append(s('text', { class: 'aid map-name', 'data-w': R * 1.5, x: cx, y: cy - R * 0.6, 'text-anchor': 'middle' }, nameText));
    if (a.port) g.append(s('text', { class: 'port', x: cx - R * 0.62, y: cy - 2, 'text-anchor': 'middle' }, '⚓'));
    const sh = strongholds.get(i);
    const hasCity = a.city != null;
    const cityX = hasCity && sh != null ? cx - 12 : cx;
    if (hasCity && city) drawCity(g, /** @type {number} */ (a.city), city, cityX, cy - R * 0.36);
    if (sh != null) drawStronghold(g, sh, view.barons[sh], hasCity ? cx + 16 : cx, cy - R * 0.36);
    if (hasCity || sh == null) {
      g.append(s('text', { class: `aname map-name${city?.razed ? ' razed' : ''}`, 'data-w': R * 1.6, x: cx, y: cy + 2, 'text-anchor': 'middle', 'font-size': nameText.length > 11 ? 9 : 10.5 }, hasCity ? nameText : ''));
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
        stitle(`${nobleTitle(x.seat, x.k, x.n)}${x.sea ? ` — ${t('at_sea', { area: areaName(i) })}` : ''}`),
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
 * @param {SVGElement} g @param {number} c @param {import('../../src/generated').WkCityState} st @param {number} x @param {number} y
 */
export function drawCity(g, c, st, x, y) {
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
export function drawStronghold(g, seat, b, x, y) {
  const sg = s('g', { class: 'stronghold', 'data-owner': seat },
    stitle(`${t('stronghold_of', { who: who(seat) })} — ${t('troops')}: ${b.sh_troops.reduce((sum, id) => sum + troopStrength(id), 0)}${b.sh_breaches ? ` — ${t('breaches_n', { n: b.sh_breaches })}` : ''}${b.sh_siege ? ` — ${t('besieged_by', { who: who(b.sh_siege[0]) })}` : ''}`));
  if (b.sh_siege) sg.append(s('circle', { class: 'siege', cx: x, cy: y, r: 14, stroke: SEAT_COLORS[b.sh_siege[0] % 6] }));
  sg.append(s('path', { d: towerPath(x, y), class: 'tower', fill: SEAT_COLORS[seat % 6] }),
    s('text', { x, y: y + 6, class: 'own-n', 'text-anchor': 'middle', fill: SEAT_INK[seat % 6] }, seat + 1));
  if (b.sh_breaches) sg.append(s('text', { x: x + 13, y: y + 4, class: 'breach', 'text-anchor': 'middle' }, `✕${b.sh_breaches}`));
  g.append(sg);
}

// ---------------------------------------------------------------------------------------------
