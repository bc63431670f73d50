// @ts-check
// A phone with a touch screen (390×844): a tap on a piece of the map or a fact shows its
// explanation; the status line is a live region that stays in view; the log is a log; the map
// zooms and fits; the opponents' boards fold.

import { mapTextSize, looseClickables } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */

/**
 * @param {Browser} browser
 * @param {{base: string, log: (m: string) => void, check: (c: unknown, m: string) => void, newContext: (b: Browser, name: string, v?: {width: number, height: number}, extra?: {hasTouch?: boolean, isMobile?: boolean}) => Promise<import('playwright-core').BrowserContext>, passed: Array<string>, shot: (p: import('playwright-core').Page, name: string) => Promise<void>}} env
 */
export async function scenarioTouch(browser, env) {
  const { base, check, passed } = env;
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'crusaders', config: { players: 3 }, seats: [{ kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }, { kind: 'bot', bot: 'random' }] }),
  });
  const { id } = /** @type {{id: string}} */ (await res.json());
  const ctx = await env.newContext(browser, 'touch', { width: 390, height: 844 }, { hasTouch: true, isMobile: true });
  const page = await ctx.newPage();
  await page.goto(`${base}/t/${id}`);
  await page.waitForFunction(() => {
    const o = /** @type {any} */ (window).__ordo;
    return o && o.conn === 'connected' && o.snap != null && document.querySelector('#map .region') != null;
  }, null, { timeout: 15000 });
  // A tap on a region's name shows the region's explanation.
  const region = page.locator('#map .region').first();
  const name = (await region.getAttribute('data-name')) ?? '';
  await region.locator('text.rname').tap();
  await page.waitForSelector('#tip', { timeout: 5000 });
  const tipText = (await page.locator('#tip').textContent()) ?? '';
  check(tipText.length > 0 && tipText.includes(name), `a tap on a region explains it (${tipText})`);
  const loose = await looseClickables(page);
  check(loose.length === 0, `everything that looks clickable is a control with a tab stop (${loose.join(', ')})`);
  // A region with a printed discount says the discount is a reconstructed value.
  await page.keyboard.press('Escape');
  const discountTip = await page.evaluate(() => [...document.querySelectorAll('#map .region > title')]
    .map((el) => el.textContent ?? '').find((x) => x.includes('Printed discount')) ?? '');
  check(/Printed discount: .* −\d+ \(reconstructed\)/.test(discountTip), `a printed discount on the table says it is reconstructed (${discountTip})`);
  // A tap on a fact of the status line explains it too.
  const fact = page.locator('#status .facts [title]').first();
  await fact.tap();
  await page.waitForFunction(() => (document.querySelector('#tip')?.textContent ?? '').length > 0);
  const factTip = await page.locator('#tip').textContent();
  check(factTip === (await fact.getAttribute('title')), `a tap on a fact shows its explanation (${factTip})`);
  // From the keyboard: the fact takes the focus and Enter shows the same explanation.
  await page.keyboard.press('Escape');
  await fact.focus();
  check(await fact.evaluate((el) => el === document.activeElement), 'a fact that explains itself takes the keyboard focus');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => (document.querySelector('#tip')?.textContent ?? '').length > 0);
  check((await page.locator('#tip').textContent()) === (await fact.getAttribute('title')), 'Enter on a focused fact shows its explanation');
  await page.keyboard.press('Escape');
  // The status line: a live region, still in view after scrolling down.
  check((await page.locator('#phase[role="status"]').count()) === 1, 'the phase line is a status live region');
  check((await page.locator('#log-list[role="log"]').count()) === 1, 'the log is a log (role="log")');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const top = await page.locator('#status').evaluate((el) => el.getBoundingClientRect().top);
  check(top >= 0 && top < 120, `the status line stays in view while scrolling (top ${top})`);
  await page.evaluate(() => window.scrollTo(0, 0));
  const fit = await mapTextSize(page);
  check(fit.shown > 0 && fit.min >= 10.95, `map text at fit is at least 11 px (smallest ${fit.min.toFixed(1)} px of ${fit.shown})`);
  // Zoom in, then fit.
  const vb0 = await page.locator('#map').getAttribute('viewBox');
  for (let i = 0; i < 3; i++) await page.locator('#map-zoom-in').tap();
  const vb1 = await page.locator('#map').getAttribute('viewBox');
  check(vb1 !== vb0, 'the zoom button zooms the map');
  const zoomed = await mapTextSize(page);
  check(zoomed.shown > fit.shown, `zooming in shows more of the map's text (${fit.shown} → ${zoomed.shown})`);
  await page.locator('#map-fit').tap();
  check((await page.locator('#map').getAttribute('viewBox')) === vb0, 'fit shows the whole map again');
  // Two fingers spread on the map zoom in; one finger then drags the zoomed map; fit again.
  // (Once the bots have finished: a patch redraws the map, and a gesture across a redraw is lost.)
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'finished', null, { timeout: 180000, polling: 500 });
  const cdp = await ctx.newCDPSession(page);
  await page.locator('#map').scrollIntoViewIfNeeded();
  const box = await page.locator('#map').boundingBox();
  if (!box) throw new Error('no map box');
  const cx = box.x + box.width / 2; const cy = box.y + box.height / 2;
  /** @param {'touchStart' | 'touchMove' | 'touchEnd'} type @param {Array<{x: number, y: number, id: number}>} touchPoints */
  const touch = (type, touchPoints) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints });
  await touch('touchStart', [{ x: cx - 20, y: cy, id: 1 }, { x: cx + 20, y: cy, id: 2 }]);
  for (let i = 1; i <= 8; i++) await touch('touchMove', [{ x: cx - 20 - i * 10, y: cy, id: 1 }, { x: cx + 20 + i * 10, y: cy, id: 2 }]);
  await touch('touchEnd', []);
  const pinched = ((await page.locator('#map').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  const full = (vb0 ?? '').split(' ').map(Number);
  check(pinched[2] < full[2] * 0.8, `spreading two fingers zooms the map in (width ${full[2]} → ${pinched[2]})`);
  await touch('touchStart', [{ x: cx, y: cy, id: 3 }]);
  for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: cx + i * 12, y: cy + i * 6, id: 3 }]);
  await touch('touchEnd', []);
  const dragged = ((await page.locator('#map').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  check(dragged[0] < pinched[0] && dragged[2] === pinched[2], `one finger drags the zoomed map (x ${pinched[0]} → ${dragged[0]})`);
  // A table change arriving mid-gesture waits for the finger to lift: the drag is not cut off.
  await touch('touchStart', [{ x: cx, y: cy, id: 4 }]);
  await touch('touchMove', [{ x: cx + 12, y: cy, id: 4 }]);
  const mapBefore = await page.evaluate(() => { const m = document.querySelector('#map'); /** @type {any} */ (window).__ordoMap = m; /** @type {any} */ (window).__ordo.rerender(); return m != null; });
  const sameMid = await page.evaluate(() => document.querySelector('#map') === /** @type {any} */ (window).__ordoMap);
  for (let i = 2; i <= 6; i++) await touch('touchMove', [{ x: cx + i * 12, y: cy, id: 4 }]);
  await touch('touchEnd', []);
  const after = ((await page.locator('#map').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  await page.waitForFunction(() => document.querySelector('#map') !== /** @type {any} */ (window).__ordoMap, null, { timeout: 5000 });
  const kept = ((await page.locator('#map').getAttribute('viewBox')) ?? '').split(' ').map(Number);
  check(mapBefore && sameMid && after[0] < dragged[0] - 1 && kept.join(' ') === after.join(' '),
    `a redraw asked for mid-drag waits for the finger to lift, then keeps the view (x ${dragged[0]} → ${after[0]}, kept ${kept[0]})`);
  await page.locator('#map-fit').tap();
  check((await page.locator('#map').getAttribute('viewBox')) === vb0, 'fit shows the whole map again after a pinch');
  // Plurals by each language's rules, and names shown in Russian with the printed English one
  // on hover and tap (the strings the page itself uses).
  await page.selectOption('#lang', 'ru');
  await page.waitForFunction(() => document.documentElement.lang === 'ru');
  const words = await page.evaluate(async () => {
    const src = /** @type {HTMLScriptElement} */ (document.querySelector('script[type=module]')).src;
    const m = await import(new URL('i18n.js', src).href);
    const ru = [1, 3, 5, 21].map((n) => m.t('tokens_n', { n }));
    const region = document.querySelector('#map .region');
    const title = region?.querySelector('title')?.textContent ?? '';
    return { ru, name: region?.getAttribute('data-name') ?? '', title };
  });
  check(JSON.stringify(words.ru) === JSON.stringify(['1 фишка', '3 фишки', '5 фишек', '21 фишка']), `Russian plurals (${words.ru.join(', ')})`);
  check(words.title.includes(words.name) && /[а-яё]/i.test(words.title), `a region named in Russian keeps its printed name on hover and tap (${words.title.slice(0, 60)})`);
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  const en = await page.evaluate(async () => {
    const src = /** @type {HTMLScriptElement} */ (document.querySelector('script[type=module]')).src;
    const m = await import(new URL('i18n.js', src).href);
    return [1, 2].map((n) => m.t('tokens_n', { n }));
  });
  check(JSON.stringify(en) === JSON.stringify(['1 token', '2 tokens']), `English plurals (${en.join(', ')})`);
  // Every clickable thing has a name.
  const unnamed = await page.evaluate(() => [...document.querySelectorAll('button, [role="button"], a[href]')]
    .filter((el) => !(el.getAttribute('aria-label') || el.textContent?.trim() || el.getAttribute('title'))).length);
  check(unnamed === 0, `every button and link has an accessible name (${unnamed} without)`);
  // The opponents' boards fold on a phone (folded at first) and open on a tap.
  check((await page.locator('#players-fold').getAttribute('open')) == null, 'the players\' boards start folded on a phone');
  await page.locator('#players-fold > summary').tap();
  await page.waitForFunction(() => /** @type {HTMLDetailsElement | null} */ (document.querySelector('#players-fold'))?.open === true);
  check(await page.locator('#players .player').first().isVisible(), 'a tap on "Players" shows their boards');
  await env.shot(page, 'touch-phone');
  // A dark colour scheme gives a dark page; reduced motion is honoured by the stylesheet.
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  const bg = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  const [r, g, b] = (bg.match(/\d+/g) ?? ['255', '255', '255']).map(Number);
  check(r + g + b < 150, `the dark theme darkens the page (${bg})`);
  // Under reduced motion nothing animates (a blinking "reconnecting" dot, say), else it does.
  const anim = async () => page.evaluate(() => {
    const dot = document.createElement('span');
    dot.className = 'conn reconnecting';
    dot.innerHTML = '<span class="dot"></span>';
    document.body.append(dot);
    const name = getComputedStyle(/** @type {Element} */ (dot.firstElementChild)).animationName;
    dot.remove();
    return name;
  });
  const still = await anim();
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'no-preference' });
  const moving = await anim();
  check(still === 'none' && moving !== 'none', `reduced motion stops the animations (${still} / ${moving})`);
  await env.shot(page, 'touch-phone-dark');
  await ctx.close();
  passed.push('(u) touch: a tap (or Enter) explains a region and a fact; sticky status live region; map text ≥ 11 px at fit; zoom, pinch, drag and fit; plurals and printed names; named controls; folded opponents; dark theme; reduced motion');
}
