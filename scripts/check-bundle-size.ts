import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial JavaScript budget (issue 6): what index.html loads before any lazy chunk. */
const BUDGET_KB = 170;
/**
 * The language's message catalogue also loads before the first paint (issue 15). It is content, not
 * code, and grows with every translated word, so it has a budget of its own: all pages' messages in
 * one catalogue measured 9.6 KB gzip for German.
 */
const CATALOGUE_BUDGET_KB = 16;
const dist = 'dist';
const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file))).length / 1024;

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
  (match) => match[1]!,
);
let total = 0;
for (const file of initial) {
  const size = gzipKb(file);
  total += size;
  console.log(`${file}: ${size.toFixed(1)} KB gzip`);
}
console.log(`initial JavaScript: ${total.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);

const catalogues = readdirSync(join(dist, 'assets'))
  .filter((file) => /^(en|de)-[\w-]+\.js$/.test(file))
  .map((file) => ({ file, size: gzipKb(`assets/${file}`) }));
for (const { file, size } of catalogues) console.log(`catalogue ${file}: ${size.toFixed(1)} KB gzip`);
const largest = Math.max(0, ...catalogues.map(({ size }) => size));
console.log(`largest catalogue: ${largest.toFixed(1)} KB gzip (budget ${CATALOGUE_BUDGET_KB} KB)`);

const problems = [
  initial.length === 0 && 'no script found in dist/index.html',
  total > BUDGET_KB && 'initial JavaScript over budget',
  catalogues.length < 2 && 'the English and German catalogues are missing from dist/assets',
  largest > CATALOGUE_BUDGET_KB && 'a language catalogue is over budget',
].filter(Boolean);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
