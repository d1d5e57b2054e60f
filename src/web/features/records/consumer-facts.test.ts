import { describe, expect, it } from 'vitest';
import { addressSearchOf, auditSearchFor, consumerName } from './consumer-facts.ts';

describe("a consumer's page", () => {
  it('names a person by first and last name, a company by its name (as search titles them)', () => {
    expect(consumerName({ first_name: 'Jörg', last_name: 'Müller' })).toBe('Jörg Müller');
    expect(consumerName({ last_name: 'Müller' })).toBe('Müller');
    expect(
      consumerName({
        is_business: true,
        company_name: 'Sonnendach GmbH',
        first_name: 'Jörg',
        last_name: 'M',
      }),
    ).toBe('Sonnendach GmbH');
    expect(consumerName({ company_name: 'Müller & Söhne', first_name: 'Jörg' })).toBe('Müller & Söhne');
    expect(consumerName({ first_name: ' ', last_name: '' })).toBeNull();
    expect(consumerName('not a request')).toBeNull();
  });

  it('links the next migration with the delivery address as sent, and nothing else', () => {
    expect(
      addressSearchOf({
        first_name: 'Jörg',
        deliv_address_street: 'Hauptstraße ',
        deliv_address_house_number: '1a',
        deliv_address_zipcode: '10115',
        deliv_address_city: 'Berlin',
        deliv_address_addition: '',
        bank_data_iban: 'DE89370400440532013000',
      }),
    ).toEqual({
      deliv_address_street: 'Hauptstraße',
      deliv_address_house_number: '1a',
      deliv_address_zipcode: '10115',
      deliv_address_city: 'Berlin',
    });
    expect(addressSearchOf(null)).toEqual({});
  });

  it('filters the audit by the consumer’s user ID', () => {
    expect(auditSearchFor('K-100234')).toEqual({ user_id: 'K-100234' });
  });
});
