import { useWatch, type FieldPath } from 'react-hook-form';
import type { MigrationFormValues } from './migration-form-values.ts';

/** The current value of one field of the migration form, typed by the form's values. */
export function useMigrationValue<Name extends FieldPath<MigrationFormValues>>(name: Name) {
  return useWatch<MigrationFormValues, Name>({ name });
}
