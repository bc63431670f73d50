// @ts-check
// Turn-based play at the table: the viewer's low-time warning (the clock's style, a line saying
// how long is left, a sound on entering the zone), seats whose time ran out (in the log at
// their moment, and under the results), the vote to hand an absent player's seat to the
// stand-in, and the rating changes of a finished rated table.

import { h, $, seatBadge } from './dom.js';
import { ApiError, api } from './api.js';
import { tbl, hooks } from './state.js';
import { t, seatLabel, clockIn } from './i18n.js';

/** @typedef {import('../src/generated').Snapshot} Snap */

// ---------------------------------------------------------------------------------------------
// Low time
// ---------------------------------------------------------------------------------------------

/** The low-time line of a seated viewer at a running table with clocks (filled by `tickLowTime`). @param {Snap} snap */
export function lowTimeSlot(snap) {
  if (!snap.clocks || snap.you == null || snap.status !== 'active') return null;
  return [
    h('p', { id: 'low-time', class: 'low-time', role: 'timer', hidden: true }),
    h('span', { class: 'sr', id: 'low-time-say', role: 'alert' }),
  ];
}

/**
 * The viewer's time left is low: under 30 s, or under a fifth of the table's clock (its cap,
 * for a capped clock). The zone is entered once per stretch (a sound, a word for screen readers).
 * @param {Snap} snap @param {number} elapsed  ms since the clocks were received
 */
export function tickLowTime(snap, elapsed) {
  const me = snap.you;
  const seat = me != null ? snap.seats[me] : null;
  const base = me != null ? snap.clocks?.[me] : null;
  const running = base != null && me != null && snap.status === 'active' && snap.to_act.includes(me) && seat?.kind === 'human' && !seat.away;
  const left = running && base != null ? base - elapsed : null;
  const spec = tbl.info?.clock ?? null;
  const full = spec ? spec.max_ms ?? spec.initial_ms : null;
  const low = left != null && (left < 30000 || (full != null && left < 0.2 * full));
  const line = $('#low-time');
  if (line) {
    line.hidden = !low;
    if (low && left != null) line.textContent = t('low_time', { left: clockIn(Math.max(0, left)) });
  }
  if (me != null) {
    for (const el of document.querySelectorAll(`[data-clock="${me}"]`)) el.classList.toggle('low', low);
  }
  if (low && !tbl.lowTime) {
    void import('./notify.js').then((m) => m.beep('low'));
    const say = $('#low-time-say');
    if (say) say.textContent = t('low_time_alert');
  }
  tbl.lowTime = low;
}

// ---------------------------------------------------------------------------------------------
// Time ran out
// ---------------------------------------------------------------------------------------------

/**
 * The seats whose time ran out: the move that was theirs (`timed_out_at` decisions were in
 * effect, so the stand-in's first is the next one, numbered as the log numbers it) and the sentence.
 * @param {Snap} snap
 * @returns {Array<{seat: number, move: number, text: string}>}
 */
export function timeouts(snap) {
  /** @type {Array<{seat: number, move: number, text: string}>} */
  const out = [];
  snap.seats.forEach((x, seat) => {
    const at = x.timed_out_at;
    if (at == null) return;
    out.push({ seat, move: at + 1, text: t('timed_out', { who: seatLabel(snap, seat), n: at + 1 }) });
  });
  return out;
}

/** A log line telling a time-out (placed before the stand-in's first decision). @param {{seat: number, move: number, text: string}} x */
export function timeoutLogLine(x) {
  return h('li', { class: 'log-note timeout', 'data-timeout': x.seat, 'data-move': x.move }, seatBadge(x.seat, 14), ' ', x.text);
}

// ---------------------------------------------------------------------------------------------
// Results: rating changes and time-outs
// ---------------------------------------------------------------------------------------------

/** A signed whole number ("+23", "−8", "±0"). @param {number} n */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
}

/** Under a finished table's results: each rated seat's change, and the seats whose time ran out. @param {Snap} snap */
export function resultsNotes(snap) {
  if (snap.status !== 'finished') return [];
  const rated = snap.seats.map((x, seat) => ({ x, seat })).filter(({ x }) => x.rating != null);
  const outs = timeouts(snap);
  return [
    rated.length ? h('section', { class: 'rating-changes', id: 'rating-changes' },
      h('h3', null, t('rating_changes')),
      h('ul', { class: 'plain' }, rated.map(({ x, seat }) => {
        const r = /** @type {import('../src/generated').RatingChange} */ (x.rating);
        const [before, after] = [Math.round(r.before), Math.round(r.after)];
        const diff = after - before;
        const who = seatLabel(snap, seat);
        return h('li', { 'data-seat': seat, 'data-rating': after },
          seatBadge(seat, 14), ' ',
          x.kind === 'human' && x.name ? h('a', { href: `/?player=${encodeURIComponent(x.name)}` }, who) : who, ': ',
          h('span', { class: 'rating-move', title: t('rating_deviation', { n: Math.round(r.deviation) }) }, `${before} → ${after} `,
            h('span', { class: diff > 0 ? 'ok' : diff < 0 ? 'error' : 'muted' }, `(${signed(diff)})`)));
      })),
      h('p', { class: 'small' }, h('a', { href: `/?leaderboard=${encodeURIComponent(snap.game)}`, id: 'scores-leaderboard' }, t('leaderboard')))) : null,
    outs.map((x) => h('p', { class: 'warn timeout-note', id: `timeout-${x.seat}` }, seatBadge(x.seat, 14), ' ', x.text)),
  ];
}

// ---------------------------------------------------------------------------------------------
// Handing an absent player's seat to the stand-in
// ---------------------------------------------------------------------------------------------

const vote = {
  /** A vote being sent, by seat. @type {Set<number>} */
  busy: new Set(),
  /** The answer or refusal last shown, by seat. @type {Map<number, {text: string, ok: boolean}>} */
  said: new Map(),
  /** Votes needed, by seat, as the server last said. @type {Map<number, number>} */
  needed: new Map(),
  /** @type {number | undefined} */
  timer: undefined,
  /** The seat handed to the stand-in by the vote sent here (said once the seat leaves the list). */
  handed: '',
};

/** @param {Snap} snap @param {number} seat */
async function castVote(snap, seat) {
  if (vote.busy.has(seat)) return;
  vote.busy.add(seat);
  hooks.render();
  const who = seatLabel(snap, seat);
  try {
    /** @type {{handed: boolean, votes: number, needed: number}} */
    const r = await api(`/api/tables/${encodeURIComponent(tbl.id)}/abandon`, tbl.token ? { seat, token: tbl.token } : { seat });
    vote.needed.set(seat, r.needed);
    if (r.handed) vote.handed = t('abandon_handed', { who });
    vote.said.set(seat, {
      ok: true,
      text: r.handed ? t('abandon_handed', { who }) : t('abandon_counted', { votes: t('abandon_votes', { votes: r.votes, needed: r.needed, count: r.needed }) }),
    });
  } catch (e) {
    const why = e instanceof ApiError && e.code === 'table/abandon' ? t('abandon_refused') : e instanceof Error ? e.message : String(e);
    vote.said.set(seat, { ok: false, text: e instanceof ApiError && e.code === 'table/abandon' && e.message ? `${why} (${e.message})` : why });
  } finally {
    vote.busy.delete(seat);
    hooks.render();
  }
}

/**
 * At a running table without a clock, for the seated players: each other human seat the game
 * has waited on for `abandon_after_ms` or more, with a button to vote to hand it to the
 * stand-in and the votes so far. Drawn again when the next seat's wait reaches the limit.
 * @param {Snap} snap
 */
export function abandonBlock(snap) {
  clearTimeout(vote.timer);
  const limit = snap.abandon_after_ms;
  if (snap.status !== 'active' || limit == null || snap.you == null) return null;
  const me = snap.seats[snap.you];
  // (A player whose seat the stand-in plays takes it back before voting.)
  if (!me || me.kind !== 'human' || me.resigned || me.away) return null;
  const now = Date.now();
  let next = Infinity;
  /** @type {Array<{seat: number, since: number}>} */
  const due = [];
  snap.seats.forEach((x, seat) => {
    const since = snap.waiting_since?.[seat];
    if (seat === snap.you || x.kind !== 'human' || x.away || x.resigned || !x.joined || since == null) return;
    if (now - since >= limit) due.push({ seat, since }); else next = Math.min(next, since + limit);
  });
  if (next < Infinity) vote.timer = window.setTimeout(() => hooks.render(), Math.min(2 ** 31 - 1, next - now + 50));
  if (!due.length && !vote.handed) return null;
  return h('section', { class: 'card abandon', id: 'abandon' },
    h('h2', null, t('abandon_title')),
    vote.handed ? h('p', { class: 'ok', role: 'status', id: 'abandon-result' }, vote.handed) : null,
    due.map(({ seat, since }) => {
      const x = snap.seats[seat];
      const who = seatLabel(snap, seat);
      // Every other human seat still played by its player votes (the server's count, once it said it).
      const voters = snap.seats.filter((y, j) => j !== seat && y.kind === 'human' && !y.away && y.joined).length;
      const needed = vote.needed.get(seat) ?? Math.max(1, voters);
      const votes = x.abandon_votes.length;
      const mine = x.abandon_votes.includes(/** @type {number} */ (snap.you));
      const b = h('button', { type: 'button', class: 'small', id: `abandon-${seat}`, 'data-seat': seat, disabled: mine || vote.busy.has(seat) },
        t('abandon_button', { who: x.name ?? who }));
      b.addEventListener('click', () => void castVote(snap, seat));
      const said = vote.said.get(seat);
      return h('div', { class: 'abandon-seat', 'data-seat': seat },
        h('p', null, seatBadge(seat, 14), ' ', t('abandon_waited', { who, time: clockIn(now - since) })),
        h('div', { class: 'row wrap' }, b,
          h('span', { class: 'muted', id: `abandon-votes-${seat}` }, t('abandon_votes', { votes, needed, count: needed })),
          mine ? h('span', { class: 'tag' }, t('abandon_you_voted')) : null),
        said ? h('p', { class: said.ok ? 'ok' : 'error', role: said.ok ? 'status' : 'alert', id: `abandon-said-${seat}` }, said.text) : null);
    }),
    due.length ? h('p', { class: 'muted small' }, t('abandon_help')) : null);
}
