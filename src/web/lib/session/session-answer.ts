import { sessionAnswerSchema, type SessionUser } from '../../../contract/bff-api.ts';
import { ApiError, type ApiAnswer } from '../api-client.ts';

/** `/bff/session`'s answer read with the contract's schema: who is signed in, `null` when nobody is. */
export function readSessionAnswer(answer: ApiAnswer<unknown>): SessionUser | null {
  if (answer.status >= 400) throw new ApiError(answer.status, answer.body, '/bff/session');
  return sessionAnswerSchema.parse(answer.body).user;
}
