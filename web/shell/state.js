// @ts-check
// The shell's state: the page shown, the table held, the replay; and late-bound renderers (so
// that modules that change state and modules that draw it need not import each other).

/** @typedef {import('../src/generated').Snapshot} Snap */
/** @typedef {import('../src/generated').ReplayStep} ReplayStep */
/** @typedef {import('./game-api.js').Game} Game */

import { GAME_IDS } from './games.js';

/** The game last chosen in the lobby. @returns {string} */
function savedGame() {
  try {
    const g = localStorage.getItem('ordo.game');
    if (g && GAME_IDS.includes(g)) return g;
  } catch { /* no storage */ }
  return GAME_IDS[0];
}

/** The page shown, and the game chosen in the lobby. */
export const ui = {
  /** @type {'lobby' | 'table' | 'replay' | 'rules' | 'account' | 'leaderboard' | 'player'} */
  page: 'lobby',
  lobbyGame: savedGame(),
};

/** @typedef {'connecting' | 'connected' | 'reconnecting'} ConnState */

/** Everything the table page holds. */
export const tbl = {
  id: '',
  /** The table's game id (known from the first snapshot or the table's facts). */
  game: '',
  /** @type {string | null} */
  token: null,
  /** The owner's data pack the table plays with (`config.data`), once the table's facts are known. @type {string | null} */
  pack: null,
  /** The table's facts (`GET /api/tables/{id}`: its clock, rated or not), once known. @type {import('../src/generated').TableInfo | null} */
  info: null,
  /** The viewer's clock is in its low-time zone (the sound is made once on entering it). */
  lowTime: false,
  /** @type {Snap | null} */
  snap: null,
  /** The table's game module, once loaded. @type {Game | null} */
  mod: null,
  /** @type {ConnState} */
  conn: 'connecting',
  /** The held snapshot may be behind: no decisions until a fresh snapshot arrives. */
  stale: true,
  /** @type {WebSocket | null} */
  ws: null,
  attempts: 0,
  /** @type {number | undefined} */
  retryTimer: undefined,
  /** A decision or take-back sent and not yet answered (resent on reconnect). */
  /** @type {{id: string, msg: Record<string, unknown>} | null} */
  inflight: null,
  /** The version the last acknowledgement reported (decisions wait until the board reaches it). */
  ackVersion: 0,
  /** @type {number | null} */
  confirm: null,
  /** @type {number | null} */
  regionPick: null,
  error: '',
  /** Keyboard focus was on a decision that went away: focus the next decision offered. */
  wantFocus: false,
  /** A reason the page cannot show the table at all (no such table, a wrong link). */
  fatal: '',
  notice: '',
  joining: false,
  /** A held seat is being bound to this browser (see `afterUpdate`). */
  binding: false,
  lastSend: 0,
  /** When the clocks were last received (local time). */
  clockAt: 0,
  showScores: true,
  /** The other players' boards are shown (folded on a phone). */
  othersOpen: window.matchMedia?.('(min-width: 760px)').matches ?? true,
  /** Suggestions of the coach for the held version: indices into `legal`. */
  /** @type {{version: number, iterations: number, items: Array<{i: number, value: number, visits: number, line: Array<import('../src/generated').LogLine>}>} | null} */
  hints: null,
  hintBusy: false,
  hintError: '',
  /** The table talk this page holds, oldest first. @type {Array<import('../src/generated').ChatLine>} */
  chat: [],
  /** Who is here: each seat's presence and the spectators. @type {{seats: Array<import('../src/generated').Presence>, spectators: number} | null} */
  presence: null,
};

/** The replay viewer's state. */
export const rep = {
  /** @type {ReplayStep | null} */
  step: null,
  /** @type {any} */
  table: null,
  busy: false,
  error: '',
  /** The step the controls point at (the slider may run ahead of the board). */
  want: 0,
  seq: 0,
};

/** Renderers, set by boot.js. */
export const hooks = {
  /** Draws the page shown again (a promise where the page's module is loaded first). @type {() => void | Promise<void>} */
  render: () => {},
  /** Draws the connection indicator. */
  renderConn: () => {},
  /** Updates the game named in the header. */
  updateTitle: () => {},
  /** The context lent to a game. @type {() => import('./game-api.js').Ctx} */
  ctx: () => /** @type {any} */ (null),
  /** A new board of the table arrived (a snapshot or a patch), before it is drawn. */
  updated: () => {},
  /** Chat messages arrived. @type {(lines: Array<import('../src/generated').ChatLine>) => void} */
  chat: () => {},
  /** Presence changed. */
  presence: () => {},
  /** A chat message was refused (its error code). @type {(code: string) => void} */
  chatRefused: () => {},
};
