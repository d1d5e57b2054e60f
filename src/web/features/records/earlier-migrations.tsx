import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ConsoleRecord } from '../../../contract/records.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { consumerName } from './consumer-facts.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { personName, sourceWord } from './record-text.ts';

/** The other migrations and attempts of the same user ID, newest first, each linked to its record. */
export function EarlierMigrations({ records }: { records: readonly ConsoleRecord[] }) {
  return (
    <section aria-labelledby="earlier-heading" className="records-section">
      <h2 id="earlier-heading">{t`Other migrations and attempts of this user ID`}</h2>
      <DataTable
        label={t`Other migrations and attempts of this user ID`}
        labelledBy="earlier-heading"
        testId="earlier-migrations"
        columns={[t`Sent`, t`By`, t`Name as sent`, t`How`, t`Outcome`]}
      >
        {records.map((record) => (
          <tr key={record.id}>
            <td>
              <Link to="/records/$id" params={{ id: record.id }}>
                {formatDateTime(record.recorded_at)}
              </Link>
            </td>
            <td>{personName(record.recorded_by, record.recorded_by_display_name)}</td>
            <td>{consumerName(record.sent) ?? '—'}</td>
            <td>{sourceWord(record.source)}</td>
            <td>
              <OutcomeBadge record={record} />
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
