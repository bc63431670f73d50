// @ts-check
// The rules page's list of Crusaders' values its data files tag DEFAULT (reconstructed) or
// INFERRED: the maps, building costs, enemy tracks and tokens, bonus tiles, Saracen faces, wedges.

import { h, confOf, confNote } from '../../shell/dom.js';

/**
 * @param {any} raw  `GET /api/games/crusaders/data`
 * @param {(key: string, params?: Record<string, string | number>) => string} t @param {(key: string) => boolean} has
 */
export function reconstructed(raw, t, has) {
  const comp = raw?.components;
  if (!comp) return null;
  /** @param {string} prefix @param {string} id */
  const name = (prefix, id) => (has(`${prefix}.${id}`) ? t(`${prefix}.${id}`) : id);
  /** @type {Array<string>} */
  const li = [];
  for (const side of ['map_small', 'map_large']) {
    const m = raw[side];
    if (confOf(m)) li.push(`${t('map')} (${t(`conf.side.${m.side}`)})${confNote(t, m)}`);
  }
  for (const b of comp.buildings ?? []) {
    if (confOf(b)) li.push(`${name('building', b.kind)} ${b.level}: ${t('conf.cost', { n: b.cost })}${confNote(t, b)}`);
  }
  for (const [enemy, track] of Object.entries(comp.enemies?.tracks ?? {})) {
    if (confOf(track)) li.push(`${name('enemy', enemy)}: ${/** @type {any} */ (track).values?.join(' · ') ?? ''}${confNote(t, track)}`);
  }
  const tokens = comp.enemies?.tokens;
  if (confOf(tokens)) li.push(`${['prussian', 'slav', 'saracen'].map((e) => `${name('enemy', e)} ${tokens[e]}`).join(' · ')}${confNote(t, tokens)}`);
  /** @param {string} what @param {Array<any> | undefined} list */
  const count = (what, list) => {
    const all = list ?? [];
    const n = all.filter((x) => confOf(x)).length;
    if (n) li.push(t('conf.count', { what, n, total: all.length }));
  };
  count(t('conf.bonus_tiles'), comp.bonus_tiles);
  count(t('conf.saracen_faces'), comp.enemies?.saracen_faces);
  count(t('conf.wedges'), comp.wedges);
  return [...costTables(raw, t, name), { h: t('conf.h'), p: [t('conf.p')], li }];
}

/**
 * The rules page's cost tables, from the same data the game plays with: building cells (base
 * game, Divine Influence), the troop track, the enemies' strength tracks.
 * @param {any} raw @param {(key: string, params?: Record<string, string | number>) => string} t @param {(prefix: string, id: string) => string} name
 */
function costTables(raw, t, name) {
  const comp = raw.components;
  const roman = ['I', 'II', 'III', 'IV'];
  const acts = ['travel', 'muster', 'crusade', 'influence', 'build'];
  /** @param {any} b */
  const gives = (b) => {
    const w = acts.filter((a) => Number(b.reveals?.[a] ?? 0) > 0).map((a) => `+${b.reveals[a]} ${name('act', a)}`);
    if (b.reveals?.knight) w.push(t('gives.knight'));
    if (b.endgame) w.push(t(`endgame.${b.endgame}`));
    return w.join(', ') || t('gives.none');
  };
  const buildings = (comp.buildings ?? []).map((/** @type {any} */ b) => `${t('cell_title', { what: `${name('building', b.kind)} ${roman[b.level - 1]}`, cost: b.cost, gives: gives(b) })}${confNote(t, b)}`);
  const di = (raw.divine_influence?.buildings ?? []).map((/** @type {any} */ b) => `${name('building', b.kind)} I–IV: ${b.costs.join(' / ')} (${b.paired_costs.join(' / ')})${confNote(t, b)}`);
  const troops = [...(comp.troops ?? []), ...(raw.divine_influence?.extra_troops ?? [])].map((/** @type {any} */ x, /** @type {number} */ i) => `${t('troop_cell', { n: i + 1, cost: x.cost, infl: x.influence, c: x.crusade })}${i >= (comp.troops ?? []).length ? ` (${name('rules_di', 'name')})` : ''}${confNote(t, x)}`);
  const enemies = Object.entries(comp.enemies?.tracks ?? {}).map(([e, tr]) => `${name('enemy', e)}: ${t('track_values', { list: /** @type {any} */ (tr).values.join(' · ') })}${confNote(t, tr)}`);
  enemies.push(`${t('strength_of', { enemy: name('enemy1', 'saracen'), s: comp.enemies?.saracen_strength ?? 6 })}: ${t('saracen_gives', { n: comp.enemies?.saracen_fallback_influence ?? 3 })}`);
  // Pictures drawn from the same data, as on the player boards and the board's tracks.
  const short = (/** @type {any} */ b) => {
    const w = acts.filter((a) => Number(b.reveals?.[a] ?? 0) > 0).map((a) => `+${b.reveals[a]}${name('act', a).slice(0, 2)}`);
    if (b.reveals?.knight) w.push('♞');
    if (b.endgame) w.push('★');
    return w.join(' ');
  };
  const kinds = [...new Set((comp.buildings ?? []).map((/** @type {any} */ b) => b.kind))];
  const diRows = raw.divine_influence?.buildings ?? [];
  const board = h('div', { class: 'off-board rules-pic', id: 'rules-cr-board', role: 'img', 'aria-label': t('rules_costs.buildings') },
    h('div', { class: 'ob-grid' },
      kinds.map((k) => h('div', { class: 'ob-row', 'data-kind': k }, h('span', { class: 'ob-kind' }, name('building', String(k))),
        [1, 2, 3, 4].map((l) => {
          const b = (comp.buildings ?? []).find((/** @type {any} */ x) => x.kind === k && x.level === l);
          return h('span', { class: 'ob-cell left', title: b ? `${t('cell_title', { what: `${name('building', String(k))} ${roman[l - 1]}`, cost: b.cost, gives: gives(b) })}${confNote(t, b)}` : null },
            h('span', { class: 'ob-l' }, roman[l - 1]), b ? h('span', { class: 'ob-cost' }, b.cost) : null, b ? h('span', { class: 'ob-gives' }, short(b)) : null);
        }))),
      diRows.map((/** @type {any} */ b) => h('div', { class: 'ob-row', 'data-kind': b.kind }, h('span', { class: 'ob-kind' }, `${name('building', b.kind)} (${name('rules_di', 'name')})`),
        [0, 1, 2, 3].map((l) => h('span', { class: 'ob-cell left', title: `${t('cell_title_di', { what: `${name('building', b.kind)} ${roman[l]}`, cost: b.costs[l], paired: b.paired_costs[l] })}${confNote(t, b)}` },
          h('span', { class: 'ob-l' }, roman[l]), h('span', { class: 'ob-cost' }, b.costs[l]), h('span', { class: 'ob-gives' }, `(${b.paired_costs[l]})`)))))));
  const track = h('div', { class: 'troop-track rules-pic', id: 'rules-cr-troops', role: 'img', 'aria-label': t('troop_track') },
    [...(comp.troops ?? []), ...(raw.divine_influence?.extra_troops ?? [])].map((/** @type {any} */ x) => h('span', { class: 'tt-cell' },
      h('span', { class: 'tt-cost' }, x.cost), h('span', { class: 'tt-infl' }, `+${x.influence}`))));
  const strengths = h('div', { class: 'rules-pic rules-tracks', id: 'rules-cr-enemies', role: 'img', 'aria-label': t('rules_costs.enemies') },
    Object.entries(comp.enemies?.tracks ?? {}).map(([e, tr]) => h('div', { class: 'row' }, h('span', { class: `chip ${e}` }, name('enemy', e)),
      /** @type {any} */ (tr).values.map((/** @type {number} */ v) => h('span', { class: 'tt-cell' }, h('span', { class: 'tt-cost' }, v))))));
  return [
    { h: t('rules_costs.buildings'), p: [t('rules_costs.buildings_p')], li: [...buildings, ...di], pic: board },
    { h: t('troop_track'), p: [], li: troops, pic: track },
    { h: t('rules_costs.enemies'), p: [t('defeat_gives', { n: 'N' })], li: enemies, pic: strengths },
  ];
}
