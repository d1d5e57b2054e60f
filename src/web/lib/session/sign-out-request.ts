import { logoutResponseSchema } from '../../../contract/bff-api.ts';
import { requestOk } from '../api-client.ts';

/** `POST /bff/logout`: the provider's end-session page when the session came from SSO, else the sign-in page. */
export async function signOut(): Promise<string> {
  const answer = await requestOk('post', '/bff/logout');
  return answer ? logoutResponseSchema.parse(answer).endSessionUrl : '/sign-in';
}
