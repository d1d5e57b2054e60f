import { logoutResponseSchema } from '../../../contract/bff-api.ts';
import { ApiError, type ApiAnswer } from '../api-client.ts';

/**
 * `POST /bff/logout`'s answer: where the browser goes next — the provider's end-session page when the session
 * came from SSO, else the sign-in page. A refusal throws with its words.
 */
export function readSignOutAnswer(answer: ApiAnswer<unknown>): string {
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, '/bff/logout');
  return answer.body ? logoutResponseSchema.parse(answer.body).endSessionUrl : '/sign-in';
}
