import { t } from '@lingui/core/macro';
import type { BulkCampaign } from '../../../contract/bulk.ts';

/** A campaign's status in the UI language (the English words are the codes the BFF sends). */
export function campaignStatusWord(status: BulkCampaign['status']): string {
  switch (status) {
    case 'awaiting_approval':
      return t`awaiting approval`;
    case 'running':
      return t`running`;
    case 'paused':
      return t`paused`;
    case 'cancelled':
      return t`cancelled`;
    case 'done':
      return t`done`;
  }
}

/** A row's status in the results (the English words are the pinned codes of the results CSV). */
export function resultStatusWord(status: string): string {
  switch (status) {
    case 'created':
      return t`created`;
    case 'skipped':
      return t`skipped`;
    case 'conflict':
      return t`conflict`;
    case 'refused':
      return t`refused`;
    case 'failed':
      return t`failed`;
    case 'unknown':
      return t`unknown`;
    case 'invalid':
      return t`invalid`;
    case 'duplicate':
      return t`identical to an earlier row`;
    case 'not_sent':
      return t`not sent`;
    default:
      return status;
  }
}
