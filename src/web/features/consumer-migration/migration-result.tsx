import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import type { MigrationRecord } from './migration-record.ts';
import { MigrationDerivedFields, MigrationRecordSections } from './migration-record-view.tsx';

/** The migrated record as the platform returned it, in the form's sections, with its own fields explained. */
export function MigrationResult({ record, onAnother }: { record: MigrationRecord; onAnother: () => void }) {
  const [copied, setCopied] = useState(false);
  const userId = String(record.user_id ?? '');
  return (
    <div className="page page--form">
      <h1>{t`Migrate a consumer`}</h1>
      <div className="success" role="status">
        <h2>{t`Consumer migrated`}</h2>
        <p>
          <Trans>
            The platform created the consumer with user ID{' '}
            <code data-testid="migrated-user-id">{userId}</code>
          </Trans>{' '}
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void navigator.clipboard?.writeText(userId).then(() => setCopied(true))}
          >
            {copied ? t`Copied` : t`Copy user ID`}
          </button>
        </p>
      </div>

      <MigrationDerivedFields record={record} />
      <MigrationRecordSections record={record} />
      <button type="button" className="button" onClick={onAnother}>
        {t`Migrate another consumer`}
      </button>
    </div>
  );
}
