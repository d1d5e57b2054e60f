import { isRecord } from '../is-record.ts';

/** The platform's writes that carry their own idempotency key (spec: `input_id`, the user ID, the TR-ID). */
export type IdempotentWrite = 'charge' | 'consumer_migration' | 'technical_resource';

/**
 * Whether the platform's refusal says the write's key exists already — the same write sent again after
 * its answer was lost is refused this way, which confirms the first one was stored: a charge whose
 * `input_id` exists on the contract, a consumer already migrated, a technical resource whose ID is taken.
 * The one place this rule lives: the forms' "check and retry safely" and the bulk runner use it.
 */
export function isDuplicateAnswer(write: IdempotentWrite, status: number, body: unknown): boolean {
  if (status !== 400 && status !== 409) return false;
  if (!isRecord(body)) return false;
  switch (write) {
    case 'charge':
      // Only "exists": the same field also carries format refusals (a NUL, a length), which booked nothing.
      return (
        Object.keys(body).length === 1 &&
        Array.isArray(body.input_id) &&
        body.input_id.some((message) => /already exists/i.test(String(message)))
      );
    case 'consumer_migration':
      return typeof body.detail === 'string' && /already/i.test(body.detail);
    case 'technical_resource':
      return (
        Array.isArray(body.technical_resource_id) &&
        body.technical_resource_id.some((message) => /already exists/i.test(String(message)))
      );
  }
}
