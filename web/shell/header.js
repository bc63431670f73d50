// @ts-check
import { h, $ } from './dom.js';
import { ui, tbl } from './state.js';
import { LANGS, getLang, setLang, t, gameName } from './i18n.js';
import { whoAmI } from './api.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// ---------------------------------------------------------------------------------------------
// Header: language selector and connection indicator
// ---------------------------------------------------------------------------------------------

export function renderHeader() {
  const header = $('#top');
  if (!header) return;
  const select = h('select', { id: 'lang', 'aria-label': t('language'), title: t('language') },
    Object.entries(LANGS).map(([code, name]) => h('option', { value: code, selected: code === getLang() }, name)));
  select.addEventListener('change', () => setLang(/** @type {HTMLSelectElement} */ (select).value));
  header.replaceChildren(
    h('a', { href: '/', class: 'brand', title: t('lobby') }, 'Ordo'),
    h('span', { class: 'subtitle' }, titleOfPage()),
    h('span', { class: 'grow' }),
    h('a', { href: '/?rules', id: 'rules-link', class: 'rules-link', target: ui.page === 'table' ? '_blank' : null, rel: ui.page === 'table' ? 'noopener' : null }, t('rules_link')),
    accountLink(),
    h('span', { id: 'conn-slot' }),
    h('label', { class: 'lang' }, h('span', { class: 'sr' }, t('language')), select),
  );
  document.documentElement.lang = getLang();
  document.title = `Ordo · ${titleOfPage()}`;
}

/** Updates the game named in the header and the tab's title. */
export function updateTitle() {
  const sub = $('#top .subtitle');
  if (sub) sub.textContent = titleOfPage();
  document.title = `Ordo · ${titleOfPage()}`;
}

/** The game named in the header: the table's, or the one chosen in the lobby. */
export function titleOfPage() {
  if (ui.page === 'table' || ui.page === 'replay') return tbl.game ? gameName(tbl.game) : '';
  if (ui.page === 'lobby') return gameName(ui.lobbyGame);
  if (ui.page === 'account') return t('account');
  if (ui.page === 'leaderboard') return t('leaderboard');
  if (ui.page === 'player') return t('profile');
  return t('rules_title');
}


/** The account link: the signed-in name, or "Sign in" (the account page comes back here). */
function accountLink() {
  const back = `${location.pathname}${location.search}`;
  const href = ui.page === 'account' ? '/?account' : `/?account&back=${encodeURIComponent(back)}`;
  const a = h('a', { href, id: 'account-link', class: 'account-link' }, t('sign_in'));
  if (ui.page === 'account') a.setAttribute('aria-current', 'page');
  void whoAmI().then((me) => {
    if (me) {
      a.textContent = me.name;
      a.title = t('account');
      a.classList.add('signed-in');
    }
  });
  return a;
}
