// @ts-check
// Two people with accounts play a game: each signs up in their own browser (one in Russian),
// both take their seats from invite links (their account names show at the table), talk in the
// chat, make their first decisions; one resigns (the stand-in plays on), the other plays the
// game to its end; both accept a rematch and meet at the new table, which their "My games"
// list on the server shows. Also: signing out and back in, a wrong password, and the address
// never holding a seat token.

import { SHOTS, log, check, passed, base, newContext, waitConnected, shot, decideOnce, waitTurn, expectedFailures } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

const PASSWORD = 'banners over Acre';

/** Signs up on the account page and comes back to the lobby. @param {Page} page @param {string} name */
async function signUp(page, name) {
  await page.goto(`${base}/?account`);
  await page.waitForSelector('#signup');
  await page.fill('#signup-name', name);
  await page.fill('#signup-password', PASSWORD);
  await Promise.all([page.waitForURL((u) => u.pathname === '/' && !u.search.includes('account'), { timeout: 10000 }), page.click('#signup-submit')]);
  await page.locator('#account-link.signed-in', { hasText: name }).waitFor({ timeout: 10000 });
}

/** Plays the page's seat to the end of the game through the API with its cookies. @param {Page} page @param {string} id */
async function playToTheEnd(page, id) {
  return page.evaluate(async (table) => {
    let n = 0;
    for (let i = 0; i < 6000; i += 1) {
      const snap = await (await fetch(`/api/tables/${table}/state`)).json();
      if (snap.status === 'finished') return n;
      if (!snap.legal.length) { await new Promise((ok) => setTimeout(ok, 20)); continue; }
      const pick = snap.legal[(n * 5) % snap.legal.length];
      const r = await fetch(`/api/tables/${table}/actions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ version: snap.version, action: pick.action }) });
      if (r.ok) n += 1;
    }
    return -1;
  }, id);
}

/** @param {Browser} browser */
export async function scenarioAccounts(browser) {
  const stamp = Date.now().toString(36).slice(-5);
  const alice = `Alice${stamp}`;
  const boris = `Boris${stamp}`;
  const ctxA = await newContext(browser, 'acct-alice');
  const ctxB = await newContext(browser, 'acct-boris', { width: 390, height: 844 });
  await ctxB.addInitScript(() => { try { localStorage.setItem('ordo.lang', 'ru'); } catch { /* */ } });
  const a = await ctxA.newPage();
  const b = await ctxB.newPage();

  // The account page, signed out, in both languages.
  await b.goto(`${base}/?account`);
  await b.waitForSelector('#signup');
  check((await b.locator('#sign-up h2').innerText()) === 'Создать учётную запись', 'the account page speaks Russian');
  await shot(b, 'account-signed-out-phone-ru');
  // A weak password is refused with a reason in the reader's language (the browser logs the
  // refusals these steps expect).
  expectedFailures.push('/api/accounts', '/api/session');
  await b.fill('#signup-name', boris);
  await b.fill('#signup-password', 'password');
  await b.click('#signup-submit');
  await b.locator('#account-error', { hasText: 'Слишком слабый пароль' }).waitFor({ timeout: 5000 });
  await signUp(a, alice);
  await signUp(b, boris);
  passed.push('accounts: sign up in two browsers (a weak password refused in Russian)');

  // Signing out and in again; a wrong password is refused.
  await a.goto(`${base}/?account`);
  await a.waitForSelector('#account-me');
  await shot(a, 'account-signed-in-desktop-en');
  await Promise.all([a.waitForURL((u) => u.pathname === '/' && !u.search.includes('account'), { timeout: 10000 }), a.click('#sign-out')]);
  await a.locator('#account-link:not(.signed-in)').waitFor({ timeout: 5000 });
  await a.goto(`${base}/?account`);
  await a.fill('#signin-name', alice);
  await a.fill('#signin-password', 'not my password');
  await a.click('#signin-submit');
  await a.locator('#account-error', { hasText: 'Wrong name or password' }).waitFor({ timeout: 5000 });
  await a.fill('#signin-password', PASSWORD);
  check(await a.inputValue('#signin-name') === alice, 'a refused sign-in keeps the name typed');
  await Promise.all([a.waitForURL((u) => u.pathname === '/' && !u.search.includes('account'), { timeout: 10000 }), a.click('#signin-submit')]);
  await a.locator('#account-link.signed-in').waitFor({ timeout: 5000 });
  expectedFailures.length = 0;
  passed.push('accounts: sign out, a wrong password refused, sign in again');

  // A table for the two of them.
  const created = await (await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'crusaders', config: { players: 2 }, lobby: true, seats: [{ kind: 'human' }, { kind: 'human' }] }),
  })).json();
  const id = String(created.id);
  await a.goto(`${base}/t/${id}?token=${created.tokens[0]}`);
  await b.goto(`${base}/t/${id}?token=${created.tokens[1]}`);
  await waitConnected(a);
  await waitConnected(b);
  await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'active', null, { timeout: 15000 });
  const seats = await a.evaluate(() => /** @type {any} */ (window).__ordo.snap.seats.map((/** @type {any} */ s) => s.name));
  check(seats[0] === alice && seats[1] === boris, `the seats show the account names (${seats.join(', ')})`);
  check(!a.url().includes('token') && !b.url().includes('token'), 'no seat token in either address');

  // Talk, and a few decisions each.
  await a.fill('#chat-input', 'Good luck, Boris!');
  await a.press('#chat-input', 'Enter');
  await b.locator('#chat-list .chat-line', { hasText: 'Good luck, Boris!' }).waitFor({ timeout: 10000 });
  await b.selectOption('#chat-phrase', 'thanks');
  await a.locator('#chat-list .chat-line', { hasText: 'Thanks!' }).waitFor({ timeout: 10000 });
  let made = 0;
  for (let round = 0; round < 3; round += 1) {
    for (const p of [a, b]) {
      const turn = await waitTurn(p, 20000).catch(() => null);
      if (turn === 'turn' && await decideOnce(p)) made += 1;
    }
  }
  check(made >= 2, `both players decided at the table (${made} decisions)`);
  passed.push(`accounts: the seats named by account, chat both ways, ${made} decisions made in the browser`);

  // Boris resigns (after a confirmation); the stand-in plays his seat.
  await b.click('#resign');
  await b.waitForSelector('#resign-confirm');
  await shot(b, 'resign-confirm-phone-ru');
  await b.click('#resign-yes');
  await b.waitForSelector('#resigned-note', { timeout: 10000 });
  await a.locator('#people [data-seat="1"] .tag.warn').waitFor({ timeout: 10000 });
  check(await b.locator('#reclaim').count() === 0, 'a player who resigned is not offered the seat back');
  passed.push('resign: confirmed first, the stand-in plays on, everyone sees it');

  // Alice plays on to the end.
  const rest = await playToTheEnd(a, id);
  check(rest >= 0, `Alice played the game to its end (${rest} more decisions)`);
  await a.waitForSelector('#rematch', { timeout: 20000 });
  await b.waitForSelector('#rematch', { timeout: 20000 });

  // The rematch: Alice offers, Boris accepts; both meet at the new table.
  await a.click('#rematch-accept');
  await b.locator('#rematch-answers [data-seat="0"][data-answer="yes"]').waitFor({ timeout: 10000 });
  await b.locator('#rematch-decline').waitFor({ timeout: 5000 });
  await b.locator('#rematch').scrollIntoViewIfNeeded();
  await shot(b, 'rematch-offered-phone-ru');
  const wide = await b.evaluate(() => {
    const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 3).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${String(e.getAttribute('class') ?? '').split(' ')[0]}`);
    return { width: document.documentElement.scrollWidth, over };
  });
  check(wide.width - 390 <= 1, `the phone page does not scroll sideways with a signed-in name in the header (${wide.width} px: ${wide.over.join(', ')})`);
  await b.click('#rematch-accept');
  await a.locator('#rematch-answers [data-seat="1"][data-answer="yes"]').waitFor({ timeout: 10000 });
  await a.locator('#rematch').screenshot({ path: `${SHOTS}/rematch-accepted-desktop-en.png` });
  const newId = await a.evaluate(() => /** @type {any} */ (window).__ordo.snap.rematch);
  await Promise.all([a.waitForURL((u) => u.pathname === `/t/${newId}`, { timeout: 10000 }), a.click('#rematch-go')]);
  await Promise.all([b.waitForURL((u) => u.pathname === `/t/${newId}`, { timeout: 10000 }), b.click('#rematch-go')]);
  await waitConnected(a);
  await waitConnected(b);
  const again = await b.evaluate(() => { const s = /** @type {any} */ (window).__ordo.snap; return { you: s.you, status: s.status, names: s.seats.map((/** @type {any} */ x) => x.name) }; });
  check(again.you === 1 && again.status === 'active' && again.names[0] === alice && again.names[1] === boris, `the rematch started with both in their seats (${JSON.stringify(again)})`);
  passed.push('rematch: offered by one, accepted by the other, both at the new table with the same seats');

  // My games, on the server: the new table first (it is running), the finished one after.
  await b.goto(`${base}/`);
  await b.locator(`#my-games li[data-table="${newId}"]`).waitFor({ timeout: 10000 });
  const order = await b.locator('#my-games li').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-table')}:${e.getAttribute('data-state')}`));
  check(order[0]?.startsWith(newId) && order.some((x) => x === `${id}:finished`), `My games lists the running table before the finished one (${order.join(' ')})`);
  await b.locator('#my-tables').scrollIntoViewIfNeeded();
  await b.locator('#my-tables').screenshot({ path: `${SHOTS}/my-games-phone-ru.png` });
  // Another browser, signed in as Boris, finds the same games.
  const ctxC = await newContext(browser, 'acct-boris-2');
  const c = await ctxC.newPage();
  await c.goto(`${base}/?account`);
  await c.fill('#signin-name', boris);
  await c.fill('#signin-password', PASSWORD);
  await Promise.all([c.waitForURL((u) => u.pathname === '/' && !u.search.includes('account'), { timeout: 10000 }), c.click('#signin-submit')]);
  await c.locator(`#my-games li[data-table="${newId}"]`).waitFor({ timeout: 10000 });
  await c.locator(`#my-games li[data-table="${newId}"] a`).click();
  await waitConnected(c);
  check((await c.evaluate(() => /** @type {any} */ (window).__ordo.snap.you)) === 1, 'on another device Boris finds his seat by signing in');
  await shot(c, 'my-games-other-device-desktop-en');
  passed.push('My games: served by the server, on another device after signing in');
  log('accounts scenario done');
  await ctxA.close();
  await ctxB.close();
  await ctxC.close();
}
