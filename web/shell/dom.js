// @ts-check

/** @typedef {Node | string | number | null | undefined | false} Kid */
/** @typedef {Kid | Array<Kid | Array<Kid>>} Kids */
// The tiny DOM helper every module uses (no state): HTML and SVG elements, seat pieces, clocks.

/**
 * @param {Element} el
 * @param {Record<string, unknown> | null | undefined} attrs
 * @param {Array<Kids>} kids
 */
export function fill(el, attrs, kids) {
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v == null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
      } else if (k === 'text') {
        el.textContent = String(v);
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  const add = (/** @type {Kids} */ c) => {
    if (Array.isArray(c)) {
      for (const x of c) add(x);
    } else if (c != null && c !== false) {
      el.append(typeof c === 'object' ? c : String(c));
    }
  };
  for (const c of kids) add(c);
  return el;
}

/**
 * An HTML element.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {Array<Kids>} kids
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...kids) {
  return /** @type {HTMLElement} */ (fill(document.createElement(tag), attrs, kids));
}

/**
 * A `<details>` fold whose open state outlives redraws: the state is kept the moment the summary
 * is clicked (a redraw may come before the `toggle` event, which is queued), and on every toggle.
 * @param {Record<string, unknown>} attrs
 * @param {boolean} open
 * @param {(open: boolean) => void} keep
 * @param {string} summary
 * @param {Array<Kids>} kids
 * @returns {HTMLDetailsElement}
 */
export function fold(attrs, open, keep, summary, ...kids) {
  const head = h('summary', null, summary);
  const box = /** @type {HTMLDetailsElement} */ (h('details', { ...attrs, open }, head, ...kids));
  head.addEventListener('click', () => keep(!box.open));
  box.addEventListener('toggle', () => keep(box.open));
  return box;
}

export const SVGNS = 'http://www.w3.org/2000/svg';
/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {Array<Kids>} kids
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...kids) {
  return /** @type {SVGElement} */ (fill(document.createElementNS(SVGNS, tag), attrs, kids));
}

/** An SVG tooltip. @param {string} text */
export const stitle = (text) => s('title', null, text);

/** @param {string} sel @returns {HTMLElement | null} */
export const $ = (sel) => document.querySelector(sel);

export const SEAT_COLORS = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9'];
export const SEAT_INK = ['#fff', '#fff', '#fff', '#000', '#000', '#000'];
export const SEAT_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'pentagon', 'hexagon'];

/**
 * A seat's shape centred on (x, y) with radius r.
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Record<string, unknown>} [extra]
 */
export function seatShape(seat, x, y, r, extra) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  const attrs = { fill: SEAT_COLORS[seat % SEAT_COLORS.length], stroke: '#111', 'stroke-width': Math.max(1, r / 6), ...extra };
  /** @param {number} n @param {number} rot */
  const poly = (n, rot) => {
    const pts = [];
    for (let i = 0; i < n; i++) {
      const a = rot + (2 * Math.PI * i) / n;
      pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
    }
    return s('polygon', { points: pts.join(' '), ...attrs });
  };
  switch (shape) {
    case 'circle': return s('circle', { cx: x, cy: y, r: r * 0.9, ...attrs });
    case 'square': return s('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...attrs });
    case 'triangle': return poly(3, -Math.PI / 2);
    case 'diamond': return poly(4, -Math.PI / 2);
    case 'pentagon': return poly(5, -Math.PI / 2);
    default: return poly(6, 0);
  }
}

/**
 * A seat's token with its number, as a small inline SVG.
 * @param {number} seat
 * @param {number} [size]
 */
export function seatBadge(seat, size = 18) {
  return s('svg', { class: 'badge', width: size, height: size, viewBox: '0 0 20 20', 'aria-hidden': 'true' },
    seatShape(seat, 10, 11, 9),
    s('text', { x: 10, y: 14.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: SEAT_INK[seat % 6] }, seat + 1));
}

/** The corners of a pointy-top hex, as an SVG points list. @param {number} cx @param {number} cy @param {number} size */
export function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** How long times are written: days and hours, hours and minutes (`{d}`, `{h}`, `{m}`). @typedef {{d: string, dh: string, hm: string}} ClockWords */
/** @type {ClockWords} */
const CLOCK_EN = { d: '{d} d', dh: '{d} d {h} h', hm: '{h} h {m} min' };

/**
 * Remaining time: m:ss under an hour, else hours and minutes ("5 h 12 min"), from a day on
 * days and hours ("1 d 23 h"), in the words given (the shell passes the reader's language's).
 * @param {number} ms @param {ClockWords} [words]
 */
export function clockText(ms, words = CLOCK_EN) {
  const sign = ms < 0 ? '−' : '';
  const total = Math.floor(Math.abs(ms) / 1000);
  /** @param {string} pattern @param {Record<string, number>} v */
  const put = (pattern, v) => pattern.replace(/\{(\w)\}/g, (m, k) => (k in v ? String(v[k]) : m));
  if (total >= 86400) {
    const d = Math.floor(total / 86400);
    const hrs = Math.floor((total % 86400) / 3600);
    return sign + put(hrs ? words.dh : words.d, { d, h: hrs });
  }
  if (total >= 3600) return sign + put(words.hm, { h: Math.floor(total / 3600), m: Math.floor((total % 3600) / 60) });
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, '0');
  return `${sign}${m}:${sec}`;
}

/** A decision's kind: its `type` (an object with a tag field) or its tag. @param {unknown} a @returns {string} */
export function actionKind(a) {
  if (typeof a === 'string') return a;
  if (a !== null && typeof a === 'object' && !Array.isArray(a)) {
    /** @type {Record<string, unknown>} */
    const o = /** @type {any} */ (a);
    return typeof o.type === 'string' ? o.type : Object.keys(o)[0] ?? '?';
  }
  return '?';
}

// The confidence tags of the data files (`confidence`: CONFIRMED / INFERRED / DEFAULT) in words;
// the translator is passed in (games pass their context's `t`, the rules page the shell's).

/** @typedef {(key: string, params?: Record<string, string | number>) => string} T */

/** The tag of a data object, when it is not CONFIRMED. @param {unknown} obj @returns {'DEFAULT' | 'INFERRED' | null} */
export function confOf(obj) {
  const c = obj && typeof obj === 'object' ? /** @type {Record<string, unknown>} */ (obj).confidence : null;
  return c === 'DEFAULT' || c === 'INFERRED' ? c : null;
}

/** " (reconstructed)" / " (inferred)" for a value the data files tag so, else "". @param {T} t @param {unknown} obj */
export function confNote(t, obj) {
  const c = confOf(obj);
  return c ? ` (${t(`conf.${c}`)})` : '';
}
