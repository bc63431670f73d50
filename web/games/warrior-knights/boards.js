// @ts-check
// The Barons' boards and the viewer's hand.

import { data, BARON_CARDS } from './data.js';
import { printedName, areaName, cityName, baronName, who, shapeName, cardName, agendaName, troopStrength, troopText, agendaEffect, agendaKind, playerFull } from './names.js';
import { facts } from './status.js';
import { nobleBadge, nobleStrength, maintained, locText, nobleTitle } from './map.js';
import { h, s, seatBadge, SEAT_COLORS } from '../../shell/dom.js';
import { t } from './ctx.js';
import { giftsBox, missionLine } from './gifts.js';
import { offersBox } from './offers.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// The Barons' boards
// ---------------------------------------------------------------------------------------------

/** Own board and the others'. @param {Snapshot} snap @param {WkView} view */
export function boards(snap, view) {
  const mineSeat = snap.you;
  /** @type {HTMLElement | null} */
  let mine = null;
  /** @type {Array<HTMLElement>} */
  const others = [];
  view.barons.forEach((_, seat) => {
    const el = baronBoard(snap, view, seat);
    if (seat === mineSeat) mine = el;
    else others.push(el);
  });
  return { mine, others };
}

/** @param {Snapshot} snap @param {WkView} view @param {number} seat */
export function baronBoard(snap, view, seat) {
  const b = view.barons[seat];
  const sp = snap.seats[seat];
  const toAct = snap.status === 'active' && snap.to_act.includes(seat);
  const planning = view.phase.kind === 'planning';
  const cities = view.cities.map((c, i) => (c.owner === seat && !c.razed ? i : -1)).filter((i) => i >= 0);
  const kingdomCities = cities.filter((c) => data().areas[data().cityArea[c]]?.kingdom);
  const header = h('div', { class: 'pl-head' },
    seatBadge(seat, 22),
    h('strong', { class: 'pl-name' }, playerFull(seat), snap.you === seat ? ` (${t('you')})` : ''),
    h('span', { class: 'muted wk-baron-name' }, `— ${baronName(seat)}`),
    h('span', { class: 'grow' }),
    view.the_king?.king === seat ? h('span', { class: 'tag wk-king-tag', title: t('king_hint') }, `♔ ${t('king')}`) : null,
    view.chairman === seat ? h('span', { class: 'tag', title: t('chairman_hint') }, `⚖ ${t('chairman')}`) : null,
    view.head === seat ? h('span', { class: 'tag', title: t('head_hint') }, `✝ ${t('head')}`) : null,
    b.banned ? h('span', { class: 'tag warn', title: t('banned_hint') }, t('banned')) : null,
    b.eliminated ? h('span', { class: 'tag warn' }, t('eliminated')) : null,
    sp?.away ? h('span', { class: 'tag warn', title: t('away_hint') }, t('away')) : null,
    planning && b.plan_done ? h('span', { class: 'tag' }, `✓ ${t('planned')}`) : null,
    toAct ? h('span', { class: 'tag act', title: t('to_act_hint') }, `▶ ${t('to_act')}`) : null,
    snap.clocks ? h('span', { class: 'clock', 'data-clock': seat, title: t('clock') }, '') : null);

  const res = h('div', { class: 'wk-res' },
    resBox('crowns', '♛', b.crowns, t('crowns')),
    resBox('votes', '☑', b.votes, t('votes')),
    resBox('faith', '✝', b.faith, t('faith')),
    resBox('influence', '★', b.influence, t('influence')));

  const shTroops = b.sh_troops.reduce((sum, id) => sum + troopStrength(id), 0);
  const factsEl = h('dl', { class: 'facts-list' },
    h('dt', null, t('hand')), h('dd', { class: 'wk-hand-size' }, t('cards_n', { n: b.hand_size })),
    planning || b.planned.some((x) => x > 0) ? [h('dt', null, t('laid')), h('dd', { class: 'wk-laid', title: t('laid_hint') },
      b.planned.map((x, i) => `${i + 1}: ${x}`).join(' · '))] : null,
    h('dt', null, t('cities')), h('dd', { class: 'wk-cities' }, cities.length ? `${cities.length} (${t('kingdom_n', { n: kingdomCities.length })}): ${cities.map(cityName).join(', ')}` : '—'),
    h('dt', null, t('stronghold')), h('dd', { class: 'wk-sh' },
      b.stronghold != null ? areaName(b.stronghold) : t('off_board'),
      b.sh_troops.length ? ` · ${t('troops')} ${shTroops}` : '',
      b.sh_casualties ? ` · ${t('casualties_n', { n: b.sh_casualties })}` : '',
      b.sh_breaches ? ` · ${t('breaches_n', { n: b.sh_breaches })}` : '',
      b.sh_siege ? ` · ${t('besieged_by', { who: who(b.sh_siege[0]) })}` : ''),
    b.charges.length ? [h('dt', null, t('charges')), h('dd', { class: 'wk-charges' }, b.charges.map((k, i) => h('span', { class: 'wk-agenda-chip', title: `${printedName('agenda', k) ? `${printedName('agenda', k)} — ` : ''}${agendaKind(k)} — ${agendaEffect(k)}` }, `${i ? ', ' : ''}${agendaName(k)}`)))] : null);

  const nobles = h('table', { class: 'wk-nobles' },
    h('thead', null, h('tr', null, h('th', null, t('noble')), h('th', null, t('where')), h('th', null, t('troops')), h('th', null, t('state')))),
    h('tbody', null, b.nobles.map((n, k) => {
      const state = [];
      if (n.gone) state.push(t('gone'));
      if (n.exhausted) state.push(t('exhausted'));
      if (n.casualties) state.push(t('casualties_n', { n: n.casualties }));
      if (n.office != null) state.push(`${t('office')}: ${agendaName(n.office)}`);
      if (n.no_heir) state.push(t('no_heir'));
      if (n.dead && !n.gone && n.loc === 'off') state.push(n.heir != null && n.heir !== seat ? t('dead_heir_away', { who: who(n.heir) }) : t('dead_heir_home'));
      else if (n.heir != null && n.heir !== seat) state.push(t('heir_held_by', { who: who(n.heir) }));
      return h('tr', { class: `${n.exhausted ? 'exhausted' : ''}${n.gone ? ' gone' : ''}`, 'data-shape': k, title: nobleTitle(seat, k, n) },
        h('td', null, nobleBadge(seat, k, 16), ' ', shapeName(k)),
        h('td', null, n.gone ? '—' : locText(n.loc)),
        h('td', { title: n.troops.map(troopText).join(', ') }, n.troops.length || maintained(n) ? nobleStrength(n) : '—'),
        h('td', null, state.join(', ') || '—'));
    })));

  const hand = seat === snap.you && view.mine && view.mine.seat === seat ? myHand(view) : null;
  const gifts = seat === snap.you ? giftsBox(snap, view) : null;
  const offers = seat === snap.you ? offersBox(snap, view) : null;
  return h('article', {
    class: `player card wk-baron${toAct ? ' to-act' : ''}${snap.you === seat ? ' me' : ''}`, id: `player-${seat}`,
    'data-seat': seat, style: `--seat: ${SEAT_COLORS[seat % 6]}`,
  }, header, res, missionLine(view, seat), factsEl, nobles, hand, offers, gifts);
}

/** @param {string} cls @param {string} icon @param {number} n @param {string} name */
export function resBox(cls, icon, n, name) {
  return h('div', { class: `wk-r ${cls}`, title: name }, h('span', { class: 'wk-r-icon', 'aria-hidden': 'true' }, icon), h('span', { class: 'wk-r-n' }, n), h('span', { class: 'wk-r-name' }, name));
}

/** Own hand and laid cards (from `view.mine`, only ever the viewer's own). @param {WkView} view */
export function myHand(view) {
  const m = view.mine;
  if (!m) return null;
  return h('div', { class: 'wk-mine', id: 'my-hand' },
    h('div', null, h('strong', null, `${t('your_hand')}: `),
      BARON_CARDS.map((c, i) => (m.hand[i] ? h('span', { class: 'wk-card mini', 'data-hand-card': c }, `${cardName(c)} ×${m.hand[i]}`) : null))),
    m.planned.some((x) => x.length) ? h('div', { class: 'wk-my-plan' }, h('strong', null, `${t('your_plan')}: `),
      m.planned.map((st, i) => h('span', { class: 'wk-plan-stack' }, `${t('stack_n', { n: i + 1 })}: `,
        st.length ? st.map((c) => h('span', { class: 'wk-card mini', 'data-plan-card': c }, cardName(c))) : '—'))) : null);
}

// ---------------------------------------------------------------------------------------------
