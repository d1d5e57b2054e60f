import type { BulkCampaignRequest } from '../../../../contract/bulk.ts';
import { ApiError, readBody, send } from '../../../lib/api-client.ts';

/** A checked file as the worker hands it over: its rows already JSON, to be spliced, not re-serialised. */
export type FileRequest = Omit<BulkCampaignRequest, 'rows' | 'invalid' | 'bookIdenticalRows'> & {
  bookIdenticalRows?: boolean;
  rowsJson: string;
  invalidJson: string;
};

/** The request body: the worker's JSON spliced in rather than parsed and serialised again. */
const fileBody = (request: FileRequest) =>
  `{"kind":${JSON.stringify(request.kind)},"fileName":${JSON.stringify(request.fileName)},"bookIdenticalRows":${request.bookIdenticalRows === true},"rows":${request.rowsJson},"invalid":${request.invalidJson}}`;

/** Posts a checked file (it may be large: a longer deadline); a non-2xx answer throws an ApiError. */
export async function postFile(path: string, request: FileRequest): Promise<unknown> {
  const response = await send(path, {
    method: 'post',
    body: fileBody(request),
    headers: { 'content-type': 'application/json' },
    timeout: 120_000,
  });
  if (!response.ok) throw new ApiError(response.status, await readBody(response), path);
  return response.json();
}
