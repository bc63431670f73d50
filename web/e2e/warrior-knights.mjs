// @ts-check
// Warrior Knights through the shell: the lobby's options, secrecy, Planning, battles and
// decisions by clicking, the coach, the replay, the phone layout.

import { STARTED, BUDGET_MS, passed, log, check, rand, randInt, base, newContext, snapOf, version, waitConnected, waitClaimed, decideOnce, waitTurn, transferred, shot, createInLobby, decisionInView, looseClickables } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

// ---------------------------------------------------------------------------------------------
// Warrior Knights
// ---------------------------------------------------------------------------------------------

/** The Baron cards (their ids appear in a view only where they are public). */
export const WK_CARDS = ['mobilize_forces', 'levy_taxes', 'draft_soldiers', 'rally_support', 'serve_the_church', 'versatile_strategy'];

/**
 * Nothing of another Baron's plan reaches this page: the snapshot holds only the viewer's own
 * secrets (`mine`), other seats' planning lines in the log are blank, and laid or held cards are
 * drawn only on the viewer's own board and planning panel.
 * @param {Page} page
 * @param {string} who
 */
export async function checkWkSecrecy(page, who) {
  const r = await page.evaluate((cards) => {
    const snap = /** @type {any} */ (window).__ordo.snap;
    const v = snap.view;
    const me = snap.you;
    /** @type {Array<string>} */
    const leaks = [];
    if (me == null && v.mine != null) leaks.push('a spectator holds secrets');
    if (me != null && v.mine && v.mine.seat !== me) leaks.push(`the secrets of seat ${v.mine.seat}`);
    for (const [k, e] of Object.entries(snap.log ?? {})) {
      const line = /** @type {any} */ (e);
      if (line && line.seat !== me && line.secret && (line.action != null || line.label != null)) leaks.push(`log line ${k} of seat ${line.seat}`);
    }
    v.barons.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
      if (!Array.isArray(b.planned) || b.planned.some((/** @type {unknown} */ x) => typeof x !== 'number')) leaks.push(`barons[${i}].planned is not counts`);
      if ('hand' in b) leaks.push(`barons[${i}].hand`);
    });
    // While planning, card names appear only in public places (the special-phase areas) and in `mine`.
    if (v.phase.kind === 'planning') {
      const rest = JSON.stringify({ ...v, mine: null, zones: null });
      for (const c of cards) if (rest.includes(`"${c}"`)) leaks.push(`"${c}" in the view`);
    }
    /** @param {Element} el */
    const own = (el) => me != null && (el.closest(`#player-${me}`) || el.closest('#wk-plan'));
    const dom = [...document.querySelectorAll('[data-plan-card], [data-hand-card]')].filter((el) => !own(el)).length;
    if (dom) leaks.push(`${dom} laid or held cards drawn outside the own board`);
    return { leaks, planning: v.phase.kind === 'planning' };
  }, WK_CARDS);
  check(r.leaks.length === 0, `${who}: no other Baron's plan in the snapshot or the DOM (${r.leaks.join('; ')})`);
  return r.planning;
}

/**
 * Every legal decision is one click (a button each), and the clickable areas are exactly those the
 * decisions name.
 * @param {Page} page
 */
export async function checkWkLegal(page) {
  const r = await page.evaluate(() => {
    const snap = /** @type {any} */ (window).__ordo.snap;
    const buttons = [...document.querySelectorAll('#decision-list button.decision:not([disabled])')].map((b) => Number(b.getAttribute('data-legal'))).sort((a, b) => a - b);
    const regions = [...document.querySelectorAll('#map .region.choice')].map((g) => Number(g.getAttribute('data-region'))).sort((a, b) => a - b);
    /** @type {Set<number>} */
    const named = new Set();
    for (const l of snap.legal) {
      const a = l.action;
      if (typeof a !== 'object' || a == null) continue;
      const [k, v] = Object.entries(a)[0];
      if (['place_stronghold', 'mobilize_to', 'retreat_to', 'versatile_battle'].includes(k)) named.add(v);
      if (k === 'place_noble') named.add(v.area);
      if (['move', 'move_ask', 'sail'].includes(k)) named.add(v.to);
    }
    return { legal: snap.legal.length, buttons, regions, named: [...named].sort((a, b) => a - b) };
  });
  if (r.buttons.length === 0) return;
  check(r.buttons.length === r.legal && r.buttons.every((x, i) => x === i), `one button per legal decision (${r.buttons.length} of ${r.legal})`);
  check(JSON.stringify(r.regions) === JSON.stringify(r.named), `clickable areas ${JSON.stringify(r.regions)} are those named by decisions ${JSON.stringify(r.named)}`);
}

/**
 * Planning on the planning board: a card, then a stack (or a →n button), a few times, sometimes a
 * take-back, then "done planning".
 * @param {Page} page @param {Record<string, number>} stats
 */
export async function wkPlan(page, stats) {
  const want = 3 + randInt(4);
  for (let k = 0; k < want; k++) {
    const v0 = await version(page);
    const cards = page.locator('#wk-plan .wk-hand-card:not([disabled])');
    const n = await cards.count();
    if (n === 0) break;
    if (rand() < 0.7) {
      await cards.nth(randInt(n)).click();
      const targets = page.locator('#wk-plan .wk-stack-target:not([disabled])');
      await targets.first().waitFor({ timeout: 5000 });
      const m = await targets.count();
      await targets.nth(randInt(m)).click();
      stats.plan_pick = (stats.plan_pick ?? 0) + 1;
    } else {
      const quick = page.locator('#wk-plan button.decision.wk-quick:not([disabled])');
      await quick.nth(randInt(await quick.count())).click();
      stats.plan_quick = (stats.plan_quick ?? 0) + 1;
    }
    await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 10000 });
    await checkWkSecrecy(page, 'while planning');
    // With every card laid that may be, Planning ends by itself.
    if ((await page.locator('#wk-plan').count()) === 0) return;
    // A take-back of a card just laid, once (when no other seat has decided since).
    if (!stats.undo && (await page.locator('#undo:not([disabled])').count()) === 1) {
      const laid = await page.evaluate(() => /** @type {any} */ (window).__ordo.snap.view.mine.planned.flat().length);
      const v1 = await version(page);
      await page.click('#undo');
      await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v || document.querySelector('#error'), v1, { timeout: 10000 });
      if ((await page.locator('#error').count()) === 0) {
        const after = await page.evaluate(() => /** @type {any} */ (window).__ordo.snap.view.mine?.planned.flat().length ?? -1);
        check(after === laid - 1, `the take-back returned the card to the hand (${laid} → ${after})`);
        stats.undo = 1;
      } else {
        log(`take-back refused: ${await page.locator('#error').textContent()}`);
      }
    }
  }
  const done = page.locator('#wk-plan button.decision[data-type="plan_done"]:not([disabled])');
  if ((await done.count()) === 0) return;
  const v0 = await version(page);
  const early = await page.evaluate(() => {
    const m = /** @type {any} */ (window).__ordo.snap.view.mine;
    const laid = m.planned.flat().length;
    const inHand = m.hand.reduce((/** @type {number} */ n, /** @type {number} */ c) => n + c, 0);
    return laid < 6 && inHand > 0;
  });
  await done.click();
  if (early) {
    // Finishing with cards still to lay is asked twice.
    await page.waitForSelector('#confirm-yes', { timeout: 5000 });
    check((await version(page)) === v0, 'finishing Planning early waits for the confirmation');
    await page.click('#confirm-yes');
    stats.plan_confirmed = (stats.plan_confirmed ?? 0) + 1;
  } else {
    check((await page.locator('#confirm-yes').count()) === 0, 'a full plan is finished without a confirmation');
  }
  await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 10000 });
  stats.planned = (stats.planned ?? 0) + 1;
}

/**
 * (i) Warrior Knights: a 2-Baron table against a heuristic bot created in the lobby; the first two
 * rounds played entirely by clicking (planning board, map and buttons); a spectator during Planning.
 * @param {Browser} browser
 */
export async function scenarioWarriorKnights(browser) {
  const ctx = await newContext(browser, 'wk');
  let page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', 'warrior-knights');
  await page.waitForSelector('#wk-length');
  check((await page.locator('#wk-optional input[type=checkbox]').count()) === 9, 'seven optional rules, The King and Missions offered');
  check((await page.locator('#wk-opt-two_barons_need_five_cities').count()) === 1, "the FAQ's two-Baron city win is one of them");
  check((await page.locator('#variant').count()) === 0, 'no Crusaders variant for Warrior Knights');
  check((await page.locator('#players option:not([disabled])').count()) === 5, 'two to six Barons');
  await page.selectOption('#wk-length', 'shorter');
  await page.check('#wk-opt-miracles_can_happen');
  const links = await createInLobby(page, { players: 2, seats: ['human', 'heuristic'], name: 'Wanda' });
  const tableId = /** @type {string} */ (links[0].match(/\/t\/([^?]+)/)?.[1]);
  await page.locator(`#my-tables li[data-game="warrior-knights"] a[href="/t/${tableId}"]`).waitFor({ timeout: 5000 });
  await page.click('#refresh');
  await page.locator(`#tables tr[data-table="${tableId}"][data-game="warrior-knights"]`).waitFor({ timeout: 5000 });
  const listed = (await page.locator(`#tables tr[data-table="${tableId}"]`).textContent()) ?? '';
  check(listed.includes('Warrior Knights') && listed.includes('Shorter'), `the table list shows the game (${listed})`);
  passed.push('(i) lobby: Warrior Knights chosen with its length and optional rules; shown under "My tables" and in the table list');

  await page.click('#go-seat');
  await waitConnected(page);
  await waitClaimed(page);
  const tableUrl = page.url();
  const cfg = await (await fetch(`${base}/api/tables/${tableId}`)).json();
  check(cfg.game === 'warrior-knights' && cfg.config.barons === 2 && cfg.config.length === 'shorter' && cfg.config.optional.miracles_can_happen === true,
    `the table was created as asked (${JSON.stringify(cfg.config)})`);
  const tableBytes = await transferred(page);
  log(`Warrior Knights table first load: ${tableBytes} bytes`);
  check(tableBytes < 500 * 1024, `first load of a Warrior Knights table under 500 KB (${tableBytes})`);
  check((await page.locator('#map .region').count()) === 48, 'the map has 42 Kingdom and 6 overseas areas');

  /** @type {Record<string, number>} */
  const stats = {};
  let decisions = 0;
  let spectated = false;
  let switched = false;
  let troopNamed = false;
  let hinted = false;
  let boardShot = false;
  let planningSeen = 0;
  const t0 = Date.now();
  for (;;) {
    if (Date.now() - STARTED > BUDGET_MS) throw new Error('out of time');
    check(Date.now() - t0 < 120000, 'two rounds of Warrior Knights within two minutes');
    const state = await waitTurn(page, 30000);
    const snap = /** @type {any} */ (await snapOf(page));
    const view = snap.view;
    if (state === 'over' || view.round >= 3) break;
    const planning = await checkWkSecrecy(page, 'player');
    if (decisions % 3 === 0) await checkWkLegal(page);

    // A spectator during Planning: nothing secret, nothing to decide.
    if (planning && !spectated) {
      spectated = true;
      const sctx = await newContext(browser, 'wk-spectator');
      const sp = await sctx.newPage();
      await sp.goto(`${base}/t/${tableId}`);
      await waitConnected(sp);
      await checkWkSecrecy(sp, 'spectator');
      check((await sp.locator('button.decision, #wk-plan').count()) === 0, 'the spectator has no decisions and no planning board');
      check((await sp.locator('#spectating').count()) === 1, 'the spectator page says so');
      await sctx.close();
      passed.push('(i) spectator during Planning: no hand, no laid cards, no secret log lines, no decisions');
    }

    // The coach, once.
    if (!hinted && view.round >= 1 && !planning) {
      hinted = true;
      const v0 = await version(page);
      await page.click('#hint');
      await page.waitForSelector('#hint-list, #hint-none, #hint-error', { timeout: 30000 });
      check((await page.locator('#hint-error').count()) === 0, 'the coach answered');
      const first = page.locator('#hint-list .hint-choice');
      await shot(page, 'wk-hints');
      if ((await first.count()) > 0 && (await version(page)) === v0) {
        const label = (await first.first().locator('strong').textContent()) ?? '';
        const idx = Number(await first.first().getAttribute('data-legal'));
        const shown = await page.locator(`#decision-list button.decision[data-legal="${idx}"]`).getAttribute('aria-label')
          ?? await page.locator(`#decision-list button.decision[data-legal="${idx}"]`).textContent();
        check(shown === label, `the suggestion "${label}" is a displayed decision ("${shown}")`);
        await first.first().click();
        if (await page.locator('#confirm-yes').count()) await page.click('#confirm-yes');
        await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 15000 });
        decisions++;
        passed.push(`(i) the coach suggested "${label}" and it was played`);
        continue;
      }
    }

    if (planning && (await page.locator('#wk-plan').count()) > 0) {
      planningSeen++;
      await wkPlan(page, stats);
      decisions++;
      continue;
    }

    // The starting troop a Baron gives next is named in the chosen language, not only in English.
    const starts = page.locator('#decision-list button.decision[data-type="assign_start"]');
    if (!troopNamed && (await starts.count()) > 0) {
      troopNamed = true;
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      const labels = await starts.evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      check(labels.length > 0 && labels.every((x) => /Регулярные|жалованье/.test(x)), `the starting troop is named in Russian (${labels[0]})`);
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      passed.push(`(i) the starting troop to give is named in the chosen language ("${labels[0]}")`);
    }

    // Language at the table: Russian and back.
    if (!switched && view.round >= 1) {
      switched = true;
      const en = await page.locator('#phase').textContent();
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      const ru = (await page.locator('#phase').textContent()) ?? '';
      check(ru !== en && /[а-яё]/i.test(ru), `the phase line is in Russian (${ru})`);
      const labels = await page.locator('#decision-list button.decision').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
      check(labels.some((x) => /[а-яё]/i.test(x)), `decisions are described in Russian (${labels.slice(0, 3).join(' | ')})`);
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      passed.push('(i) language switch at the Warrior Knights table (Russian and back)');
    }

    // Finishing steps are preferred now and then, so that moves and returns end.
    const finish = page.locator('#decision-list button.decision:not([disabled])[data-type="end_moves"], #decision-list button.decision:not([disabled])[data-type="return_done"]');
    if ((await finish.count()) > 0 && rand() < 0.5) {
      const v0 = await version(page);
      await finish.first().click();
      await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 10000 });
      stats.buttons = (stats.buttons ?? 0) + 1;
    } else {
      await decideOnce(page, { stats, useMap: 0.8 });
    }
    decisions++;

    // A picture of the board once Nobles are out in round 2.
    if (!boardShot && view.round >= 2) {
      boardShot = true;
      await shot(page, 'wk-board');
      const phone = await newContext(browser, 'wk-phone', { width: 390, height: 844 });
      // The same player on a phone: the seat is held by the browser's cookie (no token in the address).
      await phone.addCookies(await page.context().cookies());
      const pp = await phone.newPage();
      await pp.goto(tableUrl);
      await waitConnected(pp);
      const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `no sideways scrolling on a phone-sized screen at the Warrior Knights table (${overflow}px)`);
      const sheet = await decisionInView(pp);
      check(sheet != null && sheet.top >= 0 && sheet.bottom <= sheet.h, `a Warrior Knights decision is visible without scrolling on a phone (${JSON.stringify(sheet)})`);
      const loose = await looseClickables(pp);
      check(loose.length === 0, `at the Warrior Knights table everything that looks clickable is a control with a tab stop (${loose.join(', ')})`);
      await shot(pp, 'wk-board-phone');
      await phone.close();
    }
  }
  const final = /** @type {any} */ (await snapOf(page));
  log(`Warrior Knights: ${decisions} decisions by clicking in ${((Date.now() - t0) / 1000).toFixed(1)} s, round ${final.view.round} (${JSON.stringify(stats)})`);
  check(final.view.round >= 3 || final.status === 'finished', `the first two rounds were played (round ${final.view.round})`);
  check(planningSeen >= 2, `planned on the planning board in both rounds (${planningSeen})`);
  check((stats.map ?? 0) > 0, 'some decisions were made on the map');
  check((stats.plan_pick ?? 0) > 0, 'cards were laid by picking a card and then a stack');
  check(stats.undo === 1, 'a card laid was taken back');
  check(boardShot, 'a board in round 2 was captured');
  check(hinted, 'the coach was asked');
  passed.push(`(i) Warrior Knights: two rounds by clicking — ${decisions} decisions (${stats.map ?? 0} on the map, ${stats.plan_pick ?? 0} cards by card-then-stack, ${stats.plan_quick ?? 0} by →n, a take-back); screenshots wk-board.png, wk-board-phone.png`);

  // The replay of the game so far draws the same board.
  await page.goto(`${base}/t/${tableId}?replay=1`);
  await page.waitForSelector('#replay-counter', { timeout: 10000 });
  await page.waitForFunction(() => document.querySelector('#replay')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('#map .region').length === 48, null, { timeout: 10000 });
  await page.click('#replay-last');
  await page.waitForFunction(() => {
    const m = (document.querySelector('#replay-counter')?.textContent ?? '').match(/(\d+) of (\d+)/);
    return !!m && m[1] === m[2] && document.querySelector('#replay')?.getAttribute('aria-busy') === 'false';
  }, null, { timeout: 10000 });
  check((await page.locator('#map .noble').count()) > 0 && (await page.locator('.wk-baron').count()) === 2, 'the replay draws the Nobles and both Barons');
  check((await page.locator('button.decision').count()) === 0, 'no decisions in the replay');
  passed.push('(i) replay of the Warrior Knights table: map, Nobles and both Barons drawn, no decisions');
  await ctx.close();
}

// ---------------------------------------------------------------------------------------------
