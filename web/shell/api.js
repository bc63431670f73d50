// @ts-check
import { $, h } from './dom.js';
import { t } from './i18n.js';

/** @typedef {import('../src/generated').Snapshot} Snapshot */
/**
 * A remembered table. `from`: the invite `token` was taken with; `pending`: a token asked for
 * with the invite `pendingFrom` and not yet confirmed.
 * @typedef {{token: string | null, seat: number | null, host?: string | null, at: number, game?: string, from?: string | null, pending?: string | null, pendingFrom?: string | null, bound?: boolean}} MyTable
 */

// HTTP: the JSON API, remembered tables and tokens, addresses, game data.

export let uidCounter = 0;
/** A unique client message id. */
export function uid() {
  uidCounter += 1;
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}-${uidCounter}`;
}

/** An error the server answered, with its stable code. */
export class ApiError extends Error {
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
export async function api(path, body) {
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
export const store = {
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

/**
 * A table's address. `token` only for an invite (a link handed to someone, used once): a seat
 * taken is held by the browser's cookie (or a token kept in this browser), never in an address.
 * @param {string} id @param {string | null} token
 */
export function tableUrl(id, token) {
  return `/t/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** @type {Map<string, Promise<any>>} */
export const dataPromises = new Map();
/**
 * A game's component data (map, wedges, orders, ...), fetched once; with `pack`, the files of the
 * owner's data pack the table plays with (`config.data`).
 * @param {string} game @param {string | null} [pack]
 */
export function fetchGameData(game, pack = null) {
  const key = pack ? `${game}?${pack}` : game;
  let p = dataPromises.get(key);
  if (!p) {
    // A failed fetch is forgotten, so that the next attempt asks again.
    const query = pack ? `?pack=${encodeURIComponent(pack)}` : '';
    p = api(`/api/games/${encodeURIComponent(game)}/data${query}`).catch((e) => {
      dataPromises.delete(key);
      throw e;
    });
    dataPromises.set(key, p);
  }
  return p;
}

/** The data pack a table's configuration names (`config.data`, 32 hex digits), or null. @param {unknown} config */
export function packOf(config) {
  const d = config && typeof config === 'object' ? /** @type {Record<string, unknown>} */ (config).data : null;
  return typeof d === 'string' && /^[0-9a-f]{32}$/i.test(d) ? d.toLowerCase() : null;
}

/** @type {Map<string, Promise<any>>} */
const infoPromises = new Map();
/** A table's facts (`GET /api/tables/{id}`), asked once per page; null when they cannot be had. @param {string} id */
export function tableInfo(id) {
  let p = infoPromises.get(id);
  if (!p) {
    p = api(`/api/tables/${encodeURIComponent(id)}`).catch(() => {
      infoPromises.delete(id);
      return null;
    });
    infoPromises.set(id, p);
  }
  return p;
}

/** A random token for a seat (32 hex digits). */
export function newToken() {
  const b = new Uint8Array(16);
  crypto.getRandomValues(b);
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

/** A table's replay: public, so it carries no seat token (sharing it gives nothing away). @param {string} id */
export function replayUrl(id) {
  return `/t/${encodeURIComponent(id)}?replay=1`;
}

/**
 * The owner's data pack a table plays with: its first 8 hex digits, the full id on hover or tap.
 * @param {string} pack @param {string | null} [id]
 */
export function packTag(pack, id = null) {
  return h('span', { class: 'tag pack', id, 'data-pack': pack, title: t('pack_hint', { id: pack }), 'data-tip': t('pack_hint', { id: pack }) },
    t('pack_tag', { short: `${pack.slice(0, 8)}…` }));
}

/**
 * JSON over HTTP with any method; a refusal becomes an ApiError.
 * @param {string} method @param {string} path @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function call(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  /** @type {any} */
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) throw new ApiError(json?.code ?? `http/${res.status}`, json?.message ?? text);
  return json;
}

/** The signed-in person, asked once per page. @type {Promise<import('../src/generated').Me | null> | null} */
let asked = null;
/** The signed-in person, or null for a guest. @returns {Promise<import('../src/generated').Me | null>} */
export function whoAmI() {
  asked ??= call('GET', '/api/session').catch(() => null);
  return asked;
}
/** Asks again next time (after signing in or out). */
export function forgetMe() {
  asked = null;
}
