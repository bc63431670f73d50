// @ts-check
// Shared by the e2e files: the server, the browser contexts (failing on any console or page error),
// waiting, deciding, hints and replay checks, screenshots.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('../src/generated').Snapshot} Snapshot */

export const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const BIN = process.env.ORDO_BIN ? resolve(process.env.ORDO_BIN) : resolve(WEB, '../target/release/ordo');
export const SHOTS = resolve(WEB, '../target/e2e');
export const FROM_DISK = process.env.E2E_WEB_FROM_DISK === '1';
export const STARTED = Date.now();
export const BUDGET_MS = 9 * 60 * 1000;

/** @type {Array<string>} */
export const failures = [];
/** @type {Array<string>} */
export const passed = [];

/** @param {string} msg */
export function log(msg) {
  process.stdout.write(`[${((Date.now() - STARTED) / 1000).toFixed(1).padStart(6)}s] ${msg}\n`);
}

/** @param {unknown} cond @param {string} msg */
export function check(cond, msg) {
  if (!cond) throw new Error(`check failed: ${msg}`);
}

/** A small deterministic random source, so that runs repeat. */
export let seed = Number(process.env.E2E_SEED ?? 20240611) >>> 0;
export function rand() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let x = seed;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
/** @param {number} n */
export const randInt = (n) => Math.floor(rand() * n);

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/** @param {number} ms */
export const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

/** @type {import('node:child_process').ChildProcess | null} */
export let server = null;
export let serverLog = '';
export let base = '';
export const dbDir = fs.mkdtempSync(join(tmpdir(), 'ordo-e2e-'));

export async function startServer() {
  check(fs.existsSync(BIN), `server binary ${BIN} (build it with cargo build --release -p ordo, or set ORDO_BIN)`);
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(BIN, ['serve', '--bind', `127.0.0.1:${port}`, '--db', `sqlite:${join(dbDir, 'e2e.db')}`, '--ip-limit', 'off'],
    { stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (/** @type {{toString(): string}} */ c) => { serverLog = (serverLog + c.toString()).slice(-20000); };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  for (let i = 0; i < 100; i++) {
    if (server.exitCode != null) throw new Error(`server exited with ${server.exitCode}:\n${serverLog}`);
    try {
      const r = await fetch(`${base}/readyz`);
      if (r.ok) { log(`server ready on ${base}`); return; }
    } catch { /* not yet */ }
    await sleep(100);
  }
  throw new Error(`server did not start:\n${serverLog}`);
}

export function stopServer() {
  if (server && server.exitCode == null) server.kill('SIGTERM');
  server = null;
}

// ---------------------------------------------------------------------------------------------
// Browser helpers
// ---------------------------------------------------------------------------------------------

/** @type {Array<string>} */
export const consoleErrors = [];
/** Tokens a scenario expects the server to refuse: the browser's log of those refusals is not an error. @type {Array<string>} */
export const expectedRefusals = [];
/** Addresses whose refusals a scenario expects while it runs (a wrong password, say). @type {Array<string>} */
export const expectedFailures = [];

/**
 * A new browser context (its own storage: another player) with error listeners.
 * @param {Browser} browser
 * @param {string} name
 * @param {{width: number, height: number}} [viewport]
 * @param {{hasTouch?: boolean, isMobile?: boolean}} [extra]
 * @param {string} [origin]  the server the pages load (another than the suite's, started by a scenario)
 */
export async function newContext(browser, name, viewport = { width: 1400, height: 1000 }, extra = {}, origin = base) {
  const ctx = await browser.newContext({ viewport, ...extra });
  if (FROM_DISK) {
    /** @type {Record<string, string>} */
    const types = { js: 'text/javascript', css: 'text/css' };
    await ctx.route((u) => u.origin === origin && u.pathname.startsWith('/a/'), (r) => {
      const path = new URL(r.request().url()).pathname.split('/').slice(3).join('/');
      const file = join(WEB, path);
      if (!fs.existsSync(file)) return r.fulfill({ status: 404, body: 'not found' });
      return r.fulfill({ body: fs.readFileSync(file), contentType: types[path.split('.').pop() ?? ''] ?? 'text/plain' });
    });
    await ctx.route((u) => u.origin === origin && (u.pathname === '/' || u.pathname.startsWith('/t/')),
      (r) => r.fulfill({ body: fs.readFileSync(join(WEB, 'index.html'), 'utf8').replaceAll('{{ASSETS}}', '/a/disk'), contentType: 'text/html' }));
  }
  ctx.on('page', (p) => watchPage(p, name));
  return ctx;
}

/** @param {Page} page @param {string} name */
export function watchPage(page, name) {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = `${m.text()} ${m.location()?.url ?? ''}`;
    if (expectedRefusals.some((t) => where.includes(`token=${t}`))) return;
    if (expectedFailures.some((path) => where.includes(path))) return;
    consoleErrors.push(`${name}: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${name}: page error: ${e.message}`));
}

/** The snapshot a table page holds. @param {Page} page @returns {Promise<Snapshot | null>} */
export function snapOf(page) {
  return page.evaluate(() => /** @type {any} */ (window).__ordo?.snap ?? null);
}

/** @param {Page} page */
export async function version(page) {
  return (await snapOf(page))?.version ?? -1;
}

/** @param {Page} page */
export async function waitConnected(page) {
  await page.waitForFunction(() => {
    const o = /** @type {any} */ (window).__ordo;
    return o && o.conn === 'connected' && o.snap != null && document.querySelector('#map') != null;
  }, null, { timeout: 15000 });
}

/**
 * The elements that look clickable (a pointer cursor) but are no control: not a button, a link,
 * a form field, a summary, nor inside one, nor `role="button"` with a tab stop.
 * @param {Page} page
 * @returns {Promise<Array<string>>}
 */
export function looseClickables(page) {
  return page.evaluate(() => [...document.querySelectorAll('body *')]
    .filter((e) => getComputedStyle(e).cursor === 'pointer')
    .filter((e) => !e.closest('button, a[href], summary, label, select, input, textarea, [role="button"][tabindex]'))
    .map((e) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')}`)
    .slice(0, 5));
}

/**
 * Waits (up to 60 s) until it is the page's seat's turn, scrolls to the top, and returns where
 * the first control that decides lies (a decision button, a wheel wedge, a region to pick), with
 * the window's height: on a phone it must lie inside the window without scrolling.
 * @param {Page} page
 * @returns {Promise<{top: number, bottom: number, h: number, what: string} | null>}
 */
export async function decisionInView(page) {
  const mine = await page.waitForFunction(() => {
    const o = /** @type {any} */ (window).__ordo;
    return o?.snap?.status === 'finished' || (document.querySelector('.table-page.my-turn') != null
      && document.querySelector('#decisions button.decision:not([disabled]), #wheel-box [role="button"], #region-pick button.decision:not([disabled])') != null);
  }, null, { timeout: 60000 }).then(() => true).catch(() => false);
  if (!mine) return null;
  return page.evaluate(() => {
    window.scrollTo(0, 0);
    const b = document.querySelector('#decisions button.decision:not([disabled]), #wheel-box [role="button"], #region-pick button.decision:not([disabled])');
    if (!b) return null;
    const r = b.getBoundingClientRect();
    return { top: Math.round(r.top), bottom: Math.round(r.bottom), h: window.innerHeight, what: (b.getAttribute('aria-label') ?? b.textContent ?? '').slice(0, 40) };
  });
}

/**
 * Opens the table again in a new page of the same browser and compares its log with `page`'s,
 * line by line (the lines both show): a page opened later reads what happened exactly as the page
 * that watched the decisions arrive.
 * @param {Page} page
 * @returns {Promise<{compared: number, differ: Array<string>, sample: string}>}
 */
export async function logAfterReload(page) {
  const fresh = await page.context().newPage();
  await fresh.goto(page.url());
  await waitConnected(fresh);
  await fresh.waitForSelector('#log-list li');
  const read = (/** @type {Page} */ p) => p.evaluate(() => Object.fromEntries([...document.querySelectorAll('#log-list li')].map((li) => [li.getAttribute('data-log') ?? '', li.textContent ?? ''])));
  const [a, b] = [await read(page), await read(fresh)];
  await fresh.close();
  const keys = Object.keys(a).filter((k) => k in b);
  const differ = keys.filter((k) => a[k] !== b[k]).map((k) => `${k}: "${a[k]}" ≠ "${b[k]}"`);
  const sample = keys.map((k) => b[k]).find((x) => /→|:.*\+\d|·/.test(x)) ?? '';
  return { compared: keys.length, differ, sample };
}

/**
 * Waits until the page holds its seat with a token of its own (a page opened with an invite
 * takes the seat and changes its address to the new token) and is connected with it.
 * @param {Page} page
 */
export async function waitClaimed(page) {
  await page.waitForFunction(() => {
    const o = /** @type {any} */ (window).__ordo;
    return o?.snap?.you != null && o.snap.seats[o.snap.you]?.claimed === true && o.conn === 'connected';
  }, null, { timeout: 15000 });
}

/**
 * Everything enabled must be legal and everything legal must be reachable: the decision
 * buttons are exactly `legal`, and the highlighted regions exactly those that decisions name.
 * @param {Page} page
 */
export async function checkOnlyLegal(page) {
  const r = await page.evaluate(() => {
    const snap = /** @type {any} */ (window).__ordo.snap;
    const buttons = [...document.querySelectorAll('#decision-list button.decision:not([disabled])')].map((b) => Number(b.getAttribute('data-legal')));
    const regions = [...document.querySelectorAll('#map .region.choice')].map((g) => Number(g.getAttribute('data-region'))).sort((a, b) => a - b);
    /** @type {Set<number>} */
    const named = new Set();
    for (const l of snap.legal) {
      const a = l.action;
      if (['start', 'move', 'crusade', 'build', 'take_tile', 'crusade_swap'].includes(a.type)) named.add(a.to ?? a.region);
    }
    return { legal: snap.legal.length, buttons, regions, named: [...named].sort((a, b) => a - b) };
  });
  if (r.buttons.length === 0) return;
  check(r.buttons.length === r.legal && r.buttons.every((x, i) => x === i), `decision buttons ${JSON.stringify(r.buttons)} match the ${r.legal} legal decisions`);
  check(JSON.stringify(r.regions) === JSON.stringify(r.named), `clickable regions ${JSON.stringify(r.regions)} are those named by decisions ${JSON.stringify(r.named)}`);
}

/**
 * Makes one decision on a table page if one is offered: a map region when offered (by click or by
 * keyboard), otherwise a decision button; confirms when asked. Returns false when nothing was to decide.
 * @param {Page} page
 * @param {{useMap?: number, stats?: Record<string, number>, verify?: boolean, tryRisky?: boolean}} [opts]
 */
export async function decideOnce(page, opts = {}) {
  const stats = opts.stats ?? {};
  const v0 = await version(page);
  const enabled = page.locator('#decision-list button.decision:not([disabled])');
  if ((await enabled.count()) === 0) return false;
  if (opts.verify) await checkOnlyLegal(page);
  const regions = page.locator('#map .region.choice');
  const nRegions = await regions.count();
  const risky = page.locator('#decision-list button.decision.risky:not([disabled])');
  if (opts.tryRisky && !stats.cancelled && (await risky.count()) > 0) {
    // A decision a misclick would hurt asks first; cancelling sends nothing.
    const label = await risky.first().textContent();
    await risky.first().click();
    await page.waitForSelector('#confirm-yes', { timeout: 5000 });
    await page.click('#confirm-no');
    await page.waitForSelector('#confirm-yes', { state: 'detached', timeout: 5000 });
    check((await version(page)) === v0, 'cancelling a confirmation sends nothing');
    stats.cancelled = 1;
    log(`confirmation asked for "${label}", cancelled, then confirmed`);
    await page.locator('#decision-list button.decision.risky:not([disabled])').first().click();
  } else if (nRegions > 0 && rand() < (opts.useMap ?? 0.85)) {
    const g = regions.nth(randInt(nRegions));
    if (rand() < 0.3) {
      await g.focus();
      await page.keyboard.press('Enter');
      stats.keyboard = (stats.keyboard ?? 0) + 1;
    } else {
      await g.click({ timeout: 3000 }).catch(async () => {
        // A neighbour's label may overlap the centre: use the keyboard instead.
        await g.focus();
        await page.keyboard.press('Enter');
      });
    }
    stats.map = (stats.map ?? 0) + 1;
  } else {
    const n = await enabled.count();
    // Prefer decisions that move the game on; risky ones (forgo, stop) less often.
    let pick = randInt(n);
    for (let tries = 0; tries < 3; tries++) {
      const cls = (await enabled.nth(pick).getAttribute('class')) ?? '';
      if (!cls.includes('risky')) break;
      pick = randInt(n);
    }
    await enabled.nth(pick).click();
    stats.buttons = (stats.buttons ?? 0) + 1;
  }
  // Several decisions on one region, or a confirmation: one more click.
  for (let step = 0; step < 3; step++) {
    const what = await page.waitForFunction((v) => {
      const snap = /** @type {any} */ (window).__ordo.snap;
      if (snap && snap.version > v) return 'done';
      if (document.querySelector('#confirm-yes')) return 'confirm';
      if (document.querySelector('#region-pick button.decision:not([disabled])')) return 'pick';
      if (document.querySelector('#error')) return 'error';
      return false;
    }, v0, { timeout: 15000 }).then((h) => h.jsonValue());
    if (what === 'done') return true;
    if (what === 'error') throw new Error(`decision refused: ${await page.locator('#error').textContent()}`);
    if (what === 'confirm') {
      stats.confirm = (stats.confirm ?? 0) + 1;
      await page.locator('#confirm-yes').click();
    } else if (what === 'pick') {
      stats.pick = (stats.pick ?? 0) + 1;
      const b = page.locator('#region-pick button.decision:not([disabled])');
      await b.nth(randInt(await b.count())).click();
    }
  }
  return true;
}

/** Waits until the page has a decision to make or the game is over. @param {Page} page */
export async function waitTurn(page, timeout = 20000) {
  const r = await page.waitForFunction(() => {
    const snap = /** @type {any} */ (window).__ordo?.snap;
    if (!snap) return false;
    if (snap.status === 'finished') return 'over';
    if (document.querySelector('#decision-list button.decision:not([disabled])')) return 'turn';
    return false;
  }, null, { timeout }).then((h) => h.jsonValue());
  return /** @type {'over' | 'turn'} */ (r);
}

/** A picture of the board for comparisons: pieces per region and the player boards. @param {Page} page */
export function boardSignature(page) {
  return page.evaluate(() => {
    const map = [...document.querySelectorAll('#map .region')].map((g) => `${g.getAttribute('data-region')}:${g.querySelectorAll('.knight').length}/${g.querySelectorAll('.building').length}/${g.querySelectorAll('.enemy').length}`).join(' ');
    const players = [...document.querySelectorAll('.player')].map((p) => `${p.querySelector('.influence')?.textContent}|${[...p.querySelectorAll('.wedge')].map((w) => w.getAttribute('data-tokens')).join(',')}`).join(' ');
    return `${map} || ${players} || v${/** @type {any} */ (window).__ordo.snap.version}`;
  });
}

/** Bytes transferred by a page so far (document and every resource). @param {Page} page */
export function transferred(page) {
  return page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    let total = nav ? nav.transferSize || nav.encodedBodySize : 0;
    for (const e of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))) total += e.transferSize || e.encodedBodySize;
    return total;
  });
}

/** @param {Page} page @param {string} name */
export async function shot(page, name) {
  const file = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  log(`screenshot ${file}`);
}

/**
 * Fills in the lobby's form and creates a table; returns the invite links per seat.
 * @param {Page} page
 * @param {{players: number, seats: Array<string>, mode?: 'now' | 'lobby', name?: string}} o
 */
export async function createInLobby(page, o) {
  if (o.name) await page.fill('#my-name', o.name);
  await page.selectOption('#players', String(o.players));
  for (let i = 0; i < o.seats.length; i++) {
    const kind = o.seats[i] === 'human' ? 'human' : 'bot';
    await page.selectOption(`#seat-kind-${i}`, kind);
    if (kind === 'bot') await page.selectOption(`#seat-bot-${i}`, o.seats[i]);
  }
  await page.check(o.mode === 'lobby' ? '#mode-lobby' : '#mode-now');
  await page.click('#create');
  await page.waitForSelector('#created', { timeout: 10000 });
  /** @type {Record<number, string>} */
  const links = {};
  for (const el of await page.locator('#created input.invite-link').all()) {
    links[Number(await el.getAttribute('data-seat'))] = (await el.inputValue()) ?? '';
  }
  return links;
}

/**
 * (f) Asks the coach on the human's turn: 1–3 suggestions, each one of the displayed legal
 * decisions with a reason; clicking one makes that decision; the suggestions go with the version.
 * @param {Page} page
 */
export async function checkHints(page) {
  const v0 = await version(page);
  const t0 = Date.now();
  await page.click('#hint');
  await page.waitForSelector('#hint-list, #hint-none, #hint-error', { timeout: 20000 });
  if ((await page.locator('#hint-error').count()) > 0) check(false, `the coach answered (${await page.locator('#hint-error').textContent()})`);
  const r = await page.evaluate(() => {
    const snap = /** @type {any} */ (window).__ordo.snap;
    const items = [...document.querySelectorAll('#hint-list .hint-choice')].map((b) => ({
      i: Number(b.getAttribute('data-legal')), label: b.querySelector('strong')?.textContent ?? '',
      reason: b.parentElement?.querySelector('.hint-reason')?.textContent ?? '',
      steps: [...(b.parentElement?.querySelectorAll('.hint-line li') ?? [])].map((li) => li.textContent ?? ''),
    }));
    const shown = items.map((x) => document.querySelector(`#decision-list button.decision[data-legal="${x.i}"]:not([disabled])`)?.textContent ?? null);
    return { items, shown, legal: snap.legal.length, version: snap.version };
  });
  log(`coach (${Date.now() - t0} ms): ${r.items.map((x) => `${x.label} — ${x.reason}`).join(' | ')}`);
  check(r.items.length >= 1 && r.items.length <= 3, `1–3 suggestions (${r.items.length})`);
  r.items.forEach((x, k) => {
    check(Number.isInteger(x.i) && x.i >= 0 && x.i < r.legal, `suggestion ${k} is a legal decision (${x.i} of ${r.legal})`);
    check(r.shown[k] != null && r.shown[k] === x.label, `suggestion ${k} "${x.label}" is a displayed decision ("${r.shown[k]}")`);
    check(/\d+%/.test(x.reason) && /3[,.\u00a0 ]?000/.test(x.reason), `suggestion ${k} has a reason (${x.reason})`);
    // The why in words: each step of the line the search expects names its player and says what
    // happens (never an id or raw JSON).
    check(x.steps.every((st) => /^.+ · .+: \S/.test(st) && !/[{}"]|\bundefined\b|null/.test(st)), `suggestion ${k}'s expected line is in words (${x.steps.join(' | ')})`);
  });
  check(r.items.some((x) => x.steps.length >= 1), `the coach says what it expects after its suggestion (${r.items.map((x) => x.steps.length).join(', ')} steps)`);
  log(`expected line: ${r.items[0]?.steps.join(' → ')}`);
  await shot(page, 'hints');
  await page.locator('#hint-list .hint-choice').first().click();
  const what = await page.waitForFunction((v) => {
    const snap = /** @type {any} */ (window).__ordo.snap;
    if (snap && snap.version > v) return 'done';
    if (document.querySelector('#confirm-yes')) return 'confirm';
    return false;
  }, v0, { timeout: 15000 }).then((x) => x.jsonValue());
  if (what === 'confirm') {
    await page.click('#confirm-yes');
    await page.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version > v, v0, { timeout: 15000 });
  }
  check((await page.locator('#hint-list').count()) === 0, 'the suggestions are hidden once the version changed');
  passed.push(`(f) the coach: ${r.items.length} suggestion(s), each a displayed legal decision with a reason and the line it expects in words; taking one made that decision (screenshot hints.png)`);
}

/**
 * (g) The replay of the finished game: first, next, keyboard, last; the counter, the board, and no decisions.
 * @param {Page} page
 */
export async function checkReplay(page) {
  const href = await page.locator('#scores-replay').getAttribute('href');
  check(href && href.includes('replay=1'), `the score screen links the replay (${href})`);
  await page.goto(`${base}${href}`);
  await page.waitForSelector('#replay-counter', { timeout: 10000 });
  /** @param {number | 'total'} n */
  const at = async (n) => {
    await page.waitForFunction((want) => {
      const c = document.querySelector('#replay-counter')?.textContent ?? '';
      const m = c.match(/(\d+) of (\d+)/);
      return !!m && document.querySelector('#replay')?.getAttribute('aria-busy') === 'false' &&
        (want === 'total' ? m[1] === m[2] : Number(m[1]) === want) && document.querySelector('#map') != null;
    }, n, { timeout: 10000 });
    const c = (await page.locator('#replay-counter').textContent()) ?? '';
    const m = /** @type {RegExpMatchArray} */ (c.match(/(\d+) of (\d+)/));
    return { n: Number(m[1]), total: Number(m[2]), last: (await page.locator('#replay-last-text').textContent()) ?? '' };
  };
  const start = await at(0);
  check(start.total > 20, `the replay has the game's decisions (${start.total})`);
  const noDecisions = async () => check((await page.locator('button.decision, #hint, #decision-list').count()) === 0, 'no decision buttons in the replay');
  await noDecisions();
  await page.click('#replay-last');
  const end = await at('total');
  check(end.n === start.total, 'last goes to the end');
  check((await page.locator('#map .building').count()) > 0, 'the board at the end shows buildings');
  await page.click('#replay-first');
  check((await at(0)).n === 0, 'first goes to the start');
  check((await page.locator('#map .building').count()) === 0, 'no buildings at the start');
  await page.click('#replay-next');
  const one = await at(1);
  check(one.last.length > 0, `the first decision is described (${one.last})`);
  await page.locator('#replay-counter').click();
  await page.keyboard.press('ArrowRight');
  await at(2);
  await page.keyboard.press('ArrowLeft');
  await at(1);
  await page.click('#replay-last');
  const fin = await at('total');
  check((await page.locator('#map .region').count()) > 10 && (await page.locator('.player .wheel').count()) === 2, 'the map and both player boards render');
  check(fin.last.length > 0, `the last decision is described (${fin.last})`);
  await noDecisions();
  await shot(page, 'replay');
  passed.push(`(g) replay: first → next → keys → last over ${start.total} decisions; map and boards drawn, no decisions (screenshot replay.png)`);
}

/**
 * The smallest map text shown, in CSS pixels (hidden text not counted), and how many are shown.
 * @param {Page} page
 * @returns {Promise<{min: number, shown: number}>}
 */
export function mapTextSize(page) {
  return page.evaluate(() => {
    const svg = /** @type {SVGSVGElement | null} */ (document.querySelector('#map'));
    if (!svg) return { min: 0, shown: 0 };
    const vb = (svg.getAttribute('viewBox') ?? '0 0 1 1').split(/\s+/).map(Number);
    const scale = svg.getBoundingClientRect().width / vb[2];
    let min = Infinity; let shown = 0;
    for (const el of svg.querySelectorAll('text')) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden' || !(el.textContent ?? '').trim()) continue;
      shown += 1;
      min = Math.min(min, parseFloat(style.fontSize) * scale);
    }
    return { min, shown };
  });
}
