// @ts-check
// Warrior Knights in the lobby: game length and optional rules, and a table's summary.

import { h } from '../../shell/dom.js';

const LENGTHS = /** @type {const} */ (['shorter', 'standard', 'longer', 'longest']);
const OPTIONS = /** @type {const} */ (['might_is_right', 'player_elimination', 'abandoned_nobles', 'miracles_can_happen', 'open_private_motions', 'exchanging_heirs', 'two_barons_need_five_cities', 'the_king', 'missions']);

/** @type {import('../../shell/game-api.js').Setup} */
export const setup = {
  id: 'warrior-knights',
  playersKey: 'barons',
  playersHint: 'barons_hint',
  defaults: () => ({ length: 'standard', optional: Object.fromEntries(OPTIONS.map((o) => [o, false])) }),
  maxPlayers: () => 6,
  fields(o, _players, env) {
    const { t, field, checkbox } = env;
    const length = h('select', { id: 'wk-length' },
      LENGTHS.map((l) => h('option', { value: l, selected: l === o.length }, t(`wk_length.${l}`))));
    length.addEventListener('change', () => { o.length = /** @type {HTMLSelectElement} */ (length).value; env.rerender(); });
    // The King has three lengths of its own, and its end by Influence cannot go with Might Is
    // Right: the choices that do not go together are greyed out.
    /** @param {string} k */
    const off = (k) => (k === 'the_king' && (o.length === 'longest' || o.optional.might_is_right)) ||
      (k === 'missions' && o.optional.might_is_right) ||
      (k === 'might_is_right' && (o.optional.the_king || o.optional.missions));
    const lengthOff = (/** @type {string} */ l) => l === 'longest' && o.optional.the_king;
    for (const opt of /** @type {HTMLSelectElement} */ (length).options) opt.disabled = lengthOff(opt.value);
    return {
      main: [field(t('wk_length'), length, t('wk_length_hint'))],
      more: [h('fieldset', { id: 'wk-optional' }, h('legend', null, t('wk_optional')),
        h('div', { class: 'grid' }, OPTIONS.map((k) => h('label', { class: 'check', title: t(`wk_opt_hint.${k}`) },
          checkbox(`wk-opt-${k}`, o.optional[k], (v) => { o.optional[k] = v; env.rerender(); }, off(k)),
          h('span', null, t(`wk_opt.${k}`), h('span', { class: 'opt-hint' }, t(`wk_opt_hint.${k}`)))))))],
    };
  },
  config: (o, players) => ({ barons: players, length: o.length, optional: { ...o.optional } }),
  summary(cfg, t) {
    // The FAQ's two-Baron city win matters only with two Barons, and tables from before rules
    // revision 3 always play it.
    /** @param {typeof OPTIONS[number]} k */
    const on = (k) => k === 'two_barons_need_five_cities'
      ? cfg.barons === 2 && (Boolean(cfg.optional?.[k]) || (typeof cfg.rules === 'number' && cfg.rules < 3))
      : Boolean(cfg.optional?.[k]);
    const opts = OPTIONS.filter(on).map((k) => t(`wk_opt.${k}`)).join(', ');
    return `${t('game.warrior-knights')} · ${t('barons_n', { n: cfg.barons ?? '?' })} · ${t(`wk_length.${LENGTHS.includes(cfg.length) ? cfg.length : 'standard'}`)}${opts ? ` · ${opts}` : ''}`;
  },
};
