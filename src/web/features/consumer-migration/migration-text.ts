/**
 * Every word of the consumer migration form in one place: section titles, labels, hints, units and the
 * messages that say how to fix a field, keyed by the contract's field table (consumer-migration-fields.ts:
 * which fields there are, their sections and units). A second language is a second catalogue of this shape.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural, t } from '@lingui/core/macro';
import {
  isMigrationField,
  unitOf,
  type MigrationInputKey,
  type MigrationSection,
  type MigrationUnit,
} from '../../../contract/consumer-migration-fields.ts';
import type { CustomerType } from '../../../contract/delivery-start.ts';
import { perLanguage } from '../../i18n/per-language.ts';
import type { FieldWords } from '../../lib/field-words.ts';

const JSON_EXAMPLE = '{"green_energy": true}';
export const migrationFields = perLanguage(
  () =>
    ({
      user_id: {
        label: t`User ID`,
        hint: t`The consumer’s ID in the platform: letters, digits, _ and -, e.g. K-100234`,
        required: t`Enter the user ID.`,
        format: t`Use letters, digits, _ and - only (at most 64), e.g. K-100234.`,
      },
      title: { label: t`Title` },
      first_name: { label: t`First name`, required: t`Enter the first name.` },
      last_name: { label: t`Last name`, required: t`Enter the last name.` },
      birthday: { label: t`Birthday` },
      is_business: { label: t`Business customer`, hint: t`A company: asks for its name and tax number` },
      company_name: { label: t`Company name`, required: t`Enter the company name.` },
      tax_number: { label: t`Tax number`, hint: t`At most 13 characters` },
      is_small_business: { label: t`Small business (§ 19 UStG)` },

      email: { label: t`Email`, hint: t`e.g. erika@example.org`, required: t`Enter the email address.` },
      accounting_email: { label: t`Accounting email`, hint: t`Where invoices go, if not the email above` },
      telephone: { label: t`Telephone`, hint: t`At most 16 characters, e.g. +49 30 1234567` },
      username: { label: t`Username`, hint: t`For the consumer portal, if it differs from the email` },

      deliv_address_street: { label: t`Street`, required: t`Enter the street of the delivery address.` },
      deliv_address_house_number: {
        label: t`House number`,
        hint: t`e.g. 1a`,
        required: t`Enter the house number of the delivery address.`,
      },
      deliv_address_addition: { label: t`Address addition`, hint: t`e.g. 2nd floor, rear building` },
      deliv_address_zipcode: {
        label: t`Postcode`,
        hint: t`5 digits`,
        required: t`Enter the postcode of the delivery address.`,
      },
      deliv_address_city: { label: t`City`, required: t`Enter the city of the delivery address.` },

      keep_bill_address: {
        label: t`Bills go to the delivery address`,
        hint: t`Untick to enter a different billing address`,
      },
      bill_address_street: { label: t`Street`, required: t`Enter the street of the billing address.` },
      bill_address_house_number: {
        label: t`House number`,
        required: t`Enter the house number of the billing address.`,
      },
      bill_address_addition: { label: t`Address addition` },
      bill_address_zipcode: {
        label: t`Postcode`,
        hint: t`5 digits`,
        required: t`Enter the postcode of the billing address.`,
      },
      bill_address_city: { label: t`City`, required: t`Enter the city of the billing address.` },

      meteringpoint_id: {
        label: t`Market location ID`,
        hint: t`11 digits, the last one a check digit, e.g. 51238696781`,
      },
      meter_id: { label: t`Meter ID`, hint: t`As printed on the meter, e.g. 1ESY1160512345` },
      annual_consumption: { label: t`Annual consumption`, hint: t`Expected consumption per year` },
      consumption_before_battery_installation: {
        label: t`Consumption before battery installation`,
        hint: t`Per year, if a battery storage was installed`,
      },
      has_intelligent_meter: { label: t`Has an intelligent meter (smart meter)` },
      order_smart_meter: {
        label: t`Order a smart meter`,
        hint: t`Asks for the metering operator and the order date`,
      },
      order_smart_meter_provider_id: {
        label: t`Smart meter provider ID`,
        hint: t`The metering point operator’s market partner ID, e.g. 9900000000003`,
        required: t`Enter the provider ID of the smart meter order.`,
      },
      order_date: { label: t`Order date` },
      tariff_type: { label: t`Tariff type`, hint: t`The tariff’s name in the platform, e.g. strom-basis` },
      is_htnt: {
        label: t`Two-rate meter (HT/NT)`,
        hint: t`Asks for peak (HT) and off-peak (NT) working prices`,
      },

      base_fee_price_brutto: { label: t`Base fee brutto` },
      base_fee_price_netto: { label: t`Base fee netto` },
      working_price_1_price_brutto: { label: t`Working price brutto` },
      working_price_1_price_netto: { label: t`Working price netto` },
      ht_working_price_price_brutto: { label: t`HT working price brutto` },
      ht_working_price_price_netto: { label: t`HT working price netto` },
      nt_working_price_price_brutto: { label: t`NT working price brutto` },
      nt_working_price_price_netto: { label: t`NT working price netto` },

      contract_notice_period: {
        label: t`Notice period`,
        hint: t`In months; the record carries the unit “m”`,
      },
      minimum_contract_term: { label: t`Minimum contract term`, hint: t`In months` },
      automatic_prolongation_time: {
        label: t`Automatic prolongation`,
        hint: t`In months, after the minimum term`,
      },

      move_in_new_installation: {
        label: t`Move-in / new installation (E02)`,
        hint: t`Tick when the consumer moves into a new installation; otherwise the change reason follows the previous supplier (E01 or E03)`,
      },
      preferred_delivery_start: {
        label: t`Preferred delivery start`,
        hint: t`The first day of supply (Europe/Berlin)`,
      },

      payment_method: {
        label: t`Payment method`,
        hint: t`Decides which payment details are asked for`,
        required: t`Choose how the consumer pays.`,
      },
      bank_data_first_name: { label: t`Account holder first name` },
      bank_data_last_name: { label: t`Account holder last name` },
      bank_data_iban: {
        label: t`IBAN`,
        hint: t`Spaces and lower case are fine, e.g. DE89 3704 0044 0532 0130 00`,
        required: t`Enter the IBAN: direct debit needs it.`,
      },
      bank_data_bic: { label: t`BIC`, hint: t`8 or 11 characters, e.g. COBADEFFXXX` },
      sepa_reference: { label: t`SEPA mandate reference` },
      sepa_date: { label: t`SEPA mandate date` },
      masked_credit_card: {
        label: t`Card number (masked)`,
        hint: t`Only the last digits, e.g. XXXX XXXX XXXX 1234`,
      },
      credit_card_validity_date: { label: t`Card valid until` },

      previous_provider: {
        label: t`Previous provider`,
        hint: t`Naming a previous supplier makes this a supplier switch (E03)`,
      },
      former_supplier_first_name: { label: t`Former supplier contract: first name` },
      former_supplier_last_name: { label: t`Former supplier contract: last name` },
      former_supplier_contract_terminated: { label: t`The former contract is terminated` },
      former_supplier_contract_termination_date: {
        label: t`Termination date`,
        hint: t`Required, as the former contract is terminated: the day it ends`,
        required: t`Enter the date the former contract ends.`,
      },

      'contract_relationships.*.target_contract_id': {
        label: t`Target contract ID`,
        required: t`Enter the target contract ID or remove the row.`,
      },
      'contract_relationships.*.valid_from': {
        label: t`Valid from`,
        required: t`Enter the date the relationship starts.`,
      },

      product_specifics: {
        label: t`Product specifics (JSON object)`,
        hint: t`A JSON object, e.g. ${JSON_EXAMPLE}`,
        format: t`Enter a JSON object such as ${JSON_EXAMPLE}.`,
      },

      saas_customer_id: { label: t`SaaS customer ID` },
      saas_contract_id: { label: t`SaaS contract ID` },
      saas_customer_lead_id: { label: t`SaaS lead ID` },
      third_party_salespartner: { label: t`Third-party sales partner` },
      source: { label: t`Source`, hint: t`Where the consumer came from, e.g. migration-2025` },
      perform_credit_check: { label: t`Perform a credit check` },
      free_amount: { label: t`Free amount`, hint: t`In euros` },
    }) satisfies Record<MigrationInputKey, FieldWords>,
);

export type MigrationFieldKey = keyof ReturnType<typeof migrationFields>;

/** The key of a field's words: row fields share theirs (`contract_relationships.*.valid_from`). */
export function wordsKey(name: string): string {
  return name.replace(/\.\d+\./g, '.*.');
}

export function fieldWords(name: string): FieldWords | undefined {
  const words: Partial<Record<string, FieldWords>> = migrationFields();
  return words[wordsKey(name)];
}

/** Label and hint of a field, ready to spread onto a field component. */
export function field(name: MigrationFieldKey) {
  const words: FieldWords = migrationFields()[name];
  return { name, label: words.label, hint: words.hint };
}

/** The sections' titles (which fields each holds, and their order: the contract's field table). */
export const sectionTitles = {
  consumer: msg`Consumer`,
  contact: msg`Contact`,
  'delivery-address': msg`Delivery address`,
  'billing-address': msg`Billing address`,
  supply: msg`Supply`,
  prices: msg`Prices`,
  'contract-terms': msg`Contract terms`,
  'supply-start': msg`Supply start`,
  payment: msg`Payment`,
  'previous-supplier': msg`Previous supplier`,
  relationships: msg`Contract relationships`,
  'product-specifics': msg`Product specifics`,
  other: msg`Other`,
} satisfies Record<MigrationSection, MessageDescriptor>;

export const paymentMethodLabels = perLanguage((): Record<string, string> => ({
  direct_debit: t`Direct debit (SEPA)`,
  bank_transfer: t`Bank transfer`,
  credit_card: t`Credit card`,
  credit_card_display_only: t`Credit card (display only)`,
  no_payment_method: t`No payment method`,
}));

export const subscriptionReasonWords = perLanguage((): Record<string, string> => ({
  E01: t`E01 – move in/out: no previous supplier is named`,
  E02: t`E02 – move-in / new installation: stated by staff`,
  E03: t`E03 – supplier switch: a previous supplier is named`,
}));

/** The delivery-start check's customer types, in words (the code the check sends stays as it is). */
export const customerTypeWords = perLanguage((): Record<CustomerType, string> => ({
  private: t`Private`,
  business: t`Business`,
  producer: t`Producer`,
}));

export const noticeUnitWords = perLanguage((): Record<string, string> => ({
  m: t`m – months`,
  w: t`w – weeks`,
}));

export const relationshipTypeWords = perLanguage((): Record<string, string> => ({
  contract_is_paid_by: t`contract_is_paid_by – this consumer’s contract is paid by the target contract`,
}));

export const salutationWords = perLanguage(() => ({
  none: t`None – the platform derives no salutation from the request`,
}));

/** The units of the field table (docs/spec-decisions.md: our reading of the platform's units), as shown. */
export const unitWords = perLanguage(
  () =>
    ({
      kwh_per_year: t`kWh/year`,
      euro_per_month: t`€/month`,
      cent_per_kwh: t`ct/kWh`,
      months: t`months`,
      euro: t`€`,
    }) satisfies Record<MigrationUnit, string>,
);

/** The record's own fields (spec 2.4: response only), labelled as the form's derived values are. */
export const responseFieldLabels = perLanguage(() => ({
  salutation: t`Salutation`,
  subscription_reason: t`Change reason`,
  contract_notice_period_unit: t`Notice period unit`,
}));

/** Money is shown with two decimals, and up to four where a tariff price has them (price-pair.ts). */
const MONEY_UNITS: ReadonlySet<MigrationUnit> = new Set(['euro_per_month', 'cent_per_kwh', 'euro']);

/**
 * A field's number with its unit, in the UI language: "12.50 €/month", "3,500 kWh/year", "1 month" —
 * numbers by Intl in `locale`, plurals by the language's rules.
 */
export function quantityWords(name: string, value: number, locale: string): string {
  const unit = isMigrationField(name) ? unitOf(name) : undefined;
  if (unit === 'months') return plural(value, { one: '# month', other: '# months' });
  const digits =
    unit && MONEY_UNITS.has(unit)
      ? { minimumFractionDigits: 2, maximumFractionDigits: 4 }
      : { maximumFractionDigits: 4 };
  const number = new Intl.NumberFormat(locale, digits).format(value);
  return unit ? `${number} ${unitWords()[unit]}` : number;
}

/** The unit shown beside a field's number, if it has one. */
export function unitWordsOf(name: string): string | undefined {
  const unit = isMigrationField(name) ? unitOf(name) : undefined;
  return unit && unitWords()[unit];
}
