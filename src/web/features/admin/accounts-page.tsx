import { t } from '@lingui/core/macro';
import { consoleMessage } from '../../lib/known-messages.ts';
import { passwordMessage } from '../../lib/password-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod/mini';
import {
  createUserRequestSchema,
  MIN_PASSWORD_LENGTH,
  ROLES,
  SSO_USERNAME_PREFIX,
  type Role,
  type CreateUserRequest,
} from '../../../contract/bff-api.ts';
import { passwordProblems } from '../../../contract/password-policy.ts';
import { useSignInOptions } from '../../lib/session/get-sign-in-options.ts';
import { useCurrentUser } from '../../lib/session/use-current-user.ts';
import { FormField } from '../../components/form-field.tsx';
import { ConfirmQuestion } from '../../components/confirm-question.tsx';
import { ScrollRegion } from '../../components/scroll-region.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useCreateUser } from './api/create-user.ts';
import { useUsers } from './api/get-users.ts';
import { useResetPassword } from './api/reset-password.ts';
import { useUpdateUser } from './api/update-user.ts';
import { TemporaryPassword } from './temporary-password.tsx';
import { UserPasskeys } from './user-passkeys.tsx';
import { ConfirmRoleChange, type AskedRoleChange } from './role-change.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { ROLE_LABELS } from '../../lib/role-label.ts';

/** The BFF's refusal of a username (taken, not a valid name) or of a password (the policy). */
const createRefusalSchema = z.object({
  username: z.optional(z.array(z.string())),
  password: z.optional(z.array(z.string())),
});

/** The policy's rules the console can check itself; a common password is refused by the server. */
const createFormSchema = createUserRequestSchema.check(
  z.superRefine((values, context) => {
    for (const message of passwordProblems({ password: values.password, username: values.username }))
      context.addIssue({ code: 'custom', path: ['password'], message });
  }),
);

export function AccountsPage() {
  const currentUser = useCurrentUser().username;
  const signInOptions = useSignInOptions();
  const users = useUsers();
  const form = useForm<CreateUserRequest>({
    resolver: zodResolver(createFormSchema),
    defaultValues: { username: '', password: '', role: 'viewer' },
  });
  const create = useCreateUser({ onCreated: () => form.reset() });
  const update = useUpdateUser();
  const reset = useResetPassword();
  const [resetAsked, setResetAsked] = useState<string | null>(null);
  const [passkeysShown, setPasskeysShown] = useState<string | null>(null);
  const [roleAsked, setRoleAsked] = useState<AskedRoleChange | null>(null);
  const [roleChanged, setRoleChanged] = useState<string | null>(null);
  const localAccounts = signInOptions.data?.local !== false;
  const roleWords: Record<Role, string> = {
    viewer: t(ROLE_LABELS.viewer),
    operator: t(ROLE_LABELS.operator),
    admin: t(ROLE_LABELS.admin),
  };
  const { viewer, operator, admin } = roleWords;
  const submit = (values: CreateUserRequest) =>
    create.mutate(values, {
      onError: (error) => {
        const refusal = error instanceof ApiError ? createRefusalSchema.safeParse(error.body) : null;
        if (!refusal?.success) return;
        for (const field of ['username', 'password'] as const) {
          const messages = refusal.data[field];
          // In the UI language here: passwordMessage leaves the joined sentences as they are.
          if (messages?.length) form.setError(field, { message: messages.map(passwordMessage).join(' ') });
        }
      },
    });

  return (
    <div className="page">
      <h1>{t`Manage staff accounts`}</h1>
      {signInOptions.data?.sso && signInOptions.data.sso !== 'off' && (
        <p className="hint">
          {t`Staff who sign in with SSO get their role from the company’s identity provider at every sign-in. They are listed here (sso:…) from their first sign-in: you can disable them here, their role is changed at the identity provider.`}
        </p>
      )}
      {signInOptions.data?.local === false ? (
        <p className="notice" data-testid="local-accounts-off">
          {t`Local accounts are turned off (BFF_LOCAL_ACCOUNTS=false): staff sign in only through the identity provider. The accounts below cannot sign in; disable the ones nobody needs.`}
        </p>
      ) : (
        <section className="card page--form" aria-labelledby="new-account">
          <h2 id="new-account">{t`Create an account`}</h2>
          <form
            onSubmit={(event) => {
              // A new attempt: the last one's "Account created." (or its error) must not stand beside
              // this one's problems.
              create.reset();
              void form.handleSubmit(submit)(event);
            }}
            noValidate
          >
            <div className="field-row">
              <FormField
                id="new-username"
                label={t`Username`}
                hint={t`Lower-case letters, digits, . _ -`}
                error={consoleMessage(form.formState.errors.username?.message)}
              >
                {(aria) => <input {...aria} autoComplete="off" {...form.register('username')} />}
              </FormField>
              <FormField
                id="new-password"
                label={t`Initial password`}
                hint={t`At least ${MIN_PASSWORD_LENGTH} characters, not a common password, without the username`}
                error={passwordMessage(form.formState.errors.password?.message)}
              >
                {(aria) => (
                  <input
                    {...aria}
                    type="password"
                    autoComplete="new-password"
                    {...form.register('password')}
                  />
                )}
              </FormField>
              <FormField
                id="new-role"
                label={t`Role`}
                hint={t`${viewer} reads, ${operator} writes, ${admin} also manages accounts`}
              >
                {(aria) => (
                  <select {...aria} {...form.register('role')}>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {roleWords[role]}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <button className="button" type="submit" disabled={create.isPending}>
              {t`Create account`}
            </button>
            {create.isSuccess && <p role="status">{t`Account created.`}</p>}
            {create.isError && !form.formState.errors.username && !form.formState.errors.password && (
              <p className="field-error" role="alert">
                {create.error.message}
              </p>
            )}
          </form>
        </section>
      )}
      <section aria-labelledby="accounts">
        <h2 id="accounts">{t`Accounts`}</h2>
        {users.isPending && <p role="status">{t`Loading accounts…`}</p>}
        {users.isError && <p role="alert">{users.error.message}</p>}
        {users.data && (
          <ScrollRegion label={t`Table of accounts`}>
            <table className="table table--values" aria-labelledby="accounts">
              <thead>
                <tr>
                  <th scope="col">{t`Username`}</th>
                  <th scope="col">{t`Role`}</th>
                  <th scope="col">{t`Status`}</th>
                  <th scope="col">{t`Created`}</th>
                  <th scope="col">{t`Last sign-in`}</th>
                  <th scope="col">{t`Actions`}</th>
                </tr>
              </thead>
              <tbody>
                {users.data.map(({ username, ...user }) => (
                  <tr key={username}>
                    <td>{username}</td>
                    <td>
                      <label className="visually-hidden" htmlFor={`role-${username}`}>
                        {t`Role of ${username}`}
                      </label>
                      <select
                        id={`role-${username}`}
                        value={user.role}
                        // An SSO account's role is the identity provider's: the BFF refuses to change it.
                        disabled={username === currentUser || username.startsWith(SSO_USERNAME_PREFIX)}
                        // Asked first: the select keeps the current role until the admin confirms.
                        onChange={(event) => {
                          const role = ROLES.find((known) => known === event.target.value);
                          if (!role || role === user.role) return;
                          update.reset();
                          setRoleChanged(null);
                          setRoleAsked({ username, from: user.role, to: role });
                        }}
                      >
                        {ROLES.map((role) => (
                          <option key={role} value={role}>
                            {roleWords[role]}
                          </option>
                        ))}
                      </select>
                    </td>
                    <td>
                      {user.disabled ? t`Disabled` : t`Active`}
                      {user.mustChangePassword && (
                        <>
                          {' '}
                          <span className="tag">{t`Must choose a new password`}</span>
                        </>
                      )}
                    </td>
                    <td>{formatDateTime(user.createdAt)}</td>
                    <td>{user.lastSignInAt ? formatDateTime(user.lastSignInAt) : t`never`}</td>
                    <td>
                      {username !== currentUser && (
                        <span className="button-row">
                          <button
                            type="button"
                            className="button button--secondary"
                            onClick={() => update.mutate({ username, disabled: !user.disabled })}
                          >
                            {user.disabled ? t`Enable ${username}` : t`Disable ${username}`}
                          </button>
                          {localAccounts && !username.startsWith(SSO_USERNAME_PREFIX) && (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-expanded={resetAsked === username}
                              onClick={() => {
                                reset.reset();
                                setResetAsked(username);
                              }}
                            >
                              {t`Reset password of ${username}`}
                            </button>
                          )}
                          {!username.startsWith(SSO_USERNAME_PREFIX) && (
                            <button
                              type="button"
                              className="button button--secondary"
                              aria-expanded={passkeysShown === username}
                              onClick={() => setPasskeysShown(username)}
                            >
                              {t`Passkeys of ${username}`}
                            </button>
                          )}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        )}
        {roleAsked ? (
          <ConfirmRoleChange
            asked={roleAsked}
            roleWords={roleWords}
            pending={update.isPending}
            problem={update.isError ? update.error.message : null}
            onConfirm={() =>
              update.mutate(
                { username: roleAsked.username, role: roleAsked.to },
                {
                  onSuccess: () => {
                    const { username } = roleAsked;
                    const role = roleWords[roleAsked.to];
                    setRoleChanged(t`${username} is now ${role}; their sessions have the new rights.`);
                    setRoleAsked(null);
                  },
                },
              )
            }
            onCancel={() => {
              update.reset();
              setRoleAsked(null);
            }}
          />
        ) : (
          update.isError && <p role="alert">{update.error.message}</p>
        )}
        <p role="status">{roleChanged}</p>
        {passkeysShown !== null && (
          <UserPasskeys key={passkeysShown} username={passkeysShown} onClose={() => setPasskeysShown(null)} />
        )}
        {resetAsked !== null && !reset.isSuccess && (
          <ConfirmQuestion
            testId="confirm-reset"
            question={t`Reset the password of ${resetAsked}? They are signed out everywhere at once and get a temporary password from you, which they must replace at their next sign-in.`}
            confirm={t`Reset password`}
            pending={reset.isPending}
            problem={reset.error?.message}
            onConfirm={() => reset.mutate(resetAsked)}
            onCancel={() => setResetAsked(null)}
          />
        )}
        {resetAsked !== null && reset.isSuccess && (
          <TemporaryPassword
            username={resetAsked}
            password={reset.data.temporary_password}
            onDone={() => {
              reset.reset();
              setResetAsked(null);
            }}
          />
        )}
      </section>
    </div>
  );
}
