import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Command } from 'cmdk';
import type { SearchKind, SearchResult } from '../../../contract/records.ts';
import { searchQueryOptions } from './api/search-records.ts';
import { groupByKind, resultSubtitle } from './search-results.ts';
import { useDebouncedValue } from './use-debounced-value.ts';

const GROUP_HEADINGS = {
  consumer: msg`Consumers`,
  contract: msg`Producer contracts`,
  booking: msg`Bookings`,
  technical_resource: msg`Technical resources`,
} satisfies Record<SearchKind, unknown>;

const KIND_WORDS = {
  consumer: msg`Consumer`,
  contract: msg`Contract`,
  booking: msg`Booking`,
  technical_resource: msg`Technical resource`,
} satisfies Record<SearchKind, unknown>;

const NO_RESULTS: SearchResult[] = [];

/** The palette's value of a record (cmdk's item value): unique, and never one of the commands' ids. */
export const recordValue = (result: SearchResult) => `record:${result.url}`;

export interface PaletteSearch {
  /** The text the results are for (the typed text, once typing pauses). */
  query: string;
  results: SearchResult[];
  /**
   * `loading`: nothing to show yet; `updating`: the last answer shown while the next comes; `failed`: the
   * search did not answer (the commands still work); `ready`: the results are the query's.
   */
  state: 'loading' | 'updating' | 'failed' | 'ready';
  /**
   * Whether the results answer what is typed now. While typing pauses are awaited (~150 ms) they answer
   * an earlier text: choosing one then (Enter right after a keystroke) would open a record nobody asked for.
   */
  current: boolean;
}

/**
 * The console's records for what is typed in the palette, ~150 ms after the last keystroke; an empty
 * text gives the most recent records. The last answer stays while the next comes.
 */
export function usePaletteSearch(typed: string): PaletteSearch {
  const query = useDebouncedValue(typed.trim());
  const search = useQuery(searchQueryOptions(query));
  // The query whose answer was last shown. While the next answer comes, the last one stays only when the
  // new text narrows it ("mul" → "muller"): the recent records are no answer to "muller", and Enter on
  // one of them would open a record nobody asked for.
  const [answered, setAnswered] = useState<string | null>(null);
  if (search.data !== undefined && !search.isPlaceholderData && answered !== query) setAnswered(query);
  const typedNow = typed.trim() === query;
  if (search.isError) return { query, results: NO_RESULTS, state: 'failed', current: false };
  if (search.data === undefined) return { query, results: NO_RESULTS, state: 'loading', current: false };
  if (!search.isPlaceholderData) return { query, results: search.data, state: 'ready', current: typedNow };
  const narrows = answered !== null && answered !== '' && query.startsWith(answered);
  return { query, results: narrows ? search.data : NO_RESULTS, state: 'updating', current: false };
}

/**
 * The records as the palette's options: by kind for a typed text (best kind first), one "Recent records"
 * group with each one's kind for the empty text.
 */
export function PaletteRecords({
  search,
  onChoose,
}: {
  search: PaletteSearch;
  onChoose: (url: string) => void;
}) {
  const { i18n, t } = useLingui();
  if (search.results.length === 0) return null;
  const item = (result: SearchResult, withKind: boolean) => {
    const subtitle = resultSubtitle(result);
    return (
      <Command.Item
        key={recordValue(result)}
        value={recordValue(result)}
        onSelect={() => onChoose(result.url)}
        className="palette-record"
      >
        <span className="palette-record__title">
          {withKind && <span className="palette-record__kind">{i18n._(KIND_WORDS[result.kind])}</span>}
          {result.title}
        </span>
        {subtitle && <span className="palette-record__subtitle">{subtitle}</span>}
      </Command.Item>
    );
  };
  if (!search.query)
    return (
      <Command.Group heading={t`Recent records`} value="records:recent">
        {search.results.map((result) => item(result, true))}
      </Command.Group>
    );
  return groupByKind(search.results).map((group) => (
    <Command.Group
      key={group.kind}
      heading={i18n._(GROUP_HEADINGS[group.kind])}
      value={`records:${group.kind}`}
    >
      {group.results.map((result) => item(result, false))}
    </Command.Group>
  ));
}

/**
 * A quiet line under the list: no record found, or the search not answering. Nothing while typing
 * (a status that changed with every keystroke would be read out with every keystroke).
 */
export function PaletteSearchStatus({ search, typed }: { search: PaletteSearch; typed: string }) {
  const { t } = useLingui();
  const query = search.query;
  let text = '';
  if (search.state === 'failed') text = t`Records cannot be searched right now. The commands still work.`;
  else if (search.state === 'ready' && query && query === typed.trim() && search.results.length === 0)
    text = t`No records match “${query}”.`;
  return (
    <p className="palette__status" role="status">
      {text}
    </p>
  );
}

/** The palette's words for records: loaded with the palette, before its first paint. */
export { loadFindCatalogue as loadPaletteSearchWords } from './find-catalogue.ts';
