import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBffDatabase, type BffDatabase, type BffDatabaseHandle } from '../db/connect.ts';
import { ApprovalRepository, type NewApproval } from './approval-repository.ts';

const HOUR_MS = 3_600_000;
const REQUEST: Omit<NewApproval, 'id'> = {
  kind: 'charge',
  method: 'POST',
  path: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
  bodyText: '{}',
  digest: 'digest',
  userId: 'P1000',
  contractId: 'C1000',
  campaignId: null,
  totalGrossCent: 250_000,
  totals: [],
  requestedBy: 'olga',
};
const OTTO = { username: 'otto', displayName: null };

/** Whatever thenable the chain ends in runs for real, then answers as if the connection dropped. */
function answerLost<T extends object>(builder: T): T {
  return new Proxy(builder, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (property === 'then')
        return (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) => {
          const stored: unknown = Reflect.apply(value, target, [
            () => {
              throw new Error('Connection terminated unexpectedly');
            },
          ]);
          return Promise.resolve(stored).then(resolve, reject);
        };
      return (...args: unknown[]) => {
        const next: unknown = Reflect.apply(value, target, args);
        return typeof next === 'object' && next !== null ? answerLost(next) : next;
      };
    },
  });
}

/** The database, with the first UPDATE stored but its answer lost on the way back. */
function firstUpdateAnswerLost(db: BffDatabase): BffDatabase {
  let lost = false;
  return new Proxy(db, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'update' || lost || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        lost = true;
        const builder: unknown = Reflect.apply(value, target, args);
        return typeof builder === 'object' && builder !== null ? answerLost(builder) : builder;
      };
    },
  });
}

describe('ApprovalRepository decisions when the answer is lost after the database stored them', () => {
  let database: BffDatabaseHandle;
  beforeAll(async () => {
    database = await openBffDatabase('memory://');
  });
  afterAll(() => database?.close());

  it('recognises its own stored approval on the retry instead of reporting someone else was first', async () => {
    const repository = new ApprovalRepository(database.db, Date.now, HOUR_MS, HOUR_MS);
    const created = await repository.create({ ...REQUEST, id: randomUUID(), inputId: 'lost-approve' });
    const lossy = new ApprovalRepository(firstUpdateAnswerLost(database.db), Date.now, HOUR_MS, HOUR_MS);
    const decidedAt = new Date();
    const claimed = await lossy.approve(created.id, OTTO, decidedAt, 'signature', 'sending');
    expect(claimed).toMatchObject({ id: created.id, status: 'sending', decidedBy: 'otto', attempts: 1 });
  });

  it('still reports a decision someone else stored first as not this one', async () => {
    const repository = new ApprovalRepository(database.db, Date.now, HOUR_MS, HOUR_MS);
    const created = await repository.create({ ...REQUEST, id: randomUUID(), inputId: 'other-first' });
    await repository.approve(created.id, { username: 'ada', displayName: null }, new Date(), 'a', 'sending');
    const lossy = new ApprovalRepository(firstUpdateAnswerLost(database.db), Date.now, HOUR_MS, HOUR_MS);
    expect(await lossy.approve(created.id, OTTO, new Date(), 'signature', 'sending')).toBeNull();
  });

  it('recognises its own stored withdrawal on the retry', async () => {
    const repository = new ApprovalRepository(database.db, Date.now, HOUR_MS, HOUR_MS);
    const created = await repository.create({ ...REQUEST, id: randomUUID(), inputId: 'lost-withdraw' });
    const lossy = new ApprovalRepository(firstUpdateAnswerLost(database.db), Date.now, HOUR_MS, HOUR_MS);
    const closed = await lossy.close(created.id, 'withdrawn', { username: 'olga', displayName: null }, null);
    expect(closed).toMatchObject({ status: 'withdrawn', decidedBy: 'olga' });
  });
});
