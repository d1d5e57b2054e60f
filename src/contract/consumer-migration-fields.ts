/**
 * The consumer migration's one field table: every field of the form schema with its section, kind and
 * unit. The console's form, its error summary, its result view and the bulk file read it; the words
 * (labels, hints, section titles, units in the UI language) are the console's catalogue, keyed by it.
 */
import type { z } from 'zod/mini';
import { consumerMigrationFormSchema } from './api/consumer-migration.ts';
import { formFieldsOf, type FormField } from './form-fields.ts';

/**
 * The form's sections, in the order it shows them: as a clerk reads a switch — who, where (delivery
 * address, market location and meter), the previous supplier, then the supply start, whose change reason
 * is decided by what stands above it — then the rest.
 */
export const MIGRATION_SECTIONS = [
  'consumer',
  'contact',
  'delivery-address',
  'supply',
  'previous-supplier',
  'supply-start',
  'billing-address',
  'payment',
  'prices',
  'contract-terms',
  'relationships',
  'product-specifics',
  'other',
] as const;
export type MigrationSection = (typeof MIGRATION_SECTIONS)[number];

/** What a number is measured in (docs/spec-decisions.md: our reading of the platform's units). */
export const MIGRATION_UNITS = ['kwh_per_year', 'euro_per_month', 'cent_per_kwh', 'months', 'euro'] as const;
export type MigrationUnit = (typeof MIGRATION_UNITS)[number];

export type MigrationFormInput = z.input<typeof consumerMigrationFormSchema>;
/** A field of the form schema (the request's fields and the user ID). */
export type MigrationField = keyof MigrationFormInput & string;

type ListField = {
  [Name in MigrationField]: NonNullable<MigrationFormInput[Name]> extends readonly unknown[] ? Name : never;
}[MigrationField];
/** A field of a list's row, as its words are keyed: `contract_relationships.*.valid_from`. */
export type MigrationRowField = {
  [Name in ListField]: `${Name}.*.${keyof NonNullable<MigrationFormInput[Name]>[number] & string}`;
}[ListField];
/** Every input the form has: each field, a list by the fields of its rows. */
export type MigrationInputKey = Exclude<MigrationField, ListField> | MigrationRowField;

interface Placement {
  section: MigrationSection;
  unit?: MigrationUnit;
}

/**
 * Where each field of the schema stands, in the order the form shows it within its section. Typed by
 * the schema's keys: a field the schema gains or loses is a compile error here.
 */
const PLACEMENT = {
  user_id: { section: 'consumer' },
  title: { section: 'consumer' },
  first_name: { section: 'consumer' },
  last_name: { section: 'consumer' },
  birthday: { section: 'consumer' },
  is_business: { section: 'consumer' },
  company_name: { section: 'consumer' },
  tax_number: { section: 'consumer' },
  is_small_business: { section: 'consumer' },

  email: { section: 'contact' },
  accounting_email: { section: 'contact' },
  telephone: { section: 'contact' },
  username: { section: 'contact' },

  deliv_address_street: { section: 'delivery-address' },
  deliv_address_house_number: { section: 'delivery-address' },
  deliv_address_addition: { section: 'delivery-address' },
  deliv_address_zipcode: { section: 'delivery-address' },
  deliv_address_city: { section: 'delivery-address' },

  keep_bill_address: { section: 'billing-address' },
  bill_address_street: { section: 'billing-address' },
  bill_address_house_number: { section: 'billing-address' },
  bill_address_addition: { section: 'billing-address' },
  bill_address_zipcode: { section: 'billing-address' },
  bill_address_city: { section: 'billing-address' },

  meteringpoint_id: { section: 'supply' },
  meter_id: { section: 'supply' },
  annual_consumption: { section: 'supply', unit: 'kwh_per_year' },
  consumption_before_battery_installation: { section: 'supply', unit: 'kwh_per_year' },
  has_intelligent_meter: { section: 'supply' },
  order_smart_meter: { section: 'supply' },
  order_smart_meter_provider_id: { section: 'supply' },
  order_date: { section: 'supply' },
  tariff_type: { section: 'supply' },
  is_htnt: { section: 'supply' },

  base_fee_price_brutto: { section: 'prices', unit: 'euro_per_month' },
  base_fee_price_netto: { section: 'prices', unit: 'euro_per_month' },
  working_price_1_price_brutto: { section: 'prices', unit: 'cent_per_kwh' },
  working_price_1_price_netto: { section: 'prices', unit: 'cent_per_kwh' },
  ht_working_price_price_brutto: { section: 'prices', unit: 'cent_per_kwh' },
  ht_working_price_price_netto: { section: 'prices', unit: 'cent_per_kwh' },
  nt_working_price_price_brutto: { section: 'prices', unit: 'cent_per_kwh' },
  nt_working_price_price_netto: { section: 'prices', unit: 'cent_per_kwh' },

  contract_notice_period: { section: 'contract-terms', unit: 'months' },
  minimum_contract_term: { section: 'contract-terms', unit: 'months' },
  automatic_prolongation_time: { section: 'contract-terms', unit: 'months' },

  move_in_new_installation: { section: 'supply-start' },
  preferred_delivery_start: { section: 'supply-start' },

  payment_method: { section: 'payment' },
  bank_data_first_name: { section: 'payment' },
  bank_data_last_name: { section: 'payment' },
  bank_data_iban: { section: 'payment' },
  bank_data_bic: { section: 'payment' },
  sepa_reference: { section: 'payment' },
  sepa_date: { section: 'payment' },
  masked_credit_card: { section: 'payment' },
  credit_card_validity_date: { section: 'payment' },

  previous_provider: { section: 'previous-supplier' },
  former_supplier_first_name: { section: 'previous-supplier' },
  former_supplier_last_name: { section: 'previous-supplier' },
  former_supplier_contract_terminated: { section: 'previous-supplier' },
  former_supplier_contract_termination_date: { section: 'previous-supplier' },

  contract_relationships: { section: 'relationships' },

  product_specifics: { section: 'product-specifics' },

  saas_customer_id: { section: 'other' },
  saas_contract_id: { section: 'other' },
  saas_customer_lead_id: { section: 'other' },
  third_party_salespartner: { section: 'other' },
  source: { section: 'other' },
  perform_credit_check: { section: 'other' },
  free_amount: { section: 'other', unit: 'euro' },
} as const satisfies Record<MigrationField, Placement>;

export function isMigrationField(name: string): name is MigrationField {
  return Object.hasOwn(PLACEMENT, name);
}

export interface MigrationFieldSpec extends FormField, Placement {
  name: MigrationField;
}

/** The table: every field of the schema with its section, kind and unit, in the schema's order. */
export const MIGRATION_FIELDS: readonly MigrationFieldSpec[] = formFieldsOf(consumerMigrationFormSchema).map(
  (field) => {
    const { name } = field;
    // PLACEMENT is typed by the schema's keys, so this holds unless the two are built apart.
    if (!isMigrationField(name)) throw new Error(`${name} has no place in the migration form.`);
    return { ...field, ...PLACEMENT[name], name };
  },
);

const SPEC_BY_NAME = new Map(MIGRATION_FIELDS.map((spec) => [spec.name, spec]));

/** The fields in the order the form shows them: by section, then as placed. */
const FORM_ORDER: readonly MigrationField[] = MIGRATION_SECTIONS.flatMap((section) =>
  Object.entries(PLACEMENT)
    .filter(([, placement]) => placement.section === section)
    .map(([name]) => name)
    .filter(isMigrationField),
);
const FIELD_ORDER: readonly string[] = FORM_ORDER;

/** The unit a field's number is measured in, if it has one. */
export function unitOf(name: MigrationField): MigrationUnit | undefined {
  return SPEC_BY_NAME.get(name)?.unit;
}

/** The fields of one section, in the order the form shows them. */
export function fieldsOfSection(section: MigrationSection): MigrationField[] {
  return FORM_ORDER.filter((name) => PLACEMENT[name].section === section);
}

/** The section of a field (rows: by their list's name); undefined for names the form does not have. */
export function sectionOf(name: string): MigrationSection | undefined {
  const top = name.split('.')[0] ?? '';
  return isMigrationField(top) ? SPEC_BY_NAME.get(top)?.section : undefined;
}

/** Whether the form has this name: a field, or a field of a list's row (`contract_relationships.0.valid_from`). */
export function isMigrationFormName(name: string): boolean {
  const row = /^(\w+)\.\d+\.(\w+)$/.exec(name);
  if (!row) return isMigrationField(name);
  const [, list = '', rowField = ''] = row;
  return isMigrationField(list) && (SPEC_BY_NAME.get(list)?.rowFields.includes(rowField) ?? false);
}

/** Position of a field in the form, for ordering messages as the fields stand. */
export function fieldPosition(name: string): number {
  const [top = '', row = '0'] = name.split('.');
  return FIELD_ORDER.indexOf(top) * 1000 + Number(row);
}
