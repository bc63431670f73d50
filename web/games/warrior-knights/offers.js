// @ts-check
// Offers (with Exchanging Heirs): an exchange of crowns and heir tokens proposed to another Baron,
// who must accept it. Only the two of them see it until it is accepted; then everyone sees what
// changed hands. Made, answered and withdrawn at any time, whoever is to act.

import { h, fold } from '../../shell/dom.js';
import { t, give, canGive, rerender } from './ctx.js';
import { playerFull, who } from './names.js';
import { heirsHeld, heirName } from './gifts.js';

/** @typedef {import('../../src/generated').Snapshot} Snapshot */
/** @typedef {import('../../src/generated').WkView} WkView */
/** @typedef {import('../../src/generated').WkStake} WkStake */
/** @typedef {import('../../src/generated').WkOffer} WkOffer */

/**
 * The form between redraws: the Baron asked, and each side's crowns and heir (`of-shape`, or '').
 * @type {{open: boolean, to: number, giveCrowns: number, giveHeir: string, takeCrowns: number, takeHeir: string, error: string, seen: Set<string>}}
 */
const form = { open: false, to: -1, giveCrowns: 0, giveHeir: '', takeCrowns: 0, takeHeir: '', error: '', seen: new Set() };

/** One side of an offer in words ("3 crowns and the heir of Red's Star Noble"). @param {WkStake} s */
export function stakeText(s) {
  const parts = [];
  if (s.crowns > 0) parts.push(t('stake.crowns', { n: s.crowns }));
  if (s.heir) parts.push(heirName(s.heir.of, s.heir.shape));
  return parts.length ? parts.join(t('stake.and')) : t('offer.nothing');
}

/** What an offer exchanges, in words. @param {{give: WkStake, take: WkStake}} o */
export function exchangeText(o) {
  return t('offer.exchange', { give: stakeText(o.give), take: stakeText(o.take) });
}

/**
 * An offer decision (action JSON) in words: an answer names the offer by its maker and terms.
 * @param {string} kind @param {any} v
 */
export function offerDecisionText(kind, v) {
  if (kind === 'offer') return t('d.offer', { who: who(v.to), what: exchangeText(v) });
  if (kind === 'withdraw_offer') return t('d.withdraw_offer', { who: who(v.to) });
  return t(`d.${kind}`, { who: who(v.from), what: exchangeText(v) });
}

/** An open offer's key (at most one is open from each Baron to each other). @param {WkOffer} o */
const keyOf = (o) => `${o.from}-${o.to}-${JSON.stringify(o.give)}-${JSON.stringify(o.take)}`;

/** Why an offer cannot be made as it stands ('' if it can). @param {WkStake} give @param {WkStake} take */
function problemOf(give, take) {
  const empty = (/** @type {WkStake} */ s) => s.crowns === 0 && !s.heir;
  if (empty(give) || empty(take)) return t('offer.both_sides');
  return !give.heir && !take.heir ? t('offer.need_heir') : '';
}

/** @param {WkView} view @param {number} seat @param {WkStake} s */
function canHonour(view, seat, s) {
  const b = view.barons[seat];
  if (!b || b.eliminated || s.crowns > b.crowns) return false;
  return !s.heir || view.barons[s.heir.of]?.nobles[s.heir.shape]?.heir === seat;
}

/** @param {string} key @returns {import('../../src/generated').WkHeirToken | undefined} */
function heirOf(key) {
  if (!key) return undefined;
  const [of, shape] = key.split('-').map(Number);
  return { of, shape };
}

/**
 * The viewer's offers box (on their own board): offers to them to accept or decline, theirs to
 * withdraw, and a form for a new one. Nothing without Exchanging Heirs, for a spectator, a Baron
 * out of the game, or a finished game.
 * @param {Snapshot} snap @param {WkView} view
 */
export function offersBox(snap, view) {
  const me = snap.you;
  if (me == null || snap.status !== 'active' || view.outcome != null) return null;
  const mine = view.barons[me];
  if (!mine || mine.eliminated) return null;
  if (!view.barons.some((b) => b.nobles.some((n) => n.heir != null))) return null;
  // Bots do not answer offers, nor does a player who resigned: only players in the game are asked.
  const others = view.barons.map((_, s) => s).filter((s) => s !== me && !view.barons[s].eliminated &&
    snap.seats[s]?.kind !== 'bot' && !snap.seats[s]?.resigned);
  const offers = view.offers ?? [];
  const incoming = offers.filter((o) => o.to === me);
  const outgoing = offers.filter((o) => o.from === me);
  const enabled = canGive();
  // A new offer to the viewer opens the box once; the viewer may close it again.
  for (const o of incoming) {
    const k = keyOf(o);
    if (!form.seen.has(k)) { form.seen.add(k); form.open = true; }
  }

  const incomingRows = incoming.map((o) => {
    const ok = canHonour(view, o.from, o.give) && canHonour(view, o.to, o.take);
    const terms = { from: o.from, give: o.give, take: o.take };
    const yes = h('button', { type: 'button', class: 'primary', 'data-k': `wk-offer-accept-${o.from}`, disabled: !enabled || !ok }, t('offer.accept'));
    yes.addEventListener('click', () => give({ accept_offer: terms }));
    const no = h('button', { type: 'button', 'data-k': `wk-offer-decline-${o.from}`, disabled: !enabled }, t('offer.decline'));
    no.addEventListener('click', () => give({ decline_offer: terms }));
    return h('li', { class: 'wk-offer-row', 'data-offer-from': o.from },
      h('span', null, t('offer.incoming', { who: who(o.from), give: stakeText(o.give), take: stakeText(o.take) })),
      ok ? null : h('span', { class: 'muted small-print' }, ` (${t('offer.cannot')})`), ' ', yes, ' ', no);
  });
  const outgoingRows = outgoing.map((o) => {
    const back = h('button', { type: 'button', 'data-k': `wk-offer-withdraw-${o.to}`, disabled: !enabled }, t('offer.withdraw'));
    back.addEventListener('click', () => give({ withdraw_offer: { to: o.to } }));
    return h('li', { class: 'wk-offer-row', 'data-offer-to': o.to },
      h('span', null, t('offer.outgoing', { who: who(o.to), give: stakeText(o.give), take: stakeText(o.take) })), ' ', back);
  });

  /** @type {HTMLElement | null} */
  let make = null;
  if (others.length) {
    if (!others.includes(form.to)) form.to = others[0];
    const theirs = view.barons[form.to];
    const myHeirs = heirsHeld(view, me);
    const theirHeirs = heirsHeld(view, form.to);
    if (!myHeirs.some(([of, s]) => `${of}-${s}` === form.giveHeir)) form.giveHeir = '';
    if (!theirHeirs.some(([of, s]) => `${of}-${s}` === form.takeHeir)) form.takeHeir = '';
    const maxGive = Math.min(255, mine.crowns);
    const maxTake = Math.min(255, theirs.crowns);
    form.giveCrowns = Math.max(0, Math.min(form.giveCrowns, maxGive));
    form.takeCrowns = Math.max(0, Math.min(form.takeCrowns, maxTake));
    const to = /** @type {HTMLSelectElement} */ (h('select', { 'data-k': 'wk-offer-to', 'aria-label': t('give.to') },
      others.map((s) => h('option', { value: s, selected: s === form.to }, playerFull(s)))));
    to.addEventListener('change', () => { form.to = Number(to.value); rerender(); });
    // What the form would send, or why it cannot, in words; refreshed in place as amounts are
    // typed (a redraw then would swallow the click on the button).
    const note = h('p', { class: 'small-print', 'data-k': 'wk-offer-problem' });
    const refresh = () => {
      const g = { crowns: form.giveCrowns, heir: heirOf(form.giveHeir) };
      const k = { crowns: form.takeCrowns, heir: heirOf(form.takeHeir) };
      const problem = problemOf(g, k);
      note.className = `small-print${problem ? (form.error ? ' error' : ' muted') : ''}`;
      note.textContent = problem || t('offer.preview', { who: who(form.to), what: exchangeText({ give: g, take: k }) });
    };
    /** @param {string} k @param {number} value @param {number} max @param {(v: number) => void} set */
    const crowns = (k, value, max, set) => {
      const input = /** @type {HTMLInputElement} */ (h('input', { type: 'number', 'data-k': k, min: 0, max, step: 1, value, inputmode: 'numeric', 'aria-label': t('give.how_many') }));
      input.addEventListener('input', () => { set(Math.max(0, Math.min(max, Math.floor(Number(input.value)) || 0))); form.error = ''; refresh(); });
      return input;
    };
    /** @param {string} k @param {Array<[number, number]>} held @param {string} value @param {(v: string) => void} set */
    const heirPick = (k, held, value, set) => {
      const sel = /** @type {HTMLSelectElement} */ (h('select', { 'data-k': k, 'aria-label': t('give.heirs') },
        [h('option', { value: '', selected: value === '' }, t('offer.no_heir')),
          ...held.map(([of, s]) => h('option', { value: `${of}-${s}`, selected: value === `${of}-${s}` }, heirName(of, s)))]));
      sel.addEventListener('change', () => { set(sel.value); rerender(); });
      return sel;
    };
    refresh();
    const send = h('button', { type: 'button', class: 'primary', 'data-k': 'wk-offer-send', disabled: !enabled }, t('offer.send'));
    send.addEventListener('click', () => {
      // Read at the click: the fields may have changed since this was drawn.
      const g = { crowns: form.giveCrowns, heir: heirOf(form.giveHeir) };
      const k = { crowns: form.takeCrowns, heir: heirOf(form.takeHeir) };
      form.error = problemOf(g, k);
      if (form.error) refresh();
      else {
        Object.assign(form, { giveCrowns: 0, giveHeir: '', takeCrowns: 0, takeHeir: '' });
        give({ offer: { to: form.to, give: g, take: k } });
      }
    });
    const replaces = outgoing.some((o) => o.to === form.to);
    make = h('div', { class: 'wk-offer-make' },
      h('div', { class: 'wk-give-row' }, h('strong', null, t('offer.to')), ' ', to),
      h('div', { class: 'wk-give-row' }, h('span', null, `${t('offer.you_give')}: ♛`), ' ',
        crowns('wk-offer-give-crowns', form.giveCrowns, maxGive, (v) => { form.giveCrowns = v; }), ' + ',
        heirPick('wk-offer-give-heir', myHeirs, form.giveHeir, (v) => { form.giveHeir = v; })),
      h('div', { class: 'wk-give-row' }, h('span', null, `${t('offer.you_ask')}: ♛`), ' ',
        crowns('wk-offer-take-crowns', form.takeCrowns, maxTake, (v) => { form.takeCrowns = v; }), ' + ',
        heirPick('wk-offer-take-heir', theirHeirs, form.takeHeir, (v) => { form.takeHeir = v; })),
      note,
      replaces ? h('p', { class: 'muted small-print' }, t('offer.replaces', { who: who(form.to) })) : null,
      send);
  }

  return fold({ class: 'wk-give wk-offers', id: 'wk-offers' }, form.open, (open) => { form.open = open; },
    `⚖ ${t('offer.title')}${incoming.length ? ` (${incoming.length})` : ''}`,
    h('p', { class: 'small-print muted' }, t('offer.hint')),
    incoming.length ? h('div', { class: 'wk-offers-in' }, h('strong', null, t('offer.to_you')), h('ul', null, incomingRows)) : null,
    outgoing.length ? h('div', { class: 'wk-offers-out' }, h('strong', null, t('offer.yours')), h('ul', null, outgoingRows)) : null,
    make);
}
