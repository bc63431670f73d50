// @ts-check
// The action wheel, and on the player's own turn the controller of the turn: every wedge that can
// be resolved or distributed is a button (its outer band upgrades it, the hub skips or distributes
// nothing); hover, focus or a first tap shows on the wheel where every token lands and, below it,
// what the action does in words; a second tap (or Enter) decides. Splits and sowing choices are
// buttons under the wheel, each with its one-line effect.

import { h, s, stitle } from '../../shell/dom.js';
import { t, choose, canDecide } from './ctx.js';
import { ACT_COLORS } from './data.js';
import { actName, actAbbr, label } from './names.js';
import { preview, sowPosOf } from './preview.js';
import { recent } from './outcome.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').PlayerView} PlayerView */
/** @typedef {import('../../src/generated').Snapshot} Snap */

/** The control tapped once (its preview stays shown), for the version it was tapped at. */
const ui = { sel: /** @type {string | null} */ (null), v: -1 };

const WHEEL_KINDS = new Set(['resolve', 'upgrade', 'skip_turn', 'distribute', 'no_distribute', 'split', 'sow']);

/** @param {number} r @param {number} a */
const pt = (r, a) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
/** @param {number} r0 @param {number} r1 @param {number} a0 @param {number} a1 */
const sector = (r0, r1, a0, a1) => `M${pt(r0, a0)} L${pt(r1, a0)} A${r1},${r1} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} ${r0 > 0 ? `A${r0},${r0} 0 0 0 ${pt(r0, a0)}` : ''} Z`;
/** @param {number} i */
const angles = (i) => {
  const a0 = (-90 + 60 * i) * (Math.PI / 180);
  return [a0, a0 + Math.PI / 3, a0 + Math.PI / 6];
};

/** Whether a decision is taken on the wheel. @param {any} a */
export const onWheel = (a) => WHEEL_KINDS.has(a?.type);

/**
 * A wheel, interactive when it is the viewer's and they have a wheel decision to make.
 * @param {Snap} snap @param {View} view @param {PlayerView} p @param {number | null} current
 */
export function renderWheel(snap, view, p, current) {
  const R = 64;
  const wheel = p.wheel ?? [];
  const mine = snap.you === p.seat && snap.status === 'active' && view.phase.phase === 'turn' && view.phase.seat === p.seat;
  /** @type {Array<{i: number, a: any}>} */
  const ctl = mine ? snap.legal.map((l, i) => ({ i, a: /** @type {any} */ (l.action) })).filter((x) => onWheel(x.a)) : [];
  const live = ctl.length > 0;
  const M = live ? R + 16 : R + 2;
  const svgEl = s('svg', {
    class: `wheel${live ? ' live' : ''}`, viewBox: `${-M} ${-M} ${2 * M} ${2 * M}`, width: live ? 230 : 150, height: live ? 230 : 150,
    role: live ? 'group' : 'img', 'aria-label': t('wheel'),
  });
  if (wheel.length === 0) {
    svgEl.append(s('circle', { r: R, fill: '#eee', stroke: '#999' }), s('text', { y: 4, 'text-anchor': 'middle', 'font-size': 11 }, t('wheel_hidden')));
    return svgEl;
  }
  if (live && ui.v !== snap.version) ui.sel = null;
  const enabled = live && canDecide();
  const sowPos = sowPosOf(snap, view);
  /** @type {Map<string, {i: number, a: any, name: string}>} */
  const keys = new Map();
  const keyOf = (/** @type {any} */ a) => JSON.stringify(a);
  for (const { i, a } of ctl) keys.set(keyOf(a), { i, a, name: controlName(p, a, snap, view, i) });
  const caption = h('p', { class: 'wheel-preview', id: live ? 'wheel-preview' : null, 'aria-live': 'polite' });
  const layer = s('g', { class: 'pv', 'pointer-events': 'none' });

  /** Shows a control's preview (or the prompt) on the wheel and in the caption. @param {string | null} key */
  const paint = (key) => {
    layer.replaceChildren();
    svgEl.querySelectorAll('.wctl.sel').forEach((x) => x.classList.remove('sel'));
    const c = key ? keys.get(key) : null;
    if (!c) {
      caption.textContent = live ? t('wheel.prompt') : '';
      caption.classList.remove('warn');
      svgEl.removeAttribute('data-after');
      return;
    }
    svgEl.querySelectorAll(`[data-wheel='${CSS.escape(key ?? '')}']`).forEach((x) => x.classList.add('sel'));
    const pv = preview(view, c.a, sowPos);
    const text = pv?.text ?? label(snap, view, snap.legal[c.i]);
    caption.replaceChildren(h('strong', null, c.name), ' — ', pv?.none ? `⚠ ${text}` : text,
      h('span', { class: 'muted' }, ` (${ui.sel === key ? t('wheel.again') : t('wheel.tap')})`));
    caption.classList.toggle('warn', !!pv?.none);
    if (pv?.after) {
      svgEl.setAttribute('data-after', pv.after.join(','));
      pv.after.forEach((n, pos) => {
        const d = pos === pv.from ? n : n - wheel[pos].tokens;
        if (pos !== pv.from && d <= 0) return;
        const [, , mid] = angles(pos);
        const [x, y] = [Math.cos(mid) * R * 0.5, Math.sin(mid) * R * 0.5];
        const from = pos === pv.from;
        layer.append(s('circle', { cx: x.toFixed(1), cy: y.toFixed(1), r: 7.5, class: from ? 'pv-from' : 'pv-add' }),
          s('text', { x: x.toFixed(1), y: (y + 3.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 700, class: 'pv-t' }, from ? `→${n}` : `+${d}`));
      });
    } else svgEl.removeAttribute('data-after');
  };

  /** Makes an element a control of the decision `key`. @param {Element} el @param {string} key */
  const control = (el, key) => {
    const c = keys.get(key);
    if (!c) return;
    el.classList.add('wctl');
    el.setAttribute('data-wheel', key);
    el.setAttribute('data-k', `wheel-${key}`);
    el.setAttribute('data-legal-wheel', String(c.i));
    if (!(el instanceof HTMLButtonElement)) {
      el.setAttribute('role', 'button');
      el.setAttribute('tabindex', enabled ? '0' : '-1');
      el.setAttribute('aria-disabled', enabled ? 'false' : 'true');
    } else el.disabled = !enabled;
    el.setAttribute('aria-label', c.name);
    if (preview(view, c.a, sowPos)?.none) el.setAttribute('data-none', 'true');
    el.addEventListener('mouseenter', () => paint(key));
    el.addEventListener('mouseleave', () => paint(ui.sel));
    el.addEventListener('focus', () => paint(key));
    el.addEventListener('blur', () => paint(ui.sel));
    el.addEventListener('click', (e) => {
      e.preventDefault();
      if (!canDecide()) return;
      if (ui.sel === key && ui.v === snap.version) { ui.sel = null; choose(c.i); } else {
        ui.sel = key;
        ui.v = snap.version;
        paint(key);
      }
    });
    el.addEventListener('keydown', (e) => {
      const ke = /** @type {KeyboardEvent} */ (e);
      if ((ke.key === 'Enter' || ke.key === ' ') && canDecide()) { ke.preventDefault(); ui.sel = null; choose(c.i); }
    });
  };

  wheel.forEach((w, i) => {
    const [a0, a1, mid] = angles(i);
    const giant = p.giant === i;
    const desc = `${t('wedge_n', { n: i + 1 })}: ${w.upgraded ? `${actName(w.basic)} + ${actName(w.secondary)} (${t('upgraded')})` : `${actName(w.basic)} (${t('upgrades_to', { act: actName(w.secondary) })})`} — ${t('tokens_n', { n: w.tokens })}${giant ? ` — ${t('giant')}` : ''}`;
    const g = s('g', { class: `wedge${w.upgraded ? ' upgraded' : ''}${current === i ? ' current' : ''}${recent.wedges.get(p.seat)?.has(i) ? ' recent' : ''}`, 'data-pos': i, 'data-tokens': w.tokens }, stitle(desc),
      s('path', { d: sector(0, R, a0, a1), fill: ACT_COLORS[w.basic], stroke: '#555', 'stroke-width': 1 }));
    if (w.upgraded) g.append(s('path', { d: sector(R - 9, R, a0, a1), fill: ACT_COLORS[w.secondary], stroke: '#555', 'stroke-width': 0.8 }));
    const [lx, ly] = [Math.cos(mid) * R * 0.7, Math.sin(mid) * R * 0.7];
    g.append(s('text', { x: lx.toFixed(1), y: (ly + (w.upgraded ? 0 : 3)).toFixed(1), 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 600 }, actAbbr(w.basic)));
    if (w.upgraded) g.append(s('text', { x: lx.toFixed(1), y: (ly + 9).toFixed(1), 'text-anchor': 'middle', 'font-size': 6.5 }, `+${actAbbr(w.secondary)}`));
    const [tx, ty] = [Math.cos(mid) * R * 0.31, Math.sin(mid) * R * 0.31];
    g.append(s('circle', { cx: tx.toFixed(1), cy: ty.toFixed(1), r: 8, fill: w.tokens ? '#222' : '#fff', stroke: '#222' }),
      s('text', { x: tx.toFixed(1), y: (ty + 3.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: w.tokens ? '#fff' : '#222' }, w.tokens));
    if (giant) g.append(s('text', { x: (Math.cos(mid) * R * 0.9).toFixed(1), y: (Math.sin(mid) * R * 0.9 + 3).toFixed(1), 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700 }, 'G'));
    const act = ctl.find((x) => (x.a.type === 'resolve' || x.a.type === 'distribute') && x.a.pos === i);
    if (act) control(g, keyOf(act.a));
    svgEl.append(g);
    const up = ctl.find((x) => x.a.type === 'upgrade' && x.a.pos === i);
    if (up) {
      const band = s('g', { class: 'up-band' }, s('path', { d: sector(R + 2, R + 14, a0 + 0.03, a1 - 0.03), fill: ACT_COLORS[w.secondary], stroke: '#555', 'stroke-width': 0.8 }),
        s('text', { x: (Math.cos(mid) * (R + 8)).toFixed(1), y: (Math.sin(mid) * (R + 8) + 3).toFixed(1), 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700 }, `⇧${actAbbr(w.secondary).slice(0, 3)}`));
      control(band, keyOf(up.a));
      svgEl.append(band);
    }
  });
  const hub = ctl.find((x) => x.a.type === 'skip_turn' || x.a.type === 'no_distribute');
  if (hub) {
    const g = s('g', { class: 'hub' }, s('circle', { r: 13, fill: '#fff', stroke: '#333', 'stroke-width': 1.5 }),
      s('text', { y: 3, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 700 }, hub.a.type === 'skip_turn' ? t('wheel.skip_short') : t('wheel.none_short')));
    control(g, keyOf(hub.a));
    svgEl.append(g);
  }
  svgEl.append(layer);
  if (!live) return svgEl;
  const choices = ctl.filter((x) => x.a.type === 'split' || x.a.type === 'sow').map((x) => {
    const key = keyOf(x.a);
    const pv = preview(view, x.a, sowPos);
    const b = h('button', { type: 'button', class: `wheel-choice${pv?.none ? ' warn' : ''}` },
      h('strong', null, label(snap, view, snap.legal[x.i])), h('span', { class: 'why' }, pv?.text ?? ''));
    control(b, key);
    return b;
  });
  paint(ui.sel);
  return h('div', { class: 'wheel-box', id: 'wheel-box' }, svgEl, caption,
    choices.length ? h('div', { class: 'wheel-choices', id: 'wheel-choices' }, choices) : null);
}

/**
 * A wheel control's accessible name: its action and token count ("Muster, 2 tokens").
 * @param {PlayerView} p @param {any} a @param {Snap} snap @param {View} view @param {number} i
 */
function controlName(p, a, snap, view, i) {
  const w = a.pos != null ? p.wheel[a.pos] : null;
  const acts = w ? (w.upgraded ? `${actName(w.basic)} + ${actName(w.secondary)}` : actName(w.basic)) : '';
  const n = w ? t('tokens_n', { n: w.tokens }) : '';
  switch (a.type) {
    case 'resolve': return `${acts}, ${n}`;
    case 'upgrade': return w ? t('wheel.upgrade_name', { acts, to: `${actName(w.basic)} + ${actName(w.secondary)}`, tokens: n }) : '';
    case 'distribute': return t('wheel.distribute_name', { acts, tokens: n });
    default: return label(snap, view, snap.legal[i]);
  }
}
