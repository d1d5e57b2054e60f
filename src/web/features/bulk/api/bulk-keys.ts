import type { BulkKind } from '../../../../contract/bulk.ts';
import type { FileRequest } from './file-request.ts';

/**
 * Query keys of bulk campaigns: a kind's list (`['bulk', kind]`), and each campaign with its rows under
 * `['bulk', 'campaign', id]`, so invalidating a campaign refreshes its rows too.
 */
export const bulkKeys = {
  campaigns: (kind: BulkKind) => ['bulk', kind] as const,
  campaign: (id: string | undefined) => ['bulk', 'campaign', id] as const,
  rowsNotCreated: (id: string, version: string) => [...bulkKeys.campaign(id), 'rows', version] as const,
  priorRuns: (request: FileRequest | null) => ['bulk', 'prior-runs', request] as const,
};
