// @ts-check
// Learn to play: from the lobby's "Learn to play" card, the guided first game of each game is
// walked to its end on a desktop and on a phone — "Next" where a step explains, the asked-for
// action where a step asks (Crusaders' wheel tapped twice, Warrior Knights' setup, planning and
// first round played by clicking decisions). Checks that every step's text is a sentence in the
// page's language (never its key), that what a step points at is outlined, that two Learn to play
// tables start alike (the tutorial seed) and that the guide resumes after a reload; screenshots of
// the guide in English and Russian on both viewports.

import { join } from 'node:path';
import { SHOTS, log, check, passed, base, newContext, waitConnected, shot, decideOnce } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/**
 * In the page: walks the guide until its last step (or `limit` actions), acting where a step
 * asks. Returns the steps seen with their texts and whether their targets were outlined.
 * @param {{limit: number, wheel: boolean, stopAt: string | null}} o
 */
async function walkInPage(o) {
  const w = /** @type {any} */ (window);
  const sleep = (/** @type {number} */ ms) => new Promise((ok) => setTimeout(ok, ms));
  /** @type {Array<{key: string, text: string, outlined: boolean, target: boolean}>} */
  const seen = [];
  const out = { seen, actions: 0, done: false, error: '' };
  const click = (/** @type {Element} */ el) => el.dispatchEvent(new MouseEvent('click', { bubbles: true }));
  let laid = 0;
  for (let i = 0; i < o.limit; i++) {
    const card = document.querySelector('#tutorial');
    if (!card) { out.error = 'the guide is not on the page'; return out; }
    const key = card.getAttribute('data-step') ?? '';
    if (!seen.length || seen[seen.length - 1].key !== key) {
      await sleep(50);
      seen.push({ key, text: document.querySelector('#tutorial-text')?.textContent ?? '', outlined: !!document.querySelector('.learn-target'), target: false });
    }
    if (o.stopAt && key === o.stopAt) return out;
    const done = document.querySelector('#tutorial-done');
    if (done) { out.done = true; return out; }
    const next = document.querySelector('#tutorial-next');
    if (next) { click(next); await sleep(30); continue; }
    // A step that asks for something: do it on the table.
    let waited = 0;
    for (;;) {
      if (w.__ordo?.snap?.status === 'finished') { out.error = 'the game ended during the guide'; return out; }
      if (document.querySelector('#tutorial')?.getAttribute('data-step') !== key) break;
      if (document.querySelector('#decisions button.decision:not([disabled])') || document.querySelector('#wheel-box [data-legal-wheel]:not([aria-disabled="true"]):not([disabled])')) break;
      await sleep(30);
      waited += 30;
      if (waited > 40000) { out.error = `nothing to do at step ${key} within 40 s`; return out; }
    }
    if (document.querySelector('#tutorial')?.getAttribute('data-step') !== key) continue;
    const v0 = w.__ordo.snap.version;
    const wheel = o.wheel ? [...document.querySelectorAll('#wheel-box [data-legal-wheel]:not([aria-disabled="true"]):not([disabled])')] : [];
    if (wheel.length) {
      // The wheel: a first tap previews, a second decides.
      const c = wheel.find((x) => x.classList.contains('sel')) ?? wheel[0];
      if (!c.classList.contains('sel')) {
        click(c);
        await sleep(120);
        if (key.endsWith('.preview')) continue;
      }
      click(document.querySelector(`[data-wheel='${CSS.escape(c.getAttribute('data-wheel') ?? '')}']`) ?? c);
    } else {
      const buttons = [...document.querySelectorAll('#decisions button.decision:not([disabled])')];
      const finish = buttons.filter((b) => ['end_moves', 'return_done', 'plan_done'].includes(b.getAttribute('data-type') ?? ''));
      const safe = buttons.filter((b) => !b.classList.contains('risky'));
      // Lay a few cards while planning (then finish), as a learner would.
      const plan = buttons.filter((b) => b.getAttribute('data-type') === 'plan');
      const pick = (plan.length && laid < 3 ? (laid++, plan[0]) : null) ?? finish[0] ?? safe[0] ?? buttons[0];
      if (!pick) continue;
      click(pick);
    }
    for (let t = 0; ; t += 20) {
      if (w.__ordo.snap.version > v0) break;
      const yes = document.querySelector('#confirm-yes');
      if (yes) click(yes);
      const pick = document.querySelector('#region-pick button.decision:not([disabled])');
      if (pick) click(pick);
      const err = document.querySelector('#error');
      if (err) { out.error = `decision refused: ${err.textContent}`; return out; }
      if (t > 15000) { out.error = `no answer at step ${key}`; return out; }
      await sleep(20);
    }
    out.actions++;
  }
  out.error = `the guide did not end within ${o.limit} actions`;
  return out;
}

/**
 * Opens the lobby, picks the game and starts Learn to play; returns the table page.
 * @param {Browser} browser @param {string} game @param {{width: number, height: number}} viewport
 */
async function startLearning(browser, game, viewport) {
  const ctx = await newContext(browser, `learn-${game}-${viewport.width}`, viewport);
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  if (game !== 'crusaders') {
    await page.selectOption('#game', game);
    await page.waitForSelector(`#create-form[data-game="${game}"]`);
  }
  await page.waitForSelector('#learn');
  await Promise.all([page.waitForURL(/\/t\/[^/]+\?token=.*&learn=1/), page.click('#learn')]);
  await waitConnected(page);
  await page.waitForSelector('#tutorial');
  return { ctx, page };
}

/** @param {Browser} browser */
export async function scenarioLearn(browser) {
  const starts = new Map();
  for (const [game, wheel] of /** @type {const} */ ([['crusaders', true], ['warrior-knights', false]])) {
    for (const viewport of [{ width: 1400, height: 1000 }, { width: 390, height: 844 }]) {
      const tag = `${game} ${viewport.width} px`;
      const { ctx, page } = await startLearning(browser, game, viewport);
      // The tutorial seed: every Learn to play table of a game starts alike.
      const start = await page.evaluate(() => JSON.stringify(/** @type {any} */ (window).__ordo.snap.view));
      if (starts.has(game)) check(starts.get(game) === start, `${game}: two Learn to play tables start from the same setup`);
      starts.set(game, start);
      await shot(page, `learn-${game}-${viewport.width}-first`);
      // Half way: a reload resumes the step reached.
      const half = game === 'crusaders' ? 'learn.cr.map' : 'learn.wk.map';
      const first = /** @type {any} */ (await page.evaluate(walkInPage, { limit: 400, wheel, stopAt: half }));
      check(!first.error, `${tag}: the guide's first half (${first.error})`);
      await page.reload();
      await waitConnected(page);
      await page.waitForSelector('#tutorial');
      check((await page.getAttribute('#tutorial', 'data-step')) === half, `${tag}: a reload resumes the guide at its step`);
      // The guide in another language, then on.
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      const ru = (await page.locator('#tutorial-text').textContent()) ?? '';
      check(/[а-яё]{3}/i.test(ru) && !ru.startsWith('learn.'), `${tag}: the guide speaks Russian (${ru.slice(0, 60)})`);
      const wide = await page.evaluate(() => {
        const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.scroll-x, .map-wrap, .map-frame, .facts'));
        return { px: document.documentElement.scrollWidth - window.innerWidth, over: over.slice(-6).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')}:${Math.round(e.getBoundingClientRect().right)}`) };
      });
      check(wide.px <= 1, `${tag} in Russian: no sideways scrolling (${wide.px} px: ${wide.over.join(', ')})`);
      await shot(page, `learn-${game}-${viewport.width}-ru`);
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      if (game === 'warrior-knights') {
        // Hints say why: while planning, a suggested card comes with what it does.
        const toPlan = /** @type {any} */ (await page.evaluate(walkInPage, { limit: 50, wheel, stopAt: 'learn.wk.planning' }));
        check(!toPlan.error, `${tag}: the guide reaches planning (${toPlan.error})`);
        first.seen.push(...toPlan.seen);
        // (Round 1 may open with an Event to draw before the cards are laid.)
        for (let i = 0; i < 30; i++) {
          const kind = await page.waitForFunction(() => {
            const k = /** @type {any} */ (window).__ordo?.snap?.view?.phase?.kind;
            return k === 'planning' || document.querySelector('#decision-list button.decision:not([disabled])') ? k : false;
          }, null, { timeout: 30000 }).then((x) => x.jsonValue());
          if (kind === 'planning') break;
          await decideOnce(page, { useMap: 0.5 });
        }
        await page.waitForSelector('#hint:not([disabled])', { timeout: 20000 });
        await page.click('#hint');
        await page.waitForSelector('#hint-list, #hint-none, #hint-error', { timeout: 60000 });
        const why = await page.locator('#hint-list .hint-effect').allTextContents();
        check(why.some((x) => /:/.test(x)), `${tag}: a suggested card says what it does (${why[0] ?? ((await page.locator('#hints-box').textContent()) ?? '').slice(0, 300)})`);
        // Planning help: each card in hand says what it does and what it needs.
        const needs = await page.locator('#wk-plan [data-needs]').allTextContents();
        check(needs.length >= 3 && needs.every((x) => x.trim().length > 5), `${tag}: each card in hand says what it needs (${needs.join(' | ').slice(0, 120)})`);
        // The speed of the highlights of what changed: off / normal / slow, remembered.
        await page.locator('.legend summary').first().click();
        await page.selectOption('#wk-motion', 'slow');
        await page.waitForFunction(() => document.querySelector('#map')?.classList.contains('motion-slow'));
        check((await page.evaluate(() => localStorage.getItem('ordo.warrior-knights.motion'))) === 'slow', `${tag}: the chosen speed of the highlights is remembered`);
        await page.selectOption('#wk-motion', 'normal');
      }
      const rest = /** @type {any} */ (await page.evaluate(walkInPage, { limit: 1500, wheel, stopAt: null }));
      check(!rest.error && rest.done, `${tag}: the guide walked to its end (${rest.error || 'done'})`);
      const seen = [...first.seen, ...rest.seen];
      const keys = [...new Set(seen.map((x) => x.key))];
      const bad = seen.filter((x) => !x.text || x.text.startsWith('learn.') || x.text.length < 30);
      check(bad.length === 0, `${tag}: every step is a sentence, not a key (${bad.map((x) => x.key).join(', ')})`);
      const outlined = seen.filter((x) => x.outlined).length;
      check(outlined >= keys.length / 2, `${tag}: the steps point at the table (${outlined} of ${seen.length} outlined)`);
      await shot(page, `learn-${game}-${viewport.width}-end`);
      await page.click('#tutorial-done');
      await page.waitForSelector('#tutorial', { state: 'detached' });
      log(`${tag}: ${keys.length} steps (${keys.join(' ')}), ${first.actions + rest.actions} actions`);
      if (!rest.error && rest.done) passed.push(`Learn to play, ${tag}: ${keys.length} steps walked to the end with ${first.actions + rest.actions} actions on the table, resumed after a reload, read in Russian`);
      await ctx.close();
    }
  }
  await screenshotLobbyCard(browser);
}

/** The lobby's Learn to play card on a phone, in English and Russian. @param {Browser} browser */
async function screenshotLobbyCard(browser) {
  const ctx = await newContext(browser, 'learn-lobby', { width: 390, height: 844 });
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#learn');
  // (The lobby may draw itself once more as its parts arrive: try again on a detached card.)
  const card = async (/** @type {string} */ name) => {
    for (let i = 0; ; i++) {
      try {
        await page.locator('#learn-card').screenshot({ path: join(SHOTS, name) });
        return;
      } catch (e) {
        if (i >= 5) throw e;
        await page.waitForTimeout(200);
      }
    }
  };
  await card('learn-lobby-390-en.png');
  await page.selectOption('#lang', 'ru');
  await page.waitForFunction(() => document.documentElement.lang === 'ru' && /[а-яё]/i.test(document.querySelector('#learn')?.textContent ?? ''));
  await card('learn-lobby-390-ru.png');
  await page.selectOption('#lang', 'en');
  await ctx.close();
}
