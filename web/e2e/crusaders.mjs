// @ts-check
// Crusaders through the shell: a full game against a bot (reconnects, language switches, hints,
// replay, the phone layout), two humans with a bot and a spectator, joining from the table list.

import { join } from 'node:path';
import { STARTED, BUDGET_MS, passed, log, check, seed, sleep, server, base, expectedRefusals, newContext, snapOf, version, waitConnected, waitClaimed, decideOnce, waitTurn, boardSignature, decisionInView, transferred, shot, createInLobby, checkHints, checkReplay } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').View} View */

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

/**
 * (a) a 2-player table against a random bot, created in the lobby and played to the score screen;
 * (c) with a reconnect in the middle; (d) with language switches in the lobby and at the table.
 * @param {Browser} browser
 */
export async function scenarioFullGame(browser) {
  const ctx = await newContext(browser, 'solo');
  let page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  const lobbyBytes = await transferred(page);
  log(`lobby first load: ${lobbyBytes} bytes`);
  check(lobbyBytes > 0 && lobbyBytes < 500 * 1024, `first load of the lobby under 500 KB (${lobbyBytes})`);
  await shot(page, 'lobby');
  // Each bot shows its rating from the bot ladder for this number of players, weakest first.
  await page.selectOption('#players', '2');
  await page.selectOption('#seat-kind-1', 'bot');
  await page.waitForFunction(() => /rated \d{3,4}/.test(document.querySelector('#seat-bot-1')?.textContent ?? ''), null, { timeout: 10000 });
  const levels = await page.locator('#seat-bot-1 option').evaluateAll((os) => os.map((o) => ({ v: /** @type {HTMLOptionElement} */ (o).value, text: o.textContent ?? '' })));
  const ratings = levels.map((o) => Number(/rated (\d+)/.exec(o.text)?.[1] ?? NaN));
  log(`bots in the lobby: ${levels.map((o) => o.text).join(' | ')}`);
  check(levels.length === 6 && ratings.every((r) => r > 0) && ratings.every((r, i) => i === 0 || r >= ratings[i - 1]) && levels[levels.length - 1].v === 'max',
    `every bot shows its measured rating, weakest first (${levels.map((o) => o.text).join(', ')})`);

  // (d) Switch to Japanese and back: the visible text follows, and the choice is remembered.
  const before = await page.locator('#create').textContent();
  await page.selectOption('#lang', 'ja');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  // (A render of the lobby that began before the switch may land just after it: the page must
  // read in Japanese within a few seconds, not necessarily at the very instant.)
  await page.waitForFunction(() => document.querySelector('#create')?.textContent === 'テーブルを作成', null, { timeout: 5000 }).catch(() => null);
  const ja = await page.locator('#create').textContent();
  check(ja === 'テーブルを作成' && ja !== before, `the create button reads in Japanese (${ja})`);
  check((await page.locator('h1').textContent())?.includes('クルセイダーズ'), 'the title is in Japanese');
  await page.waitForFunction(() => /レーティング \d{3,4}/.test(document.querySelector('#seat-bot-1')?.textContent ?? ''), null, { timeout: 5000 }).catch(() => null);
  check(/最強・レーティング \d{3,4}/.test((await page.locator('#seat-bot-1').textContent()) ?? ''), 'the bots and their ratings read in Japanese');
  await shot(page, 'lobby-ja');
  await page.reload();
  await page.waitForSelector('#create');
  check((await page.locator('#create').textContent()) === 'テーブルを作成', 'the language is remembered across loads');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.querySelector('#create')?.textContent === 'Create table');
  passed.push('(d) language switch in the lobby (Japanese, remembered, back to English)');

  const links = await createInLobby(page, { players: 2, seats: ['human', 'random'], name: 'Ana' });
  check(Object.keys(links).length === 1 && links[0].includes('/t/') && links[0].includes('token='), 'one invite link for the human seat');
  await page.click('#go-seat');
  await waitConnected(page);
  // The page takes the seat with its invite, which stops working; the seat is bound to this
  // browser (its guest cookie), so the address holds no seat token from then on.
  await waitClaimed(page);
  check((await snapOf(page))?.you === 0, 'the page holds the first human seat');
  const tableUrl = page.url();
  const invited = new URL(links[0]);
  const own = new URL(tableUrl);
  check(own.pathname === invited.pathname, 'go to my seat opens the table of the first human seat');
  check(!own.search.includes('token'), `the address holds no seat token once the seat is taken (${tableUrl})`);
  check(!(await page.locator('a[href*="token="]').count()), 'no link on the page carries a seat token (replay included)');
  const retired = await fetch(`${base}/api/tables${invited.pathname.slice(2)}/state${invited.search}`);
  check(retired.status === 403, `the used invite no longer opens the seat (${retired.status})`);
  // Opening the invite link again finds the seat this browser holds (the server refusing the
  // used invite once is expected).
  expectedRefusals.push(/** @type {string} */ (invited.searchParams.get('token')));
  await page.goto(links[0]);
  await waitClaimed(page);
  check(!new URL(page.url()).search.includes('token'), `the used invite opened again goes on without a token in the address (${page.url()})`);
  check((await snapOf(page))?.you === 0, 'the reopened invite shows the same seat');
  await page.goto(`${base}${own.pathname}`);
  await waitClaimed(page);
  check((await snapOf(page))?.you === 0, 'the bare table address finds the seat by the browser\'s cookie');
  const tableBytes = await transferred(page);
  log(`table page first load: ${tableBytes} bytes`);
  check(tableBytes < 500 * 1024, `first load of a table page under 500 KB (${tableBytes})`);
  check((await page.locator('#conn').getAttribute('data-state')) === 'connected', 'the connection indicator says connected');

  /** @type {Record<string, number>} */
  const stats = {};
  let decisions = 0;
  let reconnected = false;
  let switched = false;
  let boardShot = false;
  let undone = 0;
  let hinted = false;
  check((await page.locator('#top #rules-link').count()) === 1, 'the table header links the rules');
  for (;;) {
    if (Date.now() - STARTED > BUDGET_MS) throw new Error('out of time');
    const state = await waitTurn(page, 30000);
    if (state === 'over') break;

    // A take-back, now and then, when offered.
    const undoBtn = page.locator('#undo:not([disabled])');
    if (undone < 2 && decisions > 15 && decisions % 7 === 0 && (await undoBtn.count()) > 0) {
      const v = await version(page);
      await undoBtn.click();
      await page.waitForFunction((v0) => /** @type {any} */ (window).__ordo.snap.version > v0 || document.querySelector('#error'), v, { timeout: 10000 });
      const err = await page.locator('#error').count();
      log(`take-back at version ${v}: ${err ? `refused (${await page.locator('#error').textContent()})` : 'accepted'}`);
      undone++;
      continue;
    }

    // (f) The coach, once, in mid-game: 1–3 suggestions, each a displayed legal decision; one is taken.
    if (!hinted && decisions >= 12 && /** @type {View | undefined} */ ((await snapOf(page))?.view)?.phase?.phase === 'turn') {
      hinted = true;
      await checkHints(page);
      decisions++;
      continue;
    }

    await decideOnce(page, { stats, verify: decisions % 5 === 0, tryRisky: decisions > 20 });
    decisions++;

    const snap = await snapOf(page);
    const view = /** @type {View | undefined} */ (snap?.view);
    // A board in mid-game: pieces on the map and buildings built.
    if (!boardShot && view && view.phase.phase === 'turn' && view.regions.some((r) => r.buildings.length > 0) && (view.supply < 115 || decisions > 150)) {
      boardShot = true;
      await shot(page, 'board');
      const phone = await newContext(browser, 'phone', { width: 390, height: 844 });
      // The same player on a phone: the seat is held by the browser's cookie (no token in the address).
      await phone.addCookies(await page.context().cookies());
      const pp = await phone.newPage();
      await pp.goto(tableUrl);
      await waitConnected(pp);
      const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `no sideways scrolling on a phone-sized screen (${overflow}px)`);
      // The decision to make is on screen without scrolling (a bottom sheet).
      const sheet = await decisionInView(pp);
      check(sheet != null && sheet.top >= 0 && sheet.bottom <= sheet.h, `a decision is visible without scrolling on a phone (${JSON.stringify(sheet)})`);
      await shot(pp, 'board-phone');
      await phone.close();
      passed.push('phone-sized screen: no sideways scrolling, the decision in view without scrolling (screenshot board-phone.png)');
    }

    // (d) at the table: Russian, then back to English; decisions are described in the language.
    if (!switched && decisions === 8) {
      switched = true;
      const phaseEn = await page.locator('#phase').textContent();
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      const phaseRu = await page.locator('#phase').textContent();
      check(phaseRu !== phaseEn && /[а-яё]/i.test(phaseRu ?? ''), `the phase line is in Russian (${phaseRu})`);
      check((await page.locator('#log h2').textContent()) === 'Журнал', 'the log heading is in Russian');
      // The knight orders' setup and power texts follow the language too.
      const orderTitles = await page.locator('dd.order[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
      check(orderTitles.length > 0 && orderTitles.every((x) => /[а-яё]/i.test(x)), `order powers in Russian (${orderTitles.join(' | ')})`);
      await page.selectOption('#lang', 'ja');
      await page.waitForFunction(() => document.documentElement.lang === 'ja');
      check((await page.locator('#log h2').textContent()) === '記録', 'the log heading is in Japanese');
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      passed.push('(d) language switch at the table (Russian, Japanese, English)');
    }

    // (c) Reconnect in mid-game: close the page, open it again, same board, play on.
    if (!reconnected && decisions === 40) {
      reconnected = true;
      await page.waitForTimeout(300);
      const sigBefore = await boardSignature(page);
      const vBefore = await version(page);
      await page.close();
      page = await ctx.newPage();
      await page.goto(tableUrl);
      await waitConnected(page);
      const vAfter = await version(page);
      const sigAfter = await boardSignature(page);
      if (vAfter === vBefore) {
        check(sigAfter === sigBefore, 'the board after reopening is the board before');
      } else {
        check(vAfter > vBefore, `the version after reopening (${vAfter}) is not behind (${vBefore})`);
      }
      log(`reconnected at version ${vBefore} → ${vAfter}`);
      // A dropped connection: the indicator says so, decisions wait, and the board comes back whole.
      await page.evaluate(() => /** @type {any} */ (window).__ordo.dropConnection());
      await page.waitForFunction(() => document.querySelector('#conn')?.getAttribute('data-state') === 'reconnecting', null, { timeout: 5000 });
      check((await page.locator('#decision-list button.decision:not([disabled])').count()) === 0, 'no decisions while reconnecting');
      check((await page.locator('.board.stale').count()) === 1, 'the board is marked stale while reconnecting');
      await waitConnected(page);
      check((await boardSignature(page)) === sigAfter, 'the board after the drop is the board before');
      passed.push(`(c) reconnect mid-game (page closed and reopened; connection dropped): same version (${vBefore}) and board, play continued`);
    }
  }
  log(`game over after ${decisions} decisions by the human (${JSON.stringify(stats)})`);
  check((stats.map ?? 0) > 0, 'some decisions were made on the map');
  check((stats.confirm ?? 0) > 0, 'a decision was confirmed');
  await page.waitForSelector('#scores', { timeout: 10000 });
  const rows = await page.locator('#scores tbody tr').count();
  check(rows === 2, `the score screen lists both players (${rows})`);
  const seedText = (await page.locator('#seed').textContent()) ?? '';
  check(/^\d+$/.test(seedText.trim()), `the seed is revealed (${seedText})`);
  await page.waitForFunction(() => document.querySelector('#seed-check')?.textContent?.includes('✓'), null, { timeout: 5000 });
  check((await page.locator('#decision-list button').count()) === 0, 'no decisions after the end');
  await shot(page, 'scores');
  check(boardShot, 'a mid-game board was captured');
  check(hinted, 'the coach was asked');
  await checkReplay(page);
  passed.push(`(a) full game vs a random bot to the score screen (${decisions} decisions; ${stats.map ?? 0} on the map, ${stats.keyboard ?? 0} by keyboard, ${stats.confirm ?? 0} confirmed)`);
  await ctx.close();
}

/**
 * (b) a 3-player table: two humans in two browser contexts (the second through the invite link)
 * and a bot; (e) a spectator during the secret order picks.
 * @param {Browser} browser
 */
export async function scenarioTwoHumans(browser) {
  const ctxA = await newContext(browser, 'host');
  const ctxB = await newContext(browser, 'guest');
  const ctxS = await newContext(browser, 'spectator');
  const a = await ctxA.newPage();
  await a.goto(`${base}/`);
  await a.waitForSelector('#create');
  const links = await createInLobby(a, { players: 3, seats: ['human', 'human', 'random'], mode: 'lobby', name: 'Host' });
  check(links[0] && links[1] && !links[2], 'invite links for the two human seats only');
  await a.click('#go-seat');
  await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap != null);
  await a.waitForSelector('#waiting', { timeout: 10000 });
  check((await snapOf(a))?.status === 'open', 'the table waits for the invited player');

  const b = await ctxB.newPage();
  await b.goto(links[1]);
  await waitConnected(b);
  await a.waitForFunction(() => /** @type {any} */ (window).__ordo.snap.status === 'active', null, { timeout: 10000 });
  await b.waitForFunction(() => /** @type {any} */ (window).__ordo.snap.status === 'active', null, { timeout: 10000 });
  const sa = await snapOf(a);
  const sb = await snapOf(b);
  check(sa?.you === 0 && sb?.you === 1, 'the host plays seat 1 and the guest seat 2');
  check(sb?.seats[1].name == null || sb?.seats[0].name === 'Host', 'the host joined under their name');
  passed.push('(b) 3-player table: the guest joined through the invite link and the game started');

  // (e) A spectator during the secret order picks.
  const sp = await ctxS.newPage();
  const tableId = /** @type {string} */ (sa?.table);
  await sp.goto(`${base}/t/${tableId}`);
  await waitConnected(sp);
  const spec = /** @type {Snapshot} */ (await snapOf(sp));
  const specView = /** @type {View} */ (spec.view);
  check(spec.you == null, 'the spectator has no seat');
  check(specView.phase.phase === 'pick_orders', `the orders are being picked (${specView.phase.phase})`);
  check(specView.seats.every((p) => p.offered == null), 'no seat\'s offered orders reach the spectator');
  check(specView.seats.every((p) => p.order == null), 'no picked order reaches the spectator');
  check(spec.legal.length === 0, 'the spectator has no legal decisions');
  check((await sp.locator('.offered').count()) === 0, 'the spectator page shows no offered orders');
  check((await sp.locator('button.decision').count()) === 0, 'the spectator page has no decision buttons');
  check((await sp.locator('#map .region.choice').count()) === 0, 'the spectator page has no clickable regions');
  check((await sp.locator('#spectating').count()) === 1, 'the spectator page says so');
  // The players see their own offered orders, and only their own.
  check((await a.locator('.offered').count()) === 1 && (await a.locator('#player-0 .offered').count()) === 1, 'the host sees their own order tiles only');
  check((await b.locator('.offered').count()) === 1 && (await b.locator('#player-1 .offered').count()) === 1, 'the guest sees their own order tiles only');
  const specHtml = await sp.content();
  /** @type {Array<string>} */
  const offeredA = sa ? /** @type {View} */ (sa.view).seats[0].offered ?? [] : [];
  check(offeredA.length >= 2, `the host was dealt order tiles (${offeredA})`);
  check(!specHtml.includes('data-offered'), 'the spectator DOM names no offered orders');

  // Both humans pick their orders simultaneously, then play on for a while.
  /** @type {Record<string, number>} */
  const stats = {};
  let made = 0;
  const pages = [a, b];
  let idle = 0;
  while (made < 36 && Date.now() - STARTED < BUDGET_MS) {
    let acted = false;
    for (const p of pages) {
      if (await decideOnce(p, { stats, useMap: 0.7, verify: made % 4 === 0 })) { made++; acted = true; }
    }
    if (!acted) {
      idle++;
      if (idle > 200) throw new Error('nobody could decide for 10 s');
      await sleep(50);
      const s0 = await snapOf(a);
      if (s0?.status === 'finished') break;
    } else idle = 0;
  }
  // Everyone converges on the same version.
  await sleep(300);
  const va = await version(a);
  await b.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version >= v, va, { timeout: 10000 });
  await sp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version >= v, va, { timeout: 10000 });
  const versions = [await version(a), await version(b), await version(sp)];
  check(versions.every((v) => v === versions[0]), `host, guest and spectator hold the same version (${versions})`);
  const specAfter = /** @type {View} */ ((await snapOf(sp))?.view);
  check(specAfter.seats.every((p) => p.offered == null), 'still nothing offered in the spectator\'s view');
  log(`two humans made ${made} decisions (${JSON.stringify(stats)}), version ${versions[0]}`);
  passed.push(`(b) two humans and a bot played ${made} decisions; all pages agree on version ${versions[0]}`);
  passed.push('(e) spectator: no offered orders of any seat in the snapshot or the DOM during the picks, no decision buttons');
  await ctxA.close();
  await ctxB.close();
  await ctxS.close();
}

/**
 * The client's merge-patch port agrees with the server's (cases of crates/ordo-server/src/delta.rs),
 * and a player joins an open table from the table list and finds it again under "My tables".
 * @param {Browser} browser
 */
export async function scenarioLobbyJoin(browser) {
  const ctx = await newContext(browser, 'joiner');
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  const cases = [
    [{ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { c: [1, 3] } }, { a: 1, b: { c: [1, 3], d: 'x' } }],
    [{ a: 1 }, { a: 2, b: 5, e: { g: 1 } }, { a: 2, b: 5, e: { g: 1 } }],
    [{ a: { b: 1 } }, { a: 7 }, { a: 7 }],
    [{ a: 7 }, { a: { b: 1 } }, { a: { b: 1 } }],
    [{ a: 1, gone: true }, { gone: null }, { a: 1 }],
    [[1, 2], { a: 1 }, { a: 1 }],
    [{ r: [{ a: 1 }, { a: 2 }, { a: 3 }] }, { r: { '@a': { 1: { a: 5 } } } }, { r: [{ a: 1 }, { a: 5 }, { a: 3 }] }],
    [{ r: [1, 2, 3, 4] }, { r: { '@a': { 1: null } } }, { r: [1, null, 3, 4] }],
    [{ r: [{ a: 1 }, 2, 3, 4] }, { r: { '@a': { 0: 7 } } }, { r: [7, 2, 3, 4] }],
    [{ r: [1, 2] }, { r: [1, 2, 3] }, { r: [1, 2, 3] }],
    [{ version: 4, view: { players: [{ gold: 1 }, { gold: 2 }] } }, { version: 5, view: { players: { '@a': { 1: { gold: 3 } } } } },
      { version: 5, view: { players: [{ gold: 1 }, { gold: 3 }] } }],
  ];
  const got = await page.evaluate((cs) => cs.map(([a, p]) => JSON.stringify(/** @type {any} */ (window).__ordo.mergeApply(a, p))), cases);
  cases.forEach((c, i) => check(got[i] === JSON.stringify(c[2]), `merge patch case ${i}: ${got[i]} = ${JSON.stringify(c[2])}`));
  passed.push(`the merge-patch port agrees with the server's on ${cases.length} cases`);

  // An open table made by someone else, joined from the list.
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'crusaders', config: { players: 2 }, seats: [{ kind: 'human' }, { kind: 'human' }], lobby: true }),
  });
  const created = /** @type {{id: string}} */ (await res.json());
  await page.click('#refresh');
  const join = page.locator(`button.join[data-table="${created.id}"]`);
  await join.waitFor({ timeout: 5000 });
  await join.click();
  await page.waitForURL((u) => u.pathname === `/t/${created.id}` && !u.search.includes('token='), { timeout: 10000 });
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.[0]?.joined === true, null, { timeout: 10000 });
  check((await snapOf(page))?.you === 0, 'the joiner took the first free seat');
  // The game's module is loaded on demand: the waiting room comes with it.
  await page.waitForSelector('#waiting', { timeout: 10000 });
  check((await page.locator('#waiting').count()) === 1, 'the waiting room shows while a seat is free');
  await page.goto(`${base}/`);
  // My games come from the server: the seat taken here is listed, with no token in its link.
  const mine = page.locator(`#my-games li[data-table="${created.id}"] a[href="/t/${created.id}"]`);
  await mine.waitFor({ timeout: 5000 });
  check((await page.locator(`#my-games li[data-table="${created.id}"]`).getAttribute('data-state')) === 'open', 'a table not started is listed as such');
  passed.push('join from the table list; the table is listed under "My tables" by the server, no token in any link');
  await ctx.close();
}

