// @ts-check
// Ordo browser client: the lobby (`/`) and a table page (`/t/{id}?token=T`).
// Plain ES module, no framework, no build step. Protocol: docs/protocol.md.

import { t, orderText, LANGS, getLang, setLang, onLangChange, enemyName, enemyAbbr, buildingName, buildingAbbr,
  actName, actAbbr, orderName, variantName, botName, colorName, roman, stepText, describeAction, RULES, WK_RULES, gameName } from './i18n.js';

/** @typedef {import('./src/generated').View} View */
/** @typedef {import('./src/generated').PlayerView} PlayerView */
/** @typedef {import('./src/generated').RegionView} RegionView */
/** @typedef {import('./src/generated').Action} Action */
/** @typedef {import('./src/generated').Snapshot} Snapshot */
/** @typedef {import('./src/generated').ServerMsg} ServerMsg */
/** @typedef {import('./src/generated').Config} Config */
/** @typedef {import('./src/generated').CreateTable} CreateTable */
/** @typedef {import('./src/generated').Created} Created */
/** @typedef {import('./src/generated').TableSummary} TableSummary */
/** @typedef {import('./src/generated').Joined} Joined */
/** @typedef {import('./src/generated').Legal} Legal */
/** @typedef {import('./src/generated').SeatKind} SeatKind */
/** @typedef {import('./src/generated').Variant} Variant */
/** @typedef {import('./src/generated').BuildingKind} BuildingKind */
/** @typedef {import('./src/generated').EnemyKind} EnemyKind */
/** @typedef {import('./src/generated').Enemy} Enemy */
/** @typedef {import('./src/generated').Order} Order */
/** @typedef {import('./src/generated').Act} Act */
/** @typedef {import('./src/generated').WedgeView} WedgeView */
/** @typedef {import('./src/generated').ScoreBreakdown} ScoreBreakdown */
/** @typedef {import('./src/generated').BonusTile} BonusTile */
/** @typedef {import('./src/generated').InfluenceTile} InfluenceTile */
/** @typedef {import('./src/generated').SaracenFace} SaracenFace */

/** @typedef {import('./src/generated').LogLine} LogLine */
/** @typedef {import('./src/generated').Hints} Hints */
/** @typedef {import('./src/generated').ReplayStep} ReplayStep */
/** The snapshot this client holds. */
/** @typedef {Snapshot} Snap */

/** @typedef {{key: string, name: string, q: number, r: number, paris: boolean, start: boolean, flag: boolean, bonus_space: boolean, discount: {building: BuildingKind, amount: number} | null}} MapRegion */
/** @typedef {{side: string, regions: Array<MapRegion>}} MapFile */
/** @typedef {{id: string, name: string, tokens: number, setup: string, power: string}} OrderDef */
/** @typedef {{id: string, basic: Act, secondary: Act}} WedgeDef */
/** @typedef {{components: {wedges: Array<WedgeDef>, orders: Array<OrderDef>}, map_large: MapFile, map_small: MapFile, divine_influence: {orders: Array<OrderDef>}, crimson_amber: {orders: Array<OrderDef>}}} GameData */

/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null}} MyTable
 */
/** @typedef {import('./src/generated').WkConfig} WkConfig */
/** @typedef {import('./src/generated').WkLength} WkLength */
/** @typedef {import('./src/generated').WkOptional} WkOptional */
/** The Warrior Knights module (loaded only for its tables). @typedef {typeof import('./wk.js')} WkModule */

const BUILDINGS = /** @type {const} */ (['castle', 'church', 'farm', 'bank', 'keep', 'chapel', 'mill', 'vault']);
const ENEMIES = /** @type {const} */ (['prussian', 'slav', 'saracen']);
const ACTS = /** @type {const} */ (['travel', 'muster', 'crusade', 'influence', 'build']);
const BOTS = ['random', 'heuristic', 'easy', 'medium', 'hard'];
const VARIANTS = /** @type {const} */ (['standard', 'learning', 'first_standard', 'unpredictable', 'knight_tournament']);
/** The games the lobby offers. */
const GAMES = /** @type {const} */ (['crusaders', 'warrior-knights']);
const WK = 'warrior-knights';
const WK_LENGTHS = /** @type {const} */ (['shorter', 'standard', 'longer', 'longest']);
const WK_OPTIONS = /** @type {const} */ (['might_is_right', 'player_elimination', 'abandoned_nobles', 'miracles_can_happen', 'open_private_motions', 'exchanging_heirs', 'two_barons_need_five_cities']);
/** Decisions a misclick would hurt: asked twice. */
const CONFIRM = new Set(['forgo', 'end_travel', 'skip_turn', 'no_distribute']);
/** Decisions that name a region (field `region` or `to`). */
const REGION_ACTIONS = new Set(['start', 'move', 'crusade', 'build', 'take_tile', 'crusade_swap']);

/** Seat colours (Okabe–Ito, safe for colour-blind players) with a distinct shape each. */
export const SEAT_COLORS = ['#0072B2', '#D55E00', '#009E73', '#E69F00', '#CC79A7', '#56B4E9'];
export const SEAT_INK = ['#fff', '#fff', '#fff', '#000', '#000', '#000'];
const SEAT_SHAPES = ['circle', 'square', 'triangle', 'diamond', 'pentagon', 'hexagon'];
const ACT_COLORS = { travel: '#cfe3f5', muster: '#e3efc9', crusade: '#f6cfc4', influence: '#e6d5ef', build: '#f1e1c2' };
const ENEMY_COLORS = { prussian: '#3b3b3b', slav: '#6b4a2b', saracen: '#8e1b1b' };

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------

/** @typedef {Node | string | number | null | undefined | false} Kid */
/** @typedef {Kid | Array<Kid | Array<Kid>>} Kids */

/**
 * @param {Element} el
 * @param {Record<string, unknown> | null | undefined} attrs
 * @param {Array<Kids>} kids
 */
function fill(el, attrs, kids) {
  if (attrs) {
    for (const [k, v] of Object.entries(attrs)) {
      if (v == null || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') {
        el.addEventListener(k.slice(2), /** @type {EventListener} */ (v));
      } else if (k === 'text') {
        el.textContent = String(v);
      } else {
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
  }
  const add = (/** @type {Kids} */ c) => {
    if (Array.isArray(c)) {
      for (const x of c) add(x);
    } else if (c != null && c !== false) {
      el.append(typeof c === 'object' ? c : String(c));
    }
  };
  for (const c of kids) add(c);
  return el;
}

/**
 * An HTML element.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {Array<Kids>} kids
 * @returns {HTMLElement}
 */
export function h(tag, attrs, ...kids) {
  return /** @type {HTMLElement} */ (fill(document.createElement(tag), attrs, kids));
}

const SVGNS = 'http://www.w3.org/2000/svg';
/**
 * An SVG element.
 * @param {string} tag
 * @param {Record<string, unknown> | null} [attrs]
 * @param {Array<Kids>} kids
 * @returns {SVGElement}
 */
export function s(tag, attrs, ...kids) {
  return /** @type {SVGElement} */ (fill(document.createElementNS(SVGNS, tag), attrs, kids));
}

/** An SVG tooltip. @param {string} text */
export const stitle = (text) => s('title', null, text);

/** @param {string} sel @returns {HTMLElement | null} */
const $ = (sel) => document.querySelector(sel);

let uidCounter = 0;
/** A unique client message id. */
function uid() {
  uidCounter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${uidCounter}`;
}

/** An error the server answered, with its stable code. */
class ApiError extends Error {
  /** @param {string} code @param {string} message */
  constructor(code, message) {
    super(message);
    this.code = code;
  }
}

/**
 * JSON over HTTP; a refusal becomes an ApiError.
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
async function api(path, body) {
  const res = await fetch(path, body === undefined ? {} : {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  /** @type {any} */
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) {
    throw new ApiError(json?.code ?? `http/${res.status}`, json?.message ?? text ?? res.statusText);
  }
  return json;
}

/** Remembered tables: id → token (so a player can come back to a seat). */
const store = {
  /** @returns {Record<string, MyTable>} */
  tables() {
    try {
      const v = JSON.parse(localStorage.getItem('ordo.tables') ?? '{}');
      return v && typeof v === 'object' ? v : {};
    } catch { return {}; }
  },
  /** @param {string} id @param {MyTable} entry */
  remember(id, entry) {
    const all = store.tables();
    const old = all[id];
    all[id] = { ...old, ...entry, seat: entry.seat ?? old?.seat ?? null, host: entry.host ?? old?.host ?? null };
    localStorage.setItem('ordo.tables', JSON.stringify(all));
  },
  /** @param {string} id */
  forget(id) {
    const all = store.tables();
    delete all[id];
    localStorage.setItem('ordo.tables', JSON.stringify(all));
  },
  name() { return localStorage.getItem('ordo.name') ?? ''; },
  /** @param {string} n */
  setName(n) { localStorage.setItem('ordo.name', n); },
};

/** @param {string} id @param {string | null} token */
function tableUrl(id, token) {
  return `/t/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** @type {Map<string, Promise<any>>} */
const dataPromises = new Map();
/** A game's component data (map, wedges, orders, ...), fetched once. @param {string} game */
function fetchGameData(game) {
  let p = dataPromises.get(game);
  if (!p) {
    // A failed fetch is forgotten, so that the next attempt asks again.
    p = api(`/api/games/${encodeURIComponent(game)}/data`).catch((e) => {
      dataPromises.delete(game);
      throw e;
    });
    dataPromises.set(game, p);
  }
  return p;
}
/** Crusaders' component data. @returns {Promise<GameData>} */
function gameData() {
  return fetchGameData('crusaders');
}

/** @type {WkModule | null} */
let wkMod = null;
/** The Warrior Knights module, when the table shown is one of its tables. */
function wkUi() {
  return tbl.game === WK ? wkMod : null;
}

/**
 * Loads what a table of `game` needs to be drawn: its data, and for Warrior Knights its module.
 * @param {string} game
 * @returns {Promise<void>}
 */
async function loadGame(game) {
  if (game === WK) {
    const [raw, mod] = await Promise.all([fetchGameData(game), import('./wk.js')]);
    mod.setData(raw);
    wkMod = mod;
  } else {
    tbl.data = await gameData();
  }
}

/** Whether the table's game can be drawn (data and module loaded). */
function gameReady() {
  if (tbl.game === WK) return wkMod != null && wkMod.ready();
  return tbl.game !== '' && tbl.data != null;
}

/** @param {GameData} data @param {string} id @returns {OrderDef | undefined} */
function orderDef(data, id) {
  const def = [...data.components.orders, ...(data.divine_influence?.orders ?? []), ...(data.crimson_amber?.orders ?? [])]
    .find((o) => o.id === id);
  // Setup and power texts in the current language.
  return def ? { ...def, ...orderText(id, def) } : undefined;
}

/** A copy button for a text. @param {string} text */
function copyButton(text) {
  const b = h('button', { type: 'button', class: 'small', title: text }, t('copy'));
  b.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(text);
      b.textContent = t('copied');
    } catch {
      // No clipboard (insecure page): select the link's text for a manual copy.
      const input = b.previousElementSibling;
      if (input instanceof HTMLInputElement) { input.focus(); input.select(); }
    }
  });
  return b;
}

// ---------------------------------------------------------------------------------------------
// Seat pieces: colour + shape + number
// ---------------------------------------------------------------------------------------------

/**
 * A seat's shape centred on (x, y) with radius r.
 * @param {number} seat
 * @param {number} x
 * @param {number} y
 * @param {number} r
 * @param {Record<string, unknown>} [extra]
 */
function seatShape(seat, x, y, r, extra) {
  const shape = SEAT_SHAPES[seat % SEAT_SHAPES.length];
  const attrs = { fill: SEAT_COLORS[seat % SEAT_COLORS.length], stroke: '#111', 'stroke-width': Math.max(1, r / 6), ...extra };
  /** @param {number} n @param {number} rot */
  const poly = (n, rot) => {
    const pts = [];
    for (let i = 0; i < n; i++) {
      const a = rot + (2 * Math.PI * i) / n;
      pts.push(`${(x + r * Math.cos(a)).toFixed(1)},${(y + r * Math.sin(a)).toFixed(1)}`);
    }
    return s('polygon', { points: pts.join(' '), ...attrs });
  };
  switch (shape) {
    case 'circle': return s('circle', { cx: x, cy: y, r: r * 0.9, ...attrs });
    case 'square': return s('rect', { x: x - r * 0.8, y: y - r * 0.8, width: r * 1.6, height: r * 1.6, ...attrs });
    case 'triangle': return poly(3, -Math.PI / 2);
    case 'diamond': return poly(4, -Math.PI / 2);
    case 'pentagon': return poly(5, -Math.PI / 2);
    default: return poly(6, 0);
  }
}

/**
 * A seat's token with its number, as a small inline SVG.
 * @param {number} seat
 * @param {number} [size]
 */
export function seatBadge(seat, size = 18) {
  return s('svg', { class: 'badge', width: size, height: size, viewBox: '0 0 20 20', 'aria-hidden': 'true' },
    seatShape(seat, 10, 11, 9),
    s('text', { x: 10, y: 14.5, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: SEAT_INK[seat % 6] }, seat + 1));
}

/**
 * A seat's name: the player's name, a bot's level, or "Player n".
 * @param {Snap} snap
 * @param {number} seat
 */
export function seatLabel(snap, seat) {
  const sp = snap.seats[seat];
  const base = sp?.name ? sp.name : sp?.kind === 'bot' ? `${t('bot')} (${botName(sp.bot ?? '')})` : t('player_n', { n: seat + 1 });
  return `${colorName(seat)} · ${base}${snap.you === seat ? ` (${t('you')})` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Header: language selector and connection indicator
// ---------------------------------------------------------------------------------------------

function renderHeader() {
  const header = $('#top');
  if (!header) return;
  const select = h('select', { id: 'lang', 'aria-label': t('language'), title: t('language') },
    Object.entries(LANGS).map(([code, name]) => h('option', { value: code, selected: code === getLang() }, name)));
  select.addEventListener('change', () => setLang(/** @type {HTMLSelectElement} */ (select).value));
  header.replaceChildren(
    h('a', { href: '/', class: 'brand', title: t('lobby') }, 'Ordo'),
    h('span', { class: 'subtitle' }, titleOfPage()),
    h('span', { class: 'grow' }),
    h('a', { href: '/?rules', id: 'rules-link', class: 'rules-link', target: page === 'table' ? '_blank' : null, rel: page === 'table' ? 'noopener' : null }, t('rules_link')),
    h('span', { id: 'conn-slot' }),
    h('label', { class: 'lang' }, h('span', { class: 'sr' }, t('language')), select),
  );
  document.documentElement.lang = getLang();
  document.title = `Ordo · ${titleOfPage()}`;
}

/** Updates the game named in the header and the tab's title. */
function updateTitle() {
  const sub = $('#top .subtitle');
  if (sub) sub.textContent = titleOfPage();
  document.title = `Ordo · ${titleOfPage()}`;
}

/** The game named in the header: the table's, or the one chosen in the lobby. */
function titleOfPage() {
  if (page === 'table' || page === 'replay') return tbl.game ? gameName(tbl.game) : '';
  if (page === 'lobby') return gameName(lobby.game);
  return t('rules_title');
}

// ---------------------------------------------------------------------------------------------
// Lobby
// ---------------------------------------------------------------------------------------------

/** The lobby's form state, kept across re-renders (language switches). */
const lobby = {
  /** @type {typeof GAMES[number]} */
  game: savedGame(),
  players: 2,
  divine: false,
  crimson: false,
  variant: /** @type {Variant} */ ('standard'),
  orders: true,
  calatrava: true,
  /** @type {Array<{human: boolean, bot: string}>} */
  seats: [{ human: true, bot: 'heuristic' }, { human: false, bot: 'heuristic' }],
  pace: /** @type {'real_time' | 'turn_based'} */ ('real_time'),
  clock: false,
  clockMin: 15,
  clockInc: 10,
  /** Warrior Knights: game length and optional rules. */
  wkLength: /** @type {WkLength} */ ('standard'),
  /** @type {WkOptional} */
  wkOptional: { might_is_right: false, player_elimination: false, abandoned_nobles: false, miracles_can_happen: false, open_private_motions: false, exchanging_heirs: false, two_barons_need_five_cities: false },
  mode: /** @type {'now' | 'lobby'} */ ('now'),
  /** @type {{id: string, created: Created, seats: Array<boolean>} | null} */
  created: null,
  /** @type {Array<TableSummary> | null} */
  list: null,
  error: '',
  listError: '',
};

/** The game last chosen in the lobby. @returns {typeof GAMES[number]} */
function savedGame() {
  try {
    const g = localStorage.getItem('ordo.game');
    if (g === WK) return WK;
  } catch { /* no storage */ }
  return 'crusaders';
}

function fitSeats() {
  while (lobby.seats.length < lobby.players) lobby.seats.push({ human: false, bot: 'heuristic' });
  lobby.seats.length = lobby.players;
}

function renderLobby() {
  const app = $('#app');
  if (!app) return;
  fitSeats();
  const isWk = lobby.game === WK;
  const maxPlayers = isWk || lobby.crimson ? 6 : 4;
  if (lobby.players > maxPlayers) { lobby.players = maxPlayers; fitSeats(); }
  const tournament = lobby.variant === 'knight_tournament';
  updateTitle();

  /** @param {string} label @param {HTMLElement} control @param {string} [hint] */
  const field = (label, control, hint) => h('label', { class: 'field', title: hint ?? null }, h('span', null, label), control);

  const gameSel = h('select', { id: 'game', name: 'game' },
    GAMES.map((g) => h('option', { value: g, selected: g === lobby.game }, gameName(g))));
  gameSel.addEventListener('change', () => {
    lobby.game = /** @type {typeof GAMES[number]} */ (/** @type {HTMLSelectElement} */ (gameSel).value);
    try { localStorage.setItem('ordo.game', lobby.game); } catch { /* no storage */ }
    renderLobby();
  });

  const players = h('select', { id: 'players', name: 'players', 'aria-label': isWk ? t('barons') : t('players') },
    [2, 3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === lobby.players, disabled: n > maxPlayers }, n)));
  players.addEventListener('change', () => { lobby.players = Number(/** @type {HTMLSelectElement} */ (players).value); fitSeats(); renderLobby(); });

  const checkbox = (/** @type {string} */ id, /** @type {boolean} */ on, /** @type {(v: boolean) => void} */ set, /** @type {boolean} */ disabled = false) => {
    const c = h('input', { type: 'checkbox', id, checked: on, disabled });
    c.addEventListener('change', () => { set(/** @type {HTMLInputElement} */ (c).checked); renderLobby(); });
    return c;
  };

  const variant = h('select', { id: 'variant' },
    VARIANTS.map((v) => h('option', { value: v, selected: v === lobby.variant }, variantName(v))));
  variant.addEventListener('change', () => { lobby.variant = /** @type {Variant} */ (/** @type {HTMLSelectElement} */ (variant).value); renderLobby(); });

  const seatRows = lobby.seats.map((seat, i) => {
    const kind = h('select', { id: `seat-kind-${i}`, 'aria-label': t('seat_n', { n: i + 1 }) },
      h('option', { value: 'human', selected: seat.human }, t('human')),
      h('option', { value: 'bot', selected: !seat.human }, t('bot')));
    kind.addEventListener('change', () => { seat.human = /** @type {HTMLSelectElement} */ (kind).value === 'human'; renderLobby(); });
    const level = h('select', { id: `seat-bot-${i}`, 'aria-label': t('bot_level'), disabled: seat.human },
      BOTS.map((b) => h('option', { value: b, selected: b === seat.bot }, botName(b))));
    level.addEventListener('change', () => { seat.bot = /** @type {HTMLSelectElement} */ (level).value; });
    return h('li', { class: 'seat-row' }, seatBadge(i), h('span', { class: 'seat-name' }, `${t('seat_n', { n: i + 1 })} · ${colorName(i)}`), kind, seat.human ? null : level);
  });

  const pace = h('select', { id: 'pace' },
    h('option', { value: 'real_time', selected: lobby.pace === 'real_time' }, t('real_time')),
    h('option', { value: 'turn_based', selected: lobby.pace === 'turn_based' }, t('turn_based')));
  pace.addEventListener('change', () => { lobby.pace = /** @type {'real_time' | 'turn_based'} */ (/** @type {HTMLSelectElement} */ (pace).value); });

  const num = (/** @type {string} */ id, /** @type {number} */ v, /** @type {(v: number) => void} */ set, /** @type {number} */ min) => {
    const n = h('input', { type: 'number', id, value: v, min, step: 1, disabled: !lobby.clock, class: 'num' });
    n.addEventListener('change', () => set(Math.max(min, Number(/** @type {HTMLInputElement} */ (n).value) || min)));
    return n;
  };

  const name = h('input', { id: 'my-name', type: 'text', maxlength: 40, value: store.name(), autocomplete: 'nickname', placeholder: t('name_placeholder') });
  name.addEventListener('change', () => store.setName(/** @type {HTMLInputElement} */ (name).value.trim()));

  const modeRadio = (/** @type {'now' | 'lobby'} */ m, /** @type {string} */ label) => {
    const r = h('input', { type: 'radio', name: 'mode', id: `mode-${m}`, value: m, checked: lobby.mode === m });
    r.addEventListener('change', () => { lobby.mode = m; });
    return h('label', { class: 'radio' }, r, label);
  };

  const wkLength = h('select', { id: 'wk-length' },
    WK_LENGTHS.map((l) => h('option', { value: l, selected: l === lobby.wkLength }, t(/** @type {const} */ (`wk_length.${l}`)))));
  wkLength.addEventListener('change', () => { lobby.wkLength = /** @type {WkLength} */ (/** @type {HTMLSelectElement} */ (wkLength).value); });

  // Built only for the game shown (a control can sit in one place only).
  const crusadersFields = () => [
    h('div', { class: 'grid' },
      field(t('your_name'), name),
      field(t('game_choice'), gameSel),
      field(t('players'), players, t('players_hint')),
      field(t('variant'), variant)),
    h('div', { class: 'grid' },
      h('fieldset', null, h('legend', null, t('expansions')),
        h('label', { class: 'check' }, checkbox('exp-divine', lobby.divine, (v) => { lobby.divine = v; }), t('divine_influence')),
        h('label', { class: 'check' }, checkbox('exp-crimson', lobby.crimson, (v) => { lobby.crimson = v; }), t('crimson_amber'))),
      h('fieldset', null, h('legend', null, t('rules')),
        h('label', { class: 'check' }, checkbox('orders', lobby.orders || tournament, (v) => { lobby.orders = v; }, tournament), t('knight_orders')),
        h('label', { class: 'check', title: t('calatrava_hint') }, checkbox('calatrava', lobby.calatrava, (v) => { lobby.calatrava = v; }), t('calatrava_third'))),
    )];
  const wkFields = () => [
    h('div', { class: 'grid' },
      field(t('your_name'), name),
      field(t('game_choice'), gameSel),
      field(t('barons'), players, t('barons_hint')),
      field(t('wk_length'), wkLength, t('wk_length_hint'))),
    h('fieldset', { id: 'wk-optional' }, h('legend', null, t('wk_optional')),
      h('div', { class: 'grid' }, WK_OPTIONS.map((o) => h('label', { class: 'check', title: t(/** @type {const} */ (`wk_opt_hint.${o}`)) },
        checkbox(`wk-opt-${o}`, lobby.wkOptional[o], (v) => { lobby.wkOptional[o] = v; }),
        h('span', null, t(/** @type {const} */ (`wk_opt.${o}`)), h('span', { class: 'opt-hint' }, t(/** @type {const} */ (`wk_opt_hint.${o}`)))))))),
  ];

  const form = h('form', { id: 'create-form', class: 'card', 'data-game': lobby.game },
    h('h2', null, t('new_table')),
    isWk ? wkFields() : crusadersFields(),
    h('fieldset', null, h('legend', null, t('seats')), h('ul', { class: 'seats' }, seatRows)),
    h('fieldset', null, h('legend', null, t('pace_and_clock')),
      h('div', { class: 'row wrap' },
        field(t('pace'), pace),
        h('label', { class: 'check' }, checkbox('clock', lobby.clock, (v) => { lobby.clock = v; }), t('clock')),
        field(t('clock_minutes'), num('clock-min', lobby.clockMin, (v) => { lobby.clockMin = v; }, 1)),
        field(t('clock_increment'), num('clock-inc', lobby.clockInc, (v) => { lobby.clockInc = v; }, 0)))),
    h('fieldset', null, h('legend', null, t('start')),
      modeRadio('now', t('start_now')), modeRadio('lobby', t('invite_lobby'))),
    lobby.error ? h('p', { class: 'error', role: 'alert' }, lobby.error) : null,
    h('div', { class: 'row' }, h('button', { type: 'submit', id: 'create', class: 'primary' }, t('create_table'))),
  );
  form.addEventListener('submit', (e) => { e.preventDefault(); store.setName(/** @type {HTMLInputElement} */ (name).value.trim()); void createTable(); });

  app.replaceChildren(
    h('div', { class: 'lobby' },
      h('section', { class: 'intro' }, h('h1', null, gameName(lobby.game)), h('p', null, t('intro'), ' ', h('a', { href: isWk ? '/?rules#rules-wk' : '/?rules', id: 'lobby-rules' }, t('rules_link')))),
      lobby.created ? renderCreated() : null,
      form,
      renderMyTables(),
      renderTableList()),
  );
}

async function createTable() {
  lobby.error = '';
  /** @type {Config | WkConfig} */
  const config = lobby.game === WK ? {
    barons: lobby.players,
    length: lobby.wkLength,
    optional: { ...lobby.wkOptional },
  } : {
    players: lobby.players,
    variant: lobby.variant,
    orders: lobby.orders || lobby.variant === 'knight_tournament',
    calatrava_third: lobby.calatrava,
    expansions: { divine_influence: lobby.divine, crimson_amber: lobby.crimson },
  };
  /** @type {CreateTable} */
  const body = {
    game: lobby.game,
    config,
    seats: lobby.seats.map((x) => (x.human ? { kind: 'human' } : { kind: 'bot', bot: x.bot })),
    lobby: lobby.mode === 'lobby',
    pace: lobby.pace,
  };
  if (lobby.clock) body.clock = { initial_ms: lobby.clockMin * 60000, increment_ms: lobby.clockInc * 1000 };
  try {
    /** @type {Created} */
    const created = await api('/api/tables', body);
    const seats = lobby.seats.map((x) => x.human);
    const mine = seats.indexOf(true);
    store.remember(created.id, { token: mine >= 0 ? created.tokens[mine] ?? null : null, seat: mine >= 0 ? mine : null, host: created.host_token, at: Date.now(), game: lobby.game });
    lobby.created = { id: created.id, created, seats };
    void loadTables();
  } catch (e) {
    lobby.error = `${t('create_failed')}: ${e instanceof Error ? e.message : String(e)}`;
  }
  renderLobby();
  $('#created')?.scrollIntoView({ block: 'nearest' });
}

function renderCreated() {
  const c = lobby.created;
  if (!c) return null;
  const origin = location.origin;
  const humans = c.seats.map((human, i) => ({ human, i })).filter((x) => x.human);
  const mine = humans[0]?.i;
  return h('section', { id: 'created', class: 'card highlight' },
    h('h2', null, t('table_created', { id: c.id })),
    humans.length > 0 ? h('p', null, t('invite_help')) : null,
    h('ul', { class: 'invites' }, humans.map(({ i }) => {
      const link = `${origin}${tableUrl(c.id, c.created.tokens[i] ?? null)}`;
      return h('li', null, seatBadge(i), h('span', { class: 'seat-name' }, `${t('seat_n', { n: i + 1 })}${i === mine ? ` (${t('you')})` : ''}`),
        h('input', { type: 'text', readonly: true, value: link, class: 'invite-link', 'data-seat': i, 'aria-label': t('invite_link') }),
        copyButton(link));
    })),
    h('p', null, t('seed_commitment'), ': ', h('code', { class: 'mono' }, c.created.seed_commitment)),
    h('div', { class: 'row' },
      mine != null ? h('a', { class: 'button primary', id: 'go-seat', href: tableUrl(c.id, c.created.tokens[mine] ?? null) }, t('go_to_seat')) : null,
      h('a', { class: 'button', href: tableUrl(c.id, null) }, t('spectate'))));
}

function renderMyTables() {
  const mine = Object.entries(store.tables()).sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0));
  if (mine.length === 0) return null;
  /** @type {Map<string, import('./src/generated').TableStatus | 'damaged'>} */
  const status = new Map((lobby.list ?? []).map((r) => [r.id, r.damaged ? 'damaged' : r.status]));
  const games = new Map((lobby.list ?? []).map((r) => [r.id, r.game]));
  return h('section', { class: 'card', id: 'my-tables' },
    h('h2', null, t('my_tables')),
    h('ul', { class: 'table-list' }, mine.slice(0, 30).map(([id, m]) => {
      const forget = h('button', { type: 'button', class: 'small' }, t('forget'));
      forget.addEventListener('click', () => { store.forget(id); renderLobby(); });
      const st = status.get(id);
      const game = m.game ?? games.get(id);
      return h('li', { 'data-game': game ?? null },
        h('code', { class: 'mono' }, id),
        game ? h('span', { class: 'tag game-tag' }, gameName(game)) : null,
        m.seat != null ? seatBadge(m.seat) : null,
        h('span', null, m.seat != null ? t('seat_n', { n: m.seat + 1 }) : t('spectator')),
        st ? h('span', { class: `status ${st}` }, t(/** @type {const} */ (`status.${st}`))) : null,
        st === 'damaged' ? null : h('a', { class: 'button small primary', href: tableUrl(id, m.token) }, t('rejoin')),
        forget);
    })));
}

function renderTableList() {
  const refresh = h('button', { type: 'button', class: 'small', id: 'refresh' }, t('refresh'));
  refresh.addEventListener('click', () => { void loadTables(); });
  const mine = store.tables();
  const rows = (lobby.list ?? []).slice(0, 50).map((r) => {
    /** @type {any} */
    const cfg = r.config ?? {};
    const exp = [cfg.expansions?.divine_influence ? t('divine_influence') : '', cfg.expansions?.crimson_amber ? t('crimson_amber') : ''].filter(Boolean).join(', ');
    // The FAQ's two-Baron city win matters only with two Barons, and tables from before rules
    // revision 3 always play it.
    /** @param {typeof WK_OPTIONS[number]} o */
    const wkOn = (o) => o === 'two_barons_need_five_cities'
      ? cfg.barons === 2 && (Boolean(cfg.optional?.[o]) || (typeof cfg.rules === 'number' && cfg.rules < 3))
      : Boolean(cfg.optional?.[o]);
    const wkOpts = r.game === WK ? WK_OPTIONS.filter(wkOn).map((o) => t(/** @type {const} */ (`wk_opt.${o}`))).join(', ') : '';
    const what = r.game === WK
      ? `${gameName(WK)} · ${t('barons_n', { n: cfg.barons ?? '?' })} · ${t(/** @type {`wk_length.${WkLength}`} */ (`wk_length.${WK_LENGTHS.includes(cfg.length) ? cfg.length : 'standard'}`))}${wkOpts ? ` · ${wkOpts}` : ''}`
      : `${gameName('crusaders')} · ${cfg.players ?? '?'} · ${variantName(cfg.variant ?? 'standard')}${exp ? ` · ${exp}` : ''}`;
    let join = null;
    if (r.damaged) {
      // Nothing to join, rejoin or watch until the host repairs the record.
    } else if (mine[r.id]?.token) {
      join = h('a', { class: 'button small primary', href: tableUrl(r.id, mine[r.id].token) }, t('rejoin'));
    } else if (r.status === 'open' && r.free_seats > 0) {
      join = h('button', { type: 'button', class: 'small primary join', 'data-table': r.id }, t('join'));
      join.addEventListener('click', () => { void joinTable(r.id); });
    }
    return h('tr', { 'data-table': r.id, 'data-game': r.game },
      h('td', null, h('code', { class: 'mono' }, r.id)),
      h('td', null, r.damaged
        ? h('span', { class: 'status damaged', title: t('damaged_help') }, t('status.damaged'))
        : h('span', { class: `status ${r.status}` }, t(/** @type {const} */ (`status.${r.status}`)))),
      h('td', null, what),
      h('td', null, r.free_seats),
      h('td', null, new Date(r.created_at).toLocaleString(getLang())),
      h('td', { class: 'actions' }, join, r.damaged ? null : h('a', { class: 'button small', href: tableUrl(r.id, null) }, t('spectate'))));
  });
  return h('section', { class: 'card', id: 'tables' },
    h('div', { class: 'row' }, h('h2', null, t('tables')), h('span', { class: 'grow' }), refresh),
    lobby.listError ? h('p', { class: 'error' }, lobby.listError) : null,
    lobby.list == null ? h('p', null, t('loading')) : rows.length === 0 ? h('p', null, t('no_tables')) :
      h('div', { class: 'scroll-x' }, h('table', null,
        h('thead', null, h('tr', null, [t('table'), t('status'), t('game'), t('free_seats'), t('created'), ''].map((x) => h('th', null, x)))),
        h('tbody', null, rows))));
}

async function loadTables() {
  try {
    lobby.list = await api('/api/tables');
    lobby.listError = '';
  } catch (e) {
    lobby.listError = e instanceof Error ? e.message : String(e);
  }
  if (page === 'lobby') renderLobby();
}

/** @param {string} id */
async function joinTable(id) {
  try {
    /** @type {Joined} */
    const j = await api(`/api/tables/${encodeURIComponent(id)}/join`, { name: store.name() || null });
    store.remember(id, { token: j.token, seat: j.seat, at: Date.now() });
    location.href = tableUrl(id, j.token);
  } catch (e) {
    lobby.listError = `${t('join_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    renderLobby();
  }
}

// ---------------------------------------------------------------------------------------------
// Patches (docs/protocol.md; crates/ordo-server/src/delta.rs is the reference)
// ---------------------------------------------------------------------------------------------

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Applies a JSON merge patch (RFC 7386) with the array extension `{"@a": {"<index>": patch}}`;
 * returns the new value (objects and arrays are changed in place).
 * @param {unknown} target
 * @param {unknown} patch
 * @returns {unknown}
 */
export function mergeApply(target, patch) {
  if (!isObj(patch)) return patch;
  const keys = Object.keys(patch);
  const changed = patch['@a'];
  if (Array.isArray(target) && keys.length === 1 && isObj(changed)) {
    for (const [k, sub] of Object.entries(changed)) {
      const i = Number(k);
      if (Number.isInteger(i) && i >= 0 && i < target.length) {
        target[i] = sub === null ? null : mergeApply(target[i], sub);
      }
    }
    return target;
  }
  const out = isObj(target) ? target : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergeApply(out[k] ?? null, v);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Table page: connection
// ---------------------------------------------------------------------------------------------

/** @typedef {'connecting' | 'connected' | 'reconnecting'} ConnState */

/** Everything the table page holds. */
export const tbl = {
  id: '',
  /** The table's game id (known from the first snapshot or the table's facts). */
  game: '',
  /** @type {string | null} */
  token: null,
  /** @type {Snap | null} */
  snap: null,
  /** @type {GameData | null} */
  data: null,
  /** @type {ConnState} */
  conn: 'connecting',
  /** The held snapshot may be behind: no decisions until a fresh snapshot arrives. */
  stale: true,
  /** @type {WebSocket | null} */
  ws: null,
  attempts: 0,
  /** @type {number | undefined} */
  retryTimer: undefined,
  /** A decision or take-back sent and not yet answered (resent on reconnect). */
  /** @type {{id: string, msg: Record<string, unknown>} | null} */
  inflight: null,
  /** The version the last acknowledgement reported (decisions wait until the board reaches it). */
  ackVersion: 0,
  /** @type {number | null} */
  confirm: null,
  /** @type {number | null} */
  regionPick: null,
  error: '',
  /** Keyboard focus was on a decision that went away: focus the next decision offered. */
  wantFocus: false,
  /** A reason the page cannot show the table at all (no such table, a wrong link). */
  fatal: '',
  notice: '',
  joining: false,
  lastSend: 0,
  /** When the clocks were last received (local time). */
  clockAt: 0,
  showScores: true,
  /** Suggestions of the coach for the held version: indices into `legal`. */
  /** @type {{version: number, iterations: number, items: Array<{i: number, value: number, visits: number}>} | null} */
  hints: null,
  hintBusy: false,
  hintError: '',
};

/** Tokens the server refused on this page (never tried again). @type {Set<string>} */
const refusedTokens = new Set();

function wsUrl() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = tbl.token ? `?token=${encodeURIComponent(tbl.token)}` : '';
  return `${proto}//${location.host}/api/tables/${encodeURIComponent(tbl.id)}/ws${q}`;
}

function connect() {
  clearTimeout(tbl.retryTimer);
  const ws = new WebSocket(wsUrl());
  tbl.ws = ws;
  ws.addEventListener('open', () => {
    if (tbl.ws !== ws) return;
    tbl.conn = 'connected';
    tbl.attempts = 0;
    renderConn();
  });
  ws.addEventListener('message', (ev) => {
    if (tbl.ws !== ws) return;
    /** @type {any} */
    let msg;
    try { msg = JSON.parse(String(ev.data)); } catch { return; }
    onMessage(msg);
  });
  let opened = false;
  ws.addEventListener('open', () => { opened = true; });
  ws.addEventListener('close', () => {
    if (tbl.ws !== ws) return;
    tbl.ws = null;
    if (tbl.fatal) return;
    tbl.conn = 'reconnecting';
    tbl.stale = true;
    tbl.attempts += 1;
    const delay = Math.min(10000, 400 * 2 ** Math.min(tbl.attempts - 1, 5)) * (0.75 + Math.random() * 0.5);
    if (!opened && tbl.attempts === 2) {
      // Refused twice before opening: ask over HTTP why (a wrong link is not worth retrying).
      const q = tbl.token ? `?token=${encodeURIComponent(tbl.token)}` : '';
      api(`/api/tables/${encodeURIComponent(tbl.id)}/state${q}`).then(() => {
        tbl.retryTimer = window.setTimeout(connect, delay);
      }, (e) => {
        /** @type {Record<string, string>} */
        const fatal = { 'game/not_found': t('err.no_table'), 'auth/bad_token': t('err.bad_token'), 'table/damaged': t('damaged_help') };
        const refused = tbl.token;
        if (refused) refusedTokens.add(refused);
        const other = refused ? tokenFromInvite(refused) : null;
        if (e instanceof ApiError && e.code === 'auth/bad_token' && other) {
          // An invite already used (the link opened again): go on with the seat's own token.
          tbl.token = other;
          history.replaceState(history.state, '', tableUrl(tbl.id, other));
          tbl.attempts = 0;
          tbl.retryTimer = window.setTimeout(connect, 0);
        } else if (e instanceof ApiError && fatal[e.code]) {
          tbl.fatal = fatal[e.code];
          renderTable();
        } else {
          tbl.retryTimer = window.setTimeout(connect, delay);
        }
      });
    } else {
      tbl.retryTimer = window.setTimeout(connect, delay);
    }
    renderTable();
  });
}

/** @param {Record<string, unknown>} msg */
function send(msg) {
  const ws = tbl.ws;
  if (!ws || ws.readyState !== WebSocket.OPEN) return false;
  // The server asks for some room between messages.
  const wait = Math.max(0, tbl.lastSend + 25 - Date.now());
  tbl.lastSend = Date.now() + wait;
  if (wait > 0) window.setTimeout(() => { if (tbl.ws === ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg)); }, wait);
  else ws.send(JSON.stringify(msg));
  return true;
}

/** @param {any} msg */
function onMessage(msg) {
  switch (msg.type) {
    case 'snapshot': {
      const { type: _type, ...snap } = msg;
      tbl.snap = /** @type {Snap} */ (snap);
      ensureGame(String(snap.game ?? 'crusaders'));
      tbl.stale = false;
      tbl.clockAt = Date.now();
      // A decision sent before the connection dropped: send it again (same id, never applied twice).
      if (tbl.inflight) send(tbl.inflight.msg);
      afterUpdate();
      break;
    }
    case 'patch': {
      if (!tbl.snap || tbl.stale) return;
      if (msg.base !== tbl.snap.version) {
        tbl.stale = true;
        send({ type: 'resync' });
        renderTable();
        return;
      }
      tbl.snap = /** @type {Snap} */ (mergeApply(tbl.snap, msg.patch));
      tbl.snap.version = msg.version;
      tbl.clockAt = Date.now();
      afterUpdate();
      break;
    }
    case 'ack': {
      if (tbl.inflight && tbl.inflight.id === msg.id) {
        tbl.inflight = null;
        tbl.ackVersion = Math.max(tbl.ackVersion, Number(msg.version) || 0);
        tbl.error = '';
        renderTable();
      }
      break;
    }
    case 'error': {
      if (msg.code === 'table/damaged') {
        // The record no longer replays on the server: nothing to retry or reconnect to.
        tbl.fatal = t('damaged_help');
        clearTimeout(tbl.retryTimer);
        renderTable();
        return;
      }
      if (msg.code === 'request/rate_limited' && tbl.inflight) {
        const again = tbl.inflight.msg;
        window.setTimeout(() => { if (tbl.inflight?.msg === again) send(again); }, 1000);
        return;
      }
      if (tbl.inflight && (msg.id == null || tbl.inflight.id === msg.id)) tbl.inflight = null;
      tbl.error = errorText(String(msg.code ?? ''), String(msg.message ?? ''));
      if (tbl.snap && typeof msg.version === 'number' && msg.version !== tbl.snap.version) {
        tbl.stale = true;
        send({ type: 'resync' });
      }
      renderTable();
      break;
    }
    default:
      break;
  }
}

/** A game whose loading failed: the next message from the server tries again. */
let loadFailed = '';

/** Loads the table's game once its id is known. @param {string} game */
function ensureGame(game) {
  if (tbl.game === game && loadFailed !== game) return;
  tbl.game = game;
  loadFailed = '';
  updateTitle();
  loadGame(game).then(() => {
    if (page === 'replay') renderReplay();
    else renderTable();
  }, (e) => {
    loadFailed = game;
    const text = `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    if (page === 'replay') { rep.error = text; renderReplay(); } else { tbl.error = text; renderTable(); }
  });
}

/** A refusal, readable. @param {string} code @param {string} message */
function errorText(code, message) {
  /** @type {Record<string, string>} */
  const known = {
    'undo/refused': t('err.undo_refused'),
    'action/stale_version': t('err.stale'),
    'action/not_your_turn': t('err.not_your_turn'),
    'action/illegal': t('err.illegal'),
    'game/not_active': t('err.not_active'),
    'auth/bad_token': t('err.bad_token'),
  };
  return `${known[code] ?? t('err.refused')}${message ? ` — ${message}` : ''}`;
}

/** After each new board: join an open table if invited, forget stale picks, re-render. */
function afterUpdate() {
  const snap = tbl.snap;
  if (!snap) return;
  const known = store.tables()[tbl.id];
  if (tbl.token && snap.you != null && (known?.seat !== snap.you || known?.token !== tbl.token)) {
    // A token that worked: remembered with the invite it came from, if this page took it.
    const confirmed = known?.pending === tbl.token;
    const from = known?.token === tbl.token ? known?.from ?? null : confirmed ? known?.pendingFrom ?? null : null;
    store.remember(tbl.id, { token: tbl.token, seat: snap.you, at: Date.now(), from, ...(confirmed ? { pending: null, pendingFrom: null } : {}) });
  }
  if (tbl.confirm != null && !snap.legal[tbl.confirm]) tbl.confirm = null;
  // Suggestions are for one version only: hide them once the board moved on.
  if (tbl.hints && tbl.hints.version !== snap.version) tbl.hints = null;
  if (tbl.hintError && snap.legal.length === 0) tbl.hintError = '';
  if (tbl.regionPick != null && !regionChoices(tbl.regionPick).length) tbl.regionPick = null;
  // A seat held with its invite is taken: the server answers with a token of the player's own
  // (the invite stops working), and the page goes on with it.
  const seat = snap.you != null ? snap.seats[snap.you] : null;
  const toTake = seat && seat.kind === 'human' &&
    ((snap.status === 'open' && !seat.joined) || (!seat.claimed && snap.status === 'active'));
  if (toTake && !tbl.joining && tbl.token) {
    tbl.joining = true;
    // The token the seat will be held with is chosen here and kept before asking, so a lost
    // answer does not lose the seat: the page finds it again with this token.
    const mine = newToken();
    const held = store.tables()[tbl.id];
    store.remember(tbl.id, { token: held?.token ?? tbl.token, seat: held?.seat ?? null, at: Date.now(), pending: mine, pendingFrom: tbl.token });
    api(`/api/tables/${encodeURIComponent(tbl.id)}/join`, { token: tbl.token, name: store.name() || null, new_token: mine })
      .then((/** @type {Joined} */ j) => { if (j.token !== tbl.token) takeToken(j.token, j.seat); })
      .catch((e) => { tbl.error = `${t('join_failed')}: ${e instanceof Error ? e.message : String(e)}`; renderTable(); });
  }
  renderTable();
}

/**
 * The token this browser took a seat with using `invite` (an invite the server now refuses),
 * if any: the confirmed one, or one asked for whose answer never came.
 * @param {string} invite
 * @returns {string | null}
 */
function tokenFromInvite(invite) {
  const k = store.tables()[tbl.id];
  const found = [k?.from === invite ? k?.token : null, k?.pendingFrom === invite ? k?.pending : null];
  return found.find((x) => x && !refusedTokens.has(x)) ?? null;
}

/** A random token for a seat (32 hex digits). */
function newToken() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** Goes on at the table with the seat's own token: remembered, in the address, and on a fresh
 * connection (the server closes the one opened with the invite). @param {string} token @param {number} seat */
function takeToken(token, seat) {
  const invite = tbl.token;
  tbl.token = token;
  tbl.error = '';
  tbl.fatal = '';
  tbl.attempts = 0;
  store.remember(tbl.id, { token, seat, at: Date.now(), from: invite, pending: null, pendingFrom: null });
  history.replaceState(history.state, '', tableUrl(tbl.id, token));
  const old = tbl.ws;
  tbl.ws = null;
  old?.close();
  tbl.stale = true;
  connect();
}

/** Whether the player may decide now. */
export function canDecide() {
  const snap = tbl.snap;
  return !!snap && tbl.conn === 'connected' && !tbl.stale && !tbl.inflight &&
    snap.version >= tbl.ackVersion && snap.status === 'active' && snap.legal.length > 0;
}

/** @param {number} i the index into `legal` */
export function choose(i) {
  const snap = tbl.snap;
  if (!snap || !canDecide()) return;
  const legal = snap.legal[i];
  if (!legal) return;
  /** @type {any} */
  const action = legal.action;
  if (isRisky(action) && tbl.confirm !== i) {
    tbl.confirm = i;
    renderTable();
    $('#confirm-yes')?.focus();
    return;
  }
  tbl.confirm = null;
  tbl.regionPick = null;
  const id = uid();
  const msg = { type: 'action', id, version: snap.version, action: legal.action };
  tbl.inflight = { id, msg };
  tbl.error = '';
  send(msg);
  renderTable();
}

function undo() {
  const snap = tbl.snap;
  if (!snap || !snap.can_undo || tbl.inflight || tbl.stale) return;
  const id = uid();
  const msg = { type: 'undo', id, version: snap.version };
  tbl.inflight = { id, msg };
  tbl.error = '';
  send(msg);
  renderTable();
}

/** The legal decisions naming a region: indices into `legal`. @param {number} region */
function regionChoices(region) {
  const snap = tbl.snap;
  if (!snap) return [];
  const out = [];
  for (let i = 0; i < snap.legal.length; i++) {
    if (actionRegion(snap.legal[i].action) === region) out.push(i);
  }
  return out;
}

/** A decision's kind: its `type` (Crusaders) or its tag (Warrior Knights). @param {unknown} a @returns {string} */
export function actionKind(a) {
  if (typeof a === 'string') return a;
  if (a !== null && typeof a === 'object' && !Array.isArray(a)) {
    /** @type {Record<string, unknown>} */
    const o = /** @type {any} */ (a);
    return typeof o.type === 'string' ? o.type : Object.keys(o)[0] ?? '?';
  }
  return '?';
}

/** Whether a misclick on this decision would hurt (it is asked twice). @param {unknown} a */
function isRisky(a) {
  const w = wkUi();
  return w ? w.risky(a, /** @type {any} */ (tbl.snap?.view ?? null)) : CONFIRM.has(actionKind(a));
}

/** The region a decision names, if any. @param {unknown} a @returns {number | null} */
function actionRegion(a) {
  const w = wkUi();
  if (w) return w.region(a);
  /** @type {any} */
  const x = a;
  if (!x || !REGION_ACTIONS.has(x.type)) return null;
  const r = x.to ?? x.region;
  return typeof r === 'number' ? r : null;
}

/** A click (or Enter) on a region of the map. @param {number} region */
export function clickRegion(region) {
  if (!canDecide()) return;
  const choices = regionChoices(region);
  if (choices.length === 1) choose(choices[0]);
  else if (choices.length > 1) {
    tbl.regionPick = region;
    tbl.confirm = null;
    renderTable();
    $('#region-pick button')?.focus();
  }
}

// ---------------------------------------------------------------------------------------------
// Table page: rendering
// ---------------------------------------------------------------------------------------------

function renderConn() {
  const slot = $('#conn-slot');
  if (!slot) return;
  if (page !== 'table' || tbl.fatal) { slot.replaceChildren(); return; }
  const state = tbl.conn;
  const text = state === 'connected' ? t('connected') : state === 'connecting' ? t('connecting') : t('reconnecting');
  slot.replaceChildren(h('span', { id: 'conn', class: `conn ${state}`, role: 'status', 'aria-live': 'polite', 'data-state': state, title: text },
    h('span', { class: 'dot', 'aria-hidden': 'true' }), text));
}

/** Region names by id for the board side in play. @param {View} view */
function mapOf(view) {
  const data = tbl.data;
  if (!data) return null;
  return view.side === 'small' ? data.map_small : data.map_large;
}

/** @param {View} view @param {number} id */
function regionName(view, id) {
  return mapOf(view)?.regions[id]?.name ?? `#${id}`;
}

/** Remaining time, m:ss. @param {number} ms */
function clockText(ms) {
  const neg = ms < 0;
  const total = Math.floor(Math.abs(ms) / 1000);
  const m = Math.floor(total / 60);
  const sec = String(total % 60).padStart(2, '0');
  return `${neg ? '−' : ''}${m}:${sec}`;
}

function tickClocks() {
  const snap = tbl.snap;
  if (!snap?.clocks || snap.status !== 'active') return;
  const elapsed = Date.now() - tbl.clockAt;
  for (const el of document.querySelectorAll('[data-clock]')) {
    const seat = Number(el.getAttribute('data-clock'));
    const base = snap.clocks[seat];
    if (base == null) continue;
    const running = snap.to_act.includes(seat) && !snap.seats[seat]?.away && snap.seats[seat]?.kind === 'human';
    el.textContent = clockText(running ? base - elapsed : base);
  }
}

/** The phase line: who is doing what. @param {Snap} snap @param {View} view */
function phaseText(snap, view) {
  const who = (/** @type {number} */ seat) => seatLabel(snap, seat);
  const p = view.phase;
  if (snap.status === 'open') return t('phase.waiting_players');
  switch (p.phase) {
    case 'pick_orders': {
      const waiting = view.seats.filter((x) => !x.chosen).map((x) => who(x.seat));
      return `${t('phase.pick_orders')}${waiting.length ? ` ${t('waiting_for', { who: waiting.join(', ') })}` : ''}`;
    }
    case 'tournament': {
      const waiting = view.seats.filter((x) => !x.chosen).map((x) => who(x.seat));
      return `${t('phase.tournament')}${waiting.length ? ` ${t('waiting_for', { who: waiting.join(', ') })}` : ''}`;
    }
    case 'order_setup': return t('phase.order_setup', { who: who(p.seat) });
    case 'start_region': return t('phase.start_region', { who: who(p.seat) });
    case 'turn': {
      let text = `${t('phase.turn', { who: who(p.seat) })}: ${stepText(p.step)}`;
      if (p.pending) text += ` ${t('then_pending', { act: actName(p.pending[0]), n: p.pending[1] })}`;
      return text;
    }
    case 'over': return t('phase.over');
    default: return '';
  }
}

export function renderTable() {
  if (page !== 'table') return;
  renderConn();
  const app = $('#app');
  if (!app) return;
  const snap = tbl.snap;
  // Keep keyboard focus and scroll positions across re-renders.
  const focusKey = document.activeElement?.getAttribute('data-k') ?? null;
  const logScroll = $('#log-list')?.scrollTop ?? 0;
  if (tbl.fatal) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', { class: 'error', id: 'fatal' }, tbl.fatal), h('a', { href: '/', class: 'button' }, t('back_to_lobby'))));
    return;
  }
  if (!snap || !gameReady()) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', null, tbl.error || t('loading'))));
    return;
  }
  const wk = wkUi();
  if (wk) {
    renderWkTable(app, snap, wk);
    restoreFocus(focusKey, logScroll);
    return;
  }
  /** @type {View} */
  const view = /** @type {View} */ (snap.view);
  const live = !tbl.stale && tbl.conn === 'connected';
  const finished = snap.status === 'finished' || view.final_scores != null;

  const status = statusBar(snap, finished, phaseText(snap, view), [
    h('span', { title: t('supply_hint') }, `${t('supply')}: ${view.supply}`),
    view.end_triggered ? h('span', { class: 'tag warn' }, t('last_round')) : null,
    h('span', null, `${t('turns')}: ${view.turns}`),
    h('span', { title: t('strength_hint') }, `${enemyName('prussian')}: ${view.prussian.strength}`),
    h('span', { title: t('strength_hint') }, `${enemyName('slav')}: ${view.slav.strength}`),
    h('span', { title: t('strength_hint') }, `${enemyName('saracen')}: 6`),
    h('span', null, `${t('variant')}: ${variantName(view.variant)}`)]);

  const board = h('section', { class: `board card${live ? '' : ' stale'}`, id: 'board', 'aria-label': t('map') },
    renderMap(snap, view),
    live ? null : h('div', { class: 'stale-cover', role: 'status' }, tbl.conn === 'connected' ? t('updating') : t('reconnecting')));

  const mine = snap.you != null ? view.seats.find((p) => p.seat === snap.you) ?? null : null;
  const side = h('div', { class: 'side' },
    snap.status === 'open' ? renderWaiting(snap) : renderDecisions(snap, view),
    mine ? h('section', { class: 'players mine', id: 'my-board', 'aria-label': t('your_board') }, renderPlayer(snap, view, mine)) : null,
    renderLog(snap, view),
    renderLegend(view));
  // The other players' boards under the map and the side column, side by side on wide screens.
  const others = h('section', { class: 'players others', id: 'players', 'aria-label': t('players') },
    view.seats.filter((p) => p !== mine).map((p) => renderPlayer(snap, view, p)));

  // The tab's title tells when a decision is waiting.
  const waiting = snap.legal.length > 0 && snap.status === 'active';
  document.title = `${waiting ? '▶ ' : ''}Ordo · ${t('game_title')}`;
  app.replaceChildren(h('div', { class: 'table-page' }, status, finished ? renderScores(snap, view) : null, h('div', { class: 'layout' }, board, side), others));
  restoreFocus(focusKey, logScroll);
}

/**
 * The bar above a table: the phase, a spectator's tag, the replay link, the version, then the
 * game's facts.
 * @param {Snap} snap @param {boolean} finished @param {string} phase @param {any} facts
 */
function statusBar(snap, finished, phase, facts) {
  return h('section', { class: 'status-bar card', id: 'status' },
    h('div', { class: 'row wrap' },
      h('strong', { class: 'phase', id: 'phase' }, phase),
      h('span', { class: 'grow' }),
      snap.you == null ? h('span', { class: 'tag', id: 'spectating' }, t('spectating')) : null,
      h('a', { href: replayUrl(tbl.id, tbl.token), id: 'replay-link', class: 'button small', target: finished ? null : '_blank', rel: finished ? null : 'noopener', title: t('replay_hint') }, t('replay')),
      h('span', { class: 'tag', title: t('version_hint') }, `${t('version')} `, h('span', { id: 'version' }, snap.version))),
    h('div', { class: 'row wrap facts' }, facts));
}

/**
 * A Warrior Knights table: status, the map, decisions (with the planning board), the battle and
 * the Assembly, the log; the Barons' boards and the court below.
 * @param {HTMLElement} app @param {Snap} snap @param {WkModule} wk
 */
function renderWkTable(app, snap, wk) {
  /** @type {import('./src/generated').WkView} */
  const view = /** @type {any} */ (snap.view);
  const live = !tbl.stale && tbl.conn === 'connected';
  const finished = snap.status === 'finished' || view.outcome != null;
  const phase = snap.status === 'open' ? t('phase.waiting_players') : wk.phaseText(snap, view);
  const status = statusBar(snap, finished, phase, wk.facts(snap, view));
  const choices = new Map();
  if (canDecide()) {
    snap.legal.forEach((l, i) => {
      const r = actionRegion(l.action);
      if (r != null) choices.set(r, [...(choices.get(r) ?? []), i]);
    });
  }
  const board = h('section', { class: `board card wk-board${live ? '' : ' stale'}`, id: 'board', 'aria-label': t('map') },
    wk.renderMap(snap, view, choices, tbl.regionPick),
    live ? null : h('div', { class: 'stale-cover', role: 'status' }, tbl.conn === 'connected' ? t('updating') : t('reconnecting')));
  const boards = wk.boards(snap, view);
  const side = h('div', { class: 'side' },
    snap.status === 'open' ? renderWaiting(snap) : renderDecisions(snap, /** @type {any} */ (view)),
    wk.panels(snap, view),
    boards.mine ? h('section', { class: 'players mine', id: 'my-board', 'aria-label': t('your_board') }, boards.mine) : null,
    renderLog(snap, /** @type {any} */ (view)),
    wk.legend(view));
  const others = h('section', { class: 'players others wk-others', id: 'players', 'aria-label': t('players') }, boards.others);
  const waiting = snap.legal.length > 0 && snap.status === 'active';
  document.title = `${waiting ? '▶ ' : ''}Ordo · ${gameName(WK)}`;
  app.replaceChildren(h('div', { class: 'table-page wk' }, status, finished ? wk.scores(snap, view, scoresFooter(snap)) : null,
    h('div', { class: 'layout' }, board, side), wk.court(snap, view), others));
}

/** Keeps keyboard focus and the log's scroll position across a re-render. @param {string | null} focusKey @param {number} logScroll */
function restoreFocus(focusKey, logScroll) {
  const log = $('#log-list');
  if (log) log.scrollTop = logScroll;
  const el = focusKey ? document.querySelector(`[data-k="${CSS.escape(focusKey)}"]`) : null;
  if (el instanceof HTMLElement || el instanceof SVGElement) {
    el.focus({ preventScroll: true });
  } else if (focusKey && /^(legal|region|confirm|undo|plan)/.test(focusKey)) {
    // The decision made with the keyboard is gone: keep the keyboard near the next one.
    tbl.wantFocus = true;
  }
  if (tbl.wantFocus && (document.activeElement == null || document.activeElement === document.body)) {
    const next = document.querySelector('#region-pick button.decision:not([disabled]), #decision-list button.decision:not([disabled])');
    if (next instanceof HTMLElement) {
      next.focus({ preventScroll: true });
      tbl.wantFocus = false;
    }
  }
  tickClocks();
}

/** The waiting room of an open table. @param {Snap} snap */
function renderWaiting(snap) {
  const mine = store.tables()[tbl.id];
  const host = mine?.host;
  let start = null;
  if (host) {
    start = h('button', { type: 'button', id: 'start-now' }, t('start_table_now'));
    start.addEventListener('click', async () => {
      try { await api(`/api/tables/${encodeURIComponent(tbl.id)}/start`, { host_token: host }); } catch (e) {
        tbl.error = e instanceof Error ? e.message : String(e);
        renderTable();
      }
    });
  }
  return h('section', { class: 'card highlight', id: 'waiting' },
    h('h2', null, t('waiting_room')),
    h('ul', { class: 'plain' }, snap.seats.map((x, i) => h('li', null, seatBadge(i), ' ', seatLabel(snap, i), ' — ',
      x.kind === 'bot' || x.joined ? t('ready') : t('not_joined')))),
    h('p', null, t('waiting_help')),
    start);
}

/** The decisions panel. @param {Snap} snap @param {View} view */
function renderDecisions(snap, view) {
  const section = h('section', { class: 'card decisions', id: 'decisions', 'aria-label': t('decisions') });
  if (snap.you == null) {
    section.append(h('h2', null, t('spectating')), h('p', null, t('spectator_help')));
    return section;
  }
  const me = snap.seats[snap.you];
  const title = h('h2', null, t('your_decision'));
  section.append(title);
  if (me?.away) {
    const reclaim = h('button', { type: 'button', id: 'reclaim' }, t('reclaim'));
    reclaim.addEventListener('click', async () => {
      try { await api(`/api/tables/${encodeURIComponent(tbl.id)}/reclaim`, { token: tbl.token }); } catch (e) {
        tbl.error = e instanceof Error ? e.message : String(e);
        renderTable();
      }
    });
    section.append(h('p', { class: 'warn' }, t('away_help')), reclaim);
  }
  if (tbl.error) section.append(h('p', { class: 'error', role: 'alert', id: 'error' }, tbl.error));
  if (tbl.notice) section.append(h('p', { class: 'notice' }, tbl.notice));

  const enabled = canDecide();
  if (snap.status === 'finished') {
    section.append(h('p', null, t('phase.over')));
  } else if (snap.status === 'open') {
    section.append(h('p', null, t('phase.waiting_players')));
  } else if (tbl.inflight) {
    section.append(h('p', { class: 'muted', id: 'sending' }, t('sending')));
  } else if (snap.legal.length === 0) {
    title.textContent = t('waiting');
    const others = snap.to_act.filter((x) => x !== snap.you).map((x) => seatLabel(snap, x));
    section.append(h('p', { class: 'muted', id: 'not-your-turn' }, others.length ? t('waiting_for', { who: others.join(', ') }) : t('waiting')));
  } else {
    section.append(h('p', { class: 'prompt' }, t('choose_prompt')));
  }

  // A confirmation for decisions a misclick would hurt.
  if (tbl.confirm != null && snap.legal[tbl.confirm] && enabled) {
    const i = tbl.confirm;
    const yes = h('button', { type: 'button', id: 'confirm-yes', class: 'primary', 'data-k': 'confirm-yes' }, t('confirm_yes'));
    yes.addEventListener('click', () => choose(i));
    const no = h('button', { type: 'button', id: 'confirm-no', 'data-k': 'confirm-no' }, t('cancel'));
    no.addEventListener('click', () => { tbl.confirm = null; renderTable(); });
    section.append(h('div', { class: 'confirm', role: 'alertdialog', 'aria-label': t('confirm_title') },
      h('p', null, t('confirm_q', { what: decisionLabel(snap, view, i) })), h('div', { class: 'row' }, yes, no)));
  }

  // Several decisions on one region: those, first.
  if (tbl.regionPick != null && enabled) {
    const region = tbl.regionPick;
    const box = h('div', { class: 'region-pick', id: 'region-pick' },
      h('p', null, h('strong', null, wkUi()?.areaName(region) ?? regionName(view, region))),
      h('div', { class: 'buttons' }, regionChoices(region).map((i) => decisionButton(snap, view, i, enabled))));
    const back = h('button', { type: 'button', class: 'small' }, t('cancel'));
    back.addEventListener('click', () => { tbl.regionPick = null; renderTable(); });
    box.append(back);
    section.append(box);
  }

  if (snap.legal.length > 0 && snap.status === 'active') {
    const list = h('div', { class: 'decision-list', id: 'decision-list' });
    // A game may lay out some decisions itself (Warrior Knights: the planning board).
    const special = wkUi()?.special(snap, /** @type {any} */ (view), enabled) ?? null;
    if (special) {
      list.append(special.el);
      list.classList.add('has-special');
    }
    // Group decisions by kind so a long list stays readable.
    /** @type {Map<string, Array<number>>} */
    const groups = new Map();
    snap.legal.forEach((l, i) => {
      if (special?.handled.has(i)) return;
      const key = actionKind(l.action);
      const g = groups.get(key) ?? [];
      g.push(i);
      groups.set(key, g);
    });
    for (const [, idx] of groups) {
      const onMap = actionRegion(snap.legal[idx[0]].action) != null;
      list.append(h('div', { class: 'group' },
        onMap ? h('div', { class: 'group-title' }, t('on_map')) : null,
        h('div', { class: 'buttons' }, idx.map((i) => decisionButton(snap, view, i, enabled)))));
    }
    section.append(list);
    section.append(renderHints(snap, view, enabled));
  }

  if (snap.can_undo && snap.status === 'active') {
    const u = h('button', { type: 'button', id: 'undo', 'data-k': 'undo', disabled: !!tbl.inflight || tbl.stale || tbl.conn !== 'connected', title: t('undo_hint') }, `↶ ${t('undo')}`);
    u.addEventListener('click', undo);
    section.append(h('div', { class: 'row' }, u));
  }
  return section;
}

/** A decision's text in the chosen language. @param {Snap} snap @param {View} view @param {number} i */
export function decisionLabel(snap, view, i) {
  const legal = snap.legal[i];
  const wk = wkUi();
  if (wk) return wk.label(snap, /** @type {any} */ (view), legal);
  if (getLang() === 'en' || !tbl.data) return legal.label;
  return describeAction(/** @type {Action} */ (legal.action), {
    region: (/** @type {number} */ id) => regionName(view, id),
    wedge: (/** @type {number} */ pos) => {
      const seat = snap.you ?? 0;
      return view.seats[seat]?.wheel?.[pos] ?? null;
    },
    wedgeDef: (/** @type {number} */ w) => tbl.data?.components.wedges[w] ?? null,
  }) ?? legal.label;
}

/**
 * A decision's button (`text` replaces its label, e.g. a short one on the planning board).
 * @param {Snap} snap @param {View} view @param {number} i @param {boolean} enabled @param {{text?: Kids, cls?: string, title?: string}} [opt]
 */
export function decisionButton(snap, view, i, enabled, opt = {}) {
  const legal = snap.legal[i];
  /** @type {any} */
  const a = legal.action;
  const region = actionRegion(a);
  let title = opt.title ?? legal.label;
  if (a?.type === 'pick_order' && tbl.data) {
    const def = orderDef(tbl.data, a.order);
    if (def) title = `${orderName(a.order)} — ${t('setup')}: ${def.setup} ${t('power')}: ${def.power}`;
  }
  const b = h('button', {
    type: 'button', class: `decision${region != null ? ' map-choice' : ''}${isRisky(a) ? ' risky' : ''}${opt.cls ? ` ${opt.cls}` : ''}`,
    'data-legal': i, 'data-type': actionKind(a), 'data-region': region, 'data-k': `legal-${i}-${JSON.stringify(a)}`,
    disabled: !enabled, title, 'aria-label': opt.text != null ? decisionLabel(snap, view, i) : null,
  }, opt.text ?? decisionLabel(snap, view, i));
  b.addEventListener('click', () => choose(i));
  if (region != null) {
    const hl = (/** @type {boolean} */ on) => document.querySelector(`#map [data-region="${region}"]`)?.classList.toggle('hover', on);
    b.addEventListener('mouseenter', () => hl(true));
    b.addEventListener('mouseleave', () => hl(false));
    b.addEventListener('focus', () => hl(true));
    b.addEventListener('blur', () => hl(false));
  }
  return b;
}

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

const HEX = 50;
const SQ3 = Math.sqrt(3);

/** Centre of an axial pointy-top hex. @param {number} q @param {number} r */
function hexCenter(q, r) {
  return [HEX * SQ3 * (q + r / 2), HEX * 1.5 * r];
}

/** The corners of a pointy-top hex, as an SVG points list. @param {number} cx @param {number} cy @param {number} size */
export function hexPoints(cx, cy, size) {
  const pts = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    pts.push(`${(cx + size * Math.cos(a)).toFixed(1)},${(cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(' ');
}

/** @param {Enemy} e @returns {EnemyKind} */
const enemyKind = (e) => (typeof e === 'string' ? e : 'saracen');

/** @param {SaracenFace} f */
function faceText(f) {
  return f === 'troop' ? t('troop') : buildingName(f.building);
}

/** @param {Enemy} e */
function enemyTitle(e) {
  if (typeof e === 'string') return enemyName(e);
  return `${enemyName('saracen')} — ${t('reward')}: ${faceText(e.saracen)}`;
}

/** @param {BonusTile} tile */
function bonusTitle(tile) {
  return tile.effect === 'discount'
    ? t('bonus_discount', { building: buildingName(tile.building), n: tile.amount })
    : t('bonus_influence', { building: buildingName(tile.building), n: tile.amount });
}

/** @param {InfluenceTile} tile */
function influenceTileTitle(tile) {
  const e = tile.effect;
  let what = '';
  switch (e.effect) {
    case 'upgrade': what = t('itile.upgrade'); break;
    case 'distribute': what = t('itile.distribute'); break;
    case 'one_shot': what = t('itile.one_shot', { act: actName(e.action) }); break;
    case 'permanent': what = t('itile.permanent', { act: actName(e.action) }); break;
    default: what = t('itile.end_game'); break;
  }
  return t('itile', { level: roman(tile.level), cost: tile.cost, what });
}

/** @param {Snap} snap @param {View} view */
function renderMap(snap, view) {
  const map = mapOf(view);
  if (!map) return h('p', null, t('loading'));
  const byId = new Map(view.regions.map((r) => [r.id, r]));
  /** @type {Map<number, Array<number>>} */
  const choice = new Map();
  if (canDecide()) {
    snap.legal.forEach((l, i) => {
      const r = actionRegion(l.action);
      if (r != null) choice.set(r, [...(choice.get(r) ?? []), i]);
    });
  }
  let minX = Infinity; let minY = Infinity; let maxX = -Infinity; let maxY = -Infinity;
  for (const r of map.regions) {
    const [x, y] = hexCenter(r.q, r.r);
    minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
  }
  const pad = HEX + 6;
  const vb = `${(minX - pad).toFixed(0)} ${(minY - pad).toFixed(0)} ${(maxX - minX + 2 * pad).toFixed(0)} ${(maxY - minY + 2 * pad).toFixed(0)}`;
  const svgEl = s('svg', {
    id: 'map', viewBox: vb, role: 'group', 'aria-label': t('map'), class: `map side-${view.side}`,
    style: `--map-min: ${Math.round((maxX - minX + 2 * pad) * 0.62)}px`,
  });
  const regionsLayer = s('g', { class: 'regions' });
  svgEl.append(regionsLayer);
  map.regions.forEach((mr, id) => {
    const [cx, cy] = hexCenter(mr.q, mr.r);
    const rv = byId.get(id);
    const choices = choice.get(id) ?? [];
    const clickable = choices.length > 0;
    const picked = tbl.regionPick === id;
    const cls = ['region', mr.paris ? 'paris' : '', mr.start ? 'start' : '', clickable ? 'choice' : '', picked ? 'picked' : ''].filter(Boolean).join(' ');
    const titleParts = [mr.name];
    if (mr.paris) titleParts.push(t('paris_hint'));
    if (mr.start) titleParts.push(t('start_region'));
    if (mr.discount) titleParts.push(t('printed_discount', { building: buildingName(mr.discount.building), n: mr.discount.amount }));
    if (clickable) titleParts.push(choices.map((i) => decisionLabel(snap, view, i)).join(' / '));
    const g = s('g', {
      class: cls, 'data-region': id, 'data-name': mr.name,
      tabindex: clickable ? 0 : null, role: clickable ? 'button' : null,
      'aria-label': clickable ? `${mr.name}: ${choices.map((i) => decisionLabel(snap, view, i)).join(' / ')}` : null,
      'data-k': clickable ? `region-${id}` : null,
    }, stitle(titleParts.join(' — ')));
    g.append(s('polygon', { class: 'hex', points: hexPoints(cx, cy, HEX - 1.5) }));
    if (mr.start) g.append(s('text', { class: 'mark start-mark', x: cx - HEX * 0.62, y: cy - 14, 'font-size': 13, 'aria-hidden': 'true' }, '✠'));
    if (mr.paris) g.append(s('text', { class: 'mark paris-mark', x: cx, y: cy + 10, 'text-anchor': 'middle', 'font-size': 26, 'aria-hidden': 'true' }, '★'));
    const name = mr.name;
    g.append(s('text', { class: 'rname', x: cx, y: cy - 25, 'text-anchor': 'middle', 'font-size': name.length > 11 ? 9.5 : 11.5 }, name));
    if (mr.discount && !rv?.buildings.length) {
      g.append(s('text', { class: 'discount', x: cx, y: cy + 37, 'text-anchor': 'middle', 'font-size': 7.5 },
        `${buildingAbbr(mr.discount.building)}−${mr.discount.amount}`));
    }
    if (rv) drawContents(g, rv, cx, cy);
    if (clickable) {
      g.addEventListener('click', () => clickRegion(id));
      g.addEventListener('keydown', (e) => {
        const ke = /** @type {KeyboardEvent} */ (e);
        if (ke.key === 'Enter' || ke.key === ' ') { ke.preventDefault(); clickRegion(id); }
      });
    }
    regionsLayer.append(g);
  });
  return h('div', { class: 'map-wrap' }, svgEl);
}

/**
 * The pieces in a region: enemy / tiles on the first row, buildings on the second, knights and coats of arms
 * on the third.
 * @param {SVGElement} g @param {RegionView} rv @param {number} cx @param {number} cy
 */
function drawContents(g, rv, cx, cy) {
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row1 = [];
  if (rv.enemy != null) {
    const e = rv.enemy;
    const kind = enemyKind(e);
    row1.push((x, y) => s('g', { class: `enemy ${kind}`, 'data-enemy': kind },
      stitle(enemyTitle(e)),
      s('rect', { x: x - 10, y: y - 10, width: 20, height: 20, rx: 10, fill: ENEMY_COLORS[kind], stroke: '#fff', 'stroke-width': 1.5 }),
      s('text', { x, y: typeof e === 'string' ? y + 4 : y + 1.5, 'text-anchor': 'middle', 'font-size': typeof e === 'string' ? 10 : 8.5, 'font-weight': 700, fill: '#fff' }, enemyAbbr(kind)),
      typeof e === 'string' ? null : [
        s('rect', { x: x - 7.5, y: y + 5, width: 15, height: 9, rx: 2, fill: '#fff3d6', stroke: '#8e1b1b', 'stroke-width': 0.8 }),
        s('text', { x, y: y + 12, 'text-anchor': 'middle', 'font-size': 7, 'font-weight': 700, fill: '#5a1010' },
          e.saracen === 'troop' ? t('troop_abbr') : buildingAbbr(e.saracen.building))]));
  }
  if (rv.tile != null) {
    const tile = rv.tile;
    row1.push((x, y) => s('g', { class: 'bonus-tile' }, stitle(bonusTitle(tile)),
      s('rect', { x: x - 11, y: y - 8, width: 22, height: 16, rx: 2, fill: '#fff6d8', stroke: '#8a6d1d' }),
      s('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 8, fill: '#4a3a0c' },
        `${buildingAbbr(tile.building)}${tile.effect === 'discount' ? '−' : '+'}${tile.amount}`)));
  }
  if (rv.influence_tile != null) {
    const tile = rv.influence_tile;
    row1.push((x, y) => s('g', { class: 'influence-tile' }, stitle(influenceTileTitle(tile)),
      s('polygon', { points: hexPoints(x, y, 10), fill: '#e9d27a', stroke: '#6f5a12' }),
      s('text', { x, y: y + 3.5, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: '#3b2f05' }, `${roman(tile.level)}`),
      s('text', { x: x + 9, y: y - 6, 'font-size': 6.5, fill: '#3b2f05' }, tile.cost)));
  }
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row2 = rv.buildings.map((b) => (x, y) => s('g', { class: 'building', 'data-owner': b.owner, 'data-kind': b.kind },
    stitle(t('building_of', { building: buildingName(b.kind), level: roman(b.level), who: colorName(b.owner) })),
    s('rect', { x: x - 9, y: y - 9, width: 18, height: 18, rx: 2, fill: SEAT_COLORS[b.owner % 6], stroke: '#111', 'stroke-width': 1.2 }),
    s('text', { x, y: y + 1, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: SEAT_INK[b.owner % 6] }, buildingAbbr(b.kind)),
    s('text', { x, y: y + 8, 'text-anchor': 'middle', 'font-size': 6, fill: SEAT_INK[b.owner % 6] }, roman(b.level))));
  /** @type {Array<(x: number, y: number) => SVGElement>} */
  const row3 = [
    ...rv.knights.map(([owner, k]) => (/** @type {number} */ x, /** @type {number} */ y) => s('g', { class: 'knight', 'data-owner': owner },
      stitle(t('knight_of', { who: colorName(owner), n: k + 1 })),
      seatShape(owner, x, y, 8, k >= 3 ? { stroke: '#000', 'stroke-width': 3 } : undefined),
      s('text', { x, y: y + 3, 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700, fill: SEAT_INK[owner % 6] }, owner + 1))),
    ...(rv.arms ?? []).map((owner) => (/** @type {number} */ x, /** @type {number} */ y) => s('g', { class: 'arms', 'data-owner': owner },
      stitle(t('arms_of', { who: colorName(owner) })),
      s('path', { d: `M${x - 6},${y - 7} h12 v6 q0,7 -6,9 q-6,-2 -6,-9 z`, fill: SEAT_COLORS[owner % 6], stroke: '#111', 'stroke-width': 1 }))),
  ];
  // Keep everything between the hex's straight sides where possible.
  const top = row1.length > 0;
  if (row2.length + row3.length <= 4) {
    layoutRow(g, row1, cx, cy - 6, 23);
    layoutRow(g, [...row2, ...row3], cx, cy + (top ? 17 : 5), 20);
  } else {
    layoutRow(g, row1, cx, cy - 9, 23);
    layoutRow(g, row2, cx, cy + (top ? 11 : 0), 20);
    layoutRow(g, row3, cx, cy + (top ? 30 : 20), 17);
  }
}

/**
 * Draws items centred on a row.
 * @param {SVGElement} g @param {Array<(x: number, y: number) => SVGElement>} items @param {number} cx @param {number} y @param {number} step
 */
function layoutRow(g, items, cx, y, step) {
  const n = items.length;
  const w = n > 4 ? Math.max(12, (step * 4) / n) : step;
  items.forEach((f, i) => g.append(f(cx + (i - (n - 1) / 2) * w, y)));
}

// ---------------------------------------------------------------------------------------------
// Player boards
// ---------------------------------------------------------------------------------------------

/** @param {Snap} snap @param {View} view @param {PlayerView} p */
function renderPlayer(snap, view, p) {
  const seat = p.seat;
  const sp = snap.seats[seat];
  const toAct = snap.status === 'active' && snap.to_act.includes(seat);
  const turnSeat = view.phase.phase === 'turn' ? view.phase.seat : null;
  const data = tbl.data;
  const order = p.order != null ? p.order : null;
  const def = order && data ? orderDef(data, order) : undefined;
  // The fourth (black) knight only plays for the Order of Montesa.
  const knights = (p.knights ?? []).slice(0, order === 'montesa' ? 4 : 3);
  const knightsOn = knights.filter((k) => k != null);
  const knightsOff = knights.length - knightsOn.length;
  const divine = p.divine ?? null;

  const header = h('div', { class: 'pl-head' },
    seatBadge(seat, 22),
    h('strong', { class: 'pl-name' }, seatLabel(snap, seat)),
    h('span', { class: 'grow' }),
    sp?.away ? h('span', { class: 'tag warn', title: t('away_hint') }, t('away')) : null,
    p.turn_rank === 0 ? h('span', { class: 'tag', title: t('start_player_hint') }, t('start_player')) : null,
    toAct ? h('span', { class: 'tag act', title: t('to_act_hint') }, `▶ ${t('to_act')}`) : null,
    snap.clocks ? h('span', { class: 'clock', 'data-clock': seat, title: t('clock') }, clockText(snap.clocks[seat] ?? 0)) : null);

  const facts = h('dl', { class: 'facts-list' },
    h('dt', null, t('influence')), h('dd', { class: 'influence', 'data-seat': seat }, p.influence),
    h('dt', null, t('order')), h('dd', { title: def ? `${t('setup')}: ${def.setup}\n${t('power')}: ${def.power}` : null, class: 'order' },
      order ? orderName(order) : p.chosen ? t('order_hidden') : '—'),
    h('dt', null, t('troops')), h('dd', { title: t('troops_hint') }, p.troops_up),
    h('dt', null, t('knights')), h('dd', null, knightsOn.map((r) => regionName(view, /** @type {number} */ (r))).join(', ') || '—',
      knightsOff ? ` (+${knightsOff} ${t('waiting_knights')})` : ''),
    h('dt', null, t('defeated')), h('dd', null, ENEMIES.map((e, i) => h('span', { class: `defeated ${e}`, title: enemyName(e) },
      h('span', { class: `chip ${e}` }, enemyAbbr(e)), `×${p.defeated[i] ?? 0} `))),
    p.bonus.some((x) => x > 0) ? [h('dt', null, t('bonuses')), h('dd', { title: t('bonuses_hint') },
      ACTS.map((a, i) => (p.bonus[i] ? `${actName(a)} +${p.bonus[i]}` : '')).filter(Boolean).join(', '))] : null,
    p.mark ? [h('dt', null, t('marked_enemy')), h('dd', null, enemyName(p.mark))] : null,
    divine ? [
      h('dt', null, t('influence_tiles')), h('dd', { title: t('influence_tiles_hint') }, `${divine.tiles} (${t('end_game_tiles')}: ${divine.end_tiles})`),
      divine.one_shot.some((x) => x > 0) ? [h('dt', null, t('one_shot_tiles')), h('dd', null,
        ACTS.map((a, i) => (divine.one_shot[i] ? `${actName(a)} ×${divine.one_shot[i]}` : '')).filter(Boolean).join(', '))] : null,
      h('dt', null, t('chapel_tokens')), h('dd', null, divine.chapel_tokens),
      h('dt', null, t('arms_left')), h('dd', null, divine.arms_left),
      divine.vault_points ? [h('dt', null, t('vault_points')), h('dd', null, divine.vault_points)] : null,
    ] : null);

  const kinds = divine ? BUILDINGS : BUILDINGS.slice(0, 4);
  const built = h('div', { class: 'off-board', title: t('off_board_hint') },
    h('div', { class: 'ob-title' }, t('buildings_left')),
    h('div', { class: 'ob-grid' }, kinds.map((k, ki) => h('div', { class: 'ob-row', 'data-kind': k },
      h('span', { class: 'ob-kind', title: buildingName(k) }, buildingName(k)),
      [0, 1, 2, 3].map((l) => {
        const gone = ((p.off_board[ki] ?? 0) >> l) & 1;
        return h('span', { class: gone ? 'ob-cell gone' : 'ob-cell left', title: `${buildingName(k)} ${roman(l + 1)}: ${gone ? t('built_or_removed') : t('on_player_board')}` },
          roman(l + 1));
      })))));

  return h('article', {
    class: `player card${toAct ? ' to-act' : ''}${snap.you === seat ? ' me' : ''}`, id: `player-${seat}`,
    'data-seat': seat, style: `--seat: ${SEAT_COLORS[seat % 6]}`,
  },
  header, h('div', { class: 'pl-body' }, renderWheel(p, turnSeat === seat && view.phase.phase === 'turn' ? view.phase.wedge : null), facts, built),
  // Secret order tiles dealt to this seat: shown only in the seat's own view, while choosing.
  p.offered && p.offered.length ? h('p', { class: 'offered', 'data-offered': p.offered.join(',') }, `${t('offered_orders')}: `,
    p.offered.map((o) => orderName(o)).join(', ')) : null);
}

/**
 * The action wheel: six wedges clockwise from the top right, token counts in the middle, upgraded
 * wedges with an outer band in the colour of their second action.
 * @param {PlayerView} p @param {number | null} current
 */
function renderWheel(p, current) {
  const R = 64;
  const svgEl = s('svg', { class: 'wheel', viewBox: `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`, width: 150, height: 150, role: 'img', 'aria-label': t('wheel') });
  const wheel = p.wheel ?? [];
  if (wheel.length === 0) {
    svgEl.append(s('circle', { r: R, fill: '#eee', stroke: '#999' }), s('text', { y: 4, 'text-anchor': 'middle', 'font-size': 11 }, t('wheel_hidden')));
    return svgEl;
  }
  /** @param {number} r @param {number} a */
  const pt = (r, a) => `${(r * Math.cos(a)).toFixed(2)},${(r * Math.sin(a)).toFixed(2)}`;
  /** @param {number} r0 @param {number} r1 @param {number} a0 @param {number} a1 */
  const sector = (r0, r1, a0, a1) => `M${pt(r0, a0)} L${pt(r1, a0)} A${r1},${r1} 0 0 1 ${pt(r1, a1)} L${pt(r0, a1)} ${r0 > 0 ? `A${r0},${r0} 0 0 0 ${pt(r0, a0)}` : ''} Z`;
  wheel.forEach((w, i) => {
    const a0 = (-90 + 60 * i) * (Math.PI / 180);
    const a1 = a0 + Math.PI / 3;
    const mid = (a0 + a1) / 2;
    const giant = p.giant === i;
    const desc = `${t('wedge_n', { n: i + 1 })}: ${w.upgraded ? `${actName(w.basic)} + ${actName(w.secondary)} (${t('upgraded')})` : `${actName(w.basic)} (${t('upgrades_to', { act: actName(w.secondary) })})`} — ${t('tokens_n', { n: w.tokens })}${giant ? ` — ${t('giant')}` : ''}`;
    const g = s('g', { class: `wedge${w.upgraded ? ' upgraded' : ''}${current === i ? ' current' : ''}`, 'data-pos': i, 'data-tokens': w.tokens }, stitle(desc),
      s('path', { d: sector(0, R, a0, a1), fill: ACT_COLORS[w.basic], stroke: '#555', 'stroke-width': 1 }));
    if (w.upgraded) g.append(s('path', { d: sector(R - 9, R, a0, a1), fill: ACT_COLORS[w.secondary], stroke: '#555', 'stroke-width': 0.8 }));
    const [lx, ly] = [Math.cos(mid) * R * 0.7, Math.sin(mid) * R * 0.7];
    g.append(s('text', { x: lx.toFixed(1), y: (ly + (w.upgraded ? 0 : 3)).toFixed(1), 'text-anchor': 'middle', 'font-size': 7.5, 'font-weight': 600 }, actAbbr(w.basic)));
    if (w.upgraded) g.append(s('text', { x: lx.toFixed(1), y: (ly + 9).toFixed(1), 'text-anchor': 'middle', 'font-size': 6.5 }, `+${actAbbr(w.secondary)}`));
    const [tx, ty] = [Math.cos(mid) * R * 0.31, Math.sin(mid) * R * 0.31];
    g.append(s('circle', { cx: tx.toFixed(1), cy: ty.toFixed(1), r: 8, fill: w.tokens ? '#222' : '#fff', stroke: '#222' }),
      s('text', { x: tx.toFixed(1), y: (ty + 3.5).toFixed(1), 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 700, fill: w.tokens ? '#fff' : '#222' }, w.tokens));
    if (giant) g.append(s('text', { x: (Math.cos(mid) * R * 0.9).toFixed(1), y: (Math.sin(mid) * R * 0.9 + 3).toFixed(1), 'text-anchor': 'middle', 'font-size': 8, 'font-weight': 700 }, 'G'));
    svgEl.append(g);
  });
  return svgEl;
}

// ---------------------------------------------------------------------------------------------
// Log, legend, scores
// ---------------------------------------------------------------------------------------------

/** @param {Snap} snap @param {View} view */
function renderLog(snap, view) {
  // Keys are the decisions' numbers, zero-padded: sorted, newest first.
  /** @type {Array<[string, LogLine]>} */
  const entries = [];
  for (const [k, e] of Object.entries(snap.log ?? {})) if (e != null) entries.push([k, e]);
  entries.sort((a, b) => (a[0] < b[0] ? 1 : -1));
  return h('section', { class: 'card log', id: 'log', 'aria-label': t('log') },
    h('h2', null, t('log')),
    entries.length === 0 ? h('p', { class: 'muted' }, t('log_empty')) :
      h('ol', { id: 'log-list', reversed: true }, entries.map(([key, e]) => h('li', { value: Number(key) || null, 'data-log': key },
        seatBadge(e.seat, 14), ' ', h('span', { class: 'log-who' }, seatLabel(snap, e.seat)), ': ',
        logText(view, e)))));
}

/** A log line in the chosen language. @param {View} view @param {LogLine} e */
function logText(view, e) {
  if (e.label == null || e.action == null) return t('log_secret');
  const wk = wkUi();
  if (wk) return wk.logText(/** @type {any} */ (view), e);
  if (getLang() === 'en' || !tbl.data) return e.label;
  return describeAction(/** @type {Action} */ (e.action), {
    region: (/** @type {number} */ id) => regionName(view, id),
    wedge: () => null,
    wedgeDef: (/** @type {number} */ w) => tbl.data?.components.wedges[w] ?? null,
  }) ?? e.label;
}

/** @param {View} view */
function renderLegend(view) {
  const divine = view.seats.some((p) => p.divine != null);
  const kinds = divine ? BUILDINGS : BUILDINGS.slice(0, 4);
  return h('details', { class: 'card legend' },
    h('summary', null, t('legend')),
    h('ul', { class: 'plain' },
      ENEMIES.map((e) => h('li', null, h('span', { class: `chip ${e}` }, enemyAbbr(e)), ' ', enemyName(e))),
      kinds.map((k) => h('li', null, h('span', { class: 'chip building' }, buildingAbbr(k)), ' ', buildingName(k))),
      h('li', null, '✠ ', t('start_region')),
      h('li', null, '★ ', t('paris_hint')),
      view.seats.map((p) => h('li', null, seatBadge(p.seat), ' ', colorName(p.seat)))));
}

/** @param {Snap} snap @param {View} view */
function renderScores(snap, view) {
  const scores = view.final_scores ?? [];
  if (!tbl.showScores) {
    const show = h('button', { type: 'button', id: 'show-scores' }, t('show_scores'));
    show.addEventListener('click', () => { tbl.showScores = true; renderTable(); });
    return h('section', { class: 'card' }, show);
  }
  const best = Math.max(...scores.map((x) => x.total));
  const divine = view.seats.some((p) => p.divine != null);
  const rows = scores.map((sc, i) => h('tr', { class: sc.total === best ? 'winner' : '', 'data-seat': i },
    h('th', { scope: 'row' }, seatBadge(i), ' ', seatLabel(snap, i)),
    h('td', null, sc.influence),
    h('td', null, sc.majorities[0]), h('td', null, sc.majorities[1]), h('td', null, sc.majorities[2]),
    divine ? h('td', null, sc.tile_majority) : null,
    h('td', null, sc.buildings),
    divine ? h('td', null, sc.tiles) : null,
    h('td', { class: 'total' }, h('strong', null, sc.total))));
  const hide = h('button', { type: 'button', class: 'small' }, t('hide'));
  hide.addEventListener('click', () => { tbl.showScores = false; renderTable(); });
  return h('section', { class: 'card scores highlight', id: 'scores', 'aria-label': t('final_scores') },
    h('div', { class: 'row' }, h('h2', null, t('final_scores')), h('span', { class: 'grow' }), hide),
    scores.length ? h('div', { class: 'scroll-x' }, h('table', null,
      h('thead', null, h('tr', null, h('th', null, t('player')), h('th', null, t('influence')),
        h('th', { title: t('majority_hint') }, enemyName('prussian')), h('th', { title: t('majority_hint') }, enemyName('slav')), h('th', { title: t('majority_hint') }, enemyName('saracen')),
        divine ? h('th', { title: t('tile_majority_hint') }, t('tile_majority')) : null, h('th', { title: t('level4_hint') }, t('buildings')),
        divine ? h('th', null, t('end_game_tiles')) : null, h('th', null, t('total')))),
      h('tbody', null, rows))) : h('p', null, t('phase.over')),
    h('p', null, `${t('winner')}: `, scores.map((x, i) => (x.total === best ? seatLabel(snap, i) : null)).filter(Boolean).join(', ')),
    scoresFooter(snap).footer);
}

/**
 * Below the final scores (every game): the seed checked against its commitment, the record and the replay.
 * Also the button that shows hidden scores again.
 * @param {Snap} snap
 * @returns {{footer: Array<HTMLElement>, shown: boolean, hide: HTMLElement, show: HTMLElement}}
 */
export function scoresFooter(snap) {
  const verify = h('span', { id: 'seed-check', class: 'muted' });
  if (snap.seed && globalThis.crypto?.subtle) {
    crypto.subtle.digest('SHA-256', new TextEncoder().encode(snap.seed)).then((buf) => {
      const hex = [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('');
      verify.textContent = hex === snap.seed_commitment ? `✓ ${t('seed_ok')}` : `✗ ${t('seed_bad')}`;
      verify.className = hex === snap.seed_commitment ? 'ok' : 'error';
    }).catch(() => {});
  }
  const hide = h('button', { type: 'button', class: 'small' }, t('hide'));
  hide.addEventListener('click', () => { tbl.showScores = false; renderTable(); });
  const show = h('button', { type: 'button', id: 'show-scores' }, t('show_scores'));
  show.addEventListener('click', () => { tbl.showScores = true; renderTable(); });
  return {
    shown: tbl.showScores,
    hide,
    show,
    footer: [
      h('p', { class: 'seed' }, `${t('seed')}: `, h('code', { class: 'mono', id: 'seed' }, snap.seed ?? '—'), ' ', verify),
      h('p', { class: 'seed' }, `${t('seed_commitment')}: `, h('code', { class: 'mono' }, snap.seed_commitment)),
      h('p', null, h('a', { href: `/api/tables/${encodeURIComponent(tbl.id)}/record`, download: `ordo-${tbl.id}.json` }, t('download_record')), ' · ',
        h('a', { href: replayUrl(tbl.id, tbl.token), id: 'scores-replay' }, t('replay')), ' · ',
        h('a', { href: '/' }, t('back_to_lobby'))),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Hints (the coach)
// ---------------------------------------------------------------------------------------------

/** Order-independent JSON, to compare actions. @param {unknown} v @returns {string} */
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (isObj(v)) return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canon(v[k])}`).join(',')}}`;
  return JSON.stringify(v);
}

/** A number in the chosen language. @param {number} n */
const fmtNum = (n) => n.toLocaleString(getLang());

async function requestHints() {
  const snap = tbl.snap;
  if (!snap || tbl.hintBusy || !tbl.token) return;
  tbl.hintBusy = true;
  tbl.hintError = '';
  tbl.hints = null;
  renderTable();
  try {
    /** @type {Hints} */
    const res = await api(`/api/tables/${encodeURIComponent(tbl.id)}/hints?token=${encodeURIComponent(tbl.token)}`);
    const now = tbl.snap;
    if (now && res.version === now.version) {
      const keys = now.legal.map((l) => canon(l.action));
      /** @type {Array<{i: number, value: number, visits: number}>} */
      const items = [];
      for (const x of res.hints ?? []) {
        const i = keys.indexOf(canon(x.action));
        // Only decisions that are legal now (never an action outside `legal`).
        if (i >= 0 && !items.some((y) => y.i === i)) items.push({ i, value: Number(x.value) || 0, visits: Number(x.visits) || 0 });
        if (items.length >= 3) break;
      }
      tbl.hints = { version: res.version, iterations: Number(res.iterations) || 0, items };
    }
  } catch (e) {
    tbl.hintError = e instanceof ApiError ? `${t('hint_failed')} — ${e.message}` : t('hint_failed');
  }
  tbl.hintBusy = false;
  renderTable();
}

/** The hint button and the suggestions. @param {Snap} snap @param {View} view @param {boolean} enabled */
function renderHints(snap, view, enabled) {
  const box = h('div', { class: 'hints', id: 'hints-box' });
  if (!tbl.token || snap.you == null) return box;
  const btn = h('button', { type: 'button', id: 'hint', class: 'small', disabled: tbl.hintBusy || !enabled, 'aria-busy': tbl.hintBusy ? 'true' : null, title: t('hint_help') },
    tbl.hintBusy ? t('hint_busy') : t('hint'));
  btn.addEventListener('click', () => { void requestHints(); });
  box.append(btn);
  if (tbl.hintError) box.append(h('p', { class: 'error', id: 'hint-error' }, tbl.hintError));
  const hints = tbl.hints;
  if (hints && hints.version === snap.version) {
    if (hints.items.length === 0) {
      box.append(h('p', { class: 'muted', id: 'hint-none' }, t('hint_none')));
    } else {
      box.append(h('ol', { class: 'hint-list', id: 'hint-list' }, hints.items.map((x) => {
        const b = h('button', { type: 'button', class: 'hint-choice', 'data-legal': x.i, disabled: !enabled, 'data-k': `hint-${x.i}` },
          h('strong', null, decisionLabel(snap, view, x.i)));
        b.addEventListener('click', () => choose(x.i));
        const hl = (/** @type {boolean} */ on) => document.querySelector(`#decision-list button.decision[data-legal="${x.i}"]`)?.classList.toggle('hinted', on);
        b.addEventListener('mouseenter', () => hl(true));
        b.addEventListener('mouseleave', () => hl(false));
        return h('li', null, b, h('span', { class: 'hint-reason muted' },
          t('hint_reason', { pct: Math.round(x.value * 100), n: fmtNum(x.visits), total: fmtNum(hints.iterations) })));
      })));
    }
  }
  return box;
}

// ---------------------------------------------------------------------------------------------
// Replay viewer (`/t/{id}?replay=1`)
// ---------------------------------------------------------------------------------------------

/** @param {string} id @param {string | null} token */
function replayUrl(id, token) {
  return `/t/${encodeURIComponent(id)}?replay=1${token ? `&token=${encodeURIComponent(token)}` : ''}`;
}

const rep = {
  /** @type {ReplayStep | null} */
  step: null,
  /** @type {any} */
  table: null,
  busy: false,
  error: '',
  /** The step the controls point at (the slider may run ahead of the board). */
  want: 0,
  seq: 0,
};

/** @param {string} id @param {string | null} token */
function bootReplay(id, token) {
  tbl.id = id;
  tbl.token = token;
  renderReplay();
  api(`/api/tables/${encodeURIComponent(id)}`).then((x) => {
    rep.table = x;
    ensureGame(String(x?.game ?? 'crusaders'));
    renderReplay();
  }).catch((e) => {
    rep.error = `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    renderReplay();
  });
  void replayGo(0);
  document.addEventListener('keydown', (e) => {
    const target = /** @type {HTMLElement | null} */ (e.target instanceof HTMLElement ? e.target : null);
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    const total = rep.step?.total ?? 0;
    let to = null;
    if (e.key === 'ArrowLeft') to = rep.want - 1;
    else if (e.key === 'ArrowRight') to = rep.want + 1;
    else if (e.key === 'Home') to = 0;
    else if (e.key === 'End') to = total;
    if (to == null) return;
    e.preventDefault();
    void replayGo(to);
  });
}

/** Shows the position after the first `at` decisions. @param {number} at */
async function replayGo(at) {
  const total = rep.step?.total;
  const n = Math.max(0, total != null ? Math.min(total, at) : at);
  rep.want = n;
  const seq = ++rep.seq;
  rep.busy = true;
  renderReplayBar();
  try {
    /** @type {ReplayStep} */
    const step = await api(`/api/tables/${encodeURIComponent(tbl.id)}/replay?at=${n}`);
    if (seq !== rep.seq) return;
    rep.step = step;
    rep.want = step.at;
    rep.error = '';
  } catch (e) {
    if (seq !== rep.seq) return;
    rep.error = e instanceof ApiError && e.code === 'game/not_found' ? t('err.no_table')
      : e instanceof ApiError && e.code === 'table/damaged' ? t('damaged_help') : `${t('load_failed')}: ${e instanceof Error ? e.message : String(e)}`;
  }
  rep.busy = false;
  renderReplay();
}

/** A spectator's snapshot around a replay step, so that the live renderers can draw it. @param {ReplayStep} step @returns {Snap} */
function replaySnap(step) {
  const seats = (rep.table?.seats ?? []).map((/** @type {any} */ x) => ({ ...x, away: false }));
  return /** @type {Snap} */ (/** @type {unknown} */ ({
    version: step.at, status: 'active', you: null, legal: [], to_act: step.to_act, can_undo: false,
    seats, view: step.view, log: {}, clocks: null, seed: null, seed_commitment: '',
  }));
}

/** Updates the controls only (fast while the slider moves). */
function renderReplayBar() {
  const total = rep.step?.total ?? 0;
  const counter = $('#replay-counter');
  if (counter) counter.textContent = t('replay_step', { n: rep.want, total });
  const slider = /** @type {HTMLInputElement | null} */ ($('#replay-slider'));
  if (slider && Number(slider.value) !== rep.want) slider.value = String(rep.want);
  $('#replay')?.setAttribute('aria-busy', rep.busy ? 'true' : 'false');
}

function renderReplay() {
  if (page !== 'replay') return;
  const app = $('#app');
  if (!app) return;
  const step = rep.step;
  const back = h('a', { href: tableUrl(tbl.id, tbl.token), class: 'button small', id: 'replay-back' }, t('back_to_table'));
  if (!step || !gameReady()) {
    app.replaceChildren(h('div', { class: 'card' }, h('p', { class: rep.error ? 'error' : '' }, rep.error || t('loading')), back));
    return;
  }
  const view = /** @type {View} */ (step.view);
  const snap = replaySnap(step);
  const wk = wkUi();
  const total = step.total;
  /** @param {string} id @param {string} label @param {string} text @param {number} to @param {boolean} off */
  const ctl = (id, label, text, to, off) => {
    const b = h('button', { type: 'button', id, title: label, 'aria-label': label, disabled: off }, text);
    b.addEventListener('click', () => { void replayGo(to); });
    return b;
  };
  const slider = h('input', { type: 'range', id: 'replay-slider', min: 0, max: total, step: 1, value: rep.want, 'aria-label': t('replay_slider') });
  slider.addEventListener('input', () => { rep.want = Number(/** @type {HTMLInputElement} */ (slider).value); renderReplayBar(); });
  slider.addEventListener('change', () => { void replayGo(Number(/** @type {HTMLInputElement} */ (slider).value)); });
  const last = step.last;
  const lastText = last == null ? (step.at === 0 ? t('replay_start') : t('log_secret')) : logText(view, last);
  const controls = h('section', { class: 'card replay-bar', id: 'replay', 'aria-label': t('replay'), 'aria-busy': rep.busy ? 'true' : 'false' },
    h('div', { class: 'row wrap' },
      h('h2', null, t('replay')),
      h('strong', { id: 'replay-counter', 'aria-live': 'polite' }, t('replay_step', { n: rep.want, total })),
      h('span', { class: 'grow' }),
      back),
    h('div', { class: 'row wrap replay-controls' },
      ctl('replay-first', t('replay_first'), '«', 0, step.at === 0),
      ctl('replay-prev', t('replay_prev'), '‹', step.at - 1, step.at === 0),
      slider,
      ctl('replay-next', t('replay_next'), '›', step.at + 1, step.at >= total),
      ctl('replay-last', t('replay_last'), '»', total, step.at >= total)),
    h('p', { id: 'replay-move' }, last ? [seatBadge(last.seat, 14), ' ', h('span', { class: 'log-who' }, seatLabel(snap, last.seat)), ': '] : null,
      h('span', { id: 'replay-last-text' }, lastText)),
    h('p', { class: 'muted small-print' }, t('replay_keys')));
  /** @type {any} */
  const wv = view;
  const status = h('section', { class: 'status-bar card', id: 'status' },
    h('div', { class: 'row wrap' }, h('strong', { class: 'phase', id: 'phase' }, wk ? wk.phaseText(snap, wv) : phaseText(snap, view))),
    h('div', { class: 'row wrap facts' }, wk ? wk.facts(snap, wv) : [
    h('span', { title: t('supply_hint') }, `${t('supply')}: ${view.supply}`),
      view.end_triggered ? h('span', { class: 'tag warn' }, t('last_round')) : null,
      h('span', null, `${t('turns')}: ${view.turns}`),
      h('span', { title: t('strength_hint') }, `${enemyName('prussian')}: ${view.prussian.strength}`),
      h('span', { title: t('strength_hint') }, `${enemyName('slav')}: ${view.slav.strength}`)]));
  const board = h('section', { class: `board card${wk ? ' wk-board' : ''}`, id: 'board', 'aria-label': t('map') },
    wk ? wk.renderMap(snap, wv, new Map(), null) : renderMap(snap, view));
  const players = h('section', { class: `players others${wk ? ' wk-others' : ''}`, id: 'players', 'aria-label': t('players') },
    wk ? wk.boards(snap, wv).others : view.seats.map((p) => renderPlayer(snap, view, p)));
  const focusId = document.activeElement?.id ?? null;
  document.title = `${t('replay')} · Ordo · ${gameName(tbl.game || 'crusaders')}`;
  app.replaceChildren(h('div', { class: `table-page replay-page${wk ? ' wk' : ''}` }, controls, status,
    wk ? h('div', { class: 'layout' }, board, h('div', { class: 'side' }, wk.panels(snap, wv))) : board,
    wk ? wk.court(snap, wv) : null, players));
  const el = focusId ? document.getElementById(focusId) : null;
  if (el && !(/** @type {HTMLButtonElement} */ (el)).disabled) el.focus({ preventScroll: true });
}

// ---------------------------------------------------------------------------------------------
// Rules reference (`/?rules`)
// ---------------------------------------------------------------------------------------------

function renderRules() {
  const app = $('#app');
  if (!app) return;
  const lang = /** @type {keyof typeof RULES} */ (getLang());
  const doc = RULES[lang] ?? RULES.en;
  const wkDoc = WK_RULES[lang] ?? WK_RULES.en;
  document.title = `${t('rules_title')} · Ordo`;
  /** @param {Array<{h: string, p: Array<string>, li?: Array<string>}>} sections @param {string} prefix */
  const body = (sections, prefix) => sections.map((sec, i) => h('section', { id: `${prefix}-${i}` },
    h('h2', null, sec.h),
    sec.p.map((x) => h('p', null, x)),
    sec.li ? h('ul', null, sec.li.map((x) => h('li', null, x))) : null));
  app.replaceChildren(h('article', { class: 'card rules-page', id: 'rules' },
    h('div', { class: 'row wrap' }, h('h1', null, t('rules_title')), h('span', { class: 'grow' }), h('a', { href: '/', class: 'button small' }, t('back_to_lobby'))),
    h('p', { class: 'muted' }, t('rules_intro')),
    h('nav', { 'aria-label': t('rules_contents') },
      h('p', { class: 'rules-game-link' }, h('a', { href: '#rules-crusaders' }, gameName('crusaders')), ' · ', h('a', { href: '#rules-wk' }, gameName(WK))),
      h('ol', { class: 'rules-toc' }, doc.map((sec, i) => h('li', null, h('a', { href: `#rules-${i}` }, sec.h))))),
    h('p', { class: 'rules-game', id: 'rules-crusaders' }, gameName('crusaders')),
    body(doc, 'rules'),
    h('div', { class: 'rules-wk', id: 'rules-wk' },
      h('p', { class: 'rules-game' }, gameName(WK)),
      h('p', { class: 'muted' }, t('wk_rules_intro')),
      h('nav', { 'aria-label': `${t('rules_contents')} · ${gameName(WK)}` },
        h('ol', { class: 'rules-toc' }, wkDoc.map((sec, i) => h('li', null, h('a', { href: `#rules-wk-${i}` }, sec.h))))),
      body(wkDoc, 'rules-wk'))));
  if (location.hash) document.getElementById(location.hash.slice(1))?.scrollIntoView();
}

// ---------------------------------------------------------------------------------------------
// Boot
// ---------------------------------------------------------------------------------------------

/** @type {'lobby' | 'table' | 'replay' | 'rules'} */
let page = 'lobby';

function boot() {
  const m = location.pathname.match(/^\/t\/([^/]+)\/?$/);
  const params = new URLSearchParams(location.search);
  if (m && params.has('replay')) page = 'replay';
  else if (m) page = 'table';
  else if (params.has('rules')) page = 'rules';
  renderHeader();
  onLangChange(() => {
    renderHeader();
    if (page === 'table') renderTable();
    else if (page === 'replay') renderReplay();
    else if (page === 'rules') renderRules();
    else renderLobby();
  });
  if (m && page === 'replay') {
    bootReplay(decodeURIComponent(m[1]), params.get('token'));
  } else if (page === 'rules') {
    renderRules();
  } else if (m) {
    page = 'table';
    tbl.id = decodeURIComponent(m[1]);
    tbl.token = new URLSearchParams(location.search).get('token');
    // A link opened again must not replace the token the seat is held with (the link's may be
    // an invite already used); the token is remembered once it has shown the seat.
    if (tbl.token && !store.tables()[tbl.id]?.token) store.remember(tbl.id, { token: tbl.token, seat: null, at: Date.now() });
    renderTable();
    // The game (and so the data to draw it) is known from the table's facts or the first snapshot.
    api(`/api/tables/${encodeURIComponent(tbl.id)}`).then((x) => { if (x?.game) ensureGame(String(x.game)); }).catch(() => {});
    const known = store.tables()[tbl.id];
    if (tbl.token && known?.token && known.from === tbl.token) {
      // An invite this browser took its seat with (the link opened again): the seat's own token.
      tbl.token = known.token;
      history.replaceState(history.state, '', tableUrl(tbl.id, known.token));
      connect();
    } else if (tbl.token && known?.pending && known.pendingFrom === tbl.token) {
      // The seat was asked for with this invite and the answer never came: if the server took
      // it, the invite is refused and the token asked for holds the seat.
      const invite = tbl.token;
      api(`/api/tables/${encodeURIComponent(tbl.id)}/state?token=${encodeURIComponent(invite)}`).catch((e) => {
        const held = e instanceof ApiError && e.code === 'auth/bad_token' ? (refusedTokens.add(invite), tokenFromInvite(invite)) : null;
        if (held) {
          tbl.token = held;
          history.replaceState(history.state, '', tableUrl(tbl.id, held));
        }
      }).finally(connect);
    } else {
      connect();
    }
    window.setInterval(tickClocks, 500);
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && (tbl.regionPick != null || tbl.confirm != null)) {
        tbl.regionPick = null;
        tbl.confirm = null;
        renderTable();
      }
    });
  } else {
    page = 'lobby';
    renderLobby();
    void loadTables();
  }
}

// Exposed for tests and debugging: the snapshot this page holds.
Object.defineProperty(window, '__ordo', {
  value: {
    get snap() { return tbl.snap; },
    get conn() { return tbl.conn; },
    mergeApply,
    /** Simulates a dropped connection (the page reconnects by itself). */
    dropConnection() { tbl.ws?.close(); },
  },
});

boot();
