/**
 * `npm run build:servers`: the BFF, the sandbox and `npm start` compiled to JavaScript in dist-server/, so
 * production runs `node dist-server/bff/server.js` without a TypeScript loader. tsc emits one file per
 * source file in the sources' layout, so what the code finds beside itself at run time (the migrations
 * folders, node-shared's init-cluster.mjs) is copied to the same place beside the compiled file.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

const OUT = 'dist-server';
const RUNTIME_FILES = ['bff/db/migrations', 'sandbox/db/migrations', 'node-shared/db/init-cluster.mjs'];

rmSync(OUT, { recursive: true, force: true });
const compiled = spawnSync(
  process.execPath,
  ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.server.json'],
  {
    stdio: 'inherit',
  },
);
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
for (const path of RUNTIME_FILES) cpSync(`src/${path}`, `${OUT}/${path}`, { recursive: true });
console.log(`${OUT}/: bff/server.js, sandbox/server.js, start.js`);
