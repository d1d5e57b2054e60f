import type { FormSlots } from '../../lib/form-slots.ts';
import { ContractFields } from './contract-fields.tsx';
import { ContractIdField } from './contract-id-field.tsx';
import { MigrationDuplicates, TechnicalResourceDuplicates } from './duplicate-check.tsx';

/** What finding things adds to the write forms (the app provides it to their routes). */
export const FIND_FORM_SLOTS: FormSlots = {
  ContractFields,
  ContractIdField,
  MigrationDuplicates,
  TechnicalResourceDuplicates,
};
