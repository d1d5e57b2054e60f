import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import {
  consumerRecordsSchema,
  contractRecordsSchema,
  duplicatesSchema,
  recordSchema,
  searchResponseSchema,
} from '../../contract/records.ts';
import { exampleCharge, exampleConsumer } from '../../contract/testing/examples.ts';
import type { LossyUpstream } from '../testing/lossy-upstream.ts';
import {
  addSignedInStaff,
  startBffWithSandbox,
  startBffWithSandboxBehindLossyNetwork,
  type BffWithSandbox,
} from '../testing/test-bff.ts';
import { RECORDS_READ_OPERATION } from './records-plugin.ts';

const JOERG = {
  ...exampleConsumer,
  first_name: 'Jörg',
  last_name: 'Müller',
  email: 'joerg.mueller@example.org',
  meteringpoint_id: '51238696781',
};
const charges = (userId = 'P1000', contractId = 'C1000') =>
  `/api/v3/producers/${userId}/contracts/${contractId}/charges_and_credits/`;

describe('the console records every write and finds it again', () => {
  let bff: BffWithSandbox;
  let viewer: string;
  const json = (response: LightMyRequestResponse): unknown => response.json();

  beforeAll(async () => {
    bff = await startBffWithSandbox();
    viewer = await addSignedInStaff(bff.app, {
      username: 'vera',
      password: 'vera-password-1',
      role: 'viewer',
    });
  });
  afterAll(() => bff?.close());

  it('keeps a migration with what was sent, the answer, who and when, and shows it on the consumer page', async () => {
    const migrated = await bff.call('POST', '/api/v3/migrations/consumers/K-100234/', bff.operator, JOERG);
    expect(migrated.statusCode, migrated.body).toBe(201);
    const page = consumerRecordsSchema.parse(
      json(await bff.call('GET', '/bff/records/consumers/K-100234', bff.operator)),
    );
    expect(page.records).toHaveLength(1);
    expect(page.records[0]).toMatchObject({
      operation: 'consumer_migration',
      source: 'single',
      user_id: 'K-100234',
      upstream_status: 201,
      outcome: 'created',
      recorded_by: 'olga',
      bank_data_masked: false,
      sent: { last_name: 'Müller', bank_data_iban: JOERG.bank_data_iban },
    });
  });

  it('finds him by "muller", "Mueller" and the market location, case and accents ignored', async () => {
    for (const query of ['muller', 'MÜLLER jörg', 'Mueller', '5123869', 'k-1002']) {
      const found = searchResponseSchema.parse(
        json(await bff.call('GET', `/bff/search?q=${encodeURIComponent(query)}`, viewer)),
      );
      expect(found.results[0], query).toEqual({
        kind: 'consumer',
        title: 'Jörg Müller',
        subtitle: 'K-100234 · Hauptstraße 1a, 10115 Berlin · MaLo 51238696781',
        url: '/consumers/K-100234',
        transaction: null,
        day: null,
      });
    }
    const none = searchResponseSchema.parse(json(await bff.call('GET', '/bff/search?q=mullerx', viewer)));
    expect(none.results).toEqual([]);
  });

  it('finds him by his whole IBAN, with or without spaces and in any case, and shows it only masked', async () => {
    const search = async (query: string) =>
      searchResponseSchema.parse(
        json(await bff.call('GET', `/bff/search?q=${encodeURIComponent(query)}`, viewer)),
      ).results;
    for (const query of [
      'DE89370400440532013000',
      'de89 3704 0044 0532 0130 00',
      ' De89-3704-0044-0532-0130-00 ',
    ]) {
      const results = await search(query);
      expect(results[0], query).toMatchObject({
        kind: 'consumer',
        title: 'Jörg Müller',
        subtitle: 'K-100234 · Hauptstraße 1a, 10115 Berlin · MaLo 51238696781 · IBAN DE89 •••• 3000',
        url: '/consumers/K-100234',
      });
      expect(JSON.stringify(results), query).not.toContain('0532');
    }
    // Parts of an IBAN, or another one, find no consumer: bank data is matched whole or not at all.
    for (const query of ['12', 'DE89', 'de89 3704 0044', '370400440532013000', 'DE89370400440532013001'])
      expect(
        (await search(query)).filter((result) => result.kind === 'consumer'),
        query,
      ).toEqual([]);
  });

  it('shows a viewer the IBAN masked, and audits who read bank data', async () => {
    const page = consumerRecordsSchema.parse(
      json(await bff.call('GET', '/bff/records/consumers/K-100234', viewer)),
    );
    expect(page.records[0]).toMatchObject({
      bank_data_masked: true,
      sent: { bank_data_iban: 'DE89 •••• 3000' },
      upstream_body: { bank_data_iban: 'DE89 •••• 3000' },
    });
    expect(JSON.stringify(page)).not.toContain('0532');
    const audit = auditPageSchema.parse(
      json(await bff.call('GET', `/bff/audit?operation=${RECORDS_READ_OPERATION}`, bff.admin)),
    );
    expect(audit.results.map((entry) => entry.username)).toEqual(expect.arrayContaining(['vera', 'olga']));
    expect(audit.results[0]).toMatchObject({ targets: { userID: 'K-100234' }, method: 'GET' });
    // The consumer's page links to the audit filtered by its user ID.
    const aboutHim = auditPageSchema.parse(
      json(await bff.call('GET', '/bff/audit?user_id=K-100234', bff.admin)),
    );
    expect(aboutHim.results.map((entry) => entry.operation).sort()).toEqual([
      RECORDS_READ_OPERATION,
      RECORDS_READ_OPERATION,
      'migrations_consumers_create',
    ]);
    expect((await bff.call('GET', '/bff/audit?user_id=K%00', bff.admin)).statusCode).toBe(400);
  });

  it('warns of a second migration with the same market location, or the same name and address', async () => {
    const sameMarketLocation = duplicatesSchema.parse(
      json(
        await bff.call('POST', '/bff/records/duplicates', bff.operator, {
          operation: 'consumer_migration',
          user_id: 'K-999',
          meteringpoint_id: '512 3869 6781',
        }),
      ),
    );
    expect(sameMarketLocation.duplicates).toEqual([
      expect.objectContaining({
        reason: 'market_location',
        user_id: 'K-100234',
        recorded_by: 'olga',
        url: '/consumers/K-100234',
      }),
    ]);
    const sameAddress = duplicatesSchema.parse(
      json(
        await bff.call('POST', '/bff/records/duplicates', bff.operator, {
          operation: 'consumer_migration',
          user_id: 'K-999',
          first_name: 'JORG',
          last_name: 'muller',
          deliv_address_zipcode: '10115',
          deliv_address_street: 'Hauptstr.',
          deliv_address_house_number: '1 A',
        }),
      ),
    );
    expect(sameAddress.duplicates.map((duplicate) => duplicate.reason)).toEqual(['name_and_address']);
    const other = duplicatesSchema.parse(
      json(
        await bff.call('POST', '/bff/records/duplicates', bff.operator, {
          operation: 'consumer_migration',
          user_id: 'K-999',
          meteringpoint_id: '41373559241',
        }),
      ),
    );
    expect(other.duplicates).toEqual([]);
  });

  it('records a second migration sent anyway with what it repeats and that staff were warned', async () => {
    const [earlier] = consumerRecordsSchema.parse(
      json(await bff.call('GET', '/bff/records/consumers/K-100234', bff.operator)),
    ).records;
    const again = await bff.app.inject({
      method: 'POST',
      url: '/api/v3/migrations/consumers/K-100235/',
      headers: { 'x-csrf': '1', cookie: bff.operator, 'x-duplicate-acknowledged': earlier!.id },
      payload: JOERG,
    });
    expect(again.statusCode).toBe(201);
    const [record] = consumerRecordsSchema.parse(
      json(await bff.call('GET', '/bff/records/consumers/K-100235', bff.operator)),
    ).records;
    expect(record).toMatchObject({ duplicate_of: [earlier!.id], duplicate_acknowledged: true });
  });

  it('lists a contract’s bookings with the producer’s name, finds the contract and its bookings', async () => {
    await bff.call('POST', '/api/v3/migrations/consumers/P2000/', bff.operator, {
      ...exampleConsumer,
      company_name: 'Windpark Nord GmbH',
    });
    for (const inputId of ['rec-credit-1', 'rec-credit-2', 'rec-credit-3'])
      expect(
        (
          await bff.call('POST', charges('P2000', 'C2000'), bff.operator, {
            ...exampleCharge,
            input_id: inputId,
          })
        ).statusCode,
      ).toBe(201);
    const refused = await bff.call('POST', charges('P2000', 'C2000'), bff.operator, {
      ...exampleCharge,
      input_id: 'rec-credit-1',
    });
    expect(refused.statusCode).toBe(400);
    const contract = contractRecordsSchema.parse(
      json(await bff.call('GET', '/bff/records/contracts/P2000/C2000', viewer)),
    );
    expect(contract.producer_name).toBe('Windpark Nord GmbH');
    // Over every accepted booking: the refused attempt counts for nothing.
    expect(contract.bookings_count).toBe(4);
    expect(contract.totals).toEqual([
      expect.objectContaining({ year: 2026, type: 'credit', executions: 3, grossCent: 3000 }),
    ]);
    expect(contract.bookings.map((booking) => [booking.input_id, booking.outcome])).toEqual([
      ['rec-credit-1', 'refused'],
      ['rec-credit-3', 'created'],
      ['rec-credit-2', 'created'],
      ['rec-credit-1', 'created'],
    ]);
    const found = searchResponseSchema.parse(json(await bff.call('GET', '/bff/search?q=c2000', viewer)));
    expect(found.results[0]).toEqual({
      kind: 'contract',
      title: 'P2000 · C2000 · Windpark Nord GmbH',
      subtitle: '',
      url: '/producers/P2000/contracts/C2000',
      transaction: null,
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // The refused attempt is not a booking anyone should find.
    expect(
      found.results
        .filter((result) => result.kind === 'booking')
        .map((result) => result.title)
        .sort(),
    ).toEqual(['rec-credit-1', 'rec-credit-2', 'rec-credit-3']);
    // A booking's type and amount come as data, for the console to word in its language (never "12.50 EUR").
    expect(found.results.find((result) => result.title === 'rec-credit-2')).toMatchObject({
      subtitle: 'P2000 · C2000',
      transaction: { type: exampleCharge.type_of_transaction, amount_cent: exampleCharge.amount_cent },
      day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const suggestions = searchResponseSchema.parse(
      json(await bff.call('GET', '/bff/search?q=P2&kind=contract', viewer)),
    );
    expect(suggestions.results.map((result) => result.kind)).toEqual(['contract']);
  });

  it('gives the most recent records for an empty query', async () => {
    const recent = searchResponseSchema.parse(json(await bff.call('GET', '/bff/search?q=', viewer)));
    expect(recent.results.length).toBeGreaterThan(3);
    expect(recent.results.length).toBeLessThanOrEqual(20);
  });

  it('warns of a technical resource registered before and links its record', async () => {
    const resource = {
      contract_id: 'C1000',
      control_resource: 'C1137355923',
      technical_resource_id: 'D1137355922',
      market_location_feed: '51238696781',
      market_location_supply: '41373559241',
    };
    const created = await bff.call(
      'POST',
      '/api/v3/master_data/changes/redispatch/technical_resources/',
      bff.operator,
      resource,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { duplicates } = duplicatesSchema.parse(
      json(
        await bff.call('POST', '/bff/records/duplicates', bff.operator, {
          operation: 'technical_resource',
          technical_resource_id: 'D1137355922',
        }),
      ),
    );
    expect(duplicates).toEqual([
      expect.objectContaining({ reason: 'technical_resource_id', contract_id: 'C1000' }),
    ]);
    const record = recordSchema.parse(
      json(await bff.call('GET', duplicates[0]!.url.replace('/records/', '/bff/records/'), viewer)),
    );
    expect(record).toMatchObject({
      operation: 'technical_resource',
      technical_resource_id: 'D1137355922',
      outcome: 'created',
    });
    const found = searchResponseSchema.parse(json(await bff.call('GET', '/bff/search?q=d113735', viewer)));
    expect(found.results[0]).toMatchObject({
      kind: 'technical_resource',
      title: 'D1137355922',
      url: duplicates[0]!.url,
    });
  });

  it('answers bad input with clear errors, never a 500', async () => {
    const cases: [string, number][] = [
      [`/bff/search?q=${'x'.repeat(201)}`, 400],
      ['/bff/search?q=%00%00', 400],
      ['/bff/search?kind=people', 400],
      ['/bff/records/abc', 400],
      ['/bff/records/99999999', 404],
      ['/bff/records/consumers/K%00', 400],
      ['/bff/records/consumers/..%2F..%2Fetc', 400],
      [`/bff/records/contracts/P1000/${'C'.repeat(65)}`, 400],
    ];
    for (const [url, status] of cases) {
      const response = await bff.call('GET', url, viewer);
      expect(response.statusCode, url).toBe(status);
      expect(json(response), url).toBeTypeOf('object');
    }
    const deep = await bff.call('POST', '/bff/records/duplicates', viewer, {
      operation: 'technical_resource',
      technical_resource_id: { a: { b: 1 } },
    });
    expect(deep.statusCode).toBe(400);
    expect((await bff.call('GET', '/bff/search?q=muller', undefined)).statusCode).toBe(401);
  });
});

describe('records of writes whose answer was lost', () => {
  let bff: BffWithSandbox & { network: LossyUpstream };
  beforeAll(async () => {
    bff = await startBffWithSandboxBehindLossyNetwork();
  });
  afterAll(() => bff?.close());

  it('keeps a booking the platform took but whose answer was lost as "unknown", findable, never as refused', async () => {
    bff.network.losingAnswers = true;
    const lost = await bff.call('POST', charges(), bff.operator, { ...exampleCharge, input_id: 'rec-lost' });
    expect(lost.statusCode).toBe(502);
    bff.network.losingAnswers = false;
    const contract = contractRecordsSchema.parse(
      await bff
        .call('GET', '/bff/records/contracts/P1000/C1000', bff.operator)
        .then((response) => response.json()),
    );
    expect(contract.bookings).toEqual([
      expect.objectContaining({ input_id: 'rec-lost', outcome: 'unknown', upstream_status: null }),
    ]);
    const found = searchResponseSchema.parse(
      await bff.call('GET', '/bff/search?q=rec-lost', bff.operator).then((response) => response.json()),
    );
    expect(found.results.map((result) => result.kind)).toEqual(['booking', 'contract']);
  });
});

describe('records without a session', () => {
  let bff: BffWithSandbox;
  beforeAll(async () => {
    bff = await startBffWithSandbox();
  });
  afterAll(() => bff?.close());

  it('answers 401 with a detail before any params, query or body are checked, bad ones too', async () => {
    const cases: ['GET' | 'POST', string, object?][] = [
      ['GET', '/bff/records/1'],
      ['GET', '/bff/records/not-a-number'],
      ['GET', '/bff/records/consumers/K-1'],
      ['GET', `/bff/records/consumers/${'K'.repeat(65)}`],
      ['GET', '/bff/records/consumers/K%20%3B1'],
      ['GET', '/bff/records/contracts/P1000/C1000'],
      ['GET', `/bff/records/contracts/P1000/${'C'.repeat(65)}`],
      ['GET', '/bff/search?q=muller'],
      ['GET', `/bff/search?q=${'x'.repeat(201)}&kind=nothing`],
      ['POST', '/bff/records/duplicates', { operation: 'technical_resource', technical_resource_id: 'D1' }],
      ['POST', '/bff/records/duplicates', { operation: 'nothing', user_id: { a: 1 } }],
      ['POST', '/bff/records/duplicates', []],
    ];
    for (const [method, url, payload] of cases) {
      const response = await bff.call(method, url, undefined, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toMatchObject({ detail: expect.any(String) });
    }
  });
});

describe('what a viewer reads of a consumer', () => {
  let bff: BffWithSandbox;
  let viewer: string;
  const HOLDER = {
    ...exampleConsumer,
    first_name: 'Anke',
    last_name: 'Vogt',
    birthday: '1980-03-12',
    // As staff paste it: lower case, in groups.
    bank_data_iban: 'nl91 abna 0417 1643 00',
    bank_data_bic: 'abnanl2a',
    bank_data_first_name: 'Hildegard',
    bank_data_last_name: 'Kontoinhaberin',
  };

  beforeAll(async () => {
    bff = await startBffWithSandbox();
    viewer = await addSignedInStaff(bff.app, {
      username: 'vera',
      password: 'vera-password-1',
      role: 'viewer',
    });
  });
  afterAll(() => bff?.close());

  it('masks the bank account by field however the IBAN was typed, and shows only the year of the birthday', async () => {
    const migrated = await bff.call('POST', '/api/v3/migrations/consumers/K-300400/', bff.operator, HOLDER);
    expect(migrated.statusCode, migrated.body).toBe(201);
    const page = consumerRecordsSchema.parse(
      (await bff.call('GET', '/bff/records/consumers/K-300400', viewer)).json(),
    );
    const [record] = page.records;
    const single = recordSchema.parse((await bff.call('GET', `/bff/records/${record!.id}`, viewer)).json());
    const found = await bff.call('GET', '/bff/search?q=K-300400', viewer);
    for (const seen of [page, single]) {
      const text = JSON.stringify(seen);
      for (const secret of [
        'abna',
        'ABNA',
        '0417',
        '1643',
        'abnanl2a',
        'Hildegard',
        'Kontoinhaberin',
        '03-12',
      ]) {
        expect(text, secret).not.toContain(secret);
      }
    }
    for (const body of [single.sent, single.upstream_body]) {
      expect(body).toMatchObject({
        bank_data_iban: 'NL91 •••• 4300',
        bank_data_bic: '••••',
        bank_data_first_name: '••••',
        bank_data_last_name: '••••',
        birthday: '1980',
        first_name: 'Anke',
      });
    }
    expect(single.bank_data_masked).toBe(true);
    expect(found.statusCode).toBe(200);
    expect(found.body).not.toMatch(/Hildegard|Kontoinhaberin|0417|03-12/);
    // Operators read what was sent.
    const operatorView = recordSchema.parse(
      (await bff.call('GET', `/bff/records/${record!.id}`, bff.operator)).json(),
    );
    expect(operatorView.sent).toMatchObject({
      bank_data_iban: HOLDER.bank_data_iban,
      bank_data_first_name: 'Hildegard',
      birthday: '1980-03-12',
    });
  });
});
