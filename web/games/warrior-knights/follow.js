// @ts-check
// What each decision did, for the log: the card it resolved and the resources it moved, noted as
// the page sees the table change (a line from before the page was opened keeps its plain text).

import { anyCardName, signed, agendaName, eventName, eventEffect, playerName } from './names.js';
import { t } from './ctx.js';
import { data } from './data.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').LogLine} LogLine */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkCard} WkCard */

/** @typedef {{card: WkCard | null, gains: Array<[string, number]>, also?: Array<string>}} Note */

const RES = /** @type {const} */ (['crowns', 'votes', 'faith', 'influence']);

/** @type {Map<string, Note>} */
const notes = new Map();
/** @type {WeakMap<LogLine, string>} */
let keyOf = new WeakMap();
/** @type {WkView | null} */
let prev = null;
let prevVersion = -1;
let prevTable = '';
let lastKey = '';
/** Areas where something changed since the viewer last decided (moves, sieges, captures, control). */
/** @type {Set<number>} */
const changed = new Set();

/** The areas changed since the viewer last decided. */
export function changedAreas() {
  return changed;
}

/** Areas where two views differ: Nobles moved, cities and strongholds changed. @param {WkView} a @param {WkView} b @param {Array<number>} cityArea */
function differing(a, b, cityArea) {
  /** @type {Set<number>} */
  const out = new Set();
  const at = (/** @type {any} */ n) => (n && typeof n.loc === 'object' ? ('at' in n.loc ? n.loc.at : n.loc.sea) : null);
  b.barons.forEach((bb, seat) => {
    const ab = a.barons[seat];
    if (!ab) return;
    bb.nobles.forEach((n, k) => {
      const m = ab.nobles[k];
      if (JSON.stringify(m?.loc) === JSON.stringify(n.loc) && m?.gone === n.gone && m?.casualties === n.casualties) return;
      for (const x of [at(m), at(n)]) if (x != null) out.add(x);
    });
    if (bb.stronghold != null && (ab.stronghold !== bb.stronghold || ab.sh_breaches !== bb.sh_breaches || JSON.stringify(ab.sh_siege) !== JSON.stringify(bb.sh_siege))) out.add(bb.stronghold);
  });
  b.cities.forEach((c, i) => {
    if (JSON.stringify(c) !== JSON.stringify(a.cities[i]) && cityArea[i] != null) out.add(cityArea[i]);
  });
  return out;
}

/**
 * Notes what the decisions made since the last table seen did (called before each drawing).
 * @param {Snapshot} snap
 */
export function noteLog(snap) {
  const view = /** @type {WkView | null} */ (snap.view);
  if (!view || !('barons' in view)) return;
  if (snap.table !== prevTable || snap.version < prevVersion) {
    notes.clear();
    changed.clear();
    prev = null;
    lastKey = '';
  }
  if (snap.version === prevVersion && snap.table === prevTable) return;
  keyOf = new WeakMap();
  const keys = [];
  for (const [k, e] of Object.entries(snap.log ?? {})) {
    if (!e) continue;
    keyOf.set(e, k);
    if (k > lastKey) keys.push(k);
  }
  keys.sort();
  if (prev && keys.length && lastKey !== '') {
    const first = keys[0];
    notes.set(first, { card: prev.revealed, gains: [], also: [...assemblyDone(prev, view), ...eventsDrawn(prev, view)] });
    // What the deciding Baron gained or lost, on the newest line of theirs.
    const byseat = new Map();
    for (const k of keys) {
      const e = snap.log?.[k];
      if (e) byseat.set(e.seat, k);
    }
    for (const [seat, k] of byseat) {
      const a = prev.barons[seat];
      const b = view.barons[seat];
      if (!a || !b) continue;
      const gains = /** @type {Array<[string, number]>} */ (RES.map((r) => [r, b[r] - a[r]]).filter(([, d]) => d !== 0));
      const note = notes.get(k) ?? { card: null, gains: [] };
      note.gains = gains;
      notes.set(k, note);
    }
  }
  if (prev && keys.length) {
    const newest = snap.log?.[keys[keys.length - 1]];
    if (snap.you != null && keys.some((k) => snap.log?.[k]?.seat === snap.you)) changed.clear();
    if (!newest || newest.seat !== snap.you) for (const x of differing(prev, view, data().cityArea)) changed.add(x);
  }
  if (keys.length) lastKey = keys[keys.length - 1];
  else if (lastKey === '') lastKey = Object.keys(snap.log ?? {}).sort().pop() ?? '';
  prev = view;
  prevVersion = snap.version;
  prevTable = snap.table;
}

/**
 * An Agenda the Assembly finished voting on between two views: "Assembly: Salt Concession
 * passes 4–3".
 * @param {WkView} a @param {WkView} b @returns {Array<string>}
 */
function assemblyDone(a, b) {
  const x = a.assembly?.assembly;
  if (!x || x.voting == null || x.result == null) return [];
  const y = b.assembly?.assembly;
  if (y && y.voting === x.voting && y.index === x.index) return [];
  const sum = (/** @type {(c: any) => boolean} */ f) => x.casts.reduce((n, c, s) => n + (c != null && f(c) ? x.revealed[s] ?? 0 : 0), 0);
  const agenda = agendaName(x.voting);
  const r = x.result;
  if (r === 'yes' || r === 'no') {
    const yes = sum((c) => c === 'yes');
    const no = sum((c) => c === 'no');
    return [t(r === 'yes' ? 'log.passes' : 'log.fails', { agenda, yes, no })];
  }
  return [t('log.passes_to', { agenda, who: playerName(r.for), n: sum((c) => typeof c === 'object' && c.for === r.for) })];
}

/** Events drawn between two views: "Event: Plague (Carol) — …". @param {WkView} a @param {WkView} b */
function eventsDrawn(a, b) {
  return (b.events_drawn ?? []).slice((a.events_drawn ?? []).length).map((e) => t('log.event', { event: eventName(e.card), who: playerName(e.target), effect: eventEffect(e.card) }));
}

/** What else a log line's decision brought about (Assembly results, Events), if this page saw it. @param {LogLine} e */
export function alsoOf(e) {
  const k = keyOf.get(e);
  return (k != null ? notes.get(k)?.also : null) ?? [];
}

/** The card a log line resolved, if this page saw it. @param {LogLine} e @returns {WkCard | null} */
export function cardOf(e) {
  const k = keyOf.get(e);
  return (k != null ? notes.get(k)?.card : null) ?? null;
}

/** What a log line moved, in words ("+3 crowns, −1 Faith"), if this page saw it. @param {LogLine} e */
export function gainsOf(e) {
  const k = keyOf.get(e);
  const g = k != null ? notes.get(k)?.gains ?? [] : [];
  return g.map(([r, d]) => t(`gain.${r}`, { n: signed(d), count: Math.abs(d) })).join(', ');
}

/** The card named in a log line: "Levy Taxes". @param {LogLine} e */
export function cardText(e) {
  const c = cardOf(e);
  return c ? anyCardName(c) : '';
}
