import { createContext, useContext, type ComponentType } from 'react';
import type { ConsumerMigrationSubmission } from '../../contract/api/consumer-migration.ts';
import type { TechnicalResourceRequest } from '../../contract/api/technical-resources.ts';
import type { SendGates } from './send-gates.ts';

/** A producer contract as the write forms name it (the path parameters). */
export interface ContractPair {
  user_id: string;
  contract_id: string;
}

export interface ContractFieldsProps {
  /** The form's gates: an unknown pair is confirmed deliberately before sending (charges). */
  gates?: SendGates<ContractPair>;
}

export interface ContractIdFieldProps {
  label: string;
  hint: string;
}

export interface DuplicateCheckProps<T> {
  gates: SendGates<T>;
}

/**
 * Parts of the write forms that another feature supplies (the records: suggestions, warnings before
 * sending). Features never import each other, so the app composes them: a route provides these, and a
 * form without them (a unit test, a page outside those routes) shows its plain fields.
 */
export interface FormSlots {
  /** The user ID and contract ID fields (`user_id`, `contract_id`) of a form inside its FormProvider. */
  ContractFields?: ComponentType<ContractFieldsProps>;
  /** A lone contract ID field (`contract_id`), for forms that have no user ID. */
  ContractIdField?: ComponentType<ContractIdFieldProps>;
  /** Before a migration is sent: the consumers the console migrated before that it repeats. */
  MigrationDuplicates?: ComponentType<DuplicateCheckProps<ConsumerMigrationSubmission>>;
  /** Before a technical resource is sent: the same TR-ID registered before. */
  TechnicalResourceDuplicates?: ComponentType<DuplicateCheckProps<TechnicalResourceRequest>>;
}

export const FormSlotsContext = createContext<FormSlots>({});

export const useFormSlots = (): FormSlots => useContext(FormSlotsContext);
