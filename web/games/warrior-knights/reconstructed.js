// @ts-check
// The rules page's list of Warrior Knights' values its data files tag DEFAULT (reconstructed) or
// INFERRED: every such city with its strength and income, and counts for the other components.

import { confOf, confNote } from '../../shell/dom.js';
import { agendaEffectOf, agendaKindOf, eventEffectOf } from './cardtext.js';

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
  return [...cardLists(raw, t, has), { h: t('conf.h'), p: [t('conf.p')], li }];
}

/**
 * The card lists, drawn from the data the game plays with: Baron Action cards, Agendas, Events.
 * @param {any} raw @param {(key: string, params?: Record<string, string | number>) => string} t @param {(key: string) => boolean} has
 */
function cardLists(raw, t, has) {
  const cards = raw['cards.json'];
  const local = (/** @type {string} */ kind, /** @type {string} */ english) => (has(`${kind}.${english}`) ? t(`${kind}.${english}`) : english);
  const printed = (/** @type {string} */ kind, /** @type {string} */ english) => (local(kind, english) !== english ? ` (${english})` : '');
  const count = (/** @type {any} */ c) => (c.count > 1 ? ` ×${c.count}` : '');
  const baron = ['mobilize_forces', 'levy_taxes', 'draft_soldiers', 'rally_support', 'serve_the_church', 'versatile_strategy']
    .map((c) => `${local('card', c)}: ${t(`card_hint.${c}`)}`);
  const agendas = (cards.agendas ?? []).map((/** @type {any} */ a) => `${local('agenda', a.name)}${printed('agenda', a.name)}${count(a)} — ${agendaKindOf(a, t, has)}: ${agendaEffectOf(a, t, has)}${confNote(t, a)}`);
  const events = (cards.events ?? []).map((/** @type {any} */ e) => `${local('event', e.name)}${printed('event', e.name)}${count(e)} — ${local('colour', e.colour)}${e.lasting ? `, ${t('rules_cards.lasting')}` : ''}: ${eventEffectOf(e, t, has)}${confNote(t, e)}`);
  return [
    { h: t('rules_cards.baron'), p: [t('rules_cards.baron_p')], li: baron },
    { h: t('rules_cards.agendas'), p: [t('rules_cards.agendas_p')], li: agendas },
    { h: t('rules_cards.events'), p: [t('rules_cards.events_p')], li: events },
  ];
}
