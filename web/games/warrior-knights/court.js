// @ts-check
// The court: Action stacks, special-phase areas, Mercenary Track, Agendas, expeditions; legend and scores.

import { data, ZONES } from './data.js';
import { printedName, who, cardName, zoneName, expName, agendaName, eventName, natName, troopWage, troopText, agendaEffect, agendaKind, eventEffect, cardConf, playerFull, playerBaron } from './names.js';
import { label } from './describe.js';
import { nobleBadge, castlePath, towerPath, MOTIONS, MOTION_KEY, motion } from './map.js';
import { h, s, fold, seatBadge, SEAT_COLORS } from '../../shell/dom.js';
import { t, rerender } from './ctx.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkCard} WkCard */

/** @typedef {Node | string | number | null | undefined | false} Kid */

// The court: stacks, special-phase areas, Mercenary Track, Agendas, expeditions
// ---------------------------------------------------------------------------------------------

/** @param {Snapshot} snap @param {WkView} view */
export function court(snap, view) {
  const d = data();
  const n = view.barons_count;
  const inActions = !['planning', 'setup_stronghold', 'setup_troops', 'setup_noble', 'over'].includes(view.phase.kind) && view.stacks.some((x) => x > 0);
  const stacks = h('div', { class: 'wk-court-box', id: 'wk-stacks' },
    h('h3', null, t('stacks')),
    view.revealed ? h('p', { class: 'wk-revealed' }, `${t('revealed_card')}: `, cardChip(view.revealed),
      ` — ${'baron' in view.revealed ? playerFull(view.revealed.baron.seat) : t('neutral_cards')}`) : null,
    inActions && view.stacks[view.stack] > 0 ? h('p', { class: 'small-print muted', id: 'wk-up-next' }, t('up_next', { n: view.stack + 1 })) : null,
    h('div', { class: 'wk-stack-row' }, [0, 1, 2].map((i) => h('div', { class: `wk-stack${inActions && view.stack === i ? ' current' : ''}`, 'data-stack': i },
      h('div', { class: 'wk-stack-head' }, `${t('stack_n', { n: i + 1 })}`, h('strong', null, ` ${view.stacks[i]}`)),
      h('div', { class: 'wk-owner-chips' }, view.stack_owners[i].map((c, seat) => (c ? h('span', {
        class: 'wk-owner', style: seat < n ? `--seat: ${SEAT_COLORS[seat % 6]}` : null, title: seat < n ? `${playerFull(seat)}: ${c}` : `${t('neutral_cards')}: ${c}`,
      }, seat < n ? seatBadge(seat, 12) : 'N', `×${c}`) : null)))))));

  const zones = h('div', { class: 'wk-court-box', id: 'wk-zones' },
    h('h3', null, t('special_areas')),
    h('div', { class: 'wk-zone-row' }, ZONES.map((z, i) => h('div', { class: `wk-zone ${z}`, 'data-zone': z, title: t(`zone_hint.${z}`) },
      h('div', { class: 'wk-zone-head' }, zoneName(z), h('span', { class: 'muted' }, ` ${view.zones[i].length}/${2 * n}`)),
      h('div', { class: 'wk-zone-cards' }, view.zones[i].map(([seat, c]) => h('span', { class: 'wk-card mini', style: `--seat: ${SEAT_COLORS[seat % 6]}`, title: playerFull(seat) },
        seatBadge(seat, 11), ' ', cardName(c))))))));

  const track = h('div', { class: 'wk-court-box', id: 'wk-track' },
    h('h3', null, t('merc_track'), h('span', { class: 'muted' }, ` (${t('draft_at', { n: n + 1 })})`)),
    h('ol', { class: 'wk-track' }, d.comp.mercenary_track.map((spot, i) => {
      const open = i < view.track.length;
      const owner = view.track[i] ?? null;
      return h('li', { class: `wk-spot${open ? '' : ' closed'}`, 'data-spot': i, title: open ? t('spot_hint', { fee: spot.versatile_fee, count: spot.versatile_fee }) : t('spot_closed', { n: spot.min_barons }) },
        h('span', { class: 'wk-spot-n' }, i + 1), owner != null ? seatBadge(owner, 14) : h('span', { class: 'wk-spot-empty' }, open ? '○' : '·'),
        h('span', { class: 'wk-fee' }, `${spot.versatile_fee}♛`));
    })),
    h('div', { class: 'wk-offer' }, h('strong', null, `${t('offer')}: `),
      view.offer.length ? view.offer.map((id) => mercChip(id)) : '—'),
    view.hires.length ? h('div', { class: 'wk-offer' }, h('strong', null, `${t('hires')}: `), view.hires.map((id) => mercChip(id))) : null);

  const agendas = h('div', { class: 'wk-court-box', id: 'wk-agendas' },
    h('h3', null, t('agendas')),
    h('ul', { class: 'plain' }, view.current_agendas.length ? view.current_agendas.map((k) => h('li', { class: 'wk-agenda' },
      h('strong', { title: printedName('agenda', k) || null }, agendaName(k)), ' ', h('span', { class: 'muted' }, `(${agendaKind(k)})`), h('br', null), h('span', { class: 'small-print' }, agendaEffect(k), cardConf('agenda', k)))) : h('li', { class: 'muted' }, '—')),
    view.laws.length ? h('p', null, h('strong', null, `${t('laws')}: `), view.laws.map((k, i) => h('span', { title: `${printedName('agenda', k) ? `${printedName('agenda', k)} — ` : ''}${agendaEffect(k)}${cardConf('agenda', k)}` }, `${i ? ', ' : ''}${agendaName(k)}`))) : null,
    view.lasting.length ? h('p', null, h('strong', null, `${t('lasting_events')}: `), view.lasting.map(([e, seat], i) => h('span', { title: `${printedName('event', e) ? `${printedName('event', e)} — ` : ''}${eventEffect(e)}${cardConf('event', e)}` }, `${i ? ', ' : ''}${eventName(e)} (${who(seat)})`))) : null);

  const exps = h('div', { class: 'wk-court-box', id: 'wk-expeditions' },
    h('h3', null, t('expeditions')),
    h('ul', { class: 'plain' }, view.expeditions.map((e, i) => h('li', { class: 'wk-exp', 'data-exp': i },
      h('strong', null, expName(i)), ': ',
      e.spot ? [h('span', { class: 'wk-exp-track', 'aria-label': t('exp_spot', { n: e.spot }) }, [1, 2, 3].map((k) => (k === e.spot ? '⚑' : k < e.spot ? '·' : '○')).join(' ')),
        e.blessed ? h('span', { class: 'tag' }, `✝ ${t('blessed')}`) : null,
        ' ', e.funds.slice(0, n).map((f, seat) => (f ? h('span', { class: 'wk-fund' }, seatBadge(seat, 12), `${f}♛ `) : null))] : h('span', { class: 'muted' }, t('not_under_way'))))));

  return h('section', { class: 'card wk-court', id: 'wk-court', 'aria-label': t('court') },
    h('h2', null, t('court')),
    h('div', { class: 'wk-court-grid' }, stacks, zones, track, agendas, exps));
}

/** @param {WkCard} c */
export function cardChip(c) {
  if ('baron' in c) {
    const seat = c.baron.seat;
    return h('span', { class: 'wk-card', style: `--seat: ${SEAT_COLORS[seat % 6]}`, 'data-card': c.baron.card }, seatBadge(seat, 12), ' ', cardName(c.baron.card));
  }
  return h('span', { class: 'wk-card neutral', 'data-card': c.neutral }, cardName(c.neutral));
}

/** @param {number} id */
export function mercChip(id) {
  const m = data().comp.mercenaries[id];
  return h('span', { class: 'wk-merc', title: troopText(id) }, m ? `${natName(m.nationality)} ${m.strength}` : `#${id}`, h('span', { class: 'wk-wage' }, ` ${troopWage(id)}♛`));
}

// ---------------------------------------------------------------------------------------------
// Legend and scores
// ---------------------------------------------------------------------------------------------

/** @param {WkView} view */
export function legend(view) {
  const piece = (/** @type {SVGElement} */ el) => s('svg', { class: 'badge', width: 26, height: 20, viewBox: '0 0 26 20', 'aria-hidden': 'true' }, el);
  const speed = h('select', { id: 'wk-motion', 'aria-label': t('motion') },
    MOTIONS.map((m) => h('option', { value: m, selected: motion() === m }, t(`motion.${m}`))));
  speed.addEventListener('change', () => {
    try { localStorage.setItem(MOTION_KEY, /** @type {HTMLSelectElement} */ (speed).value); } catch { /* private mode */ }
    legendOpen = true;
    rerender();
  });
  return fold({ class: 'card legend' }, legendOpen, (open) => { legendOpen = open; }, t('legend'),
    h('label', { class: 'row' }, `${t('motion')}: `, speed),
    h('ul', { class: 'plain wk-legend' },
      h('li', null, piece(s('path', { d: castlePath(13, 10), class: 'castle', fill: '#fbf7ee', stroke: '#333' })), ' ', t('lg.city')),
      h('li', null, piece(s('path', { d: castlePath(13, 10), class: 'castle', fill: SEAT_COLORS[0], stroke: '#111', 'stroke-width': 3 })), ' ', t('lg.fortified')),
      h('li', null, piece(s('path', { d: castlePath(13, 10), fill: 'none', stroke: '#999', 'stroke-dasharray': '2 2' })), ' ', t('lg.razed')),
      h('li', null, piece(s('path', { d: towerPath(13, 10), fill: SEAT_COLORS[0], stroke: '#111' })), ' ', t('lg.stronghold')),
      h('li', null, [0, 1, 2, 3].map((k) => nobleBadge(0, k, 16)), ' ', t('lg.nobles')),
      h('li', null, h('span', { class: 'wk-lg-ex' }, nobleBadge(0, 3, 16)), ' ', t('lg.exhausted')),
      h('li', null, '✕2 ', t('lg.breaches')),
      h('li', null, '⚓ ', t('lg.port')),
      h('li', null, piece(s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'road' })), ' ', t('lg.road')),
      h('li', null, piece(s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'river' })), ' ', t('lg.river')),
      h('li', null, piece(s('g', null, s('line', { x1: 2, y1: 10, x2: 24, y2: 10, class: 'river' }), s('line', { x1: 13, y1: 3, x2: 13, y2: 17, class: 'bridge' }))), ' ', t('lg.bridge')),
      h('li', null, piece(s('polyline', { points: '2,12 6,7 10,12 14,7 18,12 22,7', class: 'mountain' })), ' ', t('lg.mountain')),
      view.barons.map((_, seat) => h('li', null, seatBadge(seat), ' ', playerBaron(seat)))));
}

/** Whether the legend is open (kept across redraws). */
let legendOpen = false;

/**
 * The end of the game: places, Influence and the tie-breakers.
 * @param {Snapshot} snap @param {WkView} view
 * @param {{footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}} foot
 */
export function scores(snap, view, foot) {
  if (!foot.shown) return h('section', { class: 'card' }, foot.show);
  const out = view.outcome;
  const standing = view.standing;
  /** @param {number} seat */
  const placeOf = (seat) => standing?.places[seat] ?? out?.places[seat] ?? view.barons.length;
  /** @param {number} seat */
  const shared = (seat) => view.barons.some((_, o) => o !== seat && placeOf(o) === placeOf(seat));
  const order = view.barons.map((_, seat) => seat).sort((x, y) => placeOf(x) - placeOf(y));
  /** @param {number} seat */
  const winners0 = (seat) => (standing ? standing.king === seat : placeOf(seat) === 0);
  const rows = order.map((seat) => {
    const b = view.barons[seat];
    const cities = view.cities.filter((c) => c.owner === seat && !c.razed).length;
    const place = placeOf(seat);
    return h('tr', { class: winners0(seat) ? 'winner' : '', 'data-seat': seat, 'data-place': place },
      h('td', { title: shared(seat) ? t('place_shared') : null }, shared(seat) ? `=${place + 1}` : place + 1),
      h('th', { scope: 'row' }, seatBadge(seat), ' ', playerBaron(seat)),
      h('td', { class: 'total' }, h('strong', null, b.influence)),
      h('td', null, cities),
      h('td', null, b.crowns + b.faith + b.votes));
  });
  // Rules revision 4: the standing names the King, or none while the leaders stay tied.
  const winners = standing ? (standing.king != null ? [standing.king] : []) : order.filter((seat) => placeOf(seat) === 0);
  return h('section', { class: 'card scores highlight', id: 'scores', 'aria-label': t('final_scores') },
    h('div', { class: 'row' }, h('h2', null, t('final_scores')), h('span', { class: 'grow' }), foot.hide),
    view.city_winner != null ? h('p', { class: 'wk-city-win' }, t('city_win', { who: playerFull(view.city_winner) })) : null,
    h('div', { class: 'scroll-x' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, t('place')), h('th', null, t('player')), h('th', null, t('influence')),
        h('th', null, t('cities')), h('th', { title: t('tiebreak_hint') }, t('crowns_faith_votes')))),
      h('tbody', null, rows))),
    h('p', { id: 'wk-king' }, `${t('winner')}: `, winners.length ? winners.map((seat) => playerFull(seat)).join(', ') : t('no_king')),
    foot.footer);
}

// ---------------------------------------------------------------------------------------------
