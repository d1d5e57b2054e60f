import type { FastifyBaseLogger } from 'fastify';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { AuditEntry } from '../../contract/bff-api.ts';
import type { BffRefusal } from '../../contract/bff-refusal-codes.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { RecordRepository } from '../records/record-repository.ts';
import { loggableError } from '../security/error-answers.ts';
import type { PlatformAnswer, PlatformClient } from './platform-client.ts';

/** What a recorded write needs from the BFF: its audit log and its records (how it is sent is the write's). */
export interface RecordedWriteServices {
  audit: AuditRepository;
  records: RecordRepository;
  log: FastifyBaseLogger;
  now: () => number;
  /** How often an idempotent database step is tried while the connection comes back. */
  databaseAttempts: number;
}

/** Refused before it was sent (the money path's gate): audited with this status, nothing sent. */
export interface WriteRefusal {
  status: number;
  body: BffRefusal;
}

/**
 * How a write leaves, given `storeAnswer`: it must hand the platform's answer (status 0: none) to it before
 * anything acts on that answer, and then resolve with what its caller needs (the answer, or the reply sent).
 */
export type WriteSender<A> = (storeAnswer: (status: number, body: unknown) => Promise<void>) => Promise<A>;

export interface RecordedWrite<A = PlatformAnswer, R extends { status: number } = WriteRefusal> {
  /**
   * The audit entry, written before anything else (status 0 until the answer); null when the route's own
   * hooks audit the attempt (the `/api` proxy: begun before its body is forwarded, answered as the reply leaves).
   */
  entry: AuditEntry | null;
  /**
   * Writes the record (and applies the money path's rules under its lock, where they apply): its ID (null: a
   * body the console does not record, which the platform refuses), or the refusal that stops the write here.
   * Tried again on a lost connection, so it must be idempotent.
   */
  beginRecord: () => Promise<{ recordId: number | null } | { refusal: R }>;
  send: WriteSender<A>;
}

export type RecordedWriteResult<A = PlatformAnswer, R = WriteRefusal> =
  { sent: true; answer: A; recordId: number | null } | { sent: false; refusal: R };

/** A write the BFF sends on its own: the exact body to the platform path (`/v3/…`), answered whole. */
export function postToPlatform(
  platform: PlatformClient,
  path: string,
  body: Record<string, unknown> | string,
  requestId: string,
): WriteSender<PlatformAnswer> {
  return async (storeAnswer) => {
    const answer = await platform.post(path, body, requestId);
    // No answer (status 0): the client's own words are not the platform's; the record says "no answer".
    await storeAnswer(answer.status, answer.status === 0 ? null : answer.body);
    return answer;
  };
}

/**
 * The money path's one sequence for every write the console keeps — a single booking through the `/api`
 * proxy, a bulk row, an approved request: audit begin → record begin → send → record answer → audit answer.
 * Nothing is sent without its audit entry and its record: when either cannot be written, this throws before
 * sending (the caller answers 503 or leaves its work to be tried again). Once sent, the answer is what counts:
 * failing to store it is logged (the audit entry is settled from the record later, see docs/decisions), never
 * a reason to send again.
 */
export async function recordedWrite<A = PlatformAnswer, R extends { status: number } = WriteRefusal>(
  services: RecordedWriteServices,
  write: RecordedWrite<A, R>,
): Promise<RecordedWriteResult<A, R>> {
  const { audit, records, log, now } = services;
  const database = <T>(step: () => Promise<T>) =>
    retryOnConnectionLoss(step, { attempts: services.databaseAttempts });
  const started = now();
  const entry = write.entry;
  const auditId = entry ? await database(() => audit.begin(entry)) : null;
  const begun = await database(write.beginRecord);
  const settleAudit = async (status: number) => {
    if (auditId === null) return;
    await database(() => audit.answer(auditId, status, now() - started)).catch((error: unknown) =>
      log.error(
        { err: loggableError(error), requestId: entry?.requestId, status },
        'audit answer not stored',
      ),
    );
  };
  if ('refusal' in begun) {
    await settleAudit(begun.refusal.status);
    return { sent: false, refusal: begun.refusal };
  }
  const { recordId } = begun;
  let answeredStatus = 0;
  const answer = await write.send(async (status, body) => {
    answeredStatus = status;
    if (recordId === null) return;
    await records
      .answer(recordId, status, body)
      .catch((error: unknown) =>
        log.error({ err: loggableError(error), record: recordId, status }, 'record answer not stored'),
      );
  });
  await settleAudit(answeredStatus);
  return { sent: true, answer, recordId };
}

/** The plugins a route that writes through `recordedWrite` needs registered first (its `dependencies`). */
export const RECORDED_WRITE_PLUGINS = [
  'bff-database',
  'bff-approval-repository',
  'bff-sessions',
  'bff-audit',
  'bff-records',
  'bff-platform',
];
