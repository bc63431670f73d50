// @ts-check
// The rules reference in every language.

import { passed, check, base, newContext } from './lib.mjs';

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
  await ctx.close();
  passed.push('(h) rules reference linked from the lobby, rendered in English, Vietnamese, Japanese and Russian');
}

