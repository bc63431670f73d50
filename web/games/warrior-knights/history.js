// @ts-check
// Side panels of rules revision 4: the revolt being decided (and the owner's waiting ones), the
// losses of dead Nobles' armies, the history of Events drawn and the public Event discard.

import { data } from './data.js';
import { printedName, cityName, eventName, holderName, natName, playerFull } from './names.js';
import { colourChip } from './status.js';
import { h } from '../../shell/dom.js';
import { t } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkRevoltView} WkRevoltView */

/** A revolting city in the current language (the server's English name as a fallback). @param {WkRevoltView} r */
export function revoltCity(r) {
  return data().comp.cities[r.city] ? cityName(r.city) : r.name;
}

/** Income and both prices of a revolt, in words. @param {WkRevoltView} r */
export function revoltPrices(r) {
  return t('revolt_prices', { income: r.income, crowns: r.crowns, faith: r.faith });
}

/** @param {Snapshot} snap @param {WkView} view */
export function revoltPanel(snap, view) {
  const r = view.revolt;
  const waiting = view.revolts_waiting ?? [];
  if (!r && !waiting.length) return null;
  const owner = r?.seat ?? waiting[0]?.seat;
  return h('section', { class: 'card wk-panel', id: 'wk-revolt', 'aria-label': t('revolt_title') },
    h('h2', { title: r ? printedName('city', r.city) || null : null }, r ? t('revolt_of', { city: revoltCity(r) }) : t('revolt_title')),
    r ? h('dl', { class: 'facts-list' },
      h('dt', null, t('owner')), h('dd', null, playerFull(r.seat)),
      h('dt', null, t('income')), h('dd', { 'data-k': 'income' }, r.income),
      h('dt', null, t('buy_off_crowns')), h('dd', { 'data-k': 'crowns' }, t('crowns_n', { n: r.crowns })),
      h('dt', null, t('buy_off_faith')), h('dd', { 'data-k': 'faith' }, t('faith_n', { n: r.faith }))) : null,
    waiting.length ? [
      h('h3', null, owner != null ? t(r ? 'revolts_waiting' : 'revolts_pick', { who: playerFull(owner) }) : t('revolt_title')),
      h('ul', { class: 'plain', id: 'wk-revolts-waiting' }, waiting.map((w) => h('li', { 'data-city': w.city, title: printedName('city', w.city) || null },
        h('strong', null, revoltCity(w)), ` · ${revoltPrices(w)}`)))] : null);
}

/** @param {Snapshot} snap @param {WkView} view */
export function lossesPanel(snap, view) {
  const losses = view.losses ?? [];
  if (!losses.length) return null;
  return h('section', { class: 'card wk-panel', id: 'wk-losses', 'aria-label': t('losses_title') },
    h('h2', null, t('losses_title')),
    h('p', { class: 'small-print' }, t('losses_hint')),
    h('ol', { class: 'wk-losses' }, losses.map((l, i) => {
      const nat = l.deserter != null ? data().comp.nationalities[l.deserter]?.id : undefined;
      return h('li', { class: i === 0 ? 'current' : 'muted', 'data-seat': l.seat },
        h('strong', null, `${playerFull(l.seat)} · ${holderName(l.holder)}`),
        h('ul', { class: 'plain' },
          l.deserter != null ? h('li', null, t('loss_deserter', { nat: nat ? natName(nat) : `#${l.deserter}` })) : null,
          l.tokens ? h('li', null, t('loss_tokens', { n: l.tokens })) : null,
          l.half ? h('li', null, t('loss_half')) : null));
    })));
}

/** What became of an Event. @param {string} result */
function resultText(result) {
  return t(`evr.${result}`);
}

/**
 * Every Event drawn, newest first (folded), and the public discard pile.
 * @param {Snapshot} snap @param {WkView} view
 */
export function eventsPanel(snap, view) {
  const drawn = view.events_drawn ?? [];
  const discard = view.event_discard ?? [];
  if (!drawn.length && !discard.length) return null;
  const events = data().cards.events;
  const rows = drawn.map((e, i) => {
    const ev = events[e.card];
    const name = ev ? eventName(e.card) : (view.events_text?.[i] ?? `#${e.card}`);
    const struck = e.target !== e.drawer ? ` → ${playerFull(e.target)}` : '';
    return h('li', { 'data-card': e.card, title: [printedName('event', e.card), view.events_text?.[i]].filter(Boolean).join(' — ') || null },
      h('span', { class: 'muted' }, `${t('round_n', { n: e.round })} · `),
      ev ? colourChip(ev.colour) : null, ' ',
      h('strong', null, name), ` · ${playerFull(e.drawer)}${struck} · `,
      h('span', { class: `tag${e.result === 'cancelled' ? ' muted' : ''}` }, resultText(e.result)));
  }).reverse();
  return h('details', { class: 'card wk-panel', id: 'wk-events', open: drawn.length <= 3 ? true : null },
    h('summary', null, t('events_history', { n: drawn.length })),
    h('ol', { class: 'plain wk-events', reversed: true }, rows),
    h('p', { class: 'small-print', id: 'wk-event-discard' }, `${t('event_discard')}: `,
      discard.length ? [...discard].reverse().map((k, j) => h('span', { title: printedName('event', k) || null }, `${j ? ', ' : ''}${eventName(k)}`)) : '—'));
}
