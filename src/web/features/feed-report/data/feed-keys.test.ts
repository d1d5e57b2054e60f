import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { FeedParams } from '../api/get-feed.ts';
import { feedKeys, rawKeySpan } from './feed-keys.ts';

const params = (aggregation: FeedParams['aggregation'], timeZone = 'Europe/Berlin'): FeedParams => ({
  user: 'P1000',
  contract: 'C1000',
  start: '2025-02-28T23:00:00Z',
  end: '2025-03-31T22:00:00Z',
  aggregation,
  timeZone,
});

describe('feedKeys', () => {
  it('keys an aggregate by its range, aggregation and zone', () => {
    expect(feedKeys.range(params('day'))).toEqual([
      'feed',
      'P1000',
      'C1000',
      '2025-02-28T23:00:00Z',
      '2025-03-31T22:00:00Z',
      'day',
      'Europe/Berlin',
    ]);
    expect(feedKeys.range(params('day', 'UTC'))).not.toEqual(feedKeys.range(params('day')));
  });

  it('keys raw values without the zone: the same values in every zone', () => {
    expect(feedKeys.range(params('raw', 'UTC'))).toEqual(feedKeys.range(params('raw', 'Asia/Kolkata')));
  });

  it("finds a contract's entries by its prefix, and every feed entry by the root", () => {
    const client = new QueryClient();
    client.setQueryData(feedKeys.range(params('raw')), []);
    client.setQueryData(feedKeys.range({ ...params('day'), contract: 'C2000' }), []);
    expect(client.getQueriesData({ queryKey: feedKeys.contract('P1000', 'C1000') })).toHaveLength(1);
    expect(client.getQueriesData({ queryKey: feedKeys.all })).toHaveLength(2);
  });
});

describe('rawKeySpan', () => {
  it('gives the instants of a raw-values key', () => {
    expect(rawKeySpan(feedKeys.range(params('raw')))).toEqual({
      start: Date.parse('2025-02-28T23:00:00Z'),
      end: Date.parse('2025-03-31T22:00:00Z'),
    });
  });

  it('gives nothing for an aggregate or a key that is not a range', () => {
    expect(rawKeySpan(feedKeys.range(params('hour')))).toBeNull();
    expect(rawKeySpan(feedKeys.contract('P1000', 'C1000'))).toBeNull();
  });
});
