// @ts-check
// An owner's data pack: a second server started with `--data DIR` (the built-in files written by
// `ordo data export`); its new tables name the pack in `config.data`, the lobby's table list and
// the table page show it, and the table's page loads the game's data with `?pack=ID`.

import fs from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { spawn } from 'node:child_process';
import { BIN, WEB, FROM_DISK, passed, check, log, freePort, sleep, watchPage } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */

/** @param {Browser} browser */
export async function scenarioDataPack(browser) {
  const dir = fs.mkdtempSync(join(tmpdir(), 'ordo-e2e-pack-'));
  const server = { proc: /** @type {import('node:child_process').ChildProcess | null} */ (null) };
  try {
    const exp = spawn(BIN, ['data', 'export', join(dir, 'pack')], { stdio: ['ignore', 'ignore', 'ignore'] });
    const code = await new Promise((ok) => exp.on('exit', (c) => ok(c)));
    check(code === 0, `ordo data export wrote a pack (exit ${code})`);
    // The owner corrects a value (Vecht's income), so the files are no longer the built-in data.
    const file = join(dir, 'pack', 'warrior-knights', 'components.json');
    const comp = JSON.parse(fs.readFileSync(file, 'utf8'));
    const vecht = comp.cities.find((/** @type {any} */ c) => c.id === 'vecht');
    vecht.income = 3;
    vecht.confidence = 'CONFIRMED';
    fs.writeFileSync(file, JSON.stringify(comp, null, 2));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    server.proc = spawn(BIN, ['serve', '--bind', `127.0.0.1:${port}`, '--db', `sqlite:${join(dir, 'e2e.db')}`, '--ip-limit', 'off', '--data', join(dir, 'pack')], { stdio: ['ignore', 'ignore', 'ignore'] });
    let ready = false;
    for (let i = 0; i < 100 && !ready; i++) {
      try { ready = (await fetch(`${base}/readyz`)).ok; } catch { /* not yet */ }
      if (!ready) await sleep(100);
    }
    check(ready, 'the server with an owner\'s data pack started');
    if (!ready) return;
    const games = /** @type {Array<{id: string, pack: string | null}>} */ (await (await fetch(`${base}/api/games`)).json());
    const pack = games.find((g) => g.id === 'warrior-knights')?.pack ?? null;
    check(pack != null && /^[0-9a-f]{32}$/.test(pack), `GET /api/games names the pack new tables use (${pack})`);
    const res = await fetch(`${base}/api/tables`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ game: 'warrior-knights', config: { barons: 2 }, seats: [{ kind: 'human' }, { kind: 'human' }] }),
    });
    const { id } = /** @type {{id: string}} */ (await res.json());
    const info = /** @type {any} */ (await (await fetch(`${base}/api/tables/${id}`)).json());
    log(`table ${id} config.data = ${info?.config?.data}`);
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    if (FROM_DISK) {
      await ctx.route((u) => u.origin === base && u.pathname.startsWith('/a/'), (r) => {
        const path = new URL(r.request().url()).pathname.split('/').slice(3).join('/');
        const file = join(WEB, path);
        if (!fs.existsSync(file)) return r.fulfill({ status: 404, body: 'not found' });
        return r.fulfill({ body: fs.readFileSync(file), contentType: path.endsWith('.css') ? 'text/css' : 'text/javascript' });
      });
      await ctx.route((u) => u.origin === base && (u.pathname === '/' || u.pathname.startsWith('/t/')),
        (r) => r.fulfill({ body: fs.readFileSync(join(WEB, 'index.html'), 'utf8').replaceAll('{{ASSETS}}', '/a/disk'), contentType: 'text/html' }));
    }
    ctx.on('page', (p) => watchPage(p, 'pack'));
    const page = await ctx.newPage();
    /** @type {Array<string>} */
    const dataUrls = [];
    page.on('request', (r) => { if (r.url().includes('/data')) dataUrls.push(r.url()); });
    await page.goto(`${base}/`);
    const row = page.locator(`#tables tr[data-table="${id}"] .tag.pack`);
    await row.waitFor({ timeout: 10000 });
    const full = await row.getAttribute('data-pack');
    check(full === info?.config?.data && ((await row.textContent()) ?? '').includes(`${full?.slice(0, 8)}…`), `the table list names the data pack (${await row.textContent()})`);
    await page.goto(`${base}/t/${id}`);
    await page.waitForSelector('#table-pack', { timeout: 15000 });
    const title = await page.locator('#table-pack').getAttribute('title');
    check(title != null && full != null && title.includes(full), 'the table page names the pack, its full id on hover or tap');
    check(dataUrls.some((u) => u.includes(`/api/games/warrior-knights/data?pack=${full}`)), `the game's data came from the pack (${dataUrls.join(', ')})`);
    // The pack's value is drawn: Vecht's income 3, no longer tagged inferred.
    await page.waitForSelector('.wk-area > title', { state: 'attached' });
    const vechtTip = await page.evaluate(() => [...document.querySelectorAll('.wk-area > title')].map((x) => x.textContent ?? '').find((x) => x.startsWith('Vecht')) ?? '');
    check(/income 3/.test(vechtTip) && !/inferred/.test(vechtTip), `the pack's values are the ones explained (${vechtTip})`);
    await ctx.close();
    passed.push('(p) owner\'s data pack: named in the table list and on the table page, data loaded with ?pack=ID');
  } finally {
    if (server.proc && server.proc.exitCode == null) server.proc.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
