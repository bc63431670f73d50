// @ts-check
// Crusaders' player boards: facts, the action wheel, the buildings left.

import { h, seatBadge, SEAT_COLORS } from '../../shell/dom.js';
import { renderWheel } from './wheel.js';
import { renderBuildingCells, renderTroopTrack } from './tracks.js';
import { t, roman, seatLabel, clock } from './ctx.js';
import { orderDef, regionName, BUILDINGS, ENEMIES, ACTS } from './data.js';
import { enemyName, enemyAbbr, buildingName, actName, orderName } from './names.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').PlayerView} PlayerView */
/** @typedef {import('../../src/generated').Snapshot} Snap */
// ---------------------------------------------------------------------------------------------
// Player boards
// ---------------------------------------------------------------------------------------------

/** @param {Snap} snap @param {View} view @param {PlayerView} p */
export function renderPlayer(snap, view, p) {
  const seat = p.seat;
  const sp = snap.seats[seat];
  const toAct = snap.status === 'active' && snap.to_act.includes(seat);
  const turnSeat = view.phase.phase === 'turn' ? view.phase.seat : null;
  const order = p.order != null ? p.order : null;
  const def = order ? orderDef(order) : undefined;
  // The fourth (black) knight only plays for the Order of Montesa.
  const knights = (p.knights ?? []).slice(0, order === 'montesa' ? 4 : 3);
  const knightsOn = knights.filter((k) => k != null);
  const knightsOff = knights.length - knightsOn.length;
  const divine = p.divine ?? null;

  const header = h('div', { class: 'pl-head' },
    seatBadge(seat, 22),
    h('strong', { class: 'pl-name' }, seatLabel(snap, seat)),
    h('span', { class: 'grow' }),
    sp?.away ? h('span', { class: 'tag warn', title: t('away_hint') }, t('away')) : null,
    p.turn_rank === 0 ? h('span', { class: 'tag', title: t('start_player_hint') }, t('start_player')) : null,
    toAct ? h('span', { class: 'tag act', title: t('to_act_hint') }, `▶ ${t('to_act')}`) : null,
    snap.clocks ? h('span', { class: 'clock', 'data-clock': seat, title: t('clock') }, clock(snap.clocks[seat] ?? 0)) : null);

  const facts = h('dl', { class: 'facts-list' },
    h('dt', null, t('influence')), h('dd', { class: 'influence', 'data-seat': seat }, p.influence),
    h('dt', null, t('order')), h('dd', { title: def ? `${order && orderName(order) !== def.name ? `${def.name}\n` : ''}${t('setup')}: ${def.setup}\n${t('power')}: ${def.power}` : null, class: 'order' },
      order ? orderName(order) : p.chosen ? t('order_hidden') : '—'),
    h('dt', null, t('troops')), h('dd', { title: t('troops_hint') }, p.troops_up),
    h('dt', null, t('knights')), h('dd', { class: 'knights' }, knights.map((r, k) => (r != null ? `${k + 1}: ${regionName(view, r)}` : null)).filter(Boolean).join(' · ') || '—',
      knightsOff ? ` (+${knightsOff} ${t('waiting_knights')})` : ''),
    h('dt', null, t('defeated')), h('dd', null, ENEMIES.map((e, i) => h('span', { class: `defeated ${e}`, title: enemyName(e) },
      h('span', { class: `chip ${e}` }, enemyAbbr(e)), `×${p.defeated[i] ?? 0} `))),
    p.bonus.some((x) => x > 0) ? [h('dt', null, t('bonuses')), h('dd', { title: t('bonuses_hint') },
      ACTS.map((a, i) => (p.bonus[i] ? `${actName(a)} +${p.bonus[i]}` : '')).filter(Boolean).join(', '))] : null,
    p.mark ? [h('dt', null, t('marked_enemy')), h('dd', null, enemyName(p.mark))] : null,
    divine ? [
      h('dt', null, t('influence_tiles')), h('dd', { title: t('influence_tiles_hint') }, `${divine.tiles} (${t('end_game_tiles')}: ${divine.end_tiles})`),
      divine.one_shot.some((x) => x > 0) ? [h('dt', null, t('one_shot_tiles')), h('dd', null,
        ACTS.map((a, i) => (divine.one_shot[i] ? `${actName(a)} ×${divine.one_shot[i]}` : '')).filter(Boolean).join(', '))] : null,
      h('dt', null, t('chapel_tokens')), h('dd', null, divine.chapel_tokens),
      h('dt', null, t('arms_left')), h('dd', null, divine.arms_left),
      divine.vault_points ? [h('dt', null, t('vault_points')), h('dd', null, divine.vault_points)] : null,
    ] : null);

  const built = renderBuildingCells(p);

  return h('article', {
    class: `player card${toAct ? ' to-act' : ''}${snap.you === seat ? ' me' : ''}`, id: `player-${seat}`,
    'data-seat': seat, style: `--seat: ${SEAT_COLORS[seat % 6]}`,
  },
  header, h('div', { class: 'pl-body' }, renderWheel(snap, view, p, turnSeat === seat && view.phase.phase === 'turn' ? view.phase.wedge : null), facts, built, renderTroopTrack(view, p)),
  // Secret order tiles dealt to this seat: shown only in the seat's own view, while choosing.
  p.offered && p.offered.length ? h('p', { class: 'offered', 'data-offered': p.offered.join(',') }, `${t('offered_orders')}: `,
    p.offered.map((o) => orderName(o)).join(', ')) : null);
}
