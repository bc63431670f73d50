// @ts-check
// The knight orders' setup and power texts in the current language (`order_setup.<id>` and
// `order_power.<id>` in vi/ja/ru; English comes from the data files).

import { t, has } from './ctx.js';

/**
 * @param {string} id
 * @param {{setup: string, power: string}} english
 * @returns {{setup: string, power: string}}
 */
export function orderText(id, english) {
  return has(`order_setup.${id}`) ? { setup: t(`order_setup.${id}`), power: t(`order_power.${id}`) } : english;
}
