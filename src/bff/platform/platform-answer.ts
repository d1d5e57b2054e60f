import { isDuplicateAnswer } from '../../contract/api/duplicate-answer.ts';
import type { BulkKind } from '../../contract/bulk.ts';
import type { PlatformAnswer } from './platform-client.ts';

/** The platform's message for staff: its `detail`, or its field errors as `field: message`. */
export function platformMessage(body: unknown): string {
  if (body && typeof body === 'object') {
    if ('detail' in body && typeof body.detail === 'string') return body.detail;
    const fields = Object.entries(body).flatMap(([field, messages]) =>
      Array.isArray(messages) ? messages.map((message) => `${field}: ${String(message)}`) : [],
    );
    if (fields.length) return fields.join('; ');
  }
  return typeof body === 'string' && body ? body.slice(0, 500) : 'No explanation given.';
}

/**
 * A refusal that means "this was done already": a charge whose `input_id` exists on the contract, a
 * consumer already migrated. After a crash or a lost answer, the row's earlier attempt did the work.
 */
export function isAlreadyDone(kind: BulkKind, answer: PlatformAnswer): boolean {
  return isDuplicateAnswer(kind === 'charges' ? 'charge' : 'consumer_migration', answer.status, answer.body);
}
