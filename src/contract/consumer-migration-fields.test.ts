import { describe, expect, it } from 'vitest';
import { consumerMigrationFormSchema } from './api/consumer-migration.ts';
import {
  fieldPosition,
  fieldsOfSection,
  isMigrationFormName,
  MIGRATION_FIELDS,
  MIGRATION_SECTIONS,
  sectionOf,
  unitOf,
} from './consumer-migration-fields.ts';
import { FIELD_KINDS } from './form-fields.ts';

describe('the migration field table', () => {
  it('has every field of the schema once, each with a section and a kind', () => {
    const names = MIGRATION_FIELDS.map((spec) => spec.name);
    expect(names).toEqual(Object.keys(consumerMigrationFormSchema.def.in.shape));
    for (const spec of MIGRATION_FIELDS) {
      expect(MIGRATION_SECTIONS).toContain(spec.section);
      expect(FIELD_KINDS).toContain(spec.kind);
    }
  });

  it('reads the kinds off the schema', () => {
    const kind = (name: string) => MIGRATION_FIELDS.find((spec) => spec.name === name)?.kind;
    expect(kind('first_name')).toBe('text');
    expect(kind('payment_method')).toBe('text');
    expect(kind('meteringpoint_id')).toBe('text');
    expect(kind('annual_consumption')).toBe('number');
    expect(kind('free_amount')).toBe('number');
    expect(kind('is_htnt')).toBe('boolean');
    expect(kind('product_specifics')).toBe('json');
    expect(kind('contract_relationships')).toBe('list');
    expect(MIGRATION_FIELDS.find((spec) => spec.name === 'contract_relationships')?.rowFields).toEqual([
      'target_contract_id',
      'valid_from',
    ]);
  });

  it('knows which fields the schema requires', () => {
    const required = MIGRATION_FIELDS.filter((spec) => spec.required).map((spec) => spec.name);
    expect(required.sort()).toEqual(
      [
        'user_id',
        'deliv_address_street',
        'deliv_address_house_number',
        'deliv_address_zipcode',
        'deliv_address_city',
        'first_name',
        'last_name',
        'email',
        'payment_method',
      ].sort(),
    );
  });

  it('gives a unit to the numbers that have one and to nothing else', () => {
    expect(unitOf('annual_consumption')).toBe('kwh_per_year');
    expect(unitOf('working_price_1_price_netto')).toBe('cent_per_kwh');
    expect(unitOf('first_name')).toBeUndefined();
    for (const spec of MIGRATION_FIELDS) if (spec.unit) expect(spec.kind).toBe('number');
  });

  it('places the fields in sections, in the order the form shows them', () => {
    expect(MIGRATION_SECTIONS.flatMap(fieldsOfSection).sort()).toEqual(
      MIGRATION_FIELDS.map((spec) => spec.name).sort(),
    );
    expect(fieldsOfSection('contact')).toEqual(['email', 'accounting_email', 'telephone', 'username']);
    expect(sectionOf('contract_relationships.3.valid_from')).toBe('relationships');
    expect(sectionOf('bank_data_iban')).toBe('payment');
    expect(sectionOf('no_such_field')).toBeUndefined();
    expect(fieldPosition('user_id')).toBeLessThan(fieldPosition('email'));
    // The schema lists the delivery address first; the form shows the consumer first.
    expect(fieldPosition('last_name')).toBeLessThan(fieldPosition('deliv_address_street'));
    expect(fieldPosition('contract_relationships.0.valid_from')).toBeLessThan(
      fieldPosition('contract_relationships.1.valid_from'),
    );
  });
});

describe('the order of the sections', () => {
  it('is the order a clerk reads a switch in: who, where, previous supplier, supply start, then the rest', () => {
    expect(MIGRATION_SECTIONS.slice(0, 6)).toEqual([
      'consumer',
      'contact',
      'delivery-address',
      'supply',
      'previous-supplier',
      'supply-start',
    ]);
    // The change reason shown at the supply start is derived from the previous supplier: it comes first.
    expect(fieldPosition('previous_provider')).toBeLessThan(fieldPosition('preferred_delivery_start'));
    expect(fieldPosition('meteringpoint_id')).toBeLessThan(fieldPosition('previous_provider'));
    expect(fieldPosition('preferred_delivery_start')).toBeLessThan(fieldPosition('payment_method'));
    expect(fieldsOfSection('supply-start')).toEqual(['move_in_new_installation', 'preferred_delivery_start']);
  });
});

describe('the names the form has', () => {
  it('are the fields and the fields of a list row, nothing else', () => {
    expect(isMigrationFormName('bank_data_iban')).toBe(true);
    expect(isMigrationFormName('contract_relationships')).toBe(true);
    expect(isMigrationFormName('contract_relationships.2.valid_from')).toBe(true);
    expect(isMigrationFormName('contract_relationships.2.relationship_type')).toBe(false);
    expect(isMigrationFormName('bank_data_iban.0.valid_from')).toBe(false);
    expect(isMigrationFormName('detail')).toBe(false);
    expect(isMigrationFormName('non_field_errors')).toBe(false);
  });
});
