import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSeededPostgresTemplate, SEEDED_RUN_DIR_ENV } from './seeded-databases.ts';

/**
 * Vitest's global setup: a directory for the run's seeded sandbox databases (seeded-databases.ts), made by the
 * first test sandbox of each kind. Seeding waits for that first sandbox, so a run without one (the web's
 * tests) pays nothing. The workers start after this and inherit the variable.
 */
export default function provideSeededDatabaseDirectory(): () => Promise<void> {
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-seeded-'));
  process.env[SEEDED_RUN_DIR_ENV] = directory;
  return async () => {
    await dropSeededPostgresTemplate(directory);
    rmSync(directory, { recursive: true, force: true });
  };
}
