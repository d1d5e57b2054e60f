import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { MAX_BODY_BYTES } from '../contract/api/common.ts';
import { buildOpenApiDocument } from '../contract/openapi.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../node-shared/json-depth.ts';
import { bearerAuth } from './auth/bearer-auth.ts';
import { TokenStore } from './auth/token-store.ts';
import { createChargesRepository } from './db/charges-repository.ts';
import type { Database } from './db/connect.ts';
import { createConsumersRepository } from './db/consumers-repository.ts';
import { FeedRepository } from './db/feed-repository.ts';
import { createTechnicalResourcesRepository } from './db/technical-resources-repository.ts';
import { createTokensRepository } from './db/tokens-repository.ts';
import { answerFrameworkError, DetailError, installErrorHandling } from './errors.ts';
import { registerChargeRoutes } from './routes/charges.ts';
import { registerConsumerRoutes } from './routes/consumers.ts';
import { registerFeedRoutes } from './routes/feed.ts';
import { registerTechnicalResourceRoutes } from './routes/technical-resources.ts';
import { registerTokenRoute } from './routes/token.ts';
import { registerValidationRoutes } from './routes/validation.ts';
import { zodValidatorCompiler } from './validation.ts';
// zod's own messages in English, as classic zod gave them (see the file).
import '../node-shared/zod-english.ts';

export interface SandboxOptions {
  db: Database;
  /** The platform's "today" (Europe/Berlin date). */
  today: () => string;
  tokenTtlSeconds: number;
  logger?: FastifyBaseLogger;
  now?: () => number;
}

/** Builds the sandbox (plugins, then routes); `server.ts` only listens. Tests use `inject`. */
export async function buildSandboxApp(options: SandboxOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(options.logger ? { loggerInstance: options.logger } : { logger: false }),
    bodyLimit: MAX_BODY_BYTES,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    frameworkErrors: answerFrameworkError,
    // One access line per request (below) instead of Fastify's two, whose `url` carries the query string:
    // IBANs (`/v3/validation/bank_data_iban/?iban=…`) and market location IDs to the validations.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The v3 operations take JSON; only the token endpoint takes a form.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (_request, body, done) => {
      done(null, body);
    },
  );
  // Fastify's own JSON parser (prototype poisoning refused), behind a nesting limit: 20,000 nested
  // brackets would otherwise overflow the stack of whatever walks the value next (a 500).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: MAX_BODY_BYTES },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (nestsDeeperThan(text))
        return done(
          new DetailError(400, `JSON parse error - nested more than ${MAX_JSON_DEPTH} levels deep.`),
          undefined,
        );
      // Fastify's own parser is the callback form: it answers through done and returns nothing.
      void parseJson(request, text, done);
    },
  );
  installErrorHandling(app);

  // Each route gets the repository of its resource: drizzle stays in src/sandbox/db.
  const tokens = new TokenStore(createTokensRepository(options.db), options.tokenTtlSeconds, options.now);
  const auth = bearerAuth(tokens);
  registerTokenRoute(app, tokens);
  registerValidationRoutes(app, auth, options.today);
  registerFeedRoutes(app, auth, new FeedRepository(options.db));
  registerChargeRoutes(app, auth, createChargesRepository(options.db));
  registerConsumerRoutes(app, auth, createConsumersRepository(options.db));
  registerTechnicalResourceRoutes(app, auth, createTechnicalResourcesRepository(options.db));

  const openApi = buildOpenApiDocument();
  app.get('/v3/schema/', async (request) => ({
    ...openApi,
    servers: [{ url: `${request.protocol}://${request.host}` }],
  }));
  app.get('/healthz', async () => ({ status: 'ok' }));
  return app;
}
