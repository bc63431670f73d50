// @ts-check
// Learn to play: the guide of a first game. A "Learn to play" table (dealt from the game's fixed
// tutorial seed, opened with `&learn=1`) shows one short step at a time in a card that stays on
// screen across redraws; a step points at a part of the table (outlined) and goes on either when
// the player presses "Next" or when what it asks for has happened (the game's `tutorial` steps
// say which). The step reached is remembered per table on this device (the lobby marks a table it
// created for learning), so a reload resumes it; `?learn` also starts it.

import { h, $ } from './dom.js';
import { tbl } from './state.js';
import { t, getLang } from './i18n.js';

/** @typedef {import('./game-api.js').TutorialStep} Step */
/** @typedef {import('./game-api.js').TutorialEnv} Env */

const guide = {
  /** @type {Array<Step>} */
  steps: [],
  at: 0,
  /** The number in the game of the viewer's latest decision when the step began. */
  since: 0,
  folded: false,
  stopped: false,
  /** @type {number | undefined} */
  timer: undefined,
  /** @type {Element | null} */
  target: null,
};

const key = () => `ordo.learn.${tbl.id}`;

/** Whether this page is a guided first game. */
export function learning() {
  return guide.steps.length > 0;
}

/** Starts (or resumes) the guide of the table's game, if the page asked for it. */
export function startTutorial() {
  if (!tbl.mod?.tutorial || !tbl.snap || learning() || guide.stopped) return;
  /** @type {string | null} */
  let saved = null;
  try { saved = localStorage.getItem(key()); } catch { /* no storage */ }
  if (saved == null && new URLSearchParams(location.search).has('learn')) saved = '0';
  if (saved == null || saved === 'done') return;
  guide.steps = tbl.mod.tutorial;
  guide.at = Math.min(Number(saved) || 0, guide.steps.length - 1);
  guide.since = lastDecision();
  guide.timer = window.setInterval(tick, 300);
  draw(true);
}

/** The number in the game of the viewer's latest decision (0 before any). */
function lastDecision() {
  const snap = tbl.snap;
  if (!snap || snap.you == null) return 0;
  let last = 0;
  for (const [k, e] of Object.entries(snap.log ?? {})) if (e && e.seat === snap.you) last = Math.max(last, Number(k) || 0);
  return last;
}

/** The viewer's decisions since the step began (the log holds only the latest lines: counted by number). */
function decidedSince() {
  const snap = tbl.snap;
  if (!snap || snap.you == null) return 0;
  let n = 0;
  for (const [k, e] of Object.entries(snap.log ?? {})) if (e && e.seat === snap.you && (Number(k) || 0) > guide.since) n++;
  return n;
}

/** @returns {Env | null} */
function env() {
  const snap = tbl.snap;
  if (!snap) return null;
  return { snap, view: /** @type {any} */ (snap.view), decided: decidedSince(), el: (sel) => document.querySelector(sel) };
}

/** Goes to a step. @param {number} i */
function go(i) {
  guide.at = Math.max(0, Math.min(i, guide.steps.length - 1));
  guide.since = lastDecision();
  try { localStorage.setItem(key(), String(guide.at)); } catch { /* no storage */ }
  draw(true);
}

/** Leaves the guide (the game goes on). */
function stop() {
  window.clearInterval(guide.timer);
  guide.steps = [];
  guide.stopped = true;
  guide.target?.classList.remove('learn-target');
  guide.target = null;
  try { localStorage.setItem(key(), 'done'); } catch { /* no storage */ }
  $('#tutorial')?.remove();
}

/** Checks the step's condition (steps already done on a resumed page pass at once). */
function tick() {
  if (!learning()) return;
  const step = guide.steps[guide.at];
  const e = env();
  if (step?.until && e && guide.at < guide.steps.length - 1 && step.until(e)) go(guide.at + 1);
  else mark(false);
}

/** Outlines the step's target (drawn again after every redraw of the table). @param {boolean} scroll */
function mark(scroll) {
  const step = guide.steps[guide.at];
  const el = step?.target ? document.querySelector(step.target) : null;
  if (el === guide.target && el?.classList.contains('learn-target')) return;
  guide.target?.classList.remove('learn-target');
  guide.target = el;
  if (!el) return;
  el.classList.add('learn-target');
  if (scroll && !guide.folded) el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
}

/** Called by the shell after each redraw of the table. */
export function afterRender() {
  startTutorial();
  if (!learning()) return;
  // Drawn again when gone or when the page's language changed.
  if (!$('#tutorial') || $('#tutorial')?.getAttribute('lang') !== getLang()) draw(false);
  mark(false);
}

/** Draws the guide's card. @param {boolean} fresh a new step (read it out, scroll to its target) */
function draw(fresh) {
  const step = guide.steps[guide.at];
  if (!step) return;
  const last = guide.at === guide.steps.length - 1;
  const n = { n: guide.at + 1, of: guide.steps.length };
  const fold = h('button', { type: 'button', class: 'small', id: 'tutorial-fold', 'aria-expanded': guide.folded ? 'false' : 'true' }, guide.folded ? t('learn.open') : t('learn.fold'));
  fold.addEventListener('click', () => { guide.folded = !guide.folded; draw(false); });
  const buttons = [];
  if (last) {
    const done = h('button', { type: 'button', class: 'primary', id: 'tutorial-done' }, t('learn.play_on'));
    done.addEventListener('click', stop);
    buttons.push(done);
  } else {
    if (!step.until) {
      const next = h('button', { type: 'button', class: 'primary', id: 'tutorial-next' }, t('learn.next'));
      next.addEventListener('click', () => go(guide.at + 1));
      buttons.push(next);
    }
    const leave = h('button', { type: 'button', id: 'tutorial-leave' }, t('learn.leave'));
    leave.addEventListener('click', stop);
    buttons.push(leave);
  }
  if (guide.at > 0 && !last) {
    const back = h('button', { type: 'button', id: 'tutorial-back' }, t('learn.back'));
    back.addEventListener('click', () => go(guide.at - 1));
    buttons.unshift(back);
  }
  const card = h('aside', { id: 'tutorial', class: `tutorial card${guide.folded ? ' folded' : ''}`, 'aria-labelledby': 'tutorial-title', 'data-step': step.key, lang: getLang() },
    h('div', { class: 'row' }, h('strong', { id: 'tutorial-title' }, t('learn.title'), ' · ', t('learn.step', n)), fold),
    guide.folded ? null : [
      h('p', { id: 'tutorial-text', 'aria-live': 'polite' }, t(step.key)),
      step.until && !last ? h('p', { class: 'muted', id: 'tutorial-todo' }, t('learn.do_it')) : null,
      h('div', { class: 'row wrap' }, buttons),
    ]);
  const old = $('#tutorial');
  const focused = !!document.activeElement?.closest('#tutorial');
  if (old) old.replaceWith(card); else document.body.append(card);
  if (focused) /** @type {HTMLElement | null} */ (card.querySelector('#tutorial-next, #tutorial-done, #tutorial-fold'))?.focus();
  if (fresh) mark(true);
}
