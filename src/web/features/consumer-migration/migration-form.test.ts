import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { consumerMigrationFormSchema } from '../../../contract/api/consumer-migration.ts';
import {
  MIGRATION_FIELDS,
  MIGRATION_SECTIONS,
  MIGRATION_UNITS,
} from '../../../contract/consumer-migration-fields.ts';
import { toFieldErrors } from '../../../contract/field-errors.ts';
import { exampleConsumer } from '../../../contract/testing/examples.ts';
import { formErrorMap } from '../../lib/form-error-map.ts';
import {
  emptyMigrationForm,
  hasInput,
  isMigrationFormValues,
  toMigrationCandidate,
  type MigrationFormValues,
} from './migration-form-values.ts';
import { fieldWords, unitWords, unitWordsOf } from './migration-text.ts';

const filled: MigrationFormValues = {
  ...emptyMigrationForm(),
  ...exampleConsumer,
  user_id: 'K-1',
  first_name: ' Erika ',
  bank_data_iban: 'de89 3704 0044 0532 0130 00',
};

function formErrors(values: MigrationFormValues, locale = 'en-US') {
  const schema = z.pipe(
    z.transform(() => toMigrationCandidate(values, locale)),
    consumerMigrationFormSchema,
  );
  const result = schema.safeParse(values, { error: formErrorMap(fieldWords, locale) });
  return result.success ? {} : toFieldErrors(result.error, values, 'schema');
}

describe('the form as the platform will see it', () => {
  it('leaves empty inputs out, trims text and keeps the billing address only when it applies', () => {
    const candidate = toMigrationCandidate(
      { ...filled, bill_address_city: 'Hamburg', company_name: 'ACME' },
      'en-US',
    );
    expect(candidate.first_name).toBe('Erika');
    expect(candidate).not.toHaveProperty('birthday');
    expect(candidate).not.toHaveProperty('bill_address_city');
    expect(candidate).not.toHaveProperty('company_name');
    expect(candidate).not.toHaveProperty('is_small_business');
    expect(candidate.keep_bill_address).toBe(true);
    const billed = toMigrationCandidate(
      { ...filled, keep_bill_address: false, bill_address_city: 'Hamburg' },
      'en-US',
    );
    expect(billed.bill_address_city).toBe('Hamburg');
  });

  it('reads numbers in the browser locale and parses the JSON object', () => {
    const german = toMigrationCandidate(
      {
        ...filled,
        annual_consumption: '3.500',
        base_fee_price_brutto: '11,90',
        product_specifics: '{"a": 1}',
      },
      'de-DE',
    );
    expect(german.annual_consumption).toBe(3500);
    expect(german.base_fee_price_brutto).toBe(11.9);
    expect(german.product_specifics).toEqual({ a: 1 });
    expect(toMigrationCandidate({ ...filled, annual_consumption: '3,500' }, 'en-US').annual_consumption).toBe(
      3500,
    );
  });

  it('sends relationship rows in order, empty cells left out for the schema to name', () => {
    const candidate = toMigrationCandidate(
      {
        ...filled,
        contract_relationships: [
          { target_contract_id: 'C-9', valid_from: '2025-07-01' },
          { target_contract_id: '', valid_from: '' },
        ],
      },
      'en-US',
    );
    expect(candidate.contract_relationships).toEqual([
      { target_contract_id: 'C-9', valid_from: '2025-07-01' },
      {},
    ]);
  });

  it('passes a complete form and normalises the IBAN', () => {
    expect(formErrors(filled)).toEqual({});
  });

  it('says how to fix each field, in the words of the catalogue', () => {
    expect(formErrors({ ...emptyMigrationForm() })).toMatchObject({
      user_id: ['Enter the user ID.'],
      first_name: ['Enter the first name.'],
      email: ['Enter the email address.'],
      payment_method: ['Choose how the consumer pays.'],
    });
    expect(formErrors({ ...filled, user_id: 'K 1', email: 'nope', first_name: 'x'.repeat(51) })).toEqual({
      user_id: ['Use letters, digits, _ and - only (at most 64), e.g. K-100234.'],
      email: ['Enter a valid email address.'],
      first_name: ['Use at most 50 characters.'],
    });
    expect(formErrors({ ...filled, annual_consumption: '12,50' }, 'en-US')).toEqual({
      annual_consumption: ['"12,50" is ambiguous here: use "." for the decimals, e.g. 1,234.50.'],
    });
    expect(formErrors({ ...filled, product_specifics: '{oops' })).toEqual({
      product_specifics: ['Enter a JSON object such as {"green_energy": true}.'],
    });
    expect(
      formErrors({ ...filled, contract_relationships: [{ target_contract_id: '', valid_from: '' }] }),
    ).toEqual({
      'contract_relationships.0.target_contract_id': ['Enter the target contract ID or remove the row.'],
      'contract_relationships.0.valid_from': ['Enter the date the relationship starts.'],
    });
    expect(formErrors({ ...filled, bank_data_iban: '' })).toEqual({
      bank_data_iban: ['This field is required for direct debit.'],
    });
  });

  it('knows when there is input worth a draft', () => {
    expect(hasInput(emptyMigrationForm())).toBe(false);
    expect(hasInput({ ...emptyMigrationForm(), keep_bill_address: false })).toBe(true);
    expect(hasInput({ ...emptyMigrationForm(), first_name: 'E' })).toBe(true);
  });

  it('has one value per field of the contract schema, held as its kind says', () => {
    const empty = emptyMigrationForm();
    expect(Object.keys(empty).sort()).toEqual(Object.keys(consumerMigrationFormSchema.def.in.shape).sort());
    expect(isMigrationFormValues(empty)).toBe(true);
    expect(isMigrationFormValues({ ...empty, is_htnt: '' })).toBe(false);
    expect(isMigrationFormValues({ ...empty, contract_relationships: '' })).toBe(false);
    const { first_name: _left, ...withoutAField } = empty;
    expect(isMigrationFormValues(withoutAField)).toBe(false);
    expect(empty.keep_bill_address).toBe(true);
    expect(empty.contract_relationships).toEqual([]);
  });

  it('has a section, a kind and words for every field, a list by the fields of its rows', () => {
    for (const { name, section, kind, rowFields } of MIGRATION_FIELDS) {
      expect(MIGRATION_SECTIONS, name).toContain(section);
      const inputs = kind === 'list' ? rowFields.map((rowField) => `${name}.*.${rowField}`) : [name];
      expect(inputs.length, name).toBeGreaterThan(0);
      for (const input of inputs) expect(fieldWords(input)?.label, input).toMatch(/\S/);
    }
    expect(fieldWords('contract_relationships.4.valid_from')?.label).toBe('Valid from');
  });

  it('says every unit, beside the fields that have one', () => {
    for (const unit of MIGRATION_UNITS) expect(unitWords()[unit], unit).toMatch(/\S/);
    expect(unitWordsOf('annual_consumption')).toBe('kWh/year');
    expect(unitWordsOf('base_fee_price_netto')).toBe('€/month');
    expect(unitWordsOf('first_name')).toBeUndefined();
    expect(unitWordsOf('no_such_field')).toBeUndefined();
  });
});
