import { APPROVAL_STATUSES, type ApprovalStatus } from '../../../contract/approvals.ts';
import type { ApprovalsSearch } from './approvals-search.ts';

/** `all`: every status; the other values are the API's statuses. */
export const APPROVAL_FILTERS = [
  'pending',
  'all',
  ...APPROVAL_STATUSES.filter((s) => s !== 'pending'),
] as const;
export type ApprovalFilter = ApprovalStatus | 'all';

const isFilter = (value: string | undefined): value is ApprovalFilter =>
  APPROVAL_FILTERS.some((filter) => filter === value);

/** The filter the URL asks for: pending when it names none or an unknown one. */
export const filterOf = (search: ApprovalsSearch): ApprovalFilter =>
  isFilter(search.status) ? search.status : 'pending';

/** The API's status filter for the URL's: undefined lists every status. */
export const statusFilterOf = (search: ApprovalsSearch): ApprovalStatus | undefined => {
  const filter = filterOf(search);
  return filter === 'all' ? undefined : filter;
};
