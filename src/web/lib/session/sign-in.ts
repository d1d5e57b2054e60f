import { useMutation, useQueryClient } from '@tanstack/react-query';
import { t } from '@lingui/core/macro';
import type { LoginRequest } from '../../../contract/bff-api.ts';
import { ApiError, request } from '../api-client.ts';
import { refusalText } from '../bff-refusal.ts';
import { passkeyDialogProblem } from '../passkey-support.ts';
import { sessionQueryOptions } from './get-session.ts';

/** A refused sign-in in the UI language, by its code; anything else reads as the generic refusal. */
const refusedSignIn = (body: unknown) => new Error(refusalText(body) ?? t`Sign-in failed.`);

export async function signIn(credentials: LoginRequest): Promise<void> {
  const answer = await request('post', '/bff/login', { json: credentials, unauthorizedIsAnswer: true });
  if (answer.status === 200) return;
  throw refusedSignIn(answer.body);
}

/** Signs in with a passkey the browser holds for this console (the browser asks which, and for the PIN). */
export async function signInWithPasskey(): Promise<void> {
  // The WebAuthn library loads only now: most sign-ins never need it.
  const { assertPasskey } = await import('../passkey-ceremonies.ts');
  const response = await assertPasskey().catch((error: unknown) => {
    throw error instanceof ApiError ? error : new Error(passkeyDialogProblem(error));
  });
  const answer = await request('post', '/bff/login/passkey', {
    json: { response },
    unauthorizedIsAnswer: true,
  });
  if (answer.status === 200) return;
  throw refusedSignIn(answer.body);
}

export const useSignIn = () => useSignInWith(signIn);
export const usePasskeySignIn = () => useSignInWith(signInWithPasskey);

function useSignInWith<T>(signInSomehow: (input: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInSomehow,
    // Refetch even without an observer: the router reads the session from the cache next.
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionQueryOptions.queryKey, type: 'all' }),
  });
}

/** Where "Sign in with SSO" goes: the BFF starts the sign-in at the provider and returns to `returnTo`. */
export function ssoSignInHref(returnTo: string | undefined): string {
  return returnTo ? `/bff/login/oidc?${new URLSearchParams({ returnTo })}` : '/bff/login/oidc';
}
