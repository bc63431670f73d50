// @ts-check
// The status line: phase, round, facts.

import { EVENT_COLOURS } from './data.js';
import { who, anyCardName, playerFull } from './names.js';
import { h } from '../../shell/dom.js';
import { t, has } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */

/** @typedef {Node | string | number | null | undefined | false} Kid */
/** @typedef {Kid | Array<Kid | Array<Kid>>} Kids */

// Status line
// ---------------------------------------------------------------------------------------------

/** The phase line. @param {Snapshot} snap @param {WkView} view */
export function phaseText(snap, view) {
  const p = view.phase;
  if (view.outcome || p.kind === 'over') return t('ph.over');
  const whom = p.seat != null ? playerFull(p.seat) : '';
  const card = view.revealed ? anyCardName(view.revealed) : '—';
  const key = `ph.${p.kind}`;
  let text = has(key) ? t(key, { who: whom, card }) : `${p.kind}${whom ? ` — ${whom}` : ''}`;
  if (p.seat == null && snap.to_act.length > 0) {
    text += ` ${t('waiting_for', { who: snap.to_act.map((x) => playerFull(x)).join(', ') })}`;
  }
  return `${roundText(view)} · ${text}`;
}

/** The round, or "Setup" before the first. @param {WkView} view */
export function roundText(view) {
  return view.round > 0 ? t('round_n', { n: view.round }) : t('setup');
}

/** The facts under the phase line. @param {Snapshot} snap @param {WkView} view @returns {Kids} */
export function facts(snap, view) {
  return [
    h('span', { id: 'wk-round' }, roundText(view)),
    h('span', { title: t('pool_hint') }, `${t('pool')}: `, h('strong', { id: 'wk-pool' }, view.pool)),
    view.last_round ? h('span', { class: 'tag warn' }, t('last_round')) : null,
    view.the_king ? h('span', { id: 'wk-king', title: `${t('king_hint')}. ${t('king_end_hint')}` }, '♔ ',
      view.the_king.king != null ? t('king_fact', { who: playerFull(view.the_king.king) }) : t('king_none'),
      ` · ${t('king_end', { n: view.the_king.end_at })}`) : null,
    h('span', { title: t('chairman_hint') }, `⚖ ${t('chairman')}: ${playerFull(view.chairman)}`),
    h('span', { title: t('head_hint') }, `✝ ${t('head')}: ${playerFull(view.head)}`),
    view.event_top ? h('span', { title: t('event_top_hint') }, `${t('event_deck')}: `, colourChip(view.event_top), ` (${view.decks[1]})`) : null,
    h('span', { title: t('decks_hint') }, `${t('decks')}: ${t('deck.fate')} ${view.decks[0]} · ${t('deck.agendas')} ${view.decks[2]} · ${t('deck.mercs')} ${view.decks[3]}`),
  ];
}

/** @param {string} colour */
export function colourChip(colour) {
  return h('span', { class: 'wk-colour', style: `--c: ${EVENT_COLOURS[/** @type {keyof typeof EVENT_COLOURS} */ (colour)] ?? '#777'}` }, t(`colour.${colour}`));
}

// ---------------------------------------------------------------------------------------------
