import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FEED_MAX_LIMIT, feedPageSchema, type FeedRecord } from '../../contract/api/feed.ts';
import { operationPath } from '../../contract/api/operation-paths.ts';
import { bffBadRequestSchema, platformFailureAnswers } from '../../contract/bff-route-schemas.ts';
import { bffRefusalSchema } from '../../contract/bff-refusal-codes.ts';
import {
  comparedRange,
  createSharedReportSchema,
  createdSharedReportSchema,
  defaultExpiry,
  expiryProblem,
  rangeQueryOf,
  rawRangeQueryOf,
  SHARED_REPORT_TOKEN,
  sharedReportDataSchema,
  sharedReportIdParamsSchema,
  sharedReportListSchema,
  sharedReportParamsSchema,
  sharedReportRawSchema,
  sharedReportsQuerySchema,
  type SharedReport,
  type SharedReportData,
  type SharedReportParams,
  type SharedRange,
} from '../../contract/shared-reports.ts';
import { FieldErrors, HttpError } from '../http-error.ts';
import { TooLargeError } from '../platform/answer-body.ts';
import { classifyFailure, PLATFORM_FAILURE_CODES } from '../platform/platform-failure.ts';
import { SIGNED_IN, type RoleRule } from '../route-rules/role-rules.ts';
import { loggableError } from '../security/error-answers.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { RateWindow } from './rate-window.ts';
import { SharedReportRepository, type SharedReportRow } from './shared-report-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    sharedReports: SharedReportRepository;
  }
}

export interface SharedReportsPluginOptions {
  /** The built console (`dist/`), which holds the link page's own entry, `shared.html`. */
  staticDir?: string | undefined;
  now: () => number;
  /** Readings of one link per minute, on this replica. */
  perLinkPerMinute?: number;
  /** Requests to `/shared/…` from one address per minute, on this replica (guessing tokens included). */
  perAddressPerMinute?: number;
}

/** Operators and admins make and revoke links: a link lets anyone read a contract's values. */
export const SHARE_STAFF: RoleRule = {
  roles: ['operator', 'admin'],
  refusal: {
    code: 'shared_reports_need_operator_role',
    detail: 'Only operators and admins may share reports outside the console.',
  },
};

const DEFAULT_PER_LINK_PER_MINUTE = 60;
const DEFAULT_PER_ADDRESS_PER_MINUTE = 120;
/** A year of a contract's 15-minute values is ~3.5 MB of JSON; twice that with a year to compare. */
const MAX_FEED_BYTES = 8 * 1024 * 1024;
/** Pages of the platform's list one reading may take (a year of raw values is 4). */
const MAX_PAGES = 12;

/** The path with a link's token left out, for the audit and the logs. */
export const pathWithoutToken = (url: string) =>
  url
    .split('?')[0]!
    .replace(/^\/shared\/[^/]+/, '/shared/…')
    .slice(0, 300);

const paramsOf = (row: SharedReportRow): SharedReportParams =>
  sharedReportParamsSchema.parse({
    user: row.userId,
    contract: row.contractId,
    from: row.fromDate,
    to: row.toDate,
    agg: row.aggregation,
    tz: row.timeZone,
    view: row.view,
    compare: row.compare,
    capacity_kw: row.capacityKw,
  });

function listView(row: SharedReportRow, now: number): SharedReport {
  const params = paramsOf(row);
  return {
    id: String(row.id),
    ...params,
    note: row.note,
    created_by: row.createdByName ?? row.createdBy,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    open_count: row.openCount,
    last_opened_at: row.lastOpenedAt?.toISOString() ?? null,
    state: row.revokedAt ? 'revoked' : row.expiresAt.getTime() <= now ? 'expired' : 'active',
  };
}

const GONE = {
  revoked: { code: 'shared_report_revoked', detail: 'This link was revoked by the console’s staff.' },
  expired: { code: 'shared_report_expired', detail: 'This link has expired.' },
} as const;
const UNKNOWN_LINK = 'There is no such link.';

/**
 * Read-only links to one feed-in report (issue 46, decision 0047): staff make, list and revoke them under
 * `/bff/shared-reports`; anyone with a link reads its page (`GET /shared/<token>`) and its data
 * (`GET /shared/<token>/feed`) without a session. The data is the platform's answer for the link's stored
 * contract, range, aggregation and zone only, asked by the BFF's one platform client with the console's
 * credentials; nothing else of the BFF or the platform is reachable with a token.
 */
export default fp<SharedReportsPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const links = new SharedReportRepository(app.database.db);
    app.decorate('sharedReports', links);
    const perLink = new RateWindow(options.perLinkPerMinute ?? DEFAULT_PER_LINK_PER_MINUTE, 60_000);
    const perAddress = new RateWindow(options.perAddressPerMinute ?? DEFAULT_PER_ADDRESS_PER_MINUTE, 60_000);

    const staticRoot = resolve(options.staticDir ?? 'dist');
    const pageFile = join(staticRoot, 'shared.html');
    const page = existsSync(pageFile) ? readFileSync(pageFile) : null;

    app.post(
      '/bff/shared-reports',
      {
        config: { roles: SHARE_STAFF, audit: 'bff_shared_reports_create' },
        schema: {
          body: createSharedReportSchema,
          response: { 201: createdSharedReportSchema, 400: bffBadRequestSchema, ...platformFailureAnswers },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const now = options.now();
        const body = request.body;
        const expiresAt = body.expires_at ?? defaultExpiry(now);
        const problem = expiryProblem(expiresAt, now);
        if (problem) throw new FieldErrors({ expires_at: [problem] });
        const report = sharedReportParamsSchema.parse(body);
        // A link to a contract the platform does not know would only ever tell its reader "cannot be shown":
        // asked once now (a page of one value), it is refused where the mistake is made.
        if (!(await contractExists(request, report)))
          throw new FieldErrors({ contract: ['The platform has no such contract for this producer.'] });
        const { row, token } = await links.create({
          report,
          createdBy: session.username,
          createdByName: session.displayName,
          note: body.note ?? '',
          expiresAt: new Date(expiresAt),
          createdAt: new Date(now),
        });
        request.audit = {
          operation: 'bff_shared_reports_create',
          targets: { userID: report.user, contractID: report.contract, shared_report: String(row.id) },
        };
        return reply.code(201).send({
          id: String(row.id),
          url: `/shared/${token}`,
          expires_at: row.expiresAt.toISOString(),
        });
      },
    );

    app.get(
      '/bff/shared-reports',
      {
        config: { roles: SIGNED_IN },
        schema: {
          querystring: sharedReportsQuerySchema,
          response: { 200: sharedReportListSchema, 400: bffBadRequestSchema },
        },
      },
      async (request) => {
        requireSession(request);
        const now = options.now();
        const rows = await links.list(request.query.user, request.query.contract);
        return rows.map((row) => listView(row, now));
      },
    );

    app.delete(
      '/bff/shared-reports/:id',
      {
        config: {
          roles: SHARE_STAFF,
          audit: 'bff_shared_reports_revoke',
          auditTargets: { id: 'shared_report' },
        },
        schema: {
          params: sharedReportIdParamsSchema,
          response: { 204: z.undefined(), 400: bffBadRequestSchema, 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const revoked = await links.revoke(
          Number(request.params.id),
          session.username,
          new Date(options.now()),
        );
        if (!revoked)
          throw new HttpError(404, 'no_such_shared_report', 'There is no such shared report link.');
        request.audit = {
          operation: 'bff_shared_reports_revoke',
          targets: {
            userID: revoked.userId,
            contractID: revoked.contractId,
            shared_report: String(revoked.id),
          },
        };
        return reply.code(204).send();
      },
    );

    /** The address's limit for any `/shared/…` request; then the link's, once it is known. */
    const throttle = (key: string, window: RateWindow) => {
      const wait = window.take(key, options.now());
      if (wait > 0)
        throw new HttpError(
          429,
          'shared_report_throttled',
          'This link was opened too often; try again shortly.',
          {
            retry_after_seconds: wait,
          },
        );
    };

    /**
     * The link of a token, or the refusal: an unknown or malformed token is the same 404 (nothing tells
     * which tokens exist), a revoked or expired one a 410.
     */
    const linkOf = async (token: string, count: boolean): Promise<SharedReportRow> => {
      if (!SHARED_REPORT_TOKEN.test(token)) throw new HttpError(404, 'no_such_shared_report', UNKNOWN_LINK);
      const opening = await links.open(token, new Date(options.now()), count);
      if (opening.kind === 'unknown') throw new HttpError(404, 'no_such_shared_report', UNKNOWN_LINK);
      if (opening.kind !== 'open')
        throw new HttpError(410, GONE[opening.kind].code, GONE[opening.kind].detail);
      return opening.row;
    };

    /** One read of the platform for a link, its failures as the link's answers (502, or 504 when too slow). */
    const platformRead = async (request: FastifyRequest, pathAndQuery: string) => {
      try {
        return await app.platform.read(pathAndQuery, String(request.id), MAX_FEED_BYTES);
      } catch (error) {
        if (error instanceof TooLargeError)
          throw new HttpError(502, 'platform_answer_too_large', 'The platform’s answer is too large.');
        const failure = classifyFailure(error, false);
        throw new HttpError(
          failure.reason === 'timeout' ? 504 : 502,
          PLATFORM_FAILURE_CODES[failure.reason],
          failure.message,
        );
      }
    };

    /** Whether the platform knows the report's contract for its producer (its feed answers, or 404). */
    const contractExists = async (request: FastifyRequest, report: SharedReportParams) => {
      const path = operationPath('producers_contracts_feed_list', {
        userID: report.user,
        contractID: report.contract,
      });
      const { start, end } = rangeQueryOf({ from: report.from, to: report.to }, report.tz);
      const query = new URLSearchParams({
        start,
        end,
        aggregation_type: 'day',
        timezone: report.tz,
        limit: '1',
      });
      const { status } = await platformRead(request, `${path}?${query}`);
      if (status === 404) return false;
      if (status !== 200)
        throw new HttpError(
          502,
          'platform_answer_broken',
          'The platform could not confirm the contract now.',
        );
      return true;
    };

    /** Every record of a range, page by page, through the one platform client. */
    const readFeed = async (
      request: FastifyRequest,
      report: SharedReportParams,
      range: SharedRange,
      raw = false,
    ) => {
      const path = operationPath('producers_contracts_feed_list', {
        userID: report.user,
        contractID: report.contract,
      });
      const { start, end } = raw ? rawRangeQueryOf(range) : rangeQueryOf(range, report.tz);
      const records: FeedRecord[] = [];
      for (let offset = 0, pages = 0; ; offset += FEED_MAX_LIMIT, pages++) {
        if (pages >= MAX_PAGES)
          throw new HttpError(502, 'platform_answer_too_large', 'The report holds too many values.');
        const query = new URLSearchParams({
          start,
          end,
          aggregation_type: raw ? 'raw' : report.agg,
          timezone: raw ? 'UTC' : report.tz,
          limit: String(FEED_MAX_LIMIT),
          offset: String(offset),
        });
        const { status, text } = await platformRead(request, `${path}?${query}`);
        // The platform's refusal is not the reader's business (it names the producer's IDs): a plain 502.
        if (status !== 200) {
          request.log.warn({ status }, 'shared report: the platform refused the feed');
          throw new HttpError(
            502,
            'platform_answer_broken',
            'The report cannot be read from the platform now.',
          );
        }
        let page;
        try {
          page = feedPageSchema.parse(JSON.parse(text));
        } catch {
          throw new HttpError(502, 'platform_answer_broken', 'The platform’s answer could not be read.');
        }
        records.push(...page.results);
        if (page.next === null || page.results.length === 0) return records;
      }
    };

    /** Each reading of a link's values, without a user (the reader has none) and without the token. */
    const auditReading = (
      request: FastifyRequest,
      row: SharedReportRow,
      report: SharedReportParams,
      at: number,
      view?: string,
    ) =>
      app.auditLog
        .record({
          time: new Date(at).toISOString(),
          requestId: String(request.id),
          username: null,
          displayName: null,
          role: null,
          operation: 'bff_shared_reports_open',
          method: 'GET',
          path: pathWithoutToken(request.url),
          targets: {
            userID: report.user,
            contractID: report.contract,
            shared_report: String(row.id),
            ...(view ? { view } : {}),
          },
          status: 200,
          durationMs: 0,
        })
        .catch((error: unknown) => {
          // A reading of a contract's values by someone outside the console must leave a trace.
          request.log.error({ err: loggableError(error) }, 'shared report opening not audited');
          throw new HttpError(503, 'audit_unavailable', 'The report cannot be shown now. Try again shortly.');
        });

    /** No cookie for a link's reader, and nothing kept by caches along the way. */
    const readerHeaders = (reply: FastifyReply) => {
      void reply.header('cache-control', 'no-store').removeHeader('set-cookie');
    };

    const tokenParams = z.object({ token: z.string().max(200) });

    app.get(
      '/shared/:token',
      { config: { roles: 'public' }, schema: { params: tokenParams } },
      async (request, reply) => {
        readerHeaders(reply);
        let refused: HttpError | null = null;
        try {
          throttle(request.ip, perAddress);
          const row = await linkOf(request.params.token, false);
          throttle(String(row.id), perLink);
        } catch (error) {
          if (!(error instanceof HttpError) || ![404, 410, 429].includes(error.statusCode)) throw error;
          refused = error;
        }
        const status = refused?.statusCode ?? 200;
        if (!page) {
          // Without the built page (tests, a server started before its build) the refusal is the BFF's JSON one.
          if (refused) throw refused;
          return reply
            .code(503)
            .type('text/plain')
            .send('The console has not been built: run npm run build.');
        }
        // The same page says what happened: it asks for the data and words the refusal in the reader's language.
        return reply.code(status).type('text/html; charset=utf-8').send(page);
      },
    );

    app.get(
      '/shared/:token/feed',
      {
        config: { roles: 'public' },
        schema: {
          params: tokenParams,
          response: {
            200: sharedReportDataSchema,
            404: bffRefusalSchema,
            410: bffRefusalSchema,
            429: bffRefusalSchema,
          },
        },
      },
      async (request, reply): Promise<SharedReportData> => {
        readerHeaders(reply);
        throttle(request.ip, perAddress);
        const row = await linkOf(request.params.token, true);
        throttle(String(row.id), perLink);
        const report = paramsOf(row);
        const started = options.now();
        await auditReading(request, row, report, started);
        const range = { from: report.from, to: report.to };
        const compared = comparedRange(range, report.compare);
        const [records, compareRecords] = await Promise.all([
          readFeed(request, report, range),
          compared ? readFeed(request, report, compared) : null,
        ]);
        return {
          ...report,
          expires_at: row.expiresAt.toISOString(),
          read_at: new Date(started).toISOString(),
          records,
          compare_records: compareRecords,
        };
      },
    );

    // The heatmap's 15-minute values, asked for when the reader switches to it (not with every opening): the
    // same link check and limits, audited as a reading of the heatmap; not counted as another opening.
    app.get(
      '/shared/:token/raw',
      {
        config: { roles: 'public' },
        schema: {
          params: tokenParams,
          response: {
            200: sharedReportRawSchema,
            404: bffRefusalSchema,
            410: bffRefusalSchema,
            429: bffRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        readerHeaders(reply);
        throttle(request.ip, perAddress);
        const row = await linkOf(request.params.token, false);
        throttle(String(row.id), perLink);
        const report = paramsOf(row);
        await auditReading(request, row, report, options.now(), 'heatmap');
        const range = { from: report.from, to: report.to };
        return { ...rawRangeQueryOf(range), records: await readFeed(request, report, range, true) };
      },
    );
  },
  {
    name: 'bff-shared-reports',
    dependencies: ['bff-database', 'bff-sessions', 'bff-audit', 'bff-route-rules', 'bff-platform'],
  },
);
