import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { loginRequestSchema, type LoginRequest } from '../../../contract/bff-api.ts';
import { EnvironmentBadge } from '../../components/environment-badge.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useEnvironment, useSignIn } from './session.ts';

export function SignInPage({
  redirect,
  expired,
}: {
  redirect?: string | undefined;
  expired?: boolean | undefined;
}) {
  const navigate = useNavigate();
  const signIn = useSignIn();
  const environment = useEnvironment();
  const errorRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    if (signIn.isError) errorRef.current?.focus();
  }, [signIn.isError, signIn.failureCount]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signIn.mutateAsync(values);
      // Only same-origin paths: an open redirect would be a phishing aid.
      const target =
        redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/tools/validators';
      await navigate({ to: target });
    } catch {
      // shown below
    }
  });

  return (
    <main className={`sign-in sign-in--${environment.data?.environment ?? 'unknown'}`}>
      <form className="card sign-in__card" onSubmit={onSubmit} noValidate>
        <h1>Sign in to energy-console</h1>
        {environment.data && <EnvironmentBadge environment={environment.data.environment} />}
        {expired && !signIn.isError && (
          <p className="notice">Your session has ended. Sign in again — what you typed is kept.</p>
        )}
        {signIn.isError && (
          <div className="error-summary" role="alert" tabIndex={-1} ref={errorRef}>
            {signIn.error.message}
          </div>
        )}
        <FormField id="username" label="Username" error={formState.errors.username?.message}>
          {(aria) => <input {...aria} autoComplete="username" autoFocus {...register('username')} />}
        </FormField>
        <FormField id="password" label="Password" error={formState.errors.password?.message}>
          {(aria) => (
            <input {...aria} type="password" autoComplete="current-password" {...register('password')} />
          )}
        </FormField>
        <button className="button" type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
