/**
 * The path of every operation the console uses, by operation ID, as in the spec: the one place a path is
 * written. The operation table (`operations.ts`) takes its paths from here; callers build a concrete path
 * with {@link operationPath}. Kept apart from the table so a page can build a path without loading every
 * operation's schemas.
 */
export const OPERATION_PATHS = {
  validation_bank_data_iban_retrieve: '/v3/validation/bank_data_iban/',
  validation_market_location_retrieve: '/v3/validation/market_location/',
  validation_preferred_delivery_start_retrieve: '/v3/validation/preferred_delivery_start/',
  producers_contracts_feed_list: '/v3/producers/{userID}/contracts/{contractID}/feed/',
  producers_contracts_charges_and_credits_create:
    '/v3/producers/{userID}/contracts/{contractID}/charges_and_credits/',
  migrations_consumers_create: '/v3/migrations/consumers/{userID}/',
  master_data_changes_redispatch_technical_resources_create:
    '/v3/master_data/changes/redispatch/technical_resources/',
} as const;

export type PathOperationId = keyof typeof OPERATION_PATHS;

/** The `{name}`s of a path template, as a union of names. */
type ParameterNames<Path extends string> = Path extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParameterNames<Rest>
  : never;

export type OperationPathParams<Id extends PathOperationId> = Record<
  ParameterNames<(typeof OPERATION_PATHS)[Id]>,
  string
>;

/**
 * The operation's path with its parameters filled in, each percent-encoded:
 * `operationPath('migrations_consumers_create', { userID: 'K-1' })` → `/v3/migrations/consumers/K-1/`.
 */
export function operationPath<Id extends PathOperationId>(id: Id, params: OperationPathParams<Id>): string {
  const values: Record<string, string> = params;
  return OPERATION_PATHS[id].replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(values[name] ?? ''),
  );
}
