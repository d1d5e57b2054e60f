import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { BffDatabase } from './connect.ts';
import { bffSettings } from './schema.ts';

/**
 * The cookie-signing key: SESSION_SECRET when set; else one generated once and kept in the database,
 * so replicas on one PostgreSQL agree without configuration (the first to start writes it). A key
 * from an older version's `session-secret` file is adopted, so its cookies stay valid.
 */
export async function sessionSecret(
  db: BffDatabase,
  dataDir: string,
  configured: string | undefined,
): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, 'session-secret');
  const candidate = existsSync(file)
    ? readFileSync(file, 'utf8').trim()
    : randomBytes(48).toString('base64url');
  await db.insert(bffSettings).values({ name: 'session_secret', value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(bffSettings).where(eq(bffSettings.name, 'session_secret'));
  return row!.value;
}
