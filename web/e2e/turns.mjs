// @ts-check
// Turn-based play in the browser, on a server of its own (`--allow-private-webhooks`, and an
// abandonment limit of a few seconds): two people with accounts (Alice on a desktop in English,
// Boris on a phone in Russian) and a guest.
//   - the account page's notifications: the switches, a refused and a working webhook (its test
//     reaches a small HTTP server here), a vacation started and ended; a guest's switches kept
//     in the browser;
//   - (a) the low-time warning at a real-time table with a 25-second clock, then the time-out
//     told in the log and under the results;
//   - (b) a browser notification while Alice waits in the lobby and Boris's decision (over HTTP,
//     with his cookie) hands her the turn; none for the table in view while the page is visible;
//   - a rated turn-based table made in the lobby's form (a day clock with a bank), played to its
//     end: the rating changes on the score screen, the leaderboard and both profiles;
//   - the vote to hand an absent player's seat to the stand-in;
//   - (c) screenshots on a phone (390×844, Russian) and a desktop (1400×1000, English).

import fs from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { BIN, SHOTS, log, check, passed, freePort, sleep, newContext, shot, expectedFailures, waitClaimed } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').BrowserContext} Context */
/** @typedef {import('playwright-core').Page} Page */

const PASSWORD = 'turns come to those who wait';
const DAY = 86400000;

/** A server of this scenario's own. @returns {Promise<{base: string, stop: () => void}>} */
async function ownServer() {
  const dir = fs.mkdtempSync(join(tmpdir(), 'ordo-e2e-turns-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let out = '';
  const proc = spawn(BIN, ['serve', '--bind', `127.0.0.1:${port}`, '--db', `sqlite:${join(dir, 'e2e.db')}`, '--ip-limit', 'off',
    '--allow-private-webhooks', '--abandon-after', '0.0005'], { stdio: ['ignore', 'pipe', 'pipe'] });
  proc.stdout?.on('data', (c) => { out = (out + c).slice(-4000); });
  proc.stderr?.on('data', (c) => { out = (out + c).slice(-4000); });
  const stop = () => {
    if (proc.exitCode == null) proc.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (proc.exitCode != null) break;
    try { if ((await fetch(`${base}/readyz`)).ok) return { base, stop }; } catch { /* not yet */ }
    await sleep(100);
  }
  stop();
  throw new Error(`the turns server did not start:\n${out}`);
}

/**
 * JSON over HTTP with a browser context's cookies (its account, its seats).
 * @param {Context} ctx @param {string} method @param {string} url @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function call(ctx, method, url, body) {
  const r = await ctx.request.fetch(url, { method, data: body === undefined ? undefined : body, failOnStatusCode: false });
  const text = await r.text();
  if (!r.ok()) throw new Error(`${method} ${url}: ${r.status()} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** Makes one decision for the context's seat, if it has one. @param {Context} ctx @param {string} base @param {string} id @param {number} k */
async function decide(ctx, base, id, k = 0) {
  const snap = await call(ctx, 'GET', `${base}/api/tables/${id}/state`);
  if (snap.status !== 'active' || !snap.legal.length) return false;
  const pick = snap.legal[(k * 7) % snap.legal.length];
  const r = await ctx.request.post(`${base}/api/tables/${id}/actions`, { data: { version: snap.version, action: pick.action }, failOnStatusCode: false });
  return r.ok();
}

/** Whether the context's seat has a decision to make. @param {Context} ctx @param {string} base @param {string} id */
async function hasTurn(ctx, base, id) {
  const snap = await call(ctx, 'GET', `${base}/api/tables/${id}/state`);
  return snap.status === 'active' && snap.legal.length > 0;
}

/** Both players decide in turn until the table is over. @param {Array<Context>} ctxs @param {string} base @param {string} id */
async function playToTheEnd(ctxs, base, id) {
  let n = 0;
  for (let i = 0; i < 8000; i += 1) {
    const snap = await call(ctxs[0], 'GET', `${base}/api/tables/${id}/state`);
    if (snap.status === 'finished') return n;
    let any = false;
    for (const c of ctxs) if (await decide(c, base, id, n)) { n += 1; any = true; }
    if (!any) await sleep(30);
  }
  return -1;
}

/** The notifications a page constructed (recorded by the wrapper below). @param {Page} page @returns {Promise<Array<{title: string, body: string, tag: string}>>} */
function notes(page) {
  return page.evaluate(() => /** @type {any} */ (window).__notified ?? []);
}

/** Records every `Notification` a page constructs (the real one is still shown). */
function recordNotifications() {
  const Real = window.Notification;
  /** @type {Array<{title: string, body: string, tag: string}>} */
  const seen = [];
  /** @type {Array<EventTarget>} */
  const made = [];
  /** @param {string} title @param {NotificationOptions} [opts] */
  function Recorded(title, opts) {
    seen.push({ title, body: opts?.body ?? '', tag: opts?.tag ?? '' });
    /** @type {any} */
    let n;
    try { n = new Real(title, opts); } catch { n = new EventTarget(); n.close = () => {}; }
    made.push(n);
    return n;
  }
  Object.defineProperty(Recorded, 'permission', { get: () => Real.permission });
  /** @type {any} */ (Recorded).requestPermission = (/** @type {any} */ cb) => Real.requestPermission(cb);
  /** @type {any} */ (window).Notification = Recorded;
  /** @type {any} */ (window).__notified = seen;
  /** @type {any} */ (window).__notes = made;
}

/** A day `days` from today, as a date input writes it. @param {number} days */
function isoDay(days) {
  const d = new Date(Date.now() + days * DAY);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A part of a page, pictured. @param {Page} page @param {string} sel @param {string} name */
async function part(page, sel, name) {
  // A page that draws itself again (its strings or data arriving) may replace the part while it
  // is being pictured: then it is found again.
  for (let tries = 0; ; tries += 1) {
    try {
      await page.locator(sel).scrollIntoViewIfNeeded({ timeout: 10000 });
      await page.locator(sel).screenshot({ path: join(SHOTS, `${name}.png`), timeout: 10000 });
      break;
    } catch (e) {
      if (tries >= 3 || !/not attached|detached/i.test(String(e))) throw e;
      await page.waitForTimeout(200);
    }
  }
  log(`screenshot ${join(SHOTS, `${name}.png`)}`);
}

/** No sideways scrolling on a phone. @param {Page} page @param {string} what */
async function fits(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(wide <= 1, `${what}: no sideways scrolling on a phone (${wide} px too wide)`);
}

/** @param {Browser} browser */
export async function scenarioTurns(browser) {
  const { base, stop } = await ownServer();
  // A webhook receiver on this machine.
  /** @type {Array<string>} */
  const hooked = [];
  const hookServer = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => { body += c; });
    req.on('end', () => { hooked.push(`${req.method} ${body}`); res.writeHead(204).end(); });
  });
  const hookPort = await freePort();
  await new Promise((ok) => hookServer.listen(hookPort, '127.0.0.1', () => ok(null)));
  /** @type {Array<Context>} */
  const contexts = [];
  try {
    const stamp = Date.now().toString(36).slice(-5);
    const alice = `Alice${stamp}`;
    const boris = `Boris${stamp}`;
    const ctxA = await newContext(browser, 'turns-alice', { width: 1400, height: 1000 }, {}, base);
    const ctxB = await newContext(browser, 'turns-boris', { width: 390, height: 844 }, { hasTouch: true, isMobile: true }, base);
    const ctxG = await newContext(browser, 'turns-guest', { width: 1400, height: 1000 }, {}, base);
    contexts.push(ctxA, ctxB, ctxG);
    await ctxB.addInitScript(() => { try { localStorage.setItem('ordo.lang', 'ru'); } catch { /* */ } });
    await ctxA.grantPermissions(['notifications'], { origin: base });
    await ctxA.addInitScript(recordNotifications);
    await call(ctxA, 'POST', `${base}/api/accounts`, { name: alice, password: PASSWORD });
    await call(ctxB, 'POST', `${base}/api/accounts`, { name: boris, password: PASSWORD });
    const a = await ctxA.newPage();
    const b = await ctxB.newPage();
    const g = await ctxG.newPage();

    // ---- The account page's notifications -------------------------------------------------
    await a.goto(`${base}/?account`);
    await a.locator('#notify-settings #notify-sound').waitFor({ timeout: 10000 });
    check(await a.locator('#notify-email').isDisabled(), 'e-mail reminders are off-limits without an address');
    check(/e-mail address/.test(await a.locator('#notify-email-hint').innerText()), 'a hint says an address is needed');
    await a.click('#notify-browser');
    await a.locator('#notify-notice').waitFor({ timeout: 10000 });
    const saved = await call(ctxA, 'GET', `${base}/api/me/notifications`);
    check(saved.browser === true, 'switching browser notifications on is saved on the server');
    expectedFailures.push('/api/me/notifications');
    await a.fill('#notify-webhook-url', 'ftp://example.com/hook');
    await a.click('#notify-webhook-save');
    await a.locator('#notify-error', { hasText: 'cannot be used as a webhook' }).waitFor({ timeout: 10000 });
    check(await a.inputValue('#notify-webhook-url') === 'ftp://example.com/hook', 'a refused webhook keeps what was typed');
    await a.fill('#notify-webhook-url', `http://127.0.0.1:${hookPort}/ordo`);
    await a.click('#notify-webhook-save');
    await a.locator('#notify-notice').waitFor({ timeout: 10000 });
    await a.click('#notify-webhook-test');
    await a.locator('#notify-webhook-result[data-ok="yes"]').waitFor({ timeout: 15000 });
    check(hooked.some((x) => x.startsWith('POST')), `the webhook's test reached it (${hooked.length} call)`);
    await a.fill('#vacation-until', isoDay(3));
    await a.click('#vacation-save');
    await a.locator('#vacation-now').waitFor({ timeout: 10000 });
    const away = await call(ctxA, 'GET', `${base}/api/me/notifications`);
    check(away.vacation_until > Date.now() + 2 * DAY && away.vacation_until <= Date.now() + 30 * DAY, 'the vacation is saved, ending in three days');
    await part(a, '#notify-settings', 'notify-settings-desktop-en');
    await a.click('#vacation-end');
    await a.locator('#vacation-now').waitFor({ state: 'detached', timeout: 10000 });
    check((await call(ctxA, 'GET', `${base}/api/me/notifications`)).vacation_until == null, 'the vacation is ended');
    expectedFailures.length = 0;
    await b.goto(`${base}/?account`);
    await b.locator('#notify-settings #notify-sound').waitFor({ timeout: 10000 });
    check((await b.locator('#notify-settings h2').innerText()) === 'Уведомления', 'the section speaks Russian');
    await part(b, '#notify-settings', 'notify-settings-phone-ru');
    await shot(b, 'account-notify-phone-ru');
    await fits(b, 'the account page');
    await g.goto(`${base}/?account`);
    await g.locator('#notify-settings #notify-sound').waitFor({ timeout: 10000 });
    check(await g.locator('#notify-webhook-url').count() === 0, 'a guest has the switches of this browser only');
    await g.click('#notify-sound');
    await g.locator('#notify-notice').waitFor({ timeout: 5000 });
    const guestPrefs = await g.evaluate(() => localStorage.getItem('ordo.notify'));
    check(guestPrefs != null && JSON.parse(guestPrefs).sound === false, `a guest's switch is kept in the browser (${guestPrefs})`);
    passed.push('notifications: switches saved (browser on), a refused webhook told in words, a webhook tested for real, a vacation started and ended; a guest\'s switches in the browser (screenshots notify-settings-*)');

    // ---- (a) Low time, then the time-out told ---------------------------------------------
    /** @type {Array<{page: Page, ctx: Context, id: string, lang: string}>} */
    const quick = [];
    for (const [page, ctx, lang] of /** @type {Array<[Page, Context, string]>} */ ([[a, ctxA, 'en'], [b, ctxB, 'ru']])) {
      const made = await call(ctx, 'POST', `${base}/api/tables`, {
        game: 'crusaders', config: { players: 2 }, pace: 'real_time',
        seats: [{ kind: 'human' }, { kind: 'bot', bot: 'random' }], clock: { initial_ms: 25000, increment_ms: 0 },
      });
      await page.goto(`${base}/t/${made.id}?token=${made.tokens[0]}`);
      quick.push({ page, ctx, id: made.id, lang });
    }
    // Alice also has the lobby open in another tab: her time-out is told there.
    const lobbyTab = await ctxA.newPage();
    await lobbyTab.goto(`${base}/`);
    for (const q of quick) {
      await q.page.locator('#low-time:not([hidden])').waitFor({ timeout: 15000 });
      const text = await q.page.locator('#low-time').innerText();
      check(q.lang === 'en' ? /^Low time: 0:[0-2]\d left$/.test(text) : /^Время на исходе: осталось 0:[0-2]\d$/.test(text), `the warning says how long is left (${text})`);
      check(await q.page.locator('#status [data-clock="0"].low').count() === 1, 'the clock turns to its warning style');
      await part(q.page, '#status', `low-time-${q.lang === 'en' ? 'desktop-en' : 'phone-ru'}`);
    }
    const told = await a.evaluate(() => /** @type {any} */ (window).__ordo.told);
    check(!saved.sound || told.sounds >= 1, `a sound on entering the zone (${told.sounds})`);
    passed.push('(a) low time: under 30 s the clock turns red and "Low time: 0:2x left" shows, in English and Russian (screenshots low-time-*)');
    for (const q of quick) {
      await q.page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.[0]?.timed_out_at != null, null, { timeout: 45000, polling: 250 });
      // (Polled on a timer, and long: while the stand-in and the bot play on at full speed the
      // page is busy drawing every move.)
      const shown = await q.page.waitForFunction(() => document.querySelector('#log-list li.log-note.timeout') != null, null, { timeout: 90000, polling: 250 }).then(() => true, () => false);
      if (!shown) {
        const why = await q.page.evaluate(() => ({ seats: /** @type {any} */ (window).__ordo.snap.seats.map((/** @type {any} */ x) => x.timed_out_at), keys: Object.keys(/** @type {any} */ (window).__ordo.snap.log).slice(0, 3), lis: document.querySelectorAll('#log-list li').length, last: document.querySelector('#log-list li:last-child')?.outerHTML.slice(0, 400), status: /** @type {any} */ (window).__ordo.snap.status, t: Date.now() }));
        check(false, `the log tells the time-out (${JSON.stringify(why)})`);
      }
      const line = await q.page.locator('#log-list li.log-note.timeout').innerText();
      check(q.lang === 'en' ? /Time ran out for .* at move \d+; the stand-in played from there\./.test(line) : /истекло время на ходу \d+/.test(line), `the log tells the time-out (${line})`);
      check(await q.page.locator('#low-time:not([hidden])').count() === 0, 'no low-time warning once the stand-in plays');
    }
    await part(a, '#log', 'timeout-log-desktop-en');
    // The lobby tab asks every 20 s: the time-out is told there once, as a notification.
    await lobbyTab.waitForFunction(() => (/** @type {any} */ (window).__notified ?? []).some((/** @type {any} */ n) => n.title.startsWith('Your time ran out')), null, { timeout: 60000, polling: 500 });
    const outNote = await lobbyTab.evaluate(() => (/** @type {any} */ (window).__notified).find((/** @type {any} */ n) => n.title.startsWith('Your time ran out')));
    check(/^Your time ran out — Crusaders/.test(outNote.title) && /The stand-in plays for you from move \d+/.test(outNote.body), `the time-out told in a notification (${outNote.title} / ${outNote.body})`);
    check(await a.evaluate(() => (/** @type {any} */ (window).__notified ?? []).every((/** @type {any} */ n) => !n.title.startsWith('Your time ran out'))), 'not on the page showing the table');
    await lobbyTab.close();
    for (const q of quick) {
      await q.page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'finished' && document.querySelector('#scores') != null, null, { timeout: 180000, polling: 500 });
      await q.page.locator('#timeout-0').waitFor({ timeout: 10000 });
    }
    await part(a, '#scores', 'timeout-scores-desktop-en');
    await part(b, '#timeout-0', 'timeout-scores-phone-ru');
    passed.push('timeouts: the log tells the time-out at its move, the score screen repeats it (en, ru), and a browser notification tells it in another tab');

    // ---- (b) A browser notification while waiting in the lobby ------------------------------
    const duo = await call(ctxA, 'POST', `${base}/api/tables`, {
      game: 'crusaders', config: { players: 2 }, lobby: true, pace: 'turn_based', seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    const id = String(duo.id);
    await call(ctxA, 'POST', `${base}/api/tables/${id}/join`, { token: duo.tokens[0] });
    await call(ctxB, 'POST', `${base}/api/tables/${id}/join`, { token: duo.tokens[1] });
    for (let i = 0; i < 50 && (await hasTurn(ctxA, base, id)); i += 1) await decide(ctxA, base, id, i);
    check(!(await hasTurn(ctxA, base, id)) && (await hasTurn(ctxB, base, id)), 'the game waits on Boris only');
    await a.goto(`${base}/`);
    await a.locator(`#my-games li[data-table="${id}"]`).waitFor({ timeout: 10000 });
    await sleep(3000);
    const before = (await notes(a)).length;
    for (let i = 0; i < 50 && !(await hasTurn(ctxA, base, id)); i += 1) await decide(ctxB, base, id, i);
    check(await hasTurn(ctxA, base, id), 'Boris\'s decision handed the turn to Alice');
    await a.waitForFunction((n) => (/** @type {any} */ (window).__notified ?? []).length > n, before, { timeout: 30000, polling: 250 });
    await sleep(1000);
    const got = (await notes(a)).slice(before);
    check(got.length === 1, `one notification (${got.length})`);
    check(got[0].title === 'Your turn — Crusaders: Thy Will Be Done', `its title names the game (${got[0].title})`);
    check(got[0].body.includes(boris), `its text names the opponent (${got[0].body})`);
    check(got[0].tag === `ordo-turn-${id}`, 'one notification per table (tagged)');
    await a.locator(`#my-games li.your-turn[data-table="${id}"]`).waitFor({ timeout: 5000 });
    await shot(a, 'notified-lobby-desktop-en');
    // A click on it opens the table.
    await Promise.all([
      a.waitForURL((u) => u.pathname === `/t/${id}`, { timeout: 10000 }),
      a.evaluate(() => { const n = /** @type {any} */ (window).__notes.at(-1); n.dispatchEvent(new Event('click')); }),
    ]);
    passed.push(`(b) a browser notification when Boris's decision made it Alice's turn ("${got[0].title}" / "${got[0].body}"), My games updated in place, a click opens the table`);
    // The table in view, the page visible: the board tells it, no notification.
    await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.legal?.length > 0, null, { timeout: 15000, polling: 250 });
    for (let i = 0; i < 50 && (await hasTurn(ctxA, base, id)); i += 1) await decide(ctxA, base, id, i);
    for (let i = 0; i < 50 && !(await hasTurn(ctxA, base, id)); i += 1) await decide(ctxB, base, id, i);
    await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.legal?.length > 0, null, { timeout: 15000, polling: 250 });
    await sleep(22000);
    const inView = await notes(a);
    check(inView.length === 0, `no notification for the table in view while the page is visible (${inView.length})`);
    passed.push('(b) no notification for the table in view while its page is visible');

    // ---- A rated table from the lobby's form, played to its end -------------------------------
    await g.goto(`${base}/`);
    await g.locator('#rated').waitFor({ timeout: 10000 });
    check(await g.locator('#rated').isDisabled(), 'a guest cannot make a rated table');
    check(/Sign in/.test(await g.locator('#rated-hint').innerText()), 'and is told why');
    await a.goto(`${base}/`);
    await a.waitForSelector('#create');
    await a.selectOption('#pace', 'turn_based');
    await a.locator('#clock-days').waitFor();
    check(await a.locator('#rated').isDisabled(), 'no rated table without a clock');
    await a.check('#clock');
    await a.selectOption('#clock-days', String(2 * DAY));
    await a.fill('#clock-bank', '3');
    await a.press('#clock-bank', 'Tab');
    check(!(await a.locator('#rated').isDisabled()), 'signed in with a clock: a rated table may be made');
    await a.check('#rated');
    await a.selectOption('#players', '2');
    await a.selectOption('#seat-kind-0', 'human');
    await a.selectOption('#seat-kind-1', 'human');
    await a.check('#mode-lobby');
    await part(a, '#create-form', 'lobby-day-clock-desktop-en');
    await a.click('#create');
    await a.waitForSelector('#created', { timeout: 10000 });
    const links = await a.locator('#created input.invite-link').evaluateAll((els) => els.map((e) => /** @type {HTMLInputElement} */ (e).value));
    const ratedId = new URL(links[0]).pathname.split('/')[2];
    const info = await call(ctxA, 'GET', `${base}/api/tables/${ratedId}`);
    check(info.rated === true && info.pace === 'turn_based', `the table is rated and turn-based (${info.rated}, ${info.pace})`);
    check(info.clock?.initial_ms === 5 * DAY && info.clock?.increment_ms === 2 * DAY && info.clock?.max_ms === 5 * DAY, `a day clock of 2 days a move with a 3-day bank (${JSON.stringify(info.clock)})`);
    // Alice takes her seat from the page (as a player does), Boris over HTTP with his cookie.
    await a.click('#go-seat');
    await waitClaimed(a);
    await call(ctxB, 'POST', `${base}/api/tables/${ratedId}/join`, { token: new URL(links[1]).searchParams.get('token') });
    await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'active', null, { timeout: 15000, polling: 250 });
    check(await a.locator('#rated-tag').count() === 1, 'the table page says the game is rated');
    await a.goto(`${base}/`);
    await a.locator(`#tables tr[data-table="${ratedId}"] .tag.rated`).waitFor({ timeout: 10000 });
    const clockTag = a.locator(`#my-games li[data-table="${ratedId}"] .tag.clock-spec`);
    await clockTag.waitFor({ timeout: 10000 });
    check((await clockTag.innerText()) === '2 days/move, 3 days in the bank', `My games shows the day clock (${await clockTag.innerText()})`);
    check(/^Clock (2 d|1 d 23 h|5 d|4 d 23 h)/.test(await a.locator(`#my-games li[data-table="${ratedId}"] .my-clock`).innerText()), 'and the time left in days and hours');
    await part(a, '#my-tables', 'my-games-rated-desktop-en');
    await b.goto(`${base}/`);
    await b.locator(`#my-games li[data-table="${ratedId}"] .tag.clock-spec`).waitFor({ timeout: 10000 });
    await part(b, '#my-tables', 'my-games-rated-phone-ru');
    const made = await playToTheEnd([ctxA, ctxB], base, ratedId);
    check(made > 0, `the rated game was played to its end (${made} decisions)`);
    for (const [page, lang] of /** @type {Array<[Page, string]>} */ ([[a, 'en'], [b, 'ru']])) {
      await page.goto(`${base}/t/${ratedId}`);
      await page.locator('#rating-changes li').nth(1).waitFor({ timeout: 15000 });
      const rows = await page.locator('#rating-changes li').allInnerTexts();
      check(rows.every((r) => /\d+ → \d+ \([+−±]\d+\)/.test(r)), `each seat's rating change (${rows.join(' | ')})`);
      await part(page, '#rating-changes', `rating-changes-${lang === 'en' ? 'desktop-en' : 'phone-ru'}`);
    }
    await shot(b, 'rated-scores-phone-ru');
    passed.push('rated: a day clock with a bank and "Rated" from the lobby\'s form (guests and clockless tables refused in words), the tags in the lists, the rating changes on the score screen');

    // ---- Leaderboard and profiles ---------------------------------------------------------
    await a.goto(`${base}/`);
    await Promise.all([a.waitForURL((u) => u.search.startsWith('?leaderboard='), { timeout: 10000 }), a.click('#lobby-leaderboard')]);
    await a.locator('#leaderboard-table').waitFor({ timeout: 10000 });
    const names = await a.locator('#leaderboard-table tbody tr').evaluateAll((els) => els.map((e) => e.getAttribute('data-player')));
    check(names.includes(alice) && names.includes(boris), `the leaderboard lists both players (${names.join(', ')})`);
    await shot(a, 'leaderboard-desktop-en');
    await a.click('#lb-group-3-4');
    await a.locator('#leaderboard-empty').waitFor({ timeout: 10000 });
    check(a.url().includes('players=3-4'), 'the group is in the address');
    check(/No rated games of .* for 3–4 players yet\./.test(await a.locator('#leaderboard-empty').innerText()), 'an empty group says so in words');
    await a.click('#lb-group-2');
    await a.locator('#leaderboard-table').waitFor({ timeout: 10000 });
    await b.goto(`${base}/?leaderboard=crusaders`);
    await b.locator('#leaderboard-table').waitFor({ timeout: 10000 });
    await shot(b, 'leaderboard-phone-ru');
    await fits(b, 'the leaderboard');
    await Promise.all([a.waitForURL((u) => u.search.startsWith('?player='), { timeout: 10000 }), a.locator(`#leaderboard-table tr[data-player="${alice}"] a`).click()]);
    await a.locator('#profile-history svg[role="img"]').waitFor({ timeout: 15000 });
    const label = (await a.locator('#profile-history svg[role="img"]').getAttribute('aria-label')) ?? '';
    check(/one rated game/.test(label), `the chart is told in words (${label})`);
    const roles = await a.locator('#profile-roles li').allInnerTexts();
    check(roles.length >= 1 && roles.every((r) => /^[^:]*\b(Order|Knights|Brothers)\b[^:]*: won \d+ of \d+ games? \(\d+%\)/.test(r)), `wins by Order, named (${roles.join(' | ')})`);
    check(/games played/.test(await a.locator('#profile-games').innerText()), 'games played');
    await shot(a, 'profile-desktop-en');
    await b.goto(`${base}/?player=${encodeURIComponent(boris)}`);
    await b.locator('#profile-history svg[role="img"]').waitFor({ timeout: 15000 });
    await shot(b, 'profile-phone-ru');
    await fits(b, 'the profile');
    passed.push('leaderboard (both players, a group switch, an empty group in words) and profiles (ratings, wins by seat in words, the history chart with its text) on a desktop in English and a phone in Russian');

    // ---- The vote to hand an absent player's seat to the stand-in ---------------------------
    const slow = await call(ctxA, 'POST', `${base}/api/tables`, {
      game: 'crusaders', config: { players: 2 }, lobby: true, pace: 'turn_based', seats: [{ kind: 'human' }, { kind: 'human' }],
    });
    await call(ctxA, 'POST', `${base}/api/tables/${slow.id}/join`, { token: slow.tokens[0] });
    await call(ctxB, 'POST', `${base}/api/tables/${slow.id}/join`, { token: slow.tokens[1] });
    for (let i = 0; i < 50 && (await hasTurn(ctxA, base, slow.id)); i += 1) await decide(ctxA, base, slow.id, i);
    await a.goto(`${base}/t/${slow.id}`);
    await a.locator('#abandon-1').waitFor({ timeout: 15000 });
    check(/Hand .* to the stand-in \(vote\)/.test(await a.locator('#abandon-1').innerText()), 'the button says what it does');
    check((await a.locator('#abandon-votes-1').innerText()) === '0 of 1 vote', `the votes so far (${await a.locator('#abandon-votes-1').innerText()})`);
    await part(a, '#abandon', 'abandon-desktop-en');
    await a.click('#abandon-1');
    await a.locator('#abandon-result').waitFor({ timeout: 10000 });
    check(/is now played by the stand-in/.test(await a.locator('#abandon-result').innerText()), 'the result is told');
    await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.[1]?.away === true, null, { timeout: 10000, polling: 250 });
    passed.push('abandonment: after the wait the other player votes; the seat is handed to the stand-in and the page says so');
    log('turns scenario done');
  } finally {
    for (const c of contexts) await c.close().catch(() => {});
    hookServer.close();
    stop();
  }
}
