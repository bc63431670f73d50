// @ts-check
// Leaving a game well: resigning during the game (after a confirmation: the stand-in plays the
// seat to the end), leaving a table before it starts, and the rematch at the end — offered by
// the first player to accept, answered by each, every answer shown to all.

import { h, seatBadge } from './dom.js';
import { api, store, tableUrl } from './api.js';
import { tbl, hooks } from './state.js';
import { t, seatLabel } from './i18n.js';

/** @typedef {import('../src/generated').Snapshot} Snap */
/** @typedef {import('../src/generated').Rematched} Rematched */

const state = {
  /** The resign confirmation is open. */
  confirming: false,
  busy: false,
  error: '',
};

/** The current seat's key for a request: none when the cookie holds it, else its token. */
function body() {
  return tbl.token ? { token: tbl.token } : {};
}

/** @param {string} path @returns {Promise<any>} */
async function post(path) {
  state.busy = true;
  state.error = '';
  hooks.render();
  try {
    return await api(`/api/tables/${encodeURIComponent(tbl.id)}/${path}`, body());
  } catch (e) {
    state.error = e instanceof Error ? e.message : String(e);
    return null;
  } finally {
    state.busy = false;
    hooks.render();
  }
}

/** The resign button (with its confirmation) of a player at a running table. @param {Snap} snap */
export function resignBlock(snap) {
  const me = snap.you != null ? snap.seats[snap.you] : null;
  if (!me || snap.status !== 'active' || me.kind !== 'human') return null;
  if (me.resigned) return h('p', { class: 'warn', id: 'resigned-note' }, t('resigned_help'));
  if (state.confirming) {
    const yes = h('button', { type: 'button', id: 'resign-yes', class: 'danger', disabled: state.busy }, t('resign_yes'));
    yes.addEventListener('click', async () => {
      state.confirming = false;
      await post('resign');
    });
    const no = h('button', { type: 'button', id: 'resign-no' }, t('cancel'));
    no.addEventListener('click', () => { state.confirming = false; hooks.render(); });
    return h('div', { class: 'confirm', role: 'alertdialog', 'aria-label': t('resign'), id: 'resign-confirm' },
      h('p', null, t('resign_q')), h('div', { class: 'row' }, yes, no));
  }
  const b = h('button', { type: 'button', id: 'resign', class: 'small' }, t('resign'));
  b.addEventListener('click', () => { state.confirming = true; hooks.render(); });
  return h('div', { class: 'row resign' }, b, state.error ? h('p', { class: 'error', role: 'alert' }, state.error) : null);
}

/** The leave button of a player in a waiting room. @param {Snap} snap */
export function leaveBlock(snap) {
  if (snap.you == null || snap.status !== 'open') return null;
  const b = h('button', { type: 'button', id: 'leave-table', class: 'small', disabled: state.busy }, t('leave_table'));
  b.addEventListener('click', async () => {
    const done = await post('leave');
    if (done) {
      store.forget(tbl.id);
      location.href = '/';
    }
  });
  return h('div', { class: 'row' }, b, state.error ? h('p', { class: 'error', role: 'alert' }, state.error) : null);
}

/**
 * The rematch at the end of a table with several players: offer or answer it, and see every
 * answer. Empty for spectators and for a table played alone against bots.
 * @param {Snap} snap
 */
export function rematchBlock(snap) {
  const humans = snap.seats.map((x, i) => ({ x, i })).filter(({ x }) => x.kind === 'human');
  if (snap.status !== 'finished' || humans.length < 2) return null;
  const me = snap.you != null ? snap.seats[snap.you] : null;
  const offered = snap.rematch ?? null;
  const answers = h('ul', { class: 'plain rematch-answers', id: 'rematch-answers' }, humans.map(({ x, i }) => {
    const a = x.rematch;
    const word = a === true ? t('rematch_accepted') : a === false ? t('rematch_declined') : t('rematch_waiting');
    return h('li', { 'data-seat': i, 'data-answer': a === true ? 'yes' : a === false ? 'no' : 'waiting' },
      seatBadge(i, 14), ' ', seatLabel(snap, i), ' — ', h('span', { class: a === true ? 'ok' : a === false ? 'error' : 'muted' }, word));
  }));
  /** @type {Array<HTMLElement>} */
  const actions = [];
  if (me && me.kind === 'human' && me.rematch == null) {
    const yes = h('button', { type: 'button', class: 'primary', id: 'rematch-accept', disabled: state.busy }, offered ? t('rematch_accept') : t('rematch_offer'));
    yes.addEventListener('click', async () => {
      /** @type {Rematched | null} */
      const r = await post('rematch');
      if (r) store.remember(r.table, { token: r.token, seat: r.seat, at: Date.now(), bound: r.bound, game: snap.game });
    });
    actions.push(yes);
    if (offered) {
      const no = h('button', { type: 'button', id: 'rematch-decline', disabled: state.busy }, t('rematch_decline'));
      no.addEventListener('click', () => { void post('rematch/decline'); });
      actions.push(no);
    }
  }
  if (offered && me?.rematch === true) {
    actions.push(h('a', { class: 'button primary', id: 'rematch-go', href: tableUrl(offered, null) }, t('rematch_go')));
  }
  const declined = humans.some(({ x }) => x.rematch === false);
  return h('section', { class: 'rematch', id: 'rematch' },
    h('h3', null, t('rematch_title')),
    offered ? answers : h('p', { class: 'muted' }, t('rematch_help')),
    declined ? h('p', { class: 'warn' }, t('rematch_off')) : null,
    h('div', { class: 'row wrap' }, actions),
    state.error ? h('p', { class: 'error', role: 'alert' }, state.error) : null);
}
