import { describe, expect, it } from 'vitest';
import { OPERATION_PATHS, operationPath } from './operation-paths.ts';
import { matchOperation, OPERATIONS } from './operations.ts';

describe('operationPath', () => {
  it('fills in the parameters, each percent-encoded', () => {
    expect(
      operationPath('producers_contracts_charges_and_credits_create', {
        userID: 'P1000',
        contractID: 'C 1/2',
      }),
    ).toBe('/v3/producers/P1000/contracts/C%201%2F2/charges_and_credits/');
    expect(operationPath('migrations_consumers_create', { userID: 'K-1' })).toBe(
      '/v3/migrations/consumers/K-1/',
    );
    expect(operationPath('validation_bank_data_iban_retrieve', {})).toBe('/v3/validation/bank_data_iban/');
  });

  it('builds a path the allowlist maps back to the same operation and parameters, for every operation', () => {
    expect(Object.keys(OPERATION_PATHS).sort()).toEqual(OPERATIONS.map((operation) => operation.id).sort());
    for (const operation of OPERATIONS) {
      const params: Record<string, string> = { userID: 'P1000', contractID: 'C1000' };
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- every id of the table is a key of OPERATION_PATHS (asserted above); extra parameters are ignored
      const path = operationPath(operation.id, params as never);
      const match = matchOperation(operation.method, path);
      expect(match?.operation.id).toBe(operation.id);
      for (const [name, value] of Object.entries(match?.params ?? {})) expect(value).toBe(params[name]);
    }
  });
});
