import { Trans } from '@lingui/react/macro';
import { BookAnother } from './book-another.tsx';
import { plural, t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ChargeRecord } from '../../../contract/api/charges.ts';
import { BookedRecordsTable } from '../../components/booked-records-table.tsx';
import { signConvention } from '../../lib/charge-amount.ts';

/** What the platform booked: its `bonus_created` records, and a way to book the next one. */
export function ChargeResult({
  userId,
  contractId,
  records,
  locale,
  onAnother,
  extra,
}: {
  userId: string;
  contractId: string;
  records: ChargeRecord[];
  locale: string;
  onAnother: () => void;
  /** Said under the result (a reversal's way back to the contract's bookings). */
  extra?: ReactNode;
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
        <p>
          <Link
            to="/producers/$userID/contracts/$contractID"
            params={{ userID: userId, contractID: contractId }}
          >
            {t`All bookings of contract ${contractId}`}
          </Link>
        </p>
      </div>
      {extra}
      <p className="hint">{signConvention()}</p>
      <BookedRecordsTable records={records} locale={locale} />
      <BookAnother onAnother={onAnother} />
    </div>
  );
}
