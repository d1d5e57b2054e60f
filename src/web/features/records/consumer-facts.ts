import { isRecord } from '../../../contract/is-record.ts';
import { migrationSubjectName } from '../../../contract/records.ts';

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The consumer's name as migrated, as search titles it (`migrationSubjectName`): the company, else first
 * and last name (either alone if that is all there is); null when the request names nobody.
 */
export function consumerName(sent: unknown): string | null {
  if (!isRecord(sent)) return null;
  return migrationSubjectName({
    company_name: text(sent.company_name),
    first_name: text(sent.first_name),
    last_name: text(sent.last_name),
  });
}

/** The delivery address's fields, named as the migration form's URL takes them. */
const ADDRESS_FIELDS = [
  'deliv_address_street',
  'deliv_address_house_number',
  'deliv_address_addition',
  'deliv_address_zipcode',
  'deliv_address_city',
] as const;

export type AddressSearch = Partial<Record<(typeof ADDRESS_FIELDS)[number], string>>;

/** The migration form's URL search for "another consumer at this address": the delivery address as sent. */
export function addressSearchOf(sent: unknown): AddressSearch {
  if (!isRecord(sent)) return {};
  const search: AddressSearch = {};
  for (const name of ADDRESS_FIELDS) {
    const value = text(sent[name]);
    if (value) search[name] = value;
  }
  return search;
}

/** The audit page filtered by the consumer: every attempt whose targets name this user ID. */
export function auditSearchFor(userId: string) {
  return { user_id: userId };
}

/**
 * The migration a consumer page leads with (records newest first): the newest the platform accepted — a later
 * refusal changed nothing there (issue 42) — else the newest attempt. The rest are history.
 */
export function leadingMigration<T extends { outcome: string }>(records: readonly T[]) {
  const lead = records.find((record) => record.outcome === 'created') ?? records[0];
  return { lead, others: records.filter((record) => record !== lead) };
}
