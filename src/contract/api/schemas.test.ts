import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { toFieldErrors } from '../field-errors.ts';
import { exampleCharge, exampleConsumer } from '../testing/examples.ts';
import { chargeRequestSchema, EXECUTION_CYCLE_REQUIRED } from './charges.ts';
import { consumerMigrationFormSchema, consumerMigrationRequestSchema } from './consumer-migration.ts';
import { END_AFTER_START, feedQuerySchema } from './feed.ts';
import { matchOperation, OPERATIONS, pathParameterNames, toRoutePath, type Operation } from './operations.ts';
import { SAME_MARKET_LOCATION, technicalResourceRequestSchema } from './technical-resources.ts';
import { parseScopes, tokenResponseSchema } from './token.ts';
import { deliveryStartQuerySchema } from './validation.ts';

function errorsOf(schema: z.ZodMiniType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  return toFieldErrors(result.error, input);
}

const charge = { ...exampleCharge, due_date: '2026-12-01', input_id: 'bonus-1' };

describe('charge request', () => {
  it('accepts a minimal request and rejects the spec cases with the spec messages', () => {
    expect(chargeRequestSchema.safeParse(charge).success).toBe(true);
    expect(errorsOf(chargeRequestSchema, { ...charge, amount_cent: -1 })).toEqual({
      amount_cent: ['Ensure this value is greater than or equal to 0.'],
    });
    expect(errorsOf(chargeRequestSchema, { ...charge, no_of_executions: 2 })).toEqual({
      execution_cycle: [EXECUTION_CYCLE_REQUIRED],
    });
  });

  it('speaks DRF for types, required fields, choices, lengths and dates', () => {
    const errors = errorsOf(chargeRequestSchema, {
      amount_cent: 1.5,
      is_gross: 'yes',
      vat_type: 'zero',
      due_date: '2026-02-30',
      input_id: 'x'.repeat(129),
      display_name: null,
    });
    expect(errors).toEqual({
      type_of_transaction: ['This field is required.'],
      amount_cent: ['A valid integer is required.'],
      is_gross: ['Must be a valid boolean.'],
      vat_type: ['"zero" is not a valid choice.'],
      due_date: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      input_id: ['Ensure this field has no more than 128 characters.'],
      display_name: ['This field may not be null.'],
    });
  });

  it('reports a non-object body', () => {
    expect(errorsOf(chargeRequestSchema, [1])).toEqual({
      non_field_errors: ['Invalid data. Expected a dictionary, but got list.'],
    });
  });

  it('ignores unknown fields', () => {
    const parsed = chargeRequestSchema.parse({ ...charge, surprise: 1 });
    expect(parsed).not.toHaveProperty('surprise');
  });
});

describe('consumer migration request', () => {
  const consumer = { ...exampleConsumer, bank_data_iban: 'de89 3704 0044 0532 0130 00' };

  it('normalises the IBAN and checks conditional fields', () => {
    expect(consumerMigrationRequestSchema.parse(consumer).bank_data_iban).toBe('DE89370400440532013000');
    expect(errorsOf(consumerMigrationRequestSchema, { ...consumer, bank_data_iban: undefined })).toEqual({
      bank_data_iban: ['This field is required for direct debit.'],
    });
    expect(
      errorsOf(consumerMigrationRequestSchema, { ...consumer, bank_data_iban: 'TR330006100519786457841326' }),
    ).toEqual({ bank_data_iban: ['the IBAN country code is currently not supported'] });
    expect(errorsOf(consumerMigrationRequestSchema, { ...consumer, is_business: true })).toEqual({
      company_name: ['This field is required for business customers.'],
    });
    expect(
      errorsOf(consumerMigrationRequestSchema, { ...consumer, meteringpoint_id: '51238696780' }),
    ).toEqual({ meteringpoint_id: ['check digit validation failed'] });
    expect(errorsOf(consumerMigrationRequestSchema, { ...consumer, email: 'nope', title: 'Sir' })).toEqual({
      email: ['Enter a valid email address.'],
      title: ['"Sir" is not a valid choice.'],
    });
    expect(
      Object.keys(errorsOf(consumerMigrationRequestSchema, { ...consumer, keep_bill_address: false })),
    ).toHaveLength(4);
    expect(
      errorsOf(consumerMigrationRequestSchema, {
        ...consumer,
        payment_method: 'bank_transfer',
        bank_data_iban: 'DE00',
      }),
    ).toEqual({ bank_data_iban: ['IBAN check digit validation failed'] });
  });

  it('requires what a condition brings: the smart-meter provider, the termination date', () => {
    expect(errorsOf(consumerMigrationRequestSchema, { ...consumer, order_smart_meter: true })).toEqual({
      order_smart_meter_provider_id: ['This field is required when a smart meter is ordered.'],
    });
    expect(
      errorsOf(consumerMigrationRequestSchema, { ...consumer, former_supplier_contract_terminated: true }),
    ).toEqual({
      former_supplier_contract_termination_date: [
        'This field is required when the former contract is terminated.',
      ],
    });
    expect(
      errorsOf(consumerMigrationRequestSchema, {
        ...consumer,
        order_smart_meter: true,
        order_smart_meter_provider_id: 'MSB-1',
        former_supplier_contract_terminated: true,
        former_supplier_contract_termination_date: '2025-05-31',
      }),
    ).toEqual({});
  });

  it('reports field and cross-field problems in one pass', () => {
    expect(
      Object.keys(
        errorsOf(consumerMigrationRequestSchema, { ...consumer, first_name: '', is_business: true }),
      ),
    ).toEqual(['first_name', 'company_name']);
  });

  it('takes the user ID with the request in the form schema', () => {
    expect(consumerMigrationFormSchema.parse({ ...consumer, user_id: 'K-1' }).user_id).toBe('K-1');
    expect(consumerMigrationFormSchema.safeParse({ ...consumer, user_id: 'K 1' }).success).toBe(false);
    expect(consumerMigrationFormSchema.safeParse(consumer).success).toBe(false);
  });

  it('sends staff’s “move-in / new installation” in product_specifics, in the request’s published shape', () => {
    const stated = consumerMigrationFormSchema.parse({
      ...consumer,
      user_id: 'K-1',
      move_in_new_installation: true,
      product_specifics: { green_energy: true },
    });
    expect(stated).not.toHaveProperty('move_in_new_installation');
    expect(stated.product_specifics).toEqual({ green_energy: true, subscription_reason: 'E02' });
    const { user_id: _userId, ...body } = stated;
    expect(consumerMigrationRequestSchema.parse(body).product_specifics).toEqual(stated.product_specifics);
    const silent = consumerMigrationFormSchema.parse({
      ...consumer,
      user_id: 'K-1',
      move_in_new_installation: false,
    });
    expect(silent).not.toHaveProperty('move_in_new_installation');
    expect(silent).not.toHaveProperty('product_specifics');
  });

  it('says what a condition requires in the same pass as a missing required field (the form and bulk files)', () => {
    const { payment_method: _method, ...withoutPayment } = consumer;
    const result = consumerMigrationFormSchema.safeParse({
      ...withoutPayment,
      user_id: 'K-1',
      former_supplier_contract_terminated: true,
      payment_method: undefined,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'former_supplier_contract_termination_date',
      'payment_method',
    ]);
  });

  it('keys nested errors by their dotted path', () => {
    expect(
      errorsOf(consumerMigrationRequestSchema, {
        ...consumer,
        contract_relationships: [{ target_contract_id: 'C1', valid_from: 'soon' }],
      }),
    ).toEqual({
      'contract_relationships.0.valid_from': [
        'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
      ],
    });
  });
});

describe('technical resource request', () => {
  it('refuses a control resource ID whose check digit is wrong, and names only that field', () => {
    const valid = {
      contract_id: 'C1000',
      control_resource: 'C1137355922',
      technical_resource_id: 'D1137355922',
      market_location_feed: '51238696781',
      market_location_supply: '41373559241',
    };
    expect(technicalResourceRequestSchema.safeParse(valid).success).toBe(false);
    const errors = errorsOf(technicalResourceRequestSchema, valid);
    expect(Object.keys(errors)).toEqual(['control_resource']);
  });

  const request = {
    contract_id: 'C1000',
    control_resource: 'C1137355923',
    technical_resource_id: 'D1137355922',
    market_location_feed: '51238696781',
    market_location_supply: '41373559241',
  };

  it('reads identifiers typed in lower case as the upper-case IDs they are', () => {
    expect(
      technicalResourceRequestSchema.parse({
        ...request,
        control_resource: 'c1137355923',
        technical_resource_id: 'd1137355922',
      }),
    ).toEqual(request);
  });

  it('refuses the same market location for feed-in and supply, on the supply field', () => {
    expect(
      errorsOf(technicalResourceRequestSchema, { ...request, market_location_supply: '51238696781' }),
    ).toEqual({ market_location_supply: [SAME_MARKET_LOCATION] });
  });
});

describe('feed query', () => {
  it('applies defaults and caps the limit', () => {
    expect(
      feedQuerySchema.parse({ start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z', limit: '50000' }),
    ).toEqual({
      start: '2026-01-01T00:00:00Z',
      end: '2026-01-02T00:00:00Z',
      aggregation_type: 'raw',
      timezone: 'Europe/Berlin',
      limit: 10000,
      offset: 0,
    });
  });

  it('rejects every documented 400 case', () => {
    expect(errorsOf(feedQuerySchema, {})).toEqual({
      start: ['This field is required.'],
      end: ['This field is required.'],
    });
    expect(errorsOf(feedQuerySchema, { start: '2026-01-02T00:00:00Z', end: '2026-01-01T00:00:00Z' })).toEqual(
      { end: [END_AFTER_START] },
    );
    expect(errorsOf(feedQuerySchema, { start: '2026-01-01', end: '2026-01-01T00:00:00+01:00' })).toEqual({
      start: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm:ssZ.'],
      end: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm:ssZ.'],
    });
    const errors = errorsOf(feedQuerySchema, {
      start: '2026-01-01T00:00:00Z',
      end: '2026-01-02T00:00:00Z',
      aggregation_type: 'minute',
      timezone: 'Mars/Base',
      limit: '0',
      offset: '-1',
    });
    expect(errors).toEqual({
      aggregation_type: ['"minute" is not a valid choice.'],
      timezone: ['Select a valid IANA time zone name (e.g. Europe/Berlin).'],
      limit: ['Ensure this value is greater than or equal to 1.'],
      offset: ['A valid integer is required.'],
    });
  });
});

describe('validation queries and token', () => {
  it('requires every delivery-start parameter', () => {
    expect(Object.keys(errorsOf(deliveryStartQuerySchema, {}))).toEqual([
      'preferred_delivery_start',
      'customer_type',
      'change_reason',
    ]);
  });

  it('parses scopes and token responses', () => {
    expect(parseScopes('read  write read')).toEqual(['read', 'write']);
    expect(
      tokenResponseSchema.safeParse({
        access_token: 'a',
        token_type: 'bearer',
        expires_in: 3600,
        scope: 'read',
      }).success,
    ).toBe(true);
  });
});

describe('operation allowlist', () => {
  it('matches the spec operations with their parameters', () => {
    expect(matchOperation('GET', '/v3/producers/P1000/contracts/C1000/feed/')).toMatchObject({
      operation: { id: 'producers_contracts_feed_list' },
      params: { userID: 'P1000', contractID: 'C1000' },
    });
    expect(matchOperation('POST', '/v3/migrations/consumers/new-user_1/')?.operation.id).toBe(
      'migrations_consumers_create',
    );
    expect(toRoutePath('/v3/producers/{userID}/feed/')).toBe('/v3/producers/:userID/feed/');
  });

  it('refuses other methods, paths and parameters outside ^[\\w-]+$', () => {
    expect(matchOperation('DELETE', '/v3/producers/P1000/contracts/C1000/feed/')).toBeNull();
    expect(matchOperation('GET', '/v3/producers/P1000/contracts/C1000/feed')).toBeNull();
    expect(matchOperation('GET', '/v3/producers/P.1/contracts/C1000/feed/')).toBeNull();
    expect(matchOperation('GET', '/v3/producers/P1000/contracts/C1000/../feed/')).toBeNull();
    expect(matchOperation('GET', '/v3/consumers/')).toBeNull();
  });

  it('gives each path with parameters a params schema of exactly those, refusing what the allowlist refuses', () => {
    const operations: readonly Operation[] = OPERATIONS;
    for (const operation of operations) {
      const names = pathParameterNames(operation.path);
      if (names.length === 0) {
        expect(operation.params, operation.id).toBeUndefined();
        continue;
      }
      const sample = Object.fromEntries(names.map((name) => [name, 'P-1_0']));
      expect(operation.params?.parse({ ...sample, other: 'x' }), operation.id).toEqual(sample);
      for (const name of names)
        expect(operation.params?.safeParse({ ...sample, [name]: 'P.1' }).success, name).toBe(false);
    }
  });
});
