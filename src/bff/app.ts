import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { z } from 'zod';
import {
  auditEntrySchema,
  canAdminister,
  createUserRequestSchema,
  CSRF_HEADER,
  loginRequestSchema,
  updateUserRequestSchema,
  type AuditEntry,
  type Environment,
} from '../contract/bff-api.ts';
import { MAX_BODY_BYTES } from '../contract/api/common.ts';
import { toFieldErrors } from '../contract/field-errors.ts';
import { AuditLog } from './audit-log.ts';
import { addSecurityHeaders } from './security-headers.ts';
import { SessionStore, type Session } from './session-store.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import type { TokenManager } from './token-manager.ts';
import { allowlistedOperation, assertMayCall, Forwarder, ProxyError } from './upstream-proxy.ts';
import { UserExistsError, UserStore } from './user-store.ts';

const COOKIE = 'ec_session';
const SECURE_COOKIE = `__Host-${COOKIE}`;

export interface BffOptions {
  dataDir: string;
  environment: Environment;
  upstreamBaseUrl: string;
  tokens: TokenManager;
  upstreamTimeoutMs: number;
  salespartner?: string | undefined;
  sessionSecret?: string | undefined;
  trustProxy?: boolean;
  staticDir?: string | undefined;
  logger?: FastifyBaseLogger;
  now?: () => number;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    audit?: { operation: string; targets: Record<string, string> };
  }
}

function requestIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let sequence = 0;
  return () => `${prefix}-${(++sequence).toString(36)}`;
}

/** SESSION_SECRET, or one generated once and kept in the data directory. */
function sessionSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, 'session-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

function parseBody<T extends z.ZodType>(
  schema: T,
  body: unknown,
): z.output<T> | { errors: Record<string, string[]> } {
  let json: unknown = undefined;
  try {
    json = Buffer.isBuffer(body) && body.length > 0 ? JSON.parse(body.toString('utf8')) : body;
  } catch {
    return { errors: { non_field_errors: ['The body is not valid JSON.'] } };
  }
  const result = schema.safeParse(json);
  return result.success ? result.data : { errors: toFieldErrors(result.error, json, 'schema') };
}

const isErrors = (value: unknown): value is { errors: Record<string, string[]> } =>
  typeof value === 'object' && value !== null && 'errors' in value && Object.keys(value).length === 1;

/** Builds the BFF (plugins, hooks, routes); `server.ts` listens. */
export async function buildBffApp(
  options: BffOptions,
): Promise<{ app: FastifyInstance; users: UserStore; sessions: SessionStore }> {
  const now = options.now ?? Date.now;
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    trustProxy: options.trustProxy ?? false,
    // A per-process prefix and a counter: unique, and no randomBytes call on the hot path (7 % of BFF CPU).
    genReqId: requestIds(),
  });
  const users = new UserStore(options.dataDir);
  const sessions = new SessionStore(now);
  const throttle = new SignInThrottle(now);
  const audit = new AuditLog(options.dataDir, app.log);
  const forwarder = new Forwarder({
    baseUrl: options.upstreamBaseUrl,
    tokens: options.tokens,
    timeoutMs: options.upstreamTimeoutMs,
    salespartner: options.salespartner,
  });
  app.addHook('onClose', () => forwarder.close());

  await app.register(fastifyCookie, { secret: sessionSecret(options.dataDir, options.sessionSecret) });
  // Bodies stay raw bytes: forwarded as they came; the BFF's own routes parse them with their schema.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.decorateRequest('session', null);
  app.addHook('onRequest', addSecurityHeaders);

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof ProxyError) return reply.code(error.statusCode).send({ detail: error.detail });
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.code(413).send({ detail: 'Request body exceeds the limit of 1 MB.' });
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.code(415).send({ detail: 'Send JSON (Content-Type: application/json).' });
    const status = error.statusCode ?? 500;
    if (status < 500) return reply.code(status).send({ detail: error.message });
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Something went wrong in the console server.' });
  });

  // CSRF: a custom header cannot be sent cross-site without a CORS preflight, which we never allow.
  app.addHook('onRequest', async (request, reply) => {
    const guarded = request.url.startsWith('/api/') || request.url.startsWith('/bff/');
    if (!guarded) return;
    if (request.headers[CSRF_HEADER] !== '1')
      return reply.code(403).send({ detail: 'Missing X-CSRF: 1 header.' });
    const cookie = request.cookies[SECURE_COOKIE] ?? request.cookies[COOKIE];
    const unsigned = cookie ? request.unsignCookie(cookie) : null;
    // Disabling an account or changing its role ends its sessions (PATCH /bff/users), so a live
    // session always belongs to an enabled account: no per-request account lookup.
    request.session = unsigned?.valid ? sessions.touch(unsigned.value ?? undefined) : null;
  });

  const isWrite = (request: FastifyRequest) => !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
  app.addHook('onResponse', async (request, reply) => {
    const audited =
      (request.url.startsWith('/api/') || request.url.startsWith('/bff/users')) && isWrite(request);
    if (!audited) return;
    const entry: AuditEntry = {
      time: new Date(now()).toISOString(),
      requestId: String(request.id),
      username: request.session?.username ?? null,
      role: request.session?.role ?? null,
      operation: request.audit?.operation ?? 'not_allowed',
      method: request.method,
      path: request.url.split('?')[0]!.slice(0, 300),
      targets: request.audit?.targets ?? {},
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
    };
    audit.record(auditEntrySchema.parse(entry));
  });

  function requireSession(request: FastifyRequest, reply: FastifyReply): Session | null {
    if (!request.session) {
      void reply.code(401).send({ detail: 'Sign in to continue.' });
      return null;
    }
    return request.session;
  }

  function requireAdmin(request: FastifyRequest, reply: FastifyReply): Session | null {
    const session = requireSession(request, reply);
    if (session && !canAdminister(session.role)) {
      void reply.code(403).send({ detail: 'Only admins may do this.' });
      return null;
    }
    return session;
  }

  app.post('/bff/login', async (request, reply) => {
    const body = parseBody(loginRequestSchema, request.body);
    if (isErrors(body)) return reply.code(400).send(body.errors);
    const retryAfter = throttle.retryAfterSeconds(body.username, request.ip);
    if (retryAfter > 0) {
      return reply
        .code(429)
        .header('retry-after', String(retryAfter))
        .send({ detail: `Too many failed sign-ins. Try again in ${Math.ceil(retryAfter / 60)} minutes.` });
    }
    const user = await users.authenticate(body.username, body.password);
    if (!user) {
      throttle.recordFailure(body.username, request.ip);
      return reply.code(401).send({ detail: 'Wrong username or password.' });
    }
    throttle.recordSuccess(body.username);
    // Rotation: a session id from before sign-in never becomes an authenticated one.
    sessions.destroy(request.session?.id);
    const session = sessions.create(user.username, user.role);
    const secure = request.protocol === 'https';
    void reply.setCookie(secure ? SECURE_COOKIE : COOKIE, session.id, {
      httpOnly: true,
      sameSite: 'strict',
      path: '/',
      secure,
      signed: true,
    });
    return reply.code(200).send({ username: user.username, role: user.role });
  });

  app.post('/bff/logout', async (request, reply) => {
    sessions.destroy(request.session?.id);
    const secure = request.protocol === 'https';
    void reply.clearCookie(secure ? SECURE_COOKIE : COOKIE, {
      path: '/',
      httpOnly: true,
      sameSite: 'strict',
      secure,
    });
    return reply.code(204).send();
  });

  app.get('/bff/user', async (request, reply) => {
    const session = requireSession(request, reply);
    if (!session) return reply;
    return { username: session.username, role: session.role, environment: options.environment };
  });

  // Public: the sign-in screen shows the environment too, so production is unmistakable before sign-in.
  app.get('/bff/environment', async () => ({ environment: options.environment }));

  app.get('/bff/users', async (request, reply) => {
    if (!requireAdmin(request, reply)) return reply;
    return users.list();
  });

  app.post('/bff/users', async (request, reply) => {
    request.audit = { operation: 'bff_users_create', targets: {} };
    if (!requireAdmin(request, reply)) return reply;
    const body = parseBody(createUserRequestSchema, request.body);
    if (isErrors(body)) return reply.code(400).send(body.errors);
    request.audit.targets = { username: body.username };
    try {
      return reply.code(201).send(await users.create(body.username, body.password, body.role));
    } catch (error) {
      if (error instanceof UserExistsError)
        return reply.code(400).send({ username: ['An account with this username exists.'] });
      throw error;
    }
  });

  app.patch<{ Params: { username: string } }>('/bff/users/:username', async (request, reply) => {
    request.audit = {
      operation: 'bff_users_update',
      targets: { username: request.params.username.slice(0, 64) },
    };
    const session = requireAdmin(request, reply);
    if (!session) return reply;
    const body = parseBody(updateUserRequestSchema, request.body);
    if (isErrors(body)) return reply.code(400).send(body.errors);
    if (
      request.params.username === session.username &&
      (body.disabled || (body.role && body.role !== 'admin'))
    ) {
      return reply
        .code(400)
        .send({ detail: 'You cannot disable your own account or take away your own admin role.' });
    }
    const updated = users.update(request.params.username, body);
    if (!updated) return reply.code(404).send({ detail: 'No such account.' });
    sessions.destroyUser(updated.username);
    return updated;
  });

  app.get<{ Querystring: { limit?: string } }>('/bff/audit', async (request, reply) => {
    if (!requireAdmin(request, reply)) return reply;
    const limit = Math.min(Math.max(Number.parseInt(request.query.limit ?? '200', 10) || 200, 1), 5000);
    return audit.recent(limit);
  });

  app.all('/bff/*', async (_request, reply) => reply.code(404).send({ detail: 'Not found.' }));

  app.all('/api/*', async (request, reply) => {
    request.audit = { operation: 'not_allowed', targets: {} };
    const session = requireSession(request, reply);
    if (!session) return reply;
    const { operation, params, path } = allowlistedOperation(request.method, request.url);
    const targets: Record<string, string> = { ...params };
    const body = Buffer.isBuffer(request.body) ? request.body : undefined;
    if (body && operation.auditBodyFields) {
      try {
        const json = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
        for (const field of operation.auditBodyFields) {
          const value = json[field];
          if (typeof value === 'string' && value.length <= 128) targets[field] = value;
        }
      } catch {
        // Not JSON: the upstream will say so; the audit keeps the path ids.
      }
    }
    request.audit = { operation: operation.id, targets };
    assertMayCall(operation, session.role);
    if (operation.method === 'POST' && !body)
      return reply.code(415).send({ detail: 'Send JSON (Content-Type: application/json).' });
    return forwarder.forward(request, reply, path, operation.method === 'POST' ? body : undefined);
  });

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await options.tokens.token();
      return { status: 'ready' };
    } catch {
      return reply.code(503).send({ detail: 'No access token can be had from the Energy Platform.' });
    }
  });

  const staticRoot = resolve(options.staticDir ?? 'dist');
  const hasSpa = existsSync(join(staticRoot, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticRoot,
      index: false,
      wildcard: false,
      setHeaders: (response, filePath) => {
        const immutable = /[\\/]assets[\\/].+-[\w-]{8,}\.\w+$/.test(filePath);
        response.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasSpa ? readFileSync(join(staticRoot, 'index.html'), 'utf8') : null;
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !/^\/(api|bff|assets)\//.test(request.url) &&
      !/\.\w+$/.test(request.url.split('?')[0]!);
    if (isPage && indexHtml)
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(indexHtml);
    if (isPage)
      return reply.code(503).type('text/plain').send('The console has not been built: run npm run build.');
    return reply.code(404).send({ detail: 'Not found.' });
  });
  return { app, users, sessions };
}
