import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/bff-api.ts';
import { refusal } from '../../contract/bff-refusal-codes.ts';
import { listenLocally } from '../../node-shared/testing/listen.ts';
import { buildTestBff } from '../testing/test-bff.ts';
import { postToPlatform, recordedWrite, type RecordedWrite } from './recorded-write.ts';

/** What the platform saw when a write reached it: the audit entry's status and the consumer's records then. */
interface Arrival {
  auditStatus: number | undefined;
  records: number;
}

describe('a recorded write: audit begin → record begin → send → record answer → audit answer', () => {
  let app: FastifyInstance;
  let platform: Server;
  const arrivals: Arrival[] = [];

  beforeAll(async () => {
    platform = createServer((request, response) => {
      request.resume();
      if (request.url === '/oauth2/token/') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ access_token: 't', token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      const requestId = String(request.headers['x-request-id']);
      void Promise.all([app.auditLog.page({}, 50, 0), app.consoleRecords.consumer('K-RW-1')]).then(
        ([audit, records]) => {
          arrivals.push({
            auditStatus: audit.results.find((entry) => entry.requestId === requestId)?.status,
            records: records.length,
          });
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ user_id: 'K-RW-1' }));
        },
      );
    });
    const url = await listenLocally(platform);
    app = await buildTestBff(url, { dataDir: tmpdir() });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    platform.closeAllConnections();
    await new Promise((resolve) => platform.close(resolve));
  });

  const services = () => ({
    audit: app.auditLog,
    records: app.consoleRecords,
    log: app.log,
    now: Date.now,
    databaseAttempts: 2,
  });
  const entry = (requestId: string): AuditEntry => ({
    time: new Date().toISOString(),
    requestId,
    username: 'olga',
    displayName: null,
    role: 'operator',
    operation: 'migrations_consumers_create',
    method: 'POST',
    path: '/api/v3/migrations/consumers/K-RW-1/',
    targets: { userID: 'K-RW-1' },
    status: 0,
    durationMs: 0,
  });
  const write = (requestId: string, beginRecord: RecordedWrite['beginRecord']): RecordedWrite => ({
    entry: entry(requestId),
    beginRecord,
    send: postToPlatform(app.platform, '/v3/migrations/consumers/K-RW-1/', { first_name: 'Rita' }, requestId),
  });
  const auditStatus = async (requestId: string) =>
    (await app.auditLog.page({}, 50, 0)).results.find((audited) => audited.requestId === requestId)?.status;
  const beginMigration = (requestId: string) => async () => ({
    recordId: await app.consoleRecords.begin({
      operation: 'consumer_migration',
      source: 'bulk',
      userId: 'K-RW-1',
      sent: { first_name: 'Rita' },
      recordedBy: 'olga',
      recordedByDisplayName: null,
      acknowledged: [],
      requestId,
    }),
  });

  it('sends only after its audit entry (status 0) and its record exist, then stores the answer in both', async () => {
    const result = await recordedWrite(services(), write('rw-1', beginMigration('rw-1')));
    expect(arrivals).toEqual([{ auditStatus: 0, records: 1 }]);
    expect(result.sent && result.answer.status).toBe(201);
    expect(await auditStatus('rw-1')).toBe(201);
    const record = await app.consoleRecords.find((result.sent && result.recordId) || -1);
    expect(record?.upstreamStatus).toBe(201);
  });

  it('sends nothing when the money path refuses it, and audits the refusal', async () => {
    const needsApproval = refusal('approval_required', 'needs approval');
    const result = await recordedWrite(
      services(),
      write('rw-2', async () => ({ refusal: { status: 428, body: needsApproval } })),
    );
    expect(result).toEqual({ sent: false, refusal: { status: 428, body: needsApproval } });
    expect(await auditStatus('rw-2')).toBe(428);
    expect(arrivals).toHaveLength(1);
  });

  it('sends nothing when its record cannot be written, and says so by throwing', async () => {
    const failing = write('rw-3', async () => {
      throw new Error('disk full');
    });
    await expect(recordedWrite(services(), failing)).rejects.toThrow('disk full');
    expect(arrivals).toHaveLength(1);
    // Begun, never answered: the audit shows an attempt without an answer.
    expect(await auditStatus('rw-3')).toBe(0);
  });

  it('leaves the audit to the route when it has no entry (the /api proxy), and still records the answer first', async () => {
    const seen: string[] = [];
    const result = await recordedWrite(services(), {
      entry: null,
      beginRecord: beginMigration('rw-4'),
      send: async (storeAnswer) => {
        await storeAnswer(201, { user_id: 'K-RW-1' });
        seen.push('stored');
        return 'replied';
      },
    });
    expect(seen).toEqual(['stored']);
    expect(result.sent && result.answer).toBe('replied');
    expect(await auditStatus('rw-4')).toBeUndefined();
    const record = await app.consoleRecords.find((result.sent && result.recordId) || -1);
    expect(record?.upstreamStatus).toBe(201);
  });
});
