import { z } from 'zod/mini';
import { marketLocationProblem, redispatchIdProblem } from '../market-location.ts';

export const SAME_MARKET_LOCATION =
  'The supply market location must differ from the feed-in one: feed-in and supply are two market locations.';

export const ACCOUNTING_MODELS = ['Z01', 'Z02', 'Z03'] as const;

/**
 * An identifier, read in upper case (issue 42: staff type `d1137355922` and mean the TR-ID; its letters are
 * upper case by definition), then checked.
 */
function checked(problem: (value: string) => string | null) {
  return z.string().check(
    z.minLength(1),
    z.maxLength(64),
    z.toUpperCase(),
    z.superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  );
}

/** Spec 2.3/4.6: all five request fields required, identifiers checked (docs/spec-decisions.md). */
export const technicalResourceRequestSchema = z
  .object({
    contract_id: z.string().check(z.minLength(1), z.maxLength(64)),
    control_resource: checked((value) => redispatchIdProblem(value, 'C')),
    technical_resource_id: checked((value) => redispatchIdProblem(value, 'D')),
    market_location_feed: checked(marketLocationProblem),
    market_location_supply: checked(marketLocationProblem),
  })
  .check(
    z.refine((request) => request.market_location_feed !== request.market_location_supply, {
      path: ['market_location_supply'],
      message: SAME_MARKET_LOCATION,
    }),
  )
  .clone()
  .register(z.globalRegistry, { id: 'TechnicalResourceRequest' });
export type TechnicalResourceRequest = z.infer<typeof technicalResourceRequestSchema>;

export const technicalResourceResponseSchema = z
  .object({
    control_resource: z.string(),
    technical_resource_id: z.string(),
    accounting_model: z.enum(ACCOUNTING_MODELS),
    market_location_feed: z.string(),
    market_location_supply: z.string(),
  })
  .clone()
  .register(z.globalRegistry, { id: 'TechnicalResource' });
export type TechnicalResourceResponse = z.infer<typeof technicalResourceResponseSchema>;
