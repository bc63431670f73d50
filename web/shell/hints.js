// @ts-check
import { h, $ } from './dom.js';
import { ApiError, api } from './api.js';
import { isObj } from './patch.js';
import { choose, decisionLabel } from './decide.js';
import { tbl, hooks } from './state.js';
import { t, fmtNum, seatLabel } from './i18n.js';

/** @typedef {import('../src/generated').View} View */
/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').Order} Order */
/** @typedef {import('../src/generated').Hints} Hints */
/** @typedef {import('../src/generated').LogLine} LogLine */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Hints (the coach)
// ---------------------------------------------------------------------------------------------

/** Order-independent JSON, to compare actions. @param {unknown} v @returns {string} */
export function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

export async function requestHints() {
  const snap = tbl.snap;
  if (!snap || tbl.hintBusy || snap.you == null) return;
  tbl.hintBusy = true;
  tbl.hintError = '';
  tbl.hints = null;
  hooks.render();
  try {
    /** @type {Hints} */
    const res = await api(`/api/tables/${encodeURIComponent(tbl.id)}/hints${tbl.token ? `?token=${encodeURIComponent(tbl.token)}` : ''}`);
    const now = tbl.snap;
    if (now && res.version === now.version) {
      const keys = now.legal.map((l) => canon(l.action));
      /** @type {Array<{i: number, value: number, visits: number, line: LogLine[]}>} */
      const items = [];
      for (const x of res.hints ?? []) {
        const i = keys.indexOf(canon(x.action));
        // Only decisions that are legal now (never an action outside `legal`).
        if (i >= 0 && !items.some((y) => y.i === i)) items.push({ i, value: Number(x.value) || 0, visits: Number(x.visits) || 0, line: Array.isArray(x.line) ? x.line : [] });
        if (items.length >= 3) break;
      }
      tbl.hints = { version: res.version, iterations: Number(res.iterations) || 0, items };
    }
  } catch (e) {
    tbl.hintError = e instanceof ApiError ? `${t('hint_failed')} — ${e.message}` : t('hint_failed');
  }
  tbl.hintBusy = false;
  hooks.render();
}

/** The hint button and the suggestions. @param {Snap} snap @param {View} view @param {boolean} enabled */
export function renderHints(snap, view, enabled) {
  const box = h('div', { class: 'hints', id: 'hints-box' });
  if (snap.you == null) return box;
  const btn = h('button', { type: 'button', id: 'hint', class: 'small', disabled: tbl.hintBusy || !enabled, 'aria-busy': tbl.hintBusy ? 'true' : null, title: t('hint_help') },
    tbl.hintBusy ? t('hint_busy') : t('hint'));
  btn.addEventListener('click', () => { void requestHints(); });
  box.append(btn);
  if (tbl.hintError) box.append(h('p', { class: 'error', id: 'hint-error' }, tbl.hintError));
  const hints = tbl.hints;
  if (hints && hints.version === snap.version) {
    if (hints.items.length === 0) {
      box.append(h('p', { class: 'muted', id: 'hint-none' }, t('hint_none')));
    } else {
      box.append(h('ol', { class: 'hint-list', id: 'hint-list' }, hints.items.map((x) => {
        const b = h('button', { type: 'button', class: 'hint-choice', 'data-legal': x.i, disabled: !enabled, 'data-k': `hint-${x.i}` },
          h('strong', null, decisionLabel(snap, view, x.i)));
        b.addEventListener('click', () => choose(x.i));
        const hl = (/** @type {boolean} */ on) => document.querySelector(`#decision-list button.decision[data-legal="${x.i}"]`)?.classList.toggle('hinted', on);
        b.addEventListener('mouseenter', () => hl(true));
        b.addEventListener('mouseleave', () => hl(false));
        // What it does now (the board's own preview)…
        const effect = tbl.mod?.effect?.(snap, view, snap.legal[x.i]) ?? null;
        // …and the line the search expects, whoever decides each step: from the decision itself
        // when the board has no preview of it (its result there is the search's guess).
        const steps = x.line.slice(effect ? 1 : 0);
        return h('li', null, b, effect ? h('span', { class: 'hint-effect' }, effect) : null,
          steps.length > 0 && x.line.length > 1 ? h('span', { class: 'hint-line', title: t('hint_line_help') }, t('hint_line'), ' ',
            h('ol', { class: 'hint-steps' }, steps.map((l) => h('li', null,
              h('span', { class: 'log-who' }, seatLabel(snap, l.seat)), ': ',
              tbl.mod ? tbl.mod.logText(view, l) : (l.label ?? ''))))) : null,
          h('span', { class: 'hint-reason muted' },
            t('hint_reason', { pct: Math.round(x.value * 100), n: fmtNum(x.visits), total: fmtNum(hints.iterations) })));
      })));
    }
  }
  return box;
}
