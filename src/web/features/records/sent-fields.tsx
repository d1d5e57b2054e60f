import { t } from '@lingui/core/macro';
import { isRecord } from '../../../contract/is-record.ts';
import { formatDate, isIsoDay } from '../../lib/format.ts';

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  if (typeof value === 'object') return JSON.stringify(value);
  // A birthday or due date as people read it, not as the API writes it.
  if (isIsoDay(value)) return formatDate(value);
  return String(value);
}

/**
 * A body as sent (or answered) where no view of its own exists: each field with its label where one is
 * known, else its API name as code; anything that is no JSON object as it came.
 */
export function SentFields({
  body,
  labelOf = () => undefined,
}: {
  body: unknown;
  labelOf?: (name: string) => string | undefined;
}) {
  if (!isRecord(body))
    return body === null || body === undefined ? (
      <p className="empty">{t`Nothing was kept.`}</p>
    ) : (
      <pre className="request-text" tabIndex={0}>
        <code>{typeof body === 'string' ? body : JSON.stringify(body, null, 2)}</code>
      </pre>
    );
  const entries = Object.entries(body);
  if (entries.length === 0) return <p className="empty">{t`No fields.`}</p>;
  return (
    <dl className="record sent-fields">
      {entries.map(([name, value]) => {
        const label = labelOf(name);
        return (
          <div key={name}>
            <dt>{label ?? <code>{name}</code>}</dt>
            <dd>{shown(value)}</dd>
          </div>
        );
      })}
    </dl>
  );
}
