import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notify, openDatabase, queryRows } from './connect.ts';
import { isConnectionLoss } from './errors.ts';
import { createPostgresDatabase, terminateConnections } from './testing/postgres.ts';
import { until } from '../testing/until.ts';
import { watchWarnings } from '../testing/warnings.ts';

/** A one-table database, so these tests are about connections and not about either program's schema. */
const notesDatabase = {
  schema: {},
  migrationsFolder: resolve(import.meta.dirname, 'testing/migrations'),
  migrationLockKey: 0x7e57,
};

/** Ends the connections running a `pg_sleep` statement, once one is seen running. */
const terminateWhileSleeping = (url: string) =>
  until(
    async () => (await terminateConnections(url, "state = 'active' and query like '%pg_sleep%'")) > 0,
    5000,
  );

describe('PostgreSQL connections', () => {
  it('survive the server ending idle connections (a restart): the next query reconnects', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url, notesDatabase);
    const connectionLost = watchWarnings(/PostgreSQL connection lost/);
    try {
      await database.db.execute(sql`select 1`);
      expect(await terminateConnections(postgres.url)).toBeGreaterThan(0);
      // The pool has seen its idle client end (the 'error' event that used to be uncaught).
      await until(() => connectionLost.seen(), 5000);
      const rows = await queryRows<{ answer: number }>(database.db, sql`select 41 + 1 as answer`);
      expect(rows[0]!.answer).toBe(42);
    } finally {
      connectionLost.stop();
      await database.close();
      await postgres.drop();
    }
  });

  it('survive the server ending a connection inside a transaction: that transaction fails, the process lives on', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url, notesDatabase);
    const connectionLost = watchWarnings(/PostgreSQL connection lost/);
    try {
      let inTransaction = false;
      // Settled into a value at once: the rejection comes while the test is still ending the connection.
      const transaction = database.db
        .transaction(async (tx) => {
          await tx.execute(sql`insert into notes (text) values ('in the transaction')`);
          inTransaction = true;
          // The client is checked out and idle in the transaction until its connection has ended.
          await until(() => connectionLost.seen(), 5000);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => 'committed',
          (error: unknown) => error,
        );
      await until(() => inTransaction, 5000);
      expect(await terminateConnections(postgres.url)).toBeGreaterThan(0);
      expect(isConnectionLoss(await transaction)).toBe(true);
      const rows = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from notes`,
      );
      expect(rows[0]!.count).toBe(0); // rolled back, and the pool connected anew
    } finally {
      connectionLost.stop();
      await database.close();
      await postgres.drop();
    }
  });

  it('give back every client of transactions cut at any point (BEGIN included): the pool never runs dry', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url, { ...notesDatabase, poolSize: 2 });
    try {
      let terminating = true;
      const terminator = (async () => {
        while (terminating) {
          await terminateConnections(postgres.url);
          // The fault itself: the server ends every connection again and again, 5 ms apart.
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const outcomes = await Promise.allSettled(
        Array.from({ length: 60 }, (_, index) =>
          database.db.transaction(async (tx) => {
            await tx.execute(sql`insert into notes (text) values (${`note ${index}`})`);
          }),
        ),
      );
      terminating = false;
      await terminator;
      for (const outcome of outcomes)
        if (outcome.status === 'rejected') expect(isConnectionLoss(outcome.reason)).toBe(true);
      // Both slots of the pool are free again: two transactions at once still go through (within a deadline,
      // since a pool run dry would wait for ever).
      const answers = await Promise.race([
        Promise.all([1, 2].map(() => database.db.transaction(async (tx) => tx.execute(sql`select 1`)))),
        new Promise((resolve) => setTimeout(() => resolve('pool exhausted'), 5000)),
      ]);
      expect(answers).not.toBe('pool exhausted');
    } finally {
      await database.close();
      await postgres.drop();
    }
  });

  it('answer a read whose connection the server ended while it ran, on a new connection', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url, notesDatabase);
    try {
      const read = queryRows<{ answer: number }>(database.db, sql`select 42 as answer from pg_sleep(0.8)`);
      await terminateWhileSleeping(postgres.url);
      expect((await read)[0]!.answer).toBe(42);
    } finally {
      await database.close();
      await postgres.drop();
    }
  });

  it('do not send a write again whose connection was lost: whether it ran is unknown', async () => {
    const postgres = await createPostgresDatabase();
    const database = await openDatabase(postgres.url, notesDatabase);
    try {
      // drizzle's queries run when awaited: start it now.
      const write = (async () =>
        database.db.execute(sql`insert into notes (text) select 'slow' from pg_sleep(0.8)`))().then(
        () => 'written',
        (error: unknown) => error,
      );
      await terminateWhileSleeping(postgres.url);
      expect(isConnectionLoss(await write)).toBe(true);
      const rows = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from notes`,
      );
      expect(rows[0]!.count).toBe(0);
    } finally {
      await database.close();
      await postgres.drop();
    }
  });

  it('migrate once when several processes start together on one database', async () => {
    const postgres = await createPostgresDatabase();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase(postgres.url, notesDatabase)));
    try {
      const migrations = await queryRows<{ count: number }>(
        handles[0]!.db,
        sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
      );
      expect(migrations[0]!.count).toBe(1);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await postgres.drop();
    }
  });

  it('deliver notifications to every process listening, and report a gap after a dropped connection', async () => {
    const postgres = await createPostgresDatabase();
    const sender = await openDatabase(postgres.url, notesDatabase);
    const receiver = await openDatabase(postgres.url, notesDatabase);
    const received: string[] = [];
    let gaps = 0;
    try {
      await receiver.listen('notes_changed', {
        onNotify: (payload) => received.push(payload),
        onGap: () => gaps++,
      });
      await notify(sender.db, 'notes_changed', 'first');
      await until(() => received.length === 1, 5000);
      expect(received).toEqual(['first']);

      await terminateConnections(postgres.url);
      await until(() => gaps >= 2, 5000); // once when dropped, once when listening again
      await notify(sender.db, 'notes_changed', 'after reconnect');
      await until(() => received.length === 2, 5000);
      expect(received[1]).toBe('after reconnect');
    } finally {
      await receiver.close();
      await sender.close();
      await postgres.drop();
    }
  });
});

describe('PGlite', () => {
  it('delivers its own notifications in process', async () => {
    const database = await openDatabase('memory://', notesDatabase);
    const received: string[] = [];
    try {
      await database.listen('notes_changed', { onNotify: (payload) => received.push(payload) });
      await notify(database.db, 'notes_changed', 'hello');
      await until(() => received.length === 1, 5000);
      expect(received).toEqual(['hello']);
    } finally {
      await database.close();
    }
  });

  it('lets other work run between the statements of a transaction (it runs in this thread)', async () => {
    const database = await openDatabase('memory://', notesDatabase);
    let otherWork = 0;
    let running = true;
    const tick = () =>
      setImmediate(() => {
        otherWork += 1;
        if (running) tick();
      });
    try {
      tick();
      const seenBy: number[] = [];
      await database.db.transaction(async (tx) => {
        for (let statement = 0; statement < 20; statement++) {
          seenBy.push(otherWork);
          await tx.execute(sql`select 1`);
        }
      });
      // Without a turn per statement, the whole loop ran before anything else (1.1 s for a 10,000-row campaign).
      expect(new Set(seenBy).size).toBeGreaterThanOrEqual(19);
    } finally {
      running = false;
      await database.close();
    }
  });
});
