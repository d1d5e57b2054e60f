import { z } from 'zod/mini';
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
const optionalText = (max = DEFAULT_MAX) => z.optional(text(max));
const germanZip = z
  .string()
  .check(z.regex(/^\d{5}$/, { message: 'Enter a valid German postcode (5 digits).' }));
// The message is for a malformed address only; a missing one is said by whoever reports it.
const emailAddress = z
  .email({ error: (issue) => (issue.code === 'invalid_format' ? 'Enter a valid email address.' : undefined) })
  .check(z.maxLength(DEFAULT_MAX));
const amount = z.optional(z.number().check(z.refine(Number.isFinite)));

const contractRelationshipRequest = z.object({
  target_contract_id: text(64).check(z.minLength(1)),
  valid_from: isoDateSchema,
});

/** Every field of spec 2.4 the caller sends. Lengths 10/5/16/13/32/64/50/255: see spec-decisions. */
const migrationRequestFields = {
  // Delivery address
  deliv_address_street: text(DEFAULT_MAX).check(z.minLength(1)),
  deliv_address_house_number: text(10).check(z.minLength(1)),
  deliv_address_zipcode: germanZip,
  deliv_address_city: text(DEFAULT_MAX).check(z.minLength(1)),
  deliv_address_addition: optionalText(),
  // Person
  title: z.optional(z.enum(TITLES)),
  first_name: text(50).check(z.minLength(1)),
  last_name: text(DEFAULT_MAX).check(z.minLength(1)),
  birthday: z.optional(isoDateSchema),
  email: emailAddress,
  accounting_email: z.optional(emailAddress),
  telephone: optionalText(16),
  username: optionalText(),
  is_business: z.optional(z.boolean()),
  is_small_business: z.optional(z.boolean()),
  company_name: optionalText(),
  tax_number: optionalText(13),
  // Billing address
  keep_bill_address: z.optional(z.boolean()),
  bill_address_street: optionalText(),
  bill_address_house_number: optionalText(10),
  bill_address_addition: optionalText(),
  bill_address_zipcode: optionalText(5),
  bill_address_city: optionalText(),
  // Supply
  tariff_type: optionalText(64),
  preferred_delivery_start: z.optional(isoDateSchema),
  meter_id: optionalText(64),
  meteringpoint_id: z.optional(
    z.string().check(
      z.superRefine((value, ctx) => {
        const message = marketLocationProblem(value);
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
    ),
  ),
  annual_consumption: z.optional(z.number().check(z.minimum(0))),
  consumption_before_battery_installation: z.optional(z.number().check(z.minimum(0))),
  free_amount: amount,
  is_htnt: z.optional(z.boolean()),
  has_intelligent_meter: z.optional(z.boolean()),
  order_smart_meter: z.optional(z.boolean()),
  order_smart_meter_provider_id: optionalText(64),
  order_date: z.optional(isoDateSchema),
  product_specifics: z.optional(z.record(z.string(), z.unknown())),
  // Payment
  payment_method: z.enum(PAYMENT_METHODS),
  masked_credit_card: optionalText(32),
  credit_card_validity_date: z.optional(isoDateSchema),
  sepa_reference: optionalText(64),
  sepa_date: z.optional(isoDateSchema),
  bank_data_first_name: optionalText(50),
  bank_data_last_name: optionalText(),
  bank_data_iban: optionalText(64),
  bank_data_bic: optionalText(11),
  // Former supplier
  previous_provider: optionalText(),
  former_supplier_first_name: optionalText(),
  former_supplier_last_name: optionalText(),
  former_supplier_contract_terminated: z.optional(z.boolean()),
  former_supplier_contract_termination_date: z.optional(isoDateSchema),
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
  perform_credit_check: z.optional(z.boolean()),
  // References of the caller's systems
  saas_customer_id: optionalText(64),
  saas_contract_id: optionalText(64),
  saas_customer_lead_id: optionalText(64),
  third_party_salespartner: optionalText(64),
  source: optionalText(64),
  contract_relationships: z.optional(z.array(contractRelationshipRequest).check(z.maxLength(50))),
};

type MigrationRequestShape = z.infer<z.ZodMiniObject<typeof migrationRequestFields>>;

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
function refineMigration(value: MigrationRequestShape, ctx: z.core.$RefinementCtx): void {
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
  .pipe(
    z.object(migrationRequestFields).check(z.superRefine(refineMigration)),
    z.transform(normalizeMigration),
  )
  .clone()
  .register(z.globalRegistry, { id: 'ConsumerMigrationRequest' });
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
export const consumerMigrationFormSchema = z.pipe(
  z
    .object({
      user_id: pathIdSchema.check(z.minLength(1)).clone().register(z.globalRegistry, { example: 'K-100234' }),
      move_in_new_installation: z.optional(z.boolean()),
      ...migrationRequestFields,
    })
    .check(z.superRefine(refineMigration, { when: (payload) => isRecord(payload.value) })),
  z.transform((value) => foldStatedReason(normalizeMigration(value))),
);
export type ConsumerMigrationSubmission = z.infer<typeof consumerMigrationFormSchema>;

export const consumerMigrationRecordSchema = z
  .object({
    ...migrationRequestFields,
    user_id: z.string(),
    contract_relationships: z.array(
      z.extend(contractRelationshipRequest, { relationship_type: z.enum(RELATIONSHIP_TYPES) }),
    ),
    salutation: z.nullable(z.enum(SALUTATIONS)),
    subscription_reason: z.enum(SUBSCRIPTION_REASONS),
    contract_notice_period_unit: z.nullable(z.enum(NOTICE_PERIOD_UNITS)),
  })
  .clone()
  .register(z.globalRegistry, { id: 'ConsumerMigrationRecord' });
export type ConsumerMigrationRecord = z.infer<typeof consumerMigrationRecordSchema>;
