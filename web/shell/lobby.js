// @ts-check
import { h, $, seatBadge } from './dom.js';
import { ApiError, api, store, tableUrl, packOf, packTag, whoAmI, tableInfo } from './api.js';
import { ui, hooks } from './state.js';
import { getLang, t, botName, colorName, gameName, clockIn, clockSpecText } from './i18n.js';
import { GAME_IDS, SETUPS } from './games.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/** @typedef {import('../src/generated').CreateTable} CreateTable */
/** @typedef {import('../src/generated').Created} Created */
/** @typedef {import('../src/generated').TableSummary} TableSummary */
/** @typedef {import('../src/generated').Joined} Joined */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// The lobby: the game chooser and a new table's form, my tables, the open tables.
// (Each game's own options are drawn here from its configuration type; see README.)

export const BOTS = ['random', 'heuristic', 'easy', 'medium', 'hard', 'max'];

/** The bots' fixed ratings per game (`GET /api/games`, the bot ladder's): asked once. @type {Map<string, Array<import('../src/generated').BotRatingEntry>> | null} */
let botRatings = null;
let botRatingsAsked = false;
function askBotRatings() {
  if (botRatingsAsked) return;
  botRatingsAsked = true;
  api('/api/games').then((/** @type {Array<import('../src/generated').GameEntry>} */ games) => {
    botRatings = new Map(games.map((g) => [g.id, g.bots ?? []]));
    hooks.render();
  }).catch(() => { setTimeout(() => { botRatingsAsked = false; }, 30000); });
}

/** The rating group of a table of `n` players. @param {number} n */
const groupOf = (n) => (n <= 2 ? '2' : n <= 4 ? '3-4' : '5-6');

/** The bots, weakest first by their measured rating (the listed order until it is known). @param {string} game @param {number} players */
function botsByStrength(game, players) {
  const group = groupOf(players);
  const rated = botRatings?.get(game) ?? [];
  const r = (/** @type {string} */ b) => rated.find((x) => x.bot === b && x.group === group)?.rating;
  return rated.length ? [...BOTS].sort((a, b) => (r(a) ?? 0) - (r(b) ?? 0)) : BOTS;
}

/** A bot level's name with its rating at this many players (`easy · 1620`), where measured. @param {string} game @param {string} bot @param {number} players */
function botWithRating(game, bot, players) {
  const group = groupOf(players);
  const r = botRatings?.get(game)?.find((x) => x.bot === bot && x.group === group);
  return r ? t('bot_rated', { bot: botName(bot), rating: r.rating }) : botName(bot);
}

const DAY_MS = 86400000;
/** A turn-based clock's time per move: 12 hours, 1, 2, 3 or 7 days. */
const PER_MOVE = [DAY_MS / 2, DAY_MS, 2 * DAY_MS, 3 * DAY_MS, 7 * DAY_MS];

/**
 * A day clock of `perMove` per move with a bank of `bankDays` extra days: the time left after a
 * move is capped at one move's time plus the bank (without a bank, each move starts afresh).
 * @param {number} perMove @param {number} bankDays
 * @returns {import('../src/generated').ClockSpec}
 */
export function dayClock(perMove, bankDays) {
  const cap = perMove + bankDays * DAY_MS;
  return { initial_ms: cap, increment_ms: perMove, max_ms: cap };
}

/** The clock of a table a list shows, and whether it is rated (where the server lists them). @param {unknown} row */
function extras(row) {
  /** @type {{rated?: boolean, clock?: import('../src/generated').ClockSpec | null, pace?: import('../src/generated').Pace}} */
  const r = /** @type {any} */ (row) ?? {};
  return r;
}

/** A list's tags for a table: "Rated", and its clock ("2 days/move"). @param {{rated?: boolean, clock?: import('../src/generated').ClockSpec | null, pace?: import('../src/generated').Pace | null}} x */
function tableTags(x) {
  return [
    x.rated ? h('span', { class: 'tag rated', title: t('rated_tag_hint') }, t('rated')) : null,
    x.clock ? h('span', { class: 'tag clock-spec', title: t('clock') }, clockSpecText(x.clock, x.pace ?? null)) : null,
  ];
}

/** A copy button for a text. @param {string} text */
export function copyButton(text) {
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

/** The games' setups, once loaded. @type {Record<string, import('./game-api.js').Setup>} */
const setups = {};
/** @type {Set<string>} */
const asked = new Set();
/** A game's setup, if loaded (asked for otherwise; the lobby is drawn again when it comes). @param {string} id */
function setupOf(id) {
  if (!setups[id] && !asked.has(id) && SETUPS[id]) {
    asked.add(id);
    SETUPS[id]().then((x) => { setups[id] = x; if (ui.page === 'lobby') renderLobby(); }, () => asked.delete(id));
  }
  return setups[id] ?? null;
}

/** The lobby's form state, kept across re-renders (language switches). */
export const lobby = {
  players: 2,
  /** Each game's options, by game id (from its setup's defaults). @type {Record<string, Record<string, any>>} */
  options: {},
  /** @type {Array<{human: boolean, bot: string}>} */
  seats: [{ human: true, bot: 'heuristic' }, { human: false, bot: 'heuristic' }],
  pace: /** @type {'real_time' | 'turn_based'} */ ('real_time'),
  clock: false,
  clockMin: 15,
  clockInc: 10,
  /** A turn-based clock: the time each move adds (half a day to a week), and the bank in days. */
  dayMs: DAY_MS,
  bankDays: 0,
  /** A rated table (signed in, with a clock). */
  rated: false,
  /** Whether this browser's person is signed in (null until known). @type {boolean | null} */
  signedIn: /** @type {boolean | null} */ (null),
  mode: /** @type {'now' | 'lobby'} */ ('now'),
  /** @type {{id: string, created: Created, seats: Array<boolean>} | null} */
  created: null,
  /** @type {Array<TableSummary> | null} */
  list: null,
  /** "My games" as the server knows them (this person's seats, on any device). @type {Array<import('../src/generated').MyTable> | null} */
  mine: null,
  error: '',
  listError: '',
};

/** Whether the lobby asked who is signed in (for the "Rated" switch). */
let askedWho = false;

export function fitSeats() {
  while (lobby.seats.length < lobby.players) lobby.seats.push({ human: false, bot: 'heuristic' });
  lobby.seats.length = lobby.players;
}

export function renderLobby() {
  const app = $('#app');
  if (!app) return;
  fitSeats();
  askBotRatings();
  const setup = setupOf(ui.lobbyGame);
  if (!setup) { app.replaceChildren(h('div', { class: 'card' }, h('p', null, t('loading')))); return; }
  const opts = lobby.options[ui.lobbyGame] ??= setup.defaults();
  const maxPlayers = setup.maxPlayers(opts);
  if (lobby.players > maxPlayers) { lobby.players = maxPlayers; fitSeats(); }
  hooks.updateTitle();

  /** @param {string} label @param {HTMLElement} control @param {string} [hint] */
  const field = (label, control, hint) => h('label', { class: 'field', title: hint ?? null }, h('span', null, label), control);

  const gameSel = h('select', { id: 'game', name: 'game' },
    GAME_IDS.map((g) => h('option', { value: g, selected: g === ui.lobbyGame }, gameName(g))));
  gameSel.addEventListener('change', () => {
    ui.lobbyGame = /** @type {string} */ (/** @type {HTMLSelectElement} */ (gameSel).value);
    try { localStorage.setItem('ordo.game', ui.lobbyGame); } catch { /* no storage */ }
    renderLobby();
  });

  const players = h('select', { id: 'players', name: 'players', 'aria-label': t(setup.playersKey) },
    [2, 3, 4, 5, 6].map((n) => h('option', { value: n, selected: n === lobby.players, disabled: n > maxPlayers }, n)));
  players.addEventListener('change', () => { lobby.players = Number(/** @type {HTMLSelectElement} */ (players).value); fitSeats(); renderLobby(); });

  const checkbox = (/** @type {string} */ id, /** @type {boolean} */ on, /** @type {(v: boolean) => void} */ set, /** @type {boolean} */ disabled = false) => {
    const c = h('input', { type: 'checkbox', id, checked: on, disabled });
    c.addEventListener('change', () => { set(/** @type {HTMLInputElement} */ (c).checked); renderLobby(); });
    return c;
  };

  const seatRows = lobby.seats.map((seat, i) => {
    const kind = h('select', { id: `seat-kind-${i}`, 'aria-label': t('seat_n', { n: i + 1 }) },
      h('option', { value: 'human', selected: seat.human }, t('human')),
      h('option', { value: 'bot', selected: !seat.human }, t('bot')));
    kind.addEventListener('change', () => { seat.human = /** @type {HTMLSelectElement} */ (kind).value === 'human'; renderLobby(); });
    const level = h('select', { id: `seat-bot-${i}`, 'aria-label': t('bot_level'), disabled: seat.human },
      botsByStrength(ui.lobbyGame, lobby.players).map((b) => h('option', { value: b, selected: b === seat.bot }, botWithRating(ui.lobbyGame, b, lobby.players))));
    level.addEventListener('change', () => { seat.bot = /** @type {HTMLSelectElement} */ (level).value; });
    return h('li', { class: 'seat-row' }, seatBadge(i), h('span', { class: 'seat-name' }, `${t('seat_n', { n: i + 1 })} · ${colorName(i)}`), kind, seat.human ? null : level);
  });

  const pace = h('select', { id: 'pace' },
    h('option', { value: 'real_time', selected: lobby.pace === 'real_time' }, t('real_time')),
    h('option', { value: 'turn_based', selected: lobby.pace === 'turn_based' }, t('turn_based')));
  pace.addEventListener('change', () => { lobby.pace = /** @type {'real_time' | 'turn_based'} */ (/** @type {HTMLSelectElement} */ (pace).value); renderLobby(); });

  const num = (/** @type {string} */ id, /** @type {number} */ v, /** @type {(v: number) => void} */ set, /** @type {number} */ min, /** @type {number | null} */ max = null) => {
    const n = h('input', { type: 'number', id, value: v, min, max, step: 1, disabled: !lobby.clock, class: 'num' });
    n.addEventListener('change', () => set(Math.min(max ?? Infinity, Math.max(min, Number(/** @type {HTMLInputElement} */ (n).value) || min))));
    return n;
  };
  // Turn-based: days per move and a bank of days; real time: minutes and seconds per move.
  const perMove = h('select', { id: 'clock-days', disabled: !lobby.clock },
    PER_MOVE.map((ms) => h('option', { value: ms, selected: ms === lobby.dayMs }, ms < DAY_MS ? t('hours_n', { n: ms / 3600000 }) : t('days_n', { n: ms / DAY_MS }))));
  perMove.addEventListener('change', () => { lobby.dayMs = Number(/** @type {HTMLSelectElement} */ (perMove).value) || DAY_MS; });
  const clockFields = lobby.pace === 'turn_based'
    ? [field(t('clock_per_move'), perMove, t('clock_per_move_hint')),
      field(t('clock_bank'), num('clock-bank', lobby.bankDays, (v) => { lobby.bankDays = v; }, 0, 30), t('clock_bank_hint'))]
    : [field(t('clock_minutes'), num('clock-min', lobby.clockMin, (v) => { lobby.clockMin = v; }, 1)),
      field(t('clock_increment'), num('clock-inc', lobby.clockInc, (v) => { lobby.clockInc = v; }, 0))];
  if (lobby.signedIn == null && !askedWho) {
    askedWho = true;
    void whoAmI().then((me) => { lobby.signedIn = me != null; if (ui.page === 'lobby') renderLobby(); });
  }
  const canRate = lobby.signedIn === true && lobby.clock;
  const ratedWhy = lobby.signedIn !== true ? t('rated_need_account') : !lobby.clock ? t('rated_need_clock') : t('rated_help');

  const name = h('input', { id: 'my-name', type: 'text', maxlength: 40, value: store.name(), autocomplete: 'nickname', placeholder: t('name_placeholder') });
  name.addEventListener('change', () => store.setName(/** @type {HTMLInputElement} */ (name).value.trim()));

  const modeRadio = (/** @type {'now' | 'lobby'} */ m, /** @type {string} */ label) => {
    const r = h('input', { type: 'radio', name: 'mode', id: `mode-${m}`, value: m, checked: lobby.mode === m });
    r.addEventListener('change', () => { lobby.mode = m; });
    return h('label', { class: 'radio' }, r, label);
  };

  const own = setup.fields(opts, lobby.players, { t, field, checkbox, rerender: renderLobby });
  const form = h('form', { id: 'create-form', class: 'card', 'data-game': ui.lobbyGame },
    h('h2', null, t('new_table')),
    h('div', { class: 'grid' },
      field(t('your_name'), name),
      field(t('game_choice'), gameSel),
      field(t(setup.playersKey), players, t(setup.playersHint)),
      own.main),
    own.more,
    h('fieldset', null, h('legend', null, t('seats')), h('ul', { class: 'seats' }, seatRows)),
    h('fieldset', null, h('legend', null, t('pace_and_clock')),
      h('div', { class: 'row wrap' },
        field(t('pace'), pace),
        h('label', { class: 'check' }, checkbox('clock', lobby.clock, (v) => { lobby.clock = v; }), t('clock')),
        clockFields),
      h('label', { class: 'check', title: ratedWhy }, checkbox('rated', canRate && lobby.rated, (v) => { lobby.rated = v; }, !canRate), t('rated_table')),
      h('p', { class: 'muted small', id: 'rated-hint' }, ratedWhy)),
    h('fieldset', null, h('legend', null, t('start')),
      modeRadio('now', t('start_now')), modeRadio('lobby', t('invite_lobby'))),
    lobby.error ? h('p', { class: 'error', role: 'alert' }, lobby.error) : null,
    h('div', { class: 'row' }, h('button', { type: 'submit', id: 'create', class: 'primary' }, t('create_table'))),
  );
  form.addEventListener('submit', (e) => { e.preventDefault(); store.setName(/** @type {HTMLInputElement} */ (name).value.trim()); void createTable(); });

  app.replaceChildren(
    h('div', { class: 'lobby' },
      h('section', { class: 'intro' }, h('h1', null, gameName(ui.lobbyGame)), h('p', null, t('intro'), ' ', h('a', { href: `/?rules#rules-${ui.lobbyGame}`, id: 'lobby-rules' }, t('rules_link')), ' · ',
        h('a', { href: `/?leaderboard=${encodeURIComponent(ui.lobbyGame)}`, id: 'lobby-leaderboard' }, t('leaderboard')))),
      lobby.created ? renderCreated() : null,
      renderLearn(),
      form,
      renderMyTables(),
      renderTableList()),
  );
}

/** The "Learn to play" card: a guided first game of the chosen game against a gentle bot. */
function renderLearn() {
  const go = h('button', { type: 'button', id: 'learn', class: 'primary' }, t('learn_start'));
  go.addEventListener('click', () => void learnToPlay());
  return h('section', { class: 'card learn', id: 'learn-card' },
    h('h2', null, t('learn_title')),
    h('p', null, t('learn_intro', { game: gameName(ui.lobbyGame) })),
    h('div', { class: 'row' }, go));
}

/** Creates a "Learn to play" table (the game's fixed tutorial seed, one gentle bot) and opens it. */
export async function learnToPlay() {
  const setup = setupOf(ui.lobbyGame);
  if (!setup) return;
  lobby.error = '';
  /** @type {CreateTable} */
  const body = {
    game: ui.lobbyGame,
    config: /** @type {any} */ (setup.config(setup.defaults(), 2)),
    seats: [{ kind: 'human' }, { kind: 'bot', bot: 'easy' }],
    tutorial: true,
  };
  try {
    /** @type {Created} */
    const created = await api('/api/tables', body);
    const token = created.tokens[0] ?? null;
    store.remember(created.id, { token, seat: 0, host: created.host_token, at: Date.now(), game: ui.lobbyGame });
    // The table page's guide (shell/tutorial.js) starts on tables marked so.
    try { localStorage.setItem(`ordo.learn.${created.id}`, '0'); } catch { /* no storage: `&learn=1` does it */ }
    location.href = `${tableUrl(created.id, token)}&learn=1`;
  } catch (e) {
    lobby.error = `${t('create_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    renderLobby();
  }
}

export async function createTable() {
  lobby.error = '';
  const setup = setupOf(ui.lobbyGame);
  if (!setup) return;
  const config = /** @type {any} */ (setup.config(lobby.options[ui.lobbyGame] ?? setup.defaults(), lobby.players));
  /** @type {CreateTable} */
  const body = {
    game: ui.lobbyGame,
    config,
    seats: lobby.seats.map((x) => (x.human ? { kind: 'human' } : { kind: 'bot', bot: x.bot })),
    lobby: lobby.mode === 'lobby',
    pace: lobby.pace,
  };
  if (lobby.clock) {
    body.clock = lobby.pace === 'turn_based' ? dayClock(lobby.dayMs, lobby.bankDays) : { initial_ms: lobby.clockMin * 60000, increment_ms: lobby.clockInc * 1000 };
  }
  if (lobby.rated && lobby.clock && lobby.signedIn) body.rated = true;
  try {
    /** @type {Created} */
    const created = await api('/api/tables', body);
    const seats = lobby.seats.map((x) => x.human);
    const mine = seats.indexOf(true);
    store.remember(created.id, { token: mine >= 0 ? created.tokens[mine] ?? null : null, seat: mine >= 0 ? mine : null, host: created.host_token, at: Date.now(), game: ui.lobbyGame });
    lobby.created = { id: created.id, created, seats };
    void loadTables();
  } catch (e) {
    const why = e instanceof ApiError && e.code === 'table/rated' ? t('rated_refused') : e instanceof Error ? e.message : String(e);
    lobby.error = `${t('create_failed')}: ${why}`;
  }
  renderLobby();
  $('#created')?.scrollIntoView({ block: 'nearest' });
}

export function renderCreated() {
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

/** How long ago, in words of the language shown. @param {number} ms */
function ago(ms) {
  const s = Math.round((Date.now() - ms) / 1000);
  const rtf = new Intl.RelativeTimeFormat(getLang(), { numeric: 'auto' });
  if (s < 60) return rtf.format(-s, 'second');
  if (s < 3600) return rtf.format(-Math.round(s / 60), 'minute');
  if (s < 86400) return rtf.format(-Math.round(s / 3600), 'hour');
  return rtf.format(-Math.round(s / 86400), 'day');
}

/** One table of "My games" from the server. @param {import('../src/generated').MyTable} m */
function myGame(m) {
  const others = m.seats.map((x, i) => ({ x, i })).filter(({ i }) => i !== m.seat).map(({ x, i }) => {
    const who = x.name ?? (x.kind === 'bot' ? t('bot') : t('player_n', { n: i + 1 }));
    const state = x.kind === 'bot' ? null : m.presence[i] ?? 'offline';
    return h('span', { class: 'person' }, seatBadge(i, 14), ' ',
      state ? h('span', { class: `presence ${state}`, 'data-presence': state, title: t(`presence_${state}`), 'aria-label': t(`presence_${state}`) }) : null, ' ', who);
  });
  const when = m.last_move_at ?? m.created_at;
  // The table's clock and whether it is rated: from the list when the server puts them there,
  // else from the table's facts (asked once, for the tables with a clock).
  const own = extras(m);
  const info = own.clock !== undefined ? null : m.clocks ? infoOf(m.id) : null;
  const tags = own.clock !== undefined || own.rated !== undefined ? tableTags(own) : info ? tableTags(info) : [];
  return h('li', { 'data-game': m.game, 'data-table': m.id, 'data-state': m.state, class: m.your_turn ? 'your-turn' : null },
    h('span', { class: 'tag game-tag' }, gameName(m.game)),
    seatBadge(m.seat),
    m.your_turn ? h('strong', { class: 'tag act' }, t('my_state_your_turn')) : h('span', { class: `status ${m.status}` }, t(`my_state_${m.state}`)),
    h('span', { class: 'people row wrap' }, others),
    h('span', { class: 'muted' }, m.last_move_at ? t('my_last_move', { when: ago(when) }) : t('my_created', { when: ago(when) })),
    tags,
    m.clocks && m.status === 'active' ? h('span', { class: 'tag my-clock', title: t('clock') }, `${t('clock')} ${clockIn(m.clocks[m.seat] ?? 0)}`) : null,
    h('a', { class: `button small${m.your_turn ? ' primary' : ''}`, href: tableUrl(m.id, null) }, t('rejoin')));
}

/** Tables' facts asked for by "My games" (their clock and whether rated), by id. @type {Map<string, import('../src/generated').TableInfo | null>} */
const infos = new Map();
/** A table's facts, if known (asked for once; "My games" is drawn again when they come). @param {string} id */
function infoOf(id) {
  if (!infos.has(id)) {
    infos.set(id, null);
    void tableInfo(id).then((x) => { if (x) { infos.set(id, x); refreshMine(); } });
  }
  return infos.get(id) ?? null;
}

/** Draws "My games" again in place (the form above keeps what is being typed). */
function refreshMine() {
  const old = $('#my-tables');
  const fresh = renderMyTables();
  if (old && fresh) old.replaceWith(fresh);
  else if (ui.page === 'lobby' && fresh && !old) renderLobby();
}

/** "My games" as the server just told them (asked for by the notifications). @param {Array<import('../src/generated').MyTable>} list */
export function takeMine(list) {
  const before = JSON.stringify(lobby.mine?.map((m) => [m.id, m.state, m.your_turn, m.last_move_at]) ?? null);
  lobby.mine = list;
  if (ui.page === 'lobby' && before !== JSON.stringify(list.map((m) => [m.id, m.state, m.your_turn, m.last_move_at]))) refreshMine();
}

export function renderMyTables() {
  const server = lobby.mine ?? [];
  const listed = new Set(server.map((m) => m.id));
  // Seats this browser holds by token only (before seats were bound to people, or a second
  // seat of one person at a table): kept on this device.
  const local = Object.entries(store.tables()).filter(([id]) => !listed.has(id)).sort((a, b) => (b[1].at ?? 0) - (a[1].at ?? 0));
  if (server.length === 0 && local.length === 0) return null;
  /** @type {Map<string, import('../src/generated').TableStatus | 'damaged'>} */
  const status = new Map((lobby.list ?? []).map((r) => [r.id, r.damaged ? 'damaged' : r.status]));
  const games = new Map((lobby.list ?? []).map((r) => [r.id, r.game]));
  return h('section', { class: 'card', id: 'my-tables' },
    h('h2', null, t('my_tables')),
    server.length ? h('ul', { class: 'table-list my-games', id: 'my-games' }, server.slice(0, 60).map(myGame)) : null,
    local.length ? h('ul', { class: 'table-list', id: 'my-local' }, local.slice(0, 30).map(([id, m]) => {
      const forget = h('button', { type: 'button', class: 'small' }, t('forget'));
      forget.addEventListener('click', () => { store.forget(id); renderLobby(); });
      const st = status.get(id);
      const game = m.game ?? games.get(id);
      return h('li', { 'data-game': game ?? null, 'data-table': id },
        h('code', { class: 'mono' }, id),
        game ? h('span', { class: 'tag game-tag' }, gameName(game)) : null,
        m.seat != null ? seatBadge(m.seat) : null,
        h('span', null, m.seat != null ? t('seat_n', { n: m.seat + 1 }) : t('spectator')),
        st ? h('span', { class: `status ${st}` }, t(/** @type {const} */ (`status.${st}`))) : null,
        st === 'damaged' ? null : h('a', { class: 'button small primary', href: tableUrl(id, null) }, t('rejoin')),
        forget);
    })) : null);
}

export function renderTableList() {
  const refresh = h('button', { type: 'button', class: 'small', id: 'refresh' }, t('refresh'));
  refresh.addEventListener('click', () => { void loadTables(); });
  const mine = store.tables();
  const rows = (lobby.list ?? []).slice(0, 50).map((r) => {
    /** @type {any} */
    const cfg = r.config ?? {};
    const what = setupOf(r.game)?.summary(cfg, t) ?? gameName(r.game);
    const pack = packOf(cfg);
    let join = null;
    if (r.damaged) {
      // Nothing to join, rejoin or watch until the host repairs the record.
    } else if (mine[r.id]?.token) {
      join = h('a', { class: 'button small primary', href: tableUrl(r.id, null) }, t('rejoin'));
    } else if (r.status === 'open' && r.free_seats > 0) {
      join = h('button', { type: 'button', class: 'small primary join', 'data-table': r.id }, t('join'));
      join.addEventListener('click', () => { void joinTable(r.id); });
    }
    return h('tr', { 'data-table': r.id, 'data-game': r.game },
      h('td', null, h('code', { class: 'mono' }, r.id)),
      h('td', null, r.damaged
        ? h('span', { class: 'status damaged', title: t('damaged_help') }, t('status.damaged'))
        : h('span', { class: `status ${r.status}` }, t(/** @type {const} */ (`status.${r.status}`)))),
      h('td', null, what, pack ? [' ', packTag(pack)] : null, ' ', tableTags({ ...extras(r), rated: r.rated })),
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

export async function loadTables() {
  // My games, from the server (this browser's person: its account or guest cookie).
  const mine = api('/api/me/tables').then((m) => { lobby.mine = Array.isArray(m) ? m : []; }, () => {});
  try {
    lobby.list = await api('/api/tables');
    lobby.listError = '';
  } catch (e) {
    lobby.listError = e instanceof Error ? e.message : String(e);
  }
  await mine;
  if (ui.page === 'lobby') renderLobby();
}

/** @param {string} id */
export async function joinTable(id) {
  try {
    /** @type {Joined} */
    const j = await api(`/api/tables/${encodeURIComponent(id)}/join`, { name: store.name() || null });
    store.remember(id, { token: j.token, seat: j.seat, at: Date.now(), bound: j.bound });
    location.href = tableUrl(id, null);
  } catch (e) {
    lobby.listError = `${t('join_failed')}: ${e instanceof Error ? e.message : String(e)}`;
    renderLobby();
  }
}
