import { describe, expect, it } from 'vitest';
import { addressSearchOf, auditSearchFor, consumerName, leadingMigration } from './consumer-facts.ts';
import { consoleRecord } from './testing/records.ts';
import { shownOutcome } from './record-text.ts';

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

describe('the migration a consumer page leads with', () => {
  const accepted = consoleRecord({ id: '1', operation: 'consumer_migration', outcome: 'created' });
  const refused = consoleRecord({
    id: '2',
    operation: 'consumer_migration',
    outcome: 'refused',
    upstream_status: 400,
    upstream_body: { email: ['Enter a valid email address.'] },
  });

  it('is what the platform accepted, even when a refused attempt came later', () => {
    expect(leadingMigration([refused, accepted])).toEqual({ lead: accepted, others: [refused] });
  });

  it('is the newest attempt when the platform accepted none', () => {
    const older = { ...refused, id: '3' };
    expect(leadingMigration([refused, older])).toEqual({ lead: refused, others: [older] });
    expect(leadingMigration([])).toEqual({ lead: undefined, others: [] });
  });
});

describe('a record’s outcome as shown', () => {
  it('tells the same write again (the platform says it exists) from a refusal', () => {
    const again = consoleRecord({
      id: '4',
      operation: 'consumer_migration',
      outcome: 'refused',
      upstream_status: 400,
      upstream_body: { detail: 'consumer already exists' },
    });
    expect(shownOutcome(again)).toBe('repeat');
    expect(shownOutcome({ ...again, upstream_body: { email: ['Enter a valid email address.'] } })).toBe(
      'refused',
    );
    const charge = consoleRecord({
      id: '5',
      outcome: 'refused',
      upstream_status: 400,
      upstream_body: { input_id: ['A charge with this input_id already exists.'] },
    });
    expect(shownOutcome(charge)).toBe('repeat');
    expect(shownOutcome({ ...charge, outcome: 'created', upstream_status: 201 })).toBe('created');
  });
});
