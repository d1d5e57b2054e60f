import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import { withNoticeText, type BookedBy, type BulkRowNotice } from '../../contract/bulk-row-notices.ts';
import { canAdminister } from '../../contract/bff-api.ts';
import {
  BULK_RESULT_STATUS_TEXT_DE,
  BULK_RESULTS_CSV_HEADER,
  bulkCampaignEnvelopeSchema,
  bulkCampaignListQuerySchema,
  type bulkCampaignRequestSchema,
  bulkCampaignRowSchema,
  bulkCampaignSchema,
  bulkPriorRunsSchema,
  bulkResultRowsSchema,
  bulkResultsQuerySchema,
  campaignRowsProblem,
  canonicalRowContent,
  conflictingDuplicates,
  differingFields,
  generatedInputId,
  parseBulkRow,
  repeatsByContent,
  type BulkCampaignRequest,
  type BulkKind,
} from '../../contract/bulk.ts';
import { isRecord } from '../../contract/is-record.ts';
import { bookedKey, type BookedWrite } from '../records/record-repository.ts';
import { csvLines } from '../../contract/csv.ts';
import { toFieldErrors } from '../../contract/field-errors.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { CAMPAIGN_STAFF, enforceRoleRule } from '../route-rules/role-rules.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import {
  CampaignRepository,
  resultStatus,
  type BulkCampaignRow,
  type NewBulkRow,
} from './campaign-repository.ts';
import { CampaignRunner, type RowGate } from './campaign-runner.ts';
import { chargeRequestTotals, needsApproval, type WindowBooking } from '../../contract/approvals.ts';
import { rowsDigest } from '../approvals/approval-digest.ts';
import { campaignApproval, campaignTotals } from '../approvals/approval-request.ts';
import { contractKey } from '../approvals/approval-window.ts';
import type { BulkCampaignGate } from '../approvals/approvals-plugin.ts';
import { mapInTurns } from '../event-loop-turns.ts';
import type { RetryPolicy } from './row-outcome.ts';
import { admitCharge } from '../platform/charge-gate.ts';
import { RECORDED_WRITE_PLUGINS } from '../platform/recorded-write.ts';

export interface BulkPluginOptions {
  /** Platform calls in flight from this process (BFF_BULK_CONCURRENCY). */
  concurrency: number;
  retryPolicy?: RetryPolicy;
  /** BFF_APPROVAL_FROM_CENT (null: off): a charges campaign at or above it waits for a second person. */
  approvalFromCent: number | null;
  now: () => number;
}

/** 10,000 rows of a migration file are a few megabytes of JSON. */
const CAMPAIGN_BODY_LIMIT = 16 * 1024 * 1024;

/** The session of campaign staff (CAMPAIGN_STAFF); a campaign is seen by its owner and by admins. */
function requireCampaignStaff(request: FastifyRequest) {
  const session = requireSession(request);
  enforceRoleRule(request, CAMPAIGN_STAFF);
  return session;
}

/**
 * The path ids and the body the platform receives, from a row's schema output (`data`); a charge the
 * file gave no `input_id` gets the one derived from its content and occurrence (generatedInputId).
 */
function platformRow(row: number, data: Record<string, unknown>, inputId: string | null): NewBulkRow {
  const { user_id: userId, contract_id: contractId, ...body } = data;
  // Both kinds' schemas require user_id: a row without it never gets here.
  if (typeof userId !== 'string') throw new Error(`bulk row ${row} passed its schema without a user_id`);
  if (inputId !== null) body.input_id = inputId;
  return {
    row,
    userId,
    contractId: typeof contractId === 'string' ? contractId : null,
    inputId: typeof body.input_id === 'string' ? body.input_id : null,
    body,
    status: 'pending',
  };
}

/** A campaign's path parameter: its ID. */
const campaignParamsSchema = z.pick(bulkCampaignSchema, { id: true });

/**
 * A campaign request as `bulkCampaignRequestSchema` defines it, checked in turns: the envelope (the
 * route's body schema) at once, then here the rows to send, giving the event loop back every few milliseconds.
 */
async function parseCampaignRows(
  envelope: z.output<typeof bulkCampaignEnvelopeSchema>,
): Promise<z.output<typeof bulkCampaignRequestSchema>> {
  const rows = await mapInTurns(envelope.rows, (row, index) => {
    const parsed = bulkCampaignRowSchema.safeParse(row);
    if (!parsed.success) {
      const problems = toFieldErrors(parsed.error, row, 'schema');
      throw new FieldErrors(
        Object.fromEntries(
          Object.entries(problems).map(([field, messages]) => [`rows.${index}.${field}`, messages]),
        ),
      );
    }
    return parsed.data;
  });
  const problem = campaignRowsProblem(rows, envelope.invalid);
  if (problem) throw new FieldErrors({ rows: [problem] });
  return { ...envelope, rows };
}

type CheckedRequest = Awaited<ReturnType<typeof checkRows>>;

/**
 * Each row checked once with its schema (its output is what gets stored, or its problems are named),
 * conflicting duplicates refused, and the generated `input_id` of every charge without one: `bulk-` +
 * SHA-256 of its canonical content + its occurrence among identical rows, in file order.
 */
async function checkRows(body: Pick<Required<BulkCampaignRequest>, 'kind' | 'rows'>) {
  const checked = await mapInTurns(body.rows, ({ row, values }) => ({
    row,
    values,
    parsed: parseBulkRow(body.kind, values),
  }));
  const problems = checked.flatMap(({ row, parsed }) =>
    parsed.success
      ? []
      : [
          `row ${row}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`,
        ],
  );
  const data = checked.flatMap(({ row, values, parsed }) =>
    parsed.success ? [{ row, values, data: parsed.data }] : [],
  );
  problems.push(
    ...conflictingDuplicates(
      body.kind,
      // A generated input_id is unique by its making: only the file's own are compared.
      data.map(({ row, values, data: output }) => ({
        row,
        values: values.input_id === undefined ? { ...output, input_id: undefined } : output,
      })),
    ).map((problem) => `row ${problem.row}: ${problem.column} ${problem.message}`),
  );
  const occurrences = new Map<string, number>();
  const rows = [...data]
    .sort((a, b) => a.row - b.row)
    .map(({ row, values, data: output }) => {
      if (body.kind !== 'charges' || values.input_id !== undefined) return platformRow(row, output, null);
      const hash = createHash('sha256').update(canonicalRowContent(output)).digest('hex');
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      return platformRow(row, output, generatedInputId(hash, occurrence));
    });
  // Rows identical to an earlier one (every field but input_id): not sent unless staff said to book them too.
  // Each row's content in turns (a 10,000-row file's took 170 ms at once), then compared.
  const repeats = repeatsByContent(
    await mapInTurns(data, ({ row, data: output }) => ({ row, content: canonicalRowContent(output) })),
  );
  return { problems, rows, repeats };
}

/** A row settled before sending with what the console says about it (`message` its English). */
const withNotice = (row: NewBulkRow, notice: BulkRowNotice): NewBulkRow => ({
  ...row,
  ...withNoticeText(notice),
});

/**
 * Bulk campaigns (`/bff/bulk/campaigns`): a checked file becomes rows in the database and runs as
 * pg-boss jobs, so it survives a closed browser and a BFF restart, and any replica may carry it on.
 */

export default fp<BulkPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    // Longer than one request may take: a live runner's claim is never taken over.
    const leaseMs = app.platform.timeoutMs * 2 + 5_000;
    const campaigns = new CampaignRepository(app.database.db, options.now, leaseMs);
    const runner = new CampaignRunner({
      database: app.database,
      campaigns,
      platform: app.platform,
      audit: app.auditLog,
      records: app.consoleRecords,
      // Declared below, with the approvals it reads.
      gate: (row, begin) => admitRow(row, begin),
      concurrency: options.concurrency,
      leaseMs,
      log: app.log,
      now: options.now,
      ...(options.retryPolicy && { retryPolicy: options.retryPolicy }),
    });
    const approvals = app.approvals;
    app.decorate('bulkCampaignGate', {
      rowsDigest: (campaignId: string) => rowsDigest(campaigns.rowsInOrder(campaignId)),
      start: async (campaignId: string) => {
        const started = await campaigns.transition(campaignId, ['awaiting_approval'], 'running');
        if (started) await runner.enqueue(campaignId);
        return started;
      },
      cancel: async (campaignId: string) => {
        await campaigns.transition(campaignId, ['awaiting_approval'], 'cancelled');
      },
      rowsPage: async (campaignId: string, offset: number, limit: number) => {
        const page = await campaigns.rowsPage(campaignId, offset, limit);
        return {
          total: page.total,
          rows: page.rows.map((row) => {
            const charge = row.status === 'invalid' ? null : chargeRequestTotals(row.body);
            return {
              row: row.row,
              user_id: row.userId,
              contract_id: row.contractId,
              input_id: row.inputId,
              type_of_transaction: charge?.charge.type_of_transaction ?? null,
              display_name: charge?.charge.display_name ?? null,
              gross_cent: charge?.totalGrossCent ?? null,
              status: row.status,
              message: row.message,
              notice: row.notice,
            };
          }),
        };
      },
    } satisfies BulkCampaignGate);

    app.addHook('onReady', async () => {
      // Carry on with campaigns a stopped BFF left running.
      if ((await campaigns.runningIds()).length > 0) await runner.ensureStarted();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
    });

    /**
     * The window's bookings of the contracts whose rows reach the threshold with them (null: none does).
     * Only a hint for the approver up front: each row is judged again, under its contract's lock, as it is sent.
     */
    const windowBookingsReached = async (
      totals: Awaited<ReturnType<typeof campaignTotals>>,
    ): Promise<WindowBooking[] | null> => {
      const sums = await app.approvalWindow.sums(totals.byContract);
      const reached = totals.byContract.filter((contract) =>
        needsApproval(
          contract.grossCent + (sums.get(contractKey(contract.userId, contract.contractId)) ?? 0),
          options.approvalFromCent,
        ),
      );
      if (reached.length === 0) return null;
      const shown = await Promise.all(
        reached.slice(0, 5).map((contract) => app.approvalWindow.total(contract.userId, contract.contractId)),
      );
      return shown.flatMap((window) => window.bookings).slice(0, 50);
    };

    /**
     * A charges row of a campaign no one approved goes as a single booking would: not while an open approval
     * holds its `input_id`, and only while its contract's window stays below the threshold (recorded under
     * the contract's lock, so rows and single bookings racing on one contract are judged one after the other).
     */
    const admitRow: RowGate = async (row, begin) => {
      const charge = chargeRequestTotals(row.body);
      const grossCent = charge?.totalGrossCent ?? 0;
      // Approvals off: nothing to judge, the row's total is kept all the same.
      if (options.approvalFromCent === null) return { recordId: await begin(app.consoleRecords, grossCent) };
      const admission = await admitCharge(
        { approvals, window: app.approvalWindow },
        { userId: row.userId, contractId: row.contractId ?? '', inputId: row.inputId },
        grossCent,
        (db) => begin(app.consoleRecords.within(db), grossCent),
      );
      if (admission.admitted) return { recordId: admission.value };
      if ('heldBy' in admission)
        return {
          status: 409,
          body: refusal(
            'input_id_held_by_approval',
            `The input_id ${row.inputId ?? ''} belongs to an approval on this contract that is still open (${admission.heldBy.id}).`,
            { input_id: row.inputId ?? '' },
          ),
        };
      return {
        status: 428,
        body: refusal(
          'approval_required',
          `${app.approvalWindow.reachedWords(grossCent, admission.window)} Book it on its own and send it for approval.`,
          app.approvalWindow.figures(grossCent, admission.window),
        ),
      };
    };

    /**
     * Rows whose write the console booked before (a campaign's row, a single booking, an approval) with the
     * same content: `skipped`, saying where. Another content under the same key is left to the platform's
     * answer (a conflict), as before.
     */
    const skipBookedBefore = async (kind: BulkKind, rows: NewBulkRow[]): Promise<NewBulkRow[]> => {
      const operation = kind === 'charges' ? 'charges' : 'consumer_migration';
      const booked = await app.consoleRecords.bookedUnder(operation, rows);
      const fileNames = new Map<string, string | null>();
      const bookedBy = async (earlier: BookedWrite): Promise<BookedBy> => {
        const [campaignId, row] = earlier.source === 'bulk' ? (earlier.sourceRef ?? '').split(':') : [];
        if (!campaignId || !row || !/^\d+$/.test(row))
          return { recordedBy: earlier.recordedBy, day: earlier.recordedAt.toISOString().slice(0, 10) };
        if (!fileNames.has(campaignId))
          fileNames.set(campaignId, (await campaigns.find(campaignId))?.fileName ?? null);
        return {
          fileName: fileNames.get(campaignId) ?? '',
          campaign: campaignId.slice(0, 8),
          row: Number(row),
        };
      };
      const withoutPath = (body: unknown) => {
        if (!isRecord(body)) return {};
        const { user_id: _user, contract_id: _contract, ...rest } = body;
        return rest;
      };
      const checked: NewBulkRow[] = [];
      for (const row of rows) {
        if (row.status !== 'pending') {
          checked.push(row);
          continue;
        }
        const earlier = booked.get(
          bookedKey(operation, row.userId, row.contractId ?? null, row.inputId ?? null),
        );
        const same =
          earlier && differingFields(withoutPath(earlier.sent), withoutPath(row.body)).length === 0;
        checked.push(
          same
            ? withNotice(
                { ...row, status: 'skipped' },
                { code: 'already_booked', by: await bookedBy(earlier) },
              )
            : row,
        );
      }
      return checked;
    };

    /** The campaign, when the signed-in staff member may see it (its owner, or an admin); else a 404. */
    const campaignFor = async (request: FastifyRequest, id: string): Promise<BulkCampaignRow> => {
      const session = requireCampaignStaff(request);
      const campaign = await campaigns.find(id);
      if (!campaign || (campaign.owner !== session.username && !canAdminister(session.role)))
        throw new HttpError(404, 'no_such_campaign', 'No such campaign.');
      return campaign;
    };

    // Who may call is settled in onRequest (config.roles), before the body is read or checked.
    app.post(
      '/bff/bulk/campaigns',
      {
        bodyLimit: CAMPAIGN_BODY_LIMIT,
        config: { roles: CAMPAIGN_STAFF, audit: 'bff_bulk_campaigns_create' },
        schema: { body: bulkCampaignEnvelopeSchema, response: { 201: bulkCampaignSchema } },
      },
      async (request, reply) => {
        const session = requireCampaignStaff(request);
        const body = await parseCampaignRows(request.body);
        const { problems, rows, repeats }: CheckedRequest = await checkRows(body);
        if (problems.length) throw new FieldErrors({ rows: problems.slice(0, 50) });
        const id = randomUUID();
        request.audit = { operation: 'bff_bulk_campaigns_create', targets: { campaign: id } };
        // Rows with problems are kept too: the results have one row per row of the file.
        const invalid: NewBulkRow[] = body.invalid.map((entry) => ({
          row: entry.row,
          userId: entry.user_id ?? '',
          contractId: entry.contract_id ?? null,
          inputId: entry.input_id ?? null,
          body: {},
          status: 'invalid',
          message: entry.message,
        }));
        // Rows the console booked before with the same content are not sent again (issue 42): skipped, no
        // audit attempt, and no part of an approval's total.
        const unrepeated = body.bookIdenticalRows
          ? rows
          : rows.map((row): NewBulkRow => {
              const earlier = repeats.get(row.row);
              return earlier === undefined
                ? row
                : withNotice({ ...row, status: 'duplicate' }, { code: 'identical_to_row', row: earlier });
            });
        const allRows = [...(await skipBookedBefore(body.kind, unrepeated)), ...invalid];
        // A charges campaign whose gross total reaches the threshold waits for a second person's approval.
        const totals = body.kind === 'charges' ? await campaignTotals(allRows) : null;
        // 10,000 rows of 600 executions of the largest amount are beyond what a number counts exactly.
        if (totals && !Number.isSafeInteger(totals.totalGrossCent))
          throw new FieldErrors({
            rows: ['The file books more than the console can total exactly: split it.'],
          });
        // It waits too when a contract's rows, with that contract's bookings sent without approval in the
        // window, reach the threshold: the approver sees those bookings.
        const windowBookings = totals ? await windowBookingsReached(totals) : null;
        const approval =
          totals && (needsApproval(totals.totalGrossCent, options.approvalFromCent) || windowBookings)
            ? await campaignApproval(
                { id, fileName: body.fileName },
                allRows,
                totals,
                session,
                windowBookings ?? [],
              )
            : null;
        await campaigns.create(
          {
            id,
            kind: body.kind,
            fileName: body.fileName,
            owner: session.username,
            ownerDisplayName: session.displayName,
            ownerRole: session.role,
            total: allRows.length,
            approvalId: approval?.id ?? null,
          },
          allRows,
          approval ? (tx) => approvals.create(approval, tx) : undefined,
        );
        if (approval) {
          request.audit.targets.approval = approval.id;
          request.log.info({ campaign: id, approval: approval.id }, 'bulk campaign awaits approval');
        } else {
          await runner.enqueue(id);
          request.log.info(
            { campaign: id, kind: body.kind, rows: body.rows.length },
            'bulk campaign started',
          );
        }
        return reply.code(201).send(await campaigns.describe(await campaignFor(request, id)));
      },
    );

    // Before a file runs: which of its rows earlier campaigns ran (when, by whom, with what result).
    // Nothing is stored; the generated input_ids are derived here, as the campaign would.
    app.post(
      '/bff/bulk/campaigns/prior-runs',
      {
        bodyLimit: CAMPAIGN_BODY_LIMIT,
        config: { roles: CAMPAIGN_STAFF, audit: 'bff_bulk_campaigns_prior_runs' },
        schema: { body: bulkCampaignEnvelopeSchema, response: { 200: bulkPriorRunsSchema } },
      },
      async (request) => {
        const body = await parseCampaignRows(request.body);
        const { rows } = await checkRows(body);
        return campaigns.priorRuns(body.kind, rows);
      },
    );

    app.get(
      '/bff/bulk/campaigns',
      {
        config: { roles: CAMPAIGN_STAFF },
        schema: { querystring: bulkCampaignListQuerySchema, response: { 200: z.array(bulkCampaignSchema) } },
      },
      async (request) => {
        const session = requireCampaignStaff(request);
        void runner.ensureStarted();
        const { kind } = request.query;
        return campaigns.list({
          ...(canAdminister(session.role) ? {} : { owner: session.username }),
          ...(kind && { kind }),
        });
      },
    );

    app.get(
      '/bff/bulk/campaigns/:id',
      {
        config: { roles: CAMPAIGN_STAFF },
        schema: { params: campaignParamsSchema, response: { 200: bulkCampaignSchema } },
      },
      async (request) => {
        const campaign = await campaignFor(request, request.params.id);
        if (campaign.status === 'running') void runner.ensureStarted();
        return campaigns.describe(campaign);
      },
    );

    const control = (action: 'pause' | 'resume' | 'cancel') =>
      app.post(
        `/bff/bulk/campaigns/:id/${action}`,
        {
          config: {
            roles: CAMPAIGN_STAFF,
            audit: `bff_bulk_campaigns_${action}`,
            auditTargets: { id: 'campaign' },
          },
          schema: {
            params: campaignParamsSchema,
            response: { 200: bulkCampaignSchema, 409: bffRefusalSchema },
          },
        },
        async (request, reply) => {
          const campaign = await campaignFor(request, request.params.id);
          if (action === 'resume') runner.release(campaign.id);
          else runner.halt(campaign.id);
          const moved =
            action === 'pause'
              ? await campaigns.transition(campaign.id, ['running'], 'paused')
              : action === 'resume'
                ? await campaigns.transition(campaign.id, ['paused'], 'running')
                : await campaigns.transition(campaign.id, ['running', 'paused'], 'cancelled');
          if (!moved)
            return reply.code(409).send(
              refusal(
                'campaign_state_conflict',
                `The campaign is ${campaign.status}: it cannot ${action} now.`,
                {
                  status: campaign.status,
                  action,
                },
              ),
            );
          if (action === 'resume') await runner.enqueue(campaign.id);
          return campaigns.describe(await campaignFor(request, campaign.id));
        },
      );
    control('pause');
    control('resume');
    control('cancel');

    app.get(
      '/bff/bulk/campaigns/:id/rows',
      {
        config: { roles: CAMPAIGN_STAFF },
        schema: { params: campaignParamsSchema, response: { 200: bulkResultRowsSchema } },
      },
      async (request) => {
        const campaign = await campaignFor(request, request.params.id);
        return campaigns.rowsNotCreated(campaign.id);
      },
    );

    app.get(
      '/bff/bulk/campaigns/:id/results',
      {
        config: { roles: CAMPAIGN_STAFF },
        schema: { params: campaignParamsSchema, querystring: bulkResultsQuerySchema },
      },
      async (request, reply) => {
        const campaign = await campaignFor(request, request.params.id);
        const german = request.query.language === 'de';
        const options = { delimiter: german ? ';' : ',' };
        async function* lines() {
          const [status, ...after] = BULK_RESULTS_CSV_HEADER.slice(4);
          yield `${german ? '\uFEFF' : ''}${csvLines(
            [[...BULK_RESULTS_CSV_HEADER.slice(0, 4), status, ...(german ? ['status_text'] : []), ...after]],
            options,
          )}`;
          for await (const rows of campaigns.rowsInOrder(campaign.id))
            yield csvLines(
              rows.map((row) => {
                const code = resultStatus(row);
                return [
                  row.row,
                  row.userId,
                  row.contractId ?? '',
                  row.inputId ?? '',
                  code,
                  ...(german ? [BULK_RESULT_STATUS_TEXT_DE[code]] : []),
                  row.message ?? '',
                ];
              }),
              options,
            );
        }
        const name = campaign.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}-results.csv"`)
          .send(Readable.from(lines()));
      },
    );
  },
  {
    name: 'bff-bulk',
    dependencies: RECORDED_WRITE_PLUGINS,
  },
);
