import { describe, expect, it } from 'vitest';
import type { ConsumerMigrationSubmission } from '../../../contract/api/consumer-migration.ts';
import { duplicateCheckSchema } from '../../../contract/records.ts';
import { checkKey, migrationCheck, technicalResourceCheck } from './duplicate-checks.ts';

const submission: ConsumerMigrationSubmission = {
  user_id: 'K-2',
  first_name: 'Jörg ',
  last_name: 'Müller',
  company_name: '',
  meteringpoint_id: '51238696781',
  deliv_address_zipcode: '10115',
  deliv_address_street: 'Hauptstraße',
  deliv_address_house_number: '1a',
  deliv_address_city: 'Berlin',
  email: 'joerg@example.org',
  payment_method: 'bank_transfer',
};

describe('what the duplicate check is sent', () => {
  it('sends a migration’s market location, name and delivery address, trimmed, and nothing empty', () => {
    const check = migrationCheck(submission);
    expect(JSON.parse(JSON.stringify(check))).toEqual({
      operation: 'consumer_migration',
      user_id: 'K-2',
      meteringpoint_id: '51238696781',
      first_name: 'Jörg',
      last_name: 'Müller',
      deliv_address_zipcode: '10115',
      deliv_address_street: 'Hauptstraße',
      deliv_address_house_number: '1a',
    });
    expect(duplicateCheckSchema.safeParse(check).success).toBe(true);
  });

  it('sends a technical resource’s TR-ID', () => {
    const check = technicalResourceCheck({
      contract_id: 'C1000',
      control_resource: 'C1137355923',
      technical_resource_id: 'D1137355922',
      market_location_feed: '51238696781',
      market_location_supply: '41373559241',
    });
    expect(check).toEqual({ operation: 'technical_resource', technical_resource_id: 'D1137355922' });
  });

  it('keys a warning by the checked fields: another market location is another check', () => {
    const other = { ...submission, meteringpoint_id: '41373559241' };
    const sameButEmail = { ...submission, email: 'other@example.org' };
    expect(checkKey(migrationCheck(other))).not.toBe(checkKey(migrationCheck(submission)));
    expect(checkKey(migrationCheck(sameButEmail))).toBe(checkKey(migrationCheck(submission)));
  });
});
