import { plural, t } from '@lingui/core/macro';
import type { Approval, ApprovalStatus } from '../../../contract/approvals.ts';
import { formatCents } from '../../../contract/euro-amount.ts';
import { formatNumber } from '../../lib/format.ts';

/** A request's status in the UI language (the English codes stay in the API and the URL). */
export function approvalStatusWord(approval: Pick<Approval, 'status' | 'outcome'>): string {
  switch (approval.status) {
    case 'pending':
      return t`waiting for approval`;
    case 'sending':
      return t`approved, being sent`;
    case 'approved':
      return approval.outcome === 'booked'
        ? t`approved and booked`
        : approval.outcome === 'refused'
          ? t`approved, refused by the platform`
          : t`approved`;
    case 'unknown':
      return t`approved, answer lost`;
    case 'rejected':
      return t`rejected`;
    case 'withdrawn':
      return t`withdrawn`;
    case 'expired':
      return t`expired`;
  }
}

/** The statuses as the list's filter offers them (the filter's own words: one status each). */
export function statusFilterWord(status: ApprovalStatus): string {
  switch (status) {
    case 'pending':
      return t`Waiting for approval`;
    case 'sending':
      return t`Being sent`;
    case 'approved':
      return t`Approved`;
    case 'unknown':
      return t`Answer lost`;
    case 'rejected':
      return t`Rejected`;
    case 'withdrawn':
      return t`Withdrawn`;
    case 'expired':
      return t`Expired`;
  }
}

/**
 * What a request would book, in one line: a charge or credit of an amount on a contract, or a bulk file. The word
 * says which; the amount is unsigned (issue 42: "a credit of minus 1,500 €" said it twice, and wrongly — the sign
 * convention is for amount columns and totals).
 */
export function approvalSubject(approval: Approval, locale: string): string {
  if (approval.campaign) {
    const file = approval.campaign.file_name;
    const rows = formatNumber(approval.campaign.rows);
    return plural(approval.campaign.rows, {
      one: `Bulk file ${file}, ${rows} row`,
      other: `Bulk file ${file}, ${rows} rows`,
    });
  }
  const type = approval.type_of_transaction ?? 'charge';
  const amount = formatCents(approval.total_gross_cent, locale);
  const contract = `${approval.user_id}/${approval.contract_id ?? ''}`;
  return type === 'credit' ? t`Credit of ${amount} on ${contract}` : t`Charge of ${amount} on ${contract}`;
}

/** Who asked or decided: the provider's name for SSO staff, else the username. */
export const personName = (username: string, displayName: string | null) => displayName ?? username;
