import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  createUserRequestSchema,
  ROLES,
  staffUserSchema,
  type CreateUserRequest,
  type Role,
  type SessionUser,
} from '../../../contract/bff-api.ts';
import { useSignInOptions } from '../auth/session.ts';
import { FormField } from '../../components/form-field.tsx';
import { ApiError, requestOk } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';

const usersQueryKey = ['bff', 'users'] as const;

export function AccountsPage() {
  const currentUser = (useRouteContext({ from: '/console' }) as { user: SessionUser }).user.username;
  const queryClient = useQueryClient();
  const signInOptions = useSignInOptions();
  const users = useQuery({
    queryKey: usersQueryKey,
    queryFn: () => requestOk('get', '/bff/users', { schema: z.array(staffUserSchema) }),
  });
  const form = useForm<CreateUserRequest>({
    resolver: zodResolver(createUserRequestSchema),
    defaultValues: { username: '', password: '', role: 'viewer' },
  });
  const create = useMutation({
    mutationFn: (values: CreateUserRequest) => requestOk('post', '/bff/users', { json: values }),
    onSuccess: () => {
      form.reset();
      return queryClient.invalidateQueries({ queryKey: usersQueryKey });
    },
    onError: (error) => {
      if (
        error instanceof ApiError &&
        error.body &&
        typeof error.body === 'object' &&
        'username' in error.body
      ) {
        form.setError('username', { message: String((error.body as { username: string[] }).username[0]) });
      }
    },
  });
  const update = useMutation({
    mutationFn: ({ username, ...changes }: { username: string; role?: Role; disabled?: boolean }) =>
      requestOk('patch', `/bff/users/${encodeURIComponent(username)}`, { json: changes }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });

  return (
    <div className="page">
      <h1>Manage staff accounts</h1>
      {signInOptions.data?.sso && signInOptions.data.sso !== 'off' && (
        <p className="hint">
          Staff who sign in with SSO get their role from the company’s identity provider at every sign-in;
          they are not listed here.
        </p>
      )}
      {signInOptions.data?.local === false ? (
        <p className="notice" data-testid="local-accounts-off">
          Local accounts are turned off (BFF_LOCAL_ACCOUNTS=false): staff sign in only through the identity
          provider. The accounts below cannot sign in; disable the ones nobody needs.
        </p>
      ) : (
        <section className="card page--form" aria-labelledby="new-account">
          <h2 id="new-account">Create an account</h2>
          <form onSubmit={form.handleSubmit((values) => create.mutate(values))} noValidate>
            <div className="field-row">
              <FormField
                id="new-username"
                label="Username"
                hint="Lower-case letters, digits, . _ -"
                error={form.formState.errors.username?.message}
              >
                {(aria) => <input {...aria} autoComplete="off" {...form.register('username')} />}
              </FormField>
              <FormField
                id="new-password"
                label="Initial password"
                hint="At least 12 characters"
                error={form.formState.errors.password?.message}
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
              <FormField id="new-role" label="Role" hint="viewer reads, operator writes">
                {(aria) => (
                  <select {...aria} {...form.register('role')}>
                    {ROLES.map((role) => (
                      <option key={role} value={role}>
                        {role}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </div>
            <button className="button" type="submit" disabled={create.isPending}>
              Create account
            </button>
            {create.isSuccess && <p role="status">Account created.</p>}
            {create.isError && !form.formState.errors.username && (
              <p className="field-error" role="alert">
                {create.error.message}
              </p>
            )}
          </form>
        </section>
      )}
      <section aria-labelledby="accounts">
        <h2 id="accounts">Accounts</h2>
        {users.isPending && <p>Loading accounts…</p>}
        {users.isError && <p role="alert">{users.error.message}</p>}
        {users.data && (
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Username</th>
                <th scope="col">Role</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <tr key={user.username}>
                  <td>{user.username}</td>
                  <td>
                    <label className="visually-hidden" htmlFor={`role-${user.username}`}>
                      Role of {user.username}
                    </label>
                    <select
                      id={`role-${user.username}`}
                      value={user.role}
                      disabled={user.username === currentUser}
                      onChange={(event) =>
                        update.mutate({ username: user.username, role: event.target.value as Role })
                      }
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>{user.disabled ? 'Disabled' : 'Active'}</td>
                  <td>{formatDateTime(user.createdAt)}</td>
                  <td>
                    {user.username !== currentUser && (
                      <button
                        type="button"
                        className="button button--secondary"
                        onClick={() => update.mutate({ username: user.username, disabled: !user.disabled })}
                      >
                        {user.disabled ? `Enable ${user.username}` : `Disable ${user.username}`}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {update.isError && <p role="alert">{update.error.message}</p>}
      </section>
    </div>
  );
}
