// @ts-check
// Warrior Knights, as the shell sees it (`shell/game-api.js`): the hex map with the overseas inset,
// the Barons' boards, the court, battle and Assembly panels, the planning board, every decision in
// the current language, its strings (loaded per language) and its rules reference.

import { setCtx } from './ctx.js';
import { setData } from './data.js';
import { noteLog } from './follow.js';
import { areaName, setSnap, baronName } from './names.js';
import { colorName } from './ctx.js';
import { region, risky, label, logText } from './describe.js';
import { phaseText, facts } from './status.js';
import { renderMap } from './map.js';
import { boards } from './boards.js';
import { special } from './plan.js';
import { panels } from './panels.js';
import { court, legend, scores } from './court.js';
import { tutorial } from './tutorial.js';
import { effect } from './effect.js';
import { reconstructed } from './reconstructed.js';

/**
 * A drawing function that first notes the table it draws (players' names in every sentence).
 * @template {(snap: any, ...rest: any[]) => any} F
 * @param {F} f
 * @returns {F}
 */
const withSnap = (f) => /** @type {F} */ ((snap, ...rest) => { setSnap(snap); noteLog(snap); return f(snap, ...rest); });

/** @type {import('../../shell/game-api.js').Game} */
export const game = {
  id: 'warrior-knights',
  init(ctx, data) {
    setCtx(ctx);
    setData(data);
  },
  // Three files per language: the table's words; the guide's, the rules lists' and the coach's;
  // gifts, heirs and Crown and Glory's.
  strings: (lang) => Promise.all([import(`./i18n/${lang}.js`), import(`./i18n/guide-${lang}.js`), import(`./i18n/cg-${lang}.js`)])
    .then(([a, b, c]) => ({ ...a.default, ...b.default, ...c.default })),
  rules: (lang) => import(`./i18n/rules-${lang}.js`).then((m) => m.default),
  region,
  risky,
  areaName,
  label: withSnap(label),
  effect: withSnap(effect),
  logText,
  phaseText: withSnap(phaseText),
  facts: withSnap(facts),
  finished: (view) => view.outcome != null,
  renderMap: withSnap(renderMap),
  boards: withSnap(boards),
  special: withSnap(special),
  panels: withSnap(panels),
  court: withSnap(court),
  legend,
  scores: withSnap(scores),
  reconstructed,
  tutorial,
  // Each seat plays one Baron: the role is the seat's number.
  roleName: (role) => `${baronName(Number(role))} (${colorName(Number(role))})`,
};
