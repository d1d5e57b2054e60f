import { t } from '@lingui/core/macro';
import type { BulkCampaign } from '../../../contract/bulk.ts';

/** A campaign's status in the UI language (the English words are the codes the BFF sends). */
export function campaignStatusWord(status: BulkCampaign['status']): string {
  switch (status) {
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
