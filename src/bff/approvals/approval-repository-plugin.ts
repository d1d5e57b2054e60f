import fp from 'fastify-plugin';
import { ApprovalRepository } from './approval-repository.ts';
import { forwardLeaseMs } from './forward-lease.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one approval repository: the approvals plugin, bulk campaigns and the /api proxy share it. */
    approvals: ApprovalRepository;
  }
}

export interface ApprovalRepositoryPluginOptions {
  /** BFF_APPROVAL_TTL_H in milliseconds: when a request created now expires. */
  ttlMs: number;
  now: () => number;
}

/** Decorates `app.approvals`; registered before the proxy, bulk and approvals plugins that use it. */
export default fp<ApprovalRepositoryPluginOptions>(
  async (app, options) => {
    // A `sending` approval older than the lease had its process die mid-forward: it reads as unknown.
    const leaseMs = forwardLeaseMs(app.platform.timeoutMs);
    app.decorate('approvals', new ApprovalRepository(app.database.db, options.now, options.ttlMs, leaseMs));
  },
  { name: 'bff-approval-repository', dependencies: ['bff-database', 'bff-platform'] },
);
