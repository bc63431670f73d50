// @ts-check
// The map's frame: zoom and pan by pinch, drag, wheel and buttons, and a "fit" button (the whole
// map in view, the start). The game draws the map as an SVG; the frame changes its viewBox.

import { h } from './dom.js';
import { t } from './i18n.js';

/** The view kept across re-renders (per map size): x, y, width, height of the viewBox. */
/** @type {{key: string, vb: [number, number, number, number] | null}} */
const kept = { key: '', vb: null };

/**
 * Pointers down on a map now. A redraw asked for meanwhile waits until they are all up (at most a
 * few seconds), so a pinch or drag is not cut off by a table change arriving mid-gesture.
 * @type {Set<number>}
 */
const downs = new Set();
let downSince = 0;
/** @type {(() => void) | null} */
let deferred = null;
const MAX_DEFER_MS = 4000;

/** Runs `draw` now, or once the gesture on the map ends. @param {() => void} draw */
export function afterGesture(draw) {
  if (downs.size === 0 || Date.now() - downSince > MAX_DEFER_MS) {
    deferred = null;
    draw();
    return;
  }
  deferred = draw;
}

/** @param {PointerEvent} e */
function released(e) {
  if (!downs.delete(e.pointerId) || downs.size > 0 || !deferred) return;
  const draw = deferred;
  deferred = null;
  // After the page has handled the release (a tap's click comes first).
  setTimeout(draw, 0);
}
if (typeof window !== 'undefined') {
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
}

/** The smallest map text shown, in CSS pixels. */
const MIN_PX = 11;

/**
 * Level of detail: no map text under 11 CSS px. Text a little too small is drawn larger; names
 * (`.map-name`, at most `data-w` map units wide) are drawn at 11 px and shortened with "…" to fit;
 * other text too small to read is hidden until the map is zoomed in (its explanation stays on tap).
 * @param {SVGSVGElement} svg @param {number} width the viewBox's width
 */
export function levelOfDetail(svg, width) {
  const scale = svg.getBoundingClientRect().width / width;
  if (!(scale > 0)) return;
  for (const el of svg.querySelectorAll('text')) {
    const t = /** @type {SVGTextElement} */ (el);
    if (t.dataset.fs == null) {
      t.dataset.fs = String(parseFloat(getComputedStyle(t).fontSize) || 10);
      t.dataset.full = t.textContent ?? '';
    }
    const base = Number(t.dataset.fs);
    const full = t.dataset.full ?? '';
    const need = MIN_PX / scale;
    t.classList.remove('lod-hidden');
    if (base >= need) {
      t.style.fontSize = '';
      t.textContent = full;
    } else if (t.classList.contains('map-name')) {
      t.style.fontSize = `${need.toFixed(2)}px`;
      const room = Number(t.dataset.w) || Infinity;
      let used = 0; let out = '';
      for (const ch of full) {
        used += need * (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.6);
        if (used > room) { out = `${out.slice(0, -1)}…`; break; }
        out += ch;
      }
      t.textContent = out;
    } else if (need <= base * 1.6) {
      t.style.fontSize = `${need.toFixed(2)}px`;
      t.textContent = full;
    } else {
      t.classList.add('lod-hidden');
    }
  }
}

/**
 * Wraps a game's map (an `svg` with a viewBox, or an element holding one) in a zoomable frame.
 * @param {Element} map
 */
export function mapFrame(map) {
  const svg = map instanceof SVGSVGElement ? map : map.querySelector('svg');
  const frame = h('div', { class: 'map-frame' });
  if (!svg) { frame.append(map); return frame; }
  const full = (svg.getAttribute('viewBox') ?? '0 0 100 100').split(/\s+/).map(Number);
  const [fx, fy, fw, fh] = full;
  const key = full.join(' ');
  if (kept.key !== key) { kept.key = key; kept.vb = null; }
  /** @param {[number, number, number, number]} vb */
  const apply = (vb) => {
    // Never smaller than a fifth of the map, never larger than twice it.
    const w = Math.min(fw * 2, Math.max(fw / 5, vb[2]));
    const hgt = (w / vb[2]) * vb[3];
    const x = Math.min(fx + fw - w / 4, Math.max(fx - w * 0.75, vb[0]));
    const y = Math.min(fy + fh - hgt / 4, Math.max(fy - hgt * 0.75, vb[1]));
    kept.vb = [x, y, w, hgt];
    svg.setAttribute('viewBox', kept.vb.map((n) => n.toFixed(1)).join(' '));
    frame.classList.toggle('zoomed', Math.abs(w - fw) > 1 || Math.abs(x - fx) > 1 || Math.abs(y - fy) > 1);
    levelOfDetail(svg, w);
  };
  if (kept.vb) apply(kept.vb);
  const current = () => /** @type {[number, number, number, number]} */ (kept.vb ?? [fx, fy, fw, fh]);
  /** Zooms by `k` around the point (px, py) given as fractions of the frame. @param {number} k @param {number} px @param {number} py */
  const zoom = (k, px = 0.5, py = 0.5) => {
    const [x, y, w, hh] = current();
    const nw = w / k; const nh = hh / k;
    apply([x + (w - nw) * px, y + (hh - nh) * py, nw, nh]);
  };
  /** @param {string} label @param {string} text @param {() => void} f @param {string} id */
  const btn = (label, text, f, id) => {
    const b = h('button', { type: 'button', class: 'small map-btn', id, 'aria-label': label, title: label }, text);
    b.addEventListener('click', f);
    return b;
  };
  const tools = h('div', { class: 'map-tools' },
    btn(t('zoom_in'), '+', () => zoom(1.4), 'map-zoom-in'),
    btn(t('zoom_out'), '−', () => zoom(1 / 1.4), 'map-zoom-out'),
    btn(t('zoom_fit'), '⤢', () => { kept.vb = null; svg.setAttribute('viewBox', key); frame.classList.remove('zoomed'); levelOfDetail(svg, fw); }, 'map-fit'));
  // Once drawn, and whenever its size changes: the level of detail for the size shown.
  new ResizeObserver(() => levelOfDetail(svg, current()[2])).observe(svg);

  // Pointers: one drags, two pinch. A drag of a few pixels is still a tap (a click on a region).
  /** @type {Map<number, {x: number, y: number}>} */
  const pts = new Map();
  let moved = 0;
  svg.addEventListener('pointerdown', (e) => {
    pts.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = 0;
    if (downs.size === 0) downSince = Date.now();
    downs.add(e.pointerId);
  });
  svg.addEventListener('pointermove', (e) => {
    const p = pts.get(e.pointerId);
    if (!p) return;
    const rect = svg.getBoundingClientRect();
    const [x, y, w, hh] = current();
    if (pts.size === 1) {
      const dx = e.clientX - p.x; const dy = e.clientY - p.y;
      moved += Math.abs(dx) + Math.abs(dy);
      if (moved < 8) return;
      if (!svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId);
      apply([x - (dx / rect.width) * w, y - (dy / rect.height) * hh, w, hh]);
    } else if (pts.size === 2) {
      const [a, b] = [...pts.values()];
      const before = Math.hypot(a.x - b.x, a.y - b.y);
      p.x = e.clientX; p.y = e.clientY;
      const [a2, b2] = [...pts.values()];
      const after = Math.hypot(a2.x - b2.x, a2.y - b2.y);
      moved += 10;
      if (before > 0) zoom(after / before, ((a2.x + b2.x) / 2 - rect.left) / rect.width, ((a2.y + b2.y) / 2 - rect.top) / rect.height);
      return;
    }
    p.x = e.clientX; p.y = e.clientY;
  });
  const up = (/** @type {PointerEvent} */ e) => { pts.delete(e.pointerId); };
  svg.addEventListener('pointerup', up);
  svg.addEventListener('pointercancel', up);
  // A drag is not a click on the region under it.
  svg.addEventListener('click', (e) => { if (moved >= 8) { e.stopPropagation(); e.preventDefault(); } }, true);
  svg.addEventListener('wheel', (e) => {
    if (!e.ctrlKey && !frame.classList.contains('zoomed')) return;
    e.preventDefault();
    const rect = svg.getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1.15 : 1 / 1.15, (e.clientX - rect.left) / rect.width, (e.clientY - rect.top) / rect.height);
  }, { passive: false });
  frame.append(tools, map);
  return frame;
}
