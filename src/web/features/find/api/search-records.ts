import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  MAX_SEARCH_QUERY_LENGTH,
  searchResponseSchema,
  type SearchKind,
  type SearchResult,
} from '../../../../contract/records.ts';
import { requestOk } from '../../../lib/api-client.ts';

/** The query string of `GET /bff/search`: the text trimmed and cut to what the BFF accepts, the kind if any. */
export function searchParams(text: string, kind?: SearchKind): { q: string; kind?: SearchKind } {
  const q = text.trim().slice(0, MAX_SEARCH_QUERY_LENGTH);
  return kind ? { q, kind } : { q };
}

export function searchRecords(text: string, kind: SearchKind | undefined, signal?: AbortSignal) {
  return requestOk('get', '/bff/search', {
    searchParams: searchParams(text, kind),
    schema: searchResponseSchema,
    ...(signal ? { signal } : {}),
  }).then((response): SearchResult[] => response.results);
}

/**
 * One search as a query: the same text and kind share their answer for a while (typing back and forth
 * asks once); while the next answer comes, the last one stays (no flicker between keystrokes).
 */
export function searchQueryOptions(text: string, kind?: SearchKind) {
  const params = searchParams(text, kind);
  return queryOptions({
    queryKey: ['records-search', params.q, kind ?? 'all'] as const,
    queryFn: ({ signal }) => searchRecords(params.q, kind, signal),
    staleTime: 15_000,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
