import { useMutation } from '@tanstack/react-query';
import type { TechnicalResourceRequest } from '../../../../contract/api/technical-resources.ts';
import { request, type ApiAnswer } from '../../../lib/api-client.ts';

/** POST /v3/master_data/changes/redispatch/technical_resources/ through the BFF; the answer is the caller's to read. */
export const registerTechnicalResource = (body: TechnicalResourceRequest): Promise<ApiAnswer<unknown>> =>
  request('post', '/api/v3/master_data/changes/redispatch/technical_resources/', { json: body });

export const useRegisterTechnicalResource = () => useMutation({ mutationFn: registerTechnicalResource });
