import { OPERATIONS } from '../../../contract/api/operations.ts';

/**
 * Operations staff can attempt: the platform's writes, account changes, and calls outside the allowlist.
 * Apart from audit-search.ts, which the router loads: the operation list belongs in the page's chunk.
 */
export const AUDITED_OPERATIONS = [
  ...OPERATIONS.filter((operation) => operation.method !== 'GET').map((operation) => operation.id),
  'bff_users_create',
  'bff_users_update',
  'not_allowed',
];
