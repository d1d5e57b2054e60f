import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Initial JavaScript budget (issue 6): what index.html loads before any lazy chunk. */
const BUDGET_KB = 170;
const dist = 'dist';
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map(
  (match) => match[1]!,
);
// The language's catalogue loads before the first render: count the larger of the two.
const catalogues = readdirSync(join(dist, 'assets'))
  .filter((file) => /^(en|de)-[\w-]+\.js$/.test(file))
  .map((file) => `assets/${file}`)
  .sort((a, b) => readFileSync(join(dist, b)).length - readFileSync(join(dist, a)).length);
if (catalogues[0]) initial.push(catalogues[0]);
let total = 0;
for (const file of initial) {
  const size = gzipSync(readFileSync(join(dist, file))).length;
  total += size;
  console.log(`${file}: ${(size / 1024).toFixed(1)} KB gzip`);
}
console.log(`initial JavaScript: ${(total / 1024).toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (initial.length === 0 || total > BUDGET_KB * 1024) {
  console.error(initial.length === 0 ? 'no script found in dist/index.html' : 'over budget');
  process.exit(1);
}
