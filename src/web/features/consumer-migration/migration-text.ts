/**
 * Every word of the consumer migration form in one place: section titles, labels, hints and the
 * messages that say how to fix a field. A second language is a second catalogue of this shape.
 */
import type { FieldWords } from '../../lib/field-words.ts';
export const MIGRATION_FIELDS = {
  user_id: {
    label: 'User ID',
    hint: 'The consumer’s ID in the platform: letters, digits, _ and -, e.g. K-100234',
    required: 'Enter the user ID.',
    format: 'Use letters, digits, _ and - only (at most 64), e.g. K-100234.',
  },
  title: { label: 'Title' },
  first_name: { label: 'First name', required: 'Enter the first name.' },
  last_name: { label: 'Last name', required: 'Enter the last name.' },
  birthday: { label: 'Birthday' },
  is_business: { label: 'Business customer', hint: 'A company: asks for its name and tax number' },
  company_name: { label: 'Company name', required: 'Enter the company name.' },
  tax_number: { label: 'Tax number', hint: 'At most 13 characters' },
  is_small_business: { label: 'Small business (§ 19 UStG)' },

  email: { label: 'Email', hint: 'e.g. erika@example.org', required: 'Enter the email address.' },
  accounting_email: { label: 'Accounting email', hint: 'Where invoices go, if not the email above' },
  telephone: { label: 'Telephone', hint: 'At most 16 characters, e.g. +49 30 1234567' },
  username: { label: 'Username', hint: 'For the consumer portal, if it differs from the email' },

  deliv_address_street: { label: 'Street', required: 'Enter the street of the delivery address.' },
  deliv_address_house_number: {
    label: 'House number',
    hint: 'e.g. 1a',
    required: 'Enter the house number of the delivery address.',
  },
  deliv_address_addition: { label: 'Address addition', hint: 'e.g. 2nd floor, rear building' },
  deliv_address_zipcode: {
    label: 'Postcode',
    hint: '5 digits',
    required: 'Enter the postcode of the delivery address.',
  },
  deliv_address_city: { label: 'City', required: 'Enter the city of the delivery address.' },

  keep_bill_address: {
    label: 'Bills go to the delivery address',
    hint: 'Untick to enter a different billing address',
  },
  bill_address_street: { label: 'Street', required: 'Enter the street of the billing address.' },
  bill_address_house_number: {
    label: 'House number',
    required: 'Enter the house number of the billing address.',
  },
  bill_address_addition: { label: 'Address addition' },
  bill_address_zipcode: {
    label: 'Postcode',
    hint: '5 digits',
    required: 'Enter the postcode of the billing address.',
  },
  bill_address_city: { label: 'City', required: 'Enter the city of the billing address.' },

  meteringpoint_id: {
    label: 'Market location ID',
    hint: '11 digits, the last one a check digit, e.g. 51238696781',
  },
  meter_id: { label: 'Meter ID', hint: 'As printed on the meter, e.g. 1ESY1160512345' },
  annual_consumption: { label: 'Annual consumption', hint: 'Expected consumption per year' },
  consumption_before_battery_installation: {
    label: 'Consumption before battery installation',
    hint: 'Per year, if a battery storage was installed',
  },
  has_intelligent_meter: { label: 'Has an intelligent meter (smart meter)' },
  order_smart_meter: {
    label: 'Order a smart meter',
    hint: 'Asks for the metering operator and the order date',
  },
  order_smart_meter_provider_id: {
    label: 'Smart meter provider ID',
    hint: 'The metering point operator’s market partner ID, e.g. 9900000000003',
    required: 'Enter the provider ID of the smart meter order.',
  },
  order_date: { label: 'Order date' },
  tariff_type: { label: 'Tariff type', hint: 'The tariff’s name in the platform, e.g. strom-basis' },
  is_htnt: { label: 'Two-rate meter (HT/NT)', hint: 'Asks for peak (HT) and off-peak (NT) working prices' },

  base_fee_price_brutto: { label: 'Base fee brutto' },
  base_fee_price_netto: { label: 'Base fee netto' },
  working_price_1_price_brutto: { label: 'Working price brutto' },
  working_price_1_price_netto: { label: 'Working price netto' },
  ht_working_price_price_brutto: { label: 'HT working price brutto' },
  ht_working_price_price_netto: { label: 'HT working price netto' },
  nt_working_price_price_brutto: { label: 'NT working price brutto' },
  nt_working_price_price_netto: { label: 'NT working price netto' },

  contract_notice_period: { label: 'Notice period', hint: 'In months; the record carries the unit “m”' },
  minimum_contract_term: { label: 'Minimum contract term', hint: 'In months' },
  automatic_prolongation_time: { label: 'Automatic prolongation', hint: 'In months, after the minimum term' },

  preferred_delivery_start: {
    label: 'Preferred delivery start',
    hint: 'The first day of supply (Europe/Berlin)',
  },

  payment_method: {
    label: 'Payment method',
    hint: 'Decides which payment details are asked for',
    required: 'Choose how the consumer pays.',
  },
  bank_data_first_name: { label: 'Account holder first name' },
  bank_data_last_name: { label: 'Account holder last name' },
  bank_data_iban: {
    label: 'IBAN',
    hint: 'Spaces and lower case are fine, e.g. DE89 3704 0044 0532 0130 00',
    required: 'Enter the IBAN: direct debit needs it.',
  },
  bank_data_bic: { label: 'BIC', hint: '8 or 11 characters, e.g. COBADEFFXXX' },
  sepa_reference: { label: 'SEPA mandate reference' },
  sepa_date: { label: 'SEPA mandate date' },
  masked_credit_card: {
    label: 'Card number (masked)',
    hint: 'Only the last digits, e.g. XXXX XXXX XXXX 1234',
  },
  credit_card_validity_date: { label: 'Card valid until' },

  previous_provider: {
    label: 'Previous provider',
    hint: 'Naming a previous supplier makes this a supplier switch (E03)',
  },
  former_supplier_first_name: { label: 'Former supplier contract: first name' },
  former_supplier_last_name: { label: 'Former supplier contract: last name' },
  former_supplier_contract_terminated: { label: 'The former contract is terminated' },
  former_supplier_contract_termination_date: {
    label: 'Termination date',
    required: 'Enter the date the former contract ends.',
  },

  'contract_relationships.*.target_contract_id': {
    label: 'Target contract ID',
    required: 'Enter the target contract ID or remove the row.',
  },
  'contract_relationships.*.valid_from': {
    label: 'Valid from',
    required: 'Enter the date the relationship starts.',
  },

  product_specifics: {
    label: 'Product specifics (JSON object)',
    hint: 'A JSON object, e.g. {"green_energy": true}',
    format: 'Enter a JSON object such as {"green_energy": true}.',
  },

  saas_customer_id: { label: 'SaaS customer ID' },
  saas_contract_id: { label: 'SaaS contract ID' },
  saas_customer_lead_id: { label: 'SaaS lead ID' },
  third_party_salespartner: { label: 'Third-party sales partner' },
  source: { label: 'Source', hint: 'Where the consumer came from, e.g. migration-2025' },
  perform_credit_check: { label: 'Perform a credit check' },
  free_amount: { label: 'Free amount', hint: 'In euros' },
} as const satisfies Record<string, FieldWords>;

export type MigrationFieldKey = keyof typeof MIGRATION_FIELDS;

/** The key of a field's words: row fields share theirs (`contract_relationships.*.valid_from`). */
export function wordsKey(name: string): string {
  return name.replace(/\.\d+\./g, '.*.');
}

export function fieldWords(name: string): FieldWords | undefined {
  return (MIGRATION_FIELDS as Record<string, FieldWords>)[wordsKey(name)];
}

/** Label and hint of a field, ready to spread onto a field component. */
export function field(name: MigrationFieldKey) {
  const words: FieldWords = MIGRATION_FIELDS[name];
  return { name, label: words.label, hint: words.hint };
}

export const SECTIONS = [
  { id: 'consumer', title: 'Consumer' },
  { id: 'contact', title: 'Contact' },
  { id: 'delivery-address', title: 'Delivery address' },
  { id: 'billing-address', title: 'Billing address' },
  { id: 'supply', title: 'Supply' },
  { id: 'prices', title: 'Prices' },
  { id: 'contract-terms', title: 'Contract terms' },
  { id: 'supply-start', title: 'Supply start' },
  { id: 'payment', title: 'Payment' },
  { id: 'previous-supplier', title: 'Previous supplier' },
  { id: 'relationships', title: 'Contract relationships' },
  { id: 'product-specifics', title: 'Product specifics' },
  { id: 'other', title: 'Other' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** Sections closed until needed: rarely used, opened by a draft or an error that concerns them. */
export const COLLAPSED_BY_DEFAULT: readonly SectionId[] = ['relationships', 'product-specifics', 'other'];

/** Which section holds a field, in the order the form shows them (also the order of the error summary). */
export const SECTION_FIELDS: Record<SectionId, readonly string[]> = {
  consumer: [
    'user_id',
    'title',
    'first_name',
    'last_name',
    'birthday',
    'is_business',
    'company_name',
    'tax_number',
    'is_small_business',
  ],
  contact: ['email', 'accounting_email', 'telephone', 'username'],
  'delivery-address': [
    'deliv_address_street',
    'deliv_address_house_number',
    'deliv_address_addition',
    'deliv_address_zipcode',
    'deliv_address_city',
  ],
  'billing-address': [
    'keep_bill_address',
    'bill_address_street',
    'bill_address_house_number',
    'bill_address_addition',
    'bill_address_zipcode',
    'bill_address_city',
  ],
  supply: [
    'meteringpoint_id',
    'meter_id',
    'annual_consumption',
    'consumption_before_battery_installation',
    'has_intelligent_meter',
    'order_smart_meter',
    'order_smart_meter_provider_id',
    'order_date',
    'tariff_type',
    'is_htnt',
  ],
  prices: [
    'base_fee_price_brutto',
    'base_fee_price_netto',
    'working_price_1_price_brutto',
    'working_price_1_price_netto',
    'ht_working_price_price_brutto',
    'ht_working_price_price_netto',
    'nt_working_price_price_brutto',
    'nt_working_price_price_netto',
  ],
  'contract-terms': ['contract_notice_period', 'minimum_contract_term', 'automatic_prolongation_time'],
  'supply-start': ['preferred_delivery_start'],
  payment: [
    'payment_method',
    'bank_data_first_name',
    'bank_data_last_name',
    'bank_data_iban',
    'bank_data_bic',
    'sepa_reference',
    'sepa_date',
    'masked_credit_card',
    'credit_card_validity_date',
  ],
  'previous-supplier': [
    'previous_provider',
    'former_supplier_first_name',
    'former_supplier_last_name',
    'former_supplier_contract_terminated',
    'former_supplier_contract_termination_date',
  ],
  relationships: ['contract_relationships'],
  'product-specifics': ['product_specifics'],
  other: [
    'saas_customer_id',
    'saas_contract_id',
    'saas_customer_lead_id',
    'third_party_salespartner',
    'source',
    'perform_credit_check',
    'free_amount',
  ],
};

const FIELD_ORDER = Object.values(SECTION_FIELDS).flat();

/** The section of a field (rows: by their array's name); undefined for names the form does not have. */
export function sectionOf(name: string): SectionId | undefined {
  const top = name.split('.')[0]!;
  return (Object.keys(SECTION_FIELDS) as SectionId[]).find((id) => SECTION_FIELDS[id].includes(top));
}

/** Position of a field in the form, for ordering messages as the fields stand. */
export function fieldPosition(name: string): number {
  const [top = '', row = '0'] = name.split('.');
  return FIELD_ORDER.indexOf(top) * 1000 + Number(row);
}

export const PAYMENT_METHOD_LABELS: Record<string, string> = {
  direct_debit: 'Direct debit (SEPA)',
  bank_transfer: 'Bank transfer',
  credit_card: 'Credit card',
  credit_card_display_only: 'Credit card (display only)',
  no_payment_method: 'No payment method',
};

export const SUBSCRIPTION_REASON_WORDS: Record<string, string> = {
  E01: 'E01 – move in/out: no previous supplier is named',
  E02: 'E02 – move-in / new installation',
  E03: 'E03 – supplier switch: a previous supplier is named',
};

export const NOTICE_UNIT_WORDS: Record<string, string> = { m: 'm – months', w: 'w – weeks' };

export const RELATIONSHIP_TYPE_WORDS: Record<string, string> = {
  contract_is_paid_by: 'contract_is_paid_by – this consumer’s contract is paid by the target contract',
};

export const SALUTATION_WORDS = {
  none: 'None – the platform derives no salutation from the request',
};

/** Units shown beside the numeric fields (docs/spec-decisions.md: our reading of the platform's units). */
export const UNITS: Partial<Record<string, string>> = {
  annual_consumption: 'kWh/year',
  consumption_before_battery_installation: 'kWh/year',
  base_fee_price_brutto: '€/month',
  base_fee_price_netto: '€/month',
  working_price_1_price_brutto: 'ct/kWh',
  working_price_1_price_netto: 'ct/kWh',
  ht_working_price_price_brutto: 'ct/kWh',
  ht_working_price_price_netto: 'ct/kWh',
  nt_working_price_price_brutto: 'ct/kWh',
  nt_working_price_price_netto: 'ct/kWh',
  contract_notice_period: 'months',
  minimum_contract_term: 'months',
  automatic_prolongation_time: 'months',
  free_amount: '€',
};
