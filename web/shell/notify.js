// @ts-check
// "Your turn", told while any Ordo page is open (the lobby, a table, any page): the player's
// tables are asked for every 20 s (`GET /api/me/tables`), and the table in view is watched as
// its updates arrive. When a table newly waits on the player: a short sound (if "sound" is on)
// and a browser notification (if "browser" is on and this browser allows them; a click opens
// the table). The table in view is not announced while the page is visible (its board shows it).
// The switches are an account's (`/api/me/notifications`) or, for a guest, this browser's.

import { call, whoAmI, tableUrl } from './api.js';
import { ui, tbl } from './state.js';
import { t, gameName, getLang } from './i18n.js';

/** @typedef {import('../src/generated').MyTable} MyTable */
/** @typedef {import('../src/generated').NotifySettings} NotifySettings */
/** @typedef {import('../src/generated').SeatPublic} SeatPublic */

const GUEST_KEY = 'ordo.notify';
const TOLD_KEY = 'ordo.notify.told';
const POLL_MS = 20000;
/** Another tab of this browser that told the same table this recently: not told twice. */
const TOLD_WINDOW_MS = 15000;

/** The switches this page goes by. */
export const prefs = {
  sound: true,
  browser: false,
  /** The switches are an account's (else this browser's, for a guest). */
  account: false,
  loaded: false,
};

/** For tests: what this page told (sounds asked for, notifications shown). */
export const told = { sounds: 0, notes: 0 };

/** A guest's switches, kept in this browser. @returns {{sound: boolean, browser: boolean}} */
export function guestPrefs() {
  try {
    const v = JSON.parse(localStorage.getItem(GUEST_KEY) ?? 'null');
    if (v && typeof v === 'object') return { sound: v.sound !== false, browser: v.browser === true };
  } catch { /* no storage */ }
  return { sound: true, browser: false };
}

/** Keeps a guest's switches in this browser. @param {{sound: boolean, browser: boolean}} v */
export function saveGuestPrefs(v) {
  try { localStorage.setItem(GUEST_KEY, JSON.stringify({ sound: v.sound, browser: v.browser })); } catch { /* no storage */ }
  usePrefs(v);
}

/** The switches this page goes by from now on (after the account page saved them). @param {{sound: boolean, browser: boolean}} v */
export function usePrefs(v) {
  prefs.sound = v.sound;
  prefs.browser = v.browser;
  prefs.loaded = true;
  schedule(0);
}

/** @type {Promise<void> | null} */
let loading = null;
/** Loads the switches once per page: the account's, or this browser's for a guest. */
export function loadPrefs() {
  loading ??= whoAmI().then(async (me) => {
    if (me) {
      /** @type {NotifySettings | null} */
      const s = await call('GET', '/api/me/notifications').catch(() => null);
      prefs.account = true;
      if (s) { prefs.sound = s.sound; prefs.browser = s.browser; }
    } else {
      Object.assign(prefs, guestPrefs());
    }
    prefs.loaded = true;
  });
  return loading;
}

// ---------------------------------------------------------------------------------------------
// Sound
// ---------------------------------------------------------------------------------------------

/** @type {AudioContext | null} */
let audio = null;

/** Browsers let a page sound only after a gesture: the audio is made ready at the first one. */
function unlockAudio() {
  try {
    const AC = window.AudioContext ?? /** @type {any} */ (window).webkitAudioContext;
    if (!AC) return;
    audio ??= new AC();
    if (audio.state === 'suspended') void audio.resume().catch(() => {});
  } catch { /* no audio */ }
}

/**
 * A short sound, if the player wants sounds: two rising notes for "your turn", two high ones
 * for "low time".
 * @param {'turn' | 'low'} kind
 */
export function beep(kind) {
  if (!prefs.sound) return;
  told.sounds += 1;
  const ctx = audio;
  if (!ctx || ctx.state !== 'running') return;
  const notes = kind === 'low' ? [988, 988] : [660, 880];
  const now = ctx.currentTime;
  notes.forEach((freq, i) => {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = 'sine';
    osc.frequency.value = freq;
    const at = now + i * 0.17;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
    osc.connect(gain).connect(ctx.destination);
    osc.start(at);
    osc.stop(at + 0.15);
  });
}

// ---------------------------------------------------------------------------------------------
// Telling
// ---------------------------------------------------------------------------------------------

/** Names in a list, in the reader's language ("Alice, Bob and Carol"). @param {Array<string>} names */
function listOf(names) {
  try { return new Intl.ListFormat(getLang(), { type: 'conjunction' }).format(names); } catch { return names.join(', '); }
}

/** The other seats' names (players by name, bots as bots). @param {Array<SeatPublic>} seats @param {number | null} me */
function opponents(seats, me) {
  return seats.map((x, i) => ({ x, i })).filter(({ i }) => i !== me)
    .map(({ x, i }) => x.name ?? (x.kind === 'bot' ? t('bot') : t('player_n', { n: i + 1 })));
}

/** Whether another tab told this table a moment ago (else notes that this one does). @param {string} id */
function toldElsewhere(id) {
  try {
    const all = JSON.parse(localStorage.getItem(TOLD_KEY) ?? '{}') ?? {};
    const now = Date.now();
    if (typeof all[id] === 'number' && now - all[id] < TOLD_WINDOW_MS) return true;
    for (const k of Object.keys(all)) if (now - all[k] > TOLD_WINDOW_MS) delete all[k];
    all[id] = now;
    localStorage.setItem(TOLD_KEY, JSON.stringify(all));
  } catch { /* no storage: each tab tells */ }
  return false;
}

/**
 * Tells the player it is their turn at a table.
 * @param {string} id @param {string} game @param {Array<string>} others
 */
function tell(id, game, others) {
  const title = t('notify_title', { game: gameName(game) });
  const body = others.length ? t('notify_body', { who: listOf(others) }) : t('notify_body_alone');
  show(id, 'turn', title, body);
}

/**
 * Tells the player their time ran out at a table (the stand-in plays from move `n`).
 * @param {string} id @param {string} game @param {number} n
 */
function tellTimeout(id, game, n) {
  show(`${id}:timeout`, 'timeout', t('notify_timeout_title', { game: gameName(game) }), t('notify_timeout_body', { n }));
}

/**
 * A sound and a browser notification (once over the player's tabs).
 * @param {string} key @param {'turn' | 'timeout'} kind @param {string} title @param {string} body
 */
function show(key, kind, title, body) {
  if (toldElsewhere(key)) return;
  const id = key.split(':')[0];
  beep(kind === 'timeout' ? 'low' : 'turn');
  if (!prefs.browser || typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const n = new Notification(title, { body, tag: `ordo-${kind}-${id}`, lang: getLang() });
    told.notes += 1;
    n.addEventListener('click', () => {
      window.focus();
      n.close();
      if (!(ui.page === 'table' && tbl.id === id)) location.href = tableUrl(id, null);
    });
  } catch {
    // A browser that shows notifications only from a service worker (Chrome on Android): the sound tells.
  }
}

// ---------------------------------------------------------------------------------------------
// Watching
// ---------------------------------------------------------------------------------------------

/** The tables known to wait on the player (null before the first answer: nothing is told then). @type {Set<string> | null} */
let known = null;
/** Where the player's time last ran out, by table (told when it changes). @type {Map<string, number | null>} */
const timedOut = new Map();
/** The table in view waits on the player (null before its first board). @type {boolean | null} */
let viewTurn = null;
/** @type {Array<(list: Array<MyTable>) => void>} */
const listeners = [];
/** @type {number | undefined} */
let timer;

/** Calls `f` with "My games" each time they are asked for. @param {(list: Array<MyTable>) => void} f */
export function onMine(f) {
  listeners.push(f);
}

/** @param {number} ms */
function schedule(ms) {
  if (!started) return;
  clearTimeout(timer);
  timer = window.setTimeout(() => void poll(), ms);
}

async function poll() {
  try {
    if (!prefs.sound && !prefs.browser) { known = null; return; }
    /** @type {Array<MyTable> | null} */
    const list = await call('GET', '/api/me/tables').catch(() => null);
    if (!Array.isArray(list)) return;
    const now = new Set(list.filter((m) => m.your_turn).map((m) => m.id));
    for (const m of list) {
      const at = m.seats[m.seat]?.timed_out_at ?? null;
      const was = timedOut.get(m.id);
      timedOut.set(m.id, at);
      // Told once per time-out, not for those before this page's first answer.
      const inView = ui.page === 'table' && tbl.id === m.id && !document.hidden;
      // A table seen before with another value (its game may have ended since), or a running one.
      const news = at != null && was !== at && (was !== undefined || m.status === 'active');
      if (known && news && !inView) tellTimeout(m.id, m.game, at + 1);
    }
    if (known) {
      for (const m of list) {
        if (!m.your_turn || known.has(m.id)) continue;
        const inView = ui.page === 'table' && tbl.id === m.id;
        // The board in view shows it (or its update told it already).
        if (inView && (!document.hidden || viewTurn)) continue;
        tell(m.id, m.game, opponents(m.seats, m.seat));
      }
    }
    if (ui.page === 'table' && tbl.id && viewTurn) now.add(tbl.id);
    known = now;
    for (const f of listeners) f(list);
  } finally {
    schedule(POLL_MS);
  }
}

/** The table in view has a new board: told at once if it now waits on the player while the page is hidden. */
export function seeTable() {
  const snap = tbl.snap;
  if (!snap || ui.page !== 'table') return;
  const mine = snap.status === 'active' && snap.you != null && snap.legal.length > 0;
  const was = viewTurn;
  viewTurn = mine;
  if (mine) known?.add(tbl.id); else known?.delete(tbl.id);
  // The first board of the page is where the player starts from: nothing to tell.
  if (was === false && mine && document.hidden && (prefs.sound || prefs.browser)) {
    tell(tbl.id, snap.game, opponents(snap.seats, snap.you));
  }
}

let started = false;
/** Starts watching (once per page): the switches, then the player's tables every 20 s. */
export function startNotify() {
  if (started) return;
  started = true;
  for (const ev of ['pointerdown', 'keydown']) window.addEventListener(ev, unlockAudio, { once: true, capture: true });
  // A page coming back to view asks at once (a phone may have slept through the timer).
  document.addEventListener('visibilitychange', () => { if (!document.hidden && known) schedule(500); });
  void loadPrefs().then(() => schedule(1500));
}
