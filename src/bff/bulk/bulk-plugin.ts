import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { canAdminister, canWrite } from '../../contract/bff-api.ts';
import {
  BULK_KINDS,
  BULK_RESULTS_CSV_HEADER,
  bulkCampaignEnvelopeSchema,
  bulkCampaignRowSchema,
  repeatedRowProblem,
  type BulkCampaignRequest,
  generatedInputId,
  parseBulkRow,
  type BulkKind,
} from '../../contract/bulk.ts';
import { csvLines } from '../../contract/csv.ts';
import { toFieldErrors } from '../../contract/field-errors.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { parseBody } from '../parse-input.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import type { TokenManager } from '../token-manager.ts';
import {
  CampaignRepository,
  type BulkCampaignRow,
  type BulkRow,
  type NewBulkRow,
} from './campaign-repository.ts';
import { CampaignRunner } from './campaign-runner.ts';
import { mapInSlices } from './map-in-slices.ts';
import type { RetryPolicy } from './row-outcome.ts';
import { PlatformWriter } from './platform-writer.ts';

export interface BulkPluginOptions {
  upstreamBaseUrl: string;
  tokens: TokenManager;
  upstreamTimeoutMs: number;
  salespartner?: string | undefined;
  /** Platform calls in flight from this process (BFF_BULK_CONCURRENCY). */
  concurrency: number;
  retryPolicy?: RetryPolicy;
  now: () => number;
}

/** 10,000 rows of a migration file are a few megabytes of JSON. */
const CAMPAIGN_BODY_LIMIT = 16 * 1024 * 1024;

/** Operators and admins run campaigns; a campaign is seen by its owner and by admins. */
function requireCampaignStaff(request: FastifyRequest) {
  const session = requireSession(request);
  if (!canWrite(session.role)) throw new HttpError(403, 'Only operators and admins may run bulk campaigns.');
  return session;
}

/**
 * The path ids and the body the platform receives, from a row's schema output (`data`); a charge the
 * file gave no `input_id` gets the campaign's stable one.
 */
function platformRow(
  kind: BulkKind,
  campaignId: string,
  row: number,
  data: Record<string, unknown>,
  given: Record<string, unknown>,
): NewBulkRow {
  const {
    user_id: userId,
    contract_id: contractId,
    ...body
  } = data as Record<string, unknown> & {
    user_id: string;
    contract_id?: string;
  };
  if (kind === 'charges' && given.input_id === undefined) body.input_id = generatedInputId(campaignId, row);
  return {
    row,
    userId,
    contractId: contractId ?? null,
    inputId: typeof body.input_id === 'string' ? body.input_id : null,
    body,
  };
}

/**
 * The campaign request as `bulkCampaignRequestSchema` defines it, checked in slices: the envelope at
 * once, then the rows 250 at a time with the event loop given back between them.
 */
async function parseCampaignRequest(raw: unknown): Promise<BulkCampaignRequest> {
  const envelope = parseBody(bulkCampaignEnvelopeSchema, raw);
  const rows = await mapInSlices(envelope.rows, (row, index) => {
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
  const repeated = repeatedRowProblem(rows);
  if (repeated) throw new FieldErrors({ rows: [repeated] });
  return { ...envelope, rows };
}

/**
 * A row's status in the results: its outcome; for an open row `unknown` when an attempt may have booked
 * it (sent without an answer yet, or in flight as the file is made), else `not_sent` (not yet, or never,
 * once the campaign is cancelled).
 */
function resultStatus(row: BulkRow): string {
  if (row.status !== 'pending' && row.status !== 'sending') return row.status;
  return row.unanswered || row.status === 'sending' ? 'unknown' : 'not_sent';
}

/**
 * Bulk campaigns (`/bff/bulk/campaigns`): a checked file becomes rows in the database and runs as
 * pg-boss jobs, so it survives a closed browser and a BFF restart, and any replica may carry it on.
 */
export default fp<BulkPluginOptions>(
  async (app, options) => {
    const campaigns = new CampaignRepository(app.database.db, options.now);
    const writer = new PlatformWriter({
      baseUrl: options.upstreamBaseUrl,
      tokens: options.tokens,
      timeoutMs: options.upstreamTimeoutMs,
      salespartner: options.salespartner,
    });
    const runner = new CampaignRunner({
      database: app.database,
      campaigns,
      writer,
      audit: app.auditLog,
      concurrency: options.concurrency,
      // Longer than one request may take: a live runner's claim is never taken over.
      leaseMs: options.upstreamTimeoutMs * 2 + 5_000,
      log: app.log,
      now: options.now,
      ...(options.retryPolicy && { retryPolicy: options.retryPolicy }),
    });
    app.addHook('onReady', async () => {
      // Carry on with campaigns a stopped BFF left running.
      if ((await campaigns.runningIds()).length > 0) await runner.ensureStarted();
    });
    app.addHook('onClose', async () => {
      await runner.stop();
      await writer.close();
    });

    const campaignFor = async (
      request: FastifyRequest<{ Params: { id: string } }>,
    ): Promise<BulkCampaignRow> => {
      const session = requireCampaignStaff(request);
      const campaign = await campaigns.find(request.params.id);
      if (!campaign || (campaign.owner !== session.username && !canAdminister(session.role)))
        throw new HttpError(404, 'No such campaign.');
      return campaign;
    };

    app.post('/bff/bulk/campaigns', { bodyLimit: CAMPAIGN_BODY_LIMIT }, async (request, reply) => {
      request.audit = { operation: 'bff_bulk_campaigns_create', targets: {} };
      const session = requireCampaignStaff(request);
      const body = await parseCampaignRequest(request.body);
      // Each row checked once: its schema output is what gets stored, or its problems are named.
      const checked = await mapInSlices(body.rows, ({ row, values }) => ({
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
      if (problems.length) throw new FieldErrors({ rows: problems.slice(0, 50) });
      const id = randomUUID();
      request.audit.targets = { campaign: id };
      await campaigns.create(
        {
          id,
          kind: body.kind,
          fileName: body.fileName,
          owner: session.username,
          ownerDisplayName: session.displayName,
          ownerRole: session.role,
          total: body.rows.length,
        },
        checked.map(({ row, values, parsed }) =>
          platformRow(body.kind, id, row, parsed.data as Record<string, unknown>, values),
        ),
      );
      await runner.enqueue(id);
      request.log.info({ campaign: id, kind: body.kind, rows: body.rows.length }, 'bulk campaign started');
      return reply.code(201).send(await campaigns.describe((await campaigns.find(id))!));
    });

    app.get<{ Querystring: { kind?: string } }>('/bff/bulk/campaigns', async (request) => {
      const session = requireCampaignStaff(request);
      void runner.ensureStarted();
      const kind = BULK_KINDS.find((candidate) => candidate === request.query.kind);
      return campaigns.list({
        ...(canAdminister(session.role) ? {} : { owner: session.username }),
        ...(kind && { kind }),
      });
    });

    app.get<{ Params: { id: string } }>('/bff/bulk/campaigns/:id', async (request) => {
      const campaign = await campaignFor(request);
      if (campaign.status === 'running') void runner.ensureStarted();
      return campaigns.describe(campaign);
    });

    const control = (action: 'pause' | 'resume' | 'cancel') =>
      app.post<{ Params: { id: string } }>(`/bff/bulk/campaigns/:id/${action}`, async (request, reply) => {
        request.audit = {
          operation: `bff_bulk_campaigns_${action}`,
          targets: { campaign: request.params.id.slice(0, 64) },
        };
        const campaign = await campaignFor(request);
        if (action === 'resume') runner.release(campaign.id);
        else runner.halt(campaign.id);
        const moved =
          action === 'pause'
            ? await campaigns.transition(campaign.id, ['running'], 'paused')
            : action === 'resume'
              ? await campaigns.transition(campaign.id, ['paused'], 'running')
              : await campaigns.transition(campaign.id, ['running', 'paused'], 'cancelled');
        if (!moved)
          return reply
            .code(409)
            .send({ detail: `The campaign is ${campaign.status}: it cannot ${action} now.` });
        if (action === 'resume') await runner.enqueue(campaign.id);
        return campaigns.describe((await campaigns.find(campaign.id))!);
      });
    control('pause');
    control('resume');
    control('cancel');

    app.get<{ Params: { id: string } }>('/bff/bulk/campaigns/:id/results', async (request, reply) => {
      const campaign = await campaignFor(request);
      async function* lines() {
        yield csvLines([BULK_RESULTS_CSV_HEADER]);
        for await (const rows of campaigns.rowsInOrder(campaign.id))
          yield csvLines(
            rows.map((row) => [
              row.row,
              row.userId,
              row.contractId ?? '',
              row.inputId ?? '',
              resultStatus(row),
              row.message ?? '',
            ]),
          );
      }
      const name = campaign.fileName.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '_');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}-results.csv"`)
        .send(Readable.from(lines()));
    });
  },
  { name: 'bff-bulk', dependencies: ['bff-database', 'bff-sessions', 'bff-audit'] },
);
