import { describe, expect, it } from 'vitest';
import { exampleCharge } from '../contract/testing/examples.ts';
import { chargeRequests } from './db/schema.ts';
import { terminateConnections } from '../node-shared/db/testing/postgres.ts';
import { useSuiteSandbox } from './testing/suite-sandbox.ts';

const CHARGES = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';

describe('the sandbox on PostgreSQL when the server ends its connections', () => {
  const suite = useSuiteSandbox('postgres');

  const book = (inputId: string) =>
    suite.sandbox.app.inject({
      method: 'POST',
      url: CHARGES,
      headers: { authorization: `Bearer ${suite.token}` },
      payload: { ...exampleCharge, input_id: inputId },
    });

  it('answers 503 or books, never 500, lives on, and books each charge once when sent again', async () => {
    const inputIds = Array.from({ length: 60 }, (_, index) => `db-fault-${index}`);
    let terminating = true;
    const terminator = (async () => {
      let ended = 0;
      while (terminating) {
        ended += await terminateConnections(suite.sandbox.database.description);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      return ended;
    })();
    const first = await Promise.all(inputIds.map((inputId) => book(inputId)));
    terminating = false;
    expect(await terminator).toBeGreaterThan(0);
    for (const answer of first) {
      expect([201, 503], answer.body).toContain(answer.statusCode);
      if (answer.statusCode === 503) expect(answer.json()).toEqual({ detail: expect.any(String) });
    }
    // What was refused with 503 is sent again; what was booked answers that the input_id exists.
    const again = await Promise.all(inputIds.map((inputId) => book(inputId)));
    again.forEach((answer, index) =>
      expect(answer.statusCode, answer.body).toBe(first[index]!.statusCode === 201 ? 400 : 201),
    );
    const stored = await suite.sandbox.database.db
      .select({ inputId: chargeRequests.inputId })
      .from(chargeRequests);
    const ours = stored.map((row) => row.inputId).filter((id) => id.startsWith('db-fault-'));
    expect(ours.sort()).toEqual([...inputIds].sort());
  }, 60_000);
});
