// @ts-check
// What a decision will do, in words: a hint's reason besides its winning chance.

import { cardName } from './names.js';
import { payload } from './describe.js';
import { planWarning } from './plan.js';
import { actionKind } from '../../shell/dom.js';
import { t, has } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').Legal} Legal */

/** A Baron card's effect ("Levy Taxes: 1 crown per area holding one of your Nobles"). @param {string} c */
function cardEffect(c) {
  return has(`card_hint.${c}`) ? `${cardName(c)}: ${t(`card_hint.${c}`)}` : cardName(c);
}

/**
 * The immediate effect of a decision, or null where its label already says it all.
 * @param {Snapshot} _snap @param {WkView} view @param {Legal} legal
 */
export function effect(_snap, view, legal) {
  const a = legal.action;
  const v = payload(a);
  switch (actionKind(a)) {
    case 'plan': {
      const warn = planWarning(v.card, view);
      return warn ? `${cardEffect(v.card)} — ⚠ ${warn}` : `${cardEffect(v.card)} (${t(`card_needs.${v.card}`)})`;
    }
    case 'carry_out': {
      const c = view.revealed;
      return c && 'baron' in c ? cardEffect(c.baron.card) : null;
    }
    case 'decline': {
      const c = view.revealed;
      return c && 'baron' in c ? t('fx.decline', { card: cardName(c.baron.card) }) : null;
    }
    default: return null;
  }
}
