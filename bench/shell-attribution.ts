/**
 * `npx tsx bench/shell-attribution.ts [--detail <prefix>] [--skip-build]`: what the shell chunk (all the
 * JavaScript the console runs before any page's code, docs/decisions/0032) is made of. Builds with source maps
 * into a temporary directory and gives every minified byte of `shell-*.js` to the source module its mapping
 * points at, summed per npm package and per folder of `src/` (two levels). `--detail zod` lists the files of
 * one package or folder instead. The figures are minified bytes; the chunk's gzip size is printed beside them
 * (the budget in scripts/check-bundle-size.ts is gzip).
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { z } from 'zod/mini';

const outDir = '/tmp/energy-console-shell-attribution';
const args = process.argv.slice(2);
const detail = args.includes('--detail') ? args[args.indexOf('--detail') + 1] : undefined;

if (!args.includes('--skip-build')) {
  const build = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', outDir, '--emptyOutDir'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const assets = join(outDir, 'assets');
const shellFile = readdirSync(assets).find((file) => /^shell-[\w-]+\.js$/.test(file));
if (!shellFile) throw new Error(`no shell chunk in ${assets}`);
const code = readFileSync(join(assets, shellFile), 'utf8');
const map = z
  .object({ sources: z.array(z.string()), mappings: z.string() })
  .parse(JSON.parse(readFileSync(join(assets, `${shellFile}.map`), 'utf8')));

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
/** The fields of one source-map segment (base64 VLQ, https://tc39.es/ecma426/). */
function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** Which part a source belongs to: its npm package, or its folder under src/. */
function partOf(source: string): string {
  const inPackage = source.split('node_modules/').at(-1)!;
  if (inPackage !== source) {
    if (detail && inPackage.startsWith(`${detail}/`)) return inPackage;
    const [scope, name] = inPackage.split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  const inSrc = source.replace(/^.*?\bsrc\//, 'src/');
  if (detail && inSrc.startsWith(detail)) return inSrc;
  return inSrc.split('/').slice(0, 3).join('/');
}

const bytes = new Map<string, number>();
const lines = code.split('\n');
let sourceIndex = 0;
map.mappings.split(';').forEach((line, lineIndex) => {
  let column = 0;
  const segments = line
    .split(',')
    .filter(Boolean)
    .map((segment) => {
      const [columnDelta, sourceDelta] = decodeSegment(segment);
      column += columnDelta!;
      if (sourceDelta !== undefined) sourceIndex += sourceDelta;
      return { column, source: sourceDelta === undefined ? undefined : sourceIndex };
    });
  const length = lines[lineIndex]?.length ?? 0;
  segments.forEach((segment, index) => {
    const end = segments[index + 1]?.column ?? length;
    const part = segment.source === undefined ? '(unmapped)' : partOf(map.sources[segment.source]!);
    bytes.set(part, (bytes.get(part) ?? 0) + end - segment.column);
  });
});

const kb = (value: number) => (value / 1024).toFixed(1).padStart(7);
console.log(
  `${shellFile}: ${kb(code.length)} KB min, ${kb(gzipSync(code.replace(/\n\/\/# sourceMappingURL=.*$/, '')).length)} KB gzip`,
);
const rows = [...bytes].sort((a, b) => b[1] - a[1]);
for (const [part, size] of detail ? rows.filter(([part]) => part.startsWith(detail)) : rows.slice(0, 30))
  console.log(`${kb(size)}  ${part}`);
