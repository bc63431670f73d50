// @ts-check
// A player's profile (`/?player=<name>`): games played, ratings per game and player-count group,
// games won by seat (each game names what a seat plays: a Baron, a colour), and the rating's
// history as a small line chart per game and group, with the same told in words.

import { h, s, $ } from './dom.js';
import { ApiError, call, fetchGameData } from './api.js';
import { ui, hooks } from './state.js';
import { t, gameName, getLang, useGameStrings, usePageStrings } from './i18n.js';
import { GAMES } from './games.js';
import { groupName, leaderboardUrl, pageStrings } from './leaderboard.js';

/** @typedef {import('../src/generated').Profile} Profile */
/** @typedef {import('../src/generated').RatingPoint} RatingPoint */
/** @typedef {import('../src/generated').ProfileRole} ProfileRole */

/** The name the address asks for. */
function wanted() {
  return new URLSearchParams(location.search).get('player') ?? '';
}

/** A date in the reader's language. @param {number} ms */
function day(ms) {
  return new Date(ms).toLocaleDateString(getLang(), { year: 'numeric', month: 'short', day: 'numeric' });
}

/** A share as a percentage in the reader's language. @param {number} part @param {number} whole */
function percent(part, whole) {
  return whole ? new Intl.NumberFormat(getLang(), { style: 'percent', maximumFractionDigits: 0 }).format(part / whole) : '—';
}

/**
 * The roles players played (Crusaders' Orders, Warrior Knights' Barons), in words, as the games
 * name them (their data and strings loaded for it; the shell's strings alone are in use again
 * afterwards).
 * @param {Array<ProfileRole>} roles
 * @returns {Promise<Map<string, (role: string) => string>>}
 */
async function roleNamers(roles) {
  /** @type {Map<string, (role: string) => string>} */
  const out = new Map();
  for (const id of new Set(roles.map((r) => r.game))) {
    const load = GAMES[id];
    if (!load) continue;
    try {
      const [mod, data] = await Promise.all([load(), fetchGameData(id)]);
      mod.init(hooks.ctx(), data);
      await useGameStrings(mod.strings);
      /** @type {Map<string, string>} */
      const names = new Map();
      for (const r of roles) if (r.game === id) names.set(r.role, mod.roleName(r.role));
      out.set(id, (role) => names.get(role) ?? role);
    } catch { /* the role's id instead */ }
  }
  await useGameStrings(async () => ({}));
  return out;
}

/**
 * A rating's history as a line chart: one point per rated game, in order; the highest and
 * lowest ratings on the left, the first and last dates below. Its text says the same.
 * @param {Array<RatingPoint>} points  oldest first
 * @param {string} label
 */
function chart(points, label) {
  const W = 320;
  const H = 120;
  const pad = { l: 40, r: 10, t: 10, b: 22 };
  const values = points.map((p) => Math.round(p.rating));
  const hi = Math.max(...values);
  const lo = Math.min(...values);
  const span = Math.max(20, hi - lo);
  const mid = (hi + lo) / 2;
  const top = mid + span / 2;
  const x = (/** @type {number} */ i) => pad.l + (points.length > 1 ? (i * (W - pad.l - pad.r)) / (points.length - 1) : (W - pad.l - pad.r) / 2);
  const y = (/** @type {number} */ v) => pad.t + ((top - v) * (H - pad.t - pad.b)) / span;
  const summary = points.length === 1
    ? t('history_single', { what: label, when: day(points[0].at), rating: values[0] })
    : t('history_summary', {
      what: label, count: points.length, n: points.length, from: values[0], to: values[values.length - 1], hi, lo,
      first: day(points[0].at), last: day(points[points.length - 1].at),
    });
  const line = points.map((_, i) => `${x(i).toFixed(1)},${y(values[i]).toFixed(1)}`).join(' ');
  return h('figure', { class: 'rating-chart' },
    s('svg', { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: 'img', 'aria-label': summary, class: 'chart' },
      s('title', null, summary),
      s('line', { x1: pad.l, x2: W - pad.r, y1: y(hi), y2: y(hi), class: 'grid' }),
      s('line', { x1: pad.l, x2: W - pad.r, y1: y(lo), y2: y(lo), class: 'grid' }),
      s('text', { x: pad.l - 4, y: y(hi) + 4, 'text-anchor': 'end', class: 'axis' }, hi),
      hi !== lo ? s('text', { x: pad.l - 4, y: y(lo) + 4, 'text-anchor': 'end', class: 'axis' }, lo) : null,
      s('text', { x: pad.l, y: H - 6, class: 'axis' }, day(points[0].at)),
      points.length > 1 ? s('text', { x: W - pad.r, y: H - 6, 'text-anchor': 'end', class: 'axis' }, day(points[points.length - 1].at)) : null,
      points.length > 1 ? s('polyline', { points: line, class: 'line', fill: 'none' }) : null,
      points.map((p, i) => s('circle', { cx: x(i), cy: y(values[i]), r: 3, class: 'dot' },
        s('title', null, `${day(p.at)}: ${values[i]} (± ${Math.round(p.deviation)})`)))),
    h('figcaption', { class: 'muted small' }, summary));
}

export async function renderProfile() {
  const app = $('#app');
  if (!app || ui.page !== 'player') return;
  const name = wanted();
  const lang = getLang();
  document.title = `${name || t('profile')} · Ordo`;
  app.replaceChildren(h('div', { class: 'card' }, h('p', null, t('loading'))));
  // The profile and this page's strings, asked for together.
  /** @type {Promise<Profile> | null} */
  const asked = name ? call('GET', `/api/players/${encodeURIComponent(name)}`) : null;
  asked?.catch(() => {});
  await usePageStrings(pageStrings);
  /** @type {Profile | null} */
  let p = null;
  let error = '';
  try {
    if (!asked) throw new ApiError('player/unknown', '');
    p = await asked;
  } catch (e) {
    error = e instanceof ApiError && (e.code === 'player/unknown' || e.code === 'http/404') ? t('profile_unknown', { name }) : `${t('profile_failed')}${e instanceof Error && e.message ? ` — ${e.message}` : ''}`;
  }
  if (!p) {
    if (ui.page === 'player' && getLang() === lang) {
      app.replaceChildren(h('div', { class: 'card' }, h('p', { class: 'error', role: 'alert', id: 'profile-error' }, error), h('a', { href: '/', class: 'button' }, t('back_to_lobby'))));
    }
    return;
  }
  const prof = p;
  const roleOf = await roleNamers(prof.roles);
  if (ui.page !== 'player' || getLang() !== lang || wanted() !== name) return;

  const ratings = h('section', { class: 'card', id: 'profile-ratings' },
    h('h2', null, t('ratings')),
    prof.ratings.length ? h('ul', { class: 'plain rating-list' }, prof.ratings.map((r) => h('li', { 'data-game': r.game, 'data-group': r.group },
      h('strong', null, gameName(r.game)), ' · ',
      h('a', { href: leaderboardUrl(r.game, r.group), title: t('leaderboard') }, groupName(r.group)), ': ',
      h('strong', { class: 'rating-value' }, Math.round(r.rating)), ' ',
      h('span', { class: 'muted', title: t('deviation_hint') }, `± ${Math.round(r.deviation)}`), ' · ',
      t('rating_line', { games: r.games, count: r.games, wins: r.wins, rate: percent(r.wins, r.games) }))))
      : h('p', { class: 'muted', id: 'profile-no-ratings' }, t('profile_no_ratings')));

  const games = [...new Set(prof.roles.map((r) => r.game))];
  const roles = h('section', { class: 'card', id: 'profile-roles' },
    h('h2', null, t('wins_by_seat')),
    games.length ? games.map((g) => {
      const nameOf = roleOf.get(g) ?? ((/** @type {string} */ role) => role);
      const rows = prof.roles.filter((r) => r.game === g).sort((a, b) => b.played - a.played || nameOf(a.role).localeCompare(nameOf(b.role)));
      return h('div', { class: 'profile-game', 'data-game': g },
        h('h3', null, gameName(g)),
        h('ul', { class: 'plain role-list' }, rows.map((r) => h('li', { 'data-role': r.role },
          h('strong', null, nameOf(r.role)), ': ', t('won_of', { won: r.won, played: r.played, count: r.played, rate: percent(r.won, r.played) })))));
    }) : h('p', { class: 'muted' }, t('profile_no_games')));

  /** @type {Map<string, Array<RatingPoint>>} */
  const series = new Map();
  for (const pt of [...prof.history].sort((a, b) => a.at - b.at)) {
    const k = `${pt.game}\u0000${pt.group}`;
    series.set(k, [...(series.get(k) ?? []), pt]);
  }
  const history = h('section', { class: 'card', id: 'profile-history' },
    h('h2', null, t('rating_history')),
    series.size ? [...series.values()].map((pts) => {
      const label = `${gameName(pts[0].game)} · ${groupName(pts[0].group)}`;
      return h('div', { class: 'profile-chart', 'data-game': pts[0].game, 'data-group': pts[0].group }, h('h3', null, label), chart(pts, label));
    }) : h('p', { class: 'muted' }, t('profile_no_ratings')));

  app.replaceChildren(h('div', { class: 'profile-page', id: 'profile', 'data-player': prof.name },
    h('section', { class: 'card' },
      h('div', { class: 'row wrap' }, h('h1', { id: 'profile-name' }, prof.name), h('span', { class: 'grow' }), h('a', { href: '/', class: 'button small' }, t('back_to_lobby'))),
      h('p', null, t('member_since', { when: day(prof.created_at) }), ' · ', h('span', { id: 'profile-games' }, t('games_played', { n: prof.games })))),
    ratings, roles, history));
}
