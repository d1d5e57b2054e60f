import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { LanguageSelect } from '../../i18n/language-select.tsx';
import { consoleMessage } from '../../lib/known-messages.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type FormEventHandler } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { loginRequestSchema, type LoginRequest, type SsoOutcome } from '../../../contract/bff-api.ts';
import { EnvironmentBadge } from '../../components/environment-badge.tsx';
import { FormField } from '../../components/form-field.tsx';
import { useEnvironment } from '../../lib/session/get-environment.ts';
import { useSignInOptions } from '../../lib/session/get-sign-in-options.ts';
import { ssoSignInHref, usePasskeySignIn, useSignIn } from '../../lib/session/sign-in.ts';
import { browserSupportsPasskeys } from '../../lib/passkey-support.ts';

/** Why an SSO sign-in came back without a session, said so that the person knows what to do. */
const SSO_OUTCOME_TEXT: Record<SsoOutcome, MessageDescriptor> = {
  'no-role': msg`Your account at the identity provider has no role for energy-console. Ask an administrator to give you the viewer, operator or admin role, then sign in again.`,
  disabled: msg`An administrator has disabled your energy-console account (or changed it while you signed in). Sign in again; if it is disabled, ask an administrator to enable it.`,
  cancelled: msg`Sign-in at the identity provider was cancelled. You are not signed in.`,
  expired: msg`The sign-in took longer than ten minutes or was started in another browser window. Start it again.`,
  failed: msg`The identity provider’s answer could not be verified, so you are not signed in. Start again; if it keeps happening, tell your administrator.`,
  unavailable: msg`The identity provider cannot be reached right now.`,
};

export function SignInPage({
  redirect,
  expired,
  ssoOutcome,
}: {
  redirect?: string | undefined;
  expired?: boolean | undefined;
  ssoOutcome?: SsoOutcome | undefined;
}) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const signIn = useSignIn();
  const passkeySignIn = usePasskeySignIn();
  const environment = useEnvironment();
  const options = useSignInOptions();
  const local = options.data?.local ?? true;
  const sso = options.data?.sso ?? 'off';
  const passkey = (options.data?.passkey ?? false) && browserSupportsPasskeys();
  const errorRef = useRef<HTMLDivElement>(null);
  const { register, handleSubmit, formState } = useForm<LoginRequest>({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
  });

  useEffect(() => {
    if (signIn.isError || passkeySignIn.isError || ssoOutcome) errorRef.current?.focus();
  }, [signIn.isError, signIn.failureCount, passkeySignIn.isError, passkeySignIn.failureCount, ssoOutcome]);

  const signedIn = async () => {
    // Only same-origin paths: an open redirect would be a phishing aid.
    const target =
      redirect && redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/tools/validators';
    await navigate({ to: target });
  };
  const onSubmit = handleSubmit(async (values) => {
    passkeySignIn.reset();
    try {
      await signIn.mutateAsync(values);
      await signedIn();
    } catch {
      // shown below
    }
  });
  const onPasskey = async () => {
    signIn.reset();
    try {
      await passkeySignIn.mutateAsync();
      await signedIn();
    } catch {
      // shown below
    }
  };

  const fallback = local ? t`Sign in with a local account instead.` : t`Try again in a few minutes.`;
  const problem = signIn.isError
    ? signIn.error.message
    : passkeySignIn.isError
      ? passkeySignIn.error.message
      : ssoOutcome
        ? t(SSO_OUTCOME_TEXT[ssoOutcome]) + (ssoOutcome === 'unavailable' ? ` ${fallback}` : '')
        : null;
  return (
    <main className={`sign-in sign-in--${environment.data?.environment ?? 'unknown'}`}>
      <div className="card sign-in__card">
        <LanguageSelect />
        <h1>{t`Sign in to energy-console`}</h1>
        {environment.data && <EnvironmentBadge environment={environment.data.environment} />}
        {expired && !problem && (
          <p className="notice">{t`Your session has ended. Sign in again — what you typed is kept.`}</p>
        )}
        {problem && (
          <div className="error-summary" role="alert" tabIndex={-1} ref={errorRef}>
            {problem}
          </div>
        )}
        {sso === 'available' && (
          <a className="button sign-in__sso" href={ssoSignInHref(redirect)}>
            {t`Sign in with SSO`}
          </a>
        )}
        {sso === 'unavailable' && ssoOutcome !== 'unavailable' && (
          <p className="notice" data-testid="sso-unavailable">
            {t`Single sign-on (SSO) is unavailable right now: the identity provider does not answer.`}{' '}
            {fallback}
          </p>
        )}
        {local && sso === 'available' && <p className="sign-in__or">{t`or with a local account`}</p>}
        {local && (
          <LocalSignInForm
            onSubmit={(event) => void onSubmit(event)}
            pending={signIn.isPending}
            secondary={sso === 'available'}
            register={register}
            errors={formState.errors}
          />
        )}
        {passkey && (
          <>
            <button
              type="button"
              className="button button--secondary sign-in__passkey"
              onClick={() => void onPasskey()}
              disabled={passkeySignIn.isPending}
            >
              {passkeySignIn.isPending ? t`Signing in…` : t`Sign in with a passkey`}
            </button>
          </>
        )}
      </div>
    </main>
  );
}

function LocalSignInForm({
  onSubmit,
  pending,
  secondary,
  register,
  errors,
}: {
  onSubmit: FormEventHandler<HTMLFormElement>;
  pending: boolean;
  /** Beside the SSO button, the local sign-in is the quieter choice. */
  secondary: boolean;
  register: UseFormRegister<LoginRequest>;
  errors: FieldErrors<LoginRequest>;
}) {
  const { t } = useLingui();
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormField id="username" label={t`Username`} error={consoleMessage(errors.username?.message)}>
        {(aria) => (
          <input {...aria} autoComplete="username" autoFocus={!secondary} {...register('username')} />
        )}
      </FormField>
      <FormField id="password" label={t`Password`} error={consoleMessage(errors.password?.message)}>
        {(aria) => (
          <input {...aria} type="password" autoComplete="current-password" {...register('password')} />
        )}
      </FormField>
      <button className={secondary ? 'button button--secondary' : 'button'} type="submit" disabled={pending}>
        {pending ? t`Signing in…` : t`Sign in`}
      </button>
    </form>
  );
}
