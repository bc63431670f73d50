// @ts-check
import { h, seatBadge } from './dom.js';
import { tbl } from './state.js';
import { replayUrl } from './api.js';
import { t, seatLabel } from './i18n.js';
import { timeouts, timeoutLogLine } from './turns-gate.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').LogLine} LogLine */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

/** @param {Snap} snap @param {any} view */
export function renderLog(snap, view) {
  // Keys are the decisions' numbers, zero-padded: sorted, newest first.
  /** @type {Array<[string, LogLine]>} */
  const entries = [];
  for (const [k, e] of Object.entries(snap.log ?? {})) if (e != null) entries.push([k, e]);
  entries.sort((a, b) => (a[0] < b[0] ? 1 : -1));
  // A seat whose time ran out: told between its last decision and the stand-in's first.
  const outs = timeouts(snap).sort((a, b) => b.move - a.move);
  /** @type {Array<HTMLElement>} */
  const items = [];
  for (const [key, e] of entries) {
    while (outs.length && outs[0].move > Number(key)) items.push(timeoutLogLine(/** @type {any} */ (outs.shift())));
    items.push(h('li', { value: Number(key) || null, 'data-log': key },
      seatBadge(e.seat, 14), ' ', h('span', { class: 'log-who' }, seatLabel(snap, e.seat)), ': ',
      // The line opens the replay at that moment.
      tbl.id ? h('a', { class: 'log-moment', href: `${replayUrl(tbl.id)}&at=${Number(key)}`, target: '_blank', rel: 'noopener', title: `${t('replay')} · ${Number(key)}` }, logText(view, e)) : logText(view, e),
      whyOf(snap, view, e)));
  }
  for (const x of outs) items.push(timeoutLogLine(x));
  return h('section', { class: 'card log', id: 'log', 'aria-label': t('log') },
    h('h2', null, t('log')),
    // The list is there from the start, so its first line is announced like the others.
    items.length === 0 ? h('p', { class: 'muted' }, t('log_empty')) : null,
    h('ol', { id: 'log-list', reversed: true, role: 'log', 'aria-live': 'polite', 'aria-label': t('log') }, items));
}

/**
 * A bot's why under its decision, folded: the line it expected after it (sent to that seat's
 * player, and to everyone once the game is over).
 * @param {Snap} snap @param {any} view @param {LogLine} e
 */
function whyOf(snap, view, e) {
  const steps = (e.why ?? []).slice(1);
  if (steps.length === 0) return null;
  return h('details', { class: 'log-why' }, h('summary', null, t('log_why')),
    h('span', { class: 'muted', title: t('hint_line_help') }, t('hint_line')),
    h('ol', { class: 'hint-steps' }, steps.map((l) => h('li', null,
      h('span', { class: 'log-who' }, seatLabel(snap, l.seat)), ': ', logText(view, l)))));
}

/** A log line in the chosen language. @param {any} view @param {LogLine} e */
export function logText(view, e) {
  if (e.label == null || e.action == null) return t('log_secret');
  return tbl.mod ? tbl.mod.logText(view, e) : e.label;
}
