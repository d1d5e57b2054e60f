import { t } from '@lingui/core/macro';
import type {
  ConsoleRecord,
  RecordOperation,
  RecordOutcome,
  RecordSource,
} from '../../../contract/records.ts';

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
export function outcomeWord(outcome: RecordOutcome, operation: RecordOperation): string {
  switch (outcome) {
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
