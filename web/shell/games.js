// @ts-check
// The registry: every game the client can show, by id, loaded on demand. The only place in the
// shell that names a game.

/** @typedef {import('./game-api.js').Game} Game */

/** @type {Record<string, () => Promise<Game>>} */
export const GAMES = {
  crusaders: () => import('../games/crusaders/index.js').then((m) => m.game),
  'warrior-knights': () => import('../games/warrior-knights/index.js').then((m) => m.game),
};

/** The game ids, in the lobby's order. */
export const GAME_IDS = Object.keys(GAMES);

/** Each game's part of the lobby (small; loaded when the game is chosen or a table of it listed). */
/** @type {Record<string, () => Promise<import('./game-api.js').Setup>>} */
export const SETUPS = {
  crusaders: () => import('../games/crusaders/setup.js').then((m) => m.setup),
  'warrior-knights': () => import('../games/warrior-knights/setup.js').then((m) => m.setup),
};
