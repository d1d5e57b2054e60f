import { describe, expect, it } from 'vitest';
import { checkablePair, contractVerdict, needsConfirmation, probeRequest } from './contract-check.ts';
import type { KnownContract } from './search-results.ts';

const known: KnownContract = {
  userId: 'P1000',
  contractId: 'C1000',
  name: 'Sonnendach GmbH',
  title: 'P1000 · C1000 · Sonnendach GmbH',
  subtitle: '',
};

describe('what the console says of a user/contract pair', () => {
  it('calls a pair among its records known, whatever the platform says', () => {
    expect(contractVerdict(known, 404)).toEqual({ kind: 'known', contract: known });
    expect(contractVerdict(known, null)).toEqual({ kind: 'known', contract: known });
  });

  it('calls a pair unknown only when it is not in the records and the platform answers 404', () => {
    expect(contractVerdict(undefined, 404)).toEqual({ kind: 'unknown' });
    expect(needsConfirmation(contractVerdict(undefined, 404))).toBe(true);
  });

  it('lets a pair the platform has a feed-in list for pass without a word of warning', () => {
    expect(contractVerdict(undefined, 200)).toEqual({ kind: 'exists' });
    expect(needsConfirmation(contractVerdict(undefined, 200))).toBe(false);
  });

  it('does not hold a booking back when the probe could not say (refused otherwise, no answer)', () => {
    for (const status of [400, 403, 500, 502, null]) {
      expect(contractVerdict(undefined, status)).toEqual({ kind: 'unchecked' });
      expect(needsConfirmation(contractVerdict(undefined, status))).toBe(false);
    }
    expect(needsConfirmation(undefined)).toBe(false);
  });

  it('checks only pairs the platform’s paths accept, trimmed', () => {
    expect(checkablePair(' P1000 ', 'C1OOO')).toEqual({ userId: 'P1000', contractId: 'C1OOO' });
    expect(checkablePair('P1000', '')).toBeNull();
    expect(checkablePair('P 1000', 'C1000')).toBeNull();
    expect(checkablePair('P1000', 'C'.repeat(65))).toBeNull();
  });

  it('probes the feed-in list for today’s first quarter hour, one value at most', () => {
    expect(probeRequest('P1000', 'C1OOO', new Date('2026-11-24T11:00:00Z'))).toEqual({
      path: '/api/v3/producers/P1000/contracts/C1OOO/feed/',
      searchParams: { start: '2026-11-24T00:00:00Z', end: '2026-11-24T00:15:00Z', limit: '1' },
    });
  });
});
