import { describe, expect, it } from 'vitest';
import { AUDITED_OPERATIONS } from './audit-operations.ts';
import { auditFilterSchema } from '../../../contract/bff-api.ts';
import { auditFilter, auditSearchSchema, dayRangeProblem, filterParams } from './audit-search.ts';

describe('audit page search', () => {
  it('reads its URL, dropping what it cannot read', () => {
    expect(auditSearchSchema.parse({ user: 'olga', status: '4xx', from: '2026-01-02', page: '3' })).toEqual({
      user: 'olga',
      status: '4xx',
      from: '2026-01-02',
      page: 3,
    });
    expect(auditSearchSchema.parse({ status: '7xx', from: 'yesterday', page: '-1' })).toEqual({});
  });

  it('turns days in the browser zone into the instants they start and end at, accepted by the BFF', () => {
    const filter = auditFilter({ user: '@anonymous', from: '2026-03-29', to: '2026-03-29', status: '2xx' });
    const from = new Date(filter.from!);
    const to = new Date(filter.to!);
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours()]).toEqual([2026, 2, 29, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours()]).toEqual([2026, 2, 30, 0]);
    expect(auditFilterSchema.parse(filterParams(filter))).toEqual({ ...filter });
    expect(filterParams({})).toEqual({});
  });

  it('says when the last day comes before the first', () => {
    expect(dayRangeProblem({ from: '2026-02-02', to: '2026-02-01' })).toMatch(/before the first/);
    expect(dayRangeProblem({ from: '2026-02-02', to: '2026-02-02' })).toBeNull();
  });

  it('offers the writes, account changes and refused calls as operations', () => {
    expect(AUDITED_OPERATIONS).toContain('migrations_consumers_create');
    expect(AUDITED_OPERATIONS).toContain('not_allowed');
    expect(AUDITED_OPERATIONS).not.toContain('producers_contracts_feed_list');
  });
});
