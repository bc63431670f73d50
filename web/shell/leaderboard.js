// @ts-check
// The leaderboard (`/?leaderboard=<game>&players=2|3-4|5-6`): a game's rated players by
// player-count group, best first: rank, name (to the profile), rating, ± deviation, games.

import { h, $ } from './dom.js';
import { ApiError, call } from './api.js';
import { ui, hooks } from './state.js';
import { t, gameName, usePageStrings } from './i18n.js';
import { GAME_IDS } from './games.js';

/** @typedef {import('../src/generated').Leaderboard} Leaderboard */

/** The strings only this page, the profile and the notification settings use (not the shell's). @param {string} code */
export const pageStrings = (code) => import(`../i18n/pages/${code}.js`).then((m) => /** @type {import('./i18n.js').Dict} */ (m.default));

/** The player-count groups ratings are kept by. */
export const GROUPS = ['2', '3-4', '5-6'];

/** A group in words ("3–4 players"). @param {string} group */
export function groupName(group) {
  return GROUPS.includes(group) ? t(`group_${group.replace('-', '_')}`) : group;
}

/** The address of a leaderboard. @param {string} game @param {string} group */
export function leaderboardUrl(game, group) {
  return `/?leaderboard=${encodeURIComponent(game)}${group === GROUPS[0] ? '' : `&players=${encodeURIComponent(group)}`}`;
}

/** Boards asked for on this page, by address. @type {Map<string, Promise<Leaderboard>>} */
const asked = new Map();

/** The game and group the address names. */
function wanted() {
  const q = new URLSearchParams(location.search);
  const game = q.get('leaderboard') ?? '';
  const group = q.get('players') ?? GROUPS[0];
  return { game: GAME_IDS.includes(game) ? game : game || GAME_IDS[0], group: GROUPS.includes(group) ? group : GROUPS[0] };
}

let listening = false;
/** Follows a switch without loading the page again. @param {MouseEvent} e @param {string} href */
function go(e, href) {
  if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  e.preventDefault();
  history.pushState(null, '', href);
  hooks.updateTitle();
  void renderLeaderboard();
}

/** A link among the switches (the current one marked). @param {string} href @param {string} text @param {boolean} current @param {string} id */
function switchLink(href, text, current, id) {
  const a = h('a', { href, id, class: `button small${current ? ' primary' : ''}`, 'aria-current': current ? 'page' : null }, text);
  a.addEventListener('click', (e) => go(e, href));
  return a;
}

export async function renderLeaderboard() {
  const app = $('#app');
  if (!app || ui.page !== 'leaderboard') return;
  if (!listening) {
    listening = true;
    window.addEventListener('popstate', () => { if (ui.page === 'leaderboard') void renderLeaderboard(); });
  }
  const { game, group } = wanted();
  document.title = `${t('leaderboard')} · ${gameName(game)} · Ordo`;
  const key = `${game}?${group}`;
  let p = asked.get(key);
  if (!p) {
    p = call('GET', `/api/leaderboard/${encodeURIComponent(game)}?players=${encodeURIComponent(group)}`);
    p.catch(() => asked.delete(key));
    asked.set(key, p);
  }
  // This page's strings, asked for while the board is on its way.
  await usePageStrings(pageStrings);
  if (ui.page !== 'leaderboard') return;
  const head = h('div', { class: 'card leaderboard-head' },
    h('div', { class: 'row wrap' }, h('h1', null, t('leaderboard')), h('span', { class: 'grow' }), h('a', { href: '/', class: 'button small' }, t('back_to_lobby'))),
    h('nav', { class: 'row wrap switches', 'aria-label': t('game_choice') },
      GAME_IDS.map((g) => switchLink(leaderboardUrl(g, group), gameName(g), g === game, `lb-game-${g}`))),
    h('nav', { class: 'row wrap switches', 'aria-label': t('players') },
      GROUPS.map((g) => switchLink(leaderboardUrl(game, g), groupName(g), g === group, `lb-group-${g}`))));
  app.replaceChildren(h('div', { class: 'leaderboard-page' }, head, h('section', { class: 'card', id: 'leaderboard' }, h('p', null, t('loading')))));
  /** @type {Leaderboard | null} */
  let board = null;
  let error = '';
  try {
    board = await p;
  } catch (e) {
    error = e instanceof ApiError && /unknown|not_found|http\/404/.test(e.code) ? t('leaderboard_unknown') : `${t('leaderboard_failed')}${e instanceof Error && e.message ? ` — ${e.message}` : ''}`;
  }
  // The reader may have switched again meanwhile.
  const now = wanted();
  if (ui.page !== 'leaderboard' || now.game !== game || now.group !== group) return;
  const box = $('#leaderboard');
  if (!box) return;
  const title = h('h2', null, t('leaderboard_of', { game: gameName(game), group: groupName(group) }));
  if (!board) {
    box.replaceChildren(title, h('p', { class: 'error', role: 'alert', id: 'leaderboard-error' }, error));
    return;
  }
  if (!board.rows.length) {
    box.replaceChildren(title, h('p', { class: 'muted', id: 'leaderboard-empty' }, t('leaderboard_empty', { game: gameName(game), group: groupName(group) })));
    return;
  }
  box.replaceChildren(title,
    h('div', { class: 'scroll-x' }, h('table', { class: 'leaderboard-table', id: 'leaderboard-table' },
      h('thead', null, h('tr', null,
        h('th', { scope: 'col' }, t('rank')), h('th', { scope: 'col' }, t('player')),
        h('th', { scope: 'col', title: t('deviation_hint') }, t('rating')), h('th', { scope: 'col' }, t('rated_games')))),
      h('tbody', null, board.rows.map((r, i) => h('tr', { 'data-player': r.name },
        h('td', { class: 'place' }, i + 1),
        h('th', { scope: 'row' }, h('a', { href: `/?player=${encodeURIComponent(r.name)}` }, r.name)),
        h('td', { class: 'rating-cell' }, h('strong', null, Math.round(r.rating)), ' ',
          h('span', { class: 'muted', title: t('deviation_hint') }, `± ${Math.round(r.deviation)}`)),
        h('td', null, r.games)))))),
    h('p', { class: 'muted small' }, t('leaderboard_help')));
}
