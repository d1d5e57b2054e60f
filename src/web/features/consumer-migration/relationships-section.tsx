import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { useFieldArray } from 'react-hook-form';
import { TextInput } from '../../components/form/inputs.tsx';
import { EMPTY_RELATIONSHIP, type MigrationFormValues } from './migration-form-values.ts';
import { migrationFields } from './migration-text.ts';

/** Rows of target contract and start date; added and removed freely, sent in order. */
export const RelationshipsSection = memo(function RelationshipsSection() {
  const { fields, append, remove } = useFieldArray<MigrationFormValues, 'contract_relationships'>({
    name: 'contract_relationships',
  });
  return (
    <>
      <p className="hint section-hint">
        {t`Contracts this consumer’s contract relates to, e.g. one that pays for it.`}
      </p>
      {fields.length === 0 && <p className="empty">{t`No relationships.`}</p>}
      <ol className="rows">
        {fields.map((row, index) => (
          <li key={row.id} className="row">
            <span className="row__number" aria-hidden="true">
              {index + 1}.
            </span>
            <TextInput
              name={`contract_relationships.${index}.target_contract_id`}
              label={migrationFields()['contract_relationships.*.target_contract_id'].label}
              autoComplete="off"
            />
            <TextInput
              name={`contract_relationships.${index}.valid_from`}
              label={migrationFields()['contract_relationships.*.valid_from'].label}
              type="date"
            />
            <button
              type="button"
              className="button button--secondary row__remove"
              onClick={() => remove(index)}
              aria-label={t`Remove relationship ${index + 1}`}
            >
              {t`Remove`}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => append({ ...EMPTY_RELATIONSHIP })}
      >
        {t`Add a relationship`}
      </button>
    </>
  );
});
