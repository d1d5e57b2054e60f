import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { BFF_AUDITED_OPERATIONS } from '../../contract/bff-api.ts';
import { isRecord } from '../../contract/is-record.ts';
import { enforceRoleRule, type RoleRule } from './role-rules.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call: a role rule (role-rules.ts), or 'public' said out loud. Settled before the body is read. */
    roles?: RoleRule | 'public';
    /** The audit's operation for this route's attempts (refused ones too); its handler may add targets. */
    audit?: (typeof BFF_AUDITED_OPERATIONS)[number];
    /** Path parameters the audit names as targets: parameter → target name (`{ id: 'approval' }`). */
    auditTargets?: Readonly<Record<string, string>>;
  }
}

/** The named path parameters as sent (before validation, so a refused attempt names them too), cut to 64. */
function targetsFrom(request: FastifyRequest, names: Readonly<Record<string, string>> = {}) {
  const params: unknown = request.params;
  const targets: Record<string, string> = {};
  for (const [param, target] of Object.entries(names)) {
    const value = isRecord(params) ? params[param] : undefined;
    if (typeof value === 'string' && value !== '') targets[target] = value.slice(0, 64);
  }
  return targets;
}

/**
 * The rules routes declare in `config` (issue 43), read in one onRequest hook: the audit's naming of the
 * attempt, then the role rule. Registered after the passwords plugin, so the order stays CSRF (security),
 * session, "must change password", then this, then the route's own onRequest hooks (feature switches
 * such as local accounts or passkeys).
 */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request) => {
      const { roles, audit, auditTargets } = request.routeOptions.config;
      if (audit) request.audit = { operation: audit, targets: targetsFrom(request, auditTargets) };
      if (roles && roles !== 'public') enforceRoleRule(request, roles);
    });
  },
  { name: 'bff-route-rules', dependencies: ['bff-sessions', 'bff-audit', 'bff-passwords'] },
);
