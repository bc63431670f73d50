// @ts-check
// Crusaders played from the wheel: a whole 2-player game against a bot where every wheel decision
// (resolve, upgrade, skip, split, distribute, sowing) is made by tapping the wheel twice (first tap:
// the preview, second: the decision), never by the text buttons. Checks the controls' names, the
// preview's words, that the predicted wheel is the one the server sends, a no-effect action's
// warning and its confirmation, a bot's crusade in the log; half the game at 1400×1000, half at
// 390×844, with screenshots in English and Vietnamese on both.

import { join } from 'node:path';
import { SHOTS, BUDGET_MS, passed, log, check, base, newContext, snapOf, version, waitConnected, waitClaimed, decideOnce, waitTurn, shot, createInLobby, randInt, logAfterReload } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

const WHEEL = ['resolve', 'upgrade', 'skip_turn', 'distribute', 'no_distribute', 'split', 'sow'];

/** @param {Browser} browser */
export async function scenarioCrusadersWheel(browser) {
  const started = Date.now();
  const ctx = await newContext(browser, 'wheel');
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  await createInLobby(page, { players: 2, seats: ['human', 'heuristic'], name: 'Ana' });
  await page.click('#go-seat');
  await waitConnected(page);
  await waitClaimed(page);

  /** @type {Record<string, number>} */
  const stats = {};
  let wheelDecisions = 0;
  let noEffectChecked = '';
  let botCrusade = '';
  let hinted = false;
  let sawTrail = false;
  let crusadeLink = { href: '', at: 0 };
  let phone = false;
  /** @type {Array<number> | null} */
  let expect = null;
  let matches = 0;
  /** @type {Array<string>} */
  const mismatches = [];
  /** @type {Set<string>} */
  const shots = new Set();
  /** @type {Set<string>} */
  const kinds = new Set();
  for (;;) {
    if (Date.now() - started > BUDGET_MS) throw new Error('out of time');
    const state = await waitTurn(page, 30000);
    if (state === 'over') break;
    // The bot's last turn stays on the map until the player acts: its regions, its knights' trails.
    if (!sawTrail && (await page.locator('#map .trail').count()) > 0) {
      sawTrail = (await page.locator('#map .region.recent').count()) > 0;
      if (sawTrail) {
        await page.evaluate(() => window.scrollTo(0, 0));
        await shot(page, 'wheel-trail');
      }
    }
    if (!botCrusade) {
      // A bot's crusade is logged with what it did: the enemy, its strength, the Influence.
      botCrusade = await page.evaluate(() => {
        const snap = /** @type {any} */ (window).__ordo.snap;
        for (const li of document.querySelectorAll('#log-list li')) {
          const e = snap.log[li.getAttribute('data-log') ?? ''];
          if (e && e.seat !== snap.you && e.action?.type === 'crusade') return li.textContent ?? '';
        }
        return '';
      });
      if (botCrusade) {
        crusadeLink = await page.evaluate(() => {
          const snap = /** @type {any} */ (window).__ordo.snap;
          for (const li of document.querySelectorAll('#log-list li')) {
            const e = snap.log[li.getAttribute('data-log') ?? ''];
            if (e && e.seat !== snap.you && e.action?.type === 'crusade') return { href: li.querySelector('a.log-moment')?.getAttribute('href') ?? '', at: Number(li.getAttribute('data-log')) };
          }
          return { href: '', at: 0 };
        });
      }
      if (botCrusade) {
        log(`bot's crusade in the log: ${botCrusade}`);
        check(/crusades in .+: defeats a (Prussian|Slav|Saracen) \(strength (\d+)\)(, \+\2 Influence)?$/.test(botCrusade), `the bot's crusade says what it defeated and gained (${botCrusade})`);
        // Opened again later, the page reads the same outcomes (the server sends each line's effect).
        const again = await logAfterReload(page);
        check(again.compared >= 5 && again.differ.length === 0, `a page opened later reads the same ${again.compared} log lines (${again.differ.slice(0, 2).join('; ')})`);
      }
    }
    const snap = /** @type {any} */ (await snapOf(page));
    const types = snap.legal.map((/** @type {any} */ l) => l.action.type);
    if (!types.some((/** @type {string} */ x) => WHEEL.includes(x))) {
      await decideOnce(page, { stats });
      continue;
    }
    const view = snap.view;
    const mine = view.seats[snap.you].wheel.map((/** @type {any} */ w) => w.tokens);
    // The wheel the previous wheel decision predicted is the one the server sent.
    if (view.phase.step.step === 'choose' && expect) {
      if (expect.join(',') === mine.join(',')) matches++;
      else mismatches.push(`${expect.join(',')} ≠ ${mine.join(',')}`);
      expect = null;
    }
    // Every wheel decision is a control on the wheel (or a choice under it); none is missing.
    const ctl = page.locator('#my-board .wctl');
    const n = await ctl.count();
    const wheelLegal = types.filter((/** @type {string} */ x) => WHEEL.includes(x)).length;
    check(n === wheelLegal, `the wheel offers every wheel decision (${n} controls, ${wheelLegal} legal)`);

    // Once: a known no-effect action says so and asks before it is done.
    if (!noEffectChecked && view.phase.step.step === 'choose') {
      for (let k = 0; k < n; k++) {
        const c = ctl.nth(k);
        await c.focus();
        const text = (await page.locator('#wheel-preview').textContent()) ?? '';
        if (!/no effect/.test(text)) continue;
        const name = (await c.getAttribute('aria-label')) ?? '';
        const v0 = await version(page);
        await c.click();
        await c.click();
        await page.waitForSelector('#confirm-yes', { timeout: 5000 });
        const q = (await page.locator('.confirm').textContent()) ?? '';
        check(/no effect/.test(q), `the confirmation says the action does nothing (${q})`);
        await shot(page, 'wheel-confirm');
        await page.click('#confirm-no');
        await page.waitForSelector('#confirm-yes', { state: 'detached', timeout: 5000 });
        check((await version(page)) === v0, 'cancelling the no-effect action sends nothing');
        // The speed of the other players' animations is the player's: off, normal or slow.
        await page.locator('details.legend summary').click();
        await page.selectOption('#cr-motion', 'slow');
        await page.waitForSelector('#map.motion-slow', { timeout: 5000 });
        await page.selectOption('#cr-motion', 'normal');
        await page.waitForSelector('#map.motion-normal', { timeout: 5000 });
        noEffectChecked = `${name}: ${text}`;
        log(`no-effect preview: ${noEffectChecked}`);
        break;
      }
    }

    // Once: the coach's suggestions say what they do (the preview's words) besides their chances.
    if (!hinted && wheelDecisions >= 8 && view.phase.step.step === 'choose') {
      hinted = true;
      // Asked in Russian: the why (what the search expects after each suggestion) in the
      // player's language.
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      await page.click('#hint');
      await page.waitForSelector('#hint-list, #hint-none, #hint-error', { timeout: 30000 });
      const items = await page.locator('#hint-list > li').evaluateAll((els) => els.map((li) => ({
        label: li.querySelector('strong')?.textContent ?? '', effect: li.querySelector('.hint-effect')?.textContent ?? '', reason: li.querySelector('.hint-reason')?.textContent ?? '',
        line: li.querySelector('.hint-line')?.firstChild?.textContent ?? '',
        steps: [...li.querySelectorAll('.hint-line li')].map((x) => x.textContent ?? ''),
      })));
      log(`hints: ${items.map((x) => `${x.label} — ${x.effect} — ${x.line} ${x.steps.join(' → ')} — ${x.reason}`).join(' | ')}`);
      check(items.length > 0 && items.every((x) => x.effect.length > 10 && /\d+%/.test(x.reason)), `each hint says what it does and its chances (${items.length})`);
      check(items.some((x) => x.steps.length > 0) && items.every((x) => x.steps.every((st) => /[а-яё]/i.test(st) && !/[{}"]/.test(st))),
        `each hint's expected line is told in Russian words (${items.map((x) => x.steps.join(' → ')).join(' | ')})`);
      check(items.every((x) => x.steps.length === 0 || x.line === 'Поиск ожидает дальше:'), 'the expected line is introduced in Russian');
      await shot(page, 'wheel-hints-ru');
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      await shot(page, 'wheel-hints');
    }
    // A player who reads the previews: something that does something, the most tokens first
    // (a random player takes twice as long to end the game).
    const options = await ctl.evaluateAll((els) => els.map((el, k) => {
      const a = JSON.parse(el.getAttribute('data-wheel') ?? '{}');
      const tokens = Number((el.getAttribute('aria-label') ?? '').match(/(\d+) tokens?$/)?.[1] ?? 0);
      const score = (el.getAttribute('data-none') === 'true' ? -100 : 0) + (a.type === 'resolve' ? 10 + tokens : 0) + (a.type === 'split' ? a.tokens : 0) + (a.type === 'distribute' ? tokens : 0);
      return { k, score };
    }));
    options.sort((x, y) => y.score - x.score);
    const best = options.filter((o) => o.score === options[0].score);
    const pick = ctl.nth(randInt(4) === 0 ? randInt(n) : best[randInt(best.length)].k);
    const name = (await pick.getAttribute('aria-label')) ?? '';
    const kind = JSON.parse((await pick.getAttribute('data-wheel')) ?? '{}').type;
    kinds.add(kind);
    if (kind === 'resolve') check(/^[^,]+, \d+ tokens?$/.test(name), `a wedge's name says its action and tokens ("${name}")`);
    const v0 = await version(page);
    await pick.click({ timeout: 8000 }).catch(async (err) => {
      await shot(page, 'wheel-fail');
      const rects = await pick.evaluate(async (el) => {
        const out = [];
        for (let i = 0; i < 6; i++) {
          const r = el.getBoundingClientRect();
          const box = document.querySelector('#wheel-box');
          out.push(`${r.x.toFixed(0)},${r.y.toFixed(0)},${r.width.toFixed(0)}x${r.height.toFixed(0)} st=${box?.scrollTop} sy=${window.scrollY} conn=${el.isConnected}`);
          await new Promise((ok) => requestAnimationFrame(ok));
        }
        return out;
      });
      log(`unstable: ${rects.join(' | ')}`);
      throw err;
    });
    const shown = await page.waitForFunction((nm) => (document.querySelector('#wheel-preview')?.textContent ?? '').startsWith(nm), name, { timeout: 3000 }).then(() => true, () => false);
    const text = (await page.locator('#wheel-preview').textContent()) ?? '';
    if (!shown) log(`first tap on "${name}" (${kind}) at version ${v0}: preview "${text}", now version ${await version(page)}, selected ${await page.locator('#my-board .wctl.sel').count()}`);
    check(text.startsWith(name) && text.length > name.length + 5, `the first tap shows the preview ("${text}")`);
    if (kind === 'resolve' && /^(Muster|Influence), /.test(name)) {
      check(/(Muster|Influence) \d+( [+−] \d+ \([^)]+\))*( = \d+)? ?(→|<|:)/.test(text), `the preview gives the value and the effect ("${text}")`);
    }
    const after = await page.locator('#my-board svg.wheel.live').getAttribute('data-after');
    check((await version(page)) === v0, 'the first tap decides nothing');
    for (const lang of ['en', 'vi']) {
      const key = `wheel-${phone ? 'phone' : 'desktop'}-${lang}`;
      if (shots.has(key) || wheelDecisions < (phone ? 2 : 6)) continue;
      if (lang !== 'en') {
        await page.selectOption('#lang', lang);
        await page.waitForFunction((l) => document.documentElement.lang === l && !!document.querySelector('#wheel-preview'), lang);
        // A preview shown by focus (the tapped control stays chosen).
        await page.locator('#my-board .wctl').nth(0).focus();
      }
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, key);
      // A phone's screen as the player sees it (the wheel is the bottom sheet).
      if (phone) await page.screenshot({ path: join(SHOTS, `${key}-screen.png`) });
      shots.add(key);
      if (lang !== 'en') {
        await page.selectOption('#lang', 'en');
        await page.waitForFunction(() => document.documentElement.lang === 'en' && !!document.querySelector('#wheel-preview'));
        await pick.focus();
      }
    }
    await pick.click();
    const what = await page.waitForFunction((v) => {
      const s = /** @type {any} */ (window).__ordo.snap;
      if (s && s.version > v) return 'done';
      if (document.querySelector('#confirm-yes')) return 'confirm';
      if (document.querySelector('#error')) return 'error';
      return false;
    }, v0, { timeout: 15000 }).then((x) => x.jsonValue());
    if (what === 'error') throw new Error(`wheel decision refused: ${await page.locator('#error').textContent()}`);
    if (what === 'confirm') {
      stats.confirm = (stats.confirm ?? 0) + 1;
      await page.click('#confirm-yes');
      await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 15000 });
    }
    if (kind !== 'upgrade') expect = after ? after.split(',').map(Number) : mine;
    wheelDecisions++;
    if (!phone && wheelDecisions >= 25) {
      phone = true;
      await page.setViewportSize({ width: 390, height: 844 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `no sideways scrolling on a phone (${overflow}px)`);
    }
  }
  check(phone && wheelDecisions > 30, `a whole game with ${wheelDecisions} wheel decisions, half of them on a phone`);
  check(noEffectChecked !== '', 'a no-effect action was previewed and confirmed');
  if (!botCrusade) log(`log at the end: ${await page.evaluate(() => { const s = /** @type {any} */ (window).__ordo.snap; return JSON.stringify(Object.entries(s.log).slice(-30).map(([k, e]) => [k, e?.seat, e?.action?.type])) + ' lis=' + document.querySelectorAll('#log-list li').length; })}`);
  check(sawTrail, 'the bot\'s moves are shown with trails and highlighted regions until the player acts');
  check(botCrusade !== '', `a bot's crusade is logged with its outcome (${botCrusade})`);
  check(matches >= 10 && mismatches.length === 0, `the predicted wheels are the ones the server sent (${matches} checked, mismatches: ${mismatches.join(' | ') || 'none'})`);
  check(shots.size === 4, `screenshots in English and Vietnamese on both viewports (${[...shots].join(', ')})`);
  await page.waitForSelector('#scores', { timeout: 10000 });
  await shot(page, 'wheel-end');
  const endUrl = page.url();
  log(`wheel game: ${wheelDecisions} wheel decisions (${[...kinds].join(', ')}), other decisions ${JSON.stringify(stats)}`);
  passed.push(`Crusaders from the wheel: a whole game with ${wheelDecisions} wheel decisions tapped twice on the wheel (${[...kinds].join(', ')}), ${matches} predicted wheels equal to the server's, no-effect preview and confirmation ("${noEffectChecked}")`);
  // The crusade's log line opens the replay at that moment.
  check(crusadeLink.href.includes('replay=1') && crusadeLink.href.endsWith(`&at=${crusadeLink.at}`), `the log line links its moment in the replay (${crusadeLink.href})`);
  await page.goto(`${base}${crusadeLink.href}`);
  await page.waitForFunction((at) => new RegExp(`^\\D*${at}\\D`).test(document.querySelector('#replay-counter')?.textContent ?? '') && document.querySelector('#replay')?.getAttribute('aria-busy') === 'false', crusadeLink.at, { timeout: 10000 });
  const last = (await page.locator('#replay-last-text').textContent()) ?? '';
  check(/crusade/i.test(last), `the replay opens after the crusade (${last})`);

  // The rules page's cost tables come from the same data, in every language.
  for (const [lang, want] of /** @type {const} */ ([['en', /Castle I: costs 3; uncovering it gives \+1 Travel, a knight \(reconstructed\)/], ['ru', /Отряд 1: сбор 3 → \+1 влияния/]])) {
    await page.goto(`${base}/?rules`);
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.querySelector('#rules')?.getAttribute('data-lang') === l, lang);
    const text = (await page.locator('#rules-crusaders').textContent()) ?? '';
    check(want.test(text), `the rules page's Crusaders cost tables in ${lang} (${want})`);
  }
  await page.selectOption('#lang', 'en');

  // Play again with the same players: a new table of the same game, options and seats.
  await page.goto(endUrl);
  await waitConnected(page);
  await page.waitForSelector('#play-again');
  const oldId = new URL(endUrl).pathname.split('/')[2];
  const oldInfo = await (await fetch(`${base}/api/tables/${oldId}`)).json();
  await Promise.all([page.waitForURL((u) => u.pathname.startsWith('/t/') && !u.pathname.includes(oldId), { timeout: 15000 }), page.click('#play-again')]);
  await waitConnected(page);
  const newId = new URL(page.url()).pathname.split('/')[2];
  const info = await (await fetch(`${base}/api/tables/${newId}`)).json();
  const same = JSON.stringify(info.config) === JSON.stringify(oldInfo.config) && info.game === oldInfo.game
    && JSON.stringify(info.seats.map((/** @type {any} */ x) => [x.kind, x.bot])) === JSON.stringify(oldInfo.seats.map((/** @type {any} */ x) => [x.kind, x.bot]));
  check(same && info.status === 'active' && info.seed_commitment !== oldInfo.seed_commitment, `"Play again" opens a new table with the same game, options and seats (${info.game}, ${JSON.stringify(info.seats.map((/** @type {any} */ x) => x.bot ?? x.kind))}, ${info.status})`);
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.you === 0, null, { timeout: 15000 });
  await ctx.close();
}
