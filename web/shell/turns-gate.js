// @ts-check
// The table's turn-based parts (`turns.js`: the low-time warning, time-outs told, the vote, the
// rating changes) are loaded only for tables that use them: a seated viewer at a clocked table
// or one without a clock, a seat whose time ran out, a finished rated table. A spectator of an
// ordinary table downloads none of it. Until the module is in, each part draws nothing; the
// table is drawn again once it is.

import { hooks } from './state.js';

/** @typedef {import('../src/generated').Snapshot} Snap */

/** @type {typeof import('./turns.js') | null} */
let mod = null;
let asked = false;

/** Whether this table shows any turn-based part. @param {Snap} snap */
function needs(snap) {
  const seated = snap.you != null;
  return (seated && (snap.clocks != null || snap.abandon_after_ms != null))
    || snap.seats.some((x) => x.timed_out_at != null || x.rating != null);
}

/** The module, once loaded (asked for the first time a table needs it). @param {Snap} snap */
function load(snap) {
  if (!mod && !asked && needs(snap)) {
    asked = true;
    void import('./turns.js').then((m) => { mod = m; hooks.render(); });
  }
  return mod;
}

/** See `turns.lowTimeSlot`. @param {Snap} snap */
export const lowTimeSlot = (snap) => load(snap)?.lowTimeSlot(snap) ?? null;
/** See `turns.tickLowTime`. @param {Snap} snap @param {number} elapsed */
export const tickLowTime = (snap, elapsed) => { load(snap)?.tickLowTime(snap, elapsed); };
/** See `turns.abandonBlock`. @param {Snap} snap */
export const abandonBlock = (snap) => load(snap)?.abandonBlock(snap) ?? null;
/** See `turns.resultsNotes`. @param {Snap} snap */
export const resultsNotes = (snap) => load(snap)?.resultsNotes(snap) ?? [];
/** See `turns.timeouts`. @param {Snap} snap */
export const timeouts = (snap) => load(snap)?.timeouts(snap) ?? [];
/** See `turns.timeoutLogLine` (only called for the time-outs `timeouts` gave, so with the
 * module loaded). @param {{seat: number, move: number, text: string}} x */
export const timeoutLogLine = (x) => (mod ? mod.timeoutLogLine(x) : document.createElement('li'));
