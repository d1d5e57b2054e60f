import { t } from '@lingui/core/macro';
import type { ChargeRecord } from '../../contract/api/charges.ts';
import { formatChargeAmount, transactionTypeWord, vatTypeWord } from '../lib/charge-amount.ts';
import { formatDate } from '../lib/format.ts';
import { ScrollRegion } from './scroll-region.tsx';

/**
 * The `bonus_created` records as the platform returned them (after the charges form's booking, or an
 * approved booking), its codes in words (credit, charge, the VAT type) and amounts signed as on the form;
 * the due date and the money first, so a phone shows them.
 */
export function BookedRecordsTable({
  records,
  locale,
}: {
  records: readonly ChargeRecord[];
  locale: string;
}) {
  return (
    <ScrollRegion label={t`Booked records`} className="booked-records-scroll">
      <table className="table booked-records" data-testid="booked-records">
        <thead>
          <tr>
            <th scope="col">{t`Due date`}</th>
            <th scope="col">{t`Type`}</th>
            <th scope="col" className="numeric">
              {t`Amount`}
            </th>
            <th scope="col">{t`Gross/net`}</th>
            <th scope="col">{t`VAT`}</th>
            <th scope="col">{t`Internal ID`}</th>
            <th scope="col">{t`Display name`}</th>
            <th scope="col">{t`Category`}</th>
            <th scope="col">{t`Salespartner`}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr key={record.internal_id}>
              <td>{formatDate(record.due_date)}</td>
              <td>{transactionTypeWord(record.type_of_transaction)}</td>
              <td className="numeric">
                {formatChargeAmount(record.amount_cent, record.type_of_transaction, locale)}
              </td>
              <td>{record.is_gross ? t`gross` : t`net`}</td>
              <td>{vatTypeWord(record.vat_type)}</td>
              <td>{record.internal_id}</td>
              <td>{record.display_name}</td>
              <td>{record.category}</td>
              <td>{record.salespartner}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
