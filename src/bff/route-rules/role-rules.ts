import type { FastifyRequest } from 'fastify';
import { ROLES, type Role } from '../../contract/bff-api.ts';
import type { BffRefusalCode } from '../../contract/bff-refusal-codes.ts';
import { HttpError } from '../http-error.ts';
import { ADMIN_ONLY, requireSession } from '../sessions/sessions-plugin.ts';

/**
 * Who may call a route (its `config.roles`): a signed-in session whose role is listed. Those left out get
 * a 403 with the rule's own code and words, which the console shows for that part of it.
 */
export type RoleRule =
  | { readonly roles: typeof ROLES }
  | { readonly roles: readonly Role[]; readonly refusal: { code: BffRefusalCode; detail: string } };

/** Anyone signed in. */
export const SIGNED_IN: RoleRule = { roles: ROLES };

export const ADMINS: RoleRule = { roles: ['admin'], refusal: { code: 'admin_only', detail: ADMIN_ONLY } };

export const APPROVAL_PARTICIPANTS: RoleRule = {
  roles: ['operator', 'admin'],
  refusal: {
    code: 'approvals_need_operator_role',
    detail: 'Only operators and admins take part in approvals.',
  },
};

/** Operators and admins run campaigns; which campaign one may see is the handler's (its owner, or an admin). */
export const CAMPAIGN_STAFF: RoleRule = {
  roles: ['operator', 'admin'],
  refusal: {
    code: 'campaigns_need_operator_role',
    detail: 'Only operators and admins may run bulk campaigns.',
  },
};

/** 401 without a session; 403 with the rule's refusal for a role it does not list. */
export function enforceRoleRule(request: FastifyRequest, rule: RoleRule): void {
  const session = requireSession(request);
  if (!rule.roles.includes(session.role) && 'refusal' in rule)
    throw new HttpError(403, rule.refusal.code, rule.refusal.detail);
}
