import { useMutation } from '@tanstack/react-query';
import type { AuditFilter } from '../../../../contract/bff-api.ts';
import { ApiError, readBody, send } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { filterParams } from '../audit-search.ts';

/** The filtered audit log as a CSV download (the whole of it, not one page). */
export async function exportAudit(filter: AuditFilter): Promise<void> {
  const path = 'bff/audit/export';
  const response = await send(path, { searchParams: filterParams(filter), timeout: 120_000 });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadBlob(await response.blob(), name ?? 'audit.csv');
}

export const useExportAudit = () => useMutation({ mutationFn: exportAudit });
