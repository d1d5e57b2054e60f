import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { detailErrorSchema, fieldErrorsSchema } from '../contract/api/common.ts';
import { OPERATIONS, type Operation } from '../contract/api/operations.ts';
import { useSuiteSandbox } from './testing/suite-sandbox.ts';

const documentedError = z.union([fieldErrorsSchema, z.catchall(detailErrorSchema, z.unknown())]);

describe('fuzz: no input gives a 5xx, every 4xx has a documented shape', () => {
  const suite = useSuiteSandbox('pglite');

  const concretePath = (operation: Operation, id: string) =>
    operation.path.replace('{userID}', 'P1000').replace('{contractID}', id);

  function expectDocumented(statusCode: number, body: string) {
    expect(statusCode).toBeLessThan(500);
    if (statusCode >= 400) expect(documentedError.safeParse(JSON.parse(body)).success).toBe(true);
  }

  const writes = (OPERATIONS as readonly Operation[]).filter((operation) => operation.method === 'POST');
  it.each(writes.map((operation) => [operation.id, operation] as const))(
    '%s with arbitrary JSON bodies',
    async (_id, operation) => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.jsonValue(),
            fc.dictionary(
              fc.constantFrom(
                'amount_cent',
                'input_id',
                'due_date',
                'no_of_executions',
                'email',
                'contract_id',
                'payment_method',
                'technical_resource_id',
                'contract_relationships',
                'product_specifics',
              ),
              fc.jsonValue(),
            ),
          ),
          fc.constantFrom('C1000', 'C2000', 'X'),
          async (body, contractId) => {
            const response = await suite.sandbox.app.inject({
              method: 'POST',
              url: concretePath(operation, contractId),
              headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
              payload: JSON.stringify(body),
            });
            expectDocumented(response.statusCode, response.body);
          },
        ),
        { numRuns: 60 },
      );
    },
  );

  it('raw bytes as bodies', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 300 }), async (raw) => {
        const response = await suite.sandbox.app.inject({
          method: 'POST',
          url: '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
          headers: { authorization: `Bearer ${suite.token}`, 'content-type': 'application/json' },
          payload: raw,
        });
        expectDocumented(response.statusCode, response.body);
      }),
      { numRuns: 60 },
    );
  });

  const reads = (OPERATIONS as readonly Operation[]).filter((operation) => operation.method === 'GET');
  it.each(reads.map((operation) => [operation.id, operation] as const))(
    '%s with arbitrary query parameters',
    async (_id, operation) => {
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(
            fc.constantFrom(
              'start',
              'end',
              'aggregation_type',
              'timezone',
              'limit',
              'offset',
              'iban',
              'market_location_id',
              'preferred_delivery_start',
              'customer_type',
              'change_reason',
            ),
            fc.oneof(
              fc.string(),
              fc.constantFrom(
                '2025-01-01T00:00:00Z',
                '2026-01-01T00:00:00Z',
                'hour',
                'Asia/Kathmandu',
                '0',
                '99999999999',
                'private',
                'E03',
                '2026-02-30',
              ),
            ),
          ),
          async (query) => {
            const response = await suite.sandbox.app.inject({
              method: 'GET',
              url: `${concretePath(operation, 'C1000')}?${new URLSearchParams(query)}`,
              headers: { authorization: `Bearer ${suite.token}` },
            });
            expectDocumented(response.statusCode, response.body);
          },
        ),
        { numRuns: 80 },
      );
    },
  );
});
