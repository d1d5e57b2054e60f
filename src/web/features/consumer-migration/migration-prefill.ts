import { z } from 'zod/mini';
import type { MigrationFormValues } from './migration-form-values.ts';

/** The fields a link may fill in: the delivery address ("migrate another consumer at this address"). */
export const ADDRESS_PREFILL_FIELDS = [
  'deliv_address_street',
  'deliv_address_house_number',
  'deliv_address_addition',
  'deliv_address_zipcode',
  'deliv_address_city',
] as const satisfies readonly (keyof MigrationFormValues)[];

/** A value from the address bar: text of at most the API's length, else it is dropped (never an error page). */
const addressPart = (max: number) =>
  z.catch(z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(max))), undefined);

/**
 * `/consumers/migrate?deliv_address_street=…&deliv_address_house_number=…&deliv_address_zipcode=…&deliv_address_city=…`:
 * the delivery address only (named as the API's fields), so a link from a consumer's page starts the next
 * migration at the same address. Anything else in the URL is ignored; the form checks the values as typed ones.
 */
export const migrateSearchSchema = z.object({
  deliv_address_street: addressPart(255),
  deliv_address_house_number: addressPart(10),
  deliv_address_addition: addressPart(255),
  deliv_address_zipcode: addressPart(5),
  deliv_address_city: addressPart(255),
});
export type MigrateSearch = z.infer<typeof migrateSearchSchema>;

const hasDeliveryAddress = (values: MigrationFormValues) =>
  ADDRESS_PREFILL_FIELDS.some((name) => values[name].trim() !== '');

/**
 * The form's starting values with the link's address filled in. A draft that already holds a delivery
 * address keeps it: nothing typed is ever replaced by a link (the draft can be discarded on the page).
 */
export function withAddressPrefill(values: MigrationFormValues, prefill: MigrateSearch): MigrationFormValues {
  if (hasDeliveryAddress(values)) return values;
  const filled = { ...values };
  for (const name of ADDRESS_PREFILL_FIELDS) {
    const value = prefill[name];
    if (value !== undefined) filled[name] = value;
  }
  return filled;
}
