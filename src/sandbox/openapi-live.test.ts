import { Ajv2020 } from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { useSuiteSandbox } from './testing/suite-sandbox.ts';

type Document = {
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>
  >;
  components: { schemas: Record<string, object> };
};

const jsonSchemaObject = z.record(z.string(), z.unknown());

function withDocumentRefs(schema: object): object {
  return jsonSchemaObject.parse(
    JSON.parse(
      JSON.stringify(schema).replaceAll('"#/components/', '"urn:energy-console:openapi#/components/'),
    ),
  );
}

/** Live answers of the sandbox validate against the OpenAPI document it serves. */
describe('GET /v3/schema/ describes the live API', () => {
  const suite = useSuiteSandbox('pglite');
  let document: Document;
  let ajv: Ajv2020;

  beforeAll(async () => {
    document = (await suite.sandbox.app.inject({ url: '/v3/schema/' })).json<Document>();
    ajv = new Ajv2020({ strict: false, validateFormats: false });
    // Refs point into the document: give its components an id ajv can resolve them against.
    ajv.addSchema(withDocumentRefs({ $id: 'urn:energy-console:openapi', components: document.components }));
  });

  async function expectDescribed(
    method: 'GET' | 'POST',
    path: string,
    url: string,
    payload?: object,
    authorization = `Bearer ${suite.token}`,
  ) {
    const response = await suite.sandbox.app.inject({
      method,
      url,
      headers: { authorization },
      ...(payload ? { payload } : {}),
    });
    const described = document.paths[path]![method.toLowerCase()]!.responses[String(response.statusCode)];
    expect(
      described,
      `${method} ${url} answered ${response.statusCode}, which the document does not list`,
    ).toBeDefined();
    const schema = described!.content?.['application/json']?.schema;
    if (!schema) {
      expect(response.body).toBe('');
      return;
    }
    const validate = ajv.compile(withDocumentRefs(schema));
    const valid = validate(response.json());
    expect(validate.errors ?? [], `${method} ${url}`).toEqual([]);
    expect(valid).toBe(true);
  }

  it('is a valid OpenAPI 3.1 document titled as the spec says', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.valid).toBe(true);
    expect(document.info).toEqual(
      expect.objectContaining({ title: 'Energy Platform REST API', version: '3.8.0 (v3)' }),
    );
  });

  it('covers successes and errors of every operation', async () => {
    const feed = '/v3/producers/{userID}/contracts/{contractID}/feed/';
    const charges = '/v3/producers/{userID}/contracts/{contractID}/charges_and_credits/';
    const iban = '/v3/validation/bank_data_iban/';
    const delivery = '/v3/validation/preferred_delivery_start/';
    const migration = '/v3/migrations/consumers/{userID}/';
    const resources = '/v3/master_data/changes/redispatch/technical_resources/';
    await expectDescribed('GET', iban, `${iban}?iban=DE89370400440532013000`);
    await expectDescribed('GET', iban, `${iban}?iban=DE00`);
    await expectDescribed('GET', iban, iban);
    await expectDescribed('GET', iban, `${iban}?iban=x`, undefined, 'Bearer nope');
    await expectDescribed(
      'GET',
      delivery,
      `${delivery}?preferred_delivery_start=2025-06-17&customer_type=private&change_reason=E03`,
    );
    await expectDescribed(
      'GET',
      feed,
      '/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-02-01T00:00:00Z&aggregation_type=day&limit=5',
    );
    await expectDescribed(
      'GET',
      feed,
      '/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-01-01T01:00:00Z',
    );
    await expectDescribed('GET', feed, '/v3/producers/P1000/contracts/C1000/feed/?start=x');
    await expectDescribed(
      'GET',
      feed,
      '/v3/producers/P9/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-02-01T00:00:00Z',
    );
    const charge = {
      type_of_transaction: 'credit',
      amount_cent: 1,
      is_gross: true,
      vat_type: 'normal',
      due_date: '2026-01-01',
      input_id: 'doc',
      display_name: 'x',
      no_of_executions: 2,
      execution_cycle: 'year',
    };
    await expectDescribed(
      'POST',
      charges,
      '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      charge,
    );
    await expectDescribed(
      'POST',
      charges,
      '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      charge,
    );
    await expectDescribed(
      'POST',
      charges,
      '/v3/producers/P1000/contracts/C1000/charges_and_credits/',
      { ...charge, input_id: 'ro' },
      `Bearer ${await suite.sandbox.token('read', 'sandbox-ro')}`,
    );
    await expectDescribed('POST', migration, '/v3/migrations/consumers/U-doc/', {
      first_name: 'A',
      last_name: 'B',
      email: 'a@example.org',
      deliv_address_street: 'S',
      deliv_address_house_number: '1',
      deliv_address_zipcode: '10115',
      deliv_address_city: 'Berlin',
      payment_method: 'bank_transfer',
    });
    await expectDescribed('POST', migration, '/v3/migrations/consumers/U-doc2/', { email: 'x' });
    await expectDescribed('POST', resources, resources, { contract_id: 'C1000' });
  });
});
