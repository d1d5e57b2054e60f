import { Trans } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';
import type { ChargeRecord } from '../../../contract/api/charges.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatChargeAmount, signConvention, transactionTypeWord } from '../../lib/charge-amount.ts';
import { vatTypeWord } from './charge-text.ts';

/**
 * The `bonus_created` records as the platform returned them, its codes in words (credit, charge, the VAT
 * type) and amounts signed as on the form; the due date and the money first, so a phone shows them.
 */
export function ChargeResult({
  contractId,
  records,
  locale,
  onAnother,
}: {
  contractId: string;
  records: ChargeRecord[];
  locale: string;
  onAnother: () => void;
}) {
  const first = records[0];
  const inputId = first?.input_id;
  // Named outside <Trans>: inside it, extraction would describe the placeholder with this whole file.
  const created = plural(records.length, { one: '# record', other: '# records' });
  return (
    <div className="page page--wide">
      <h1>{t`Book charges and credits`}</h1>
      <div className="success" role="status">
        <h2>{first?.type_of_transaction === 'charge' ? t`Charge booked` : t`Credit booked`}</h2>
        <p>
          <Trans>
            The platform created {created} on contract <code>{contractId}</code> with input ID{' '}
            <code>{inputId}</code>.
          </Trans>
        </p>
      </div>
      <p className="hint">{signConvention()}</p>
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
                <td>{record.due_date}</td>
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
      <p>
        <button type="button" className="button" onClick={onAnother}>
          {t`Book another`}
        </button>
      </p>
    </div>
  );
}
