import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import { bffRefusalSchema, refusal } from '../../contract/bff-refusal-codes.ts';
import { canAdminister } from '../../contract/bff-api.ts';
import { staffSessionSchema } from '../../contract/accounts.ts';
import { sessionParamsSchema, sessionsQuerySchema } from '../../contract/bff-route-schemas.ts';
import { SIGNED_IN } from '../route-rules/role-rules.ts';
import { endSession, requireAdmin, requireSession } from './sessions-plugin.ts';

/**
 * Where staff are signed in, and ending a session (a lost laptop): one's own, or anyone's as an admin.
 * An ended session is gone from the database and from every replica's cache at once (SessionStore).
 */
export default fp(
  async (plugin) => {
    const app = plugin.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/bff/sessions',
      {
        config: { roles: SIGNED_IN },
        schema: { querystring: sessionsQuerySchema, response: { 200: z.array(staffSessionSchema) } },
      },
      async (request) => {
        const session = requireSession(request);
        const username = request.query.username ?? session.username;
        if (username !== session.username) requireAdmin(request);
        const listed = await app.sessions.list(username);
        return listed.map((each) => ({
          id: each.publicId,
          created_at: new Date(each.createdAt).toISOString(),
          last_seen_at: new Date(
            each.publicId === session.publicId ? session.lastSeenAt : each.lastSeenAt,
          ).toISOString(),
          user_agent: each.userAgent,
          ip: each.ip,
          current: each.publicId === session.publicId,
        }));
      },
    );

    app.delete(
      '/bff/sessions/:id',
      {
        // No target before the handler: the session's public id is named only once it is found.
        config: { roles: SIGNED_IN, audit: 'bff_sessions_end' },
        schema: {
          params: sessionParamsSchema,
          response: { 204: z.undefined(), 404: bffRefusalSchema },
        },
      },
      async (request, reply) => {
        const session = requireSession(request);
        const { id } = request.params;
        // Someone else's session is "not found" to a non-admin: whether it exists is not theirs to know.
        const owner = canAdminister(session.role) ? undefined : session.username;
        const ended = await app.sessions.destroyByPublicId(id, owner);
        if (!ended)
          return reply
            .code(404)
            .send(refusal('no_such_session', 'No such session: it may have ended already.'));
        request.audit = { operation: 'bff_sessions_end', targets: { username: ended.username, session: id } };
        if (id === session.publicId) await endSession(request, reply);
        return reply.code(204).send();
      },
    );
  },
  { name: 'bff-session-list', dependencies: ['bff-sessions', 'bff-audit'] },
);
