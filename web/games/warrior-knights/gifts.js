// @ts-check
// Gifts at any time, whoever is to act: crowns to another Baron and, with Exchanging Heirs, the
// heir tokens the viewer holds. A gift is public and final, so it is asked twice.

import { h, fold } from '../../shell/dom.js';
import { t, has, give, canGive, rerender } from './ctx.js';
import { data } from './data.js';
import { playerFull, who, shapeName } from './names.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */

/**
 * What the form holds between redraws (snapshots redraw the table often).
 * @type {{open: boolean, to: number, crowns: number, heirTo: Record<string, number>, confirm: null | {action: unknown, text: string}}}
 */
const form = { open: false, to: -1, crowns: 1, heirTo: {}, confirm: null };

/** The heir tokens `seat` holds: [owner, shape]. @param {WkView} view @param {number} seat */
export function heirsHeld(view, seat) {
  /** @type {Array<[number, number]>} */
  const out = [];
  view.barons.forEach((b, of) => b.nobles.forEach((n, shape) => {
    if (n.heir === seat) out.push([of, shape]);
  }));
  return out;
}

/** The heir of `of`'s Noble `shape`, in words. @param {number} of @param {number} shape */
export function heirName(of, shape) {
  return t('heir_of', { who: who(of), shape: shapeName(shape) });
}

/** @param {unknown} action @param {string} text */
function ask(action, text) {
  form.confirm = { action, text };
  rerender();
}

/**
 * The viewer's gift box (on their own board), or nothing for a spectator, a Baron out of the
 * game or a finished game.
 * @param {Snapshot} snap @param {WkView} view
 */
export function giftsBox(snap, view) {
  const me = snap.you;
  if (me == null || snap.status !== 'active' || view.outcome != null) return null;
  const mine = view.barons[me];
  if (!mine || mine.eliminated) return null;
  const others = view.barons.map((_, s) => s).filter((s) => s !== me && !view.barons[s].eliminated);
  if (!others.length) return null;
  if (!others.includes(form.to)) form.to = others[0];
  const max = mine.crowns;
  form.crowns = Math.max(1, Math.min(form.crowns || 1, Math.max(1, max)));
  const enabled = canGive();
  /** @param {string} id @param {number} value @param {(v: number) => void} set */
  const pick = (id, value, set) => {
    const sel = /** @type {HTMLSelectElement} */ (h('select', { id, 'data-k': id, 'aria-label': t('give.to') },
      others.map((s) => h('option', { value: s, selected: s === value }, playerFull(s)))));
    sel.addEventListener('change', () => set(Number(sel.value)));
    return sel;
  };
  const amount = /** @type {HTMLInputElement} */ (h('input', {
    type: 'number', id: 'wk-give-crowns', 'data-k': 'wk-give-crowns', min: 1, max: Math.max(1, max), step: 1,
    value: form.crowns, inputmode: 'numeric', 'aria-label': t('give.how_many'), disabled: max < 1,
  }));
  amount.addEventListener('input', () => { form.crowns = Math.floor(Number(amount.value)) || 1; });
  const crownsAction = () => ({ give_crowns: { to: form.to, crowns: Math.min(form.crowns, max) } });
  const giveCrowns = h('button', { type: 'button', id: 'wk-give-crowns-go', 'data-k': 'wk-give-crowns-go', disabled: !enabled || max < 1 }, t('give.go'));
  giveCrowns.addEventListener('click', () => {
    const n = Math.max(1, Math.min(form.crowns, max));
    ask(crownsAction(), t('give.confirm_crowns', { n, who: who(form.to) }));
  });

  const held = heirsHeld(view, me);
  const heirsOn = view.barons.some((b) => b.nobles.some((n) => n.heir != null));
  const heirRows = held.map(([of, shape]) => {
    const key = `${of}-${shape}`;
    const to = others.includes(form.heirTo[key]) ? form.heirTo[key] : others[0];
    const go = h('button', { type: 'button', class: 'wk-give-heir-go', 'data-k': `wk-give-heir-${key}`, 'data-heir': key, disabled: !enabled }, t('give.go'));
    // Read at the click: the choice may have changed since this was drawn.
    go.addEventListener('click', () => {
      const dest = others.includes(form.heirTo[key]) ? form.heirTo[key] : others[0];
      ask({ give_heir: { of, shape, to: dest } }, t('give.confirm_heir', { heir: heirName(of, shape), who: who(dest) }));
    });
    return h('li', { class: 'wk-heir-row' }, h('span', null, heirName(of, shape)), ' → ',
      pick(`wk-give-heir-to-${key}`, to, (v) => { form.heirTo[key] = v; }), ' ', go);
  });

  const c = form.confirm;
  /** @type {HTMLElement | null} */
  let confirm = null;
  if (c) {
    const yes = h('button', { type: 'button', class: 'primary', id: 'wk-give-yes', 'data-k': 'wk-give-yes', disabled: !enabled }, t('give.go'));
    yes.addEventListener('click', () => { form.confirm = null; give(c.action); });
    const no = h('button', { type: 'button', id: 'wk-give-no', 'data-k': 'wk-give-no' }, t('cancel'));
    no.addEventListener('click', () => { form.confirm = null; rerender(); });
    confirm = h('div', { class: 'wk-give-confirm', role: 'alertdialog', 'aria-label': c.text }, h('p', null, c.text, ' ', h('span', { class: 'muted' }, t('give.final'))), yes, ' ', no);
  }

  return fold({ class: 'wk-give', id: 'wk-give' }, form.open || form.confirm != null, (open) => { form.open = open; },
    `⇄ ${t('give.title')}`,
    h('p', { class: 'small-print muted' }, t('give.hint')),
    h('div', { class: 'wk-give-row' }, h('label', { for: 'wk-give-crowns' }, `♛ ${t('give.crowns')}`), ' ', amount, ' → ',
      pick('wk-give-to', form.to, (v) => { form.to = v; }), ' ', giveCrowns),
    heirsOn ? h('div', { class: 'wk-give-heirs' }, h('strong', null, t('give.heirs')),
      held.length ? h('ul', null, heirRows) : h('p', { class: 'muted small-print' }, t('give.no_heirs'))) : null,
    confirm);
}

// Missions (Crown and Glory)
// ---------------------------------------------------------------------------------------------

/** A Mission in words: its name and what it asks. @param {number} i */
export function missionText(i) {
  const card = data().comp.missions?.cards[i];
  if (!card) return { name: `#${i}`, asks: '' };
  const key = `mission.${card.id}`;
  return {
    name: has(key) ? t(key) : card.name,
    asks: t(`mcond.${card.condition.kind}`, { n: card.condition.at_least ?? 0 }),
  };
}

/**
 * A Baron's Mission on his board: his own while the game goes on (secret: only his view has
 * it), everyone's once it is over, with the result.
 * @param {WkView} view @param {number} seat
 */
export function missionLine(view, seat) {
  const reward = data().comp.missions?.reward_influence ?? 2;
  const result = view.missions?.[seat];
  if (result) {
    const m = missionText(result.mission);
    return h('p', { class: `wk-mission${result.fulfilled ? ' done' : ''}`, 'data-mission': result.mission },
      h('strong', null, `${t('mission.of')}: ${m.name}`), ` — ${m.asks} · `,
      result.fulfilled ? `✓ ${t('mission.done', { n: reward })}` : `✗ ${t('mission.failed')}`);
  }
  const mine = view.mine;
  if (mine && mine.seat === seat && mine.mission != null) {
    const m = missionText(mine.mission);
    return h('p', { class: 'wk-mission mine', id: 'wk-my-mission', title: t('mission.hint', { n: reward }) },
      h('strong', null, `${t('mission.yours')}: ${m.name}`), ` — ${m.asks}`,
      h('br', null), h('span', { class: 'small-print muted' }, t('mission.hint', { n: reward })));
  }
  return null;
}
