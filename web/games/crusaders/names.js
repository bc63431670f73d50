// @ts-check
// Crusaders' names and descriptions in the current language: enemies, buildings, actions, orders,
// the step of a turn and each decision (the server's English label is the fallback).

import { t, has, roman } from './ctx.js';
import { D, regionName } from './data.js';

/** @typedef {import('../../src/generated').Action} Action */
/** @typedef {import('../../src/generated').WedgeView} WedgeView */
/** @typedef {import('../../src/generated').StepView} StepView */
/** @typedef {import('../../src/generated').Act} Act */
/** @typedef {import('../../src/generated').BuildingKind} BuildingKind */
/** @typedef {import('../../src/generated').EnemyKind} EnemyKind */
/** @typedef {import('../../src/generated').Order} Order */
/** @typedef {import('../../src/generated').Variant} Variant */
/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').Snapshot} Snap */
/** @typedef {import('../../src/generated').Legal} Legal */
/** @typedef {import('../../src/generated').LogLine} LogLine */

/** @param {EnemyKind} e */
export const enemyName = (e) => t(/** @type {const} */ (`enemy.${e}`));
/** One enemy of a type ("a Prussian"). @param {EnemyKind} e */
export const enemyName1 = (e) => t(/** @type {const} */ (`enemy1.${e}`));
/** @param {EnemyKind} e */
export const enemyAbbr = (e) => t(/** @type {const} */ (`enemy_abbr.${e}`));
/** @param {BuildingKind} b */
export const buildingName = (b) => t(/** @type {const} */ (`building.${b}`));
/** @param {BuildingKind} b */
export const buildingAbbr = (b) => t(/** @type {const} */ (`building_abbr.${b}`));
/** @param {Act} a */
export const actName = (a) => t(/** @type {const} */ (`act.${a}`));
/** @param {Act} a */
export const actAbbr = (a) => t(/** @type {const} */ (`act_abbr.${a}`));
/** @param {Order} o */
export const orderName = (o) => (has(`order.${o}`) ? t(/** @type {const} */ (`order.${o}`)) : o);
/** @param {Variant} v */
export const variantName = (v) => (has(`variant.${v}`) ? t(/** @type {const} */ (`variant.${v}`)) : v);
/** The step of a turn, as a phrase. @param {StepView} step */
export function stepText(step) {
  switch (step.step) {
    case 'travel': return t('step.travel', { n: step.points });
    case 'boost': return t('step.boost', { act: actName(step.act), n: step.x });
    case 'influence': return t('step.influence', { n: step.value });
    case 'mill': return t('step.mill', { level: roman(step.level) });
    case 'crusade': return t('step.crusade', { n: step.value });
    case 'build': return t('step.build', { n: step.value });
    case 'saracen': return t('step.saracen', { face: step.face === 'troop' ? t('troop') : buildingName(step.face.building) });
    default: return t(/** @type {const} */ (`step.${step.step}`));
  }
}

/**
 * @typedef {object} DescribeContext
 * @property {(id: number) => string} region  a region's name
 * @property {(pos: number) => WedgeView | null} wedge  the deciding seat's wedge at a wheel position
 * @property {(w: number) => {basic: Act, secondary: Act} | null} wedgeDef  a wedge of the wedge table
 */

/**
 * A decision described in the current language (`null` for an unknown kind).
 * @param {Action} a
 * @param {DescribeContext} ctx
 * @returns {string | null}
 */
export function describeAction(a, ctx) {
  const wedge = (/** @type {number} */ pos) => {
    const w = ctx.wedge(pos);
    if (!w) return t('wedge_n', { n: pos + 1 });
    const acts = w.upgraded ? `${actName(w.basic)}+${actName(w.secondary)}` : actName(w.basic);
    return t('d.wedge', { n: pos + 1, acts, tokens: w.tokens, count: w.tokens });
  };
  switch (a.type) {
    case 'pick_order': return t('d.pick_order', { order: orderName(a.order) });
    case 'place_wedge': {
      const d = ctx.wedgeDef(a.wedge);
      return d ? t('d.place_wedge', { basic: actName(d.basic), secondary: actName(d.secondary) }) : null;
    }
    case 'setup_token': return t('d.setup_token', { wedge: wedge(a.pos) });
    case 'setup_single': return t('d.setup_single', { wedge: wedge(a.pos) });
    case 'setup_upgrade': return t('d.setup_upgrade', { wedge: wedge(a.pos) });
    case 'setup_giant': return t('d.setup_giant', { wedge: wedge(a.pos) });
    case 'setup_mark': return t('d.setup_mark', { enemy: enemyName(a.enemy) });
    case 'start': return t('d.start', { region: ctx.region(a.region) });
    case 'resolve': return t('d.resolve', { wedge: wedge(a.pos) });
    case 'upgrade': return t('d.upgrade', { wedge: wedge(a.pos) });
    case 'skip_turn': return t('d.skip_turn');
    case 'split': return t(a.giant ? 'd.split_giant' : 'd.split', { act: actName(a.first), n: a.tokens });
    case 'move': return t('d.move', { n: a.knight + 1, region: ctx.region(a.to) });
    case 'end_travel': return t('d.end_travel');
    case 'crusade': return t('d.crusade', { region: ctx.region(a.region) });
    case 'saracen_reward': return t(a.take ? 'd.saracen_take' : 'd.saracen_influence');
    case 'build': return t('d.build', { building: buildingName(a.building), region: ctx.region(a.region) });
    case 'forgo': return t('d.forgo');
    case 'distribute': return t('d.distribute', { wedge: wedge(a.pos) });
    case 'no_distribute': return t('d.no_distribute');
    case 'sow': {
      const c = a.choice;
      const parts = [];
      if (c.ccw) parts.push(t('d.sow_ccw'));
      if (c.origin) parts.push(t('d.sow_origin'));
      if (c.skip != null) parts.push(t('d.sow_skip', { n: c.skip + 1 }));
      if (c.double != null) parts.push(t('d.sow_double', { n: c.double + 1 }));
      if (c.giant != null) parts.push(t('d.sow_giant', { n: c.giant + 1 }));
      return parts.length ? t('d.sow_with', { parts: parts.join(', ') }) : t('d.sow');
    }
    case 'boost': return a.count === 0 ? t('d.boost0') : t('d.boost', { n: a.count });
    case 'take_tile': return t('d.take_tile', { region: ctx.region(a.region) });
    case 'flip_wedge': return t('d.flip_wedge', { wedge: wedge(a.pos) });
    case 'mill_remove': return t('d.mill_remove', { building: buildingName(a.building), level: roman(a.level) });
    case 'crusade_swap': return t('d.crusade_swap', { region: ctx.region(a.region), with: ctx.region(a.with) });
    default: return null;
  }
}

/**
 * The context of a description: region names, the deciding seat's wheel, the wedge table.
 * @param {Snap} snap @param {View} view
 * @returns {DescribeContext}
 */
function describeCtx(snap, view) {
  return {
    region: (id) => regionName(view, id),
    wedge: (pos) => view.seats[snap.you ?? 0]?.wheel?.[pos] ?? null,
    wedgeDef: (w) => D?.components.wedges[w] ?? null,
  };
}

/** A decision's text in the current language. @param {Snap} snap @param {View} view @param {Legal} legal */
export function label(snap, view, legal) {
  if (!D) return legal.label;
  return describeAction(/** @type {Action} */ (legal.action), describeCtx(snap, view)) ?? legal.label;
}

/** A log line in the current language. @param {View} view @param {LogLine} e */
export function logText(view, e) {
  if (e.label == null || e.action == null) return t('log_secret');
  if (!D) return e.label;
  return describeAction(/** @type {Action} */ (e.action), { ...describeCtx(/** @type {any} */ ({ you: null }), view), wedge: () => null }) ?? e.label;
}
