import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditEntrySchema,
  auditFilterSchema,
  auditPageSchema,
  auditQuerySchema,
  type AuditEntry,
} from '../../contract/bff-api.ts';
import { retryOnConnectionLoss } from '../../node-shared/db/errors.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { loggableError } from '../security/error-answers.ts';
import { ADMINS } from '../route-rules/role-rules.ts';
import { auditCsv } from './audit-csv.ts';
import { AuditRepository } from './audit-repository.ts';

const DAY_MS = 24 * 60 * 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    auditLog: AuditRepository;
  }
  interface FastifyRequest {
    /** What a write attempt did, set by its route; unset means it reached no allowlisted operation. */
    audit?: { operation: string; targets: Record<string, string> };
    /** The audit row recorded before the attempt was forwarded, completed with its answer. */
    auditId?: number;
  }
}

/** Tries of an answer's audit completion when the database connection is lost under it (50 ms … 5 s apart). */
const AUDIT_ANSWER_ATTEMPTS = 6;

export interface AuditPluginOptions {
  retentionDays: number;
  now: () => number;
}

const isWrite = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
/**
 * The attempts the audit keeps: every write through the `/api` proxy (an allowlisted operation or not), and
 * every write to a BFF route that names its operation in `config.audit` (route-rules-plugin.ts), refused
 * ones too — a CSRF refusal comes before the route's rules run, so the route's own operation names it here.
 */
const auditedOperation = (request: FastifyRequest): string | undefined =>
  !isWrite(request)
    ? undefined
    : (request.audit?.operation ??
      request.routeOptions.config.audit ??
      (request.url.startsWith('/api/') ? 'not_allowed' : undefined));

/** The link of another page of the same filtered audit: relative, never built from the Host header. */
function pageUrl(request: FastifyRequest, offset: number): string {
  const url = new URL(request.url, 'http://console.invalid');
  url.searchParams.set('offset', String(offset));
  return `${url.pathname}${url.search}`;
}

/**
 * Every write attempt (refused ones too) recorded in the BFF's database, with ids only; read paged
 * and filtered by admins, exported as CSV, and kept for `retentionDays`.
 */
export default fp<AuditPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const audit = new AuditRepository(app.database.db);
    app.decorate('auditLog', audit);
    scheduleMaintenance(app, 'audit retention', HOURLY, () =>
      audit.deleteBefore(new Date(options.now() - options.retentionDays * DAY_MS)),
    );
    // An answered write always ends with its status in the audit: entries a lost connection left at 0 take
    // the answer their record holds, at start and hourly (issue 41).
    scheduleMaintenance(app, 'audit entries settled from records', HOURLY, () =>
      audit.reconcile(options.now()),
    );

    const entryOf = (request: FastifyRequest, reply: FastifyReply, status: number): AuditEntry =>
      auditEntrySchema.parse({
        // When the attempt arrived: entries sort in the order staff made them.
        time: new Date(options.now() - reply.elapsedTime).toISOString(),
        requestId: String(request.id),
        username: request.session?.username ?? null,
        displayName: request.session?.displayName ?? null,
        role: request.session?.role ?? null,
        operation: auditedOperation(request) ?? 'not_allowed',
        method: request.method,
        path: request.url.split('?')[0]!.slice(0, 300),
        targets: request.audit?.targets ?? {},
        status,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      });

    // A write that goes on to the platform is recorded before it is forwarded (status 0: no answer yet),
    // so a process that dies after the platform booked leaves the attempt in the audit. If it cannot be
    // recorded, nothing is forwarded (the error handler answers 503).
    app.addHook('preHandler', async (request, reply) => {
      if (!request.url.startsWith('/api/') || !request.audit || !isWrite(request)) return;
      request.auditId = await audit.begin(entryOf(request, reply, 0));
    });

    // The answer is recorded before it leaves (onSend, not onResponse): no write is acknowledged to staff
    // without its audit row, and an admin reading the audit right after sees it. Costs writes ~1 ms.
    app.addHook('onSend', async (request, reply, payload) => {
      if (auditedOperation(request) === undefined) return payload;
      const entry = entryOf(request, reply, reply.statusCode);
      try {
        // A connection lost under the answer is tried again (~8 s): an answered write must not stay at status 0
        // (issue 41). Setting the status is idempotent; an entry recorded whole may, if the connection went after
        // its commit, be there twice, which is better than not at all.
        const { auditId } = request;
        await retryOnConnectionLoss(
          () =>
            auditId === undefined
              ? audit.record(entry)
              : audit.answer(auditId, entry.status, entry.durationMs),
          { attempts: AUDIT_ANSWER_ATTEMPTS },
        );
      } catch (error) {
        // The write has happened upstream: answering an error would mislead. The log line keeps the entry.
        request.log.error({ err: loggableError(error) }, 'audit entry not stored');
      }
      request.log.info({ audit: entry }, 'audit');
      return payload;
    });

    app.get(
      '/bff/audit',
      {
        config: { roles: ADMINS },
        schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } },
      },
      async (request) => {
        const { limit, offset, ...filter } = request.query;
        const page = await audit.page(filter, limit, offset);
        return {
          count: page.count,
          next: offset + limit < page.count ? pageUrl(request, offset + limit) : null,
          previous: offset > 0 ? pageUrl(request, Math.max(0, offset - limit)) : null,
          results: page.results,
        };
      },
    );

    app.get(
      '/bff/audit/export',
      { config: { roles: ADMINS }, schema: { querystring: auditFilterSchema } },
      async (request, reply) => {
        const filter = request.query;
        const day = new Date(options.now()).toISOString().slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
          .send(Readable.from(auditCsv(audit.batches(filter))));
      },
    );
  },
  { name: 'bff-audit', dependencies: ['bff-database', 'bff-sessions'] },
);
