// @ts-check
// What the shell lends this game (set once by `init`): its functions, forwarded.

/** @type {import('../../shell/game-api.js').Ctx} */
let C = /** @type {any} */ (null);

/** @param {import('../../shell/game-api.js').Ctx} ctx */
export function setCtx(ctx) {
  C = ctx;
}

/** @param {string} key @param {Record<string, string | number>} [params] */
export const t = (key, params) => C.t(key, params);
/** @param {string} key */
export const has = (key) => C.has(key);
export const getLang = () => C.getLang();
/** @param {import('../../src/generated').Snapshot} snap @param {number} seat */
export const seatLabel = (snap, seat) => C.seatLabel(snap, seat);
/** @param {number} seat */
export const colorName = (seat) => C.colorName(seat);
/** @param {number} n */
export const roman = (n) => C.roman(n);
/** @param {number} ms */
export const clock = (ms) => C.clock(ms);
/** @param {number} i */
export const choose = (i) => C.choose(i);
/** @param {number} region */
export const clickRegion = (region) => C.clickRegion(region);
export const canDecide = () => C.canDecide();
/** @param {unknown} action */
export const give = (action) => C.give(action);
export const canGive = () => C.canGive();
/** @type {import('../../shell/game-api.js').Ctx['decisionButton']} */
export const decisionButton = (snap, view, i, enabled, opt) => C.decisionButton(snap, view, i, enabled, opt);
export const rerender = () => C.rerender();
/** @param {string} text */
export const tip = (text) => C.tip(text);
