// @ts-check
// Side panels: the Event, the battle, the Assembly.

import { data } from './data.js';
import { printedName, areaName, cityName, who, shapeName, agendaName, eventName, troopStrength, ballotText, fateBattle, fateFull, agendaEffect, agendaKind, eventEffect, signed, proposalText, cardConf, playerFull } from './names.js';
import { label } from './describe.js';
import { facts, colourChip } from './status.js';
import { nobleBadge, nobleStrength } from './map.js';
import { h, seatBadge, SEAT_COLORS } from '../../shell/dom.js';
import { t } from './ctx.js';
import { revoltPanel, lossesPanel, eventsPanel } from './history.js';
import { observe, current, battleBody, pastBattles } from './battles.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkStage} WkStage */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// Side panels: the Event, the battle, the Assembly
// ---------------------------------------------------------------------------------------------

/** @param {Snapshot} snap @param {WkView} view @returns {Array<HTMLElement>} */
export function panels(snap, view) {
  observe(snap, view);
  return /** @type {Array<HTMLElement>} */ ([revoltPanel(snap, view), lossesPanel(snap, view), eventPanel(snap, view), battlePanel(snap, view), assemblyPanel(snap, view), pastBattles(), eventsPanel(snap, view)].filter(Boolean));
}

/** @param {Snapshot} snap @param {WkView} view */
export function eventPanel(snap, view) {
  if (!view.event) return null;
  const [card, drawer, target] = view.event;
  const ev = data().cards.events[card];
  return h('section', { class: 'card wk-panel', id: 'wk-event', 'aria-label': t('event') },
    h('h2', { title: printedName('event', card) || null }, `${t('event')}: ${eventName(card)}`),
    h('p', null, ev ? colourChip(ev.colour) : null, ' ', eventEffect(card), cardConf('event', card)),
    h('dl', { class: 'facts-list' },
      h('dt', null, t('drawn_by')), h('dd', null, playerFull(drawer)),
      // While the target is being chosen the engine holds the drawer there: show no target yet.
      h('dt', null, t('target')), h('dd', null, view.phase.kind === 'event_target' ? '—' : playerFull(target)),
      ev ? [h('dt', null, t('cancel_cost')), h('dd', null, ev.cancel_cost ? t('faith_n', { n: ev.cancel_cost }) : '—')] : null,
      ev?.lasting ? [h('dt', null, t('lasting')), h('dd', null, '✓')] : null));
}

/** @param {WkStage} st */
export function stageText(st) {
  if (typeof st === 'string') return t(`stage.${st}`);
  if ('discard' in st) return t('stage.discard');
  return t('stage.casualties');
}

/** @param {Snapshot} snap @param {WkView} view */
export function battlePanel(snap, view) {
  const bv = view.battle;
  const f = current();
  if (!bv || !f) return null;
  const b = bv.battle;
  const kind = b.siege ? t('siege') : b.fort ? t('assault') : t('open_field');
  const mineHand = view.mine?.battle_hand ?? [];
  return h('section', { class: 'card wk-panel wk-battle', id: 'wk-battle', 'aria-label': t('battle') },
    h('h2', null, `⚔ ${t('battle_in', { area: areaName(b.area) })}`),
    h('p', null, h('span', { class: 'tag' }, kind), ' ', h('span', { class: 'tag' }, stageText(b.stage)),
      b.discarded[0] || b.discarded[1] ? h('span', { class: 'tag' }, t('bt.discarded', { a: b.discarded[0], d: b.discarded[1] })) : null,
      b.cas[0] || b.cas[1] ? h('span', { class: 'tag' }, t('bt.to_place', { a: b.cas[0], d: b.cas[1] })) : null,
      b.captured ? h('span', { class: 'tag warn' }, t('captured')) : null),
    battleBody(f, bv.hand_sizes),
    mineHand.length ? h('p', { id: 'wk-battle-hand' }, h('strong', null, `${t('your_fate')}: `),
      mineHand.map((id, j) => h('span', { class: 'wk-fate', title: fateFull(id) }, `${j ? ', ' : ''}${fateBattle(id)}`))) : null,
    view.last_fate.length ? h('p', { class: 'small-print muted' }, `${t('last_fate')}: `, view.last_fate.map((id, j) => h('span', { title: fateFull(id) }, `${j ? ', ' : ''}${fateBattle(id)}`))) : null);
}

/** @param {Snapshot} snap @param {WkView} view */
export function assemblyPanel(snap, view) {
  const av = view.assembly;
  if (!av) return null;
  const a = av.assembly;
  const voting = a.voting;
  const rows = view.barons.map((b, seat) => {
    const attending = a.attending.includes(seat);
    const cast = a.casts[seat];
    return h('tr', { 'data-seat': seat, class: attending ? '' : 'muted' },
      h('th', { scope: 'row' }, seatBadge(seat, 14), ' ', playerFull(seat)),
      h('td', null, attending ? '✓' : b.banned ? t('banned') : '—'),
      h('td', null, b.votes),
      h('td', { title: t('fists_hint') }, av.committed[seat] ? `☐×${av.committed[seat]}` : '—'),
      h('td', null, a.revealed[seat] != null && (a.stage === 'cast' || a.stage === 'tally' || a.stage === 'done') ? a.revealed[seat] : '—'),
      h('td', null, cast ? ballotText(cast) : '—'));
  });
  const myCommits = view.mine?.commits ?? [];
  /** @param {Array<number>} list */
  const agendaList = (list) => (list.length ? list.map((k, i) => h('span', { class: 'wk-agenda-chip', title: `${printedName('agenda', k) ? `${printedName('agenda', k)} — ` : ''}${agendaKind(k)} — ${agendaEffect(k)}` }, `${i ? ', ' : ''}${agendaName(k)}`)) : '—');
  return h('section', { class: 'card wk-panel wk-assembly', id: 'wk-assembly', 'aria-label': t('assembly') },
    h('h2', null, `⚖ ${t('assembly')}`),
    h('p', null, h('span', { class: 'tag' }, t(`astage.${a.stage}`)), ' ', `${t('acting_chairman')}: ${playerFull(a.acting)}`),
    voting != null ? h('p', { class: 'wk-voting' }, h('strong', null, `${t('voting_on')}: ${agendaName(voting)}`), ` (${agendaKind(voting)})`,
      h('br', null), h('span', { class: 'small-print' }, agendaEffect(voting)),
      a.proposal ? [h('br', null), `${t('proposal')}: ${proposalText(a.proposal)}`] : null) : null,
    h('dl', { class: 'facts-list' },
      a.pm.length ? [h('dt', null, t('private_motions')), h('dd', null, agendaList(a.pm))] : null,
      a.queue.length ? [h('dt', null, t('order')), h('dd', null, agendaList(a.queue))] : null,
      a.unordered.length ? [h('dt', null, t('to_order')), h('dd', null, agendaList(a.unordered))] : null,
      a.result ? [h('dt', null, t('result')), h('dd', null, ballotText(a.result))] : null),
    h('div', { class: 'scroll-x' }, h('table', { class: 'wk-votes' },
      h('thead', null, h('tr', null, h('th', null, t('player')), h('th', null, t('attending')), h('th', null, t('votes')),
        h('th', null, t('fists')), h('th', null, t('revealed')), h('th', null, t('cast')))),
      h('tbody', null, rows))),
    myCommits.length ? h('p', { id: 'wk-my-fists' }, `${t('your_fists')}: `, myCommits.map((n) => `☐${n}`).join(' ')) : null);
}

// ---------------------------------------------------------------------------------------------
