import { describe, expect, it } from 'vitest';
import { statusFilterOf } from './approval-filter.ts';
import { approvalsSearchSchema } from './approvals-search.ts';

describe('the approvals list URL', () => {
  it('lists pending requests when no status is given', () => {
    expect(statusFilterOf(approvalsSearchSchema.parse({}))).toBe('pending');
  });

  it('lists every status for "all" and one status for its code', () => {
    expect(statusFilterOf(approvalsSearchSchema.parse({ status: 'all' }))).toBeUndefined();
    expect(statusFilterOf(approvalsSearchSchema.parse({ status: 'rejected' }))).toBe('rejected');
  });

  it('lists pending requests for a status it does not know, and ignores an unreadable page', () => {
    const search = approvalsSearchSchema.parse({ status: 'nonsense', page: 'x' });
    expect(statusFilterOf(search)).toBe('pending');
    expect(search.page).toBeUndefined();
  });
});
