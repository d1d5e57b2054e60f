import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedPageSchema, type FeedRecord } from '../../contract/api/feed.ts';
import { generateFeedSeries } from '../seed/feed-generator.ts';
import { SEED_PRODUCERS } from '../seed/seed-data.ts';
import { DATABASE_KINDS, startTestSandbox, type TestSandbox } from '../testing/harness.ts';

type Aggregation = 'year' | 'month' | 'week' | 'day' | 'hour';

/** Independent oracle: groups raw values by their local calendar period using Intl only. */
function oracle(contractId: string, from: string, to: string, aggregation: Aggregation, timeZone: string) {
  const profile = SEED_PRODUCERS.find((producer) => producer.contract.contractId === contractId)!.contract
    .feed;
  const series = generateFeedSeries(profile);
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    weekday: 'short',
    timeZoneName: 'longOffset',
  });
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  const groups: { key: string; wh: number; n: number; first: number; last: number }[] = [];
  const [fromMs, toMs] = [Date.parse(from), Date.parse(to)];
  series.startMin.forEach((minute, index) => {
    const instant = minute * 60_000;
    if (instant < fromMs || instant >= toMs) return;
    const parts = Object.fromEntries(format.formatToParts(instant).map((part) => [part.type, part.value]));
    const date = `${parts.year}-${parts.month}-${parts.day}`;
    let key: string;
    if (aggregation === 'year') key = parts.year!;
    else if (aggregation === 'month') key = date.slice(0, 7);
    else if (aggregation === 'day') key = date;
    else if (aggregation === 'hour') key = `${date}T${parts.hour}${parts.timeZoneName}`;
    else {
      const monday = new Date(`${date}T00:00:00Z`);
      monday.setUTCDate(monday.getUTCDate() - weekdays.indexOf(parts.weekday!));
      key = monday.toISOString().slice(0, 10);
    }
    const last = groups.at(-1);
    if (last?.key === key) {
      last.wh += series.wh[index]!;
      last.n += 1;
      last.last = instant;
    } else groups.push({ key, wh: series.wh[index]!, n: 1, first: instant, last: instant });
  });
  return groups;
}

describe.each(DATABASE_KINDS)('feed-in endpoint on %s', (kind) => {
  let sandbox: TestSandbox;
  let token: string;
  const get = (url: string) =>
    sandbox.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  async function allRecords(path: string): Promise<FeedRecord[]> {
    const records: FeedRecord[] = [];
    let url: string | null = path;
    while (url) {
      const response = await get(url.replace(/^https?:\/\/[^/]+/, ''));
      expect(response.statusCode).toBe(200);
      const page = feedPageSchema.parse(response.json());
      records.push(...page.results);
      url = page.next;
    }
    return records;
  }

  beforeAll(async () => {
    sandbox = await startTestSandbox(kind);
    token = await sandbox.token('read', 'sandbox-ro');
  });
  afterAll(() => sandbox.close());

  it.each([
    ['C1000', '2025-03-01T00:00:00Z', '2025-11-15T00:00:00Z', 'day', 'Europe/Berlin'],
    ['C2000', '2025-03-29T00:00:00Z', '2025-04-02T00:00:00Z', 'hour', 'Europe/Berlin'],
    ['C2000', '2025-10-24T00:00:00Z', '2025-10-28T00:00:00Z', 'hour', 'Europe/Berlin'],
    ['C1000', '2024-01-01T00:00:00Z', '2027-01-01T00:00:00Z', 'month', 'Etc/GMT+1'],
    ['C2000', '2025-01-01T00:00:00Z', '2025-03-01T00:00:00Z', 'day', 'Asia/Kathmandu'],
    ['C2000', '2025-01-01T00:00:00Z', '2025-03-01T00:00:00Z', 'hour', 'Asia/Kolkata'],
    ['C1000', '2025-01-01T00:00:00Z', '2026-01-01T00:00:00Z', 'week', 'US/Eastern'],
    ['C2000', '2023-06-01T00:00:00Z', '2030-01-01T00:00:00Z', 'year', 'UTC'],
  ] as const)(
    '%s %s..%s by %s in %s matches the Intl oracle',
    async (contract, start, end, aggregation, zone) => {
      const query = new URLSearchParams({
        start,
        end,
        aggregation_type: aggregation,
        timezone: zone,
        limit: '10000',
      });
      const records = await allRecords(
        `/v3/producers/${contract === 'C1000' ? 'P1000' : 'P2000'}/contracts/${contract}/feed/?${query}`,
      );
      const expected = oracle(contract, start, end, aggregation, zone);
      expect(records.map((record) => [record.energy_kwh, record.sample_count])).toEqual(
        expected.map((group) => [group.wh / 1000, group.n]),
      );
      records.forEach((record, index) => {
        expect(Date.parse(record.start)).toBeLessThanOrEqual(expected[index]!.first);
        expect(Date.parse(record.end)).toBeGreaterThan(expected[index]!.last);
      });
    },
  );

  it('leaves 2025-08-12 (Europe/Berlin) out for C1000 and has no other gap', async () => {
    const records = await allRecords(
      '/v3/producers/P1000/contracts/C1000/feed/?start=2025-08-10T22:00:00Z&end=2025-08-14T22:00:00Z&aggregation_type=day',
    );
    expect(records.map((record) => [record.start, record.sample_count])).toEqual([
      ['2025-08-10T22:00:00Z', 96],
      ['2025-08-12T22:00:00Z', 96],
      ['2025-08-13T22:00:00Z', 96],
    ]);
    const raw = await get(
      '/v3/producers/P2000/contracts/C2000/feed/?start=2024-01-01T00:00:00Z&end=2027-01-01T00:00:00Z&limit=1',
    );
    expect(raw.json().count).toBe(1096 * 96 - 4 * 1);
  });

  it('keeps the calendar bounds of a period cut by the range and counts only values inside', async () => {
    const response = await get(
      '/v3/producers/P2000/contracts/C2000/feed/?start=2025-06-10T10:00:00Z&end=2025-06-10T11:30:00Z&aggregation_type=day',
    );
    expect(response.json().results).toEqual([
      expect.objectContaining({
        start: '2025-06-09T22:00:00Z',
        end: '2025-06-10T22:00:00Z',
        sample_count: 6,
      }),
    ]);
  });

  it('pages raw values without duplicates or holes and links back and forth', async () => {
    const path =
      '/v3/producers/P2000/contracts/C2000/feed/?start=2025-03-01T00:00:00Z&end=2025-04-01T00:00:00Z&limit=700';
    const records = await allRecords(path);
    expect(records).toHaveLength(31 * 96);
    expect(new Set(records.map((record) => record.start)).size).toBe(records.length);
    for (let i = 1; i < records.length; i++) expect(records[i]!.start).toBe(records[i - 1]!.end);
    const second = feedPageSchema.parse((await get(`${path}&offset=700`)).json());
    expect(second.previous).toMatch(
      /^http:\/\/localhost(:\d+)?\/v3\/producers\/P2000\/contracts\/C2000\/feed\/\?/,
    );
    expect(new URL(second.previous!).searchParams.has('offset')).toBe(false);
    expect(new URL(second.next!).searchParams.get('offset')).toBe('1400');
    const beyond = feedPageSchema.parse((await get(`${path}&offset=99999`)).json());
    expect(beyond.results).toEqual([]);
    expect(beyond.next).toBeNull();
  });

  it('pages aggregated periods with offsets', async () => {
    const path =
      '/v3/producers/P1000/contracts/C1000/feed/?start=2025-01-01T00:00:00Z&end=2025-02-01T00:00:00Z&aggregation_type=hour&timezone=UTC';
    const all = await allRecords(`${path}&limit=10000`);
    const paged = await allRecords(`${path}&limit=77`);
    expect(paged).toEqual(all);
  });

  it.each([
    ['', { start: ['This field is required.'], end: ['This field is required.'] }],
    ['start=2025-01-02T00:00:00Z&end=2025-01-01T00:00:00Z', { end: ['end must be after start.'] }],
    ['start=2025-01-01T00:00:00Z&end=2025-01-01T00:00:00Z', { end: ['end must be after start.'] }],
    [
      'start=yesterday&end=2025-01-01T00:00:00Z',
      { start: ['Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm:ssZ.'] },
    ],
    [
      'start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z&aggregation_type=minute',
      { aggregation_type: ['"minute" is not a valid choice.'] },
    ],
    [
      'start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z&timezone=Mars%2FBase',
      { timezone: ['Select a valid IANA time zone name (e.g. Europe/Berlin).'] },
    ],
    [
      'start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z&limit=0',
      { limit: ['Ensure this value is greater than or equal to 1.'] },
    ],
    [
      'start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z&limit=ten',
      { limit: ['A valid integer is required.'] },
    ],
  ])('answers 400 for ?%s', async (query, errors) => {
    const response = await get(`/v3/producers/P1000/contracts/C1000/feed/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(errors);
  });

  it('answers 404 for unknown producers and contracts', async () => {
    for (const path of ['P9/contracts/C1000', 'P1000/contracts/C9', 'P1000/contracts/C2000']) {
      const response = await get(
        `/v3/producers/${path}/feed/?start=2025-01-01T00:00:00Z&end=2025-01-02T00:00:00Z`,
      );
      expect(response.statusCode).toBe(404);
    }
  });

  it('answers an empty page outside the data', async () => {
    const response = await get(
      '/v3/producers/P1000/contracts/C1000/feed/?start=1990-01-01T00:00:00Z&end=2000-01-01T00:00:00Z&aggregation_type=hour',
    );
    expect(response.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });
});
