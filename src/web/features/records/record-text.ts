import { t } from '@lingui/core/macro';
import type {
  ConsoleRecord,
  RecordOperation,
  RecordOutcome,
  RecordSource,
} from '../../../contract/records.ts';
import { isDuplicateAnswer, type IdempotentWrite } from '../../../contract/api/duplicate-answer.ts';

/** Staff as the pages name them: the identity provider's display name, else the username. */
export const personName = (username: string, displayName: string | null) => displayName ?? username;

/** What kind of write a record is, in words. */
export function operationWord(operation: RecordOperation): string {
  switch (operation) {
    case 'consumer_migration':
      return t`Consumer migration`;
    case 'charges':
      return t`Charge or credit`;
    case 'technical_resource':
      return t`Technical resource registration`;
  }
}

/** How the write was sent, in words. */
export function sourceWord(source: RecordSource): string {
  switch (source) {
    case 'single':
      return t`Sent on its own`;
    case 'bulk':
      return t`Row of a bulk campaign`;
    case 'approval':
      return t`Approved request (four eyes)`;
  }
}

/**
 * What the platform made of a write, in words that say what it means for the money or the consumer:
 * created (with the operation's verb), refused (nothing stored), or unknown (no answer or a 5xx: may be stored).
 */
/**
 * How a record's outcome is shown: a refusal that says the write's key exists already is a repeat (issue 42:
 * the same migration sent again, or a retry after a lost answer, read as a red failed booking) — the platform
 * keeps what it had, nothing new was stored and nothing failed.
 */
export type ShownOutcome = RecordOutcome | 'repeat';

const IDEMPOTENT_WRITES: Record<RecordOperation, IdempotentWrite> = {
  charges: 'charge',
  consumer_migration: 'consumer_migration',
  technical_resource: 'technical_resource',
};

export function shownOutcome(
  record: Pick<ConsoleRecord, 'outcome' | 'operation'> &
    Partial<Pick<ConsoleRecord, 'upstream_status' | 'upstream_body'>>,
): ShownOutcome {
  if (record.outcome !== 'refused' || record.upstream_status == null) return record.outcome;
  return isDuplicateAnswer(IDEMPOTENT_WRITES[record.operation], record.upstream_status, record.upstream_body)
    ? 'repeat'
    : 'refused';
}

export function outcomeWord(outcome: ShownOutcome, operation: RecordOperation): string {
  switch (outcome) {
    case 'repeat':
      return t`Already at the platform: nothing new stored`;
    case 'created':
      return operation === 'charges'
        ? t`Booked`
        : operation === 'consumer_migration'
          ? t`Migrated`
          : t`Registered`;
    case 'refused':
      return t`Refused: nothing was stored`;
    case 'unknown':
      return t`No answer: it may or may not be stored`;
  }
}

/** A sentence on the platform's answer, with its HTTP status where there was one. */
export function answerSentence(record: Pick<ConsoleRecord, 'outcome' | 'upstream_status' | 'operation'>) {
  const status = record.upstream_status ?? 0;
  switch (record.outcome) {
    case 'created':
      // Stored, said by a retry: the first attempt's answer was lost, the next one was "already exists".
      if (status >= 300)
        return t`Stored: the first attempt’s answer was lost, and sending it again was answered “already exists” (HTTP ${status}).`;
      return record.operation === 'charges'
        ? t`The platform booked it (HTTP ${status}).`
        : record.operation === 'consumer_migration'
          ? t`The platform created the consumer (HTTP ${status}).`
          : t`The platform registered it (HTTP ${status}).`;
    case 'refused':
      return t`The platform refused it (HTTP ${status}): nothing was stored.`;
    case 'unknown':
      if (status >= 500)
        return t`The platform answered with an error (HTTP ${status}): it may or may not be stored. Sending it again with the same input is safe: the platform refuses a duplicate.`;
      return t`The request was sent, but no answer came back: it may or may not be stored. Sending it again with the same input is safe: the platform refuses a duplicate.`;
  }
}
