import { pageSchema } from '../../contract/api/common.ts';
import { decisionsForMeSchema } from '../../contract/approval-decisions.ts';
import { approvalSchema } from '../../contract/approvals.ts';
import { sessionAnswerSchema, type SessionUser } from '../../contract/bff-api.ts';
import { searchResponseSchema } from '../../contract/records.ts';
import { FakeBff } from './fake-bff.ts';

/** An operator as the BFF describes them, with the thresholds the charges page reads. */
export const OPERATOR: SessionUser = {
  username: 'olga',
  role: 'operator',
  environment: 'sandbox',
  confirmFromCent: 100_000,
  approvalFromCent: 500_000,
};

/** The console's own routes every signed-in page asks for, answered as for a quiet day. */
export function consoleBff(user: SessionUser = OPERATOR): FakeBff {
  return new FakeBff()
    .own('GET', '/bff/session', sessionAnswerSchema, () => ({ status: 200, body: { user } }))
    .own('GET', '/bff/approvals', pageSchema(approvalSchema), () => ({
      status: 200,
      body: { count: 0, next: null, previous: null, results: [] },
    }))
    .own('GET', '/bff/approvals/decisions-for-me', decisionsForMeSchema, () => ({
      status: 200,
      body: { unseen: 0, seen_at: null },
    }))
    .own('GET', '/bff/search', searchResponseSchema, () => ({ status: 200, body: { results: [] } }));
}
