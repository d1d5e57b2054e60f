import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_QUERY_LENGTH } from '../../../contract/records.ts';
import { searchParams, searchQueryOptions } from './api/search-records.ts';

describe('the search query', () => {
  it('sends the typed text trimmed, and no kind when none is asked for', () => {
    expect(searchParams('  muller ')).toEqual({ q: 'muller' });
  });

  it('sends an empty text as it is: the BFF answers with the most recent records', () => {
    expect(searchParams('   ')).toEqual({ q: '' });
  });

  it('names the kind when the caller wants only one (the ID fields want contracts)', () => {
    expect(searchParams('P10', 'contract')).toEqual({ q: 'P10', kind: 'contract' });
  });

  it('cuts a pasted text to the length the BFF accepts, instead of being refused', () => {
    const long = 'x'.repeat(MAX_SEARCH_QUERY_LENGTH + 50);
    expect(searchParams(long).q).toHaveLength(MAX_SEARCH_QUERY_LENGTH);
  });

  it('shares one answer between texts that differ only by surrounding spaces', () => {
    expect(searchQueryOptions(' muller').queryKey).toEqual(searchQueryOptions('muller ').queryKey);
    expect(searchQueryOptions('muller', 'contract').queryKey).not.toEqual(
      searchQueryOptions('muller').queryKey,
    );
  });
});
