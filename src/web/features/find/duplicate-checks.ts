import type { ConsumerMigrationSubmission } from '../../../contract/api/consumer-migration.ts';
import type { TechnicalResourceRequest } from '../../../contract/api/technical-resources.ts';
import type { DuplicateCheck } from '../../../contract/records.ts';

/** A field's text as compared: trimmed, and left out when empty. */
const text = (value: string | null | undefined): string | undefined => value?.trim() || undefined;

/** What the duplicate check compares of a migration: the market location, the name and the delivery address. */
export function migrationCheck(submission: ConsumerMigrationSubmission): DuplicateCheck {
  return {
    operation: 'consumer_migration',
    user_id: submission.user_id,
    meteringpoint_id: text(submission.meteringpoint_id),
    first_name: text(submission.first_name),
    last_name: text(submission.last_name),
    company_name: text(submission.company_name),
    deliv_address_zipcode: text(submission.deliv_address_zipcode),
    deliv_address_street: text(submission.deliv_address_street),
    deliv_address_house_number: text(submission.deliv_address_house_number),
  };
}

/** What the duplicate check compares of a technical resource: its TR-ID. */
export const technicalResourceCheck = (request: TechnicalResourceRequest): DuplicateCheck => ({
  operation: 'technical_resource',
  technical_resource_id: request.technical_resource_id,
});

/**
 * Which warning a submission's second click acknowledges: the checked fields as a key, so a change to
 * any of them checks again instead of sending under a warning about something else.
 */
export const checkKey = (check: DuplicateCheck): string => JSON.stringify(check);
