import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { BFF_AUDITED_OPERATIONS } from '../../contract/bff-api.ts';
import { bffBadRequestSchema } from '../../contract/bff-route-schemas.ts';
import { bffRefusalSchema } from '../../contract/bff-refusal-codes.ts';
import {
  bookingTotalsByYear,
  recordOutcome,
  consumerRecordsParamsSchema,
  consumerRecordsSchema,
  consumerUrl,
  contractRecordsParamsSchema,
  contractRecordsSchema,
  duplicateCheckSchema,
  duplicatesSchema,
  recordParamsSchema,
  recordSchema,
  recordUrl,
  searchQuerySchema,
  searchResponseSchema,
  type Duplicate,
} from '../../contract/records.ts';
import { loggableError } from '../security/error-answers.ts';
import { HttpError } from '../http-error.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { SIGNED_IN } from '../route-rules/role-rules.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { RecordRepository, type FoundDuplicate, type RecordRow } from './record-repository.ts';
import { searchRecords } from './record-search.ts';
import { recordHoldsBankData, recordView } from './record-view.ts';

declare module 'fastify' {
  interface FastifyInstance {
    consoleRecords: RecordRepository;
  }
}

export interface RecordsPluginOptions {
  /** BFF_RECORDS_RETENTION_DAYS: records older than this are purged (they hold personal data). */
  retentionDays: number;
  now: () => number;
}

const DAY_MS = 24 * 60 * 60_000;
/** The operation name of reading records that hold bank data, in the audit. */
export const RECORDS_READ_OPERATION = 'bff_records_read' satisfies (typeof BFF_AUDITED_OPERATIONS)[number];

/** Where an earlier write's page is: the consumer's, or the record's own (technical resources). */
function duplicateView({ row, reason }: FoundDuplicate): Duplicate {
  return {
    record_id: String(row.id),
    reason,
    user_id: row.userId,
    contract_id: row.contractId,
    technical_resource_id: row.technicalResourceId,
    recorded_at: row.recordedAt.toISOString(),
    recorded_by: row.recordedByDisplayName ?? row.recordedBy,
    url:
      row.operation === 'consumer_migration' && row.userId
        ? consumerUrl(row.userId)
        : recordUrl(String(row.id)),
  };
}

/**
 * The console's records (what it sent, what the platform answered) to read, search and compare with:
 * every role reads (viewers with bank data masked); reading bank data is audited. Writes are recorded by
 * the proxy, the bulk runner and the approvals through `app.consoleRecords`.
 */
export default fp<RecordsPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const records = new RecordRepository(app.database.db, options.now);
    app.decorate('consoleRecords', records);
    scheduleMaintenance(app, 'records retention', HOURLY, () =>
      records.purgeBefore(new Date(options.now() - options.retentionDays * DAY_MS)),
    );

    /** One audit entry per read of records holding bank data: who read whose. */
    const auditBankDataRead = async (
      request: FastifyRequest,
      rows: RecordRow[],
      targets: Record<string, string>,
    ) => {
      if (!rows.some(recordHoldsBankData)) return;
      const session = requireSession(request);
      await app.auditLog
        .record({
          time: new Date(options.now()).toISOString(),
          requestId: String(request.id),
          username: session.username,
          displayName: session.displayName,
          role: session.role,
          operation: RECORDS_READ_OPERATION,
          method: 'GET',
          path: request.url.split('?')[0]!.slice(0, 300),
          targets,
          status: 200,
          durationMs: 0,
        })
        .catch((error: unknown) => {
          // Not shown without its audit entry: reading personal bank data must leave a trace.
          request.log.error({ err: loggableError(error) }, 'records read not audited');
          throw new HttpError(
            503,
            'audit_unavailable',
            'The console could not note this read in its audit log. Try again shortly.',
          );
        });
    };

    // Signed-in staff only, settled before params, query or body are checked: a request without a session
    // gets 401, never field errors about what it sent.
    app.get(
      '/bff/search',
      {
        config: { roles: SIGNED_IN },
        schema: {
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, 400: bffBadRequestSchema },
        },
      },
      async (request) => {
        requireSession(request);
        return { results: await searchRecords(records, request.query.q, request.query.kind) };
      },
    );

    app.get(
      '/bff/records/:id',
      {
        config: { roles: SIGNED_IN },
        schema: {
          params: recordParamsSchema,
          response: { 200: recordSchema, 400: bffBadRequestSchema, 404: bffRefusalSchema },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const row = await records.find(Number(request.params.id));
        if (!row) throw new HttpError(404, 'no_such_record', 'The console has no record with this number.');
        await auditBankDataRead(request, [row], {
          record: String(row.id),
          ...(row.userId ? { userID: row.userId } : {}),
        });
        const approval = (await records.approvalsOf([row])).get(row.id) ?? null;
        return recordView(row, session.role, approval);
      },
    );

    app.get(
      '/bff/records/consumers/:userID',
      {
        config: { roles: SIGNED_IN },
        schema: {
          params: consumerRecordsParamsSchema,
          response: { 200: consumerRecordsSchema, 400: bffBadRequestSchema },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const { userID } = request.params;
        const rows = await records.consumer(userID);
        await auditBankDataRead(request, rows, { userID });
        return { user_id: userID, records: rows.map((row) => recordView(row, session.role)) };
      },
    );

    app.get(
      '/bff/records/contracts/:userID/:contractID',
      {
        config: { roles: SIGNED_IN },
        schema: {
          params: contractRecordsParamsSchema,
          response: { 200: contractRecordsSchema, 400: bffBadRequestSchema },
        },
      },
      async (request) => {
        const session = requireSession(request);
        const { userID, contractID } = request.params;
        const { bookings, everyBooking, technicalResources, producerName } = await records.contract(
          userID,
          contractID,
        );
        await auditBankDataRead(request, [...bookings, ...technicalResources], {
          userID,
          contractID,
        });
        const approvalParties = await records.approvalsOf(bookings);
        return {
          user_id: userID,
          contract_id: contractID,
          producer_name: producerName,
          bookings_count: everyBooking.length,
          totals: bookingTotalsByYear(
            everyBooking.map(({ sent, upstreamStatus, confirmedByRetry }) => ({
              operation: 'charges',
              sent,
              outcome: recordOutcome(upstreamStatus, confirmedByRetry),
            })),
          ),
          bookings: bookings.map((row) => recordView(row, session.role, approvalParties.get(row.id))),
          technical_resources: technicalResources.map((row) => recordView(row, session.role)),
        };
      },
    );

    app.post(
      '/bff/records/duplicates',
      {
        config: { roles: SIGNED_IN },
        schema: {
          body: duplicateCheckSchema,
          response: { 200: duplicatesSchema, 400: bffBadRequestSchema },
        },
      },
      async (request) => {
        requireSession(request);
        return { duplicates: (await records.duplicates(request.body)).map(duplicateView) };
      },
    );
  },
  { name: 'bff-records', dependencies: ['bff-database', 'bff-sessions', 'bff-audit'] },
);
