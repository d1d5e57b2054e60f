import { OPERATIONS } from '../../../contract/api/operations.ts';
import { BFF_AUDITED_OPERATIONS } from '../../../contract/bff-api.ts';

/**
 * Operations staff can attempt: the platform's writes, the BFF's own (accounts, bulk campaigns, approvals),
 * and calls outside the allowlist.
 * Apart from audit-search.ts, which the route's early code (its catalogue) does not need: the page's chunk.
 */
export const AUDITED_OPERATIONS = [
  ...OPERATIONS.filter((operation) => operation.method !== 'GET').map((operation) => operation.id),
  ...BFF_AUDITED_OPERATIONS,
  'not_allowed',
];
