import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { TITLES } from '../../../contract/api/consumer-migration.ts';
import { CheckboxInput, SelectInput, TextInput } from '../../components/form/inputs.tsx';
import { field } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

/** The titles stay as the platform spells them (Dr., Prof.); "no title" is said in the UI language. */
const titleOptions = () =>
  TITLES.map((title) => ({ value: title, label: title === '' ? t`(no title)` : title }));

export const ConsumerSection = memo(function ConsumerSection() {
  const isBusiness = useMigrationValue('is_business');
  return (
    <>
      <TextInput {...field('user_id')} autoComplete="off" spellCheck={false} />
      <div className="field-row">
        <SelectInput {...field('title')} options={titleOptions()} />
        <TextInput {...field('first_name')} autoComplete="off" />
        <TextInput {...field('last_name')} autoComplete="off" />
      </div>
      <TextInput {...field('birthday')} type="date" />
      <CheckboxInput {...field('is_business')} />
      {isBusiness && (
        <div className="conditional">
          <TextInput {...field('company_name')} autoComplete="off" />
          <TextInput {...field('tax_number')} autoComplete="off" />
          <CheckboxInput {...field('is_small_business')} />
        </div>
      )}
    </>
  );
});
