// @ts-check
// Warrior Knights, as the shell sees it (`shell/game-api.js`): the hex map with the overseas inset,
// the Barons' boards, the court, battle and Assembly panels, the planning board, every decision in
// the current language, its strings (loaded per language) and its rules reference.

import { setCtx } from './ctx.js';
import { setData } from './data.js';
import { areaName } from './names.js';
import { region, risky, label, logText } from './describe.js';
import { phaseText, facts } from './status.js';
import { renderMap } from './map.js';
import { boards } from './boards.js';
import { special } from './plan.js';
import { panels } from './panels.js';
import { court, legend, scores } from './court.js';
import { reconstructed } from './reconstructed.js';

/** @type {import('../../shell/game-api.js').Game} */
export const game = {
  id: 'warrior-knights',
  init(ctx, data) {
    setCtx(ctx);
    setData(data);
  },
  strings: (lang) => import(`./i18n/${lang}.js`).then((m) => m.default),
  rules: (lang) => import(`./i18n/rules-${lang}.js`).then((m) => m.default),
  region,
  risky,
  areaName,
  label,
  logText,
  phaseText,
  facts,
  finished: (view) => view.outcome != null,
  renderMap,
  boards,
  special,
  panels,
  court,
  legend,
  scores,
  reconstructed,
};
