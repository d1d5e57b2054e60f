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

/** A calendar day in the browser's zone (the audit page's filter reads days there). */
export function localDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The audit page's filter for a consumer's migrations: the operation and the days they were sent on.
 * The audit filters by staff, operation, status and time, not by the consumer (its targets column names
 * the user ID), so this is the narrowest view it offers.
 */
export function auditSearchFor(recordedAt: readonly string[]) {
  const days = recordedAt.map(localDay).sort();
  return {
    operation: 'migrations_consumers_create',
    ...(days.length > 0 ? { from: days[0], to: days[days.length - 1] } : {}),
  };
}
