import { Trans } from '@lingui/react/macro';
import { plural, t } from '@lingui/core/macro';
import { formatCents } from '../../../contract/euro-amount.ts';
import type { ChargeRecord } from '../../../contract/api/charges.ts';

/** The `bonus_created` records exactly as the platform returned them. */
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
  return (
    <div className="page page--wide">
      <h1>{t`Book charges and credits`}</h1>
      <div className="success" role="status">
        <h2>{first?.type_of_transaction === 'charge' ? t`Charge booked` : t`Credit booked`}</h2>
        <p>
          <Trans>
            The platform created {plural(records.length, { one: '# record', other: '# records' })} on contract{' '}
            <code>{contractId}</code> with input ID <code>{inputId}</code>.
          </Trans>
        </p>
      </div>
      <div className="table-scroll">
        <table className="table" data-testid="booked-records">
          <thead>
            <tr>
              <th scope="col">{t`Internal ID`}</th>
              <th scope="col">{t`Due date`}</th>
              <th scope="col">{t`Type`}</th>
              <th scope="col" className="numeric">
                {t`Amount`}
              </th>
              <th scope="col">{t`Gross/net`}</th>
              <th scope="col">{t`VAT`}</th>
              <th scope="col">{t`Display name`}</th>
              <th scope="col">{t`Category`}</th>
              <th scope="col">{t`Salespartner`}</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.internal_id}>
                <td>{record.internal_id}</td>
                <td>{record.due_date}</td>
                <td>{record.type_of_transaction}</td>
                <td className="numeric">{formatCents(record.amount_cent, locale)}</td>
                <td>{record.is_gross ? t`gross` : t`net`}</td>
                <td>{record.vat_type}</td>
                <td>{record.display_name}</td>
                <td>{record.category}</td>
                <td>{record.salespartner}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>
        <button type="button" className="button" onClick={onAnother}>
          {t`Book another`}
        </button>
      </p>
    </div>
  );
}
