import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import {
  createUserRequestSchema,
  environmentInfoSchema,
  loginRequestSchema,
  logoutResponseSchema,
  sessionAnswerSchema,
  sessionUserSchema,
  signInOptionsSchema,
  staffUserSchema,
  updateUserRequestSchema,
  type Environment,
  type SessionUser,
} from '../../contract/bff-api.ts';
import { bffBadRequestSchema } from '../../contract/bff-route-schemas.ts';
import { HttpError } from '../http-error.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { ADMINS, SIGNED_IN } from '../route-rules/role-rules.ts';
import type { Session } from '../sessions/session-store.ts';
import { endSession, requireAdmin, requireSession } from '../sessions/sessions-plugin.ts';
import { AccountLinks } from './account-links.ts';
import { newPasswordProblems } from './new-password.ts';
import { signedInSchema, signInLocalAccount } from './local-sign-in.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import { LastAdminError, SsoRoleError, UserExistsError, UserRepository } from './user-repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    users: UserRepository;
    /** Failed password entries per user and address: sign-in and an approval's password re-entry share it. */
    signInThrottle: SignInThrottle;
  }
}

export interface AccountsPluginOptions {
  environment: Environment;
  /** false (BFF_LOCAL_ACCOUNTS=false): staff sign in only through the identity provider. */
  localAccounts: boolean;
  /** BFF_CONFIRM_FROM_CENT, told to the console with the signed-in user. */
  confirmFromCent: number;
  /** BFF_APPROVAL_FROM_CENT (null: off), told to the console with the signed-in user. */
  approvalFromCent: number | null;
  /** Passkeys can be used here (the console has a host name): the sign-in page offers them. */
  passkeys: boolean;
  now: () => number;
}

const LOCAL_ACCOUNTS_OFF = 'Local accounts are turned off here: sign in with SSO.';

/** Sign-in, sign-out, the current user, and account management for admins. */
export default fp<AccountsPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const users = new UserRepository(app.database.db);
    const throttle = new SignInThrottle(app.database.db, options.now);
    app.decorate('users', users);
    app.decorate('signInThrottle', throttle);
    app.decorate('accountLinks', new AccountLinks(app.database.db, options.now));
    scheduleMaintenance(app, 'old sign-in failures', HOURLY, () => throttle.purge());

    // Who may call is settled in onRequest, before the body is read or checked: a refused caller gets
    // its 401/403 whatever it sent (roles: config.roles; the feature switch: here, after them).
    const localAccountsOnly = async () => {
      if (!options.localAccounts) throw new HttpError(403, 'local_accounts_off', LOCAL_ACCOUNTS_OFF);
    };

    app.get(
      '/bff/sign-in-options',
      { config: { roles: 'public' }, schema: { response: { 200: signInOptionsSchema } } },
      async () => ({
        local: options.localAccounts,
        passkey: options.localAccounts && options.passkeys,
        sso: app.identityProvider ? await app.identityProvider.status() : ('off' as const),
      }),
    );

    app.post(
      '/bff/login',
      {
        config: { roles: 'public' },
        onRequest: localAccountsOnly,
        schema: {
          body: loginRequestSchema,
          response: { 200: signedInSchema, 401: bffRefusalSchema, 429: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username, password } = request.body;
        const attempt = await throttle.guard(username, request.ip, () =>
          users.authenticate(username, password),
        );
        if ('retryAfterSeconds' in attempt) {
          return reply
            .code(429)
            .header('retry-after', String(attempt.retryAfterSeconds))
            .send(
              attempt.busy
                ? refusal('sign_ins_busy', 'Too many sign-ins at once. Try again in a moment.')
                : refusal(
                    'sign_in_throttled',
                    `Too many failed sign-ins. Try again in ${Math.ceil(attempt.retryAfterSeconds / 60)} minutes.`,
                    { retry_after_seconds: attempt.retryAfterSeconds },
                  ),
            );
        }
        if (!attempt.result)
          return reply.code(401).send(refusal('sign_in_refused', 'Wrong username or password.'));
        return signInLocalAccount(request, reply, attempt.result, 'password', options.now());
      },
    );

    app.post(
      '/bff/logout',
      // Public: signing out without a session (an expired one) still clears the cookie.
      {
        config: { roles: 'public' },
        schema: { response: { 200: logoutResponseSchema, 204: z.undefined() } },
      },
      async (request, reply) => {
        const idToken = await endSession(request, reply);
        if (!idToken || !app.identityProvider) return reply.code(204).send();
        // RP-initiated logout: the console sends the browser on to end the provider's session too.
        const endSessionUrl = await app.identityProvider.endSessionUrl(idToken).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the provider session cannot be ended now');
          return null;
        });
        if (!endSessionUrl) return reply.code(204).send();
        return reply.code(200).send({ endSessionUrl });
      },
    );

    const userOf = (session: Session): SessionUser => ({
      username: session.username,
      role: session.role,
      environment: options.environment,
      confirmFromCent: options.confirmFromCent,
      approvalFromCent: options.approvalFromCent,
      ...(session.displayName !== null && { displayName: session.displayName }),
      ...(session.mustChangePassword && { must_change_password: true }),
      ...(session.authenticatedWith !== null && { authenticatedWith: session.authenticatedWith }),
    });

    app.get(
      '/bff/user',
      { config: { roles: SIGNED_IN }, schema: { response: { 200: sessionUserSchema } } },
      async (request) => userOf(requireSession(request)),
    );

    // The console's probe at start: the same user, or null with a 200 (a 401 is logged as an error by browsers).
    app.get(
      '/bff/session',
      { config: { roles: 'public' }, schema: { response: { 200: sessionAnswerSchema } } },
      async (request) => ({ user: request.session ? userOf(request.session) : null }),
    );

    // Public: the sign-in screen shows the environment too, so production is unmistakable before sign-in.
    app.get(
      '/bff/environment',
      { config: { roles: 'public' }, schema: { response: { 200: environmentInfoSchema } } },
      async () => ({ environment: options.environment }),
    );

    app.get(
      '/bff/users',
      { config: { roles: ADMINS }, schema: { response: { 200: z.array(staffUserSchema) } } },
      async () => users.list(),
    );

    app.post(
      '/bff/users',
      {
        config: { roles: ADMINS, audit: 'bff_users_create' },
        onRequest: localAccountsOnly,
        schema: {
          body: createUserRequestSchema,
          response: { 201: staffUserSchema, 400: bffBadRequestSchema },
        },
      },
      async (request, reply) => {
        const { username, password, role } = request.body;
        request.audit = { operation: 'bff_users_create', targets: { username } };
        const problems = newPasswordProblems(password, username);
        if (problems.length > 0) return reply.code(400).send({ password: problems });
        try {
          // Its creator knows its first password: the two are linked for approvals (account-links.ts).
          const creator = requireSession(request).username;
          const create = () => users.create(username, password, role);
          const account = await app.accountLinks.linkedChange(creator, username, 'account_created', create);
          return reply.code(201).send(account);
        } catch (error) {
          if (error instanceof UserExistsError)
            return reply.code(400).send({ username: ['An account with this username exists.'] });
          throw error;
        }
      },
    );

    app.patch(
      '/bff/users/:username',
      {
        config: { roles: ADMINS, audit: 'bff_users_update', auditTargets: { username: 'username' } },
        schema: {
          params: z.pick(staffUserSchema, { username: true }),
          body: updateUserRequestSchema,
          response: {
            200: staffUserSchema,
            400: bffBadRequestSchema,
            404: bffRefusalSchema,
            409: bffRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        const session = requireAdmin(request);
        const { username } = request.params;
        const changes = request.body;
        if (
          username === session.username &&
          (changes.disabled || (changes.role && changes.role !== 'admin'))
        ) {
          return reply
            .code(400)
            .send(
              refusal(
                'own_account_change',
                'You cannot disable your own account or take away your own admin role.',
              ),
            );
        }
        const updated = await users.update(username, changes).catch((error: unknown) => {
          if (error instanceof LastAdminError) return 'last admin' as const;
          if (error instanceof SsoRoleError) return 'sso role' as const;
          throw error;
        });
        if (updated === 'sso role')
          return reply.code(400).send({
            role: [
              "This account signs in through SSO: its role comes from the identity provider's role claim. Change it there, or disable the account here.",
            ],
          });
        if (updated === 'last admin')
          return reply
            .code(409)
            .send(
              refusal(
                'last_admin',
                'This is the last enabled admin account: make another account admin before this change.',
              ),
            );
        if (!updated) return reply.code(404).send(refusal('no_such_account', 'No such account.'));
        // The version rose with the change: sessions made before it can no longer act on any replica;
        // ending them here only tidies the table and the caches sooner.
        await app.sessions.destroyUser(updated.username);
        return updated;
      },
    );
  },
  { name: 'bff-accounts', dependencies: ['bff-database', 'bff-sessions', 'bff-audit', 'bff-oidc'] },
);
