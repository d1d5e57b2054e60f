import { t } from '@lingui/core/macro';
import { memo } from 'react';
import { fieldId } from '../../components/form/field-error.ts';
import { TextArea } from '../../components/form/inputs.tsx';
import { diagnoseJsonObject } from '../../lib/json-diagnosis.ts';
import { field } from './migration-text.ts';
import { useMigrationValue } from './use-migration-value.ts';

/** A JSON object editor that says where the text stops being valid JSON. */
export const ProductSpecificsSection = memo(function ProductSpecificsSection() {
  const text = useMigrationValue('product_specifics');
  const diagnosis = diagnoseJsonObject(text);
  const tone = diagnosis.status === 'invalid' ? 'invalid' : diagnosis.status === 'valid' ? 'valid' : 'quiet';
  return (
    <TextArea
      {...field('product_specifics')}
      rows={6}
      describedBy={`${fieldId('product_specifics')}-status`}
      below={
        <p
          id={`${fieldId('product_specifics')}-status`}
          className={`field-status field-status--${tone}`}
          role="status"
          aria-live="polite"
        >
          {diagnosis.status === 'valid' && `✓ ${t`Valid JSON object`}`}
          {diagnosis.status === 'invalid' && `✗ ${diagnosis.message}`}
        </p>
      }
    />
  );
});
