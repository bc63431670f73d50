// @ts-check
// Warrior Knights rules revision 4 on screen: the revolt panel (with the owner's waiting cities),
// the losses panel, the Event history and discard, a shared first place with no King, and the new
// decisions' labels, in English and Russian, at 390×844 and 1400×1000. The view's new parts are
// set on the held snapshot of a table waiting for players (nothing else changes it) and drawn again.

import { passed, check, base, newContext, shot } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/** Sets revision 4's parts on the held view (two cities of seat 0 in revolt, a loss, Events). @param {Page} page @param {boolean} over */
async function stage(page, over) {
  await page.evaluate((end) => {
    const o = /** @type {any} */ (window).__ordo;
    const v = o.snap.view;
    v.revolt = { seat: 0, city: 0, name: 'Vecht', income: 2, crowns: 4, faith: 1 };
    v.revolts_waiting = [{ seat: 0, city: 1, name: 'Semlik', income: 3, crowns: 6, faith: 1 }];
    v.losses = [{ seat: 1, holder: { noble: 2 }, deserter: 0, tokens: 2, half: true }];
    v.events_drawn = [
      { round: 1, card: 0, drawer: 0, target: 0, pick: null, result: 'happened', drawn_at: 10, resolved_at: 11 },
      { round: 2, card: 1, drawer: 1, target: 0, pick: null, result: 'cancelled', drawn_at: 20, resolved_at: 21 },
    ];
    v.events_text = ['first Event in words', 'second Event in words'];
    v.event_discard = [0, 1];
    o.snap.legal = [
      { action: { resolve_revolt: 1 }, label: 'resolve the revolt of Semlik next' },
      { action: { lose_troop: 0 }, label: 'server label' },
      { action: 'buy_off_crowns', label: 'server label' },
    ];
    if (end) {
      v.outcome = { places: [0, 0], influence: [10, 10] };
      v.standing = { king: null, places: [0, 0] };
    }
    o.rerender();
  }, over);
}

/** @param {Browser} browser */
export async function scenarioWkRevision4(browser) {
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'warrior-knights', config: { barons: 2 }, seats: [{ kind: 'human' }, { kind: 'human' }] }),
  });
  const { id } = /** @type {{id: string}} */ (await res.json());
  for (const [w, hgt, lang] of /** @type {Array<[number, number, string]>} */ ([[1400, 1000, 'en'], [390, 844, 'ru']])) {
    const ctx = await newContext(browser, `wk-r4-${w}`, { width: w, height: hgt });
    const page = await ctx.newPage();
    await page.goto(`${base}/`);
    await page.selectOption('#lang', lang);
    await page.goto(`${base}/t/${id}`);
    await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.view != null && document.querySelector('#board') != null, null, { timeout: 20000 });
    await stage(page, false);
    const revolt = (await page.locator('#wk-revolt').textContent()) ?? '';
    const city = lang === 'en' ? 'Vecht' : await page.evaluate(() => document.querySelector('#wk-revolt h2')?.textContent ?? '');
    check(revolt.includes('Vecht') || (lang !== 'en' && city.length > 3), `${lang}: the revolt panel names the city (${city})`);
    check(/4/.test(revolt) && /2/.test(revolt), `${lang}: the revolt panel shows the income and the prices`);
    check(await page.locator('#wk-revolts-waiting li').count() === 1, `${lang}: the owner's waiting revolting city is listed`);
    check(await page.locator('#wk-losses li.current').count() === 1, `${lang}: the losses panel shows the army deciding`);
    check(await page.locator('#wk-events ol > li').count() === 2, `${lang}: the Event history lists both Events`);
    check(((await page.locator('#wk-event-discard').textContent()) ?? '').includes(','), `${lang}: the Event discard is shown`);
    // The game module's labels of the new decisions (the same module instance the page uses).
    const labels = await page.evaluate(async () => {
      const src = /** @type {HTMLScriptElement} */ (document.querySelector('script[type=module]')).src;
      const mod = await import(new URL('../games/warrior-knights/describe.js', src).href);
      const o = /** @type {any} */ (window).__ordo;
      return o.snap.legal.map((/** @type {any} */ l) => mod.label(o.snap, o.snap.view, l));
    });
    check(labels.length === 3 && labels.every((/** @type {string} */ l) => l && !/server label|[{}]|_/.test(l)), `${lang}: the new decisions read as words (${labels.join(' | ')})`);
    await shot(page, `wk-r4-${lang}-${w}`);
    await stage(page, true);
    await page.waitForSelector('#scores');
    const show = page.locator('#scores button');
    if (await page.locator('#scores table').count() === 0 && await show.count()) await show.first().click();
    const scores = (await page.locator('#scores').textContent()) ?? '';
    check(scores.includes('=1'), `${lang}: the final scores show a shared first place`);
    const king = (await page.locator('#wk-king').textContent()) ?? '';
    check(lang !== 'en' || /no King/.test(king), `${lang}: no King when the leaders stay tied (${king})`);
    await shot(page, `wk-r4-end-${lang}-${w}`);
    await ctx.close();
  }
  passed.push('(r4) Warrior Knights revision 4: revolt panel with waiting cities, losses, Event history and discard, shared place with no King, new decisions in words (en 1400×1000, ru 390×844)');
}
