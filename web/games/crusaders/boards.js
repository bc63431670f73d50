// @ts-check
// Crusaders' player boards: facts, the action wheel, the buildings left.

import { h, s, stitle, seatBadge, clockText, SEAT_COLORS } from '../../shell/dom.js';
import { t, roman, seatLabel } from './ctx.js';
import { orderDef, regionName, BUILDINGS, ENEMIES, ACTS, ACT_COLORS } from './data.js';
import { enemyName, enemyAbbr, buildingName, actName, actAbbr, orderName } from './names.js';

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
    snap.clocks ? h('span', { class: 'clock', 'data-clock': seat, title: t('clock') }, clockText(snap.clocks[seat] ?? 0)) : null);

  const facts = h('dl', { class: 'facts-list' },
    h('dt', null, t('influence')), h('dd', { class: 'influence', 'data-seat': seat }, p.influence),
    h('dt', null, t('order')), h('dd', { title: def ? `${order && orderName(order) !== def.name ? `${def.name}\n` : ''}${t('setup')}: ${def.setup}\n${t('power')}: ${def.power}` : null, class: 'order' },
      order ? orderName(order) : p.chosen ? t('order_hidden') : '—'),
    h('dt', null, t('troops')), h('dd', { title: t('troops_hint') }, p.troops_up),
    h('dt', null, t('knights')), h('dd', null, knightsOn.map((r) => regionName(view, /** @type {number} */ (r))).join(', ') || '—',
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

  const kinds = divine ? BUILDINGS : BUILDINGS.slice(0, 4);
  const built = h('div', { class: 'off-board', title: t('off_board_hint') },
    h('div', { class: 'ob-title' }, t('buildings_left')),
    h('div', { class: 'ob-grid' }, kinds.map((k, ki) => h('div', { class: 'ob-row', 'data-kind': k },
      h('span', { class: 'ob-kind', title: buildingName(k) }, buildingName(k)),
      [0, 1, 2, 3].map((l) => {
        const gone = ((p.off_board[ki] ?? 0) >> l) & 1;
        return h('span', { class: gone ? 'ob-cell gone' : 'ob-cell left', title: `${buildingName(k)} ${roman(l + 1)}: ${gone ? t('built_or_removed') : t('on_player_board')}` },
          roman(l + 1));
      })))));

  return h('article', {
    class: `player card${toAct ? ' to-act' : ''}${snap.you === seat ? ' me' : ''}`, id: `player-${seat}`,
    'data-seat': seat, style: `--seat: ${SEAT_COLORS[seat % 6]}`,
  },
  header, h('div', { class: 'pl-body' }, renderWheel(p, turnSeat === seat && view.phase.phase === 'turn' ? view.phase.wedge : null), facts, built),
  // Secret order tiles dealt to this seat: shown only in the seat's own view, while choosing.
  p.offered && p.offered.length ? h('p', { class: 'offered', 'data-offered': p.offered.join(',') }, `${t('offered_orders')}: `,
    p.offered.map((o) => orderName(o)).join(', ')) : null);
}

/**
 * The action wheel: six wedges clockwise from the top right, token counts in the middle, upgraded
 * wedges with an outer band in the colour of their second action.
 * @param {PlayerView} p @param {number | null} current
 */
function renderWheel(p, current) {
  const R = 64;
  const svgEl = s('svg', { class: 'wheel', viewBox: `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`, width: 150, height: 150, role: 'img', 'aria-label': t('wheel') });
  const wheel = p.wheel ?? [];
  if (wheel.length === 0) {
    svgEl.append(s('circle', { r: R, fill: '#eee', stroke: '#999' }), s('text', { y: 4, 'text-anchor': 'middle', 'font-size': 11 }, t('wheel_hidden')));
    return svgEl;
  }
  /** @param {number} r @param {number} a */
  const pt = (r, a) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
  /** @param {number} r0 @param {number} r1 @param {number} a0 @param {number} a1 */
  const sector = (r0, r1, a0, a1) => `M${pt(r0, a0)} L${pt(r1, a0)} A${r1},${r1} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} ${r0 > 0 ? `A${r0},${r0} 0 0 0 ${pt(r0, a0)}` : ''} Z`;
  wheel.forEach((w, i) => {
    const a0 = (-90 + 60 * i) * (Math.PI / 180);
    const a1 = a0 + Math.PI / 3;
    const mid = (a0 + a1) / 2;
    const giant = p.giant === i;
    const desc = `${t('wedge_n', { n: i + 1 })}: ${w.upgraded ? `${actName(w.basic)} + ${actName(w.secondary)} (${t('upgraded')})` : `${actName(w.basic)} (${t('upgrades_to', { act: actName(w.secondary) })})`} — ${t('tokens_n', { n: w.tokens })}${giant ? ` — ${t('giant')}` : ''}`;
    const g = s('g', { class: `wedge${w.upgraded ? ' upgraded' : ''}${current === i ? ' current' : ''}`, 'data-pos': i, 'data-tokens': w.tokens }, stitle(desc),
      s('path', { d: sector(0, R, a0, a1), fill: ACT_COLORS[w.basic], stroke: '#555', 'stroke-width': 1 }));
    if (w.upgraded) g.append(s('path', { d: sector(R - 9, R, a0, a1), fill: ACT_COLORS[w.secondary], stroke: '#555', 'stroke-width': 0.8 }));
    const [lx, ly] = [Math.cos(mid) * R * 0.7, Math.sin(mid) * R * 0.7];
    g.append(s('text', { x: lx.toFixed(1), y: (ly + (w.upgraded ? 0 : 3)).toFixed(1), 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 600 }, actAbbr(w.basic)));
    if (w.upgraded) g.append(s('text', { x: lx.toFixed(1), y: (ly + 9).toFixed(1), 'text-anchor': 'middle', 'font-size': 6.5 }, `+${actAbbr(w.secondary)}`));
    const [tx, ty] = [Math.cos(mid) * R * 0.31, Math.sin(mid) * R * 0.31];
    g.append(s('circle', { cx: tx.toFixed(1), cy: ty.toFixed(1), r: 8, fill: w.tokens ? '#222' : '#fff', stroke: '#222' }),
      s('text', { x: tx.toFixed(1), y: (ty + 3.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: w.tokens ? '#fff' : '#222' }, w.tokens));
    if (giant) g.append(s('text', { x: (Math.cos(mid) * R * 0.9).toFixed(1), y: (Math.sin(mid) * R * 0.9 + 3).toFixed(1), 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700 }, 'G'));
    svgEl.append(g);
  });
  return svgEl;
}

