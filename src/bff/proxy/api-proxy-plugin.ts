import fastifyCompress from '@fastify/compress';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_BODY_BYTES } from '../../contract/api/common.ts';
import type { OperationMatch } from '../../contract/api/operations.ts';
import { APPROVAL_OPERATION_ID } from '../../contract/approvals.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { isRecord } from '../../contract/is-record.ts';
import { DUPLICATE_ACKNOWLEDGED_HEADER, RECORD_OPERATION_OF } from '../../contract/records.ts';
import { parsePlatformJson } from '../../node-shared/json-depth.ts';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../option-defaults.ts';
import { judgeCharge, type GateRefusal } from '../approvals/approval-request.ts';
import { admitCharge } from '../platform/charge-gate.ts';
import { RECORDED_WRITE_PLUGINS, recordedWrite } from '../platform/recorded-write.ts';
import type { RecordDraft } from '../records/record-repository.ts';
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
    /** The record of a write as sent (its body a JSON object), or null: the platform refuses any other body. */
    const recordDraft = (request: FastifyRequest, bodyText: string): RecordDraft | null => {
      const { operation: match, params } = request.operation!;
      const parsed = parsePlatformJson(bodyText);
      if (!('value' in parsed) || !isRecord(parsed.value)) return null;
      const session = requireSession(request);
      const acknowledged = request.headers[DUPLICATE_ACKNOWLEDGED_HEADER];
      return {
        operation: RECORD_OPERATION_OF[match.id]!,
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
        requestId: String(request.id),
      };
    };
    /**
     * A write the console keeps (migration, charges, technical resource) is recorded before it is sent, like
     * its audit entry: if it cannot be, nothing is sent (503). Money at or above the threshold, alone or with
     * the contract's bookings sent without approval in the window, goes through a second person: no client
     * can send it past here.
     */
    const beginRecord = async (
      request: FastifyRequest,
      bodyText: string,
    ): Promise<{ recordId: number | null } | { refusal: GateRefusal }> => {
      const { operation, params } = request.operation!;
      if (operation.id !== APPROVAL_OPERATION_ID || options.approvalFromCent == null) {
        const draft = recordDraft(request, bodyText);
        return { recordId: draft ? await app.consoleRecords.begin(draft) : null };
      }
      const judged = judgeCharge(bodyText, options.approvalFromCent);
      if ('refusal' in judged) return judged;
      const { userID = '', contractID = '' } = params;
      const ownGrossCent = judged.totals.totalGrossCent;
      const inputId = judged.totals.charge.input_id;
      const admission = await admitCharge(
        { approvals: app.approvals, window: app.approvalWindow },
        { userId: userID, contractId: contractID, inputId },
        ownGrossCent,
        // A charge the gate judged is a JSON object: it has its draft.
        (db) =>
          app.consoleRecords
            .within(db)
            .begin({ ...recordDraft(request, bodyText)!, unapprovedGrossCent: ownGrossCent }),
      );
      if (admission.admitted) return { recordId: admission.value };
      // Booked directly, it would make that approval's "already booked" answer read as its own booking.
      if ('heldBy' in admission)
        return {
          refusal: {
            status: 409,
            body: refusal(
              'input_id_held_by_approval',
              `The input_id ${inputId} belongs to an approval on this contract that is still open (${admission.heldBy.id}): use another input_id, or settle that approval first.`,
              { input_id: inputId },
            ),
          },
        };
      return {
        refusal: {
          status: 428,
          body: refusal(
            'approval_required',
            `${app.approvalWindow.reachedWords(ownGrossCent, admission.window)} Send it to POST /bff/approvals.`,
            app.approvalWindow.figures(ownGrossCent, admission.window),
          ),
        },
      };
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
        const bodyText = body?.toString('utf8');
        const send = (recordAnswer?: (status: number, answer: Buffer | null) => Promise<void>) =>
          forwarder.forward(
            request,
            reply,
            operation,
            path,
            operation.method === 'POST' ? body : undefined,
            recordAnswer,
          );
        // A write the console keeps (migration, charges, technical resource) takes the money path's one
        // sequence; its audit is this route's hooks (begun before this handler, answered as the reply leaves).
        if (!RECORD_OPERATION_OF[operation.id] || bodyText === undefined) return send();
        const result = await recordedWrite<FastifyReply, GateRefusal>(
          {
            audit: app.auditLog,
            records: app.consoleRecords,
            log: request.log,
            now: Date.now,
            // The browser's request waits: a lost connection is its 503, and staff send again.
            databaseAttempts: 1,
          },
          {
            entry: null,
            beginRecord: () => beginRecord(request, bodyText),
            send: (storeAnswer) =>
              send(async (status, answer) => {
                const parsed = answer ? parsePlatformJson(answer.toString('utf8')) : null;
                await storeAnswer(status, parsed && 'value' in parsed ? parsed.value : null);
              }),
          },
        );
        return result.sent ? result.answer : reply.code(result.refusal.status).send(result.refusal.body);
      },
    );
  },
  {
    name: 'bff-api-proxy',
    dependencies: RECORDED_WRITE_PLUGINS,
    encapsulate: true,
  },
);
