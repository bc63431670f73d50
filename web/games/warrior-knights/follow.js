// @ts-check
// What each decision did, for the log: the server sends every log line with its decision's effect
// (`WkEffect`: the card it resolved, the resources it moved, an Agenda voted, Events drawn), worded
// here in the reader's language. The areas that changed since the viewer last decided are noted
// as the page sees the table change (for the highlights on the map).

import { anyCardName, signed, agendaName, eventName, eventEffect, playerName } from './names.js';
import { t } from './ctx.js';
import { data } from './data.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').LogLine} LogLine */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkCard} WkCard */

/** @typedef {import('../../src/generated').WkEffect} WkEffect */

const RES = /** @type {const} */ (['crowns', 'votes', 'faith', 'influence']);

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
    changed.clear();
    prev = null;
    lastKey = '';
  }
  if (snap.version === prevVersion && snap.table === prevTable) return;
  const keys = Object.keys(snap.log ?? {}).filter((k) => k > lastKey).sort();
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

/** A log line's effect, if the decision did something its words do not say. @param {LogLine} e */
const fx = (e) => /** @type {WkEffect | null} */ (e.effect ?? null);

/**
 * What else a log line's decision brought about: an Agenda voted ("Assembly: Salt Concession
 * passes 4–3"), Events drawn ("Event: Plague (Carol) — …").
 * @param {LogLine} e @returns {Array<string>}
 */
export function alsoOf(e) {
  const f = fx(e);
  if (!f) return [];
  const out = [];
  const v = f.voted;
  if (v) {
    const agenda = agendaName(v.agenda);
    const r = /** @type {any} */ (v.result);
    if (r === 'yes' || r === 'no') out.push(t(r === 'yes' ? 'log.passes' : 'log.fails', { agenda, yes: v.yes, no: v.no }));
    else out.push(t('log.passes_to', { agenda, who: playerName(r.for), n: v.yes }));
  }
  for (const d of f.events ?? []) out.push(t('log.event', { event: eventName(d.card), who: playerName(d.target), effect: eventEffect(d.card) }));
  return out;
}

/** The card a log line resolved. @param {LogLine} e @returns {WkCard | null} */
export function cardOf(e) {
  return fx(e)?.card ?? null;
}

/** What a log line moved, in words ("+3 crowns, −1 Faith"). @param {LogLine} e */
export function gainsOf(e) {
  const g = fx(e)?.gains ?? [0, 0, 0, 0];
  return RES.map((r, i) => /** @type {[string, number]} */ ([r, g[i] ?? 0])).filter(([, d]) => d !== 0)
    .map(([r, d]) => t(`gain.${r}`, { n: signed(d), count: Math.abs(d) })).join(', ');
}

/** The card named in a log line: "Levy Taxes". @param {LogLine} e */
export function cardText(e) {
  const c = cardOf(e);
  return c ? anyCardName(c) : '';
}
