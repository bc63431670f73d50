// @ts-check
// Crusaders: Thy Will Be Done, as the shell sees it (`shell/game-api.js`): its map, player boards,
// decisions, strings (loaded per language) and rules reference.

import { h, fold, seatBadge } from '../../shell/dom.js';
import { setCtx, t, seatLabel, colorName, rerender } from './ctx.js';
import { setData, D, BUILDINGS, ENEMIES, regionName } from './data.js';
import { enemyName, enemyAbbr, buildingName, buildingAbbr, actName, variantName, stepText, label, logText, orderName } from './names.js';
import { renderMap } from './map.js';
import { renderPlayer } from './boards.js';
import { reconstructed } from './reconstructed.js';
import { preview } from './preview.js';
import { enemyFact } from './tracks.js';
import { observe, effectText, effectExtra } from './outcome.js';
import { tutorial } from './tutorial.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').Snapshot} Snap */

/** Decisions a misclick would hurt (asked twice). */
const CONFIRM = new Set(['forgo', 'end_travel', 'skip_turn', 'no_distribute']);
/** Decisions taken on a region of the map. */
const REGION_ACTIONS = new Set(['start', 'move', 'crusade', 'build', 'take_tile', 'crusade_swap']);

/** The phase line: who is doing what. @param {Snap} snap @param {View} view */
function phaseText(snap, view) {
  const who = (/** @type {number} */ seat) => seatLabel(snap, seat);
  const p = view.phase;
  if (snap.status === 'open') return t('phase.waiting_players');
  switch (p.phase) {
    case 'pick_orders': {
      const waiting = view.seats.filter((x) => !x.chosen).map((x) => who(x.seat));
      return `${t('phase.pick_orders')}${waiting.length ? ` ${t('waiting_for', { who: waiting.join(', ') })}` : ''}`;
    }
    case 'tournament': {
      const waiting = view.seats.filter((x) => !x.chosen).map((x) => who(x.seat));
      return `${t('phase.tournament')}${waiting.length ? ` ${t('waiting_for', { who: waiting.join(', ') })}` : ''}`;
    }
    case 'order_setup': return t('phase.order_setup', { who: who(p.seat) });
    case 'start_region': return t('phase.start_region', { who: who(p.seat) });
    case 'turn': {
      let text = `${t('phase.turn', { who: who(p.seat) })}: ${stepText(p.step)}`;
      if (p.pending) text += ` ${t('then_pending', { act: actName(p.pending[0]), n: p.pending[1] })}`;
      return text;
    }
    case 'over': return t('phase.over');
    default: return '';
  }
}

/** How the other players' last turn is animated: off, normal or slow (remembered on this device). */
const MOTIONS = /** @type {const} */ (['off', 'normal', 'slow']);
const MOTION_KEY = 'ordo.crusaders.motion';
function motion() {
  let m = null;
  try { m = localStorage.getItem(MOTION_KEY); } catch { /* private mode */ }
  return m === 'off' || m === 'slow' ? m : 'normal';
}

/** @param {View} view */
function renderLegend(view) {
  const divine = view.seats.some((p) => p.divine != null);
  const kinds = divine ? BUILDINGS : BUILDINGS.slice(0, 4);
  const speed = h('select', { id: 'cr-motion', 'aria-label': t('motion') },
    MOTIONS.map((m) => h('option', { value: m, selected: motion() === m }, t(`motion.${m}`))));
  speed.addEventListener('change', () => {
    try { localStorage.setItem(MOTION_KEY, /** @type {HTMLSelectElement} */ (speed).value); } catch { /* private mode */ }
    rerender();
  });
  return fold({ class: 'card legend' }, legendOpen, (open) => { legendOpen = open; }, t('legend'),
    h('label', { class: 'row' }, `${t('motion')}: `, speed),
    h('ul', { class: 'plain' },
      ENEMIES.map((e) => h('li', null, h('span', { class: `chip ${e}` }, enemyAbbr(e)), ' ', enemyName(e))),
      kinds.map((k) => h('li', null, h('span', { class: 'chip building' }, buildingAbbr(k)), ' ', buildingName(k))),
      h('li', null, '✠ ', t('start_region')),
      h('li', null, '★ ', t('paris_hint')),
      view.seats.map((p) => h('li', null, seatBadge(p.seat), ' ', colorName(p.seat)))));
}
let legendOpen = false;

/** @param {Snap} snap @param {View} view @param {{footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}} foot */
function renderScores(snap, view, foot) {
  const scores = view.final_scores ?? [];
  if (!foot.shown) return h('section', { class: 'card' }, foot.show);
  const divine = view.seats.some((p) => p.divine != null);
  // Places as the engine ranks them: total, then earlier in turn order (rules §13).
  const order = scores.map((_, i) => i).sort((a, b) => scores[b].total - scores[a].total || (view.seats[a]?.turn_rank ?? a) - (view.seats[b]?.turn_rank ?? b) || a - b);
  const place = new Map(order.map((seat, k) => [seat, k + 1]));
  /** @type {Array<string>} */
  const ties = [];
  for (let k = 1; k < order.length; k++) {
    const [a, b] = [order[k - 1], order[k]];
    if (scores[a].total === scores[b].total) ties.push(t('tie_break', { who: seatLabel(snap, a), other: seatLabel(snap, b), n: scores[a].total }));
  }
  const rows = order.map((i) => scores[i]).map((sc, k) => h('tr', { class: k === 0 ? 'winner' : '', 'data-seat': order[k], 'data-place': k + 1 },
    h('td', { class: 'place' }, place.get(order[k]) ?? ''),
    h('th', { scope: 'row' }, seatBadge(order[k]), ' ', seatLabel(snap, order[k])),
    // The total beside the name (on a phone the parts after it scroll sideways).
    h('td', { class: 'total' }, h('strong', null, sc.total)),
    h('td', null, sc.influence),
    h('td', null, sc.majorities[0]), h('td', null, sc.majorities[1]), h('td', null, sc.majorities[2]),
    divine ? h('td', null, sc.tile_majority) : null,
    h('td', null, sc.buildings),
    divine ? h('td', null, sc.tiles) : null));
  return h('section', { class: 'card scores highlight', id: 'scores', 'aria-label': t('final_scores') },
    h('div', { class: 'row' }, h('h2', null, t('final_scores')), h('span', { class: 'grow' }), foot.hide),
    scores.length ? h('div', { class: 'scroll-x' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, t('place')), h('th', null, t('player')), h('th', null, t('total')), h('th', null, t('influence')),
        // On a phone the enemies' columns are headed by their chips (the names stay on hover and tap).
        ENEMIES.map((e) => h('th', { title: `${enemyName(e)} — ${t('majority_hint')}` }, h('span', { class: 'th-full' }, enemyName(e)), h('span', { class: `th-short chip ${e}` }, enemyAbbr(e)))),
        divine ? h('th', { title: t('tile_majority_hint') }, t('tile_majority')) : null, h('th', { title: t('level4_hint') }, t('buildings')),
        divine ? h('th', null, t('end_game_tiles')) : null)),
      h('tbody', null, rows))) : h('p', null, t('phase.over')),
    h('p', { id: 'winner-line' }, `${t('winner')}: `, order.length ? seatLabel(snap, order[0]) : ''),
    ties.length ? h('p', { id: 'tie-break' }, ties.join(' ')) : null,
    foot.footer);
}

/** The facts under the status line. @param {Snap} _snap @param {View} view */
function facts(_snap, view) {
  return [
    h('span', { title: t('supply_hint'), id: 'supply' }, `${t('supply')}: ${view.supply >= 0 ? view.supply : t('supply_over', { n: -view.supply })}`),
    view.end_triggered ? h('span', { class: 'tag warn' }, t('last_round')) : null,
    h('span', null, `${t('turns')}: ${view.turns}`),
    enemyFact(view, 'prussian'), enemyFact(view, 'slav'), enemyFact(view, 'saracen'),
    h('span', null, `${t('variant')}: ${variantName(view.variant)}`)];
}

/** @type {View | null} */
let lastView = null;

/** @type {import('../../shell/game-api.js').Game} */
export const game = {
  reconstructed,
  id: 'crusaders',
  init(ctx, data) {
    setCtx(ctx);
    setData(data);
  },
  strings: (lang) => import(`./i18n/${lang}.js`).then((m) => m.default),
  rules: (lang) => import(`./i18n/rules-${lang}.js`).then((m) => m.default),
  region(a) {
    /** @type {any} */
    const x = a;
    if (!x || !REGION_ACTIONS.has(x.type)) return null;
    const r = x.to ?? x.region;
    return typeof r === 'number' ? r : null;
  },
  risky: (a, view) => {
    /** @type {any} */
    const x = a;
    // Also a decision that does nothing ("Crusade 4 < Saracen 6: no effect").
    return CONFIRM.has(typeof x === 'string' ? x : x?.type) || (view != null && preview(view, x)?.none === true);
  },
  areaName: (i) => (lastView ? regionName(lastView, i) : `#${i}`),
  // A decision that does nothing says so on its button too.
  label: (snap, view, legal) => (preview(view, legal.action)?.none ? `${label(snap, view, legal)} — ${t('pv.no_effect')}` : label(snap, view, legal)),
  effect: (_snap, view, legal) => preview(view, legal.action)?.text ?? null,
  // What happened (the effect the server sent with the line), else what was decided and what it brought.
  logText: (view, e) => {
    const text = effectText(view, e);
    if (text) return text;
    const extra = effectExtra(e);
    return extra ? `${logText(view, e)} → ${extra}` : logText(view, e);
  },
  phaseText: (snap, view) => {
    observe(snap);
    return phaseText(snap, view);
  },
  facts,
  finished: (view) => view.final_scores != null,
  renderMap(snap, view, choices, picked) {
    observe(snap);
    lastView = view;
    const el = renderMap(snap, view, choices, picked);
    el.querySelector('#map')?.classList.add(`motion-${motion()}`);
    return el;
  },
  boards(snap, view) {
    lastView = view;
    /** @type {View} */
    const v = view;
    const mine = snap.you != null ? v.seats.find((p) => p.seat === snap.you) ?? null : null;
    return {
      mine: mine ? renderPlayer(snap, v, mine) : null,
      others: v.seats.filter((p) => p !== mine).map((p) => renderPlayer(snap, v, p)),
    };
  },
  special: () => null,
  panels: () => null,
  court: () => null,
  legend: renderLegend,
  scores: renderScores,
  // The Order is picked in each game: the profile counts results per Order.
  roleName: (role) => orderName(/** @type {import('../../src/generated').Order} */ (role)),
  tutorial,
};

