// @ts-check
import { h, $ } from './dom.js';
import { uid } from './api.js';
import { send } from './conn.js';
import { tbl, hooks } from './state.js';
import { regionChoices, actionKind, actionRegion } from './legal.js';

/** @typedef {import('../src/generated').View} View */
/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */
/** @typedef {import('./game-api.js').Kids} Kids */

/** Whether the player may decide now. */
export function canDecide() {
  const snap = tbl.snap;
  return !!snap && tbl.conn === 'connected' && !tbl.stale && !tbl.inflight &&
    snap.version >= tbl.ackVersion && snap.status === 'active' && snap.legal.length > 0;
}

/** @param {number} i the index into `legal` */
export function choose(i) {
  const snap = tbl.snap;
  if (!snap || !canDecide()) return;
  const legal = snap.legal[i];
  if (!legal) return;
  /** @type {any} */
  const action = legal.action;
  if (isRisky(action) && tbl.confirm !== i) {
    tbl.confirm = i;
    hooks.render();
    $('#confirm-yes')?.focus();
    return;
  }
  tbl.confirm = null;
  tbl.regionPick = null;
  const id = uid();
  const msg = { type: 'action', id, version: snap.version, action: legal.action };
  tbl.inflight = { id, msg };
  tbl.error = '';
  send(msg);
  hooks.render();
}

/**
 * Whether the player may make a free decision now (a gift out of turn): seated, connected,
 * the game going on, nothing in flight. The turn does not matter.
 */
export function canGive() {
  const snap = tbl.snap;
  return !!snap && snap.you != null && tbl.conn === 'connected' && !tbl.stale && !tbl.inflight &&
    snap.status === 'active';
}

/**
 * Sends a free decision (one the game lets a seat make at any time, whoever is to act: a gift).
 * The server judges it on the game as it is when it arrives.
 * @param {unknown} action
 */
export function give(action) {
  const snap = tbl.snap;
  if (!snap || !canGive()) return;
  const id = uid();
  const msg = { type: 'action', id, version: snap.version, action };
  tbl.inflight = { id, msg };
  tbl.error = '';
  send(msg);
  hooks.render();
}

export function undo() {
  const snap = tbl.snap;
  if (!snap || !snap.can_undo || tbl.inflight || tbl.stale) return;
  const id = uid();
  const msg = { type: 'undo', id, version: snap.version };
  tbl.inflight = { id, msg };
  tbl.error = '';
  send(msg);
  hooks.render();
}

/** Whether a misclick on this decision would hurt (it is asked twice). @param {unknown} a */
export function isRisky(a) {
  return tbl.mod ? tbl.mod.risky(a, /** @type {any} */ (tbl.snap?.view ?? null)) : false;
}

/** A click (or Enter) on a region of the map. @param {number} region */
export function clickRegion(region) {
  if (!canDecide()) return;
  const choices = regionChoices(region);
  if (choices.length === 1) choose(choices[0]);
  else if (choices.length > 1) {
    tbl.regionPick = region;
    tbl.confirm = null;
    hooks.render();
    $('#region-pick button')?.focus();
  }
}

/** A decision's text in the chosen language. @param {Snap} snap @param {any} view @param {number} i */
export function decisionLabel(snap, view, i) {
  const legal = snap.legal[i];
  return tbl.mod ? tbl.mod.label(snap, view, legal) : legal.label;
}

/**
 * A decision's button (`text` replaces its label, e.g. a short one on the planning board).
 * @param {Snap} snap @param {View} view @param {number} i @param {boolean} enabled @param {{text?: Kids, cls?: string, title?: string}} [opt]
 */
export function decisionButton(snap, view, i, enabled, opt = {}) {
  const legal = snap.legal[i];
  /** @type {any} */
  const a = legal.action;
  const region = actionRegion(a);
  let title = opt.title ?? legal.label;
  const b = h('button', {
    type: 'button', class: `decision${region != null ? ' map-choice' : ''}${isRisky(a) ? ' risky' : ''}${opt.cls ? ` ${opt.cls}` : ''}`,
    'data-legal': i, 'data-type': actionKind(a), 'data-region': region, 'data-k': `legal-${i}-${JSON.stringify(a)}`,
    disabled: !enabled, title, 'aria-label': opt.text != null ? decisionLabel(snap, view, i) : null,
  }, opt.text ?? decisionLabel(snap, view, i));
  b.addEventListener('click', () => choose(i));
  if (region != null) {
    const hl = (/** @type {boolean} */ on) => document.querySelector(`#map [data-region="${region}"]`)?.classList.toggle('hover', on);
    b.addEventListener('mouseenter', () => hl(true));
    b.addEventListener('mouseleave', () => hl(false));
    b.addEventListener('focus', () => hl(true));
    b.addEventListener('blur', () => hl(false));
  }
  return b;
}

