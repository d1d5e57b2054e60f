import { useMutation } from '@tanstack/react-query';
import type { ConsumerMigrationSubmission } from '../../../../contract/api/consumer-migration.ts';
import { request, type ApiAnswer } from '../../../lib/api-client.ts';
import { operationPath } from '../../../../contract/api/operation-paths.ts';

export interface MigrationWrite {
  submission: ConsumerMigrationSubmission;
  /** Extra headers: a migration sent despite a duplicate warning says so (X-Duplicate-Acknowledged). */
  headers?: Record<string, string>;
}

/** POST /v3/migrations/consumers/{userID}/ through the BFF; the answer is the caller's to read. */
export function migrateConsumer({ submission, headers }: MigrationWrite): Promise<ApiAnswer<unknown>> {
  const { user_id: userId, ...body } = submission;
  return request('post', `/api${operationPath('migrations_consumers_create', { userID: userId })}`, {
    json: body,
    ...(headers ? { headers } : {}),
  });
}

export const useMigrateConsumer = () => useMutation({ mutationFn: migrateConsumer });
