// @ts-check
// Costs and tracks drawn from the game's data: the player board's building cells (cost, what
// uncovering gives, end-game scoring), the troop track (cost, Influence, Crusade) and the enemies'
// strengths with what defeating one gives. Values the data tags DEFAULT or INFERRED say so.

import { h, confNote } from '../../shell/dom.js';
import { t, roman } from './ctx.js';
import { D, BUILDINGS, ACTS } from './data.js';
import { buildingName, actName, actAbbr, enemyName1 } from './names.js';
import { troop, strength } from './preview.js';

/** @typedef {import('../../src/generated').View} View */
/** @typedef {import('../../src/generated').PlayerView} PlayerView */
/** @typedef {import('../../src/generated').EnemyKind} EnemyKind */

/** What uncovering a base building cell gives: short and in words. @param {any} def */
export function gives(def) {
  const short = [];
  const words = [];
  for (const a of ACTS) {
    const n = Number(def?.reveals?.[a] ?? 0);
    if (n) { short.push(`+${n}${actAbbr(a).slice(0, 2)}`); words.push(`+${n} ${actName(a)}`); }
  }
  if (def?.reveals?.knight) { short.push('♞'); words.push(t('gives.knight')); }
  if (def?.endgame) { short.push('★'); words.push(t(`endgame.${def.endgame}`)); }
  return { short: short.join(' '), words: words.join(', ') || t('gives.none') };
}

/** The player board: every building cell with its cost and what it gives. @param {PlayerView} p */
export function renderBuildingCells(p) {
  const divine = p.divine ?? null;
  const kinds = divine ? BUILDINGS : BUILDINGS.slice(0, 4);
  const base = D?.components.buildings ?? [];
  const di = D?.divine_influence?.buildings ?? [];
  return h('div', { class: 'off-board', title: t('off_board_hint') },
    h('div', { class: 'ob-title' }, t('buildings_left')),
    h('div', { class: 'ob-grid' }, kinds.map((k, ki) => h('div', { class: 'ob-row', 'data-kind': k },
      h('span', { class: 'ob-kind', title: buildingName(k) }, buildingName(k)),
      [0, 1, 2, 3].map((l) => {
        const gone = ((p.off_board[ki] ?? 0) >> l) & 1;
        const name = `${buildingName(k)} ${roman(l + 1)}`;
        let cost = '';
        let title = '';
        let short = '';
        if (ki < 4) {
          const def = base.find((b) => b.kind === k && b.level === l + 1);
          const g = gives(def);
          cost = def ? String(def.cost) : '';
          short = g.short;
          title = `${t('cell_title', { what: name, cost, gives: g.words })}${confNote(t, def)}`;
        } else {
          const row = di.find((b) => b.kind === k);
          cost = row ? String(row.costs[l]) : '';
          title = `${t('cell_title_di', { what: name, cost, paired: row?.paired_costs[l] ?? '' })}${confNote(t, row)}`;
        }
        return h('span', { class: gone ? 'ob-cell gone' : 'ob-cell left', 'data-cost': cost, title: `${title}\n${gone ? t('built_or_removed') : t('on_player_board')}` },
          h('span', { class: 'ob-l' }, roman(l + 1)), cost ? h('span', { class: 'ob-cost' }, cost) : null,
          short ? h('span', { class: 'ob-gives' }, short) : null);
      })))));
}

/** The troop track: each troop's Muster cost, Influence and Crusade; face-up ones marked. @param {View} view @param {PlayerView} p */
export function renderTroopTrack(view, p) {
  const cells = [];
  for (let i = 0; ; i++) {
    const tr = troop(view, i);
    if (!tr) break;
    const up = i < p.troops_up;
    cells.push(h('span', {
      class: `tt-cell${up ? ' up' : ''}${i === p.troops_up ? ' next' : ''}`,
      title: `${t('troop_cell', { n: i + 1, cost: tr.cost, infl: tr.influence, c: tr.crusade })}${up ? ` — ${t('troop_up')}` : ''}${confNote(t, tr)}`,
    }, h('span', { class: 'tt-cost' }, tr.cost), h('span', { class: 'tt-infl' }, `+${tr.influence}`)));
  }
  return h('div', { class: 'troop-track', 'aria-label': t('troop_track') }, h('span', { class: 'ob-title' }, `${t('troop_track')}: `), cells);
}

/** An enemy type's strength as a strength, with what defeating one gives (the facts line). @param {View} view @param {EnemyKind} e */
export function enemyFact(view, e) {
  const s = strength(view, e);
  const tracks = view.seats.some((p) => p.divine != null) ? D?.divine_influence?.tracks : D?.components.enemies?.tracks;
  const track = e === 'saracen' ? null : tracks?.[e];
  const gain = e === 'saracen' ? t('saracen_gives', { n: D?.components.enemies?.saracen_fallback_influence ?? 3 }) : t('defeat_gives', { n: s });
  const title = [t('strength_of', { enemy: enemyName1(e), s }), gain,
    track ? `${t('track_values', { list: track.values.join(' · ') })}${confNote(t, track)}` : ''].filter(Boolean).join('\n');
  return h('span', { class: `enemy-fact ${e}`, title }, `${t('strength_of', { enemy: enemyName1(e), s })} (${e === 'saracen' ? t('saracen_short') : `+${s}`})`);
}
