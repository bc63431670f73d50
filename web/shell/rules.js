// @ts-check
import { h, $ } from './dom.js';
import { ui } from './state.js';
import { getLang, useGameStrings, has, t, gameName } from './i18n.js';
import { GAMES, GAME_IDS } from './games.js';
import { fetchGameData } from './api.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Rules reference (`/?rules`)
// ---------------------------------------------------------------------------------------------

/** The rules page: every game's reference in the current language, each loaded on demand. */
export async function renderRules() {
  const app = $('#app');
  if (!app) return;
  const lang = getLang();
  document.title = `${t('rules_title')} · Ordo`;
  const docs = await Promise.all(GAME_IDS.map(async (id) => {
    const game = await GAMES[id]();
    const [doc, raw] = await Promise.all([game.rules(lang), game.reconstructed ? fetchGameData(id).catch(() => null) : null]);
    return { id, game, doc, raw, intro: '' };
  }));
  // Each game's intro and list of reconstructed values, made while that game's strings are in use.
  for (const d of docs) {
    await useGameStrings(d.game.strings);
    d.intro = has(`rules_intro.${d.id}`) ? t(`rules_intro.${d.id}`) : '';
    const extra = d.raw && d.game.reconstructed ? d.game.reconstructed(d.raw, t, has) : null;
    // One section, or several (tables drawn from the data, then the reconstructed values).
    for (const x of Array.isArray(extra) ? extra : [extra]) if (x && x.li.length) d.doc = [...d.doc, x];
  }
  if (ui.page !== 'rules' || getLang() !== lang) return;
  /** @param {Array<{h: string, p: Array<string>, li?: Array<string>, pic?: Element}>} sections @param {string} prefix */
  const body = (sections, prefix) => sections.map((sec, i) => h('section', { id: `${prefix}-${i}` },
    h('h2', null, sec.h),
    sec.p.map((x) => h('p', null, x)),
    sec.pic ?? null,
    sec.li ? h('ul', null, sec.li.map((x) => h('li', null, x))) : null));
  app.replaceChildren(h('article', { class: 'card rules-page', id: 'rules', 'data-lang': lang },
    h('div', { class: 'row wrap' }, h('h1', null, t('rules_title')), h('span', { class: 'grow' }), h('a', { href: '/', class: 'button small' }, t('back_to_lobby'))),
    h('nav', { 'aria-label': t('rules_contents') },
      h('p', { class: 'rules-game-link' }, docs.map(({ id }, i) => [i ? ' · ' : null, h('a', { href: `#rules-${id}` }, gameName(id))]))),
    docs.map(({ id, doc, intro }) => h('div', { class: 'rules-game-doc', id: `rules-${id}` },
      h('p', { class: 'rules-game' }, gameName(id)),
      intro ? h('p', { class: 'muted' }, intro) : null,
      h('nav', { 'aria-label': `${t('rules_contents')} · ${gameName(id)}` },
        h('ol', { class: 'rules-toc' }, doc.map((sec, i) => h('li', null, h('a', { href: `#rules-${id}-${i}` }, sec.h))))),
      body(doc, `rules-${id}`)))));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}
