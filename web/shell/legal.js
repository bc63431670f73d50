// @ts-check
// The legal decisions: their kind, the region they name, those on one region.

import { tbl } from './state.js';
import { actionKind } from './dom.js';

export { actionKind };

/** The region a decision names, if any. @param {unknown} a @returns {number | null} */
export function actionRegion(a) {
  return tbl.mod ? tbl.mod.region(a) : null;
}

/** The legal decisions naming a region: indices into `legal`. @param {number} region */
export function regionChoices(region) {
  const snap = tbl.snap;
  if (!snap) return [];
  const out = [];
  for (let i = 0; i < snap.legal.length; i++) {
    if (actionRegion(snap.legal[i].action) === region) out.push(i);
  }
  return out;
}

