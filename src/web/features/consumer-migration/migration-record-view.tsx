import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { formatIbanGroups } from '../../../contract/iban.ts';
import {
  fieldsOfSection,
  MIGRATION_SECTIONS,
  type MigrationSection,
} from '../../../contract/consumer-migration-fields.ts';
import { DataTable } from '../../components/data-table.tsx';
import { formatDate, isIsoDay } from '../../lib/format.ts';
import { useNumberLocale } from '../../lib/number-locale.ts';
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
  // A viewer's masked IBAN ("DE89 •••• 3000") groups the same way.
  if (name === 'bank_data_iban') return formatIbanGroups(String(value));
  if (name === 'payment_method') return `${paymentMethodLabels()[String(value)] ?? ''} (${String(value)})`;
  if (typeof value === 'object') return JSON.stringify(value);
  // A birthday, an order or start date as people read it (a viewer's masked birthday, a year, stays as it is).
  if (isIsoDay(value)) return formatDate(value);
  return String(value);
}

function explainResponseOnly(name: (typeof RESPONSE_ONLY)[number], value: unknown): string {
  if (name === 'salutation') return value ? String(value) : salutationWords().none;
  if (name === 'subscription_reason') return subscriptionReasonWords()[String(value)] ?? String(value);
  return value ? (noticeUnitWords()[String(value)] ?? String(value)) : t`None – no notice period was given`;
}

/** The fields the platform sets itself (spec 2.4: response only), explained. */
export function MigrationDerivedFields({ record, idPrefix = 'result' }: MigrationViewProps) {
  return (
    <section className="card" aria-labelledby={`${idPrefix}-derived-heading`}>
      <h2 id={`${idPrefix}-derived-heading`}>{t`Set by the platform`}</h2>
      <dl className="record">
        {RESPONSE_ONLY.map((name) => (
          <div key={name}>
            <dt>{responseFieldLabels()[name]}</dt>
            <dd>{explainResponseOnly(name, record[name])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface MigrationViewProps {
  /** A migration's fields: the request as sent, or the platform's record. */
  record: MigrationRecord;
  /** Said under a section's title (e.g. that its bank data is masked for the reader). */
  notes?: Partial<Record<MigrationSection, ReactNode>>;
  /** Prefix of the sections' heading ids: unique on the page. */
  idPrefix?: string;
}

/**
 * A migration's fields in the form's sections, labelled in words with units (never the API's keys): the
 * platform's record after migrating, and what the console sent as its records show it. A section without
 * any of its fields is left out; the relationships always show (as "None." when empty).
 */
export function MigrationRecordSections({ record, notes = {}, idPrefix = 'result' }: MigrationViewProps) {
  const locale = useNumberLocale();
  const relationships = Array.isArray(record.contract_relationships)
    ? record.contract_relationships.filter(isJsonObject)
    : [];
  return MIGRATION_SECTIONS.map((section) => {
    const headingId = `${idPrefix}-${section}`;
    const title = i18n._(sectionTitles[section]);
    const note = notes[section];
    if (section === 'relationships') {
      return (
        <section className="card" key={section} aria-labelledby={headingId}>
          <h2 id={headingId}>{title}</h2>
          {note}
          {relationships.length === 0 ? (
            <p className="empty">{t`None.`}</p>
          ) : (
            <DataTable
              label={title}
              labelledBy={headingId}
              columns={[t`Target contract ID`, t`Valid from`, t`Relationship type`]}
            >
              {relationships.map((row, index) => (
                <tr key={index}>
                  <td>{String(row.target_contract_id)}</td>
                  <td>{isIsoDay(row.valid_from) ? formatDate(row.valid_from) : String(row.valid_from)}</td>
                  <td>
                    {relationshipTypeWords()[String(row.relationship_type)] ??
                      String(row.relationship_type ?? '—')}
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </section>
      );
    }
    const present = fieldsOfSection(section).filter((name) => name in record && name !== 'user_id');
    if (present.length === 0) return null;
    return (
      <section className="card" key={section} aria-labelledby={headingId} data-section={section}>
        <h2 id={headingId}>{title}</h2>
        {note}
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
  });
}

/** A migration field's label in the UI language (a row field's by its words key), or undefined. */
export const migrationFieldLabel = (name: string): string | undefined => fieldWords(name)?.label;
