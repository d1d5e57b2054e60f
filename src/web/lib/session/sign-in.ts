import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { LoginRequest } from '../../../contract/bff-api.ts';
import { request } from '../api-client.ts';
import { consoleMessage } from '../known-messages.ts';
import { sessionQueryOptions } from './get-session.ts';

/** A refused sign-in's answer; anything else reads as the generic refusal. */
const refusalSchema = z.object({ detail: z.string() });

export async function signIn(credentials: LoginRequest): Promise<void> {
  const answer = await request('post', '/bff/login', { json: credentials, unauthorizedIsAnswer: true });
  if (answer.status === 200) return;
  const refusal = refusalSchema.safeParse(answer.body);
  throw new Error(consoleMessage(refusal.success ? refusal.data.detail : 'Sign-in failed.'));
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    // Refetch even without an observer: the router reads the session from the cache next.
    onSuccess: () => queryClient.refetchQueries({ queryKey: sessionQueryOptions.queryKey, type: 'all' }),
  });
}

/** Where "Sign in with SSO" goes: the BFF starts the sign-in at the provider and returns to `returnTo`. */
export function ssoSignInHref(returnTo: string | undefined): string {
  return returnTo ? `/bff/login/oidc?${new URLSearchParams({ returnTo })}` : '/bff/login/oidc';
}
