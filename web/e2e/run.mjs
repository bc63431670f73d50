// @ts-check
// End-to-end run of the browser client against a real `ordo serve`.
//
//   ORDO_BIN=../target/release/ordo node e2e/run.mjs
//
// Starts the server on a free port with a fresh SQLite database, drives Chromium
// (/usr/bin/chromium, never downloaded) through the lobby and tables, saves screenshots to
// ../target/e2e/, and exits non-zero on any failure, console error or page error.
// E2E_WEB_FROM_DISK=1 serves the client's files (shell/, games/, i18n/, style.css, index.html) from this directory
// instead of the copies embedded in the binary (to try changes without rebuilding).

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import { join } from 'node:path';
import { scenarioTransfer } from './transfer.mjs';
import { scenarioTouch } from './touch.mjs';
import { scenarioEndings, scenarioAgainTogether } from './endings.mjs';
import { SHOTS, FROM_DISK, STARTED, BUDGET_MS, failures, passed, log, check, base, dbDir, startServer, stopServer, consoleErrors, newContext, shot } from './lib.mjs';
import { scenarioRules } from './rules.mjs';
import { scenarioFullGame, scenarioTwoHumans, scenarioLobbyJoin } from './crusaders.mjs';
import { scenarioWarriorKnights } from './warrior-knights.mjs';
import { scenarioWkRevision4 } from './wk-r4.mjs';
import { scenarioDataPack } from './packs.mjs';
import { scenarioCrusadersWheel } from './crusaders-wheel.mjs';
import { scenarioWkFollow } from './wk-follow.mjs';
import { scenarioWkGifts } from './wk-gifts.mjs';
import { scenarioLearn } from './learn.mjs';
import { scenarioSocial, scenarioInvites } from './social.mjs';
import { scenarioAccounts } from './accounts.mjs';
import { scenarioTurns } from './turns.mjs';

/** @typedef {import('playwright-core').Browser} Browser */

async function main() {
  fs.mkdirSync(SHOTS, { recursive: true });
  const watchdog = setTimeout(() => {
    log('watchdog: the run took too long');
    stopServer();
    process.exit(2);
  }, 2 * BUDGET_MS + 180000);
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
      ['Warrior Knights revision 4 panels', scenarioWkRevision4],
      ['Warrior Knights gifts out of turn', scenarioWkGifts],
      ['data pack of an owner', scenarioDataPack],
      ['Warrior Knights to follow: 3 Barons to the end, names and battles', (b) => scenarioWkFollow(b, { passed })],
      ['table talk and presence', scenarioSocial],
      ['host invites and guest names', scenarioInvites],
      ['accounts: sign up, play with chat, resign, rematch', scenarioAccounts],
      ['turns: notifications, low time, time-outs, day clocks, ratings, leaderboard, profiles, the stand-in vote', scenarioTurns],
      ['rules reference', scenarioRules],
      ['transfer budgets and lazy languages', (b) => scenarioTransfer(b, { base, fromDisk: FROM_DISK, log, check, newContext, passed })],
      ['endings: both games to the final scores on both viewports', (b) => scenarioEndings(b, { base, log, check, newContext, passed, shot })],
      ['Play again with two people', (b) => scenarioAgainTogether(b, { base, log, check, newContext, passed, shot })],
      ['touch explanations and phone layout', (b) => scenarioTouch(b, { base, log, check, newContext, passed, shot })],
      ['Learn to play: both guides walked to their end on both viewports', scenarioLearn],
      // Last: a whole game of its own, with its own time budget (the watchdog allows for it).
      ['Crusaders from the wheel', scenarioCrusadersWheel],
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

