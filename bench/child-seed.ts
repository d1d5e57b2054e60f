// Measures one first start: open an empty database, migrate, seed. Prints JSON for bench/run.ts.
import { openDatabase } from '../src/sandbox/db/connect.ts';
import { seedIfEmpty } from '../src/sandbox/seed/seed.ts';

const started = performance.now();
const database = await openDatabase(process.argv[2] ?? 'memory://');
const opened = performance.now();
await seedIfEmpty(database.db);
const seeded = performance.now();
console.log(
  JSON.stringify({
    openMs: opened - started,
    seedMs: seeded - opened,
    rssMb: process.memoryUsage().rss / 1e6,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
await database.close();
