import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { approvalSchema, stepUpRequiredSchema, STEP_UP_MAX_AGE_SECONDS } from '../../contract/approvals.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { callBff, freePort } from '../testing/bff-process.ts';
import { browse, CookieJar } from '../testing/browser-like.ts';
import {
  signInAtTestProvider,
  startTestIdentityProvider,
  testProviderOptions,
  type TestIdentityProvider,
  type TestStaffLogin,
} from '../testing/oidc-test-provider.ts';
import { buildTestBff, startUpstreamSandbox } from '../testing/test-bff.ts';

const CHARGES = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';

/**
 * Four-eyes approval with SSO staff only (issue 28): Ada (operator) asks, Grace (admin) approves once she
 * has signed in at the provider within STEP_UP_MAX_AGE_SECONDS. A real provider (oidc-provider), a BFF in
 * this process and the real sandbox as the platform, driven over HTTP as a browser would.
 */
describe('approving as an SSO account needs a recent sign-in at the provider', () => {
  let sandbox: TestSandbox;
  let provider: TestIdentityProvider;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    let upstream: string;
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestIdentityProvider({ consoleUrl: base });
    app = await buildTestBff(upstream, {
      dataDir: join(tmpdir(), 'bff-approvals-sso-unused'),
      // Read at each call, so the faked clock below reaches the BFF too.
      now: () => Date.now(),
      identityProvider: testProviderOptions(provider.issuer, base),
    });
    await app.listen({ host: '127.0.0.1', port });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await sandbox?.close();
  });

  /** Follows a sign-in link of the console (`/bff/login/oidc?…`) through the provider and the callback. */
  async function signInThrough(jar: CookieJar, link: string, login: TestStaffLogin) {
    const started = await browse(jar, new URL(link, base).href);
    expect(started.status).toBe(303);
    const atProvider = await signInAtTestProvider(
      jar,
      started.headers.get('location')!,
      login,
      `${base}/bff/callback`,
    );
    const handover = await browse(jar, atProvider.callback.href);
    expect(handover.status).toBe(200);
    return { askedToSignIn: atProvider.askedToSignIn, page: await handover.text() };
  }

  const cookieOf = (jar: CookieJar) => `ec_session=${jar.get(base, 'ec_session')}`;

  /** Ada, signed in through SSO, asks for approval of a 1,500.00 € gross charge. */
  async function adaAsks(inputId: string) {
    const ada = new CookieJar();
    await signInThrough(ada, '/bff/login/oidc', 'ada');
    const charge = {
      ...exampleCharge,
      type_of_transaction: 'charge',
      amount_cent: 150_000,
      input_id: inputId,
    };
    const asked = await callBff(base, 'POST', '/bff/approvals', {
      cookie: cookieOf(ada),
      body: { method: 'POST', path: CHARGES, body: charge },
    });
    expect(asked.status).toBe(201);
    const approval = approvalSchema.parse(await asked.json());
    expect(approval).toMatchObject({ status: 'pending', requested_by: 'sso:ada', total_gross_cent: 150_000 });
    return approval;
  }

  const approve = (jar: CookieJar, approval: { id: string; digest: string }) =>
    callBff(base, 'POST', `/bff/approvals/${approval.id}/approve`, {
      cookie: cookieOf(jar),
      body: { digest: approval.digest },
    });

  /** The 401 of an approval without a recent sign-in: its link back through the provider to the approval. */
  async function refusedForStepUp(answer: Response, approvalId: string) {
    expect(answer.status).toBe(401);
    const { reauthenticate_url: link } = stepUpRequiredSchema.parse(await answer.json());
    const url = new URL(link, base);
    expect(url.pathname).toBe('/bff/login/oidc');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      returnTo: `/approvals/${approvalId}`,
      max_age: String(STEP_UP_MAX_AGE_SECONDS),
    });
    return link;
  }

  it('a session whose sign-in time is unknown gets 401 with a link; through it the approval books', async () => {
    const approval = await adaAsks('sso-step-up-unknown');
    const grace = new CookieJar();
    // A plain SSO sign-in: the provider names no auth_time, so when she signed in is unknown.
    await signInThrough(grace, '/bff/login/oidc', 'grace');
    const link = await refusedForStepUp(await approve(grace, approval), approval.id);

    // She signed in at the provider moments ago: it does not ask again, it says when.
    const { askedToSignIn, page } = await signInThrough(grace, link, 'grace');
    expect(askedToSignIn).toBe(false);
    expect(page).toContain(`content="0;url=/approvals/${approval.id}"`);
    const approved = await approve(grace, approval);
    expect(approved.status).toBe(200);
    expect(approvalSchema.parse(await approved.json())).toMatchObject({
      status: 'approved',
      outcome: 'booked',
      upstream_status: 201,
      decided_by: 'sso:grace',
    });
  });

  it('a sign-in older than five minutes gets 401; the provider asks her again, and the approval books', async () => {
    // One clock for the BFF, the provider and openid-client alike, moved on below; it keeps running.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const approval = await adaAsks('sso-step-up-aged');
    const grace = new CookieJar();
    await signInThrough(grace, '/bff/login/oidc?max_age=300', 'grace');
    // Recent at sign-in (max_age=300 gave an auth_time); six minutes later it is not.
    vi.setSystemTime(Date.now() + (STEP_UP_MAX_AGE_SECONDS + 60) * 1000);
    const link = await refusedForStepUp(await approve(grace, approval), approval.id);

    // Her sign-in at the provider is too old for max_age: it asks for it again.
    const { askedToSignIn } = await signInThrough(grace, link, 'grace');
    expect(askedToSignIn).toBe(true);
    const approved = await approve(grace, approval);
    expect(approved.status).toBe(200);
    expect(approvalSchema.parse(await approved.json())).toMatchObject({
      status: 'approved',
      outcome: 'booked',
      decided_by: 'sso:grace',
    });
  });
});
