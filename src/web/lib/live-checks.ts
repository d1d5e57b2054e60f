import { plural, t } from '@lingui/core/macro';
import { ibanLooksComplete } from '../../contract/iban.ts';
import { MARKET_LOCATION_LENGTH } from '../../contract/market-location.ts';
import { isIsoDate } from '../../contract/calendar-date.ts';
import type { LiveCheckOptions } from './live-check.ts';
import { operationPath } from '../../contract/api/operation-paths.ts';

/** The platform's three validation endpoints as live checks, shared by every page that checks while typing. */
export const IBAN_CHECK: LiveCheckOptions = {
  name: 'iban',
  precheck: (value) => (ibanLooksComplete(value) ? null : t`Keep typing: the IBAN is not complete yet.`),
  path: `/api${operationPath('validation_bank_data_iban_retrieve', {})}`,
  params: (value) => ({ iban: value.replace(/\s+/g, '') }),
};

export const MARKET_LOCATION_CHECK: LiveCheckOptions = {
  name: 'market-location',
  precheck: (value) =>
    /^\d+$/.test(value) && value.length < MARKET_LOCATION_LENGTH
      ? plural(MARKET_LOCATION_LENGTH - value.length, {
          one: 'Keep typing: # more digit.',
          other: 'Keep typing: # more digits.',
        })
      : null,
  path: `/api${operationPath('validation_market_location_retrieve', {})}`,
  params: (value) => ({ market_location_id: value }),
};

export interface DeliveryStartQuery {
  date: string;
  customerType: string;
  changeReason: string;
}

/** The check's value is `date|customerType|changeReason`, so a change of any of them asks again. */
export function deliveryStartKey(query: DeliveryStartQuery): string {
  return query.date ? `${query.date}|${query.customerType}|${query.changeReason}` : '';
}

export const DELIVERY_START_CHECK: LiveCheckOptions = {
  name: 'delivery-start',
  precheck: (key) => (isIsoDate(key.split('|')[0] ?? '') ? null : t`Enter a full date.`),
  path: `/api${operationPath('validation_preferred_delivery_start_retrieve', {})}`,
  params: (key) => {
    const [date = '', customerType = '', changeReason = ''] = key.split('|');
    return { preferred_delivery_start: date, customer_type: customerType, change_reason: changeReason };
  },
};
