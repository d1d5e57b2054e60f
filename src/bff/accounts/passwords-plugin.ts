import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import { SSO_USERNAME_PREFIX, staffUserSchema } from '../../contract/bff-api.ts';
import {
  changePasswordRequestSchema,
  CURRENT_PASSWORD_REQUIRED,
  passwordResetSchema,
} from '../../contract/accounts.ts';
import { bffBadRequestSchema } from '../../contract/bff-route-schemas.ts';
import { HttpError } from '../http-error.ts';
import { ADMINS, SIGNED_IN } from '../route-rules/role-rules.ts';
import { requireAdmin, requireSession } from '../sessions/sessions-plugin.ts';
import { newPasswordProblems, temporaryPassword } from './new-password.ts';
import { PasskeyRepository } from '../passkeys/passkey-repository.ts';
import { ownPasswordIsRight } from './own-password.ts';

export interface PasswordsPluginOptions {
  /** false (BFF_LOCAL_ACCOUNTS=false): no local passwords to reset or change. */
  localAccounts: boolean;
}

export const MUST_CHANGE_PASSWORD =
  'Choose a new password first: you signed in with a temporary one (POST /bff/password).';
export const SSO_OWNS_PASSWORDS =
  "Your password is kept by your company's sign-in service (SSO): change it there.";
const LOCAL_ACCOUNTS_OFF =
  'Local accounts are turned off here: passwords are kept by the sign-in service (SSO).';

/**
 * What a session signed in with a temporary password may still call: the change itself, who is signed
 * in (the console needs it to show the change page), and signing out or in again. Everything else: 403.
 */
const OPEN_WHILE_PASSWORD_MUST_CHANGE = new Set([
  'POST /bff/password',
  'GET /bff/user',
  'GET /bff/session',
  'POST /bff/logout',
  'POST /bff/login',
  'POST /bff/login/passkey',
  'POST /bff/passkeys/authentication-options',
  'GET /bff/environment',
  'GET /bff/sign-in-options',
]);

/**
 * Passwords (issue 31): an admin's reset to a temporary password, which must be replaced before anything
 * else, and everyone's change of their own. Every new password passes the policy (new-password.ts).
 */
export default fp<PasswordsPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    // After the sessions plugin's onRequest (registered earlier) has found the session; before any route.
    app.addHook('onRequest', async (request) => {
      if (!request.session?.mustChangePassword) return;
      if (OPEN_WHILE_PASSWORD_MUST_CHANGE.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
      throw new HttpError(403, 'must_change_password', MUST_CHANGE_PASSWORD);
    });

    const localAccountsOnly = async () => {
      if (!options.localAccounts) throw new HttpError(403, 'local_accounts_off', LOCAL_ACCOUNTS_OFF);
    };

    app.post(
      '/bff/users/:username/password-reset',
      {
        config: { roles: ADMINS, audit: 'bff_users_password_reset', auditTargets: { username: 'username' } },
        onRequest: localAccountsOnly,
        schema: {
          params: z.pick(staffUserSchema, { username: true }),
          response: { 200: passwordResetSchema, 400: bffBadRequestSchema, 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const admin = requireAdmin(request);
        const { username } = request.params;
        // A reset ends every session of the account: one's own would sign the admin out mid-way.
        if (username === admin.username)
          return reply
            .code(400)
            .send(refusal('own_password_reset', 'Change your own password on Your account, not by a reset.'));
        const temporary = temporaryPassword(username);
        // The admin knows the temporary password: the two are linked for approvals (account-links.ts).
        const reset = () => app.users.setPassword(username, temporary, { temporary: true });
        if (!(await app.accountLinks.linkedChange(admin.username, username, 'password_reset', reset)))
          return reply.code(404).send(refusal('no_such_account', 'No such account.'));
        // Whoever held the account may have added a passkey: it would outlive the reset (issue 41).
        await new PasskeyRepository(app.database.db, Date.now).removeAllOf(username);
        await app.sessions.destroyUser(username);
        return { temporary_password: temporary };
      },
    );

    app.post(
      '/bff/password',
      {
        config: { roles: SIGNED_IN, audit: 'bff_password_change' },
        onRequest: [
          async (request) => {
            // The account is the session's own: named once the rules let the session through.
            const session = requireSession(request);
            request.audit!.targets.username = session.username;
            if (session.username.startsWith(SSO_USERNAME_PREFIX))
              throw new HttpError(403, 'sso_owns_passwords', SSO_OWNS_PASSWORDS);
          },
          localAccountsOnly,
        ],
        schema: {
          body: changePasswordRequestSchema,
          response: { 204: z.undefined(), 400: bffBadRequestSchema, 429: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { username } = session;
        const { current_password: currentPassword, new_password: newPassword } = request.body;
        const problems = newPasswordProblems(newPassword, username);
        const errors: Record<string, string[]> = {};
        if (currentPassword === undefined) {
          // Only a session that signed in with a temporary password moments ago may leave it out: that sign-in
          // proved it, and such a session can do nothing else (the hook above).
          if (!session.mustChangePassword) errors.current_password = [CURRENT_PASSWORD_REQUIRED];
          else if (await app.users.authenticate(username, newPassword))
            problems.push('Choose a new password, not the current one.');
        } else {
          if (newPassword === currentPassword) problems.push('Choose a new password, not the current one.');
          if (!(await ownPasswordIsRight(request, session, currentPassword)))
            errors.current_password = ['This is not your current password.'];
        }
        if (problems.length > 0) errors.new_password = problems;
        if (Object.keys(errors).length > 0) return reply.code(400).send(errors);
        await app.users.setPassword(username, newPassword, { temporary: false });
        // Whoever knew the old password is out everywhere; the person who just proved they know it stays.
        await app.sessions.destroyUserExcept(username, session.id);
        if (session.mustChangePassword) await app.sessions.passwordChanged(session.id);
        return reply.code(204).send();
      },
    );
  },
  { name: 'bff-passwords', dependencies: ['bff-accounts', 'bff-sessions', 'bff-audit'] },
);
