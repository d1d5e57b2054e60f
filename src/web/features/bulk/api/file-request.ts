import type { BulkCampaignRequest } from '../../../../contract/bulk.ts';

/** A checked file as the worker hands it over: its rows already JSON, to be spliced, not re-serialised. */
export type FileRequest = Omit<BulkCampaignRequest, 'rows' | 'invalid'> & {
  rowsJson: string;
  invalidJson: string;
};

/** The request body: the worker's JSON spliced in rather than parsed and serialised again. */
export const fileBody = (request: FileRequest) =>
  `{"kind":${JSON.stringify(request.kind)},"fileName":${JSON.stringify(request.fileName)},"rows":${request.rowsJson},"invalid":${request.invalidJson}}`;
