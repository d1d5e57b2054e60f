import type { AuditFilter } from '../../../../contract/bff-api.ts';

/** Query keys of the admin pages: one invalidation of `users` refreshes every page listing accounts. */
export const adminKeys = {
  users: ['bff', 'users'] as const,
  audit: ['bff', 'audit'] as const,
  auditPage: (filter: AuditFilter, page: number) => [...adminKeys.audit, filter, page] as const,
};
