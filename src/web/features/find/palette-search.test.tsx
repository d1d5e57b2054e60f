// @vitest-environment happy-dom
import { keepPreviousData, QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchResult } from '../../../contract/records.ts';

// Each text's answer comes when the test says (a promise per text), like a search still on its way.
const answers = vi.hoisted(() => {
  const pending = new Map<string, (results: SearchResult[]) => void>();
  return {
    pending,
    ask: (text: string) => new Promise<SearchResult[]>((resolve) => pending.set(text, resolve)),
  };
});
vi.mock('./api/search-records.ts', () => ({
  searchQueryOptions: (text: string) =>
    queryOptions({
      queryKey: ['records-search', text],
      queryFn: () => answers.ask(text),
      placeholderData: keepPreviousData,
    }),
}));
const { usePaletteSearch } = await import('./palette-search.tsx');

afterEach(() => answers.pending.clear());

const result = (title: string): SearchResult => ({
  kind: 'consumer',
  title,
  subtitle: '',
  url: `/consumers/${title}`,
});

function renderSearch() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(({ typed }) => usePaletteSearch(typed), { wrapper, initialProps: { typed: '' } });
}

const answer = async (text: string, results: SearchResult[]) => {
  await waitFor(() => expect(answers.pending.has(text)).toBe(true));
  answers.pending.get(text)!(results);
};

describe('the palette’s search as staff type', () => {
  it('shows the recent records for the empty text, and never as the answer to a typed text', async () => {
    const { result: search, rerender } = renderSearch();
    await answer('', [result('recent')]);
    await waitFor(() => expect(search.current).toMatchObject({ state: 'ready', query: '' }));
    expect(search.current.results.map((r) => r.title)).toEqual(['recent']);

    rerender({ typed: 'muller' });
    await waitFor(() => expect(search.current.query).toBe('muller'));
    // Asked, not yet answered: no record to choose by mistake.
    expect(search.current).toMatchObject({ state: 'updating', results: [] });
    await answer('muller', [result('Jörg Müller')]);
    await waitFor(() => expect(search.current.state).toBe('ready'));
    expect(search.current.results.map((r) => r.title)).toEqual(['Jörg Müller']);
  });

  it('keeps the last answer while a longer text narrows it (no flicker between keystrokes)', async () => {
    const { result: search, rerender } = renderSearch();
    await answer('', []);
    rerender({ typed: 'mul' });
    await answer('mul', [result('Jörg Müller'), result('Mullins')]);
    await waitFor(() => expect(search.current.state).toBe('ready'));
    rerender({ typed: 'mull ' });
    rerender({ typed: 'muller' });
    await waitFor(() => expect(search.current.query).toBe('muller'));
    expect(search.current.state).toBe('updating');
    expect(search.current.results).toHaveLength(2);
  });

  it('says its results answer an earlier text while typing pauses are awaited (Enter must not open one)', async () => {
    const { result: search, rerender } = renderSearch();
    await answer('', []);
    rerender({ typed: 'mul' });
    await answer('mul', [result('Mulhouse GmbH')]);
    await waitFor(() => expect(search.current).toMatchObject({ state: 'ready', current: true }));
    rerender({ typed: 'muller' });
    // Right after the keystroke: still "mul"'s answer, not the typed text's.
    expect(search.current).toMatchObject({ query: 'mul', current: false });
  });

  it('asks once for a word typed quickly, with the trimmed text', async () => {
    const { rerender } = renderSearch();
    await answer('', []);
    for (const typed of ['m', 'mu', 'mul', ' mul ']) rerender({ typed });
    await waitFor(() => expect(answers.pending.has('mul')).toBe(true));
    expect(answers.pending.has('m')).toBe(false);
    expect(answers.pending.has('mu')).toBe(false);
  });
});
