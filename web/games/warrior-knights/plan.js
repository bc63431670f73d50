// @ts-check
// The planning board: cards laid on the six Action stacks.

import { data, BARON_CARDS } from './data.js';
import { cardName } from './names.js';
import { payload, label } from './describe.js';
import { h, actionKind } from '../../shell/dom.js';
import { t, choose, decisionButton, rerender } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// Planning board
// ---------------------------------------------------------------------------------------------

/**
 * Why a card laid now would do nothing this round, or ''. Mobilize Forces needs a fresh Noble on
 * the board; Levy Taxes a Noble on the board.
 * @param {string} c @param {WkView} view
 */
export function planWarning(c, view) {
  const seat = view.mine?.seat;
  const nobles = seat != null ? view.barons[seat]?.nobles ?? [] : [];
  const onBoard = nobles.filter((n) => !n.gone && typeof n.loc === 'object' && 'at' in n.loc);
  if (c === 'mobilize_forces' && !onBoard.some((n) => !n.exhausted)) return t('warn.no_fresh_noble');
  if (c === 'levy_taxes' && onBoard.length === 0) return t('warn.no_noble');
  return '';
}

/** The hand card picked on the planning board, waiting for a stack. @type {string | null} */
export let planPick = null;

/**
 * Planning: your hand, the three stacks, one-click buttons per card and stack, and "done planning".
 * Returns null outside Planning.
 * @param {Snapshot} snap @param {WkView} view @param {boolean} enabled
 * @returns {{el: HTMLElement, handled: Set<number>} | null}
 */
export function special(snap, view, enabled) {
  const mine = view.mine;
  /** @type {Array<number>} */
  const planIdx = [];
  let doneIdx = -1;
  snap.legal.forEach((l, i) => {
    const k = actionKind(l.action);
    if (k === 'plan') planIdx.push(i);
    else if (k === 'plan_done') doneIdx = i;
  });
  if (!mine || (planIdx.length === 0 && doneIdx < 0)) {
    planPick = null;
    return null;
  }
  const handled = new Set(planIdx);
  if (doneIdx >= 0) handled.add(doneIdx);
  /** @param {number} stack @param {string} card */
  const find = (stack, card) => planIdx.find((i) => {
    const p = payload(snap.legal[i].action);
    return p?.stack === stack && p?.card === card;
  }) ?? -1;
  const playable = (/** @type {string} */ c) => planIdx.some((i) => payload(snap.legal[i].action)?.card === c);
  if (planPick && !playable(planPick)) planPick = null;
  const laidTotal = mine.planned.reduce((n, st) => n + st.length, 0);

  const hand = BARON_CARDS.map((c, ci) => {
    const count = mine.hand[ci];
    if (!count) return null;
    const picked = planPick === c;
    const pick = h('button', {
      type: 'button', class: `wk-hand-card${picked ? ' picked' : ''}`, 'aria-pressed': picked ? 'true' : 'false',
      'data-card': c, 'data-k': `plan-pick-${c}`, disabled: !enabled || !playable(c), title: `${t(`card_hint.${c}`)} (${t(`card_needs.${c}`)})`,
    }, h('span', { class: 'wk-card-name' }, cardName(c)), h('span', { class: 'wk-card-count' }, `×${count}`));
    pick.addEventListener('click', (e) => {
      planPick = planPick === c ? null : c;
      rerender();
      // From the keyboard, go on to the stacks.
      const target = document.querySelector('#wk-plan .wk-stack-target:not([disabled])');
      if (planPick && e.detail === 0 && target instanceof HTMLElement) target.focus();
    });
    const quick = [0, 1, 2].map((st) => {
      const i = find(st, c);
      return i >= 0 ? decisionButton(snap, /** @type {any} */ (view), i, enabled, { text: `→${st + 1}`, cls: 'small wk-quick' }) : null;
    });
    const warn = planWarning(c, view);
    return h('li', { class: 'wk-hand-row' }, pick, h('span', { class: 'wk-quick-row' }, quick),
      h('span', { class: 'wk-card-does small-print' }, t(`card_hint.${c}`)),
      h('span', { class: 'wk-card-needs small-print muted', 'data-needs': c }, t(`card_needs.${c}`)),
      warn ? h('span', { class: 'wk-card-warn small-print', 'data-warn': c }, `⚠ ${warn}`) : null);
  });

  const stacks = [0, 1, 2].map((st) => {
    const laid = mine.planned[st];
    const i = planPick ? find(st, planPick) : -1;
    const body = [
      h('span', { class: 'wk-slot-title' }, `${t('stack_n', { n: st + 1 })} (${laid.length}/2)`),
      h('span', { class: 'wk-slot-cards' }, laid.length ? laid.map((c) => {
        const warn = planWarning(c, view);
        return h('span', { class: `wk-card mini${warn ? ' warn' : ''}`, 'data-plan-card': c, title: warn || t(`card_hint.${c}`) }, warn ? `⚠ ${cardName(c)}` : cardName(c));
      }) : h('span', { class: 'muted' }, '—')),
    ];
    if (i >= 0) {
      const b = h('button', {
        type: 'button', class: 'wk-stack-slot wk-stack-target', 'data-stack': st, 'data-k': `plan-stack-${st}`, disabled: !enabled,
        'aria-label': label(snap, view, snap.legal[i]),
      }, body, h('span', { class: 'wk-lay' }, t('lay_here')));
      b.addEventListener('click', () => { planPick = null; choose(i); });
      return b;
    }
    return h('div', { class: 'wk-stack-slot', 'data-stack': st }, body);
  });

  const done = doneIdx >= 0 ? decisionButton(snap, /** @type {any} */ (view), doneIdx, enabled, { cls: 'primary wk-plan-done' }) : null;
  const el = h('div', { class: 'group wk-plan', id: 'wk-plan' },
    h('div', { class: 'group-title' }, t('planning_title', { n: laidTotal })),
    h('p', { class: 'muted small-print' }, planPick ? t('plan_pick_stack', { card: cardName(planPick) }) : t('plan_help')),
    h('div', { class: 'wk-stacks', role: 'group', 'aria-label': t('stacks') }, stacks),
    h('ul', { class: 'wk-hand', 'aria-label': t('your_hand') }, hand),
    h('div', { class: 'row' }, done));
  return { el, handled };
}

// ---------------------------------------------------------------------------------------------
