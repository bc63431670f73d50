// @ts-check
// Warrior Knights a player can follow: a 3-Baron table played to the end by clicking, watched on a
// phone (390×844) and a desktop (1400×1000) page of the same seat. At every step: no area id
// (`k` and digits) anywhere on the page, decisions and the Assembly name players by their names
// (never by their Barons'), the player's board says "Alice (Blue) — <Baron>"; battle panels show
// both sides' Fate cards in two columns and, once over, a result sentence.

import { join } from 'node:path';
import { log, check, base, newContext, snapOf, waitConnected, waitClaimed, shot, createInLobby, SHOTS, logAfterReload } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/**
 * What a page shows that a player reads: its text, and the explanations and names of its elements.
 * Returns the area ids found, the Baron names in decisions and the Assembly, and the battle panels.
 * @param {Page} page @param {Array<string>} barons
 */
function inspect(page, barons) {
  return page.evaluate((barons) => {
    const id = /\bk\d+\b/;
    /** @type {Array<string>} */
    const ids = [];
    const body = document.body.textContent ?? '';
    const m = body.match(id);
    if (m) ids.push(`text "${body.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + 20)}"`);
    for (const el of document.querySelectorAll('[title], [aria-label], [data-tip]')) {
      for (const a of ['title', 'aria-label', 'data-tip']) {
        const v = el.getAttribute(a) ?? '';
        if (id.test(v)) ids.push(`${a} "${v.slice(0, 60)}"`);
      }
    }
    const named = (/** @type {string} */ sel) => {
      const text = [...document.querySelectorAll(sel)].map((e) => e.textContent ?? '').join(' | ');
      return barons.filter((b) => text.includes(b));
    };
    const battle = document.querySelector('#wk-battle');
    return {
      ids,
      decisionBarons: named('#decision-list button.decision, #region-pick button'),
      assemblyBarons: named('#wk-assembly'),
      assembly: document.querySelector('#wk-assembly') != null,
      head: document.querySelector('#my-board .pl-head')?.textContent ?? '',
      battle: battle != null,
      fateColumns: battle ? battle.querySelectorAll('[data-fate-side]').length : 0,
      results: [...document.querySelectorAll('[data-battle-result]')].map((e) => e.textContent ?? ''),
      decisions: [...document.querySelectorAll('#decision-list button.decision')].map((e) => e.textContent ?? ''),
    };
  }, barons);
}

/**
 * Runs in the page: up to `steps` decisions of the seat, each a random enabled decision (a map
 * area half the time when one is offered; finishing moves and returns often), confirmed when asked.
 * Before each, the page is searched for area ids, Baron names in decisions and the Assembly, and
 * battle panels. Returns what it found.
 * @param {{barons: Array<string>, steps: number}} o
 */
async function driveInPage(o) {
  const w = /** @type {any} */ (window);
  const id = /\bk\d+\b/;
  const out = { steps: 0, ids: /** @type {Array<string>} */ ([]), decisionBarons: /** @type {Array<string>} */ ([]), assemblyBarons: /** @type {Array<string>} */ ([]),
    assembly: 0, battle: 0, twoColumns: 0, oneColumn: 0, pastTwo: 0, results: /** @type {Array<string>} */ ([]), kinds: /** @type {Record<string, number>} */ ({}), over: false, error: '' };
  const sleep = (/** @type {number} */ ms) => new Promise((ok) => setTimeout(ok, ms));
  const look = () => {
    const body = document.body.textContent ?? '';
    const m = body.match(id);
    if (m && out.ids.length < 5) out.ids.push(`text "${body.slice(Math.max(0, (m.index ?? 0) - 30), (m.index ?? 0) + 20)}"`);
    for (const el of document.querySelectorAll('[title], [aria-label]')) {
      for (const a of ['title', 'aria-label']) {
        const v = el.getAttribute(a) ?? '';
        if (id.test(v) && out.ids.length < 5) out.ids.push(`${a} "${v.slice(0, 60)}"`);
      }
    }
    const dec = [...document.querySelectorAll('#decisions button')].map((e) => e.textContent ?? '').join(' | ');
    for (const b of o.barons) if (dec.includes(b)) out.decisionBarons.push(`${b} in ${dec.slice(0, 80)}`);
    const as = document.querySelector('#wk-assembly');
    if (as) {
      out.assembly++;
      for (const b of o.barons) if ((as.textContent ?? '').includes(b)) out.assemblyBarons.push(b);
    }
    const bt = document.querySelector('#wk-battle');
    if (bt) {
      out.battle++;
      if (w.__ordo.snap.view.battle?.battle.revealed) {
        if (bt.querySelectorAll('[data-fate-side]').length === 2) out.twoColumns++;
        else out.oneColumn++;
      }
    }
    for (const d of document.querySelectorAll('.wk-past-battle')) {
      if (d.querySelectorAll('[data-fate-side]').length === 2) out.pastTwo = Math.max(out.pastTwo, document.querySelectorAll('.wk-past-battle').length);
      else out.oneColumn++;
    }
    for (const r of document.querySelectorAll('[data-battle-result]')) {
      const x = r.textContent ?? '';
      if (!out.results.includes(x) && out.results.length < 50) out.results.push(x);
    }
  };
  for (let i = 0; i < o.steps; i++) {
    // Wait for this seat's turn (or the end).
    let waited = 0;
    for (;;) {
      const snap = w.__ordo?.snap;
      if (snap?.status === 'finished') { out.over = true; look(); return out; }
      if (document.querySelector('#decisions button.decision:not([disabled])')) break;
      await sleep(20);
      waited += 20;
      if (waited > 30000) { out.error = 'no decision within 30 s'; return out; }
    }
    look();
    const v0 = w.__ordo.snap.version;
    const buttons = [...document.querySelectorAll('#decisions button.decision:not([disabled])')];
    const finish = buttons.filter((b) => ['end_moves', 'return_done', 'plan_done'].includes(b.getAttribute('data-type') ?? ''));
    const regions = [...document.querySelectorAll('#map .region.choice')];
    /** @type {Element} */
    let target;
    if (finish.length && Math.random() < 0.5) target = finish[0];
    else if (regions.length && Math.random() < 0.5) target = regions[Math.floor(Math.random() * regions.length)];
    else target = buttons[Math.floor(Math.random() * buttons.length)];
    const kind = target.getAttribute('data-type') ?? 'area';
    out.kinds[kind] = (out.kinds[kind] ?? 0) + 1;
    /** @type {HTMLElement} */ (target).dispatchEvent(new MouseEvent('click', { bubbles: true }));
    for (let t = 0; ; t += 10) {
      if (w.__ordo.snap.version > v0) break;
      const yes = document.querySelector('#confirm-yes');
      if (yes) /** @type {HTMLElement} */ (yes).click();
      const pick = [...document.querySelectorAll('#region-pick button.decision:not([disabled])')];
      if (pick.length) /** @type {HTMLElement} */ (pick[Math.floor(Math.random() * pick.length)]).click();
      const err = document.querySelector('#error');
      if (err) { out.error = `decision refused: ${err.textContent}`; return out; }
      if (t > 15000) { out.error = `no answer to "${target.textContent}"`; return out; }
      await sleep(10);
    }
    out.steps++;
  }
  look();
  return out;
}

/**
 * (x) A 3-Baron Warrior Knights table played to the end by clicking, on a phone and a desktop.
 * @param {Browser} browser
 * @param {{passed: Array<string>}} env
 */
export async function scenarioWkFollow(browser, env) {
  const started = Date.now();
  const desk = await newContext(browser, 'wk-follow-desk');
  const page = await desk.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', 'warrior-knights');
  await page.waitForSelector('#wk-length');
  await page.selectOption('#wk-length', 'shorter');
  // Crown and Glory's The King and Missions: bots play them to the end too.
  await page.check('#wk-opt-the_king');
  await page.check('#wk-opt-missions');
  await createInLobby(page, { players: 3, seats: ['human', 'heuristic', 'heuristic'], name: 'Alice' });
  await page.click('#go-seat');
  await waitConnected(page);
  await waitClaimed(page);
  const url = page.url();
  const phoneCtx = await newContext(browser, 'wk-follow-phone', { width: 390, height: 844 });
  // The same player on a phone: the seat is held by the browser's cookie (no token in the address).
  await phoneCtx.addCookies(await page.context().cookies());
  const phone = await phoneCtx.newPage();
  await phone.goto(url);
  await waitConnected(phone);
  const data = await (await fetch(`${base}/api/games/warrior-knights/data`)).json();
  /** @type {Array<string>} */
  const barons = data['components.json'].barons.map((/** @type {{name: string}} */ b) => b.name);
  const pages = [{ p: page, w: 1400 }, { p: phone, w: 390 }];

  let steps = 0;
  let assemblies = 0;
  let battles = 0;
  let bothColumns = 0;
  let pastBattles = 0;
  /** @type {Set<string>} */
  const results = new Set();
  let shotBattle = 0;
  let ruShots = false;
  /** @type {Record<string, number>} */
  const kinds = {};
  for (let chunk = 0; ; chunk++) {
    if (Date.now() - started > 300000) break;
    const who = pages[chunk % 2];
    // Decisions made inside the page (no round trip per click): a random enabled decision, the map
    // or a confirmation; after each one the page is searched for area ids and Baron names.
    const r = /** @type {any} */ (await who.p.evaluate(driveInPage, { barons, steps: 40 }));
    steps += r.steps;
    for (const [k, n] of Object.entries(r.kinds)) kinds[k] = (kinds[k] ?? 0) + /** @type {number} */ (n);
    check(r.ids.length === 0, `${who.w} px: no area id on the page at any step (${r.ids.slice(0, 3).join('; ')})`);
    check(r.decisionBarons.length === 0, `${who.w} px: decisions name players, not Barons (${r.decisionBarons.slice(0, 3).join('; ')})`);
    check(r.assemblyBarons.length === 0, `${who.w} px: the Assembly names players, not Barons (${r.assemblyBarons.slice(0, 3).join('; ')})`);
    check(r.oneColumn === 0, `${who.w} px: every revealed or past battle shows both sides' Fate cards (${r.oneColumn} views without)`);
    if (r.error) check(false, `${who.w} px: ${r.error}`);
    assemblies += r.assembly;
    battles += r.battle;
    bothColumns += r.twoColumns;
    pastBattles = Math.max(pastBattles, r.pastTwo);
    for (const x of r.results) results.add(x);
    for (const { p, w } of pages) {
      const x = await inspect(p, barons);
      check(x.ids.length === 0, `${w} px after ${steps} steps: no area id on the page (${x.ids.slice(0, 3).join('; ')})`);
      check(/^.*Alice \(\S+\)/.test(x.head) && barons.some((b) => x.head.includes(`— ${b}`)), `${w} px: the player's board says "Alice (colour) — Baron" (${x.head.slice(0, 80)})`);
      if (x.results.length && shotBattle < 2) {
        shotBattle++;
        await shot(p, `wk-follow-battle-${w}`);
        // The battles panel alone (a phone's sticky decisions cover part of a full-page picture).
        await p.locator('#wk-battles').screenshot({ path: join(SHOTS, `wk-follow-battles-panel-${w}.png`) });
      }
    }
    if (chunk % 5 === 0) log(`${steps} decisions, round ${/** @type {any} */ (await snapOf(page))?.view?.round}`);
    if (r.over) break;
    // Once a battle is over and remembered: pictures in Russian on both viewports.
    if (!ruShots && results.size > 0) {
      ruShots = true;
      for (const { p, w } of pages) {
        await p.selectOption('#lang', 'ru');
        await p.waitForFunction(() => document.documentElement.lang === 'ru');
        const x = await inspect(p, barons);
        check(x.ids.length === 0, `${w} px in Russian: no area id on the page`);
        check(x.results.length > 0 && x.results.every((y) => /[а-яё]/i.test(y)), `${w} px: the battle result is told in Russian (${x.results[0]})`);
        // Names in Russian keep the printed English name on hover and tap: areas and cities on
        // the map, and the Events drawn.
        const names = await p.evaluate(() => {
          const both = (/** @type {string} */ x) => /^[^—]*[а-яё][^—]* — [A-Za-z]/i.test(x);
          const areas = [...document.querySelectorAll('#map title')].map((e) => e.textContent ?? '');
          const events = [...document.querySelectorAll('li[data-card]')].map((e) => e.getAttribute('title') ?? '');
          return { areas: areas.filter(both).length, total: areas.length, sample: areas.find(both) ?? areas[0], events: events.length, eventsBoth: events.filter((e) => /[A-Za-z]{3}/.test(e)).length };
        });
        check(names.areas >= 10, `${w} px in Russian: map names keep their printed name on hover and tap (${names.areas} of ${names.total}: ${names.sample})`);
        check(names.events === names.eventsBoth, `${w} px in Russian: each Event drawn keeps its printed name (${names.eventsBoth} of ${names.events})`);
        const wide = await p.evaluate(() => {
          // The game's own parts (the page header and the status line are the shell's).
          const els = [...document.querySelectorAll('body *')].filter((e) => !e.closest('header, #status, .scroll-x, .map-wrap'));
          const over = els.filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1);
          return { px: Math.max(0, ...over.map((e) => e.getBoundingClientRect().right - window.innerWidth)), over: over.slice(-3).map((e) => `${e.tagName.toLowerCase()}#${e.id}.${[...e.classList].join('.')}`) };
        });
        check(wide.px <= 1, `${w} px in Russian with a battle told: nothing of the game's panels and boards reaches past the screen's edge (${wide.px.toFixed(1)} px: ${wide.over.join(', ')})`);
        await shot(p, `wk-follow-ru-${w}`);
        await p.locator('#wk-battles').screenshot({ path: join(SHOTS, `wk-follow-ru-battles-${w}.png`) });
        await p.selectOption('#lang', 'en');
        await p.waitForFunction(() => document.documentElement.lang === 'en');
      }
    }
  }
  const final = /** @type {any} */ (await snapOf(page));
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo.snap.status === 'finished', null, { timeout: 30000 }).catch(() => null);
  check(final.status === 'finished', `the 3-Baron game reached its end (${final.status}, round ${final.view.round})`);
  {
    const end = /** @type {any} */ (await snapOf(page));
    const cityWin = end.view.city_winner != null;
    const shown = await page.locator('.wk-mission').count();
    const texts = await page.locator('.wk-mission').evaluateAll((els) => els.map((e) => e.textContent ?? ''));
    check(cityWin ? shown === 0 : shown === 3 && texts.every((x) => /fulfilled/.test(x)),
      `the end shows every Baron's Mission and whether it was fulfilled (${shown}: ${texts.join(' | ')})`);
    const king = (await page.locator('#wk-king').first().textContent()) ?? '';
    check(/ends at 12 Influence/.test(king), `The King's end is on the status line (${king})`);
    env.passed.push(`(x) Crown and Glory: The King and Missions played to the end by a person and two bots; ${cityWin ? 'the Kingdom was seized (no Missions scored)' : `Missions shown: ${texts.join(' | ')}`}; ${king}`);
  }
  for (const { p, w } of pages) {
    await p.waitForSelector('#scores', { timeout: 20000 });
    const scores = (await p.locator('#scores').textContent()) ?? '';
    check(scores.includes('Alice (') && barons.some((b) => scores.includes(b)), `${w} px: final scores name the player and the Baron (${scores.slice(0, 100)})`);
    await shot(p, `wk-follow-end-${w}`);
  }
  // Opened again, the page reads the same log: the cards played and what they moved.
  const again = await logAfterReload(page);
  const lines = await page.evaluate(() => [...document.querySelectorAll('#log-list li')].map((li) => li.textContent ?? ''));
  const told = lines.filter((x) => / → [+−-]\d/.test(x));
  check(again.compared >= 20 && again.differ.length === 0, `a page opened later reads the same ${again.compared} log lines (${again.differ.slice(0, 2).join('; ')})`);
  check(told.length > 0, `log lines say what a decision moved (${told.length} of ${lines.length}, e.g. "${told[0]}")`);
  // A page opened after the game: the last battle is still told (the engine keeps it), to a spectator too.
  const tableId = url.match(/\/t\/([^?]+)/)?.[1] ?? '';
  const late = await newContext(browser, 'wk-follow-late');
  const lp = await late.newPage();
  await lp.goto(`${base}/t/${tableId}`);
  await waitConnected(lp);
  await lp.waitForSelector('#scores', { timeout: 20000 });
  const hadBattle = await lp.evaluate(() => /** @type {any} */ (window).__ordo.snap.view.last_battle != null);
  const lx = await inspect(lp, barons);
  check(lx.ids.length === 0, `a page opened after the end: no area id (${lx.ids.slice(0, 3).join('; ')})`);
  if (hadBattle) {
    const cols = await lp.locator('#wk-battles .wk-past-battle').first().locator('[data-fate-side]').count();
    check(lx.results.length === 1 && cols === 2, `a page opened after the end tells the last battle with both sides' Fate cards (${lx.results[0]}; ${cols} columns)`);
  }
  // A battle's moment opened in the replay (where its log line leads) shows the battle panel with
  // both sides' Fate cards.
  let at = -1;
  const first = await (await fetch(`${base}/api/tables/${tableId}/replay?at=0`)).json();
  for (let k = first.total; k > 0 && at < 0; k--) {
    const st = await (await fetch(`${base}/api/tables/${tableId}/replay?at=${k}`)).json();
    if (st.view?.battle?.battle?.revealed) at = k;
  }
  log(`a battle revealed at step ${at} of ${first.total}`);
  if (at >= 0) {
    await lp.goto(`${base}/t/${tableId}?replay=1&at=${at}`);
    await lp.waitForSelector('#replay-last-text');
    await lp.waitForSelector('#wk-battle', { timeout: 10000 });
    const sides = await lp.locator('#wk-battle [data-fate-side]').count();
    const told = (await lp.locator('#replay-last-text').textContent()) ?? '';
    check(sides === 2 && !/\bk\d+\b/.test(told), `a battle opened in the replay at its moment shows both sides' Fate cards (${sides} columns; "${told}")`);
    await shot(lp, 'wk-follow-replay-battle-1400');
  } else {
    check(false, 'a battle with both sides revealed was found in the replay');
  }
  await late.close();
  check(bothColumns + pastBattles > 0, `battle panels were seen with both sides' Fate cards in two columns (${battles} views of a battle being fought, ${bothColumns} of them revealed; ${pastBattles} battles reviewable once over)`);
  check(results.size > 0 && [...results].every((x) => /victor|no Fate cards were revealed/.test(x)), `battle results were told in words (${[...results][0]})`);
  check(assemblies > 0, `the Assembly was seen (${assemblies} views)`);
  log(`Warrior Knights to the end by clicking: ${steps} decisions, ${results.size} battle results, e.g. "${[...results][0]}" in ${((Date.now() - started) / 1000).toFixed(1)} s (${JSON.stringify(kinds)})`);
  env.passed.push(`(x) Warrior Knights, 3 Barons to the end on 390×844 and 1400×1000: no area id at any step, players named in decisions and the Assembly, ${results.size} battles told with both sides' Fate cards; screenshots wk-follow-*.png`);
  await phoneCtx.close();
  await desk.close();
}
