// @ts-check
// The people at a table in the browser: two players (one reading English, one Russian) and a
// spectator at a Warrior Knights table. Presence shows who is here, away and gone; the players'
// talk reaches everyone as plain text; a quick phrase reads in each reader's language; the
// spectators' talk stays among spectators; a muted player's messages are hidden; the chat is
// still there after a reload, and in the replay. Screenshots on a phone and a desktop.

import { SHOTS, log, check, passed, base, newContext, waitConnected, shot, sleep, createInLobby, waitClaimed } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */
/** @typedef {import('playwright-core').Page} Page */

/** @param {string} path @param {unknown} body */
async function post(path, body) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return r.json();
}

/** The chat lines a page shows, as text. @param {Page} page */
function linesOf(page) {
  return page.locator('#chat-list .chat-line').allTextContents();
}

/** Waits until a page shows `seat` with `state`. @param {Page} page @param {number} seat @param {string} state */
async function presenceIs(page, seat, state) {
  await page.locator(`#people [data-seat="${seat}"] [data-presence="${state}"]`).waitFor({ timeout: 10000 });
}

/** Waits until a page shows a line containing `text`. @param {Page} page @param {string} text */
async function sees(page, text) {
  await page.locator('#chat-list .chat-line', { hasText: text }).first().waitFor({ timeout: 10000 });
}

/** The chat panel alone, as a player sees it. @param {Page} page @param {string} name */
async function chatShot(page, name) {
  await page.locator('#chat').scrollIntoViewIfNeeded();
  await page.locator('#chat').screenshot({ path: `${SHOTS}/${name}.png` });
  log(`screenshot ${SHOTS}/${name}.png`);
}

/** @param {Browser} browser */
export async function scenarioSocial(browser) {
  const created = await post('/api/tables', {
    game: 'warrior-knights', config: { barons: 3 }, lobby: true,
    seats: [{ kind: 'human' }, { kind: 'human' }, { kind: 'bot', bot: 'heuristic' }],
  });
  const id = String(created.id);
  const ctxA = await newContext(browser, 'talk-alice');
  const ctxB = await newContext(browser, 'talk-boris', { width: 390, height: 844 });
  const ctxS = await newContext(browser, 'talk-spectator');
  await ctxB.addInitScript(() => { try { localStorage.setItem('ordo.lang', 'ru'); } catch { /* */ } });
  const alice = await ctxA.newPage();
  const boris = await ctxB.newPage();
  const spectator = await ctxS.newPage();
  await alice.goto(`${base}/t/${id}?token=${created.tokens[0]}`);
  await waitConnected(alice);
  await presenceIs(alice, 0, 'online');
  await presenceIs(alice, 1, 'offline');
  check(await alice.locator('#people [data-seat="2"] [data-presence]').count() === 0, 'a bot seat shows no presence');
  await boris.goto(`${base}/t/${id}?token=${created.tokens[1]}`);
  await waitConnected(boris);
  await presenceIs(alice, 1, 'online');
  // On the players' boards too (the opponents' fold is open on a desktop).
  await alice.locator('#player-1 .pl-name [data-presence="online"]').waitFor({ timeout: 10000 });
  await alice.locator('#player-1 .pl-head').screenshot({ path: `${SHOTS}/presence-board-desktop-en.png` });
  await boris.locator('#player-1 .pl-name [data-presence="online"]').waitFor({ timeout: 10000 });
  await boris.locator('#player-1 .pl-head').screenshot({ path: `${SHOTS}/presence-board-phone-ru.png` });
  // The table starts once both took their seats; the pages hold their seats by cookie.
  await alice.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'active', null, { timeout: 15000 });
  await spectator.goto(`${base}/t/${id}`);
  await waitConnected(spectator);
  await alice.locator('#spectator-count').waitFor({ timeout: 10000 });
  check(/1/.test(await alice.locator('#spectator-count').innerText()), 'the players see one spectator');
  passed.push('presence: online as each player arrives, bots without, the spectators counted');

  // A message with markup arrives as text, to everyone.
  const trap = '<img src=x onerror="window.__owned=1">Deal: Bavaria for two crowns?';
  await alice.fill('#chat-input', trap);
  await alice.press('#chat-input', 'Enter');
  for (const p of [alice, boris, spectator]) await sees(p, 'Deal: Bavaria');
  check(await boris.locator('#chat-list img').count() === 0, 'no markup from a message reaches the page');
  check(!(await boris.evaluate(() => /** @type {any} */ (window).__owned)), 'no script from a message runs');
  check((await linesOf(boris)).some((l) => l.includes('<img src=x')), 'the text is shown as typed');
  check(await alice.inputValue('#chat-input') === '', 'the input is emptied once sent');
  // A quick phrase, each in the reader's language.
  await boris.selectOption('#chat-phrase', 'good_luck');
  await sees(alice, 'Good luck, have fun!');
  await sees(boris, 'Удачи и приятной игры!');
  passed.push('chat: plain text to everyone, a quick phrase in each reader\'s language');

  // The spectators' talk stays theirs.
  await spectator.fill('#chat-input', 'Alice is bluffing');
  await spectator.click('#chat-send');
  await sees(spectator, 'Alice is bluffing');
  check((await spectator.locator('#chat-note').innerText()).length > 0, 'a spectator is told the players do not read their talk');
  await alice.fill('#chat-input', 'Your move, Boris');
  await alice.press('#chat-input', 'Enter');
  await sees(boris, 'Your move, Boris');
  check(!(await linesOf(boris)).some((l) => l.includes('bluffing')), 'players never read the spectators\' talk');
  passed.push('chat: the spectators\' talk stays among spectators during the game');

  // A message being written survives the board's updates.
  await boris.fill('#chat-input', 'half a sentence');
  await sleep(1500);
  check(await boris.inputValue('#chat-input') === 'half a sentence', 'a message being written survives updates');
  await boris.fill('#chat-input', '');

  // Too fast: refused with a word.
  for (let i = 0; i < 6; i += 1) {
    await alice.fill('#chat-input', `spam ${i}`);
    await alice.press('#chat-input', 'Enter');
  }
  await alice.locator('#chat-error', { hasText: /too fast/ }).waitFor({ timeout: 10000 });
  passed.push('chat: writing too fast is refused with a readable reason');

  // Mute: Boris hides Alice's messages.
  await boris.click('#people button[data-seat="0"]');
  await boris.locator('#chat-hidden').waitFor({ timeout: 5000 });
  check(!(await linesOf(boris)).some((l) => l.includes('Your move')), 'a muted player\'s messages are hidden');
  check(await boris.getAttribute('#people button[data-seat="0"]', 'aria-pressed') === 'true', 'the mute button says it is pressed');
  await chatShot(boris, 'chat-panel-phone-ru-muted');
  await shot(boris, 'chat-phone-ru-muted');
  await boris.click('#people button[data-seat="0"]');
  await sees(boris, 'Your move');

  // Away while hidden; offline when gone.
  await boris.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await presenceIs(alice, 1, 'away');
  await alice.locator('#player-1 .pl-name [data-presence="away"]').waitFor({ timeout: 10000 });
  await boris.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => false });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await presenceIs(alice, 1, 'online');
  await boris.close();
  await presenceIs(alice, 1, 'offline');
  passed.push('presence: away while the page is hidden, offline once it is closed');
  await alice.locator('#chat').scrollIntoViewIfNeeded();
  await chatShot(alice, 'chat-panel-desktop-en');
  await shot(alice, 'chat-desktop-en');

  // The talk is kept: a reload shows it, and the replay shows it at its moment.
  const again = await ctxB.newPage();
  await again.goto(`${base}/t/${id}`);
  await waitConnected(again);
  check((await again.evaluate(() => /** @type {any} */ (window).__ordo?.snap?.you)) === 1, 'the seat comes back by cookie, no token in the address');
  await sees(again, 'Deal: Bavaria');
  check(!again.url().includes('token='), `the address holds no seat token (${again.url()})`);
  await again.locator('#chat').scrollIntoViewIfNeeded();
  await chatShot(again, 'chat-panel-phone-ru');
  await chatShot(spectator, 'chat-panel-spectator-en');
  await shot(again, 'chat-phone-ru');
  // The talk belongs to the position it was said at; a bot may already have played before it
  // was said, so ask for the latest position (the server clamps past the end).
  const step = await (await fetch(`${base}/api/tables/${id}/replay?at=1000000`)).json();
  check(Array.isArray(step.chat) && step.chat.some((/** @type {any} */ l) => String(l.text).includes('Deal: Bavaria')), 'the replay carries the talk');
  check(!step.chat.some((/** @type {any} */ l) => l.channel === 'spectators'), 'a running game\'s replay leaves the spectators\' talk out');
  const replay = await ctxS.newPage();
  await replay.goto(`${base}/t/${id}?replay=1`);
  await replay.waitForSelector('#replay-counter', { timeout: 10000 });
  // To the latest position (the talk came after any decision a bot made first).
  if (await replay.locator('#replay-last').isEnabled()) await replay.click('#replay-last');
  await replay.locator('#replay-chat .chat-line', { hasText: 'Deal: Bavaria' }).waitFor({ timeout: 10000 });
  check(!(await replay.locator('#replay-chat').innerText()).includes('bluffing'), 'the replay of a running game shows the players\' talk only');
  await replay.locator('#replay-chat').screenshot({ path: `${SHOTS}/chat-in-replay-desktop-en.png` });
  passed.push('chat: kept with the table, back after a reload, in the replay');
  log('social scenario done');
  await ctxA.close();
  await ctxB.close();
  await ctxS.close();
}

/**
 * The host's invites and a guest's name: the creator shows a new link for the free seat,
 * revokes it, shows another; a guest opens it with no name, takes the seat and names
 * themselves at the table.
 * @param {Browser} browser
 */
export async function scenarioInvites(browser) {
  const ctxH = await newContext(browser, 'host-invites', { width: 390, height: 844 });
  const ctxG = await newContext(browser, 'guest-named');
  const host = await ctxH.newPage();
  await host.goto(`${base}/`);
  await host.waitForSelector('#create');
  const links = await createInLobby(host, { players: 2, seats: ['human', 'human'], mode: 'lobby', name: 'Hana' });
  await host.click('#go-seat');
  await waitConnected(host);
  await waitClaimed(host);
  await host.waitForSelector('#host-invites li[data-seat="1"]', { timeout: 10000 });
  await host.click('#invite-show-1');
  const first = await host.locator('#invite-link-1').inputValue({ timeout: 10000 });
  check(first.includes('token=') && first !== links[1], 'a new link for the free seat, not the one shown at creation');
  await host.click('#invite-revoke-1');
  await host.waitForSelector('#invite-revoked-1', { timeout: 10000 });
  const revoked = await fetch(`${base}/api/tables/${new URL(first).pathname.split('/')[2]}/join`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: new URL(first).searchParams.get('token') }) });
  check(revoked.status === 403, `the revoked link takes no seat (${revoked.status})`);
  await host.click('#invite-show-1');
  await host.waitForFunction((old) => { const el = /** @type {HTMLInputElement | null} */ (document.querySelector('#invite-link-1')); return el != null && el.value !== '' && el.value !== old; }, first, { timeout: 10000 });
  const link = await host.locator('#invite-link-1').inputValue();
  await host.locator('#host-invites').scrollIntoViewIfNeeded();
  await host.locator('#waiting').screenshot({ path: `${SHOTS}/host-invites-phone-en.png` });
  passed.push('invites: the host shows a new link for a free seat, revokes it (the link stops working), shows another');

  // A guest with no name takes the seat and is asked for one at the table.
  const guest = await ctxG.newPage();
  await guest.goto(link);
  await waitConnected(guest);
  await guest.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.status === 'active', null, { timeout: 15000 });
  await guest.waitForSelector('#seat-name', { timeout: 10000 });
  await guest.locator('#chat').screenshot({ path: `${SHOTS}/guest-name-desktop-en.png` });
  await guest.fill('#seat-name', 'Gus');
  await guest.click('#seat-name-save');
  await host.waitForFunction(() => /** @type {any} */ (window).__ordo?.snap?.seats?.[1]?.name === 'Gus', null, { timeout: 10000 });
  await guest.waitForSelector('#seat-name', { state: 'detached', timeout: 10000 });
  check(await host.locator('#host-invites').count() === 0, 'no invites to manage once every seat is taken');
  passed.push('names: a guest without a name names their seat at the table; everyone sees it');
  await ctxH.close();
  await ctxG.close();
}
