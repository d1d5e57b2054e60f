/**
 * The console server's words that need no schema: the roles and what they may do, the environments, the CSRF
 * header. The console's shell reads them and loads no zod (docs/decisions/0049); bff-api.ts re-exports them.
 */
export const ROLES = ['viewer', 'operator', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const ENVIRONMENTS = ['sandbox', 'test', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const CSRF_HEADER = 'x-csrf';

/** What each role may do; the BFF enforces it, the SPA only hides what would be refused. */
export function canWrite(role: Role): boolean {
  return role === 'operator' || role === 'admin';
}

export function canAdminister(role: Role): boolean {
  return role === 'admin';
}
