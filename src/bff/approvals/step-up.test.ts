import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSchema, type Approval } from '../../contract/approvals.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { addSignedInStaff, CSRF, startBffWithSandbox, type BffWithSandbox } from '../testing/test-bff.ts';

const PATH = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const PIA = { username: 'pia', password: 'pia-harbour-lights', role: 'operator' } as const;
const OWNER_ADDRESS = '10.40.0.1';

/**
 * An approval's step-up (issue 41): the approver's password re-entry belongs to their session, so
 * wrong passwords typed for their username elsewhere never refuse it; and an admin's change to the
 * approver's account ends a step-up under way instead of approving with the old rights.
 */
describe('an approval’s step-up and the approver’s account', () => {
  let bff: BffWithSandbox;
  let pia: string;

  const requested = async (inputId: string): Promise<Approval> => {
    const response = await bff.call('POST', '/bff/approvals', bff.operator, {
      method: 'POST',
      path: PATH,
      body: { ...exampleCharge, type_of_transaction: 'charge', amount_cent: 150_000, input_id: inputId },
    });
    expect(response.statusCode, response.body).toBe(201);
    return approvalSchema.parse(response.json());
  };
  const approve = (id: string, password: string) =>
    bff.app.inject({
      method: 'POST',
      url: `/bff/approvals/${id}/approve`,
      headers: { ...CSRF, cookie: pia },
      payload: { password },
      remoteAddress: OWNER_ADDRESS,
    });

  beforeAll(async () => {
    bff = await startBffWithSandbox({ approvalWindowHours: 0 });
    pia = await addSignedInStaff(bff.app, PIA);
  });
  afterAll(() => bff?.close());

  it('approves with the right password after wrong passwords for the approver’s username from other addresses', async () => {
    const created = await requested('step-up-throttle-1');
    for (let i = 0; i < 8; i++) {
      const wrong = await bff.app.inject({
        method: 'POST',
        url: '/bff/login',
        headers: CSRF,
        payload: { username: PIA.username, password: `a-guess-number-${i}` },
        remoteAddress: `10.50.0.${i}`,
      });
      expect(wrong.statusCode).toBe(401);
    }
    const approved = await approve(created.id, PIA.password);
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it('ends the step-up when an admin demotes the approver while their password is checked', async () => {
    const created = await requested('step-up-demoted-1');
    const users = bff.app.users;
    const authenticate = users.authenticate.bind(users);
    // The demotion lands after the session was loaded for this request, during the password check.
    users.authenticate = async (username, password) => {
      await users.update(PIA.username, { role: 'viewer' });
      return authenticate(username, password);
    };
    try {
      const answer = await approve(created.id, PIA.password);
      expect(answer.statusCode).toBe(401);
    } finally {
      users.authenticate = authenticate;
    }
    const after = approvalSchema.parse(
      (await bff.call('GET', `/bff/approvals/${created.id}`, bff.admin)).json(),
    );
    expect(after.status).toBe('pending');
    // The session is over, on this request's replica and every other.
    expect((await bff.call('GET', '/bff/user', pia)).statusCode).toBe(401);
  });
});
