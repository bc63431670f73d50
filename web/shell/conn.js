// @ts-check
import { $ } from './dom.js';
import { ApiError, api, store, tableUrl, fetchGameData, newToken, tableInfo, packOf } from './api.js';
import { mergeApply } from './patch.js';
import { regionChoices } from './legal.js';
import { ui, tbl, rep, hooks } from './state.js';
import { useGameStrings, t } from './i18n.js';
import { GAMES, GAME_IDS } from './games.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').Joined} Joined */
/** @typedef {Snapshot} Snap */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Table page: connection
// ---------------------------------------------------------------------------------------------

/** Tokens the server refused on this page (never tried again). @type {Set<string>} */
export const refusedTokens = new Set();

export function wsUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = tbl.token ? `?token=${encodeURIComponent(tbl.token)}` : '';
  return `${proto}//${location.host}/api/tables/${encodeURIComponent(tbl.id)}/ws${q}`;
}

export function connect() {
  clearTimeout(tbl.retryTimer);
  const ws = new WebSocket(wsUrl());
  tbl.ws = ws;
  ws.addEventListener('open', () => {
    if (tbl.ws !== ws) return;
    tbl.conn = 'connected';
    tbl.attempts = 0;
    // A page opened in the background is away from the start.
    if (document.hidden) send({ type: 'presence', away: true });
    hooks.renderConn();
  });
  ws.addEventListener('message', (ev) => {
    if (tbl.ws !== ws) return;
    /** @type {any} */
    let msg;
    try { msg = JSON.parse(String(ev.data)); } catch { return; }
    onMessage(msg);
  });
  let opened = false;
  ws.addEventListener('open', () => { opened = true; });
  ws.addEventListener('close', () => {
    if (tbl.ws !== ws) return;
    tbl.ws = null;
    if (tbl.fatal) return;
    tbl.conn = 'reconnecting';
    tbl.stale = true;
    tbl.attempts += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(tbl.attempts - 1, 5)) * (0.75 + Math.random() * 0.5);
    if (!opened && tbl.attempts === 2) {
      // Refused twice before opening: ask over HTTP why (a wrong link is not worth retrying).
      const q = tbl.token ? `?token=${encodeURIComponent(tbl.token)}` : '';
      api(`/api/tables/${encodeURIComponent(tbl.id)}/state${q}`).then(() => {
        tbl.retryTimer = window.setTimeout(connect, delay);
      }, (e) => {
        /** @type {Record<string, string>} */
        const fatal = { 'game/not_found': t('err.no_table'), 'auth/bad_token': t('err.bad_token'), 'table/damaged': t('damaged_help') };
        const refused = tbl.token;
        if (refused) refusedTokens.add(refused);
        const other = refused ? tokenFromInvite(refused) : null;
        if (e instanceof ApiError && e.code === 'auth/bad_token' && other) {
          // An invite already used (the link opened again): go on with the seat's own token.
          tbl.token = other;
          history.replaceState(history.state, '', tableUrl(tbl.id, null));
          tbl.attempts = 0;
          tbl.retryTimer = window.setTimeout(connect, 0);
        } else if (e instanceof ApiError && fatal[e.code]) {
          tbl.fatal = fatal[e.code];
          hooks.render();
        } else {
          tbl.retryTimer = window.setTimeout(connect, delay);
        }
      });
    } else {
      tbl.retryTimer = window.setTimeout(connect, delay);
    }
    hooks.render();
  });
}

/** @param {Record<string, unknown>} msg */
export function send(msg) {
  const ws = tbl.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  // The server asks for some room between messages.
  const wait = Math.max(0, tbl.lastSend + 25 - Date.now());
  tbl.lastSend = Date.now() + wait;
  if (wait > 0) window.setTimeout(() => { if (tbl.ws === ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); }, wait);
  else ws.send(JSON.stringify(msg));
  return true;
}

/** @param {any} msg */
export function onMessage(msg) {
  switch (msg.type) {
    case 'snapshot': {
      const { type: _type, ...snap } = msg;
      tbl.snap = /** @type {Snap} */ (snap);
      ensureGame(String(snap.game ?? GAME_IDS[0]));
      tbl.stale = false;
      tbl.clockAt = Date.now();
      // A decision sent before the connection dropped: send it again (same id, never applied twice).
      if (tbl.inflight) send(tbl.inflight.msg);
      afterUpdate();
      break;
    }
    case 'patch': {
      if (!tbl.snap || tbl.stale) return;
      if (msg.base !== tbl.snap.version) {
        tbl.stale = true;
        send({ type: 'resync' });
        hooks.render();
        return;
      }
      tbl.snap = /** @type {Snap} */ (mergeApply(tbl.snap, msg.patch));
      tbl.snap.version = msg.version;
      tbl.clockAt = Date.now();
      afterUpdate();
      break;
    }
    case 'ack': {
      if (tbl.inflight && tbl.inflight.id === msg.id) {
        tbl.inflight = null;
        tbl.ackVersion = Math.max(tbl.ackVersion, Number(msg.version) || 0);
        tbl.error = '';
        hooks.render();
      }
      break;
    }
    case 'chat': {
      if (Array.isArray(msg.lines)) hooks.chat(msg.lines);
      break;
    }
    case 'presence': {
      tbl.presence = { seats: Array.isArray(msg.seats) ? msg.seats : [], spectators: Number(msg.spectators) || 0 };
      hooks.presence();
      break;
    }
    case 'error': {
      if (typeof msg.code === 'string' && msg.code.startsWith('chat/')) {
        hooks.chatRefused(msg.code);
        return;
      }
      if (msg.code === 'table/damaged') {
        // The record no longer replays on the server: nothing to retry or reconnect to.
        tbl.fatal = t('damaged_help');
        clearTimeout(tbl.retryTimer);
        hooks.render();
        return;
      }
      if (msg.code === 'request/rate_limited' && tbl.inflight) {
        const again = tbl.inflight.msg;
        window.setTimeout(() => { if (tbl.inflight?.msg === again) send(again); }, 1000);
        return;
      }
      if (tbl.inflight && (msg.id == null || tbl.inflight.id === msg.id)) tbl.inflight = null;
      tbl.error = errorText(String(msg.code ?? ''), String(msg.message ?? ''));
      if (tbl.snap && typeof msg.version === 'number' && msg.version !== tbl.snap.version) {
        tbl.stale = true;
        send({ type: 'resync' });
      }
      hooks.render();
      break;
    }
    default:
      break;
  }
}

/** A game whose loading failed: the next message from the server tries again. */
export let loadFailed = '';

/**
 * Loads what a table of `game` needs to be drawn: its module, its data and its strings.
 * @param {string} game
 */
export async function loadGame(game) {
  const load = GAMES[game];
  if (!load) throw new Error(`unknown game ${game}`);
  // The table's configuration may name an owner's data pack: the game is drawn with its files.
  const data = (tbl.id ? tableInfo(tbl.id) : Promise.resolve(null)).then((info) => {
    tbl.pack = packOf(info?.config);
    if (info && tbl.id) tbl.info = info;
    return fetchGameData(game, tbl.pack);
  });
  const [mod, raw] = await Promise.all([load(), data]);
  await useGameStrings(mod.strings);
  mod.init(hooks.ctx(), raw);
  tbl.mod = mod;
}

/** Loads the table's game once its id is known. @param {string} game */
export function ensureGame(game) {
  if (tbl.game === game && loadFailed !== game) return;
  tbl.game = game;
  loadFailed = '';
  hooks.updateTitle();
  loadGame(game).then(() => hooks.render(), (e) => {
    loadFailed = game;
    const text = `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    if (ui.page === 'replay') rep.error = text; else tbl.error = text;
    hooks.render();
  });
}

/** A refusal, readable. @param {string} code @param {string} message */
export function errorText(code, message) {
  /** @type {Record<string, string>} */
  const known = {
    'undo/refused': t('err.undo_refused'),
    'action/stale_version': t('err.stale'),
    'action/not_your_turn': t('err.not_your_turn'),
    'action/illegal': t('err.illegal'),
    'game/not_active': t('err.not_active'),
    'auth/bad_token': t('err.bad_token'),
  };
  return `${known[code] ?? t('err.refused')}${message ? ` — ${message}` : ''}`;
}

/** After each new board: join an open table if invited, forget stale picks, re-render. */
export function afterUpdate() {
  const snap = tbl.snap;
  if (!snap) return;
  const known = store.tables()[tbl.id];
  if (tbl.token && snap.you != null && (known?.seat !== snap.you || known?.token !== tbl.token)) {
    // A token that worked: remembered with the invite it came from, if this page took it.
    const confirmed = known?.pending === tbl.token;
    const from = known?.token === tbl.token ? known?.from ?? null : confirmed ? known?.pendingFrom ?? null : null;
    store.remember(tbl.id, { token: tbl.token, seat: snap.you, at: Date.now(), from, ...(confirmed ? { pending: null, pendingFrom: null } : {}) });
  }
  if (tbl.confirm != null && !snap.legal[tbl.confirm]) tbl.confirm = null;
  // Suggestions are for one version only: hide them once the board moved on.
  if (tbl.hints && tbl.hints.version !== snap.version) tbl.hints = null;
  if (tbl.hintError && snap.legal.length === 0) tbl.hintError = '';
  if (tbl.regionPick != null && !regionChoices(tbl.regionPick).length) tbl.regionPick = null;
  hooks.updated();
  // A seat held with its invite is taken: the server answers with a token of the player's own
  // (the invite stops working), and the page goes on with it.
  const seat = snap.you != null ? snap.seats[snap.you] : null;
  const toTake = seat && seat.kind === 'human' &&
    ((snap.status === 'open' && !seat.joined) || (!seat.claimed && snap.status === 'active'));
  if (toTake && !tbl.joining && tbl.token) {
    tbl.joining = true;
    // The token the seat will be held with is chosen here and kept before asking, so a lost
    // answer does not lose the seat: the page finds it again with this token.
    const mine = newToken();
    const held = store.tables()[tbl.id];
    store.remember(tbl.id, { token: held?.token ?? tbl.token, seat: held?.seat ?? null, at: Date.now(), pending: mine, pendingFrom: tbl.token });
    api(`/api/tables/${encodeURIComponent(tbl.id)}/join`, { token: tbl.token, name: store.name() || null, new_token: mine })
      .then((/** @type {Joined} */ j) => { if (j.token !== tbl.token || j.bound) takeToken(j.token, j.seat, j.bound); })
      .catch((e) => { tbl.error = `${t('join_failed')}: ${e instanceof Error ? e.message : String(e)}`; hooks.render(); });
  } else if (seat?.claimed && tbl.token && !tbl.joining && !tbl.binding && !store.tables()[tbl.id]?.bound) {
    // A seat this browser holds by a token from before seats were bound to people (or an old
    // link with the seat's own token): bound to this browser now, so that no address or
    // connection needs the token any more.
    tbl.binding = true;
    const token = tbl.token;
    api(`/api/tables/${encodeURIComponent(tbl.id)}/join`, { token, name: store.name() || null })
      .then((/** @type {Joined} */ j) => {
        store.remember(tbl.id, { token, seat: j.seat, at: Date.now(), bound: j.bound });
        if (j.bound && tbl.token === token) tbl.token = null;
        history.replaceState(history.state, '', tableUrl(tbl.id, null));
      })
      // Not bound (this browser holds another seat here): the token goes on holding it.
      .catch(() => { history.replaceState(history.state, '', tableUrl(tbl.id, null)); });
  }
  hooks.render();
}

/**
 * The token this browser took a seat with using `invite` (an invite the server now refuses),
 * if any: the confirmed one, or one asked for whose answer never came.
 * @param {string} invite
 * @returns {string | null}
 */
export function tokenFromInvite(invite) {
  const k = store.tables()[tbl.id];
  const found = [k?.from === invite ? k?.token : null, k?.pendingFrom === invite ? k?.pending : null];
  return found.find((x) => x && !refusedTokens.has(x)) ?? null;
}

/**
 * Goes on at the table with the seat taken: by the browser's cookie when the seat is bound to
 * it, else by the seat's own token (remembered here, never in the address), on a fresh
 * connection (the server closes the one opened with the invite).
 * @param {string} token @param {number} seat @param {boolean} [bound]
 */
export function takeToken(token, seat, bound = false) {
  const invite = tbl.token;
  tbl.token = bound ? null : token;
  tbl.error = '';
  tbl.fatal = '';
  tbl.attempts = 0;
  store.remember(tbl.id, { token, seat, at: Date.now(), from: invite, pending: null, pendingFrom: null, bound });
  history.replaceState(history.state, '', tableUrl(tbl.id, null));
  const old = tbl.ws;
  tbl.ws = null;
  old?.close();
  tbl.stale = true;
  connect();
}
