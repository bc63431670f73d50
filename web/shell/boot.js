// @ts-check
// Boot: which page this is (lobby, table, replay, rules), the strings of its language, the
// renderers wired to the state, and the testing hook `window.__ordo`.

import { ui, tbl, hooks } from './state.js';
import { initLang, onLangChange, t, has, getLang, seatLabel, colorName, roman, clockIn } from './i18n.js';
import { renderHeader, updateTitle } from './header.js';
import { renderTable, renderConn, tickClocks } from './table.js';
import { connect, ensureGame, tokenFromInvite, refusedTokens, send } from './conn.js';
import { addChat, renderChat, chatRefused } from './chat.js';
import { choose, clickRegion, canDecide, decisionButton, give, canGive } from './decide.js';
import { api, ApiError, store, tableUrl, tableInfo, whoAmI } from './api.js';
import { mergeApply } from './patch.js';
import { installTips } from './tip.js';
import { afterGesture } from './mapview.js';

/** The context lent to the game on the table (`game-api.js`). @type {import('./game-api.js').Ctx} */
const ctx = {
  t, has, getLang, seatLabel, colorName, roman, choose, clickRegion, canDecide, decisionButton, give, canGive,
  rerender: () => hooks.render(),
  tip: (text) => ({ title: text, 'data-tip': text }),
  clock: clockIn,
};

hooks.ctx = () => ctx;
hooks.renderConn = renderConn;
hooks.updateTitle = updateTitle;
hooks.chat = addChat;
hooks.presence = renderChat;
hooks.chatRefused = chatRefused;
/** Your-turn notifications (`notify.js`), loaded for people who have games here — signed in, a
 * browser that took a seat, the lobby — not for a passing spectator. @type {typeof import('./notify.js') | null} */
let notify = null;
let notifyAsked = false;
/** @type {Array<(list: Array<import('../src/generated').MyTable>) => void>} */
const mineListeners = [];
function wantNotify() {
  if (notifyAsked) return;
  notifyAsked = true;
  void import('./notify.js').then((m) => {
    notify = m;
    for (const f of mineListeners) m.onMine(f);
    m.startNotify();
    m.seeTable();
  });
}
hooks.updated = () => {
  if (tbl.snap?.you != null) wantNotify();
  notify?.seeTable();
};
hooks.render = () => {
  // The lobby, the replay and the rules page are loaded only where they are shown.
  // A gesture on the map finishes before the table is drawn again.
  if (ui.page === 'table') return afterGesture(renderTable);
  if (ui.page === 'replay') return import('./replay.js').then((m) => m.renderReplay());
  if (ui.page === 'rules') return import('./rules.js').then((m) => m.renderRules());
  if (ui.page === 'account') return import('./account.js').then((m) => m.renderAccount());
  if (ui.page === 'leaderboard') return import('./leaderboard.js').then((m) => m.renderLeaderboard());
  if (ui.page === 'player') return import('./profile.js').then((m) => m.renderProfile());
  return import('./lobby.js').then((m) => m.renderLobby());
};

async function boot() {
  const m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const params = new URLSearchParams(location.search);
  if (m && params.has('replay')) ui.page = 'replay';
  else if (m) ui.page = 'table';
  else if (params.has('rules')) ui.page = 'rules';
  else if (params.has('account')) ui.page = 'account';
  else if (params.has('leaderboard')) ui.page = 'leaderboard';
  else if (params.has('player')) ui.page = 'player';
  await initLang();
  installTips();
  renderHeader();
  onLangChange(() => {
    renderHeader();
    return hooks.render();
  });
  if (m && ui.page === 'replay') {
    (await import('./replay.js')).bootReplay(decodeURIComponent(m[1]), params.get('token'));
  } else if (ui.page === 'rules' || ui.page === 'account' || ui.page === 'leaderboard' || ui.page === 'player') {
    hooks.render();
  } else if (m) {
    ui.page = 'table';
    tbl.id = decodeURIComponent(m[1]);
    tbl.token = new URLSearchParams(location.search).get('token');
    // A link opened again must not replace the token the seat is held with (the link's may be
    // an invite already used); the token is remembered once it has shown the seat.
    if (tbl.token && !store.tables()[tbl.id]?.token) store.remember(tbl.id, { token: tbl.token, seat: null, at: Date.now() });
    // Without a token in the address: the browser's cookie finds a bound seat; a seat this
    // browser holds by its token only (another seat of one person) is found by that token.
    const kept = store.tables()[tbl.id];
    if (!tbl.token && kept?.token && !kept.bound) tbl.token = kept.token;
    renderTable();
    // The game (and so the data to draw it) is known from the table's facts or the first snapshot.
    tableInfo(tbl.id).then((x) => { if (x?.game) ensureGame(String(x.game)); }).catch(() => {});
    const known = store.tables()[tbl.id];
    if (tbl.token && known?.token && known.from === tbl.token) {
      // An invite this browser took its seat with (the link opened again): the seat, by the
      // cookie it is bound to or by its own token.
      tbl.token = known.bound ? null : known.token;
      history.replaceState(history.state, '', tableUrl(tbl.id, null));
      connect();
    } else if (tbl.token && known?.pending && known.pendingFrom === tbl.token) {
      // The seat was asked for with this invite and the answer never came: if the server took
      // it, the invite is refused and the token asked for holds the seat.
      const invite = tbl.token;
      api(`/api/tables/${encodeURIComponent(tbl.id)}/state?token=${encodeURIComponent(invite)}`).catch((e) => {
        const held = e instanceof ApiError && e.code === 'auth/bad_token' ? (refusedTokens.add(invite), tokenFromInvite(invite)) : null;
        if (held) {
          tbl.token = held;
          history.replaceState(history.state, '', tableUrl(tbl.id, null));
        }
      }).finally(connect);
    } else {
      connect();
    }
    window.setInterval(tickClocks, 500);
    // Presence: the others see this page as away while it is hidden.
    document.addEventListener('visibilitychange', () => { send({ type: 'presence', away: document.hidden }); });
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && (tbl.regionPick != null || tbl.confirm != null)) {
        tbl.regionPick = null;
        tbl.confirm = null;
        renderTable();
      }
    });
  } else {
    ui.page = 'lobby';
    const lobby = await import('./lobby.js');
    lobby.renderLobby();
    void lobby.loadTables();
    // The player's tables, asked for the notifications, keep "My games" fresh too.
    mineListeners.push(lobby.takeMine);
    wantNotify();
  }
  // Your turn, told on every page of a person who plays here.
  if (ui.page !== 'table' || Object.keys(store.tables()).length) wantNotify();
  else void whoAmI().then((me) => { if (me) wantNotify(); });
}

// Exposed for tests and debugging: the snapshot this page holds.
Object.defineProperty(window, '__ordo', {
  value: {
    get snap() { return tbl.snap; },
    get conn() { return tbl.conn; },
    mergeApply,
    /** Simulates a dropped connection (the page reconnects by itself). */
    dropConnection() { tbl.ws?.close(); },
    /** Draws the page again (after a test changed the held snapshot). */
    rerender() { hooks.render(); },
    /** What this page told the player: sounds asked for and notifications shown. */
    get told() { return notify ? { ...notify.told } : { sounds: 0, notes: 0 }; },
  },
});

void boot();
