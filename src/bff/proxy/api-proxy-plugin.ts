import fastifyCompress from '@fastify/compress';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_BODY_BYTES } from '../../contract/api/common.ts';
import type { OperationMatch } from '../../contract/api/operations.ts';
import { APPROVAL_OPERATION_ID } from '../../contract/approvals.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { isRecord } from '../../contract/is-record.ts';
import { DUPLICATE_ACKNOWLEDGED_HEADER, RECORD_OPERATION_OF } from '../../contract/records.ts';
import { parsePlatformJson } from '../../node-shared/json-depth.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../option-defaults.ts';
import { loggableError } from '../security/error-answers.ts';
import { judgeCharge } from '../approvals/approval-request.ts';
import { admitCharge } from '../platform/charge-gate.ts';
import { SIGNED_IN } from '../route-rules/role-rules.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { allowlistedOperation, assertMayCall, Forwarder } from './upstream-proxy.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operation?: OperationMatch & { path: string };
  }
}

export interface ApiProxyPluginOptions {
  /** The largest answer buffered to rewrite its links (ENERGY_API_MAX_RESPONSE_BYTES, default 32 MiB). */
  maxResponseBytes?: number | undefined;
  /** The origin of rewritten pagination links (BFF_PUBLIC_URL); unset: relative links. */
  publicUrl?: string | undefined;
  /** BFF_APPROVAL_FROM_CENT: charges from this gross total are refused here (428); null: off. */
  approvalFromCent?: number | null;
}

/** Audit targets from the body: only the fields the operation names, only short strings (ids). */
function bodyTargets(
  body: Buffer | undefined,
  fields: readonly string[] | undefined,
): Record<string, string> {
  if (!body || !fields) return {};
  try {
    const json: unknown = JSON.parse(body.toString('utf8'));
    if (typeof json !== 'object' || json === null) return {};
    const members = new Map(Object.entries(json));
    return Object.fromEntries(
      fields.flatMap((field) => {
        const value = members.get(field);
        return typeof value === 'string' && value.length <= 128 ? [[field, value]] : [];
      }),
    );
  } catch {
    // Not JSON: the upstream will say so; the audit keeps the path ids.
    return {};
  }
}

/**
 * `/api/v3/…` → the platform's `/v3/…`, for the allowlisted operations only. Who may call what is
 * settled in `onRequest`, before the body is read: anything outside the allowlist is a 404 whatever
 * its content type. Answers are compressed here (feed pages of 10,000 records are ~1 MB of JSON),
 * streamed ones too.
 */
export default fp<ApiProxyPluginOptions>(
  async (app, options) => {
    const forwarder = new Forwarder({
      client: app.platform,
      maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
      publicUrl: options.publicUrl,
    });
    // Only read here (openFor): the repository's TTL and clock matter to the requests it creates.
    const approvals = app.approvals;
    /**
     * A write the console keeps (migration, charges, technical resource) is recorded before it is sent,
     * like its audit entry: if it cannot be, nothing is sent (503). A body that is not a JSON object is
     * not recorded: the platform refuses it, the audit keeps the attempt.
     */
    const beginRecord = async (
      request: FastifyRequest,
      body: Buffer | undefined,
      records = app.consoleRecords,
      unapprovedGrossCent: number | null = null,
    ): Promise<number | null> => {
      const { operation: match, params } = request.operation!;
      const recorded = RECORD_OPERATION_OF[match.id];
      if (!recorded || !body) return null;
      const parsed = parsePlatformJson(body.toString('utf8'));
      if (!('value' in parsed) || !isRecord(parsed.value)) return null;
      const session = requireSession(request);
      const acknowledged = request.headers[DUPLICATE_ACKNOWLEDGED_HEADER];
      return records.begin({
        operation: recorded,
        source: 'single',
        userId: params.userID ?? null,
        contractId: params.contractID ?? null,
        sent: parsed.value,
        recordedBy: session.username,
        recordedByDisplayName: session.displayName,
        acknowledged:
          typeof acknowledged === 'string'
            ? acknowledged
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean)
                .slice(0, 20)
            : [],
        unapprovedGrossCent,
        requestId: String(request.id),
      });
    };
    /** The platform's answer on the record, before it leaves; not storable: logged, the answer still goes out. */
    const answerRecord = async (
      request: FastifyRequest,
      id: number,
      status: number,
      answer: Buffer | null,
    ) => {
      const parsed = answer ? parsePlatformJson(answer.toString('utf8')) : null;
      await app.consoleRecords
        .answer(id, status, parsed && 'value' in parsed ? parsed.value : null)
        .catch((error: unknown) =>
          request.log.error({ err: loggableError(error), record: id }, 'record answer not stored'),
        );
    };
    // Bodies are forwarded as the browser sent them: raw bytes, in this plugin only (it is encapsulated).
    // JSON only, so any other media type of an allowlisted write is a 415 before anything is forwarded.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
      (_request, body, done) => done(null, body),
    );
    // Request bodies are forwarded as sent: no decompression of what the browser posts.
    await app.register(fastifyCompress, { globalDecompression: false, encodings: ['br', 'gzip'] });

    app.all(
      '/api/*',
      {
        // Signed in (config.roles, before the allowlist); which role may call which operation is the
        // allowlist's (assertMayCall), per operation, so it stays here.
        config: { roles: SIGNED_IN },
        onRequest: async (request) => {
          request.audit = { operation: 'not_allowed', targets: {} };
          const session = requireSession(request);
          const match = allowlistedOperation(request.method, request.url);
          request.audit = { operation: match.operation.id, targets: { ...match.params } };
          assertMayCall(match.operation, session.role);
          request.operation = match;
        },
        // Before the audit records the attempt (its preHandler): the ids in the body are among its targets.
        preValidation: async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : undefined;
          Object.assign(
            request.audit!.targets,
            bodyTargets(body, request.operation!.operation.auditBodyFields),
          );
        },
      },
      async (request, reply) => {
        const { operation, path } = request.operation!;
        const body = Buffer.isBuffer(request.body) ? request.body : undefined;
        if (operation.method === 'POST' && !body)
          return reply
            .code(415)
            .send(refusal('json_required', 'Send JSON (Content-Type: application/json).'));
        // Money at or above the threshold, alone or with the contract's bookings sent without approval in the
        // window, goes through a second person: no client can send it past here.
        let recordId: number | null;
        if (operation.id === APPROVAL_OPERATION_ID && body && options.approvalFromCent != null) {
          const { userID = '', contractID = '' } = request.operation!.params;
          const judged = judgeCharge(body.toString('utf8'), options.approvalFromCent);
          if ('refusal' in judged) return reply.code(judged.refusal.status).send(judged.refusal.body);
          const ownGrossCent = judged.totals.totalGrossCent;
          const inputId = judged.totals.charge.input_id;
          const admission = await admitCharge(
            { approvals, window: app.approvalWindow },
            { userId: userID, contractId: contractID, inputId },
            ownGrossCent,
            (db) => beginRecord(request, body, app.consoleRecords.within(db), ownGrossCent),
          );
          // Booked directly, it would make that approval's "already booked" answer read as its own booking.
          if ('heldBy' in admission)
            return reply
              .code(409)
              .send(
                refusal(
                  'input_id_held_by_approval',
                  `The input_id ${inputId} belongs to an approval on this contract that is still open (${admission.heldBy.id}): use another input_id, or settle that approval first.`,
                  { input_id: inputId },
                ),
              );
          if (!admission.admitted)
            return reply
              .code(428)
              .send(
                refusal(
                  'approval_required',
                  `${app.approvalWindow.reachedWords(ownGrossCent, admission.window)} Send it to POST /bff/approvals.`,
                  app.approvalWindow.figures(ownGrossCent, admission.window),
                ),
              );
          recordId = admission.value;
        } else recordId = await beginRecord(request, body);
        return forwarder.forward(
          request,
          reply,
          operation,
          path,
          operation.method === 'POST' ? body : undefined,
          recordId === null ? undefined : (status, answer) => answerRecord(request, recordId, status, answer),
        );
      },
    );
  },
  {
    name: 'bff-api-proxy',
    dependencies: [
      'bff-database',
      'bff-approval-repository',
      'bff-sessions',
      'bff-audit',
      'bff-records',
      'bff-platform',
    ],
    encapsulate: true,
  },
);
