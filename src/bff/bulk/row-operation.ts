import { operationPath } from '../../contract/api/operation-paths.ts';
import type { BulkKind } from '../../contract/bulk.ts';

/** The platform's operation and path for one row of a campaign (the audit names the operation). */
export function rowOperation(kind: BulkKind, userId: string, contractId: string | null) {
  if (kind === 'charges') {
    const id = 'producers_contracts_charges_and_credits_create';
    return { id, path: operationPath(id, { userID: userId, contractID: contractId ?? '' }) };
  }
  const id = 'migrations_consumers_create';
  return { id, path: operationPath(id, { userID: userId }) };
}
