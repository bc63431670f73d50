// @ts-check
import { replayTalk } from './chat.js';
import { GAME_IDS } from './games.js';
import { h, $, seatBadge } from './dom.js';
import { ApiError, api, tableUrl } from './api.js';
import { ensureGame } from './conn.js';
import { logText } from './log.js';
import { ui, tbl, rep } from './state.js';
import { t, gameName, seatLabel } from './i18n.js';
import { mapFrame } from './mapview.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').ReplayStep} ReplayStep */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Replay viewer (`/t/{id}?replay=1`)
// ---------------------------------------------------------------------------------------------

/** @param {string} id @param {string | null} token */
export function bootReplay(id, token) {
  tbl.id = id;
  tbl.token = token;
  renderReplay();
  api(`/api/tables/${encodeURIComponent(id)}`).then((x) => {
    rep.table = x;
    ensureGame(String(x?.game ?? GAME_IDS[0]));
    renderReplay();
  }).catch((e) => {
    rep.error = `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    renderReplay();
  });
  // `&at=N` (a log line's link) opens the replay after the first N decisions.
  void replayGo(Number(new URLSearchParams(location.search).get('at')) || 0);
  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    const total = rep.step?.total ?? 0;
    let to = null;
    if (e.key === 'ArrowLeft') to = rep.want - 1;
    else if (e.key === 'ArrowRight') to = rep.want + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = total;
    if (to == null) return;
    e.preventDefault();
    void replayGo(to);
  });
}

/** Shows the position after the first `at` decisions. @param {number} at */
export async function replayGo(at) {
  const total = rep.step?.total;
  const n = Math.max(0, total != null ? Math.min(total, at) : at);
  rep.want = n;
  const seq = ++rep.seq;
  rep.busy = true;
  renderReplayBar();
  try {
    /** @type {ReplayStep} */
    const step = await api(`/api/tables/${encodeURIComponent(tbl.id)}/replay?at=${n}`);
    if (seq !== rep.seq) return;
    rep.step = step;
    rep.want = step.at;
    rep.error = '';
  } catch (e) {
    if (seq !== rep.seq) return;
    rep.error = e instanceof ApiError && e.code === 'game/not_found' ? t('err.no_table')
      : e instanceof ApiError && e.code === 'table/damaged' ? t('damaged_help') : `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
  }
  rep.busy = false;
  renderReplay();
}

/** A spectator's snapshot around a replay step, so that the live renderers can draw it. @param {ReplayStep} step @returns {Snap} */
export function replaySnap(step) {
  const seats = (rep.table?.seats ?? []).map((/** @type {any} */ x) => ({ ...x, away: false }));
  return /** @type {Snap} */ (/** @type {unknown} */ ({
    version: step.at, status: 'active', you: null, legal: [], to_act: step.to_act, can_undo: false,
    seats, view: step.view, log: {}, clocks: null, seed: null, seed_nonce: null, seed_commitment: '',
  }));
}

/** Updates the controls only (fast while the slider moves). */
export function renderReplayBar() {
  const total = rep.step?.total ?? 0;
  const counter = $('#replay-counter');
  if (counter) counter.textContent = t('replay_step', { n: rep.want, total });
  const slider = /** @type {HTMLInputElement | null} */ ($('#replay-slider'));
  if (slider && Number(slider.value) !== rep.want) slider.value = String(rep.want);
  $('#replay')?.setAttribute('aria-busy', rep.busy ? 'true' : 'false');
}

export function renderReplay() {
  if (ui.page !== 'replay') return;
  const app = $('#app');
  if (!app) return;
  const step = rep.step;
  const back = h('a', { href: tableUrl(tbl.id, null), class: 'button small', id: 'replay-back' }, t('back_to_table'));
  const game = tbl.mod;
  if (!step || !game) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', { class: rep.error ? 'error' : '' }, rep.error || t('loading')), back));
    return;
  }
  /** @type {any} */
  const view = step.view;
  const snap = replaySnap(step);
  const total = step.total;
  /** @param {string} id @param {string} label @param {string} text @param {number} to @param {boolean} off */
  const ctl = (id, label, text, to, off) => {
    const b = h('button', { type: 'button', id, title: label, 'aria-label': label, disabled: off }, text);
    b.addEventListener('click', () => { void replayGo(to); });
    return b;
  };
  const slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: total, step: 1, value: rep.want, 'aria-label': t('replay_slider') });
  slider.addEventListener('input', () => { rep.want = Number(/** @type {HTMLInputElement} */ (slider).value); renderReplayBar(); });
  slider.addEventListener('change', () => { void replayGo(Number(/** @type {HTMLInputElement} */ (slider).value)); });
  const last = step.last;
  const lastText = last == null ? (step.at === 0 ? t('replay_start') : t('log_secret')) : logText(view, last);
  const controls = h('section', { class: 'card replay-bar', id: 'replay', 'aria-label': t('replay'), 'aria-busy': rep.busy ? 'true' : 'false' },
    h('div', { class: 'row wrap' },
      h('h2', null, t('replay')),
      h('strong', { id: 'replay-counter', 'aria-live': 'polite' }, t('replay_step', { n: rep.want, total })),
      h('span', { class: 'grow' }),
      back),
    h('div', { class: 'row wrap replay-controls' },
      ctl('replay-first', t('replay_first'), '«', 0, step.at === 0),
      ctl('replay-prev', t('replay_prev'), '‹', step.at - 1, step.at === 0),
      slider,
      ctl('replay-next', t('replay_next'), '›', step.at + 1, step.at >= total),
      ctl('replay-last', t('replay_last'), '»', total, step.at >= total)),
    h('p', { id: 'replay-move' }, last ? [seatBadge(last.seat, 14), ' ', h('span', { class: 'log-who' }, seatLabel(snap, last.seat)), ': '] : null,
      h('span', { id: 'replay-last-text' }, lastText)),
    h('p', { class: 'muted small-print' }, t('replay_keys')));
  const status = h('section', { class: 'status-bar card', id: 'status' },
    h('div', { class: 'row wrap' }, h('strong', { class: 'phase', id: 'phase' }, game.phaseText(snap, view))),
    h('div', { class: 'row wrap facts' }, game.facts(snap, view)));
  const board = h('section', { class: `board card game-${game.id}`, id: 'board', 'aria-label': t('map') },
    mapFrame(game.renderMap(snap, view, new Map(), null)));
  const players = h('section', { class: `players others game-${game.id}`, id: 'players', 'aria-label': t('players') },
    game.boards(snap, view).others);
  const focusId = document.activeElement?.id ?? null;
  document.title = `${t('replay')} · Ordo · ${gameName(game.id)}`;
  app.replaceChildren(h('div', { class: `table-page replay-page game-${game.id}` }, controls, status,
    h('div', { class: 'layout' }, board, h('div', { class: 'side' }, game.panels(snap, view), replayTalk(step.chat ?? [], snap))),
    game.court(snap, view), players));
  const el = focusId ? document.getElementById(focusId) : null;
  if (el && !(/** @type {HTMLButtonElement} */ (el)).disabled) el.focus({ preventScroll: true });
}
