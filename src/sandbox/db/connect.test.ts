import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, TEST_DATABASE_URL } from '../testing/harness.ts';
import { openDatabase } from './connect.ts';

describe('PostgreSQL connections', () => {
  it('survive the server ending idle connections (a restart): the next query reconnects', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url);
    try {
      await database.db.execute(sql`select 1`);
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      const terminated = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(postgres.url).pathname.slice(1)],
      );
      await admin.end();
      expect(terminated.rowCount).toBeGreaterThan(0);
      // Give the pool time to see its clients end (the 'error' event that used to be uncaught).
      await new Promise((resolve) => setTimeout(resolve, 300));
      const answer = (await database.db.execute(sql`select 41 + 1 as answer`)) as unknown as {
        rows: { answer: number }[];
      };
      expect(answer.rows[0]!.answer).toBe(42);
    } finally {
      await database.close();
      await postgres.drop();
    }
  });
});
