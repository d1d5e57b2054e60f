import { t } from '@lingui/core/macro';
import { Link } from '@tanstack/react-router';
import type { ConsoleRecord } from '../../../contract/records.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { OutcomeBadge } from './outcome-badge.tsx';
import { personName } from './record-text.ts';
import { sentText } from './technical-resource-fields.ts';

/** The technical resources registered for a contract through the console, each linked to its record. */
export function TechnicalResourcesTable({ records }: { records: readonly ConsoleRecord[] }) {
  return (
    <ScrollRegion label={t`Technical resources`}>
      <table className="table" data-testid="technical-resources">
        <thead>
          <tr>
            <th scope="col">{t`TR-ID`}</th>
            <th scope="col">{t`SR-ID`}</th>
            <th scope="col">{t`Market location for feed-in`}</th>
            <th scope="col">{t`Market location for supply`}</th>
            <th scope="col">{t`Outcome`}</th>
            <th scope="col">{t`Sent`}</th>
          </tr>
        </thead>
        <tbody>
          {records.map((record) => {
            const trId = record.technical_resource_id ?? sentText(record.sent, 'technical_resource_id');
            return (
              <tr key={record.id}>
                <td>
                  <Link to="/records/$id" params={{ id: record.id }}>
                    <code>{trId || record.id}</code>
                  </Link>
                </td>
                <td>
                  <code>{sentText(record.sent, 'control_resource')}</code>
                </td>
                <td>
                  <code>{sentText(record.sent, 'market_location_feed')}</code>
                </td>
                <td>
                  <code>{sentText(record.sent, 'market_location_supply')}</code>
                </td>
                <td>
                  <OutcomeBadge record={record} />
                </td>
                <td>
                  {formatDateTime(record.recorded_at)},{' '}
                  {personName(record.recorded_by, record.recorded_by_display_name)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
