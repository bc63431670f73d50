// @ts-check
// The account page (`/?account`): accounts are optional (a guest plays as before, known to this
// browser only); an account keeps a person's games on every device and shows their name at
// every table. Signed out: sign in, or create an account. Signed in: the e-mail address for
// notifications, a new password, signing out here or everywhere, deleting the account.

import { h, $ } from './dom.js';
import { ApiError, call, whoAmI, forgetMe } from './api.js';
import { ui } from './state.js';
import { t, usePageStrings } from './i18n.js';
import { notifySection, pageStrings } from './account-notify.js';

/** @typedef {import('../src/generated').Me} Me */

const page = {
  /** A message shown once (saved, signed out elsewhere). */
  notice: '',
  busy: false,
};

/** A refusal in the reader's language. @param {unknown} e */
function refusal(e) {
  if (!(e instanceof ApiError)) return t('account_err_other');
  /** @type {Record<string, string>} */
  const known = {
    'account/name_taken': t('account_err_name_taken'),
    'account/invalid_name': t('account_err_invalid_name'),
    'account/weak_password': t('account_err_weak_password'),
    'account/wrong_credentials': t('account_err_wrong_credentials'),
    'account/throttled': t('account_err_throttled'),
    'account/invalid_email': t('account_err_invalid_email'),
    'account/disabled': t('account_err_disabled'),
    'auth/required': t('account_err_signed_out'),
  };
  return known[e.code] ?? `${t('account_err_other')} — ${e.message}`;
}

/**
 * A form whose submit runs `act` with its fields' values; errors shown in the page.
 * @param {string} id @param {Array<[string, string, string, string?]>} fields name, label, input type, autocomplete
 * @param {string} submit @param {(v: Record<string, string>) => Promise<void>} act
 * @param {string} [cls]
 */
function form(id, fields, submit, act, cls = '') {
  const f = h('form', { id, class: `account-form ${cls}` },
    fields.map(([name, label, type, auto]) => h('label', { class: 'field' }, h('span', null, label),
      h('input', { name, type, autocomplete: auto ?? null, required: name !== 'email', id: `${id}-${name}` }))),
    h('button', { type: 'submit', class: cls.includes('danger') ? 'danger' : 'primary', id: `${id}-submit` }, submit));
  f.addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (page.busy) return;
    /** @type {Record<string, string>} */
    const values = {};
    for (const [name] of fields) values[name] = /** @type {HTMLInputElement} */ (f.querySelector(`[name="${name}"]`)).value;
    page.busy = true;
    page.notice = '';
    const shown = /** @type {HTMLElement | null} */ (document.querySelector('#account-error'));
    if (shown) shown.hidden = true;
    try {
      await act(values);
    } catch (e) {
      // The refusal is shown above the forms; what was typed stays.
      if (shown) {
        shown.textContent = refusal(e);
        shown.hidden = false;
        shown.scrollIntoView({ block: 'nearest' });
      }
    } finally {
      page.busy = false;
    }
  });
  return f;
}

/** Goes back where the person came from (a table that sent them here), else to the lobby. */
function back() {
  const from = new URLSearchParams(location.search).get('back');
  location.href = from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
}

export async function renderAccount() {
  const app = $('#app');
  if (!app || ui.page !== 'account') return;
  document.title = `${t('account')} · Ordo`;
  forgetMe();
  // The notification settings' strings (not the shell's) come with the answer.
  const [me] = await Promise.all([whoAmI(), usePageStrings(pageStrings)]);
  const messages = [
    h('p', { class: 'error', role: 'alert', id: 'account-error', hidden: true }),
    page.notice ? h('p', { class: 'ok', role: 'status', id: 'account-notice' }, page.notice) : null,
  ];
  if (!me) {
    app.replaceChildren(h('div', { class: 'account-page' },
      h('section', { class: 'card intro' }, h('h2', null, t('account')), h('p', null, t('account_intro'))),
      ...messages,
      h('div', { class: 'account-columns' },
        h('section', { class: 'card', id: 'sign-in' }, h('h2', null, t('sign_in')),
          form('signin', [['name', t('account_name'), 'text', 'username'], ['password', t('account_password'), 'password', 'current-password']], t('sign_in'),
            async (v) => { await call('POST', '/api/session', { name: v.name.trim(), password: v.password }); back(); })),
        h('section', { class: 'card', id: 'sign-up' }, h('h2', null, t('sign_up')),
          h('p', { class: 'muted small' }, t('account_rules')),
          form('signup', [['name', t('account_name'), 'text', 'username'], ['password', t('account_password'), 'password', 'new-password'], ['email', t('account_email_optional'), 'email', 'email']], t('account_create'),
            async (v) => {
              await call('POST', '/api/accounts', { name: v.name.trim(), password: v.password, email: v.email.trim() || null });
              back();
            }))),
      notifySection(null)));
    return;
  }
  const out = h('button', { type: 'button', id: 'sign-out' }, t('sign_out'));
  out.addEventListener('click', async () => { await call('DELETE', '/api/session').catch(() => null); location.href = '/'; });
  const everywhere = h('button', { type: 'button', id: 'sign-out-everywhere' }, t('sign_out_everywhere'));
  everywhere.addEventListener('click', async () => { await call('DELETE', '/api/sessions').catch(() => null); location.href = '/'; });
  const email = form('email', [['email', t('account_email_optional'), 'email', 'email']], t('account_save_email'), async (v) => {
    await call('PATCH', '/api/me', { email: v.email.trim() || null });
    page.notice = t('account_saved');
    await renderAccount();
  });
  const field = /** @type {HTMLInputElement | null} */ (email.querySelector('input'));
  if (field) field.value = me.email ?? '';
  app.replaceChildren(h('div', { class: 'account-page' },
    h('section', { class: 'card', id: 'account-me' },
      h('h2', null, t('account')),
      h('p', null, t('account_signed_in_as', { name: me.name }), ' ', h('strong', { id: 'account-name' }, me.name)),
      h('div', { class: 'row wrap' }, out, everywhere, h('a', { class: 'button', id: 'my-profile', href: `/?player=${encodeURIComponent(me.name)}` }, t('profile_mine')), h('a', { class: 'button', href: '/' }, t('back_to_lobby')))),
    ...messages,
    h('section', { class: 'card' }, h('h2', null, t('account_email_title')), h('p', { class: 'muted small' }, t('account_email_help')), email),
    notifySection(me),
    h('section', { class: 'card' }, h('h2', null, t('account_change_password')),
      form('password', [['password', t('account_password'), 'password', 'current-password'], ['new_password', t('account_new_password'), 'password', 'new-password']], t('account_change_password'),
        async (v) => {
          await call('PUT', '/api/me/password', v);
          page.notice = t('account_password_changed');
          await renderAccount();
        })),
    h('section', { class: 'card danger-zone' }, h('h2', null, t('account_delete')), h('p', null, t('account_delete_help')),
      form('delete', [['password', t('account_password'), 'password', 'current-password']], t('account_delete'), async (v) => {
        await call('DELETE', '/api/me', { password: v.password });
        location.href = '/';
      }, 'danger'))));
}
