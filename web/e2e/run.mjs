// @ts-check
// End-to-end run of the browser client against a real `ordo serve`.
//
//   ORDO_BIN=../target/release/ordo node e2e/run.mjs
//
// Starts the server on a free port with a fresh SQLite database, drives Chromium
// (/usr/bin/chromium, never downloaded) through the lobby and tables, saves screenshots to
// ../target/e2e/, and exits non-zero on any failure, console error or page error.
// E2E_WEB_FROM_DISK=1 serves app.js, i18n.js, wk.js, style.css and index.html from this directory
// instead of the copies embedded in the binary (to try changes without rebuilding).

import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').BrowserContext} BrowserContext */
/** @typedef {import('playwright-core').Page} Page */
/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').View} View */

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const BIN = process.env.ORDO_BIN ? resolve(process.env.ORDO_BIN) : resolve(WEB, '../target/release/ordo');
const SHOTS = resolve(WEB, '../target/e2e');
const FROM_DISK = process.env.E2E_WEB_FROM_DISK === '1';
const STARTED = Date.now();
const BUDGET_MS = 5 * 60 * 1000;

/** @type {Array<string>} */
const failures = [];
/** @type {Array<string>} */
const passed = [];

/** @param {string} msg */
function log(msg) {
  process.stdout.write(`[${((Date.now() - STARTED) / 1000).toFixed(1).padStart(6)}s] ${msg}\n`);
}

/** @param {unknown} cond @param {string} msg */
function check(cond, msg) {
  if (!cond) throw new Error(`check failed: ${msg}`);
}

/** A small deterministic random source, so that runs repeat. */
let seed = Number(process.env.E2E_SEED ?? 20240611) >>> 0;
function rand() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let x = seed;
  x = Math.imul(x ^ (x >>> 15), x | 1);
  x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
  return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
}
/** @param {number} n */
const randInt = (n) => Math.floor(rand() * n);

/** @returns {Promise<number>} */
function freePort() {
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
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

/** @type {import('node:child_process').ChildProcess | null} */
let server = null;
let serverLog = '';
let base = '';
const dbDir = fs.mkdtempSync(join(tmpdir(), 'ordo-e2e-'));

async function startServer() {
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

function stopServer() {
  if (server && server.exitCode == null) server.kill('SIGTERM');
  server = null;
}

// ---------------------------------------------------------------------------------------------
// Browser helpers
// ---------------------------------------------------------------------------------------------

/** @type {Array<string>} */
const consoleErrors = [];
/** Tokens a scenario expects the server to refuse: the browser's log of those refusals is not an error. @type {Array<string>} */
const expectedRefusals = [];

/**
 * A new browser context (its own storage: another player) with error listeners.
 * @param {Browser} browser
 * @param {string} name
 * @param {{width: number, height: number}} [viewport]
 */
async function newContext(browser, name, viewport = { width: 1400, height: 1000 }) {
  const ctx = await browser.newContext({ viewport });
  if (FROM_DISK) {
    /** @type {Record<string, string>} */
    const types = { 'app.js': 'text/javascript', 'i18n.js': 'text/javascript', 'wk.js': 'text/javascript', 'style.css': 'text/css' };
    for (const f of Object.keys(types)) {
      await ctx.route(`${base}/${f}`, (r) => r.fulfill({ body: fs.readFileSync(join(WEB, f)), contentType: types[f] }));
    }
    await ctx.route((u) => u.origin === base && (u.pathname === '/' || u.pathname.startsWith('/t/')),
      (r) => r.fulfill({ body: fs.readFileSync(join(WEB, 'index.html')), contentType: 'text/html' }));
  }
  ctx.on('page', (p) => watchPage(p, name));
  return ctx;
}

/** @param {Page} page @param {string} name */
function watchPage(page, name) {
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    const where = `${m.text()} ${m.location()?.url ?? ''}`;
    if (expectedRefusals.some((t) => where.includes(`token=${t}`))) return;
    consoleErrors.push(`${name}: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => consoleErrors.push(`${name}: page error: ${e.message}`));
}

/** The snapshot a table page holds. @param {Page} page @returns {Promise<Snapshot | null>} */
function snapOf(page) {
  return page.evaluate(() => /** @type {any} */ (window).__ordo?.snap ?? null);
}

/** @param {Page} page */
async function version(page) {
  return (await snapOf(page))?.version ?? -1;
}

/** @param {Page} page */
async function waitConnected(page) {
  await page.waitForFunction(() => {
    const o = /** @type {any} */ (window).__ordo;
    return o && o.conn === 'connected' && o.snap != null && document.querySelector('#map') != null;
  }, null, { timeout: 15000 });
}

/**
 * Waits until the page holds its seat with a token of its own (a page opened with an invite
 * takes the seat and changes its address to the new token) and is connected with it.
 * @param {Page} page
 */
async function waitClaimed(page) {
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
async function checkOnlyLegal(page) {
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
async function decideOnce(page, opts = {}) {
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
async function waitTurn(page, timeout = 20000) {
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
function boardSignature(page) {
  return page.evaluate(() => {
    const map = [...document.querySelectorAll('#map .region')].map((g) => `${g.getAttribute('data-region')}:${g.querySelectorAll('.knight').length}/${g.querySelectorAll('.building').length}/${g.querySelectorAll('.enemy').length}`).join(' ');
    const players = [...document.querySelectorAll('.player')].map((p) => `${p.querySelector('.influence')?.textContent}|${[...p.querySelectorAll('.wedge')].map((w) => w.getAttribute('data-tokens')).join(',')}`).join(' ');
    return `${map} || ${players} || v${/** @type {any} */ (window).__ordo.snap.version}`;
  });
}

/** Bytes transferred by a page so far (document and every resource). @param {Page} page */
function transferred(page) {
  return page.evaluate(() => {
    const nav = /** @type {PerformanceNavigationTiming | undefined} */ (performance.getEntriesByType('navigation')[0]);
    let total = nav ? nav.transferSize || nav.encodedBodySize : 0;
    for (const e of /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType('resource'))) total += e.transferSize || e.encodedBodySize;
    return total;
  });
}

/** @param {Page} page @param {string} name */
async function shot(page, name) {
  const file = join(SHOTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  log(`screenshot ${file}`);
}

/**
 * Fills in the lobby's form and creates a table; returns the invite links per seat.
 * @param {Page} page
 * @param {{players: number, seats: Array<string>, mode?: 'now' | 'lobby', name?: string}} o
 */
async function createInLobby(page, o) {
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
async function checkHints(page) {
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
  });
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
  passed.push(`(f) the coach: ${r.items.length} suggestion(s), each a displayed legal decision with a reason; taking one made that decision (screenshot hints.png)`);
}

/**
 * (g) The replay of the finished game: first, next, keyboard, last; the counter, the board, and no decisions.
 * @param {Page} page
 */
async function checkReplay(page) {
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

/** (h) The rules reference in every language. @param {Browser} browser */
async function scenarioRules(browser) {
  const ctx = await newContext(browser, 'rules');
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#lobby-rules');
  await page.click('#lobby-rules');
  await page.waitForSelector('#rules h1');
  check(page.url().endsWith('/?rules'), `the lobby links the rules page (${page.url()})`);
  /** @type {Record<string, string>} */
  const texts = {};
  for (const lang of ['en', 'vi', 'ja', 'ru']) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    const text = (await page.locator('#rules').textContent()) ?? '';
    const sections = await page.locator('#rules section h2').count();
    check(text.length > 800 && sections >= 6, `the rules in ${lang}: ${text.length} characters, ${sections} sections`);
    texts[lang] = text;
  }
  check(new Set(Object.values(texts)).size === 4, 'the rules differ per language');
  check(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/.test(texts.vi) && /[\u3040-\u30ff]/.test(texts.ja) && /[а-яё]/i.test(texts.ru), 'each language in its own script');
  await page.selectOption('#lang', 'en');
  await ctx.close();
  passed.push('(h) rules reference linked from the lobby, rendered in English, Vietnamese, Japanese and Russian');
}

// ---------------------------------------------------------------------------------------------
// Scenarios
// ---------------------------------------------------------------------------------------------

/**
 * (a) a 2-player table against a random bot, created in the lobby and played to the score screen;
 * (c) with a reconnect in the middle; (d) with language switches in the lobby and at the table.
 * @param {Browser} browser
 */
async function scenarioFullGame(browser) {
  const ctx = await newContext(browser, 'solo');
  let page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  const lobbyBytes = await transferred(page);
  log(`lobby first load: ${lobbyBytes} bytes`);
  check(lobbyBytes > 0 && lobbyBytes < 500 * 1024, `first load of the lobby under 500 KB (${lobbyBytes})`);
  await shot(page, 'lobby');

  // (d) Switch to Japanese and back: the visible text follows, and the choice is remembered.
  const before = await page.locator('#create').textContent();
  await page.selectOption('#lang', 'ja');
  await page.waitForFunction(() => document.documentElement.lang === 'ja');
  const ja = await page.locator('#create').textContent();
  check(ja === 'テーブルを作成' && ja !== before, `the create button reads in Japanese (${ja})`);
  check((await page.locator('h1').textContent())?.includes('クルセイダーズ'), 'the title is in Japanese');
  await page.reload();
  await page.waitForSelector('#create');
  check((await page.locator('#create').textContent()) === 'テーブルを作成', 'the language is remembered across loads');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.querySelector('#create')?.textContent === 'Create table');
  passed.push('(d) language switch in the lobby (Japanese, remembered, back to English)');

  const links = await createInLobby(page, { players: 2, seats: ['human', 'random'], name: 'Ana' });
  check(Object.keys(links).length === 1 && links[0].includes('/t/') && links[0].includes('token='), 'one invite link for the human seat');
  await page.click('#go-seat');
  await waitConnected(page);
  // The page takes the seat with its invite and goes on with a token of its own: the address
  // changes to it, and the invite the creation page showed stops working.
  await waitClaimed(page);
  check((await snapOf(page))?.you === 0, 'the page holds the first human seat');
  const tableUrl = page.url();
  const invited = new URL(links[0]);
  const own = new URL(tableUrl);
  check(own.pathname === invited.pathname, 'go to my seat opens the table of the first human seat');
  const ownToken = own.searchParams.get('token');
  check(!!ownToken && ownToken !== invited.searchParams.get('token'), 'the seat is held with a token of its own, not the invite');
  const retired = await fetch(`${base}/api/tables${invited.pathname.slice(2)}/state${invited.search}`);
  check(retired.status === 403, `the used invite no longer opens the seat (${retired.status})`);
  // Opening the invite link again finds the seat through the token this browser holds (the
  // server refusing the used invite once is expected).
  expectedRefusals.push(/** @type {string} */ (invited.searchParams.get('token')));
  await page.goto(links[0]);
  await waitClaimed(page);
  check(new URL(page.url()).searchParams.get('token') === ownToken, `the used invite opened again goes on with the seat's own token (${page.url()})`);
  check((await snapOf(page))?.you === 0, 'the reopened invite shows the same seat');
  const tableBytes = await transferred(page);
  log(`table page first load: ${tableBytes} bytes`);
  check(tableBytes < 500 * 1024, `first load of a table page under 500 KB (${tableBytes})`);
  check((await page.locator('#conn').getAttribute('data-state')) === 'connected', 'the connection indicator says connected');

  /** @type {Record<string, number>} */
  const stats = {};
  let decisions = 0;
  let reconnected = false;
  let switched = false;
  let boardShot = false;
  let undone = 0;
  let hinted = false;
  check((await page.locator('#top #rules-link').count()) === 1, 'the table header links the rules');
  for (;;) {
    if (Date.now() - STARTED > BUDGET_MS) throw new Error('out of time');
    const state = await waitTurn(page, 30000);
    if (state === 'over') break;

    // A take-back, now and then, when offered.
    const undoBtn = page.locator('#undo:not([disabled])');
    if (undone < 2 && decisions > 15 && decisions % 7 === 0 && (await undoBtn.count()) > 0) {
      const v = await version(page);
      await undoBtn.click();
      await page.waitForFunction((v0) => /** @type {any} */ (window).__ordo.snap.version > v0 || document.querySelector('#error'), v, { timeout: 10000 });
      const err = await page.locator('#error').count();
      log(`take-back at version ${v}: ${err ? `refused (${await page.locator('#error').textContent()})` : 'accepted'}`);
      undone++;
      continue;
    }

    // (f) The coach, once, in mid-game: 1–3 suggestions, each a displayed legal decision; one is taken.
    if (!hinted && decisions >= 12 && /** @type {View | undefined} */ ((await snapOf(page))?.view)?.phase?.phase === 'turn') {
      hinted = true;
      await checkHints(page);
      decisions++;
      continue;
    }

    await decideOnce(page, { stats, verify: decisions % 5 === 0, tryRisky: decisions > 20 });
    decisions++;

    const snap = await snapOf(page);
    const view = /** @type {View | undefined} */ (snap?.view);
    // A board in mid-game: pieces on the map and buildings built.
    if (!boardShot && view && view.phase.phase === 'turn' && view.regions.some((r) => r.buildings.length > 0) && (view.supply < 115 || decisions > 150)) {
      boardShot = true;
      await shot(page, 'board');
      const phone = await newContext(browser, 'phone', { width: 390, height: 844 });
      const pp = await phone.newPage();
      await pp.goto(tableUrl);
      await waitConnected(pp);
      const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `no sideways scrolling on a phone-sized screen (${overflow}px)`);
      await shot(pp, 'board-phone');
      await phone.close();
      passed.push('phone-sized screen: no sideways scrolling (screenshot board-phone.png)');
    }

    // (d) at the table: Russian, then back to English; decisions are described in the language.
    if (!switched && decisions === 8) {
      switched = true;
      const phaseEn = await page.locator('#phase').textContent();
      await page.selectOption('#lang', 'ru');
      await page.waitForFunction(() => document.documentElement.lang === 'ru');
      const phaseRu = await page.locator('#phase').textContent();
      check(phaseRu !== phaseEn && /[а-яё]/i.test(phaseRu ?? ''), `the phase line is in Russian (${phaseRu})`);
      check((await page.locator('#log h2').textContent()) === 'Журнал', 'the log heading is in Russian');
      // The knight orders' setup and power texts follow the language too.
      const orderTitles = await page.locator('dd.order[title]').evaluateAll((els) => els.map((e) => e.getAttribute('title') ?? ''));
      check(orderTitles.length > 0 && orderTitles.every((x) => /[а-яё]/i.test(x)), `order powers in Russian (${orderTitles.join(' | ')})`);
      await page.selectOption('#lang', 'ja');
      await page.waitForFunction(() => document.documentElement.lang === 'ja');
      check((await page.locator('#log h2').textContent()) === '記録', 'the log heading is in Japanese');
      await page.selectOption('#lang', 'en');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      passed.push('(d) language switch at the table (Russian, Japanese, English)');
    }

    // (c) Reconnect in mid-game: close the page, open it again, same board, play on.
    if (!reconnected && decisions === 40) {
      reconnected = true;
      await page.waitForTimeout(300);
      const sigBefore = await boardSignature(page);
      const vBefore = await version(page);
      await page.close();
      page = await ctx.newPage();
      await page.goto(tableUrl);
      await waitConnected(page);
      const vAfter = await version(page);
      const sigAfter = await boardSignature(page);
      if (vAfter === vBefore) {
        check(sigAfter === sigBefore, 'the board after reopening is the board before');
      } else {
        check(vAfter > vBefore, `the version after reopening (${vAfter}) is not behind (${vBefore})`);
      }
      log(`reconnected at version ${vBefore} → ${vAfter}`);
      // A dropped connection: the indicator says so, decisions wait, and the board comes back whole.
      await page.evaluate(() => /** @type {any} */ (window).__ordo.dropConnection());
      await page.waitForFunction(() => document.querySelector('#conn')?.getAttribute('data-state') === 'reconnecting', null, { timeout: 5000 });
      check((await page.locator('#decision-list button.decision:not([disabled])').count()) === 0, 'no decisions while reconnecting');
      check((await page.locator('.board.stale').count()) === 1, 'the board is marked stale while reconnecting');
      await waitConnected(page);
      check((await boardSignature(page)) === sigAfter, 'the board after the drop is the board before');
      passed.push(`(c) reconnect mid-game (page closed and reopened; connection dropped): same version (${vBefore}) and board, play continued`);
    }
  }
  log(`game over after ${decisions} decisions by the human (${JSON.stringify(stats)})`);
  check((stats.map ?? 0) > 0, 'some decisions were made on the map');
  check((stats.confirm ?? 0) > 0, 'a decision was confirmed');
  await page.waitForSelector('#scores', { timeout: 10000 });
  const rows = await page.locator('#scores tbody tr').count();
  check(rows === 2, `the score screen lists both players (${rows})`);
  const seedText = (await page.locator('#seed').textContent()) ?? '';
  check(/^\d+$/.test(seedText.trim()), `the seed is revealed (${seedText})`);
  await page.waitForFunction(() => document.querySelector('#seed-check')?.textContent?.includes('✓'), null, { timeout: 5000 });
  check((await page.locator('#decision-list button').count()) === 0, 'no decisions after the end');
  await shot(page, 'scores');
  check(boardShot, 'a mid-game board was captured');
  check(hinted, 'the coach was asked');
  await checkReplay(page);
  passed.push(`(a) full game vs a random bot to the score screen (${decisions} decisions; ${stats.map ?? 0} on the map, ${stats.keyboard ?? 0} by keyboard, ${stats.confirm ?? 0} confirmed)`);
  await ctx.close();
}

/**
 * (b) a 3-player table: two humans in two browser contexts (the second through the invite link)
 * and a bot; (e) a spectator during the secret order picks.
 * @param {Browser} browser
 */
async function scenarioTwoHumans(browser) {
  const ctxA = await newContext(browser, 'host');
  const ctxB = await newContext(browser, 'guest');
  const ctxS = await newContext(browser, 'spectator');
  const a = await ctxA.newPage();
  await a.goto(`${base}/`);
  await a.waitForSelector('#create');
  const links = await createInLobby(a, { players: 3, seats: ['human', 'human', 'random'], mode: 'lobby', name: 'Host' });
  check(links[0] && links[1] && !links[2], 'invite links for the two human seats only');
  await a.click('#go-seat');
  await a.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap != null);
  await a.waitForSelector('#waiting', { timeout: 10000 });
  check((await snapOf(a))?.status === 'open', 'the table waits for the invited player');

  const b = await ctxB.newPage();
  await b.goto(links[1]);
  await waitConnected(b);
  await a.waitForFunction(() => /** @type {any} */ (window).__ordo.snap.status === 'active', null, { timeout: 10000 });
  await b.waitForFunction(() => /** @type {any} */ (window).__ordo.snap.status === 'active', null, { timeout: 10000 });
  const sa = await snapOf(a);
  const sb = await snapOf(b);
  check(sa?.you === 0 && sb?.you === 1, 'the host plays seat 1 and the guest seat 2');
  check(sb?.seats[1].name == null || sb?.seats[0].name === 'Host', 'the host joined under their name');
  passed.push('(b) 3-player table: the guest joined through the invite link and the game started');

  // (e) A spectator during the secret order picks.
  const sp = await ctxS.newPage();
  const tableId = /** @type {string} */ (sa?.table);
  await sp.goto(`${base}/t/${tableId}`);
  await waitConnected(sp);
  const spec = /** @type {Snapshot} */ (await snapOf(sp));
  const specView = /** @type {View} */ (spec.view);
  check(spec.you == null, 'the spectator has no seat');
  check(specView.phase.phase === 'pick_orders', `the orders are being picked (${specView.phase.phase})`);
  check(specView.seats.every((p) => p.offered == null), 'no seat\'s offered orders reach the spectator');
  check(specView.seats.every((p) => p.order == null), 'no picked order reaches the spectator');
  check(spec.legal.length === 0, 'the spectator has no legal decisions');
  check((await sp.locator('.offered').count()) === 0, 'the spectator page shows no offered orders');
  check((await sp.locator('button.decision').count()) === 0, 'the spectator page has no decision buttons');
  check((await sp.locator('#map .region.choice').count()) === 0, 'the spectator page has no clickable regions');
  check((await sp.locator('#spectating').count()) === 1, 'the spectator page says so');
  // The players see their own offered orders, and only their own.
  check((await a.locator('.offered').count()) === 1 && (await a.locator('#player-0 .offered').count()) === 1, 'the host sees their own order tiles only');
  check((await b.locator('.offered').count()) === 1 && (await b.locator('#player-1 .offered').count()) === 1, 'the guest sees their own order tiles only');
  const specHtml = await sp.content();
  /** @type {Array<string>} */
  const offeredA = sa ? /** @type {View} */ (sa.view).seats[0].offered ?? [] : [];
  check(offeredA.length >= 2, `the host was dealt order tiles (${offeredA})`);
  check(!specHtml.includes('data-offered'), 'the spectator DOM names no offered orders');

  // Both humans pick their orders simultaneously, then play on for a while.
  /** @type {Record<string, number>} */
  const stats = {};
  let made = 0;
  const pages = [a, b];
  let idle = 0;
  while (made < 36 && Date.now() - STARTED < BUDGET_MS) {
    let acted = false;
    for (const p of pages) {
      if (await decideOnce(p, { stats, useMap: 0.7, verify: made % 4 === 0 })) { made++; acted = true; }
    }
    if (!acted) {
      idle++;
      if (idle > 200) throw new Error('nobody could decide for 10 s');
      await sleep(50);
      const s0 = await snapOf(a);
      if (s0?.status === 'finished') break;
    } else idle = 0;
  }
  // Everyone converges on the same version.
  await sleep(300);
  const va = await version(a);
  await b.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version >= v, va, { timeout: 10000 });
  await sp.waitForFunction((v) => /** @type {any} */ (window).__ordo.snap.version >= v, va, { timeout: 10000 });
  const versions = [await version(a), await version(b), await version(sp)];
  check(versions.every((v) => v === versions[0]), `host, guest and spectator hold the same version (${versions})`);
  const specAfter = /** @type {View} */ ((await snapOf(sp))?.view);
  check(specAfter.seats.every((p) => p.offered == null), 'still nothing offered in the spectator\'s view');
  log(`two humans made ${made} decisions (${JSON.stringify(stats)}), version ${versions[0]}`);
  passed.push(`(b) two humans and a bot played ${made} decisions; all pages agree on version ${versions[0]}`);
  passed.push('(e) spectator: no offered orders of any seat in the snapshot or the DOM during the picks, no decision buttons');
  await ctxA.close();
  await ctxB.close();
  await ctxS.close();
}

/**
 * The client's merge-patch port agrees with the server's (cases of crates/ordo-server/src/delta.rs),
 * and a player joins an open table from the table list and finds it again under "My tables".
 * @param {Browser} browser
 */
async function scenarioLobbyJoin(browser) {
  const ctx = await newContext(browser, 'joiner');
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  const cases = [
    [{ a: 1, b: { c: [1, 2], d: 'x' } }, { b: { c: [1, 3] } }, { a: 1, b: { c: [1, 3], d: 'x' } }],
    [{ a: 1 }, { a: 2, b: 5, e: { g: 1 } }, { a: 2, b: 5, e: { g: 1 } }],
    [{ a: { b: 1 } }, { a: 7 }, { a: 7 }],
    [{ a: 7 }, { a: { b: 1 } }, { a: { b: 1 } }],
    [{ a: 1, gone: true }, { gone: null }, { a: 1 }],
    [[1, 2], { a: 1 }, { a: 1 }],
    [{ r: [{ a: 1 }, { a: 2 }, { a: 3 }] }, { r: { '@a': { 1: { a: 5 } } } }, { r: [{ a: 1 }, { a: 5 }, { a: 3 }] }],
    [{ r: [1, 2, 3, 4] }, { r: { '@a': { 1: null } } }, { r: [1, null, 3, 4] }],
    [{ r: [{ a: 1 }, 2, 3, 4] }, { r: { '@a': { 0: 7 } } }, { r: [7, 2, 3, 4] }],
    [{ r: [1, 2] }, { r: [1, 2, 3] }, { r: [1, 2, 3] }],
    [{ version: 4, view: { players: [{ gold: 1 }, { gold: 2 }] } }, { version: 5, view: { players: { '@a': { 1: { gold: 3 } } } } },
      { version: 5, view: { players: [{ gold: 1 }, { gold: 3 }] } }],
  ];
  const got = await page.evaluate((cs) => cs.map(([a, p]) => JSON.stringify(/** @type {any} */ (window).__ordo.mergeApply(a, p))), cases);
  cases.forEach((c, i) => check(got[i] === JSON.stringify(c[2]), `merge patch case ${i}: ${got[i]} = ${JSON.stringify(c[2])}`));
  passed.push(`the merge-patch port agrees with the server's on ${cases.length} cases`);

  // An open table made by someone else, joined from the list.
  const res = await fetch(`${base}/api/tables`, {
    method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ game: 'crusaders', config: { players: 2 }, seats: [{ kind: 'human' }, { kind: 'human' }], lobby: true }),
  });
  const created = /** @type {{id: string}} */ (await res.json());
  await page.click('#refresh');
  const join = page.locator(`button.join[data-table="${created.id}"]`);
  await join.waitFor({ timeout: 5000 });
  await join.click();
  await page.waitForURL((u) => u.pathname === `/t/${created.id}` && u.search.includes('token='), { timeout: 10000 });
  await page.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.[0]?.joined === true, null, { timeout: 10000 });
  check((await snapOf(page))?.you === 0, 'the joiner took the first free seat');
  check((await page.locator('#waiting').count()) === 1, 'the waiting room shows while a seat is free');
  await page.goto(`${base}/`);
  const mine = page.locator(`#my-tables a[href*="/t/${created.id}?token="]`);
  await mine.waitFor({ timeout: 5000 });
  passed.push('join from the table list; the table is remembered under "My tables"');
  await ctx.close();
}

// ---------------------------------------------------------------------------------------------
// Warrior Knights
// ---------------------------------------------------------------------------------------------

/** The Baron cards (their ids appear in a view only where they are public). */
const WK_CARDS = ['mobilize_forces', 'levy_taxes', 'draft_soldiers', 'rally_support', 'serve_the_church', 'versatile_strategy'];

/**
 * Nothing of another Baron's plan reaches this page: the snapshot holds only the viewer's own
 * secrets (`mine`), other seats' planning lines in the log are blank, and laid or held cards are
 * drawn only on the viewer's own board and planning panel.
 * @param {Page} page
 * @param {string} who
 */
async function checkWkSecrecy(page, who) {
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
async function checkWkLegal(page) {
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
async function wkPlan(page, stats) {
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
async function scenarioWarriorKnights(browser) {
  const ctx = await newContext(browser, 'wk');
  let page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#create');
  await page.selectOption('#game', 'warrior-knights');
  await page.waitForSelector('#wk-length');
  check((await page.locator('#wk-optional input[type=checkbox]').count()) === 7, 'seven optional rules offered');
  check((await page.locator('#wk-opt-two_barons_need_five_cities').count()) === 1, "the FAQ's two-Baron city win is one of them");
  check((await page.locator('#variant').count()) === 0, 'no Crusaders variant for Warrior Knights');
  check((await page.locator('#players option:not([disabled])').count()) === 5, 'two to six Barons');
  await page.selectOption('#wk-length', 'shorter');
  await page.check('#wk-opt-miracles_can_happen');
  const links = await createInLobby(page, { players: 2, seats: ['human', 'heuristic'], name: 'Wanda' });
  const tableId = /** @type {string} */ (links[0].match(/\/t\/([^?]+)/)?.[1]);
  await page.locator(`#my-tables li[data-game="warrior-knights"] a[href*="/t/${tableId}?token="]`).waitFor({ timeout: 5000 });
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
      const pp = await phone.newPage();
      await pp.goto(tableUrl);
      await waitConnected(pp);
      const overflow = await pp.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      check(overflow <= 1, `no sideways scrolling on a phone-sized screen at the Warrior Knights table (${overflow}px)`);
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

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const watchdog = setTimeout(() => {
    log('watchdog: the run took too long');
    stopServer();
    process.exit(2);
  }, BUDGET_MS + 60000);
  /** @type {Browser | null} */
  let browser = null;
  try {
    await startServer();
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', ...(FROM_DISK ? ['--disable-features=LocalNetworkAccessChecks'] : [])],
    });
    /** @type {Array<[string, (b: Browser) => Promise<void>]>} */
    const scenarios = [
      ['lobby: join from the list, merge patches', scenarioLobbyJoin],
      ['two humans, a bot and a spectator', scenarioTwoHumans],
      ['full game', scenarioFullGame],
      ['Warrior Knights', scenarioWarriorKnights],
      ['rules reference', scenarioRules],
    ];
    // E2E_ONLY=word runs only the scenarios whose name contains it (case-insensitive).
    const only = (process.env.E2E_ONLY ?? '').toLowerCase();
    for (const [name, f] of scenarios) {
      if (only && !name.toLowerCase().includes(only)) continue;
      log(`scenario: ${name}`);
      try {
        await f(browser);
      } catch (e) {
        failures.push(`${name}: ${e instanceof Error ? e.stack ?? e.message : String(e)}`);
      }
    }
  } catch (e) {
    failures.push(e instanceof Error ? e.stack ?? e.message : String(e));
  } finally {
    if (browser) await browser.close();
    stopServer();
    clearTimeout(watchdog);
    fs.rmSync(dbDir, { recursive: true, force: true });
  }
  for (const e of consoleErrors) failures.push(e);
  for (const p of passed) log(`PASS ${p}`);
  for (const f of failures) log(`FAIL ${f}`);
  log(failures.length ? `${failures.length} failure(s)` : `all passed in ${((Date.now() - STARTED) / 1000).toFixed(1)} s`);
  process.exitCode = failures.length ? 1 : 0;
}

process.on('SIGINT', () => { stopServer(); process.exit(130); });
await main();
