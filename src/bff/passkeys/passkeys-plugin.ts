import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import { SSO_USERNAME_PREFIX, staffUserSchema } from '../../contract/bff-api.ts';
import {
  passkeyListSchema,
  passkeyRegistrationStepUpSchema,
  passkeySchema,
  renamePasskeyRequestSchema,
  userPasskeysSchema,
  type PasskeysUnavailable,
} from '../../contract/passkeys.ts';
import {
  addPasskeyRequestSchema,
  bffBadRequestSchema,
  passkeySignInRequestSchema,
} from '../../contract/bff-route-schemas.ts';
import { passkeyCreationOptionsSchema, passkeyRequestOptionsSchema } from '../../contract/passkey-options.ts';
import { signedInSchema, signInLocalAccount } from '../accounts/local-sign-in.ts';
import { HttpError } from '../http-error.ts';
import { HOURLY, scheduleMaintenance } from '../maintenance.ts';
import { ADMINS, SIGNED_IN } from '../route-rules/role-rules.ts';
import { requireSession } from '../sessions/sessions-plugin.ts';
import { PasskeyRepository, passkeyView } from './passkey-repository.ts';
import { NEEDS_HOST_NAME, reachedByIpInsteadOfLocalhost, type RelyingParty } from './relying-party.ts';
import { ownPasswordIsRight } from '../accounts/own-password.ts';

export interface PasskeysPluginOptions {
  /** Null: the console has no host name (see relyingPartyOf), so no passkeys. */
  relyingParty: RelyingParty | null;
  localAccounts: boolean;
  now: () => number;
}

/** How long the browser and the person have to answer a challenge; the challenge lives as long. */
export const CHALLENGE_TTL_MS = 5 * 60_000;
/** Enough for every device a person uses, few enough that the list stays readable. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;
/** Sign-in challenges per client address and minute: a person needs a few, a flood fills the table. */
export const SIGN_IN_CHALLENGES_PER_MINUTE = 30;
const RP_NAME = 'energy-console';
const SIGN_IN_REFUSED = 'This passkey was not accepted. Sign in with your password, or try another passkey.';

const passkeyParamsSchema = z.object({ id: z.uuid() });
const userPasskeyParamsSchema = z.extend(z.pick(staffUserSchema, { username: true }), { id: z.uuid() });

/** Checked when the options are asked for and again when the passkey comes back (another may have come first). */
const LIMIT_REACHED = refusal(
  'passkey_limit_reached',
  `You have ${MAX_PASSKEYS_PER_ACCOUNT} passkeys, the most an account may have: remove one first.`,
  { most: MAX_PASSKEYS_PER_ACCOUNT },
);

/**
 * Passkeys (WebAuthn) of local accounts: each person registers, names and removes their own, and may
 * sign in with one instead of the password. Challenges are kept in the database (any replica checks the
 * answer) and used once. The passkey is both factors: the authenticator must verify the person (PIN,
 * biometrics), so a passkey sign-in is also a fresh authentication for an approval's step-up.
 */
export default fp<PasskeysPluginOptions>(
  async (plugin, options) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();
    const passkeys = new PasskeyRepository(app.database.db, options.now);
    const { relyingParty } = options;
    scheduleMaintenance(app, 'expired passkey challenges', HOURLY, () => passkeys.purgeExpiredChallenges());

    // The WebAuthn user handle: stable per account, and no username in the authenticator.
    const userHandleKey = app.deriveKey('passkey user handle');
    const userHandle = (username: string) =>
      new Uint8Array(createHmac('sha256', userHandleKey).update(username).digest());

    const unavailableFor = (username: string | null, request: FastifyRequest): PasskeysUnavailable | null => {
      if (!options.localAccounts) return 'local-accounts-off';
      if (username?.startsWith(SSO_USERNAME_PREFIX)) return 'sso';
      if (!relyingParty || reachedByIpInsteadOfLocalhost(relyingParty, request.headers.host))
        return 'host-name';
      return null;
    };
    /** Settled before the body is read: who may use passkeys, and whether this console can. */
    const refuseUnavailable = (username: string | null, request: FastifyRequest): RelyingParty => {
      const unavailable = unavailableFor(username, request);
      if (unavailable === 'local-accounts-off')
        throw new HttpError(
          403,
          'local_accounts_off',
          'Local accounts are turned off here: sign in with SSO.',
        );
      if (unavailable === 'sso')
        throw new HttpError(
          403,
          'passkeys_for_sso_accounts',
          'Your account signs in through your company’s sign-in service, which keeps its credentials: no passkeys here.',
        );
      if (!relyingParty || unavailable === 'host-name')
        throw new HttpError(409, 'passkeys_need_host_name', NEEDS_HOST_NAME);
      return relyingParty;
    };
    /**
     * After the role rule (SIGNED_IN): not a role but whether this account and this console can have
     * passkeys. Which passkeys are one's own is the handler's (the repository is asked per username).
     */
    const ownPasskeysOnly = async (request: FastifyRequest) => {
      refuseUnavailable(requireSession(request).username, request);
    };
    const passkeysAvailable = async (request: FastifyRequest) => {
      refuseUnavailable(null, request);
    };

    app.get(
      '/bff/passkeys',
      { config: { roles: SIGNED_IN }, schema: { response: { 200: passkeyListSchema } } },
      async (request) => {
        const { username } = requireSession(request);
        const unavailable = unavailableFor(username, request);
        return {
          passkeys: unavailable === 'sso' ? [] : (await passkeys.list(username)).map(passkeyView),
          unavailable,
        };
      },
    );

    app.post(
      '/bff/passkeys/registration-options',
      {
        config: { roles: SIGNED_IN },
        onRequest: ownPasskeysOnly,
        schema: {
          // No body at all (a session alone) is the refusal's case, not a field error.
          body: z.nullish(passkeyRegistrationStepUpSchema),
          response: {
            200: passkeyCreationOptionsSchema,
            400: bffBadRequestSchema,
            403: bffRefusalSchema,
            409: bffRefusalSchema,
            429: bffRefusalSchema,
          },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { username } = session;
        const rp = refuseUnavailable(username, request);
        // A step-up: a stolen session alone must not plant a passkey, which would outlive a password
        // change and approve without a password. SSO accounts have no passkeys (refuseUnavailable), so
        // only the local account's current password is asked for; a sign-in alone (even by passkey) is
        // not enough. Wrong passwords count per session, as an approval's step-up does.
        const password = request.body?.password;
        if (!password)
          return reply
            .code(403)
            .send(
              refusal(
                'passkey_password_required',
                'Adding a passkey needs your current password: enter it to confirm it is you.',
              ),
            );
        if (!(await ownPasswordIsRight(request, session, password)))
          return reply
            .code(403)
            .send(refusal('passkey_password_wrong', 'This is not your password: the passkey was not added.'));
        const own = await passkeys.list(username);
        if (own.length >= MAX_PASSKEYS_PER_ACCOUNT) return reply.code(409).send(LIMIT_REACHED);
        const creationOptions = await generateRegistrationOptions({
          rpName: RP_NAME,
          rpID: rp.id,
          userName: username,
          userID: userHandle(username),
          timeout: CHALLENGE_TTL_MS,
          // An authenticator that already holds one of the account's passkeys is not registered twice.
          excludeCredentials: own.map((passkey) => ({
            id: passkey.credentialId,
            transports: passkey.transports,
          })),
          // A passkey replaces the password, so it must be discoverable and verify the person itself.
          authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        });
        await passkeys.issueChallenge(creationOptions.challenge, 'registration', username, CHALLENGE_TTL_MS);
        return creationOptions;
      },
    );

    app.post(
      '/bff/passkeys',
      {
        config: { roles: SIGNED_IN, audit: 'bff_passkeys_register' },
        onRequest: ownPasskeysOnly,
        schema: {
          body: addPasskeyRequestSchema,
          response: { 201: passkeySchema, 400: bffBadRequestSchema, 409: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username } = requireSession(request);
        const rp = refuseUnavailable(username, request);
        const { name } = request.body;
        // The schema checked the frame; the library checks everything inside it.
        const { response } = request.body;
        const verification = await verifyRegistrationResponse({
          response,
          expectedChallenge: (challenge) => passkeys.consumeChallenge(challenge, 'registration', username),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        }).catch((error: unknown) => {
          request.log.info({ err: error }, 'passkey registration not verified');
          return null;
        });
        // The library refuses a missing UV flag already (requireUserVerification); checked here again as
        // the verification reports it, so no option change can quietly drop it.
        if (!verification?.verified || !verification.registrationInfo.userVerified)
          return reply
            .code(400)
            .send(
              refusal(
                'passkey_not_verified',
                'The passkey could not be verified, or the request for it has expired. Add it again.',
              ),
            );
        const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
        if (await passkeys.findByCredentialId(credential.id))
          return reply
            .code(409)
            .send(refusal('passkey_registered_already', 'This passkey is registered already.'));
        if ((await passkeys.countOf(username)) >= MAX_PASSKEYS_PER_ACCOUNT)
          return reply.code(409).send(LIMIT_REACHED);
        // Whoever last set this account's password could hold this session: linked again (account-links.ts).
        await app.accountLinks.passkeyRegistered(username);
        const added = await passkeys.add({
          username,
          name,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          deviceType: credentialDeviceType,
          backedUp: credentialBackedUp,
        });
        // Who added it (the session's user) and on which account: the same here, but said for the audit's readers.
        request.audit = { operation: 'bff_passkeys_register', targets: { username, passkey: added.id } };
        return reply.code(201).send(passkeyView(added));
      },
    );

    app.patch(
      '/bff/passkeys/:id',
      {
        config: { roles: SIGNED_IN, audit: 'bff_passkeys_rename', auditTargets: { id: 'passkey' } },
        onRequest: ownPasskeysOnly,
        schema: {
          params: passkeyParamsSchema,
          body: renamePasskeyRequestSchema,
          response: { 200: passkeySchema, 400: bffBadRequestSchema, 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username } = requireSession(request);
        const renamed = await passkeys.rename(username, request.params.id, request.body.name);
        if (!renamed)
          return reply.code(404).send(refusal('no_such_passkey', 'You have no passkey with this id.'));
        return passkeyView(renamed);
      },
    );

    app.delete(
      '/bff/passkeys/:id',
      {
        config: { roles: SIGNED_IN, audit: 'bff_passkeys_remove', auditTargets: { id: 'passkey' } },
        onRequest: ownPasskeysOnly,
        schema: {
          params: passkeyParamsSchema,
          response: { 204: z.undefined(), 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username } = requireSession(request);
        if (!(await passkeys.remove(username, request.params.id)))
          return reply.code(404).send(refusal('no_such_passkey', 'You have no passkey with this id.'));
        return reply.code(204).send();
      },
    );

    // Admins see and remove another account's passkeys: one planted with a stolen session, or a lost key.
    app.get(
      '/bff/users/:username/passkeys',
      {
        config: { roles: ADMINS },
        schema: {
          params: z.pick(staffUserSchema, { username: true }),
          response: { 200: userPasskeysSchema, 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username } = request.params;
        if (!(await app.users.get(username)))
          return reply.code(404).send(refusal('no_such_account', 'No such account.'));
        return (await passkeys.list(username)).map(passkeyView);
      },
    );

    app.delete(
      '/bff/users/:username/passkeys/:id',
      {
        config: {
          roles: ADMINS,
          audit: 'bff_users_passkeys_remove',
          auditTargets: { username: 'username', id: 'passkey' },
        },
        schema: {
          params: userPasskeyParamsSchema,
          response: { 204: z.undefined(), 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const { username, id } = request.params;
        if (!(await app.users.get(username)))
          return reply.code(404).send(refusal('no_such_account', 'No such account.'));
        if (!(await passkeys.remove(username, id)))
          return reply
            .code(404)
            .send(refusal('no_such_passkey', 'This account has no passkey with this id.'));
        return reply.code(204).send();
      },
    );

    app.post(
      '/bff/passkeys/authentication-options',
      {
        // Public: a sign-in's first step.
        config: { roles: 'public' },
        onRequest: passkeysAvailable,
        schema: {
          response: { 200: passkeyRequestOptionsSchema, 409: bffRefusalSchema, 429: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const rp = refuseUnavailable(null, request);
        // No allowCredentials: the browser offers the passkeys it holds for this console (discoverable).
        const requestOptions = await generateAuthenticationOptions({
          rpID: rp.id,
          timeout: CHALLENGE_TTL_MS,
          userVerification: 'required',
        });
        // Anyone may ask, without a session: counted per address in the database (all replicas).
        const refused = await passkeys.issueSignInChallenge(
          requestOptions.challenge,
          request.ip,
          CHALLENGE_TTL_MS,
          SIGN_IN_CHALLENGES_PER_MINUTE,
        );
        if (refused)
          return reply
            .code(429)
            .header('retry-after', String(refused.retryAfterSeconds))
            .send(
              refusal(
                'passkey_sign_in_throttled',
                `Too many passkey sign-ins from here. Try again in ${refused.retryAfterSeconds} seconds.`,
                { retry_after_seconds: refused.retryAfterSeconds },
              ),
            );
        return requestOptions;
      },
    );

    app.post(
      '/bff/login/passkey',
      {
        config: { roles: 'public', audit: 'bff_login_passkey' },
        onRequest: passkeysAvailable,
        schema: {
          body: passkeySignInRequestSchema,
          response: { 200: signedInSchema, 401: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const rp = refuseUnavailable(null, request);
        const { response } = request.body;
        const passkey = await passkeys.findByCredentialId(response.id);
        // A passkey of an account that is gone or disabled signs nobody in.
        const account = passkey && (await app.users.signInAccount(passkey.username));
        if (!passkey || !account || account.disabled)
          return reply.code(401).send(refusal('passkey_sign_in_refused', SIGN_IN_REFUSED));
        request.audit = {
          operation: 'bff_login_passkey',
          targets: { username: account.username, passkey: passkey.id },
        };
        const verification = await verifyAuthenticationResponse({
          response,
          expectedChallenge: (challenge) => passkeys.consumeChallenge(challenge, 'authentication', null),
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        }).catch((error: unknown) => {
          // A wrong signature, an unknown or used challenge, a counter that went back (a cloned key).
          request.log.info({ err: error }, 'passkey sign-in not verified');
          return null;
        });
        // A passkey sign-in is an approval's step-up (step-up.ts): only with the person verified (PIN,
        // biometrics) by the authenticator, as the verified assertion's UV flag says — presence is not enough.
        if (!verification?.verified || !verification.authenticationInfo.userVerified)
          return reply.code(401).send(refusal('passkey_sign_in_refused', SIGN_IN_REFUSED));
        const { newCounter, credentialBackedUp } = verification.authenticationInfo;
        await passkeys.recordUse(passkey.id, newCounter, credentialBackedUp);
        return signInLocalAccount(request, reply, account, 'passkey', options.now());
      },
    );
  },
  { name: 'bff-passkeys', dependencies: ['bff-database', 'bff-sessions', 'bff-audit', 'bff-accounts'] },
);
