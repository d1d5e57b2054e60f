import { ROLES, SSO_USERNAME_PREFIX, type Role } from '../../contract/bff-api.ts';

/**
 * The console role in a role claim: the highest of `viewer`, `operator` and `admin` among its values,
 * or null when it names none. Providers send an array (Entra ID app roles, a Keycloak mapper) or a
 * string, sometimes space-separated; other values (the company's other roles) are ignored.
 */
export function roleFromClaim(value: unknown): Role | null {
  const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/[\s,]+/) : [];
  let best = -1;
  for (const candidate of values) {
    if (typeof candidate !== 'string') continue;
    const name = candidate.trim();
    best = Math.max(
      best,
      ROLES.findIndex((role) => role === name),
    );
  }
  return best >= 0 ? ROLES[best]! : null;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** How the console and the audit name a person: the provider's display name, else a login-like claim. */
export function displayNameFrom(claims: Record<string, unknown>): string {
  const fullName = [text(claims.given_name), text(claims.family_name)].filter(Boolean).join(' ');
  const name =
    text(claims.name) ||
    fullName ||
    text(claims.preferred_username) ||
    text(claims.email) ||
    String(claims.sub);
  return name.slice(0, 200);
}

/** The console's username of an SSO user: their subject at the provider, which never changes. */
export const ssoUsername = (subject: string) => `${SSO_USERNAME_PREFIX}${subject}`;
