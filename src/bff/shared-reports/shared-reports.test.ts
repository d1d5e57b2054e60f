import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPageSchema } from '../../contract/bff-api.ts';
import { feedPageSchema } from '../../contract/api/feed.ts';
import {
  createdSharedReportSchema,
  rangeQueryOf,
  sharedReportDataSchema,
  sharedReportListSchema,
  sharedReportRawSchema,
  type CreateSharedReport,
} from '../../contract/shared-reports.ts';
import { createPostgresDatabase } from '../../node-shared/db/testing/postgres.ts';
import {
  addSignedInStaff,
  buildTestBff,
  CSRF,
  startBffWithSandbox,
  startSignedInBff,
  startUpstreamSandbox,
  type BffWithSandbox,
  type SignedInBff,
} from '../testing/test-bff.ts';

const DAY_MS = 24 * 60 * 60_000;
const START = Date.parse('2026-11-29T10:00:00Z');

/** The gap week of the sandbox's C1000 (no values on 2025-08-12), by day in Berlin. */
const GAP_WEEK: CreateSharedReport = {
  user: 'P1000',
  contract: 'C1000',
  from: '2025-08-10',
  to: '2025-08-14',
  agg: 'day',
  tz: 'Europe/Berlin',
};

const sumKwh = (records: { energy_kwh: number }[]) =>
  Math.round(records.reduce((total, record) => total + record.energy_kwh, 0) * 1000) / 1000;

describe('shared report links', () => {
  let bff: BffWithSandbox;
  let viewer: string;
  let clock = START;
  /** A reader: no cookie, no X-CSRF, as a browser opening a link. */
  const read = (url: string, headers: Record<string, string> = {}) =>
    bff.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });
  const share = async (body: CreateSharedReport) => {
    const created = await bff.call('POST', '/bff/shared-reports', bff.operator, body);
    expect(created.statusCode, created.body).toBe(201);
    return createdSharedReportSchema.parse(created.json());
  };
  const platformFeed = async (report: CreateSharedReport, range = { from: report.from, to: report.to }) => {
    const { start, end } = rangeQueryOf(range, report.tz);
    const query = new URLSearchParams({
      start,
      end,
      aggregation_type: report.agg,
      timezone: report.tz,
      limit: '10000',
    });
    const answer = await bff.call(
      'GET',
      `/api/v3/producers/${report.user}/contracts/${report.contract}/feed/?${query}`,
      bff.operator,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return feedPageSchema.parse(answer.json()).results;
  };

  beforeAll(async () => {
    bff = await startBffWithSandbox({ now: () => clock });
    viewer = await addSignedInStaff(bff.app, {
      username: 'vera',
      password: 'vera-password-1',
      role: 'viewer',
    });
  });
  afterAll(() => bff?.close());

  it('gives an operator a link whose data is the platform’s answer for exactly that report', async () => {
    const link = await share({ ...GAP_WEEK, note: 'for the owner' });
    expect(link.url).toMatch(/^\/shared\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(link.expires_at)).toBe(START + 30 * DAY_MS);
    const data = await read(`${link.url}/feed`);
    expect(data.statusCode, data.body).toBe(200);
    const report = sharedReportDataSchema.parse(data.json());
    expect(report).toMatchObject({ user: 'P1000', contract: 'C1000', from: '2025-08-10', to: '2025-08-14' });
    expect(report.records).toEqual(await platformFeed(GAP_WEEK));
    // The gap day holds no values: the platform gives no record for it, and neither does the link.
    expect(report.records.map((record) => record.start)).not.toContain('2025-08-11T22:00:00Z');
    expect(report.compare_records).toBeNull();
    expect(report.capacity_kw).toBeNull();
  });

  it('keeps the nameplate power staff entered, so the reader sees specific yield as they did', async () => {
    const link = await share({ ...GAP_WEEK, capacity_kw: 9.8 });
    const report = sharedReportDataSchema.parse((await read(`${link.url}/feed`)).json());
    expect(report.capacity_kw).toBe(9.8);
    const listed = await bff.call('GET', '/bff/shared-reports?user=P1000&contract=C1000', bff.operator);
    expect(sharedReportListSchema.parse(listed.json()).find((row) => row.capacity_kw === 9.8)).toBeDefined();
  });

  it('gives the heatmap the range’s 15-minute values, padded for every zone, only for that link', async () => {
    const link = await share(GAP_WEEK);
    const answer = await read(`${link.url}/raw?from=2024-01-01&contract=C2000`);
    expect(answer.statusCode, answer.body).toBe(200);
    const raw = sharedReportRawSchema.parse(answer.json());
    expect(raw).toMatchObject({ start: '2025-08-08T22:00:00Z', end: '2025-08-16T02:00:00Z' });
    // 5 days and 2 × 26 hours of quarter hours, less the gap day's 96 (none delivered on 2025-08-12 in Berlin).
    expect(raw.records).toHaveLength(5 * 96 + 2 * 26 * 4 - 96);
    expect(sumKwh(raw.records)).toBeGreaterThan(0);
    expect((await read(`/shared/${'C'.repeat(43)}/raw`)).statusCode).toBe(404);
  });

  it('reads the compared range too, as the staff report compares', async () => {
    const year = { ...GAP_WEEK, compare: 'year' as const };
    const report = sharedReportDataSchema.parse((await read(`${(await share(year)).url}/feed`)).json());
    const earlier = await platformFeed(year, { from: '2024-08-10', to: '2024-08-14' });
    expect(report.compare_records).toEqual(earlier);
    expect(sumKwh(report.compare_records ?? [])).toBeGreaterThan(0);
  });

  it('keeps DST days whole in any zone: the autumn change day has 25 hours of values', async () => {
    const autumn: CreateSharedReport = {
      user: 'P2000',
      contract: 'C2000',
      from: '2025-10-26',
      to: '2025-10-26',
      agg: 'hour',
      tz: 'Europe/Berlin',
    };
    const report = sharedReportDataSchema.parse((await read(`${(await share(autumn)).url}/feed`)).json());
    expect(report.records).toHaveLength(25);
    expect(report.records).toEqual(await platformFeed(autumn));
  });

  it('answers the page without a session, with the console’s CSP, no cookie and nothing cached', async () => {
    const link = await share(GAP_WEEK);
    for (const url of [link.url, `${link.url}/feed`]) {
      const answer = await read(url);
      expect([200, 503]).toContain(answer.statusCode);
      expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
    }
    // A staff member's own cookie is neither needed nor refreshed.
    const withCookie = await read(`${link.url}/feed`, { cookie: bff.operator });
    expect(withCookie.headers['set-cookie']).toBeUndefined();
  });

  it('takes the report from the link, never from the address: a query or another path changes nothing', async () => {
    const link = await share(GAP_WEEK);
    const plain = sharedReportDataSchema.parse((await read(`${link.url}/feed`)).json());
    const edited = await read(
      `${link.url}/feed?user=P2000&contract=C2000&from=2024-01-01&to=2026-12-31&agg=raw&tz=UTC`,
    );
    expect(sharedReportDataSchema.parse(edited.json())).toMatchObject({
      contract: 'C1000',
      from: '2025-08-10',
      records: plain.records,
    });
    const token = link.url.slice('/shared/'.length);
    for (const url of [
      `/shared/${token}/feed/../../../bff/user`,
      `/shared/${token}%2Ffeed`,
      `/shared/${token}/..%2F..%2Fapi%2Fv3%2Fproducers%2FP2000%2Fcontracts%2FC2000%2Ffeed%2F`,
      `/shared/${token}/api/v3/producers/P2000/contracts/C2000/feed/`,
      `/api/v3/producers/P2000/contracts/C2000/feed/?token=${token}`,
      `/bff/shared-reports?user=P1000&contract=C1000&token=${token}`,
    ]) {
      const answer = await read(url, { authorization: `Bearer ${token}` });
      // No data: a refusal, or (with a built console) the console's own page for an unknown address.
      if (answer.statusCode === 200) expect(answer.headers['content-type'], url).toMatch(/^text\/html/);
      expect(answer.body, url).not.toContain('energy_kwh');
    }
  });

  it('answers an unknown or malformed token 404 alike, and refuses NUL and huge tokens', async () => {
    const unknown = 'A'.repeat(43);
    for (const url of [
      `/shared/${unknown}`,
      `/shared/${unknown}/feed`,
      '/shared/short/feed',
      `/shared/${'x'.repeat(5000)}/feed`,
      '/shared/%F0%9F%92%A9/feed',
    ]) {
      const answer = await read(url);
      expect([400, 404, 414], url).toContain(answer.statusCode);
      expect(answer.body).not.toContain('energy_kwh');
    }
    const notFound = await read(`/shared/${unknown}/feed`);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json()).toMatchObject({ code: 'no_such_shared_report' });
    expect((await read(`/shared/${unknown}%00/feed`)).statusCode).toBe(400);
  });

  it('stops a revoked link at once (410), counts and audits each opening, and lists the links for staff', async () => {
    const link = await share({ ...GAP_WEEK, note: 'community board' });
    await read(`${link.url}/feed`);
    await read(`${link.url}/feed`);
    const listed = sharedReportListSchema.parse(
      (await bff.call('GET', '/bff/shared-reports?user=P1000&contract=C1000', viewer)).json(),
    );
    const mine = listed.find((each) => each.id === link.id);
    expect(mine).toMatchObject({
      created_by: 'olga',
      note: 'community board',
      open_count: 2,
      state: 'active',
    });
    expect(listed.every((each) => each.contract === 'C1000')).toBe(true);

    expect((await bff.call('DELETE', `/bff/shared-reports/${link.id}`, viewer)).statusCode).toBe(403);
    expect((await bff.call('DELETE', `/bff/shared-reports/${link.id}`, bff.operator)).statusCode).toBe(204);
    const gone = await read(`${link.url}/feed`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'shared_report_revoked' });
    expect((await read(link.url)).statusCode).toBe(410);
    expect((await bff.call('DELETE', '/bff/shared-reports/999999', bff.operator)).statusCode).toBe(404);

    const audit = auditPageSchema.parse(
      (await bff.call('GET', '/bff/audit?user_id=P1000&limit=1000', bff.admin)).json(),
    ).results;
    const ofLink = audit.filter((entry) => entry.targets.shared_report === link.id);
    expect(ofLink.map((entry) => entry.operation).sort()).toEqual([
      'bff_shared_reports_create',
      'bff_shared_reports_open',
      'bff_shared_reports_open',
      'bff_shared_reports_revoke',
    ]);
    // The token is a password: not in the audit.
    expect(JSON.stringify(audit)).not.toContain(link.url.slice('/shared/'.length));
  });

  it('lets an expired link say so (410)', async () => {
    const link = await share({ ...GAP_WEEK, expires_at: new Date(clock + DAY_MS).toISOString() });
    expect((await read(`${link.url}/feed`)).statusCode).toBe(200);
    clock += 2 * DAY_MS;
    try {
      const expired = await read(`${link.url}/feed`);
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ code: 'shared_report_expired' });
    } finally {
      clock -= 2 * DAY_MS;
    }
  });

  it('lets only operators and admins share, and only what a report can be', async () => {
    expect((await bff.call('POST', '/bff/shared-reports', viewer, GAP_WEEK)).statusCode).toBe(403);
    const anonymous = await bff.app.inject({
      method: 'POST',
      url: '/bff/shared-reports',
      headers: CSRF,
      payload: GAP_WEEK,
    });
    expect(anonymous.statusCode).toBe(401);
    const refused = async (body: object): Promise<LightMyRequestResponse> => {
      const answer = await bff.call('POST', '/bff/shared-reports', bff.admin, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      return answer;
    };
    await refused({ ...GAP_WEEK, note: 'a\u0000b' });
    await refused({ ...GAP_WEEK, note: 'x'.repeat(201) });
    await refused({ ...GAP_WEEK, tz: 'Mars/Olympus' });
    await refused({ ...GAP_WEEK, from: '2025-02-30' });
    await refused({ ...GAP_WEEK, from: '2024-01-01', to: '2025-12-31' });
    await refused({ ...GAP_WEEK, to: '2025-08-01' });
    await refused({ ...GAP_WEEK, agg: 'minute' });
    await refused({ ...GAP_WEEK, contract: 'C'.repeat(65) });
    await refused({ ...GAP_WEEK, token: 'mine' });
    await refused({ ...GAP_WEEK, capacity_kw: 0 });
    await refused({ ...GAP_WEEK, capacity_kw: -5 });
    await refused({ ...GAP_WEEK, capacity_kw: 10_000_001 });
    await refused({ ...GAP_WEEK, capacity_kw: '9,8' });
    // A contract the platform does not know for this producer: refused when the link would be made.
    expect((await refused({ ...GAP_WEEK, contract: 'C-NOT-THERE' })).json()).toEqual({
      contract: ['The platform has no such contract for this producer.'],
    });
    expect(
      (await refused({ ...GAP_WEEK, expires_at: new Date(clock + 400 * DAY_MS).toISOString() })).json(),
    ).toEqual({ expires_at: ['A link may work for at most a year.'] });
    await refused({ ...GAP_WEEK, expires_at: new Date(clock - DAY_MS).toISOString() });
    const huge = await bff.call('POST', '/bff/shared-reports', bff.admin, {
      ...GAP_WEEK,
      note: 'x'.repeat(2_000_000),
    });
    expect([400, 413]).toContain(huge.statusCode);
  });

  it('limits how often one address reads links', async () => {
    const link = await share(GAP_WEEK);
    const statuses: number[] = [];
    for (let i = 0; i < 130; i++)
      statuses.push(
        (
          await bff.app.inject({
            method: 'GET',
            url: `/shared/${'B'.repeat(43)}`,
            remoteAddress: '198.51.100.7',
          })
        ).statusCode,
      );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const throttled = await bff.app.inject({
      method: 'GET',
      url: `${link.url}/feed`,
      remoteAddress: '198.51.100.7',
    });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toMatchObject({ code: 'shared_report_throttled' });
    // Another address still reads it.
    expect((await read(`${link.url}/feed`)).statusCode).toBe(200);
  });
});

describe('shared report links on two replicas of one PostgreSQL database', () => {
  let upstream: Awaited<ReturnType<typeof startUpstreamSandbox>>;
  let postgres: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let first: SignedInBff;
  let second: FastifyInstance;
  let clock = START;

  beforeAll(async () => {
    upstream = await startUpstreamSandbox();
    postgres = await createPostgresDatabase();
    first = await startSignedInBff(upstream.url, { databaseUrl: postgres.url, now: () => clock });
    second = await buildTestBff(upstream.url, {
      dataDir: '/nonexistent',
      databaseUrl: postgres.url,
      now: () => clock,
    });
  });
  afterAll(async () => {
    await second?.close();
    await first?.app.close();
    await upstream?.sandbox.close();
    await postgres?.drop();
  });

  it('opens a link made on one replica on the other, and a revocation on either stops both at once', async () => {
    const created = await first.call('POST', '/bff/shared-reports', first.operator, GAP_WEEK);
    const link = createdSharedReportSchema.parse(created.json());
    const onSecond = await second.inject({ method: 'GET', url: `${link.url}/feed` });
    expect(onSecond.statusCode, onSecond.body).toBe(200);
    const revoked = await second.inject({
      method: 'DELETE',
      url: `/bff/shared-reports/${link.id}`,
      headers: { ...CSRF, cookie: first.operator },
    });
    expect(revoked.statusCode, revoked.body).toBe(204);
    expect((await first.app.inject({ method: 'GET', url: `${link.url}/feed` })).statusCode).toBe(410);
    expect((await second.inject({ method: 'GET', url: link.url })).statusCode).toBe(410);
  });

  it('lets a link expire on both replicas at its time', async () => {
    const created = await first.call('POST', '/bff/shared-reports', first.operator, {
      ...GAP_WEEK,
      expires_at: new Date(clock + DAY_MS).toISOString(),
    });
    const link = createdSharedReportSchema.parse(created.json());
    expect((await second.inject({ method: 'GET', url: `${link.url}/feed` })).statusCode).toBe(200);
    clock += DAY_MS;
    for (const app of [first.app, second])
      expect((await app.inject({ method: 'GET', url: `${link.url}/feed` })).statusCode).toBe(410);
  });
});
