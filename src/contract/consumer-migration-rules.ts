/**
 * The rules of a consumer migration that are not field formats: what the record derives from the
 * request, and which fields apply. The sandbox derives the response with them and the console shows
 * the same derivations (and shows only the fields that apply) while staff type.
 */
import type { CustomerType } from './delivery-start.ts';

/** The request fields the derivations read (loosely typed: the form calls them on partial input). */
export interface MigrationFacts {
  is_business?: boolean | undefined;
  previous_provider?: string | undefined;
  former_supplier_last_name?: string | undefined;
  former_supplier_contract_terminated?: boolean | undefined;
  contract_notice_period?: number | undefined;
  keep_bill_address?: boolean | undefined;
  order_smart_meter?: boolean | undefined;
  is_htnt?: boolean | undefined;
  payment_method?: string | undefined;
  /** The console's form and bulk file: staff say this is a move-in / new installation (E02). */
  move_in_new_installation?: boolean | undefined;
  /** The request: where that statement travels (STATED_REASON_MEMBER). */
  product_specifics?: Record<string, unknown> | undefined;
}

/**
 * The request has no field for the subscription reason (spec 2.4: response only), so staff's statement
 * "move-in / new installation" travels as this member of `product_specifics`, the request's free-form
 * object: `{"subscription_reason": "E02"}` (our decision, docs/spec-decisions.md).
 */
export const STATED_REASON_MEMBER = 'subscription_reason';

/** Staff said this is a move-in / new installation: on the form, or in the request's product_specifics. */
export function statesNewInstallation(facts: MigrationFacts): boolean {
  return facts.move_in_new_installation === true || facts.product_specifics?.[STATED_REASON_MEMBER] === 'E02';
}

/** A previous supplier is named: the provider, the former supplier's name, or a terminated contract. */
export function namesPreviousSupplier(facts: MigrationFacts): boolean {
  return Boolean(
    facts.previous_provider?.trim() ||
    facts.former_supplier_last_name?.trim() ||
    facts.former_supplier_contract_terminated,
  );
}

/** What the subscription reason is derived from when staff say nothing: the previous-supplier fields. */
export function derivedSubscriptionReason(facts: MigrationFacts): 'E01' | 'E03' {
  return namesPreviousSupplier(facts) ? 'E03' : 'E01';
}

/**
 * E02 (move-in / new installation) when staff say so; otherwise E03 (supplier switch) when a previous
 * supplier is named, else E01 (move in/out).
 */
export function subscriptionReasonFor(facts: MigrationFacts): 'E01' | 'E02' | 'E03' {
  return statesNewInstallation(facts) ? 'E02' : derivedSubscriptionReason(facts);
}

/** The delivery-start check's customer type for a consumer. */
export function customerTypeFor(facts: MigrationFacts): Extract<CustomerType, 'private' | 'business'> {
  return facts.is_business ? 'business' : 'private';
}

/** Notice periods are given in months; no period, no unit. */
export function noticePeriodUnitFor(facts: MigrationFacts): 'm' | null {
  return facts.contract_notice_period === undefined ? null : 'm';
}

export const CARD_PAYMENT_METHODS: readonly string[] = ['credit_card', 'credit_card_display_only'];

/**
 * Fields that apply only in some cases. The console shows them only then and sends only what applies;
 * the schema's conditional requirements are stated in the same terms.
 */
export const CONDITIONAL_FIELDS = {
  business: {
    applies: (facts: MigrationFacts) => facts.is_business === true,
    fields: ['company_name', 'tax_number', 'is_small_business'],
  },
  billAddress: {
    applies: (facts: MigrationFacts) => facts.keep_bill_address === false,
    fields: [
      'bill_address_street',
      'bill_address_house_number',
      'bill_address_addition',
      'bill_address_zipcode',
      'bill_address_city',
    ],
  },
  smartMeterOrder: {
    applies: (facts: MigrationFacts) => facts.order_smart_meter === true,
    fields: ['order_smart_meter_provider_id', 'order_date'],
  },
  htntPrices: {
    applies: (facts: MigrationFacts) => facts.is_htnt === true,
    fields: [
      'ht_working_price_price_brutto',
      'ht_working_price_price_netto',
      'nt_working_price_price_brutto',
      'nt_working_price_price_netto',
    ],
  },
  directDebit: {
    applies: (facts: MigrationFacts) => facts.payment_method === 'direct_debit',
    fields: [
      'bank_data_first_name',
      'bank_data_last_name',
      'bank_data_iban',
      'bank_data_bic',
      'sepa_reference',
      'sepa_date',
    ],
  },
  creditCard: {
    applies: (facts: MigrationFacts) => CARD_PAYMENT_METHODS.includes(facts.payment_method ?? ''),
    fields: ['masked_credit_card', 'credit_card_validity_date'],
  },
  termination: {
    applies: (facts: MigrationFacts) => facts.former_supplier_contract_terminated === true,
    fields: ['former_supplier_contract_termination_date'],
  },
} as const satisfies Record<
  string,
  { applies: (facts: MigrationFacts) => boolean; fields: readonly string[] }
>;

export type ConditionalGroup = keyof typeof CONDITIONAL_FIELDS;

/** Whether a field applies to this input (fields outside every condition always apply). */
export function fieldApplies(field: string, facts: MigrationFacts): boolean {
  for (const group of Object.values(CONDITIONAL_FIELDS)) {
    if ((group.fields as readonly string[]).includes(field)) return group.applies(facts);
  }
  return true;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The new supply would start before the former contract ends (issue 42): for those days the customer would have
 * two suppliers. A warning for staff, not a refusal — the platform decides the delivery start. Dates YYYY-MM-DD.
 */
export function startsBeforeFormerContractEnds(
  deliveryStart: string | null | undefined,
  terminationDate: string | null | undefined,
): boolean {
  if (!deliveryStart || !terminationDate) return false;
  if (!ISO_DATE.test(deliveryStart) || !ISO_DATE.test(terminationDate)) return false;
  return deliveryStart < terminationDate;
}
