import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalSchema, STEP_UP_MAX_AGE_SECONDS } from '../../contract/approvals.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import { addSignedInStaff, startBffWithSandbox, type BffWithSandbox } from '../testing/test-bff.ts';

const ORIGIN = 'http://localhost:19880';
const PATH = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const OTTO = { username: 'otto', password: 'otto-password-1', role: 'operator' } as const;

/** A local account that signed in with a passkey has stepped up for approvals for five minutes. */
describe('approving after a passkey sign-in', () => {
  // From the real clock: accounts get their creation time from the database, and must predate requests.
  let now = Date.now();
  let bff: BffWithSandbox;
  let ottoByPasskey: string;

  /** The operator asks for approval of a 1,500.00 € gross charge. */
  const asked = async (inputId: string) => {
    const body = { ...exampleCharge, type_of_transaction: 'charge', amount_cent: 150_000, input_id: inputId };
    const answer = await bff.call('POST', '/bff/approvals', bff.operator, {
      method: 'POST',
      path: PATH,
      body,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return approvalSchema.parse(answer.json());
  };

  beforeAll(async () => {
    bff = await startBffWithSandbox({ consoleOrigin: ORIGIN, now: () => now });
    const ottoByPassword = await addSignedInStaff(bff.app, OTTO);
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const creation = await bff.call('POST', '/bff/passkeys/registration-options', ottoByPassword, {
      password: OTTO.password,
    });
    const registered = await bff.call('POST', '/bff/passkeys', ottoByPassword, {
      name: 'Otto’s key',
      response: authenticator.register(creation.json()),
    });
    expect(registered.statusCode).toBe(201);
    const request = await bff.call('POST', '/bff/passkeys/authentication-options', undefined);
    const signedIn = await bff.call('POST', '/bff/login/passkey', undefined, {
      response: authenticator.authenticate(request.json()),
    });
    expect(signedIn.statusCode).toBe(200);
    ottoByPasskey = `ec_session=${signedIn.cookies[0]!.value}`;
  });
  afterAll(() => bff?.close());

  const approve = (id: string, cookie: string) =>
    bff.call('POST', `/bff/approvals/${id}/approve`, cookie, {});

  it('needs no password within five minutes of the passkey sign-in', async () => {
    now += STEP_UP_MAX_AGE_SECONDS * 1000 - 1000;
    const approval = await asked('passkey-step-up-1');
    const approved = await approve(approval.id, ottoByPasskey);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ decided_by: 'otto', status: 'approved' });
  });

  it('asks for the password again after that', async () => {
    now += 2000;
    const approval = await asked('passkey-step-up-2');
    const refused = await approve(approval.id, ottoByPasskey);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ password: ['Enter your password to approve.'] });
  });

  it('never counts a password sign-in as a step-up', async () => {
    const ottoByPassword = await addSignedInStaff(bff.app, { ...OTTO, username: 'otto2' });
    const approval = await asked('passkey-step-up-3');
    expect((await approve(approval.id, ottoByPassword)).statusCode).toBe(400);
  });
});
