import { useMutation } from '@tanstack/react-query';
import type { TechnicalResourceRequest } from '../../../../contract/api/technical-resources.ts';
import { request, type ApiAnswer } from '../../../lib/api-client.ts';
import { operationPath } from '../../../../contract/api/operation-paths.ts';

export interface TechnicalResourceWrite {
  body: TechnicalResourceRequest;
  /** Extra headers: a registration sent despite a duplicate warning says so (X-Duplicate-Acknowledged). */
  headers?: Record<string, string>;
}

/** POST /v3/master_data/changes/redispatch/technical_resources/ through the BFF; the answer is the caller's to read. */
export const registerTechnicalResource = ({
  body,
  headers,
}: TechnicalResourceWrite): Promise<ApiAnswer<unknown>> =>
  request('post', `/api${operationPath('master_data_changes_redispatch_technical_resources_create', {})}`, {
    json: body,
    ...(headers ? { headers } : {}),
  });

export const useRegisterTechnicalResource = () => useMutation({ mutationFn: registerTechnicalResource });
