// @ts-check
// "Play again with the same players": at a finished table, a player opens a new table of the same
// game with the same configuration, pace, clock and stand-in, and the same seats in the same order
// (bots keep their levels). Alone with bots, the player goes straight to their seat; with other
// players the new table waits for them in the lobby, and the page shows each one's invite link,
// named, to pass on.

import { h } from './dom.js';
import { api, store, tableUrl, tableInfo } from './api.js';
import { tbl } from './state.js';
import { t, seatLabel } from './i18n.js';

/** @typedef {import('../src/generated').Snapshot} Snap */
/** @typedef {import('../src/generated').CreateTable} CreateTable */
/** @typedef {import('../src/generated').Created} Created */

const again = {
  busy: false,
  error: '',
  /** The table made, with the invite links of the other players. @type {{id: string, mine: string, links: Array<{who: string, url: string}>} | null} */
  made: null,
};

/** Opens the new table. @param {Snap} snap @param {() => void} redraw */
async function playAgain(snap, redraw) {
  if (again.busy || snap.you == null) return;
  again.busy = true;
  again.error = '';
  redraw();
  try {
    /** @type {import('../src/generated').TableInfo | null} */
    const info = await tableInfo(tbl.id);
    if (!info) throw new Error(t('again_no_info'));
    const humans = info.seats.filter((x) => x.kind === 'human').length;
    /** @type {CreateTable} */
    const body = {
      game: info.game,
      config: info.config,
      seats: info.seats.map((x) => (x.kind === 'bot' && x.bot ? { kind: 'bot', bot: x.bot } : { kind: 'human' })),
      lobby: humans > 1,
      pace: info.pace,
      standin: info.standin,
    };
    if (info.clock) body.clock = info.clock;
    if (info.rated) body.rated = true;
    /** @type {Created} */
    const created = await api('/api/tables', body);
    const mine = created.tokens[snap.you] ?? null;
    store.remember(created.id, { token: mine, seat: snap.you, host: created.host_token, at: Date.now(), game: info.game });
    const url = tableUrl(created.id, mine);
    if (humans <= 1) {
      location.href = url;
      return;
    }
    const links = [];
    for (const [i, token] of created.tokens.entries()) {
      if (token == null || i === snap.you) continue;
      // Named as the table names the seat ("Vermilion · Bob").
      const name = seatLabel(snap, i);
      links.push({ who: name, url: `${location.origin}${tableUrl(created.id, token)}` });
    }
    again.made = { id: created.id, mine: url, links };
  } catch (e) {
    again.error = `${t('create_failed')}: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    again.busy = false;
  }
  redraw();
}

/**
 * The "Play again" part of a finished table's scores: the button, or the new table's links.
 * Empty for spectators.
 * @param {Snap} snap @param {() => void} redraw
 * @returns {HTMLElement}
 */
export function againBlock(snap, redraw) {
  if (snap.you == null || snap.status !== 'finished') return h('div', { class: 'again', hidden: true });
  if (again.made) {
    const m = again.made;
    return h('div', { class: 'again', id: 'again-made' },
      h('p', null, t('again_made')),
      h('ul', { class: 'plain' }, m.links.map((x) => h('li', null, h('label', { class: 'field' }, h('span', null, t('again_link', { who: x.who })),
        h('input', { type: 'text', readonly: true, value: x.url, class: 'again-link' }))))),
      h('a', { class: 'button primary', id: 'again-go', href: m.mine }, t('go_to_seat')));
  }
  const b = h('button', { type: 'button', class: 'primary', id: 'play-again', disabled: again.busy, title: t('play_again_hint') }, t('play_again'));
  b.addEventListener('click', () => void playAgain(snap, redraw));
  return h('div', { class: 'again' }, b, again.error ? h('p', { class: 'error', role: 'alert' }, again.error) : null);
}
