import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { SearchResult } from '../../../contract/records.ts';
import { messages as de } from '../../locales/de.po';
import { messages as en } from '../../locales/en.po';
import {
  findContract,
  findPair,
  groupByKind,
  knownContract,
  knownContracts,
  resultSubtitle,
} from './search-results.ts';

afterEach(() => i18n.loadAndActivate({ locale: 'en', messages: en }));

const contract = (user: string, id: string, name?: string): SearchResult => ({
  kind: 'contract',
  title: [user, id, name].filter(Boolean).join(' · '),
  subtitle: '3 bookings, latest 2026-11-23',
  url: `/producers/${encodeURIComponent(user)}/contracts/${encodeURIComponent(id)}`,
});
const consumer: SearchResult = {
  kind: 'consumer',
  title: 'Jörg Müller',
  subtitle: 'K-100234 · Hauptstraße 1, 10115 Berlin · 51238696781',
  url: '/consumers/K-100234',
};

describe('search results', () => {
  it('word a booking’s type, amount and day in German: "Gutschrift · 1.500,00 € · … · 28.11.2026"', () => {
    i18n.loadAndActivate({ locale: 'de', messages: de });
    const booking: SearchResult = {
      kind: 'booking',
      title: 'bonus-1',
      subtitle: 'P1 · C1',
      url: '/producers/P1/contracts/C1#booking-1',
      transaction: { type: 'credit', amount_cent: 150000 },
      day: '2026-11-28',
    };
    expect(resultSubtitle(booking)).toBe('Gutschrift · 1.500,00\u00a0€ · P1 · C1 · 28.11.2026');
    expect(resultSubtitle({ ...booking, transaction: null, subtitle: '', day: '2026-11-28' })).toBe(
      '28.11.2026',
    );
  });

  it('groups by kind, the kind of the best result first, keeping the order within a kind', () => {
    const booking: SearchResult = { kind: 'booking', title: 'bonus-1', subtitle: '', url: '/x#booking-1' };
    const results = [contract('P1', 'C1'), consumer, contract('P2', 'C2'), booking];
    expect(groupByKind(results).map((group) => [group.kind, group.results.map((r) => r.title)])).toEqual([
      ['contract', ['P1 · C1', 'P2 · C2']],
      ['consumer', ['Jörg Müller']],
      ['booking', ['bonus-1']],
    ]);
  });

  it('reads a contract’s IDs from its page and the producer’s name from its title', () => {
    expect(knownContract(contract('P1000', 'C1000', 'Sonnendach GmbH'))).toMatchObject({
      userId: 'P1000',
      contractId: 'C1000',
      name: 'Sonnendach GmbH',
      title: 'P1000 · C1000 · Sonnendach GmbH',
    });
    expect(knownContract(contract('P1000', 'C1000'))?.name).toBeNull();
  });

  it('keeps a name with the separator in it whole', () => {
    expect(knownContract(contract('P1', 'C1', 'Wind · Sonne eG'))?.name).toBe('Wind · Sonne eG');
  });

  it('decodes IDs the URL encodes', () => {
    expect(knownContract(contract('P 1', 'C/1'))).toMatchObject({ userId: 'P 1', contractId: 'C/1' });
  });

  it('takes no other kind and no other page for a contract', () => {
    expect(knownContract(consumer)).toBeNull();
    expect(
      knownContract({ ...contract('P1', 'C1'), url: '/producers/P1/contracts/C1#booking-3' }),
    ).toBeNull();
    expect(knownContracts([consumer, contract('P1', 'C1')]).map((c) => c.contractId)).toEqual(['C1']);
  });

  it('finds a pair only with both IDs exactly as typed', () => {
    const contracts = knownContracts([contract('P1000', 'C1000'), contract('P2000', 'C2000')]);
    expect(findPair(contracts, 'P1000', 'C1000')?.userId).toBe('P1000');
    expect(findPair(contracts, 'P1000', 'C2000')).toBeUndefined();
    expect(findPair(contracts, 'P1000', 'C1OOO')).toBeUndefined();
  });

  it('names the producer of a lone contract ID only when one contract has it', () => {
    const contracts = knownContracts([contract('P1', 'C1'), contract('P2', 'C2'), contract('P3', 'C2')]);
    expect(findContract(contracts, 'C1')?.userId).toBe('P1');
    expect(findContract(contracts, 'C2')).toBeUndefined();
    expect(findContract(contracts, 'C9')).toBeUndefined();
  });
});
