// @ts-check
// The rules page's list of Warrior Knights' values its data files tag DEFAULT (reconstructed) or
// INFERRED: every such city with its strength and income, and counts for the other components.

import { confOf, confNote } from '../../shell/dom.js';

/**
 * @param {any} raw  `GET /api/games/warrior-knights/data`
 * @param {(key: string, params?: Record<string, string | number>) => string} t @param {(key: string) => boolean} has
 */
export function reconstructed(raw, t, has) {
  const comp = raw?.['components.json'];
  const cards = raw?.['cards.json'];
  const map = raw?.['map.json'];
  if (!comp || !cards) return null;
  /** @type {Array<string>} */
  const li = [];
  for (const c of comp.cities ?? []) {
    if (!confOf(c)) continue;
    const name = has(`city.${c.name}`) ? t(`city.${c.name}`) : c.name;
    li.push(`${name}${name !== c.name ? ` (${c.name})` : ''}: ${t('city_facts', { strength: c.strength, income: c.income })}${confNote(t, c)}`);
  }
  /** @param {string} what @param {Array<any> | undefined} list */
  const count = (what, list) => {
    const all = list ?? [];
    const n = all.filter((x) => confOf(x)).length;
    if (n) li.push(t('conf.count', { what, n, total: all.length }));
  };
  const named = (map?.kingdom ?? []).filter((/** @type {any} */ a) => a.name && confOf(a));
  if (named.length) {
    li.push(`${t('conf.area_names')}: ${named.map((/** @type {any} */ a) => (has(`area.${a.name}`) ? t(`area.${a.name}`) : a.name)).join(', ')}${confNote(t, named[0])}`);
  }
  count(t('conf.mercs'), comp.mercenaries);
  count(t('conf.agendas'), cards.agendas);
  count(t('conf.events'), cards.events);
  if (confOf(map)) li.push(`${t('map')}${confNote(t, map)}`);
  return { h: t('conf.h'), p: [t('conf.p')], li };
}
