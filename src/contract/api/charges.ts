import { z } from 'zod/mini';
import { MAX_AMOUNT_CENT } from '../euro-amount.ts';
import { boundedString, isoDateSchema, pathIdSchema } from './common.ts';

export { MAX_AMOUNT_CENT } from '../euro-amount.ts';

export const EXECUTION_CYCLE_REQUIRED = 'This field is required when no_of_executions is greater than 1.';
/** Recurring items beyond 50 years of monthly executions are certainly typing errors. */
export const MAX_EXECUTIONS = 600;

/** A credit (money to the customer) or a charge. */
export const transactionTypeSchema = z.enum(['credit', 'charge']);

const chargeFields = {
  type_of_transaction: transactionTypeSchema,
  amount_cent: z.int().check(z.minimum(0), z.maximum(MAX_AMOUNT_CENT)),
  is_gross: z.boolean(),
  vat_type: z.enum(['normal', 'reduced']),
  due_date: isoDateSchema,
  input_id: boundedString(128).check(z.minLength(1)),
  category: boundedString(40),
  display_name: boundedString(128).check(z.minLength(1)),
  explanation_text: boundedString(2000),
  bookkeeping_account: boundedString(128),
};

const chargeRequestFields = {
  ...chargeFields,
  category: z.optional(chargeFields.category),
  explanation_text: z.optional(chargeFields.explanation_text),
  bookkeeping_account: z.optional(chargeFields.bookkeeping_account),
  no_of_executions: z.optional(z.int().check(z.minimum(1), z.maximum(MAX_EXECUTIONS))),
  execution_cycle: z.optional(z.enum(['month', 'year'])),
};

/**
 * Spec 4.7 rule 1: a recurring item (more than one execution) needs its cycle. The schemas refine with
 * it, and the console's preview and reminder ask it while staff type.
 */
export function needsExecutionCycle(value: {
  no_of_executions?: number | undefined;
  execution_cycle?: unknown;
}): boolean {
  return (value.no_of_executions ?? 1) > 1 && value.execution_cycle === undefined;
}

function refineCharge(
  value: { no_of_executions?: number | undefined; execution_cycle?: string | undefined },
  ctx: z.core.$RefinementCtx,
): void {
  if (needsExecutionCycle(value)) {
    ctx.addIssue({ code: 'custom', path: ['execution_cycle'], message: EXECUTION_CYCLE_REQUIRED });
  }
}

/** Spec 2.2. Required: see docs/spec-decisions.md. */
export const chargeRequestSchema = z
  .object(chargeRequestFields)
  .check(z.superRefine(refineCharge))
  .clone()
  .register(z.globalRegistry, { id: 'ChargeOrCreditRequest' });
export type ChargeRequest = z.infer<typeof chargeRequestSchema>;
export type ChargeRequestInput = z.input<typeof chargeRequestSchema>;

/** The console's form and the bulk file: the request plus the contract it is booked on (the path). */
export const chargeFormSchema = z
  .object({ user_id: pathIdSchema, contract_id: pathIdSchema, ...chargeRequestFields })
  .check(z.superRefine(refineCharge));
export type ChargeSubmission = z.infer<typeof chargeFormSchema>;

export const chargeRecordSchema = z
  .object({
    ...chargeFields,
    category: z.string(),
    explanation_text: z.string(),
    bookkeeping_account: z.string(),
    internal_id: z.string(),
    contract_id: z.string(),
    salespartner: z.string(),
  })
  .clone()
  .register(z.globalRegistry, { id: 'ChargeOrCreditRecord' });
export type ChargeRecord = z.infer<typeof chargeRecordSchema>;

export const chargeResponseSchema = z
  .object({
    contract_id: z.string(),
    bonus_created: z.array(z.record(z.string(), chargeRecordSchema)),
  })
  .clone()
  .register(z.globalRegistry, { id: 'ChargesAndCreditsCreated' });
export type ChargeResponse = z.infer<typeof chargeResponseSchema>;
