/**
 * The BFF's settings where nobody sets them: the defaults of config.ts's environment variables and the
 * fallbacks of `buildBffApp`'s options (tests and tools leave them out), one value each. The ones the
 * console's pages share live in the contract and are named here too, so both read them from one module.
 */
export {
  DEFAULT_APPROVAL_FROM_CENT,
  DEFAULT_APPROVAL_TTL_HOURS,
  DEFAULT_APPROVAL_WINDOW_HOURS,
} from '../contract/approvals.ts';
export { DEFAULT_CONFIRM_FROM_CENT } from '../contract/charge-plausibility.ts';
export { DEFAULT_RECORDS_RETENTION_DAYS } from '../contract/records.ts';

/** `BFF_AUDIT_RETENTION_DAYS`'s default: a year of audit entries. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
/** `BFF_BULK_CONCURRENCY`'s default: platform calls in flight for bulk campaigns, per process. */
export const DEFAULT_BULK_CONCURRENCY = 4;
/** `BFF_LOCAL_ACCOUNTS`'s default: staff may sign in with a local account. */
export const DEFAULT_LOCAL_ACCOUNTS = true;
/** `ENERGY_API_MAX_RESPONSE_BYTES`'s default: the largest upstream answer the BFF buffers (32 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
