// @ts-check
import { h, $, fold, seatBadge } from './dom.js';
import { api, store, replayUrl, packTag } from './api.js';
import { canDecide, choose, undo, decisionLabel, decisionButton } from './decide.js';
import { regionChoices, actionKind, actionRegion } from './legal.js';
import { renderLog } from './log.js';
import { renderHints } from './hints.js';
import { ui, tbl } from './state.js';
import { t, gameName, seatLabel, clockIn, clockSpecText } from './i18n.js';
import { mapFrame } from './mapview.js';
import { afterRender } from './tutorial.js';
import { againBlock } from './again.js';
import { chatPanel, markPresence } from './chat.js';
import { resignBlock, leaveBlock, rematchBlock } from './leaving.js';
import { invitesBlock, nameBlock } from './invites.js';
import { lowTimeSlot, tickLowTime, abandonBlock, resultsNotes } from './turns-gate.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

export function renderConn() {
  const slot = $('#conn-slot');
  if (!slot) return;
  if (ui.page !== 'table' || tbl.fatal) { slot.replaceChildren(); return; }
  const state = tbl.conn;
  const text = state === 'connected' ? t('connected') : state === 'connecting' ? t('connecting') : t('reconnecting');
  slot.replaceChildren(h('span', { id: 'conn', class: `conn ${state}`, role: 'status', 'aria-live': 'polite', 'data-state': state, title: text },
    h('span', { class: 'dot', 'aria-hidden': 'true' }), text));
}

export function tickClocks() {
  const snap = tbl.snap;
  if (!snap?.clocks || snap.status !== 'active') return;
  const elapsed = Date.now() - tbl.clockAt;
  for (const el of document.querySelectorAll('[data-clock]')) {
    const seat = Number(el.getAttribute('data-clock'));
    const base = snap.clocks[seat];
    if (base == null) continue;
    const running = snap.to_act.includes(seat) && !snap.seats[seat]?.away && snap.seats[seat]?.kind === 'human';
    el.textContent = clockIn(running ? base - elapsed : base);
  }
  tickLowTime(snap, elapsed);
}

export function renderTable() {
  if (ui.page !== 'table') return;
  renderConn();
  const app = $('#app');
  if (!app) return;
  const snap = tbl.snap;
  // Keep keyboard focus and scroll positions across re-renders.
  const focusKey = document.activeElement?.getAttribute('data-k') ?? null;
  const logScroll = $('#log-list')?.scrollTop ?? 0;
  if (tbl.fatal) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', { class: 'error', id: 'fatal' }, tbl.fatal), h('a', { href: '/', class: 'button' }, t('back_to_lobby'))));
    return;
  }
  const game = tbl.mod;
  if (!snap || !game) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', null, tbl.error || t('loading'))));
    return;
  }
  /** @type {any} */
  const view = snap.view;
  const live = !tbl.stale && tbl.conn === 'connected';
  const finished = snap.status === 'finished' || game.finished(view);
  const phase = snap.status === 'open' ? t('phase.waiting_players') : game.phaseText(snap, view);
  const status = statusBar(snap, finished, phase, game.facts(snap, view));
  /** @type {Map<number, Array<number>>} */
  const choices = new Map();
  if (canDecide()) {
    snap.legal.forEach((l, i) => {
      const r = game.region(l.action);
      if (r != null) choices.set(r, [...(choices.get(r) ?? []), i]);
    });
  }
  const board = h('section', { class: `board card game-${game.id}${live ? '' : ' stale'}`, id: 'board', 'aria-label': t('map') },
    mapFrame(game.renderMap(snap, view, choices, tbl.regionPick)),
    live ? null : h('div', { class: 'stale-cover', role: 'status' }, tbl.conn === 'connected' ? t('updating') : t('reconnecting')));
  const boards = game.boards(snap, view);
  const decisions = snap.status === 'open' ? renderWaiting(snap) : renderDecisions(snap, view);
  const side = h('div', { class: 'side' },
    decisions,
    abandonBlock(snap),
    game.panels(snap, view),
    boards.mine ? h('section', { class: 'players mine', id: 'my-board', 'aria-label': t('your_board') }, boards.mine) : null,
    renderLog(snap, view),
    chatPanel(),
    snap.status === 'active' ? hostCard(snap) : null,
    game.legend(view));
  const others = fold({ class: 'players-fold', id: 'players-fold' }, tbl.othersOpen, (open) => { tbl.othersOpen = open; }, t('players'),
    h('section', { class: `players others game-${game.id}`, id: 'players', 'aria-label': t('players') }, boards.others));
  const waiting = snap.legal.length > 0 && snap.status === 'active';
  document.title = `${waiting ? '▶ ' : ''}Ordo · ${gameName(game.id)}`;
  app.replaceChildren(h('div', { class: `table-page game-${game.id}${waiting ? ' my-turn' : ''}` }, status,
    finished ? game.scores(snap, view, scoresFooter(snap)) : null,
    h('div', { class: 'layout' }, board, side), game.court(snap, view), others));
  markPresence();
  restoreFocus(focusKey, logScroll);
  afterRender();
}

/**
 * The bar above a table: the phase, a spectator's tag, the replay link, the version, then the
 * game's facts.
 * @param {Snap} snap @param {boolean} finished @param {string} phase @param {any} facts
 */
export function statusBar(snap, finished, phase, facts) {
  const factRow = h('div', { class: 'row wrap facts' }, facts);
  // Facts that explain themselves are reached from the keyboard too (Enter shows the text).
  // (`data-k` keeps the focus on it across redraws.)
  factRow.querySelectorAll('[title]').forEach((el, i) => {
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    if (!el.hasAttribute('data-k')) el.setAttribute('data-k', `fact-${i}`);
  });
  return h('section', { class: 'status-bar card', id: 'status' },
    h('div', { class: 'row wrap' },
      h('strong', { class: 'phase', id: 'phase', role: 'status', 'aria-live': 'polite' }, phase),
      // The clocks of the seats to act, ticking (`tickClocks`).
      snap.clocks && snap.status === 'active' ? snap.to_act.map((seat) => h('span', { class: 'status-clock', title: `${t('clock')} · ${seatLabel(snap, seat)}` },
        seatBadge(seat, 16), ' ', h('span', { class: 'clock', 'data-clock': seat }, clockIn(snap.clocks?.[seat] ?? 0)))) : null,
      h('span', { class: 'grow' }),
      tbl.info?.rated ? h('span', { class: 'tag rated', id: 'rated-tag', title: t('rated_tag_hint') }, t('rated')) : null,
      tbl.info?.clock ? h('span', { class: 'tag clock-spec', title: t('clock') }, clockSpecText(tbl.info.clock, tbl.info.pace)) : null,
      snap.you == null ? h('span', { class: 'tag', id: 'spectating' }, t('spectating')) : null,
      tbl.pack ? packTag(tbl.pack, 'table-pack') : null,
      h('a', { href: replayUrl(tbl.id), id: 'replay-link', class: 'button small', target: finished ? null : '_blank', rel: finished ? null : 'noopener', title: t('replay_hint') }, t('replay')),
      h('span', { class: 'tag', title: t('version_hint') }, `${t('version')} `, h('span', { id: 'version' }, snap.version))),
    lowTimeSlot(snap),
    factRow);
}

/** Keeps keyboard focus and the log's scroll position across a re-render. @param {string | null} focusKey @param {number} logScroll */
export function restoreFocus(focusKey, logScroll) {
  const log = $('#log-list');
  if (log) log.scrollTop = logScroll;
  const el = focusKey ? document.querySelector(`[data-k="${CSS.escape(focusKey)}"]`) : null;
  if (el instanceof HTMLElement || el instanceof SVGElement) {
    el.focus({ preventScroll: true });
  } else if (focusKey && /^(legal|region|confirm|undo|plan)/.test(focusKey)) {
    // The decision made with the keyboard is gone: keep the keyboard near the next one.
    tbl.wantFocus = true;
  }
  if (tbl.wantFocus && (document.activeElement == null || document.activeElement === document.body)) {
    const next = document.querySelector('#region-pick button.decision:not([disabled]), #decision-list button.decision:not([disabled])');
    if (next instanceof HTMLElement) {
      next.focus({ preventScroll: true });
      tbl.wantFocus = false;
    }
  }
  tickClocks();
}

/** The host's invites at a running table (seats nobody has taken yet). @param {Snap} snap */
function hostCard(snap) {
  const block = invitesBlock(snap);
  return block ? h('section', { class: 'card', id: 'host-card' }, block) : null;
}

/** The waiting room of an open table. @param {Snap} snap */
export function renderWaiting(snap) {
  const mine = store.tables()[tbl.id];
  const host = mine?.host;
  let start = null;
  if (host) {
    start = h('button', { type: 'button', id: 'start-now' }, t('start_table_now'));
    start.addEventListener('click', async () => {
      try { await api(`/api/tables/${encodeURIComponent(tbl.id)}/start`, { host_token: host }); } catch (e) {
        tbl.error = e instanceof Error ? e.message : String(e);
        renderTable();
      }
    });
  }
  return h('section', { class: 'card highlight', id: 'waiting' },
    h('h2', null, t('waiting_room')),
    h('ul', { class: 'plain' }, snap.seats.map((x, i) => h('li', null, seatBadge(i), ' ', seatLabel(snap, i), ' — ',
      x.kind === 'bot' || x.joined ? t('ready') : t('not_joined')))),
    h('p', null, t('waiting_help')),
    nameBlock(snap),
    start,
    invitesBlock(snap),
    leaveBlock(snap));
}

/** The decisions panel. @param {Snap} snap @param {any} view */
export function renderDecisions(snap, view) {
  const section = h('section', { class: 'card decisions', id: 'decisions', 'aria-label': t('decisions') });
  if (snap.you == null) {
    section.append(h('h2', null, t('spectating')), h('p', null, t('spectator_help')));
    return section;
  }
  const me = snap.seats[snap.you];
  const title = h('h2', null, t('your_decision'));
  section.append(title);
  if (me?.away && !me.resigned) {
    const reclaim = h('button', { type: 'button', id: 'reclaim' }, t('reclaim'));
    reclaim.addEventListener('click', async () => {
      try { await api(`/api/tables/${encodeURIComponent(tbl.id)}/reclaim`, tbl.token ? { token: tbl.token } : {}); } catch (e) {
        tbl.error = e instanceof Error ? e.message : String(e);
        renderTable();
      }
    });
    section.append(h('p', { class: 'warn' }, t('away_help')), reclaim);
  }
  if (tbl.error) section.append(h('p', { class: 'error', role: 'alert', id: 'error' }, tbl.error));
  if (tbl.notice) section.append(h('p', { class: 'notice' }, tbl.notice));

  const enabled = canDecide();
  if (snap.status === 'finished') {
    section.append(h('p', null, t('phase.over')));
  } else if (snap.status === 'open') {
    section.append(h('p', null, t('phase.waiting_players')));
  } else if (tbl.inflight) {
    section.append(h('p', { class: 'muted', id: 'sending' }, t('sending')));
  } else if (snap.legal.length === 0) {
    title.textContent = t('waiting');
    const others = snap.to_act.filter((x) => x !== snap.you).map((x) => seatLabel(snap, x));
    section.append(h('p', { class: 'muted', id: 'not-your-turn' }, others.length ? t('waiting_for', { who: others.join(', ') }) : t('waiting')));
  } else {
    section.append(h('p', { class: 'prompt' }, t('choose_prompt')));
  }

  // A confirmation for decisions a misclick would hurt.
  if (tbl.confirm != null && snap.legal[tbl.confirm] && enabled) {
    const i = tbl.confirm;
    const yes = h('button', { type: 'button', id: 'confirm-yes', class: 'primary', 'data-k': 'confirm-yes' }, t('confirm_yes'));
    yes.addEventListener('click', () => choose(i));
    const no = h('button', { type: 'button', id: 'confirm-no', 'data-k': 'confirm-no' }, t('cancel'));
    no.addEventListener('click', () => { tbl.confirm = null; renderTable(); });
    section.append(h('div', { class: 'confirm', role: 'alertdialog', 'aria-label': t('confirm_title') },
      h('p', null, t('confirm_q', { what: decisionLabel(snap, view, i) })), h('div', { class: 'row' }, yes, no)));
  }

  // Several decisions on one region: those, first.
  if (tbl.regionPick != null && enabled) {
    const region = tbl.regionPick;
    const box = h('div', { class: 'region-pick', id: 'region-pick' },
      h('p', null, h('strong', null, tbl.mod?.areaName(region) ?? `#${region}`)),
      h('div', { class: 'buttons' }, regionChoices(region).map((i) => decisionButton(snap, view, i, enabled))));
    const back = h('button', { type: 'button', class: 'small' }, t('cancel'));
    back.addEventListener('click', () => { tbl.regionPick = null; renderTable(); });
    box.append(back);
    section.append(box);
  }

  if (snap.legal.length > 0 && snap.status === 'active') {
    const list = h('div', { class: 'decision-list', id: 'decision-list' });
    // A game may lay out some decisions itself (Warrior Knights: the planning board).
    const special = tbl.mod?.special(snap, view, enabled) ?? null;
    if (special) {
      list.append(special.el);
      list.classList.add('has-special');
    }
    // Group decisions by kind so a long list stays readable.
    /** @type {Map<string, Array<number>>} */
    const groups = new Map();
    snap.legal.forEach((l, i) => {
      if (special?.handled.has(i)) return;
      const key = actionKind(l.action);
      const g = groups.get(key) ?? [];
      g.push(i);
      groups.set(key, g);
    });
    for (const [, idx] of groups) {
      const onMap = actionRegion(snap.legal[idx[0]].action) != null;
      list.append(h('div', { class: 'group' },
        onMap ? h('div', { class: 'group-title' }, t('on_map')) : null,
        h('div', { class: 'buttons' }, idx.map((i) => decisionButton(snap, view, i, enabled)))));
    }
    section.append(list);
    section.append(renderHints(snap, view, enabled));
  }

  if (snap.can_undo && snap.status === 'active') {
    const u = h('button', { type: 'button', id: 'undo', 'data-k': 'undo', disabled: !!tbl.inflight || tbl.stale || tbl.conn !== 'connected', title: t('undo_hint') }, `↶ ${t('undo')}`);
    u.addEventListener('click', undo);
    section.append(h('div', { class: 'row' }, u));
  }
  const resign = resignBlock(snap);
  if (resign) section.append(resign);
  return section;
}

/**
 * Below the final scores (every game): the seed checked against its commitment, the record and the replay.
 * Also the button that shows hidden scores again.
 * @param {Snap} snap
 * @returns {{footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}}
 */
export function scoresFooter(snap) {
  const verify = h('span', { id: 'seed-check', class: 'muted' });
  if (snap.seed && globalThis.crypto?.subtle) {
    // SHA-256 of `SEED:NONCE` (of the seed alone for tables stored before nonces).
    const committed = snap.seed_nonce ? `${snap.seed}:${snap.seed_nonce}` : snap.seed;
    crypto.subtle.digest('SHA-256', new TextEncoder().encode(committed)).then((buf) => {
      const hex = [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
      verify.textContent = hex === snap.seed_commitment ? `✓ ${t('seed_ok')}` : `✗ ${t('seed_bad')}`;
      verify.className = hex === snap.seed_commitment ? 'ok' : 'error';
    }).catch(() => {});
  }
  const hide = h('button', { type: 'button', class: 'small' }, t('hide'));
  hide.addEventListener('click', () => { tbl.showScores = false; renderTable(); });
  const show = h('button', { type: 'button', id: 'show-scores' }, t('show_scores'));
  show.addEventListener('click', () => { tbl.showScores = true; renderTable(); });
  return {
    shown: tbl.showScores,
    hide,
    show,
    footer: [
      ...resultsNotes(snap).flat().filter((x) => x != null),
      ...[rematchBlock(snap)].filter((x) => x != null),
      againBlock(snap, renderTable),
      h('p', { class: 'seed' }, `${t('seed')}: `, h('code', { class: 'mono', id: 'seed' }, snap.seed ?? '—'),
        snap.seed_nonce ? h('code', { class: 'mono', id: 'seed-nonce', title: 'nonce' }, ` : ${snap.seed_nonce}`) : null, ' ', verify),
      h('p', { class: 'seed' }, `${t('seed_commitment')}: `, h('code', { class: 'mono' }, snap.seed_commitment)),
      h('p', null, h('a', { href: `/api/tables/${encodeURIComponent(tbl.id)}/record`, download: `ordo-${tbl.id}.json` }, t('download_record')), ' · ',
        h('a', { href: replayUrl(tbl.id), id: 'scores-replay' }, t('replay')), ' · ',
        h('a', { href: '/' }, t('back_to_lobby'))),
    ],
  };
}

