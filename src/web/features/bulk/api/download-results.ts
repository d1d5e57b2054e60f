import { ApiError, readBody, send } from '../../../lib/api-client.ts';
import { downloadBlob } from '../../../lib/download.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';

/** A campaign's results, every row, as a CSV download. */
export async function downloadResults(id: string): Promise<void> {
  // In the UI language's spreadsheet convention (German: `;`, a BOM, the status in words beside its code).
  const path = `bff/bulk/campaigns/${id}/results?language=${currentLanguage()}`;
  const response = await send(path, { timeout: 120_000 });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  downloadBlob(await response.blob(), name ?? 'results.csv');
}
