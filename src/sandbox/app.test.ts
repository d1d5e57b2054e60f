import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chargeResponseSchema } from '../contract/api/charges.ts';
import { detailErrorSchema, fieldErrorsSchema } from '../contract/api/common.ts';
import { consumerMigrationRecordSchema } from '../contract/api/consumer-migration.ts';
import { technicalResourceResponseSchema } from '../contract/api/technical-resources.ts';
import { tokenErrorSchema, tokenResponseSchema } from '../contract/api/token.ts';
import { exampleCharge, exampleConsumer } from '../contract/testing/examples.ts';
import { loadIdentifierVectors } from '../contract/testing/identifier-vectors.ts';
import { INPUT_ID_TAKEN } from './routes/charges.ts';
import { CONSUMER_EXISTS } from './routes/consumers.ts';
import { DATABASE_KINDS, startTestSandbox, type TestSandbox } from './testing/harness.ts';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const CHARGES = '/v3/producers/P1000/contracts/C1000/charges_and_credits/';
const charge = exampleCharge;
const consumer = {
  ...exampleConsumer,
  previous_provider: 'Stadtwerke',
  contract_notice_period: 1,
  contract_relationships: [{ target_contract_id: 'C1000', valid_from: '2026-01-01' }],
};
const technicalResource = {
  contract_id: 'C2000',
  control_resource: 'C113735592' + '0',
  technical_resource_id: 'D1137355922',
  market_location_feed: '51238696781',
  market_location_supply: '41373559241',
};

describe.each(DATABASE_KINDS)('sandbox on %s', (kind) => {
  let sandbox: TestSandbox;
  let rw: string;
  let ro: string;
  const get = (url: string, token = rw) =>
    sandbox.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const post = (url: string, payload: object | string, token = rw, headers: Record<string, string> = {}) =>
    sandbox.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { authorization: `Bearer ${token}`, ...headers },
    });

  beforeAll(async () => {
    sandbox = await startTestSandbox(kind);
    rw = await sandbox.token();
    ro = await sandbox.token('read', 'sandbox-ro');
    // control resource check digit: computed so the fixture is valid
    const { bdewCheckDigit } = await import('../contract/market-location.ts');
    technicalResource.control_resource = `C113735592${bdewCheckDigit([67, 1, 1, 3, 7, 3, 5, 5, 9, 2])}`;
  });
  afterAll(() => sandbox.close());

  describe('token endpoint', () => {
    it('issues tokens for form credentials and for HTTP Basic', async () => {
      const byForm = await sandbox.app.inject({
        method: 'POST',
        url: '/oauth2/token/',
        headers: FORM,
        payload: form({
          grant_type: 'client_credentials',
          client_id: 'sandbox-ro',
          client_secret: 'sandbox-ro-secret',
        }),
      });
      expect(byForm.statusCode).toBe(200);
      expect(tokenResponseSchema.parse(byForm.json())).toMatchObject({
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'read',
      });
      expect(byForm.headers['cache-control']).toBe('no-store');
      const basic = Buffer.from('sandbox-rw:sandbox-rw-secret').toString('base64');
      const byBasic = await sandbox.app.inject({
        method: 'POST',
        url: '/oauth2/token/',
        headers: { ...FORM, authorization: `Basic ${basic}` },
        payload: form({ grant_type: 'client_credentials', scope: 'write' }),
      });
      expect(byBasic.json()).toMatchObject({ scope: 'write' });
    });

    it.each([
      [
        'missing grant_type',
        FORM,
        form({ client_id: 'sandbox-rw', client_secret: 'sandbox-rw-secret' }),
        'invalid_request',
      ],
      [
        'JSON body',
        { 'content-type': 'application/json' },
        JSON.stringify({ grant_type: 'client_credentials' }),
        'invalid_request',
      ],
      [
        'wrong grant',
        FORM,
        form({ grant_type: 'password', client_id: 'sandbox-rw', client_secret: 'sandbox-rw-secret' }),
        'unsupported_grant_type',
      ],
      [
        'wrong secret',
        FORM,
        form({ grant_type: 'client_credentials', client_id: 'sandbox-rw', client_secret: 'nope' }),
        'invalid_client',
      ],
      [
        'unknown client',
        FORM,
        form({ grant_type: 'client_credentials', client_id: 'ghost', client_secret: 'x' }),
        'invalid_client',
      ],
      ['no credentials', FORM, form({ grant_type: 'client_credentials' }), 'invalid_client'],
      [
        'unknown scope',
        FORM,
        form({
          grant_type: 'client_credentials',
          client_id: 'sandbox-rw',
          client_secret: 'sandbox-rw-secret',
          scope: 'admin',
        }),
        'invalid_scope',
      ],
      [
        'scope beyond the client',
        FORM,
        form({
          grant_type: 'client_credentials',
          client_id: 'sandbox-ro',
          client_secret: 'sandbox-ro-secret',
          scope: 'read write',
        }),
        'invalid_scope',
      ],
      [
        'repeated parameter',
        FORM,
        'grant_type=client_credentials&grant_type=client_credentials',
        'invalid_request',
      ],
    ])('answers 400 for %s', async (_name, headers, payload, error) => {
      const response = await sandbox.app.inject({ method: 'POST', url: '/oauth2/token/', headers, payload });
      expect(response.statusCode).toBe(400);
      expect(tokenErrorSchema.parse(response.json()).error).toBe(error);
    });

    it('serves standard OAuth clients (openid-client, client_secret_post and client_secret_basic)', async () => {
      const address = await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
      try {
        const server = { issuer: address, token_endpoint: `${address}/oauth2/token/` };
        for (const auth of [
          oidc.ClientSecretPost('sandbox-rw-secret'),
          oidc.ClientSecretBasic('sandbox-rw-secret'),
        ]) {
          const config = new oidc.Configuration(server, 'sandbox-rw', undefined, auth);
          oidc.allowInsecureRequests(config);
          const tokens = await oidc.clientCredentialsGrant(config, { scope: 'read' });
          expect(tokens.token_type).toBe('bearer');
          expect(tokens.expires_in).toBe(3600);
          const check = await fetch(
            `${address}/v3/validation/market_location/?market_location_id=51238696781`,
            { headers: { authorization: `Bearer ${tokens.access_token}` } },
          );
          expect(check.status).toBe(200);
        }
      } finally {
        // Stops listening only; the app itself serves the other tests through inject.
        sandbox.app.server.close();
      }
    });
  });

  describe('bearer authentication', () => {
    const url = '/v3/validation/market_location/?market_location_id=51238696781';
    it('answers 401 with a Bearer challenge for missing, malformed and unknown tokens', async () => {
      for (const authorization of [
        undefined,
        'Basic abc',
        'Bearer',
        'Bearer a b',
        `Bearer ${'x'.repeat(43)}`,
      ]) {
        const response = await sandbox.app.inject({
          method: 'GET',
          url,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Bearer realm="api"/);
        detailErrorSchema.parse(response.json());
      }
    });

    it('answers 401 for an expired token', async () => {
      let now = Date.now();
      const shortLived = await startTestSandbox('pglite', { tokenTtlSeconds: 60, now: () => now });
      try {
        const token = await shortLived.token();
        const before = await shortLived.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(before.statusCode).toBe(200);
        now += 61_000;
        const after = await shortLived.app.inject({
          method: 'GET',
          url,
          headers: { authorization: `Bearer ${token}` },
        });
        expect(after.statusCode).toBe(401);
        expect(after.json()).toEqual({ detail: 'Invalid or expired token.' });
      } finally {
        await shortLived.close();
      }
    });

    it('answers 403 when the scope does not cover the method', async () => {
      const response = await post(CHARGES, { ...charge, input_id: 'ro-attempt' }, ro);
      expect(response.statusCode).toBe(403);
      detailErrorSchema.parse(response.json());
      const writeOnly = await sandbox.token('write');
      expect((await get(url, writeOnly)).statusCode).toBe(403);
    });
  });

  describe('validation endpoints (spec section 7 messages)', () => {
    const vectors = loadIdentifierVectors();
    it('validates market location IDs', async () => {
      for (const id of vectors.market_location_id.valid) {
        const response = await get(`/v3/validation/market_location/?market_location_id=${id}`);
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe('');
      }
      for (const [id, detail] of Object.entries(vectors.market_location_id.invalid)) {
        const response = await get(
          `/v3/validation/market_location/?market_location_id=${encodeURIComponent(id)}`,
        );
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ detail });
      }
    });

    it('answers 200 to each valid IBAN vector and the detail of each invalid one', async () => {
      for (const iban of vectors.iban.valid) {
        expect(
          (await get(`/v3/validation/bank_data_iban/?iban=${encodeURIComponent(iban)}`)).statusCode,
        ).toBe(200);
      }
      for (const [iban, detail] of Object.entries(vectors.iban.invalid)) {
        const response = await get(`/v3/validation/bank_data_iban/?iban=${iban}`);
        expect(response.json()).toEqual({ detail });
      }
    });

    it('validates delivery starts against SANDBOX_TODAY (2025-06-16)', async () => {
      const base = '/v3/validation/preferred_delivery_start/';
      expect(
        (await get(`${base}?preferred_delivery_start=2025-06-18&customer_type=private&change_reason=E03`))
          .statusCode,
      ).toBe(200);
      const tooEarly = await get(
        `${base}?preferred_delivery_start=2025-06-17&customer_type=private&change_reason=E03`,
      );
      expect(tooEarly.statusCode).toBe(400);
      expect(tooEarly.json()).toEqual({
        detail: 'delivery start to this date is not possible',
        earliest_possible_delivery_start: '2025-06-18',
      });
      expect(
        (
          await get(`${base}?preferred_delivery_start=2025-09-01&customer_type=alien&change_reason=E03`)
        ).json(),
      ).toEqual({ detail: 'unknown customer_type' });
      expect(
        (
          await get(`${base}?preferred_delivery_start=2025-09-01&customer_type=producer&change_reason=E01`)
        ).json(),
      ).toEqual({ detail: 'unsupported change_reason for selected customer_type' });
      const missing = await get(base);
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        preferred_delivery_start: ['This field is required.'],
        customer_type: ['This field is required.'],
        change_reason: ['This field is required.'],
      });
    });
  });

  describe('charges and credits', () => {
    it('creates a recurring charge with every execution and answers 201', async () => {
      const response = await post(
        CHARGES,
        { ...charge, input_id: 'monthly', no_of_executions: 3, execution_cycle: 'month' },
        rw,
        { 'x-salespartner': 'partner-7' },
      );
      expect(response.statusCode).toBe(201);
      const body = chargeResponseSchema.parse(response.json());
      expect(body.contract_id).toBe('C1000');
      const records = body.bonus_created.map((entry) => entry.monthly!);
      expect(records.map((record) => [record.internal_id, record.due_date])).toEqual([
        ['monthly__1', '2026-01-31'],
        ['monthly__2', '2026-02-28'],
        ['monthly__3', '2026-03-31'],
      ]);
      expect(records[0]).toMatchObject({
        salespartner: 'partner-7',
        category: 'bonus',
        explanation_text: '',
        bookkeeping_account: '',
      });
    });

    it('rejects a second use of an input_id on the contract and stores nothing', async () => {
      expect((await post(CHARGES, { ...charge, input_id: 'once' })).statusCode).toBe(201);
      const again = await post(CHARGES, { ...charge, input_id: 'once', amount_cent: 5 });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ input_id: [INPUT_ID_TAKEN] });
      // The same input_id on another contract is fine.
      expect(
        (
          await post('/v3/producers/P2000/contracts/C2000/charges_and_credits/', {
            ...charge,
            input_id: 'once',
          })
        ).statusCode,
      ).toBe(201);
    });

    it('lets exactly one of many concurrent duplicates land', async () => {
      const responses = await Promise.all(
        Array.from({ length: 8 }, () => post(CHARGES, { ...charge, input_id: 'race' })),
      );
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(7);
    });

    it('answers the spec field errors', async () => {
      const negative = await post(CHARGES, { ...charge, input_id: 'neg', amount_cent: -1 });
      expect(negative.json()).toEqual({ amount_cent: ['Ensure this value is greater than or equal to 0.'] });
      const cycle = await post(CHARGES, { ...charge, input_id: 'cycle', no_of_executions: 2 });
      expect(cycle.json()).toEqual({
        execution_cycle: ['This field is required when no_of_executions is greater than 1.'],
      });
    });

    it('answers 404 for unknown producers and contracts, and contracts of another producer', async () => {
      for (const url of [
        '/v3/producers/P9999/contracts/C1000/charges_and_credits/',
        '/v3/producers/P1000/contracts/C9999/charges_and_credits/',
        '/v3/producers/P2000/contracts/C1000/charges_and_credits/',
      ]) {
        const response = await post(url, { ...charge, input_id: 'x404' });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ detail: 'Not found.' });
      }
    });
  });

  describe('consumer migration', () => {
    it('stores and returns the record with the response-only fields', async () => {
      const response = await post('/v3/migrations/consumers/U-100/', consumer);
      expect(response.statusCode).toBe(201);
      const record = consumerMigrationRecordSchema.parse(response.json());
      expect(record).toMatchObject({
        user_id: 'U-100',
        bank_data_iban: 'DE89370400440532013000',
        subscription_reason: 'E03',
        salutation: null,
        contract_notice_period_unit: 'm',
        contract_relationships: [
          { target_contract_id: 'C1000', valid_from: '2026-01-01', relationship_type: 'contract_is_paid_by' },
        ],
      });
      const again = await post('/v3/migrations/consumers/U-100/', consumer);
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ detail: CONSUMER_EXISTS });
    });

    it('answers field errors for bad fields', async () => {
      const response = await post('/v3/migrations/consumers/U-101/', {
        ...consumer,
        email: 'x',
        deliv_address_zipcode: '1011',
        annual_consumption: -5,
      });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json()).sort()).toEqual([
        'annual_consumption',
        'deliv_address_zipcode',
        'email',
      ]);
    });
  });

  describe('technical resources', () => {
    it('creates one with accounting model Z01 and refuses duplicates and unknown contracts', async () => {
      const response = await post(
        '/v3/master_data/changes/redispatch/technical_resources/',
        technicalResource,
      );
      expect(response.statusCode).toBe(201);
      expect(technicalResourceResponseSchema.parse(response.json())).toMatchObject({
        accounting_model: 'Z01',
        technical_resource_id: 'D1137355922',
      });
      const duplicate = await post(
        '/v3/master_data/changes/redispatch/technical_resources/',
        technicalResource,
      );
      expect(Object.keys(duplicate.json())).toEqual(['technical_resource_id']);
      const unknown = await post('/v3/master_data/changes/redispatch/technical_resources/', {
        ...technicalResource,
        technical_resource_id: 'D1137355922',
        contract_id: 'C404',
      });
      expect(unknown.json()).toEqual({ contract_id: ['Object with contract_id=C404 does not exist.'] });
    });
  });

  describe('bad input is never a 5xx', () => {
    it('answers malformed JSON, wrong content types and non-objects with 4xx shapes', async () => {
      const malformed = await post(CHARGES, '{"amount_cent": ', rw, { 'content-type': 'application/json' });
      expect(malformed.statusCode).toBe(400);
      expect(detailErrorSchema.parse(malformed.json()).detail).toMatch(/JSON parse error/);
      const wrongType = await post(CHARGES, 'a=b', rw, { 'content-type': 'text/plain' });
      expect(wrongType.statusCode).toBe(415);
      const list = await post(CHARGES, [1, 2], rw);
      expect(list.statusCode).toBe(400);
      fieldErrorsSchema.parse(list.json());
    });

    it('refuses bodies over 1 MB with 413', async () => {
      const response = await post(CHARGES, { ...charge, explanation_text: 'x'.repeat(1_100_000) });
      expect(response.statusCode).toBe(413);
      detailErrorSchema.parse(response.json());
    });

    it('refuses null characters and huge strings with field errors', async () => {
      const nul = await post(CHARGES, { ...charge, input_id: 'nul\u0000' });
      expect(nul.json()).toEqual({ input_id: ['Null characters are not allowed.'] });
      const huge = await post(CHARGES, { ...charge, display_name: 'x'.repeat(100_000) });
      expect(huge.json()).toEqual({ display_name: ['Ensure this field has no more than 128 characters.'] });
      const control = await post(CHARGES, {
        ...charge,
        input_id: 'ctl-\u0007-\u001b',
        display_name: '\ud800',
      });
      expect(control.statusCode).toBe(201);
    });

    it('answers 404 for path parameters outside ^[\\w-]+$ and for unknown paths', async () => {
      for (const url of [
        '/v3/producers/P%2E1/contracts/C1000/charges_and_credits/',
        '/v3/producers/P%201/contracts/C1000/charges_and_credits/',
        '/v3/unknown/',
        '/v3/producers/P1000/',
      ]) {
        const response = await post(url, charge);
        expect(response.statusCode).toBe(404);
        detailErrorSchema.parse(response.json());
      }
    });
  });
});
