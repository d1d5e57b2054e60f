import { randomUUID } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * A fresh PostgreSQL database for one suite (dropped by the returned function): empty, or a copy of the
 * database named `template` (which no one may be connected to).
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `ec_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : ''}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * Ends the connections to `url`'s database but the caller's, as a restart or an administrator would;
 * only those matching `condition` (SQL over pg_stat_activity) when given. Answers how many it ended.
 */
export async function terminateConnections(url: string, condition = 'true'): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const ended = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and (${condition})`,
      [new URL(url).pathname.slice(1)],
    );
    return ended.rowCount ?? 0;
  } finally {
    await admin.end();
  }
}
