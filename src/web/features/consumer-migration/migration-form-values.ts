import { fieldApplies, type MigrationFacts } from '../../../contract/consumer-migration-rules.ts';
import { parseLocaleDecimal } from '../../../contract/locale-number.ts';

/** Text inputs, as typed. */
export const TEXT_FIELDS = [
  'user_id',
  'title',
  'first_name',
  'last_name',
  'birthday',
  'company_name',
  'tax_number',
  'email',
  'accounting_email',
  'telephone',
  'username',
  'deliv_address_street',
  'deliv_address_house_number',
  'deliv_address_addition',
  'deliv_address_zipcode',
  'deliv_address_city',
  'bill_address_street',
  'bill_address_house_number',
  'bill_address_addition',
  'bill_address_zipcode',
  'bill_address_city',
  'meteringpoint_id',
  'meter_id',
  'order_smart_meter_provider_id',
  'order_date',
  'tariff_type',
  'preferred_delivery_start',
  'payment_method',
  'bank_data_first_name',
  'bank_data_last_name',
  'bank_data_iban',
  'bank_data_bic',
  'sepa_reference',
  'sepa_date',
  'masked_credit_card',
  'credit_card_validity_date',
  'previous_provider',
  'former_supplier_first_name',
  'former_supplier_last_name',
  'former_supplier_contract_termination_date',
  'saas_customer_id',
  'saas_contract_id',
  'saas_customer_lead_id',
  'third_party_salespartner',
  'source',
] as const;

/** Numbers typed in the browser locale's format ("3.500" in German is 3500). */
export const NUMBER_FIELDS = [
  'annual_consumption',
  'consumption_before_battery_installation',
  'base_fee_price_brutto',
  'base_fee_price_netto',
  'working_price_1_price_brutto',
  'working_price_1_price_netto',
  'ht_working_price_price_brutto',
  'ht_working_price_price_netto',
  'nt_working_price_price_brutto',
  'nt_working_price_price_netto',
  'contract_notice_period',
  'minimum_contract_term',
  'automatic_prolongation_time',
  'free_amount',
] as const;

export const BOOLEAN_FIELDS = [
  'is_business',
  'is_small_business',
  'keep_bill_address',
  'has_intelligent_meter',
  'order_smart_meter',
  'is_htnt',
  'former_supplier_contract_terminated',
  'perform_credit_check',
] as const;

export interface RelationshipRow {
  target_contract_id: string;
  valid_from: string;
}

export type MigrationFormValues = Record<(typeof TEXT_FIELDS)[number], string> &
  Record<(typeof NUMBER_FIELDS)[number], string> &
  Record<(typeof BOOLEAN_FIELDS)[number], boolean> & {
    /** The JSON text of the product specifics object. */
    product_specifics: string;
    contract_relationships: RelationshipRow[];
  };

export function emptyMigrationForm(): MigrationFormValues {
  const values: Record<string, unknown> = {};
  for (const name of TEXT_FIELDS) values[name] = '';
  for (const name of NUMBER_FIELDS) values[name] = '';
  for (const name of BOOLEAN_FIELDS) values[name] = false;
  values.keep_bill_address = true;
  values.product_specifics = '';
  values.contract_relationships = [];
  return values as MigrationFormValues;
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
  };
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
  for (const name of TEXT_FIELDS) {
    const text = values[name]?.trim() ?? '';
    if (text !== '' && fieldApplies(name, facts)) candidate[name] = text;
  }
  for (const name of NUMBER_FIELDS) {
    const text = values[name]?.trim() ?? '';
    if (text === '' || !fieldApplies(name, facts)) continue;
    const reading = parseLocaleDecimal(text, locale);
    candidate[name] = reading.ok ? Number(reading.value) : text;
  }
  for (const name of BOOLEAN_FIELDS) {
    if (fieldApplies(name, facts)) candidate[name] = Boolean(values[name]);
  }
  const json = values.product_specifics?.trim() ?? '';
  if (json !== '') candidate.product_specifics = parsedJson(json);
  const rows = values.contract_relationships ?? [];
  if (rows.length > 0) {
    candidate.contract_relationships = rows.map((row) => {
      const entry: Record<string, string> = {};
      if (row.target_contract_id.trim()) entry.target_contract_id = row.target_contract_id.trim();
      if (row.valid_from) entry.valid_from = row.valid_from;
      return entry;
    });
  }
  return candidate;
}

/** The fields whose value differs from an empty form's. */
export function changedFields(values: Partial<MigrationFormValues>): string[] {
  const empty = emptyMigrationForm() as Record<string, unknown>;
  return Object.entries(values)
    .filter(([name, value]) => JSON.stringify(value) !== JSON.stringify(empty[name]))
    .map(([name]) => name);
}

/** Whether anything was typed (the draft is worth keeping, leaving asks first). */
export function hasInput(values: Partial<MigrationFormValues>): boolean {
  return changedFields(values).length > 0;
}
