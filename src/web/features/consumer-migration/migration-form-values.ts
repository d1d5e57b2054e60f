import type { FieldKind } from '../../../contract/form-fields.ts';
import {
  MIGRATION_FIELDS,
  type MigrationField,
  type MigrationFormInput,
} from '../../../contract/consumer-migration-fields.ts';
import { fieldApplies, type MigrationFacts } from '../../../contract/consumer-migration-rules.ts';
import { isRecord } from '../../../contract/is-record.ts';
import { parseLocaleDecimal } from '../../../contract/locale-number.ts';

/** How the form holds a field: text as typed (numbers too, read in the locale on submit), a list as rows of text. */
type FormValue<Input> =
  NonNullable<Input> extends boolean
    ? boolean
    : NonNullable<Input> extends readonly (infer Row)[]
      ? { [Name in keyof Row]-?: string }[]
      : string;

/** The form's values: one per field of the contract's schema, so a field the schema gains or loses is a compile error. */
export type MigrationFormValues = {
  [Name in MigrationField]-?: FormValue<MigrationFormInput[Name]>;
};

export type RelationshipRow = MigrationFormValues['contract_relationships'][number];

/** How the form holds each kind of field (numbers as typed, the JSON object as its text). */
const HELD_AS = {
  text: 'string',
  number: 'string',
  json: 'string',
  boolean: 'boolean',
  list: 'array',
} as const satisfies Record<FieldKind, string>;

function heldAs(value: unknown): string {
  return Array.isArray(value) ? 'array' : typeof value;
}

/** Whether values hold every field of the table the way the form holds its kind. */
export function isMigrationFormValues(values: Record<string, unknown>): values is MigrationFormValues {
  return MIGRATION_FIELDS.every(({ name, kind }) => heldAs(values[name]) === HELD_AS[kind]);
}

/** Empty, except that bills go to the delivery address until told otherwise. */
export function emptyMigrationForm(): MigrationFormValues {
  const values = Object.fromEntries(
    MIGRATION_FIELDS.map(({ name, kind }) => [
      name,
      kind === 'boolean' ? name === 'keep_bill_address' : kind === 'list' ? [] : '',
    ]),
  );
  if (!isMigrationFormValues(values)) throw new Error('The empty migration form misses a kind of field.');
  return values;
}

export const EMPTY_RELATIONSHIP: RelationshipRow = { target_contract_id: '', valid_from: '' };

/** The facts the contract's rules decide on, read off the form. */
export function factsOf(values: Partial<MigrationFormValues>): MigrationFacts {
  return {
    is_business: values.is_business,
    previous_provider: values.previous_provider,
    former_supplier_last_name: values.former_supplier_last_name,
    former_supplier_contract_terminated: values.former_supplier_contract_terminated,
    keep_bill_address: values.keep_bill_address,
    order_smart_meter: values.order_smart_meter,
    is_htnt: values.is_htnt,
    payment_method: values.payment_method,
    move_in_new_installation: values.move_in_new_installation,
    // Typed straight into the JSON, staff's E02 counts too: the platform stand-in reads it there.
    product_specifics: jsonObjectOf(values.product_specifics),
  };
}

function jsonObjectOf(text: string | undefined): Record<string, unknown> | undefined {
  if (!text?.trim()) return undefined;
  const value = parsedJson(text);
  return isRecord(value) ? value : undefined;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * What the form would send: empty inputs left out, numbers read in the locale, the JSON parsed, and only
 * the fields that apply (a hidden billing address is kept in the form but not sent). Input that cannot
 * be read stays as typed, so the contract's schema reports it on its field with everything else.
 */
export function toMigrationCandidate(
  values: MigrationFormValues,
  locale: string | undefined,
): Record<string, unknown> {
  const facts = factsOf(values);
  const candidate: Record<string, unknown> = {};
  for (const { name, kind, rowFields } of MIGRATION_FIELDS) {
    if (!fieldApplies(name, facts)) continue;
    const value = values[name];
    if (kind === 'boolean') {
      candidate[name] = Boolean(value);
    } else if (kind === 'list') {
      if (Array.isArray(value) && value.length > 0)
        candidate[name] = value.map((row) => rowCandidate(row, rowFields));
    } else {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text === '') continue;
      candidate[name] =
        kind === 'number' ? localeNumber(text, locale) : kind === 'json' ? parsedJson(text) : text;
    }
  }
  return candidate;
}

/** A number read in the locale; text that is not one stays as typed, for the schema to name. */
function localeNumber(text: string, locale: string | undefined): number | string {
  const reading = parseLocaleDecimal(text, locale);
  return reading.ok ? Number(reading.value) : text;
}

/** A row as sent: its cells trimmed, empty ones left out for the schema to name. */
function rowCandidate(row: RelationshipRow, rowFields: readonly string[]): Record<string, string> {
  const entry: Record<string, string> = {};
  for (const [name, cell] of Object.entries(row))
    if (rowFields.includes(name) && cell.trim() !== '') entry[name] = cell.trim();
  return entry;
}

/** The fields whose value differs from an empty form's. */
export function changedFields(values: Partial<MigrationFormValues>): string[] {
  const empty: Record<string, unknown> = emptyMigrationForm();
  return Object.entries(values)
    .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(empty[name]))
    .map(([name]) => name);
}

/** Whether anything was typed (the draft is worth keeping, leaving asks first). */
export function hasInput(values: Partial<MigrationFormValues>): boolean {
  return changedFields(values).length > 0;
}
