import { t } from '@lingui/core/macro';
import { isRecord } from '../../../contract/is-record.ts';
import { perLanguage } from '../../i18n/per-language.ts';

/** A technical resource's fields (request and answer) as the registration form names them. */
const technicalResourceLabels = perLanguage((): Partial<Record<string, string>> => ({
  contract_id: t`Contract ID`,
  control_resource: t`Control resource (SR-ID)`,
  technical_resource_id: t`Technical resource ID (TR-ID)`,
  market_location_feed: t`Market location for feed-in`,
  market_location_supply: t`Market location for supply`,
  accounting_model: t`Accounting model`,
}));

export const technicalResourceFieldLabel = (name: string): string | undefined =>
  technicalResourceLabels()[name];

/** A field of what was sent, as text ('' when missing). */
export function sentText(sent: unknown, name: string): string {
  if (!isRecord(sent)) return '';
  const value = sent[name];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
