import type { FastifyBaseLogger } from 'fastify';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import type { AuditEntry } from '../../contract/bff-api.ts';
import type { AuditRepository } from '../audit/audit-repository.ts';
import type { RecordRepository } from '../records/record-repository.ts';
import { loggableError } from '../security/error-answers.ts';
import type { PlatformAnswer, PlatformClient } from './platform-client.ts';

/** What a recorded write needs from the BFF: its audit log, its records, its platform client. */
export interface RecordedWriteServices {
  audit: AuditRepository;
  records: RecordRepository;
  platform: PlatformClient;
  log: FastifyBaseLogger;
  now: () => number;
  /** How often an idempotent database step is tried while the connection comes back. */
  databaseAttempts: number;
}

/** Refused before it was sent (the money path's gate): audited with this status, nothing sent. */
export interface WriteRefusal {
  status: number;
  message: string;
}

export interface RecordedWrite {
  /** The audit entry, written before anything else (status 0 until the answer). */
  entry: AuditEntry;
  /**
   * Writes the record (and applies the money path's rules under its lock, where they apply): its ID, or
   * the refusal that stops the write here. Tried again on a lost connection, so it must be idempotent.
   */
  beginRecord: () => Promise<{ recordId: number } | { refusal: WriteRefusal }>;
  /** The platform path (`/v3/…`) and the exact body that leaves. */
  path: string;
  body: Record<string, unknown> | string;
}

export type RecordedWriteResult =
  { sent: true; answer: PlatformAnswer; recordId: number } | { sent: false; refusal: WriteRefusal };

/**
 * The money path's one sequence for a write the BFF sends on its own (a bulk row, an approved request):
 * audit begin → record begin → send → record answer → audit answer. Nothing is sent without its audit
 * entry and its record: when either cannot be written, this throws before sending (the caller leaves its
 * work to be tried again). Once sent, the answer is what counts: failing to store it is logged (the audit
 * entry is settled from the record later, see docs/decisions), never a reason to send again.
 *
 * The `/api` proxy follows the same order with its audit in the request's hooks (begun before the body is
 * forwarded, answered when the reply leaves) and its answer streamed: it uses the same records and client.
 */
export async function recordedWrite(
  services: RecordedWriteServices,
  write: RecordedWrite,
): Promise<RecordedWriteResult> {
  const { audit, records, platform, log, now } = services;
  const requestId = write.entry.requestId;
  const database = <T>(step: () => Promise<T>) =>
    retryOnConnectionLoss(step, { attempts: services.databaseAttempts });
  const started = now();
  const auditId = await database(() => audit.begin(write.entry));
  const begun = await database(write.beginRecord);
  const settleAudit = (status: number) =>
    database(() => audit.answer(auditId, status, now() - started)).catch((error: unknown) =>
      log.error({ err: loggableError(error), requestId, status }, 'audit answer not stored'),
    );
  if ('refusal' in begun) {
    await settleAudit(begun.refusal.status);
    return { sent: false, refusal: begun.refusal };
  }
  const answer = await platform.post(write.path, write.body, requestId);
  // No answer (status 0): the client's own words are not the platform's; the record says "no answer".
  await records
    .answer(begun.recordId, answer.status, answer.status === 0 ? null : answer.body)
    .catch((error: unknown) =>
      log.error({ err: loggableError(error), requestId, status: answer.status }, 'record answer not stored'),
    );
  await settleAudit(answer.status);
  return { sent: true, answer, recordId: begun.recordId };
}
