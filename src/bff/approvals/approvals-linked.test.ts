import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalPageSchema, approvalSchema, type Approval } from '../../contract/approvals.ts';
import { bulkCampaignSchema } from '../../contract/bulk.ts';
import { exampleCharge } from '../../contract/testing/examples.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import { chargeRequests } from '../../sandbox/db/schema.ts';
import type { TestSandbox } from '../../sandbox/testing/harness.ts';
import { callBff, freePort } from '../testing/bff-process.ts';
import { browse, CookieJar } from '../testing/browser-like.ts';
import { BFF_DATABASE_KINDS } from '../testing/databases.ts';
import { SoftwareAuthenticator } from '../testing/software-authenticator.ts';
import {
  signInAtTestProvider,
  startTestIdentityProvider,
  testProviderOptions,
  type TestIdentityProvider,
} from '../testing/oidc-test-provider.ts';
import {
  addSignedInStaff,
  buildTestBff,
  consoleCall,
  signIn,
  startBffWithSandbox,
  startUpstreamSandbox,
  TEST_ADMIN,
  type BffWithSandbox,
  type ConsoleCall,
} from '../testing/test-bff.ts';

const CHARGES = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const HOUR = 3_600_000;
/** Passwords the policy accepts, for the accounts made here. */
const PASSWORD = 'violet harbour lantern 73';
const NEW_PASSWORD = 'quiet copper meadow 1948';

const charge = (inputId: string, amountCent = 500_000) => ({
  ...exampleCharge,
  type_of_transaction: 'charge',
  amount_cent: amountCent,
  input_id: inputId,
});

async function bookedTimes(sandbox: TestSandbox, inputId: string): Promise<number> {
  const rows = await sandbox.database.db
    .select({ inputId: chargeRequests.inputId })
    .from(chargeRequests)
    .where(like(chargeRequests.inputId, inputId));
  return rows.length;
}

/**
 * People, not accounts (issue 41): accounts linked by a creation, a password reset or a passkey cannot approve
 * each other's requests within BFF_APPROVAL_WINDOW_H (720 h here) before the request or after it. The real BFF
 * in front of the real sandbox, on each database, with a real identity provider for the SSO admin.
 */
describe.each(BFF_DATABASE_KINDS)('linked accounts cannot approve each other (%s)', (kind) => {
  let sandbox: TestSandbox;
  let provider: TestIdentityProvider;
  let app: FastifyInstance;
  let base: string;
  let call: ConsoleCall;
  let dropDatabase: (() => Promise<void>) | undefined;
  /** Added to the real time for the BFF only (the provider keeps the real one): moves the window on. */
  let offset = 0;
  let boss: string;

  beforeAll(async () => {
    let upstream: string;
    ({ sandbox, url: upstream } = await startUpstreamSandbox());
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    provider = await startTestIdentityProvider({ consoleUrl: base });
    let databaseUrl = 'memory://';
    if (kind === 'postgres') {
      const postgres = await createPostgresDatabase();
      databaseUrl = postgres.url;
      dropDatabase = postgres.drop;
    }
    app = await buildTestBff(upstream, {
      dataDir: join(tmpdir(), 'bff-approvals-linked-unused'),
      databaseUrl,
      now: () => Date.now() + offset,
      identityProvider: testProviderOptions(provider.issuer, base),
      consoleOrigin: `http://localhost:${port}`,
    });
    await app.listen({ host: '127.0.0.1', port });
    call = consoleCall(app);
    // An admin made outside the console (as BFF_ADMIN_PASSWORD does): linked with nobody.
    boss = await addSignedInStaff(app, { username: 'boss', password: PASSWORD, role: 'admin' });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
    await sandbox?.close();
    await dropDatabase?.();
  });

  const requested = async (inputId: string, cookie: string): Promise<Approval> => {
    const answer = await call('POST', '/bff/approvals', cookie, {
      method: 'POST',
      path: CHARGES,
      body: charge(inputId),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return approvalSchema.parse(answer.json());
  };
  const approve = (approval: Approval, cookie: string, password = PASSWORD) =>
    call('POST', `/bff/approvals/${approval.id}/approve`, cookie, { password, digest: approval.digest });
  const viewedBy = async (approval: Pick<Approval, 'id'>, cookie: string) =>
    approvalSchema.parse((await call('GET', `/bff/approvals/${approval.id}`, cookie)).json());
  /** An account made by `creator` through `POST /bff/users`, signed in. */
  const created = async (creator: string, username: string, role: 'operator' | 'admin' = 'operator') => {
    const answer = await call('POST', '/bff/users', creator, { username, password: PASSWORD, role });
    expect(answer.statusCode, answer.body).toBe(201);
    return signIn(app, username, PASSWORD);
  };
  const directly = (username: string, role: 'operator' | 'admin' = 'operator') =>
    addSignedInStaff(app, { username, password: PASSWORD, role });

  it('an admin who reset an operator’s password cannot approve their own request as that operator', async () => {
    const admin2 = await directly('admin2', 'admin');
    await directly('op2');
    const approval = await requested('linked-reset', admin2);
    expect(approval.cannot_approve_reason).toBeUndefined();

    const reset = await call('POST', '/bff/users/op2/password-reset', admin2);
    expect(reset.statusCode).toBe(200);
    const { temporary_password: temporary } = reset.json<{ temporary_password: string }>();
    const op2 = await signIn(app, 'op2', temporary);
    const changed = await call('POST', '/bff/password', op2, {
      current_password: temporary,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(204);

    expect((await viewedBy(approval, op2)).cannot_approve_reason).toBe('linked_account');
    const refused = await approve(approval, op2, NEW_PASSWORD);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/linked.*reset its password.*another person must approve it/);
    expect(await bookedTimes(sandbox, 'linked-reset')).toBe(0);

    // A person unlinked with admin2 approves it.
    expect((await viewedBy(approval, boss)).cannot_approve_reason).toBeNull();
    const approved = await approve(approval, boss);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await bookedTimes(sandbox, 'linked-reset')).toBe(1);
  });

  it('an SSO admin cannot approve a request of a local account they created', async () => {
    const grace = new CookieJar();
    const started = await browse(grace, new URL('/bff/login/oidc?max_age=300', base).href);
    const atProvider = await signInAtTestProvider(
      grace,
      started.headers.get('location')!,
      'grace',
      `${base}/bff/callback`,
    );
    expect((await browse(grace, atProvider.callback.href)).status).toBe(200);
    const graceCookie = `ec_session=${grace.get(base, 'ec_session')}`;

    const made = await callBff(base, 'POST', '/bff/users', {
      cookie: graceCookie,
      body: { username: 'grace-local', password: PASSWORD, role: 'operator' },
    });
    expect(made.status).toBe(201);
    const approval = await requested('linked-sso', await signIn(app, 'grace-local', PASSWORD));

    const listed = approvalPageSchema.parse(
      await (await callBff(base, 'GET', '/bff/approvals', { cookie: graceCookie })).json(),
    );
    expect(listed.results.find((row) => row.id === approval.id)?.cannot_approve_reason).toBe(
      'linked_account',
    );
    const refused = await callBff(base, 'POST', `/bff/approvals/${approval.id}/approve`, {
      cookie: graceCookie,
      body: { digest: approval.digest },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      detail: expect.stringMatching(/created the other’s account/),
      code: 'approver_linked',
    });
    expect(await bookedTimes(sandbox, 'linked-sso')).toBe(0);
  });

  it('the list says per viewer why a request cannot be approved: own request, linked account, newer account', async () => {
    const creator = await directly('creator', 'admin');
    const made = await created(creator, 'made-by-creator');
    const unlinked = await directly('unlinked');
    const approval = await requested('linked-list', made);
    const reasonFor = async (cookie: string) => {
      const page = approvalPageSchema.parse((await call('GET', '/bff/approvals', cookie)).json());
      return page.results.find((row) => row.id === approval.id)?.cannot_approve_reason;
    };
    expect(await reasonFor(made)).toBe('own_request');
    expect(await reasonFor(creator)).toBe('linked_account');
    expect(await reasonFor(boss)).toBeNull();
    expect(await reasonFor(unlinked)).toBeNull();
    const later = await directly('later-comer');
    expect(await reasonFor(later)).toBe('account_newer');
    expect((await approve(approval, later)).statusCode).toBe(403);
    expect((await approve(approval, creator)).statusCode).toBe(403);
  });

  it('the creator of an account cannot approve its bulk campaign either: the campaign keeps waiting', async () => {
    const bulkAdmin = await directly('bulk-admin', 'admin');
    const bulkOperator = await created(bulkAdmin, 'bulk-operator');
    const rows = Array.from({ length: 3 }, (_, index) => ({
      row: index + 2,
      values: { user_id: 'P1000', contract_id: 'C1000', ...charge(`linked-bulk-${index + 1}`, 40_000) },
    }));
    const made = await call('POST', '/bff/bulk/campaigns', bulkOperator, {
      kind: 'charges',
      // Rows alike but for input_id are meant here (repeats, issue 42).
      bookIdenticalRows: true,
      fileName: 'linked.csv',
      rows,
    });
    expect(made.statusCode, made.body).toBe(201);
    const campaign = bulkCampaignSchema.parse(made.json());
    expect(campaign.status).toBe('awaiting_approval');
    const approval = await viewedBy({ id: campaign.approvalId! }, bulkAdmin);
    expect(approval).toMatchObject({ kind: 'bulk_charges', cannot_approve_reason: 'linked_account' });
    expect((await approve(approval, bulkAdmin)).statusCode).toBe(403);
    const after = bulkCampaignSchema.parse(
      (await call('GET', `/bff/bulk/campaigns/${campaign.id}`, bulkOperator)).json(),
    );
    expect(after.status).toBe('awaiting_approval');
    expect(await bookedTimes(sandbox, 'linked-bulk-%')).toBe(0);
  });

  it('a link made before the window does not block; one within it, or after the request, does', async () => {
    const old = await directly('old-admin', 'admin');
    await created(old, 'long-ago');
    await created(old, 'recently');
    offset += 721 * HOUR;
    // Sessions last 12 hours: everyone signs in again at the new time.
    const oldAdmin = await signIn(app, 'old-admin', PASSWORD);
    const longAgo = await requested('linked-long-ago', await signIn(app, 'long-ago', PASSWORD));
    expect((await viewedBy(longAgo, oldAdmin)).cannot_approve_reason).toBeNull();
    expect((await approve(longAgo, oldAdmin)).statusCode).toBe(200);
    expect(await bookedTimes(sandbox, 'linked-long-ago')).toBe(1);

    // Reset after the request: the admin knows the password of an account that asked; it counts too.
    const recently = await signIn(app, 'recently', PASSWORD);
    const afterwards = await requested('linked-after', recently);
    expect((await viewedBy(afterwards, oldAdmin)).cannot_approve_reason).toBeNull();
    expect((await call('POST', '/bff/users/recently/password-reset', oldAdmin)).statusCode).toBe(200);
    expect((await viewedBy(afterwards, oldAdmin)).cannot_approve_reason).toBe('linked_account');
    expect((await approve(afterwards, oldAdmin)).statusCode).toBe(403);
    expect(await bookedTimes(sandbox, 'linked-after')).toBe(0);
  });

  it('a passkey registered on an account links it again with whoever last set its password', async () => {
    const keyAdmin = await directly('key-admin', 'admin');
    await created(keyAdmin, 'key-owner');
    offset += 721 * HOUR;
    // The creation is out of the window now; the passkey registered today brings the link back.
    const owner = await signIn(app, 'key-owner', PASSWORD);
    const options = await call('POST', '/bff/passkeys/registration-options', owner, { password: PASSWORD });
    expect(options.statusCode, options.body).toBe(200);
    const authenticator = new SoftwareAuthenticator(new URL(base).origin.replace('127.0.0.1', 'localhost'));
    const registered = await call('POST', '/bff/passkeys', owner, {
      name: 'Phone',
      response: authenticator.register(options.json()),
    });
    expect(registered.statusCode, registered.body).toBe(201);

    const approval = await requested('linked-passkey', owner);
    const admin = await signIn(app, 'key-admin', PASSWORD);
    expect((await viewedBy(approval, admin)).cannot_approve_reason).toBe('linked_account');
    expect((await approve(approval, admin)).statusCode).toBe(403);
    expect(await bookedTimes(sandbox, 'linked-passkey')).toBe(0);
  });
});

describe('with BFF_APPROVAL_WINDOW_H=0 only links made from the request on count', () => {
  let bff: BffWithSandbox;
  beforeAll(async () => {
    bff = await startBffWithSandbox({ approvalWindowHours: 0 });
  });
  afterAll(() => bff?.close());

  it('a creation before the request does not block; a reset after it does', async () => {
    const { call, admin } = bff;
    for (const username of ['zero-before', 'zero-after'])
      expect(
        (await call('POST', '/bff/users', admin, { username, password: PASSWORD, role: 'operator' }))
          .statusCode,
      ).toBe(201);
    const ask = async (username: string, inputId: string) => {
      const answer = await call('POST', '/bff/approvals', await signIn(bff.app, username, PASSWORD), {
        method: 'POST',
        path: CHARGES,
        body: charge(inputId),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return approvalSchema.parse(answer.json());
    };
    const before = await ask('zero-before', 'zero-before');
    const approved = await call('POST', `/bff/approvals/${before.id}/approve`, admin, {
      password: TEST_ADMIN.password,
      digest: before.digest,
    });
    expect(approved.statusCode, approved.body).toBe(200);

    const after = await ask('zero-after', 'zero-after');
    expect((await call('POST', '/bff/users/zero-after/password-reset', admin)).statusCode).toBe(200);
    const refused = await call('POST', `/bff/approvals/${after.id}/approve`, admin, {
      password: TEST_ADMIN.password,
      digest: after.digest,
    });
    expect(refused.statusCode).toBe(403);
    expect(await bookedTimes(bff.sandbox, 'zero-after')).toBe(0);
  });
});
