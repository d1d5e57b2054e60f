import { describe, expect, it } from 'vitest';
import { emptyMigrationForm } from './migration-form-values.ts';
import { migrateSearchSchema, withAddressPrefill } from './migration-prefill.ts';

const ADDRESS = {
  deliv_address_street: 'Hauptstraße',
  deliv_address_house_number: '1a',
  deliv_address_zipcode: '10115',
  deliv_address_city: 'Berlin',
};

describe('the migration form’s address prefill', () => {
  it('reads the delivery address from the URL and ignores every other field', () => {
    const search = migrateSearchSchema.parse({ ...ADDRESS, first_name: 'Jörg', bank_data_iban: 'DE89…' });
    expect(search).toEqual({ ...ADDRESS, deliv_address_addition: undefined });
  });

  it('drops values that are too long or empty instead of failing the page', () => {
    const search = migrateSearchSchema.parse({
      deliv_address_street: 'x'.repeat(256),
      deliv_address_house_number: '   ',
      deliv_address_zipcode: '101150',
      deliv_address_city: 'Berlin',
    });
    expect(search).toEqual({
      deliv_address_street: undefined,
      deliv_address_house_number: undefined,
      deliv_address_addition: undefined,
      deliv_address_zipcode: undefined,
      deliv_address_city: 'Berlin',
    });
  });

  it('fills an empty form’s delivery address and nothing else', () => {
    const filled = withAddressPrefill(emptyMigrationForm(), migrateSearchSchema.parse(ADDRESS));
    expect(filled).toEqual({ ...emptyMigrationForm(), ...ADDRESS });
  });

  it('keeps a draft’s own delivery address (nothing typed is replaced by a link)', () => {
    const draft = { ...emptyMigrationForm(), first_name: 'Erika', deliv_address_street: 'Am Markt' };
    expect(withAddressPrefill(draft, migrateSearchSchema.parse(ADDRESS))).toEqual(draft);
  });

  it('adds the address to a draft that has none yet', () => {
    const draft = { ...emptyMigrationForm(), first_name: 'Erika' };
    expect(withAddressPrefill(draft, migrateSearchSchema.parse(ADDRESS))).toEqual({ ...draft, ...ADDRESS });
  });
});
