// @ts-check
// Seats and the people behind them, on the table page: the host shows a new invite link for a
// seat nobody has taken (the seat's earlier link stops working) or revokes it; a guest who
// took a seat without a name is asked for one.

import { h, seatBadge } from './dom.js';
import { api, store, tableUrl, whoAmI } from './api.js';
import { tbl, hooks } from './state.js';
import { t, seatLabel } from './i18n.js';

/** @typedef {import('../src/generated').Snapshot} Snap */

const invites = {
  /** Links shown on this page, by seat. @type {Map<number, string>} */
  shown: new Map(),
  /** Seats whose invite was revoked on this page. @type {Set<number>} */
  revoked: new Set(),
  error: '',
  /** Whether this browser's person has an account (null until known). @type {boolean | null} */
  signedIn: null,
};

void whoAmI().then((me) => {
  invites.signedIn = me != null;
  hooks.render();
});

/** Seats whose invite nobody has used yet. @param {Snap} snap */
function unused(snap) {
  return snap.seats.map((x, i) => ({ x, i })).filter(({ x }) => x.kind === 'human' && !x.claimed);
}

/** @param {number} seat @param {boolean} show */
async function manage(seat, show) {
  const host = store.tables()[tbl.id]?.host ?? null;
  invites.error = '';
  try {
    const path = `/api/tables/${encodeURIComponent(tbl.id)}/invites/${seat}${show ? '' : '/revoke'}`;
    /** @type {import('../src/generated').Invite} */
    const r = await api(path, host ? { host_token: host } : {});
    if (r.token) {
      invites.shown.set(seat, `${location.origin}${tableUrl(tbl.id, r.token)}`);
      invites.revoked.delete(seat);
    } else {
      invites.shown.delete(seat);
      invites.revoked.add(seat);
    }
  } catch (e) {
    invites.error = e instanceof Error ? e.message : String(e);
  }
  hooks.render();
}

/**
 * The host's invites: each seat nobody has taken, with a new link or its revocation. Only in
 * the browser that created the table (it holds the host token).
 * @param {Snap} snap
 */
export function invitesBlock(snap) {
  if (!store.tables()[tbl.id]?.host || snap.status === 'finished') return null;
  const seats = unused(snap);
  if (!seats.length) return null;
  return h('section', { class: 'invites-panel', id: 'host-invites' },
    h('h3', null, t('invites_title')),
    h('p', { class: 'muted small' }, t('invites_help')),
    h('ul', { class: 'plain' }, seats.map(({ i }) => {
      const show = h('button', { type: 'button', class: 'small', id: `invite-show-${i}` }, t('invite_new'));
      show.addEventListener('click', () => { void manage(i, true); });
      const revoke = h('button', { type: 'button', class: 'small', id: `invite-revoke-${i}` }, t('invite_revoke'));
      revoke.addEventListener('click', () => { void manage(i, false); });
      const link = invites.shown.get(i);
      return h('li', { 'data-seat': i },
        h('div', { class: 'row wrap' }, seatBadge(i, 14), seatLabel(snap, i), h('span', { class: 'grow' }), show, revoke),
        link ? h('input', { type: 'text', readonly: true, value: link, class: 'invite-link', id: `invite-link-${i}`, 'aria-label': t('invite_link') }) : null,
        invites.revoked.has(i) ? h('p', { class: 'muted small', id: `invite-revoked-${i}` }, t('invite_revoked')) : null);
    })),
    invites.error ? h('p', { class: 'error', role: 'alert' }, invites.error) : null);
}

/** A guest's name at the table, asked once their seat is taken without one. @param {Snap} snap */
export function nameBlock(snap) {
  const me = snap.you != null ? snap.seats[snap.you] : null;
  if (!me || me.kind !== 'human' || !me.claimed || me.name || invites.signedIn !== false) return null;
  const input = h('input', { type: 'text', id: 'seat-name', maxlength: 40, autocomplete: 'nickname', value: store.name(), 'data-k': 'seat-name', 'aria-label': t('your_name') });
  const f = h('form', { class: 'row wrap', id: 'seat-name-form' }, h('label', { class: 'field' }, h('span', null, t('seat_name_q')), input),
    h('button', { type: 'submit', class: 'small primary', id: 'seat-name-save' }, t('account_save_email')));
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    const name = /** @type {HTMLInputElement} */ (input).value.trim();
    if (!name) return;
    try {
      await api(`/api/tables/${encodeURIComponent(tbl.id)}/name`, tbl.token ? { name, token: tbl.token } : { name });
      store.setName(name);
    } catch (err) {
      invites.error = err instanceof Error ? err.message : String(err);
      hooks.render();
    }
  });
  return h('div', { class: 'seat-name' }, f);
}
