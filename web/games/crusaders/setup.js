// @ts-check
// Crusaders in the lobby: variant, expansions, orders and house rules, and a table's summary.

import { h } from '../../shell/dom.js';

const VARIANTS = /** @type {const} */ (['standard', 'learning', 'first_standard', 'unpredictable', 'knight_tournament']);

/** @type {import('../../shell/game-api.js').Setup} */
export const setup = {
  id: 'crusaders',
  playersKey: 'players',
  playersHint: 'players_hint',
  defaults: () => ({ divine: false, crimson: false, variant: 'standard', orders: true, calatrava: true, sharedAtSix: false }),
  maxPlayers: (o) => (o.crimson ? 6 : 4),
  fields(o, players, env) {
    const { t, field, checkbox } = env;
    const tournament = o.variant === 'knight_tournament';
    const variant = h('select', { id: 'variant' },
      VARIANTS.map((v) => h('option', { value: v, selected: v === o.variant }, t(`variant.${v}`))));
    variant.addEventListener('change', () => { o.variant = /** @type {HTMLSelectElement} */ (variant).value; env.rerender(); });
    return {
      main: [field(t('variant'), variant)],
      more: [h('div', { class: 'grid' },
        h('fieldset', null, h('legend', null, t('expansions')),
          h('label', { class: 'check' }, checkbox('exp-divine', o.divine, (v) => { o.divine = v; }), t('divine_influence')),
          h('label', { class: 'check' }, checkbox('exp-crimson', o.crimson, (v) => { o.crimson = v; }), t('crimson_amber'))),
        h('fieldset', null, h('legend', null, t('rules')),
          h('label', { class: 'check' }, checkbox('orders', o.orders || tournament, (v) => { o.orders = v; }, tournament), t('knight_orders')),
          h('label', { class: 'check', title: t('calatrava_hint') }, checkbox('calatrava', o.calatrava, (v) => { o.calatrava = v; }), t('calatrava_third')),
          players === 6
            ? h('label', { class: 'check', title: t('shared_six_hint') }, checkbox('shared-six', o.sharedAtSix, (v) => { o.sharedAtSix = v; }), t('shared_six'))
            : null))],
    };
  },
  config: (o, players) => ({
    players,
    variant: o.variant,
    orders: o.orders || o.variant === 'knight_tournament',
    calatrava_third: o.calatrava,
    shared_buildings_at_six: players === 6 && o.sharedAtSix,
    expansions: { divine_influence: o.divine, crimson_amber: o.crimson },
  }),
  summary(cfg, t) {
    const exp = [cfg.expansions?.divine_influence ? t('divine_influence') : '', cfg.expansions?.crimson_amber ? t('crimson_amber') : ''].filter(Boolean).join(', ');
    const variant = VARIANTS.includes(cfg.variant) ? t(`variant.${cfg.variant}`) : t('variant.standard');
    return `${t('game.crusaders')} · ${t('players_n', { n: cfg.players ?? '?' })} · ${variant}${exp ? ` · ${exp}` : ''}`;
  },
};
