// @ts-check
// Languages: the current one, its strings loaded on demand (the shell's from `i18n/{lang}.js`, the
// game's on the table from the game's `strings(lang)`, some pages' from `i18n/pages/{lang}.js`),
// plurals by Intl.PluralRules.

import { clockText } from './dom.js';

/** @typedef {string | Partial<Record<Intl.LDMLPluralRule, string>> & {other: string}} Text */
/** @typedef {Record<string, Text>} Dict */

export const LANGS = { en: 'English', vi: 'Tiếng Việt', ja: '日本語', ru: 'Русский' };

/** @returns {string} */
function initialLang() {
  try {
    const saved = localStorage.getItem('ordo.lang');
    if (saved && saved in LANGS) return saved;
  } catch { /* no storage */ }
  const nav = (navigator.language || 'en').slice(0, 2).toLowerCase();
  return nav in LANGS ? nav : 'en';
}

let lang = initialLang();
/** @type {Dict} */
let shellDict = {};
/** @type {Dict} */
let gameDict = {};
/** The game whose strings are held, and how to load them. @type {((lang: string) => Promise<Dict>) | null} */
let gameLoader = null;
/** @type {Dict} */
let pageDict = {};
/** @type {((lang: string) => Promise<Dict>) | null} */
let pageLoader = null;
let plural = new Intl.PluralRules(lang);

/** @type {Array<() => void | Promise<void>>} */
const listeners = [];

export function getLang() {
  return lang;
}

/**
 * The shell's strings (and the game's, if one is set) for `code`.
 * @param {string} code
 */
async function load(code) {
  const [shell, game, page] = await Promise.all([
    import(`../i18n/${code}.js`).then((m) => /** @type {Dict} */ (m.default)),
    gameLoader ? gameLoader(code) : Promise.resolve(/** @type {Dict} */ ({})),
    pageLoader ? pageLoader(code) : Promise.resolve(/** @type {Dict} */ ({})),
  ]);
  return { shell, game, page };
}

/** Loads the strings of the language shown first (before the first render). */
export async function initLang() {
  const d = await load(lang);
  shellDict = d.shell;
  gameDict = d.game;
  document.documentElement.lang = lang;
}

/**
 * Sets the game whose strings are needed (its loader is called for each language shown).
 * @param {(lang: string) => Promise<Dict>} loader
 */
export async function useGameStrings(loader) {
  gameLoader = loader;
  gameDict = await loader(lang);
}

/**
 * Sets the page's own strings (loaded for each language shown); such a page asks on each drawing.
 * @param {(lang: string) => Promise<Dict>} loader
 */
export async function usePageStrings(loader) {
  pageLoader = loader;
  const code = lang;
  const d = await loader(code);
  if (code === lang) pageDict = d;
}

/** Switches the language: loads its strings, then re-renders. @param {string} code */
export async function setLang(code) {
  if (!(code in LANGS) || code === lang) return;
  const d = await load(code);
  lang = code;
  plural = new Intl.PluralRules(code);
  shellDict = d.shell;
  gameDict = d.game;
  pageDict = d.page;
  try { localStorage.setItem('ordo.lang', code); } catch { /* no storage */ }
  // The page says its new language only once it is drawn in it (tests and screen readers wait on it).
  await Promise.all(listeners.map((f) => f()));
  document.documentElement.lang = code;
}

/** @param {() => void | Promise<void>} f */
export function onLangChange(f) {
  listeners.push(f);
}

/** Whether a key exists in the held strings (for names built from data). @param {string} key */
export function has(key) {
  return key in gameDict || key in pageDict || key in shellDict;
}

/**
 * A string in the current language, with `{name}` parameters filled in; a plural string takes
 * the form for `params.n` in this language.
 * @param {string} key
 * @param {Record<string, string | number>} [params]
 * @returns {string}
 */
export function t(key, params) {
  const v = gameDict[key] ?? pageDict[key] ?? shellDict[key];
  /** @type {string} */
  let text;
  if (v == null) text = key;
  else if (typeof v === 'string') text = v;
  else {
    const n = Number(params?.count ?? params?.n ?? 0);
    text = v[plural.select(n)] ?? v.other;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
}

/** A number in the current language. @param {number} n */
export const fmtNum = (n) => n.toLocaleString(lang);

/** A bot level's name. @param {string} b */
export const botName = (b) => (has(`botlvl.${b}`) ? t(`botlvl.${b}`) : b);
/** A seat's colour's name. @param {number} seat */
export const colorName = (seat) => t(`color.${seat % 6}`);
/** A game's name. @param {string} game */
export const gameName = (game) => t(`game.${game}`);
/** A roman numeral (1–4). @param {number} n */
export function roman(n) {
  return ['0', 'I', 'II', 'III', 'IV', 'V', 'VI'][n] ?? String(n);
}

/**
 * A seat's name: the player's name, a bot's level, or "Player n".
 * @param {import('../src/generated').Snapshot} snap
 * @param {number} seat
 */
export function seatLabel(snap, seat) {
  const sp = snap.seats[seat];
  const base = sp?.name ? sp.name : sp?.kind === 'bot' ? `${t('bot')} (${botName(sp.bot ?? '')})` : t('player_n', { n: seat + 1 });
  return `${colorName(seat)} · ${base}${snap.you === seat ? ` (${t('you')})` : ''}`;
}

/** How long times are written in the current language. @returns {import('./dom.js').ClockWords} */
export function clockWords() {
  return { d: t('clock_d'), dh: t('clock_dh'), hm: t('clock_hm') };
}

/** A remaining time in the current language ("0:25", "5 h 12 min", "1 d 23 h"). @param {number} ms */
export const clockIn = (ms) => clockText(ms, clockWords());

const DAY_MS = 86400000;

/**
 * A table's clock, short: "2 days/move, 3 days in the bank", "12 hours/move" (a turn-based
 * day clock) or "15 min + 10 s" (real time).
 * @param {import('../src/generated').ClockSpec} spec
 * @param {import('../src/generated').Pace | null} [pace]
 */
export function clockSpecText(spec, pace = null) {
  const inc = spec.increment_ms ?? 0;
  const days = pace === 'turn_based' || (pace == null && inc >= DAY_MS / 2);
  if (days && inc > 0) {
    const perMove = inc % DAY_MS === 0 ? t('per_move_days', { n: inc / DAY_MS }) : t('per_move_hours', { n: Math.round(inc / 3600000) });
    const bank = Math.max(0, (spec.max_ms ?? spec.initial_ms) - inc);
    return bank >= DAY_MS / 2 ? t('clock_with_bank', { move: perMove, bank: t('days_n', { n: Math.round((bank / DAY_MS) * 2) / 2 }) }) : perMove;
  }
  if (days) return t('clock_total', { time: clockIn(spec.initial_ms) });
  if (spec.initial_ms % 60000 !== 0) return t('clock_real_time_exact', { time: clockIn(spec.initial_ms), s: Math.round(inc / 1000) });
  return t('clock_real_time', { min: spec.initial_ms / 60000, s: Math.round(inc / 1000) });
}
