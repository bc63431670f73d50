// @ts-check
// Checks the client's module graph: no import circle anywhere under web/ (static imports), and no
// hand-written file over 600 lines (generated types and string tables excepted), games import
// only the shell's DOM helpers, and the shell names no game outside its registry.
//
//   node e2e/cycles.mjs

import fs from 'node:fs';
import { join, resolve, dirname, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const WEB = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** @param {string} dir @returns {Array<string>} */
function walk(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (['node_modules', 'src'].includes(e.name)) return [];
    const p = join(dir, e.name);
    return e.isDirectory() ? walk(p) : p.endsWith('.js') || p.endsWith('.mjs') ? [p] : [];
  });
}
const files = walk(WEB);
/** @type {Map<string, Array<string>>} */
const graph = new Map();
const problems = [];
for (const f of files) {
  const text = fs.readFileSync(f, 'utf8');
  const deps = [...text.matchAll(/^import\s[^'"]*['"](\.[^'"]+)['"]/gm)].map((m) => resolve(dirname(f), m[1]));
  graph.set(f, deps);
  const lines = text.split('\n').length;
  if (lines > 600) problems.push(`${relative(WEB, f)}: ${lines} lines (over 600)`);
}
/** @type {Map<string, number>} */
const state = new Map();
/** @param {string} f @param {Array<string>} path */
function visit(f, path) {
  if (state.get(f) === 2) return;
  if (state.get(f) === 1) { problems.push(`import circle: ${[...path.slice(path.indexOf(f)), f].map((x) => relative(WEB, x)).join(' → ')}`); return; }
  state.set(f, 1);
  for (const d of graph.get(f) ?? []) visit(d, [...path, f]);
  state.set(f, 2);
}
for (const f of files) visit(f, []);
// A game never imports the shell's state; the shell names no game outside its registry.
for (const f of files) {
  const rel = relative(WEB, f);
  const text = fs.readFileSync(f, 'utf8');
  if (rel.startsWith('games/')) {
    for (const m of text.matchAll(/^import\s[^'"]*['"]([^'"]+)['"]/gm)) {
      if (m[1].includes('/shell/') && !m[1].endsWith('/shell/dom.js')) problems.push(`${rel} imports ${m[1]} (a game imports only shell/dom.js)`);
    }
  }
  // The shell's code (comments aside) names a game only in its registry, shell/games.js.
  if (rel.startsWith('shell/') && rel !== 'shell/games.js') {
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"\\])\/\/.*$/gm, '$1');
    for (const m of code.matchAll(/\b(crusaders|warrior[-_ ]knights)\b/gi)) {
      problems.push(`${rel} names the game "${m[1]}" (only shell/games.js may)`);
    }
  }
}
if (problems.length) {
  for (const p of problems) process.stdout.write(`${p}\n`);
  process.stdout.write(`0 passed, 1 failed\n`);
  process.exit(1);
}
process.stdout.write(`${files.length} modules: no import circle, none over 600 lines, games import only shell/dom.js, the shell names games only in shell/games.js\n`);
