import { randomBytes } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { commonPasswordChecker, passwordProblems } from '../../contract/password-policy.ts';

/** zxcvbn-ts's list of 49,233 common passwords, most frequent first: the policy's "not a common password". */
const isCommonPassword = commonPasswordChecker(dictionary['passwords-common']);

/** Why `password` cannot be `username`'s new password (create, reset, change); empty when it can. */
export function newPasswordProblems(password: string, username: string): string[] {
  return passwordProblems({ password, username, isCommon: isCommonPassword });
}

/**
 * A temporary password for an admin's reset: 120 random bits in 20 URL-safe characters (easy to copy,
 * no look-alike quoting issues), and like every password it passes the policy.
 */
export function temporaryPassword(username: string): string {
  for (;;) {
    const candidate = randomBytes(15).toString('base64url');
    if (newPasswordProblems(candidate, username).length === 0) return candidate;
  }
}
