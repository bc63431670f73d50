// @ts-check
// The rules page's list of Crusaders' values its data files tag DEFAULT (reconstructed) or
// INFERRED: the maps, building costs, enemy tracks and tokens, bonus tiles, Saracen faces, wedges.

import { confOf, confNote } from '../../shell/dom.js';

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
  return { h: t('conf.h'), p: [t('conf.p')], li };
}
