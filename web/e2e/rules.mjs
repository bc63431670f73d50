// @ts-check
// The rules reference in every language.

import { join } from 'node:path';
import { SHOTS, passed, check, base, newContext } from './lib.mjs';

/** @typedef {import('playwright-core').Browser} Browser */

/** (h) The rules reference in every language. @param {Browser} browser */
export async function scenarioRules(browser) {
  const ctx = await newContext(browser, 'rules');
  const page = await ctx.newPage();
  await page.goto(`${base}/`);
  await page.waitForSelector('#lobby-rules');
  await page.click('#lobby-rules');
  await page.waitForSelector('#rules h1');
  check(new URL(page.url()).search === '?rules', `the lobby links the rules page (${page.url()})`);
  /** @type {Record<string, string>} */
  const texts = {};
  for (const lang of ['en', 'vi', 'ja', 'ru']) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.querySelector('#rules')?.getAttribute('data-lang') === l, lang);
    const text = (await page.locator('#rules').textContent()) ?? '';
    const sections = await page.locator('#rules section h2').count();
    check(text.length > 800 && sections >= 6, `the rules in ${lang}: ${text.length} characters, ${sections} sections`);
    texts[lang] = text;
  }
  check(new Set(Object.values(texts)).size === 4, 'the rules differ per language');
  check(/[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/.test(texts.vi) && /[\u3040-\u30ff]/.test(texts.ja) && /[а-яё]/i.test(texts.ru), 'each language in its own script');
  await page.selectOption('#lang', 'en');
  await page.waitForFunction(() => document.querySelector('#rules')?.getAttribute('data-lang') === 'en');
  const wk = (await page.locator('#rules-warrior-knights').textContent()) ?? '';
  check(wk.includes('Reconstructed and inferred values') && /Vecht[^.]*inferred/.test(wk), 'the rules page lists Warrior Knights\' reconstructed and inferred values (Vecht inferred)');
  const cr = (await page.locator('#rules-crusaders').textContent()) ?? '';
  check(cr.includes('Reconstructed and inferred values') && cr.includes('reconstructed'), 'the rules page lists Crusaders\' reconstructed values');
  // The cost tables come with pictures drawn from the same data (base game and Divine Influence
  // building rows, the troop track, the enemies' strength tracks), in every language.
  for (const lang of ['ja', 'en']) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.querySelector('#rules')?.getAttribute('data-lang') === l, lang);
    const pic = await page.evaluate(() => ({
      rows: document.querySelectorAll('#rules-cr-board .ob-row').length,
      cells: document.querySelectorAll('#rules-cr-board .ob-cell .ob-cost').length,
      troops: document.querySelectorAll('#rules-cr-troops .tt-cell').length,
      tracks: document.querySelectorAll('#rules-cr-enemies .row').length,
    }));
    check(pic.rows >= 5 && pic.cells >= 20 && pic.troops >= 5 && pic.tracks >= 2, `${lang}: the Crusaders cost pictures (${JSON.stringify(pic)})`);
    await page.locator('#rules-cr-board').scrollIntoViewIfNeeded();
    await page.locator('#rules-cr-board').screenshot({ path: join(SHOTS, `rules-cr-board-${lang}.png`) });
  }
  // Warrior Knights' card lists from the data: Baron cards, Agendas and Events, named and explained.
  for (const [lang, agendas, events] of /** @type {const} */ ([['en', 'Agendas', 'Events'], ['ru', 'Повестки', 'События']])) {
    await page.selectOption('#lang', lang);
    await page.waitForFunction((l) => document.querySelector('#rules')?.getAttribute('data-lang') === l, lang);
    const lists = await page.evaluate(() => Object.fromEntries([...document.querySelectorAll('#rules-warrior-knights section')].map((x) => [x.querySelector('h2')?.textContent ?? '', [...x.querySelectorAll('li')].map((li) => li.textContent ?? '')])));
    const ok = (/** @type {string} */ h, /** @type {number} */ n) => (lists[h] ?? []).length >= n && (lists[h] ?? []).every((x) => /: \S/.test(x));
    check(ok(agendas, 20) && ok(events, 10), `${lang}: the rules page lists Warrior Knights' Agendas and Events with their effects (${(lists[agendas] ?? []).length}, ${(lists[events] ?? []).length}: ${(lists[agendas] ?? [])[0]})`);
  }
  await page.selectOption('#lang', 'en');
  await ctx.close();
  passed.push('(h) rules reference linked from the lobby, rendered in English, Vietnamese, Japanese and Russian');
}

