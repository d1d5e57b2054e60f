/**
 * The BFF's settings where nobody sets them: the defaults of config.ts's environment variables and the
 * fallbacks of `buildBffApp`'s options (tests and tools leave them out), one value each. The ones the
 * console's pages share live in the contract and are named here too, so both read them from one module.
 */
import {
  DEFAULT_APPROVAL_FROM_CENT,
  DEFAULT_APPROVAL_TTL_HOURS,
  DEFAULT_APPROVAL_WINDOW_HOURS,
} from '../contract/approvals.ts';
import { DEFAULT_CONFIRM_FROM_CENT } from '../contract/charge-plausibility.ts';
import { DEFAULT_RECORDS_RETENTION_DAYS } from '../contract/records.ts';

export {
  DEFAULT_APPROVAL_FROM_CENT,
  DEFAULT_APPROVAL_TTL_HOURS,
  DEFAULT_APPROVAL_WINDOW_HOURS,
  DEFAULT_CONFIRM_FROM_CENT,
  DEFAULT_RECORDS_RETENTION_DAYS,
};

/** `BFF_AUDIT_RETENTION_DAYS`'s default: a year of audit entries. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 365;
/** `BFF_BULK_CONCURRENCY`'s default: platform calls in flight for bulk campaigns, per process. */
export const DEFAULT_BULK_CONCURRENCY = 4;
/** `BFF_LOCAL_ACCOUNTS`'s default: staff may sign in with a local account. */
export const DEFAULT_LOCAL_ACCOUNTS = true;
/** `ENERGY_API_MAX_RESPONSE_BYTES`'s default: the largest upstream answer the BFF buffers (32 MiB). */
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/**
 * `buildBffApp`'s options with each one left out at its default (the one place it falls back); a `null`
 * approval amount stays: approvals are off.
 */
export function withOptionDefaults<T extends BffOptionsWithDefaults>(options: T) {
  return {
    ...options,
    localAccounts: options.localAccounts ?? DEFAULT_LOCAL_ACCOUNTS,
    approvalFromCent:
      options.approvalFromCent === undefined ? DEFAULT_APPROVAL_FROM_CENT : options.approvalFromCent,
    approvalTtlHours: options.approvalTtlHours ?? DEFAULT_APPROVAL_TTL_HOURS,
    approvalWindowHours: options.approvalWindowHours ?? DEFAULT_APPROVAL_WINDOW_HOURS,
    auditRetentionDays: options.auditRetentionDays ?? DEFAULT_AUDIT_RETENTION_DAYS,
    recordsRetentionDays: options.recordsRetentionDays ?? DEFAULT_RECORDS_RETENTION_DAYS,
    confirmFromCent: options.confirmFromCent ?? DEFAULT_CONFIRM_FROM_CENT,
    bulkConcurrency: options.bulkConcurrency ?? DEFAULT_BULK_CONCURRENCY,
  };
}

interface BffOptionsWithDefaults {
  localAccounts?: boolean;
  approvalFromCent?: number | null;
  approvalTtlHours?: number;
  approvalWindowHours?: number;
  auditRetentionDays?: number;
  recordsRetentionDays?: number;
  confirmFromCent?: number;
  bulkConcurrency?: number;
}
