// @ts-check
// Warrior Knights gifts: three people at a table with Exchanging Heirs and The King; a Baron who is not to act
// gives crowns and an heir token from his board, asked twice; everyone sees it in the log, in
// words; the turn stays where it was. Screenshots on a desktop and a phone, in English and Russian.

import { passed, check, base, newContext, snapOf, version, waitConnected, waitClaimed, shot, createInLobby } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/** @param {Page} page */
const snap = async (page) => /** @type {any} */ (await snapOf(page));

/** The newest log line's text on a page. @param {Page} page */
async function lastLog(page) {
  return (await page.locator('#log-list li').first().textContent()) ?? '';
}

/** @param {Browser} browser */
export async function scenarioWkGifts(browser) {
  const ctxs = [await newContext(browser, 'wkg-a'), await newContext(browser, 'wkg-b'), await newContext(browser, 'wkg-c')];
  const host = await ctxs[0].newPage();
  await host.goto(`${base}/`);
  await host.waitForSelector('#create');
  await host.selectOption('#game', 'warrior-knights');
  await host.waitForSelector('#wk-opt-exchanging_heirs');
  await host.check('#wk-opt-exchanging_heirs');
  // The King (Crown and Glory): its own three lengths, and not with Might Is Right.
  await host.check('#wk-opt-the_king');
  await host.check('#wk-opt-missions');
  check(await host.locator('#wk-opt-might_is_right').isDisabled(), 'Might Is Right is greyed out with The King');
  check(await host.locator('#wk-length option[value="longest"]').isDisabled(), 'the longest game is greyed out with The King');
  const links = await createInLobby(host, { players: 3, seats: ['human', 'human', 'human'], name: 'Ada' });
  await host.click('#go-seat');
  await waitConnected(host);
  await waitClaimed(host);
  /** @type {Array<Page>} */
  const pages = [host];
  for (const seat of [1, 2]) {
    const p = await ctxs[seat].newPage();
    await p.goto(links[seat]);
    await waitConnected(p);
    await p.waitForFunction((s) => /** @type {any} */ (window).__ordo?.snap?.you === s, seat, { timeout: 10000 });
    pages.push(p);
  }
  await host.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'active', null, { timeout: 10000 });
  const s0 = await snap(host);
  const tableId = /** @type {string} */ (host.url().match(/\/t\/([^?]+)/)?.[1]);
  const cfg = await (await fetch(`${base}/api/tables/${tableId}`)).json();
  check(cfg.config?.optional?.exchanging_heirs === true && cfg.config?.optional?.the_king === true, `the table plays Exchanging Heirs and The King (${JSON.stringify(cfg.config)})`);
  const kingFact = (await host.locator('#wk-king').first().textContent()) ?? '';
  check(/no King yet/.test(kingFact) && /16 Influence/.test(kingFact), `the status line tells The King's end (${kingFact})`);
  check(s0.view.pool === 24, `8 Influence per Baron in the pool (${s0.view.pool})`);
  // Missions: each Baron sees his own, in words, and nobody else's.
  for (const [seat, p] of pages.entries()) {
    const s = await snap(p);
    const own = (await p.locator('#wk-my-mission').textContent()) ?? '';
    check(s.view.mine?.mission != null && own.includes('Your Mission') && !/#\d/.test(own), `seat ${seat} sees its own Mission in words (${own})`);
    check((await p.locator('.wk-mission').count()) === 1, `seat ${seat} sees no other Baron's Mission`);
    for (const other of [0, 1, 2].filter((x) => x !== seat)) {
      const theirs = await snap(pages[other]);
      check(!JSON.stringify(theirs).includes(`"mission":${s.view.mine.mission}`), `seat ${other}'s page holds nothing of seat ${seat}'s Mission`);
    }
  }
  passed.push('(g) Missions: each Baron sees his own in words, and no page holds another\'s');
  const toAct = s0.to_act;
  check(toAct.length === 1, `one Baron places a stronghold first (${JSON.stringify(toAct)})`);
  const actor = toAct[0];
  const giver = (actor + 1) % 3;
  const taker = (actor + 2) % 3;
  const gp = pages[giver];
  const crowns = (/** @type {any} */ s, /** @type {number} */ b) => s.view.barons[b].crowns;
  const before = await snap(gp);

  // The giver is not to act: his board still offers the gift box.
  check((await gp.locator('#decision-list button.decision:not([disabled])').count()) === 0, 'the giver has no decision of his turn');
  await gp.click('#wk-give summary');
  await gp.fill('#wk-give-crowns', '3');
  await gp.selectOption('#wk-give-to', String(taker));
  await gp.waitForSelector('#wk-give-crowns-go:not([disabled])', { timeout: 10000 });
  await gp.click('#wk-give-crowns-go');
  await gp.waitForSelector('#wk-give-yes');
  const ask = (await gp.locator('.wk-give-confirm').textContent()) ?? '';
  check(/Give 3 crowns to .+\?/.test(ask) && ask.includes('final'), `the gift is asked twice, in words (${ask})`);
  await shot(gp, 'wk-gift-confirm');
  const v0 = await version(gp);
  await gp.click('#wk-give-yes');
  await gp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 10000 });
  const after = await snap(gp);
  check(crowns(after, giver) === crowns(before, giver) - 3 && crowns(after, taker) === crowns(before, taker) + 3,
    `3 crowns changed hands (${crowns(before, giver)}→${crowns(after, giver)}, ${crowns(before, taker)}→${crowns(after, taker)})`);
  check(JSON.stringify(after.to_act) === JSON.stringify(toAct), 'the turn stayed where it was');
  // Everyone reads it in the log, in words; the Baron to act still decides.
  const ap = pages[actor];
  await ap.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 10000 });
  const line = await lastLog(ap);
  check(/Give 3 crowns to /.test(line) && !/give_crowns|\{/.test(line), `the log says what was given, in words (${line})`);
  check((await ap.locator('#decision-list button.decision:not([disabled])').count()) > 0, 'the Baron to act still has his decisions');
  passed.push(`(g) a Baron not to act gave 3 crowns from his board, asked twice; the log reads "${line.trim()}"`);

  // An heir token: the giver hands his Circle Noble's heir to the taker.
  const key = `${giver}-3`;
  await gp.waitForSelector(`button[data-heir="${key}"]`);
  await gp.selectOption(`#wk-give-heir-to-${key}`, String(taker));
  await gp.waitForSelector(`button[data-heir="${key}"]:not([disabled])`, { timeout: 10000 });
  await gp.click(`button[data-heir="${key}"]`);
  await gp.waitForSelector('#wk-give-yes');
  const v1 = await version(gp);
  await gp.click('#wk-give-yes');
  await gp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v1, { timeout: 10000 });
  const tp = pages[taker];
  await tp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v1, { timeout: 10000 });
  await tp.waitForSelector(`button[data-heir="${key}"]`, { state: 'attached', timeout: 10000 }).catch(async (e) => {
    const sv = await snap(tp);
    throw new Error(`${e}: taker ${taker} (you ${sv.you}) sees heir ${JSON.stringify(sv.view.barons[giver].nobles[3])}; gift box: ${(await tp.locator('#wk-give').count())} ${(await tp.locator('#wk-give').textContent().catch(() => ''))}`);
  });
  await gp.waitForSelector(`button[data-heir="${key}"]`, { state: 'detached', timeout: 10000 });
  passed.push('(g) the taker now holds the heir token and may give it on; the giver no longer');
  const held = (await tp.locator(`#player-${giver} tr[data-shape="3"]`).textContent()) ?? '';
  check(/heir held by/.test(held), `the giver's board says who holds the heir (${held})`);
  const heirLine = await lastLog(tp);
  check(/Give the heir of .+ Noble to /.test(heirLine), `the log names the heir given (${heirLine})`);
  passed.push(`(g) an heir token given out of turn; the log reads "${heirLine.trim()}"; the boards show who holds it`);

  // An offer, which the other Baron must accept: the giver offers the taker his Star Noble's heir
  // for 2 crowns. Only the two of them see it until it is accepted; then everyone reads the exchange.
  await gp.waitForSelector('#wk-offers summary');
  if ((await gp.locator('#wk-offers[open]').count()) === 0) await gp.click('#wk-offers summary');
  await gp.selectOption('[data-k="wk-offer-to"]', String(taker));
  await gp.waitForSelector(`[data-k="wk-offer-give-heir"] option[value="${giver}-0"]`, { state: 'attached' });
  await gp.selectOption('[data-k="wk-offer-give-heir"]', `${giver}-0`);
  // Nothing asked yet: the form says so rather than sending.
  const v3 = await version(gp);
  await gp.waitForSelector('[data-k="wk-offer-send"]:not([disabled])', { timeout: 10000 });
  await gp.click('[data-k="wk-offer-send"]');
  const problem = (await gp.locator('[data-k="wk-offer-problem"]').textContent()) ?? '';
  check(/both sides/.test(problem) && (await version(gp)) === v3, `an offer asking nothing is not sent, and the form says why (${problem})`);
  // Typed, then the button clicked straight away: the one click sends it.
  await gp.fill('[data-k="wk-offer-take-crowns"]', '2');
  const preview = (await gp.locator('[data-k="wk-offer-problem"]').textContent()) ?? '';
  check(/will be asked: the heir of .+ Star Noble for 2 crowns/.test(preview), `the form says what will be asked (${preview})`);
  await gp.click('[data-k="wk-offer-send"]');
  await gp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v3, { timeout: 10000 });
  await tp.waitForSelector('.wk-offers-in li', { timeout: 10000 });
  const incoming = (await tp.locator('.wk-offers-in li').first().textContent()) ?? '';
  check(/offers you the heir of .+ Star Noble for 2 crowns/.test(incoming), `the taker reads the offer in words (${incoming})`);
  const mine = (await gp.locator('.wk-offers-out li').first().textContent()) ?? '';
  check(/the heir of .+ Star Noble for 2 crowns/.test(mine), `the maker sees his open offer (${mine})`);
  await ap.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v3, { timeout: 10000 });
  const third = await snap(ap);
  check(third.view.offers == null && (await ap.locator('.wk-offers-in li, .wk-offers-out li').count()) === 0, 'the third Baron sees no offer');
  const thirdLine = await lastLog(ap);
  check(/secret/.test(thirdLine) && !/Star|heir/.test(thirdLine), `the third Baron's log shows only a secret decision (${thirdLine})`);
  await tp.locator('#wk-offers').scrollIntoViewIfNeeded();
  await shot(tp, 'wk-offer-incoming');
  const taker0 = crowns(await snap(tp), taker);
  await tp.waitForSelector(`[data-k="wk-offer-accept-${giver}"]:not([disabled])`, { timeout: 10000 });
  const v4 = await version(tp);
  await tp.click(`[data-k="wk-offer-accept-${giver}"]`);
  await ap.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v4, { timeout: 10000 });
  const done = await snap(ap);
  check(done.view.barons[giver].nobles[0].heir === taker && crowns(done, taker) === taker0 - 2, 'the heir and 2 crowns changed hands');
  const acceptLine = await lastLog(ap);
  check(/Accept .+ offer: the heir of .+ Star Noble for 2 crowns/.test(acceptLine), `everyone reads the exchange in the log (${acceptLine})`);
  check(JSON.stringify(done.to_act) === JSON.stringify(toAct), 'the turn stayed where it was');
  passed.push(`(g) an offer made out of turn, seen by its two Barons only, accepted; the log reads "${acceptLine.trim()}"`);

  // More than the Baron holds, typed past the field's limit, is capped at what he holds; a
  // cancelled gift gives nothing.
  const v2 = await version(gp);
  if ((await gp.locator('#wk-give[open]').count()) === 0) await gp.click('#wk-give summary');
  await gp.waitForSelector('#wk-give-crowns');
  await gp.fill('#wk-give-crowns', '999');
  await gp.waitForSelector('#wk-give-crowns-go:not([disabled])', { timeout: 10000 });
  await gp.click('#wk-give-crowns-go');
  await gp.waitForSelector('#wk-give-yes');
  const capped = (await gp.locator('.wk-give-confirm').textContent()) ?? '';
  const holds = crowns(await snap(gp), giver);
  check(new RegExp(`Give ${holds} crowns`).test(capped), `the amount is capped at what the Baron holds (${capped})`);
  await gp.click('#wk-give-no');
  check((await version(gp)) === v2, 'cancelling gives nothing');

  // Russian, a desktop and a phone.
  await gp.selectOption('#lang', 'ru');
  await gp.waitForFunction(() => document.documentElement.lang === 'ru');
  const ru = (await gp.locator('#wk-give summary').textContent()) ?? '';
  check(/[а-яё]/i.test(ru), `the gift box speaks Russian (${ru})`);
  if ((await gp.locator('#seat-name-form').count()) > 0) {
    const ask = (await gp.locator('#seat-name-form').textContent()) ?? '';
    check(/[а-яё]/i.test(ask) && !/Your name/.test(ask), `the guest's name form follows the language (${ask})`);
  }
  const ruLine = await lastLog(gp);
  check(/[а-яё]/i.test(ruLine), `the gift's log line in Russian (${ruLine})`);
  await gp.locator('#wk-give').scrollIntoViewIfNeeded();
  await shot(gp, 'wk-gift-ru');
  const ruOffers = (await gp.locator('#wk-offers summary').textContent()) ?? '';
  check(/[а-яё]/i.test(ruOffers), `the offers box speaks Russian (${ruOffers})`);
  if ((await gp.locator('#wk-offers[open]').count()) === 0) await gp.click('#wk-offers summary');
  await gp.locator('#wk-offers').scrollIntoViewIfNeeded();
  await shot(gp, 'wk-offer-ru');
  await gp.selectOption('#lang', 'en');
  const phone = await newContext(browser, 'wkg-phone', { width: 390, height: 844 });
  await phone.addCookies(await gp.context().cookies());
  const pp = await phone.newPage();
  await pp.goto(gp.url());
  await waitConnected(pp);
  if ((await pp.locator('#wk-give[open]').count()) === 0) await pp.click('#wk-give summary');
  await pp.locator('#wk-give').scrollIntoViewIfNeeded();
  const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow <= 1, `the gift box fits a phone (${overflow}px sideways)`);
  await shot(pp, 'wk-gift-phone');
  if ((await pp.locator('#wk-offers[open]').count()) === 0) await pp.click('#wk-offers summary');
  await pp.locator('#wk-offers').scrollIntoViewIfNeeded();
  const overflow2 = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  check(overflow2 <= 1, `the offers box fits a phone (${overflow2}px sideways)`);
  await shot(pp, 'wk-offer-phone');
  await phone.close();
  passed.push('(g) the gift box in Russian and on a phone; screenshots wk-gift-confirm.png, wk-gift-ru.png, wk-gift-phone.png');
  for (const c of ctxs) await c.close();
}
