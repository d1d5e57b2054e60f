import { t } from '@lingui/core/macro';

/** WebAuthn is there (the same test as @simplewebauthn/browser's, without loading it). */
export function browserSupportsPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/**
 * Why the browser's passkey dialog gave no passkey, in the UI language. The browser names the reason
 * (`NotAllowedError` for cancelled or timed out). The passkeys panel says what only adding one meets.
 */
export function passkeyDialogProblem(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return t`The passkey dialog was closed or timed out.`;
  return t`The browser could not use a passkey (${name || 'unknown error'}).`;
}
