import { i18n } from '@lingui/core';
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { useState } from 'react';
import { formatIbanGroups } from '../../../contract/iban.ts';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { useNumberLocale } from '../../lib/number-locale.ts';
import { fieldsOfSection, MIGRATION_SECTIONS } from '../../../contract/consumer-migration-fields.ts';
import {
  fieldWords,
  noticeUnitWords,
  paymentMethodLabels,
  quantityWords,
  relationshipTypeWords,
  responseFieldLabels,
  salutationWords,
  sectionTitles,
  subscriptionReasonWords,
} from './migration-text.ts';
import { isJsonObject, type MigrationRecord } from './migration-record.ts';

const RESPONSE_ONLY = ['salutation', 'subscription_reason', 'contract_notice_period_unit'] as const;

function show(name: string, value: unknown, locale: string): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? t`Yes` : t`No`;
  if (typeof value === 'number') return quantityWords(name, value, locale);
  if (name === 'bank_data_iban') return formatIbanGroups(String(value));
  if (name === 'payment_method') return `${paymentMethodLabels()[String(value)] ?? ''} (${String(value)})`;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function explainResponseOnly(name: (typeof RESPONSE_ONLY)[number], value: unknown): string {
  if (name === 'salutation') return value ? String(value) : salutationWords().none;
  if (name === 'subscription_reason') return subscriptionReasonWords()[String(value)] ?? String(value);
  return value ? (noticeUnitWords()[String(value)] ?? String(value)) : t`None – no notice period was given`;
}

/** The migrated record as the platform returned it, in the form's sections, with its own fields explained. */
export function MigrationResult({ record, onAnother }: { record: MigrationRecord; onAnother: () => void }) {
  const [copied, setCopied] = useState(false);
  const locale = useNumberLocale();
  const userId = String(record.user_id ?? '');
  const relationships = Array.isArray(record.contract_relationships)
    ? record.contract_relationships.filter(isJsonObject)
    : [];
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

      <section className="card" aria-labelledby="derived-heading">
        <h2 id="derived-heading">{t`Set by the platform`}</h2>
        <dl className="record">
          {RESPONSE_ONLY.map((name) => (
            <div key={name}>
              <dt>{responseFieldLabels()[name]}</dt>
              <dd>{explainResponseOnly(name, record[name])}</dd>
            </div>
          ))}
        </dl>
      </section>

      {MIGRATION_SECTIONS.map((section) => {
        if (section === 'relationships') {
          return (
            <section className="card" key={section} aria-labelledby={`result-${section}`}>
              <h2 id={`result-${section}`}>{i18n._(sectionTitles[section])}</h2>
              {relationships.length === 0 ? (
                <p className="empty">{t`None.`}</p>
              ) : (
                <ScrollRegion label={i18n._(sectionTitles[section])}>
                  <table className="table">
                    <thead>
                      <tr>
                        <th scope="col">{t`Target contract ID`}</th>
                        <th scope="col">{t`Valid from`}</th>
                        <th scope="col">{t`Relationship type`}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {relationships.map((row, index) => (
                        <tr key={index}>
                          <td>{String(row.target_contract_id)}</td>
                          <td>{String(row.valid_from)}</td>
                          <td>
                            {relationshipTypeWords()[String(row.relationship_type)] ??
                              String(row.relationship_type)}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollRegion>
              )}
            </section>
          );
        }
        const present = fieldsOfSection(section).filter((name) => name in record && name !== 'user_id');
        if (present.length === 0) return null;
        return (
          <section className="card" key={section} aria-labelledby={`result-${section}`}>
            <h2 id={`result-${section}`}>{i18n._(sectionTitles[section])}</h2>
            <dl className="record">
              {present.map((name) => (
                <div key={name}>
                  <dt>{fieldWords(name)?.label ?? name}</dt>
                  <dd>
                    {isJsonObject(record[name]) ? (
                      // The platform's free-form object, as JSON: its member names are codes, not words.
                      <code>{JSON.stringify(record[name])}</code>
                    ) : (
                      show(name, record[name], locale)
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        );
      })}
      <button type="button" className="button" onClick={onAnother}>
        {t`Migrate another consumer`}
      </button>
    </div>
  );
}
