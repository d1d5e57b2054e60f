import fp from 'fastify-plugin';
import {
  createUserRequestSchema,
  loginRequestSchema,
  updateUserRequestSchema,
  type Environment,
  type SessionUser,
  type SignInOptions,
} from '../../contract/bff-api.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { endSession, requireAdmin, requireSession, startSession } from '../sessions/sessions-plugin.ts';
import { parseBody } from '../parse-input.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import { LastAdminError, UserExistsError, UserRepository } from './user-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
  }
}

export interface AccountsPluginOptions {
  environment: Environment;
  /** false (BFF_LOCAL_ACCOUNTS=false): staff sign in only through the identity provider. */
  localAccounts: boolean;
  /** BFF_CONFIRM_FROM_CENT, told to the console with the signed-in user. */
  confirmFromCent: number;
  now: () => number;
}

const LOCAL_ACCOUNTS_OFF = 'Local accounts are turned off here: sign in with SSO.';

/** Sign-in, sign-out, the current user, and account management for admins. */
export default fp<AccountsPluginOptions>(
  async (app, options) => {
    const users = new UserRepository(app.database.db);
    const throttle = new SignInThrottle(app.database.db, options.now);
    app.decorate('users', users);
    scheduleMaintenance(app, 'old sign-in failures', HOURLY, () => throttle.purge());

    app.get('/bff/sign-in-options', async (): Promise<SignInOptions> => ({
      local: options.localAccounts,
      sso: app.identityProvider ? await app.identityProvider.status() : 'off',
    }));

    app.post('/bff/login', async (request, reply) => {
      if (!options.localAccounts) return reply.code(403).send({ detail: LOCAL_ACCOUNTS_OFF });
      const body = parseBody(loginRequestSchema, request.body);
      const attempt = await throttle.guard(body.username, request.ip, () =>
        users.authenticate(body.username, body.password),
      );
      if ('retryAfterSeconds' in attempt) {
        return reply
          .code(429)
          .header('retry-after', String(attempt.retryAfterSeconds))
          .send({
            detail: attempt.busy
              ? 'Too many sign-ins at once. Try again in a moment.'
              : `Too many failed sign-ins. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`,
          });
      }
      if (!attempt.result) return reply.code(401).send({ detail: 'Wrong username or password.' });
      const user = attempt.result;
      await startSession(request, reply, user);
      return reply.code(200).send({ username: user.username, role: user.role });
    });

    app.post('/bff/logout', async (request, reply) => {
      const idToken = await endSession(request, reply);
      if (!idToken || !app.identityProvider) return reply.code(204).send();
      // RP-initiated logout: the console sends the browser on to end the provider's session too.
      const endSessionUrl = await app.identityProvider.endSessionUrl(idToken).catch((error: unknown) => {
        request.log.warn({ err: error }, 'the provider session cannot be ended now');
        return null;
      });
      if (!endSessionUrl) return reply.code(204).send();
      return reply.code(200).send({ endSessionUrl });
    });

    app.get('/bff/user', async (request): Promise<SessionUser> => {
      const session = requireSession(request);
      return {
        username: session.username,
        role: session.role,
        environment: options.environment,
        confirmFromCent: options.confirmFromCent,
        ...(session.displayName !== null && { displayName: session.displayName }),
      };
    });

    // Public: the sign-in screen shows the environment too, so production is unmistakable before sign-in.
    app.get('/bff/environment', async () => ({ environment: options.environment }));

    app.get('/bff/users', async (request) => {
      requireAdmin(request);
      return users.list();
    });

    app.post('/bff/users', async (request, reply) => {
      request.audit = { operation: 'bff_users_create', targets: {} };
      requireAdmin(request);
      if (!options.localAccounts) return reply.code(403).send({ detail: LOCAL_ACCOUNTS_OFF });
      const body = parseBody(createUserRequestSchema, request.body);
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
      const session = requireAdmin(request);
      const body = parseBody(updateUserRequestSchema, request.body);
      if (
        request.params.username === session.username &&
        (body.disabled || (body.role && body.role !== 'admin'))
      ) {
        return reply
          .code(400)
          .send({ detail: 'You cannot disable your own account or take away your own admin role.' });
      }
      const updated = await users.update(request.params.username, body).catch((error: unknown) => {
        if (error instanceof LastAdminError) return 'last admin' as const;
        throw error;
      });
      if (updated === 'last admin')
        return reply.code(409).send({
          detail: 'This is the last enabled admin account: make another account admin before this change.',
        });
      if (!updated) return reply.code(404).send({ detail: 'No such account.' });
      await app.sessions.destroyUser(updated.username);
      return updated;
    });
  },
  { name: 'bff-accounts', dependencies: ['bff-database', 'bff-sessions', 'bff-audit', 'bff-oidc'] },
);
