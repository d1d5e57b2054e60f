import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { isDuplicateAnswer } from '../../contract/api/duplicate-answer.ts';
import { chargeRequestSchema } from '../../contract/api/charges.ts';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import { matchOperation } from '../../contract/api/operations.ts';
import { decisionsForMeSchema, decisionsSeenSchema } from '../../contract/approval-decisions.ts';
import {
  APPROVAL_OPERATION_ID,
  approvalListQuerySchema,
  approvalPageSchema,
  approvalParamsSchema,
  approvalRequestSchema,
  approvalRowsPageSchema,
  approvalRowsQuerySchema,
  approvalSchema,
  type ApprovalRow as ApprovalRowView,
  approveRequestSchema,
  chargeRequestTotals,
  needsApproval,
  rejectRequestSchema,
  stepUpRequiredSchema,
} from '../../contract/approvals.ts';
import type { AuditEntry } from '../../contract/bff-api.ts';
import { bffBadRequestSchema } from '../../contract/bff-route-schemas.ts';
import { formatCents } from '../../contract/euro-amount.ts';
import { toFieldErrors } from '../../contract/field-errors.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import { parsePlatformJson } from '../../node-shared/json-depth.ts';
import type { PlatformAnswer } from '../platform/platform-client.ts';
import {
  postToPlatform,
  RECORDED_WRITE_PLUGINS,
  recordedWrite,
  type RecordedWriteResult,
} from '../platform/recorded-write.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { scheduleMaintenance } from '../maintenance.ts';
import { upstreamPath } from '../proxy/upstream-proxy.ts';
import { loggableError } from '../security/error-answers.ts';
import type { Session } from '../sessions/session-store.ts';
import { APPROVAL_PARTICIPANTS } from '../route-rules/role-rules.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { approvalSignature, isForwardable } from './approval-digest.ts';
import {
  PendingDuplicateError,
  type ApprovalRepository,
  type ApprovalRow,
  type ForwardClaim,
} from './approval-repository.ts';
import { chargeApproval } from './approval-request.ts';
import { approvalView, storedBody } from './approval-view.ts';
import { forwardLeaseMs } from './forward-lease.ts';
import {
  approverEligibility,
  CANNOT_APPROVE_CODES,
  CANNOT_APPROVE_DETAILS,
  viewedBy,
} from './approver-eligibility.ts';
import { stepUpRefusal } from './step-up.ts';

/** What the bulk plugin lets an approval do with the campaign it covers. */
export interface BulkCampaignGate {
  /** The digest of the campaign's stored rows, to compare with the approved one. */
  rowsDigest(campaignId: string): Promise<string>;
  /** Starts a campaign that was awaiting approval; false when it was not. */
  start(campaignId: string): Promise<boolean>;
  /** Cancels a campaign whose approval was rejected, withdrawn or expired. */
  cancel(campaignId: string): Promise<void>;
  /** A page of the campaign's rows in file order, as its approver sees them. */
  rowsPage(
    campaignId: string,
    offset: number,
    limit: number,
  ): Promise<{ rows: ApprovalRowView[]; total: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    bulkCampaignGate: BulkCampaignGate;
    /** The approvals' sweep (every minute) (what the clock decided, stored; lost campaign starts made); answers how many expired. */
    approvalSweep: () => Promise<number>;
  }
}

export interface ApprovalsPluginOptions {
  /** BFF_APPROVAL_FROM_CENT; null: approvals are off. */
  approvalFromCent: number | null;
  now: () => number;
}

/** What a bulk campaign's approval covers (its body text): the digest of the campaign's rows. */
const campaignBodySchema = z.object({ rows_sha256: z.string() });

/**
 * The platform's answer as the approval keeps it. No answer, a server error, or a refusal of the
 * console itself rather than of the booking (its credentials: 401; too many calls: 429) leaves it
 * `unknown`: sending the same bytes again is safe and may still book it.
 */
function settledAnswer(answer: PlatformAnswer, isRetry: boolean) {
  const noAnswer =
    answer.status === 0 || answer.status >= 500 || answer.status === 401 || answer.status === 429;
  if (noAnswer)
    return {
      status: 'unknown' as const,
      upstreamStatus: answer.status || null,
      upstreamBody: answer.body,
      outcome: null,
    };
  // After an attempt without an answer, "this input_id exists" means the earlier attempt was booked.
  const booked =
    (answer.status >= 200 && answer.status < 300) ||
    (isRetry && isDuplicateAnswer('charge', answer.status, answer.body));
  return {
    status: 'approved' as const,
    upstreamStatus: answer.status,
    upstreamBody: answer.body,
    outcome: booked ? ('booked' as const) : ('refused' as const),
  };
}

/** How often the approvals sweep stores what the clock decided (expired, unknown, campaigns to start). */
const SWEEP_EVERY_MS = 60_000;

/** Database steps of a forward are idempotent: tried again while the connection comes back (~6 s). */
const DATABASE_ATTEMPTS = 6;

/**
 * Four-eyes approvals (`/bff/approvals`, issue 28): a charge or credit at or above the threshold, or a
 * bulk charges campaign, is stored as a request; a second person approves it after a step-up, and the
 * BFF then forwards exactly the stored bytes (or starts the campaign) and records the platform's answer.
 * See docs/architecture.md "An approval, end to end".
 */
export default fp<ApprovalsPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const approvals = app.approvals;
    const signingKey = app.deriveKey('approval-signatures');
    const platform = app.platform;
    // A `sending` approval older than this had its process die mid-forward: it counts as unknown.
    const leaseMs = forwardLeaseMs(platform.timeoutMs);

    /**
     * The sweep (every minute), the only writer of what the clock decides (reads derive it): pending requests past
     * their time are stored expired (a bulk campaign waiting for one is cancelled); forwards whose process
     * died are stored unknown; approved campaigns whose start was lost are started.
     */
    const expireDue = async () => {
      const expired = await approvals.expireDue();
      for (const approval of expired)
        if (approval.campaignId) await app.bulkCampaignGate.cancel(approval.campaignId);
      await approvals.markStaleUnknown();
      for (const approved of await approvals.unstartedCampaignApprovals())
        await startCampaign(app.log, approved);
      return expired.length;
    };
    // Every minute, not hourly: a campaign whose approval expired is cancelled, and an approved campaign whose
    // start was lost is started, within a minute (reads no longer do it). Each run is three indexed statements
    // that write only what is due.
    scheduleMaintenance(app, 'expired approvals', SWEEP_EVERY_MS, expireDue);
    app.decorate('approvalSweep', expireDue);

    /**
     * Starts an approved campaign if its stored rows are still those approved; else it is cancelled and
     * the approval says why. Both are recorded on the approval (its outcome), so a start lost to a
     * database fault is found and made by the next sweep.
     */
    const startCampaign = async (log: FastifyBaseLogger, claimed: ApprovalRow): Promise<ApprovalRow> => {
      const campaignId = claimed.campaignId;
      const approved = campaignBodySchema.safeParse(storedBody(claimed.bodyText));
      const intact =
        isForwardable(signingKey, claimed) &&
        approved.success &&
        campaignId !== null &&
        approved.data.rows_sha256 === (await app.bulkCampaignGate.rowsDigest(campaignId));
      if (!intact || !campaignId) {
        log.error({ approval: claimed.id }, 'campaign not started: its rows do not match the approval');
        if (campaignId) await app.bulkCampaignGate.cancel(campaignId);
        return (
          (await approvals.recordCampaignOutcome(
            claimed.id,
            'refused',
            'Not started: the campaign’s rows are no longer those approved. It was cancelled.',
          )) ?? claimed
        );
      }
      await app.bulkCampaignGate.start(campaignId);
      return (await approvals.recordCampaignOutcome(claimed.id, 'booked', null)) ?? claimed;
    };
    /** The request as it is now (expired or unknown as the clock says: reads never write). */
    const found = async (id: string): Promise<ApprovalRow> => {
      const row = await approvals.find(id);
      if (!row) throw new HttpError(404, 'no_such_approval', 'No such approval request.');
      return row;
    };

    // Before the params are checked: the id as sent, cut short, names the attempt in the audit.
    const decider = (session: Session) => ({
      username: session.username,
      displayName: session.displayName,
    });

    /**
     * Sends the claimed approval's stored bytes — only while they still hash to the approved digest and
     * the approval's signature holds — audited under the approver with the requester beside it, and
     * records the answer. A lost answer leaves it `unknown` (safe to send again: same input_id).
     */
    const forward = async (
      request: FastifyRequest,
      claim: ApprovalRow,
      session: Session,
    ): Promise<ApprovalRow> => {
      const record = (answer: Parameters<ApprovalRepository['recordAnswer']>[1]) =>
        retryOnConnectionLoss(() => approvals.recordAnswer(claim satisfies ForwardClaim, answer)).then(
          (row) => row ?? { ...claim, ...answer },
          (error: unknown) => {
            // Sent, and the answer cannot be stored now: say what happened; the row reads as unknown later.
            request.log.error(
              { err: loggableError(error), approval: claim.id },
              'approval answer not stored',
            );
            return { ...claim, ...answer };
          },
        );
      if (!isForwardable(signingKey, claim)) {
        // A retry after the signing key changed (a new session secret): the first attempt may have booked.
        if (claim.attempts > 1) {
          request.log.error({ approval: claim.id }, 'approval not sent again: its signature no longer holds');
          return record({
            status: 'unknown',
            upstreamStatus: claim.upstreamStatus,
            upstreamBody: {
              detail:
                'Not sent again: the approval’s signature no longer holds (was SESSION_SECRET changed?). An earlier attempt may have booked it.',
              code: 'approval_signature_lost',
            },
            outcome: null,
          });
        }
        request.log.error(
          { approval: claim.id },
          'approval not forwarded: the stored request does not match its approval',
        );
        return record({
          status: 'approved',
          upstreamStatus: null,
          upstreamBody: {
            detail: 'Not sent: the stored request no longer matches what was approved.',
            code: 'approval_request_altered',
          },
          outcome: 'refused',
        });
      }
      const requestId = `${String(request.id)}-approval`;
      const entry: AuditEntry = {
        time: new Date(options.now()).toISOString(),
        requestId,
        username: session.username,
        displayName: session.displayName,
        role: session.role,
        operation: APPROVAL_OPERATION_ID,
        method: 'POST',
        path: `/api${claim.path}`.slice(0, 300),
        targets: {
          userID: claim.userId,
          ...(claim.contractId ? { contractID: claim.contractId } : {}),
          ...(claim.inputId ? { input_id: claim.inputId } : {}),
          requested_by: claim.requestedBy,
          approved_by: claim.decidedBy ?? '',
          approval: claim.id,
        },
        status: 0,
        durationMs: 0,
      };
      const sent = parsePlatformJson(claim.bodyText);
      let result: RecordedWriteResult;
      try {
        result = await recordedWrite(
          {
            audit: app.auditLog,
            records: app.consoleRecords,
            log: request.log,
            now: options.now,
            databaseAttempts: DATABASE_ATTEMPTS,
          },
          {
            entry,
            // Recorded under the person who asked for it; the approval (source_id) names who approved.
            beginRecord: async () => ({
              recordId: await app.consoleRecords.begin({
                operation: 'charges',
                source: 'approval',
                sourceId: claim.id,
                sourceRef: `approval:${claim.id}`,
                userId: claim.userId,
                contractId: claim.contractId,
                sent: 'value' in sent ? sent.value : claim.bodyText,
                recordedBy: claim.requestedBy,
                recordedByDisplayName: claim.requestedByDisplayName,
                acknowledged: [],
                requestId,
              }),
            }),
            send: postToPlatform(platform, claim.path, claim.bodyText, requestId),
          },
        );
      } catch (error) {
        // Nothing is sent without its audit row and its record. Said on the approval, so it is not read as
        // "may be booked".
        await record({
          status: 'unknown',
          upstreamStatus: null,
          upstreamBody: {
            detail: 'Not sent yet: the console could not record it. Send it again.',
            code: 'approval_not_recorded',
          },
          outcome: null,
        });
        throw error;
      }
      // An approved request passed the money path's rules when it was asked for: nothing refuses it here.
      if (!result.sent) throw new Error('an approved request was refused before sending');
      const { answer } = result;
      return record(settledAnswer(answer, claim.attempts > 1));
    };

    app.post(
      '/bff/approvals',
      {
        config: { roles: APPROVAL_PARTICIPANTS, audit: 'bff_approvals_create' },
        schema: {
          body: approvalRequestSchema,
          response: { 201: approvalSchema, 400: bffBadRequestSchema, 409: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { path, body } = request.body;
        const upstream = upstreamPath(`/api${path}`);
        const match = upstream ? matchOperation('POST', upstream) : null;
        if (!upstream || match?.operation.id !== APPROVAL_OPERATION_ID)
          throw new FieldErrors({
            path: [
              'Only charges and credits (POST /v3/producers/{userID}/contracts/{contractID}/charges_and_credits/) go for approval; send other writes directly.',
            ],
          });
        const userId = match.params.userID!;
        const contractId = match.params.contractID!;
        request.audit!.targets = { userID: userId, contractID: contractId };
        const charge = chargeRequestSchema.safeParse(body);
        // In the words the platform would answer with: the form shows them on its fields.
        if (!charge.success) return reply.code(400).send(toFieldErrors(charge.error, body));
        const parsed = chargeRequestTotals(charge.data)!;
        request.audit!.targets.input_id = parsed.charge.input_id;
        if (options.approvalFromCent === null)
          return reply
            .code(400)
            .send(refusal('approvals_off', 'Approvals are turned off here: book it directly.'));
        // Below the threshold alone, it may reach it with the contract's bookings sent without approval in the
        // window (the 428 `/api` answered): the approver then sees those bookings.
        const window = needsApproval(parsed.totalGrossCent, options.approvalFromCent)
          ? null
          : await app.approvalWindow.total(userId, contractId, parsed.charge.input_id);
        if (window && !app.approvalWindow.reaches(parsed.totalGrossCent, window))
          return reply.code(400).send(
            refusal(
              'below_approval_threshold',
              `This books ${formatCents(parsed.totalGrossCent, 'en')} gross${window.count > 0 ? `, ${formatCents(parsed.totalGrossCent + window.sumCent, 'en')} with this contract’s bookings sent without approval in the last ${app.approvalWindow.windowHours} hours` : ''}, below ${formatCents(options.approvalFromCent, 'en')}: book it directly, no approval is needed.`,
              {
                total_gross_cent: parsed.totalGrossCent,
                window_sum_cent: window.sumCent,
                threshold_cent: options.approvalFromCent,
              },
            ),
          );
        try {
          const created = await approvals.create(
            chargeApproval({ path: upstream, userId, contractId }, parsed, session, window),
          );
          request.audit!.targets = { approval: created.id, ...request.audit!.targets };
          return reply.code(201).send(approvalView(created));
        } catch (error) {
          if (!(error instanceof PendingDuplicateError)) throw error;
          return reply
            .code(409)
            .send(
              refusal(
                'approval_already_waiting',
                `A request with input_id ${parsed.charge.input_id} on contract ${contractId} is already waiting for approval${error.existingId ? ` (${error.existingId})` : ''}: withdraw it to change it.`,
                { input_id: parsed.charge.input_id, contract_id: contractId },
              ),
            );
        }
      },
    );

    app.get(
      '/bff/approvals',
      {
        config: { roles: APPROVAL_PARTICIPANTS },
        schema: { querystring: approvalListQuerySchema, response: { 200: approvalPageSchema } },
      },
      async (request) => {
        const { limit, offset, status, requested_by: requestedBy, mine } = request.query;
        const page =
          mine === 'decided'
            ? await approvals.page(
                { status, requestedBy: requireSession(request).username, decidedOnly: true },
                limit,
                offset,
              )
            : await approvals.page({ status, requestedBy }, limit, offset);
        const link = (to: number) => {
          const url = new URL(request.url, 'http://console.invalid');
          url.searchParams.set('offset', String(to));
          return `${url.pathname}${url.search}`;
        };
        return {
          count: page.count,
          next: offset + limit < page.count ? link(offset + limit) : null,
          previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
          results: await viewedBy(app, requireSession(request).username, page.results, approvalView),
        };
      },
    );

    // The requester's decided requests since they last looked (the navigation's note), and "I looked now".
    app.get(
      '/bff/approvals/decisions-for-me',
      { config: { roles: APPROVAL_PARTICIPANTS }, schema: { response: { 200: decisionsForMeSchema } } },
      async (request) => {
        const { unseen, seenAt } = await approvals.decisionsFor(requireSession(request).username);
        return { unseen, seen_at: seenAt?.toISOString() ?? null };
      },
    );
    app.post(
      '/bff/approvals/decisions-for-me',
      { config: { roles: APPROVAL_PARTICIPANTS }, schema: { response: { 200: decisionsSeenSchema } } },
      async (request) => {
        const { seenAt, previouslySeenAt } = await approvals.sawDecisions(requireSession(request).username);
        return { seen_at: seenAt.toISOString(), previously_seen_at: previouslySeenAt?.toISOString() ?? null };
      },
    );

    // A bulk campaign's rows, paged: the approver sees what is sent row by row, repeats and rows booked before
    // marked (issue 42: totals alone hid a row booked twice).
    app.get(
      '/bff/approvals/:id/rows',
      {
        config: { roles: APPROVAL_PARTICIPANTS },
        schema: {
          params: approvalParamsSchema,
          querystring: approvalRowsQuerySchema,
          response: { 200: approvalRowsPageSchema, 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const row = await found(request.params.id);
        if (!row.campaignId)
          return reply
            .code(404)
            .send(
              refusal('approval_has_no_rows', 'This request books one charge or credit: it has no rows.'),
            );
        const { limit, offset } = request.query;
        const page = await app.bulkCampaignGate.rowsPage(row.campaignId, offset, limit);
        const link = (to: number) => `/bff/approvals/${row.id}/rows?offset=${to}&limit=${limit}`;
        return {
          count: page.total,
          next: offset + limit < page.total ? link(offset + limit) : null,
          previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
          results: page.rows,
        };
      },
    );

    app.get(
      '/bff/approvals/:id',
      {
        config: { roles: APPROVAL_PARTICIPANTS },
        schema: { params: approvalParamsSchema, response: { 200: approvalSchema } },
      },
      async (request) => {
        const row = await found(request.params.id);
        const [viewed] = await viewedBy(app, requireSession(request).username, [row], approvalView);
        return viewed!;
      },
    );

    /** 409 for a request that is no longer pending, saying what became of it. */
    const notPending = (reply: FastifyReply, row: ApprovalRow, action: string) =>
      reply
        .code(409)
        .send(
          row.status === 'expired'
            ? refusal(
                'approval_expired',
                `This request expired on ${row.expiresAt.toISOString()}: it cannot be ${action} any more.`,
                { action },
              )
            : refusal(
                'approval_not_pending',
                `This request is ${approvalView(row).status}${row.decidedBy ? ` (${row.decidedByDisplayName ?? row.decidedBy})` : ''}: it cannot be ${action} now.`,
                { status: approvalView(row).status, action },
              ),
        );

    app.post(
      '/bff/approvals/:id/approve',
      {
        config: {
          roles: APPROVAL_PARTICIPANTS,
          audit: 'bff_approvals_approve',
          auditTargets: { id: 'approval' },
        },
        schema: {
          params: approvalParamsSchema,
          // SSO approvers have no password to send: no body is an empty one.
          body: z.optional(approveRequestSchema),
          response: {
            200: approvalSchema,
            400: bffBadRequestSchema,
            // A step-up to do, or no session at all.
            401: z.union([stepUpRequiredSchema, bffRefusalSchema]),
            403: bffRefusalSchema,
            409: bffRefusalSchema,
            429: bffRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const row = await found(request.params.id);
        if (row.requestedBy === session.username)
          return reply
            .code(403)
            .send(refusal('own_request_cannot_approve', CANNOT_APPROVE_DETAILS.own_request));
        if (row.status !== 'pending') return notPending(reply, row, 'approved');
        // A second person, not a second account: not one linked with the requester's, nor one made after the request.
        const cannotApprove = (await approverEligibility(app, session.username, [row]))(row);
        if (cannotApprove)
          return reply
            .code(403)
            .send(refusal(CANNOT_APPROVE_CODES[cannotApprove], CANNOT_APPROVE_DETAILS[cannotApprove]));
        if (request.body?.digest !== undefined && request.body?.digest !== row.digest)
          return reply
            .code(409)
            .send(
              refusal('approval_changed', 'This request is not the one you saw: reload it before approving.'),
            );
        const stepUp = await stepUpRefusal(
          request,
          request.body?.password,
          `/approvals/${row.id}`,
          options.now(),
        );
        if (stepUp) return reply.code(stepUp.status).send(stepUp.body);
        const decidedAt = new Date(options.now());
        const claimed = await approvals.approve(
          row.id,
          decider(session),
          decidedAt,
          approvalSignature(signingKey, row.digest, session.username, decidedAt),
          row.kind === 'charge' ? 'sending' : 'approved',
        );
        // Another approver (another replica) was first, or it expired in between.
        if (!claimed) return notPending(reply, (await approvals.find(row.id)) ?? row, 'approved');
        if (claimed.kind === 'bulk_charges')
          return approvalView(await retryOnConnectionLoss(() => startCampaign(request.log, claimed)));
        return approvalView(await forward(request, claimed, session));
      },
    );

    app.post(
      '/bff/approvals/:id/retry',
      {
        config: {
          roles: APPROVAL_PARTICIPANTS,
          audit: 'bff_approvals_retry',
          auditTargets: { id: 'approval' },
        },
        schema: {
          params: approvalParamsSchema,
          response: { 200: approvalSchema, 409: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const row = await found(request.params.id);
        const claimed = await approvals.claimRetry(row.id, new Date(options.now() - leaseMs));
        if (!claimed)
          return reply
            .code(409)
            .send(
              refusal(
                'approval_not_retryable',
                `This request is ${approvalView(row).status}: only one sent without an answer is sent again.`,
                { status: approvalView(row).status },
              ),
            );
        return approvalView(await forward(request, claimed, session));
      },
    );

    /**
     * Rejects (a second person, with a reason) or withdraws (the requester) a pending request; a bulk
     * campaign waiting for it is cancelled.
     */
    const close = async (
      request: FastifyRequest,
      reply: FastifyReply,
      id: string,
      to: 'rejected' | 'withdrawn',
      reason: string | null,
    ) => {
      const session = requireSession(request);
      const row = await found(id);
      const own = row.requestedBy === session.username;
      if (to === 'rejected' && own)
        return reply
          .code(403)
          .send(
            refusal('own_request_cannot_reject', 'You asked for this: withdraw it instead of rejecting it.'),
          );
      if (to === 'withdrawn' && !own)
        return reply
          .code(403)
          .send(refusal('only_requester_withdraws', 'Only the person who asked may withdraw a request.'));
      const closed = await approvals.close(row.id, to, decider(session), reason);
      if (!closed) return notPending(reply, (await approvals.find(row.id)) ?? row, to);
      if (closed.campaignId) await app.bulkCampaignGate.cancel(closed.campaignId);
      return approvalView(closed);
    };

    app.post(
      '/bff/approvals/:id/reject',
      {
        config: {
          roles: APPROVAL_PARTICIPANTS,
          audit: 'bff_approvals_reject',
          auditTargets: { id: 'approval' },
        },
        schema: {
          params: approvalParamsSchema,
          body: rejectRequestSchema,
          response: {
            200: approvalSchema,
            400: bffBadRequestSchema,
            403: bffRefusalSchema,
            409: bffRefusalSchema,
          },
        },
      },
      async (request, reply) => close(request, reply, request.params.id, 'rejected', request.body.reason),
    );

    app.post(
      '/bff/approvals/:id/withdraw',
      {
        config: {
          roles: APPROVAL_PARTICIPANTS,
          audit: 'bff_approvals_withdraw',
          auditTargets: { id: 'approval' },
        },
        schema: {
          params: approvalParamsSchema,
          response: { 200: approvalSchema, 403: bffRefusalSchema, 409: bffRefusalSchema },
        },
      },
      async (request, reply) => close(request, reply, request.params.id, 'withdrawn', null),
    );
  },
  {
    name: 'bff-approvals',
    dependencies: [...RECORDED_WRITE_PLUGINS, 'bff-accounts', 'bff-bulk'],
  },
);
