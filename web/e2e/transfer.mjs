// @ts-check
// Transfer budgets, measured in Chromium: a table of each game from a cold cache, and the same
// table visited again (a warm cache). The figures are printed and compared with the budgets in
// web/README.md. Also: a language switch downloads only that language's strings.

/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('playwright-core').Browser} Browser */

/** Budgets in bytes. */
export const BUDGETS = { crusaders: 100 * 1024, 'warrior-knights': 130 * 1024, warm: 15 * 1024 };

/** Bytes that crossed the network for a page so far (cache hits count 0). @param {Page} page */
export function transferredNow(page) {
  return page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    let total = nav ? nav.transferSize : 0;
    for (const e of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))) total += e.transferSize;
    return total;
  });
}

/**
 * @param {Browser} browser
 * @param {{base: string, fromDisk: boolean, log: (m: string) => void, check: (c: unknown, m: string) => void, newContext: (b: Browser, name: string, v?: {width: number, height: number}) => Promise<import('playwright-core').BrowserContext>, passed: Array<string>}} env
 */
export async function scenarioTransfer(browser, env) {
  const { base, log, check, passed } = env;
  /** @type {Record<string, unknown>} */
  const configs = {
    crusaders: { players: 2 },
    'warrior-knights': { barons: 2, length: 'shorter' },
  };
  const figures = [];
  for (const game of Object.keys(configs)) {
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game, config: configs[game], seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] }),
    });
    const created = /** @type {{id: string}} */ (await res.json());
    check(res.ok && created.id, `a ${game} table to watch`);
    for (const viewport of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
      const ctx = await env.newContext(browser, `transfer-${game}`, viewport);
      const page = await ctx.newPage();
      const url = `${base}/t/${created.id}`;
      const ready = () => page.waitForFunction(() => {
        const o = /** @type {any} */ (window).__ordo;
        return o && o.conn === 'connected' && o.snap != null && document.querySelector('#map') != null;
      }, null, { timeout: 15000 });
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
      const cold = await transferredNow(page);
      await page.goto(url);
      await ready();
      await page.waitForLoadState('networkidle');
      const warm = await transferredNow(page);
      const budget = BUDGETS[/** @type {'crusaders' | 'warrior-knights'} */ (game)];
      const line = `${game} table at ${viewport.width}×${viewport.height}: cold ${(cold / 1024).toFixed(1)} KB (budget ${budget / 1024}), warm ${(warm / 1024).toFixed(1)} KB (budget ${BUDGETS.warm / 1024})`;
      log(line);
      figures.push(line);
      // Files served from disk by the test itself are neither compressed nor cached: no budget then.
      if (!env.fromDisk) {
        check(cold > 0 && cold <= budget, `${game}: a cold visit transfers at most ${budget} bytes (${cold})`);
        check(warm <= BUDGETS.warm, `${game}: a warm visit transfers at most ${BUDGETS.warm} bytes (${warm})`);
      }
      // Only this game's module and only the current language's strings were asked for.
      const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
      const other = game === 'crusaders' ? '/games/warrior-knights/' : '/games/crusaders/';
      check(!urls.some((u) => u.includes(other)), `${game}: the other game is not downloaded`);
      if (viewport.width === 390) {
        // A language switch downloads that language's shell and game strings, and nothing else.
        const before = new Set(urls);
        await page.selectOption('#lang', 'ru');
        await page.waitForFunction(() => document.documentElement.lang === 'ru' && /[а-яё]/i.test(document.querySelector('#status')?.textContent ?? ''));
        const after = (await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name))).filter((u) => !before.has(u));
        const names = after.map((u) => new URL(u).pathname.split('/').slice(3).join('/')).sort();
        // (Warrior Knights' strings come in three files: the table's; the guide's and lists';
        // gifts, heirs and Crown and Glory's.)
        const want = ['i18n/ru.js', `games/${game}/i18n/ru.js`, ...(game === 'warrior-knights' ? [`games/${game}/i18n/guide-ru.js`, `games/${game}/i18n/cg-ru.js`] : [])].sort();
        check(JSON.stringify(names) === JSON.stringify(want), `switching to Russian loads its strings only (${names.join(', ')})`);
        check(!after.some((u) => /[/-](en|vi|ja)\.js$/.test(u)), 'no other language is downloaded');
        await page.selectOption('#lang', 'en');
        await page.waitForFunction(() => document.documentElement.lang === 'en');
      }
      await ctx.close();
    }
  }
  passed.push(`(t) transfer budgets: ${figures.join('; ')}; a language switch loads only its strings`);
}
