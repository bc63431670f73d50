// @ts-check
// The account page's "Notifications": how the player is told it is their turn. Signed in: a
// sound, browser notifications, e-mail reminders (with an address), a webhook (and a test of it),
// and a vacation (turn-based clocks stop, no reminders), kept on the server. A guest: the sound
// and browser notifications, kept in this browser. The browser's permission is asked only when
// the player switches browser notifications on.

import { h, $ } from './dom.js';
import { ApiError, call } from './api.js';
import { t, getLang } from './i18n.js';
import { guestPrefs, saveGuestPrefs, usePrefs } from './notify.js';

/** @typedef {import('../src/generated').Me} Me */
/** @typedef {import('../src/generated').NotifySettings} NotifySettings */
/** @typedef {import('../src/generated').WebhookTest} WebhookTest */

/** The strings only this section, the leaderboard and the profile use (not the shell's; as `leaderboard.js`). @param {string} code */
export const pageStrings = (code) => import(`../i18n/pages/${code}.js`).then((m) => /** @type {import('./i18n.js').Dict} */ (m.default));

const DAY_MS = 86400000;
/** The longest vacation, from now. */
const VACATION_MAX_MS = 30 * DAY_MS;

const st = {
  /** The account's settings, once asked for. @type {NotifySettings | null} */
  settings: null,
  error: '',
  notice: '',
  /** The webhook's test, last answered. @type {WebhookTest | null} */
  test: null,
  /** What is typed in the webhook's and the vacation's fields and not saved yet (kept across redraws and refusals). @type {string | null} */
  hookDraft: null,
  /** @type {string | null} */
  dateDraft: null,
  busy: false,
};

/** A refusal in the reader's language. @param {unknown} e */
function refusal(e) {
  if (!(e instanceof ApiError)) return t('account_err_other');
  /** @type {Record<string, string>} */
  const known = {
    'notify/webhook': t('notify_err_webhook'),
    'notify/vacation': t('notify_err_vacation'),
    'notify/email': t('notify_err_email'),
    'auth/required': t('account_err_signed_out'),
  };
  return known[e.code] ?? `${t('account_err_other')} — ${e.message}`;
}

/** Whether this browser shows notifications, and what it answered. @returns {'granted' | 'denied' | 'default' | 'unsupported'} */
function permission() {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks this browser for permission (only after the player switched notifications on). */
async function askPermission() {
  if (permission() !== 'default') return;
  try { await Notification.requestPermission(); } catch { /* an old browser: the callback form is not worth it */ }
}

/** Draws the section again in place. */
function redraw() {
  const old = $('#notify-settings');
  if (old) old.replaceWith(section());
}
/** The person the section is for. @type {Me | null} */
let current = null;

/**
 * Saves the account's settings with some changed; the answer is what the server keeps.
 * @param {Partial<NotifySettings>} change @param {string} [notice]
 */
async function save(change, notice = t('account_saved')) {
  const was = st.settings;
  if (!was || st.busy) return;
  const next = { ...was, ...change };
  st.busy = true;
  st.error = '';
  st.notice = '';
  try {
    /** @type {NotifySettings} */
    const got = await call('PUT', '/api/me/notifications', {
      sound: next.sound, browser: next.browser, email: next.email, webhook: next.webhook, vacation_until: next.vacation_until, lang: getLang(),
    });
    st.settings = got;
    usePrefs(got);
    st.notice = notice;
    if ('webhook' in change) st.hookDraft = null;
    if ('vacation_until' in change) st.dateDraft = null;
  } catch (e) {
    st.error = refusal(e);
  } finally {
    st.busy = false;
    redraw();
  }
}

/** A switch. @param {string} id @param {string} label @param {boolean} on @param {(v: boolean) => void} set @param {{disabled?: boolean, hint?: string | null}} [o] */
function toggle(id, label, on, set, o = {}) {
  const box = h('input', { type: 'checkbox', id, checked: on, disabled: o.disabled || st.busy });
  box.addEventListener('change', () => set(/** @type {HTMLInputElement} */ (box).checked));
  return h('div', { class: 'notify-switch' },
    h('label', { class: 'check' }, box, label),
    o.hint ? h('p', { class: 'muted small', id: `${id}-hint` }, o.hint) : null);
}

/** What the browser says about its notifications, when it matters. @param {boolean} on */
function permissionNote(on) {
  const p = permission();
  if (!on) return null;
  if (p === 'unsupported') return h('p', { class: 'warn small', id: 'notify-permission' }, t('notify_browser_unsupported'));
  if (p === 'denied') return h('p', { class: 'warn small', id: 'notify-permission' }, t('notify_browser_denied'));
  if (p === 'default') {
    const b = h('button', { type: 'button', class: 'small', id: 'notify-permission' }, t('notify_browser_allow'));
    b.addEventListener('click', async () => { await askPermission(); redraw(); });
    return b;
  }
  return null;
}

/** A date input's value as the end of that day, here (never past the longest vacation). @param {string} v */
function endOfDay(v) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return null;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1).getTime() - 1;
  return Math.min(end, Date.now() + VACATION_MAX_MS - 60000);
}

/** A day as a date input writes it. @param {Date} d */
function isoDay(d) {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The account's settings: switches, webhook, vacation. @param {NotifySettings} set */
function accountControls(set) {
  const sound = toggle('notify-sound', t('notify_sound'), set.sound, (v) => void save({ sound: v }));
  const browser = toggle('notify-browser', t('notify_browser'), set.browser, (v) => {
    // Asked within the click, before anything else (browsers want the gesture).
    const asking = v ? askPermission() : Promise.resolve();
    void asking.then(() => save({ browser: v }));
  });
  const email = toggle('notify-email', t('notify_email'), set.email, (v) => void save({ email: v }), {
    disabled: !set.email_address && !set.email,
    hint: set.email_address ? t('notify_email_to', { address: set.email_address }) : t('notify_email_none'),
  });

  const url = h('input', { type: 'url', id: 'notify-webhook-url', value: st.hookDraft ?? set.webhook ?? '', placeholder: 'https://', autocomplete: 'off', inputmode: 'url', 'aria-describedby': 'notify-webhook-help' });
  const hook = h('form', { id: 'notify-webhook', class: 'row wrap' },
    h('label', { class: 'field grow' }, h('span', null, t('notify_webhook_url')), url),
    h('button', { type: 'submit', class: 'small', id: 'notify-webhook-save', disabled: st.busy }, t('account_save_email')));
  url.addEventListener('input', () => { st.hookDraft = /** @type {HTMLInputElement} */ (url).value; });
  hook.addEventListener('submit', (e) => {
    e.preventDefault();
    st.test = null;
    void save({ webhook: /** @type {HTMLInputElement} */ (url).value.trim() || null });
  });
  const test = h('button', { type: 'button', class: 'small', id: 'notify-webhook-test', disabled: !set.webhook || st.busy }, t('notify_webhook_test'));
  test.addEventListener('click', async () => {
    st.busy = true;
    st.test = null;
    st.error = '';
    redraw();
    try {
      st.test = await call('POST', '/api/me/notifications/webhook');
    } catch (e) {
      st.error = refusal(e);
    } finally {
      st.busy = false;
      redraw();
    }
  });
  const r = st.test;
  const result = r ? h('p', { class: r.ok ? 'ok' : 'error', role: 'status', id: 'notify-webhook-result', 'data-ok': r.ok ? 'yes' : 'no' },
    r.ok ? t('notify_webhook_ok', { status: r.status ?? '—' }) : t('notify_webhook_failed', { status: r.status ?? '—' }),
    r.message ? h('span', { class: 'muted' }, ` — ${r.message}`) : null) : null;

  const now = new Date();
  const until = set.vacation_until != null && set.vacation_until > Date.now() ? set.vacation_until : null;
  const date = h('input', {
    type: 'date', id: 'vacation-until', required: true,
    min: isoDay(now), max: isoDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 29)),
    value: st.dateDraft ?? (until ? isoDay(new Date(until)) : ''),
  });
  date.addEventListener('input', () => { st.dateDraft = /** @type {HTMLInputElement} */ (date).value; });
  const away = h('form', { id: 'vacation', class: 'row wrap' },
    h('label', { class: 'field' }, h('span', null, t('vacation_until')), date),
    h('button', { type: 'submit', class: 'small', id: 'vacation-save', disabled: st.busy }, until ? t('vacation_change') : t('vacation_start')));
  away.addEventListener('submit', (e) => {
    e.preventDefault();
    const end = endOfDay(/** @type {HTMLInputElement} */ (date).value);
    if (end == null) return;
    void save({ vacation_until: end }, t('vacation_saved'));
  });
  const stop = until ? h('button', { type: 'button', class: 'small', id: 'vacation-end', disabled: st.busy }, t('vacation_end')) : null;
  stop?.addEventListener('click', () => void save({ vacation_until: null }, t('vacation_ended')));
  const when = until ? new Date(until).toLocaleString(getLang(), { weekday: 'short', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) : '';

  return [
    sound, browser, permissionNote(set.browser), email,
    h('h3', null, t('notify_webhook')),
    h('p', { class: 'muted small', id: 'notify-webhook-help' }, t('notify_webhook_help')),
    hook,
    h('div', { class: 'row wrap' }, test, result),
    h('h3', null, t('vacation')),
    h('p', { class: 'muted small' }, t('vacation_help')),
    until ? h('p', { class: 'notice', id: 'vacation-now' }, t('vacation_on', { when })) : null,
    h('div', { class: 'row wrap' }, away, stop),
  ];
}

/** A guest's switches (this browser only). */
function guestControls() {
  const g = guestPrefs();
  return [
    toggle('notify-sound', t('notify_sound'), g.sound, (v) => { saveGuestPrefs({ ...guestPrefs(), sound: v }); st.notice = t('account_saved'); redraw(); }),
    toggle('notify-browser', t('notify_browser'), g.browser, async (v) => {
      if (v) await askPermission();
      saveGuestPrefs({ ...guestPrefs(), browser: v });
      st.notice = t('account_saved');
      redraw();
    }),
    permissionNote(g.browser),
    h('p', { class: 'muted small' }, t('notify_guest_help')),
  ];
}

/**
 * The "Notifications" section of the account page, its settings asked for afresh (the e-mail
 * address may have changed); it is drawn again in place as it changes.
 * @param {Me | null} me
 */
export function notifySection(me) {
  current = me;
  st.error = '';
  if (me) {
    call('GET', '/api/me/notifications').then((x) => { st.settings = x; usePrefs(x); }, (e) => { st.error = refusal(e); }).finally(redraw);
  }
  return section();
}

function section() {
  const me = current;
  const body = !me ? guestControls() : st.settings ? accountControls(st.settings) : [h('p', null, t('loading'))];
  return h('section', { class: 'card notify-settings', id: 'notify-settings', 'aria-busy': st.busy ? 'true' : 'false' },
    h('h2', null, t('notify_title_settings')),
    h('p', { class: 'muted small' }, t('notify_intro')),
    st.error ? h('p', { class: 'error', role: 'alert', id: 'notify-error' }, st.error) : null,
    st.notice ? h('p', { class: 'ok', role: 'status', id: 'notify-notice' }, st.notice) : null,
    body);
}
