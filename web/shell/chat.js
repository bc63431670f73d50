// @ts-check
// The people at a table: who is here (each seat online, away or offline; how many watch) and
// the table talk (the players' chat; a spectator's chat with other spectators), with quick
// phrases each reader sees in their language and a mute per player. The panel is one element
// kept across redraws, so a message being written survives every update of the board.

import { h, seatBadge } from './dom.js';
import { tbl } from './state.js';
import { t, seatLabel, getLang } from './i18n.js';
import { send } from './conn.js';
import { nameBlock } from './invites.js';

/** @typedef {import('../src/generated').ChatLine} ChatLine */

/** The quick phrases (their ids; the server knows the same list). */
export const PHRASES = ['hello', 'good_luck', 'thanks', 'sorry', 'one_moment', 'your_turn', 'deal', 'no_deal', 'well_played', 'good_game', 'bye'];

/** Seats whose messages this browser hides, per table. @returns {Set<number>} */
function muted() {
  try {
    const raw = JSON.parse(localStorage.getItem(`ordo.muted.${tbl.id}`) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((x) => Number.isInteger(x)) : []);
  } catch { return new Set(); }
}

/** @param {number} seat */
function toggleMute(seat) {
  const m = muted();
  if (m.has(seat)) m.delete(seat); else m.add(seat);
  try { localStorage.setItem(`ordo.muted.${tbl.id}`, JSON.stringify([...m])); } catch { /* no storage */ }
  renderChat();
}

/** @type {{panel: HTMLElement, list: HTMLElement, people: HTMLElement, input: HTMLInputElement, phrases: HTMLSelectElement, note: HTMLElement, muteHelp: HTMLElement, nameSlot: HTMLElement, error: HTMLElement, table: string} | null} */
let parts = null;

/**
 * The talk of a replay at its position: the messages said until then, read-only.
 * @param {Array<ChatLine>} lines @param {import('../src/generated').Snapshot} snap
 */
export function replayTalk(lines, snap) {
  return h('section', { class: 'card chat', id: 'replay-chat', 'aria-label': t('chat_title') },
    h('h2', null, t('chat_title')),
    h('ol', { class: 'chat-list plain', role: 'log' }, lines.length ? lines.map((l) => lineEl(l, snap)) : h('li', { class: 'muted' }, t('chat_empty'))));
}

/**
 * A message as the reader sees it: who said it and what.
 * @param {ChatLine} line @param {import('../src/generated').Snapshot | null} [shown] the table the seats are named from
 */
function lineEl(line, shown) {
  const snap = shown ?? tbl.snap;
  const who = line.seat != null && snap
    ? [seatBadge(line.seat, 14), ' ', line.name ?? seatLabel(snap, line.seat)]
    : [line.name ?? t('chat_spectator')];
  const words = line.phrase ? t(`phrase_${line.phrase}`) : line.text;
  const at = new Date(line.at);
  return h('li', { class: `chat-line${line.channel === 'spectators' ? ' from-spectators' : ''}${line.phrase ? ' phrase' : ''}`, 'data-seq': line.seq },
    h('time', { datetime: at.toISOString(), class: 'muted' }, at.toLocaleTimeString(getLang(), { hour: '2-digit', minute: '2-digit' })), ' ',
    h('strong', { class: 'who' }, who),
    line.channel === 'spectators' ? h('span', { class: 'tag' }, t('chat_from_spectators')) : null,
    ': ',
    // Text is set as text: whatever a player typed is never read as markup.
    h('span', { class: 'words', text: words }));
}

/** Sends a message (a text, or a phrase's id). @param {{text?: string, phrase?: string}} what */
function say(what) {
  if (!parts) return;
  parts.error.textContent = '';
  if (!send({ type: 'chat', ...what })) parts.error.textContent = t('reconnecting');
}

/** The chat panel of this table (built once, updated in place). @returns {HTMLElement} */
export function chatPanel() {
  if (parts && parts.table === tbl.id) {
    renderChat();
    return parts.panel;
  }
  const list = h('ol', { class: 'chat-list plain', id: 'chat-list', role: 'log', 'aria-live': 'polite', 'aria-label': t('chat_title') });
  const people = h('div', { class: 'people row wrap', id: 'people' });
  const input = /** @type {HTMLInputElement} */ (h('input', { type: 'text', id: 'chat-input', 'data-k': 'chat-input', maxlength: 500, autocomplete: 'off', 'aria-label': t('chat_placeholder') }));
  const phrases = /** @type {HTMLSelectElement} */ (h('select', { id: 'chat-phrase', 'aria-label': t('chat_phrases'), 'data-k': 'chat-phrase' }));
  phrases.addEventListener('change', () => {
    const id = phrases.value;
    phrases.value = '';
    if (id) say({ phrase: id });
  });
  const form = h('form', { class: 'chat-form row', id: 'chat-form' }, input, h('button', { type: 'submit', id: 'chat-send' }, ''), phrases);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    say({ text });
    input.value = '';
  });
  const note = h('p', { class: 'muted small', id: 'chat-note' });
  const muteHelp = h('p', { class: 'muted small', id: 'chat-mute-help' });
  const nameSlot = h('div', { id: 'chat-name-slot' });
  const error = h('p', { class: 'error', id: 'chat-error', role: 'alert' });
  const panel = h('section', { class: 'card chat', id: 'chat', 'aria-label': t('chat_title') },
    h('h2', { id: 'chat-title' }), people, muteHelp, nameSlot, list, note, form, error);
  parts = { panel, list, people, input, phrases, note, muteHelp, nameSlot, error, table: tbl.id };
  renderChat();
  return panel;
}

/** Shows a refusal of the server under the chat. @param {string} code */
export function chatRefused(code) {
  if (!parts) return;
  parts.error.textContent = code === 'chat/too_fast' ? t('chat_too_fast') : t('chat_refused');
}

/** Updates the panel: its words (in the language shown), who is here, the messages. */
export function renderChat() {
  if (!parts) return;
  const snap = tbl.snap;
  const { panel, list, people, input, phrases, note, muteHelp, nameSlot } = parts;
  const spectator = snap?.you == null;
  const during = snap?.status !== 'finished';
  panel.querySelector('#chat-title')?.replaceChildren(t('chat_title'));
  panel.setAttribute('aria-label', t('chat_title'));
  const sendButton = panel.querySelector('#chat-send');
  if (sendButton) sendButton.textContent = t('chat_send');
  input.placeholder = spectator && during ? t('chat_placeholder_spectators') : t('chat_placeholder');
  input.setAttribute('aria-label', input.placeholder);
  phrases.replaceChildren(h('option', { value: '' }, `${t('chat_phrases')}…`),
    ...PHRASES.map((p) => h('option', { value: p }, t(`phrase_${p}`))));
  note.textContent = spectator && during ? t('chat_spectators_note') : '';
  // Who is here: each seat with its presence (a button to mute another player), and the
  // spectators.
  const mute = muted();
  const presence = tbl.presence;
  people.replaceChildren(...(snap?.seats ?? []).map((seat, i) => {
    const state = seat.kind === 'bot' ? null : presence?.seats[i] ?? 'offline';
    const label = snap ? seatLabel(snap, i) : '';
    const dot = state ? h('span', { class: `presence ${state}`, 'data-presence': state, title: t(`presence_${state}`), 'aria-label': t(`presence_${state}`) }) : null;
    const gone = seat.resigned ? h('span', { class: 'tag warn' }, t('resigned_tag')) : null;
    if (seat.kind === 'bot' || i === snap?.you) {
      return h('span', { class: 'person', 'data-seat': i }, seatBadge(i, 14), ' ', dot, ' ', label, gone);
    }
    const b = h('button', { type: 'button', class: `person small${mute.has(i) ? ' muted-person' : ''}`, 'data-seat': i, 'data-k': `mute-${i}`,
      'aria-pressed': String(mute.has(i)), title: mute.has(i) ? t('chat_unmute', { who: label }) : t('chat_mute', { who: label }) },
    seatBadge(i, 14), ' ', dot, ' ', label, gone);
    b.addEventListener('click', () => toggleMute(i));
    return b;
  }), ...(presence && presence.spectators > 0 ? [h('span', { class: 'tag', id: 'spectator-count' }, t('spectators_n', { n: presence.spectators }))] : []));
  // A guest who took their seat without a name is asked for one (the form is built once, so
  // what is typed survives updates).
  const ask = snap && snap.status !== 'open' ? nameBlock(snap) : null;
  if (!ask) nameSlot.replaceChildren();
  else if (!nameSlot.firstChild) nameSlot.replaceChildren(ask);
  else {
    // Kept, but in the language chosen since.
    nameSlot.querySelector('#seat-name-form .field > span')?.replaceChildren(t('seat_name_q'));
    nameSlot.querySelector('#seat-name-save')?.replaceChildren(t('account_save_email'));
  }
  // Mute buttons are there when another person plays here.
  muteHelp.textContent = (snap?.seats ?? []).some((x, i) => x.kind === 'human' && i !== snap?.you) ? t('chat_mute_help') : '';
  const shown = tbl.chat.filter((l) => l.seat == null || !mute.has(l.seat));
  const hidden = tbl.chat.length - shown.length;
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 24;
  list.replaceChildren(...(shown.length ? shown.map((l) => lineEl(l)) : [h('li', { class: 'muted' }, t('chat_empty'))]),
    ...(hidden ? [h('li', { class: 'muted', id: 'chat-hidden' }, t('chat_hidden_n', { n: hidden }))] : []));
  if (atBottom) list.scrollTop = list.scrollHeight;
  markPresence();
}

/** Messages from the server: added by position (a reconnect sends the latest again). @param {Array<ChatLine>} lines */
export function addChat(lines) {
  const bySeq = new Map(tbl.chat.map((l) => [l.seq, l]));
  for (const l of lines) bySeq.set(l.seq, l);
  tbl.chat = [...bySeq.values()].sort((a, b) => a.seq - b.seq).slice(-500);
  renderChat();
}

/**
 * Presence on the players' boards too: a dot before each human seat's name (both games draw a
 * board as `article.player[data-seat]` with its name in `.pl-name`).
 */
export function markPresence() {
  const snap = tbl.snap;
  const presence = tbl.presence;
  if (!snap || !presence) return;
  for (const board of document.querySelectorAll('article.player[data-seat]')) {
    const seat = Number(board.getAttribute('data-seat'));
    const name = board.querySelector('.pl-name');
    if (!name || snap.seats[seat]?.kind !== 'human') continue;
    const state = presence.seats[seat] ?? 'offline';
    let dot = name.querySelector('.presence');
    if (!dot) {
      dot = h('span', { class: 'presence' });
      name.prepend(dot, ' ');
    }
    dot.className = `presence ${state}`;
    dot.setAttribute('data-presence', state);
    dot.setAttribute('title', t(`presence_${state}`));
    dot.setAttribute('aria-label', t(`presence_${state}`));
  }
}
