import { z } from 'zod';
import { ibanProblem, normalizeIban } from '../iban.ts';
import { isRecord } from '../is-record.ts';
import { marketLocationProblem } from '../market-location.ts';
import {
  CONDITIONAL_FIELDS,
  STATED_REASON_MEMBER,
  type ConditionalGroup,
} from '../consumer-migration-rules.ts';
import { MESSAGES, boundedString, isoDateSchema, pathIdSchema } from './common.ts';

export const PAYMENT_METHODS = [
  'credit_card_display_only',
  'direct_debit',
  'bank_transfer',
  'credit_card',
  'no_payment_method',
] as const;
export const TITLES = ['', 'Dr.', 'Prof.', 'Prof. Dr.'] as const;
export const SALUTATIONS = ['Frau', 'Herr', 'Eheleute', 'Divers'] as const;
export const SUBSCRIPTION_REASONS = ['E01', 'E02', 'E03'] as const;
export const NOTICE_PERIOD_UNITS = ['w', 'm'] as const;
export const RELATIONSHIP_TYPES = ['contract_is_paid_by'] as const;

/** Default bound for strings whose published length is not tied to a field (docs/spec-decisions.md). */
const DEFAULT_MAX = 255;
const text = (max = DEFAULT_MAX) => boundedString(max);
const optionalText = (max = DEFAULT_MAX) => text(max).optional();
const germanZip = z.string().regex(/^\d{5}$/, { message: 'Enter a valid German postcode (5 digits).' });
// The message is for a malformed address only; a missing one is said by whoever reports it.
const emailAddress = z
  .email({ error: (issue) => (issue.code === 'invalid_format' ? 'Enter a valid email address.' : undefined) })
  .max(DEFAULT_MAX);
const amount = z.number().refine(Number.isFinite).optional();

const contractRelationshipRequest = z.object({
  target_contract_id: text(64).min(1),
  valid_from: isoDateSchema,
});

/** Every field of spec 2.4 the caller sends. Lengths 10/5/16/13/32/64/50/255: see spec-decisions. */
const migrationRequestFields = {
  // Delivery address
  deliv_address_street: text(DEFAULT_MAX).min(1),
  deliv_address_house_number: text(10).min(1),
  deliv_address_zipcode: germanZip,
  deliv_address_city: text(DEFAULT_MAX).min(1),
  deliv_address_addition: optionalText(),
  // Person
  title: z.enum(TITLES).optional(),
  first_name: text(50).min(1),
  last_name: text(DEFAULT_MAX).min(1),
  birthday: isoDateSchema.optional(),
  email: emailAddress,
  accounting_email: emailAddress.optional(),
  telephone: optionalText(16),
  username: optionalText(),
  is_business: z.boolean().optional(),
  is_small_business: z.boolean().optional(),
  company_name: optionalText(),
  tax_number: optionalText(13),
  // Billing address
  keep_bill_address: z.boolean().optional(),
  bill_address_street: optionalText(),
  bill_address_house_number: optionalText(10),
  bill_address_addition: optionalText(),
  bill_address_zipcode: optionalText(5),
  bill_address_city: optionalText(),
  // Supply
  tariff_type: optionalText(64),
  preferred_delivery_start: isoDateSchema.optional(),
  meter_id: optionalText(64),
  meteringpoint_id: z
    .string()
    .superRefine((value, ctx) => {
      const message = marketLocationProblem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    })
    .optional(),
  annual_consumption: z.number().min(0).optional(),
  consumption_before_battery_installation: z.number().min(0).optional(),
  free_amount: amount,
  is_htnt: z.boolean().optional(),
  has_intelligent_meter: z.boolean().optional(),
  order_smart_meter: z.boolean().optional(),
  order_smart_meter_provider_id: optionalText(64),
  order_date: isoDateSchema.optional(),
  product_specifics: z.record(z.string(), z.unknown()).optional(),
  // Payment
  payment_method: z.enum(PAYMENT_METHODS),
  masked_credit_card: optionalText(32),
  credit_card_validity_date: isoDateSchema.optional(),
  sepa_reference: optionalText(64),
  sepa_date: isoDateSchema.optional(),
  bank_data_first_name: optionalText(50),
  bank_data_last_name: optionalText(),
  bank_data_iban: optionalText(64),
  bank_data_bic: optionalText(11),
  // Former supplier
  previous_provider: optionalText(),
  former_supplier_first_name: optionalText(),
  former_supplier_last_name: optionalText(),
  former_supplier_contract_terminated: z.boolean().optional(),
  former_supplier_contract_termination_date: isoDateSchema.optional(),
  // Contract terms and prices
  automatic_prolongation_time: amount,
  contract_notice_period: amount,
  minimum_contract_term: amount,
  base_fee_price_brutto: amount,
  base_fee_price_netto: amount,
  working_price_1_price_brutto: amount,
  working_price_1_price_netto: amount,
  ht_working_price_price_brutto: amount,
  ht_working_price_price_netto: amount,
  nt_working_price_price_brutto: amount,
  nt_working_price_price_netto: amount,
  perform_credit_check: z.boolean().optional(),
  // References of the caller's systems
  saas_customer_id: optionalText(64),
  saas_contract_id: optionalText(64),
  saas_customer_lead_id: optionalText(64),
  third_party_salespartner: optionalText(64),
  source: optionalText(64),
  contract_relationships: z.array(contractRelationshipRequest).max(50).optional(),
};

type MigrationRequestShape = z.infer<z.ZodObject<typeof migrationRequestFields>>;

const CONDITIONAL_REQUIREMENTS: readonly {
  group: ConditionalGroup;
  fields: readonly (keyof MigrationRequestShape)[];
  message: string;
}[] = [
  { group: 'business', fields: ['company_name'], message: 'This field is required for business customers.' },
  {
    group: 'billAddress',
    fields: ['bill_address_street', 'bill_address_house_number', 'bill_address_zipcode', 'bill_address_city'],
    message: `${MESSAGES.required.slice(0, -1)} when keep_bill_address is false.`,
  },
  { group: 'directDebit', fields: ['bank_data_iban'], message: 'This field is required for direct debit.' },
  {
    group: 'smartMeterOrder',
    fields: ['order_smart_meter_provider_id'],
    message: 'This field is required when a smart meter is ordered.',
  },
  {
    group: 'termination',
    fields: ['former_supplier_contract_termination_date'],
    message: 'This field is required when the former contract is terminated.',
  },
];

/** The rules across fields: what a condition makes required (consumer-migration-rules.ts), a usable IBAN. */
function refineMigration(value: MigrationRequestShape, ctx: z.RefinementCtx): void {
  for (const requirement of CONDITIONAL_REQUIREMENTS) {
    if (!CONDITIONAL_FIELDS[requirement.group].applies(value)) continue;
    for (const field of requirement.fields) {
      if (value[field] === undefined || value[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], message: requirement.message });
    }
  }
  if (typeof value.bank_data_iban === 'string' && value.bank_data_iban) {
    const problem = ibanProblem(value.bank_data_iban);
    if (problem) ctx.addIssue({ code: 'custom', path: ['bank_data_iban'], message: problem });
  }
}

function normalizeMigration<T extends MigrationRequestShape>(value: T): T {
  return value.bank_data_iban ? { ...value, bank_data_iban: normalizeIban(value.bank_data_iban) } : value;
}

export const consumerMigrationRequestSchema = z
  .object(migrationRequestFields)
  .superRefine(refineMigration)
  .transform(normalizeMigration)
  .meta({ id: 'ConsumerMigrationRequest' });
export type ConsumerMigrationRequest = z.infer<typeof consumerMigrationRequestSchema>;
export type ConsumerMigrationInput = z.input<typeof consumerMigrationRequestSchema>;

/**
 * Staff's "move-in / new installation" (E02) becomes the request's product_specifics member the platform
 * stand-in derives E02 from (consumer-migration-rules.ts); the request keeps its published shape.
 */
function foldStatedReason<
  T extends MigrationRequestShape & { move_in_new_installation?: boolean | undefined },
>({ move_in_new_installation: newInstallation, ...request }: T): Omit<T, 'move_in_new_installation'> {
  if (!newInstallation) return request;
  return { ...request, product_specifics: { ...request.product_specifics, [STATED_REASON_MEMBER]: 'E02' } };
}

/**
 * The console's form and the bulk file: the request plus the consumer's user ID (the path parameter) and
 * whether staff say this is a move-in / new installation (sent inside product_specifics, see above).
 */
export const consumerMigrationFormSchema = z
  .object({
    user_id: pathIdSchema.min(1).meta({ example: 'K-100234' }),
    move_in_new_installation: z.boolean().optional(),
    ...migrationRequestFields,
  })
  // Staff see what a condition requires together with every other problem, not after fixing those: the
  // rules across fields run even when a field failed (zod skips them after a missing required field).
  .superRefine(refineMigration, { when: (payload) => isRecord(payload.value) })
  .transform((value) => foldStatedReason(normalizeMigration(value)));
export type ConsumerMigrationSubmission = z.infer<typeof consumerMigrationFormSchema>;

export const consumerMigrationRecordSchema = z
  .object({
    ...migrationRequestFields,
    user_id: z.string(),
    contract_relationships: z.array(
      contractRelationshipRequest.extend({ relationship_type: z.enum(RELATIONSHIP_TYPES) }),
    ),
    salutation: z.enum(SALUTATIONS).nullable(),
    subscription_reason: z.enum(SUBSCRIPTION_REASONS),
    contract_notice_period_unit: z.enum(NOTICE_PERIOD_UNITS).nullable(),
  })
  .meta({ id: 'ConsumerMigrationRecord' });
export type ConsumerMigrationRecord = z.infer<typeof consumerMigrationRecordSchema>;
