// @ts-check
// Both games to the end through the shell on both viewports: bots play a table of each game while
// a page at 390×844 and one at 1400×1000 watch every patch up to the final scores.

import { mapTextSize } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */

/**
 * @param {Browser} browser
 * @param {{base: string, log: (m: string) => void, check: (c: unknown, m: string) => void, newContext: (b: Browser, name: string, v?: {width: number, height: number}) => Promise<import('playwright-core').BrowserContext>, passed: Array<string>, shot: (p: import('playwright-core').Page, name: string) => Promise<void>}} env
 */
export async function scenarioEndings(browser, env) {
  const { base, log, check, passed } = env;
  /** @type {Record<string, unknown>} */
  const configs = { crusaders: { players: 3 }, 'warrior-knights': { barons: 2, length: 'shorter' } };
  const done = [];
  for (const game of Object.keys(configs)) {
    const started = Date.now();
    const n = game === 'crusaders' ? 3 : 2;
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      // Crusaders' last seat is a search bot: once the game is over its decisions tell why.
      body: JSON.stringify({ game, config: configs[game], seats: Array.from({ length: n }, (_, i) => ({ kind: 'bot', bot: game === 'crusaders' && i === n - 1 ? 'easy' : 'random' })) }),
    });
    const { id } = /** @type {{id: string}} */ (await res.json());
    const pages = [];
    for (const [w, hgt] of [[390, 844], [1400, 1000]]) {
      const ctx = await env.newContext(browser, `end-${game}-${w}`, { width: w, height: hgt });
      const page = await ctx.newPage();
      await page.goto(`${base}/t/${id}`);
      pages.push({ ctx, page, w });
    }
    for (const { page, w } of pages) {
      await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'finished' && document.querySelector('#scores') != null,
        null, { timeout: 240000, polling: 500 });
      const rows = await page.locator('#scores tbody tr').count();
      check(rows === n, `${game} at ${w} px: the final scores list every seat (${rows})`);
      check((await page.locator('#play-again').count()) === 0, `${game} at ${w} px: a spectator is not offered to play again`);
      const winner = (await page.locator('#scores').textContent()) ?? '';
      check(winner.length > 20, `${game} at ${w} px: the score screen has a winner line`);
      if (w === 390) {
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        check(wide <= 1, `${game} at 390 px: no sideways scrolling at the end (${wide})`);
      }
      // No map text under 11 CSS px at fit.
      const size = await mapTextSize(page);
      check(size.shown > 0 && size.min >= 10.95, `${game} at ${w} px: map text at fit is at least 11 px (smallest ${size.min.toFixed(1)} px of ${size.shown})`);
      await env.shot(page, `end-${game}-${w}`);
      if (game === 'crusaders' && w === 1400) {
        // The search bot's decisions in the log fold out the line it expected, in words.
        const whys = page.locator('#log details.log-why');
        const count = await whys.count();
        if (count > 0) {
          await whys.first().locator('summary').click();
          const steps = await whys.first().locator('li').allTextContents();
          log(`a bot's why: ${steps.join(' → ')}`);
          check(steps.length > 0 && steps.every((x) => / · .+: \S/.test(x) && !/[{}"]/.test(x)), `the bot's why is in words (${steps.join(' | ')})`);
          await env.shot(page, 'end-crusaders-why');
        }
        check(count > 0, `once the game is over the search bot's decisions say why (${count} in the log)`);
      }
      if (game === 'crusaders' && w === 390) {
        // Knights carry their numbers; in a crowded region one owner's knights stack into one
        // piece with a count (the final snapshot gets no more patches: a crowd is put in it).
        const pieces = await page.evaluate(() => {
          const o = /** @type {any} */ (window).__ordo;
          const regions = o.snap.view.regions;
          const crowd = regions.findIndex((/** @type {any} */ r) => r.enemy == null && r.buildings.length === 0);
          const calm = regions.findIndex((/** @type {any} */ r, /** @type {number} */ i) => i !== crowd && r.enemy == null && r.buildings.length === 0);
          regions[crowd].knights = [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [2, 2]];
          regions[crowd].arms = [];
          regions[calm].knights = [[1, 0], [1, 2]];
          regions[calm].arms = [];
          o.rerender();
          const text = (/** @type {number} */ i) => [...document.querySelectorAll(`#map .region[data-region="${regions[i].id}"] .knight`)]
            .map((k) => `${k.getAttribute('data-owner')}:${k.getAttribute('data-knights')}:${k.querySelector('text')?.textContent}`).sort();
          return { crowd: text(crowd), calm: text(calm) };
        });
        check(JSON.stringify(pieces.crowd) === JSON.stringify(['0:1,2,3:×3', '1:1,2:×2', '2:3:3']) && JSON.stringify(pieces.calm) === JSON.stringify(['1:1:1', '1:3:3']),
          `knights numbered, stacked with counts in a crowded region (${pieces.crowd.join(' ')}; ${pieces.calm.join(' ')})`);
        await env.shot(page, 'end-crusaders-crowded-390');
      }
    }
    const version = await pages[0].page.evaluate(() => /** @type {any} */ (window).__ordo.snap.version);
    for (const { ctx } of pages) await ctx.close();
    const line = `${game} to the end in ${((Date.now() - started) / 1000).toFixed(1)} s (${version} decisions)`;
    log(line);
    done.push(line);
  }
  passed.push(`(v) both games watched to the final scores at 390×844 and 1400×1000: ${done.join('; ')}`);
}

/**
 * (w) "Play again" at a table of two people: their game is played to the end through the API, the
 * first player asks for another, gets the other's invite link named, and the other takes the seat
 * with it: a new active table of the same game and options, each player in their own seat.
 * @param {Browser} browser
 * @param {{base: string, log: (m: string) => void, check: (c: unknown, m: string) => void, newContext: (b: Browser, name: string, v?: {width: number, height: number}) => Promise<import('playwright-core').BrowserContext>, passed: Array<string>, shot: (p: import('playwright-core').Page, name: string) => Promise<void>}} env
 */
export async function scenarioAgainTogether(browser, env) {
  const { base, check, passed } = env;
  const post = (/** @type {string} */ path, /** @type {unknown} */ body) => fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const config = { players: 2, variant: 'standard' };
  const created = /** @type {{id: string, tokens: Array<string>}} */ (await (await post('/api/tables', { game: 'crusaders', config, seats: [{ kind: 'human' }, { kind: 'human' }] })).json());
  const { id, tokens } = created;
  // Both people decide through the API (a varied legal decision each time) until the end.
  let n = 0;
  for (let finished = false; !finished && n < 4000;) {
    for (const token of tokens) {
      const snap = await (await fetch(`${base}/api/tables/${id}/state?token=${token}`)).json();
      if (snap.status === 'finished') { finished = true; break; }
      if (!snap.legal.length) continue;
      const pick = snap.legal[(n * 7) % snap.legal.length];
      const r = await post(`/api/tables/${id}/actions`, { token, version: snap.version, action: pick.action });
      if (r.ok) n++;
    }
  }
  const alice = await env.newContext(browser, 'again-alice', { width: 390, height: 844 });
  const page = await alice.newPage();
  await page.goto(`${base}/t/${id}?token=${tokens[0]}`);
  await page.waitForSelector('#play-again', { timeout: 20000 });
  await page.click('#play-again');
  await page.waitForSelector('#again-made', { timeout: 10000 });
  const links = await page.locator('#again-made li').evaluateAll((els) => els.map((li) => ({ who: li.querySelector('span')?.textContent ?? '', url: /** @type {HTMLInputElement | null} */ (li.querySelector('input'))?.value ?? '' })));
  await env.shot(page, 'again-two-people-390');
  check(links.length === 1 && /\/t\/[^/?]+\?token=/.test(links[0].url) && !links[0].url.includes(id) && /Vermilion · Player 2/.test(links[0].who), `"Play again" with another person gives one invite link, named as the table names the seat (${links.map((l) => l.who).join(', ')})`);
  const newId = links[0]?.url.match(/\/t\/([^?]+)/)?.[1] ?? '';
  // The other person opens the link and takes the seat; the first goes to theirs.
  const bob = await env.newContext(browser, 'again-bob');
  const other = await bob.newPage();
  await other.goto(links[0].url);
  await other.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.you === 1, null, { timeout: 15000 });
  await Promise.all([page.waitForURL((u) => u.pathname === `/t/${newId}`, { timeout: 10000 }), page.click('#again-go')]);
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.every((/** @type {any} */ s) => s.joined) && /** @type {any} */ (window).__ordo.snap.you === 0, null, { timeout: 15000 });
  const info = await (await fetch(`${base}/api/tables/${newId}`)).json();
  const old = await (await fetch(`${base}/api/tables/${id}`)).json();
  check(info.status === 'active' && info.game === 'crusaders' && JSON.stringify(info.config) === JSON.stringify(old.config) && info.seats.every((/** @type {any} */ s) => s.kind === 'human' && s.joined),
    `the new table is active with the same options and both people seated (${info.status}, ${JSON.stringify(info.seats.map((/** @type {any} */ s) => s.joined))})`);
  await env.shot(other, 'again-two-people-joined-1400');
  await alice.close();
  await bob.close();
  passed.push(`(w) "Play again" with two people: after ${n} decisions, one invite link named "${links[0]?.who}", taken by the other player; the new table is active with both seated`);
}
