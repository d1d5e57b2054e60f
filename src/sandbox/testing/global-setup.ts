import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropSeededPostgresTemplate, SEEDED_RUN_DIR_ENV, seedDatabasesForRun } from './seeded-databases.ts';

/**
 * Vitest's global setup: seeds a sandbox database of each kind once per run into a directory of its own
 * (seeded-databases.ts), for every test sandbox to start from. The workers start after this and inherit the
 * variable naming the directory.
 */
export default async function seedSandboxDatabasesOnce(): Promise<(() => Promise<void>) | undefined> {
  // A run that starts no sandbox (the contract's coverage gate) says so and skips the seeding.
  if (process.env.SANDBOX_TEST_SEED === 'off') return undefined;
  const directory = mkdtempSync(join(tmpdir(), 'sandbox-seeded-'));
  process.env[SEEDED_RUN_DIR_ENV] = directory;
  await seedDatabasesForRun();
  return async () => {
    await dropSeededPostgresTemplate(directory);
    rmSync(directory, { recursive: true, force: true });
  };
}
