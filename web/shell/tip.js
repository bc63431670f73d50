// @ts-check
// Explanations on touch: a tap (or Enter) on anything that explains itself (`title`, an SVG
// `<title>`, `data-tip`) shows the text in a bubble; hover still shows the browser's tooltip.

import { h } from './dom.js';

/** @param {Element | null} el @returns {{el: Element, text: string} | null} */
function explained(el) {
  for (let e = el; e && e !== document.body; e = e.parentElement) {
    const tip = e.getAttribute('data-tip') ?? e.getAttribute('title');
    if (tip) return { el: e, text: tip };
    const svgTitle = e instanceof SVGElement ? [...e.children].find((c) => c.tagName === 'title') : null;
    if (svgTitle?.textContent) return { el: e, text: svgTitle.textContent };
  }
  return null;
}

/** @param {Element} el */
function actionable(el) {
  const a = el.closest('button, a[href], input, select, textarea, summary, label, [role="button"]');
  return a != null && !(a instanceof HTMLButtonElement && a.disabled);
}

let bubble = /** @type {HTMLElement | null} */ (null);

export function hideTip() {
  bubble?.remove();
  bubble = null;
}

/** @param {string} text @param {number} x @param {number} y */
export function showTip(text, x, y) {
  hideTip();
  bubble = h('div', { id: 'tip', class: 'tip', role: 'status' }, text);
  document.body.append(bubble);
  const w = bubble.offsetWidth; const hh = bubble.offsetHeight;
  const left = Math.max(6, Math.min(window.innerWidth - w - 6, x - w / 2));
  const top = y + 16 + hh > window.innerHeight ? Math.max(6, y - hh - 12) : y + 16;
  bubble.style.left = `${left + window.scrollX}px`;
  bubble.style.top = `${top + window.scrollY}px`;
}

/** Installs the handlers (once). */
export function installTips() {
  document.addEventListener('click', (e) => {
    const target = /** @type {Element | null} */ (e.target instanceof Element ? e.target : null);
    if (!target || target.closest('#tip')) { hideTip(); return; }
    const found = explained(target);
    if (!found || actionable(target)) { hideTip(); return; }
    showTip(found.text, e.clientX, e.clientY);
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') { hideTip(); return; }
    // Enter (or Space) on a focused element that explains itself and does nothing else.
    const el = document.activeElement;
    if ((e.key !== 'Enter' && e.key !== ' ') || !el || el === document.body || actionable(el)) return;
    const found = explained(el);
    if (!found) return;
    e.preventDefault();
    const r = el.getBoundingClientRect();
    showTip(found.text, r.left + r.width / 2, r.bottom - 8);
  });
}
